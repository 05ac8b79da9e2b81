"""Hypothesis strategies for conversion planning: pairs of distributed
layouts over the same tensor, with broadcast (zero bases) on either side.

Layouts are returned as (bases dict, sizes) so that tests can build library
layouts and oracle layouts from the same data.
"""

from __future__ import annotations

from hypothesis import strategies as st


def _columns_to_bases(cols, sizes):
    """Flat unit/zero columns -> per-dim values (first dim least significant)."""
    out = []
    for c in cols:
        vals, shift = [], 0
        for s in sizes:
            bits = s.bit_length() - 1
            vals.append((c >> shift) & (s - 1))
            shift += bits
        out.append(vals)
    return out


@st.composite
def tensor_sizes(draw, min_bits=5, max_bits=9):
    n = draw(st.integers(min_bits, max_bits))
    b0 = draw(st.integers(0, n))
    return [1 << b0, 1 << (n - b0)]


@st.composite
def _split_columns(draw, units, lane_bits, warp_bits, max_zeros):
    zeros = draw(st.integers(0, max_zeros))
    cols = draw(st.permutations(list(units) + [0] * zeros))
    need = lane_bits + warp_bits
    if len(cols) < need:
        cols = cols + [0] * (need - len(cols))
        cols = draw(st.permutations(cols))
    nreg = len(cols) - need
    return cols[:nreg], cols[nreg:nreg + lane_bits], cols[nreg + lane_bits:]


@st.composite
def distributed_pairs(draw, same_warps=None, max_bits=9, max_zeros=2,
                      lane_bits=5):
    """(A, B, sizes): A and B map register/lane/warp onto every element of the
    tensor (each basis a distinct unit vector or zero). With same_warps, B
    keeps A's warp bases (an intra-warp conversion)."""
    sizes = draw(tensor_sizes(max_bits=max_bits))
    n = sum(s.bit_length() - 1 for s in sizes)
    units = [1 << b for b in range(n)]
    warp_bits = draw(st.integers(0, 2))
    ra, la, wa = draw(_split_columns(units, lane_bits, warp_bits, max_zeros))
    if same_warps is None:
        same_warps = draw(st.booleans())
    if same_warps:
        rest = [u for u in units if u not in wa]
        rb, lb, _ = draw(_split_columns(rest, lane_bits, 0, max_zeros))
        wb = list(wa)
    else:
        rb, lb, wb = draw(_split_columns(units, lane_bits, warp_bits, max_zeros))
    a = {"register": _columns_to_bases(ra, sizes),
         "lane": _columns_to_bases(la, sizes),
         "warp": _columns_to_bases(wa, sizes)}
    b = {"register": _columns_to_bases(rb, sizes),
         "lane": _columns_to_bases(lb, sizes),
         "warp": _columns_to_bases(wb, sizes)}
    return a, b, sizes


element_bits = st.sampled_from([8, 16, 32, 64])
