"""Tables of a `bench/run_gpu.sh` run: bench/results/h100.{md,json}, or
bench/results/h100_real.{md,json} for the real-kernel corpus and
bench/results/h100_random.{md,json} for the random conversions
(bench/random_corpus.json) and bench/results/h100_heldout.{md,json} for
(the machine's name in place of `h100`: `h200` on an H200)
the held-out ones (bench/heldout_corpus.json).

    LL_BUILD_DIR=build/x python bench/gpu_report.py <dir with gpu_bench.json,
        ncu_ll.csv, ncu_triton.csv> [machine note]

Adds the planner's sm_90 plans (the lowering emits what they choose,
ldmatrix/stmatrix included) and their predicted wavefronts next to the
measured ones.
"""

from __future__ import annotations

import csv
import json
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if os.environ.get("LL_BUILD_DIR"):
    sys.path.insert(0, os.path.join(os.path.abspath(os.environ["LL_BUILD_DIR"]),
                                    "python_packages"))

M_LD = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
M_ST = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
C_LD = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
C_ST = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"


def _read_json(path):
    with open(path) as f:
        return json.load(f)


def _write(path, text):
    with open(path, "w") as f:
        f.write(text)


def read_ncu(path, kernel):
    with open(path) as f:
        rows = [r for r in csv.reader(f) if len(r) > 5]
    idx = {h: i for i, h in enumerate(rows[0])}
    out = {}
    for r in rows[1:]:
        if r[idx["Kernel Name"]] != kernel:
            continue
        v = r[idx["Metric Value"]].replace(",", "")
        out.setdefault(r[idx["ID"]], {})[r[idx["Metric Name"]]] = \
            int(float(v)) if v not in ("n/a", "") else None
    return list(out.values())


def fewest_wavefronts(launches, cases):
    """Per case, the profiled launch with the fewest shared-memory
    wavefronts (`bench/gpu.py once` launches each kernel the same number of
    times, one after another), and the most any of them counted. A launch
    can count one or two wavefronts (and as many bank conflicts) more than
    the same kernel's other launches: the spread is not the layout's
    (docs/planning.md §3, "Counted more")."""
    if not launches or len(launches) % cases:
        raise ValueError(f"{len(launches)} profiled launches for {cases} "
                         "cases")
    per = len(launches) // cases
    out = []
    for i in range(cases):
        group = launches[i * per:(i + 1) * per]
        out.append((min(group, key=wavefronts), max(map(wavefronts, group))))
    return out


def wavefronts(launch):
    """A profiled launch's st + ld shared-memory wavefronts."""
    return (launch[M_ST] or 0) + (launch[M_LD] or 0)


# Shared-memory throughput of the machines measured: SMs, and the SM clock
# (MHz) that nvidia-smi reports as the maximum. One SM serves one
# shared-memory wavefront per clock, so a conv_loop cannot run faster than
# wavefronts x round trips x tiles / SMs / clock: the floor column.
SMEM_MACHINES = {"NVIDIA H100 80GB HBM3": (132, 1980),
                 "NVIDIA H200": (132, 1980)}


def smem_floor_ms(machine, wavefronts, round_trips, tiles):
    if machine not in SMEM_MACHINES or wavefronts is None:
        return None
    sms, mhz = SMEM_MACHINES[machine]
    return wavefronts * round_trips * (tiles / sms) / (mhz * 1e3)


def _planned(text):
    """A benchmark kernel's module as compiled up to its plans: after
    ll-optimize-register-order (which may reorder registers per lane and
    so change the plans), planned for sm_90."""
    from linear_layout import compiler

    return compiler.lower(
        text, "builtin.module(gpu.module(ll-optimize-register-order"
              "{target=sm_90},ll-plan-conversions{target=sm_90}))")


def kernel_plan(c):
    """The plan of the `conv` kernel's conversion as compiled: after
    ll-optimize-register-order (which may reorder registers per lane and
    so change the plan), planned for sm_90. Returns (kind, predicted
    (store, load) wavefronts)."""
    from linear_layout import kernels

    planned = _planned(
        kernels.conv(c["A"], c["B"], c["shape"], c["dtype"], c["warps"]))
    found = re.search(r"ll\.plan = #ll\.plan<([^>]*)>", planned)
    if not found:  # the conversion folded away
        return "noop", (0, 0)
    fields = dict(re.findall(r"(\w+) = \"?([\w.]+)\"?", found.group(1)))
    kind = fields["kind"]
    if kind != "shared_memory":
        return kind, (0, 0)
    name = (f"{kind} ({fields['store_instruction']} + "
            f"{fields['load_instruction']})")
    return name, (int(fields["store_wavefronts"]),
                  int(fields["load_wavefronts"]))


def loop_plan(c):
    """The compiled `conv_loop`'s conversions (after
    ll-optimize-register-order), planned for sm_90: whether one moves the
    tile by warp shuffles (its shared-memory floor then does not apply),
    and the planned st+ld wavefronts of one round trip, A -> B and B -> A
    (their results feed arithmetic, so no owner loads: docs/planning.md,
    "Loads for a broadcast store"). (False, None) without a loop kernel."""
    from linear_layout import kernels

    if c["dtype"] not in ("fp32", "fp16", "bf16", "int8"):
        return False, None
    planned = _planned(kernels.conv_loop(c["A"], c["B"], c["shape"],
                                         c["dtype"], c["warps"]))
    wavefronts = sum(int(n) for n in re.findall(
        r"(?:store|load)_wavefronts = (\d+)", planned))
    return "kind = shuffle" in planned, wavefronts


def epilogue_table(rows, out):
    """The epilogue section: each accumulator -> blocked conversion timed
    with its tile made in registers (bench/gpu.py time_epilogue), over the
    floor of the same kernel without the conversion."""
    if not rows:
        return []
    lines = [
        "## Epilogues: the conversion under its store stream", "",
        ("Each accumulator -> blocked case again as a matmul's epilogue "
         "meets it: the tile is made in registers in layout A (element i "
         "of the row-major tile is i: `ll.tile_index` in "
         "`kernels.epilogue`, aranges in Triton's `epilogue`), converted "
         "to B and stored, so the kernel's memory traffic is its stores. "
         "The floor is Triton's same kernel with A = B, which converts "
         "nothing. Timed as `conv`; A/A: Triton's kernel against "
         "itself."), "",
        ("| case | bit-exact | ms: ours / Triton / floor | ours / floor | "
         "Triton / floor | ours / Triton | A/A |"),
        "|---|---|---|---|---|---|---|"]
    for r in rows:
        ours, theirs, floor = (r["ll_epilogue_ms"], r["triton_epilogue_ms"],
                               r["epilogue_floor_ms"])
        lines.append(
            f"| {r['name']} | {'yes' if r['epilogue_correct'] else 'NO'} | "
            f"{ours:.4f} / {theirs:.4f} / {floor:.4f} | {ours / floor:.3f} | "
            f"{theirs / floor:.3f} | {ours / theirs:.3f} | "
            f"{r['aa_epilogue_ratio']:.3f} |")
    lines += ["", (f"Geometric mean over the {len(rows)} epilogues of the "
                   f"time over the floor: ours "
                   f"{out['epilogue_over_floor_geomean']:.3f}, Triton "
                   f"{out['triton_epilogue_over_floor_geomean']:.3f}."), ""]
    return lines


def main(src, note=""):
    bench = _read_json(os.path.join(src, "gpu_bench.json"))
    corpus_name = bench.get("corpus", "public")
    # The corpora with a file and tables of their own, and their titles;
    # any other is the public corpus with the extra cases.
    titles = {"real": ": the real-kernel corpus",
              "random": ": random conversions nobody tuned for",
              "random2": ": a second draw of random conversions (seeds 40 "
                         "and 41), drawn on 2026-12-02",
              "heldout": ": held-out conversions of Triton's encodings, "
                         "drawn after the code was written",
              "heldout2": ": a second held-out draw of Triton's encodings "
                          "(another seed), drawn on 2026-11-28 after the "
                          "code of the first",
              "heldout3": ": a third held-out draw of Triton's encodings "
                          "(another seed), drawn on 2026-11-29 after the "
                          "code of the second",
              "heldout4": ": a fourth held-out draw of Triton's encodings "
                          "(another seed), drawn on 2026-11-29 after the "
                          "code of the third's fixes",
              "heldout5": ": a fifth held-out draw of Triton's encodings "
                          "(another seed), drawn on 2026-11-29 after the "
                          "code of the fourth's fixes",
              "heldout6": ": a sixth held-out draw of Triton's encodings "
                          "(another seed), drawn on 2026-11-30 after the "
                          "code of the fifth's fixes",
              "heldout7": ": a seventh held-out draw of Triton's encodings "
                          "(another seed), drawn on 2026-11-30 after the "
                          "code of the sixth's fixes",
              "heldout8": ": an eighth held-out draw of Triton's encodings "
                          "(another seed), drawn on 2026-11-30 after the "
                          "code of the seventh's measurements",
              "heldout9": ": a ninth held-out draw of Triton's encodings "
                          "(another seed), drawn on 2026-11-30 after the "
                          "code of the eighth's measurements",
              "heldout10": ": a tenth held-out draw of Triton's encodings "
                           "(another seed), drawn on 2026-11-30 after the "
                           "code of the ninth's measurements",
              "heldout11": ": an eleventh held-out draw of Triton's "
                           "encodings (another seed), drawn on 2026-11-30 "
                           "after the tenth's fix",
              "heldout12": ": a twelfth held-out draw of Triton's "
                           "encodings (another seed), drawn on 2026-11-30 "
                           "after the register bound's new terms",
              "heldout13": ": a thirteenth held-out draw of Triton's "
                           "encodings (another seed), drawn on 2026-12-01 "
                           "after the gather register rules",
              "heldout14": ": a fourteenth held-out draw of Triton's "
                           "encodings (another seed), drawn on 2026-12-01 "
                           "after the mask rules and the AMD address "
                           "changes",
              "heldout15": ": a fifteenth held-out draw of Triton's "
                           "encodings (another seed), drawn on 2026-12-01 "
                           "after the gather register and liveness rules",
              "heldout16": ": a sixteenth held-out draw of Triton's "
                           "encodings (another seed), drawn on 2026-12-02 "
                           "after the byte-pair stores",
              "real2": ": conversions of kernels written in the style of "
                       "library code (attention backward, fp8 attention, "
                       "persistent and grouped GEMMs, SwiGLU, chunked scans, "
                       "top-k routing), harvested from "
                       "Triton 3.6's TTGIR on 2026-12-02 and not tuned on",
              "masks": ": the conversions of masks (i1) that Triton 3.6 "
                       "emits in small kernels (bench/mask_corpus.py), "
                       "moved as bytes; conv only (a mask has no + 1)",
              "heldout_masks": ": held-out blocked conversions of masks "
                               "(bool), drawn on 2026-12-01 after the mask "
                               "rules; conv only"}
    if corpus_name in titles:
        in_corpus = _read_json(os.path.join(HERE, f"{corpus_name}_corpus.json"))
        corpus = in_corpus
    else:
        in_corpus = _read_json(os.path.join(HERE, "corpus.json"))
        corpus = in_corpus + _read_json(os.path.join(HERE, "extra_cases.json"))
    corpus_names = {c["name"] for c in in_corpus}
    gpu = re.search(r"\b([A-Z]\d{3})\b", bench["machine"])
    prefix = gpu.group(1).lower() if gpu else "gpu"
    stem = f"{prefix}_{corpus_name}" if corpus_name in titles else prefix
    title = titles.get(corpus_name, "")
    ours = read_ncu(os.path.join(src, "ncu_ll.csv"), "ll_conv")
    theirs = read_ncu(os.path.join(src, "ncu_triton.csv"), "conv")
    ours = fewest_wavefronts(ours, len(corpus))
    theirs = fewest_wavefronts(theirs, len(corpus))
    rows = []
    for c, b, (o, o_most), (t, t_most) in zip(corpus, bench["cases"], ours,
                                              theirs):
        assert c["name"] == b["name"]
        kind, pred = kernel_plan(c)
        shuffles, round_trip = loop_plan(c)
        floor = smem_floor_ms(bench["machine"], round_trip, bench["rounds"],
                              b.get("loop_tiles", 0))
        rows.append({
            "name": c["name"], "in_corpus": c["name"] in corpus_names,
            "plan": kind,
            # conv always; conv_loop where it ran (no fp8 arithmetic).
            "correct": bool(b.get("ll_correct")) and b.get("ll_loop_correct",
                                                            True),
            "ll_conv_ms": b["ll_conv_ms"], "triton_conv_ms": b["triton_conv_ms"],
            "copy_ms": b["copy_ms"], "conv_ratio": b["conv_ratio"],
            "ll_loop_ms": b.get("ll_loop_ms"), "triton_loop_ms": b.get("triton_loop_ms"),
            "loop_ratio": b.get("loop_ratio"),
            "aa_conv_ratio": b.get("aa_conv_ratio"),
            "aa_loop_ratio": b.get("aa_loop_ratio"),
            "loop_smem_floor_ms": floor if b.get("loop_ratio") and
            not shuffles else None,
            "predicted_wf_st": pred[0], "predicted_wf_ld": pred[1],
            "ll_wf_st": o[M_ST], "ll_wf_ld": o[M_LD],
            "ll_conflicts": (o[C_ST] or 0) + (o[C_LD] or 0),
            "ll_wf_fewest": wavefronts(o), "ll_wf_most": o_most,
            "triton_wf_st": t[M_ST], "triton_wf_ld": t[M_LD],
            "triton_conflicts": (t[C_ST] or 0) + (t[C_LD] or 0),
            "triton_wf_fewest": wavefronts(t), "triton_wf_most": t_most})
        if "ll_epilogue_ms" in b:
            rows[-1].update({k: b[k] for k in (
                "ll_epilogue_ms", "triton_epilogue_ms", "epilogue_floor_ms",
                "aa_epilogue_ratio")})
            rows[-1]["epilogue_correct"] = bool(
                b["ll_epilogue_correct"] and b["triton_epilogue_correct"]
                and b["floor_epilogue_correct"])
    def geomean(values):
        values = [v for v in values if v]
        # None where no case has the kernel (the mask corpus has no loops).
        return math.exp(sum(map(math.log, values)) / len(values)) \
            if values else None

    def fmt(value):
        return f"{value:.3f}" if value is not None else "-"

    corpus_rows = [r for r in rows if r["in_corpus"]]
    geo = geomean(r["loop_ratio"] for r in corpus_rows)
    conv_geo = geomean(r["conv_ratio"] for r in corpus_rows)
    geo_all = geomean(r["loop_ratio"] for r in rows)
    conv_geo_all = geomean(r["conv_ratio"] for r in rows)
    copy_geo = geomean(r["ll_conv_ms"] / r["copy_ms"] for r in corpus_rows)
    copy_geo_t = geomean(r["triton_conv_ms"] / r["copy_ms"]
                         for r in corpus_rows)
    out = {"machine": bench["machine"], "triton": bench["triton"],
           "torch": bench["torch"], "note": note, "rounds": bench["rounds"],
           "loop_ratio_geomean": geo, "conv_ratio_geomean": conv_geo,
           "loop_ratio_geomean_all": geo_all,
           "conv_ratio_geomean_all": conv_geo_all,
           "conv_over_copy_geomean": copy_geo,
           "triton_conv_over_copy_geomean": copy_geo_t, "cases": rows}
    epilogues = [r for r in rows if "ll_epilogue_ms" in r]
    if epilogues:
        out["epilogue_over_floor_geomean"] = geomean(
            r["ll_epilogue_ms"] / r["epilogue_floor_ms"] for r in epilogues)
        out["triton_epilogue_over_floor_geomean"] = geomean(
            r["triton_epilogue_ms"] / r["epilogue_floor_ms"]
            for r in epilogues)
    _write(os.path.join(HERE, "results", stem + ".json"),
           json.dumps(out, indent=1))
    lines = [
        "# This project's NVVM lowering vs Triton 3.6 on an "
        + (gpu.group(1) if gpu else bench["machine"]) + title,
        "",
        (f"Machine: {bench['machine']}; Triton {bench['triton']}, PyTorch "
        f"{bench['torch']}. {note}"),
        ("Produced by `bench/run_gpu.sh` (both implementations on the same "
        "tensors in the same process; ncu: one CTA of `conv`) and "
        "`bench/gpu_report.py`. Ratios are ours / Triton's (< 1: ours "
        "faster). `conv_loop` = "
        f"{bench['rounds']} round trips A->B->A with +1 after each conversion."
        + (f" Each time is, per kernel, the {bench['conv_statistic']} "
           f"(conv) and the {bench['loop_statistic']} "
           "(conv_loop). A/A: Triton's kernel timed against itself the "
           "same way in the same run, the precision of the ratio beside it."
           if "loop_statistic" in bench else "")),
        "",
        ("| case | plan | bit-exact | conv ms (ours / Triton) | ratio | A/A | "
        "conv_loop ms (ours / Triton) | ratio | A/A | conv_loop shared-memory floor "
        "ms | st+ld wavefronts: predicted "
        "/ ours / Triton | bank conflicts (ours / Triton) |"),
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        conv_aa = (f"{r['aa_conv_ratio']:.3f}" if r.get("aa_conv_ratio")
                   else "-")
        aa = r.get("aa_loop_ratio")
        loop = (f"{r['ll_loop_ms']:.4f} / {r['triton_loop_ms']:.4f} | "
                f"{r['loop_ratio']:.3f} | "
                + (f"{aa:.3f}" if aa else "-")) if r["loop_ratio"] \
            else "- | - | -"
        floor = r["loop_smem_floor_ms"]
        loop += f" | {floor:.4f}" if floor else " | -"
        lines.append(
            f"| {r['name']} | {r['plan']} | {'yes' if r['correct'] else 'NO'} | "
            f"{r['ll_conv_ms']:.4f} / {r['triton_conv_ms']:.4f} | "
            f"{r['conv_ratio']:.3f} | {conv_aa} | {loop} | "
            f"{r['predicted_wf_st']}+{r['predicted_wf_ld']} / "
            f"{r['ll_wf_st']}+{r['ll_wf_ld']} / "
            f"{r['triton_wf_st']}+{r['triton_wf_ld']} | "
            f"{r['ll_conflicts']} / {r['triton_conflicts']} |")
    extra = len(rows) - len(corpus_rows)
    summary = (f"Geometric mean over the {len(corpus_rows)} corpus cases "
               f"of the conv_loop ratio: {fmt(geo)}; of the conv ratio: "
               f"{fmt(conv_geo)}.")
    if extra:
        summary += (f" With the {extra} cases of `bench/extra_cases.json`: "
                    f"{fmt(geo_all)} and {fmt(conv_geo_all)}.")
    summary += (f" conv time over a plain copy of the same bytes (the "
                f"floor of conv), geometric mean: ours {copy_geo:.3f}, "
                f"Triton {copy_geo_t:.3f}.")
    lines += ["", summary, ""]
    spread = [f"{r['name']} ({who} {r[side + '_wf_fewest']}-"
              f"{r[side + '_wf_most']})"
              for side, who in (("ll", "ours"), ("triton", "Triton"))
              for r in rows
              if r[side + "_wf_most"] != r[side + "_wf_fewest"]]
    lines += [("Wavefronts and bank conflicts are those of the launch with "
               "the fewest wavefronts of the kernel's profiled launches ("
               "`LL_BENCH_NCU_REPEATS`, one CTA each; "
               "docs/planning.md §3, \"Counted more\"). Where launches of the same "
               "kernel counted differently, st+ld totals: "
               + ("; ".join(spread) if spread else "none") + "."), ""]
    if bench["machine"] in SMEM_MACHINES:
        sms, mhz = SMEM_MACHINES[bench["machine"]]
        lines += [("The shared-memory floor of a conv_loop is the planned "
                   "st+ld wavefronts of its two conversions (A -> B and "
                   f"B -> A, as compiled) x {bench['rounds']} round trips x "
                   f"tiles / {sms} SMs, "
                   f"at one wavefront per SM per clock at {mhz} MHz (the "
                   "maximum SM clock): no kernel that moves the tile "
                   "through shared memory with those wavefronts can be "
                   "faster. A kernel below it moves fewer: where B repeats "
                   "over warps and only the owner warps store B -> A, LLVM "
                   "drops the other warps' loads of A -> B."), ""]
    lines += epilogue_table(epilogues, out)
    _write(os.path.join(HERE, "results", stem + ".md"), "\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1], " ".join(sys.argv[2:]))
