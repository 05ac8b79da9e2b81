"""Writes bench/heldout_corpus.json: conversions drawn once, after the
planner and the lowering were written, to check that their results hold
on cases nobody looked at (issue 18's "cases you do not see"). Unlike
bench/random_corpus.json (random bases, mostly tiny tiles Triton accepts),
these are the layouts Triton's own encodings give, with random parameters
from one fixed seed: blocked -> blocked (sizes per thread, lane and warp
splits, orders), mma v2/v3 accumulators -> blocked epilogues, blocked ->
dot operands, in fp16, bf16, fp32 and int8, 1 to 8 warps, tiles of 1 to
64 KiB and at most 1 KiB a thread. Cases whose Gluon `conv` kernel Triton
3.6 cannot compile for sm_90 are left out (no reference to time against).
Needs Triton (no GPU).

    python3 bench/heldout_corpus.py
    python3 bench/heldout_corpus.py --seed 20261128 --out heldout2_corpus.json
    python3 bench/heldout_corpus.py --seed 20261129 --out heldout3_corpus.json
    python3 bench/heldout_corpus.py --seed 202611292 --out heldout4_corpus.json
    python3 bench/heldout_corpus.py --seed 20261130 --out heldout5_corpus.json
    python3 bench/heldout_corpus.py --seed 20261201 --out heldout6_corpus.json
    python3 bench/heldout_corpus.py --seed 20261202 --out heldout7_corpus.json
    python3 bench/heldout_corpus.py --seed 20261203 --out heldout8_corpus.json
    python3 bench/heldout_corpus.py --seed 20261204 --out heldout9_corpus.json
    python3 bench/heldout_corpus.py --seed 20261205 --out heldout10_corpus.json
    python3 bench/heldout_corpus.py --seed 20261206 --out heldout11_corpus.json
    python3 bench/heldout_corpus.py --seed 20261207 --out heldout12_corpus.json
    python3 bench/heldout_corpus.py --seed 20261208 --out heldout13_corpus.json
    python3 bench/heldout_corpus.py --seed 20261211 --out heldout14_corpus.json
    python3 bench/heldout_corpus.py --seed 20261215 --out heldout15_corpus.json
    python3 bench/heldout_corpus.py --seed 20261218 --out heldout16_corpus.json
    python3 bench/heldout_corpus.py --masks --seed 20261210 --out heldout_masks_corpus.json

`--masks` draws blocked -> blocked conversions of masks (dtype bool, i1
converted as bytes: docs/lowering.md, "Masks"), after the mask rules were
written from bench/masks_corpus.json.

A second draw (another seed, another file) checks again, later, on cases
that nobody looked at either.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from build_env import use_build_dir
from random_corpus import triton_compiles, write_corpus

SEED = 20261125
COUNT = 48
BYTES = {"fp16": 2, "bf16": 2, "fp32": 4, "int8": 1}
# Not among the drawn types: --masks sets it.
ELEMENT_BYTES = dict(BYTES, bool=1)


def split(rng, total_log2, parts):
    """A random split of 2^total_log2 into `parts` powers of two."""
    logs = [0] * parts
    for _ in range(total_log2):
        logs[rng.integers(parts)] += 1
    return [1 << k for k in logs]


def blocked(rng, ll, shape, warps, dtype):
    """A blocked layout covering `shape`: a vector of up to 16 bytes along
    a random fastest dimension, lanes and warps split at random."""
    order = tuple(int(d) for d in rng.permutation(2))
    vec = int(rng.choice([1, 2, 4, 8, 16]))
    vec = max(1, min(vec, 16 // ELEMENT_BYTES[dtype], shape[order[0]]))
    spt = [1, 1]
    spt[order[0]] = vec
    lanes = split(rng, 5, 2)
    wpc = split(rng, int(np.log2(warps)), 2)
    return ll.BlockedLayout(tuple(spt), tuple(lanes), tuple(wpc), order)


def mma(rng, ll, shape, warps):
    version = int(rng.choice([2, 3]))
    if version == 2:
        wpc = split(rng, int(np.log2(warps)), 2)
        return ll.NvidiaMmaLayout(2, tuple(wpc), (16, 8))
    # wgmma: warps along M in groups of 4.
    n = int(min(shape[1], rng.choice([32, 64, 128, 256])))
    return ll.NvidiaMmaLayout(3, (warps, 1), (16, n, 16))


def bases(layout, shape):
    b = dict(layout.to_linear(tuple(shape)).bases)
    return {k: [list(v) for v in b[k]] for k in ("register", "lane", "warp")}


def candidates(seed=SEED, prefix="heldout", masks=False):
    use_build_dir()
    import linear_layout as ll

    rng = np.random.default_rng(seed)
    out, seen = [], set()
    while len(out) < 5 * COUNT // 2:
        kind = rng.choice(["blocked", "epilogue", "operand"], p=[.4, .35, .25])
        dtype = str(rng.choice(list(BYTES)))
        if masks:  # the same draws, as blocked masks (one byte an element)
            kind, dtype = "blocked", "bool"
        warps = int(rng.choice([1, 2, 4, 8], p=[.1, .2, .45, .25]))
        m = 1 << int(rng.integers(4, 9))
        n = 1 << int(rng.integers(4, 9))
        if not 1024 <= m * n * ELEMENT_BYTES[dtype] <= 65536:
            continue
        # At most 1 KiB of the tile a thread: Triton 3.6 compiled the loop
        # kernel of a 256x256 int8 tile on one warp (2 KiB a thread, twice
        # the registers a thread has) for more than 10 minutes without
        # finishing, so there is no reference to time it against. Every
        # earlier draw is within the bound (its cases are unchanged).
        if m * n * ELEMENT_BYTES[dtype] > 1024 * 32 * warps:
            continue
        shape = [m, n]
        try:
            if kind == "blocked":
                a = blocked(rng, ll, shape, warps, dtype)
                b = blocked(rng, ll, shape, warps, dtype)
            elif kind == "epilogue":
                if warps < 4 or dtype == "int8" or m < 16 * warps:
                    continue
                a = mma(rng, ll, shape, warps)
                b = blocked(rng, ll, shape, warps, dtype)
            else:
                if warps < 2 or dtype == "fp32":
                    continue
                parent = ll.NvidiaMmaLayout(
                    2, tuple(split(rng, int(np.log2(warps)), 2)), (16, 8))
                a = blocked(rng, ll, shape, warps, dtype)
                b = ll.DotOperandLayout(int(rng.integers(2)), parent,
                                        4 if dtype == "int8" else 2)
            A, B = bases(a, shape), bases(b, shape)
        except (ValueError, TypeError):
            continue  # the parameters do not fit the tile
        key = json.dumps([A, B, dtype, shape])
        if A == B or key in seen:
            continue
        seen.add(key)
        out.append({"name": f"{prefix}_{len(out):03d}_{kind}_{m}x{n}_{dtype}"
                            f"_w{warps}",
                    "family": kind, "shape": shape, "dtype": dtype,
                    "warps": warps, "A": A, "B": B})
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", default="heldout_corpus.json")
    parser.add_argument("--masks", action="store_true",
                        help="blocked -> blocked conversions of masks (bool)")
    args = parser.parse_args()
    cases = candidates(args.seed, args.out.removesuffix("_corpus.json"),
                       args.masks)
    kept = []
    with ThreadPoolExecutor(2) as pool:
        for c, ok in zip(cases, pool.map(triton_compiles, cases)):
            if ok:
                kept.append(c)
            if len(kept) == COUNT:
                break
    write_corpus(args.out, kept, "the first candidates")
