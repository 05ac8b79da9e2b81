"""Runs the lit + FileCheck IR tests as part of `python -m pytest`.

One pytest command runs both suites. lit's own per-test report is printed on
failure; the counts it found are checked so an empty discovery cannot pass.
"""

import os
import re
import shutil
import subprocess
import sys

import pytest

TEST_DIR = os.path.dirname(os.path.abspath(__file__))
# The runnable kernels of examples/ are a lit suite of their own
# (examples/lit.cfg.py loads test/lit.cfg.py).
EXAMPLES_DIR = os.path.join(os.path.dirname(TEST_DIR), "examples")


def _lit_command():
    beside_python = os.path.join(os.path.dirname(sys.executable), "lit")
    if os.path.exists(beside_python):
        return [beside_python]
    found = shutil.which("lit")
    if found:
        return [found]
    pytest.skip("lit is not installed (pip install lit)")


def _has_lit_tests():
    for _, dirs, files in os.walk(TEST_DIR):
        dirs[:] = [d for d in dirs if d not in ("python", "gpu", "fuzz")]
        if any(f.endswith(".mlir") for f in files):
            return True
    return False


@pytest.mark.skipif(not _has_lit_tests(), reason="no lit tests yet")
def test_lit_suite():
    result = subprocess.run(
        _lit_command() + ["-sv", TEST_DIR, EXAMPLES_DIR], capture_output=True, text=True,
        check=False, env=dict(os.environ))
    output = result.stdout + result.stderr
    passed = sum(int(n) for n in re.findall(r"^\s*Passed\s*:\s*(\d+)", output, re.MULTILINE))
    failed = sum(int(n) for n in re.findall(
        r"^\s*(?:Failed|Unresolved|Timed Out|Unexpectedly Passed)\s*:\s*(\d+)",
        output, re.MULTILINE))
    print(f"lit: {passed} passed, {failed} failed")
    assert result.returncode == 0, output[-20000:]
    assert passed > 0, output[-20000:]
