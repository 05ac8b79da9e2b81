"""Every bad argument is a Python exception (ValueError or TypeError), never a crash."""

import operator
import os
import subprocess
import sys

import linear_layout as ll
import numpy as np
import pytest

LL = ll.LinearLayout
BAD = (ValueError, TypeError)

# A 2-D distributed layout used by most cases: register 4, lane 2 -> dim0 2, dim1 4.
BASES = {"register": [[0, 1], [0, 2]], "lane": [[1, 0]]}
OUT = [("dim0", 2), ("dim1", 4)]


@pytest.fixture
def layout():
    return LL(BASES, OUT)


def raises(kind, fn, *args, **kwargs):
    with pytest.raises(kind):
        fn(*args, **kwargs)


# ---------------------------------------------------------------------------
# Construction
# ---------------------------------------------------------------------------

CONSTRUCTION_VALUE_ERRORS = {
    "out_size_3": ({"r": [[1]]}, [("d", 3)]),
    "out_size_6": ({"r": [[1]]}, [("d", 6)]),
    "out_size_0": ({"r": []}, [("d", 0)]),
    "out_size_negative": ({"r": []}, [("d", -4)]),
    "out_size_2_70": ({"r": []}, [("d", 2 ** 70)]),
    "out_size_2_64": ({"r": []}, [("d", 2 ** 64)]),
    "basis_equal_to_size": ({"r": [[4]]}, [("d", 4)]),
    "basis_above_size": ({"r": [[1], [9]]}, [("d", 8)]),
    "basis_negative": ({"r": [[-1]]}, [("d", 4)]),
    "basis_2_70": ({"r": [[2 ** 70]]}, [("d", 4)]),
    "basis_minus_2_70": ({"r": [[-(2 ** 70)]]}, [("d", 4)]),
    "basis_2_63": ({"r": [[2 ** 63]]}, [("d", 4)]),
    "basis_too_few_values": ({"r": [[1]]}, [("d0", 2), ("d1", 2)]),
    "basis_too_many_values": ({"r": [[1, 0, 0]]}, [("d0", 2), ("d1", 2)]),
    "basis_empty_for_one_out": ({"r": [[]]}, [("d", 2)]),
    "basis_values_for_no_outs": ({"r": [[0]]}, []),
    "duplicate_out_dims": ({"r": [[1, 0]]}, [("d", 2), ("d", 2)]),
    "duplicate_in_dims_as_pairs": ([("r", [[1]]), ("r", [[1]])], [("d", 2)]),
    "empty_out_name": ({"r": [[1]]}, [("", 2)]),
    "empty_in_name": ({"": [[1]]}, [("d", 2)]),
    "out_name_not_identifier": ({"r": [[1]]}, [("two words", 2)]),
    "in_name_not_identifier": ({"bad-name": [[1]]}, [("d", 2)]),
    "out_dims_over_64_bits": ({"r": [[1, 0]]}, [("a", 2 ** 40), ("b", 2 ** 40)]),
    "in_dims_over_64_bits": ({"r": [[1]] * 40, "l": [[0]] * 25}, [("d", 2)]),
    "one_in_dim_over_64_bits": ({"r": [[0]] * 65}, [("d", 1)]),
}


@pytest.mark.parametrize("bases,out", CONSTRUCTION_VALUE_ERRORS.values(),
                         ids=CONSTRUCTION_VALUE_ERRORS.keys())
def test_construction_rejects_bad_values(bases, out):
    raises(ValueError, LL, bases, out)


CONSTRUCTION_TYPE_ERRORS = {
    "basis_value_str": ({"r": [["1"]]}, [("d", 2)]),
    "basis_value_float": ({"r": [[1.0]]}, [("d", 2)]),
    "basis_value_none": ({"r": [[None]]}, [("d", 2)]),
    "basis_value_list": ({"r": [[[1]]]}, [("d", 2)]),
    "basis_is_int": ({"r": [1]}, [("d", 2)]),
    "basis_is_str": ({"r": ["1"]}, [("d", 2)]),
    "dim_bases_is_int": ({"r": 1}, [("d", 2)]),
    "dim_bases_is_none": ({"r": None}, [("d", 2)]),
    "bases_is_none": (None, [("d", 2)]),
    "bases_is_int": (3, [("d", 2)]),
    "bases_is_str": ("register", [("d", 2)]),
    "in_name_is_int": ({3: [[1]]}, [("d", 2)]),
    "in_name_is_none": ({None: [[1]]}, [("d", 2)]),
    "out_dims_is_none": ({"r": [[1]]}, None),
    "out_dims_is_str": ({"r": [[1]]}, "d"),
    "out_dims_is_int": ({"r": [[1]]}, 2),
    "out_size_str": ({"r": [[1]]}, [("d", "2")]),
    "out_size_float": ({"r": [[1]]}, [("d", 2.0)]),
    "out_size_none": ({"r": [[1]]}, [("d", None)]),
    "out_name_int": ({"r": [[1]]}, [(0, 2)]),
    "out_pair_of_three": ({"r": [[1]]}, [("d", 2, 1)]),
    "out_entry_not_pair": ({"r": [[1]]}, ["d"]),
}


@pytest.mark.parametrize("bases,out", CONSTRUCTION_TYPE_ERRORS.values(),
                         ids=CONSTRUCTION_TYPE_ERRORS.keys())
def test_construction_rejects_bad_types(bases, out):
    raises(BAD, LL, bases, out)


def test_construction_takes_exactly_64_bits():
    wide = LL({"r": [[0, 0]] * 32, "l": [[0, 0]] * 32}, [("a", 2 ** 32), ("b", 2 ** 32)])
    assert sum(s.bit_length() - 1 for s in wide.in_dims.values()) == 64


def test_construction_wrong_arity():
    raises(TypeError, LL)
    raises(TypeError, LL, BASES)
    raises(TypeError, LL, BASES, OUT, OUT)


@pytest.mark.parametrize("args", [
    (3, "r", "d"), (0, "r", "d"), (-2, "r", "d"), (2 ** 70, "r", "d"), (6, "r", "d"),
], ids=["size3", "size0", "negative", "2_70", "size6"])
def test_identity_1d_rejects_bad_sizes(args):
    raises(ValueError, LL.identity_1d, *args)


@pytest.mark.parametrize("args", [
    ("4", "r", "d"), (4.0, "r", "d"), (None, "r", "d"), (4, None, "d"), (4, "r", 7),
], ids=["size_str", "size_float", "size_none", "in_none", "out_int"])
def test_identity_1d_rejects_bad_types(args):
    raises(TypeError, LL.identity_1d, *args)


@pytest.mark.parametrize("args", [
    (3, "r", "d", 1), (4, "r", "d", 3), (4, "r", "d", 0), (4, "r", "d", -1),
    (4, "r", "", 1),
], ids=["size3", "out_size3", "out_size0", "out_size_negative", "empty_name"])
def test_zeros_1d_rejects_bad_values(args):
    raises(ValueError, LL.zeros_1d, *args)


@pytest.mark.parametrize("args", [
    (4, 3, "r", "d"), (4, -2, "r", "d"), (3, 2, "r", "d"), (2 ** 40, 2 ** 40, "r", "d"),
    (4, 2 ** 70, "r", "d"),
], ids=["stride3", "stride_negative", "size3", "too_large", "stride_2_70"])
def test_strided_1d_rejects_bad_values(args):
    raises(ValueError, LL.strided_1d, *args)


def test_strided_1d_rejects_bad_types():
    raises(TypeError, LL.strided_1d, 4, "2", "r", "d")
    raises(TypeError, LL.strided_1d, 4, 2.0, "r", "d")


# ---------------------------------------------------------------------------
# apply
# ---------------------------------------------------------------------------

APPLY_VALUE_ERRORS = {
    "missing_dim": {"register": 0},
    "unknown_dim": {"register": 0, "lane": 0, "warp": 0},
    "only_unknown": {"warp": 0},
    "value_equal_to_size": {"register": 4, "lane": 0},
    "value_negative": {"register": -1, "lane": 0},
    "value_2_70": {"register": 2 ** 70, "lane": 0},
    "value_minus_2_70": {"register": -(2 ** 70), "lane": 0},
    "array_out_of_range": {"register": np.array([0, 4]), "lane": np.array([0, 0])},
    "array_negative": {"register": np.array([0, -1]), "lane": 0},
    "array_missing_dim": {"register": np.array([0, 1])},
    "array_unknown_dim": {"register": np.array([0]), "lane": 0, "warp": np.array([0])},
    "arrays_not_broadcastable": {"register": np.array([0, 1, 2]), "lane": np.array([0, 1])},
    "uint64_huge": {"register": np.array([2 ** 63], dtype=np.uint64), "lane": 0},
}


@pytest.mark.parametrize("args", APPLY_VALUE_ERRORS.values(), ids=APPLY_VALUE_ERRORS.keys())
def test_apply_rejects_bad_values(layout, args):
    raises(ValueError, layout.apply, args)


# Non-integer values. Run in a fresh interpreter each: a crash (segfault) in
# the vectorised path must show up as a failure, not end the whole session.
APPLY_TYPE_ERRORS = {
    "value_str": "{'register': '1', 'lane': 0}",
    "value_float": "{'register': 1.5, 'lane': 0}",
    "value_none": "{'register': None, 'lane': 0}",
    "value_list_of_str": "{'register': ['0'], 'lane': 0}",
    "array_float": "{'register': np.array([0.0, 1.0]), 'lane': 0}",
    "array_str": "{'register': np.array(['0']), 'lane': 0}",
    "array_object": "{'register': np.array([0, None]), 'lane': 0}",
    "array_bool": "{'register': np.array([True]), 'lane': 0}",
    "name_int": "{0: 0, 'lane': 0}",
}

_ISOLATED = """
import sys
import numpy as np
import linear_layout as ll
layout = ll.LinearLayout({bases!r}, {out!r})
try:
    layout.apply({args})
except (ValueError, TypeError):
    sys.exit(0)
sys.exit(3)
"""


@pytest.mark.parametrize("args", APPLY_TYPE_ERRORS.values(), ids=APPLY_TYPE_ERRORS.keys())
def test_apply_rejects_bad_types(args):
    code = _ISOLATED.format(bases=BASES, out=OUT, args=args)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, check=False,
                            text=True, timeout=60, env=dict(os.environ))
    assert result.returncode != 3, f"apply({args}) raised nothing"
    assert result.returncode == 0, (
        f"apply({args}) crashed (exit {result.returncode}):\n{result.stderr[-2000:]}")


@pytest.mark.parametrize("arg", [None, 3, "register", [("register", 0), ("lane", 0)]],
                         ids=["none", "int", "str", "list_of_pairs"])
def test_apply_needs_a_dict(layout, arg):
    raises(BAD, layout.apply, arg)


# ---------------------------------------------------------------------------
# compose, invert, pseudoinvert, invert_and_compose
# ---------------------------------------------------------------------------

def test_compose_rejects_mismatched_dims(layout):
    # Names differ.
    raises(ValueError, layout.compose, LL({"dim0": [[1]], "x": [[2], [4]]}, [("o", 8)]))
    # A missing input.
    raises(ValueError, layout.compose, LL({"dim1": [[1], [2]]}, [("o", 4)]))
    # An extra input.
    raises(ValueError, layout.compose,
           LL({"dim0": [[1]], "dim1": [[2], [4]], "dim2": [[0]]}, [("o", 8)]))
    # dim1 of size 4 does not fit an input of size 2.
    raises(ValueError, layout.compose, LL({"dim0": [[1]], "dim1": [[2]]}, [("o", 4)]))


@pytest.mark.parametrize("arg", [None, 3, "layout", BASES], ids=["none", "int", "str", "dict"])
def test_layout_arguments_must_be_layouts(layout, arg):
    for method in (layout.compose, layout.invert_and_compose, layout.divide_left,
                   layout.divide_right):
        raises(TypeError, method, arg)
    raises(TypeError, lambda: layout * arg)


def test_comparison_with_other_types_is_false(layout):
    assert (layout == 3) is False
    assert operator.eq(layout, None) is False
    assert layout != "layout"


@pytest.mark.parametrize("bases,out", [
    ({"r": [[1], [2]]}, [("d", 8)]),          # not surjective
    ({"r": [[1], [2], [0]]}, [("d", 4)]),     # not injective
    ({"r": [[1], [1]]}, [("d", 4)]),          # square, singular
    ({"r": [[1, 1], [0, 1]]}, [("a", 2), ("b", 2)]) and ({"r": [[1, 1], [1, 1]]},
                                                          [("a", 2), ("b", 2)]),
], ids=["wide", "tall", "singular", "singular_2d"])
def test_invert_rejects_non_invertible(bases, out):
    raises(ValueError, LL(bases, out).invert)


@pytest.mark.parametrize("bases,out", [
    ({"r": [[1], [2]]}, [("d", 8)]),
    ({"r": [[1], [1]]}, [("d", 4)]),
    ({"r": []}, [("d", 2)]),
], ids=["too_few_bits", "repeated", "empty"])
def test_pseudoinvert_rejects_non_surjective(bases, out):
    raises(ValueError, LL(bases, out).pseudoinvert)


def test_invert_and_compose_rejects_bad_pairs(layout):
    # Different output names.
    raises(ValueError, layout.invert_and_compose,
           LL({"register": [[0, 1], [0, 2]], "lane": [[1, 0]]}, [("dim0", 2), ("x", 4)]))
    # An output dim missing from B.
    raises(ValueError, layout.invert_and_compose,
           LL({"register": [[1], [2]]}, [("dim1", 4)]))
    # A's dim1 (4) larger than B's (2).
    raises(ValueError, layout.invert_and_compose,
           LL({"register": [[0, 1], [1, 0]]}, [("dim0", 2), ("dim1", 2)]))
    # B never reaches dim0 = 1.
    raises(ValueError, layout.invert_and_compose,
           LL({"register": [[0, 1], [0, 2]], "lane": [[0, 0]]}, OUT))


# ---------------------------------------------------------------------------
# Shape operations
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("order", [
    ["register"], ["register", "lane", "lane"], ["register", "warp"],
    ["register", "lane", "warp"], [],
], ids=["missing", "duplicate", "unknown", "extra", "empty"])
def test_transpose_ins_rejects_bad_permutations(layout, order):
    raises(ValueError, layout.transpose_ins, order)


@pytest.mark.parametrize("order", [
    ["dim0"], ["dim0", "dim0"], ["dim0", "dim2"], ["dim1", "dim0", "dim2"],
], ids=["missing", "duplicate", "unknown", "extra"])
def test_transpose_outs_rejects_bad_permutations(layout, order):
    raises(ValueError, layout.transpose_outs, order)


@pytest.mark.parametrize("order", [None, "register", [0, 1], ["register", None]],
                         ids=["none", "str", "ints", "none_entry"])
def test_transposes_reject_bad_types(layout, order):
    raises(BAD, layout.transpose_ins, order)
    raises(BAD, layout.transpose_outs, order)


@pytest.mark.parametrize("dims", [
    [("a", 4)], [("a", 16)], [("a", 3), ("b", 2)], [("a", 4), ("a", 2)],
    [("a", 0)], [("a", -8)], [("a", 2 ** 70)], [("", 8)],
], ids=["too_small", "too_large", "not_power_of_two", "duplicate", "zero",
        "negative", "2_70", "empty_name"])
def test_reshape_ins_rejects_bad_dims(layout, dims):
    raises(ValueError, layout.reshape_ins, dims)


@pytest.mark.parametrize("dims", [
    [("a", 4)], [("a", 16)], [("a", 6), ("b", 2)], [("a", 4), ("a", 2)],
], ids=["too_small", "too_large", "not_power_of_two", "duplicate"])
def test_reshape_outs_rejects_bad_dims(layout, dims):
    raises(ValueError, layout.reshape_outs, dims)


@pytest.mark.parametrize("dims", [None, 8, "a", [("a", "8")], [("a", 8.0)], [(None, 8)]],
                         ids=["none", "int", "str", "size_str", "size_float", "name_none"])
def test_reshapes_reject_bad_types(layout, dims):
    raises(BAD, layout.reshape_ins, dims)
    raises(BAD, layout.reshape_outs, dims)


@pytest.mark.parametrize("ins,outs", [
    (["warp"], ["dim0"]), (["register"], ["dim2"]),
    (["register", "register"], ["dim0"]), (["register"], ["dim0", "dim0"]),
], ids=["unknown_in", "unknown_out", "duplicate_in", "duplicate_out"])
def test_sublayout_rejects_bad_names(layout, ins, outs):
    raises(ValueError, layout.sublayout, ins, outs)


@pytest.mark.parametrize("ins,outs", [(None, ["dim0"]), (["register"], None),
                                      ("register", ["dim0"]), ([1], ["dim0"])],
                         ids=["ins_none", "outs_none", "ins_str", "ins_int"])
def test_sublayout_rejects_bad_types(layout, ins, outs):
    raises(BAD, layout.sublayout, ins, outs)


# ---------------------------------------------------------------------------
# Product and division
# ---------------------------------------------------------------------------

def test_product_over_64_bits_is_an_error():
    big = LL({"r": [[0]] * 40}, [("d", 2 ** 40)])
    raises(ValueError, lambda: big * big)
    wide = LL({"r": [[1 << i] for i in range(40)]}, [("d", 2 ** 40)])
    raises(ValueError, lambda: wide * LL({"l": [[1 << i] for i in range(30)]},
                                          [("e", 2 ** 30)]))


def test_division_that_does_not_exist_is_none(layout):
    assert layout.divide_left(LL({"warp": [[1]]}, [("dim0", 2)])) is None
    assert layout.divide_left(LL({"register": [[1]]}, [("dim2", 2)])) is None
    assert layout.divide_left(LL({"register": [[0], [0], [0]]}, [("dim1", 1)])) is None
    assert layout.divide_right(LL({"lane": [[0, 1]]}, OUT)) is None
    assert layout.divide_left(LL({"register": [[0, 2]]}, OUT)) is None


def test_methods_reject_extra_arguments(layout):
    raises(TypeError, layout.invert, 1)
    raises(TypeError, layout.flatten_ins, 1)
    raises(TypeError, layout.matrix, 1)
    raises(TypeError, layout.compose)
    raises(TypeError, layout.sublayout, ["register"])


# ---------------------------------------------------------------------------
# Dimensions of 2**63 and 2**64 elements can arise from products and
# flattening of legal layouts. They must either be refused (ValueError) or be
# reported with their true size; never as 1 or a negative number.
# ---------------------------------------------------------------------------

def _wide_results():
    half = LL.identity_1d(2 ** 32, "r", "d")
    a31 = LL.identity_1d(2 ** 31, "r", "d")
    two = LL({"x": [[1, 0], [0, 1]]}, [("a", 2 ** 32), ("b", 2 ** 32)])
    two63 = LL({"x": [[1, 0], [0, 1]]}, [("a", 2 ** 31), ("b", 2 ** 32)])
    many = LL({"x": [[0]] * 32, "y": [[0]] * 32}, [("d", 1)])
    return {
        "product_64_bit_dim": (lambda: half * half, {"r": 2 ** 64}, {"d": 2 ** 64}),
        "product_63_bit_dim": (lambda: a31 * half, {"r": 2 ** 63}, {"d": 2 ** 63}),
        "flatten_outs_64_bits": (two.flatten_outs, {"x": 4}, {"a": 2 ** 64}),
        "flatten_outs_63_bits": (two63.flatten_outs, {"x": 4}, {"a": 2 ** 63}),
        "flatten_ins_64_bits": (many.flatten_ins, {"x": 2 ** 64}, {"d": 1}),
    }


@pytest.mark.parametrize("name", list(_wide_results()))
def test_huge_dimensions_are_refused_or_reported_exactly(name):
    make, ins, outs = _wide_results()[name]
    try:
        result = make()
    except ValueError:
        return
    assert result.in_dims == ins
    assert result.out_dims == outs


def test_abstract_family_base_is_a_type_error():
    import linear_layout as ll

    with pytest.raises(TypeError, match="abstract base"):
        ll.DistributedLayout().to_linear([4])
