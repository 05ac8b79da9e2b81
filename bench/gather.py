"""ll.gather against Triton 3.6's tl.gather, side by side on one GPU.

  LL_BUILD_DIR=build/x python bench/gather.py prepare [out_dir] [cases]
  python bench/gather.py draw SEED [COUNT] > cases.json            # CPU
  python3 bench/gather.py run <out_dir> <results_dir>              # GPU
  python3 bench/gather.py once <out_dir> {ll,triton} <case>        # ncu
  python3 bench/gather.py report <results_dir> [commit]            # Markdown

`prepare` compiles Triton's kernel (below) for every case on the CPU
(GPUTarget cuda 90) and reads from its TTGIR the layouts Triton chose: the
coalesced layout it loads and stores in, and the layout of its
`tt.gather`. Our kernels use the same layouts (`linear_layout.kernels
.gather` with `io_layout`: load, convert, gather, convert back, store; and
`gather_loop`: the same loads and stores around 32 rounds of `src + 1`
then an accumulated gather), once as
the planner decides and once forced down each path (shuffles where the
gather is warp-local, shared memory always), as PTX.

`run` checks every kernel bit for bit against NumPy's take_along_axis and
times it beside Triton's as CUDA-graph replays (bench/gpu.py graph_times),
Triton timed twice (the A/A control). Cases are the shapes of the paper's
Figure 6: the gathered axis from 2 to 512 elements in a tile, fp16 and
fp32, 2 to 8 warps; or those of a case file (`prepare`'s second argument),
such as `draw` writes: random shapes, axes, warps and element types, with
an index tile whose extent along the axis may differ from the source's
(`index_shape`), for gathers the table above was not tuned on.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROUNDS = 32

# (rows M, columns N, axis, warps): the gathered axis has M (axis 0) or N
# (axis 1) elements.
SHAPES = [
    (2, 128, 0, 4), (8, 128, 0, 4), (32, 32, 0, 4), (64, 32, 0, 4),
    (128, 32, 0, 4), (256, 32, 0, 4), (512, 32, 0, 4), (128, 64, 0, 8),
    (64, 64, 0, 2), (32, 64, 1, 4), (32, 128, 1, 4), (16, 256, 1, 4),
    (16, 512, 1, 8), (128, 128, 1, 8),
]
DTYPES = ["fp32", "fp16"]


def case_list(path=None):
    """The cases of a case file, or the Figure 6 shapes."""
    if path:
        return _read_json(path)
    return [{"name": f"g{m}x{n}_a{axis}_w{w}_{dt}", "shape": [m, n],
             "axis": axis, "warps": w, "dtype": dt}
            for (m, n, axis, w) in SHAPES for dt in DTYPES]


def draw(seed, count=24):
    """`count` random gather cases: tiles of 2^8 to 2^14 elements, each
    side 2 to 512, the axis 0 or 1, 1 to 8 warps (no more than the tile's
    elements keep busy), fp32, fp16 or int32 data, and for a third of them
    an index tile half or twice the source's extent along the axis."""
    import random

    rng = random.Random(seed)
    cases = []
    while len(cases) < count:
        m, n = 1 << rng.randint(1, 9), 1 << rng.randint(1, 9)
        if not 256 <= m * n <= 1 << 14:
            continue
        axis = rng.randint(0, 1)
        warps = rng.choice([w for w in (1, 2, 4, 8) if m * n >= 64 * w])
        dtype = rng.choice(["fp32", "fp16", "int32"])
        index = [m, n]
        if rng.random() < 1 / 3:
            index[axis] = index[axis] * 2 if rng.random() < 0.5 \
                else max(1, index[axis] // 2)
        if index[0] * index[1] < 32:
            continue
        name = (f"h{len(cases):02d}_g{m}x{n}_a{axis}_w{warps}_{dtype}"
                + (f"_i{index[0]}x{index[1]}" if index != [m, n] else ""))
        cases.append({"name": name, "shape": [m, n], "axis": axis,
                      "warps": warps, "dtype": dtype,
                      "index_shape": index})
    return cases


def index_shape(c):
    """The index (and result) tile's shape: the source's unless the case
    names another."""
    return c.get("index_shape", c["shape"])


def torch_dtype(torch, c):
    return {"fp32": torch.float32, "fp16": torch.float16,
            "int32": torch.int32}[c["dtype"]]


def launch_triton(tk, e, tiles, x, i, y, loop=False):
    """Triton's one-gather (or loop) kernel of case `e` over `tiles` tiles."""
    (m, n), (mi, ni) = e["shape"], index_shape(e)
    if loop:
        return tk.gather_loop[(tiles,)](x, i, y, m, n, mi, ni, e["axis"],
                                        ROUNDS, num_warps=e["warps"])
    return tk.gather[(tiles,)](x, i, y, m, n, mi, ni, e["axis"],
                               num_warps=e["warps"])


TRITON_SOURCE = '''
import triton
import triton.language as tl


@triton.jit
def gather(x, i, y, M: tl.constexpr, N: tl.constexpr, MI: tl.constexpr,
           NI: tl.constexpr, AXIS: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    io = tl.arange(0, MI)[:, None] * NI + tl.arange(0, NI)[None, :]
    src = tl.load(x + pid * M * N + offs)
    idx = tl.load(i + pid * MI * NI + io)
    tl.store(y + pid * MI * NI + io, tl.gather(src, idx, AXIS))


@triton.jit
def gather_loop(x, i, y, M: tl.constexpr, N: tl.constexpr, MI: tl.constexpr,
                NI: tl.constexpr, AXIS: tl.constexpr, ROUNDS: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    io = tl.arange(0, MI)[:, None] * NI + tl.arange(0, NI)[None, :]
    src = tl.load(x + pid * M * N + offs)
    idx = tl.load(i + pid * MI * NI + io)
    acc = tl.zeros([MI, NI], dtype=src.dtype)
    for _ in range(ROUNDS):
        src = src + 1
        acc += tl.gather(src, idx, AXIS)
    tl.store(y + pid * MI * NI + io, acc)
'''


def _read_json(path):
    with open(path) as f:
        return json.load(f)


def _triton_module():
    import importlib.util
    import tempfile

    path = os.path.join(tempfile.mkdtemp(), "ll_bench_gather_triton.py")
    with open(path, "w") as f:
        f.write(TRITON_SOURCE)
    spec = importlib.util.spec_from_file_location("ll_bench_gather_triton",
                                                  path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _triton_layouts(tk, c):
    """Triton's io layouts (source, index) and gather layouts (source,
    index) for case c, as encoding texts."""
    return _layouts_of(_triton_compile(tk, c).asm["ttgir"])


def _triton_compile(tk, c):
    """Triton's one-gather kernel of case c, as its launcher compiles it."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    ty = {"fp32": "*fp32", "fp16": "*fp16", "int32": "*i32"}[c["dtype"]]
    (m, n), (mi, ni) = c["shape"], index_shape(c)
    # The launcher's specialization: torch's buffers are 16-byte aligned, so
    # Triton's JIT compiles with tt.divisibility = 16 on the three pointers,
    # which lets its coalescing pick vector loads and stores. Without it the
    # harvested layouts are those of another kernel than the one timed.
    aligned = {(k,): [["tt.divisibility", 16]] for k in range(3)}
    src = ASTSource(tk.gather, signature={
        "x": ty, "i": "*i32", "y": ty, "M": "constexpr", "N": "constexpr",
        "MI": "constexpr", "NI": "constexpr", "AXIS": "constexpr"},
        constexprs={"M": m, "N": n, "MI": mi, "NI": ni, "AXIS": c["axis"]},
        attrs=aligned)
    return triton.compile(src, target=GPUTarget("cuda", 90, 32),
                          options={"num_warps": c["warps"]})


def _layouts_of(ttgir):
    """(source io, index io, gather source, gather index) encoding texts of
    a gather TTGIR (its first load is the source's, its second the
    index's)."""
    aliases = dict(re.findall(r"^(#\w+) = (#ttg\.\w+<.*>)$", ttgir, re.MULTILINE))
    gather = re.search(r"tt\.gather .*: \(tensor<[^,]+, (#\w+)>, "
                       r"tensor<[^,]+, (#\w+)>\)", ttgir)
    loads = re.findall(r"tt\.load .*: tensor<[^,]+, (#\w+)>", ttgir)
    return (aliases[loads[0]], aliases[loads[1]], aliases[gather.group(1)],
            aliases[gather.group(2)])


def _planned(c, mode):
    """The kind the compiler planned for a case's `mode` kernel (prepare
    records one per mode; results of older runs hold one for both)."""
    return c["planned"][mode] if isinstance(c["planned"], dict) \
        else c["planned"]


def _compiled_kind(text):
    """The kind -ll-plan-conversions gives the kernel's gather, in the
    kernel: what `ll.compile` carries out (the register estimate depends on
    what the kernel does around the gather, docs/gather.md); "folded" where
    ll-fold-gather-conversions left out the conversions around it."""
    from linear_layout import compiler

    planned = compiler.lower(
        text, "builtin.module(gpu.module(ll-optimize-register-order"
              "{target=sm_90},ll-fold-gather-conversions{target=sm_90},"
              "ll-plan-conversions{target=sm_90}))")
    if "ll.convert_layout" in text and "ll.convert_layout" not in planned:
        return "folded"
    return re.search(r"ll\.gather.*?kind = (\w+)", planned).group(1)


def prepare(out_dir, cases=None):
    sys.path.insert(0, HERE)
    from build_env import use_build_dir

    use_build_dir()
    import linear_layout as ll
    from linear_layout import kernels
    from linear_layout.ttgir import layout_from_ttg

    os.makedirs(out_dir, exist_ok=True)
    tk = _triton_module()
    import triton

    ptxas = os.path.join(os.path.dirname(triton.__file__), "backends",
                         "nvidia", "bin", "ptxas")
    ptxas = ptxas if os.path.exists(ptxas) else None
    manifest = []
    for c in case_list(cases):
        io, index_io, src_enc, idx_enc = _triton_layouts(tk, c)
        shape, ishape = c["shape"], index_shape(c)
        lay = {k: layout_from_ttg(t, sh) for k, t, sh in
               (("io", io, shape), ("index_io", index_io, ishape),
                ("src", src_enc, shape), ("index", idx_enc, ishape))}
        bases = {k: {d: v for d, v in dict(l.bases).items() if d != "block"}
                 for k, l in lay.items()}
        bits = kernels.DTYPES[c["dtype"]][1]
        plan = ll.plan_gather(lay["src"], lay["index"], c["axis"], bits)
        kinds = ["shuffle", "shared_memory"] if plan.warp_local \
            else ["shared_memory"]
        io_layout = (bases["io"], bases["index_io"])
        planned = {
            "once": _compiled_kind(kernels.gather(
                bases["src"], bases["index"], shape, ishape, c["axis"],
                c["dtype"], io_layout=io_layout)),
            "loop": _compiled_kind(kernels.gather_loop(
                bases["src"], bases["index"], shape, ishape, c["axis"],
                c["dtype"], rounds=ROUNDS, io_layout=io_layout))}
        entry = dict(c, triton_io=io, triton_index_io=index_io,
                     triton_src=src_enc, triton_index=idx_enc, layouts=bases,
                     planned=planned, warp_local=plan.warp_local,
                     shuffles_per_register=plan.shuffles_per_register,
                     shuffle_cost=plan.shuffle_cost,
                     shared_cost=plan.shared_cost, reason=plan.reason,
                     kernels={})
        if "folded" in planned.values():
            kinds.append("folded")
        for kind in kinds:
            for loop in (False, True):
                if kind == "folded" and planned["loop" if loop else
                                                "once"] != "folded":
                    continue
                name = f"ll_{'gather_loop' if loop else 'gather'}"
                if loop:
                    text = kernels.gather_loop(
                        bases["src"], bases["index"], shape, ishape,
                        c["axis"], c["dtype"], rounds=ROUNDS, name=name,
                        plan=None if kind == "folded" else kind,
                        io_layout=io_layout)
                else:
                    text = kernels.gather(
                        bases["src"], bases["index"], shape, ishape,
                        c["axis"], c["dtype"], name=name,
                        io_layout=io_layout,
                        plan=None if kind == "folded" else kind)
                ptx = ll.compile(text, chip="sm_90")
                fname = f"{c['name']}.{kind}.{name}.ptx"
                with open(os.path.join(out_dir, fname), "w") as f:
                    f.write(str(ptx))
                entry.setdefault("dynamic_shared_bytes", {})[fname] = \
                    int(ptx.dynamic_shared_bytes)
                if ptxas and kind == planned["loop" if loop else "once"]:
                    # The same PTX assembled by Triton's own ptxas: how the
                    # kernel is loaded, apart from what it does.
                    subprocess.run([ptxas, "-arch=sm_90", "-O3", "-o",
                                    os.path.join(out_dir, fname[:-4] +
                                                 ".cubin"),
                                    os.path.join(out_dir, fname)],
                                   check=True)
                entry["kernels"][f"{kind}/{'loop' if loop else 'once'}"] = \
                    fname
        manifest.append(entry)
        print(c["name"], planned, plan.shuffles_per_register, flush=True)
    with open(os.path.join(out_dir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)


def once_tiles(e):
    """CTAs of a one-gather launch of case `e`: 32 MiB of 4-byte source
    data, at least 8 per SM of the H100."""
    m, n = e["shape"]
    return max(132 * 8, (32 << 20) // (m * n * 4))


def buffer_sets(torch, e, tiles, count, rounds=None):
    """`count` sets (x, i, y) of `tiles` tiles of case `e` (small integers
    in its element type, in-range int32 indices, an empty output) and what
    each y must hold: the gather of x by i, or with `rounds` what the loop
    kernel accumulates."""
    (m, n), (mi, ni) = e["shape"], index_shape(e)
    axis = e["axis"]
    dt = torch_dtype(torch, e)
    sets, wants = [], []
    for _ in range(count):
        x = torch.randint(0, 8, (tiles * m * n,), device="cuda",
                          dtype=torch.int32).to(dt)
        i = torch.randint(0, e["shape"][axis], (tiles * mi * ni,),
                          device="cuda", dtype=torch.int32)
        sets.append((x, i, torch.empty(tiles * mi * ni, device="cuda",
                                       dtype=dt)))
        g = torch.gather(x.view(tiles, m, n).to(torch.float32), axis + 1,
                         i.view(tiles, mi, ni).long())
        if rounds is not None:
            g = rounds * g + rounds * (rounds + 1) / 2
        wants.append(g.reshape(-1).to(dt))
    return sets, wants


# Launches per graph replay: enough for about REPLAY_MS of Triton's kernel,
# from 4 (a loop kernel of several ms) to 64 (a once kernel of 20 us, where
# the launch floor needs them); the long loops of the large cases took
# minutes at 64.
REPLAY_MS = 1.5


def replay_launches(torch, launch, sets):
    """Launches per replay for a kernel that `launch` runs on `sets`."""
    for x, y in sets:  # warm-up (JIT)
        launch(x, y)
    a = torch.cuda.Event(enable_timing=True)
    b = torch.cuda.Event(enable_timing=True)
    a.record()
    for x, y in sets:
        launch(x, y)
    b.record()
    torch.cuda.synchronize()
    ms = a.elapsed_time(b) / len(sets)
    return max(4, min(64, int(REPLAY_MS / max(ms, 1e-3))))


def run(ptx_dir, results_dir):
    import cupy as cp
    import torch
    from gpu import RawKernel, graph_times

    tk = _triton_module()
    manifest = _read_json(os.path.join(ptx_dir, "manifest.json"))
    results = []
    for e in manifest:
        w = e["warps"]
        res = dict(e)
        for mode in ("once", "loop"):
            tiles = once_tiles(e) if mode == "once" else 132 * 8
            sets, wants = buffer_sets(torch, e, tiles,
                                      2 if mode == "loop" else 4,
                                      ROUNDS if mode == "loop" else None)
            launchers = {}
            for key, fname in e["kernels"].items():
                kind, km = key.split("/")
                if km != mode:
                    continue
                ours = RawKernel(cp, os.path.join(ptx_dir, fname),
                                 "ll_gather_loop" if mode == "loop" else
                                 "ll_gather", 32 * w,
                                 e["dynamic_shared_bytes"][fname])
                launchers[kind] = (lambda xi, ii, yi, k=ours, t=tiles:
                                   k.launch(t, xi, ii, yi))
                cubin = os.path.join(ptx_dir, fname[:-4] + ".cubin")
                if os.path.exists(cubin):
                    ours = RawKernel(cp, cubin, "ll_gather_loop"
                                     if mode == "loop" else "ll_gather",
                                     32 * w, e["dynamic_shared_bytes"][fname])
                    launchers[kind + "_cubin"] = (
                        lambda xi, ii, yi, k=ours, t=tiles:
                        k.launch(t, xi, ii, yi))
            def trit(xi, ii, yi, t=tiles, e=e, loop=mode == "loop"):
                launch_triton(tk, e, t, xi, ii, yi, loop)
            launchers["triton"] = trit
            launchers["triton_again"] = trit
            if mode == "once":
                # The kernel Triton's launcher runs must be the one whose
                # layouts ours were built with (prepare harvested them).
                ran = launch_triton(tk, e, tiles, *sets[0])
                want = (e["triton_io"], e["triton_index_io"],
                        e["triton_src"], e["triton_index"])
                if _layouts_of(ran.asm["ttgir"]) != want:
                    raise RuntimeError(
                        f"{e['name']}: Triton's launcher compiled other "
                        "layouts than prepare harvested; prepare again")
            correct = {}
            flat = [((x, i), y) for x, i, y in sets]

            def check(name, correct=correct, flat=flat, wants=wants):
                correct[name] = all(torch.equal(y, want)
                                    for (_, y), want in zip(flat, wants))

            wrapped = {k: (lambda xy, y, f=f: f(xy[0], xy[1], y))
                       for k, f in launchers.items()}
            times = graph_times(torch, wrapped, flat, check,
                                replay_launches(torch, wrapped["triton"],
                                                flat), 15)
            res[mode] = {k: {"ms": statistics.median(v), "bit_exact":
                             correct[k]} for k, v in times.items()}
            print(e["name"], mode, {k: (round(v["ms"] * 1e3, 2),
                                        v["bit_exact"])
                                    for k, v in res[mode].items()},
                  flush=True)
        results.append(res)
    os.makedirs(results_dir, exist_ok=True)
    with open(os.path.join(results_dir, "gather.json"), "w") as f:
        json.dump({"device": torch.cuda.get_device_name(0),
                   "triton": __import__("triton").__version__,
                   "date": time.strftime("%Y-%m-%d"),
                   "replay_ms": REPLAY_MS,
                   "cases": results}, f, indent=1)


def once(ptx_dir, which, name, mode="loop"):
    """One launch of one case's kernel (for ncu): ours as planned or
    Triton's, the loop kernel (32 gathers per tile, so that the gather's
    shared-memory traffic stands out from the conversions around it), 132
    CTAs."""
    import cupy as cp
    import torch

    tk = _triton_module()
    e = next(x for x in _read_json(os.path.join(ptx_dir, "manifest.json"))
             if x["name"] == name)
    tiles = 132
    ((x, i, y),), _ = buffer_sets(torch, e, tiles, 1)
    if which == "ll":
        fname = e["kernels"][f"{_planned(e, mode)}/{mode}"]
        from gpu import RawKernel

        k = RawKernel(cp, os.path.join(ptx_dir, fname),
                      "ll_gather_loop" if mode == "loop" else "ll_gather",
                      32 * e["warps"], e["dynamic_shared_bytes"][fname])
        k.launch(tiles, x, i, y)
    else:
        launch_triton(tk, e, tiles, x, i, y, mode == "loop")
    torch.cuda.synchronize()


def _run_date(results_dir, data):
    """The day of the run: recorded by `run`, or (results of older runs)
    the day gather.json was written."""
    if data.get("date"):
        return data["date"]
    mtime = os.path.getmtime(os.path.join(results_dir, "gather.json"))
    return time.strftime("%Y-%m-%d", time.gmtime(mtime))


def _replay_text(data):
    """How many launches a replay of the run held."""
    if data.get("replay_ms"):
        return (f"4 to 64 launches, about {data['replay_ms']} ms of Triton's "
                "kernel")
    return "64 launches"


def report(results_dir, commit="", out=None):
    """bench/results/h100_gather.md (or another machine's) from `run`'s
    gather.json."""
    import math

    data = _read_json(os.path.join(results_dir, "gather.json"))
    lines = [
        f"# ll.gather against Triton 3.6's tl.gather ({data['device']})",
        "",
        (f"`bash bench/run_gather.sh` (after `bench/gather.py prepare`) on "
         f"{data['device']}, Triton {data['triton']}, {_run_date(results_dir, data)}, kernels "
         f"built at commit {commit}. Times are per launch, CUDA-graph "
         f"replays (median of 15 interleaved replays of {_replay_text(data)}"
         "); Triton "
         "is timed twice (A/A: `triton_again` / `triton`). Every kernel of "
         "every case is bit-exact against `torch.gather` (*exact*: both of "
         "our paths, the planned one also as a cubin from Triton's ptxas, "
         "Triton's and its repeat)."),
        "",
        ("Layouts: Triton's own, read from the TTGIR Triton 3.6 compiles for "
         "each case (`tl.gather` of a tile it loads and stores coalesced), "
         "with the launcher's specialization (16-byte-aligned pointers, so "
         "128-bit global accesses; the run checks that the launcher's "
         "kernel has these layouts). "
         "Our kernels use the same layouts: load coalesced, "
         "`ll.convert_layout` to the gather's layouts, `ll.gather`, convert "
         "back, store (`once`: one gather per tile, 32 MiB of tiles, "
         "memory-bound; `loop`: the same loads and stores around 32 rounds "
         "of `src + 1` and an accumulated gather, 1,056 tiles). *shfl/el*: "
         "shuffles per element where the gather is warp-local (every case "
         "here is); *cost*: the planner's estimates (issue cycles per warp, "
         "docs/gather.md); *folded*: the `once` kernel as `ll.compile` makes "
         "it, with the conversions around the gather folded into it "
         "(ll-fold-gather-conversions, docs/gather.md), where it folds, "
         "in rounds where its source is above 128 bytes per thread "
         "(docs/gather.md, \"Rounds\"); "
         "*planned* `folded`: that kernel is ours; "
         "*cubin*: the planned kernel assembled by Triton's "
         "ptxas instead of the driver's JIT; *ratio*: the planned kernel "
         "(PTX) over Triton."),
        "",
        ("| case | mode | planned | shfl/el | cost shfl | cost smem | "
         "shuffle µs | smem µs | folded µs | cubin µs | Triton µs | A/A | "
         "ratio | exact |"),
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for mode in ("once", "loop"):
        ratios = []
        for c in data["cases"]:
            r = c[mode]

            def us(k, r=r):
                return f"{r[k]['ms'] * 1e3:.2f}" if k in r else "-"
            t = r["triton"]["ms"]
            planned = _planned(c, mode)
            ratio = r[planned]["ms"] / t
            ratios.append(ratio)
            wl = c["warp_local"]
            lines.append(
                f"| {c['name']} | {mode} | {planned} | "
                f"{c['shuffles_per_register'] if wl else '-'} | "
                f"{round(c['shuffle_cost'], 1) if wl else '-'} | "
                f"{round(c['shared_cost'], 1)} | {us('shuffle')} | "
                f"{us('shared_memory')} | {us('folded')} | "
                f"{us(planned + '_cubin')} | "
                f"{t * 1e3:.2f} | {r['triton_again']['ms'] / t:.3f} | "
                f"{ratio:.3f} | "
                f"{all(v['bit_exact'] for v in r.values())} |")
        geo = math.exp(sum(map(math.log, ratios)) / len(ratios))
        lines.append(f"| **geomean {mode}** | | | | | | | | | | | | "
                     f"**{geo:.3f}** | |")
    text = "\n".join(lines) + "\n"
    if out:
        with open(out, "w") as f:
            f.write(text)
    return text


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "prepare":
        prepare(sys.argv[2] if len(sys.argv) > 2 else
                os.path.join(HERE, "ptx_gather"),
                sys.argv[3] if len(sys.argv) > 3 else None)
    elif cmd == "draw":
        json.dump(draw(int(sys.argv[2]),
                       *(int(a) for a in sys.argv[3:4])), sys.stdout,
                  indent=1)
        print()
    elif cmd == "run":
        run(sys.argv[2], sys.argv[3])
    elif cmd == "once":
        once(*sys.argv[2:6])
    elif cmd == "report":
        print(report(sys.argv[2], *sys.argv[3:4]), end="")
    else:
        sys.exit(__doc__)
