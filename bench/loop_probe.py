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
    c, entry, xl, y, lt, A, B = gpu.loop_probe_setup(ptx_dir, name, torch,
                                                     tk, TORCH)
    M, N = c["shape"]
    if which == "ll":
        gpu._Ours(cp, ptx_dir, entry["conv_loop"], 32 * c["warps"])(xl, y, lt)
    else:
        tk.conv_loop[(lt,)](xl, y, M, N, A, B, gpu.ROUNDS,
                            num_warps=c["warps"])
    torch.cuda.synchronize()


if __name__ == "__main__":
    main(*sys.argv[1:4])
