#!/usr/bin/env python3
"""Per-call cost of the layout algebra from Python, next to Triton 3.6.

For every conversion of the public corpus (bench/corpus.json, or
--corpus), times five operations on the case's layouts A and B:

  from_bases          build A from its bases
  apply               A at one (register, lane, warp) point
  compose             C.compose(B) with C = A.invert_and_compose(B)
  invert_and_compose  A.invert_and_compose(B)   (the conversion B^-1 A)
  pseudoinvert        B.pseudoinvert()

Each figure is the best of several repeats of an auto-sized loop (timeit), in
microseconds per call. If `triton` (3.6, CPU wheel) is importable in the same
interpreter, its `triton._C.libtriton.linear_layout.LinearLayout` is timed on
the same inputs in the same run, and the speed-up is reported.

    python bench/algebra.py --out bench/results/algebra-<machine>

With LL_BUILD_DIR=build/<dir> it uses that developer build instead of the
installed package.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import timeit

if os.environ.get("LL_BUILD_DIR"):
    sys.path.insert(0, os.path.join(os.path.abspath(os.environ["LL_BUILD_DIR"]),
                                    "python_packages"))

import linear_layout as ll

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPUS = os.path.join(HERE, "corpus.json")
OPERATIONS = ["from_bases", "apply", "compose", "invert_and_compose", "pseudoinvert"]
IN_DIMS = ["register", "lane", "warp", "block"]


def best_time_us(fn, repeats: int) -> float:
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=repeats, number=number)) / number * 1e6


def case_bases(layout: dict) -> list[tuple[str, list[list[int]]]]:
    return [(d, [list(b) for b in layout.get(d, [])]) for d in IN_DIMS if d in layout]


def ours(case: dict):
    """Closures timing this project's LinearLayout on one case."""
    out_dims = [(f"dim{i}", s) for i, s in enumerate(case["shape"])]
    a_bases, b_bases = dict(case_bases(case["A"])), dict(case_bases(case["B"]))
    a = ll.LinearLayout(a_bases, out_dims)
    b = ll.LinearLayout(b_bases, out_dims)
    c = a.invert_and_compose(b)
    point = {d: s - 1 for d, s in a.in_dims.items()}
    return {
        "from_bases": lambda: ll.LinearLayout(a_bases, out_dims),
        "apply": lambda: a.apply(point),
        "compose": lambda: c.compose(b),
        "invert_and_compose": lambda: a.invert_and_compose(b),
        "pseudoinvert": lambda: b.pseudoinvert(),
    }, (a, b, c)


def triton_ops(case: dict, tl):
    """The same closures on Triton's LinearLayout (from_bases with sizes)."""
    names = [f"dim{i}" for i in range(len(case["shape"]))]
    sizes = list(case["shape"])
    a_bases, b_bases = case_bases(case["A"]), case_bases(case["B"])
    a = tl.from_bases(a_bases, names, sizes)
    b = tl.from_bases(b_bases, names, sizes)
    c = a.invert_and_compose(b)
    point = {d: (1 << len(bs)) - 1 for d, bs in a_bases}
    return {
        "from_bases": lambda: tl.from_bases(a_bases, names, sizes),
        "apply": lambda: a.apply(point),
        "compose": lambda: c.compose(b),
        "invert_and_compose": lambda: a.invert_and_compose(b),
        "pseudoinvert": lambda: b.pseudoinvert(),
    }, (a, b, c)


def check_agreement(case, our_layouts, triton_layouts) -> None:
    """Both libraries must compute the same conversion before being compared."""
    (_, _, c_ours), (_, _, c_triton) = our_layouts, triton_layouts
    got = {k: [list(v) for v in vs] for k, vs in c_ours.bases.items()}
    want = {k: [list(v) for v in vs] for k, vs in c_triton.bases}
    if got != want:
        raise SystemExit(f"{case['name']}: invert_and_compose differs from Triton:\n"
                         f"  ours   {got}\n  triton {want}")


def machine_description() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def geomean(values) -> float:
    values = list(values)
    return math.exp(sum(math.log(v) for v in values) / len(values))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default=DEFAULT_CORPUS)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", help="write <out>.json and <out>.md")
    parser.add_argument("--machine", help="how to name the machine in the results")
    args = parser.parse_args()

    with open(args.corpus, encoding="utf-8") as f:
        corpus = json.load(f)
    try:
        from triton._C.libtriton import linear_layout as triton_ll
        tl = triton_ll.LinearLayout
        import triton
        triton_version = triton.__version__
    except ImportError:
        tl, triton_version = None, None

    rows = []
    for case in corpus:
        our_fns, our_layouts = ours(case)
        row = {"case": case["name"], "ours_us": {}, "triton_us": {}}
        if tl is not None:
            triton_fns, triton_layouts = triton_ops(case, tl)
            check_agreement(case, our_layouts, triton_layouts)
        for op in OPERATIONS:
            row["ours_us"][op] = best_time_us(our_fns[op], args.repeats)
            if tl is not None:
                row["triton_us"][op] = best_time_us(triton_fns[op], args.repeats)
        rows.append(row)
        print(case["name"], " ".join(
            f"{op}={row['ours_us'][op]:.2f}us" + (
                f"/{row['triton_us'][op]:.2f}us" if tl is not None else "")
            for op in OPERATIONS), flush=True)

    summary = {}
    for op in OPERATIONS:
        entry = {"ours_geomean_us": geomean(r["ours_us"][op] for r in rows)}
        if tl is not None:
            entry["triton_geomean_us"] = geomean(r["triton_us"][op] for r in rows)
            entry["speedup_geomean"] = geomean(
                r["triton_us"][op] / r["ours_us"][op] for r in rows)
            entry["speedup_min"] = min(r["triton_us"][op] / r["ours_us"][op] for r in rows)
        summary[op] = entry

    # What CPython itself costs here: the floor under every call above.
    sample = ll.LinearLayout.identity_1d(4, "register", "dim0")
    two = {"dim0": 0, "dim1": 0}
    floor = {
        "python_call_of_a_property_us": best_time_us(lambda: sample.total_in_bits, args.repeats),
        "two_entry_dict_literal_us": best_time_us(lambda: {"dim0": 0, "dim1": 0}, args.repeats),
        # A C method taking nothing and returning a new two-entry dict.
        "two_entry_dict_copy_us": best_time_us(lambda: two.copy(), args.repeats),
    }
    result = {
        "machine": args.machine or machine_description(),
        "cpython_floor": floor,
        "triton": triton_version,
        "corpus": os.path.basename(args.corpus),
        "cases": rows,
        "summary": summary,
    }
    lines = [f"# Layout algebra from Python: linear-layout vs Triton {triton_version or '(not installed)'}",
             "", f"Machine: {result['machine']}.", "",
             "Microseconds per call, best of "
             f"{args.repeats} timeit repeats, geometric mean over the {len(rows)} corpus cases "
             "(`python bench/algebra.py`).", ""]
    if tl is not None:
        lines += ["| operation | linear-layout µs | Triton 3.6 µs | speed-up (geomean) | speed-up (worst case) |",
                  "|---|---:|---:|---:|---:|"]
        for op, e in summary.items():
            lines.append(f"| `{op}` | {e['ours_geomean_us']:.2f} | {e['triton_geomean_us']:.2f} | "
                         f"{e['speedup_geomean']:.1f}× | {e['speedup_min']:.1f}× |")
    else:
        lines += ["| operation | linear-layout µs |", "|---|---:|"]
        for op, e in summary.items():
            lines.append(f"| `{op}` | {e['ours_geomean_us']:.2f} |")
    lines += ["", "For scale, CPython's own cost on this machine: reading a property of a "
              f"bound object {floor['python_call_of_a_property_us']:.2f} µs, building a two-entry "
              f"dict literal {floor['two_entry_dict_literal_us']:.2f} µs, `dict.copy()` of a "
              f"two-entry dict {floor['two_entry_dict_copy_us']:.2f} µs. `apply` reads a dict and "
              "returns a new one, so it cannot go much below the last.",
              "", "Per case (ours / Triton, µs):", "",
              "| case | " + " | ".join(OPERATIONS) + " |",
              "|---|" + "---:|" * len(OPERATIONS)]
    for r in rows:
        cells = [f"{r['ours_us'][op]:.2f}" + (f" / {r['triton_us'][op]:.2f}" if tl else "")
                 for op in OPERATIONS]
        lines.append(f"| {r['case']} | " + " | ".join(cells) + " |")
    report = "\n".join(lines) + "\n"
    print(report)
    if args.out:
        with open(args.out + ".json", "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
        with open(args.out + ".md", "w", encoding="utf-8") as f:
            f.write(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
