"""Two builds of the same benchmark kernels against each other and against
Triton 3.6, in one process on the GPU machine: what a change to the planner
or the lowering does to the time, case by case, with Triton's own A/A as the
precision.

    python3 bench/ab.py conv   DIR_A DIR_B [case ...]
    python3 bench/ab.py gather DIR_A DIR_B [case[/kind] ...]

`conv`: DIR_A and DIR_B are `bench/gpu.py build` folders of one corpus
(their manifests name it); `gather`: `bench/gather.py prepare` folders.
Only the cases whose PTX differs between the two are timed (all named
cases, if any are named), and their loop kernels only where those differ
(or the case is named). Each line: the case, then per-launch time over
Triton's for A, B and Triton again (conv: the one-conversion kernel, then
the loop kernel; gather: the one-gather kernel of the planned path, or of
the path `kind` named after the case), `X`
where a kernel is not bit-exact. Times are medians of CUDA-graph replays,
the launchers' replays interleaved (bench/gpu.py, graph_times).
"""

from __future__ import annotations

import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def _manifest(folder):
    with open(os.path.join(folder, "manifest.json")) as f:
        return json.load(f)


def _same(dir_a, dir_b, fname):
    with open(os.path.join(dir_a, fname)) as a, \
            open(os.path.join(dir_b, fname)) as b:
        return a.read() == b.read()


def _ratios(times, correct):
    base = statistics.median(times["triton"])
    return " ".join(
        f"{k}={statistics.median(v) / base:.3f}{'' if correct[k] else 'X'}"
        for k, v in times.items() if k != "triton")


def conv(dir_a, dir_b, names):
    import gpu

    cp, torch, tk, TORCH = gpu._device()
    rows = {m["name"]: m for m in _manifest(dir_a)["cases"]}
    rows_b = {m["name"]: m for m in _manifest(dir_b)["cases"]}
    corpus = {c["name"]: c for c in gpu.cases(_manifest(dir_a)["corpus"])}
    for name, m in rows.items():
        # A mask (dtype bool) has no loop kernel.
        kinds = [k for k in ("conv", "conv_loop") if k in m]
        if names and name not in names:
            continue
        if not names and all(_same(dir_a, dir_b, m[k]["ptx"]) for k in kinds):
            continue
        c = corpus[name]
        M, N = c["shape"]
        tiles, x, A, B = gpu.case_tensors(c, torch, tk, TORCH)
        threads = 32 * c["warps"]
        ours = {"A": gpu._Ours(cp, dir_a, m["conv"], threads),
                "B": gpu._Ours(cp, dir_b, rows_b[name]["conv"], threads)}
        y = torch.empty_like(x)
        correct = {}

        def check(k, y=y, x=x, correct=correct):
            correct[k] = bool(torch.equal(x.view(torch.uint8),
                                          y.view(torch.uint8)))

        def triton(xi, yi, M=M, N=N, A=A, B=B, c=c, tiles=tiles):
            tk.conv[(tiles,)](xi, yi, M, N, A, B, num_warps=c["warps"])

        launchers = {k: (lambda xi, yi, o=o, t=tiles: o(xi, yi, t))
                     for k, o in ours.items()}
        launchers.update(triton=triton, triton_again=triton)
        times = gpu.graph_times(torch, launchers, [(x, y)], check, 4, 15)
        line = f"{name} conv {_ratios(times, correct)}"
        # The loop kernels too, where named or their PTX differs.
        if c["dtype"] in ("fp32", "fp16", "bf16", "int8") and (
                names or not _same(dir_a, dir_b, m["conv_loop"]["ptx"])):
            loops = {"A": gpu._Ours(cp, dir_a, m["conv_loop"], threads),
                     "B": gpu._Ours(cp, dir_b, rows_b[name]["conv_loop"],
                                    threads)}
            times, correct, _, _ = gpu.time_loop(torch, tk, c, x, A, B, loops)
            line += f" | loop {_ratios(times, correct)}"
        print(line, flush=True)


def gather_cases(dir_a, dir_b, names):
    import cupy as cp
    import gather
    import torch
    from gpu import RawKernel, graph_times

    tk = gather._triton_module()
    rows_b = {e["name"]: e for e in _manifest(dir_b)}
    # A name `case/kind` times that path of the case instead of the planned.
    kinds = dict(n.split("/") for n in names if "/" in n)
    names = {n.split("/")[0] for n in names}
    for e in _manifest(dir_a):
        name = e["name"]
        eb = rows_b[name]
        kind_a = kinds.get(name, gather._planned(e, "once"))
        kind_b = kinds.get(name, gather._planned(eb, "once"))
        fa = e["kernels"][f"{kind_a}/once"]
        fb = eb["kernels"][f"{kind_b}/once"]
        if names and name not in names:
            continue
        if not names and fa == fb and _same(dir_a, dir_b, fa):
            continue
        w = e["warps"]
        tiles = gather.once_tiles(e)
        triples, wants = gather.buffer_sets(torch, e, tiles, 4)
        sets = [((x, i), y) for x, i, y in triples]
        launchers = {}
        for key, folder, entry, fname in (("A", dir_a, e, fa),
                                          ("B", dir_b, eb, fb)):
            k = RawKernel(cp, os.path.join(folder, fname), "ll_gather",
                          32 * w, entry["dynamic_shared_bytes"][fname])
            launchers[key] = (lambda xi, yi, k=k, t=tiles:
                              k.launch(t, xi[0], xi[1], yi))

        def triton(xi, yi, e=e, t=tiles):
            gather.launch_triton(tk, e, t, xi[0], xi[1], yi)

        launchers.update(triton=triton, triton_again=triton)
        correct = {}

        def check(k, correct=correct, sets=sets, wants=wants):
            correct[k] = all(torch.equal(y, want)
                             for (_, y), want in zip(sets, wants))
        times = graph_times(torch, launchers, sets, check, 64, 21)
        print(f"{name} once {kind_a}->{kind_b} "
              f"{_ratios(times, correct)}", flush=True)


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] not in ("conv", "gather"):
        sys.exit(__doc__)
    run = conv if sys.argv[1] == "conv" else gather_cases
    run(sys.argv[2], sys.argv[3], set(sys.argv[4:]))
