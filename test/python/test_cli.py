"""`python -m linear_layout compile`: a kernel file to a plain PTX / GFX
assembly file; bad input is exit status 1 with a located message."""

import os
import subprocess
import sys

import pytest
from linear_layout import compiler

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KERNEL = os.path.join(ROOT, "test", "Conversion", "ll-to-ptx.mlir")


def _run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "linear_layout", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def test_compile_writes_ptx(tmp_path):
    out = tmp_path / "kernel.ptx"
    proc = _run("compile", KERNEL, "--chip", "sm_90", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    ptx = out.read_text()
    assert ".target sm_90" in ptx and ".entry transpose" in ptx
    with open(KERNEL, encoding="utf-8") as f:
        assert ptx == compiler.compile(f.read(), chip="sm_90")


def test_compile_reads_stdin_writes_stdout():
    with open(KERNEL, encoding="utf-8") as f:
        proc = _run("compile", "-", "--chip", "sm_80", stdin=f.read())
    assert proc.returncode == 0, proc.stderr
    assert ".target sm_80" in proc.stdout


def test_compile_amdgpu(tmp_path):
    if compiler.find_amdgpu_llc() is None:
        pytest.skip("no llc with the AMDGPU target")
    out = tmp_path / "kernel.s"
    proc = _run("compile", KERNEL, "--chip", "gfx942", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "amdhsa" in out.read_text()


def test_compile_llvm_ir_for_amd(tmp_path):
    proc = _run("compile", KERNEL, "--chip", "gfx942", "--emit", "llvm")
    assert proc.returncode == 0, proc.stderr
    assert "amdgpu_kernel" in proc.stdout


@pytest.mark.parametrize(
    "text,message",
    [
        ("module {}\n", ":1:1: error: ll-to-ptx: the module has no gpu.module"),
        (
            (
                "#l = #ll.linear<{register = [], lane = [[1], [2], [4], [8], [16]], "
                "warp = []}>\nfunc.func @f(%p: !llvm.ptr<1>) {\n"
                "  %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32xf32, #l>\n"
                "  return\n}\n"
            ),
            ":3:8: error: ll-to-ptx: 'll.load_tile' lies outside every gpu.module",
        ),
        ("module {", ":1:7: error: "),
    ],
)
def test_compile_errors_are_located(tmp_path, text, message):
    src = tmp_path / "bad.mlir"
    src.write_text(text)
    out = tmp_path / "bad.ptx"
    proc = _run("compile", str(src), "-o", str(out))
    assert proc.returncode == 1
    assert str(src) + message in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    "args,message",
    [
        (["--chip", "sm_xx"], "chip: target 'sm_xx' is not known"),
        (["--chip", "sm_90", "--emit", "llvm"], "llvm_ir is for AMD chips"),
        (["--min-round-bytes", "-1"], "min_round_bytes: must be from 0 to 2^63 - 1"),
    ],
)
def test_compile_bad_options(args, message):
    proc = _run("compile", KERNEL, *args)
    assert proc.returncode == 1
    assert message in proc.stderr and "Traceback" not in proc.stderr


def test_missing_file_and_command():
    proc = _run("compile", "no-such-file.mlir")
    assert proc.returncode == 1 and "no-such-file.mlir" in proc.stderr
    proc = _run()
    assert proc.returncode == 2 and "command" in proc.stderr
    proc = _run("--help")
    assert proc.returncode == 0 and "compile" in proc.stdout


@pytest.mark.parametrize("chip", ["sm_90", "gfx942"])
def test_compile_refuses_a_gpu_module_without_kernels(tmp_path, chip):
    """What `report --emit-mlir` writes for a kernel without conversions:
    the same error on every target, not an empty assembly on one."""
    src = tmp_path / "empty.mlir"
    src.write_text(
        "module attributes {gpu.container_module} {\n"
        "  gpu.module @ll_kernels {\n  }\n}\n"
    )
    proc = _run("compile", str(src), "--chip", chip, "-o", str(tmp_path / "k"))
    assert proc.returncode == 1
    assert "no kernel to compile" in proc.stderr and "Traceback" not in proc.stderr
