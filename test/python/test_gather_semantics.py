"""ll.gather, checked bit for bit on the CPU: random source and index
layouts (test/gpu/gather_cases.py) are lowered for NVVM (32 lanes) and
ROCDL (gfx942 wave64, gfx1100 wave32), executed by the NumPy SIMT
interpreter and compared with NumPy's take_along_axis. Every case runs on
the planner's path and, forced by an ``ll.plan``, on the other one where
it exists (shuffles need a warp-local gather)."""

from __future__ import annotations

import os
import re
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "gpu"))

import gather_cases as gc
import linear_layout as ll
import simt_interpreter as simt
from linear_layout import compiler, kernels

TILES = 2

TARGETS = {32: ["sm_80", "sm_90", "gfx1100:32"], 64: ["gfx942:64"]}


def _pass(target):
    if target.startswith("sm_"):
        return f"convert-ll-to-nvvm{{chip={target}}}"
    chip, _, wave = target.partition(":")
    return f"convert-ll-to-rocdl{{chip={chip} wave-size={wave}}}"


def _layout(bases, shape):
    return ll.LinearLayout(dict(bases), {"dim0": shape[0], "dim1": shape[1]})


def planned_kind(case, target):
    plan = ll.plan_gather(
        _layout(case["src"], case["src_shape"]),
        _layout(case["index"], case["index_shape"]),
        case["axis"],
        kernels.DTYPES[case["dtype"]][1],
        target=target.partition(":")[0],
    )
    return plan


def gather_text(case, loop=False, io_layout=None):
    """The `gather` (or `gather_loop`, 3 rounds) kernel of `case`."""
    gen = kernels.gather_loop if loop else kernels.gather
    extra = {"rounds": 3} if loop else {}
    return gen(
        case["src"],
        case["index"],
        case["src_shape"],
        case["index_shape"],
        case["axis"],
        case["dtype"],
        index_dtype=case["index_dtype"],
        lanes=case["lanes"],
        io_layout=io_layout,
        **extra,
    )


def run_gather(case, target, kind=None, loop=False):
    text = gather_text(case, loop)
    if kind:
        text = re.sub(
            r"(ll\.gather %\w+\[%j\] axis = \d+)",
            rf"\1 {{ll.plan = #ll.plan<kind = {kind}>}}",
            text,
        )
    lowered = compiler.lower(text, f"builtin.module(gpu.module({_pass(target)}))")
    rng = np.random.default_rng(1)
    x, i = gc.gather_inputs(case, TILES, rng)
    y = np.zeros(i.size, dtype=x.dtype)
    threads = case["lanes"] * case["warps"]
    # Scratch beyond the static limit is dynamic shared memory (sm_90: a
    # gather source of more than 48 KiB).
    dynamic = re.search(r"ll\.dynamic_shared_bytes = (\d+)", lowered)
    for block in range(TILES):
        simt.run_workgroup(
            lowered,
            "gather_loop" if loop else "gather",
            [x, i, y],
            threads=threads,
            wave=case["lanes"],
            block_id=block,
            dynamic_shared=int(dynamic.group(1)) if dynamic else 0,
        )
    expected = gc.gather_expected(case, x, i, TILES)
    if loop:
        rounds = 3
        if case["dtype"].startswith("int"):
            expected = (
                expected.astype(np.uint64) * rounds + rounds * (rounds + 1) // 2
            ).astype(x.dtype)
    return y, expected, lowered


CASES = [
    (c, t)
    for lanes in (32, 64)
    for c in gc.gather_cases(24, lanes, lanes)
    for t in TARGETS[lanes]
]


@pytest.mark.parametrize(
    "case,target", CASES, ids=[f"{c['name']}-{t}" for c, t in CASES]
)
def test_gather_matches_numpy(case, target):
    plan = planned_kind(case, target)
    kinds = [None]
    if plan.warp_local:
        kinds += ["shuffle", "shared_memory"]
    for kind in kinds:
        got, expected, lowered = run_gather(case, target, kind)
        bad = int(np.count_nonzero(got != expected))
        assert bad == 0, f"{case['name']} {target} {kind}: {bad} wrong"
        shuffles = (
            "shfl.sync" in lowered
            or "ds_bpermute" in lowered
            or "rocdl.ds_bpermute" in lowered
        )
        used_shared = "__ll_scratch" in lowered
        chosen = kind or plan.kind
        assert used_shared == (chosen == "shared_memory"), (chosen, target)
        if chosen == "shuffle":
            assert shuffles or plan.shuffles == 0


@pytest.mark.parametrize(
    "case",
    [c for c in gc.gather_cases(12, 7, 32) if c["dtype"].startswith("int")],
    ids=lambda c: c["name"],
)
def test_gather_loop_matches_numpy(case):
    got, expected, _ = run_gather(case, "sm_80", loop=True)
    assert np.array_equal(got, expected)


def _io_layout(rng, case, shape=None):
    """A random layout of `shape` (the source's by default) over the same
    lanes and warps: what a kernel loads and stores in around the gather."""
    shape = shape or case["src_shape"]
    units = [gc._unit(d, b) for d in range(2) for b in range(shape[d].bit_length() - 1)]
    rng.shuffle(units)
    warp_bits = case["warps"].bit_length() - 1
    warps = [
        units.pop() if units and rng.random() > 0.2 else [0, 0]
        for _ in range(warp_bits)
    ]
    lane_bits = case["lanes"].bit_length() - 1
    return gc._layout(rng, units, lane_bits, warps, rng.random() < 0.5)


FOLD_CASES = [
    (c, t)
    for lanes in (32, 64)
    for c in gc.gather_cases(40, 100 + lanes, lanes)
    for t in dict.fromkeys(TARGETS[lanes][1:2] + TARGETS[lanes][-1:])
]


def _check_in_interpreter(case, lowered, what):
    """Runs a lowered gather kernel of `case` on TILES tiles in the SIMT
    interpreter and compares it with NumPy."""
    x, i = gc.gather_inputs(case, TILES, np.random.default_rng(1))
    y = np.zeros(i.size, dtype=x.dtype)
    dynamic = re.search(r"ll\.dynamic_shared_bytes = (\d+)", lowered)
    for block in range(TILES):
        simt.run_workgroup(
            lowered,
            "gather",
            [x, i, y],
            threads=case["lanes"] * case["warps"],
            wave=case["lanes"],
            block_id=block,
            dynamic_shared=int(dynamic.group(1)) if dynamic else 0,
        )
    expected = gc.gather_expected(case, x, i, TILES)
    bad = int(np.count_nonzero(y != expected))
    assert bad == 0, f"{case['name']} {what}: {bad} wrong"


def test_fold_gather_conversions_matches_numpy():
    """Gathers between conversions from and back to random io layouts (the
    shape of bench/gather.py's kernels; the source's and the index's differ
    where their shapes do), through ll-fold-gather-conversions:
    bit-exact in the interpreter whether or not the fold happens, and it
    happens on some (so the test covers the folded gathers). The folds in
    rounds (NVIDIA only: docs/gather.md, "Rounds") are lowered for ROCDL as
    well, their plan as written, so the rounds run on both lowerings."""
    rng = np.random.default_rng(7)
    folded = in_rounds = 0
    for case, target in FOLD_CASES:
        io = (_io_layout(rng, case), _io_layout(rng, case, case["index_shape"]))
        text = gather_text(case, io_layout=io)
        chip, _, wave = target.partition(":")
        fold = (
            f"ll-fold-gather-conversions{{target={chip}"
            + (f" wave-size={wave}" if wave else "")
            + "}"
        )
        lowered = compiler.lower(
            text, f"builtin.module(gpu.module({fold},{_pass(target)}))"
        )
        planned = compiler.lower(text, f"builtin.module(gpu.module({fold}))")
        folded += "ll.convert_layout" not in planned
        _check_in_interpreter(case, lowered, target)
        if re.search(r"rounds = (?!1\b)\d+", planned):
            in_rounds += 1
            amd = "gfx1100:32"
            _check_in_interpreter(
                case,
                compiler.lower(planned, f"builtin.module(gpu.module({_pass(amd)}))"),
                f"{target} plan on {amd}",
            )
    assert folded >= 3, f"only {folded} of {len(FOLD_CASES)} cases folded"
    assert in_rounds >= 1, "no folded gather was split into rounds"
