"""A hand-written ``ll.plan`` is carried out exactly or rejected.

Every kind (noop, registers, shuffle, shared_memory) is forced on every
conversion of the benchmark corpus (test/gpu/cases.py): where the kind can
do the conversion, the lowered kernel is run by the SIMT interpreter
(simt_interpreter.py) and must give the tile bit for bit, with the
mechanism asked for in the emitted code (shared-memory stores and a
barrier, or warp shuffles, or neither); where it cannot, the lowering
rejects the plan with a located error, as it does a kind the planner
would not choose and the lowering cannot emit as such. Also forced: an unswizzled
(row-major) memory layout with the element width as vector width. The
NVVM lowering on sm_70 (the interpreter has no ldmatrix/stmatrix; their
choice is pinned in test/Conversion/ll-plan-override.mlir).
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
import linear_layout as ll
import simt_interpreter as simt
from linear_layout import compiler, kernels

KINDS = ["noop", "registers", "shuffle", "shared_memory"]
CORPUS = case_lib.corpus_cases()
TARGET = "sm_70"


def _layouts(case):
    shape = {f"dim{i}": n for i, n in enumerate(case["shape"])}
    return (
        ll.LinearLayout(dict(case["src"]), shape),
        ll.LinearLayout(dict(case["dst"]), shape),
    )


def _kernel(case, plan: str) -> str:
    text = kernels.conv(
        case["src"], case["dst"], case["shape"], case["dtype"], case["warps"]
    )
    planned = text.replace(
        "ll.convert_layout %t :", f"ll.convert_layout %t {{ll.plan = {plan}}} :"
    )
    assert planned != text
    return planned


def _lower(text: str) -> str:
    return compiler.lower(
        text, f"builtin.module(gpu.module(convert-ll-to-nvvm{{chip={TARGET}}}))"
    )


def _run(case, lowered: str):
    bits = case_lib.BITS[case["dtype"]]
    u = case_lib.UINT[bits]
    tile = int(np.prod(case["shape"]))
    rng = np.random.default_rng(0)
    x = rng.integers(0, np.iinfo(u).max, size=tile, dtype=u, endpoint=True)
    y = np.full_like(x, 0xA5)
    dynamic = re.search(r"ll\.dynamic_shared_bytes = (\d+)", lowered)
    simt.run_workgroup(
        lowered,
        "conv",
        [x, y],
        threads=32 * case["warps"],
        wave=32,
        block_id=0,
        dynamic_shared=int(dynamic.group(1)) if dynamic else 0,
    )
    bad = int(np.count_nonzero(y != x))
    assert bad == 0, f"{case['name']}: {bad} of {tile} elements wrong"


def _uses_shared(lowered: str) -> bool:
    return "!llvm.ptr<3>" in lowered


def _uses_shuffles(lowered: str) -> bool:
    return "nvvm.shfl.sync" in lowered


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("case", CORPUS, ids=lambda c: c["name"])
def test_forced_kind(case, kind):
    src, dst = _layouts(case)
    bits = case_lib.BITS[case["dtype"]]
    needs = ll.plan_conversion(src, dst, bits, target=TARGET).classification
    text = _kernel(case, f"#ll.plan<kind = {kind}>")
    if KINDS.index(kind) < KINDS.index(needs):
        with pytest.raises(
            ValueError,
            match=f"cannot carry out the ll.plan: kind "
            f"'{kind}' cannot perform this conversion: "
            f"it needs '{needs}'",
        ):
            _lower(text)
        return
    try:
        lowered = _lower(text)
    except ValueError as e:
        # A kind the planner would not choose, which the lowering cannot
        # emit as such (a shuffle whose source lanes are not affine, or
        # whose register choice takes too many selects): rejected, located.
        assert kind in ("registers", "shuffle"), e
        assert re.search(
            r":\d+:\d+: error: cannot carry out the ll.plan: "
            rf"the lowering cannot emit this '{kind}'",
            str(e),
        ), e
        assert ll.plan_conversion(src, dst, bits, target=TARGET).kind != kind
        return
    _run(case, lowered)
    if kind == "shared_memory":
        assert _uses_shared(lowered) and not _uses_shuffles(lowered)
        assert re.search(r"nvvm\.(barrier0|barrier|bar\.warp\.sync)", lowered)
    elif kind == "shuffle":
        assert _uses_shuffles(lowered) and not _uses_shared(lowered)
    else:
        assert not _uses_shuffles(lowered) and not _uses_shared(lowered)


def _row_major(shape) -> str:
    """The unswizzled buffer of a 2-D tile: dim1 contiguous."""
    rows, cols = shape
    offsets = [[0, 1 << b] for b in range(cols.bit_length() - 1)]
    offsets += [[1 << b, 0] for b in range(rows.bit_length() - 1)]
    return f"#ll.linear<{{offset = {offsets}}} -> {{dim0 = {rows}, dim1 = {cols}}}>"


@pytest.mark.parametrize("case", CORPUS, ids=lambda c: c["name"])
def test_forced_unswizzled_memory_layout(case):
    bits = case_lib.BITS[case["dtype"]]
    plan = (
        f"#ll.plan<kind = shared_memory, memory_layout = "
        f"{_row_major(case['shape'])}, vector_bits = {bits}>"
    )
    lowered = _lower(_kernel(case, plan))
    _run(case, lowered)
    assert _uses_shared(lowered) and not _uses_shuffles(lowered)
    # Element-wide accesses only: no vector type in a shared access.
    for line in lowered.splitlines():
        if "!llvm.ptr<3>" in line and ("llvm.store" in line or "llvm.load" in line):
            assert "vector<" not in line, line
