"""Hypothesis strategies producing oracle layouts (:class:`oracle.Layout`).

Tests convert them to library layouts themselves; nothing here imports the
library. Sizes stay small (<= 10 input and output bits by default) so the
brute-force oracle remains fast.
"""

from __future__ import annotations

import oracle as o
from hypothesis import strategies as st

DISTRIBUTED_INS = ["register", "lane", "warp", "block"]
TENSOR_OUTS = ["dim0", "dim1", "dim2"]
ANY_INS = ["register", "lane", "warp", "block", "offset"]


def _to_values(column: int, out_dims) -> list[int]:
    return [int(v) for v in o.unflatten(tuple(out_dims), column)]


def _build(in_names, counts, columns, out_dims) -> o.Layout:
    """Splits flat columns over in dims (counts bits each) into a layout."""
    bases, at = {}, 0
    for name, count in zip(in_names, counts):
        bases[name] = [_to_values(c, out_dims) for c in columns[at:at + count]]
        at += count
    assert at == len(columns)
    return o.make(bases, list(out_dims))


@st.composite
def _split(draw, total: int, parts: int) -> list[int]:
    """`total` split into `parts` non-negative counts."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1,
                                max_size=parts - 1))) if parts else []
    if not parts:
        return []
    edges = [0, *cuts, total]
    return [edges[i + 1] - edges[i] for i in range(parts)]


@st.composite
def out_dims(draw, names=TENSOR_OUTS, min_dims=0, max_dims=3, max_bits=8,
             max_dim_bits=5):
    chosen = draw(st.lists(st.sampled_from(names), unique=True,
                           min_size=min_dims, max_size=max_dims))
    dims, left = [], max_bits
    for name in chosen:
        bits = draw(st.integers(0, min(max_dim_bits, left)))
        left -= bits
        dims.append((name, 1 << bits))
    return dims


@st.composite
def in_names(draw, names=ANY_INS, min_dims=0, max_dims=4):
    return draw(st.lists(st.sampled_from(names), unique=True, min_size=min_dims,
                         max_size=max_dims))


def column(out_bits: int):
    """A flat output value: zero, a single bit, or arbitrary (an XOR mix)."""
    if out_bits == 0:
        return st.just(0)
    return st.one_of(st.just(0),
                     st.integers(0, out_bits - 1).map(lambda b: 1 << b),
                     st.integers(0, (1 << out_bits) - 1))


@st.composite
def layouts(draw, ins=ANY_INS, outs=TENSOR_OUTS, max_in_bits=10, max_out_bits=10,
            out=None, min_in_dims=0, min_out_dims=0):
    """Arbitrary layouts: any dims (sizes 1 included), any basis values."""
    dims = out if out is not None else draw(out_dims(
        names=outs, min_dims=min_out_dims, max_bits=max_out_bits))
    out_bits = sum(s.bit_length() - 1 for _, s in dims)
    names = draw(in_names(names=ins, min_dims=min_in_dims))
    total = draw(st.integers(0, max_in_bits))
    counts = draw(_split(total, len(names))) if names else []
    total = sum(counts)
    columns = draw(st.lists(column(out_bits), min_size=total, max_size=total))
    return _build(names, counts, columns, dims)


@st.composite
def distributed_layouts(draw, surjective: bool | None = None, max_out_bits=8,
                        max_zeros=3, out=None):
    """register/lane/warp[/block] -> dim0, dim1[, dim2]: every basis is zero
    (broadcast) or a distinct single output bit (permutation-like)."""
    if out is None:
        n_dims = draw(st.integers(2, 3))
        out = draw(out_dims(names=TENSOR_OUTS[:n_dims], min_dims=n_dims,
                            max_dims=n_dims, max_bits=max_out_bits, max_dim_bits=4))
        out = sorted(out, key=lambda d: TENSOR_OUTS.index(d[0]))
    out_bits = sum(s.bit_length() - 1 for _, s in out)
    units = [1 << b for b in range(out_bits)]
    if surjective is False or (surjective is None and draw(st.booleans())):
        keep = draw(st.integers(0, len(units)))
        units = draw(st.permutations(units))[:keep]
    zeros = draw(st.integers(0, max_zeros))
    columns = draw(st.permutations(units + [0] * zeros))
    names = DISTRIBUTED_INS[:3] + (["block"] if draw(st.booleans()) else [])
    counts = draw(_split(len(columns), len(names)))
    return _build(names, counts, columns, out)


@st.composite
def swizzle_layouts(draw, max_bits=9):
    """offset[, block] -> dim0, dim1 with arbitrary (XOR-combination) bases."""
    out = draw(out_dims(names=["dim0", "dim1"], min_dims=2, max_dims=2,
                        max_bits=max_bits))
    out = sorted(out)
    out_bits = sum(s.bit_length() - 1 for _, s in out)
    offset_bits = draw(st.integers(0, max_bits))
    block_bits = draw(st.integers(0, 1)) if draw(st.booleans()) else None
    names = ["offset"] + (["block"] if block_bits is not None else [])
    counts = [offset_bits] + ([block_bits] if block_bits is not None else [])
    columns = draw(st.lists(st.integers(0, (1 << out_bits) - 1),
                            min_size=sum(counts), max_size=sum(counts)))
    return _build(names, counts, columns, out)


@st.composite
def invertible_layouts(draw, max_bits=8, ins=ANY_INS, outs=TENSOR_OUTS):
    """Square bijections: a bit permutation mixed by random column XORs, with
    the input and output bits split over random dims."""
    n = draw(st.integers(0, max_bits))
    columns = draw(st.permutations([1 << b for b in range(n)]))
    if n >= 2:
        for i, j in draw(st.lists(st.tuples(st.integers(0, n - 1),
                                            st.integers(0, n - 1)), max_size=12)):
            if i != j:
                columns[i] ^= columns[j]
    out_names = draw(in_names(names=outs, min_dims=1, max_dims=3))
    out_counts = draw(_split(n, len(out_names)))
    dims = [(name, 1 << c) for name, c in zip(out_names, out_counts)]
    names = draw(in_names(names=ins, min_dims=1))
    return _build(names, draw(_split(n, len(names))), columns, dims)


@st.composite
def surjective_layouts(draw, out=None, ins=DISTRIBUTED_INS, max_extra=3,
                       max_out_bits=8):
    """Layouts that reach every output: all unit vectors, XOR-mixed with
    earlier columns, plus extra arbitrary columns (broadcast/duplicates)."""
    if out is None:
        out = draw(out_dims(min_dims=1, max_bits=max_out_bits))
    out_bits = sum(s.bit_length() - 1 for _, s in out)
    columns = [1 << b for b in range(out_bits)]
    columns += draw(st.lists(column(out_bits), max_size=max_extra))
    columns = draw(st.permutations(columns))
    names = draw(in_names(names=ins, min_dims=1))
    # Mixing a column with another keeps the span as long as the source of
    # every XOR is not itself: a product of elementary column operations.
    pairs = st.tuples(st.integers(0, len(columns) - 1),
                      st.integers(0, len(columns) - 1))
    for i, j in draw(st.lists(pairs, max_size=6)) if columns else []:
        if i != j:
            columns[i] ^= columns[j]
    return _build(names, draw(_split(len(columns), len(names))), columns, out)


@st.composite
def conversion_pairs(draw, shrink_a: bool = True):
    """(A, B) with the same output dims, B surjective, for A.invert_and_compose(B).

    Some of A's input dims are exact copies of B's (to exercise the identity
    rule); A's output order may be permuted and, optionally, A's output sizes
    smaller than B's.
    """
    b = draw(st.one_of(surjective_layouts(),
                       distributed_layouts(surjective=True)))
    a_out = list(b.out_dims)
    if shrink_a and draw(st.booleans()):
        a_out = [(n, s >> draw(st.integers(0, s.bit_length() - 1))) for n, s in a_out]
    a_out = draw(st.permutations(a_out))
    out_bits = sum(s.bit_length() - 1 for _, s in a_out)
    b_images = o.images_by_name(b)
    bases, budget = {}, 12          # A's input bits, to keep the oracle fast
    for name in draw(in_names(names=DISTRIBUTED_INS, min_dims=0)):
        b_bits = b.in_dim_size(name).bit_length() - 1
        copy_ok = name in b.in_names and b_bits <= budget and all(
            b_images[name, bit][n] < s for bit in range(b_bits) for n, s in a_out)
        if copy_ok and draw(st.booleans()):
            bases[name] = [[b_images[name, bit][n] for n, _ in a_out]
                           for bit in range(b_bits)]
        else:
            count = draw(st.integers(0, min(4, budget)))
            cols = draw(st.lists(column(out_bits), min_size=count, max_size=count))
            bases[name] = [_to_values(c, a_out) for c in cols]
        budget -= len(bases[name])
    return o.make(bases, a_out), b


@st.composite
def compose_pairs(draw):
    """(A, B) with B's input dims = A's output dims (any order, sizes >=)."""
    a = draw(layouts(max_in_bits=8, max_out_bits=7))
    b_in = [(n, s << draw(st.integers(0, 1))) for n, s in a.out_dims]
    b_in = draw(st.permutations(b_in))
    b_out = draw(out_dims(names=["x", "y", "dim0"], max_bits=8))
    out_bits = sum(s.bit_length() - 1 for _, s in b_out)
    total = sum(s.bit_length() - 1 for _, s in b_in)
    columns = draw(st.lists(column(out_bits), min_size=total, max_size=total))
    b = _build([n for n, _ in b_in], [s.bit_length() - 1 for _, s in b_in],
               columns, b_out)
    return a, b


@st.composite
def product_pairs(draw):
    """(A, B) over overlapping dim names, small enough that A*B <= 12 bits."""
    a = draw(layouts(ins=["register", "lane", "warp"], outs=["dim0", "dim1", "dim2"],
                     max_in_bits=6, max_out_bits=6))
    b = draw(layouts(ins=["lane", "warp", "block"], outs=["dim1", "dim0", "dim3"],
                     max_in_bits=6, max_out_bits=6))
    return a, b


@st.composite
def division_cases(draw):
    """(B, C) for checking that (B * C) divides by B (left) and C (right)."""
    return draw(product_pairs())


@st.composite
def wide_layouts(draw, max_dim_bits=62):
    """Up to 64 input and 64 output bits (no dim above 2**62): for evaluating
    single points only (``oracle.make(..., enumerable=False)``)."""
    outs, left = [], 64
    for name in draw(in_names(names=TENSOR_OUTS, min_dims=1, max_dims=3)):
        bits = draw(st.integers(0, min(max_dim_bits, left)))
        left -= bits
        outs.append((name, 1 << bits))
    bases, left = {}, 64
    for name in draw(in_names(names=ANY_INS, min_dims=1)):
        bits = draw(st.integers(0, min(max_dim_bits, left)))
        left -= bits
        bases[name] = [[draw(st.one_of(st.just(0), st.integers(0, size - 1)))
                        for _, size in outs] for _ in range(bits)]
    return o.make(bases, outs, enumerable=False)
