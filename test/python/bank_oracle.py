"""A brute-force shared-memory bank simulator, independent of the library.

It enumerates every thread of every warp, every instruction and every byte
address, and counts wavefronts by the hardware rules of docs/planning.md §3
(the rules, not the algebra): per phase of an instruction, the number of
wavefronts is the largest number of distinct 4-byte words any one bank is
asked for. Layouts are plain Python data: ``bases`` dicts and output sizes.

It also simulates data movement: storing a register file through a memory
layout and loading it back, and executing a warp-shuffle plan.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

HW = ("register", "lane", "warp")


def flat(values, sizes) -> int:
    """Flat tensor index, first dimension least significant."""
    out, scale = 0, 1
    for v, s in zip(values, sizes):
        out += v * scale
        scale *= s
    return out


def xor_all(vectors, index: int, n_out: int):
    out = [0] * n_out
    bit = 0
    while index:
        if index & 1:
            out = [a ^ b for a, b in zip(out, vectors[bit])]
        index >>= 1
        bit += 1
    return out


class Distributed:
    """A distributed layout enumerated: element[warp][lane][reg] (flat)."""

    def __init__(self, bases: dict, sizes: list[int]):
        self.sizes = sizes
        self.bases = {k: [list(b) for b in bases.get(k, [])] for k in HW}
        self.nreg = 1 << len(self.bases["register"])
        self.nlane = 1 << len(self.bases["lane"])
        self.nwarp = 1 << len(self.bases["warp"])
        n = len(sizes)
        self.element = np.zeros((self.nwarp, self.nlane, self.nreg), dtype=np.int64)
        for w in range(self.nwarp):
            ew = xor_all(self.bases["warp"], w, n)
            for lane in range(self.nlane):
                el = [a ^ b for a, b in zip(ew, xor_all(self.bases["lane"], lane, n))]
                for r in range(self.nreg):
                    e = [a ^ b for a, b in zip(el, xor_all(self.bases["register"], r, n))]
                    self.element[w, lane, r] = flat(e, sizes)

    def store_active(self):
        """(warp, lane, reg) that write on a store: the lowest flat index
        (register fastest, then lane, then warp) holding each element."""
        seen, active = set(), np.zeros(self.element.shape, dtype=bool)
        for w in range(self.nwarp):
            for lane in range(self.nlane):
                for r in range(self.nreg):
                    e = int(self.element[w, lane, r])
                    if e not in seen:
                        seen.add(e)
                        active[w, lane, r] = True
        return active

    def load_active(self):
        """Every lane and warp loads; a register whose element another, lower
        register of the same thread already holds (in every thread) is a copy."""
        active = np.ones(self.element.shape, dtype=bool)
        first = {}
        for r in range(self.nreg):
            e = int(self.element[0, 0, r])
            if e in first and all(
                    self.element[w, lane, r] == self.element[w, lane, first[e]]
                    for w in range(self.nwarp) for lane in range(self.nlane)):
                active[:, :, r] = False
            else:
                first.setdefault(e, r)
        return active


    def owner_load_active(self):
        """A load for a store of the same layout (`owner_loads`): every warp
        loads, but a lane whose index sets a lane bit that brings no new
        element (the lanes below 2^(b+1) of warp 0 hold no element the lanes
        below 2^b do not: its lanes hold copies) loads nothing, as the
        store's branch predicates it off."""
        active = self.load_active()
        held = [set(self.element[0, :1 << b].ravel().tolist())
                for b in range(len(self.bases["lane"]) + 1)]
        idle = [b for b in range(len(self.bases["lane"]))
                if held[b + 1] == held[b]]
        for lane in range(self.nlane):
            if any(lane >> b & 1 for b in idle):
                active[:, lane, :] = False
        return active


def memory_offsets(memory_bases: list, sizes: list[int]) -> dict[int, int]:
    """element (flat) -> offset, by enumerating every offset."""
    n = len(sizes)
    table = {}
    for off in range(1 << len(memory_bases)):
        e = flat(xor_all(memory_bases, off, n), sizes)
        if e in table:
            raise ValueError("memory layout is not injective")
        table[e] = off
    return table


def simulate_wavefronts(memory_bases, dist: Distributed, element_bits: int,
                        vector_bits: int, access: str, banks: int = 32,
                        warp_size: int = 32, pairs_load_phases: bool = True):
    """Per (warp, instruction, phase) wavefront counts, as a list.

    `pairs_load_phases` (NVIDIA, measured on an H200): a load split into
    quarter-warp phases is split into half-warps instead when, in each half,
    every group of four consecutive lanes reads at most two distinct
    vectors; stores never are."""
    offsets = memory_offsets(memory_bases, dist.sizes)
    elem_bytes = element_bits // 8
    vec_elems = vector_bits // element_bits
    vec_bytes = vector_bits // 8
    phases_log2 = max(0, (warp_size * vec_bytes // (banks * 4)).bit_length() - 1)
    lane_bits = warp_size.bit_length() - 1
    active = {"store": dist.store_active, "load": dist.load_active,
              "owner_load": dist.owner_load_active}[access]()
    # Instruction of each register: the aligned vector block it falls in, read
    # in warp 0 lane 0; the instruction is named by its lowest register.
    block_of = [offsets[int(dist.element[0, 0, r])] // vec_elems
                for r in range(dist.nreg)]
    instr_of = {}
    for r in range(dist.nreg):
        key = block_of[r]
        group = [q for q in range(dist.nreg) if block_of[q] == key]
        instr_of[r] = min(group)
    pairs = pairs_load_phases and access != "store" and phases_log2 == 2
    counts = []
    for w in range(dist.nwarp):
        # (instr, phase) -> bank -> words; (instr, half) -> quad -> vectors
        per_instr = defaultdict(lambda: defaultdict(set))
        quads = defaultdict(lambda: defaultdict(set))
        for lane in range(dist.nlane):
            phase = lane >> (lane_bits - phases_log2) if phases_log2 else 0
            for r in range(dist.nreg):
                if not active[w, lane, r]:
                    continue
                off = offsets[int(dist.element[w, lane, r])]
                start = (off // vec_elems) * vec_elems * elem_bytes
                quads[(instr_of[r], phase >> 1)][lane >> 2].add(start)
                for byte in range(start, start + vec_bytes):
                    word = byte // 4
                    per_instr[(instr_of[r], phase)][word % banks].add(word)
        for instr, phase in sorted(per_instr):
            half = quads[(instr, phase >> 1)]
            if pairs and all(len(v) <= 2 for v in half.values()):
                if phase & 1 and (instr, phase - 1) in per_instr:
                    continue  # served with the other quarter of its half
                union = defaultdict(set)
                for q in (phase & ~1, phase | 1):
                    for bank, words in per_instr.get((instr, q), {}).items():
                        union[bank] |= words
                counts.append(max(len(words) for words in union.values()))
            else:
                counts.append(
                    max(len(words) for words in per_instr[(instr, phase)].values()))
    return counts


def round_trip(memory_bases, src: Distributed, dst: Distributed,
               round_bits: int = 0):
    """Stores src's register file through the memory layout and loads dst's,
    in 2**round_bits rounds (the top offset bits pick the round, the scratch
    holds the rest). Returns dst's register file of element ids."""
    offsets = memory_offsets(memory_bases, src.sizes)
    total = 1 << len(memory_bases)
    scratch_size = total >> round_bits
    values = src.element.copy()        # a register holds its element's id
    out = np.full(dst.element.shape, -1, dtype=np.int64)
    active = src.store_active()
    for rnd in range(1 << round_bits):
        scratch = np.full(scratch_size, -1, dtype=np.int64)
        for idx in zip(*np.nonzero(active)):
            off = offsets[int(src.element[idx])]
            if off // scratch_size == rnd:
                scratch[off % scratch_size] = values[idx]
        for idx in np.ndindex(*dst.element.shape):
            off = offsets[int(dst.element[idx])]
            if off // scratch_size == rnd:
                out[idx] = scratch[off % scratch_size]
    return out


def run_shuffles(plan, src: Distributed, dst: Distributed):
    """Executes a shuffle plan (every warp alike) and returns dst's register
    file. Each round, a lane sends one packed vector (its registers
    send_register[k][lane]) and reads the vector of lane src_lane[k][lane]."""
    out = np.full(dst.element.shape, -1, dtype=np.int64)
    for w in range(src.nwarp):
        for k in range(plan.rounds):
            sent = [[(src.element[w, s, reg] if reg >= 0 else -1)
                     for reg in plan.send_register[k][s]]
                    for s in range(src.nlane)]
            for lane in range(dst.nlane):
                s = plan.src_lane[k][lane]
                for r in range(dst.nreg):
                    if plan.dst_round[r][lane] == k:
                        out[w, lane, r] = sent[s][plan.dst_slot[r][lane]]
    return out
