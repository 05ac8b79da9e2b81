"""Where the tests find the package and the tools.

By default they use what `pip install .` put into the running interpreter's
environment. A developer build can be tested without installing it:
``LL_BUILD_DIR=build/dev python -m pytest`` puts ``build/dev/python_packages``
first on ``sys.path`` and tells lit to take ``ll-opt`` from ``build/dev/bin``.
"""

import os
import sys

_build_dir = os.environ.get("LL_BUILD_DIR")
if _build_dir:
    _build_dir = os.path.abspath(_build_dir)
    _packages = os.path.join(_build_dir, "python_packages")
    sys.path.insert(0, _packages)
    # Subprocesses started by tests (crash isolation) must see it too.
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (_packages, os.environ.get("PYTHONPATH")) if p)
    os.environ.setdefault("LL_TOOLS_DIR", os.path.join(_build_dir, "bin"))



# Every `ll-opt` child of a test is checked for crash signatures (an
# assertion, "LLVM ERROR", a stack dump, death by a signal): a test that only
# expected "an error" must not pass on a crash. See test/crash_signatures.py.
import subprocess

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import crash_signatures

_original_run = subprocess.run


def _checked_run(args, *posargs, **kwargs):
    result = _original_run(args, *posargs, **kwargs)
    if crash_signatures.is_ll_opt(args):
        signature = crash_signatures.crash_signature(
            result.returncode, result.stdout, result.stderr)
        if signature:
            pytest.fail(crash_signatures.describe(
                args, result.returncode, result.stdout, result.stderr,
                signature), pytrace=False)
    return result


@pytest.fixture(autouse=True)
def _ll_opt_crashes_fail_the_test(monkeypatch):
    monkeypatch.setattr(subprocess, "run", _checked_run)
    yield
