"""Hypothesis strategies for conversion planning: pairs of distributed
layouts over the same tensor, with broadcast (zero bases) on either side:
unit/zero bases (distributed_pairs, Definition 4.10) or XOR-mixed,
swizzle-like bases (mixed_distributed_pairs), both always surjective.

Layouts are returned as (bases dict, sizes) so that tests can build library
layouts and oracle layouts from the same data.
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st


def _columns_to_bases(cols, sizes):
    """Flat columns -> per-dim values (first dim least significant)."""
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


def _pair_columns(draw, same_warps, max_bits, max_zeros, lane_bits):
    """Flat unit/zero columns of A and B (register, lane, warp each) and the
    tensor sizes; with same_warps B keeps A's warp columns."""
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
    return (ra, la, wa), (rb, lb, wb), sizes, same_warps


def _as_bases(columns, sizes):
    reg, lane, warp = columns
    return {"register": _columns_to_bases(reg, sizes),
            "lane": _columns_to_bases(lane, sizes),
            "warp": _columns_to_bases(warp, sizes)}


@st.composite
def distributed_pairs(draw, same_warps=None, max_bits=9, max_zeros=2,
                      lane_bits=5):
    """(A, B, sizes): A and B map register/lane/warp onto every element of the
    tensor (each basis a distinct unit vector or zero). With same_warps, B
    keeps A's warp bases (an intra-warp conversion)."""
    a, b, sizes, _ = _pair_columns(draw, same_warps, max_bits, max_zeros,
                                   lane_bits)
    return _as_bases(a, sizes), _as_bases(b, sizes), sizes


def _apply(matrix, column):
    """matrix (images of the unit vectors) applied to a flat column over F2."""
    out, bit = 0, 0
    while column:
        if column & 1:
            out ^= matrix[bit]
        column >>= 1
        bit += 1
    return out


def _elementary_ops(rng, n, bits, ops):
    """An invertible n x n matrix over F2 that moves only the given bit
    positions: a product of `ops` elementary operations e_i -> e_i + e_j
    (i != j, both in bits), as the images of the unit vectors."""
    images = [1 << b for b in range(n)]
    bits = sorted(bits)
    if len(bits) >= 2:
        for _ in range(ops):
            i, j = rng.sample(bits, 2)
            images[i] ^= images[j]
    return images


def _dependent(rng, columns, pool):
    """Zero columns, about half of them replaced by an XOR of 1-3 columns of
    the pool: broadcast by a non-zero column (duplicated data without a
    zero basis)."""
    out = []
    for c in columns:
        if c == 0 and pool and rng.random() < 0.5:
            for _ in range(rng.randint(1, 3)):
                c ^= rng.choice(pool)
        out.append(c)
    return out


@st.composite
def mixed_distributed_pairs(draw, same_warps=None, max_bits=9, max_zeros=2,
                            lane_bits=5, max_ops=12):
    """(A, B, sizes) like distributed_pairs, but with XOR-mixed (swizzle-like)
    bases: A = T_A P_A and B = T_A U P_B, where P_A, P_B are unit/zero
    layouts and T_A, U random invertible maps of the tensor space (products
    of elementary XOR operations). Both stay surjective (an invertible map
    of a spanning set spans). Zero columns may become XORs of other columns
    (broadcast without a zero basis). With same_warps, B keeps A's warp
    columns and U only mixes the bits outside them, so every warp holds the
    same elements in A and B (an intra-warp conversion).

    The mixing is drawn as operation counts and a seed (one draw each, so
    that generation stays cheap); every count shrinks to 0, which gives back
    the unit/zero layouts of distributed_pairs."""
    (ra, la, wa), (rb, lb, wb), sizes, same_warps = _pair_columns(
        draw, same_warps, max_bits, max_zeros, lane_bits)
    ops_a = draw(st.integers(0, max_ops))
    ops_u = draw(st.integers(0, max_ops))
    dependent = draw(st.booleans())
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    n = sum(s.bit_length() - 1 for s in sizes)
    t_a = _elementary_ops(rng, n, range(n), ops_a)
    warp_bits = {c.bit_length() - 1 for c in wa if c}
    inner = [b for b in range(n) if not same_warps or b not in warp_bits]
    t_b = [_apply(t_a, c) for c in _elementary_ops(rng, n, inner, ops_u)]
    a = [[_apply(t_a, c) for c in cols] for cols in (ra, la, wa)]
    b = [[_apply(t_b, c) for c in cols] for cols in (rb, lb, wb)]
    if dependent:
        # Register and lane columns repeat only register and lane directions
        # of their own layout, so that with same_warps every warp still holds
        # span(reg, lane); warp columns may repeat anything of their layout.
        pool_a = [c for c in a[0] + a[1] if c]
        pool_b = [c for c in b[0] + b[1] if c]
        a[0], a[1] = _dependent(rng, a[0], pool_a), _dependent(rng, a[1], pool_a)
        b[0], b[1] = _dependent(rng, b[0], pool_b), _dependent(rng, b[1], pool_b)
        a[2] = _dependent(rng, a[2], [c for cols in a for c in cols if c])
        b[2] = list(a[2]) if same_warps else _dependent(
            rng, b[2], [c for cols in b for c in cols if c])
    return _as_bases(a, sizes), _as_bases(b, sizes), sizes


def any_distributed_pairs(**kwargs):
    """Unit/zero pairs or XOR-mixed pairs, half and half."""
    return st.one_of(distributed_pairs(**kwargs),
                     mixed_distributed_pairs(**kwargs))


element_bits = st.sampled_from([8, 16, 32, 64])


# How many examples the planning property tests run: the counts in the tests
# times LL_HYPOTHESIS_SCALE (default 1; LL_HYPOTHESIS_SCALE=10 for a thorough
# run, docs/planning.md §8).
SCALE = max(1, int(os.environ.get("LL_HYPOTHESIS_SCALE", "1") or 1))


def planning_settings(examples: int) -> settings:
    """Hypothesis settings for a planning property test of `examples`
    examples (scaled by LL_HYPOTHESIS_SCALE), without deadline."""
    return settings(max_examples=examples * SCALE, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
