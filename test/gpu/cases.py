"""GPU test cases: the benchmark corpus and random layout pairs.

Pure Python/NumPy (no CUDA, no compiler): `build_ptx.py` turns the cases
into PTX on a CPU machine, `test_gpu_conversions.py` runs them on a GPU.
"""

from __future__ import annotations

import itertools
import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
# The benchmark corpus (bench/corpus.json; bench/README.md says where it
# comes from).
CORPUS = os.environ.get("LL_BENCH_CORPUS",
                        os.path.join(HERE, "..", "..", "bench", "corpus.json"))

# Element widths and the dtypes that exercise them.
DTYPES_BY_BITS = {8: ["int8", "fp8e4nv"], 16: ["fp16", "bf16", "int16"],
                  32: ["fp32", "int32"], 64: ["fp64", "int64"]}


def wave64_case(case):
    """The same conversion with 64 lanes (AMD wave64): the tile doubles
    along dim0 and lane bit 5 covers the new half, identically in both
    layouts, so the conversion keeps its kind and per-thread work."""
    m = case["shape"][0]

    def widen(bases):
        return {"register": [list(b) for b in bases["register"]],
                "lane": [list(b) for b in bases["lane"]] + [[m, 0]],
                "warp": [list(b) for b in bases.get("warp", [])]}

    return dict(case, name=case["name"] + "_wave64", src=widen(case["src"]),
                dst=widen(case["dst"]), shape=[2 * m] + list(case["shape"][1:]))


# Cases the benchmark adds to the corpus (8-bit transposes).
EXTRA = os.path.join(os.path.dirname(CORPUS), "extra_cases.json")


def corpus_cases(path=CORPUS):
    if not os.path.exists(path):
        return []
    cases = []
    with open(path) as f:
        corpus = json.load(f)
    if path == CORPUS and os.path.exists(EXTRA):
        with open(EXTRA) as f:
            corpus += json.load(f)
    for c in corpus:
        cases.append({"name": c["name"], "src": c["A"], "dst": c["B"],
                          "shape": c["shape"], "dtype": c["dtype"],
                          "warps": c["warps"], "origin": "corpus"})
    return cases


def random_layout(rng, m_bits, n_bits, warp_bits, lane_zero, warp_zero,
                  reg_dups, mix, contiguous, lane_bits=5):
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
        spare = len(units) - (lane_bits - lane_zero) - (warp_bits - warp_zero)
        k = min(int(rng.integers(1, min(4, len(dim1)) + 1)) if dim1 else 0,
                max(spare, 0))
        low = sorted(dim1, key=lambda i: units[i][1])[:k]
        order = low + [i for i in order if i not in low]
    else:
        k = 0
    vecs = [list(units[i]) for i in order]
    regs, rest = vecs[:k], vecs[k:]
    lanes = [[0, 0]] * lane_zero + rest[:lane_bits - lane_zero]
    rest = rest[lane_bits - lane_zero:]
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
           [("lane", i) for i in range(lane_bits)] + \
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


def random_cases(count=240, seed=0, lane_bits=5):
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
        need = lane_bits + warp_bits - min(lane_zero[0] + warp_zero[0],
                                   lane_zero[1] + warp_zero[1])
        max_total = (12 if eb < 64 else 11) + lane_bits - 5
        total = int(rng.integers(max(need, lane_bits),
                                 max(need, max_total) + 1))
        m_bits = int(rng.integers(0, total + 1))
        n_bits = total - m_bits
        layouts = []
        for side in range(2):
            layouts.append(random_layout(
                rng, m_bits, n_bits, warp_bits, lane_zero[side],
                warp_zero[side], int(rng.integers(0, 2)) if broadcast else 0,
                int(rng.integers(0, 4)) if rng.random() < 0.3 else 0,
                bool(rng.random() < 0.6), lane_bits))
        cases.append({"name": f"random_{seed}_{i:04d}_{dtype}",
                          "src": layouts[0], "dst": layouts[1],
                          "shape": [1 << m_bits, 1 << n_bits], "dtype": dtype,
                          "warps": 1 << warp_bits, "origin": "random"})
    return cases


def shuffle_cases(count=60, seed=1, lane_bits=5):
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
        total = int(rng.integers(lane_bits + warp_bits + 1,
                                 lane_bits + 6 + 1))
        m_bits = int(rng.integers(0, total + 1))
        src = random_layout(rng, m_bits, total - m_bits, warp_bits, 0, 0, 0,
                            0, bool(rng.random() < 0.5), lane_bits)
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


def register_select_cases(count=24, seed=2, lane_bits=5):
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
        total = int(rng.integers(lane_bits + warp_bits + 2,
                                 lane_bits + 6 + 1))
        m_bits = int(rng.integers(0, total + 1))
        src = random_layout(rng, m_bits, total - m_bits, warp_bits, 0, 0, 0,
                            0, bool(rng.random() < 0.5), lane_bits)
        regs = [list(r) for r in src["register"]]
        lanes = [list(l) for l in src["lane"]]
        for lane_bit in rng.choice(lane_bits, int(rng.integers(1, 4)),
                                   replace=False):
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


def mask_cases(count=16, seed=40):
    """The 8-bit pairs of the random and shuffle families as masks (dtype
    "bool": bytes in memory, i1 converted, moved as bytes)."""
    pairs = random_cases(count * 4, seed) + shuffle_cases(count * 2, seed + 1)
    masks = [dict(c, name=c["name"].rsplit("_", 1)[0] + "_bool", dtype="bool",
                  origin="mask")
             for c in pairs if BITS[c["dtype"]] == 8]
    return masks[:count]


def mask_input_and_expected(n, rng):
    """Bytes that are 0 about half the time; the conv kernel of a mask
    stores (byte != 0) as 0 or 1."""
    x = (rng.integers(0, 2, size=n, dtype=np.uint8)
         * rng.integers(1, 256, size=n, dtype=np.uint8))
    return x, (x != 0).astype(np.uint8)


# Kernel inputs and expected outputs (conv_loop adds 1 after every
# conversion).
BITS = {"int8": 8, "fp8e4nv": 8, "fp16": 16, "bf16": 16, "int16": 16,
        "fp32": 32, "int32": 32, "fp64": 64, "int64": 64, "bool": 8}
UINT = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def _bf16_add_one(bits):
    f = (bits.astype(np.uint32) << 16).view(np.float32) + np.float32(1)
    u = f.view(np.uint32)
    rounded = u + 0x7FFF + ((u >> 16) & 1)  # round to nearest even
    return (rounded >> 16).astype(np.uint16)


def loop_input_and_expected(dtype, n, rounds, rng):
    """Values that stay exact under +1 steps, and the expected bits."""
    steps = 2 * rounds
    if dtype in ("int8", "fp8e4nv", "int16", "int32", "int64"):
        u = UINT[BITS[dtype]]
        x = rng.integers(0, np.iinfo(u).max, size=n, dtype=u,
                         endpoint=True)
        return x, (x + u(steps)).astype(u)
    if dtype == "bf16":
        vals = rng.uniform(-100, 100, size=n).astype(np.float32)
        x = (vals.view(np.uint32) >> 16).astype(np.uint16)
        y = x
        for _ in range(steps):
            y = _bf16_add_one(y)
        return x, y
    ftype = {"fp16": np.float16, "fp32": np.float32, "fp64": np.float64}[dtype]
    x = rng.uniform(-1000, 1000, size=n).astype(ftype)
    y = x
    for _ in range(steps):
        y = (y + ftype(1)).astype(ftype)
    u = UINT[BITS[dtype]]
    return x.view(u), y.view(u)


def blocked_layout(m, n, vector, lanes_along_n, warps):
    """Bases of a blocked layout of an m x n tile with 32 lanes: `vector`
    elements along dim 1 per lane, `lanes_along_n` lanes along dim 1 then
    the rest along dim 0, the warps on the top rows, the registers the
    rest; None if the tile is too small for it."""
    cols = [[0, 1 << i] for i in range(n.bit_length() - 1)]
    rows = [[1 << i, 0] for i in range(m.bit_length() - 1)]
    vb, tb = vector.bit_length() - 1, lanes_along_n.bit_length() - 1
    wb = warps.bit_length() - 1
    if wb > len(rows):
        return None
    warp, rows = rows[len(rows) - wb:], rows[:len(rows) - wb]
    lane = cols[vb:vb + tb] + rows[:5 - tb]
    if len(lane) != 5 or vb + tb > len(cols):
        return None
    return {"register": cols[:vb] + cols[vb + tb:] + rows[5 - tb:],
            "lane": lane, "warp": warp}


LANE_SPLITS = [(1, 4), (1, 8), (2, 4), (2, 8), (1, 16), (4, 8), (2, 16)]


def lane_exchange_cases(dtypes, shapes=((32, 32), (64, 32), (32, 64),
                                        (16, 64), (64, 64)),
                        warps=(1, 2, 4)):
    """Conversions between two blocked layouts of the same warps whose lanes
    split a row differently ((elements, lanes) along dim 1 from
    LANE_SPLITS): data moves between the lanes of each warp, often with a
    lane-dependent choice of registers."""
    out = []
    for (m, n), dtype, w in itertools.product(shapes, dtypes, warps):
        for (v1, t1), (v2, t2) in itertools.permutations(LANE_SPLITS, 2):
            src = blocked_layout(m, n, v1, t1, w)
            dst = blocked_layout(m, n, v2, t2, w)
            if src and dst:
                out.append({"name": f"lx_{m}x{n}_{dtype}_w{w}_v{v1}t{t1}"
                                    f"_v{v2}t{t2}", "src": src, "dst": dst,
                            "shape": [m, n], "dtype": dtype, "warps": w,
                            "origin": "lane_exchange"})
    return out


def lane_pattern_cases(lane_bits=6, dtype="fp32"):
    """Intra-warp conversions whose source lane is a fixed pattern: a
    register bit exchanged with lane bit k (the source lane clears or sets
    bit k), and a register that moves to lane l ^ (2^k - 1) (the source
    lane is a mirror within 2^k lanes). AMD lowers these with DPP or
    ds_swizzle instead of ds_bpermute."""
    n = lane_bits + 2  # dim1 holds lanes and two register bits
    lane = [[0, 1 << i] for i in range(lane_bits)]
    regs = [[0, 1 << lane_bits], [0, 1 << (lane_bits + 1)]]
    src = {"register": regs, "lane": lane, "warp": [[1, 0]]}
    cases = []
    for k in range(lane_bits):
        dst_lane = [list(b) for b in lane]
        dst_regs = [list(b) for b in regs]
        dst_lane[k], dst_regs[0] = regs[0], lane[k]
        cases.append({"name": f"lane_exchange_{k}_{lane_bits}_{dtype}",
                      "src": src, "dst": {"register": dst_regs,
                                          "lane": dst_lane,
                                          "warp": [[1, 0]]},
                      "shape": [2, 1 << n], "dtype": dtype, "warps": 2,
                      "origin": "pattern"})
    for k in range(2, min(lane_bits, 5) + 1):
        mixed = [0, regs[0][1] ^ sum(1 << i for i in range(k))]
        cases.append({"name": f"lane_mirror_{k}_{lane_bits}_{dtype}",
                      "src": src, "dst": {"register": [mixed, regs[1]],
                                          "lane": lane, "warp": [[1, 0]]},
                      "shape": [2, 1 << n], "dtype": dtype, "warps": 2,
                      "origin": "pattern"})
    return cases


def _transpose_layouts(m_bits, n_bits, reg_bits, warp_bits):
    """A 2^m x 2^n tile with `reg_bits` registers along dim 1 from its
    first column, 5 lanes along dim 0, and the warps on the rest (dim 0's
    upper bits, then dim 1's), and its transpose (the same with the
    dimensions swapped): two layouts that share no register direction."""
    def bases(a_bits, b_bits, unit_a, unit_b):
        along_b = [unit_b(i) for i in range(b_bits)]
        along_a = [unit_a(i) for i in range(a_bits)]
        register, rest_b = along_b[:reg_bits], along_b[reg_bits:]
        lane, rest_a = along_a[:5], along_a[5:]
        warp = rest_a + rest_b
        assert len(warp) == warp_bits
        return {"register": register, "lane": lane, "warp": warp}

    def row(i):
        return [1 << i, 0]

    def col(i):
        return [0, 1 << i]

    return (bases(m_bits, n_bits, row, col), bases(n_bits, m_bits, col, row))


def large_tile_cases():
    """Transposes of tiles larger than the H100's 227 KiB of shared memory
    per block whose layouts share no register direction: no register round
    splits them, and the planner runs them in rounds over warp directions
    (docs/planning.md, "Rounds over warps"). Triton declares the whole tile
    and cannot launch them."""
    out = []
    for m_bits, n_bits, dtype, reg_bits, warps in [
            (8, 8, "fp32", 7, 16), (8, 8, "fp32", 6, 32),
            (9, 8, "bf16", 8, 16)]:
        a, b = _transpose_layouts(m_bits, n_bits, reg_bits,
                                  m_bits + n_bits - 5 - reg_bits)
        shape = [1 << m_bits, 1 << n_bits]
        for tag, src, dst in (("rows_to_cols", a, b), ("cols_to_rows", b, a)):
            out.append({"name": f"large_{tag}_{shape[0]}x{shape[1]}_{dtype}"
                                f"_w{warps}",
                        "src": src, "dst": dst, "shape": shape,
                        "dtype": dtype, "warps": warps, "origin": "large"})
    return out


def eight_warp_loaded_tile_cases():
    """Two tiles on 8 warps, the source repeated over warp bits and stored
    by its owner warps in rounds: one loaded 16 bits at a time (held-out-2
    #025's layouts), whose words are packed once in the owners' branch, and
    one loaded in 128-bit vectors (held-out-7 #045's), whose are not
    (docs/lowering.md, "On 8 warps, tiles loaded in sub-word accesses")."""
    halves = {
        "name": "loaded_in_halves_32x128_bf16_w8", "shape": [32, 128],
        "dtype": "bf16", "warps": 8,
        "src": {"register": [[1, 0], [2, 0], [0, 8], [0, 16], [0, 32],
                             [0, 64]],
                "lane": [[4, 0], [8, 0], [16, 0], [0, 0], [0, 1]],
                "warp": [[0, 0], [0, 2], [0, 4]]},
        "dst": {"register": [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32],
                             [0, 64]],
                "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
                "warp": [[0, 0], [16, 0], [0, 0]]}}
    words = {
        "name": "loaded_in_words_128x16_bf16_w8", "shape": [128, 16],
        "dtype": "bf16", "warps": 8,
        "src": {"register": [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0],
                             [64, 0]],
                "lane": [[0, 8], [0, 0], [1, 0], [2, 0], [4, 0]],
                "warp": [[0, 0], [0, 0], [8, 0]]},
        "dst": {"register": [[0, 1], [2, 0], [4, 0], [8, 0], [16, 0],
                             [32, 0], [64, 0]],
                "lane": [[0, 2], [0, 4], [0, 8], [0, 0], [1, 0]],
                "warp": [[0, 0], [0, 0], [0, 0]]}}
    return halves, words
