"""The worked examples of the reference documents, as unit tests.

Sources (the project's reference documents): the paper (Zhou et al., "Linear Layouts",
section 4: Figure 1's layout A, Definition 4.11 / Proposition 4.12 mma
swizzling), "One Bit Off" and "Swizzle by hand, then by algebra" (the 16x32
fp32 transpose), "Linear layouts, triton, and linear algebra over F2" and
"What are linear layouts" (small matrices). Expected values are transcribed
from the documents or computed from their formulas with the brute-force
oracle, never with the library.
"""

import json
import os

import linear_layout as ll
import numpy as np
import oracle as o
import pytest


def to_ll(layout: o.Layout) -> ll.LinearLayout:
    return ll.LinearLayout(layout.bases, list(layout.out_dims))


def layout_from_matrix(matrix, in_dims, out_dims) -> o.Layout:
    """Reads a layout off a 0/1 matrix whose rows are the flat output bits and
    whose columns are the flat input bits (first listed dim least significant)."""
    matrix = np.array(matrix)
    outputs = []
    for col in matrix.T:
        flat = sum(int(bit) << r for r, bit in enumerate(col))
        outputs.append([int(v) for v in o.unflatten(tuple(out_dims), flat)])
    bases, at = {}, 0
    for name, size in in_dims:
        bits = size.bit_length() - 1
        bases[name] = outputs[at:at + bits]
        at += bits
    return o.make(bases, out_dims)


def all_inputs(layout: o.Layout) -> dict[str, np.ndarray]:
    values = o.unflatten(layout.in_dims, np.arange(layout.in_size))
    return dict(zip(layout.in_names, values, strict=True))


# ---------------------------------------------------------------------------
# Paper, section 4.1 / Figure 1: layout A (16x16, 2x2 registers, 4x8 threads,
# 2x1 warps). The paper's matrix: rows j0..j3, i0..i3 (j is the fastest moving
# dimension); columns Reg0, Reg1, Thr0..Thr4, Wrp.
# ---------------------------------------------------------------------------

PAPER_FIGURE1_A = [
    [1, 0, 0, 0, 0, 0, 0, 0],  # j0
    [0, 0, 1, 0, 0, 0, 0, 0],  # j1
    [0, 0, 0, 1, 0, 0, 0, 0],  # j2
    [0, 0, 0, 0, 1, 0, 0, 0],  # j3
    [0, 1, 0, 0, 0, 0, 0, 0],  # i0
    [0, 0, 0, 0, 0, 1, 0, 0],  # i1
    [0, 0, 0, 0, 0, 0, 1, 0],  # i2
    [0, 0, 0, 0, 0, 0, 0, 1],  # i3
]
# The same layout in the Triton F2 blog's convention: rows i0..i3, j0..j3.
BLOG_FIGURE1_A = [
    [0, 1, 0, 0, 0, 0, 0, 0],  # w0 (i0)
    [0, 0, 0, 0, 0, 1, 0, 0],  # w1 (i1)
    [0, 0, 0, 0, 0, 0, 1, 0],  # w2 (i2)
    [0, 0, 0, 0, 0, 0, 0, 1],  # w3 (i3)
    [1, 0, 0, 0, 0, 0, 0, 0],  # w4 (j0)
    [0, 0, 1, 0, 0, 0, 0, 0],  # w5 (j1)
    [0, 0, 0, 1, 0, 0, 0, 0],  # w6 (j2)
    [0, 0, 0, 0, 1, 0, 0, 0],  # w7 (j3)
]
FIG1_IN = [("register", 4), ("lane", 32), ("warp", 2)]
# Bases by hand: dim0 = i (rows), dim1 = j (columns), tensor order.
FIGURE1_A_BASES = {
    "register": [[0, 1], [1, 0]],
    "lane": [[0, 2], [0, 4], [0, 8], [2, 0], [4, 0]],
    "warp": [[8, 0]],
}
FIG1_OUT = [("dim0", 16), ("dim1", 16)]


@pytest.fixture
def figure1_a():
    return ll.LinearLayout(FIGURE1_A_BASES, FIG1_OUT)


def test_figure1_a_bases_agree_with_the_papers_matrix():
    read = layout_from_matrix(PAPER_FIGURE1_A, FIG1_IN, [("dim1", 16), ("dim0", 16)])
    assert o.transpose_outs(read, ["dim0", "dim1"]).bases == FIGURE1_A_BASES
    read = layout_from_matrix(BLOG_FIGURE1_A, FIG1_IN, FIG1_OUT)
    assert read.bases == FIGURE1_A_BASES


def test_figure1_a_matrix_in_both_conventions(figure1_a):
    assert figure1_a.matrix().tolist() == BLOG_FIGURE1_A
    assert figure1_a.transpose_outs(["dim1", "dim0"]).matrix().tolist() == PAPER_FIGURE1_A


@pytest.mark.parametrize("register,thread,expected", [
    (0, 1, (0, 2)),    # paper: "R0 of thread 1 is located at (0, 2)"
    (1, 9, (2, 3)),    # paper: "R1 of T9 is located at (2, 3)"
    (0, 10, (2, 4)),   # paper: "R0 of T10 = 0b1010 is located at (2, 4)"
    (1, 1, (0, 3)),    # Triton F2 blog: "register 1, thread 1 ... Tensor[0,3]"
    (0, 0, (0, 0)),
], ids=["r0_t1", "r1_t9", "r0_t10", "r1_t1_blog", "origin"])
def test_figure1_a_coordinates_from_the_text(figure1_a, register, thread, expected):
    got = figure1_a.apply({"register": register, "lane": thread, "warp": 0})
    assert (got["dim0"], got["dim1"]) == expected


def test_figure1_a_register_parities(figure1_a):
    # "Register R0 of all threads is located at (i, j) where the last bits of
    # both i and j are 0"; "R1 elements: last bit of i is 0, of j is 1".
    ref = o.make(FIGURE1_A_BASES, FIG1_OUT)
    out = figure1_a.apply(all_inputs(ref))
    register = all_inputs(ref)["register"]
    i, j = out["dim0"], out["dim1"]
    assert ((i[register == 0] % 2 == 0) & (j[register == 0] % 2 == 0)).all()
    assert ((i[register == 1] % 2 == 0) & (j[register == 1] % 2 == 1)).all()
    # Each of the 256 elements is held exactly once.
    assert sorted((i * 16 + j).tolist()) == list(range(256))
    assert figure1_a.is_invertible()


def test_figure1_a_contiguity_depends_on_the_minor_dim(figure1_a):
    # 2 registers are contiguous along j: visible once j (dim1) is minor.
    assert figure1_a.transpose_outs(["dim1", "dim0"]).num_consecutive_elements() == 2
    assert figure1_a.num_consecutive_elements() == 1


def test_figure1_a_zero_column_broadcasts_registers(figure1_a):
    # Paper 5.1: "adding a zero column in A ... means that registers 4-7 map
    # to the same tensor elements as registers 0-3".
    bases = dict(FIGURE1_A_BASES, register=FIGURE1_A_BASES["register"] + [[0, 0]])
    wide = ll.LinearLayout(bases, FIG1_OUT)
    for lane in (0, 5, 31):
        for warp in (0, 1):
            for r in range(4):
                assert wide.apply({"register": r + 4, "lane": lane, "warp": warp}) == \
                    figure1_a.apply({"register": r, "lane": lane, "warp": warp})
    assert wide.free_variable_masks() == {"register": 0b100, "lane": 0, "warp": 0}
    assert wide.is_surjective() and not wide.is_injective()


@pytest.mark.skipif(not hasattr(ll, "BlockedLayout"), reason="layout families not built")
def test_figure1_a_is_the_blocked_layout():
    blocked = ll.BlockedLayout([2, 2], [4, 8], [2, 1], [1, 0]).to_linear([16, 16])
    assert blocked.bases["register"] == FIGURE1_A_BASES["register"]
    assert blocked.bases["lane"] == FIGURE1_A_BASES["lane"]
    assert blocked.bases["warp"] == FIGURE1_A_BASES["warp"]


# ---------------------------------------------------------------------------
# The 16x32 fp32 transpose (One Bit Off; Swizzle by hand, then by algebra;
# bench corpus case seed_transpose_16x32_f32).
# ---------------------------------------------------------------------------

TRANSPOSE_OUT = [("dim0", 16), ("dim1", 32)]
# Store: thread t owns column t, register r walks down the rows: (m=r, n=t).
TRANSPOSE_A = {"register": [[1, 0], [2, 0], [4, 0], [8, 0]],
               "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], "warp": []}
# Read: thread t reads (m = t mod 16, n = 2r + t // 16).
TRANSPOSE_B = {"register": [[0, 2], [0, 4], [0, 8], [0, 16]],
               "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], "warp": []}
# B^-1 A by hand: A's register bit k (m_k) is B's lane bit k; A's lane bit 0
# (n0) is B's lane bit 4; A's lane bit k >= 1 (n_k) is B's register bit k-1.
TRANSPOSE_CONVERSION = {
    "register": [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0]],
    "lane": [[0, 16, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0]],
    "warp": [],
}
CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                      "bench", "corpus.json")


def test_transpose_layouts_match_the_bench_corpus():
    with open(CORPUS) as f:
        case = next(c for c in json.load(f) if c["name"] == "seed_transpose_16x32_f32")
    assert case["shape"] == [16, 32]
    assert case["A"] == TRANSPOSE_A
    assert case["B"] == TRANSPOSE_B


def test_transpose_layouts_follow_the_access_patterns():
    a = to_ll(o.make(TRANSPOSE_A, TRANSPOSE_OUT))
    b = to_ll(o.make(TRANSPOSE_B, TRANSPOSE_OUT))
    r, t = np.meshgrid(np.arange(16), np.arange(32), indexing="ij")
    zeros = np.zeros_like(r)
    out_a = a.apply({"register": r, "lane": t, "warp": zeros})
    assert np.array_equal(out_a["dim0"], r) and np.array_equal(out_a["dim1"], t)
    out_b = b.apply({"register": r, "lane": t, "warp": zeros})
    assert np.array_equal(out_b["dim0"], t % 16)
    assert np.array_equal(out_b["dim1"], 2 * r + t // 16)


def test_transpose_conversion_b_inverse_a():
    a_ref, b_ref = o.make(TRANSPOSE_A, TRANSPOSE_OUT), o.make(TRANSPOSE_B, TRANSPOSE_OUT)
    assert o.invert_and_compose(a_ref, b_ref).bases == TRANSPOSE_CONVERSION
    c = to_ll(a_ref).invert_and_compose(to_ll(b_ref))
    assert c.bases == TRANSPOSE_CONVERSION
    assert c.out_dims == {"register": 16, "lane": 32, "warp": 1}
    # Element (m=r, n=t) held by A's (r, t) is B's register t >> 1, lane r + 16 (t & 1).
    for r in range(16):
        for t in range(32):
            assert c.apply({"register": r, "lane": t, "warp": 0}) == \
                {"register": t >> 1, "lane": r + 16 * (t & 1), "warp": 0}
    # Both layouts are bijective here, so B^-1 A is also B.invert() after A.
    assert c == to_ll(a_ref).compose(to_ll(b_ref).invert())


def _memory_layout(offset_of) -> o.Layout:
    """offset -> (dim0, dim1) from a formula (m, n) -> offset, by brute force."""
    forward = o.from_table(tuple(TRANSPOSE_OUT), (("offset", 512),),
                           np.array([[offset_of(m, n)] for n in range(32)
                                     for m in range(16)]))
    return o.invert(forward)


SWIZZLES = {
    # "One Bit Off", section 06 table: bank of (m, n) and read wavefronts.
    "unswizzled": (lambda m, n: 32 * m + n, 16, 256),
    "xor_m": (lambda m, n: 32 * m + (n ^ m), 2, 32),
    "xor_2m": (lambda m, n: 32 * m + (n ^ (2 * m)), 1, 16),
}


def _wavefronts(distributed: ll.LinearLayout, memory: ll.LinearLayout):
    """Per register step: the most distinct 4-byte words one bank serves."""
    to_offset = distributed.compose(memory.invert())
    steps = []
    for r in range(16):
        offsets = to_offset.apply({"register": np.full(32, r), "lane": np.arange(32),
                                   "warp": np.zeros(32, dtype=np.int64)})["offset"]
        per_bank = {}
        for off in offsets.tolist():
            per_bank.setdefault(off % 32, set()).add(off)
        steps.append(max(len(s) for s in per_bank.values()))
    return steps


@pytest.mark.parametrize("name", list(SWIZZLES))
def test_transpose_bank_conflicts_from_the_blog_table(name):
    offset_of, read_per_step, read_total = SWIZZLES[name]
    memory = to_ll(_memory_layout(offset_of))
    assert memory.is_invertible()
    a = to_ll(o.make(TRANSPOSE_A, TRANSPOSE_OUT))
    b = to_ll(o.make(TRANSPOSE_B, TRANSPOSE_OUT))
    store = _wavefronts(a, memory)
    read = _wavefronts(b, memory)
    assert store == [1] * 16                      # "Store row: conflict-free"
    assert read == [read_per_step] * 16           # 16-way, 2-way, conflict-free
    assert sum(store) + sum(read) == 16 + read_total  # "Full pass" column


def test_optimal_swizzle_memory_layout_of_the_blog():
    # "M_Seg = H, i.e. segment bit j -> n_{j+1} xor m_j"; bank bit i -> n_i.
    expected = {"offset": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16],
                           [1, 2], [2, 4], [4, 8], [8, 16]]}
    assert _memory_layout(SWIZZLES["xor_2m"][0]).bases == expected
    memory = ll.LinearLayout(expected, TRANSPOSE_OUT)
    # The 9x9 matrix: rows n0..n4, m0..m3; columns k0..k4, s0..s3.
    matrix = np.zeros((9, 9), dtype=int)
    for k in range(5):
        matrix[k, k] = 1
    for j in range(4):
        matrix[5 + j, 5 + j] = 1   # m_j
        matrix[j + 1, 5 + j] = 1   # n_{j+1}
    assert np.array_equal(memory.transpose_outs(["dim1", "dim0"]).matrix(), matrix)
    # offset(m, n) = 32 m + (n xor 2m) for every element.
    m, n = np.meshgrid(np.arange(16), np.arange(32), indexing="ij")
    got = memory.invert().apply({"dim0": m, "dim1": n})["offset"]
    assert np.array_equal(got, 32 * m + (n ^ (2 * m)))


# ---------------------------------------------------------------------------
# Paper, Definition 4.11 (mma swizzling) and Proposition 4.12: the offset of
# (i, j) is ((i / per_phase mod max_phase) xor j / vec) * vec xor (j mod vec)
# within the row; the memory layout has the matrix [[I_n, C], [0, I_m]] with
# c_i = (vec * (2^i / per_phase mod max_phase)) mod 2^n.
# ---------------------------------------------------------------------------

MMA_SWIZZLES = [
    # (vec, per_phase, max_phase, m, n): a 2^m x 2^n tile.
    (2, 1, 16, 4, 5),   # One Bit Off's optimal swizzle
    (1, 1, 16, 4, 5),   # "Lei's version is its vec=1 sibling" (xor m)
    (1, 1, 8, 3, 3),
    (4, 2, 4, 5, 5),
    (8, 1, 8, 6, 6),
    (2, 2, 4, 5, 4),
    (4, 1, 1, 3, 4),    # max_phase 1: no swizzle
]


def _mma_offset(i, j, vec, per_phase, max_phase, n):
    return i * 2 ** n + ((((i // per_phase) % max_phase) ^ (j // vec)) * vec ^ (j % vec))


@pytest.mark.parametrize("vec,per_phase,max_phase,m,n", MMA_SWIZZLES,
                         ids=[f"vec{v}_pp{p}_mp{x}_{2**m}x{2**n}"
                              for v, p, x, m, n in MMA_SWIZZLES])
def test_mma_swizzling_definition_4_11(vec, per_phase, max_phase, m, n):
    dims = (("dim0", 2 ** m), ("dim1", 2 ** n))
    rows = [[_mma_offset(i, j, vec, per_phase, max_phase, n)]
            for j in range(2 ** n) for i in range(2 ** m)]   # dim0 least significant
    # Proposition 4.12: linear (from_table checks it) and bijective.
    forward = o.from_table(dims, (("offset", 2 ** (m + n)),), np.array(rows))
    assert o.is_invertible(forward)
    memory = o.invert(forward)
    c = [(vec * ((2 ** k // per_phase) % max_phase)) % 2 ** n for k in range(m)]
    expected = [[0, 1 << k] for k in range(n)] + [[1 << k, c[k]] for k in range(m)]
    assert memory.bases == {"offset": expected}
    # The paper's block structure, rows j bits then i bits.
    block = np.zeros((m + n, m + n), dtype=int)
    block[:n, :n] = np.eye(n, dtype=int)
    block[n:, n:] = np.eye(m, dtype=int)
    for k in range(m):
        for r in range(n):
            block[r, n + k] = c[k] >> r & 1
    lib_memory = ll.LinearLayout({"offset": expected}, list(dims))
    assert np.array_equal(lib_memory.transpose_outs(["dim1", "dim0"]).matrix(), block)
    # The library inverts it back to the definition.
    assert lib_memory.is_invertible()
    assert lib_memory.invert() == to_ll(forward)
    i, j = np.meshgrid(np.arange(2 ** m), np.arange(2 ** n), indexing="ij")
    got = lib_memory.invert().apply({"dim0": i, "dim1": j})["offset"]
    assert np.array_equal(got, _mma_offset(i, j, vec, per_phase, max_phase, n))


# ---------------------------------------------------------------------------
# Small examples of the blog posts.
# ---------------------------------------------------------------------------

def test_three_bit_mask_example():
    # "What are linear layouts": m0 = (1,0,1), m1 = (0,1,1), m2 = (1,1,1) over
    # (b2, b1, b0); o_i = parity(m_i AND b).
    masks = [0b101, 0b011, 0b111]
    expected = [sum(((b & mk).bit_count() & 1) << i for i, mk in enumerate(masks))
                for b in range(8)]
    bases = {"b": [[expected[1]], [expected[2]], [expected[4]]]}
    assert bases == {"b": [[7], [6], [5]]}
    layout = ll.LinearLayout(bases, [("o", 8)])
    assert layout.apply({"b": np.arange(8)})["o"].tolist() == expected
    # The post's matrix has columns (b2, b1, b0); ours are (b0, b1, b2).
    post = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 1]])
    assert np.array_equal(layout.matrix(), post[:, ::-1])
    assert layout.is_invertible()


def test_row_major_memory_layout_of_the_triton_f2_blog():
    # offset = 16 i + j; the post's M_mem_inv has rows k0..k7, columns i0..i3, j0..j3.
    m_mem_inv = [[0, 0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 0, 1, 0, 0],
                 [0, 0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 0, 0, 1],
                 [1, 0, 0, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0],
                 [0, 0, 1, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0, 0]]
    ref = layout_from_matrix(m_mem_inv, [("dim0", 16), ("dim1", 16)], [("offset", 256)])
    layout = to_ll(ref)
    i, j = np.meshgrid(np.arange(16), np.arange(16), indexing="ij")
    assert np.array_equal(layout.apply({"dim0": i, "dim1": j})["offset"], 16 * i + j)
    assert layout.matrix().tolist() == m_mem_inv
    # The memory layout M_mem (offset -> coordinate) is its inverse.
    assert layout.invert().bases == {"offset": [[0, 1], [0, 2], [0, 4], [0, 8],
                                                [1, 0], [2, 0], [4, 0], [8, 0]]}


def test_shmem_swizzled_32x32_is_conflict_free_by_rows_and_columns():
    # "What are linear layouts": ShmemSwizzled(r, c) = (row = r, bank = r xor c).
    bases = {"dim0": [[1 << k, 1 << k] for k in range(5)],
             "dim1": [[0, 1 << k] for k in range(5)]}
    layout = ll.LinearLayout(bases, [("row", 32), ("bank", 32)])
    r, c = np.meshgrid(np.arange(32), np.arange(32), indexing="ij")
    bank = layout.apply({"dim0": r, "dim1": c})["bank"]
    assert np.array_equal(bank, r ^ c)
    for k in range(32):
        assert len(set(bank[k, :].tolist())) == 32   # one row
        assert len(set(bank[:, k].tolist())) == 32   # one column
    inverse = layout.invert()
    assert inverse.bases == {"row": [[1 << k, 1 << k] for k in range(5)],
                             "bank": [[0, 1 << k] for k in range(5)]}
