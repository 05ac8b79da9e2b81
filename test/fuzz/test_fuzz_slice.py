"""The CI slice of the repo's fuzzer (test/fuzz/run.py runs it longer):
fixed seeds, bounded counts (about half a minute on two cores), and the
replay of every crash input ever saved in test/fuzz/regressions/."""

from __future__ import annotations

import glob
import json
import os
import sys
import warnings

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fuzz_attribute
import fuzz_llopt
import fuzz_python

pytest.importorskip("hypothesis")
SEED = 20261124
LL_OPT = fuzz_attribute.ll_opt_path(None)
needs_ll_opt = pytest.mark.skipif(LL_OPT is None, reason="ll-opt not found")


@needs_ll_opt
def test_ll_opt_slice_finds_no_crash():
    summary = fuzz_llopt.fuzz(
        LL_OPT,
        SEED,
        runs=int(os.environ.get("LL_FUZZ_RUNS", "60")),
        batch=20,
        log=lambda *a: None,
    )
    assert summary["ll_opt_runs"] >= 60
    # Every pass and pipeline of the project is in the pool.
    for name in (
        "ll-plan-conversions",
        "ll-fold-conversions",
        "ll-to-ptx",
        "ll-to-rocdl",
        "convert-ll-to-nvvm",
        "convert-ll-to-rocdl",
    ):
        assert name in summary["passes"]
    assert summary["crashes"] == [], json.dumps(summary["crashes"], indent=1)[:4000]
    if summary["known"]:
        warnings.warn(
            f"known open crashes (fuzz_llopt.KNOWN_OPEN): {summary['known']}",
            stacklevel=1,
        )


def test_python_slice_raises_only_value_and_type_errors():
    pytest.importorskip("linear_layout")
    result = fuzz_python.run_worker(SEED, int(os.environ.get("LL_FUZZ_CALLS", "2000")))
    assert "crash" not in result, result.get("crash")
    assert result["failures"] == [], result["failures"][:20]
    assert result["python_calls"] >= 2000
    # Both outcomes happen: the generator reaches past the type checks.
    assert result["outcomes"].get("ValueError", 0) > 50
    assert result["outcomes"].get("returned", 0) > 20


REGRESSIONS = sorted(glob.glob(os.path.join(HERE, "regressions", "*.json")))


@pytest.mark.parametrize(
    "path",
    REGRESSIONS or [None],
    ids=[os.path.basename(p) for p in REGRESSIONS] or ["none"],
)
def test_regression_inputs_do_not_crash(path):
    if path is None:
        pytest.skip("no regression inputs saved")
    with open(path) as f:
        record = json.load(f)
    if record.get("kind") == "python":
        assert fuzz_python.replay(record["call"]) is None
        return
    if LL_OPT is None:
        pytest.skip("ll-opt not found")
    assert fuzz_llopt.replay(LL_OPT, record) is None


def test_generators_are_reproducible():
    import random

    a = [fuzz_llopt.random_module(random.Random(5), i) for i in range(5)]
    b = [fuzz_llopt.random_module(random.Random(5), i) for i in range(5)]
    assert a == b
