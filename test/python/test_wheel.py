"""A wheel built with `pip wheel` installs into a fresh virtual environment,
with no compiler and without this checkout, and works: import, plan,
compile to PTX (the library and `python -m linear_layout compile`),
`ll-opt --version`, `from mlir.dialects import ll`.

Building the wheel from scratch takes minutes, so the test reuses the build
directory that `pip install --no-build-isolation .` (the README's quick
start, hence CI) leaves in `build/<wheel tag>`: `pip wheel
--no-build-isolation` there only re-links what changed. Without that
directory it skips, unless `LL_WHEEL` names a wheel to test (for instance
one that `pip wheel .` built in isolation; `LL_WHEEL_PYTHON` then names the
interpreter of the fresh environment when the wheel is for another CPython
than the running one). The fresh environment gets the
runtime dependencies (numpy, the LLVM/MLIR wheels) from the package index,
as a user's would.
"""

import glob
import importlib.util
import os
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TAG = f"cp{sys.version_info.major}{sys.version_info.minor}"

SMOKE = textwrap.dedent("""
    import os, subprocess, sys
    import linear_layout as ll

    # The installed package, not a checkout or a build tree.
    assert ll.__file__.startswith(sys.prefix), ll.__file__
    shape = {"dim0": 16, "dim1": 32}
    rows = ll.LinearLayout({"register": [[1, 0], [2, 0], [4, 0], [8, 0]],
                            "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]],
                            "warp": []}, shape)
    cols = ll.LinearLayout({"register": [[0, 2], [0, 4], [0, 8], [0, 16]],
                            "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]],
                            "warp": []}, shape)
    plan = ll.plan_conversion(rows, cols, 32, "sm_90", allow_matrix=False)
    assert (plan.kind, plan.store_wavefronts, plan.load_wavefronts) == \\
        ("shared_memory", 16, 16), plan
    ptx = ll.compile(ll.kernels.conv(rows, cols, [16, 32], "fp32"),
                     chip="sm_90")
    assert ".target sm_90" in ptx and ".entry conv" in ptx

    from mlir.dialects import ll as ll_ops
    assert hasattr(ll_ops, "ConvertLayoutOp")
    from linear_layout import dialect
    assert ll.LinearLayout.from_mlir(
        dialect.parse_attribute(rows.to_mlir(), dialect.create_context())) == rows

    ll_opt = os.path.join(sys.prefix, "bin", "ll-opt")
    version = subprocess.run([ll_opt, "--version"], capture_output=True,
                             text=True, check=True).stdout
    assert "LLVM version 22" in version, version
    print("smoke test passed")
""")


def _reusable_build_dir():
    for d in glob.glob(os.path.join(ROOT, "build", f"{TAG}-*")):
        if os.path.exists(os.path.join(d, "CMakeCache.txt")):
            return d
    return None


def _build_wheel(out_dir):
    explicit = os.environ.get("LL_WHEEL")
    if explicit:
        return explicit
    if _reusable_build_dir() is None:
        pytest.skip(
            f"no build/{TAG}-* from `pip install --no-build-isolation .` "
            "to reuse, and LL_WHEEL is not set"
        )
    for module in ("scikit_build_core", "nanobind"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed (requirements-build.txt)")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-build-isolation",
            "--no-deps",
            "-w",
            str(out_dir),
            ROOT,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-5000:]
    wheels = glob.glob(os.path.join(out_dir, "linear_layout-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_installs_and_runs_in_a_fresh_venv(tmp_path):
    wheel = _build_wheel(tmp_path / "wheelhouse")
    venv = tmp_path / "venv"
    base = os.environ.get("LL_WHEEL_PYTHON", sys.executable)
    subprocess.run([base, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    # No compiler: only binary wheels, and none reachable.
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "LL_TOOLS_DIR", "LL_BUILD_DIR", "VIRTUAL_ENV")
    }
    env.update(CC="false", CXX="false")
    proc = subprocess.run(
        [python, "-m", "pip", "install", "--only-binary=:all:", wheel],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-5000:]
    proc = subprocess.run(
        [python, "-c", SMOKE],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "smoke test passed" in proc.stdout
    # The command line on an example kernel.
    out = tmp_path / "transpose.ptx"
    proc = subprocess.run(
        [
            python,
            "-m",
            "linear_layout",
            "compile",
            os.path.join(ROOT, "examples", "transpose_16x32.mlir"),
            "--chip",
            "sm_90",
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert ".entry transpose_xor_2m" in out.read_text()
