"""Time `ll-opt --convert-ll-to-nvvm` on a module with N conversions.

    LL_BUILD_DIR=build/x python bench/lowering_cost.py [N]

The module holds N / 13 kernels; each loads a tile of one corpus case in
layout A, converts it A -> B -> A ... (13 conversions per kernel, each
followed by an add so that no chain folds away) and stores it. Prints the
wall time of the lowering alone and of the whole ll-to-ptx pipeline, the
latter also with the module compiled whole (parallel-min-ops above its
size: one thread for LLVM, as before ll-parallel-ptx).
"""

import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "gpu"))
from build_env import use_build_dir

use_build_dir()


def module(n):
    from linear_layout.kernels import _encoding, element_type

    with open(os.path.join(HERE, "corpus.json")) as f:
        corpus = json.load(f)
    funcs, count, idx = [], 0, 0
    while count < n:
        c = corpus[idx % len(corpus)]
        idx += 1
        shape, elem = c["shape"], element_type(c["dtype"])
        dims = "x".join(map(str, shape))
        ta = f"tensor<{dims}x{elem}, {_encoding(c['A'], shape, 'src')}>"
        tb = f"tensor<{dims}x{elem}, {_encoding(c['B'], shape, 'dst')}>"
        body = [f"      %v0 = ll.load_tile %p : !llvm.ptr<1> -> {ta}"]
        add = "arith.addf" if elem.startswith(("f", "bf")) else "arith.addi"
        for i in range(13):
            src, dst = (ta, tb) if i % 2 == 0 else (tb, ta)
            # An add after each conversion keeps A -> B -> A chains from
            # folding away (every conversion is really lowered).
            body.append(f"      %c{i + 1} = ll.convert_layout %v{i} : "
                        f"{src} -> {dst}")
            body.append(f"      %v{i + 1} = {add} %c{i + 1}, %c{i + 1} : {dst}")
        body.append(f"      ll.store_tile %v13, %p : {tb}, !llvm.ptr<1>")
        count += 13
        funcs.append(f"    gpu.func @k{idx}(%p: !llvm.ptr<1>) kernel {{\n"
                     + "\n".join(body) + "\n      gpu.return\n    }")
    return ("module attributes {gpu.container_module} {\n  gpu.module @m {\n"
            + "\n".join(funcs) + "\n  }\n}\n"), count


# ll-to-ptx with the module compiled whole (see the docstring).
WHOLE = ("--pass-pipeline=builtin.module("
         "ll-to-ptx{parallel-min-ops=1000000000})")


def main(n):
    text, count = module(n)
    ll_opt = os.path.join(os.environ["LL_TOOLS_DIR"], "ll-opt")
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
    for args in (["--convert-ll-to-nvvm"],
                 ["--convert-ll-to-nvvm", "--emit-bytecode"],
                 ["--pass-pipeline=builtin.module(ll-to-ptx{format=none})",
                  "--emit-bytecode"],
                 ["--pass-pipeline=builtin.module(ll-to-ptx)"],
                 [WHOLE]):
        t = time.perf_counter()
        subprocess.run([ll_opt, *args, f.name, "-o", os.devnull], check=True)
        print(f"{count} conversions, ll-opt {' '.join(args)}: "
              f"{time.perf_counter() - t:.2f} s")
    os.unlink(f.name)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
