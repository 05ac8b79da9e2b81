"""How precise is a conv_loop ratio? Graph-replay timing with an A/A control.

For the given cases, times with gpu.graph_times (CUDA-graph replays of
back-to-back launches rotating over buffer sets twice the L2's size):
Triton 3.6's conv_loop twice (an A/A control: the same kernel through two
graphs), ours, and ours as built into other directories (other versions,
or PTX edited by hand: the files named as in bench/ptx). Prints the median
per-launch time per variant and its ratio to the first Triton graph; with
PROBE=sass also writes the SASS of the first case, ours (ptxas -O3) and
Triton's (GPU machine, bench/ptx and the other directories carried):

    python3 bench/variant_probe.py bench/ptx <out_dir> [NAME=DIR ...] <case>...

Session 13's probes (bench/results/h100.md) were runs of this.
"""

import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gpu


def main(ptx_dir, out_dir, args):
    # NAME=DIR: ours as built into another directory (another version).
    alts = dict(a.split("=", 1) for a in args if "=" in a)
    names = [a for a in args if "=" not in a]
    cp, torch, tk, TORCH = gpu._device()
    os.makedirs(out_dir, exist_ok=True)
    manifest = gpu._read_json(os.path.join(ptx_dir, "manifest.json"))
    corpus = {c["name"]: c for c in gpu.cases()}
    results = []
    for name in names:
        c = corpus[name]
        entry = next(m for m in manifest["cases"] if m["name"] == name)
        M, N = c["shape"]
        _, x, A, B = gpu.case_tensors(c, torch, tk, TORCH)
        ptx_path = os.path.join(ptx_dir, entry["conv_loop"]["ptx"])
        paths = {"ours": ptx_path}
        for v, d in alts.items():
            paths[v] = os.path.join(d, entry["conv_loop"]["ptx"])
        ours = {v: gpu._Ours(cp, ptx_dir, entry["conv_loop"], 32 * c["warps"],
                             path=p) for v, p in paths.items()}
        times, correct, lt, n_sets = gpu.time_loop(torch, tk, c, x, A, B,
                                                   ours)
        assert all(correct.values()), (name, correct)
        med = {k: statistics.median(v) for k, v in times.items()}
        row = {"name": name, "sets": n_sets, "ms": med, "all_ms": times,
               "ratio_to_triton": {k: v / med["triton"]
                                   for k, v in med.items()}}
        results.append(row)
        spread = {k: round((max(v) - min(v)) / med[k], 4)
                  for k, v in times.items()}
        print(name, n_sets, "sets",
              {k: round(v, 4) for k, v in row["ratio_to_triton"].items()},
              {k: round(v * 1000, 3) for k, v in med.items()}, "spread",
              spread, flush=True)
        if name == names[0] and "sass" in os.environ.get("PROBE", ""):
            kernel = tk.conv_loop[(lt,)](x[:lt * M * N],
                                         torch.empty(lt * M * N, dtype=x.dtype,
                                                     device=x.device), M, N,
                                         A, B, gpu.ROUNDS,
                                         num_warps=c["warps"])
            cubin = "/tmp/triton.cubin"
            with open(cubin, "wb") as f:
                f.write(kernel.asm["cubin"])
            subprocess.run(["ptxas", "-arch=sm_90", "-O3", ptx_path, "-o",
                            "/tmp/ours.cubin"], check=True)
            for who, path in (("triton", cubin), ("ours", "/tmp/ours.cubin")):
                with open(os.path.join(out_dir, f"{name}.{who}.sass"),
                          "w") as f:
                    subprocess.run(["cuobjdump", "-sass", path], stdout=f,
                                   check=False)
    with open(os.path.join(out_dir, "variant_probe.json"), "w") as f:
        json.dump(results, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
