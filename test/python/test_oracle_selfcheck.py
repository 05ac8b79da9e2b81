"""Hand-computed cases for the brute-force oracle itself (no library involved)."""

import numpy as np
import oracle as o
import pytest

# The header's example: register = [[0, 1], [0, 2]], lane = [[1, 0]].
HEADER = o.make({"register": [[0, 1], [0, 2]], "lane": [[1, 0]]},
                [("dim0", 2), ("dim1", 4)])


def test_apply_header_example():
    assert o.apply(HEADER, {"register": 3, "lane": 1}) == {"dim0": 1, "dim1": 3}


def test_evaluate_all_flattens_first_dim_least_significant():
    values = o.evaluate_all(HEADER)
    # flat = register + 4 * lane
    assert values[5] == (1, 1)
    assert values[3] == (0, 3)
    assert values[4] == (1, 0)
    assert o.flat_table(HEADER).tolist()[5] == 1 + 2 * 1


def test_from_table_rejects_nonlinear_tables():
    with pytest.raises(AssertionError):
        o.from_table((("x", 4),), (("y", 4),), np.array([[0], [1], [2], [0]]))


def test_compose_swaps_bits():
    a = o.make({"x": [[1], [2]]}, [("y", 4)])
    b = o.make({"y": [[2], [1]]}, [("z", 4)])
    assert o.compose(a, b) == o.make({"x": [[2], [1]]}, [("z", 4)])


def test_compose_needs_matching_dims():
    a = o.make({"x": [[1], [2]]}, [("y", 4)])
    with pytest.raises(o.OracleError):
        o.compose(a, o.make({"w": [[1], [2]]}, [("z", 4)]))
    with pytest.raises(o.OracleError):
        o.compose(a, o.make({"y": [[1]]}, [("z", 2)]))


def test_invert_by_search():
    layout = o.make({"x": [[1], [3]]}, [("y", 4)])
    assert o.invert(layout) == o.make({"y": [[1], [3]]}, [("x", 4)])
    with pytest.raises(o.OracleError):
        o.invert(o.make({"x": [[1], [1]]}, [("y", 4)]))


def test_pseudoinvert_picks_lowest_input():
    assert o.pseudoinvert(o.make({"r": [[0], [1], [2]]}, [("o", 4)])) == \
        o.make({"o": [[2], [4]]}, [("r", 8)])
    assert o.pseudoinvert(o.make({"r": [[1], [1], [2]]}, [("o", 4)])) == \
        o.make({"o": [[1], [4]]}, [("r", 8)])


def test_invert_and_compose_by_hand():
    a = o.make({"register": [[1]], "lane": [[2]]}, [("o", 4)])
    b = o.make({"register": [[2]], "lane": [[1]]}, [("o", 4)])
    assert o.invert_and_compose(a, b) == o.make(
        {"register": [[0, 1]], "lane": [[1, 0]]}, [("register", 2), ("lane", 2)])
    # Broadcast in b: register bit 1 is a copy; the lowest input wins.
    b = o.make({"register": [[1], [0]], "lane": [[2]]}, [("o", 4)])
    a = o.make({"register": [[2]], "lane": [[1]]}, [("o", 4)])
    assert o.invert_and_compose(a, b) == o.make(
        {"register": [[0, 1]], "lane": [[1, 0]]}, [("register", 4), ("lane", 2)])


def test_invert_and_compose_keeps_identical_dims():
    # lane is identical in a and b, but the lowest preimage of a's lane image
    # would be register bit 1 of b: the identity must win.
    b = o.make({"register": [[1], [2]], "lane": [[2]]}, [("o", 4)])
    a = o.make({"register": [[1]], "lane": [[2]]}, [("o", 4)])
    c = o.invert_and_compose(a, b)
    assert c.bases == {"register": [[1, 0]], "lane": [[0, 1]]}
    # Not identical (different size): lowest preimage.
    a = o.make({"register": [[1]], "lane": [[2], [0]]}, [("o", 4)])
    assert o.invert_and_compose(a, b).bases == \
        {"register": [[1, 0]], "lane": [[2, 0], [0, 0]]}


def test_invert_and_compose_unreachable():
    a = o.make({"register": [[3]]}, [("o", 4)])
    b = o.make({"register": [[1]], "lane": [[1]]}, [("o", 4)])
    with pytest.raises(o.OracleError):
        o.invert_and_compose(a, b)


def test_product_by_hand():
    assert o.product(o.identity_1d(2, "r", "d0"), o.identity_1d(4, "r", "d0")) == \
        o.identity_1d(8, "r", "d0")
    a = o.make({"r": [[1]]}, [("d0", 2)])
    b = o.make({"l": [[1], [2]]}, [("d0", 4)])
    assert o.product(a, b) == o.make({"r": [[1]], "l": [[2], [4]]}, [("d0", 8)])
    c = o.make({"l": [[1]]}, [("d1", 2)])
    assert o.product(a, c) == o.make({"r": [[1, 0]], "l": [[0, 1]]},
                                     [("d0", 2), ("d1", 2)])


def test_divide_by_hand():
    assert o.divide_left(o.identity_1d(8, "r", "d"), o.identity_1d(2, "r", "d")) == \
        o.identity_1d(4, "r", "d")
    assert o.divide_right(o.identity_1d(8, "r", "d"), o.identity_1d(2, "r", "d")) == \
        o.identity_1d(4, "r", "d")
    swap = o.make({"r": [[2], [1]]}, [("d", 4)])
    assert o.divide_left(swap, o.identity_1d(2, "r", "d")) is None
    assert o.divide_right(swap, o.identity_1d(2, "r", "d")) is None
    # Divisor with a dim the dividend lacks.
    assert o.divide_left(swap, o.identity_1d(2, "q", "d")) is None


def test_divide_keeps_size_one_dims():
    a = o.make({"r": [[1, 0]], "l": [[0, 1]]}, [("d0", 2), ("d1", 2)])
    b = o.make({"r": [[1]]}, [("d0", 2)])
    assert o.divide_left(a, b) == o.make({"r": [], "l": [[0, 1]]},
                                         [("d0", 1), ("d1", 2)])


def test_free_variable_masks_by_hand():
    layout = o.make({"r": [[1], [1], [2]], "l": [[3]]}, [("o", 4)])
    assert o.free_variable_masks(layout) == {"r": 0b010, "l": 0b1}
    assert o.rank(layout) == 2


def test_num_consecutive_by_hand():
    aligned = o.make({"register": [[1], [2]], "lane": [[4]]}, [("o", 8)])
    assert o.num_consecutive_elements(aligned) == 4
    unaligned = o.make({"register": [[1], [2]], "lane": [[1]]}, [("o", 4)])
    assert o.num_consecutive_elements(unaligned) == 1
    assert o.num_consecutive_unaligned(unaligned) == 4
    half = o.make({"register": [[1], [2]], "lane": [[2]]}, [("o", 4)])
    assert o.num_consecutive_elements(half) == 2


def test_matrix_by_hand():
    layout = o.make({"r": [[1, 0], [0, 2]], "l": [[0, 1]]}, [("a", 2), ("b", 4)])
    assert o.matrix(layout).tolist() == [[1, 0, 0], [0, 0, 1], [0, 1, 0]]


def test_shape_ops_by_hand():
    t = o.transpose_outs(HEADER, ["dim1", "dim0"])
    assert t.bases == {"register": [[1, 0], [2, 0]], "lane": [[0, 1]]}
    t = o.transpose_ins(HEADER, ["lane", "register"])
    assert t.in_dims == (("lane", 2), ("register", 4))
    assert o.flatten_ins(HEADER) == o.make(
        {"register": [[0, 1], [0, 2], [1, 0]]}, [("dim0", 2), ("dim1", 4)])
    assert o.flatten_outs(HEADER) == o.make(
        {"register": [[2], [4]], "lane": [[1]]}, [("dim0", 8)])
    assert o.reshape_ins(HEADER, [("a", 2), ("b", 4)]).bases == \
        {"a": [[0, 1]], "b": [[0, 2], [1, 0]]}
    assert o.sublayout(HEADER, ["register"], ["dim1"]) == \
        o.make({"register": [[1], [2]]}, [("dim1", 4)])
    assert o.sublayout(HEADER, ["lane"], ["dim1"]) == \
        o.make({"lane": [[0]]}, [("dim1", 4)])
