"""Conversion planning: how to turn layout A into layout B (docs/planning.md).

``ll.plan_conversion(src, dst, element_bits, target="sm_90")`` classifies the
conversion C = B⁻¹A and picks the mechanism (``"noop"``, ``"registers"``,
``"shuffle"``, ``"shared_memory"``) with everything the lowering needs and the
predicted cost; ``ll.optimal_swizzle`` gives the shared-memory layout of the
paper's §5.4 / appendix 9.2; ``ll.wavefronts`` the Lemma 9.4 cost of one
access pattern. The ``#ll.plan`` that ``ll-opt --ll-plan-conversions`` puts
on each conversion reads back as a dict of the same fields with
``linear_layout.dialect.plan_from_mlir`` (or ``conversion_plans(module)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from linear_layout import _core
from linear_layout._core import LinearLayout

__all__ = [
    "ConversionPlan",
    "ShufflePlan",
    "SwizzlePlan",
    "WavefrontCount",
    "optimal_swizzle",
    "plan_conversion",
    "swizzle_plan",
    "wavefronts",
]

KINDS = ("noop", "registers", "shuffle", "shared_memory")


@dataclass(frozen=True)
class WavefrontCount:
    """Shared-memory wavefronts of one access of a whole tile (Lemma 9.4):
    ``wavefronts = active_warps * instructions_per_warp * phases * 2**conflict_dim``."""

    wavefronts: int
    instructions: int
    active_warps: int
    instructions_per_warp: int
    phases: int
    conflict_dim: int
    vector_bits: int
    # The phases are half-warps, not quarter-warps: a 128-bit load whose
    # groups of four lanes each read at most two vectors (docs/planning.md §3).
    paired_phases: bool = False

    def __int__(self) -> int:
        return self.wavefronts


@dataclass(frozen=True)
class SwizzlePlan:
    """The optimal shared-memory layout and its construction (appendix 9.2).

    Vectors are tensor coordinates ``[dim0, dim1, ...]``. ``vec``, ``sub``,
    ``bank``, ``seg``, ``round`` are the columns of ``memory_layout`` in offset
    order; ``I``, ``E``, ``F``, ``C``, ``H`` the sets of the construction.
    ``thread_round``: the rounds (the last of ``round``) that warps of one
    side or both take by turns, where no register round fits the scratch
    (docs/planning.md, "Rounds over warps").
    """

    memory_layout: LinearLayout
    vector_bits: int
    store: WavefrontCount
    load: WavefrontCount
    shared_bytes: int
    rounds: int
    phase_bits: int
    vec: list
    sub: list
    bank: list
    seg: list
    round: list
    thread_round: list
    store_threads: list
    load_threads: list
    I: list
    E: list
    F: list
    C: list
    H: list
    store_conflict_bound: int
    load_conflict_bound: int
    store_conflict_dim: int
    load_conflict_dim: int
    store_instruction: str
    load_instruction: str
    store_tile: dict
    load_tile: dict

    @property
    def store_wavefronts(self) -> int:
        return self.store.wavefronts

    @property
    def load_wavefronts(self) -> int:
        return self.load.wavefronts

    @classmethod
    def _from_dict(cls, d: dict) -> SwizzlePlan:
        d = dict(d)
        d["store"] = WavefrontCount(**d["store"])
        d["load"] = WavefrontCount(**d["load"])
        return cls(**d)


@dataclass(frozen=True, repr=False)
class ShufflePlan:
    """Warp-shuffle exchange (§5.4). Per round ``k``: destination lane ``l``
    reads lane ``src_lane[k][l]`` (-1: nothing), which sends the registers
    ``send_register[k][s]`` (one per slot, packed into 32-bit words); register
    ``r`` of B in lane ``l`` comes from round ``dst_round[r][l]``, slot
    ``dst_slot[r][l]``."""

    vec: list
    I: list
    E: list
    F: list
    C: list
    G: list
    exchange: list
    round_bases: list
    rounds: int
    words_per_round: int
    shuffles: int
    selects: int
    src_lane: list
    send_register: list
    dst_round: list
    dst_slot: list

    def __repr__(self) -> str:
        return (f"ShufflePlan(rounds={self.rounds}, shuffles={self.shuffles}, "
                f"selects={self.selects}, vec={self.vec}, "
                f"round_bases={self.round_bases})")


@dataclass(frozen=True, repr=False)
class ConversionPlan:
    """How to convert ``src`` into ``dst``; see ``explain()``.

    For ``kind == "registers"``, ``register_map`` maps (register, lane, warp,
    block) of ``dst`` to the register of the same thread of ``src`` holding
    the element, and ``register_sources`` lists it for lane 0 of warp 0.
    """

    kind: str
    classification: str
    conversion: LinearLayout
    element_bits: int
    target: str
    reason: str
    register_sources: list
    register_map: LinearLayout | None
    shuffle: ShufflePlan | None
    swizzle: SwizzlePlan | None
    _explain: str = field(repr=False)
    # The layouts planned between (what plan.to_gluon() exports).
    src: LinearLayout | None = field(default=None, repr=False)
    dst: LinearLayout | None = field(default=None, repr=False)

    # Shared-memory figures (None unless kind == "shared_memory").
    @property
    def memory_layout(self) -> LinearLayout | None:
        return self.swizzle.memory_layout if self.swizzle else None

    @property
    def vector_bits(self) -> int | None:
        return self.swizzle.vector_bits if self.swizzle else None

    @property
    def store_wavefronts(self) -> int | None:
        return self.swizzle.store.wavefronts if self.swizzle else None

    @property
    def load_wavefronts(self) -> int | None:
        return self.swizzle.load.wavefronts if self.swizzle else None

    @property
    def shared_bytes(self) -> int:
        return self.swizzle.shared_bytes if self.swizzle else 0

    @property
    def rounds(self) -> int:
        if self.swizzle:
            return self.swizzle.rounds
        if self.shuffle:
            return self.shuffle.rounds
        return 0

    @property
    def shuffles(self) -> int:
        return self.shuffle.shuffles if self.shuffle else 0

    @property
    def selects(self) -> int:
        return self.shuffle.selects if self.shuffle else 0

    def explain(self) -> str:
        """A walk-through of the decisions: I, E, F, H, the segment basis, the
        predicted wavefronts and why they are optimal."""
        return self._explain

    def __repr__(self) -> str:
        parts = [f"kind={self.kind!r}", f"element_bits={self.element_bits}",
                 f"target={self.target!r}"]
        if self.swizzle:
            s = self.swizzle
            parts += [f"store={s.store_instruction}",
                      f"load={s.load_instruction}",
                      f"vector_bits={s.vector_bits}",
                      f"store_wavefronts={s.store.wavefronts}",
                      f"load_wavefronts={s.load.wavefronts}",
                      f"shared_bytes={s.shared_bytes}", f"rounds={s.rounds}"]
        if self.shuffle:
            parts += [f"rounds={self.shuffle.rounds}",
                      f"shuffles={self.shuffle.shuffles}",
                      f"selects={self.shuffle.selects}"]
        return f"ConversionPlan({', '.join(parts)})"

    def __str__(self) -> str:
        return self._explain


def _check_layout(value: Any, name: str) -> LinearLayout:
    if not isinstance(value, LinearLayout):
        raise TypeError(f"{name} must be a LinearLayout, not {type(value).__name__}")
    return value


def _check_bits(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


def _check_target(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"target must be a str, not {type(value).__name__}")
    return value


def plan_conversion(src: LinearLayout, dst: LinearLayout, element_bits: int,
                    target: str = "sm_90", *, kind: str | None = None,
                    allow_rounds: bool = True,
                    allow_matrix: bool = True,
                    allow_one_sided: bool | None = None) -> ConversionPlan:
    """Plans the conversion from ``src`` (A) to ``dst`` (B).

    ``kind`` forces a mechanism (it must be able to do the conversion);
    ``allow_rounds=False`` keeps the shared-memory conversion in one round;
    ``allow_matrix=False`` is the paper's construction alone: only
    ``ld.shared``/``st.shared`` vectors of A_reg ∩ B_reg on both sides (no
    ``ldmatrix``/``stmatrix``, no one-sided vectors, docs/planning.md).
    ``allow_one_sided`` decides the one-sided vectors (docs/planning.md
    §5b) by itself, as ``ll-plan-conversions``' ``allow-one-sided``;
    unset, they follow ``allow_matrix``.
    """
    _check_layout(src, "src")
    _check_layout(dst, "dst")
    _check_bits(element_bits, "element_bits")
    _check_target(target)
    if kind is not None and not isinstance(kind, str):
        raise TypeError(f"kind must be a str or None, not {type(kind).__name__}")
    if not isinstance(allow_rounds, bool):
        raise TypeError("allow_rounds must be a bool")
    if not isinstance(allow_matrix, bool):
        raise TypeError("allow_matrix must be a bool")
    if allow_one_sided is not None and not isinstance(allow_one_sided, bool):
        raise TypeError("allow_one_sided must be a bool or None")
    d = _core._plan_conversion(src, dst, element_bits, target, kind,
                               allow_rounds, allow_matrix, allow_one_sided)
    return ConversionPlan(
        kind=d["kind"], classification=d["classification"],
        conversion=d["conversion"], element_bits=d["element_bits"],
        target=d["target"], reason=d["reason"],
        register_sources=d["register_sources"],
        register_map=d["register_map"],
        shuffle=ShufflePlan(**d["shuffle"]) if d["shuffle"] is not None else None,
        swizzle=SwizzlePlan._from_dict(d["swizzle"]) if d["swizzle"] is not None else None,
        _explain=d["explain"], src=src, dst=dst)


def swizzle_plan(src: LinearLayout, dst: LinearLayout, element_bits: int,
                 target: str = "sm_90", *, allow_rounds: bool = False,
                 allow_matrix: bool = False) -> SwizzlePlan:
    """The whole construction of the optimal swizzle (sets, bounds, costs)."""
    _check_layout(src, "src")
    _check_layout(dst, "dst")
    _check_bits(element_bits, "element_bits")
    _check_target(target)
    if not isinstance(allow_rounds, bool) or not isinstance(allow_matrix, bool):
        raise TypeError("allow_rounds and allow_matrix must be bools")
    return SwizzlePlan._from_dict(
        _core._optimal_swizzle(src, dst, element_bits, target, allow_rounds,
                               allow_matrix))


def optimal_swizzle(src: LinearLayout, dst: LinearLayout, element_bits: int,
                    target: str = "sm_90") -> LinearLayout:
    """The memory layout ``offset -> dims`` through which storing ``src`` and
    loading ``dst`` with ``st.shared``/``ld.shared`` vectors takes the fewest
    wavefronts, at maximal vector width (one round over the whole tile)."""
    return swizzle_plan(src, dst, element_bits, target).memory_layout


def wavefronts(memory_layout: LinearLayout, distributed: LinearLayout,
               element_bits: int, vector_bits: int | None = None,
               target: str = "sm_90", *, access: str = "load") -> int:
    """Total shared-memory wavefronts (all warps, all instructions) of
    ``distributed`` loading (``access="load"``), storing (``"store"``: each
    element written once) or loading for a store of its own
    (``"owner_load"``: the lanes that hold copies load nothing, as with
    ``owner_loads``) the tile laid out by ``memory_layout``, with
    ``vector_bits`` per thread access (default: ``element_bits``). The
    hardware model is docs/planning.md §3, measured against Nsight Compute
    in bench/hw (a 128-bit load whose groups of four lanes read at most two
    vectors is split into half-warps, not quarter-warps, on NVIDIA)."""
    return wavefront_count(memory_layout, distributed, element_bits,
                           vector_bits, target, access=access).wavefronts


def wavefront_count(memory_layout: LinearLayout, distributed: LinearLayout,
                    element_bits: int, vector_bits: int | None = None,
                    target: str = "sm_90", *, access: str = "load") -> WavefrontCount:
    """Like :func:`wavefronts`, with the factors of the count."""
    _check_layout(memory_layout, "memory_layout")
    _check_layout(distributed, "distributed")
    _check_bits(element_bits, "element_bits")
    if vector_bits is None:
        vector_bits = element_bits
    _check_bits(vector_bits, "vector_bits")
    _check_target(target)
    if not isinstance(access, str):
        raise TypeError(f"access must be a str, not {type(access).__name__}")
    return WavefrontCount(**_core._wavefronts(memory_layout, distributed,
                                              element_bits, vector_bits,
                                              target, access))


def select_free_layouts(src: LinearLayout, dst: LinearLayout,
                        element_bits: int, target: str = "sm_90"
                        ) -> tuple[LinearLayout, LinearLayout] | None:
    """``(src', dst')``: ``src`` and ``dst`` with each lane's registers in the
    order in which the warp-shuffle plan from ``src`` to ``dst`` sends and
    receives them (docs/register-order.md). Every thread holds the same
    elements as before, and the conversion ``src' -> dst'`` needs the same
    shuffles and no select. None when the plan has no such orders (a lane
    that sends or receives nothing in a round, as with broadcast).
    ValueError when the conversion is not a shuffle between lanes (it moves
    data between warps)."""
    _check_layout(src, "src")
    _check_layout(dst, "dst")
    _check_bits(element_bits, "element_bits")
    _check_target(target)
    return _core._select_free_layouts(src, dst, element_bits, target)

