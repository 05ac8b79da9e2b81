"""Build the PTX of every GPU test case on a CPU machine.

    LL_BUILD_DIR=build/dev python test/gpu/build_ptx.py [out_dir] [--random N]

Writes <out_dir>/<case>.<kernel>.ptx and <out_dir>/manifest.json (default
out_dir: test/gpu/ptx_cache, ignored by git). The GPU machine then needs
only the PTX, the manifest, CuPy and NumPy: `python -m pytest -m gpu
test/gpu`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
if os.environ.get("LL_BUILD_DIR"):
    build = os.path.abspath(os.environ["LL_BUILD_DIR"])
    sys.path.insert(0, os.path.join(build, "python_packages"))
    os.environ.setdefault("LL_TOOLS_DIR", os.path.join(build, "bin"))

import cases as case_lib

LOOP_ROUNDS = 4
MAX_FORCED_SHUFFLES = 256


def build(out_dir, random_count, seed=0, loop_random_every=8):
    from linear_layout import compiler, kernels

    os.makedirs(out_dir, exist_ok=True)
    entries, failures = [], []
    all_cases = (case_lib.corpus_cases() +
                 case_lib.random_cases(random_count, seed) +
                 case_lib.shuffle_cases(max(random_count // 4, 1), seed + 1) +
                 case_lib.register_select_cases(max(random_count // 10, 1),
                                                seed + 2) +
                 case_lib.large_tile_cases() +
                 case_lib.mask_cases())
    t0 = time.time()
    for idx, case in enumerate(all_cases):
        kinds = [("conv", "sm_90")]
        if case["origin"] in ("corpus", "large") or \
                (idx % loop_random_every == 0 and case["origin"] != "mask"):
            kinds.append(("conv_loop", "sm_90"))
        if case["origin"] == "corpus":
            # sm_90a, what Hopper users name for wgmma code, runs too.
            kinds.append(("conv", "sm_90a"))
        for kind, chip in kinds:
            try:
                if kind == "conv":
                    text = kernels.conv(case["src"], case["dst"], case["shape"],
                                        case["dtype"], case["warps"])
                else:
                    text = kernels.conv_loop(case["src"], case["dst"],
                                             case["shape"], case["dtype"],
                                             case["warps"], rounds=LOOP_ROUNDS)
                ptx = compiler.compile(text, chip=chip)
            except Exception as e:  # noqa: BLE001 - recorded in the manifest
                failures.append({"case": case["name"], "kernel": kind,
                                     "chip": chip, "error": str(e)[:2000]})
                continue
            suffix = "" if chip == "sm_90" else f".{chip}"
            fname = f"{case['name']}.{kind}{suffix}.ptx"
            with open(os.path.join(out_dir, fname), "w") as f:
                f.write(ptx)
            entries.append(dict(case, kernel=kind, ptx=fname, chip=chip,
                                threads=32 * case["warps"],
                                rounds=LOOP_ROUNDS if kind == "conv_loop" else 0,
                                dynamic_shared_bytes=ptx.dynamic_shared_bytes))
    gather_entries = build_gather(out_dir, failures)
    manifest = {"entries": entries, "gather_entries": gather_entries,
                "failures": failures, "seconds": round(time.time() - t0, 1)}
    with open(os.path.join(out_dir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    return manifest


def build_gather(out_dir, failures, count=48, seed=11):
    """The ll.gather kernels of random layout pairs (gather_cases.py):
    through shared memory always, and by shuffles where the gather is
    warp-local (and the planner's choice, or small)."""
    import gather_cases
    import linear_layout as ll
    from linear_layout import compiler, kernels

    entries = []
    for case in gather_cases.gather_cases(count, seed, 32):
        dims = {"dim0": case["src_shape"][0], "dim1": case["src_shape"][1]}
        idims = {"dim0": case["index_shape"][0],
                 "dim1": case["index_shape"][1]}
        plan = ll.plan_gather(ll.LinearLayout(dict(case["src"]), dims),
                              ll.LinearLayout(dict(case["index"]), idims),
                              case["axis"], kernels.DTYPES[case["dtype"]][1])
        # Forced shuffles only where the kernel stays small: a gather the
        # planner sends through shared memory can need thousands of
        # shuffles per thread (megabytes of PTX the driver takes minutes to
        # compile); the SIMT interpreter runs those on the CPU.
        kinds = ["shared_memory"]
        if plan.warp_local and (plan.kind == "shuffle" or
                                plan.shuffles <= MAX_FORCED_SHUFFLES):
            kinds.insert(0, "shuffle")
        for kind in kinds:
            try:
                text = kernels.gather(case["src"], case["index"],
                                      case["src_shape"], case["index_shape"],
                                      case["axis"], case["dtype"],
                                      index_dtype=case["index_dtype"],
                                      plan=kind)
                ptx = compiler.compile(text, chip="sm_90")
            except Exception as e:  # noqa: BLE001 - recorded in the manifest
                failures.append({"case": case["name"], "kernel": "gather",
                                 "chip": "sm_90", "error": str(e)[:2000]})
                continue
            fname = f"{case['name']}.gather.{kind}.ptx"
            with open(os.path.join(out_dir, fname), "w") as f:
                f.write(ptx)
            entries.append(dict(case, kernel="gather", plan=kind, ptx=fname,
                                planned=plan.kind,
                                threads=32 * case["warps"],
                                dynamic_shared_bytes=ptx.dynamic_shared_bytes))
    return entries


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir", nargs="?",
                    default=os.path.join(HERE, "ptx_cache"))
    ap.add_argument("--random", type=int, default=240)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    m = build(args.out_dir, args.random, args.seed)
    print(f"{len(m['entries'])} kernels, {len(m['failures'])} failures, "
          f"{m['seconds']} s")
    for f in m["failures"]:
        print("FAIL", f["case"], f["kernel"], f["error"][:300])
