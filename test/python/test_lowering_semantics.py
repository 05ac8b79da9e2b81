"""CPU semantic check of the lowered code: the kernels that
convert-ll-to-rocdl (wave64 and wave32) and convert-ll-to-nvvm emit are
executed by a NumPy SIMT interpreter (simt_interpreter.py) and must
produce NumPy's expected tile bit for bit, with no shared-memory race.

The cases are the benchmark corpus made wave64 (test/gpu/cases.py
`wave64_case`) and random layout pairs with 64 or 32 lanes: distributed,
broadcast, XOR-mixed, intra-warp (shuffle) and lane-dependent register
moves, 8 to 64 bits. `conv` moves one tile; `conv_loop` (2 round trips, + 1
after each conversion) also checks loops and arithmetic on converted values.
"""

from __future__ import annotations

import os
import re
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "gpu"))

import cases as case_lib
import simt_interpreter as simt
from linear_layout import compiler, kernels

ROUNDS = 2


def _lanes(case):
    return 1 << len(case["src"]["lane"])


def _pass(target: str) -> str:
    # sm_<N>[/<min-round-bytes>] or gfx<N>[:<wave>][/<min-round-bytes>]
    target, _, round_bytes = target.partition("/")
    extra = f" min-round-bytes={round_bytes}" if round_bytes else ""
    if target.startswith("sm_"):
        return f"convert-ll-to-nvvm{{chip={target}{extra}}}"
    chip, _, wave = target.partition(":")
    return (f"convert-ll-to-rocdl{{chip={chip} wave-size={wave or 0}"
            f"{extra}}}")


def lower(text: str, target: str) -> str:
    return compiler.lower(text, f"builtin.module(gpu.module({_pass(target)}))")


def _target_lanes(target: str) -> int:
    return 32 if target.startswith("sm_") or target.endswith(":32") or \
        (target.startswith("gfx1") and ":" not in target) else 64


def lower_case(case, target, kernel="conv") -> str:
    """`kernel` (conv or conv_loop) of `case`, lowered for `target`."""
    gen = kernels.conv if kernel == "conv" else \
        lambda *a, **k: kernels.conv_loop(*a, rounds=ROUNDS, **k)
    text = gen(case["src"], case["dst"], case["shape"], case["dtype"],
               lanes=_target_lanes(target))
    return lower(text, target)


def run_case(case, target, kernel="conv", tiles=2, mutate=None, lowered=None):
    """Interprets `kernel` for `case`, lowered here unless `lowered` (of
    lower_case) is given; returns (got, expected)."""
    lanes = _target_lanes(target)
    if lowered is None:
        lowered = lower_case(case, target, kernel)
    if mutate:
        lowered = mutate(lowered)
    bits = case_lib.BITS[case["dtype"]]
    u = case_lib.UINT[bits]
    tile = int(np.prod(case["shape"]))
    rng = np.random.default_rng(0)
    if kernel == "conv":
        x = rng.integers(0, np.iinfo(u).max, size=tile * tiles, dtype=u,
                         endpoint=True)
        expected = x.copy()
    else:
        x, expected = case_lib.loop_input_and_expected(case["dtype"],
                                                       tile * tiles, ROUNDS,
                                                       rng)
    return interpret(lowered, kernel, x, case["warps"], lanes, tiles), expected


def interpret(lowered, kernel, x, warps, lanes, tiles):
    """Runs `tiles` blocks of the lowered `kernel` on input x; returns y
    (filled with 0xA5 first, so that an element no block stores shows)."""
    y = np.full_like(x, 0xA5)
    dynamic = re.search(r"ll\.dynamic_shared_bytes = (\d+)", lowered)
    for block in range(tiles):
        simt.run_workgroup(lowered, kernel, [x, y], threads=lanes * warps,
                           wave=lanes, block_id=block,
                           dynamic_shared=int(dynamic.group(1)) if dynamic else 0)
    return y


def _check(case, target, kernel="conv", lowered=None):
    got, expected = run_case(case, target, kernel, lowered=lowered)
    bad = int(np.count_nonzero(got != expected))
    assert bad == 0, f"{case['name']} on {target}: {bad} of {got.size} wrong"


CORPUS64 = [case_lib.wave64_case(c) for c in case_lib.corpus_cases()]


GFX942_LDS = 64 * 1024


def _lds_bytes(case) -> int:
    """The scratch the gfx942 plan needs (0 without shared memory)."""
    import linear_layout as ll

    shape = {"dim0": case["shape"][0], "dim1": case["shape"][1]}
    plan = ll.plan_conversion(ll.LinearLayout(dict(case["src"]), shape),
                              ll.LinearLayout(dict(case["dst"]), shape),
                              case_lib.BITS[case["dtype"]], target="gfx942")
    return plan.shared_bytes if plan.kind == "shared_memory" else 0


@pytest.mark.parametrize("kernel", ["conv", "conv_loop"])
@pytest.mark.parametrize("case", CORPUS64, ids=lambda c: c["name"])
def test_corpus_wave64_gfx942(case, kernel):
    # Every plan fits the LDS: the wave64 256x128 fp32 transpose (128 KiB,
    # no common register direction) runs in two rounds over a warp
    # direction (docs/planning.md, "Rounds over warps").
    assert _lds_bytes(case) <= GFX942_LDS
    _check(case, "gfx942", kernel)


LARGE = case_lib.large_tile_cases()


@pytest.mark.parametrize("kernel", ["conv", "conv_loop"])
@pytest.mark.parametrize("case", LARGE, ids=lambda c: c["name"])
def test_tiles_beyond_shared_memory_take_turns_by_warps(case, kernel):
    """256 KiB transposes on sm_90 (227 KiB per block), no common register
    direction: two rounds of 128 KiB over warp directions of the source
    that the destination holds in registers (docs/planning.md, "Rounds
    over warps"), bit for bit."""
    import linear_layout as ll

    shape = {"dim0": case["shape"][0], "dim1": case["shape"][1]}
    plan = ll.plan_conversion(ll.LinearLayout(dict(case["src"]), shape),
                              ll.LinearLayout(dict(case["dst"]), shape),
                              case_lib.BITS[case["dtype"]], target="sm_90")
    assert (plan.shared_bytes, plan.rounds) == (131072, 2)
    assert plan.swizzle.thread_round
    _check(case, "sm_90", kernel)


@pytest.mark.parametrize("case", CORPUS64[::3], ids=lambda c: c["name"])
def test_corpus_wave64_gfx950(case):
    """64 banks: another swizzle, the same result."""
    _check(case, "gfx950")


RANDOM64 = (case_lib.random_cases(48, seed=10, lane_bits=6)
            + case_lib.shuffle_cases(32, seed=11, lane_bits=6)
            + case_lib.register_select_cases(16, seed=12, lane_bits=6))


@pytest.mark.parametrize("case", RANDOM64, ids=lambda c: c["name"])
def test_random_wave64(case):
    _check(case, "gfx942")


def test_bytes_packed_by_byte_permutes_on_amd():
    """An 8-bit conversion whose tile is loaded in 16-bit words and stored
    to LDS in 16-byte words: each stored word is one v_perm_b32 of the two
    loaded words its bytes come from (Emitter::packWord), and the result is
    exact."""
    case = next(c for c in RANDOM64 if c["name"] == "random_10_0000_fp8e4nv")
    lowered = lower_case(case, "gfx942")
    assert "llvm.amdgcn.perm" in lowered
    _check(case, "gfx942", lowered=lowered)


# A 2x2048 int8 tile on one warp (bench/random2_corpus.json's
# random_40_0044): loaded as byte pairs, and each word of its 16-byte
# stores, shared and global, takes the bytes of two pairs or of two
# shared-memory words.
BYTE_PAIRS = {
    "name": "byte_pairs_2x2048_int8", "shape": [2, 2048], "dtype": "int8",
    "warps": 1,
    "src": {"register": [[0, 1], [0, 4], [0, 64], [0, 8], [0, 1024], [0, 32],
                         [0, 128]],
            "lane": [[0, 512], [0, 2], [0, 256], [0, 16], [1, 0]],
            "warp": []},
    "dst": {"register": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 64], [0, 512],
                         [0, 256]],
            "lane": [[0, 32], [1, 0], [0, 128], [0, 16], [0, 1024]],
            "warp": []}}


def test_bytes_packed_by_byte_permutes_on_nvidia():
    """The same on sm_90 with prmt: one nvvm.prmt per stored word (8
    shared and 8 global 16-byte stores of 4 words), no byte inserts left
    to NVPTX (which built each word of two 16-bit loads with three), and
    the result exact."""
    lowered = lower_case(BYTE_PAIRS, "sm_90")
    assert len(re.findall(r"nvvm\.prmt", lowered)) == 64
    _check(BYTE_PAIRS, "sm_90", lowered=lowered)


# A 2x512 int8 tile on 2 warps (bench/random_corpus.json's shuffle_31_0008):
# each 2-byte global store takes one byte of each of two words loaded from
# shared memory.
BYTE_PAIR_STORES = {
    "name": "byte_pair_stores_2x512_int8", "shape": [2, 512],
    "dtype": "int8", "warps": 2,
    "src": {"register": [[0, 1], [0, 2], [0, 4], [0, 8]],
            "lane": [[0, 64], [1, 0], [0, 32], [0, 16], [0, 128]],
            "warp": [[0, 256]]},
    "dst": {"register": [[0, 4], [0, 8], [0, 1], [1, 0]],
            "lane": [[0, 16], [0, 32], [0, 128], [0, 64], [0, 2]],
            "warp": [[0, 256]]}}


def test_byte_pairs_stored_as_one_permute_on_nvidia():
    """A 2-byte store whose bytes come from two loaded words is the low
    half of one nvvm.prmt of those words (Emitter::store), not two bytes
    taken out and packed by NVPTX; the result exact."""
    lowered = lower_case(BYTE_PAIR_STORES, "sm_90")
    pairs = re.findall(
        r"(%\d+) = nvvm\.prmt [^\n]*\n\s*(%\d+) = llvm\.trunc \1 : i32 to "
        r"i16\n\s*llvm\.store \2, %\d+ \{alignment = 2 : i64\} : i16, "
        r"!llvm\.ptr<1>", lowered)
    stores = re.findall(r"llvm\.store [^\n]*: (\S+), !llvm\.ptr<1>", lowered)
    assert pairs and len(pairs) == len(stores)
    assert "vector<2xi8>" not in lowered
    _check(BYTE_PAIR_STORES, "sm_90", lowered=lowered)


# The fp8 attention's wgmma accumulator -> dot operand A on 8 warps
# (bench/real2_corpus.json): a warp-local exchange whose source arrives in
# byte pairs (16-bit loads).
FP8_ACC_TO_OPERAND = {
    "name": "fp8_acc_to_operand_128x64_w8", "shape": [128, 64],
    "dtype": "fp8e4nv", "warps": 8,
    "src": {"register": [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]],
            "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
            "warp": [[16, 0], [32, 0], [64, 0]]},
    "dst": {"register": [[0, 1], [0, 2], [8, 0], [0, 16], [0, 32]],
            "lane": [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]],
            "warp": [[16, 0], [32, 0], [64, 0]]}}


def test_shuffled_words_of_bytes_packed_by_byte_permutes():
    """Through shuffles (as a plan asks), each shuffled word of four
    bytes is one byte permute of the loaded pairs they come from
    (lowering::packedVector), not four byte inserts; the result exact."""
    case = FP8_ACC_TO_OPERAND
    text = kernels.conv(case["src"], case["dst"], case["shape"],
                        case["dtype"])
    text = text.replace(
        "ll.convert_layout %t :",
        "ll.convert_layout %t {ll.plan = #ll.plan<kind = shuffle>} :")
    lowered = lower(text, "sm_90")
    assert len(re.findall(r"nvvm\.shfl", lowered)) == 8
    assert "llvm.insertelement" not in lowered
    assert re.search(r"nvvm\.prmt", lowered)
    _check(case, "sm_90", lowered=lowered)


RANDOM32 = (case_lib.random_cases(24, seed=20)
            + case_lib.shuffle_cases(16, seed=21))


@pytest.mark.parametrize("case", RANDOM32, ids=lambda c: c["name"])
def test_random_wave32_gfx1100(case):
    _check(case, "gfx1100")


@pytest.mark.parametrize("case", RANDOM32[::4], ids=lambda c: c["name"])
def test_random_wave32_on_nvvm(case):
    """The same interpreter on the NVVM lowering (sm_70: no ldmatrix)."""
    _check(case, "sm_70", "conv_loop")


CORPUS32 = case_lib.corpus_cases()


@pytest.mark.parametrize("case", CORPUS32, ids=lambda c: c["name"])
def test_corpus_on_nvvm(case):
    """The NVVM lowering of every corpus case and the 8-bit transposes
    (whose plans use one-sided vectors: 16-byte stores, byte loads), on
    sm_70: plain shared-memory instructions, no ldmatrix/stmatrix."""
    _check(case, "sm_70", "conv")


REAL32 = case_lib.corpus_cases(
    os.path.join(HERE, "..", "..", "bench", "real_corpus.json"))


def _run_epilogue(case, target, lanes):
    text = kernels.epilogue(case["src"], case["dst"], case["shape"],
                            case["dtype"], lanes=lanes)
    lowered = lower(text, target)
    # No global load: the tile is made in registers.
    assert not re.search(r"llvm\.load [^\n]*!llvm\.ptr<1>", lowered)
    u = case_lib.UINT[case_lib.BITS[case["dtype"]]]
    tile, tiles = int(np.prod(case["shape"])), 2
    x = np.zeros(tile * tiles, dtype=u)
    y = interpret(lowered, "epilogue", x, case["warps"], lanes, tiles)
    want = kernels.epilogue_reference(case["shape"], case["dtype"], tiles)
    assert np.array_equal(y, want.view(u)), (
        f"{case['name']} on {target}: "
        f"{int(np.count_nonzero(y != want.view(u)))} of {y.size} wrong")


_ACCUMULATOR_TO_BLOCKED = [c for c in CORPUS32 + REAL32
                           if re.search(r"mma\w*_to_blocked", c["name"])]
# The layouts with the element types the corpora do not give them: the
# integer path (ll.tile_index in the element type) and 64-bit floats.
EPILOGUE_CASES = _ACCUMULATOR_TO_BLOCKED + [
    dict(_ACCUMULATOR_TO_BLOCKED[0], name=_ACCUMULATOR_TO_BLOCKED[0]["name"]
         + "_as_" + dtype, dtype=dtype)
    for dtype in ("int8", "int16", "fp8e4nv", "fp64")]


@pytest.mark.parametrize("case", EPILOGUE_CASES, ids=lambda c: c["name"])
def test_epilogue_kernel_makes_the_tile_in_registers(case):
    """`kernels.epilogue`: ll.tile_index in the accumulator layout, cast,
    converted and stored: every block's tile is 0, 1, 2, ... in the
    element type, in the interpreter on NVVM (sm_70) and ROCDL (gfx942)."""
    _run_epilogue(case, "sm_70", 32)


@pytest.mark.parametrize("case", EPILOGUE_CASES[::3], ids=lambda c: c["name"])
def test_epilogue_kernel_on_rocdl(case):
    _run_epilogue(case_lib.wave64_case(case), "gfx942", 64)




def _matrix_instructions(case, target):
    lowered = lower_case(case, target)
    return "nvvm.ldmatrix" in lowered or "nvvm.stmatrix" in lowered


@pytest.mark.parametrize("kernel", ["conv", "conv_loop"])
@pytest.mark.parametrize("case", CORPUS32 + REAL32, ids=lambda c: c["name"])
def test_corpus_on_sm90(case, kernel):
    """The kernels the H100 benchmark runs (the public, extra and real
    corpora for sm_90: ldmatrix[.trans], stmatrix[.trans], the L2::128B
    global loads), bit for bit in the interpreter."""
    _check(case, "sm_90", kernel)


def test_sm90_corpus_exercises_matrix_instructions():
    """The sm_90 cases above are not all plain shared-memory code: most
    shared-memory plans of the corpora load or store 8x8 matrices."""
    with_matrix = [c["name"] for c in CORPUS32 + REAL32
                   if _matrix_instructions(c, "sm_90")]
    assert len(with_matrix) >= 20, with_matrix


RANDOM_SM90 = (case_lib.random_cases(40, seed=90)
               + case_lib.shuffle_cases(16, seed=91)
               + case_lib.register_select_cases(8, seed=92))


@pytest.mark.parametrize("case", RANDOM_SM90, ids=lambda c: c["name"])
def test_random_on_sm90(case):
    """Random layout pairs (8 to 64 bits, broadcast, XOR-mixed) on sm_90,
    where 16-bit plans may use ldmatrix/stmatrix and global loads the
    L2::128B form."""
    _check(case, "sm_90", "conv_loop" if case["dtype"].endswith("16")
           else "conv")


MULTI_ROUND = [c for c in CORPUS32
               if c["name"].startswith(("mma2_to_blocked", "blocked_to_mma2",
                                        "warp_transpose"))]


@pytest.mark.parametrize("round_bytes", [0, 4096, 16384])
@pytest.mark.parametrize("case", MULTI_ROUND, ids=lambda c: c["name"])
def test_rounds_on_nvvm(case, round_bytes):
    """Conversions in several rounds (2 to 8 on sm_70) alternating between
    two scratch slots with one barrier per round, and the same merged into
    fewer rounds: loops of them, race-checked."""
    _check(case, f"sm_70/{round_bytes}", "conv_loop")


def _multi_round_random_cases(count, seed):
    import linear_layout as ll

    out = []
    for case in case_lib.random_cases(400, seed=seed):
        shape = {f"dim{i}": n for i, n in enumerate(case["shape"])}
        plan = ll.plan_conversion(ll.LinearLayout(dict(case["src"]), shape),
                                  ll.LinearLayout(dict(case["dst"]), shape),
                                  case_lib.BITS[case["dtype"]], "sm_70")
        if plan.kind == "shared_memory" and plan.rounds > 1:
            out.append(case)
    return out[:count]


MULTI_ROUND_RANDOM = _multi_round_random_cases(24, seed=77)


@pytest.mark.parametrize("round_bytes", [0, 2048])
@pytest.mark.parametrize("case", MULTI_ROUND_RANDOM, ids=lambda c: c["name"])
def test_random_rounds_on_nvvm(case, round_bytes):
    """Random pairs (every element width, 1-8 warps) whose plans take 2-16
    rounds: in a loop, all rounds alternating slots (0) or partly merged
    (2 KiB), race-checked."""
    _check(case, f"sm_70/{round_bytes}", "conv_loop")


def test_interpreter_catches_rounds_sharing_a_slot():
    """In a loop, with the second slot's offset zeroed, round 1 overwrites
    round 0's slot while other warps may still read it: the write-after-read
    barrier that alternating slots make unnecessary is missing."""
    case = next(c for c in MULTI_ROUND if c["name"].startswith("warp_"))

    def same_slot(text):
        return re.sub(r"llvm\.mlir\.constant\((\d+) : i32\) : i32",
                      lambda m: ("llvm.mlir.constant(0 : i32) : i32"
                                 if int(m.group(1)) == 8192 else m.group(0)),
                      text)

    assert "constant(8192 : i32)" in lower(
        kernels.conv_loop(case["src"], case["dst"], case["shape"],
                          case["dtype"], rounds=ROUNDS), "sm_70/0")
    with pytest.raises(simt.InterpreterError, match="race"):
        run_case(case, "sm_70/0", "conv_loop", mutate=same_slot)


def test_interpreter_catches_a_warp_barrier_in_a_multi_warp_block():
    """bar.warp.sync orders one warp's accesses only: where warps exchange
    data through shared memory it is a race (the lowering emits it only
    for one-warp blocks)."""
    case = next(c for c in MULTI_ROUND if c["name"].startswith("warp_"))
    count = iter(range(1 << 20))

    def warp_barriers(text):
        def sub(m):
            n = next(count)
            return (f"%warp_mask{n} = llvm.mlir.constant(-1 : i32) : i32\n"
                    f"{m.group(1)}nvvm.bar.warp.sync %warp_mask{n} : i32")
        return re.sub(r"^(\s*)nvvm\.barrier0$", sub, text, flags=re.MULTILINE)

    with pytest.raises(simt.InterpreterError, match="race"):
        run_case(case, "sm_70", mutate=warp_barriers)


def _warp_barrier_under(condition_bit, members=-1):
    """A kernel of two warps that runs bar.warp.sync with member mask
    `members` where thread bit `condition_bit` is set."""
    return f"""
module attributes {{gpu.container_module}} {{
  gpu.module @m {{
    gpu.func @k(%p: !llvm.ptr<1>) kernel {{
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %bit = llvm.mlir.constant({1 << condition_bit} : i32) : i32
      %set = llvm.and %tid, %bit : i32
      %zero = llvm.mlir.constant(0 : i32) : i32
      %cond = llvm.icmp "ne" %set, %zero : i32
      scf.if %cond {{
        %all = llvm.mlir.constant({members} : i32) : i32
        nvvm.bar.warp.sync %all : i32
      }}
      gpu.return
    }}
  }}
}}
"""


def test_interpreter_takes_a_warp_barrier_of_its_member_lanes_only():
    """bar.warp.sync needs exactly the lanes of its member mask: under a
    branch on the warp the full mask runs; under a branch on a lane bit
    only the mask of the lanes that take the branch does (a global store's
    line barriers where lanes hold copies); any other mask is an error."""
    out = np.zeros(1, dtype=np.int32)
    simt.run_workgroup(_warp_barrier_under(5), "k", [out], 64, 32)
    odd_lanes = int(np.int32(np.uint32(0xAAAAAAAA)))
    simt.run_workgroup(_warp_barrier_under(0, odd_lanes), "k", [out], 64, 32)
    with pytest.raises(simt.InterpreterError, match="member mask"):
        simt.run_workgroup(_warp_barrier_under(0), "k", [out], 64, 32)
    with pytest.raises(simt.InterpreterError, match="member mask"):
        simt.run_workgroup(_warp_barrier_under(1, odd_lanes), "k", [out], 64,
                           32)


def _stores_take_block_barriers(lowered: str) -> bool:
    """Whether a `conv` kernel's global stores have block barriers among
    them (docs/lowering.md, "Block barriers between line groups"): the
    conversion's own barriers all come before its first global store."""
    first = re.search(r"llvm\.store [^\n]*!llvm\.ptr<1>", lowered)
    return bool(first) and "nvvm.barrier0" in lowered[first.end():]


def _stores_in_phases(lowered: str) -> bool:
    """Whether a kernel's global stores stand in phases (docs/lowering.md,
    "Store phases"): a global store the first store in the branch of an
    scf.if, after only the values it packs."""
    return bool(re.search(r"scf\.if [^\n]*\{\n(?:\s*%[^\n]*\n)*"
                          r"\s*llvm\.store [^\n]*!llvm\.ptr<1>", lowered))


def _masked_warp_barriers(lowered: str) -> bool:
    """Whether a kernel has a bar.warp.sync whose member mask is not the
    whole warp (a store's line barrier where lanes hold copies)."""
    masks = set(re.findall(r"llvm\.mlir\.constant\((-?\d+) : i32\) : i32\n"
                           r"\s*nvvm\.bar\.warp\.sync", lowered))
    return bool(masks - {"-1"})


def test_line_barriers_name_the_storing_lanes_on_sm90():
    """Where lanes hold copies, only the lanes with the free bits clear
    store, under a branch on the lane; the warp barriers between their line
    groups name exactly those lanes (docs/lowering.md, "Barriers between
    line groups"). Bit for bit, and the interpreter checks that the lanes
    that run each barrier are its member mask."""
    copies = {
        "name": "copies_over_lane_bit_4_64x64_fp16", "shape": [64, 64],
        "dtype": "fp16", "warps": 8,
        "src": {"register": [[0, 1], [0, 2], [0, 4], [32, 0]],
                "lane": [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]],
                "warp": [[4, 0], [8, 0], [16, 0]]},
        "dst": {"register": [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]],
                "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [0, 0]],
                "warp": [[16, 0], [32, 0], [4, 0]]}}
    lowered = lower_case(copies, "sm_90")
    assert "llvm.mlir.constant(65535 : i32) : i32\n" in lowered
    assert _masked_warp_barriers(lowered)
    _check(copies, "sm_90", lowered=lowered)
    found = []
    for case in case_lib.random_cases(200, seed=1101):
        lowered = lower_case(case, "sm_90")
        if _masked_warp_barriers(lowered):
            found.append(case["name"])
            _check(case, "sm_90", lowered=lowered)
    assert len(found) >= 3, found


def test_random_block_line_barriers_on_sm90():
    """Random pairs whose stores take block barriers between line groups
    (the warps write parts of the same sectors), some of them in phases:
    bit for bit, and the interpreter checks that every thread of the block
    reaches each barrier (none under a branch on the warp or the lane)."""
    taken, phased = [], []
    # The result repeated over a warp bit: its two warps split the stores,
    # each half under a branch on the warp, where no block barrier may be.
    repeated = {
        "name": "repeated_warp_64x64_fp16", "shape": [64, 64],
        "dtype": "fp16", "warps": 4,
        "src": {"register": [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]],
                "lane": [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]],
                "warp": [[4, 0], [8, 0]]},
        "dst": {"register": [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32],
                             [0, 8]],
                "lane": [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]],
                "warp": [[0, 4], [0, 0]]}}
    _check(repeated, "sm_90")
    for case in case_lib.random_cases(100, seed=1001):
        lowered = lower_case(case, "sm_90")
        if _stores_take_block_barriers(lowered):
            taken.append(case["name"])
            if _stores_in_phases(lowered):
                phased.append(case["name"])
            _check(case, "sm_90", lowered=lowered)
    assert len(taken) >= 4, taken
    assert len(phased) >= 2, phased


# The layouts of test/Conversion/ll-to-nvvm-block-line-barriers.mlir: phases
# on a lane bit, on three lane bits, on a warp bit, and of a single group.
PHASED_STORES = [
    {"name": "phases_64x64_fp16", "shape": [64, 64], "dtype": "fp16",
     "warps": 4,
     "src": {"register": [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]],
             "lane": [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]],
             "warp": [[4, 0], [8, 0]]},
     "dst": {"register": [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]],
             "lane": [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]],
             "warp": [[0, 4], [0, 8]]}},
    {"name": "lane_phases_128x128_fp32", "shape": [128, 128],
     "dtype": "fp32", "warps": 4,
     "src": {"register": [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0], [32, 0],
                          [64, 0]],
             "lane": [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]],
             "warp": [[1, 0], [2, 0]]},
     "dst": {"register": [[1, 0], [2, 0], [0, 4], [0, 8], [0, 16], [0, 32],
                          [0, 64]],
             "lane": [[4, 0], [8, 0], [16, 0], [32, 0], [64, 0]],
             "warp": [[0, 1], [0, 2]]}},
    {"name": "warp_phases_256x16_fp16", "shape": [256, 16], "dtype": "fp16",
     "warps": 8,
     "src": {"register": [[4, 0], [8, 0], [16, 0], [32, 0], [64, 0],
                          [128, 0]],
             "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 0]],
             "warp": [[1, 0], [2, 0], [0, 0]]},
     "dst": {"register": [[1, 0], [2, 0], [64, 0], [128, 0]],
             "lane": [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]],
             "warp": [[16, 0], [32, 0], [0, 8]]}},
    {"name": "one_group_32x64_fp16", "shape": [32, 64], "dtype": "fp16",
     "warps": 2,
     "src": {"register": [[0, 1], [8, 0], [0, 16], [0, 32], [16, 0]],
             "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
             "warp": [[0, 8]]},
     "dst": {"register": [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32]],
             "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]],
             "warp": [[0, 1]]}},
]


# Warp phases (docs/lowering.md, "Warp phases"): no two warps write one
# sector, or the stores stand under a branch on the warp; each warp's
# instructions are taken apart on lane bits, a warp barrier between two.
WARP_PHASED_STORES = [
    # An 8-warp epilogue repeated over warp bit 2: the two halves split the
    # stores, each under its branch, in phases within it.
    {"name": "repeated_epilogue_128x16_fp16", "shape": [128, 16],
     "dtype": "fp16", "warps": 8,
     "src": {"register": [[0, 1], [8, 0], [0, 8]],
             "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
             "warp": [[16, 0], [32, 0], [64, 0]]},
     "dst": {"register": [[1, 0], [0, 2], [0, 4], [0, 8]],
             "lane": [[2, 0], [4, 0], [8, 0], [16, 0], [0, 1]],
             "warp": [[32, 0], [64, 0], [0, 0]]}},
    # One warp, each lane writing 8 bytes to each of 16 lines.
    {"name": "one_warp_transpose_16x32_fp32", "shape": [16, 32],
     "dtype": "fp32", "warps": 1,
     "src": {"register": [[1, 0], [2, 0], [4, 0], [8, 0]],
             "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], "warp": []},
     "dst": {"register": [[0, 2], [0, 4], [0, 8], [0, 16]],
             "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]],
             "warp": []}},
    # Bytes: a column-major int8 tile -> row-major, 8 bytes a lane in each
    # of 8 rows, on 2 warps repeated over nothing (held-out-2 #041).
    {"name": "bytes_64x256_int8", "shape": [64, 256], "dtype": "int8",
     "warps": 2,
     "src": {"register": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8], [0, 16],
                          [0, 32], [0, 64], [0, 128]],
             "lane": [[16, 0], [32, 0], [0, 1], [0, 2], [0, 4]],
             "warp": [[0, 0]]},
     "dst": {"register": [[0, 1], [0, 2], [0, 4], [0, 64], [0, 128], [8, 0],
                          [16, 0], [32, 0]],
             "lane": [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]],
             "warp": [[0, 32]]}},
]


@pytest.mark.parametrize("case", WARP_PHASED_STORES,
                         ids=lambda c: c["name"])
def test_warp_store_phases_on_sm90(case):
    """Stores in warp phases, only some lanes storing in each and a warp
    barrier between two: every element still written once, bit for bit,
    and every lane of the warp reaches each barrier."""
    lowered = lower_case(case, "sm_90")
    assert _stores_in_phases(lowered)
    assert "nvvm.bar.warp.sync" in lowered
    _check(case, "sm_90", lowered=lowered)


def _store_sectors(case, line_barriers: bool) -> list:
    """The 32-byte sectors each global store instruction of each warp
    writes, one block of the `conv` kernel in the SIMT interpreter."""
    text = kernels.conv(case["src"], case["dst"], case["shape"],
                        case["dtype"])
    off = "" if line_barriers else " line-barriers=false"
    lowered = compiler.lower(
        text, f"builtin.module(gpu.module(convert-ll-to-nvvm{{chip=sm_90"
        f"{off}}}))")
    x = np.zeros(int(np.prod(case["shape"])),
                 dtype=case_lib.UINT[case_lib.BITS[case["dtype"]]])
    trace = []
    simt.run_workgroup(lowered, "conv", [x, np.zeros_like(x)],
                       threads=32 * case["warps"], wave=32,
                       store_trace=trace)
    return [len(sectors) for _, sectors in trace]


@pytest.mark.parametrize("case", WARP_PHASED_STORES,
                         ids=lambda c: c["name"])
def test_warp_phases_write_few_sectors(case):
    """The interpreter's count of the sectors each executed store
    instruction writes (an oracle apart from the rule's arithmetic): at
    most 4 with the warp phases, more than 4 for some without them."""
    assert max(_store_sectors(case, True)) <= 4
    assert max(_store_sectors(case, False)) > 4


def _whole_sectors_case(warps: int) -> dict:
    """A transpose whose store instructions write 16 bytes a lane, two
    whole sectors to each of 8 lines (held-out-8 #043's store, smaller),
    on `warps` warps (a warp bit over rows)."""
    warp = [[16 * (1 << w), 0] for w in range(warps.bit_length() - 1)]
    rows = 16 * warps
    return {"name": f"whole_sectors_{rows}x64_bf16_w{warps}",
            "shape": [rows, 64], "dtype": "bf16", "warps": warps,
            "src": {"register": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 32]],
                    "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]],
                    "warp": warp},
            "dst": {"register": [[0, 1], [0, 2], [0, 4], [0, 32], [8, 0]],
                    "lane": [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]],
                    "warp": warp}}


@pytest.mark.parametrize("warps,phased", [(1, False), (2, False), (4, True)])
def test_few_warps_writing_whole_sectors_take_no_warp_phases(warps, phased):
    """A block of one or two warps whose store instructions write whole
    sectors, two to each line, stores without warp phases; the same store
    on four warps keeps them (docs/lowering.md, "Warp phases", *Few warps,
    whole sectors*). Exact either way."""
    case = _whole_sectors_case(warps)
    lowered = lower_case(case, "sm_90")
    assert _stores_in_phases(lowered) == phased
    _check(case, "sm_90", lowered=lowered)
    assert max(_store_sectors(case, True)) == (4 if phased else 16)


@pytest.mark.parametrize("case", PHASED_STORES, ids=lambda c: c["name"])
def test_store_phases_on_sm90(case):
    """Stores in phases, only some lanes or warps storing in each and a
    block barrier between two: every element still written once, bit for
    bit, and every thread reaches each barrier."""
    lowered = lower_case(case, "sm_90")
    assert _stores_in_phases(lowered)
    _check(case, "sm_90", lowered=lowered)


def _repeated_case(name, shape, dtype, src, dst):
    return {"name": name, "shape": shape, "dtype": dtype, "warps": 2,
            "src": src, "dst": dst}


# Tiles loaded on 2 warps, the source repeated over the warp bit, stored by
# the owner warp in rounds: with stmatrix (held-out-7 #024), with vector
# st.shared of 8-bit words (held-out #036), and with st.shared shared out
# over the two warps (held-out-3 #040), which keeps its per-round packs; and
# the two 8-warp tiles of cases.eight_warp_loaded_tile_cases.
OWNER_PACKED = [
    (_repeated_case(
        "stmatrix_16x64_fp16_w2", [16, 64], "fp16",
        {"register": [[0, 1], [0, 2], [0, 4], [4, 0], [8, 0]],
         "lane": [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], "warp": [[0, 0]]},
        {"register": [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]],
         "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "warp": [[0, 0]]}),
     True),
    (_repeated_case(
        "st_shared_32x64_int8_w2", [32, 64], "int8",
        {"register": [[1, 0], [2, 0], [4, 0], [0, 8], [0, 16], [0, 32]],
         "lane": [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]], "warp": [[0, 0]]},
        {"register": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8], [0, 16],
                      [0, 32]],
         "lane": [[16, 0], [0, 0], [0, 1], [0, 2], [0, 4]], "warp": [[0, 0]]}),
     True),
    (_repeated_case(
        "shared_out_32x128_bf16_w2", [32, 128], "bf16",
        {"register": [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0], [8, 0],
                      [16, 0]],
         "lane": [[0, 8], [0, 16], [0, 32], [0, 64], [0, 0]], "warp": [[0, 0]]},
        {"register": [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64],
                      [16, 0]],
         "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "warp": [[0, 0]]}),
     False),
    *zip(case_lib.eight_warp_loaded_tile_cases(), (True, False)),
]


def _owner_packed_branches(lowered: str) -> int:
    """Branches that yield only i32 words, two or more (the owner warps'
    words packed once for a store in rounds)."""
    return len(re.findall(r"= scf\.if %\w+ -> \(i32(?:, i32)+\)", lowered))


@pytest.mark.parametrize("case,packed", OWNER_PACKED,
                         ids=[c["name"] for c, _ in OWNER_PACKED])
def test_loaded_tile_is_packed_once_in_the_owner_warps_branch(case, packed):
    """A tile loaded to be stored by the owner warp in rounds: its words are
    packed once, before the rounds, in one branch of the owner warp, where
    each round's stores are the owner's alone; in the loop kernel, whose
    source is computed, each round packs its own (docs/lowering.md,
    "Packed once, in the owner's branch"). Exact either way."""
    conv = lower_case(case, "sm_90")
    loop = lower_case(case, "sm_90", "conv_loop")
    assert _owner_packed_branches(conv) == int(packed)
    assert _owner_packed_branches(loop) == 0
    _check(case, "sm_90", lowered=conv)
    _check(case, "sm_90", "conv_loop", lowered=loop)


# Conversions into layouts repeating over warps whose store's outermost
# register bits lie inside the scratch loads: 128x128 int8 on 8 warps
# repeating over warp bits 0 and 1 (held-out-10 #043; the store's shares
# take rows 4 and 8 apart), and the 8-bit dot operand B on 8 warps, repeating
# over all three (the shares take bits within a line), with the loads of
# each share: four quarters, eight eighths.
SHARES_THE_LOADS_FOLLOW = [
    ({"name": "shares_the_loads_follow_128x128_int8_w8", "shape": [128, 128],
      "dtype": "int8", "warps": 8,
      "src": {"register": [[1, 0], [16, 0], [32, 0], [64, 0], [0, 32],
                           [0, 64]],
              "lane": [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]],
              "warp": [[8, 0], [0, 8], [0, 16]]},
      "dst": {"register": [[0, 1], [0, 2], [0, 4], [4, 0], [8, 0], [16, 0],
                           [32, 0], [64, 0]],
              "lane": [[0, 8], [0, 16], [0, 32], [0, 64], [1, 0]],
              "warp": [[0, 0], [0, 0], [2, 0]]}}, [4] * 4),
    (next(c for c in case_lib.corpus_cases()
          if c["name"] == "blocked_to_dotB8_64x128_int8_w8"), [2] * 8),
]


@pytest.mark.parametrize("case,loads", SHARES_THE_LOADS_FOLLOW,
                         ids=[c["name"] for c, _ in SHARES_THE_LOADS_FOLLOW])
def test_store_shares_follow_the_loads_on_sm90(case, loads):
    """The repeated warps share the store out along register bits that no
    scratch load spans, so each share loads only its part, in its own
    branch, after the barrier (docs/planning.md, "Shares the loads can
    follow"); pairing the outermost bits, every warp loaded everything
    before the branches. Exact."""
    lowered = lower_case(case, "sm_90")
    after_barrier = lowered.split("nvvm.barrier0", 1)[1]
    before_branches, branches = after_barrier.split("scf.if", 1)
    scratch_load = r"llvm\.load %\S+ [^\n]*!llvm\.ptr<3>"
    assert not re.search(scratch_load, before_branches)
    shares = re.split(r"\n\s*scf\.if", "scf.if" + branches)
    assert [len(re.findall(scratch_load, share)) for share in shares
            if re.search(scratch_load, share)] == loads
    _check(case, "sm_90", lowered=lowered)


EIGHT_BIT = [c for c in case_lib.random_cases(160, seed=40)
             if case_lib.BITS[c["dtype"]] == 8][:24]


@pytest.mark.parametrize("case", EIGHT_BIT, ids=lambda c: c["name"])
def test_random_8bit_on_nvvm(case):
    _check(case, "sm_70")


def test_bytes_stored_as_the_words_they_were_loaded_in_on_sm90():
    """An 8-bit tile loaded 8 bytes a thread and stored to shared memory 16
    bytes at a time, each stored word a loaded word as it is (held-out
    #007's layouts): the store is built from the words, not byte by byte,
    which NVPTX unpacked and packed again (docs/lowering.md, "Vectors of
    whole words"), and the result is exact."""
    src = {"register": [[0, 1], [0, 2], [0, 4], [4, 0], [8, 0], [16, 0],
                        [32, 0]],
           "lane": [[0, 8], [0, 0], [0, 0], [0, 0], [1, 0]], "warp": [[2, 0]]}
    dst = {"register": [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0], [16, 0],
                        [32, 0]],
           "lane": [[0, 0], [0, 0], [0, 0], [1, 0], [2, 0]], "warp": [[4, 0]]}
    case = {"name": "whole_words_64x16_int8", "src": src, "dst": dst,
            "shape": [64, 16], "dtype": "int8", "warps": 2}
    lowered = lower_case(case, "sm_90")
    stores = re.findall(r"llvm\.store .* : (vector<\w+>), !llvm\.ptr<3>",
                        lowered)
    assert stores and set(stores) == {"vector<4xi32>"}, stores
    assert not re.search(r"llvm\.insertelement .* : vector<16xi8>", lowered)
    _check(case, "sm_90", lowered=lowered)


@pytest.mark.parametrize("case", case_lib.random_cases(8, seed=30),
                         ids=lambda c: c["name"])
def test_wave64_on_rdna(case):
    """gfx1100 in wave64 mode runs 32-lane layouts with lanes to spare:
    the upper half of each wave duplicates the lower half's work."""
    _check(case, "gfx1100:64")


PATTERNS = case_lib.lane_pattern_cases(6) + \
    case_lib.lane_pattern_cases(6, "fp16") + case_lib.lane_pattern_cases(6, "int64")


@pytest.mark.parametrize("case", PATTERNS, ids=lambda c: c["name"])
def test_fixed_lane_patterns_wave64(case):
    _check(case, "gfx942", "conv_loop")


@pytest.mark.parametrize("case", case_lib.lane_pattern_cases(5),
                         ids=lambda c: c["name"])
def test_fixed_lane_patterns_wave32(case):
    _check(case, "gfx1100")


def test_fixed_lane_patterns_pick_dpp_swizzle_or_bpermute():
    """A source lane within 4 lanes, a move by whole banks of 4 lanes
    within 16, or a mirror of 8 or 16, is DPP; one that keeps lane bit 5 is
    ds_swizzle; the rest ds_bpermute."""
    expected = {"lane_exchange_0": "rocdl.update.dpp",
                "lane_exchange_1": "rocdl.update.dpp",
                "lane_exchange_2": "rocdl.update.dpp",
                "lane_exchange_3": "rocdl.update.dpp",
                "lane_exchange_4": "rocdl.ds_swizzle",
                "lane_exchange_5": "rocdl.ds_bpermute",
                "lane_mirror_2": "rocdl.update.dpp",
                "lane_mirror_3": "rocdl.update.dpp",
                "lane_mirror_4": "rocdl.update.dpp",
                "lane_mirror_5": "rocdl.ds_swizzle"}
    for case in case_lib.lane_pattern_cases(6):
        text = lower(kernels.conv(case["src"], case["dst"], case["shape"],
                                  case["dtype"], lanes=64), "gfx942")
        used = {op for op in expected.values() if op in text}
        key = case["name"].rsplit("_", 2)[0]
        assert used == {expected[key]}, (case["name"], used)
        assert "__ll_scratch" not in text


# The interpreter must be able to fail: broken code is caught.

def _transpose():
    return CORPUS64[0]


def test_interpreter_catches_a_missing_barrier():
    def drop_barriers(text):
        return text.replace("rocdl.s.barrier", "llvm.fence syncscope(\"workgroup\") release")

    with pytest.raises(simt.InterpreterError, match="race"):
        run_case(dict(_transpose(), warps=2,
                      src=dict(_transpose()["src"], warp=[[0, 0]]),
                      dst=dict(_transpose()["dst"], warp=[[0, 0]])),
                 "gfx942", mutate=drop_barriers)


def test_interpreter_catches_a_wrong_swizzle_constant():
    def break_constant(text):
        # The swizzle's XORs of the address computation become ANDs.
        return re.sub(r"llvm\.xor (%\S+), (%\S+) : i32",
                      lambda m: f"llvm.and {m.group(1)}, {m.group(2)} : i32",
                      text)

    got, expected = run_case(_transpose(), "gfx942", mutate=break_constant)
    assert np.count_nonzero(got != expected) > 0


def test_interpreter_catches_a_wrong_dpp_pattern():
    case = case_lib.lane_pattern_cases(6)[0]

    def wrong(text):
        return re.sub(r"with (\d+), 15, 15", "with 0, 15, 15", text)

    got, expected = run_case(case, "gfx942", mutate=wrong)
    assert np.count_nonzero(got != expected) > 0


def test_interpreter_catches_a_wrong_shuffle_source():
    case = next(c for c in case_lib.shuffle_cases(40, seed=11, lane_bits=6)
                if "ds_bpermute" in lower(kernels.conv(
                    c["src"], c["dst"], c["shape"], c["dtype"], lanes=64),
                    "gfx942"))

    got, expected = run_case(case, "gfx942", mutate=_rebind_first_bpermute_index)
    assert np.count_nonzero(got != expected) > 0


def _rebind_first_bpermute_index(text):
    """Replaces the index of the first ds_bpermute by the constant 0."""
    m = re.search(r"^(\s*)(%\S+) = rocdl\.ds_bpermute (%\S+), ", text, re.MULTILINE)
    assert m
    zero = "%ll_test_zero"
    line_start = m.start()
    decl = f"{m.group(1)}{zero} = llvm.mlir.constant(0 : i32) : i32\n"
    text = text[:line_start] + decl + text[line_start:]
    return text.replace(f"rocdl.ds_bpermute {m.group(3)}, ",
                        f"rocdl.ds_bpermute {zero}, ", 1)


# The whole path to GFX ISA (needs an llc with the AMDGPU target).

_LLC = compiler.find_amdgpu_llc()
_needs_llc = pytest.mark.skipif(_LLC is None, reason="no llc with the AMDGPU "
                                "target (apt-get install llvm-22)")


def _lds_instructions(isa):
    body = isa.split(".end_amdhsa_kernel")[0]
    return len(re.findall(r"^\s+ds_(?:read|write|load|store)\w*", body, re.MULTILINE))


@_needs_llc
@pytest.mark.parametrize("case", CORPUS64, ids=lambda c: c["name"])
def test_corpus_wave64_assembles_for_gfx942(case):
    import linear_layout as ll

    assert _lds_bytes(case) <= GFX942_LDS
    # The layouts as written (test_register_order.py covers the pass).
    isa = ll.compile(kernels.conv(case["src"], case["dst"], case["shape"],
                                  case["dtype"], lanes=64), chip="gfx942",
                     register_order=False)
    assert ".amdgcn_target \"amdgcn-amd-amdhsa--gfx942\"" in isa
    plan = ll.plan_conversion(ll.LinearLayout(
        {k: v for k, v in case["src"].items()},
        {"dim0": case["shape"][0], "dim1": case["shape"][1]}),
        ll.LinearLayout({k: v for k, v in case["dst"].items()},
                        {"dim0": case["shape"][0], "dim1": case["shape"][1]}),
        case_lib.BITS[case["dtype"]], target="gfx942")
    lds = _lds_instructions(isa)
    if plan.kind == "shared_memory":
        # One wave per workgroup: LLVM drops the barrier (a wave's LDS
        # accesses are in order).
        assert lds > 0 and ("s_barrier" in isa) == (case["warps"] > 1)
    else:
        assert lds == 0 and "s_barrier" not in isa


@_needs_llc
def test_wave32_assembles_for_gfx1100():
    import linear_layout as ll

    case = case_lib.corpus_cases()[0]
    isa = ll.compile(kernels.conv(case["src"], case["dst"], case["shape"],
                                  case["dtype"]), chip="gfx1100")
    assert ".amdhsa_wavefront_size32 1" in isa


def test_llvm_ir_min_round_bytes():
    """On AMD the default keeps the plan's rounds (min-round-bytes 0);
    llvm_ir(..., min_round_bytes=N) merges those of conversions in loops:
    fewer barriers, the same result (interpreted)."""
    # 8 rounds of 16 KiB on gfx942; merged: 4 of 32 KiB, in two 32 KiB
    # slots (all of the LDS).
    case = next(c for c in CORPUS64 if c["name"].startswith("mma2_to_blocked")
                and c["dtype"] == "fp32")
    text = kernels.conv_loop(case["src"], case["dst"], case["shape"],
                             case["dtype"], rounds=ROUNDS, lanes=64)

    def barriers(ir_text):
        return len(re.findall(r"call void @llvm\.amdgcn\.s\.barrier\(\)",
                              ir_text))

    planned, merged = (barriers(compiler.llvm_ir(text, min_round_bytes=n))
                       for n in (None, 32768))
    assert (planned, merged) == (16, 8)
    _check(case, "gfx942/32768", "conv_loop")


@pytest.mark.parametrize("case", EIGHT_BIT[:12], ids=lambda c: c["name"])
def test_random_8bit_loops_on_nvvm(case):
    # The loop's `+ 1` on i8 registers that share a word runs as one add of
    # the word with carries kept inside each byte (ElementwiseOpToLLVM,
    # swarByteOp); every byte must wrap modulo 256 as the scalar add does.
    _check(case, "sm_70", "conv_loop")


_BYTE_OPS = """
gpu.module @k {{
  gpu.func @bytes(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {{known_block_size = array<i32: {threads}, 1, 1>}} {{
    %three = arith.constant dense<3> : {t}
    %k200 = arith.constant dense<-56> : {t}
    %t = ll.load_tile %x : !llvm.ptr<1> -> {t}
    %a = arith.subi %t, %three : {t}
    %b = arith.subi %k200, %a : {t}
    %c = arith.addi %b, %b : {t}
    %d = arith.addi %c, %t : {t}
    ll.store_tile %d, %y : {t}, !llvm.ptr<1>
    gpu.return
  }}
}}
"""


@pytest.mark.parametrize("target", ["sm_70", "gfx942"])
@pytest.mark.parametrize("word_bytes", [4, 2])
def test_byte_add_and_sub_wrap_in_words(target, word_bytes):
    # i8 adds and subtractions on registers that share a word (16 bytes per
    # thread, loaded as vectors; or 2 contiguous bytes per row, loaded as
    # 16-bit values) run on whole words (swarByteOp): splat and tensor
    # operands on either side, an operand repeated, every byte value.
    lanes = 64 if target.startswith("gfx") else 32
    if word_bytes == 4:
        rows = lanes // 4
        lane_rows = ", ".join(f"[{1 << i}, 0]"
                              for i in range(lanes.bit_length() - 3))
        registers = "[0, 1], [0, 2], [0, 4], [0, 8]"
        lane_bases = f"[0, 16], [0, 32], {lane_rows}"
        marker = "2139062143"  # 0x7f7f7f7f
    else:
        # Columns: register bit 0, then 5 lane bits; rows: the lanes left,
        # then registers, so each row's 2 bytes arrive as one 16-bit load.
        rows = 4
        row_bits = [f"[{1 << i}, 0]" for i in range(2)]
        extra = lanes.bit_length() - 1 - 5
        registers = ", ".join(["[0, 1]"] + row_bits[extra:])
        lane_bases = ", ".join([f"[0, {1 << i}]" for i in range(1, 6)]
                               + row_bits[:extra])
        marker = "32639"  # 0x7f7f
    layout = (f"#ll.linear<{{register = [{registers}], "
              f"lane = [{lane_bases}], warp = [], block = []}}>")
    tensor = f"tensor<{rows}x64xi8, {layout}>"
    lowered = lower(_BYTE_OPS.format(threads=lanes, t=tensor), target)
    assert marker in lowered  # the word path ran
    x = np.arange(rows * 64, dtype=np.uint8)  # every byte value
    y = np.zeros_like(x)
    simt.run_workgroup(lowered, "bytes", [x, y], threads=lanes, wave=lanes)
    a = x.astype(np.int64) - 3
    b = 200 - a
    expected = ((2 * b + x.astype(np.int64)) % 256).astype(np.uint8)
    assert np.array_equal(y, expected)


# Lane exchanges between blocked layouts (test/gpu/cases.py), 8- and 16-bit:
# words sent as vectors, selected whole or assembled by one byte permute
# (nvvm.prmt) from two loaded words, with lane-dependent selectors; AMD
# (no permute hook) selects and packs. A sample across shapes and warps.
LANE_EXCHANGES = case_lib.lane_exchange_cases(
    ["fp16", "bf16", "int8", "fp8e4nv"], shapes=((32, 32), (32, 64),
                                                 (64, 32)))[::23]


@pytest.mark.parametrize("case", LANE_EXCHANGES, ids=lambda c: c["name"])
def test_lane_exchanges_on_nvvm(case):
    _check(case, "sm_70")


@pytest.mark.parametrize("case", LANE_EXCHANGES[::3], ids=lambda c: c["name"])
def test_lane_exchange_loops_on_nvvm_and_wave32(case):
    _check(case, "sm_70", "conv_loop")
    _check(case, "gfx1100")


def test_lane_exchanges_use_byte_permutes():
    """No 8- or 16-bit select in the sample; and where a sent word takes
    its two halves from two loaded words by lane (32x64 fp16, 2 -> 1
    elements and 4 -> 8 lanes along dim 1: Triton 3.6's PTX does the
    same), one nvvm.prmt per word, whose selectors the tests above check
    in the interpreter."""
    for case in LANE_EXCHANGES:
        text = kernels.conv(case["src"], case["dst"], case["shape"],
                            case["dtype"])
        lowered = lower(text, "sm_70")
        assert not re.search(r"llvm\.select .*: i1, (f16|bf16|i16|i8)$",
                             lowered, re.MULTILINE), case["name"]
    case = next(c for c in case_lib.lane_exchange_cases(["fp16"])
                if c["name"] == "lx_32x64_fp16_w4_v2t4_v1t8")
    lowered = lower_case(case, "sm_70")
    assert len(re.findall(r"nvvm\.prmt", lowered)) == 8
    _check(case, "sm_70", lowered=lowered)
