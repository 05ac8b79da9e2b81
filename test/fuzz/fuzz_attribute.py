#!/usr/bin/env python3
"""Fuzz the `#ll.linear` / `!ll.shared` parser and verifiers with mutated text.

Every mutant goes through MLIR's parser and the dialect's verifiers, in two
ways:

* in-process through the MLIR Python bindings
  (``linear_layout.dialect.parse_attribute`` / ``parse_type``), in worker
  subprocesses so that an abort or a segfault is caught and the input that
  caused it is found by bisection; and
* in batches through ``ll-opt --split-input-file`` (one split per mutant),
  plus count/5 mutated functions using the ops, run through
  ``ll-opt --canonicalize --ll-fold-conversions``.

Besides "no crash" it checks a property of every mutant the parser accepts:
its printed form parses back to the same attribute, and
``LinearLayout.from_mlir(attr).to_mlir()`` parses back to it too.

    python test/fuzz/fuzz_attribute.py --count 10000        # the full run
    python test/fuzz/fuzz_attribute.py --count 500 --seed 7 # a quick one

Exit status 0 when nothing crashed and no property failed, 1 otherwise. The
package must be importable (PYTHONPATH=<build>/python_packages) and ll-opt
found through $LL_TOOLS_DIR or PATH (or skipped with --no-ll-opt).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

# Valid seeds: encoding forms, standalone forms, memory layouts, odd names,
# Triton bodies, and the contexts they are used in.
SEEDS = [
    "#ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>",
    "#ll.linear<{register = [[1]], lane = [[2], [4], [8], [16], [0]], warp = [[0], [0]]}>",
    "#ll.linear<{register = [[0, 1]]} -> {dim0 = 4, dim1 = 8}>",
    "#ll.linear<{x = [[1, 0], [0, 2]], y = [[0, 1]]} -> {rows = 2, cols = 4}>",
    "#ll.linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 1]]} -> {dim0 = 4, dim1 = 4}>",
    "#ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0]]}>",
    "#ll.linear<{register = [], lane = []} -> {dim0 = 1, dim1 = 1}>",
    "#ll.linear<{} -> {}>",
    "#ll.linear<{register = [[4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 16], [0, 1], [0, 2], [0, 4], [0, 8]], warp = [[1, 0], [2, 0]], block = []}>",
    "#ll.linear<{register = [[0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 16, 0]], lane = [[8, 0, 0], [0, 32, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[0, 0, 1], [0, 1, 0]], block = []}>",
    '#ll.linear<{"register" = [[1]]} -> {"dim0" = 2}>',
    "#ll.linear<{offset = [[1, 0], [0, 1]], block = [[2, 0]]} -> {dim0 = 4, dim1 = 2}>",
]
# Whole functions using the ops, mutated as text and run through
# `ll-opt --canonicalize --ll-fold-conversions` (folders and patterns on
# whatever the parser accepts).
_A = "#ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>"
_B = "#ll.linear<{register = [[1, 0], [2, 0]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>"
_M = "#ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0]]}>"
OP_SEEDS = [
    f"func.func @f(%p: !llvm.ptr<1>, %s: i32) {{ %t = ll.load_tile %p row_stride(%s : i32) : !llvm.ptr<1> -> tensor<16x32xf16, {_A}> "
    f"%u = ll.convert_layout %t : tensor<16x32xf16, {_A}> -> tensor<16x32xf16, {_B}> "
    f"%v = ll.convert_layout %u : tensor<16x32xf16, {_B}> -> tensor<16x32xf16, {_A}> "
    f"ll.store_tile %v, %p : tensor<16x32xf16, {_A}>, !llvm.ptr<1> return }}",
    f"func.func @g(%x: tensor<16x32xf16, {_A}>) -> tensor<16x32xf16, {_A}> {{ %b = ll.alloc_shared : !ll.shared<16x32xf16, {_M}> "
    f"ll.store_shared %x, %b : tensor<16x32xf16, {_A}>, !ll.shared<16x32xf16, {_M}> gpu.barrier "
    f"%y = ll.load_shared %b : !ll.shared<16x32xf16, {_M}> -> tensor<16x32xf16, {_B}> "
    f"%z = ll.convert_layout %y : tensor<16x32xf16, {_B}> -> tensor<16x32xf16, {_A}> return %z : tensor<16x32xf16, {_A}> }}",
]
SHAPES = ["16x32", "4x4", "32", "128x8", "64x32", "16x64x2", "1x1", "8", "2x2", "6", "?x4", "0"]
TOKENS = ["[", "]", "{", "}", ",", "=", "->", "<", ">", " ", "-", "0", "1", "7",
          "register", "lane", "warp", "block", "offset", "dim0", "dim1", "dim9",
          '"', '""', '"a.b"', "a.b", "#ll.linear<", "#ll.linear", "[[", "]]", "x",
          "\\", "\x00", "é", ":", "i32", "4611686018427387904",
          "9223372036854775807", "18446744073709551616", "-9223372036854775808"]
NUMBERS = ["0", "1", "2", "3", "-1", "63", "64", "65", "1024", "2147483648",
           "4294967296", "4611686018427387903", "4611686018427387904",
           "9223372036854775807", "9223372036854775808", "-0", "0x10", "1e3", "00"]


def mutate(rng: random.Random, text: str) -> str:
    """A random mutant of `text` (1 to 4 edits, tokens MLIR cares about)."""
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 4])):
        op = rng.randrange(9)
        n = len(text)
        i = rng.randrange(n + 1)
        j = min(n, i + rng.randint(0, 12))
        if op == 0 and n:            # delete a span
            text = text[:i] + text[j:]
        elif op == 1:                # insert a token
            text = text[:i] + rng.choice(TOKENS) + text[i:]
        elif op == 2 and n:          # duplicate a span
            text = text[:j] + text[i:j] + text[j:]
        elif op == 3:                # replace a number
            digits = [k for k, c in enumerate(text) if c.isdigit()]
            if digits:
                k = rng.choice(digits)
                e = k
                while e < n and text[e].isdigit():
                    e += 1
                text = text[:k] + rng.choice(NUMBERS) + text[e:]
        elif op == 4:                # rename a dimension
            for name in ("register", "lane", "warp", "block", "offset", "dim0", "dim1"):
                if name in text and rng.random() < 0.5:
                    text = text.replace(name, rng.choice(TOKENS[14:22] + ['"x"', "dim0", "q1"]), 1)
                    break
        elif op == 5:                # splice with another seed
            other = rng.choice(SEEDS)
            k = rng.randrange(len(other) + 1)
            text = text[:i] + other[k:]
        elif op == 6 and n:          # truncate
            text = text[:i]
        elif op == 7:                # add or drop a basis entry
            text = text.replace("[[", rng.choice(["[[0, ", "[[", "[[1], [", "[["]), 1)
        else:                        # swap two characters
            if n >= 2:
                a, b = rng.randrange(n), rng.randrange(n)
                chars = list(text)
                chars[a], chars[b] = chars[b], chars[a]
                text = "".join(chars)
    return text


def make_cases(count: int, seed: int) -> list[tuple[str, str]]:
    """(context kind, text) pairs: an attribute, a tensor type or a shared
    buffer type around a mutated attribute."""
    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        attr = mutate(rng, rng.choice(SEEDS))
        kind = rng.choice(["attr", "attr", "tensor", "shared"])
        if kind == "attr":
            cases.append(("attr", attr))
        elif kind == "tensor":
            cases.append(("type", f"tensor<{rng.choice(SHAPES)}xf16, {attr}>"))
        else:
            cases.append(("type", f"!ll.shared<{rng.choice(SHAPES)}x{rng.choice(['f16', 'i8', 'index'])}, {attr}>"))
    return cases


# ---------------------------------------------------------------------------
# In-process worker (run in a subprocess by the driver)
# ---------------------------------------------------------------------------


def worker() -> None:
    import linear_layout as ll
    from linear_layout import dialect as lld

    cases = json.load(sys.stdin)
    accepted = rejected = 0
    failures = []
    with lld.create_context() as context:
        for kind, text in cases:
            # The package's own entry points (C++ parser + verifier behind
            # them): ValueError on bad input, never a crash.
            parse = lld.parse_attribute if kind == "attr" else lld.parse_type
            try:
                parsed = parse(text, context)
            except ValueError:
                rejected += 1
                continue
            accepted += 1
            # Property: the printed form parses back to the same object.
            printed = str(parsed)
            if parse(printed, context) != parsed:
                failures.append(f"print/parse mismatch: {text!r} -> {printed!r}")
                continue
            if kind == "attr" and lld.is_linear_attr(parsed):
                layout = ll.LinearLayout.from_mlir(parsed)
                if lld.linear_attr(layout.to_mlir(), context) != parsed:
                    failures.append(f"from_mlir/to_mlir mismatch: {text!r}")
    json.dump({"accepted": accepted, "rejected": rejected, "failures": failures},
              sys.stdout)


def run_python_batch(cases):
    """(result dict or None, returncode, stderr) of a worker on `cases`."""
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker"],
                          input=json.dumps(cases), capture_output=True, text=True)
    if proc.returncode != 0:
        return None, proc.returncode, proc.stderr
    return json.loads(proc.stdout), 0, ""


def bisect_crash(cases, crashes):
    """The single cases in `cases` (which crash together) that crash alone."""
    if len(cases) == 1:
        return cases
    half = len(cases) // 2
    found = []
    for part in (cases[:half], cases[half:]):
        if crashes(part):
            found += bisect_crash(part, crashes)
    return found


# ---------------------------------------------------------------------------
# ll-opt batches
# ---------------------------------------------------------------------------


def make_op_cases(count: int, seed: int) -> list[tuple[str, str]]:
    """Mutated functions using the ops (kind "func")."""
    rng = random.Random(seed)
    return [("func", mutate(rng, rng.choice(OP_SEEDS))) for _ in range(count)]


def wrap_for_ll_opt(index: int, kind: str, text: str) -> str:
    if kind == "func":
        return text
    if kind == "attr":
        return f"func.func @f{index}() attributes {{a = {text}}} {{ return }}"
    return f"func.func @f{index}(%x: {text}) {{ return }}"


# Seconds one batch may take: far above a batch's time (well under a
# second), so that a hang is reported rather than waited for.
BATCH_TIMEOUT_S = 120


def run_ll_opt_batch(ll_opt, cases, start, passes=()):
    """Return code of ll-opt on one file with one split per case ("hang"
    past BATCH_TIMEOUT_S)."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write("\n// -----\n".join(wrap_for_ll_opt(start + k, kind, text)
                                   for k, (kind, text) in enumerate(cases)))
        path = f.name
    try:
        proc = subprocess.run([ll_opt, "--split-input-file", *passes, path, "-o", os.devnull],
                              capture_output=True, text=True, timeout=BATCH_TIMEOUT_S)
        return proc.returncode
    except subprocess.TimeoutExpired:
        return "hang"
    finally:
        os.unlink(path)


def ll_opt_path(explicit):
    if explicit:
        return explicit
    tools = os.environ.get("LL_TOOLS_DIR")
    if tools and os.path.exists(os.path.join(tools, "ll-opt")):
        return os.path.join(tools, "ll-opt")
    beside_python = os.path.join(os.path.dirname(sys.executable), "ll-opt")
    if os.path.exists(beside_python):
        return beside_python
    return shutil.which("ll-opt")


def fuzz(count: int, seed: int, batch: int = 2000, ll_opt: str | None = None,
         use_ll_opt: bool = True, log=print) -> dict:
    """Runs `count` mutants through both paths; returns a summary dict."""
    cases = make_cases(count, seed)
    summary = {"mutants": count, "op_mutants": 0, "accepted": 0, "rejected": 0,
               "crashes": [],
               "failures": [], "ll_opt_runs": 0, "ll_opt_crashes": []}
    started = time.time()
    for start in range(0, count, batch):
        part = cases[start:start + batch]
        result, rc, err = run_python_batch(part)
        if result is None:
            culprits = bisect_crash(part, lambda c: run_python_batch(c)[0] is None)
            summary["crashes"] += [{"case": c, "returncode": rc} for c in culprits]
            log(f"python worker died (rc {rc}); culprits: {culprits}\n{err[-2000:]}")
            # Still run everything else of the batch.
            result, rc, err = run_python_batch([c for c in part if c not in culprits])
            if result is None:
                summary["crashes"].append({"case": "rest of batch", "returncode": rc})
                continue
        summary["accepted"] += result["accepted"]
        summary["rejected"] += result["rejected"]
        summary["failures"] += result["failures"]
    if use_ll_opt:
        tool = ll_opt_path(ll_opt)
        if tool is None:
            raise FileNotFoundError("ll-opt not found: set LL_TOOLS_DIR or pass --ll-opt")
        for start in range(0, count, batch):
            part = cases[start:start + batch]
            rc = run_ll_opt_batch(tool, part, start)
            summary["ll_opt_runs"] += 1
            if rc not in (0, 1):
                culprits = bisect_crash(
                    part, lambda c: run_ll_opt_batch(tool, c, 0) not in (0, 1))
                summary["ll_opt_crashes"] += [{"case": c, "returncode": rc} for c in culprits]
                log(f"ll-opt crashed (rc {rc}); culprits: {culprits}")
        # Mutated op IR, through the folders and patterns too.
        op_cases = make_op_cases(max(1, count // 5), seed + 1)
        passes = ("--canonicalize", "--ll-fold-conversions")
        summary["op_mutants"] = len(op_cases)
        for start in range(0, len(op_cases), batch):
            part = op_cases[start:start + batch]
            rc = run_ll_opt_batch(tool, part, start, passes)
            summary["ll_opt_runs"] += 1
            if rc not in (0, 1):
                culprits = bisect_crash(
                    part, lambda c: run_ll_opt_batch(tool, c, 0, passes) not in (0, 1))
                summary["ll_opt_crashes"] += [{"case": c, "returncode": rc} for c in culprits]
                log(f"ll-opt crashed on op IR (rc {rc}); culprits: {culprits}")
    summary["seconds"] = round(time.time() - started, 1)
    return summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=2000)
    parser.add_argument("--ll-opt", default=None)
    parser.add_argument("--no-ll-opt", action="store_true")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return 0
    if args.count < 1 or args.batch < 1:
        parser.error("--count and --batch must be positive")
    summary = fuzz(args.count, args.seed, args.batch, args.ll_opt, not args.no_ll_opt)
    print(json.dumps({k: v for k, v in summary.items()}, indent=1))
    bad = summary["crashes"] or summary["ll_opt_crashes"] or summary["failures"]
    print(f"{summary['mutants']} attribute/type mutants (+{summary['op_mutants']} op-IR "
          f"mutants through ll-opt): {summary['accepted']} accepted, "
          f"{summary['rejected']} rejected, {len(summary['crashes'])} python crashes, "
          f"{len(summary['ll_opt_crashes'])} ll-opt crashes, "
          f"{len(summary['failures'])} property failures, {summary['seconds']} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
