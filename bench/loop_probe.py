"""One case's `conv_loop`, one launch on the benchmark's grid, for Nsight
Compute (a whole-kernel view where `gpu.py once` profiles one CTA of `conv`):

    ncu --metrics ... python3 bench/loop_probe.py bench/ptx <case> {ll,triton}

Launches our kernel or Triton's on the same tensors and tile count as
`gpu.py run` times them (run on the GPU machine, bench/ptx carried).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gpu


def main(ptx_dir, name, which):
    cp, torch, tk, TORCH = gpu._device()
    manifest = gpu._read_json(os.path.join(ptx_dir, "manifest.json"))
    corpus = {c["name"]: c for c in gpu.cases()}
    entry = next(m for m in manifest["cases"] if m["name"] == name)
    c = corpus[name]
    M, N = c["shape"]
    tiles, x, A, B = gpu.case_tensors(c, torch, tk, TORCH)
    lt = max(132 * 8, tiles // 64)
    xl = x[: lt * M * N]
    y = torch.empty_like(xl)
    if which == "ll":
        gpu._Ours(cp, ptx_dir, entry["conv_loop"], 32 * c["warps"])(xl, y, lt)
    else:
        tk.conv_loop[(lt,)](xl, y, M, N, A, B, gpu.ROUNDS,
                            num_warps=c["warps"])
    torch.cuda.synchronize()


if __name__ == "__main__":
    main(*sys.argv[1:4])
