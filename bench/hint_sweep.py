"""Do cache qualifiers on the tile's global loads and stores pay? A sweep.

Every kernel of `bench/gpu.py build` moves its tile through global memory
once each way (`ld.global` / `st.global`, the widest vector the layout
allows). PTX lets a load ask L2 to fetch more than the missed sector
(`.L2::128B`, `.L2::256B`) and a store mark its line as streaming (`.cs`).
This times the built kernels with each qualifier spliced into the PTX (the
same text the lowering would emit), side by side with the unmodified kernel
and Triton 3.6, interleaved, on the same tensors as `bench/gpu.py run`.

  python3 bench/hint_sweep.py run <ptx_dir> <results_dir>     # GPU
  python bench/hint_sweep.py report <results_dir>              # table

Results: bench/results/h100_hint_sweep.{json,md}.
"""

from __future__ import annotations

import functools
import json
import math
import os
import re
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gpu  # the corpus, the Triton reference, the launcher

_LD = re.compile(r"\bld\.global\.")
_ST = re.compile(r"\bst\.global\.")

# name -> PTX rewrite; "base" is the kernel as built.
VARIANTS = {
    "base": lambda p: p,
    "ld.L2::128B": lambda p: _LD.sub("ld.global.L2::128B.", p),
    "ld.L2::256B": lambda p: _LD.sub("ld.global.L2::256B.", p),
    "st.cs": lambda p: _ST.sub("st.global.cs.", p),
    "ld.L2::256B+st.cs": lambda p: _ST.sub(
        "st.global.cs.", _LD.sub("ld.global.L2::256B.", p)),
}


def _variant_dir(ptx_dir, manifest):
    """Writes every variant of every kernel; returns {variant: dir}."""
    root = tempfile.mkdtemp(prefix="hint_sweep_")
    dirs = {}
    for v, rewrite in VARIANTS.items():
        d = os.path.join(root, re.sub(r"[^A-Za-z0-9]", "_", v))
        os.makedirs(d)
        for m in manifest["cases"]:
            for kind in ("conv", "conv_loop"):
                name = m[kind]["ptx"]
                with open(os.path.join(ptx_dir, name)) as f:
                    text = f.read()
                gpu._write(os.path.join(d, name), rewrite(text))
        dirs[v] = d
    return dirs


def run(ptx_dir, results_dir):
    cp, torch, tk, TORCH = gpu._device()
    from triton.testing import do_bench

    manifest = gpu._read_json(os.path.join(ptx_dir, "manifest.json"))
    dirs = _variant_dir(ptx_dir, manifest)
    corpus = {c["name"]: c for c in gpu.cases()}
    rows = []
    for m in manifest["cases"]:
        c = corpus[m["name"]]
        M, N = c["shape"]
        dt = TORCH[c["dtype"]]
        tiles, x, A, B = gpu.case_tensors(c, torch, tk, TORCH)
        r = {"name": c["name"], "conv": {}, "conv_loop": {}}
        loop = c["dtype"] in ("fp32", "fp16", "bf16", "int8")
        lt = gpu.loop_tiles(tiles)
        xl = x[: lt * M * N]
        want = xl.to(torch.int32) + 2 * gpu.ROUNDS
        want = want.to(torch.int8) if dt == torch.int8 else want.to(dt)
        kernels = {}
        for v, d in dirs.items():
            conv = gpu._Ours(cp, d, m["conv"], 32 * c["warps"])
            y = torch.empty_like(x)
            conv(x, y, tiles)
            torch.cuda.synchronize()
            ok = bool(torch.equal(x.view(torch.uint8), y.view(torch.uint8)))
            kernels[("conv", v)] = functools.partial(conv, x, y, tiles)
            if loop:
                lk = gpu._Ours(cp, d, m["conv_loop"], 32 * c["warps"])
                yl = torch.empty_like(xl)
                lk(xl, yl, lt)
                torch.cuda.synchronize()
                ok = ok and bool(torch.equal(yl, want))
                kernels[("conv_loop", v)] = functools.partial(lk, xl, yl, lt)
            r.setdefault("bit_exact", {})[v] = ok
        yt, ylt = torch.empty_like(x), torch.empty_like(xl)
        kernels[("conv", "triton")] = functools.partial(
            tk.conv[(tiles,)], x, yt, M, N, A, B, num_warps=c["warps"])
        if loop:
            kernels[("conv_loop", "triton")] = functools.partial(
                tk.conv_loop[(lt,)], xl, ylt, M, N, A, B, gpu.ROUNDS,
                num_warps=c["warps"])
        times = {k: [] for k in kernels}
        for _ in range(gpu.REPEATS):
            for k, fn in kernels.items():
                times[k].append(do_bench(fn))
        for (kind, v), t in times.items():
            r[kind][v] = statistics.median(t)
        rows.append(r)
        print(json.dumps(r), flush=True)
    os.makedirs(results_dir, exist_ok=True)
    gpu._write(os.path.join(results_dir, "hint_sweep.json"),
               {"variants": list(VARIANTS), "repeats": gpu.REPEATS,
                "cases": rows})


def report(results_dir):
    data = gpu._read_json(os.path.join(results_dir, "hint_sweep.json"))
    intro = ("`bench/hint_sweep.py`: each built kernel with the qualifier "
             "spliced into its PTX; time / the unmodified kernel's (medians "
             f"of {data['repeats']} interleaved do_bench runs; < 1: faster). "
             "Last column: the unmodified kernel / Triton 3.6.")
    out = ["# Cache qualifiers on the tile's global accesses (H100)", "",
           intro, ""]
    variants = [v for v in data["variants"] if v != "base"]
    for kind in ("conv", "conv_loop"):
        out += [f"## {kind}", "",
                "| case | " + " | ".join(variants) + " | base / Triton |",
                "|---|" + "---:|" * (len(variants) + 1)]
        logs = {v: [] for v in variants}
        for r in data["cases"]:
            t = r[kind]
            if "base" not in t:
                continue
            cells = []
            for v in variants:
                q = t[v] / t["base"]
                logs[v].append(math.log(q))
                cells.append(f"{q:.3f}" + ("" if r["bit_exact"][v] else " (!)"))
            cells.append(f"{t['base'] / t['triton']:.3f}")
            out.append(f"| {r['name']} | " + " | ".join(cells) + " |")
        out.append("| geometric mean | " + " | ".join(
            f"{math.exp(sum(logs[v]) / len(logs[v])):.3f}" for v in variants)
            + " | |")
        out.append("")
    gpu._write(os.path.join(HERE, "results", "h100_hint_sweep.md"),
               "\n".join(out))
    gpu._write(os.path.join(HERE, "results", "h100_hint_sweep.json"), data)


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "run":
        run(sys.argv[2], sys.argv[3])
    elif cmd == "report":
        report(sys.argv[2])
    else:
        sys.exit(__doc__)
