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

import json
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


# Rounds whose top offset bits a side's lanes or warps set (docs/planning.md,
# "Rounds over warps"): a user's memory layout and round count are obeyed
# where, on each side, registers alone or threads alone set each round bit.
# 16x32 fp32 on one warp: the top offset bit [8, 8] is register [8, 0] of
# the source (lane [0, 8] stays below it) and lane [8, 0] of the
# destination, whose lanes load by turns.
LANE_TURNS = {
    "name": "lane_turns_16x32_fp32_w1",
    "src": {"register": [[1, 0], [2, 0], [4, 0], [8, 0]],
            "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], "warp": []},
    "dst": {"register": [[0, 2], [0, 4], [0, 8], [0, 16]],
            "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], "warp": []},
    "shape": [16, 32], "dtype": "fp32", "warps": 1,
    "memory": "[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], "
              "[4, 4], [8, 8]]",
}
# 128x128 fp64 on four warps: the top offset bit [0, 1] is a register of the
# source and warp bit 0 of the destination, whose warps load by turns.
_F64_SRC = {"register": [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]],
            "lane": [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]],
            "warp": [[1, 0], [2, 0]]}
_F64_DST = {"register": [[1, 0], [2, 0], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]],
            "lane": [[4, 0], [8, 0], [16, 0], [32, 0], [64, 0]],
            "warp": [[0, 1], [0, 2]]}
WARP_TURNS = {
    "name": "warp_turns_128x128_fp64_w4", "src": _F64_SRC, "dst": _F64_DST,
    "shape": [128, 128], "dtype": "fp64", "warps": 4,
    "memory": "[[0, 4], [0, 8], [0, 16], [0, 32], [4, 4], [8, 8], [16, 16], "
              "[32, 32], [1, 0], [0, 2], [0, 64], [2, 0], [64, 0], [0, 1]]",
}
# The same with the rounds' sides swapped: warp bit 0 of the source stores by
# turns, registers [1, 0] of the destination load by rounds.
STORE_TURNS = dict(
    WARP_TURNS, name="store_turns_128x128_fp64_w4",
    memory="[[0, 4], [0, 8], [0, 16], [0, 32], [4, 4], [8, 8], [16, 16], "
           "[32, 32], [0, 1], [0, 2], [0, 64], [2, 0], [64, 0], [1, 0]]")


def _two_rounds(memory: str, bits: int, shared_bytes: int) -> str:
    """A whole plan of two rounds over `memory` (a plan with rounds names
    all of its figures; the wavefronts are the user's, not checked)."""
    return (f"#ll.plan<kind = shared_memory, memory_layout = {memory}, "
            f"vector_bits = {bits}, rounds = 2, shared_bytes = {shared_bytes}, "
            'store_instruction = "st.shared", load_instruction = "ld.shared", '
            "store_wavefronts = 1, load_wavefronts = 1>")


@pytest.mark.parametrize("case", [LANE_TURNS, WARP_TURNS, STORE_TURNS],
                         ids=lambda c: c["name"])
def test_rounds_set_by_threads_are_obeyed(case):
    rows, cols = case["shape"]
    memory = (f"#ll.linear<{{offset = {case['memory']}}} -> "
              f"{{dim0 = {rows}, dim1 = {cols}}}>")
    bits = case_lib.BITS[case["dtype"]]
    text = _kernel(case, _two_rounds(memory, bits, rows * cols * bits // 16))
    lowered = _lower(text)
    # One branch per round on the side whose threads take turns.
    assert lowered.count("scf.if") >= 2
    # (The conversion's barriers: those between the global load's line
    # groups come before its last load, the store's after its first store.)
    conversion = re.split(r"llvm\.store [^\n]*!llvm\.ptr<1>", lowered, 1)[0]
    conversion = re.split(r"llvm\.load [^\n]*!llvm\.ptr<1>", conversion)[-1]
    assert len(re.findall(r"nvvm\.(barrier0|bar\.warp\.sync)",
                          conversion)) == 3
    _run(case, lowered)


def test_rounds_set_by_registers_and_threads_are_refused():
    """A round bit that one side's registers and lanes both set: no thread
    knows which registers a round takes, so the plan is refused."""
    case = dict(LANE_TURNS, memory="[[0, 1], [0, 2], [0, 4], [0, 16], "
                                   "[1, 1], [2, 2], [4, 4], [8, 8], [0, 8]]")
    memory = (f"#ll.linear<{{offset = {case['memory']}}} -> "
              "{dim0 = 16, dim1 = 32}>")
    text = _kernel(case, _two_rounds(memory, 32, 1024))
    with pytest.raises(ValueError, match="by registers alone or by lanes and "
                                         "warps alone"):
        _lower(text)


def _bench_cases(name):
    with open(os.path.join(HERE, "..", "..", "bench", name)) as f:
        return [{"name": c["name"], "src": c["A"], "dst": c["B"],
                 "shape": c["shape"], "dtype": c["dtype"], "warps": c["warps"]}
                for c in json.load(f)]


# Conversions into layouts whose warps repeat each other (a zero warp
# column), stored right after: `owner_loads = true` (docs/planning.md,
# "Loads for a broadcast store") asked for on each, the stores shared out
# over the repeated warps included, which the planner leaves alone.
def _repeats_warps(case):
    shape = {f"dim{i}": n for i, n in enumerate(case["shape"])}
    return any(not any(column) for column in case["dst"]["warp"]) and any(
        free for dim, free in ll.LinearLayout(dict(case["dst"]), shape)
        .free_variable_masks().items() if dim == "warp")


OWNER_CASES = [c for c in (CORPUS + _bench_cases("real_corpus.json")
                           + _bench_cases("heldout_corpus.json")
                           # Random pairs (8- to 64-bit, 1 to 8 warps): about
                           # one in nine has a zero warp column.
                           + case_lib.random_cases(200, seed=4242))
               if _repeats_warps(c)]


@pytest.mark.parametrize("case", OWNER_CASES, ids=lambda c: c["name"])
def test_forced_owner_loads(case):
    text = _kernel(case, "#ll.plan<kind = shared_memory, owner_loads = true>")
    try:
        lowered = _lower(text)
    except ValueError as e:
        # A store vector across the conversion's rounds: a round's loads
        # feed that round's stores. Rejected, located.
        assert re.search(r":\d+:\d+: error: cannot carry out the ll.plan: "
                         r"owner_loads = true needs each store vector in one "
                         r"round, but a vector of the ll.store_tile spans the "
                         r"conversion's \d+ rounds", str(e)), e
        return
    _run(case, lowered)
    # The conversion issues the store; the duplicate warps load inside
    # warp-uniform branches.
    assert "scf.if" in lowered or "llvm.cond_br" in lowered
