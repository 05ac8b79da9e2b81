"""A short run of the attribute fuzzer (test/fuzz/fuzz_attribute.py runs the
full 10,000+ mutants): no input crashes the parser or the verifiers, in
process or in ll-opt, and every accepted input round-trips through printing
and through LinearLayout.from_mlir/to_mlir."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import fuzz_attribute

pytest.importorskip("mlir.ir")
lld = pytest.importorskip("linear_layout.dialect")

COUNT = int(os.environ.get("LL_FUZZ_COUNT", "1000"))


def test_fuzz_attribute_short_run():
    use_ll_opt = fuzz_attribute.ll_opt_path(None) is not None
    summary = fuzz_attribute.fuzz(COUNT, seed=12345, batch=500, use_ll_opt=use_ll_opt,
                                  log=lambda *args: None)
    assert summary["crashes"] == []
    assert summary["ll_opt_crashes"] == []
    assert summary["failures"] == []
    # The mutants exercise both outcomes.
    assert summary["accepted"] > COUNT // 50
    assert summary["rejected"] > COUNT // 2


@pytest.mark.parametrize("text", [
    "",                               # MLIR 22's ir.Attribute.parse asserts
    "   ",
    '"#ll.lin1""ear<{ {}>',           # ... and so does this (ErrorCapture)
    "#ll.linear<{register = [[1]]}> trailing",
    "#ll.linear<{register = [[1]]}>\x00",
])
def test_inputs_that_abort_upstream_parse_raise_value_error(text):
    with lld.create_context():
        with pytest.raises(ValueError):
            lld.parse_attribute(text)
        with pytest.raises(ValueError):
            lld.parse_type(text)


def test_mutants_are_reproducible():
    assert fuzz_attribute.make_cases(50, 3) == fuzz_attribute.make_cases(50, 3)
    assert fuzz_attribute.make_cases(50, 3) != fuzz_attribute.make_cases(50, 4)
