"""Masks (i1 tensors) through ll.convert_layout: planned as 8-bit elements
and moved as bytes (docs/lowering.md, "Masks"). Triton converts masks
between layouts in ordinary kernels (a `tl.where` condition, a mask through
`tl.trans`); the lowered code must move each mask bit exactly, on every
target, whatever kind the plan is. Checked by the NumPy SIMT interpreter
against the input's `!= 0`.
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

# The 8-bit pairs of the random families: distributed, broadcast, XOR-mixed,
# warp-local (shuffles) and lane-dependent register selects.
MASK32 = [
    c
    for c in case_lib.random_cases(48, seed=30)
    + case_lib.shuffle_cases(24, seed=31)
    + case_lib.register_select_cases(16, seed=32)
    if case_lib.BITS[c["dtype"]] == 8
]
MASK64 = [
    c
    for c in case_lib.random_cases(24, seed=33, lane_bits=6)
    + case_lib.shuffle_cases(16, seed=34, lane_bits=6)
    if case_lib.BITS[c["dtype"]] == 8
]


def _lower(case, target: str, plan_first: bool) -> str:
    chip, _, wave = target.partition(":")
    lanes = 1 << len(case["src"]["lane"])
    text = kernels.conv(
        case["src"], case["dst"], case["shape"], "bool", lanes=max(lanes, 32)
    )
    passes = [f"ll-plan-conversions{{target={chip}}}"] if plan_first else []
    passes.append(
        f"convert-ll-to-nvvm{{chip={chip}}}"
        if chip.startswith("sm_")
        else f"convert-ll-to-rocdl{{chip={chip} wave-size={wave or 0}}}"
    )
    return compiler.lower(text, f"builtin.module(gpu.module({','.join(passes)}))")


def _check(case, target: str, plan_first: bool = False):
    lowered = _lower(case, target, plan_first)
    lanes = 64 if target == "gfx942" else 32
    tile = int(np.prod(case["shape"]))
    rng = np.random.default_rng(7)
    # Bytes that are zero about half the time, else any value: the mask is
    # byte != 0 and comes back as 0 or 1.
    x = rng.integers(0, 2, size=2 * tile, dtype=np.uint8) * rng.integers(
        1, 256, size=2 * tile, dtype=np.uint8
    )
    y = np.full_like(x, 0xA5)
    dynamic = re.search(r"ll\.dynamic_shared_bytes = (\d+)", lowered)
    for block in range(2):
        simt.run_workgroup(
            lowered,
            "conv",
            [x, y],
            threads=lanes * case["warps"],
            wave=lanes,
            block_id=block,
            dynamic_shared=int(dynamic.group(1)) if dynamic else 0,
        )
    bad = int(np.count_nonzero(y != (x != 0).astype(np.uint8)))
    assert bad == 0, f"{case['name']} on {target}: {bad} of {y.size} wrong"


def test_the_cases_cover_every_kind():
    import linear_layout as ll

    kinds = set()
    for c in MASK32:
        shape = {"dim0": c["shape"][0], "dim1": c["shape"][1]}
        kinds.add(
            ll.plan_conversion(
                ll.LinearLayout(dict(c["src"]), shape),
                ll.LinearLayout(dict(c["dst"]), shape),
                8,
                target="sm_90",
            ).kind
        )
    assert {"shared_memory", "shuffle", "registers"} <= kinds, kinds


@pytest.mark.parametrize("case", MASK32, ids=lambda c: c["name"])
def test_masks_on_sm90(case):
    _check(case, "sm_90")


@pytest.mark.parametrize("case", MASK32[::3], ids=lambda c: c["name"])
def test_masks_on_sm90_with_the_planners_plan(case):
    """The plan ll-plan-conversions writes on the i1 op (for 8-bit elements)
    is the one the byte conversion carries out."""
    _check(case, "sm_90", plan_first=True)


@pytest.mark.parametrize("case", MASK32[::2], ids=lambda c: c["name"])
def test_masks_on_gfx1100(case):
    _check(case, "gfx1100")


@pytest.mark.parametrize("case", MASK64, ids=lambda c: c["name"])
def test_masks_on_gfx942(case):
    _check(case, "gfx942")


def test_a_mask_is_planned_as_bytes():
    """ll-plan-conversions gives an i1 conversion the plan of the same
    conversion of i8."""
    case = next(c for c in MASK32 if c["name"].startswith("random"))
    plans = []
    for dtype in ("bool", "int8"):
        text = kernels.conv(case["src"], case["dst"], case["shape"], dtype)
        planned = compiler.lower(
            text, "builtin.module(gpu.module(ll-plan-conversions{target=sm_90}))"
        )
        plans.append(re.search(r"ll\.plan = (#ll\.plan<.*?>)[ }]", planned).group(1))
    assert plans[0] == plans[1]


@pytest.mark.parametrize("chip", ["sm_90", "gfx942"])
def test_a_mask_compiles_through_the_whole_pipeline(chip):
    """ll.compile: register order, planning, lowering, LLVM."""
    import linear_layout as ll

    cases = MASK64 if chip == "gfx942" else MASK32
    case = next(c for c in cases if c["name"].startswith("random"))
    out = ll.compile(
        kernels.conv(
            case["src"],
            case["dst"],
            case["shape"],
            "bool",
            lanes=64 if chip == "gfx942" else 32,
        ),
        chip=chip,
    )
    assert "conv" in out


@pytest.mark.parametrize(
    "make",
    [
        lambda c: kernels.conv_loop(c["src"], c["dst"], c["shape"], "bool"),
        lambda c: kernels.epilogue(c["src"], c["dst"], c["shape"], "bool"),
        lambda c: kernels.gather(c["src"], c["src"], c["shape"], c["shape"], 0, "bool"),
    ],
)
def test_only_conv_takes_a_mask(make):
    with pytest.raises(ValueError, match="bool"):
        make(MASK32[0])


_GATHER = """
#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
gpu.module @m {
  gpu.func @mask_gather(%ps: !llvm.ptr<1>, %pi: !llvm.ptr<1>, %po: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %s = ll.load_tile %ps : !llvm.ptr<1> -> tensor<8x32xi8, #src>
    %zero = arith.constant dense<0> : tensor<8x32xi8, #src>
    %m = arith.cmpi ne, %s, %zero : tensor<8x32xi8, #src>
    %i = ll.load_tile %pi : !llvm.ptr<1> -> tensor<8x16xi32, #idx>
    %r = ll.gather %m[%i] axis = 1 KIND: tensor<8x32xi1, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xi1, #idx>
    %w = arith.extui %r : tensor<8x16xi1, #idx> to tensor<8x16xi8, #idx>
    ll.store_tile %w, %po : tensor<8x16xi8, #idx>, !llvm.ptr<1>
    gpu.return
  }
}
"""


@pytest.mark.parametrize("kind", ["shuffle", "shared_memory"])
def test_a_gather_of_a_mask(kind):
    text = _GATHER.replace("KIND", f"{{ll.plan = #ll.plan<kind = {kind}>}} ")
    lowered = compiler.lower(
        text, "builtin.module(gpu.module(convert-ll-to-nvvm{chip=sm_90}))"
    )
    rng = np.random.default_rng(3)
    s = rng.integers(0, 2, size=256, dtype=np.uint8) * rng.integers(
        1, 256, size=256, dtype=np.uint8
    )
    i = rng.integers(0, 32, size=128, dtype=np.uint32)
    out = np.full(128, 0xA5, dtype=np.uint8)
    simt.run_workgroup(
        lowered, "mask_gather", [s, i, out], threads=128, wave=32, block_id=0
    )
    expected = (s.reshape(8, 32) != 0)[np.arange(8)[:, None], i.reshape(8, 16)]
    assert np.array_equal(out, expected.astype(np.uint8).ravel())


def _compared_words_kernel(case, user: str) -> str:
    """A mask compared from 32-bit words (not bytes, so it moves widened),
    converted, and used by `user`: "select" (1 or 2) or "extui"."""
    text = kernels.conv(case["src"], case["dst"], case["shape"], "int32")
    enc = re.findall(r"tensor<[^,]+, (#ll\.linear<.*?\}>)>", text)
    src_t, dst_t = enc[0], enc[-1]
    dims = "x".join(map(str, case["shape"]))
    ta, tb = f"tensor<{dims}xi32, {src_t}>", f"tensor<{dims}xi32, {dst_t}>"
    ma, mb = f"tensor<{dims}xi1, {src_t}>", f"tensor<{dims}xi1, {dst_t}>"
    use = (
        f"""      %one = arith.constant dense<1> : {tb}
      %two = arith.constant dense<2> : {tb}
      %v = arith.select %u, %one, %two : {mb}, {tb}
"""
        if user == "select"
        else f"""      %v = arith.extui %u : {mb} to {tb}
"""
    )
    body = f"""      %t = ll.load_tile %xp : !llvm.ptr<1> -> {ta}
      %zero = arith.constant dense<0> : {ta}
      %m = arith.cmpi sgt, %t, %zero : {ta}
      %u = ll.convert_layout %m : {ma} -> {mb}
{use}      ll.store_tile %v, %yp : {tb}, !llvm.ptr<1>
"""
    start = text.index("      %t = ll.load_tile")
    end = text.index("      gpu.return")
    return text[:start] + body + text[end:]


@pytest.mark.parametrize("user", ["select", "extui"])
@pytest.mark.parametrize("case", MASK32[::4], ids=lambda c: c["name"])
def test_masks_of_wider_compares_move_widened(case, user):
    """The mask of a 32-bit compare moves as bytes (zero-extended before,
    compared with 0 after, or taken as they are by a zero-extension)."""
    lowered = compiler.lower(
        _compared_words_kernel(case, user),
        "builtin.module(gpu.module(ll-plan-conversions{target=sm_90},"
        "convert-ll-to-nvvm{chip=sm_90}))",
    )
    tile = int(np.prod(case["shape"]))
    rng = np.random.default_rng(5)
    x = rng.integers(-3, 3, size=2 * tile).astype(np.int32).view(np.uint32)
    y = np.full_like(x, 0xA5A5A5A5)
    for block in range(2):
        simt.run_workgroup(
            lowered, "conv", [x, y], threads=32 * case["warps"], wave=32, block_id=block
        )
    positive = x.view(np.int32) > 0
    expected = np.where(positive, 1, 2) if user == "select" else positive
    assert np.array_equal(y, expected.astype(np.uint32))
