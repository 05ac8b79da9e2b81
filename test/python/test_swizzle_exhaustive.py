"""The optimal swizzle checked by exhaustion, broadcast layouts included.

The property tests (test_planning_properties.py) check that the planner's
memory layout reaches the Lemma 9.5 bound, a bound computed from ranks. This
file checks the claim itself on small tiles (at most 2^7 elements): it tries
every memory layout that keeps the plan's vector at its bottom and counts
the wavefronts of each by the hardware rules of docs/planning.md §3, then
asserts that the plan's store and load wavefronts are each the least any of
them reaches. The pairs include broadcast on either side (zero lane, warp
and register columns, and dependent non-zero ones: several threads or
registers holding one element), the case the paper's §5.1 calls duplicated
data (docs/planning.md, "Broadcast").

Why trying every layout is a finite search (docs/planning.md, "Broadcast"):
with the vector's columns Vec at the bottom of the offset, the u sub-word
columns F above it, then b bank columns and s row columns, two touched
elements share a bank iff their difference lies in Vec + F + S and a word
iff it lies in Vec + F. The wavefronts therefore depend only on the
subspaces Vec + F and Vec + F + S, so it suffices to enumerate the u-dim
subspaces F of a complement of Vec and, for each, the s-dim subspaces S of a
complement of Vec + F (reduced echelon forms: every subspace exactly once).

The counter below is checked against bank_oracle.py (every thread, every
byte) on the plan's own memory layout in every example.
"""

from __future__ import annotations

import itertools

import bank_oracle as bo
import linear_layout as ll
import numpy as np
from hypothesis import event, given
from planning_strategies import any_distributed_pairs, element_bits, planning_settings

BANKS, WARP = 32, 32


def make(bases, sizes):
    return ll.LinearLayout(bases, {f"dim{i}": s for i, s in enumerate(sizes)})


def reduce(v, basis):
    for b in basis:
        v = min(v, v ^ b)
    return v


def complement(vectors, d):
    """Unit vectors completing span(vectors) to F2^d."""
    basis, out = [], []
    for v in vectors:
        v = reduce(v, basis)
        if v:
            basis.append(v)
    for i in range(d):
        v = reduce(1 << i, basis)
        if v:
            basis.append(v)
            out.append(1 << i)
    return out


def subspaces(generators, k):
    """Every k-dim subspace of span(generators) (independent), once each, as
    a basis: the reduced row echelon forms over the generators' coordinates."""
    n = len(generators)
    for pivots in itertools.combinations(range(n), k):
        free = [[j for j in range(p + 1, n) if j not in pivots] for p in pivots]
        for fill in itertools.product((0, 1), repeat=sum(len(f) for f in free)):
            rows, pos = [], 0
            for p, f in zip(pivots, free):
                row = generators[p]
                for j in f:
                    if fill[pos]:
                        row ^= generators[j]
                    pos += 1
                rows.append(row)
            yield rows


class Accesses:
    """The (instruction, phase) group and the element of every active access
    of one side, enumerated once (bank_oracle's rules: which threads and
    registers access, the instruction of a register, the phase of a lane)."""

    def __init__(self, dist, access, vec_columns, element_bits, vector_bits):
        active = dist.store_active() if access == "store" else dist.load_active()
        vec_span = {0}
        for c in vec_columns:
            vec_span |= {x ^ c for x in vec_span}
        # Registers in one vector coset (in warp 0, lane 0) share an
        # instruction, named by the lowest of them.
        coset = [
            min(int(dist.element[0, 0, r]) ^ x for x in vec_span)
            for r in range(dist.nreg)
        ]
        instr = [
            min(q for q in range(dist.nreg) if coset[q] == coset[r])
            for r in range(dist.nreg)
        ]
        vec_bytes = vector_bits // 8
        phases_log2 = max(0, (WARP * vec_bytes // (BANKS * 4)).bit_length() - 1)
        groups, elements, quads = [], [], {}
        for w, lane, r in zip(*np.nonzero(active)):
            phase = lane >> (5 - phases_log2) if phases_log2 else 0
            group = (w * dist.nreg + instr[r]) * 4 + phase
            groups.append(group)
            element = int(dist.element[w, lane, r])
            elements.append(element)
            vector = min(element ^ x for x in vec_span)
            quads.setdefault((group >> 1, lane >> 2), set()).add(vector)
        # Paired quarter phases (docs/planning.md §3): on a 128-bit load, a
        # half-warp whose groups of four lanes each read at most two vectors
        # is one phase. Which halves pair does not depend on the memory.
        self.pairs = access == "load" and phases_log2 == 2
        unpaired = {half for (half, _), vs in quads.items() if len(vs) > 2}
        if self.pairs:
            groups = [g & ~1 if g >> 1 not in unpaired else g for g in groups]
        self.group = np.asarray(groups, dtype=np.int64)
        self.element = np.asarray(elements, dtype=np.int64)
        self.elem_bytes = element_bits // 8
        self.vec_elems = vector_bits // element_bits
        self.vec_bytes = vec_bytes

    def wavefronts(self, offset_of):
        """Total wavefronts through a memory layout given as element ->
        offset: per group, the most distinct words any bank is asked for."""
        start = (
            (offset_of[self.element] // self.vec_elems)
            * self.vec_elems
            * self.elem_bytes
        )
        spans = max(1, self.vec_bytes // 4)
        words = (start[:, None] // 4 + np.arange(spans)[None, :]).ravel()
        group = np.repeat(self.group, spans)
        keys = np.unique((group * BANKS + words % BANKS) * (1 << 20) + words)
        banks, per_bank = np.unique(keys >> 20, return_counts=True)
        bank_group = banks // BANKS
        most = np.zeros(int(bank_group.max()) + 1, dtype=np.int64)
        np.maximum.at(most, bank_group, per_bank)
        return int(most.sum())


def offsets_of(columns, d):
    """element (flat) -> offset for a memory layout of flat columns."""
    element = np.zeros(1 << d, dtype=np.int64)
    for i, c in enumerate(columns):
        element[1 << i : 2 << i] = element[: 1 << i] ^ c
    table = np.empty(1 << d, dtype=np.int64)
    table[element] = np.arange(1 << d)
    return table


@planning_settings(120)
@given(any_distributed_pairs(same_warps=False, max_bits=7), element_bits)
def test_no_memory_layout_beats_the_plan(pair, bits):
    a_bases, b_bases, sizes = pair
    d = sum(s.bit_length() - 1 for s in sizes)
    a, b = make(a_bases, sizes), make(b_bases, sizes)
    plan = ll.plan_conversion(
        a, b, bits, kind="shared_memory", allow_rounds=False, allow_matrix=False
    )
    vector_bits = plan.swizzle.vector_bits
    memory = [bo.flat(v, sizes) for v in plan.memory_layout.bases["offset"]]
    vec = memory[: (vector_bits // bits).bit_length() - 1]
    src, dst = bo.Distributed(a_bases, sizes), bo.Distributed(b_bases, sizes)
    sides = {
        "store": Accesses(src, "store", vec, bits, vector_bits),
        "load": Accesses(dst, "load", vec, bits, vector_bits),
    }
    dists = {"store": src, "load": dst}

    # The counter agrees with the oracle on the plan's own layout.
    planned = {}
    for access, side in sides.items():
        planned[access] = side.wavefronts(offsets_of(memory, d))
        assert planned[access] == sum(
            bo.simulate_wavefronts(
                plan.memory_layout.bases["offset"],
                dists[access],
                bits,
                vector_bits,
                access,
            )
        )

    vec_bytes = vector_bits // 8
    u = min(max(0, 2 - (vec_bytes.bit_length() - 1)), d - len(vec))
    unit_log2 = max(2, vec_bytes.bit_length() - 1)
    bank_bits = min(7 - unit_log2, d - len(vec) - u)
    s = d - len(vec) - u - bank_bits
    best = {"store": None, "load": None}
    tried = 0
    for fill in subspaces(complement(vec, d), u):
        for rows in subspaces(complement(vec + fill, d), s):
            banks = complement(vec + fill + rows, d)
            table = offsets_of(vec + fill + banks + rows, d)
            tried += 1
            for access, side in sides.items():
                n = side.wavefronts(table)
                if best[access] is None or n < best[access]:
                    best[access] = n
    broadcast = any(
        len(complement(cols, d)) + len(cols) > d
        for cols in (
            [bo.flat(v, sizes) for k in bo.HW for v in bases[k]]
            for bases in (a_bases, b_bases)
        )
    )
    event(
        f"{'broadcast' if broadcast else 'no broadcast'}, "
        f"{'one layout' if tried == 1 else 'several layouts'}"
    )
    if sides["load"].pairs:
        paired = plan.swizzle.load.paired_phases
        event(f"quarter-warp load phases, {'paired' if paired else 'not paired'}")
    assert planned["store"] == best["store"], (planned, best, tried)
    assert planned["load"] == best["load"], (planned, best, tried)
