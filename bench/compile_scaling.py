"""Compile time of one kernel with N chained conversions (issue 21, item 7).

    LL_BUILD_DIR=build/dev python bench/compile_scaling.py [N ...]
        [--case NAME] [--phases] [--write DIR]

The kernel loads a tile of one corpus case (default: the 64x64 fp16
transpose) in layout A, converts it A -> B -> A ... N times, each conversion
followed by an add so that no chain folds away, and stores it: N conversions
in one `gpu.func`, unlike bench/lowering_cost.py, which spreads its
conversions over kernels of 13.

For each N it prints the wall and user (CPU) time of `ll-opt --ll-to-ptx`
and of `ll-to-ptx{format=none}` (to the LLVM dialect). `--phases` also times
the steps of PTX generation apart: `mlir-translate --mlir-to-llvmir` of the
extracted `gpu.module` and `llc -march=nvptx64 -mcpu=sm_90` on its IR.
`--write DIR` keeps the kernel, the LLVM IR and the PTX of each N there.
"""

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "gpu"))
from build_env import use_build_dir

use_build_dir()


def _layouts(case, distinct):
    """The layouts the chain cycles through: the corpus case's A and B, or
    `distinct` random layouts of its tile (test/gpu/cases.py), so that no
    two conversions of a cycle compute the same addresses."""
    if not distinct:
        return [case["A"], case["B"]]
    import numpy as np
    from cases import random_layout

    rng = np.random.default_rng(20261124)
    m_bits, n_bits = (s.bit_length() - 1 for s in case["shape"])
    warp_bits = case["warps"].bit_length() - 1
    return [
        random_layout(rng, m_bits, n_bits, warp_bits, 0, 0, 0, 0, True)
        for _ in range(distinct)
    ]


def kernel(n: int, case: str = "transpose_64x64_fp16_w4", distinct: int = 0) -> str:
    """MLIR text: one kernel with `n` chained conversions of corpus `case`
    (A -> B -> A ..., or through `distinct` random layouts in turn)."""
    from linear_layout.kernels import _encoding, element_type, threads

    with open(os.path.join(HERE, "corpus.json")) as f:
        corpus = {c["name"]: c for c in json.load(f)}
    c = corpus[case]
    shape, elem = c["shape"], element_type(c["dtype"])
    dims = "x".join(map(str, shape))
    types = [
        f"tensor<{dims}x{elem}, {_encoding(lay, shape, 'layout')}>"
        for lay in _layouts(c, distinct)
    ]
    add = "arith.addf" if elem.startswith(("f", "bf")) else "arith.addi"
    lines = [
        "module attributes {gpu.container_module} {",
        "  gpu.module @m {",
        (
            "    gpu.func @chain(%p: !llvm.ptr<1>) kernel attributes "
            f"{{known_block_size = array<i32: {threads(c['A'])}, 1, 1>}} {{"
        ),
        f"      %v0 = ll.load_tile %p : !llvm.ptr<1> -> {types[0]}",
    ]
    for i in range(n):
        src, dst = types[i % len(types)], types[(i + 1) % len(types)]
        lines.append(f"      %c{i + 1} = ll.convert_layout %v{i} : {src} -> {dst}")
        lines.append(f"      %v{i + 1} = {add} %c{i + 1}, %c{i + 1} : {dst}")
    lines += [
        (f"      ll.store_tile %v{n}, %p : {types[n % len(types)]}, !llvm.ptr<1>"),
        "      gpu.return",
        "    }",
        "  }",
        "}",
        "",
    ]
    return "\n".join(lines)


def timed(cmd, **kw):
    """Run `cmd`; return (wall s, user s of the child, stdout bytes)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, **kw)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime, out


def tool(name):
    """An MLIR/LLVM tool of the prebuilt wheels (mlir-translate, llc): the
    LLVM that ll-opt links, not whichever one is on PATH."""
    import importlib.util

    for pkg in ("mlir", "llvm"):
        spec = importlib.util.find_spec(pkg)
        for root in (spec.submodule_search_locations or []) if spec else []:
            path = os.path.join(root, "bin", name)
            if os.path.exists(path):
                return path
    raise FileNotFoundError(name)


def measure(n, case, phases, write, distinct=0):
    ll_opt = os.path.join(os.environ["LL_TOOLS_DIR"], "ll-opt")
    tmp = write or tempfile.mkdtemp()
    src = os.path.join(tmp, f"chain{n}.mlir")
    with open(src, "w") as f:
        f.write(kernel(n, case, distinct))
    rows = []
    ptx = os.path.join(tmp, f"chain{n}.ptx")
    for label, args in (
        (
            "ll-to-ptx{format=none}",
            [
                "--pass-pipeline=builtin.module(ll-to-ptx{format=none})",
                "--emit-bytecode",
                "-o",
                os.devnull,
            ],
        ),
        ("ll-to-ptx", ["--pass-pipeline=builtin.module(ll-to-ptx)", "-o", ptx]),
    ):
        wall, user, _ = timed([ll_opt, *args, src])
        rows.append((label, wall, user))
    if phases:
        llvm_mlir = os.path.join(tmp, f"chain{n}.llvm.mlir")
        ll = os.path.join(tmp, f"chain{n}.ll")
        wall, user, _ = timed(
            [
                ll_opt,
                (
                    "--pass-pipeline=builtin.module(ll-to-ptx{format=none},"
                    "ll-extract-gpu-module)"
                ),
                src,
                "-o",
                llvm_mlir,
            ]
        )
        rows.append(("ll-to-ptx{format=none} + extract (text)", wall, user))
        wall, user, _ = timed(
            [tool("mlir-translate"), "--mlir-to-llvmir", llvm_mlir, "-o", ll]
        )
        rows.append(("mlir-translate --mlir-to-llvmir", wall, user))
        wall, user, _ = timed(
            [tool("llc"), "-march=nvptx64", "-mcpu=sm_90", "-O3", ll, "-o", os.devnull]
        )
        rows.append(("llc -O3 -mcpu=sm_90", wall, user))
    if not write:
        shutil.rmtree(tmp)
    return rows


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("n", nargs="*", type=int, default=[1000, 2000, 5000, 10000])
    p.add_argument("--case", default="transpose_64x64_fp16_w4")
    p.add_argument(
        "--distinct",
        type=int,
        default=0,
        metavar="K",
        help="cycle through K random layouts of the tile",
    )
    p.add_argument("--phases", action="store_true")
    p.add_argument("--write", metavar="DIR")
    a = p.parse_args()
    if a.write:
        os.makedirs(a.write, exist_ok=True)
    print("| conversions | command | wall (s) | user (s) |")
    print("|---:|---|---:|---:|")
    for n in a.n:
        for label, wall, user in measure(n, a.case, a.phases, a.write, a.distinct):
            print(f"| {n:,} | `{label}` | {wall:.2f} | {user:.2f} |", flush=True)


if __name__ == "__main__":
    main()
