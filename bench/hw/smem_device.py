"""On the GPU machine: run every case of cases.json once (one CTA) and check
the round trip; run under ncu to measure shared-memory wavefronts.

  ncu --metrics <...> --csv --kernel-name roundtrip python3 smem_device.py cases.json
"""
import json
import sys
from pathlib import Path

import smem_kernels as sk
import torch

TORCH = {32: torch.float32, 16: torch.float16}

if __name__ == "__main__":
    ok = {}
    for c in json.loads(Path(sys.argv[1]).read_text()):
        M, N = c["shape"]
        x = torch.arange(M * N, device="cuda", dtype=torch.float32).to(TORCH[c["bits"]])
        y = torch.empty_like(x)
        A, B, S = sk.layouts(c)
        sk.roundtrip[(1,)](x, y, M, N, A, B, S, num_warps=c["warps"])
        torch.cuda.synchronize()
        ok[c["name"]] = bool(torch.equal(x, y))
    print(json.dumps(ok))
