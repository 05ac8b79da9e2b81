"""python/linear_layout/_core.pyi is what nanobind.stubgen makes of the
extension module now (with python/stubgen/_core.patterns): a change to the
bindings that is not in the stub fails here. To update it:

    python -m nanobind.stubgen -m linear_layout._core \\
        -p python/stubgen/_core.patterns -o python/linear_layout/_core.pyi
"""

import importlib.util
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STUB = os.path.join(ROOT, "python", "linear_layout", "_core.pyi")
PATTERNS = os.path.join(ROOT, "python", "stubgen", "_core.patterns")


@pytest.mark.skipif(
    importlib.util.find_spec("nanobind") is None, reason="nanobind is not installed"
)
def test_committed_stub_matches_the_module(tmp_path):
    out = tmp_path / "_core.pyi"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "nanobind.stubgen",
            "-q",
            "-m",
            "linear_layout._core",
            "-p",
            PATTERNS,
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    with open(STUB, encoding="utf-8") as f:
        committed = f.read()
    assert out.read_text(encoding="utf-8") == committed, __doc__


def test_stub_is_installed_beside_the_module():
    import linear_layout._core as core

    here = os.path.dirname(core.__file__)
    assert os.path.exists(os.path.join(here, "_core.pyi"))
    assert os.path.exists(os.path.join(here, "py.typed"))
