"""examples/: every .py example runs and prints what its .mlir file pins;
every kernel file has its Python twin, a one-command header and a line in
examples/README.md. (The .mlir files themselves run through lit:
test/test_lit.py.)"""

import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")
KERNELS = sorted(f[:-5] for f in os.listdir(EXAMPLES) if f.endswith(".mlir"))

# What each example prints (a line or part of one), from the plans pinned in
# the .mlir files and docs/planning.md.
EXPECTED = {
    "transpose_16x32": [
        "unswizzled: 16 store + 256 load wavefronts",
        "XOR m: 16 store + 32 load wavefronts",
        "XOR 2m: 16 store + 16 load wavefronts",
        "shared_memory 16 16",
        "4 kernels",
    ],
    "mma_epilogue": [
        "shared_memory 64-bit, 32 + 32 wavefronts, 4096 bytes",
        "True True",
    ],
    "warp_shuffle": [
        "shuffle 32 shuffles, 64 selects",
        "register_order=True: 32 shuffles, 0 selects, 0 barriers",
        "register_order=False: 32 shuffles, 32 selects, 0 barriers",
    ],
    "broadcast": [
        "shared_memory 8 store + 64 load wavefronts",
        "{'register': 0, 'lane': 16, 'warp': 3}",
    ],
    "transpose_gfx942": ["shared_memory 32 + 32 LDS wavefronts", "True 0"],
}


def test_every_kernel_has_its_python_twin_and_readme_line():
    assert KERNELS == sorted(EXPECTED)
    with open(os.path.join(EXAMPLES, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    for name in KERNELS:
        assert os.path.exists(os.path.join(EXAMPLES, name + ".py")), name
        assert f"({name}.mlir)" in readme and f"({name}.py)" in readme, name
        with open(os.path.join(EXAMPLES, name + ".mlir"), encoding="utf-8") as f:
            header = f.read().split("\n\n", 1)[0]
        assert re.search(
            rf"python -m linear_layout compile examples/{name}\.mlir"
            r" --chip \S+ -o \S+",
            header,
        ), name
        assert "RUN:" in header, name


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_runs(name):
    proc = subprocess.run(
        [sys.executable, os.path.join(EXAMPLES, name + ".py")],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    for line in EXPECTED[name]:
        assert line in proc.stdout, (line, proc.stdout)
