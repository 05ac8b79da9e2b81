#!/usr/bin/env python3
"""The repo's fuzzer: `ll-opt` under every pass and pipeline with
structure-aware inputs (fuzz_llopt.py), the Python API under hypothesis
(fuzz_python.py), the `#ll.linear` parser (fuzz_attribute.py) and the TTGIR
import on mutated Triton kernels (fuzz_ttgir.py), in turns until the time is
up.

    python test/fuzz/run.py --minutes 30            # a long run
    python test/fuzz/run.py --minutes 1 --seed 7    # a short one

Every crash input (and every Python call that raised something other than
ValueError/TypeError) is written to test/fuzz/regressions/ as JSON, which
test/fuzz/test_fuzz_slice.py replays. Prints the counts as JSON; exit status
1 when anything new was found. Needs the package importable
(PYTHONPATH=<build>/python_packages) and ll-opt ($LL_TOOLS_DIR or PATH).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fuzz_attribute
import fuzz_llopt
import fuzz_python
import fuzz_ttgir

REGRESSIONS = os.path.join(HERE, "regressions")


def save_python(directory: str, record: dict) -> str:
    os.makedirs(directory, exist_ok=True)
    blob = json.dumps(record, sort_keys=True)
    path = os.path.join(
        directory, "python-" + hashlib.sha256(blob.encode()).hexdigest()[:16] + ".json"
    )
    with open(path, "w") as f:
        f.write(json.dumps(record, indent=1, sort_keys=True) + "\n")
    return path


def run(minutes: float, seed: int, regressions: str = REGRESSIONS, log=print) -> dict:
    tool = fuzz_attribute.ll_opt_path(None)
    if tool is None:
        raise FileNotFoundError("ll-opt not found: set LL_TOOLS_DIR")
    deadline = time.time() + minutes * 60
    total = {
        "seconds": 0,
        "ll_opt_runs": 0,
        "ll_opt_modules": 0,
        "bytecode_runs": 0,
        "pipelines": 0,
        "python_calls": 0,
        "attribute_mutants": 0,
        "attribute_ll_opt_runs": 0,
        "ttgir_mutants": 0,
        "crashes": [],
        "python_failures": [],
        "known": {},
        "rounds": 0,
    }
    started = time.time()
    round_seed = seed
    while time.time() < deadline:
        round_seed += 1
        total["rounds"] += 1
        # ll-opt: most of the time.
        s = fuzz_llopt.fuzz(
            tool,
            round_seed,
            runs=10**9,
            deadline=min(deadline, time.time() + 60),
            regressions=regressions,
            log=log,
        )
        total["ll_opt_runs"] += s["ll_opt_runs"]
        total["ll_opt_modules"] += s["modules"]
        total["bytecode_runs"] += s["bytecode_runs"]
        total["pipelines"] += s["pipelines"]
        total["crashes"] += s["crashes"]
        for k, v in s["known"].items():
            total["known"][k] = total["known"].get(k, 0) + v
        if time.time() >= deadline:
            break
        # The Python API.
        p = fuzz_python.run_worker(round_seed, 3000)
        total["python_calls"] += p["python_calls"]
        for failure in p["failures"]:
            failure["path"] = save_python(
                regressions, {"kind": "python", "call": failure["call"]}
            )
            total["python_failures"].append(failure)
            log(f"python: {failure}")
        if "crash" in p:
            crash = p["crash"]
            if crash["call"]:
                crash["path"] = save_python(
                    regressions, {"kind": "python", "call": crash["call"]}
                )
            total["crashes"].append(crash)
            log(f"python worker crashed: {crash}")
        if time.time() >= deadline:
            break
        # The attribute parser (in process and through ll-opt).
        a = fuzz_attribute.fuzz(1000, round_seed, batch=500, log=log)
        total["attribute_mutants"] += a["mutants"] + a["op_mutants"]
        total["attribute_ll_opt_runs"] += a["ll_opt_runs"]
        for c in a["crashes"] + a["ll_opt_crashes"]:
            total["crashes"].append({"attribute_case": c})
        total["python_failures"] += [{"attribute_property": f} for f in a["failures"]]
        if time.time() >= deadline:
            break
        # Mutated Triton TTGIR through the import, then planning.
        t = fuzz_ttgir.fuzz(
            10**9, round_seed, budget_s=min(10.0, max(0.0, deadline - time.time()))
        )
        total["ttgir_mutants"] += t["run"]
        for signature, stage, text in t["crashes"]:
            # Replayed by test_fuzz_slice.py like fuzz_llopt's records.
            record = {"args": ["--split-input-file", stage], "input": text}
            name = hashlib.sha256(text.encode()).hexdigest()[:16]
            path = os.path.join(regressions, f"ttgir-{name}.json")
            with open(path, "w") as f:
                f.write(json.dumps(record, indent=1) + "\n")
            total["crashes"].append({"ttgir": signature, "stage": stage, "path": path})
        total["python_failures"] += [
            {"ttgir_unlocated": line} for line in t["unlocated"]
        ]
    total["seconds"] = round(time.time() - started, 1)
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--regressions", default=REGRESSIONS)
    parser.add_argument(
        "--summary", default=None, help="also write the counts here (JSON)"
    )
    args = parser.parse_args()
    total = run(args.minutes, args.seed, args.regressions)
    text = json.dumps(total, indent=1)
    print(text)
    if args.summary:
        with open(args.summary, "w") as f:
            f.write(text + "\n")
    return 1 if total["crashes"] or total["python_failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
