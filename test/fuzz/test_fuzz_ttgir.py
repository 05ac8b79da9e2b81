"""A short, seeded run of the TTGIR import fuzzer (fuzz_ttgir.py): mutated
TTGIR only ever gives located errors from `ll-opt --ll-import-ttgir`."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import fuzz_ttgir


def test_fuzz_ttgir_short_run():
    if not os.path.exists(fuzz_ttgir.ll_opt_path()):
        pytest.skip("ll-opt not built")
    summary = fuzz_ttgir.fuzz(600, seed=20261124, budget_s=25.0)
    assert summary["crashes"] == []
    assert summary["unlocated"] == []
    assert summary["run"] >= 80
    assert summary["errors"] > 0
