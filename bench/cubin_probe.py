"""Does loading our conv_loop as a ptxas cubin (as Triton loads its kernels)
instead of PTX JIT-compiled by the driver change its time? Interleaved
do_bench of ours from PTX, ours from a `ptxas -arch=sm_90` cubin, and Triton,
for the given cases (GPU machine, bench/ptx carried):

    python3 bench/cubin_probe.py bench/ptx <case> [<case> ...]
"""

import functools
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gpu


def main(ptx_dir, names):
    from triton.testing import do_bench

    cp, torch, tk, TORCH = gpu._device()
    tmp = tempfile.mkdtemp()
    for name in names:
        c, entry, xl, y, lt, A, B = gpu.loop_probe_setup(ptx_dir, name,
                                                         torch, tk, TORCH)
        M, N = c["shape"]
        ptx = os.path.join(ptx_dir, entry["conv_loop"]["ptx"])
        cubin = os.path.join(tmp, name + ".cubin")
        subprocess.run(["ptxas", "-arch=sm_90", "-O3", ptx, "-o", cubin],
                       check=True)
        threads = 32 * c["warps"]
        runs = {
            "ptx": functools.partial(
                gpu._Ours(cp, ptx_dir, entry["conv_loop"], threads), xl, y, lt),
            "cubin": functools.partial(
                gpu._Ours(cp, ptx_dir, entry["conv_loop"], threads,
                          path=cubin), xl, y, lt),
            "triton": functools.partial(tk.conv_loop[(lt,)], xl, y, M, N, A,
                                        B, gpu.ROUNDS, num_warps=c["warps"]),
        }
        for f in runs.values():
            f()
        times = {k: [] for k in runs}
        for _ in range(gpu.LOOP_REPEATS):
            for k, f in runs.items():
                times[k].append(do_bench(f))
        means = {k: gpu.trimmed_mean(v) for k, v in times.items()}
        print(name, {k: round(v * 1000, 3) for k, v in means.items()},
              "ptx/triton", round(means["ptx"] / means["triton"], 3),
              "cubin/triton", round(means["cubin"] / means["triton"], 3),
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
