"""ll-finalize-nvvm against upstream: `ll-to-ptx` ends in ll-finalize-nvvm
(kernel bodies converted in parallel); the same pipeline ending in upstream's
convert-scf-to-cf, convert-gpu-to-nvvm and reconcile-unrealized-casts must
give the same PTX, for the corpus kernels, random layout pairs and
hand-written kernels that take the module-wide path (index arguments,
workgroup attributions, math, device functions, gpu.shuffle). The one
intended difference: a loop annotation on an scf.for reaches LLVM through
ll-finalize-nvvm and is dropped by upstream's tail, so the loops compared
here carry none (`unroll=False`); test_loop_annotation_reaches_llvm checks
the difference itself. ll-finalize-nvvm also carries narrow registers
across branches in words and permutes 16-bit halves as words: the
upstream tail runs that pass (ll-pack-narrow-block-arguments with
permute-halves) after convert-scf-to-cf."""

import os
import re
import sys

import pytest
from linear_layout import compiler, kernels

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "gpu"))
import cases as case_lib

HERE = os.path.dirname(os.path.abspath(__file__))
LIT_TEST = os.path.join(HERE, "..", "Conversion", "ll-finalize-nvvm.mlir")

_FRONT = ("nvvm-attach-target{{chip={chip}}},"
          "ll-optimize-register-order{{target={chip}}},"
          "convert-ll-to-nvvm{{chip={chip} index-bitwidth={bits}}}")
UPSTREAM = ("builtin.module(" + _FRONT + ",convert-scf-to-cf,"
            "ll-pack-narrow-block-arguments{{permute-halves=true}},"
            "gpu.module(convert-gpu-to-nvvm{{index-bitwidth={bits}}}),"
            "reconcile-unrealized-casts,gpu-module-to-binary{{format=isa}})")
OURS = "builtin.module(ll-to-ptx{{chip={chip} index-bitwidth={bits}}})"


def _assert_same_ptx(text, chip="sm_90", bits=32):
    def ptx(pipeline):
        return compiler._ptx_objects(compiler.lower(
            text, pipeline.format(chip=chip, bits=bits)))

    ours, upstream = ptx(OURS), ptx(UPSTREAM)
    assert ours and ours == upstream


CORPUS = case_lib.corpus_cases()


@pytest.mark.parametrize("kind", ["conv", "conv_loop"])
@pytest.mark.parametrize("case", CORPUS, ids=[c["name"] for c in CORPUS])
def test_corpus_kernels(case, kind):
    make = getattr(kernels, kind)
    options = {"unroll": False} if kind == "conv_loop" else {}
    _assert_same_ptx(make(case["src"], case["dst"], case["shape"],
                          case["dtype"], case["warps"], **options))


RANDOM = case_lib.random_cases(count=16, seed=7)


@pytest.mark.parametrize("case", RANDOM, ids=[c["name"] for c in RANDOM])
def test_random_loops(case):
    text = kernels.conv_loop(case["src"], case["dst"], case["shape"],
                             case["dtype"], case["warps"], rounds=3,
                             unroll=False)
    _assert_same_ptx(text, chip="sm_80", bits=64)


def _lit_modules():
    with open(LIT_TEST) as f:
        parts = f.read().split("// -----")
    return [re.sub(r"(?m)^//.*$", "", p) for p in parts]


@pytest.mark.parametrize("index", range(len(_lit_modules())))
@pytest.mark.parametrize("bits", [32, 64])
def test_hand_written_kernels(index, bits):
    _assert_same_ptx(_lit_modules()[index], bits=bits)


def test_many_kernels_one_module():
    """Many kernels in one gpu.module: the parallel path, with a libdevice
    call declared once for several kernels."""
    case = CORPUS[0]
    bodies = []
    for i in range(6):
        text = kernels.conv_loop(case["src"], case["dst"], case["shape"],
                                 case["dtype"], case["warps"], rounds=2,
                                 name=f"k{i}", unroll=False)
        start = text.index("gpu.func")
        end = text.rindex("gpu.return")
        bodies.append(text[start:end] + "gpu.return\n    }\n")
    math = """gpu.func @m(%p: !llvm.ptr<1>) kernel {
      %x = llvm.load %p : !llvm.ptr<1> -> f32
      %y = math.exp %x : f32
      llvm.store %y, %p : f32, !llvm.ptr<1>
      gpu.return
    }
"""
    text = ("module attributes {gpu.container_module} {\n  gpu.module @g {\n"
            + "".join(bodies) + math + math.replace("@m(", "@m2(")
            + "  }\n}\n")
    _assert_same_ptx(text)


def test_loop_annotation_reaches_llvm():
    """conv_loop(unroll=True) annotates its scf.for for full unrolling:
    through ll-to-ptx the PTX has no loop left and every round's adds;
    through upstream's tail the annotation is lost and the loop stays."""
    case = next(c for c in CORPUS if c["name"].startswith("register_perm"))
    text = kernels.conv_loop(case["src"], case["dst"], case["shape"],
                             case["dtype"], case["warps"], rounds=32,
                             unroll=True)
    assert "llvm.loop_annotation" in text

    def ptx(pipeline):
        return compiler._ptx_objects(compiler.lower(
            text, pipeline.format(chip="sm_90", bits=32)))[0]

    ours, upstream = ptx(OURS), ptx(UPSTREAM)
    adds = 8 * 2 * 32  # registers x conversions per round x rounds
    assert "bra" not in ours and ours.count("add.rn.f32") == adds
    assert "bra" in upstream and upstream.count("add.rn.f32") < adds


@pytest.mark.parametrize("shape,warps,dtype,unrolled", [
    ([64, 64], 4, "fp16", True),     # 16 words x 64 adds x 4 warps = 4096
    ([64, 128], 4, "fp16", True),    # 8192: the budget
    ([64, 128], 4, "fp32", False),   # 16384
    ([128, 128], 8, "fp16", False),  # 16384
])
def test_conv_loop_unrolls_only_small_register_round_trips(shape, warps,
                                                          dtype, unrolled):
    """conv_loop's default: a register-only round trip is unrolled while its
    adds x warps stay within kernels.UNROLL_BUDGET (docs/lowering.md)."""
    rows = shape[0] // warps
    assert rows >= 16 and rows & (rows - 1) == 0
    bases = {"register": [[0, 1], [8, 0]] + [[0, 8 << i] for i in
                                             range(shape[1].bit_length() - 4)]
             + [[16 << i, 0] for i in range(rows.bit_length() - 5)],
             "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
             "warp": [[rows << i, 0] for i in range(warps.bit_length() - 1)]}
    text = kernels.conv_loop(bases, bases, shape, dtype, warps, rounds=32)
    assert ("llvm.loop_annotation" in text) == unrolled
