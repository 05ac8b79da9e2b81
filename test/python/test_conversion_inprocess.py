"""The conversion passes in process from Python: after
`linear_layout.dialect.register_dialect(ctx)`, `PassManager.parse` knows
convert-ll-to-nvvm (linked into libLinearLayoutMLIR.so, registered by
llRegisterPasses), and its output matches ll-opt's."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

ir = pytest.importorskip("mlir.ir")
passmanager = pytest.importorskip("mlir.passmanager")
lld = pytest.importorskip("linear_layout.dialect")

from linear_layout import compiler, kernels

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "gpu"))
import cases as case_lib

CASES = {c["name"]: c for c in case_lib.corpus_cases()}


def _kernel(name):
    c = CASES[name]
    return kernels.conv(c["src"], c["dst"], c["shape"], c["dtype"],
                        c["warps"])


def _lower_in_process(text, pipeline):
    with ir.Context() as ctx:
        lld.register_dialect(ctx)
        module = ir.Module.parse(text)
        passmanager.PassManager.parse(pipeline).run(module.operation)
        return str(module)


def test_convert_ll_to_nvvm_parses_and_runs():
    out = _lower_in_process(
        _kernel("transpose_64x64_fp16_w4"),
        "builtin.module(gpu.module(convert-ll-to-nvvm))")
    # every ll op and type is gone; the default chip (sm_90) takes
    # ldmatrix.trans for the fp16 transpose
    assert "ll." not in out and "#ll." not in out
    assert out.count("nvvm.ldmatrix") == 4
    assert "#nvvm.mma_layout<col>" in out


@pytest.mark.parametrize("chip,stmatrix", [("sm_90", 16), ("sm_80", 0)])
def test_options_reach_the_pass(chip, stmatrix):
    out = _lower_in_process(
        _kernel("mma2_to_blocked_128x128_fp16_w4"),
        f"builtin.module(gpu.module(convert-ll-to-nvvm{{chip={chip}}}))")
    assert out.count("nvvm.stmatrix") == stmatrix


def test_same_as_ll_opt():
    text = _kernel("seed_transpose_16x32_f32")
    pipeline = "builtin.module(gpu.module(convert-ll-to-nvvm{chip=sm_90}))"
    in_process = _lower_in_process(text, pipeline)
    try:
        tool = compiler.find_ll_opt()
    except RuntimeError:
        pytest.skip("no ll-opt to compare with")
    result = subprocess.run([tool, f"--pass-pipeline={pipeline}"],
                            input=text, capture_output=True, text=True,
                            check=True)
    with ir.Context() as ctx:
        lld.register_dialect(ctx)
        expected = str(ir.Module.parse(result.stdout))
    assert in_process == expected


def test_bad_chip_is_a_pass_failure():
    with pytest.raises(ir.MLIRError, match="chip must be sm_<N>"):
        _lower_in_process(
            _kernel("seed_transpose_16x32_f32"),
            "builtin.module(gpu.module(convert-ll-to-nvvm{chip=gfx942}))")


def test_ll_to_ptx_pipeline_in_process():
    """The whole ll-to-ptx pipeline (upstream passes included) down to the
    PTX string of a gpu.binary."""
    out = _lower_in_process(_kernel("transpose_64x64_fp16_w4"),
                            "builtin.module(ll-to-ptx{chip=sm_90})")
    assert "gpu.binary" in out and ".target sm_90" in out
    assert "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16" in out
