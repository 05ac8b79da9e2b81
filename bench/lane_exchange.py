"""Lane exchanges between blocked layouts: several builds against each other
and Triton 3.6, on one GPU. The measurement behind ll-optimize-register-
order's footprint rule (docs/register-order.md, "Footprint").

  python bench/lane_exchange.py generate                   # the case file
  LL_BUILD_DIR=build/x python bench/lane_exchange.py build OUT [--no-register-order]
  python3 bench/lane_exchange.py run RESULTS DIR [DIR ...]   # GPU
  python3 bench/lane_exchange.py report RESULTS/lane_exchange.json

A case converts a tile between two blocked layouts of the same warps whose
lanes split a row differently (1, 2 or 4 elements per lane, 4, 8 or 16
lanes along dim 1): every conversion moves data between the lanes of each
warp, the class where the register order decides selects. The case file
(bench/lane_exchange_cases.json) holds 40 of them, fp32 and fp16, 1 to 4
warps, drawn once from all such pairs whose planned code the register
order changes, and `run` adds the public corpus's three one-warp exchanges.
`build` compiles `conv` and `conv_loop` (bench/gpu.py) for each; `run`
times every build's kernels (those with the same PTX once) beside Triton's,
twice (the A/A control), as CUDA-graph replays, and checks them bit for bit.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "test", "gpu"))

import cases as case_lib  # test/gpu/cases.py

CASES = os.path.join(HERE, "lane_exchange_cases.json")
CORPUS_CASES = ["seed_transpose_16x32_f32", "transpose_32x32_fp32_w1",
                "intrawarp_4x8_to_8x4_32x32_fp32_w1"]


def candidates():
    """Every lane exchange of the fp32 and fp16 shapes, as bench cases."""
    return [{"name": c["name"], "family": "lane_exchange",
             "shape": c["shape"], "dtype": c["dtype"], "warps": c["warps"],
             "A": c["src"], "B": c["dst"]}
            for c in case_lib.lane_exchange_cases(["fp32", "fp16"])]


def _compiler():
    from build_env import use_build_dir

    use_build_dir()
    import linear_layout as ll
    from linear_layout import kernels

    return ll, kernels


def generate():
    ll, kernels = _compiler()
    keep = []
    for c in candidates():
        text = kernels.conv(c["A"], c["B"], c["shape"], c["dtype"],
                            c["warps"], name="ll_conv")
        if str(ll.compile(text)) != str(ll.compile(text,
                                                  register_order=False)):
            keep.append(c)
    random.Random(1).shuffle(keep)
    with open(CASES, "w") as f:
        json.dump(keep[:40], f, indent=0)
    print(f"{min(len(keep), 40)} of {len(keep)} cases -> {CASES}")


def cases():
    import gpu

    with open(CASES) as f:
        own = json.load(f)
    return own + [c for c in gpu.cases("public") if c["name"] in CORPUS_CASES]


def build(out, register_order=True):
    import gpu

    ll, kernels = _compiler()
    os.makedirs(out, exist_ok=True)
    rows = []
    for c in cases():
        row = {"name": c["name"]}
        for kind, make in (("conv", kernels.conv),
                           ("conv_loop", kernels.conv_loop)):
            kw = {"rounds": gpu.ROUNDS} if kind == "conv_loop" else {}
            ptx = ll.compile(make(c["A"], c["B"], c["shape"], c["dtype"],
                                  c["warps"], name="ll_" + kind, **kw),
                             register_order=register_order)
            fname = f"{c['name']}.{kind}.ptx"
            with open(os.path.join(out, fname), "w") as f:
                f.write(str(ptx))
            row[kind] = {"ptx": fname,
                         "dynamic_shared_bytes": ptx.dynamic_shared_bytes}
        rows.append(row)
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump({"cases": rows, "register_order": register_order}, f)
    print(f"{len(rows)} cases -> {out}")


def run(results, dirs):
    import gpu

    cp, torch, tk, TORCH = gpu._device()
    names = [os.path.basename(d.rstrip("/")) for d in dirs]
    manifests = []
    for d in dirs:
        with open(os.path.join(d, "manifest.json")) as f:
            manifests.append({m["name"]: m for m in json.load(f)["cases"]})
    out = []
    for c in cases():
        tiles, x, A, B = gpu.case_tensors(c, torch, tk, TORCH)
        threads = 32 * c["warps"]
        row = {"name": c["name"], "dtype": c["dtype"], "warps": c["warps"]}
        for kind in ("conv", "conv_loop"):
            texts, ours, same = {}, {}, {}
            for name, d, m in zip(names, dirs, manifests):
                with open(os.path.join(d, m[c["name"]][kind]["ptx"])) as f:
                    text = f.read()
                first = next((k for k, t in texts.items() if t == text), None)
                texts[name] = text
                if first:
                    same[name] = first
                else:
                    ours[name] = gpu._Ours(cp, d, m[c["name"]][kind], threads)
            if kind == "conv":
                y = torch.empty_like(x)
                correct = {}

                def check(k, y=y, x=x, correct=correct):
                    correct[k] = bool(torch.equal(x.view(torch.uint8),
                                                  y.view(torch.uint8)))

                def triton(xi, yi, c=c, A=A, B=B, tiles=tiles):
                    tk.conv[(tiles,)](xi, yi, *c["shape"], A, B,
                                      num_warps=c["warps"])

                launchers = {k: (lambda xi, yi, o=o, t=tiles: o(xi, yi, t))
                             for k, o in ours.items()}
                launchers.update(triton=triton, triton_again=triton)
                times = gpu.graph_times(torch, launchers, [(x, y)], check, 4,
                                        15)
            else:
                times, correct, _, _ = gpu.time_loop(torch, tk, c, x, A, B,
                                                     ours)
            base = statistics.median(times["triton"])
            ratio = {k: statistics.median(v) / base for k, v in times.items()
                     if k != "triton"}
            for k, first in same.items():
                ratio[k] = ratio[first]
                correct[k] = correct[first]
            row[kind] = {"ratio": ratio, "bit_exact": correct}
        out.append(row)
        print(c["name"], {k: {n: round(v, 3) for n, v in row[k]["ratio"].items()}
                          for k in ("conv", "conv_loop")}, flush=True)
    os.makedirs(results, exist_ok=True)
    with open(os.path.join(results, "lane_exchange.json"), "w") as f:
        json.dump({"device": torch.cuda.get_device_name(0),
                   "triton": __import__("triton").__version__,
                   "builds": names, "cases": out}, f, indent=1)


def report(path):
    with open(path) as f:
        data = json.load(f)
    builds = data["builds"]
    lines = ["| case | " + " | ".join(f"conv {b}" for b in builds) + " | " +
             " | ".join(f"conv_loop {b}" for b in builds) + " | A/A |",
             "|---|" + "---:|" * (2 * len(builds) + 1)]
    for r in data["cases"]:
        cells = [f"{r[k]['ratio'][b]:.3f}"
                 + ("" if r[k]["bit_exact"][b] else " (not exact)")
                 for k in ("conv", "conv_loop") for b in builds]
        lines.append(f"| {r['name']} | " + " | ".join(cells) +
                     f" | {r['conv']['ratio']['triton_again']:.3f} |")
    lines.append("")
    for b in builds:
        for k in ("conv", "conv_loop"):
            vals = [r[k]["ratio"][b] for r in data["cases"]]
            above = [v for v in vals if v > 1.0005]
            geo = statistics.geometric_mean(vals)
            lines.append(f"- {b} `{k}`: geomean {geo:.3f}, {len(above)} of "
                         f"{len(vals)} above 1.000"
                         + (f" (worst {max(above):.3f})" if above else ""))
    print("\n".join(lines))


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "generate":
        generate()
    elif cmd == "build" and len(sys.argv) >= 3:
        build(sys.argv[2], "--no-register-order" not in sys.argv[3:])
    elif cmd == "run" and len(sys.argv) >= 4:
        run(sys.argv[2], sys.argv[3:])
    elif cmd == "report" and len(sys.argv) == 3:
        report(sys.argv[2])
    else:
        sys.exit(__doc__)
