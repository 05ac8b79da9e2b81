"""Property tests of conversion planning against independent brute force.

For random pairs of distributed layouts (broadcast on either side; half of
them with unit/zero bases, half XOR-mixed, some with non-zero dependent
columns: planning_strategies.any_distributed_pairs):
- the wavefronts the plan predicts equal a brute-force bank simulation
  (bank_oracle.py: every thread, every byte, per instruction and phase);
- the swizzle reaches the Lemma 9.5 bound, computed here from ranks;
- the vector width is the whole of A_reg ∩ B_reg (up to 128 bits);
- executing the plan's data movement on a NumPy register file (store/load
  through the memory layout, or the shuffle rounds, or register copies)
  gives B's contents from A's.

The example counts below add up to 4,600 random pairs per run (about 30 s
on two cores); LL_HYPOTHESIS_SCALE=10 runs ten times as many
(docs/planning.md §8).
"""

from __future__ import annotations

import bank_oracle as bo
import linear_layout as ll
import numpy as np
import pytest
from hypothesis import event, example, given
from hypothesis import strategies as st
from planning_strategies import (
    any_distributed_pairs,
    element_bits,
    mixed_distributed_pairs,
    planning_settings,
)


def make(bases, sizes):
    return ll.LinearLayout(bases, {f"dim{i}": s for i, s in enumerate(sizes)})


def flat_cols(vectors, sizes):
    return [bo.flat(v, sizes) for v in vectors]


def hw_columns(bases, sizes):
    return flat_cols(bases["register"] + bases["lane"] + bases["warp"], sizes)


def note_family(*layouts_and_sizes):
    """Hypothesis statistics: unit/zero bases, XOR-mixed, dependent columns."""
    *layouts, sizes = layouts_and_sizes
    cols = [c for bases in layouts for c in hw_columns(bases, sizes)]
    mixed = any(c & (c - 1) for c in cols)
    dependent = any(
        rank([c for c in hw_columns(bases, sizes) if c])
        < len([c for c in hw_columns(bases, sizes) if c]) for bases in layouts)
    event(("xor-mixed" if mixed else "unit/zero")
          + (", dependent columns" if dependent else ""))


def rank(vectors) -> int:
    """F2 rank by elimination on Python ints (independent of the library)."""
    basis = []
    for v in vectors:
        for b in basis:
            v = min(v, v ^ b)
        if v:
            basis.append(v)
    return len(basis)


def nonfree(cols):
    """Columns independent of the ones before them."""
    kept, out = [], []
    for c in cols:
        if rank(kept + [c]) > len(kept):
            kept.append(c)
            out.append(c)
        else:
            out.append(None)
    return out


@planning_settings(150)
@given(st.data(), st.booleans())
def test_mixed_pairs_are_valid_distributed_layouts(data, same_warps):
    """The XOR-mixed strategy itself, by enumeration: A and B reach every
    element; with same_warps every warp holds the same elements in both."""
    a_bases, b_bases, sizes = data.draw(
        mixed_distributed_pairs(same_warps=same_warps))
    note_family(a_bases, b_bases, sizes)
    src, dst = bo.Distributed(a_bases, sizes), bo.Distributed(b_bases, sizes)
    everything = set(range(int(np.prod(sizes))))
    assert set(src.element.ravel().tolist()) == everything
    assert set(dst.element.ravel().tolist()) == everything
    if same_warps:
        assert a_bases["warp"] == b_bases["warp"]
        for w in range(src.nwarp):
            assert set(src.element[w].ravel().tolist()) == \
                set(dst.element[w].ravel().tolist())


@planning_settings(1200)
@given(any_distributed_pairs(same_warps=False), element_bits)
def test_predicted_wavefronts_match_simulation(pair, bits):
    a_bases, b_bases, sizes = pair
    note_family(a_bases, b_bases, sizes)
    a, b = make(a_bases, sizes), make(b_bases, sizes)
    plan = ll.plan_conversion(a, b, bits, kind="shared_memory",
                              allow_rounds=False, allow_matrix=False)
    s = plan.swizzle
    memory = plan.memory_layout.bases["offset"]
    src, dst = bo.Distributed(a_bases, sizes), bo.Distributed(b_bases, sizes)
    # The construction's vector (the paper's), simulated: the Lemma 9.5
    # checks below.
    st_counts = bo.simulate_wavefronts(memory, src, bits, s.vector_bits, "store")
    ld_counts = bo.simulate_wavefronts(memory, dst, bits, s.vector_bits, "load")
    assert ll.wavefronts(plan.memory_layout, a, bits, s.vector_bits,
                         access="store") == sum(st_counts)
    assert ll.wavefronts(plan.memory_layout, b, bits, s.vector_bits) == \
        sum(ld_counts)
    # The plan's figures are each side's accesses as lowered: the widest
    # aligned vector through the memory layout (docs/planning.md, "The
    # plan is what the lowering does"), never wider than 128 bits, and
    # narrower than the construction's only where a thread or a dependent
    # register column misaligns it.
    for side, dist, access in ((s.store, src, "store"), (s.load, dst, "load")):
        counts = bo.simulate_wavefronts(memory, dist, bits, side.vector_bits,
                                        access)
        want = plan.store_wavefronts if access == "store" else \
            plan.load_wavefronts
        assert sum(counts) == want
        assert len(counts) == side.instructions * side.phases
        assert bits <= side.vector_bits <= 128

    # Maximal vectorisation: all of span(A_reg) ∩ span(B_reg), up to 128 bits.
    ra = flat_cols(a_bases["register"], sizes)
    rb = flat_cols(b_bases["register"], sizes)
    common = rank(ra) + rank(rb) - rank(ra + rb)
    assert s.vector_bits == bits << min(common, (128 // bits).bit_length() - 1)

    # Lemma 9.5: every phase of every instruction costs exactly the bound.
    n = sum(x.bit_length() - 1 for x in sizes)
    d = rank(flat_cols(a_bases["register"] + a_bases["lane"] + a_bases["warp"], sizes))
    assert d == n
    vec_bytes = s.vector_bits // 8
    word_units = max(0, 2 - (vec_bytes.bit_length() - 1))
    vec_word = flat_cols(memory, sizes)[: (s.vector_bits // bits).bit_length() - 1
                                        + min(word_units, d)]
    vec_word = vec_word[:d]
    phase_bits = max(0, (32 * vec_bytes // 128).bit_length() - 1)
    low = 5 - phase_bits
    a_lanes = nonfree(flat_cols(a_bases["register"] + a_bases["lane"], sizes))
    a_lanes = a_lanes[len(a_bases["register"]):]
    a_thr = [c for i, c in enumerate(a_lanes) if c is not None and i < low]
    b_thr = [c for i, c in enumerate(flat_cols(b_bases["lane"], sizes))
             if c and i < low]
    unit_log2 = max(2, vec_bytes.bit_length() - 1)
    bank_bits = min(7 - unit_log2, d - len(vec_word))
    seg = d - len(vec_word) - bank_bits
    x_bound = max(0, seg - (d - rank(vec_word + a_thr)))
    y_bound = max(0, seg - (d - rank(vec_word + b_thr)))
    assert set(st_counts) <= {1 << x_bound}
    assert set(ld_counts) <= {1 << y_bound}


def matrix_view(bases, sizes, instruction, tile, bits):
    """The 128-bit access equivalent to ldmatrix/stmatrix (PTX fragment:
    thread t, register i = row t/4, columns 2(t%4)+{0,1}; .trans swaps rows
    and columns), built from the PTX description, not from the library."""
    regs, lanes = bases["register"], bases["lane"]
    pair, (m0, m1) = tile["pair_register"], tile["matrix_registers"]
    if bits == 16:
        contiguous = [regs[pair], lanes[0], lanes[1]]
        rows = [lanes[2], lanes[3], lanes[4]]
        if instruction.endswith(".trans"):
            contiguous, rows = rows, contiguous
    else:
        contiguous, rows = [lanes[0], lanes[1]], [lanes[2], lanes[3], lanes[4]]
    used = {pair, m0, m1}
    other = [r for i, r in enumerate(regs) if i not in used]
    return {"register": contiguous + other, "lane": rows + [regs[m0], regs[m1]],
            "warp": bases["warp"]}


@planning_settings(600)
@given(any_distributed_pairs(same_warps=False, max_zeros=1),
       st.sampled_from([8, 16, 32]))
def test_matrix_instruction_wavefronts_match_simulation(pair, bits):
    """The planner's own choices (ldmatrix/stmatrix, one-sided vectors):
    never worse than the paper's construction, predicted exactly, and the
    round trip moves every element where B wants it."""
    a_bases, b_bases, sizes = pair
    note_family(a_bases, b_bases, sizes)
    a, b = make(a_bases, sizes), make(b_bases, sizes)
    plan = ll.plan_conversion(a, b, bits, kind="shared_memory",
                              allow_rounds=False)
    s = plan.swizzle
    plain = ll.plan_conversion(a, b, bits, kind="shared_memory",
                               allow_rounds=False, allow_matrix=False)
    # Matrix instructions are only taken when they are no worse; one-sided
    # vectors only when strictly better: fewer wavefronts, or as many and
    # fewer instructions (the one cost order of every target).
    assert (plan.store_wavefronts + plan.load_wavefronts
            <= plain.store_wavefronts + plain.load_wavefronts)
    one_sided = (s.store_instruction == "st.shared"
                 and s.load_instruction == "ld.shared"
                 and plan.memory_layout != plain.memory_layout)
    if one_sided:
        plain_s = plain.swizzle
        assert ((plan.store_wavefronts + plan.load_wavefronts,
                 s.store.instructions + s.load.instructions)
                < (plain.store_wavefronts + plain.load_wavefronts,
                   plain_s.store.instructions + plain_s.load.instructions))
    memory = plan.memory_layout.bases["offset"]
    store_bases, load_bases = a_bases, b_bases
    if s.store_instruction != "st.shared":
        store_bases = matrix_view(a_bases, sizes, s.store_instruction,
                                  s.store_tile, bits)
    if s.load_instruction != "ld.shared":
        load_bases = matrix_view(b_bases, sizes, s.load_instruction,
                                 s.load_tile, bits)
    # Each side with its own vector (they differ for one-sided vectors).
    st_counts = bo.simulate_wavefronts(
        memory, bo.Distributed(store_bases, sizes), bits,
        s.store.vector_bits, "store")
    # ldmatrix's rows are not assumed to pair quarter phases as ld.shared
    # does (docs/planning.md §3): the oracle counts the view as the model.
    ld_counts = bo.simulate_wavefronts(
        memory, bo.Distributed(load_bases, sizes), bits,
        s.load.vector_bits, "load",
        pairs_load_phases=s.load_instruction == "ld.shared")
    assert sum(st_counts) == plan.store_wavefronts
    assert sum(ld_counts) == plan.load_wavefronts
    src, dst = bo.Distributed(a_bases, sizes), bo.Distributed(b_bases, sizes)
    np.testing.assert_array_equal(bo.round_trip(memory, src, dst), dst.element)


# Found by Hypothesis: a rounded plan with fewer wavefronts and more
# instructions than the cheapest single-round plan.
FEWER_WAVEFRONTS_MORE_INSTRUCTIONS = (
    {"register": [[0, 448], [0, 10], [0, 320], [0, 32], [0, 6], [0, 449]],
     "lane": [[0, 18], [0, 2], [0, 256], [0, 0], [0, 0]], "warp": []},
    {"register": [[0, 320], [0, 2], [0, 449], [0, 10]],
     "lane": [[0, 24], [0, 32], [0, 448], [0, 6], [0, 256]], "warp": []},
    [1, 512])


@planning_settings(800)
@given(any_distributed_pairs(), element_bits)
@example(FEWER_WAVEFRONTS_MORE_INSTRUCTIONS, 8)
def test_plan_moves_the_data(pair, bits):
    a_bases, b_bases, sizes = pair
    note_family(a_bases, b_bases, sizes)
    a, b = make(a_bases, sizes), make(b_bases, sizes)
    plan = ll.plan_conversion(a, b, bits)
    event(f"kind: {plan.kind}")
    src, dst = bo.Distributed(a_bases, sizes), bo.Distributed(b_bases, sizes)
    if plan.kind == "shared_memory":
        memory = plan.memory_layout.bases["offset"]
        rounds = plan.rounds.bit_length() - 1
        got = bo.round_trip(memory, src, dst, rounds)
        assert plan.shared_bytes * 8 == (bits << len(memory)) >> rounds
        # Allowing rounds never makes the plan dearer in the planner's one
        # cost order, (wavefronts, instructions) counted as lowered: each
        # instruction choice takes its rounds only where they cost no more
        # of either (a round's scratch can align a vector the whole tile's
        # misaligns), so the cheapest choice with rounds is at most the
        # cheapest without. Across choices the order is lexicographic: a
        # rounded choice with fewer wavefronts may beat a single-round one
        # with fewer instructions (1x512 int8 with free source lanes: 32
        # wavefronts and 32 instructions against 36 and 20). (Which side
        # pays them may differ: among choices of equal cost the smaller
        # scratch wins, and a one-sided vector can tie with the symmetric
        # one.)
        single = ll.plan_conversion(a, b, bits, kind="shared_memory",
                                    allow_rounds=False)
        s, s1 = plan.swizzle, single.swizzle
        assert ((plan.store_wavefronts + plan.load_wavefronts,
                 s.store.instructions + s.load.instructions)
                <= (single.store_wavefronts + single.load_wavefronts,
                    s1.store.instructions + s1.load.instructions))
    elif plan.kind == "shuffle":
        got = bo.run_shuffles(plan.shuffle, src, dst)
    elif plan.kind == "registers":
        m = plan.register_map
        got = np.empty_like(dst.element)
        for idx in np.ndindex(*dst.element.shape):
            w, lane, r = (int(i) for i in idx)
            source = m.apply({"register": r, "lane": lane, "warp": w,
                              "block": 0})["register"]
            got[idx] = src.element[w, lane, source]
    else:
        assert plan.kind == "noop"
        assert a == b
        got = src.element
    np.testing.assert_array_equal(got, dst.element)


@planning_settings(700)
@given(any_distributed_pairs(same_warps=True), element_bits)
def test_shuffle_plans_move_the_data(pair, bits):
    a_bases, b_bases, sizes = pair
    note_family(a_bases, b_bases, sizes)
    a, b = make(a_bases, sizes), make(b_bases, sizes)
    plan = ll.plan_conversion(a, b, bits)
    assert plan.classification in ("noop", "registers", "shuffle")
    event(f"classification: {plan.classification}")
    if plan.classification != "shuffle":
        return
    forced = ll.plan_conversion(a, b, bits, kind="shuffle")
    sh = forced.shuffle
    src, dst = bo.Distributed(a_bases, sizes), bo.Distributed(b_bases, sizes)
    np.testing.assert_array_equal(bo.run_shuffles(sh, src, dst), dst.element)
    # One packed value per lane per round: the vector fits 32 bits.
    assert (bits << len(sh.vec)) <= max(32, bits)
    # Rounds: 2^(max(dim A_reg, dim B_reg) - |V|), the optimum for V.
    ra = rank(flat_cols(a_bases["register"], sizes))
    rb = rank(flat_cols(b_bases["register"], sizes))
    assert sh.rounds == 1 << (max(ra, rb) - len(sh.vec))
    assert sh.shuffles == sh.rounds * max(1, (bits << len(sh.vec)) // 32)


@pytest.mark.parametrize("bits", [8, 16, 32, 64])
def test_every_kind_is_reachable(bits):
    sizes = [16, 32]
    a = {"register": [[1, 0], [2, 0], [4, 0], [8, 0]],
         "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], "warp": []}
    same = ll.plan_conversion(make(a, sizes), make(a, sizes), bits)
    assert same.kind == "noop" and same.shared_bytes == 0
    perm = dict(a, register=[[2, 0], [1, 0], [8, 0], [4, 0]])
    regs = ll.plan_conversion(make(a, sizes), make(perm, sizes), bits)
    assert regs.kind == "registers"
    assert regs.register_sources == [0, 2, 1, 3, 8, 10, 9, 11, 4, 6, 5, 7,
                                     12, 14, 13, 15]


def minimal_mechanism(src, dst):
    """By brute force over element sets: the least mechanism that can do it."""
    if src.element.shape == dst.element.shape and \
            (src.element == dst.element).all():
        return "noop"
    same_threads = src.element.shape[:2] == dst.element.shape[:2] and all(
        set(dst.element[w, lane]) <= set(src.element[w, lane])
        for w in range(dst.nwarp) for lane in range(dst.nlane))
    if same_threads:
        return "registers"
    return None


@planning_settings(700)
@given(any_distributed_pairs(max_zeros=3), element_bits)
def test_classification_matches_element_sets(pair, bits):
    a_bases, b_bases, sizes = pair
    note_family(a_bases, b_bases, sizes)
    plan = ll.plan_conversion(make(a_bases, sizes), make(b_bases, sizes), bits)
    src, dst = bo.Distributed(a_bases, sizes), bo.Distributed(b_bases, sizes)
    brute = minimal_mechanism(src, dst)
    event(f"classification: {plan.classification}")
    if brute is not None:
        assert plan.classification == brute
    else:
        assert plan.classification in ("shuffle", "shared_memory")
        same_warps = a_bases["warp"] == b_bases["warp"]
        warp_sets_equal = all(
            set(dst.element[w].ravel()) == set(src.element[w].ravel())
            for w in range(dst.nwarp)) if src.nwarp == dst.nwarp else False
        if same_warps and warp_sets_equal:
            assert plan.classification == "shuffle"
        if not warp_sets_equal:
            assert plan.classification == "shared_memory"


@st.composite
def memory_for(draw, dist_bases, sizes, bits):
    """A random bijective memory layout offset -> tensor whose first v offset
    columns are register columns of the access (so v-element vectors are
    contiguous), the rest random XOR mixtures: swizzles with conflicts."""
    n = sum(x.bit_length() - 1 for x in sizes)
    regs = [c for c in nonfree(flat_cols(dist_bases["register"], sizes))
            if c is not None]
    max_v = min(len(regs), (128 // bits).bit_length() - 1)
    v = draw(st.integers(0, max_v))
    vec = draw(st.permutations(regs))[:v]
    rest = [1 << b for b in range(n) if rank(vec + [1 << b]) > rank(vec)]
    rest = draw(st.permutations(rest))
    basis = list(vec)
    for c in rest:
        if rank(basis + [c]) > len(basis):
            basis.append(c)
    body = basis[v:]
    for i, j in draw(st.lists(st.tuples(st.integers(0, max(0, len(body) - 1)),
                                        st.integers(0, max(0, len(basis) - 1))),
                              max_size=10)):
        if body and basis[j] != body[i] and rank(
                basis[:v] + body[:i] + [body[i] ^ basis[j]] + body[i + 1:]) == n:
            body[i] ^= basis[j]
    columns = basis[:v] + body
    values = []
    for c in columns:
        vals, shift = [], 0
        for s in sizes:
            vals.append((c >> shift) & (s - 1))
            shift += s.bit_length() - 1
        values.append(vals)
    return values, bits << v


@planning_settings(600)
@given(st.data(), any_distributed_pairs(same_warps=False), element_bits,
       st.sampled_from(["store", "load", "owner_load"]))
def test_wavefronts_of_any_swizzle_match_simulation(data, pair, bits, access):
    a_bases, _, sizes = pair
    note_family(a_bases, sizes)
    memory, vector_bits = data.draw(memory_for(a_bases, sizes, bits))
    m = make({"offset": memory}, sizes)
    got = ll.planning.wavefront_count(m, make(a_bases, sizes), bits,
                                      vector_bits, access=access)
    sim = bo.simulate_wavefronts(memory, bo.Distributed(a_bases, sizes), bits,
                                 vector_bits, access)
    assert got.wavefronts == sum(sim)
    # Lemma 9.4: every phase of every instruction takes the same 2^c.
    assert set(sim) <= {1 << got.conflict_dim}


@planning_settings(400)
@given(any_distributed_pairs(same_warps=True), element_bits)
def test_select_free_layouts(pair, bits):
    """ll.select_free_layouts against the NumPy oracle: the reordered
    layouts give every thread the same elements as A and B (sorted per
    (warp, lane)), and the conversion between them takes the same shuffles,
    no select, and moves the data (the oracle runs the plan's tables)."""
    a_bases, b_bases, sizes = pair
    a, b = make(a_bases, sizes), make(b_bases, sizes)
    if ll.plan_conversion(a, b, bits).classification != "shuffle":
        return
    original = ll.plan_conversion(a, b, bits, kind="shuffle").shuffle
    found = ll.select_free_layouts(a, b, bits)
    event("select-free orders" if found else "none (a lane idles in a round)")
    if found is None:
        # Only broadcast has none: a lane that sends or reads nothing in a
        # round, or registers that repeat elements (zero register columns,
        # or A and B with different register counts).
        idle = any(lane < 0 for rnd in original.src_lane for lane in rnd) or \
            any(reg < 0 for rnd in original.send_register for lane in rnd
                for reg in lane)
        repeated = len(a_bases["register"]) != len(b_bases["register"]) or \
            any(not any(v) for v in a_bases["register"] + b_bases["register"])
        assert idle or repeated
        return
    na, nb = found
    for old, new in ((a_bases, na), (b_bases, nb)):
        want = bo.Distributed(old, sizes).element
        got = bo.Distributed(new.bases, sizes).element
        np.testing.assert_array_equal(np.sort(got, axis=2),
                                      np.sort(want, axis=2))
    plan = ll.plan_conversion(na, nb, bits, kind="shuffle").shuffle
    assert plan.selects == 0
    assert plan.shuffles == original.shuffles
    src = bo.Distributed(na.bases, sizes)
    dst = bo.Distributed(nb.bases, sizes)
    np.testing.assert_array_equal(bo.run_shuffles(plan, src, dst), dst.element)
