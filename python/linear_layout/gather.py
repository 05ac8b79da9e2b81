"""Gather planning: how ``ll.gather`` fetches its elements (docs/gather.md).

``ll.plan_gather(src, index, axis, element_bits, target="sm_90")`` says
whether the gather is warp-local (every element a thread needs is held in
its own warp: the paper's §5.5 condition), and whether it is done by warp
shuffles or through shared memory, with the counts and the cost model's
estimates behind the choice. ``plan.explain()`` walks through it.
"""

from __future__ import annotations

from dataclasses import dataclass

from linear_layout import _core
from linear_layout._core import LinearLayout
from linear_layout.families import _bool
from linear_layout.planning import _check_bits, _check_layout, _check_target

__all__ = ["GatherPlan", "plan_gather"]


@dataclass(frozen=True)
class GatherPlan:
    """The plan of one gather. ``kind`` is ``"shuffle"`` or
    ``"shared_memory"``. Shuffle figures (per thread) are ``None`` when the
    gather is not warp-local; the shared-memory figures are always there
    (the fallback, and the cost the choice compares with)."""

    kind: str
    axis: int
    element_bits: int
    target: str
    warp_local: bool
    not_warp_local: str
    reason: str
    index_registers: int
    distinct_index_registers: int
    shuffle_cost: float
    shared_cost: float
    shuffle_live_registers: int | None
    shared_live_registers: int
    indices_live_after: bool  # counted in the live registers when True
    indices_live_only_across_loop: bool  # then only their addresses count
    source_live_after: bool  # counted in the shared-memory estimate when True
    other_live_registers: int  # of other tensors live across the gather
    results_consumed_one_by_one: bool  # by elementwise users (shuffles)
    shuffles: int | None
    selects: int | None
    shuffles_per_register: int | None
    candidate_registers: int | None
    packed_per_word: int | None
    memory_layout: LinearLayout
    vector_bits: int
    store_wavefronts: int
    load_instructions: int
    load_wavefronts_conflict_free: int
    shared_bytes: int  # one round's scratch
    rounds: int  # the top log2(rounds) bits of memory_layout; 1 by default
    _explain: str = ""

    def explain(self) -> str:
        """The planner's walk-through of the decision."""
        return self._explain

    def __str__(self) -> str:
        return self._explain


def plan_gather(
    src: LinearLayout,
    index: LinearLayout,
    axis: int,
    element_bits: int,
    target: str = "sm_90",
    *,
    kind: str | None = None,
    indices_live_after: bool = True,
    indices_live_only_across_loop: bool = False,
    source_live_after: bool = False,
    other_live_registers: int = 0,
    results_consumed_one_by_one: bool = False,
) -> GatherPlan:
    """Plans ``ll.gather`` of a tensor of layout ``src`` by indices (and a
    result) of layout ``index`` along ``axis``. ``kind`` forces the
    mechanism (``"shuffle"`` needs a warp-local gather).
    ``indices_live_after``: whether the indices are used after the gather
    (or live across a loop around it), which the register estimate counts;
    ``indices_live_only_across_loop``: whether they live after it only as
    its own loop-invariant operand (nothing else uses them), so that the
    shared-memory estimate counts their addresses, made once before the
    loop, and not the indices; ``source_live_after``: whether the source
    is used after the gather (or carried by a loop around it), which the
    shared-memory estimate then counts (it frees the source at its store
    otherwise; the shuffles hold it either way);
    ``other_live_registers``: 32-bit registers per thread of other tensors
    live across the gather; ``results_consumed_one_by_one``: whether every
    user of the result is elementwise (the shuffles then hold no results).
    ``ll-plan-conversions`` reads all five from the IR (docs/gather.md,
    "Registers")."""
    _check_layout(src, "src")
    _check_layout(index, "index")
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise TypeError(f"axis must be an int, not {type(axis).__name__}")
    _check_bits(element_bits, "element_bits")
    _check_target(target)
    if kind is not None and not isinstance(kind, str):
        raise TypeError(f"kind must be a str or None, not {type(kind).__name__}")
    for name, value in (
        ("indices_live_after", indices_live_after),
        ("indices_live_only_across_loop", indices_live_only_across_loop),
        ("source_live_after", source_live_after),
        ("results_consumed_one_by_one", results_consumed_one_by_one),
    ):
        _bool(name, value)
    if isinstance(other_live_registers, bool) or not isinstance(
        other_live_registers, int
    ):
        raise TypeError(
            "other_live_registers must be an int, not "
            f"{type(other_live_registers).__name__}"
        )
    d = _core._plan_gather(
        src,
        index,
        axis,
        element_bits,
        target,
        kind,
        indices_live_after,
        indices_live_only_across_loop,
        source_live_after,
        other_live_registers,
        results_consumed_one_by_one,
    )
    explain = d.pop("explain")
    return GatherPlan(**d, _explain=explain)
