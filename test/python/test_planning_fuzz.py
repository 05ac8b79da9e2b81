"""Arbitrary (often invalid) arguments to the planning API: a result or a
ValueError/TypeError, never a crash or a hang."""

from __future__ import annotations

import linear_layout as ll
import oracle as o
from hypothesis import given
from hypothesis import strategies as st
from planning_strategies import planning_settings
from strategies import layouts

ANY = ["register", "lane", "warp", "block", "offset"]


def lib(layout: o.Layout) -> ll.LinearLayout:
    return ll.LinearLayout(layout.bases, list(layout.out_dims))


@planning_settings(150)
@given(layouts(ins=ANY, max_in_bits=12, max_out_bits=9),
       layouts(ins=ANY, max_in_bits=12, max_out_bits=9),
       st.sampled_from([8, 16, 32, 64, 0, 7, -8, 1024]),
       st.sampled_from(["sm_90", "sm_80", "gfx942", "gfx950", "sm_", "x"]),
       st.sampled_from([None, "noop", "registers", "shuffle",
                        "shared_memory", "bogus"]))
def test_plan_conversion_never_crashes(a, b, bits, target, kind):
    try:
        plan = ll.plan_conversion(lib(a), lib(b), bits, target, kind=kind)
    except (ValueError, TypeError):
        return
    assert plan.kind in ("noop", "registers", "shuffle", "shared_memory")
    assert isinstance(plan.explain(), str)


@planning_settings(150)
@given(layouts(ins=ANY, max_in_bits=12, max_out_bits=9),
       layouts(ins=ANY, max_in_bits=12, max_out_bits=9),
       st.sampled_from([8, 16, 32, 64, 3]),
       st.sampled_from([8, 16, 32, 64, 128, 256, 24, 0]),
       st.sampled_from(["load", "store", "both"]))
def test_wavefronts_and_swizzle_never_crash(m, d, bits, vector_bits, access):
    try:
        ll.wavefronts(lib(m), lib(d), bits, vector_bits, access=access)
    except (ValueError, TypeError):
        pass
    try:
        ll.optimal_swizzle(lib(m), lib(d), bits)
    except (ValueError, TypeError):
        pass


def test_huge_register_counts_do_not_hang():
    # 2^40 registers per thread: planned without enumerating them.
    regs = [[1 << i] for i in range(40)]
    a = ll.LinearLayout({"register": regs, "lane": [], "warp": []},
                        {"dim0": 1 << 40})
    b = ll.LinearLayout({"register": regs[::-1], "lane": [], "warp": []},
                        {"dim0": 1 << 40})
    plan = ll.plan_conversion(a, b, 32)
    assert plan.kind == "registers" and plan.register_sources == []
    assert plan.register_map.apply({"register": 1, "lane": 0, "warp": 0,
                                    "block": 0}) == {"register": 1 << 39}
