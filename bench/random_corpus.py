"""Writes bench/random_corpus.json: conversions nobody tuned for, for the
H100 benchmark (`LL_BENCH_CORPUS=random`, bench/gpu.py) and issue 18's
"cases you do not see". Random surjective layout pairs and random
warp-local exchanges from test/gpu/cases.py (fixed seeds, 32 lanes), in
the element types both harnesses time: the 16-bit integers become fp16 and
the 32-bit ones fp32 (the layouts do not depend on the type, only the tile
size limit does); 64-bit cases are left out, and so are the cases for which
Triton 3.6 cannot compile its Gluon `conv` kernel for sm_90 (it aborts in
`ensureLayoutNotLargerThan` on most layouts with XOR-mixed bases): there
would be no reference to time against. Needs Triton (no GPU).

    python3 bench/random_corpus.py
    python3 bench/random_corpus.py --seeds 40 41 --out random2_corpus.json

The second line drew `random2_corpus.json` on 2026-12-02 (a held-out
random draw: seeds 40 and 41, case names `random_40_*`, `shuffle_41_*`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "gpu"))

import cases as case_lib

SEEDS = (30, 31)
TIMED = {"int16": "fp16", "int32": "fp32"}


# Triton's Gluon conv kernel of one case (JSON on stdin), compiled for
# sm_90 as bench/gpu.py's launcher would (16-byte aligned pointers).
COMPILE = """
import json, sys
sys.path.insert(0, sys.argv[1])
import triton, triton_kernels as tk
from triton.backends.compiler import GPUTarget
from triton.experimental.gluon._runtime import GluonASTSource
c = json.load(sys.stdin)
M, N = c["shape"]
P = tk.PTR[c["dtype"]]
src = GluonASTSource(tk.conv, signature={"x_ptr": P, "y_ptr": P, "M": "constexpr",
    "N": "constexpr", "A": "constexpr", "B": "constexpr"},
    constexprs={"M": M, "N": N, "A": tk.as_layout(c["A"], c["shape"]),
                "B": tk.as_layout(c["B"], c["shape"])},
    attrs={(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]]})
triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": c["warps"]})
"""


def triton_compiles(case: dict) -> bool:
    proc = subprocess.run(
        [sys.executable, "-c", COMPILE, os.path.join(HERE, "triton_ref")],
        input=json.dumps(case), capture_output=True, text=True, check=False,
        timeout=600)
    return proc.returncode == 0


def candidates(seeds=SEEDS) -> list[dict]:
    out = []
    for c in (case_lib.random_cases(64, seed=seeds[0])
              + case_lib.shuffle_cases(32, seed=seeds[1])):
        dtype = TIMED.get(c["dtype"], c["dtype"])
        if dtype not in ("fp32", "fp16", "bf16", "int8", "fp8e4nv"):
            continue
        out.append({"name": c["name"].replace(c["dtype"], dtype),
                    "family": "random", "shape": c["shape"], "dtype": dtype,
                    "warps": c["warps"], "A": c["src"], "B": c["dst"]})
    return out


def write_corpus(name: str, kept: list[dict], considered: str) -> None:
    """Writes bench/<name> (the corpus format) and says what it kept."""
    path = os.path.join(HERE, name)
    with open(path, "w") as f:
        json.dump(kept, f, indent=1)
        f.write("\n")
    print(f"{len(kept)} of {considered} (Triton compiles them) -> {path}")


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, nargs=2, default=SEEDS,
                        metavar=("PAIRS", "EXCHANGES"),
                        help="seeds of the random pairs and of the "
                             "warp-local exchanges")
    parser.add_argument("--out", default="random_corpus.json",
                        help="file name under bench/")
    args = parser.parse_args()
    cases = candidates(tuple(args.seeds))
    with ThreadPoolExecutor(2) as pool:
        kept = [c for c, ok in zip(cases, pool.map(triton_compiles, cases))
                if ok]
    write_corpus(args.out, kept, f"{len(cases)} candidates")
