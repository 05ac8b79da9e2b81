"""The worked examples of the reference documents, reproduced exactly, and
the error behaviour of the planning API."""

from __future__ import annotations

import bank_oracle as bo
import linear_layout as ll
import numpy as np
import pytest

SIZES = {"dim0": 16, "dim1": 32}
# 16x32 fp32, one warp: A stores rows (thread t owns column t, registers walk
# the rows), B reads column pairs (threads 0-15 rows of column 2r, 16-31 of
# column 2r+1).
A16 = {"register": [[1, 0], [2, 0], [4, 0], [8, 0]],
       "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], "warp": []}
B16 = {"register": [[0, 2], [0, 4], [0, 8], [0, 16]],
       "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], "warp": []}
BANKS = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]
UNSWIZZLED = BANKS + [[1, 0], [2, 0], [4, 0], [8, 0]]
XOR_M = BANKS + [[1, 1], [2, 2], [4, 4], [8, 8]]
XOR_2M = BANKS + [[1, 2], [2, 4], [4, 8], [8, 16]]


def lay(bases, sizes=SIZES):
    return ll.LinearLayout(bases, sizes)


def test_16x32_plan_is_the_xor_2m_swizzle():
    # The paper's algorithm: plain ld/st.shared vectors.
    plan = ll.plan_conversion(lay(A16), lay(B16), 32, allow_matrix=False)
    assert plan.kind == "shared_memory"
    assert plan.memory_layout == lay({"offset": XOR_2M})
    s = plan.swizzle
    assert s.vec == [] and s.vector_bits == 32
    assert s.I == [[0, 1]]
    assert s.E == [[0, 2], [0, 4], [0, 8], [0, 16]]
    assert s.F == [[1, 0], [2, 0], [4, 0], [8, 0]]
    assert s.C == []
    assert s.H == [[1, 2], [2, 4], [4, 8], [8, 16]]
    assert s.seg == s.H and s.bank == BANKS
    assert (plan.store_wavefronts, plan.load_wavefronts) == (16, 16)
    assert plan.shared_bytes == 2048
    text = plan.explain()
    for needle in ("I = ", "E (store-only", "F (load-only", "H = ",
                   "Segment basis", "[1, 2], [2, 4], [4, 8], [8, 16]",
                   "Store: 16 wavefronts", "Load:  16 wavefronts",
                   "Lemma 9.5"):
        assert needle in text, needle
    assert ll.optimal_swizzle(lay(A16), lay(B16), 32) == plan.memory_layout


def test_16x32_with_ldmatrix_keeps_wavefronts_and_cuts_instructions():
    plan = ll.plan_conversion(lay(A16), lay(B16), 32)
    s = plan.swizzle
    assert s.load_instruction == "ldmatrix" and s.store_instruction == "st.shared"
    assert (plan.store_wavefronts, plan.load_wavefronts) == (16, 16)
    # 4 x 128-bit stores and 4 ldmatrix.x4 (Triton 3.6 measures 4 + 4 too).
    assert (s.store.instructions, s.load.instructions) == (4, 4)
    assert "ldmatrix" in plan.explain()


@pytest.mark.parametrize("memory, per_instruction, load", [
    (UNSWIZZLED, 16, 256), (XOR_M, 2, 32), (XOR_2M, 1, 16)])
def test_16x32_table_16_2_1(memory, per_instruction, load):
    m = lay({"offset": memory})
    assert ll.wavefronts(m, lay(A16), 32, access="store") == 16
    assert ll.wavefronts(m, lay(A16), 32, 32, access="store") == 16
    assert ll.wavefronts(m, lay(B16), 32) == load
    count = ll.planning.wavefront_count(m, lay(B16), 32)
    assert 1 << count.conflict_dim == per_instruction
    assert count.instructions == 16
    # The brute-force simulator agrees.
    sim = bo.simulate_wavefronts(memory, bo.Distributed(B16, [16, 32]), 32, 32,
                                 "load")
    assert sim == [per_instruction] * 16


# 128-bit fp16 loads through the row-major memory of the tile, as probed on
# an H200 (bench/hw, bench/results/hw_wavefronts.md): (register, lane, shape,
# load wavefronts measured, paired). A half-warp is one phase when each group
# of four lanes reads at most two vectors (docs/planning.md §3).
V128 = [[0, 1], [0, 2], [0, 4]]
ROWS = [[4, 0], [8, 0], [16, 0], [32, 0]]
PAIRING_PROBES = {
    # the quarters of a half read one vector each, in other banks
    "quarters_differ": (V128 + [[0, 16], [2, 0], [4, 0], [8, 0]],
                        [[0, 0], [0, 0], [0, 0], [0, 8], [1, 0]], [16, 32],
                        32, True),
    "one_quarters_differ": (V128, [[0, 0], [0, 0], [0, 0], [0, 8], [1, 0]],
                            [2, 16], 2, True),
    # quarters of 4 vectors, halves of 8: lane 1 zero pairs, lane 2 zero not
    "lane1_zero": (V128 + ROWS, [[0, 8], [0, 0], [0, 16], [1, 0], [2, 0]],
                   [64, 32], 32, True),
    "lane2_zero": (V128 + ROWS, [[0, 8], [0, 16], [0, 0], [1, 0], [2, 0]],
                   [64, 32], 64, False),
    # a paired half that conflicts: 2 wavefronts a half
    "one_quarters_differ_conflicted": (
        V128 + [[0, 16]], [[2, 0], [0, 0], [0, 0], [0, 8], [1, 0]], [4, 32],
        8, True),
    # every lane reads its own vector: quarters, each conflicting twice
    "conflict_quarters": (V128 + [[8, 0]],
                          [[2, 0], [0, 8], [0, 16], [1, 0], [4, 0]], [16, 32],
                          16, False),
}


def row_major(shape):
    return ([[0, 1 << i] for i in range(shape[1].bit_length() - 1)]
            + [[1 << i, 0] for i in range(shape[0].bit_length() - 1)])


@pytest.mark.parametrize("name", PAIRING_PROBES)
def test_quarter_phases_pair_as_measured(name):
    registers, lanes, shape, measured, paired = PAIRING_PROBES[name]
    sizes = {"dim0": shape[0], "dim1": shape[1]}
    bases = {"register": registers, "lane": lanes, "warp": []}
    memory = row_major(shape)
    m, b = lay({"offset": memory}, sizes), lay(bases, sizes)
    count = ll.planning.wavefront_count(m, b, 16, 128)
    assert count.wavefronts == measured
    assert count.paired_phases == paired
    sim = bo.simulate_wavefronts(memory, bo.Distributed(bases, shape), 16, 128,
                                 "load")
    assert sum(sim) == measured
    # Stores never pair; neither do AMD's LDS phases.
    store = ll.planning.wavefront_count(m, b, 16, 128, access="store")
    assert not store.paired_phases
    amd = ll.planning.wavefront_count(m, b, 16, 128, "gfx942")
    assert not amd.paired_phases
    assert sum(bo.simulate_wavefronts(
        memory, bo.Distributed(bases, shape), 16, 128, "load", 32, 64,
        pairs_load_phases=False)) == amd.wavefronts


def test_swizzle_pairs_the_quarters_of_a_broadcast_load():
    # B's quarters each read one vector (lanes 0-2 broadcast), the quarters
    # of a half two vectors: the swizzle puts lane 3's vector in other banks
    # so that each half-warp takes one wavefront (without the pairing lane
    # among B's conflicting lanes the plan took 8; found by
    # test_swizzle_exhaustive.py).
    sizes = {"dim0": 1, "dim1": 64}
    a = {"register": [[0, 1], [0, 2]],
         "lane": [[0, 4], [0, 8], [0, 16], [0, 32], [0, 0]], "warp": [[0, 0]]}
    b = {"register": [[0, 1], [0, 2]],
         "lane": [[0, 0], [0, 8], [0, 16], [0, 32], [0, 4]], "warp": [[0, 0]]}
    plan = ll.plan_conversion(lay(a, sizes), lay(b, sizes), 32,
                              kind="shared_memory", allow_matrix=False)
    load = plan.swizzle.load
    assert load.vector_bits == 128 and load.paired_phases
    assert load.wavefronts == 4
    assert [0, 32] in plan.swizzle.load_threads  # lane 3, the pairing lane


def test_figure3_shuffle_takes_two_rounds():
    # 8 elements, 4 lanes x 2 registers; A's register is bit 1, B's bit 2.
    sizes = {"dim0": 8}
    a = {"register": [[2]], "lane": [[1], [4]], "warp": []}
    b = {"register": [[4]], "lane": [[1], [2]], "warp": []}
    plan = ll.plan_conversion(lay(a, sizes), lay(b, sizes), 32, kind="shuffle")
    assert plan.kind == "shuffle" and plan.classification == "shuffle"
    sh = plan.shuffle
    assert sh.vec == [] and sh.I == []
    assert sh.E == [[2]] and sh.F == [[4]] and sh.G == [[6]]
    assert sh.C == [[1]]
    assert sh.round_bases == [[2]]       # R(0) = 0, R(1) = [0, 1, 0]
    assert sh.rounds == 2 and sh.shuffles == 2
    src, dst = bo.Distributed(a, [8]), bo.Distributed(b, [8])
    got = bo.run_shuffles(sh, src, dst)
    np.testing.assert_array_equal(got, dst.element)
    # Each round every lane reads exactly one lane.
    assert all(lane >= 0 for rnd in sh.src_lane for lane in rnd)


def test_vectorised_128_bit_access_has_quarter_warp_phases():
    # 4 fp32 per thread along dim1 in both layouts: 128-bit vectors.
    sizes = {"dim0": 32, "dim1": 16}
    a = {"register": [[0, 1], [0, 2], [1, 0], [2, 0]],
         "lane": [[0, 4], [0, 8], [4, 0], [8, 0], [16, 0]], "warp": []}
    b = {"register": [[0, 1], [0, 2], [0, 4], [0, 8]],
         "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], "warp": []}
    plan = ll.plan_conversion(lay(a, sizes), lay(b, sizes), 32)
    assert plan.vector_bits == 128
    s = plan.swizzle
    assert s.phase_bits == 2 and s.store.phases == 4
    # 2 KiB each way = 16 wavefronts of 128 B: conflict-free.
    assert plan.store_wavefronts == 16 and plan.load_wavefronts == 16


@pytest.mark.parametrize("target, banks", [("sm_80", 32), ("gfx942", 32),
                                           ("gfx950", 64)])
def test_targets(target, banks):
    plan = ll.plan_conversion(lay(A16), lay(B16), 32, target)
    assert plan.target == target
    m = plan.memory_layout
    assert ll.wavefronts(m, lay(B16), 32, target=target) == plan.load_wavefronts


def test_errors_are_exceptions():
    a, b = lay(A16), lay(B16)
    with pytest.raises(TypeError, match="src"):
        ll.plan_conversion("nope", b, 32)
    with pytest.raises(TypeError, match="element_bits"):
        ll.plan_conversion(a, b, 32.0)
    with pytest.raises(ValueError, match="element_bits"):
        ll.plan_conversion(a, b, 12)
    with pytest.raises(ValueError, match="target"):
        ll.plan_conversion(a, b, 32, "tpu")
    with pytest.raises(ValueError, match="kind"):
        ll.plan_conversion(a, b, 32, kind="magic")
    with pytest.raises(ValueError, match="cannot perform"):
        ll.plan_conversion(a, b, 32, kind="registers")
    other = ll.LinearLayout({"register": [[1]]}, {"dim0": 2})
    with pytest.raises(ValueError):
        ll.plan_conversion(a, other, 32)
    with pytest.raises(ValueError, match="distributed"):
        ll.plan_conversion(lay({"offset": XOR_2M}), b, 32)
    m = lay({"offset": XOR_2M})
    with pytest.raises(ValueError, match="vector_bits"):
        ll.wavefronts(m, b, 32, 64)
    with pytest.raises(ValueError, match="vector_bits"):
        ll.wavefronts(m, b, 32, 48)
    with pytest.raises(ValueError, match="access"):
        ll.wavefronts(m, b, 32, access="both")
    with pytest.raises(ValueError, match="not injective"):
        ll.wavefronts(lay({"offset": BANKS + [[1, 0], [2, 0], [4, 0], [4, 0]]}),
                      b, 32)
    small = lay({"offset": BANKS})
    with pytest.raises(ValueError, match="does not hold"):
        ll.wavefronts(small, b, 32)
    not_surjective = lay({"register": [[1, 0]], "lane": [], "warp": []})
    with pytest.raises(ValueError, match="every element"):
        ll.plan_conversion(not_surjective, b, 32)


def test_repr_is_short():
    plan = ll.plan_conversion(lay(A16), lay(B16), 32, allow_matrix=False)
    text = repr(plan)
    assert text.startswith("ConversionPlan(kind='shared_memory'")
    assert "store_wavefronts=16" in text and "load_wavefronts=16" in text
    assert len(text) < 300


def test_explain_says_what_a_one_sided_vector_beat():
    """docs/planning.md §5b: the explanation names the plain plan's figures
    and which of them the one-sided vector improves. 64x64 int8 transpose
    on 4 warps: 128-bit stores win on wavefronts; blocked -> 8-bit dot
    operand B on 8 warps (shared columns dim0 +32, dim1 +8 first): as many
    wavefronts and fewer instructions."""
    rows = {"register": [[0, 1], [0, 2], [0, 4], [0, 8], [32, 0]],
            "lane": [[0, 16], [0, 32], [1, 0], [2, 0], [4, 0]],
            "warp": [[8, 0], [16, 0]]}
    cols = {"register": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 32]],
            "lane": [[16, 0], [32, 0], [0, 1], [0, 2], [0, 4]],
            "warp": [[0, 8], [0, 16]]}
    size = {"dim0": 64, "dim1": 64}
    plan = ll.plan_conversion(lay(rows, size), lay(cols, size), 8)
    s = plan.swizzle
    assert (s.store.vector_bits, s.load.vector_bits) == (128, 8)
    line = next(x for x in plan.explain().splitlines() if "Vectorisation" in x)
    assert "one-sided" in line and ": fewer wavefronts" in line, line

    blocked = {"register": [[0, 1], [0, 2], [0, 4], [0, 8], [32, 0]],
               "lane": [[0, 16], [0, 32], [0, 64], [1, 0], [2, 0]],
               "warp": [[4, 0], [8, 0], [16, 0]]}
    dot_b = {"register": [[1, 0], [2, 0], [16, 0], [32, 0], [0, 8], [0, 16],
                          [0, 32], [0, 64]],
             "lane": [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]],
             "warp": [[0, 0], [0, 0], [0, 0]]}
    size = {"dim0": 64, "dim1": 128}
    plan = ll.plan_conversion(lay(blocked, size), lay(dot_b, size), 8)
    s = plan.swizzle
    assert s.vec[:2] == [[32, 0], [0, 8]]
    assert (s.store.vector_bits, s.load.vector_bits) == (32, 128)
    text = plan.explain()
    assert "as many wavefronts, fewer instructions" in text
    assert "the wider side's vector starts with it" in text


def test_allow_one_sided_steers_the_vector():
    """allow_one_sided (ll-plan-conversions' allow-one-sided) decides the
    one-sided vectors by itself; unset, they follow allow_matrix. The
    16x32 transpose: one-sided 128-bit stores (the store side's four rows)
    at the paper's 16 + 16 wavefronts, or XOR 2m with 32-bit accesses."""
    one_sided = ll.plan_conversion(lay(A16), lay(B16), 32, allow_matrix=False,
                                   allow_one_sided=True)
    s = one_sided.swizzle
    assert (s.store.vector_bits, s.load.vector_bits) == (128, 32)
    assert (one_sided.store_wavefronts, one_sided.load_wavefronts) == (16, 16)
    paper = ll.plan_conversion(lay(A16), lay(B16), 32, allow_one_sided=False,
                               allow_matrix=False)
    assert paper.memory_layout == lay({"offset": XOR_2M})
    assert ll.plan_conversion(lay(A16), lay(B16), 32, allow_matrix=False) \
        .memory_layout == lay({"offset": XOR_2M})
    with pytest.raises(TypeError, match="allow_one_sided"):
        ll.plan_conversion(lay(A16), lay(B16), 32, allow_one_sided="yes")


# Lanes permuted within one warp, the registers left alone: one shuffle
# per register and no select, cheaper than shared memory. At 64x128 fp32 a
# thread holds 256 words of either layout, beyond the register budget; at
# 32x128 (128 words) both tiles fit.
def _lane_permutation(rows):
    registers = [[0, 8], [0, 16], [0, 32], [0, 64]] + [
        [1 << k, 0] for k in range(2, rows.bit_length() - 1)]
    a = {"register": registers,
         "lane": [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], "warp": []}
    b = {"register": registers,
         "lane": [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]], "warp": []}
    sizes = {"dim0": rows, "dim1": 128}
    return lay(a, sizes), lay(b, sizes)


def test_shuffles_of_a_tile_beyond_the_registers_go_through_shared_memory():
    a, b = _lane_permutation(64)
    plan = ll.plan_conversion(a, b, 32)
    assert plan.classification == "shuffle"
    assert plan.kind == "shared_memory"
    assert "256 32-bit registers" in plan.reason
    assert "register budget (224)" in plan.reason
    # Asked for, the shuffles are still planned.
    assert ll.plan_conversion(a, b, 32, kind="shuffle").kind == "shuffle"
    # Half the tile fits: shuffles, as before.
    small = ll.plan_conversion(*_lane_permutation(32), 32)
    assert small.kind == "shuffle", small.reason
