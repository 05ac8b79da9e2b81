"""Property tests: the library's layout algebra against the brute-force oracle.

Every expected value comes from ``oracle.py``, which enumerates the layouts'
input spaces and never calls the library.
"""

import os
import pickle

import linear_layout as ll
import numpy as np
import oracle as o
import pytest
import strategies as S
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# Examples per property; ~30 properties share a budget of well under a minute.
# LL_PROPERTY_SCALE=10 runs ten times as many (a deeper, slower search).
_SCALE = float(os.environ.get("LL_PROPERTY_SCALE", "1"))
SOME, MANY = int(200 * _SCALE), int(300 * _SCALE)
COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}

any_layout = st.one_of(S.layouts(), S.distributed_layouts(), S.swizzle_layouts(),
                       S.invertible_layouts())


def to_ll(layout: o.Layout) -> ll.LinearLayout:
    return ll.LinearLayout(layout.bases, list(layout.out_dims))


def from_ll(layout: ll.LinearLayout) -> o.Layout:
    result = o.make(layout.bases, list(layout.out_dims.items()))
    assert list(layout.in_dims.items()) == list(result.in_dims)
    return result


def assert_same(got: ll.LinearLayout, expected: o.Layout) -> None:
    """Exact equality: dims (names, sizes, order) and every basis."""
    assert list(got.in_dims.items()) == list(expected.in_dims)
    assert list(got.out_dims.items()) == list(expected.out_dims)
    assert got.bases == expected.bases
    assert got == to_ll(expected)


# ---------------------------------------------------------------------------
# Construction, equality, printing
# ---------------------------------------------------------------------------

@settings(max_examples=MANY, **COMMON)
@given(any_layout)
def test_construction_round_trips_bases_and_dims(layout):
    lib = to_ll(layout)
    assert lib.bases == layout.bases
    assert list(lib.bases) == layout.in_names
    assert list(lib.in_dims.items()) == list(layout.in_dims)
    assert list(lib.out_dims.items()) == list(layout.out_dims)
    # out_dims as a mapping or as (name, size) pairs: the same layout.
    assert ll.LinearLayout(layout.bases, dict(layout.out_dims)) == lib
    assert pickle.loads(pickle.dumps(lib)) == lib
    # The returned containers are copies: mutating them leaves the layout alone.
    lib.bases.setdefault("register", []).append([0] * len(layout.out_dims))
    lib.in_dims["extra"] = 2
    lib.out_dims.clear()
    assert lib.bases == layout.bases and list(lib.out_dims.items()) == list(layout.out_dims)
    # Bases given as tuples are accepted too.
    as_tuples = {d: tuple(tuple(b) for b in bs) for d, bs in layout.bases.items()}
    assert ll.LinearLayout(as_tuples, tuple(layout.out_dims)) == lib


@settings(max_examples=MANY, **COMMON)
@given(any_layout, any_layout)
def test_eq_and_hash_follow_the_oracle(a, b):
    la, lb = to_ll(a), to_ll(b)
    assert (la == lb) == (a == b)
    assert (la != lb) == (a != b)
    assert la == to_ll(a)
    assert hash(la) == hash(to_ll(a))
    if a == b:
        assert hash(la) == hash(lb)


@settings(max_examples=SOME, **COMMON)
@given(any_layout, st.data())
def test_eq_is_sensitive_to_dim_order(layout, data):
    ins = data.draw(st.permutations(layout.in_names))
    outs = data.draw(st.permutations(layout.out_names))
    moved = o.transpose_outs(o.transpose_ins(layout, ins), outs)
    assert (to_ll(moved) == to_ll(layout)) == (moved == layout)
    if ins != layout.in_names or outs != layout.out_names:
        assert to_ll(moved) != to_ll(layout)


@settings(max_examples=MANY, **COMMON)
@given(any_layout)
def test_repr_round_trips_through_eval(layout):
    lib = to_ll(layout)
    again = eval(repr(lib), {"LinearLayout": ll.LinearLayout})
    assert again == lib
    assert again.bases == layout.bases


@settings(max_examples=SOME, **COMMON)
@given(any_layout)
def test_to_mlir_mentions_every_basis(layout):
    text = to_ll(layout).to_mlir()
    assert text.startswith("#ll.linear<{")
    for name, dim_bases in layout.bases.items():
        assert name in text
        for basis in dim_bases:
            assert "[" + ", ".join(str(v) for v in basis) + "]" in text
    for name, size in layout.out_dims:
        assert f"{name} = {size}" in text


@pytest.mark.parametrize("size", [1, 2, 4, 32, 1024])
def test_identity_1d_matches_oracle(size):
    assert_same(ll.LinearLayout.identity_1d(size, "lane", "dim1"),
                o.identity_1d(size, "lane", "dim1"))


@pytest.mark.parametrize("size,out_size", [(1, 1), (4, 1), (8, 16), (2, 2)])
def test_zeros_1d_matches_oracle(size, out_size):
    assert_same(ll.LinearLayout.zeros_1d(size, "register", "dim0", out_size),
                o.zeros_1d(size, "register", "dim0", out_size))
    if out_size == 1:
        assert_same(ll.LinearLayout.zeros_1d(size, "register", "dim0"),
                    o.zeros_1d(size, "register", "dim0"))


@pytest.mark.parametrize("size,stride", [(1, 1), (4, 1), (4, 2), (8, 4), (2, 64), (16, 8)])
def test_strided_1d_matches_oracle(size, stride):
    assert_same(ll.LinearLayout.strided_1d(size, stride, "offset", "dim0"),
                o.strided_1d(size, stride, "offset", "dim0"))


# ---------------------------------------------------------------------------
# apply
# ---------------------------------------------------------------------------

@settings(max_examples=MANY, **COMMON)
@given(any_layout, st.data())
def test_apply_scalar_matches_oracle(layout, data):
    lib = to_ll(layout)
    for _ in range(4):
        point = {name: data.draw(st.integers(0, size - 1))
                 for name, size in layout.in_dims}
        got = lib.apply(point)
        assert list(got) == layout.out_names
        assert got == o.apply(layout, point)
    # Dict order of the argument does not matter.
    point = {name: size - 1 for name, size in reversed(layout.in_dims)}
    assert lib.apply(point) == o.apply(layout, point)


@settings(max_examples=MANY, **COMMON)
@given(any_layout, st.sampled_from([np.int64, np.int32, np.uint16]))
def test_apply_vectorised_on_every_input(layout, dtype):
    lib = to_ll(layout)
    n = layout.in_size
    values = o.unflatten(layout.in_dims, np.arange(n, dtype=np.int64))
    shape = (2, n // 2) if n >= 2 else (n,)
    args = {name: v.astype(dtype).reshape(shape)
            for (name, _), v in zip(layout.in_dims, values)}
    if not args:
        return
    got = lib.apply(args)
    expected = o.table(layout)
    assert list(got) == layout.out_names
    for k, name in enumerate(layout.out_names):
        assert isinstance(got[name], np.ndarray)
        assert got[name].shape == shape
        assert np.array_equal(got[name].reshape(-1), expected[:, k])


@settings(max_examples=SOME, **COMMON)
@given(S.distributed_layouts(), st.data())
def test_apply_vectorised_broadcasts_and_mixes_scalars(layout, data):
    lib = to_ll(layout)
    sizes = dict(layout.in_dims)
    regs = np.arange(sizes["register"]).reshape(1, -1)
    lanes = np.arange(sizes["lane"]).reshape(-1, 1)
    warp = data.draw(st.integers(0, sizes["warp"] - 1))
    args = {"register": regs, "lane": lanes, "warp": warp}
    if "block" in sizes:
        args["block"] = np.int64(0)
    got = lib.apply(args)
    for name in layout.out_names:
        assert got[name].shape == (sizes["lane"], sizes["register"])
    for lane in range(sizes["lane"]):
        for reg in range(sizes["register"]):
            point = {"register": reg, "lane": lane, "warp": warp}
            if "block" in sizes:
                point["block"] = 0
            expected = o.apply(layout, point)
            assert {n: int(got[n][lane, reg]) for n in layout.out_names} == expected


# ---------------------------------------------------------------------------
# compose, invert, pseudoinvert, invert_and_compose
# ---------------------------------------------------------------------------

@settings(max_examples=MANY, **COMMON)
@given(S.compose_pairs())
def test_compose_matches_oracle(pair):
    a, b = pair
    assert_same(to_ll(a).compose(to_ll(b)), o.compose(a, b))


@settings(max_examples=MANY, **COMMON)
@given(S.invertible_layouts())
def test_invert_matches_oracle(layout):
    lib = to_ll(layout)
    inverse = lib.invert()
    assert_same(inverse, o.invert(layout))
    assert inverse.invert() == lib
    assert_same(lib.compose(inverse), o.compose(layout, o.invert(layout)))


@settings(max_examples=SOME, **COMMON)
@given(st.one_of(S.layouts(max_in_bits=8, max_out_bits=8), S.distributed_layouts()))
def test_invert_rejects_exactly_the_non_invertible(layout):
    lib = to_ll(layout)
    if o.is_invertible(layout):
        assert_same(lib.invert(), o.invert(layout))
    else:
        with pytest.raises(ValueError):
            lib.invert()


@settings(max_examples=MANY, **COMMON)
@given(st.one_of(S.surjective_layouts(), S.distributed_layouts(surjective=True)))
def test_pseudoinvert_picks_lowest_preimage(layout):
    got = to_ll(layout).pseudoinvert()
    expected = o.pseudoinvert(layout)
    assert_same(got, expected)
    # A right inverse: layout(R(y)) == y for every y.
    back = o.compose(expected, layout)
    table = o.table(back)
    ys = np.stack(o.unflatten(layout.out_dims, np.arange(layout.out_size)), axis=1)
    assert np.array_equal(table, ys)


@settings(max_examples=SOME, **COMMON)
@given(st.one_of(S.layouts(max_in_bits=8, max_out_bits=8), S.distributed_layouts()))
def test_pseudoinvert_rejects_exactly_the_non_surjective(layout):
    lib = to_ll(layout)
    if o.is_surjective(layout):
        assert_same(lib.pseudoinvert(), o.pseudoinvert(layout))
    else:
        with pytest.raises(ValueError):
            lib.pseudoinvert()


@settings(max_examples=MANY, **COMMON)
@given(S.conversion_pairs())
def test_invert_and_compose_matches_oracle(pair):
    a, b = pair
    got = to_ll(a).invert_and_compose(to_ll(b))
    expected = o.invert_and_compose(a, b)
    assert_same(got, expected)
    # B(C(x)) == A(x) for every x (compared by output name).
    bc = o.table(o.compose(expected, b))
    ta = o.table(a)
    for k, name in enumerate(a.out_names):
        assert np.array_equal(bc[:, b.out_names.index(name)], ta[:, k])
    # Off the identical dims, C(x) is the lowest preimage of A(x) under B.
    same = o.identical_dims(a, b)
    lowest = o.min_preimage(b)
    flat_c = o.flat_table(expected)
    values = o.unflatten(a.in_dims, np.arange(a.in_size))
    off = np.ones(a.in_size, dtype=bool)
    for (name, _), v in zip(a.in_dims, values):
        if name in same:
            off &= v == 0
    for x in np.nonzero(off)[0]:
        image = dict(zip(a.out_names, ta[x]))
        target = o.flatten(b.out_dims, [image[n] for n in b.out_names])
        assert flat_c[x] == lowest[target]


@settings(max_examples=SOME, **COMMON)
@given(st.data())
def test_invert_and_compose_errors_exactly_when_oracle_does(data):
    b = data.draw(S.distributed_layouts())
    a = data.draw(S.layouts(out=list(b.out_dims), ins=S.DISTRIBUTED_INS,
                            max_in_bits=6))
    try:
        expected = o.invert_and_compose(a, b)
    except o.OracleError:
        with pytest.raises(ValueError):
            to_ll(a).invert_and_compose(to_ll(b))
    else:
        assert_same(to_ll(a).invert_and_compose(to_ll(b)), expected)


# ---------------------------------------------------------------------------
# product and division
# ---------------------------------------------------------------------------

@settings(max_examples=MANY, **COMMON)
@given(S.product_pairs())
def test_product_matches_oracle(pair):
    a, b = pair
    assert_same(to_ll(a) * to_ll(b), o.product(a, b))


def _with_dims_of(c: o.Layout, b: o.Layout, first: bool) -> o.Layout:
    """c extended by b's missing dims (size 1); b's dims first if `first`."""
    def order(c_names, b_names):
        if first:
            return list(b_names) + [n for n in c_names if n not in b_names]
        return list(c_names) + [n for n in b_names if n not in c_names]
    outs = order(c.out_names, b.out_names)
    out_dims = [(n, c.out_dim_size(n)) for n in outs]
    bases = {}
    images = o.images_by_name(c)
    for name in order(c.in_names, b.in_names):
        bases[name] = [[images[name, bit].get(n, 0) for n in outs]
                       for bit in range(c.in_dim_size(name).bit_length() - 1)]
    return o.make(bases, out_dims)


@settings(max_examples=MANY, **COMMON)
@given(S.division_cases())
def test_divide_left_inverts_the_product(pair):
    b, c = pair
    c = _with_dims_of(c, b, first=True)
    a = o.product(b, c)
    expected = o.divide_left(a, b)
    assert expected == c
    got = to_ll(a).divide_left(to_ll(b))
    assert got is not None
    assert_same(got, expected)
    assert (to_ll(b) * to_ll(c)).divide_left(to_ll(b)) == to_ll(c)


@settings(max_examples=MANY, **COMMON)
@given(S.division_cases())
def test_divide_right_inverts_the_product(pair):
    c, b = pair
    c = _with_dims_of(c, b, first=False)
    a = o.product(c, b)
    expected = o.divide_right(a, b)
    assert expected == c
    got = to_ll(a).divide_right(to_ll(b))
    assert got is not None
    assert_same(got, expected)
    assert (to_ll(c) * to_ll(b)).divide_right(to_ll(b)) == to_ll(c)


@settings(max_examples=SOME, **COMMON)
@given(S.division_cases(), st.data())
def test_division_of_a_product_with_permuted_dims(pair, data):
    b, c = pair
    left = data.draw(st.booleans())
    a = o.product(b, c) if left else o.product(c, b)
    a = o.transpose_ins(a, data.draw(st.permutations(a.in_names)))
    a = o.transpose_outs(a, data.draw(st.permutations(a.out_names)))
    divisor = b
    expected = o.divide_left(a, divisor) if left else o.divide_right(a, divisor)
    lib_a, lib_d = to_ll(a), to_ll(divisor)
    got = lib_a.divide_left(lib_d) if left else lib_a.divide_right(lib_d)
    if expected is None:
        assert got is None
    else:
        assert got is not None
        assert_same(got, expected)


@settings(max_examples=MANY, **COMMON)
@given(st.data())
def test_division_of_arbitrary_layouts_matches_oracle(data):
    # Mostly non-divisible pairs: the library must return None exactly when
    # no quotient exists.
    a = data.draw(S.layouts(ins=["register", "lane", "warp"], outs=["dim0", "dim1"],
                            max_in_bits=8, max_out_bits=8))
    kind = data.draw(st.sampled_from(["arbitrary", "sublayout", "identity"]))
    if kind == "arbitrary":
        d = data.draw(S.layouts(ins=["register", "lane"], outs=["dim0", "dim1"],
                                max_in_bits=3, max_out_bits=3))
    elif kind == "sublayout":
        # The low bits of a itself: divisible exactly when a is block-diagonal.
        d = o.sublayout(a, a.in_names[:1], a.out_names)
        d = o.make({n: bs[:data.draw(st.integers(0, len(bs)))]
                    for n, bs in d.bases.items()}, list(d.out_dims))
    else:
        d = o.identity_1d(1 << data.draw(st.integers(0, 3)), "register", "dim1")
    lib_a, lib_d = to_ll(a), to_ll(d)
    for ours, theirs in ((o.divide_left, lib_a.divide_left),
                         (o.divide_right, lib_a.divide_right)):
        expected = ours(a, d)
        got = theirs(lib_d)
        if expected is None:
            assert got is None, f"expected None, got {got!r}"
        else:
            assert got is not None, f"expected {expected!r}, got None"
            assert_same(got, expected)


# ---------------------------------------------------------------------------
# Shape operations
# ---------------------------------------------------------------------------

@settings(max_examples=MANY, **COMMON)
@given(any_layout, st.data())
def test_sublayout_matches_oracle(layout, data):
    ins = data.draw(st.lists(st.sampled_from(layout.in_names), unique=True)
                    if layout.in_names else st.just([]))
    outs = data.draw(st.lists(st.sampled_from(layout.out_names), unique=True)
                     if layout.out_names else st.just([]))
    assert_same(to_ll(layout).sublayout(ins, outs), o.sublayout(layout, ins, outs))


@st.composite
def _regrouped(draw, dims, names):
    """New dims with the same total bits."""
    total = sum(s.bit_length() - 1 for _, s in dims)
    chosen = draw(st.lists(st.sampled_from(names), unique=True, min_size=1,
                           max_size=3))
    counts = draw(S._split(total, len(chosen)))
    return [(n, 1 << c) for n, c in zip(chosen, counts)]


@settings(max_examples=MANY, **COMMON)
@given(any_layout, st.data())
def test_reshape_ins_matches_oracle(layout, data):
    new = data.draw(_regrouped(layout.in_dims, ["register", "lane", "warp", "x"]))
    assert_same(to_ll(layout).reshape_ins(new), o.reshape_ins(layout, new))


@settings(max_examples=MANY, **COMMON)
@given(any_layout, st.data())
def test_reshape_outs_matches_oracle(layout, data):
    new = data.draw(_regrouped(layout.out_dims, ["dim0", "dim1", "dim2", "y"]))
    assert_same(to_ll(layout).reshape_outs(new), o.reshape_outs(layout, new))


@settings(max_examples=MANY, **COMMON)
@given(any_layout, st.data())
def test_transpose_ins_matches_oracle(layout, data):
    order = data.draw(st.permutations(layout.in_names))
    assert_same(to_ll(layout).transpose_ins(order), o.transpose_ins(layout, order))


@settings(max_examples=MANY, **COMMON)
@given(any_layout, st.data())
def test_transpose_outs_matches_oracle(layout, data):
    order = data.draw(st.permutations(layout.out_names))
    assert_same(to_ll(layout).transpose_outs(order), o.transpose_outs(layout, order))


@settings(max_examples=MANY, **COMMON)
@given(any_layout)
def test_flatten_ins_and_outs_match_oracle(layout):
    lib = to_ll(layout)
    assert_same(lib.flatten_ins(), o.flatten_ins(layout))
    assert_same(lib.flatten_outs(), o.flatten_outs(layout))


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------

@settings(max_examples=MANY, **COMMON)
@given(any_layout)
def test_free_variable_masks_match_span_enumeration(layout):
    got = to_ll(layout).free_variable_masks()
    assert list(got.items()) == list(o.free_variable_masks(layout).items())


@settings(max_examples=MANY, **COMMON)
@given(st.one_of(any_layout, S.layouts(ins=["register", "lane"], outs=["dim0"],
                                         max_in_bits=6, max_out_bits=6,
                                         min_in_dims=1)))
def test_num_consecutive_elements_matches_brute_force(layout):
    assert to_ll(layout).num_consecutive_elements_flat() == \
        o.num_consecutive_elements(layout)


@pytest.mark.parametrize("bases,out,expected", [
    ({"register": [[1], [2]], "lane": [[4]]}, 8, 4),
    ({"register": [[1], [2]], "lane": [[1]]}, 4, 1),   # runs overlap: not aligned
    ({"register": [[1], [2]], "lane": [[2]]}, 4, 2),
    ({"register": [[1], [4]], "lane": [[2]]}, 8, 2),
    ({"register": [[2], [1]]}, 4, 1),
    ({"register": [[0], [1]]}, 2, 1),
    ({"register": [], "lane": [[1]]}, 2, 1),
])
def test_num_consecutive_elements_examples(bases, out, expected):
    layout = o.make(bases, [("dim0", out)])
    assert o.num_consecutive_elements(layout) == expected
    assert ll.LinearLayout(bases, [("dim0", out)]).num_consecutive_elements() == expected
    assert ll.LinearLayout(bases, [("dim0", out)]).num_consecutive_elements_flat() == expected


@settings(max_examples=MANY, **COMMON)
@given(any_layout)
def test_injective_surjective_invertible_match_oracle(layout):
    lib = to_ll(layout)
    assert lib.is_injective() == o.is_injective(layout)
    assert lib.is_surjective() == o.is_surjective(layout)
    assert lib.is_invertible() == o.is_invertible(layout)
    if hasattr(lib, "rank"):
        assert lib.rank() == o.rank(layout)


@settings(max_examples=MANY, **COMMON)
@given(any_layout)
def test_matrix_matches_oracle(layout):
    got = to_ll(layout).matrix()
    assert isinstance(got, np.ndarray)
    assert got.shape == (layout.out_bits, layout.in_bits)
    assert np.array_equal(got, o.matrix(layout))


# ---------------------------------------------------------------------------
# Wide layouts (up to 64 bits): evaluated point by point
# ---------------------------------------------------------------------------

@settings(max_examples=SOME, **COMMON)
@given(S.wide_layouts(), st.data())
def test_wide_layouts_apply_like_the_oracle(layout, data):
    lib = to_ll(layout)
    assert lib.bases == layout.bases
    assert list(lib.in_dims.items()) == list(layout.in_dims)
    assert list(lib.out_dims.items()) == list(layout.out_dims)
    assert eval(repr(lib), {"LinearLayout": ll.LinearLayout}) == lib
    points = [{n: data.draw(st.integers(0, s - 1)) for n, s in layout.in_dims}
              for _ in range(4)]
    expected = [o.apply(layout, p) for p in points]
    assert [lib.apply(p) for p in points] == expected
    got = lib.apply({n: np.array([p[n] for p in points], dtype=np.int64)
                     for n in layout.in_names})
    assert [{n: int(got[n][i]) for n in layout.out_names}
            for i in range(len(points))] == expected
    moved = lib.transpose_ins(layout.in_names[::-1]).transpose_outs(layout.out_names[::-1])
    assert [moved.apply(p) for p in points] == expected
    if layout.out_bits <= 62:
        flat = lib.flatten_outs()
        assert [flat.apply(p)[layout.out_names[0]] for p in points] == \
            [o.flatten(layout.out_dims, [e[n] for n in layout.out_names]) for e in expected]
