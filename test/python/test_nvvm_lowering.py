"""CPU tests of the NVVM lowering: PTX builds for every corpus case and for
random layout pairs, with the mechanism the planner chose; the kernel
generators validate their parameters. (Bit-exactness on a GPU:
test/gpu/test_gpu_conversions.py.)"""

import os
import re
import sys

import linear_layout as ll
import pytest
from linear_layout import kernels

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
    assert len(CORPUS) == 13


@pytest.mark.parametrize("kind", ["conv", "conv_loop"])
@pytest.mark.parametrize("case", CORPUS, ids=[c["name"] for c in CORPUS])
def test_corpus_ptx(case, kind):
    make = getattr(kernels, kind)
    text = make(case["src"], case["dst"], case["shape"], case["dtype"],
                case["warps"])
    ptx = ll.compile(text, chip="sm_90")
    assert f".entry {kind}(" in ptx
    bits = {"fp32": 32, "fp16": 16, "bf16": 16, "int8": 8, "fp8e4nv": 8}[
        case["dtype"]]
    plan = ll.plan_conversion(_layout(case["src"], case["shape"]),
                              _layout(case["dst"], case["shape"]), bits,
                              allow_matrix=False)
    stores = _count(r"\bst\.shared", ptx)
    loads = _count(r"\bld\.shared", ptx)
    barriers = _count(r"\bbar\.sync", ptx)
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
        # shared memory: stores and loads between barriers
        assert stores > 0 and loads > 0 and barriers >= 2 and shuffles == 0
    # Scratch above 48 KiB is dynamic shared memory, sized as planned.
    extern = ".extern .shared" in ptx
    assert extern == (ptx.dynamic_shared_bytes > 0)
    if extern:
        assert ptx.dynamic_shared_bytes == plan.shared_bytes > 48 * 1024


def test_transpose_ptx_counts():
    """The 16x32 fp32 transpose: 16 scalar stores and 16 loads per thread
    (A_reg and B_reg share nothing), two barriers, 2 KiB of scratch."""
    case = CORPUS[0]
    ptx = ll.compile(kernels.conv(case["src"], case["dst"], case["shape"],
                                  case["dtype"]))
    assert _count(r"\bst\.shared\.[bu]32", ptx) == 16
    assert _count(r"\bld\.shared\.[bu]32", ptx) == 16
    assert _count(r"\bbar\.sync", ptx) == 2
    assert ".shared .align 16 .b8 __ll_scratch[2048]" in ptx
    # vectorised global accesses are impossible here too (column layout)
    assert _count(r"\bld\.global\.[bu]32", ptx) == 16


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
    with pytest.raises(ValueError, match="chip"):
        ll.compile("module {}", chip="gfx942")
    with pytest.raises(ValueError, match="index_bitwidth"):
        ll.compile("module {}", index_bitwidth=16)
    with pytest.raises(TypeError, match="module"):
        ll.compile(42)
    # A layout that does not cover the tile: ll-opt's diagnostic comes back.
    bad = dict(case["src"], register=[[1, 0], [2, 0], [4, 0], [4, 0]])
    with pytest.raises(ValueError, match="ll-opt failed"):
        ll.compile(kernels.conv(bad, case["dst"], case["shape"], "fp32"))
