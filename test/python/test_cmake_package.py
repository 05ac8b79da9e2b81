"""The CMake package for C++ users: `cmake --install` of the build tree,
then a downstream project (test/downstream) that finds it with
`find_package(LinearLayout)`, links `LinearLayout::LinearLayout`, parses an
`#ll.linear` module, reads the C++ layout off the attribute and runs
convert-ll-to-nvvm. Skipped when no build tree is found (a wheel install
keeps none)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _build_tree():
    candidates = []
    if os.environ.get("LL_BUILD_DIR"):
        candidates.append(os.path.abspath(os.environ["LL_BUILD_DIR"]))
    candidates += sorted(glob.glob(os.path.join(ROOT, "build", "*")))
    for c in candidates:
        if os.path.exists(os.path.join(c, "CMakeCache.txt")) and \
                os.path.exists(os.path.join(c, "lib", "libLinearLayoutCore.a")):
            return c
    return None


def _tool(name):
    beside = os.path.join(os.path.dirname(sys.executable), name)
    return beside if os.path.exists(beside) else shutil.which(name)


def _package_dir(name):
    import importlib.util

    # `mlir` is a namespace package: the build tree adds its own
    # mlir/dialects portion, so take the portion that holds the CMake config.
    spec = importlib.util.find_spec(name)
    for location in spec.submodule_search_locations:
        if os.path.isdir(os.path.join(location, "lib", "cmake")):
            return location
    raise AssertionError(f"no {name} package with lib/cmake")


def test_downstream_project_builds_and_runs(tmp_path):
    build = _build_tree()
    cmake, ninja = _tool("cmake"), _tool("ninja")
    if not build or not cmake or not ninja:
        pytest.skip("no build tree with the static libraries, or no cmake/ninja")
    prefix = tmp_path / "prefix"
    subprocess.run([cmake, "--install", build, "--prefix", str(prefix)],
                   check=True, capture_output=True)
    assert (prefix / "lib" / "cmake" / "LinearLayout" /
            "LinearLayoutConfig.cmake").exists()
    assert (prefix / "include" / "LinearLayout" / "Dialect" / "LL" / "IR" /
            "LLOps.h.inc").exists()
    out = tmp_path / "downstream"
    configure = subprocess.run(
        [cmake, "-G", "Ninja", "-S", os.path.join(ROOT, "test", "downstream"),
         "-B", str(out), f"-DCMAKE_MAKE_PROGRAM={ninja}",
         f"-DCMAKE_PREFIX_PATH={prefix}",
         f"-DMLIR_DIR={_package_dir('mlir')}/lib/cmake/mlir",
         f"-DLLVM_DIR={_package_dir('llvm')}/lib/cmake/llvm",
         "-DCMAKE_BUILD_TYPE=Release"],
        capture_output=True, text=True, check=False)
    assert configure.returncode == 0, configure.stdout + configure.stderr
    built = subprocess.run([cmake, "--build", str(out)], capture_output=True,
                           text=True, check=False)
    assert built.returncode == 0, built.stdout[-5000:] + built.stderr[-5000:]
    run = subprocess.run([str(out / "downstream-opt")], capture_output=True,
                         text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert "encodings: 1" in run.stdout
    assert "lowered through shared memory: yes" in run.stdout


def test_build_tree_package_exports_every_library():
    """The package is generated from the targets: every static library the
    build made is a LinearLayout:: target of it, already in the build tree."""
    build = _build_tree()
    if not build:
        pytest.skip("no build tree with the static libraries")
    package = os.path.join(build, "lib", "cmake", "LinearLayout")
    with open(os.path.join(package, "LinearLayoutTargets.cmake")) as f:
        targets = f.read()
    assert os.path.exists(os.path.join(package, "LinearLayoutConfig.cmake"))
    libs = [os.path.basename(p)[len("libLinearLayout"):-len(".a")]
            for p in glob.glob(os.path.join(build, "lib", "libLinearLayout*.a"))]
    assert "Core" in libs
    for name in libs:
        assert f"add_library(LinearLayout::{name} STATIC IMPORTED)" in targets
    assert "add_library(LinearLayout::LinearLayout INTERFACE IMPORTED)" in targets
