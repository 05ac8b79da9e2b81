"""How large should a conversion round be? conv_loop times per min-round-bytes.

A conversion that the plan splits into rounds (common register directions,
docs/lowering.md "Rounds") can run in fewer, larger rounds: the same
memory layout and wavefronts, fewer barriers, more shared memory. This
sweeps `convert-ll-to-nvvm{min-round-bytes=N}` over the corpus cases whose
plans have rounds and times each variant's conv_loop beside Triton 3.6's.

  LL_BUILD_DIR=build/x python bench/round_sweep.py build <dir>   # CPU: PTX
  python3 bench/round_sweep.py run <dir> <results_dir>            # GPU

Results: bench/results/h100_round_sweep.{json,md} (written by `report`:
  python bench/round_sweep.py report <results_dir>).
"""

from __future__ import annotations

import functools
import json
import math
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gpu  # the corpus, the Triton reference, the launcher

VARIANTS = [0, 8192, 16384, 32768, 1 << 20]
BITS = {"fp32": 32, "fp16": 16, "bf16": 16, "int8": 8, "fp8e4nv": 8}


def _with_build():
    if os.environ.get("LL_BUILD_DIR"):
        b = os.path.abspath(os.environ["LL_BUILD_DIR"])
        sys.path.insert(0, os.path.join(b, "python_packages"))
        os.environ.setdefault("LL_TOOLS_DIR", os.path.join(b, "bin"))
    import linear_layout as ll

    return ll


def _rounds(ll, c):
    shape = {"dim0": c["shape"][0], "dim1": c["shape"][1]}
    a, b = (ll.LinearLayout({k: c[s][k] for k in ("register", "lane", "warp")},
                            shape) for s in ("A", "B"))
    plans = [ll.plan_conversion(x, y, BITS[c["dtype"]], "sm_90")
             for x, y in ((a, b), (b, a))]
    return max(p.rounds if p.swizzle is not None else 1 for p in plans)


def build(out_dir):
    ll = _with_build()
    from linear_layout import kernels
    from linear_layout.compiler import _STRING, _unescape, lower

    os.makedirs(out_dir, exist_ok=True)
    rows = []
    for c in gpu.cases():
        if c["dtype"] not in ("fp32", "fp16", "bf16", "int8"):
            continue
        rounds = _rounds(ll, c)
        if rounds == 1:
            continue
        text = kernels.conv_loop(c["A"], c["B"], c["shape"], c["dtype"],
                                 c["warps"], rounds=gpu.ROUNDS,
                                 name="ll_conv_loop")
        r = {"name": c["name"], "plan_rounds": rounds, "variants": []}
        for n in VARIANTS:
            llvm = lower(text, "builtin.module(ll-to-ptx{chip=sm_90 "
                               f"min-round-bytes={n} format=none}})")
            dyn = re.findall(r"ll\.dynamic_shared_bytes = (\d+)", llvm)
            out = lower(llvm, "builtin.module(gpu-module-to-binary{format=isa})")
            text_ptx = next(_unescape(m.group(1)) for m in _STRING.finditer(out)
                            if ".entry" in _unescape(m.group(1)))
            # gpu._Ours takes the kernel name from the second-last part.
            fname = f"{c['name']}.r{n}.conv_loop.ptx"
            with open(os.path.join(out_dir, fname), "w") as f:
                f.write(text_ptx)
            r["variants"].append({
                "min_round_bytes": n, "ptx": fname,
                "dynamic_shared_bytes": max(map(int, dyn), default=0),
                "bar_sync": len(re.findall(r"\bbar\.sync", text_ptx)),
                "shared_bytes": int((re.findall(r"__ll_scratch\[(\d+)\]",
                                                text_ptx) or ["0"])[0])})
        rows.append(r)
        print(json.dumps(r))
    with open(os.path.join(out_dir, "sweep.json"), "w") as f:
        json.dump({"rounds": gpu.ROUNDS, "cases": rows}, f, indent=1)


def run(ptx_dir, results_dir):
    cp, torch, tk, TORCH = gpu._device()
    from triton.testing import do_bench

    manifest = gpu._read_json(os.path.join(ptx_dir, "sweep.json"))
    corpus = {c["name"]: c for c in gpu.cases()}
    for m in manifest["cases"]:
        c = corpus[m["name"]]
        M, N = c["shape"]
        dt = TORCH[c["dtype"]]
        el = torch.tensor([], dtype=dt).element_size()
        lt = max(132 * 8, max(1, (256 << 20) // (M * N * el)) // 64)
        base = torch.randint(-8, 8, (lt * M * N,), device="cuda",
                             dtype=torch.int32)
        x = base.to(torch.float32).to(dt) if dt != torch.int8 else \
            base.to(torch.int8)
        want = x.to(torch.int32) + 2 * gpu.ROUNDS
        want = want.to(torch.int8) if dt == torch.int8 else want.to(dt)
        A, B = tk.as_layout(c["A"], c["shape"]), tk.as_layout(c["B"],
                                                             c["shape"])
        triton_run = functools.partial(tk.conv_loop[(lt,)], x,
                                       torch.empty_like(x), M, N, A, B,
                                       gpu.ROUNDS, num_warps=c["warps"])
        kernels = []
        for v in m["variants"]:
            k = gpu._Ours(cp, ptx_dir, v, 32 * c["warps"])
            y = torch.empty_like(x)
            k(x, y, lt)
            torch.cuda.synchronize()
            v["correct"] = bool(torch.equal(y, want))
            kernels.append(functools.partial(k, x, y, lt))
        times = [[] for _ in kernels]
        theirs = []
        for _ in range(gpu.REPEATS):
            theirs.append(do_bench(triton_run))
            for k, t in zip(kernels, times):
                t.append(do_bench(k))
        m["triton_loop_ms"] = statistics.median(theirs)
        for v, t in zip(m["variants"], times):
            v["loop_ms"] = statistics.median(t)
            v["loop_ms_all"] = t
            v["ratio"] = v["loop_ms"] / m["triton_loop_ms"]
        m["loop_tiles"] = lt
        print(json.dumps(m), flush=True)
    os.makedirs(results_dir, exist_ok=True)
    with open(os.path.join(results_dir, "round_sweep.json"), "w") as f:
        json.dump(manifest, f, indent=1)


def report(results_dir, note=""):
    data = gpu._read_json(os.path.join(results_dir, "round_sweep.json"))
    lines = ["# Conversion rounds: conv_loop time per min-round-bytes (H100)",
             "", note, "",
             ("`bench/round_sweep.py`: each corpus case whose plan splits the "
              "conversion into rounds, lowered with "
              "`convert-ll-to-nvvm{min-round-bytes=N}` (the same memory "
              "layout and wavefronts; rounds alternate between two scratch "
              "slots when both fit in 48 KiB). Cells: conv_loop ms, ratio to "
              "Triton 3.6 measured in the same run, `bar.sync` in the PTX, "
              "scratch bytes."), "",
             "| case | plan rounds | Triton ms | " +
             " | ".join(f"N = {v}" for v in VARIANTS) + " |",
             "|---|---|---|" + "---|" * len(VARIANTS)]
    geo = {v: [] for v in VARIANTS}
    for m in data["cases"]:
        cells = []
        for v in m["variants"]:
            geo[v["min_round_bytes"]].append(v["ratio"])
            ok = "" if v["correct"] else " WRONG"
            shared = v["shared_bytes"] or v["dynamic_shared_bytes"]
            cells.append(f"{v['loop_ms']:.4f} ({v['ratio']:.2f}), "
                         f"{v['bar_sync']} bar, {shared} B{ok}")
        lines.append(f"| {m['name']} | {m['plan_rounds']} | "
                     f"{m['triton_loop_ms']:.4f} | " + " | ".join(cells) + " |")
    lines += ["", "Geometric mean of the ratio: " + ", ".join(
        f"N = {v}: {math.exp(sum(map(math.log, r)) / len(r)):.3f}"
        for v, r in geo.items() if r) + ".", ""]
    with open(os.path.join(HERE, "results", "h100_round_sweep.md"), "w") as f:
        f.write("\n".join(lines))
    with open(os.path.join(HERE, "results", "h100_round_sweep.json"), "w") as f:
        json.dump(data, f, indent=1)
    print("\n".join(lines))


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "build":
        build(sys.argv[2])
    elif cmd == "run":
        run(sys.argv[2], sys.argv[3])
    elif cmd == "report":
        report(sys.argv[2], " ".join(sys.argv[3:]))
    else:
        sys.exit(__doc__)
