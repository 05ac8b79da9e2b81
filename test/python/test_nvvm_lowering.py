"""CPU tests of the NVVM lowering: PTX builds for every corpus case and for
random layout pairs, with the mechanism the planner chose; the kernel
generators validate their parameters. (Bit-exactness on a GPU:
test/gpu/test_gpu_conversions.py.)"""

import os
import re
import sys

import linear_layout as ll
import pytest
from linear_layout import compiler, kernels

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "gpu"))
import cases as case_lib

CORPUS = case_lib.corpus_cases()


def _layout(bases, shape):
    return ll.LinearLayout({k: bases.get(k, []) for k in ("register", "lane",
                                                          "warp")},
                           {"dim0": shape[0], "dim1": shape[1]})


def _count(pattern, ptx):
    return len(re.findall(pattern, ptx.split(".entry", 1)[1]))


def test_corpus_present():
    # The shared corpus + bench/extra_cases.json (8-bit transposes, 8-bit dot
    # operands, 8-warp bf16 transposes, lane exchanges).
    assert len(CORPUS) == 13 + 16


@pytest.mark.parametrize("kind", ["conv", "conv_loop"])
@pytest.mark.parametrize("case", CORPUS, ids=[c["name"] for c in CORPUS])
def test_corpus_ptx(case, kind):
    make = getattr(kernels, kind)
    text = make(case["src"], case["dst"], case["shape"], case["dtype"],
                case["warps"])
    # The layouts as written (ll-optimize-register-order has its own tests:
    # test_register_order.py).
    ptx = ll.compile(text, chip="sm_90", register_order=False)
    assert f".entry {kind}(" in ptx
    bits = {"fp32": 32, "fp16": 16, "bf16": 16, "int8": 8, "fp8e4nv": 8}[
        case["dtype"]]
    plan = ll.plan_conversion(_layout(case["src"], case["shape"]),
                              _layout(case["dst"], case["shape"]), bits,
                              "sm_90")
    stores = _count(r"\bst\.shared", ptx) + _count(r"\bstmatrix", ptx)
    loads = _count(r"\bld\.shared", ptx) + _count(r"\bldmatrix", ptx)
    # bar.sync, or bar.warp.sync in a block of one warp and where every
    # warp reads only what it wrote (the warps hold the same elements in A
    # and B)
    barriers = _count(r"\bbar\.sync", ptx)
    # The conversion's warp barriers, not those between the global load's
    # or store's line groups (docs/lowering.md, "Barriers between line
    # groups"): after the last global load, before the first global store.
    body = ptx.split(".entry", 1)[1]
    conversion = body.split("st.global", 1)[0].rsplit("ld.global", 1)[-1]
    warp_barriers = len(re.findall(r"\bbar\.warp\.sync", conversion))
    if case["warps"] == 1 or warp_barriers:
        assert barriers == 0
        assert case["warps"] == 1 or \
            case["src"]["warp"] == case["dst"]["warp"]
        barriers = warp_barriers
    shuffles = _count(r"\bshfl\.sync\.idx", ptx)
    if plan.kind in ("noop", "registers"):
        # register moves: no shared memory, no barrier
        assert stores == loads == barriers == shuffles == 0
    elif plan.kind == "shuffle":
        # warp shuffles, as many per conversion as the plan says
        assert stores == loads == barriers == 0
        per_conversion = plan.shuffles
        assert shuffles == per_conversion * (2 if kind == "conv_loop" else 1)
    else:
        # shared memory: stores, a barrier, loads (the kernel's first use
        # of the scratch needs no barrier before the stores)
        assert stores > 0 and loads > 0 and barriers >= 1 and shuffles == 0
        # The instructions the planner chose (docs/planning.md §5), and
        # only those: ldmatrix[.trans] / stmatrix where it chose them.
        # (conv_loop also converts back, with the reverse plan.)
        sides = (("store", plan.swizzle.store_instruction),
                 ("load", plan.swizzle.load_instruction))
        for side, instr in sides if kind == "conv" else ():
            matrix = "stmatrix" if side == "store" else "ldmatrix"
            trans = _count(rf"\b{matrix}\.sync\.aligned\.m8n8\.x4\.trans\b",
                           ptx)
            plain = _count(rf"\b{matrix}\.sync\.aligned\.m8n8\.x4\.shared",
                           ptx)
            if instr == matrix + ".trans":
                assert trans > 0 and plain == 0
            elif instr == matrix:
                assert plain > 0 and trans == 0
            else:
                assert trans == plain == 0
            if instr.startswith(matrix):
                # x4 instructions per thread = the plan's warp-level count
                # for the tile over the warps
                planned = getattr(plan.swizzle, side).instructions
                assert (trans + plain) * case["warps"] == planned
    # Scratch above 48 KiB is dynamic shared memory, sized as planned.
    extern = ".extern .shared" in ptx
    assert extern == (ptx.dynamic_shared_bytes > 0)
    if extern:
        assert ptx.dynamic_shared_bytes == plan.shared_bytes > 48 * 1024


def test_transpose_ptx_counts():
    """The 16x32 fp32 transpose with plain instructions (sm_70): A_reg and
    B_reg share nothing, so the store side's four rows are a one-sided
    vector (docs/planning.md §5b): 4 16-byte stores and 16 scalar loads per
    thread at the paper's 16 + 16 wavefronts, one barrier between them
    (nothing read the scratch before; a warp barrier, as the block is one
    warp), 2 KiB of scratch. The global store, each lane writing 4 bytes
    to each of 16 lines, runs in 4 warp phases of 4 lines, 3 warp barriers
    between them (docs/lowering.md, "Warp phases"). (With the layouts as
    written: by default the register order makes it 16 shuffles.)"""
    case = CORPUS[0]
    ptx = ll.compile(kernels.conv(case["src"], case["dst"], case["shape"],
                                  case["dtype"]), chip="sm_70",
                     register_order=False)
    assert _count(r"\bst\.shared\.v4\.b32", ptx) == 4
    assert _count(r"\bst\.shared\.[bu]32", ptx) == 0
    assert _count(r"\bld\.shared\.[bu]32", ptx) == 16
    assert _count(r"\bbar\.warp\.sync", ptx) == 1 + 3
    assert _count(r"\bbar\.sync", ptx) == 0
    assert ".shared .align 16 .b8 __ll_scratch[2048]" in ptx
    # vectorised global accesses are impossible here too (column layout)
    assert _count(r"\bld\.global\.[bu]32", ptx) == 16


def test_transpose_ptx_matrix_by_chip():
    """The same transpose on sm_90 and sm_80: 128-bit stores of the rows
    and 4 ldmatrix.x4 (16 fp32 per thread, as b16 pairs) instead of 16
    scalar loads; sm_70 has no ldmatrix."""
    case = CORPUS[0]
    text = kernels.conv(case["src"], case["dst"], case["shape"],
                        case["dtype"])
    for chip in ("sm_90", "sm_80"):
        ptx = ll.compile(text, chip=chip, register_order=False)
        assert _count(r"\bst\.shared\.v4\.b32", ptx) == 4
        assert _count(r"\bld\.shared", ptx) == 0
        assert _count(r"\bldmatrix\.sync\.aligned\.m8n8\.x4\.shared\.b16",
                      ptx) == 4
    assert _count(r"\bldmatrix", ll.compile(text, chip="sm_70",
                                              register_order=False)) == 0


def test_stmatrix_needs_sm90():
    """mma -> blocked fp16: stmatrix on sm_90 only (sm_80 stores plainly);
    128 halves per thread = 64 words = 16 stmatrix.x4."""
    case = next(c for c in CORPUS
                if c["name"] == "mma2_to_blocked_128x128_fp16_w4")
    text = kernels.conv(case["src"], case["dst"], case["shape"],
                        case["dtype"], case["warps"])
    sm90 = ll.compile(text, chip="sm_90")
    sm80 = ll.compile(text, chip="sm_80")
    assert _count(r"\bstmatrix\.sync\.aligned\.m8n8\.x4\.shared\.b16",
                  sm90) == 16
    assert _count(r"\bstmatrix", sm80) == 0
    assert _count(r"\bst\.shared", sm80) > 0


RANDOM = case_lib.random_cases(24, seed=7)


@pytest.mark.parametrize("case", RANDOM, ids=[c["name"] for c in RANDOM])
def test_random_ptx(case):
    ptx = ll.compile(kernels.conv(case["src"], case["dst"], case["shape"],
                                  case["dtype"], case["warps"]))
    assert ".entry conv(" in ptx


def test_compile_accepts_mlir_module():
    from linear_layout import dialect as lld

    case = CORPUS[0]
    text = kernels.conv(case["src"], case["dst"], case["shape"], "fp32")
    with lld.create_context():
        from mlir import ir

        module = ir.Module.parse(text)
        ptx = ll.compile(module)
    assert ".entry conv(" in ptx


def test_generator_and_compile_errors():
    case = CORPUS[0]
    with pytest.raises(ValueError, match="dtype"):
        kernels.conv(case["src"], case["dst"], case["shape"], "fp12")
    with pytest.raises(ValueError, match="shape"):
        kernels.conv(case["src"], case["dst"], [16, 24], "fp32")
    with pytest.raises(TypeError, match="shape"):
        kernels.conv(case["src"], case["dst"], 16, "fp32")
    with pytest.raises(ValueError, match="warps"):
        kernels.conv(case["src"], case["dst"], case["shape"], "fp32", warps=4)
    with pytest.raises(TypeError, match="src"):
        kernels.conv("blocked", case["dst"], case["shape"], "fp32")
    with pytest.raises(ValueError, match="src"):
        kernels.conv({"offset": []}, case["dst"], case["shape"], "fp32")
    with pytest.raises(ValueError, match="rounds"):
        kernels.conv_loop(case["src"], case["dst"], case["shape"], "fp32",
                          rounds=-1)
    with pytest.raises(TypeError, match="unroll"):
        kernels.conv_loop(case["src"], case["dst"], case["shape"], "fp32",
                          unroll="full")
    with pytest.raises(ValueError, match="chip"):
        ll.compile("module {}", chip="gfx")
    with pytest.raises(ValueError, match="chip"):
        ll.compile("module {}", chip="sm_90}")
    with pytest.raises(ValueError, match="index_bitwidth"):
        ll.compile("module {}", index_bitwidth=16)
    with pytest.raises(TypeError, match="module"):
        ll.compile(42)
    # A layout that does not cover the tile: the generator refuses it, and
    # in hand-edited text ll-opt's diagnostic comes back.
    bad = dict(case["src"], register=[[1, 0], [2, 0], [4, 0], [4, 0]])
    with pytest.raises(ValueError, match="src: the bases reach"):
        kernels.conv(bad, case["dst"], case["shape"], "fp32")
    text = kernels.conv(case["src"], case["dst"], case["shape"], "fp32")
    good = "register = " + str(case["src"]["register"])
    assert good in text
    with pytest.raises(ValueError, match="ll-opt failed"):
        ll.compile(text.replace(good, "register = " + str(bad["register"]), 1))


def test_conv_loop_unrolls_register_only_round_trips():
    """conv_loop asks for an unrolled loop exactly where every thread holds
    the same elements in both layouts (same lane and warp bases)."""
    for case in CORPUS:
        text = kernels.conv_loop(case["src"], case["dst"], case["shape"],
                                 case["dtype"])
        same_threads = all(case["src"].get(d, []) == case["dst"].get(d, [])
                           for d in ("lane", "warp"))
        assert ("llvm.loop_annotation" in text) == same_threads, case["name"]
    assert any(c["src"] == c["dst"] for c in CORPUS)
    case = CORPUS[0]
    for unroll in (True, False):
        text = kernels.conv_loop(case["src"], case["dst"], case["shape"],
                                 case["dtype"], unroll=unroll)
        assert ("unroll = <full = true>" in text) == unroll


def test_compile_min_round_bytes():
    """compile()'s min_round_bytes is the passes' option: in a loop the
    128x128 fp16 mma epilogue takes 8 rounds of 4 KiB as planned (0) or 2 of
    16 KiB (the NVIDIA default), with as many barriers per conversion."""
    case = next(c for c in CORPUS if c["name"].startswith("mma2_to_blocked")
                and c["dtype"] == "fp16")
    text = kernels.conv_loop(case["src"], case["dst"], case["shape"],
                             case["dtype"], rounds=4)
    barriers = {n: _count(r"\bbar\.sync", ll.compile(text,
                                                      min_round_bytes=n))
                for n in (0, None)}
    assert barriers == {0: 16, None: 4}
    with pytest.raises(ValueError, match="min_round_bytes"):
        ll.compile(text, min_round_bytes=-1)
    with pytest.raises(TypeError, match="min_round_bytes"):
        ll.compile(text, min_round_bytes=1.5)
    with pytest.raises(TypeError, match="min_round_bytes"):
        ll.compile(text, min_round_bytes=True)


def test_compile_line_barriers():
    """compile()'s line_barriers is convert-ll-to-nvvm's line-barriers: the
    mma v2 epilogue's tile load (two line groups per thread, read by a
    conversion through shared memory) and its store take warp barriers
    between their line groups, none with False; the conversion keeps its
    bar.sync either way."""
    case = next(c for c in CORPUS if c["name"].startswith("mma2_to_blocked")
                and c["dtype"] == "fp16")
    text = kernels.conv(case["src"], case["dst"], case["shape"],
                        case["dtype"])
    on, off = ll.compile(text), ll.compile(text, line_barriers=False)
    assert _count(r"\bbar\.warp\.sync", on) > 0
    assert _count(r"\bbar\.warp\.sync", off) == 0
    assert _count(r"\bbar\.sync", on) == _count(r"\bbar\.sync", off) > 0
    with pytest.raises(TypeError, match="line_barriers"):
        ll.compile(text, line_barriers="no")


def test_compile_remarks():
    """compile(..., remarks=True) keeps the passes' remarks: the 64x64 fp16
    transpose's plan (shared memory, and why) and its store's block
    barriers between the two phases of each line group (the warps share
    sectors); none without it."""
    case = next(c for c in CORPUS if c["name"] == "transpose_64x64_fp16_w4")
    text = kernels.conv(case["src"], case["dst"], case["shape"],
                        case["dtype"])
    said = ll.compile(text, remarks=True).remarks
    assert any("Category:ll-plan-conversions" in r and "shared_memory" in r
               for r in said), said
    assert any("line-barriers" in r and "15 block barriers" in r and
               "between the 2 phases of each" in r and "lane bit 0" in r
               for r in said), said
    assert all(": remark: " in r for r in said)
    assert ll.compile(text).remarks == ()
    assert not any("line-barriers" in r for r in
                   ll.compile(text, line_barriers=False, remarks=True).remarks)
    with pytest.raises(TypeError, match="remarks"):
        ll.compile(text, remarks="yes")


def test_compile_remarks_owner_words():
    """The owner-words remark through compile(..., remarks=True), on the
    tiles of cases.eight_warp_loaded_tile_cases: the one on 8 warps loaded
    16 bits at a time is packed once in the owners' branch, the one loaded
    in 128-bit vectors is not, and the remark says why (docs/lowering.md,
    "On 8 warps, tiles loaded in sub-word accesses")."""
    halves, words = [
        kernels.conv(c["src"], c["dst"], c["shape"], c["dtype"], c["warps"])
        for c in case_lib.eight_warp_loaded_tile_cases()]
    said = [r for r in ll.compile(halves, remarks=True).remarks
            if "owner-words" in r]
    assert len(said) == 1 and "[Passed]" in said[0], said
    assert "32 words" in said[0] and "2 rounds" in said[0], said
    said = [r for r in ll.compile(words, remarks=True).remarks
            if "owner-words" in r]
    assert len(said) == 1 and "[Missed]" in said[0], said
    assert "128-bit vectors" in said[0], said


@pytest.mark.skipif(compiler.find_amdgpu_llc() is None,
                    reason="no llc with the AMDGPU target")
def test_compile_remarks_on_amd():
    """On AMD too: the plan's remark, and no line barriers to report."""
    case = next(c for c in CORPUS if c["name"] == "transpose_64x64_fp16_w4")
    text = kernels.conv(case["src"], case["dst"], case["shape"],
                        case["dtype"])
    said = ll.compile(text, chip="gfx1100", remarks=True).remarks
    assert any("Category:ll-plan-conversions" in r for r in said), said
    assert not any("line-barriers" in r for r in said), said
