"""Triton 3.6 / Gluon interop: layouts and plans out to Triton (docs/triton-interop.md).

``layout.to_ttg()`` writes a layout as the ``#ttg.linear`` (distributed) or
``#ttg.shared_linear`` (memory) attribute text that Triton 3.6 parses;
``layout.to_gluon()`` builds the Gluon layout object
(``DistributedLinearLayout`` / ``SharedLinearLayout``); ``plan.to_gluon()``
gives what a Gluon kernel needs to carry out a shared-memory plan itself:
the shared layout to allocate with and the layouts to store from and load
into. The Gluon objects need Triton (``pip install triton==3.6.0``); the
text does not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from linear_layout._core import LinearLayout

__all__ = ["GluonPlan", "attach", "to_gluon", "to_ttg"]

DISTRIBUTED_DIMS = ("register", "lane", "warp", "block")
MEMORY_DIMS = ("offset", "block")
# Gluon's SharedLinearLayout default (bytes).
SHARED_ALIGNMENT = 16


def _check(layout: Any) -> LinearLayout:
    if not isinstance(layout, LinearLayout):
        raise TypeError(f"expected a LinearLayout, got {type(layout).__name__}")
    return layout


def _kind(layout: LinearLayout) -> str:
    """'distributed' or 'memory', or a ValueError naming what is wrong."""
    ins = list(layout.in_dims)
    outs = list(layout.out_dims)
    if outs != [f"dim{i}" for i in range(len(outs))]:
        raise ValueError(
            f"Triton layouts have output dimensions dim0, dim1, ...; this one has {outs}"
        )
    if ins and ins[0] == "offset":
        allowed = MEMORY_DIMS
        kind = "memory"
    else:
        allowed = DISTRIBUTED_DIMS
        kind = "distributed"
    if [d for d in ins if d not in allowed] or ins != [d for d in allowed if d in ins]:
        raise ValueError(
            f"a Triton {kind} layout has input dimensions {', '.join(allowed)} (in that order); this one has {ins}"
        )
    return kind


def _bases(layout: LinearLayout, dim: str) -> list:
    return [list(b) for b in layout.bases.get(dim, [])]


def _bases_text(bases: list) -> str:
    return (
        "[" + ", ".join("[" + ", ".join(str(v) for v in b) + "]" for b in bases) + "]"
    )


def to_ttg(layout: LinearLayout) -> str:
    """The layout as Triton 3.6 attribute text: ``#ttg.linear<{register =
    ..., lane = ..., warp = ..., block = ...}>`` for a distributed layout
    (the encoding of a tensor of the layout's output shape), or
    ``#ttg.shared_linear<{offset = ..., block = ...}, alignment = 16>`` for a
    memory layout."""
    layout = _check(layout)
    kind = _kind(layout)
    dims = DISTRIBUTED_DIMS if kind == "distributed" else MEMORY_DIMS
    body = ", ".join(f"{d} = {_bases_text(_bases(layout, d))}" for d in dims)
    if kind == "distributed":
        return f"#ttg.linear<{{{body}}}>"
    return f"#ttg.shared_linear<{{{body}}}, alignment = {SHARED_ALIGNMENT}>"


def _gluon():
    try:
        from triton.experimental.gluon.language import _layouts
    except ImportError as e:
        raise ImportError(
            "to_gluon needs Triton 3.6's Gluon: pip install triton==3.6.0"
        ) from e
    return _layouts


def to_gluon(layout: LinearLayout):
    """The layout as a Gluon object: ``DistributedLinearLayout`` for a
    distributed layout, ``SharedLinearLayout`` for a memory layout."""
    layout = _check(layout)
    kind = _kind(layout)
    gl = _gluon()
    if kind == "distributed":
        return gl.DistributedLinearLayout(
            reg_bases=_bases(layout, "register"),
            lane_bases=_bases(layout, "lane"),
            warp_bases=_bases(layout, "warp"),
            block_bases=_bases(layout, "block"),
            shape=list(layout.out_dims.values()),
        )
    return gl.SharedLinearLayout(
        offset_bases=_bases(layout, "offset"),
        block_bases=_bases(layout, "block"),
        alignment=SHARED_ALIGNMENT,
    )


@dataclass(frozen=True)
class GluonPlan:
    """What a Gluon kernel needs to carry out a shared-memory plan:

    .. code-block:: python

        smem = gl.allocate_shared_memory(dtype, shape, p.shared_layout)
        smem.store(x)                 # x in p.src_layout
        y = smem.load(p.dst_layout)

    ``vector_bits``, ``store_wavefronts`` and ``load_wavefronts`` are the
    plan's (what ncu should measure on the kernel above)."""

    shared_layout: Any
    src_layout: Any
    dst_layout: Any
    shape: list
    vector_bits: int
    store_wavefronts: int
    load_wavefronts: int


def plan_to_gluon(plan) -> GluonPlan:
    """``plan.to_gluon()``: see GluonPlan. A plan that does not go through
    shared memory, or that needs several rounds (one buffer reused), has no
    single-allocation Gluon form: ValueError."""
    if plan.kind != "shared_memory":
        raise ValueError(
            f"a {plan.kind!r} plan does not go through shared memory; gl.convert_layout carries it out without one"
        )
    if plan.rounds != 1:
        raise ValueError(
            f"the plan takes {plan.rounds} rounds through one buffer; a Gluon kernel would need one "
            "allocation per round (plan with allow_rounds=False for a one-round plan)"
        )
    if plan.src is None or plan.dst is None:
        raise ValueError(
            "the plan does not carry its layouts (build it with ll.plan_conversion)"
        )
    return GluonPlan(
        shared_layout=to_gluon(plan.memory_layout),
        src_layout=to_gluon(plan.src),
        dst_layout=to_gluon(plan.dst),
        shape=list(plan.dst.out_dims.values()),
        vector_bits=plan.vector_bits,
        store_wavefronts=plan.store_wavefronts,
        load_wavefronts=plan.load_wavefronts,
    )


def attach():
    """Adds to_ttg/to_gluon to LinearLayout and to_gluon to ConversionPlan."""
    from linear_layout.planning import ConversionPlan

    LinearLayout.to_ttg = to_ttg
    LinearLayout.to_gluon = to_gluon
    ConversionPlan.to_gluon = plan_to_gluon
