"""Structure-aware fuzzing of `ll-opt`: every pass and pipeline of the
project, with generated and mutated inputs.

An input is a module (text or bytecode) and a pass pipeline:

* modules are generated from their structure: `#ll.linear` layouts drawn
  as bases over a random power-of-two shape (permutations of the element
  bits, broadcast zeros, out-of-range values), element types, the ll ops
  (convert_layout chains, load_tile/store_tile, alloc_shared/load_shared/
  store_shared, loops), op and plan attributes, inside a function or a
  gpu.module kernel; then, often, mutated as text (fuzz_attribute.mutate);
* bytecode: the bytecode of a generated module with bytes flipped,
  inserted, deleted or a dimension name misspelt;
* pipelines: every `ll-*` / `convert-ll-*` pass listed by
  `ll-opt --help`, with option values drawn per option type (valid,
  boundary, huge, negative, garbage), alone, chained, or as a mutated
  pipeline string.

A run is a crash if `ll-opt` died by a signal, printed a crash signature
(test/crash_signatures.py), ran over TIMEOUT_S seconds, or exceeded the
memory limit (RLIMIT_AS, a crash by allocation failure). Text inputs go
in batches (--split-input-file); a crashing batch is bisected to the split
that crashes alone.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
import crash_signatures
import fuzz_attribute

TIMEOUT_S = 20
MEMORY_LIMIT = 4 << 30

ELEMENT_TYPES = [
    "f16",
    "f32",
    "bf16",
    "i8",
    "i32",
    "f64",
    "i64",
    "i16",
    "i1",
    "f8E4M3FN",
    "f8E5M2",
    "index",
    "i4",
    "i128",
    "f80",
    "complex<f32>",
    "vector<2xf16>",
    "none",
]
HW_DIMS = ["register", "lane", "warp", "block"]

# Crashes of open bugs owned by other work, as (pattern on the pipeline,
# name): counted apart as "known", not reported as findings. Issue 21 items
# 1 (unknown chips, e.g. `chip=(?!sm_([5-9][0-9]|1[0-2][0-9])[ }])` on
# ll-to-ptx) and 2 (ll-to-ptx `format=`) were here until main validated
# those options (01589af); keep it empty unless such work is in flight.
KNOWN_OPEN: list = []


def known_issue(pipeline: str) -> str | None:
    for pattern, name in KNOWN_OPEN:
        if pattern.search(pipeline):
            return name
    return None


# ---------------------------------------------------------------------------
# Passes and their options, from `ll-opt --help`
# ---------------------------------------------------------------------------

_PASS = re.compile(r"^      --([a-z0-9-]+)\s+-\s")
_OPTION = re.compile(r"^        --([a-z0-9-]+)(=<([a-z]+)>)?\s+-\s(.*)")


def list_passes(ll_opt: str) -> dict:
    """{pass name: {option: type}} of the project's passes and pipelines
    (`ll-*` and `convert-ll-*`), read from `ll-opt --help`."""
    out = subprocess.run(
        [ll_opt, "--help"], capture_output=True, text=True, check=False
    ).stdout
    passes: dict = {}
    current = None
    for line in out.splitlines():
        m = _PASS.match(line)
        if m:
            name = m.group(1)
            current = name if name.startswith(("ll-", "convert-ll-")) else None
            if current:
                passes[current] = {}
            continue
        m = _OPTION.match(line)
        if m and current:
            passes[current][m.group(1)] = m.group(3) or "bool"
        elif not line.startswith("        "):
            current = None if not _PASS.match(line) else current
    return passes


# Passes that run on a gpu.module (nested in a pipeline string).
_NESTED = {"convert-ll-to-nvvm", "convert-ll-to-rocdl", "ll-finalize-nvvm"}

_STRINGS = {
    "chip": [
        "sm_90",
        "sm_80",
        "sm_70",
        "sm_100",
        "sm_90a",
        "sm_0",
        "sm_",
        "sm_99999999999",
        "gfx942",
        "gfx950",
        "gfx1100",
        "gfx90a",
        "gfx1",
        "tpu",
        "",
        "SM_90",
    ],
    "target": [
        "sm_90",
        "sm_80",
        "gfx942",
        "gfx950",
        "sm_90a",
        "gfx1100",
        "",
        "x",
        "sm_-1",
    ],
    "format": ["isa", "none", "bin", "fatbin", "llvm", "xyz", ""],
    "module": ["", "kernels", "k", "zz", '"a b"'],
}
_INTS = [
    "0",
    "1",
    "2",
    "7",
    "16",
    "32",
    "64",
    "-1",
    "-7",
    "1024",
    "16384",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551616",
    "-9223372036854775808",
    "abc",
    "",
    "1e3",
    "0x20",
]


def option_value(rng: random.Random, name: str, kind: str) -> str:
    if kind == "bool":
        return rng.choice(["true", "false", "1", "0", "yes", "maybe"])
    if kind == "string":
        return rng.choice(_STRINGS.get(name, ["", "x", "sm_90", "gfx942"]))
    return rng.choice(_INTS)


def random_pass(rng: random.Random, passes: dict) -> str:
    name = rng.choice(sorted(passes))
    opts = passes[name]
    chosen = [o for o in sorted(opts) if rng.random() < 0.4]
    text = name
    if chosen:
        text += (
            "{" + " ".join(f"{o}={option_value(rng, o, opts[o])}" for o in chosen) + "}"
        )
    if name.split("{")[0] in _NESTED:
        text = f"gpu.module({text})"
    return text


def random_pipeline(rng: random.Random, passes: dict) -> str:
    steps = [random_pass(rng, passes) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
    pipeline = f"builtin.module({','.join(steps)})"
    if rng.random() < 0.1:
        # (argv cannot hold a NUL)
        pipeline = fuzz_attribute.mutate(rng, pipeline).replace("\x00", "")
    return pipeline


# ---------------------------------------------------------------------------
# Modules
# ---------------------------------------------------------------------------


def _basis(rank: int, dim: int, value: int) -> str:
    return "[" + ", ".join(str(value if d == dim else 0) for d in range(rank)) + "]"


def random_layout(
    rng: random.Random, shape_log2: list[int], memory: bool = False
) -> str:
    """A `#ll.linear` over the shape: mostly a permutation of its element
    bits spread over the hardware dimensions (valid), sometimes with
    broadcast zeros, a dropped or repeated bit, or a value out of range."""
    rank = len(shape_log2)
    bits = [(d, b) for d, n in enumerate(shape_log2) for b in range(n)]
    rng.shuffle(bits)
    bases = [_basis(rank, d, 1 << b) for d, b in bits]
    roll = rng.random()
    if roll < 0.1 and bases:
        bases.pop(rng.randrange(len(bases)))
    elif roll < 0.2 and bases:
        bases.insert(rng.randrange(len(bases) + 1), rng.choice(bases))
    elif roll < 0.25:
        d = rng.randrange(rank) if rank else 0
        bases.append(_basis(rank, d, 1 << (shape_log2[d] if rank else 0)))
    if memory:
        dims = {"offset": bases}
        if rng.random() < 0.1:
            dims["block"] = []
    else:
        lanes = min(len(bases), rng.choice([5, 5, 5, 6, 4, 0]))
        warps = min(len(bases) - lanes, rng.choice([0, 1, 2, 2, 3]))
        regs = len(bases) - lanes - warps
        parts = [bases[:regs], bases[regs : regs + lanes], bases[regs + lanes :]]
        if rng.random() < 0.3:  # broadcast: zero bases
            k = rng.randrange(3)
            parts[k] = parts[k] + ["[" + ", ".join("0" for _ in range(rank)) + "]"]
        dims = dict(zip(HW_DIMS, parts + [[]]))
        if rng.random() < 0.05:
            dims = {rng.choice(["regisyer", "offset", "x", "lane"]): bases}
    body = ", ".join(f"{k} = [{', '.join(v)}]" for k, v in dims.items())
    return f"#ll.linear<{{{body}}}>"


def _shape_text(shape_log2):
    return "x".join(str(1 << n) for n in shape_log2)


def _function(name, args, results, body, returned, gpu):
    """A func.func, or a gpu.func kernel (no results) for the lowerings."""
    lines = "\n  ".join(body)
    if gpu:
        return f"gpu.func @{name}({args}) kernel {{\n  {lines}\n  gpu.return\n}}"
    ret = f"return {returned} : {results}" if results else "return"
    arrow = f" -> {results}" if results else ""
    return f"func.func @{name}({args}){arrow} {{\n  {lines}\n  {ret}\n}}"


def random_function(rng: random.Random, index: int, gpu: bool = False) -> str:
    rank = rng.choice([1, 2, 2, 2, 3])
    shape_log2 = [rng.choice([0, 1, 2, 3, 4, 5, 6, 7]) for _ in range(rank)]
    if rng.random() < 0.03:  # large
        shape_log2[0] = rng.choice([20, 31, 32, 40, 61, 62])
    et = rng.choice(ELEMENT_TYPES[:8] if rng.random() < 0.85 else ELEMENT_TYPES)
    shape = _shape_text(shape_log2)
    a, b = random_layout(rng, shape_log2), random_layout(rng, shape_log2)
    ta, tb = f"tensor<{shape}x{et}, {a}>", f"tensor<{shape}x{et}, {b}>"
    name = f"f{index}"
    kind = rng.randrange(5)
    if kind == 0:  # convert chain
        lines = []
        cur, cur_t = "%x", ta
        for i in range(rng.choice([1, 2, 3])):
            nxt_t = tb if i % 2 == 0 else ta
            attrs = ""
            if rng.random() < 0.15:
                attrs = (
                    " {ll.plan = "
                    + rng.choice(
                        [
                            "#ll.plan<kind = shared_memory>",
                            "#ll.plan<kind = shuffle, rounds = -1>",
                            "#ll.plan<kind = registers, vector_bits = 4611686018427387904>",
                            "#ll.plan<kind = noop, shared_bytes = 9223372036854775807>",
                            (
                                f"#ll.plan<kind = shared_memory, memory_layout = "
                                f"{random_layout(rng, shape_log2, True)}, vector_bits = 7>"
                            ),
                            '{kind = "shared_memory"}',
                            '{kind = "registers"}',
                            '{kind = "shuffle"}',
                            '{kind = "noop"}',
                            '{kind = "bogus"}',
                            "{}",
                            "1 : i32",
                            f'{{kind = "shared_memory", memory_layout = {random_layout(rng, shape_log2, True)}}}',
                            '{kind = "shared_memory", vector_bits = 7 : i64}',
                        ]
                    )
                    + "}"
                )
            lines.append(f"%y{i} = ll.convert_layout {cur}{attrs} : {cur_t} -> {nxt_t}")
            cur, cur_t = f"%y{i}", nxt_t
        return _function(name, f"%x: {ta}", cur_t, lines, cur, gpu)
    if kind == 1:  # load/store tile
        return _function(
            name,
            "%p: !llvm.ptr<1>, %s: i32",
            None,
            [
                f"%t = ll.load_tile %p row_stride(%s : i32) : !llvm.ptr<1> -> {ta}",
                f"%u = ll.convert_layout %t : {ta} -> {tb}",
                f"ll.store_tile %u, %p : {tb}, !llvm.ptr<1>",
            ],
            None,
            gpu,
        )
    if kind == 2:  # shared round trip
        m = random_layout(rng, shape_log2, memory=True)
        st = f"!ll.shared<{shape}x{et}, {m}>"
        return _function(
            name,
            f"%x: {ta}",
            tb,
            [
                f"%b = ll.alloc_shared : {st}",
                f"ll.store_shared %x, %b : {ta}, {st}",
                "gpu.barrier",
                f"%y = ll.load_shared %b : {st} -> {tb}",
            ],
            "%y",
            gpu,
        )
    if kind == 3:  # a loop
        return _function(
            name,
            f"%x: {ta}, %n: index",
            ta,
            [
                "%c0 = arith.constant 0 : index",
                "%c1 = arith.constant 1 : index",
                f"%r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %x) -> ({ta}) {{",
                f"  %y = ll.convert_layout %v : {ta} -> {tb}",
                f"  %z = ll.convert_layout %y : {tb} -> {ta}",
                f"  scf.yield %z : {ta}",
                "}",
            ],
            "%r",
            gpu,
        )
    # an op from the attribute fuzzer's seeds
    text = fuzz_attribute.mutate(rng, rng.choice(fuzz_attribute.OP_SEEDS)).replace(
        "@f", f"@{name}", 1
    )
    return text.replace("func.func", "gpu.func", 1) if gpu else text


def gpu_module(rng: random.Random, index: int) -> str:
    """Kernels for the lowering pipelines (ll-to-ptx, ll-to-rocdl)."""
    funcs = "\n".join(
        random_function(rng, index * 4 + k, gpu=True)
        for k in range(rng.choice([1, 1, 2, 4]))
    )
    return (
        f"module attributes {{gpu.container_module}} {{\n"
        f"gpu.module @kernels {{\n{funcs}\n}}\n}}"
    )


def random_module(rng: random.Random, index: int, mutate: bool = True) -> str:
    text = (
        gpu_module(rng, index) if rng.random() < 0.35 else random_function(rng, index)
    )
    if mutate and rng.random() < 0.3:
        text = fuzz_attribute.mutate(rng, text)
    return text


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    data = bytearray(data)
    for _ in range(rng.choice([1, 1, 2, 3, 8])):
        op = rng.randrange(5)
        i = rng.randrange(len(data) + 1)
        if op == 0 and data:
            data[min(i, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif op == 1:
            data[i:i] = bytes([rng.randrange(256)])
        elif op == 2 and data:
            del data[i : i + rng.randint(1, 4)]
        elif op == 3:
            for name in (b"register", b"lane", b"offset", b"dim0"):
                k = data.find(name)
                if k >= 0:
                    j = k + rng.randrange(len(name))
                    data[j] = rng.choice(b"abcxyz09_")
                    break
        elif data:
            data[min(i, len(data) - 1)] = rng.choice([0, 0x7F, 0x80, 0xFF])
    return bytes(data)


# ---------------------------------------------------------------------------
# Running ll-opt
# ---------------------------------------------------------------------------


def _limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


_SCRATCH = []


def _scratch_dir() -> str:
    """A temporary working directory for ll-opt, made once per process."""
    if not _SCRATCH:
        import tempfile

        _SCRATCH.append(tempfile.mkdtemp(prefix="ll-fuzz-"))
    return _SCRATCH[0]


def _spawn(ll_opt: str, args: list[str], data: bytes):
    """(exit status or None after a timeout, stdout, stderr) of ll-opt on
    `data` (fed on stdin), under the memory limit. Uses Popen directly:
    test/conftest.py's subprocess.run wrapper would end the test at the
    first crash, before its bisection."""
    proc = subprocess.Popen(
        [os.path.abspath(ll_opt), *args],
        # Options such as ll-to-ptx{isa-file=...} write files: in a scratch
        # directory, never the checkout.
        cwd=_scratch_dir(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_limit_memory,  # noqa: PLW1509 - no threads here
        # Its own process group: a timeout kills ll-opt's children too (the
        # bytecode check's reader), which would otherwise hold the pipes.
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(data, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return None, out, err
    return proc.returncode, out, err


def run_ll_opt(ll_opt: str, args: list[str], data: bytes) -> tuple[str | None, str]:
    """(crash description or None, stderr tail) of one ll-opt run on `data`."""
    returncode, _, err = _spawn(ll_opt, [*args, "-", "-o", os.devnull], data)
    if returncode is None:
        return f"hang over {TIMEOUT_S} s", ""
    signature = crash_signatures.crash_signature(returncode, None, err)
    tail = err.decode("utf-8", "replace")[-1500:]
    if signature is None and returncode not in (0, 1):
        signature = f"exit status {returncode}"
    return signature, tail


def save_regression(directory: str, record: dict) -> str:
    """Writes a crash input as JSON (args and the input, text or hex
    bytes) under `directory`; returns its path. The name is a hash of the
    content, so the same crash is written once."""
    os.makedirs(directory, exist_ok=True)
    blob = json.dumps(record, sort_keys=True)
    name = "llopt-" + hashlib.sha256(blob.encode()).hexdigest()[:16] + ".json"
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(json.dumps(record, indent=1, sort_keys=True) + "\n")
    return path


def fuzz(
    ll_opt: str,
    seed: int,
    runs: int,
    batch: int = 40,
    deadline: float | None = None,
    regressions: str | None = None,
    log=print,
) -> dict:
    """Runs about `runs` ll-opt processes (or until `deadline`, a
    time.time()); returns the counts and the crashes found."""
    rng = random.Random(seed)
    passes = list_passes(ll_opt)
    summary = {
        "ll_opt_runs": 0,
        "modules": 0,
        "bytecode_runs": 0,
        "passes": sorted(passes),
        "crashes": [],
        "known": {},
        "pipelines": 0,
    }
    seen = set()

    def report(args, data, what, tail):
        pipeline = " ".join(args)
        known = known_issue(pipeline)
        if known:
            summary["known"][known] = summary["known"].get(known, 0) + 1
            return
        key = (pipeline, data)
        if key in seen:
            return
        seen.add(key)
        record = {"args": args, "crash": what, "stderr": tail[-600:]}
        if isinstance(data, bytes):
            try:
                record["input"] = data.decode("utf-8")
            except UnicodeDecodeError:
                record["input_hex"] = data.hex()
        if regressions:
            record["path"] = save_regression(
                regressions, {k: v for k, v in record.items() if k != "stderr"}
            )
        summary["crashes"].append(record)
        log(f"ll-opt crash ({what}): {args}\n{tail[-400:]}")

    while summary["ll_opt_runs"] < runs and (
        deadline is None or time.time() < deadline
    ):
        pipeline = random_pipeline(rng, passes)
        args = [f"--pass-pipeline={pipeline}"]
        summary["pipelines"] += 1
        if rng.random() < 0.12:
            # Bytecode: one module, emitted and corrupted.
            text = random_module(rng, 0, mutate=False)
            returncode, out, err = _spawn(
                ll_opt, ["-", "--emit-bytecode", "-o", "-"], text.encode()
            )
            summary["ll_opt_runs"] += 1
            what = crash_signatures.crash_signature(returncode, None, err)
            if what:
                report(
                    ["--emit-bytecode"],
                    text.encode(),
                    what,
                    err.decode("utf-8", "replace"),
                )
                continue
            if returncode != 0 or not out:
                continue
            data = mutate_bytes(rng, out)
            what, tail = run_ll_opt(ll_opt, args, data)
            summary["ll_opt_runs"] += 1
            summary["bytecode_runs"] += 1
            if what:
                report(args, data, what, tail)
            continue
        modules = [random_module(rng, i) for i in range(batch)]
        summary["modules"] += len(modules)

        def crashes(part, args=args):
            summary["ll_opt_runs"] += 1
            return (
                run_ll_opt(
                    ll_opt,
                    ["--split-input-file", *args],
                    "\n// -----\n".join(part).encode(),
                )[0]
                is not None
            )

        what, tail = run_ll_opt(
            ll_opt, ["--split-input-file", *args], "\n// -----\n".join(modules).encode()
        )
        summary["ll_opt_runs"] += 1
        if what:
            # A pipeline that crashes on an empty module is one finding,
            # not one per split.
            empty_what, empty_tail = run_ll_opt(ll_opt, args, b"")
            summary["ll_opt_runs"] += 1
            if known_issue(pipeline) or empty_what:
                report(args, b"", empty_what or what, empty_tail or tail)
                continue
            culprits = fuzz_attribute.bisect_crash(modules, crashes) or [
                "<whole batch>"
            ]
            for c in culprits:
                one_what, one_tail = run_ll_opt(ll_opt, args, c.encode())
                summary["ll_opt_runs"] += 1
                report(args, c.encode(), one_what or what, one_tail or tail)
    return summary


def replay(ll_opt: str, record: dict) -> str | None:
    """Runs a saved regression input; the crash description or None."""
    data = (
        bytes.fromhex(record["input_hex"])
        if "input_hex" in record
        else record["input"].encode()
    )
    return run_ll_opt(ll_opt, record["args"], data)[0]


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ll-opt", default=None)
    args = parser.parse_args()
    tool = fuzz_attribute.ll_opt_path(args.ll_opt)
    result = fuzz(tool, args.seed, args.runs)
    print(json.dumps({k: v for k, v in result.items() if k != "passes"}, indent=1))
    sys.exit(1 if result["crashes"] else 0)
