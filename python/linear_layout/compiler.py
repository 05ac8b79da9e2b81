"""Compile `ll` kernels to PTX with upstream MLIR only.

``linear_layout.compile(module, chip="sm_90")`` runs ``ll-opt`` with the
``ll-to-ptx`` pipeline (convert-ll-to-nvvm, the upstream GPU-to-NVVM
lowering and ``gpu-module-to-binary{format=isa}``, docs/lowering.md) and
returns the PTX text of the (single) ``gpu.module``. No CUDA, Triton or
nvcc is needed. ``ll-opt`` is taken from ``$LL_TOOLS_DIR``, then from the
build tree the package lives in, the directory of the running interpreter,
then ``PATH``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

__all__ = ["CompiledKernel", "compile", "find_ll_opt", "lower"]

_CHIP = re.compile(r"sm_[0-9]+[a-z]?")


def find_ll_opt() -> str:
    """Path of the ll-opt binary (see the module docstring)."""
    candidates = []
    if os.environ.get("LL_TOOLS_DIR"):
        candidates.append(os.path.join(os.environ["LL_TOOLS_DIR"], "ll-opt"))
    here = os.path.dirname(os.path.abspath(__file__))
    # Developer build: <build>/python_packages/linear_layout -> <build>/bin.
    candidates.append(os.path.join(here, "..", "..", "bin", "ll-opt"))
    candidates.append(os.path.join(os.path.dirname(sys.executable), "ll-opt"))
    for c in candidates:
        if os.path.isfile(c) and os.access(c, os.X_OK):
            return os.path.abspath(c)
    found = shutil.which("ll-opt")
    if found:
        return found
    raise RuntimeError("ll-opt not found: set LL_TOOLS_DIR or install the "
                       "linear-layout package")


def _text(module) -> str:
    if isinstance(module, str):
        return module
    if hasattr(module, "operation"):  # mlir.ir.Module
        return str(module.operation)
    raise TypeError("module: expected MLIR text or an mlir.ir.Module, got "
                    f"{type(module).__name__}")


def lower(module, pipeline: str) -> str:
    """Runs `ll-opt --pass-pipeline=<pipeline>` on the module; returns the
    output text. Raises ValueError with ll-opt's diagnostics on failure."""
    proc = subprocess.run([find_ll_opt(), f"--pass-pipeline={pipeline}", "-"],
                          input=_text(module), capture_output=True, text=True,
                          check=False)
    if proc.returncode != 0:
        raise ValueError("module: ll-opt failed:\n" + proc.stderr.strip())
    return proc.stdout


_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"', re.DOTALL)
_ESCAPE = re.compile(r"\\([0-9A-Fa-f]{2})")


def _unescape(s: str) -> str:
    raw = _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), s)
    return raw.replace('\\"', '"').replace("\\\\", "\\")


class CompiledKernel(str):
    """PTX text (a str) with what a launcher needs beside it."""

    #: Bytes of dynamic shared memory to request at launch (0: none; the
    #: scratch is static). Set when a conversion needs more than 48 KiB.
    dynamic_shared_bytes: int = 0


def _check(chip, index_bitwidth):
    if not isinstance(chip, str) or not _CHIP.fullmatch(chip):
        raise ValueError(f"chip: expected sm_<N>, got {chip!r}")
    if index_bitwidth not in (32, 64):
        raise ValueError(f"index_bitwidth: expected 32 or 64, got "
                         f"{index_bitwidth!r}")


def compile(module, chip: str = "sm_90",
            index_bitwidth: int = 32) -> CompiledKernel:
    """PTX for the gpu.module in `module` (text or mlir.ir.Module).

    The result is a str subclass; its `dynamic_shared_bytes` says how much
    dynamic shared memory the kernels need at launch."""
    _check(chip, index_bitwidth)
    llvm_text = lower(module, f"builtin.module(ll-to-ptx{{chip={chip} "
                              f"index-bitwidth={index_bitwidth} format=none}})")
    dynamic = re.findall(r"ll\.dynamic_shared_bytes = (\d+)", llvm_text)
    out = lower(llvm_text, "builtin.module(gpu-module-to-binary{format=isa})")
    ptx = [_unescape(m.group(1)) for m in _STRING.finditer(out)
           if ".entry" in _unescape(m.group(1))]
    if len(ptx) != 1:
        raise ValueError(f"module: expected one gpu.module with kernels, "
                         f"found {len(ptx)} PTX objects")
    result = CompiledKernel(ptx[0])
    result.dynamic_shared_bytes = max((int(d) for d in dynamic), default=0)
    return result
