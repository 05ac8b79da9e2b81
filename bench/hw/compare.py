"""Compares ncu's measured wavefronts (ncu.csv from run_device.sh) with the
planner's predictions in cases.json; writes bench/results/hw_wavefronts.md.

  python bench/hw/compare.py path/to/ncu.csv --machine "NVIDIA H200" \
      --date 2026-11-28 --commit abc1234
"""

import argparse
import csv
import json
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent


NOTES = """\
The probes after `heldout_000` and the `broadcast_*` cases store and load
layouts whose lanes read the same or few vectors. A 128-bit load is split
into half-warps, not quarter-warps, when each group of four lanes reads at
most two vectors (docs/planning.md §3, "paired quarter phases"; `unpaired`
is the model without the rule): `pattern_lane0_zero`, `pattern_lane1_zero`
pair and `pattern_lane2_zero` does not (1 and 4 warps), nor do halves of
alike quarters of 4 or 8 vectors (`pattern_lane3_zero`,
`pattern_lanes23_zero`). Stores never pair (every thread stores here: the
unpaired count). The model is an upper bound where it differs: by 1 to 3
wavefronts over a kernel where phases read alike words, and by half on a
load issued alone (`one_quarters_equal_conflicted`, `one_halves_equal_v64`
against their streams `quarters_equal_conflicted`, `halves_equal_v64`).
docs/planning.md, "Broadcast", has the table of all probes."""


def read_metrics(ncu_csv):
    """ncu's CSV (run_device.sh) as one {metric: value} per kernel launch,
    in launch order (the order of cases.json)."""
    rows = [r for r in csv.reader(Path(ncu_csv).read_text().splitlines()) if r]
    header = next(r for r in rows if "Metric Name" in r)
    idx = {k: header.index(k) for k in ("ID", "Metric Name", "Metric Value")}
    metrics = defaultdict(dict)
    for r in rows:
        if r is header or len(r) < len(header) or not r[idx["ID"]].isdigit():
            continue
        value = r[idx["Metric Value"]].replace(",", "")
        metrics[int(r[idx["ID"]])][r[idx["Metric Name"]]] = (
            float(value) if value not in ("n/a", "") else None
        )
    return [metrics[i] for i in sorted(metrics)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ncu_csv")
    ap.add_argument("--machine", required=True)
    ap.add_argument("--date", required=True)
    ap.add_argument("--commit", required=True)
    args = ap.parse_args()
    cases = json.loads((HERE / "cases.json").read_text())
    launches = read_metrics(args.ncu_csv)
    assert len(launches) == len(cases), (len(launches), len(cases))
    lines = [
        "# Bank model vs Nsight Compute",
        "",
        (
            f"Measured on {args.machine}, {args.date}, cases of commit "
            f"{args.commit} (`bench/hw/make_cases.py`, "
            "`bench/hw/run_device.sh`, `bench/hw/compare.py`)."
        ),
        "",
        (
            "Each case stores a tile in layout A through the memory layout "
            "(the planner's, plain ld/st vectors, one round; or a hand-written "
            "swizzle) and loads it in layout B, one CTA, Triton 3.6 Gluon "
            "lowering of local_store/local_load (`bench/hw`). Predicted = "
            "`ll.wavefronts` (Lemma 9.4 model with paired quarter phases, "
            "docs/planning.md §3) for what the kernel runs: Triton's "
            "local_store writes from every thread, copies included; `ours` is "
            "the planner's store, copies predicated off; `unpaired`: the "
            "model before quarter phases were paired. Measured = "
            "`l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{st,ld}`."
        ),
        "",
        (
            "| case | st predicted | st measured | st ours | ld predicted "
            "| ld measured | ld+st instructions measured |"
        ),
        "|---|---|---|---|---|---|---|",
    ]
    agree = 0
    for c, m in zip(cases, launches):
        st = int(m["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"])
        ld = int(m["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"])
        # The measured kernel is Triton's local_store: every thread stores.
        pred_st = c.get("pred_st_all", c["pred_st"])
        same = st == pred_st and ld == c["pred_ld"]
        agree += same
        st_mark = "" if st == pred_st else " **≠**"
        ld_mark = "" if ld == c["pred_ld"] else " **≠**"
        ours_st = str(c["pred_st"])
        unpaired = c.get("pred_ld_unpaired", c["pred_ld"])
        pred_ld = str(c["pred_ld"])
        if unpaired != c["pred_ld"]:
            pred_ld += f" ({unpaired} unpaired)"
        inst = sum(
            int(m.get(k) or 0)
            for k in (
                "smsp__inst_executed_op_shared_ld.sum",
                "smsp__inst_executed_op_shared_st.sum",
                "smsp__inst_executed_op_ldsm.sum",
                "smsp__inst_executed_op_stsm.sum",
            )
        )
        lines.append(
            f"| {c['name']} | {pred_st} | {st}{st_mark} | {ours_st} | "
            f"{pred_ld} | {ld}{ld_mark} | {inst} |"
        )
    lines.insert(6, f"**{agree} of {len(cases)} cases agree exactly.**\n")
    lines += ["", NOTES]
    out = HERE.parent / "results" / "hw_wavefronts.md"
    out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
