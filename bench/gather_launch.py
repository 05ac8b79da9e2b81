"""How a one-gather kernel is launched, apart from what it does
(docs/gather.md, "How the benchmark was wrong before" and "The shared-memory
carveout"). On the GPU machine, with bench/ptx_gather carried:

    python3 bench/gather_launch.py launch [case ...]
    python3 bench/gather_launch.py carveout [case ...]

`launch`: our planned kernel and Triton's cubin (compiled with the
launcher's specialization), each launched through CuPy and through a plain
`cuLaunchKernel`, beside Triton's own launcher twice (A/A), as CUDA-graph
replays. `carveout`: both of our paths and Triton's cubin with the
preferred shared-memory carveout left to the driver or set to 0/8/16/25/50/100 %.
Prints per-launch time over Triton's launcher, `X` where a kernel is wrong.
"""

from __future__ import annotations

import ctypes
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PTX = os.path.join(HERE, "ptx_gather")
CARVEOUT_ATTRIBUTE = 9  # CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT
MAX_DYNAMIC_SHARED_ATTRIBUTE = 8


class DriverKernel:
    """A PTX or cubin image loaded and launched with the CUDA driver API
    alone (no CuPy), on torch's current stream."""

    def __init__(self, cuda, torch, image, name, threads, dynamic_shared,
                 carveout=None):
        self.cuda, self.torch = cuda, torch
        self.module, self.fn = ctypes.c_void_p(), ctypes.c_void_p()
        data = image if isinstance(image, bytes) else image.encode() + b"\0"
        self._check(cuda.cuModuleLoadData(ctypes.byref(self.module),
                                          ctypes.create_string_buffer(data)))
        self._check(cuda.cuModuleGetFunction(ctypes.byref(self.fn),
                                             self.module, name.encode()))
        if dynamic_shared > 48 * 1024:
            self._check(cuda.cuFuncSetAttribute(
                self.fn, MAX_DYNAMIC_SHARED_ATTRIBUTE, dynamic_shared))
        if carveout is not None:
            self._check(cuda.cuFuncSetAttribute(self.fn, CARVEOUT_ATTRIBUTE,
                                                carveout))
        self.threads, self.dynamic_shared = threads, dynamic_shared

    @staticmethod
    def _check(result):
        if result != 0:
            raise RuntimeError(f"CUDA driver error {result}")

    def launch(self, tiles, *tensors):
        values = [ctypes.c_uint64(t.data_ptr()) for t in tensors]
        params = (ctypes.c_void_p * len(values))(
            *[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in values])
        stream = ctypes.c_void_p(self.torch.cuda.current_stream().cuda_stream)
        self._check(self.cuda.cuLaunchKernel(
            self.fn, tiles, 1, 1, self.threads, 1, 1, self.dynamic_shared,
            stream, params, None))


def main(mode, names):
    import torch

    sys.path.insert(0, HERE)
    import gather

    torch.zeros(1, device="cuda")  # the primary context, current
    cuda = ctypes.CDLL("libcuda.so.1")
    tk = gather._triton_module()
    with open(os.path.join(PTX, "manifest.json")) as f:
        manifest = {e["name"]: e for e in json.load(f)}
    for name in names or ["g8x128_a0_w4_fp32", "g64x64_a0_w2_fp32",
                          "g16x256_a1_w4_fp16", "g2x128_a0_w4_fp16"]:
        print(name, _time_case(mode, manifest[name], cuda, tk), flush=True)


def _time_case(mode, e, cuda, tk):
    import cupy as cp
    import gather
    import torch
    from gpu import RawKernel, graph_times

    name = e["name"]
    w = e["warps"]
    tiles = gather.once_tiles(e)
    sets, wants = gather.buffer_sets(torch, e, tiles, 4)
    ck = gather._triton_compile(tk, e)
    zero = torch.zeros(1, device="cuda", dtype=torch.int32)
    launchers = {}

    def add(key, kernel, *extra):
        launchers[key] = (lambda xi, ii, yi, k=kernel:
                          k.launch(tiles, xi, ii, yi, *extra))

    def ours(kind, carveout=None):
        fname = e["kernels"][f"{kind}/once"]
        with open(os.path.join(PTX, fname)) as f:
            return DriverKernel(cuda, torch, f.read(), "ll_gather",
                                32 * w, e["dynamic_shared_bytes"][fname],
                                carveout)

    def theirs(carveout=None):
        return DriverKernel(cuda, torch, ck.asm["cubin"], ck.name, 32 * w,
                            ck.metadata.shared, carveout)

    if mode == "launch":
        planned = gather._planned(e, "once")
        fname = e["kernels"][f"{planned}/once"]
        add("ours_cupy", RawKernel(cp, os.path.join(PTX, fname),
                                   "ll_gather", 32 * w,
                                   e["dynamic_shared_bytes"][fname]))
        add("ours_driver", ours(planned))
        cubin = os.path.join(PTX, f"{name}.triton.cubin")
        with open(cubin, "wb") as f:
            f.write(ck.asm["cubin"])
        add("triton_cubin_cupy", RawKernel(cp, cubin, ck.name, 32 * w,
                                           ck.metadata.shared),
            zero, zero)
        add("triton_cubin_driver", theirs(), zero, zero)
    else:
        for kind in ("shuffle", "shared_memory", "folded"):
            if f"{kind}/once" in e["kernels"]:
                for c in (None, 0, 8, 16, 25, 50, 100):
                    add(f"{kind}_carveout_{c}", ours(kind, c))
        for c in (None, 8, 100):
            add(f"triton_cubin_carveout_{c}", theirs(c), zero, zero)

    def triton_launcher(xi, ii, yi):
        gather.launch_triton(tk, e, tiles, xi, ii, yi)
    launchers["triton"] = launchers["triton_again"] = triton_launcher
    flat = [((x, i), y) for x, i, y in sets]
    correct = {}

    def check(k):
        correct[k] = all(torch.equal(y, want)
                         for (_, y), want in zip(flat, wants))
    times = graph_times(torch, {k: (lambda xy, y, f=f: f(xy[0], xy[1], y))
                                for k, f in launchers.items()},
                        flat, check, 64, 21)
    base = statistics.median(times["triton"])
    return " ".join(
        f"{k}={statistics.median(v) / base:.3f}{'' if correct[k] else 'X'}"
        for k, v in times.items())


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in ("launch", "carveout"):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2:])
