"""Crash signatures of an `ll-opt` child: a test fails on them.

An `ll-opt` that asserts, aborts or segfaults is a bug even where the test
only expected "some error": the helpers here tell a crash from an error.

* :func:`crash_signature` names the crash in a finished process (its return
  code and output), or returns None;
* :func:`run_ll_opt` runs `ll-opt` and fails the calling test on a crash;
* test/conftest.py wraps ``subprocess.run`` for every test so that any
  `ll-opt` child a test (or the package under test) starts is checked;
* test/lit.cfg.py runs every `ll-opt` of a RUN line through this file as a
  script (``python crash_signatures.py <ll-opt> args...``): it passes the
  streams through, and turns a crash signature into an abort, which `not`
  (without --crash) and lit's pipefail report as failures.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys

# Text a crashing LLVM/MLIR tool prints (report_fatal_error, assert, the
# signal handler's stack dump and its bug-report banner).
SIGNATURES = (
    "LLVM ERROR",
    "Assertion",
    "Stack dump",
    "PLEASE submit a bug report",
    "Segmentation fault",
    "UNREACHABLE executed",
)


def _text(data) -> str:
    if data is None:
        return ""
    if isinstance(data, bytes):
        return data.decode("utf-8", "replace")
    return data


def crash_signature(returncode: int | None, stdout=None, stderr=None) -> str | None:
    """What shows a crash in a finished process, or None if it shows none."""
    if returncode is not None and returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = str(-returncode)
        return f"killed by signal {name}"
    if returncode is not None and returncode >= 128 + 1 and returncode <= 128 + 64:
        # A shell reports a child killed by signal N as 128 + N.
        return f"exit status {returncode} (a signal, through a shell)"
    output = _text(stderr) + _text(stdout)
    for signature in SIGNATURES:
        if signature in output:
            return f"printed {signature!r}"
    return None


def is_ll_opt(args) -> bool:
    """Whether a subprocess argument list starts `ll-opt`."""
    if isinstance(args, (str, bytes, os.PathLike)):
        first = os.fsdecode(args).split()[0] if os.fsdecode(args).split() else ""
    else:
        args = list(args)
        if not args:
            return False
        first = os.fsdecode(args[0])
    return os.path.basename(first) == "ll-opt"


def describe(args, returncode, stdout, stderr, signature) -> str:
    tail = (_text(stderr) + _text(stdout))[-3000:]
    return (
        f"ll-opt crashed ({signature}), exit status {returncode}: "
        f"{list(args) if not isinstance(args, str) else args}\n{tail}"
    )


def run_ll_opt(args, **kwargs) -> subprocess.CompletedProcess:
    """``subprocess.run(args, **kwargs)`` with output captured, failing the
    calling test (pytest.fail) if `ll-opt` crashed."""
    import pytest

    kwargs.setdefault("capture_output", True)
    result = subprocess.run(args, check=False, **kwargs)
    signature = crash_signature(result.returncode, result.stdout, result.stderr)
    if signature:
        pytest.fail(
            describe(args, result.returncode, result.stdout, result.stderr, signature),
            pytrace=False,
        )
    return result


def _guard_main(argv) -> int:
    """Runs ``argv`` with stdin and stdout passed through and stderr copied;
    aborts (SIGABRT) on a crash signature, else returns its exit status."""
    proc = subprocess.run(argv, stderr=subprocess.PIPE, check=False)
    sys.stderr.buffer.write(proc.stderr)
    sys.stderr.flush()
    signature = crash_signature(proc.returncode, None, proc.stderr)
    if signature:
        sys.stderr.write(f"crash_signatures.py: ll-opt crashed ({signature})\n")
        sys.stderr.flush()
        sys.stdout.flush()
        signal.signal(signal.SIGABRT, signal.SIG_DFL)
        os.abort()
    return proc.returncode


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: crash_signatures.py <ll-opt> [args...]")
    sys.exit(_guard_main(sys.argv[1:]))
