"""GPU test cases: the benchmark corpus and random layout pairs.

Pure Python/NumPy (no CUDA, no compiler): `build_ptx.py` turns the cases
into PTX on a CPU machine, `test_gpu_conversions.py` runs them on a GPU.
"""

from __future__ import annotations

import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
# The benchmark corpus (a copy of /work/shared/bench/corpus.json).
CORPUS = os.environ.get("LL_BENCH_CORPUS",
                        os.path.join(HERE, "..", "..", "bench", "corpus.json"))

# Element widths and the dtypes that exercise them.
DTYPES_BY_BITS = {8: ["int8", "fp8e4nv"], 16: ["fp16", "bf16", "int16"],
                  32: ["fp32", "int32"], 64: ["fp64", "int64"]}


def corpus_cases(path=CORPUS):
    if not os.path.exists(path):
        return []
    cases = []
    with open(path) as f:
        corpus = json.load(f)
    for c in corpus:
        cases.append({"name": c["name"], "src": c["A"], "dst": c["B"],
                          "shape": c["shape"], "dtype": c["dtype"],
                          "warps": c["warps"], "origin": "corpus"})
    return cases


def random_layout(rng, m_bits, n_bits, warp_bits, lane_zero, warp_zero,
                  reg_dups, mix, contiguous):
    """A surjective distributed layout of a 2^m x 2^n tile: a random
    assignment of the tile's unit vectors to lanes, warps and registers,
    with `lane_zero`/`warp_zero` broadcast (zero) lane/warp bases,
    `reg_dups` duplicated register bases, and `mix` XOR mixes of bases
    (which keep the span, so the layout stays surjective)."""
    units = [[1 << i, 0] for i in range(m_bits)] + \
            [[0, 1 << j] for j in range(n_bits)]
    order = list(rng.permutation(len(units)))
    if contiguous:  # registers first along dim1 (vectorisable)
        dim1 = [i for i in order if units[i][0] == 0]
        spare = len(units) - (5 - lane_zero) - (warp_bits - warp_zero)
        k = min(int(rng.integers(1, min(4, len(dim1)) + 1)) if dim1 else 0,
                max(spare, 0))
        low = sorted(dim1, key=lambda i: units[i][1])[:k]
        order = low + [i for i in order if i not in low]
    else:
        k = 0
    vecs = [list(units[i]) for i in order]
    regs, rest = vecs[:k], vecs[k:]
    lanes = [[0, 0]] * lane_zero + rest[:5 - lane_zero]
    rest = rest[5 - lane_zero:]
    warps = [[0, 0]] * warp_zero + rest[:warp_bits - warp_zero]
    rest = rest[warp_bits - warp_zero:]
    regs = regs + rest
    rng.shuffle(lanes)
    rng.shuffle(warps)
    for _ in range(reg_dups):
        if regs:
            regs.insert(int(rng.integers(0, len(regs) + 1)),
                        list(regs[int(rng.integers(0, len(regs)))]))
    allb = [("register", i) for i in range(len(regs))] + \
           [("lane", i) for i in range(5)] + \
           [("warp", i) for i in range(warp_bits)]
    groups = {"register": regs, "lane": lanes, "warp": warps}
    for _ in range(mix):
        (gi, i), (gj, j) = (allb[int(x)] for x in
                            rng.choice(len(allb), 2, replace=False))
        a, b = groups[gi][i], groups[gj][j]
        if any(a) and any(b):
            groups[gi][i] = [a[0] ^ b[0], a[1] ^ b[1]]
    return {"register": [list(map(int, b)) for b in regs],
            "lane": [list(map(int, b)) for b in lanes],
            "warp": [list(map(int, b)) for b in warps]}


def random_cases(count=240, seed=0):
    rng = np.random.default_rng(seed)
    cases = []
    bits = [8, 16, 32, 64]
    for i in range(count):
        eb = bits[i % 4]
        dtype = DTYPES_BY_BITS[eb][int(rng.integers(0, len(DTYPES_BY_BITS[eb])))]
        warp_bits = int(rng.integers(0, 4))  # 1..8 warps
        broadcast = rng.random() < 0.25
        lane_zero = [int(rng.integers(0, 3)) if broadcast else 0
                     for _ in range(2)]
        warp_zero = [int(rng.integers(0, warp_bits + 1)) if broadcast else 0
                     for _ in range(2)]
        need = 5 + warp_bits - min(lane_zero[0] + warp_zero[0],
                                   lane_zero[1] + warp_zero[1])
        max_total = 12 if eb < 64 else 11
        total = int(rng.integers(max(need, 5), max(need, max_total) + 1))
        m_bits = int(rng.integers(0, total + 1))
        n_bits = total - m_bits
        layouts = []
        for side in range(2):
            layouts.append(random_layout(
                rng, m_bits, n_bits, warp_bits, lane_zero[side],
                warp_zero[side], int(rng.integers(0, 2)) if broadcast else 0,
                int(rng.integers(0, 4)) if rng.random() < 0.3 else 0,
                bool(rng.random() < 0.6)))
        cases.append({"name": f"random_{seed}_{i:04d}_{dtype}",
                          "src": layouts[0], "dst": layouts[1],
                          "shape": [1 << m_bits, 1 << n_bits], "dtype": dtype,
                          "warps": 1 << warp_bits, "origin": "random"})
    return cases


def shuffle_cases(count=60, seed=1):
    """Pairs that only move data inside warps (same warp bases, the same
    elements per warp): the planner's shuffle kind. The register and lane
    bases of the source are permuted among the register and lane slots,
    sometimes XOR-mixed within the warp's span."""
    rng = np.random.default_rng(seed)
    cases = []
    bits = [8, 16, 32, 64]
    for i in range(count):
        eb = bits[i % 4]
        dtype = DTYPES_BY_BITS[eb][int(rng.integers(0, len(DTYPES_BY_BITS[eb])))]
        warp_bits = int(rng.integers(0, 3))
        total = int(rng.integers(5 + warp_bits + 1, 11 + 1))
        m_bits = int(rng.integers(0, total + 1))
        src = random_layout(rng, m_bits, total - m_bits, warp_bits, 0, 0, 0,
                            0, bool(rng.random() < 0.5))
        inner = src["register"] + src["lane"]
        order = rng.permutation(len(inner))
        moved = [list(inner[j]) for j in order]
        if rng.random() < 0.3:
            for _ in range(2):
                a, b = rng.choice(len(moved), 2, replace=False)
                moved[a] = [moved[a][0] ^ moved[b][0], moved[a][1] ^ moved[b][1]]
        nreg = len(src["register"])
        dst = {"register": moved[:nreg], "lane": moved[nreg:],
               "warp": [list(w) for w in src["warp"]]}
        cases.append({"name": f"shuffle_{seed}_{i:04d}_{dtype}", "src": src,
                          "dst": dst, "shape": [1 << m_bits, 1 << (total - m_bits)],
                          "dtype": dtype, "warps": 1 << warp_bits, "origin": "random"})
    return cases


def register_select_cases(count=24, seed=2):
    """Register moves whose source register depends on the lane: some lane
    bases of the destination are the source's lane bases XOR a register
    basis, and the register bases are permuted."""
    rng = np.random.default_rng(seed)
    cases = []
    bits = [8, 16, 32, 64]
    for i in range(count):
        eb = bits[i % 4]
        dtype = DTYPES_BY_BITS[eb][int(rng.integers(0, len(DTYPES_BY_BITS[eb])))]
        warp_bits = int(rng.integers(0, 3))
        total = int(rng.integers(5 + warp_bits + 2, 11 + 1))
        m_bits = int(rng.integers(0, total + 1))
        src = random_layout(rng, m_bits, total - m_bits, warp_bits, 0, 0, 0,
                            0, bool(rng.random() < 0.5))
        regs = [list(r) for r in src["register"]]
        lanes = [list(l) for l in src["lane"]]
        for lane_bit in rng.choice(5, int(rng.integers(1, 4)), replace=False):
            r = regs[int(rng.integers(0, len(regs)))]
            lanes[lane_bit] = [lanes[lane_bit][0] ^ r[0],
                               lanes[lane_bit][1] ^ r[1]]
        order = rng.permutation(len(regs))
        dst = {"register": [regs[j] for j in order], "lane": lanes,
               "warp": [list(w) for w in src["warp"]]}
        cases.append({"name": f"regselect_{seed}_{i:04d}_{dtype}", "src": src,
                          "dst": dst, "shape": [1 << m_bits, 1 << (total - m_bits)],
                          "dtype": dtype, "warps": 1 << warp_bits, "origin": "random"})
    return cases
