"""This project's conversion kernels against Triton 3.6's, side by side on one GPU.

Two steps, because the GPU machine has no build of this project:

  LL_BUILD_DIR=build/x python bench/gpu.py build [out_dir]     # CPU: PTX + manifest
  python3 bench/gpu.py run <out_dir> <results_dir>             # GPU: time both
  python3 bench/gpu.py once <out_dir> {ll,triton}              # one CTA each (ncu)
  python3 bench/gpu.py full <out_dir> {ll,triton} [case ...]   # whole grid (ncu)
      (LL_BENCH_FULL_KERNEL=conv_loop: the loop kernel instead of conv)

`LL_BENCH_CORPUS=real` at `build` time takes the real-kernel corpus
(bench/real_corpus.json: the conversions of Triton 3.6's own TTGIR for its
tutorials) instead of the public corpus and its extra cases, and
`LL_BENCH_CORPUS=random` random conversions nobody tuned for
(bench/random_corpus.json, written by bench/random_corpus.py); the manifest
records which, and `run`/`once` follow it. `LL_BENCH_REGISTER_ORDER=0`
builds the layouts as written (no `ll-optimize-register-order`), for
`bench/ab.py`.

`build` writes `ll_conv` / `ll_conv_loop` PTX (32 round trips, as Triton's
loop kernel is timed) for every corpus case (bench/corpus.json), and
`ll_epilogue` (kernels.epilogue: the tile made in registers, converted,
stored) for every accumulator -> blocked case (`is_epilogue`). `run`
checks both implementations bit for bit and times them with
triton.testing.do_bench on the same tensors and tile counts as Triton's
reference measurement (bench/README.md; Triton's kernels:
bench/triton_ref/triton_kernels.py). `bench/run_gpu.sh` adds the
Nsight Compute wavefronts. Results: bench/results/h100.{md,json}.
"""

from __future__ import annotations

import functools
import json
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus.json")
# Cases beyond the shared corpus: 8-bit transposes (issue 5's target).
EXTRA = os.path.join(HERE, "extra_cases.json")
ROUNDS = 32
# Element types whose conv_loop runs: Triton's loop adds 1, which fp8 lacks.
LOOP_DTYPES = ("fp32", "fp16", "bf16", "int8")
# `conv` kernels (0.2-2.4 ms: the tile set is 32 MiB or more) are timed
# the same way, with fewer launches per replay: graph_times with
# CONV_LAUNCHES launches and CONV_REPLAYS replays, Triton's kernel twice (its
# A/A), as bench/ab.py times them.
CONV_LAUNCHES = 4
CONV_REPLAYS = 15
# conv_loop kernels run 5-300 µs, the short ones near the launch floor,
# where do_bench (one event pair per launch, about 0.5 µs apart in steps,
# an L2 flush before each) reads two identical kernels up to 2% apart. `run`
# times them as CUDA-graph replays instead (graph_times: per-launch times
# from 64 launches per replay, the replays of both kernels interleaved),
# where Triton's kernel against itself reads within 0.2%.
GRAPH_LAUNCHES = 64
GRAPH_REPLAYS = 25
def _read_json(path):
    with open(path) as f:
        return json.load(f)


def _write(path, obj):
    with open(path, "w") as f:
        if isinstance(obj, str):
            f.write(obj)
        else:
            json.dump(obj, f, indent=1)


# The corpora `build` can take, and their files (in order).
CORPORA = {"public": (CORPUS, EXTRA),
           "real": (os.path.join(HERE, "real_corpus.json"),),
           "random": (os.path.join(HERE, "random_corpus.json"),),
           "random2": (os.path.join(HERE, "random2_corpus.json"),),
           "heldout": (os.path.join(HERE, "heldout_corpus.json"),),
           "heldout2": (os.path.join(HERE, "heldout2_corpus.json"),),
           "heldout3": (os.path.join(HERE, "heldout3_corpus.json"),),
           "heldout4": (os.path.join(HERE, "heldout4_corpus.json"),),
           "heldout5": (os.path.join(HERE, "heldout5_corpus.json"),),
           "heldout6": (os.path.join(HERE, "heldout6_corpus.json"),),
           "heldout7": (os.path.join(HERE, "heldout7_corpus.json"),),
           "heldout8": (os.path.join(HERE, "heldout8_corpus.json"),),
           "heldout9": (os.path.join(HERE, "heldout9_corpus.json"),),
           "heldout10": (os.path.join(HERE, "heldout10_corpus.json"),),
           "heldout11": (os.path.join(HERE, "heldout11_corpus.json"),),
           "heldout12": (os.path.join(HERE, "heldout12_corpus.json"),),
           "heldout13": (os.path.join(HERE, "heldout13_corpus.json"),),
           "heldout14": (os.path.join(HERE, "heldout14_corpus.json"),),
           "heldout15": (os.path.join(HERE, "heldout15_corpus.json"),),
           "heldout16": (os.path.join(HERE, "heldout16_corpus.json"),),
           "real2": (os.path.join(HERE, "real2_corpus.json"),),
           "lane_exchange": (os.path.join(HERE, "lane_exchange_cases.json"),),
           "masks": (os.path.join(HERE, "masks_corpus.json"),),
           "heldout_masks": (os.path.join(HERE, "heldout_masks_corpus.json"),)}


def corpus_choice():
    """The corpus named by LL_BENCH_CORPUS (default: public)."""
    name = os.environ.get("LL_BENCH_CORPUS", "public")
    if name not in CORPORA:
        sys.exit(f"LL_BENCH_CORPUS={name!r}: expected one of "
                 f"{', '.join(CORPORA)}")
    return name


def cases(corpus=None):
    """The cases of a corpus (default: LL_BENCH_CORPUS's): for `public`,
    the corpus, then the extra cases."""
    return [c for path in CORPORA[corpus or corpus_choice()]
            for c in _read_json(path)]


def is_epilogue(c):
    """An epilogue-class conversion: an mma / wgmma accumulator to a blocked
    layout, the conversion a matmul or attention kernel makes before its
    store. Read from the TTGIR encodings where the case has them (the real
    corpus), else from its family or name."""
    if c.get("family") == "epilogue":
        return True
    if "src_encoding" in c:
        return ("nvidia_mma" in c["src_encoding"]
                and "blocked" in c.get("dst_encoding", ""))
    return re.search(r"mma\d*_to_blocked", c["name"]) is not None


def use_build_dir():
    """With LL_BUILD_DIR, the package and ll-opt of that developer build."""
    if os.environ.get("LL_BUILD_DIR"):
        b = os.path.abspath(os.environ["LL_BUILD_DIR"])
        sys.path.insert(0, os.path.join(b, "python_packages"))
        os.environ.setdefault("LL_TOOLS_DIR", os.path.join(b, "bin"))


def build(out_dir):
    use_build_dir()
    import linear_layout as ll
    from linear_layout import kernels

    os.makedirs(out_dir, exist_ok=True)
    # LL_BENCH_REGISTER_ORDER=0: the layouts as written, without
    # ll-optimize-register-order (docs/register-order.md), for A/B runs.
    register_order = os.environ.get("LL_BENCH_REGISTER_ORDER", "1") != "0"
    # LL_BENCH_MIN_ROUND_BYTES=N: the lowering's min-round-bytes (rounds
    # merged inside loops), for A/B runs; unset: the default.
    options = {"register_order": register_order}
    # LL_BENCH_LINE_BARRIERS=0: no barriers, store phases or warp phases
    # around global stores (docs/lowering.md, "Warp phases"), for A/B runs.
    if os.environ.get("LL_BENCH_LINE_BARRIERS") == "0":
        options["line_barriers"] = False
    if os.environ.get("LL_BENCH_MIN_ROUND_BYTES"):
        options["min_round_bytes"] = int(os.environ["LL_BENCH_MIN_ROUND_BYTES"])
    rows = []
    for c in cases():
        r = {"name": c["name"], "dtype": c["dtype"], "shape": c["shape"],
                 "warps": c["warps"]}
        for kind, make in (("conv", kernels.conv),
                           ("conv_loop", kernels.conv_loop)):
            if kind == "conv_loop" and c["dtype"] == "bool":
                continue  # a mask has no + 1: no loop kernel (run skips it)
            kw = {"rounds": ROUNDS} if kind == "conv_loop" else {}
            ptx = ll.compile(make(c["A"], c["B"], c["shape"], c["dtype"],
                                  c["warps"], name="ll_" + kind, **kw),
                             **options)
            fname = f"{c['name']}.{kind}.ptx"
            _write(os.path.join(out_dir, fname), str(ptx))
            r[kind] = {"ptx": fname,
                           "dynamic_shared_bytes": ptx.dynamic_shared_bytes}
        if is_epilogue(c):
            ptx = ll.compile(kernels.epilogue(c["A"], c["B"], c["shape"],
                                              c["dtype"], c["warps"],
                                              name="ll_epilogue"),
                             **options)
            fname = f"{c['name']}.epilogue.ptx"
            _write(os.path.join(out_dir, fname), str(ptx))
            r["epilogue"] = {"ptx": fname, "dynamic_shared_bytes":
                             ptx.dynamic_shared_bytes}
        rows.append(r)
    _write(os.path.join(out_dir, "manifest.json"),
           {"cases": rows, "rounds": ROUNDS, "corpus": corpus_choice()})
    print(f"{len(rows)} cases -> {out_dir}")


def _device():
    import cupy as cp
    import torch

    sys.path.insert(0, os.path.join(HERE, "triton_ref"))
    import triton_kernels as tk

    torch_dtypes = {"fp32": torch.float32, "fp16": torch.float16,
                    "bf16": torch.bfloat16, "fp8e4nv": torch.float8_e4m3fn,
                    "int8": torch.int8, "bool": torch.bool}
    return cp, torch, tk, torch_dtypes


class RawKernel:
    """A kernel loaded with CuPy from PTX (the driver JITs it) or a cubin,
    launched one CTA per tile on torch tensors."""

    def __init__(self, cp, path, name, threads, dynamic_shared=0):
        self.cp = cp
        self.fn = cp.RawModule(path=path).get_function(name)
        self.dyn = dynamic_shared
        if self.dyn > 48 * 1024:
            self.fn.max_dynamic_shared_size_bytes = self.dyn
        self.threads = threads

    def launch(self, tiles, *tensors):
        # Raw device pointers of the torch tensors (same buffers Triton uses),
        # on torch's current stream (Triton's launches go there too; a CUDA
        # graph captures only launches on its capture stream).
        import torch

        current = torch.cuda.current_stream()
        try:  # CuPy 14 (the CUDA stream protocol)
            stream = self.cp.cuda.Stream.from_external(current)
        except (AttributeError, TypeError):
            stream = self.cp.cuda.ExternalStream(current.cuda_stream)
        self.fn((tiles,), (self.threads,),
                tuple(self.cp.uint64(t.data_ptr()) for t in tensors),
                shared_mem=self.dyn, stream=stream)


class _Ours(RawKernel):
    """Our conv or conv_loop kernel of a manifest entry: kernel(x, y, tiles)."""

    def __init__(self, cp, ptx_dir, entry, threads):
        super().__init__(cp, os.path.join(ptx_dir, entry["ptx"]),
                         "ll_" + entry["ptx"].split(".")[-2], threads,
                         entry["dynamic_shared_bytes"])

    def __call__(self, x, y, tiles):
        self.launch(tiles, x, y)


def loop_buffer_sets(torch, x, lt, tile_elems):
    """Disjoint (input, output) pairs of `lt` tiles each: the input slices of
    `x`, and as many as it takes for the pairs to span twice the L2 cache,
    so that a launch reading one pair finds it evicted by the launches on the
    others (METHOD.md: rotate among input sets)."""
    n = lt * tile_elems
    pair_bytes = 2 * n * x.element_size()
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    count = min(x.numel() // n, max(2, -(-2 * l2 // pair_bytes)))
    if count < 1:
        raise ValueError(f"{lt} tiles do not fit the input ({x.numel()} "
                         "elements)")
    return [(x[i * n:(i + 1) * n], torch.empty(n, dtype=x.dtype,
                                                device=x.device))
            for i in range(count)]


def graph_times(torch, launchers, sets, check, launches=64, replays=25):
    """Per-launch ms of each launcher, timed as CUDA-graph replays of
    `launches` back-to-back launches that rotate over the buffer `sets`
    (launcher(x, y) on each pair; `check(name)` after a first replay of
    each, on its outputs alone): no launch gaps and no event-timer
    quantum (about 0.5 us) in a kernel of a few microseconds. The graphs'
    replays are interleaved, the order rotated every round, so that no
    launcher always runs first; returns {name: all per-launch times}."""
    launches = -(-launches // len(sets)) * len(sets)
    graphs = {}
    side = torch.cuda.Stream()
    for name, launch in launchers.items():
        with torch.cuda.stream(side):  # warm-up (JIT) off the capture
            for x, y in sets:
                launch(x, y)
        torch.cuda.synchronize()
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            for i in range(launches):
                launch(*sets[i % len(sets)])
        graphs[name] = g
    for name, g in graphs.items():  # every launcher's own output checked
        for _, y in sets:
            y.zero_()
        g.replay()
        torch.cuda.synchronize()
        check(name)
    names = list(graphs)
    events = {k: [] for k in names}
    for r in range(replays):
        s = r % len(names)
        for k in names[s:] + names[:s]:
            a = torch.cuda.Event(enable_timing=True)
            b = torch.cuda.Event(enable_timing=True)
            a.record()
            graphs[k].replay()
            b.record()
            events[k].append((a, b))
    torch.cuda.synchronize()
    return {k: [a.elapsed_time(b) / launches for a, b in ev]
            for k, ev in events.items()}


def time_loop(torch, tk, c, x, A, B, ours):
    """The conv_loop of case `c` timed with graph_times: each of `ours`
    ({name: _Ours}) beside Triton's kernel twice ("triton", and
    "triton_again": the A/A control of the method), on loop_buffer_sets of
    the case's input `x`. Returns (per-launch ms by name, bit-exactness by
    name, CTAs per launch, buffer sets)."""
    M, N = c["shape"]
    lt = loop_tiles(x.numel() // (M * N))
    sets = loop_buffer_sets(torch, x, lt, M * N)
    wants = [(xi.to(torch.int32) + 2 * ROUNDS).to(x.dtype) for xi, _ in sets]
    correct = {}

    def check(name):
        correct[name] = all(torch.equal(y, want)
                            for (_, y), want in zip(sets, wants))

    def triton_loop(xi, yi):
        tk.conv_loop[(lt,)](xi, yi, M, N, A, B, ROUNDS, num_warps=c["warps"])

    launchers = {name: (lambda xi, yi, k=k: k(xi, yi, lt))
                 for name, k in ours.items()}
    launchers.update(triton=triton_loop, triton_again=triton_loop)
    times = graph_times(torch, launchers, sets, check, GRAPH_LAUNCHES,
                        GRAPH_REPLAYS)
    return times, correct, lt, len(sets)


def time_epilogue(torch, tk, c, x, y, tiles, A, B, ours):
    """The epilogue measurement of case `c`: the tile made in registers in
    layout A (no load, as a matmul's accumulator), converted to B and
    stored (kernels.epilogue; Triton's `epilogue`), so that the kernel's
    memory traffic is its stores. Timed as `conv` is, beside its floor:
    Triton's same kernel with A = B, which converts nothing. Returns the
    fields of the case's result."""
    M, N = c["shape"]
    want = torch.arange(M * N, dtype=torch.int32,
                        device=y.device).to(y.dtype).repeat(tiles)
    replayed = {}

    def check(name):
        replayed[name] = bool(torch.equal(y.view(torch.uint8),
                                          want.view(torch.uint8)))

    def triton(xi, yi, first=A):
        tk.epilogue[(tiles,)](yi, M, N, first, B, num_warps=c["warps"])

    launchers = {"ours": lambda xi, yi: ours(xi, yi, tiles),
                 "triton": triton, "triton_again": triton,
                 "floor": functools.partial(triton, first=B)}
    times = graph_times(torch, launchers, [(x, y)], check, CONV_LAUNCHES,
                        CONV_REPLAYS)
    med = {k: statistics.median(v) for k, v in times.items()}
    return {"ll_epilogue_correct": replayed["ours"],
            "triton_epilogue_correct": replayed["triton"],
            "floor_epilogue_correct": replayed["floor"],
            "ll_epilogue_ms": med["ours"], "triton_epilogue_ms": med["triton"],
            "aa_epilogue_ratio": med["triton_again"] / med["triton"],
            "epilogue_floor_ms": med["floor"]}


def loop_tiles(tiles):
    """CTAs of a conv_loop launch: a 64th of conv's tiles, at least 8 per
    SM of the H100 (132 SMs)."""
    return max(132 * 8, tiles // 64)


def case_tensors(c, torch, tk, TORCH):
    """(tiles, x, A, B) of a case: 256 MiB of small integers in its element
    type, as many tiles as that holds, and its layouts for Triton."""
    M, N = c["shape"]
    dt = TORCH[c["dtype"]]
    el = torch.tensor([], dtype=dt).element_size()
    tiles = max(1, (256 << 20) // (M * N * el))
    base = torch.randint(-8, 8, (tiles * M * N,), device="cuda",
                         dtype=torch.int32)
    x = base.to(torch.float32).to(dt) if dt not in (torch.int8, torch.bool) \
        else base.to(torch.int8) if dt == torch.int8 else (base & 1).bool()
    A = tk.as_layout(c["A"], c["shape"])
    B = tk.as_layout(c["B"], c["shape"])
    return tiles, x, A, B


def run(ptx_dir, results_dir):
    cp, torch, tk, TORCH = _device()
    from triton.testing import do_bench

    manifest = _read_json(os.path.join(ptx_dir, "manifest.json"))
    corpus_name = manifest.get("corpus", "public")
    corpus = {c["name"]: c for c in cases(corpus_name)}
    rows = []
    for m in manifest["cases"]:
        c = corpus[m["name"]]
        M, N = c["shape"]
        tiles, x, A, B = case_tensors(c, torch, tk, TORCH)
        r = {"name": c["name"], "tiles": tiles}
        try:
            ours = _Ours(cp, ptx_dir, m["conv"], 32 * c["warps"])
            y = torch.empty_like(x)
            ours(x, y, tiles)
            torch.cuda.synchronize()
            r["ll_correct"] = bool(torch.equal(x.view(torch.uint8),
                                               y.view(torch.uint8)))
            yt = torch.empty_like(x)
            tk.conv[(tiles,)](x, yt, M, N, A, B, num_warps=c["warps"])
            torch.cuda.synchronize()
            r["triton_correct"] = bool(torch.equal(x.view(torch.uint8),
                                                   yt.view(torch.uint8)))
            # CUDA-graph replays, interleaved, Triton's kernel twice (A/A).
            def triton(xi, yi, M=M, N=N, A=A, B=B, c=c, tiles=tiles):
                tk.conv[(tiles,)](xi, yi, M, N, A, B, num_warps=c["warps"])

            replayed = {}  # each launcher's output after its first replay

            def check(name, x=x, y=y, replayed=replayed):
                replayed[name] = bool(torch.equal(x.view(torch.uint8),
                                                  y.view(torch.uint8)))

            launchers = {"ours": lambda xi, yi, o=ours, t=tiles: o(xi, yi, t),
                         "triton": triton, "triton_again": triton}
            conv_t = graph_times(torch, launchers, [(x, y)], check,
                                 CONV_LAUNCHES, CONV_REPLAYS)
            med = {k: statistics.median(v) for k, v in conv_t.items()}
            r["ll_conv_ms"] = med["ours"]
            r["triton_conv_ms"] = med["triton"]
            r["triton_again_conv_ms"] = med["triton_again"]
            r["aa_conv_ratio"] = med["triton_again"] / med["triton"]
            r["ll_correct"] = r["ll_correct"] and replayed["ours"]
            r["copy_ms"] = do_bench(functools.partial(y.copy_, x))
            if "epilogue" in m:
                r.update(time_epilogue(torch, tk, c, x, y, tiles, A, B,
                                       _Ours(cp, ptx_dir, m["epilogue"],
                                             32 * c["warps"])))
            if c["dtype"] in LOOP_DTYPES:
                loop = _Ours(cp, ptx_dir, m["conv_loop"], 32 * c["warps"])
                times, correct, lt, n_sets = time_loop(torch, tk, c, x, A, B,
                                                       {"ours": loop})
                med = {k: statistics.median(v) for k, v in times.items()}
                r["ll_loop_correct"] = correct["ours"]
                r["triton_loop_correct"] = correct["triton"]
                r["ll_loop_ms"] = med["ours"]
                r["triton_loop_ms"] = med["triton"]
                r["triton_again_loop_ms"] = med["triton_again"]
                r["aa_loop_ratio"] = med["triton_again"] / med["triton"]
                r["ll_loop_ms_all"] = times["ours"]
                r["triton_loop_ms_all"] = times["triton"]
                r["loop_tiles"], r["loop_sets"] = lt, n_sets
                r["loop_ratio"] = r["ll_loop_ms"] / r["triton_loop_ms"]
            r["conv_ratio"] = r["ll_conv_ms"] / r["triton_conv_ms"]
        except Exception as e:  # noqa: BLE001 - recorded in the results
            r["error"] = (str(e).splitlines() or [repr(e)])[-1][:300]
        rows.append(r)
        print(json.dumps(r), flush=True)
    props = cp.cuda.runtime.getDeviceProperties(0)
    import triton

    out = {"machine": props["name"].decode() if isinstance(props["name"], bytes)
               else str(props["name"]), "corpus": corpus_name,
           "triton": triton.__version__,
               "torch": torch.__version__, "rounds": ROUNDS,
               "conv_statistic": (
                   f"median per-launch time over {CONV_REPLAYS} replays of a "
                   f"CUDA graph of {CONV_LAUNCHES} back-to-back launches, "
                   "the implementations' replays interleaved"),
               "loop_statistic": (
                   f"median per-launch time over {GRAPH_REPLAYS} replays of a "
                   f"CUDA graph of {GRAPH_LAUNCHES} back-to-back launches "
                   "rotating over buffer sets twice the L2's size, the "
                   "implementations' replays interleaved"),
               "cases": rows}
    os.makedirs(results_dir, exist_ok=True)
    _write(os.path.join(results_dir, "gpu_bench.json"), out)


def ncu_repeats():
    """How many times `once` launches each kernel: Nsight Compute counts a
    shared-memory wavefront more, now and then, on the same kernel and the
    same addresses (docs/planning.md §3, "Counted more"), so the report reads the
    fewest of several launches and shows the spread."""
    return int(os.environ.get("LL_BENCH_NCU_REPEATS", "3"))


def once(ptx_dir, which):
    cp, torch, tk, TORCH = _device()
    repeats = ncu_repeats()
    manifest = _read_json(os.path.join(ptx_dir, "manifest.json"))
    corpus = {c["name"]: c for c in cases(manifest.get("corpus", "public"))}
    for m in manifest["cases"]:
        c = corpus[m["name"]]
        M, N = c["shape"]
        dt = TORCH[c["dtype"]]
        x = torch.randint(-8, 8, (M * N,), device="cuda",
                          dtype=torch.int32).to(torch.float32).to(dt) \
            if dt != torch.int8 else torch.zeros(M * N, device="cuda",
                                                 dtype=torch.int8)
        y = torch.empty_like(x)
        if which == "ll":
            ours = _Ours(cp, ptx_dir, m["conv"], 32 * c["warps"])

            def launch(ours=ours, x=x, y=y):
                ours(x, y, 1)
        else:
            A, B = tk.as_layout(c["A"], c["shape"]), tk.as_layout(c["B"],
                                                                 c["shape"])

            def launch(A=A, B=B, M=M, N=N, x=x, y=y, warps=c["warps"]):
                tk.conv[(1,)](x, y, M, N, A, B, num_warps=warps)
        for _ in range(repeats):
            launch()
            torch.cuda.synchronize()
        print("CASE", c["name"], flush=True)


def full(ptx_dir, which, names, kind="conv"):
    """One launch over the whole timed grid (256 MiB, as `run`) of each
    named case (all without names), for Nsight Compute's DRAM, L2 and
    occupancy counters, which one CTA (`once`) does not show. `kind` is
    `conv` or `conv_loop` (the loop kernel on as many CTAs as `run` times)."""
    cp, torch, tk, TORCH = _device()
    manifest = _read_json(os.path.join(ptx_dir, "manifest.json"))
    corpus = {c["name"]: c for c in cases(manifest.get("corpus", "public"))}
    for m in manifest["cases"]:
        if names and m["name"] not in names:
            continue
        c = corpus[m["name"]]
        if kind == "conv_loop" and c["dtype"] not in LOOP_DTYPES:
            continue
        M, N = c["shape"]
        tiles, x, A, B = case_tensors(c, torch, tk, TORCH)
        y = torch.empty_like(x)
        if kind == "conv_loop":
            tiles = loop_tiles(tiles)
        if which == "ll":
            _Ours(cp, ptx_dir, m[kind], 32 * c["warps"])(x, y, tiles)
        elif kind == "conv_loop":
            tk.conv_loop[(tiles,)](x, y, M, N, A, B, ROUNDS,
                                   num_warps=c["warps"])
        else:
            tk.conv[(tiles,)](x, y, M, N, A, B, num_warps=c["warps"])
        torch.cuda.synchronize()
        print("CASE", c["name"], flush=True)


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "build":
        build(sys.argv[2] if len(sys.argv) > 2 else
              os.path.join(HERE, "ptx"))
    elif cmd == "run":
        run(sys.argv[2], sys.argv[3])
    elif cmd == "once":
        once(sys.argv[2], sys.argv[3])
    elif cmd == "full" and len(sys.argv) >= 4:
        kernel = os.environ.get("LL_BENCH_FULL_KERNEL", "conv")
        if kernel not in ("conv", "conv_loop"):
            sys.exit(f"LL_BENCH_FULL_KERNEL={kernel!r}: expected conv or "
                     "conv_loop")
        full(sys.argv[2], sys.argv[3], set(sys.argv[4:]), kernel)
    else:
        sys.exit(__doc__)
