"""Conversions of tiles larger than a block's shared memory, run in rounds
over warp directions (docs/planning.md, "Rounds over warps"), on the H100.

    LL_BUILD_DIR=build/dev python bench/large_tiles.py build bench/ptx_large
    python3 bench/large_tiles.py run bench/ptx_large $OUT         # GPU machine
    python bench/large_tiles.py report <run dir> "note"            # here

The cases are test/gpu/cases.py `large_tile_cases`: 256 KiB transposes
whose layouts share no register direction (the H100 gives a block 227
KiB). `run` checks our `conv` kernel bit for bit over 256 MiB of tiles,
times it against a plain copy of the same bytes (CUDA-graph replays, as
bench/gpu.py times `conv`, the copy's replays interleaved), and compiles
and launches Triton 3.6's Gluon kernel of the same conversion
(bench/triton_ref/triton_kernels.py), recording why it cannot run.
`report` writes bench/results/h100_large.{json,md}.
"""

from __future__ import annotations

import datetime
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "test", "gpu"))

import cases  # test/gpu/cases.py: the large tiles and element widths
import gpu  # bench/gpu.py: device helpers and timing
import gpu_report  # bench/gpu_report.py: Nsight Compute CSVs


def _cases():
    return [dict(c, A=c["src"], B=c["dst"]) for c in cases.large_tile_cases()]


def build(out_dir):
    gpu.use_build_dir()
    import linear_layout as ll
    from linear_layout import kernels

    os.makedirs(out_dir, exist_ok=True)
    rows = []
    for c in _cases():
        shape = {"dim0": c["shape"][0], "dim1": c["shape"][1]}
        plan = ll.plan_conversion(ll.LinearLayout(dict(c["A"]), shape),
                                  ll.LinearLayout(dict(c["B"]), shape),
                                  cases.BITS[c["dtype"]], target="sm_90")
        ptx = ll.compile(kernels.conv(c["A"], c["B"], c["shape"], c["dtype"],
                                      c["warps"], name="ll_conv"))
        fname = f"{c['name']}.conv.ptx"
        gpu._write(os.path.join(out_dir, fname), str(ptx))
        rows.append({"name": c["name"], "dtype": c["dtype"],
                     "shape": c["shape"], "warps": c["warps"],
                     "plan": {"rounds": plan.rounds,
                              "shared_bytes": plan.shared_bytes,
                              "thread_round": plan.swizzle.thread_round,
                              "store_wavefronts": plan.store_wavefronts,
                              "load_wavefronts": plan.load_wavefronts},
                     "conv": {"ptx": fname,
                              "dynamic_shared_bytes": ptx.dynamic_shared_bytes}})
    gpu._write(os.path.join(out_dir, "manifest.json"), {"cases": rows})
    print(f"{len(rows)} cases -> {out_dir}")


def run(ptx_dir, results_dir):
    cp, torch, tk, torch_dtypes = gpu._device()
    manifest = gpu._read_json(os.path.join(ptx_dir, "manifest.json"))
    by_name = {c["name"]: c for c in _cases()}
    rows = []
    for m in manifest["cases"]:
        c = by_name[m["name"]]
        M, N = c["shape"]
        tiles, x, A, B = gpu.case_tensors(c, torch, tk, torch_dtypes)
        r = dict(m, tiles=tiles)
        ours = gpu._Ours(cp, ptx_dir, m["conv"], 32 * c["warps"])
        y = torch.empty_like(x)
        ours(x, y, tiles)
        torch.cuda.synchronize()
        r["ll_correct"] = bool(torch.equal(x.view(torch.uint8),
                                           y.view(torch.uint8)))
        try:
            yt = torch.empty_like(x)
            tk.conv[(tiles,)](x, yt, M, N, A, B, num_warps=c["warps"])
            torch.cuda.synchronize()
            r["triton_correct"] = bool(torch.equal(x.view(torch.uint8),
                                                   yt.view(torch.uint8)))
        except Exception as e:  # noqa: BLE001 - what Triton says is the result
            r["triton_error"] = f"{type(e).__name__}: " + \
                (str(e).splitlines() or [""])[0][:300]
        replayed = {}

        def check(name, x=x, y=y, replayed=replayed):
            replayed[name] = bool(torch.equal(x.view(torch.uint8),
                                              y.view(torch.uint8)))

        launchers = {"ours": lambda xi, yi, o=ours, t=tiles: o(xi, yi, t),
                     "copy": lambda xi, yi: yi.copy_(xi)}
        times = gpu.graph_times(torch, launchers, [(x, y)], check,
                                gpu.CONV_LAUNCHES, gpu.CONV_REPLAYS)
        med = {k: statistics.median(v) for k, v in times.items()}
        r["ll_correct"] = r["ll_correct"] and replayed["ours"]
        r["ll_conv_ms"], r["copy_ms"] = med["ours"], med["copy"]
        r["conv_over_copy"] = med["ours"] / med["copy"]
        rows.append(r)
        print(json.dumps(r), flush=True)
    props = cp.cuda.runtime.getDeviceProperties(0)
    import triton

    name = props["name"]
    out = {"machine": name.decode() if isinstance(name, bytes) else str(name),
           "triton": triton.__version__, "torch": torch.__version__,
           "statistic": (f"median per-launch time over {gpu.CONV_REPLAYS} "
                         f"replays of a CUDA graph of {gpu.CONV_LAUNCHES} "
                         "back-to-back launches, ours and the copy's replays "
                         "interleaved"),
           "cases": rows}
    os.makedirs(results_dir, exist_ok=True)
    gpu._write(os.path.join(results_dir, "large_tiles.json"), out)


def once(ptx_dir):
    """One tile of each case, for Nsight Compute's shared-memory counters
    (`ncu --kernel-name ll_conv python3 bench/large_tiles.py once DIR`)."""
    cp, torch, _, torch_dtypes = gpu._device()
    manifest = gpu._read_json(os.path.join(ptx_dir, "manifest.json"))
    for m in manifest["cases"]:
        M, N = m["shape"]
        x = torch.randint(-8, 8, (M * N,), device="cuda", dtype=torch.int32)
        x = x.to(torch.float32).to(torch_dtypes[m["dtype"]])
        y = torch.empty_like(x)
        gpu._Ours(cp, ptx_dir, m["conv"], 32 * m["warps"])(x, y, 1)
        torch.cuda.synchronize()
        print("CASE", m["name"], flush=True)


def report(run_dir, note):
    data = gpu._read_json(os.path.join(run_dir, "large_tiles.json"))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE,
                            capture_output=True, text=True,
                            check=True).stdout.strip()
    data["date"] = datetime.date.today().isoformat()
    data["commit"] = commit
    data["note"] = note
    ncu = os.path.join(run_dir, "ncu_large.csv")
    counters = gpu_report.read_ncu(ncu, "ll_conv") if os.path.exists(ncu) else []
    prefix = "l1tex__data_"
    for r, c in zip(data["cases"], counters):
        r["ncu_wf_st"] = c.get(prefix + "pipe_lsu_wavefronts_mem_shared_op_st.sum")
        r["ncu_wf_ld"] = c.get(prefix + "pipe_lsu_wavefronts_mem_shared_op_ld.sum")
        r["ncu_conflicts"] = (
            c.get(prefix + "bank_conflicts_pipe_lsu_mem_shared_op_st.sum", 0)
            + c.get(prefix + "bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", 0))
    results = os.path.join(HERE, "results")
    gpu._write(os.path.join(results, "h100_large.json"), data)
    lines = [
        "# Tiles beyond a block's shared memory: rounds over warps (H100)", "",
        (f"Machine: {data['machine']}; Triton {data['triton']}, PyTorch "
         f"{data['torch']}; {data['date']}, commit {commit}. {note}"), "",
        ("Produced by `bench/large_tiles.py` (cases: test/gpu/cases.py "
         "`large_tile_cases`; docs/planning.md, \"Rounds over warps\"). "
         f"Times: {data['statistic']}, over 256 MiB of tiles. The copy is a "
         "plain device copy of the same bytes (the floor of `conv`)."), "",
        ("| case | plan: rounds, scratch bytes, warp rounds | st+ld wavefronts: "
         "planned / ncu (one tile) | bank conflicts (ncu) | bit-exact | conv ms "
         "| copy ms | conv / copy | Triton 3.6 |"),
        "|---|---|---|---|---|---|---|---|---|"]
    for r in data["cases"]:
        p = r["plan"]
        triton = r.get("triton_error") or (
            "runs" + (", bit-exact" if r.get("triton_correct") else ", WRONG"))
        lines.append(
            f"| {r['name']} | {p['rounds']}, {p['shared_bytes']}, "
            f"{p['thread_round']} | {p['store_wavefronts']}+"
            f"{p['load_wavefronts']} / {_count(r.get('ncu_wf_st'))}+"
            f"{_count(r.get('ncu_wf_ld'))} | {_count(r.get('ncu_conflicts'))} | "
            f"{'yes' if r['ll_correct'] else 'NO'} | "
            f"{r['ll_conv_ms']:.4f} | {r['copy_ms']:.4f} | "
            f"{r['conv_over_copy']:.3f} | {triton} |")
    with open(os.path.join(results, "h100_large.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


def _count(value):
    return "-" if value is None else str(int(value))


if __name__ == "__main__":
    verb = sys.argv[1] if len(sys.argv) > 1 else ""
    if verb == "build" and len(sys.argv) == 3:
        build(sys.argv[2])
    elif verb == "run" and len(sys.argv) == 4:
        run(sys.argv[2], sys.argv[3])
    elif verb == "once" and len(sys.argv) == 3:
        once(sys.argv[2])
    elif verb == "report" and len(sys.argv) == 4:
        report(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
