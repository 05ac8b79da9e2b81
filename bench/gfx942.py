"""LDS and total instruction counts of our gfx942 (wave64) conversions next
to Triton 3.6's, from the AMDGPU assembly of both, on a CPU-only machine
(issues 6 and 18).

    PYTHONPATH=build/dev/python_packages LL_TOOLS_DIR=build/dev/bin \\
        .venv/bin/python bench/gfx942.py [--isa-dir DIR]

Cases: the benchmark corpus and its extra cases (bench/corpus.json,
bench/extra_cases.json) and the real corpus (bench/real_corpus.json), made
wave64 (test/gpu/cases.py `wave64_case`), the fixed lane patterns with 64 lanes (`lane_pattern_cases(6)`), and a few
conversions between native AMD layout families (mfma accumulator, blocked,
mfma dot operand; built with linear_layout.families for us and with
Triton's own encodings for Triton). For each: our `conv` kernel
(linear_layout.kernels.conv, lanes=64) through ll.compile(chip="gfx942")
(ll-opt, mlir-translate, Debian's llc-22), and Triton's Gluon `conv` kernel
(bench/gfx942_triton.py, one subprocess per case) through
triton.compile(target=GPUTarget("hip", "gfx942", 64)), num_warps = the
case's warps. Both kernels load the tile in the source layout, convert,
and store it in the destination layout, so their bodies differ only in the
conversion (and address arithmetic).

Counted in the kernel body: LDS writes and reads (ds_write*/ds_store*,
ds_read*/ds_load*; a ds_write2/ds_read2 counts once), cross-lane LDS-unit
instructions (ds_bpermute, ds_permute, ds_swizzle), DPP instructions
(*_dpp), s_barrier, global/buffer loads and stores, and LDS bytes
allocated. A case is "worse" when our LDS instructions (writes + reads +
cross-lane) or all our instructions outnumber Triton's; "rejected: LDS"
when ll-opt rejects a conversion larger than the 64 KiB of LDS (Triton's
kernel then declares as much, which cannot launch).

Also 72 random conversions (`random_cases`), reported apart: their totals,
verdicts and every case where ours has more of either count.

Writes bench/results/gfx942.json and bench/results/gfx942.md. Exits with
status 1 if a corpus case is worse or failed on our side.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "test" / "gpu"))
build = os.environ.get("LL_BUILD_DIR")
if build:
    sys.path.insert(0, str((ROOT / build / "python_packages").resolve()))

import cases as case_lib  # test/gpu/cases.py
import linear_layout as ll

CHIP = "gfx942"
LANES = 64
LLVM_BIN = Path("/usr/lib/llvm-22/bin")
TRITON_HELPER = HERE / "gfx942_triton.py"
RESULTS = HERE / "results"
LDS_LIMIT = 65536  # bytes of LDS one workgroup may use on gfx942

# ---------------------------------------------------------------------------
# Cases


def family_cases() -> list[dict]:
    """Conversions between native AMD families (gfx942: mfma version 3,
    wave64). Each carries the family specs (Triton builds its own encodings
    from them) and our linear layouts of the same families."""
    mfma32 = {"kind": "amd_mfma", "version": 3, "instr_shape": [32, 32, 8],
              "transposed": False, "warps_per_cta": [2, 2]}
    mfma32_t = dict(mfma32, transposed=True, warps_per_cta=[4, 1])
    mfma16_t = {"kind": "amd_mfma", "version": 3, "instr_shape": [16, 16, 16],
                "transposed": True, "warps_per_cta": [4, 1]}
    blocked_4x16 = {"kind": "blocked", "size_per_thread": [1, 4], "threads_per_warp": [4, 16],
                    "warps_per_cta": [4, 1], "order": [1, 0]}
    blocked_8x8 = {"kind": "blocked", "size_per_thread": [1, 8], "threads_per_warp": [8, 8],
                   "warps_per_cta": [4, 1], "order": [1, 0]}
    dot_a = {"kind": "dot_operand", "operand_index": 0, "k_width": 4, "parent": mfma32_t}
    dot_a16 = {"kind": "dot_operand", "operand_index": 0, "k_width": 4, "parent": mfma16_t}
    specs = [
        ("mfma32_to_blocked_128x128_fp16_w4", mfma32, blocked_4x16, [128, 128], "fp16"),
        ("mfma32_to_blocked_128x128_fp32_w4", mfma32, blocked_4x16, [128, 128], "fp32"),
        ("mfma16t_to_blocked_64x64_fp32_w4", mfma16_t, blocked_4x16, [64, 64], "fp32"),
        ("blocked_to_mfma32_dotA_128x64_fp16_w4", blocked_8x8, dot_a, [128, 64], "fp16"),
        ("blocked_to_mfma16_dotA_64x64_fp16_w4", blocked_8x8, dot_a16, [64, 64], "fp16"),
        ("mfma32t_to_mfma32_dotA_128x64_fp16_w4", mfma32_t, dot_a, [128, 64], "fp16"),
    ]
    out = []
    for name, a, b, shape, dtype in specs:
        out.append({"name": name, "src": family_bases(a, shape), "dst": family_bases(b, shape),
                    "shape": shape, "dtype": dtype, "warps": 4, "origin": "amd-family",
                    "triton_src": a, "triton_dst": b})
    return out


def family(spec: dict):
    kind = spec["kind"]
    if kind == "blocked":
        return ll.BlockedLayout(size_per_thread=spec["size_per_thread"],
                                threads_per_warp=spec["threads_per_warp"],
                                warps_per_cta=spec["warps_per_cta"], order=spec["order"])
    if kind == "amd_mfma":
        return ll.AmdMfmaLayout(version=spec["version"], instr_shape=spec["instr_shape"],
                                transposed=spec["transposed"], warps_per_cta=spec["warps_per_cta"])
    if kind == "dot_operand":
        return ll.DotOperandLayout(parent=family(spec["parent"]), operand_index=spec["operand_index"],
                                   k_width=spec["k_width"])
    raise ValueError(f"unknown layout spec {kind!r}")


def family_bases(spec: dict, shape: list) -> dict:
    bases = family(spec).to_linear(shape).bases
    return {d: [list(b) for b in bases[d]] for d in ("register", "lane", "warp")}


def all_cases() -> list[dict]:
    corpus = [case_lib.wave64_case(c) for c in case_lib.corpus_cases()]
    # The shared corpus cases and the bench's extra cases, all of them.
    expected = sum(len(json.loads((HERE / f).read_text()))
                   for f in ("corpus.json", "extra_cases.json"))
    if len(corpus) != expected:
        raise SystemExit(f"expected {expected} corpus cases, found "
                         f"{len(corpus)} (bench/corpus.json, "
                         f"bench/extra_cases.json)")
    real = [dict(case_lib.wave64_case(c), origin="real")
            for c in case_lib.corpus_cases(str(HERE / "real_corpus.json"))]
    if not real:
        raise SystemExit("no cases in bench/real_corpus.json")
    # The held-out real-kernel conversions (bench/real2_harvest.py).
    real += [dict(case_lib.wave64_case(c), origin="real2")
             for c in case_lib.corpus_cases(str(HERE / "real2_corpus.json"))]
    return corpus + real + case_lib.lane_pattern_cases(6) + family_cases()


def random_cases() -> list[dict]:
    """Conversions nobody tuned for: random wave64 layout pairs and random
    warp-local exchanges (test/gpu/cases.py, fixed seeds), reported apart
    from the corpora (issue 18: no case worse than Triton's)."""
    return [dict(c, origin="random") for c in
            case_lib.random_cases(48, seed=10, lane_bits=6)
            + case_lib.shuffle_cases(24, seed=11, lane_bits=6)]


# ---------------------------------------------------------------------------
# Counting instructions in AMDGPU assembly

_WIDTH = re.compile(r"_[bui](\d+)")


_PRELOAD = re.compile(r"\.amdhsa_user_sgpr_kernarg_preload_length\s+([1-9]\d*)")


def kernel_body(asm: str) -> list[str]:
    """The instruction lines (mnemonic first) that the kernel function
    executes: from its label to .Lfunc_end, without directives, comments and
    labels. A kernel whose arguments are preloaded into SGPRs starts with a
    compatibility preamble (its arguments loaded from memory, then a branch
    to the 256-byte aligned entry) that preloading firmware skips: it is
    left out (both sides preload on gfx942; docs/lowering-rocdl.md, "Kernel
    arguments in SGPRs")."""
    lines, inside = [], False
    skip_to = None
    if _PRELOAD.search(asm):
        m = re.search(r"^\s*s_branch\s+(\S+)", asm, re.MULTILINE)
        skip_to = m.group(1) + ":" if m else None
    for raw in asm.splitlines():
        line = raw.split(";", 1)[0].strip()
        if not inside:
            inside = bool(re.match(r"^[A-Za-z_][\w.$]*:$", line)) and not line.startswith(".")
            continue
        if line.startswith(".Lfunc_end"):
            break
        if skip_to is not None:
            if line == skip_to:
                skip_to = None
            continue
        if not line or line.startswith(".") or line.endswith(":"):
            continue
        lines.append(line)
    return lines


def lds_bytes_per_lane(mnemonic: str) -> int:
    m = _WIDTH.search(mnemonic)
    width = int(m.group(1)) // 8 if m else 4
    return 2 * width if re.match(r"ds_(read|write|load|store)2", mnemonic) else width


def count(asm: str) -> dict:
    body = kernel_body(asm)
    c = {"lds_write": 0, "lds_read": 0, "lds_cross_lane": 0, "dpp": 0, "lds_other": 0,
         "s_barrier": 0, "global_load": 0, "global_store": 0, "lane_ops": 0,
         "lds_write_bytes_per_lane": 0, "lds_read_bytes_per_lane": 0, "instructions": len(body)}
    mnemonics: dict[str, int] = {}
    for line in body:
        op = line.split()[0]
        if op.endswith("_dpp") or op.startswith(("ds_", "s_barrier", "global_", "buffer_", "v_readlane",
                                                  "v_writelane", "v_permlane")):
            mnemonics[op] = mnemonics.get(op, 0) + 1
        if re.match(r"ds_(write|store)", op):
            c["lds_write"] += 1
            c["lds_write_bytes_per_lane"] += lds_bytes_per_lane(op)
        elif re.match(r"ds_(read|load)", op):
            c["lds_read"] += 1
            c["lds_read_bytes_per_lane"] += lds_bytes_per_lane(op)
        elif re.match(r"ds_(bpermute|permute|swizzle)", op):
            c["lds_cross_lane"] += 1
        elif op.startswith("ds_"):
            c["lds_other"] += 1
        elif op == "s_barrier":
            c["s_barrier"] += 1
        elif re.match(r"(global|buffer)_load", op):
            c["global_load"] += 1
        elif re.match(r"(global|buffer)_store", op):
            c["global_store"] += 1
        elif op.startswith(("v_readlane", "v_writelane", "v_permlane")):
            c["lane_ops"] += 1
        if op.endswith("_dpp") or re.search(r"\b(quad_perm|row_\w+|wave_\w+)\b", line):
            c["dpp"] += 1
    c["lds_total"] = c["lds_write"] + c["lds_read"] + c["lds_cross_lane"] + c["lds_other"]
    c["mnemonics"] = dict(sorted(mnemonics.items()))
    m = re.search(r"\.amdhsa_group_segment_fixed_size\s+(\d+)", asm)
    c["group_segment_bytes"] = int(m.group(1)) if m else None
    return c


# ---------------------------------------------------------------------------
# Both compilers


def assembles(asm: str) -> tuple[bool, str]:
    mc = LLVM_BIN / "llvm-mc"
    if not mc.exists():
        return False, "llvm-mc-22 not found"
    proc = subprocess.run([str(mc), "-triple=amdgcn-amd-amdhsa", f"-mcpu={CHIP}", "-filetype=obj",
                           "-o", os.devnull], input=asm, capture_output=True, text=True, check=False)
    return proc.returncode == 0, proc.stderr.strip()[-300:]


def ours(case: dict) -> dict:
    bits = ll.kernels.DTYPES[case["dtype"]][1]
    shape = {f"dim{i}": s for i, s in enumerate(case["shape"])}
    out: dict = {}
    try:
        a, b = ll.LinearLayout(case["src"], shape), ll.LinearLayout(case["dst"], shape)
        plan = ll.plan_conversion(a, b, bits, target=CHIP)
        out["plan"] = {"kind": plan.kind, "store_wavefronts": plan.store_wavefronts,
                       "load_wavefronts": plan.load_wavefronts, "shared_bytes": plan.shared_bytes,
                       "vector_bits": plan.vector_bits, "rounds": plan.rounds,
                       "shuffles": plan.shuffles, "selects": plan.selects}
        if plan.swizzle is not None:
            out["plan"]["store_instructions_per_warp"] = plan.swizzle.store.instructions_per_warp
            out["plan"]["load_instructions_per_warp"] = plan.swizzle.load.instructions_per_warp
        module = ll.kernels.conv(case["src"], case["dst"], case["shape"], case["dtype"],
                                 warps=case["warps"], lanes=LANES)
        compiled = ll.compile(module, chip=CHIP)
        asm = str(compiled)
    except Exception as e:  # noqa: BLE001 (a failure on our side is a finding, recorded)
        lines = str(e).strip().splitlines() or [""]
        first_error = next((x for x in lines if "error:" in x), lines[-1])
        out["error"] = f"{type(e).__name__}: {first_error[:300]}"
        return out
    out["asm"] = asm
    out["assembles"], why = assembles(asm)
    if not out["assembles"]:
        out["assemble_error"] = why
    out["counts"] = count(asm)
    # Large tiles use an external (dynamically sized) LDS array, which the
    # group-segment directive does not count: take the plan's size.
    out["dynamic_lds"] = bool(re.search(r"= external addrspace\(3\) global", compiled.llvm_ir))
    out["lds_bytes"] = (out["counts"]["group_segment_bytes"] or 0) + \
        (out["plan"]["shared_bytes"] if out["dynamic_lds"] else 0)
    return out


def triton(case: dict) -> dict:
    keys = ("name", "src", "dst", "shape", "dtype", "warps", "triton_src", "triton_dst")
    payload = json.dumps({k: case[k] for k in keys if k in case})
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    try:
        proc = subprocess.run([sys.executable, str(TRITON_HELPER)], input=payload, capture_output=True,
                              text=True, check=False, timeout=600, env=env)
    except subprocess.TimeoutExpired:
        return {"error": "timeout after 600 s"}
    if proc.returncode != 0:
        tail = [s for s in proc.stderr.strip().splitlines() if s.strip()]
        how = f"signal {-proc.returncode}" if proc.returncode < 0 else f"exit {proc.returncode}"
        # Only a source file's name: its path is the machine's.
        last = re.sub(r"(?:/[^\s:/]+)+/([^\s:/]+)", r"\1", tail[-1]) if tail else "no message"
        return {"error": f"{how}: {last[:300]}"}
    out = json.loads(proc.stdout)
    out["counts"] = count(out["asm"])
    out["lds_bytes"] = out["shared"]
    if "triton_linear" in out:  # native encodings: the same layouts as ours?
        out["same_layouts"] = (out["triton_linear"]["src"] == case["src"]
                               and out["triton_linear"]["dst"] == case["dst"])
    return out


# ---------------------------------------------------------------------------
# Report


def versions() -> dict:
    llc = subprocess.run([str(LLVM_BIN / "llc"), "--version"], capture_output=True, text=True,
                         check=False).stdout
    m = re.search(r"LLVM version ([\w.\-]+)", llc)
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True, check=False).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True, check=False).stdout.strip()
    if dirty:
        head += " (with uncommitted changes)"
    return {"llc": f"Debian LLVM {m.group(1)}" if m else "unknown", "cpu": cpu, "cores": os.cpu_count(),
            "python": platform.python_version(), "os": platform.platform(), "git_head": head}


def verdict(row: dict) -> str:
    o, t = row["ours"], row["triton"]
    if re.search(r"more than the \d+ (bytes of shared memory|the target allows)", o.get("error", "")):
        # ll-opt rejects a conversion whose scratch exceeds the LDS.
        return "rejected: LDS"
    if "error" in o or not o.get("assembles"):
        return "FAILED (ours)"
    if "error" in t:
        return "no Triton"
    oc, tc = o["counts"], t["counts"]
    lds, instr = (oc["lds_total"], tc["lds_total"]), (oc["instructions"], tc["instructions"])
    if lds[0] > lds[1] or instr[0] > instr[1]:
        # Triton's kernel declares more LDS than a workgroup may use (it
        # cannot launch on gfx942); ours fits, by splitting into rounds.
        if (t.get("lds_bytes") or 0) > LDS_LIMIT >= (o.get("lds_bytes") or 0):
            return "ok (Triton over the LDS limit)"
        return "**worse**"
    return "ok (fewer)" if lds[0] < lds[1] else "ok (equal)"


def lds_cell(c: dict) -> str:
    s = f"{c['lds_write']}+{c['lds_read']}, {c['lds_cross_lane']}"
    if c["lds_other"]:
        s += f" (+{c['lds_other']} other)"
    return s


def plan_cell(p: dict | None) -> str:
    if not p:
        return "-"
    if p["kind"] == "shared_memory":
        return f"smem {p['store_wavefronts']}/{p['load_wavefronts']} wf"
    if p["kind"] == "shuffle":
        return f"shuffle x{p['shuffles']}"
    return p["kind"]


# Why a case is worse, from reading both assemblies (kept next to the
# numbers; a worse case without an entry is reported as not analysed).
_PAIRING = (
    "Triton's memory layout maps one register bit of each side to a high LDS address bit that no "
    "lane bit touches, so two registers share one address VGPR and differ by an immediate; LLVM's "
    "SILoadStoreOptimizer then fuses them into one `ds_write2st64_b32`/`ds_read2st64_b32` (two "
    "dwords, offsets in units of 256 bytes). Our planner XORs every register bit of both sides into "
    "the bank bits (those register directions are the other side's lane directions within an LDS "
    "phase, so conflict-free needs them in the banks): each register gets its own `v_xor` address "
    "and nothing can be fused. Bytes per lane moved are the same.")
ANALYSIS = {
    "seed_transpose_16x32_f32_wave64": _PAIRING + " The model check below shows the price of "
    "Triton's layout.",
    "transpose_32x32_fp32_w1_wave64": _PAIRING,
    "transpose_64x64_fp16_w4_wave64": (
        "Stores are the same (32 `ds_write_b16`/`_d16_hi` on both sides). Loads: Triton puts a "
        "register bit of the destination (dim0 +4) in the 16-bit sub-word of its memory layout, so "
        "it loads two fp16 per dword, and fuses dword pairs as above: 8 `ds_read2st64_b32` against "
        "our 32 `ds_read_u16`. Our plan vectorises only along A_reg ∩ B_reg (empty here) and gives "
        "the sub-word to lane bit 5 (shared by both sides), 16-bit accesses on both sides. With a "
        "destination register in the sub-word, the 64 storing lanes of each `ds_write_b16` write "
        "64 different dwords in 32 banks: at least 2 wavefronts per store in our gfx942 model, "
        "where ours takes 1 (not measured on hardware)."),
    "blocked_to_mfma32_dotA_128x64_fp16_w4": (
        "Stores are fused on both sides (4 `ds_write2st64_b64` ours, 4 `ds_write2_b64` Triton). "
        "Loads: our 8 `ds_read_b64` each have their own XORed address (the 3 destination register "
        "bits beyond the 64-bit vector, dim1 8/16/32, are the storing lanes' bank directions), "
        "Triton's 4 `ds_read2st64_b64` pair registers 4096 bytes apart (one of those register "
        "bits on a bank-free address bit), as for the transposes."),
    "lane_exchange_2_6_fp32": (
        "No LDS on Triton's side: it exchanges lane bit 2 with DPP `row_shr:4`/`row_shl:4` movs "
        "with `bank_mask` 0xa/0x5 (4 `v_mov_b32_dpp` for 2 values); we use 2 `ds_swizzle_b32` "
        "(SWAP,4), which go through the LDS unit. Our DPP lowering covers quad_perm (lane bits 0-1) "
        "and mirrors; the row shifts with bank masks for lane bits 2-3 are missing."),
    "lane_exchange_3_6_fp32": (
        "As lane_exchange_2: Triton uses DPP `row_shr:8`/`row_shl:8` with bank masks (4 "
        "`v_mov_b32_dpp`), we use 2 `ds_swizzle_b32` (SWAP,8)."),
}

# Triton's memory layout for seed_transpose_16x32_f32_wave64, read off its
# assembly (ds_write2st64_b32 / ds_read2st64_b32 addresses as functions of
# the lane and register bits; the store and load sides give the same
# layout): LDS element offset bit i -> tensor coordinate [dim0, dim1].
TRITON_SEED_LAYOUT = [[0, 4], [0, 8], [0, 16], [16, 0], [0, 1], [2, 4], [4, 8], [8, 16], [0, 2], [1, 0]]


def model_check(rows: list[dict]) -> list[str]:
    """Wavefronts of ours vs Triton's (reconstructed) memory layout for the
    seed transpose under our gfx942 bank model (ll.wavefronts)."""
    row = next((r for r in rows if r["name"] == "seed_transpose_16x32_f32_wave64"), None)
    if row is None:
        return []
    shape = {f"dim{i}": s for i, s in enumerate(row["shape"])}
    a, b = ll.LinearLayout(row["src"], shape), ll.LinearLayout(row["dst"], shape)
    plan = ll.plan_conversion(a, b, 32, target=CHIP)
    theirs = ll.LinearLayout({"offset": TRITON_SEED_LAYOUT}, shape)
    res = {}
    for who, mem in (("ours", plan.memory_layout), ("triton", theirs)):
        res[who] = [ll.wavefronts(mem, lay, 32, 32, target=CHIP, access=acc)
                    for lay, acc in ((a, "store"), (b, "load"))]
    row["model_check"] = {"triton_memory_layout": TRITON_SEED_LAYOUT, "wavefronts": res}
    o_st, o_ld = res["ours"]
    t_st, t_ld = res["triton"]
    text = (f"Triton's memory layout, read off its assembly (offset bit -> [dim0, dim1]): "
            f"`{TRITON_SEED_LAYOUT}`; ours: `{plan.memory_layout.bases['offset']}`. Under our gfx942 "
            "bank model (32 banks x 4 bytes, a 32-bit wave64 access in 2 phases of 32 lanes; "
            f"`ll.wavefronts`), store/load wavefronts: ours {o_st}/{o_ld}, Triton's {t_st}/{t_ld}.")
    if t_st + t_ld > o_st + o_ld:
        text += (" Triton's layout has bank conflicts (in its store, lane bit 1 reaches no bank bit; "
                 "in its load, lane bit 0), the price of its bank-free register bit: it issues fewer "
                 "LDS instructions but, by this model, more LDS wavefronts. Whether a fused "
                 "`ds_write2st64`/`ds_read2st64` hides that on MI300 cannot be measured here (no AMD "
                 "GPU). Within XOR (F2) memory layouts, fusing and conflict-free exclude each other "
                 "for this conversion (the reason given above).")
    return ["### Model check: seed_transpose_16x32_f32_wave64", "", text, ""]


def lds_mnemonics(c: dict) -> str:
    ops = {k: v for k, v in c["mnemonics"].items() if k.startswith("ds_") or k.endswith("_dpp")}
    return ", ".join(f"{v} {k}" for k, v in ops.items()) or "none"


def random_section(rows: list[dict]) -> list[str]:
    """The summary of the random conversions: totals over those both sides
    compile, the verdicts, and every case where ours has more of either."""
    both = [r for r in rows if "counts" in r["ours"] and "counts" in r["triton"]]

    def total(side: str, key: str) -> int:
        return sum(r[side]["counts"][key] for r in both)

    verdicts: dict[str, int] = {}
    for r in rows:
        verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
    out = ["", "## Random conversions", "",
           (f"{len(rows)} conversions nobody tuned for (`random_cases` of bench/gfx942.py: "
            "random wave64 layout pairs and warp-local exchanges, fixed seeds), counted the same "
            f"way; not in the table above. Triton compiles {len(both)} of them; over those, all "
            f"instructions ours {total('ours', 'instructions')} against Triton's "
            f"{total('triton', 'instructions')}, LDS instructions {total('ours', 'lds_total')} "
            f"against {total('triton', 'lds_total')}. Verdicts: "
            + ", ".join(f"{v} {k}" for k, v in sorted(verdicts.items())) + "."),
           ""]
    worse = [r for r in rows if r["verdict"] in ("**worse**", "ok (Triton over the LDS limit)")]
    if worse:
        out += ["| case | dtype | warps | plan | LDS ours/Triton | instr ours/Triton | verdict |",
                "|---|---|---|---|---|---|---|"]
        for r in worse:
            o, t = r["ours"]["counts"], r["triton"]["counts"]
            out.append(f"| {r['name']} | {r['dtype']} | {r['warps']} | {plan_cell(r['ours'].get('plan'))} "
                       f"| {o['lds_total']}/{t['lds_total']} | {o['instructions']}/{t['instructions']} "
                       f"| {r['verdict']} |")
    failed = [r for r in rows if r["verdict"].startswith("FAILED")]
    for r in failed:
        out.append(f"- `{r['name']}`: {r['ours'].get('error', 'does not assemble')}")
    return out


def markdown(rows: list[dict], env: dict, random_rows: list[dict] | None = None) -> str:
    worse = [r for r in rows if r["verdict"] == "**worse**"]
    failed = [r for r in rows if r["verdict"].startswith("FAILED")]
    no_triton = [r for r in rows if r["verdict"] == "no Triton"]
    t_version = next((r["triton"]["triton_version"] for r in rows if "triton_version" in r["triton"]), "?")
    out = [
        "# gfx942 (wave64): LDS and total instructions, ours vs Triton 3.6",
        "",
        f"Generated by `bench/gfx942.py` (issues 6 and 18) on {datetime.date.today()}. "
        + "No AMD GPU: both sides are",
        "compiled to AMDGPU assembly for gfx942 on a CPU-only machine and the instructions are counted",
        "statically (docs/lowering-rocdl.md has the rules behind our side).",
        "",
        f"- Machine: {env['cpu']} ({env['cores']} cores), {env['os']}, Python {env['python']}.",
        (f"- Ours: `ll.compile(kernels.conv(..., lanes=64), chip=\"gfx942\")` at {env['git_head']} "
         f"(build/dev), LLVM IR -> {env['llc']} `llc -O3 -mcpu=gfx942`; the assembly is"),
        "  re-assembled with `llvm-mc-22 -filetype=obj` (column *asm*).",
        f"- Triton {t_version}: the Gluon `conv` kernel of bench/triton_ref/triton_kernels.py",
        "  (`bench/gfx942_triton.py`), `triton.compile(..., target=GPUTarget(\"hip\", \"gfx942\", 64),",
        "  num_warps=<case warps>)`, its `asm[\"amdgcn\"]` (Triton's bundled LLVM). Corpus and",
        "  lane-pattern cases use `ttgl.DistributedLinearLayout`; the AMD-family cases use Triton's",
        "  native encodings (`AMDMFMALayout`, `BlockedLayout`, `DotOperandLayout`), checked to give",
        "  the same linear layouts as `linear_layout.families` (column *same*).",
        "",
        "## Method",
        "",
        "Both kernels load one tile in layout A, convert it to layout B and store it, so the",
        "kernels differ only in the conversion. Cases: the 13 public corpus cases, the 10 extra",
        "cases (8-bit transposes and dot operands, 8-warp bf16 transposes), the real-corpus",
        "conversions (bench/real_corpus.json) and the held-out real-kernel ones",
        "(bench/real2_corpus.json), made wave64",
        "(`wave64_case`: tile doubled along dim0, lane bit 5 the new half), the 10 fixed lane",
        "patterns of `lane_pattern_cases(6)`, and 6 conversions between native AMD families.",
        "Counted in the kernel body (label to `.Lfunc_end`; both sides preload their arguments",
        "into SGPRs, and the compatibility preamble that preloading firmware skips is left out):",
        "LDS writes + reads",
        "(`ds_write*`/`ds_store*`, `ds_read*`/`ds_load*`; a fused `ds_write2*`/`ds_read2*` counts",
        "once), cross-lane LDS-unit instructions (`ds_bpermute`, `ds_permute`, `ds_swizzle`), DPP",
        "instructions (`*_dpp`, not LDS), `s_barrier`, global loads/stores (`global_*`/`buffer_*`),",
        "all instructions (*instr*). LDS bytes: ours from `.amdhsa_group_segment_fixed_size`,",
        "Triton's from `metadata.shared` (Triton allocates LDS dynamically; its directive says 0).",
        "*Plan*: `ll.plan_conversion(A, B, bits, target=\"gfx942\")`: kind and predicted",
        "store/load wavefronts (all waves). A case is **worse** when our LDS instructions",
        "(writes + reads + cross-lane) or all our instructions (*instr*) outnumber Triton's;",
        "*rejected: LDS* when ll-opt rejects a conversion larger than gfx942's 64 KiB of LDS;",
        "*ok (Triton over the LDS limit)* when ours uses more instructions but Triton's kernel",
        "declares more than the 64 KiB (it cannot launch) and ours fits by splitting into rounds.",
        "",
        "## Results",
        "",
        "LDS columns: `writes+reads, cross-lane`. *B/lane*: LDS bytes written+read per lane.",
        "o/T: ours/Triton.",
        "",
        ("| case | dtype | w | plan | ours LDS | Triton LDS | B/lane o; T | DPP o/T | s_barrier o/T "
         "| LDS bytes o/T | global ld+st o; T | instr o/T | asm | same | verdict |"),
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        o, t = r["ours"], r["triton"]
        oc, tc = o.get("counts"), t.get("counts")
        if oc is None:
            out.append(f"| {r['name']} | {r['dtype']} | {r['warps']} | {plan_cell(o.get('plan'))} | "
                       f"error: {o['error']} | | | | | | | | | | {r['verdict']} |")
            continue

        def both(key, sep="/", c1=oc, c2=tc):
            return f"{c1[key]}{sep}{c2[key] if c2 else '-'}"

        t_lds = lds_cell(tc) if tc else "Triton failed (below)"
        bpl = f"{oc['lds_write_bytes_per_lane']}+{oc['lds_read_bytes_per_lane']}; " + (
            f"{tc['lds_write_bytes_per_lane']}+{tc['lds_read_bytes_per_lane']}" if tc else "-")
        glob = f"{oc['global_load']}+{oc['global_store']}; " + (
            f"{tc['global_load']}+{tc['global_store']}" if tc else "-")
        same = {True: "yes", False: "**no**"}.get(t.get("same_layouts"), "n/a")
        o_lds = f"{o['lds_bytes']}{' (dyn)' if o['dynamic_lds'] else ''}"
        out.append(
            f"| {r['name']} | {r['dtype']} | {r['warps']} | {plan_cell(o.get('plan'))} | {lds_cell(oc)} | "
            f"{t_lds} | {bpl} | {both('dpp')} | {both('s_barrier')} | "
            f"{o_lds}/{t['lds_bytes'] if tc else '-'} | {glob} | {both('instructions')} | "
            f"{'ok' if o['assembles'] else 'FAIL'} | {same} | {r['verdict']} |")
    n_ok = sum(r["verdict"].startswith("ok") for r in rows)
    n_fewer = sum(r["verdict"] == "ok (fewer)" for r in rows)
    n_over = sum(r["verdict"] == "ok (Triton over the LDS limit)" for r in rows)
    out += ["", "## Summary", "",
            (f"{len(rows)} cases: {n_ok - n_over} ok (never more LDS instructions nor more "
             f"instructions than Triton; {n_fewer} with fewer LDS instructions), {n_over} with more "
             f"where Triton's kernel exceeds the LDS (below), {len(worse)} worse, {len(failed)} failed on our side, "
             f"{sum(r['verdict'] == 'rejected: LDS' for r in rows)} rejected for exceeding the "
             f"LDS (below), {len(no_triton)} without a Triton reference (Triton failed)."), ""]
    if worse:
        out.append("**We use more LDS instructions or more instructions than Triton in:** "
                   + ", ".join(f"`{r['name']}` (LDS {r['ours']['counts']['lds_total']} vs "
                               f"{r['triton']['counts']['lds_total']}, instructions "
                               f"{r['ours']['counts']['instructions']} vs "
                               f"{r['triton']['counts']['instructions']})" for r in worse)
                   + ". The issue's goal (never more) is not met for these.")
        out.append("")
    for r in failed + no_triton:
        err = r["ours"].get("error") or r["ours"].get("assemble_error") or r["triton"].get("error")
        out.append(f"- `{r['name']}`: {'ours' if r in failed else 'Triton'} failed: {err}")
    too_big = [r for r in rows if max(r["ours"].get("lds_bytes") or 0, r["triton"].get("lds_bytes") or 0)
               > LDS_LIMIT]
    rejected = [r for r in too_big if r["verdict"] == "rejected: LDS"]
    fitted = [r for r in too_big if r not in rejected]
    if rejected:
        out += ["", ("LDS larger than the 64 KiB a gfx942 workgroup may use (Triton's kernel declares "
                     "it and could not launch on MI300; no split into rounds over register or warp "
                     "directions fits; ll-opt rejects the conversion with a located error, "
                     "Triton compiles it; gfx950's 160 KiB runs ours, checked by the interpreter in "
                     "test/python/test_rocdl_lds_forms.py): "
                     + ", ".join(f"`{r['name']}` (ours {r['ours'].get('lds_bytes') or 'rejected'}, Triton "
                                 f"{r['triton'].get('lds_bytes', '-')} bytes)" for r in rejected) + ".")]
    if fitted:
        out += ["", ("Triton over the 64 KiB, ours within it: our plan runs rounds of half the "
                     "scratch, over a register direction both layouts share (which Triton spends on "
                     "wider vectors) or, where they share none, over a warp direction of one side "
                     "(docs/planning.md, \"Rounds over warps\"), and Triton's allocates the whole "
                     "tile, so its kernel cannot launch on gfx942: "
                     + ", ".join(f"`{r['name']}` (ours {r['ours'].get('lds_bytes')}, Triton "
                                 f"{r['triton'].get('lds_bytes', '-')} bytes; LDS instructions "
                                 f"{r['ours']['counts']['lds_total']} vs "
                                 f"{r['triton']['counts']['lds_total']})" for r in fitted) + ".")]
    if any(r["ours"].get("dynamic_lds") for r in rows):
        out += ["", ("*(dyn)*: our kernel takes its LDS as an external, dynamically sized array "
                     "(`.amdhsa_group_segment_fixed_size` 0); the size shown is the plan's.")]
    if worse:
        out += ["", "## Why we are worse (from the assemblies)", ""]
        for r in worse:
            out += [f"### {r['name']}", "",
                    f"- ours: {lds_mnemonics(r['ours']['counts'])}",
                    f"- Triton: {lds_mnemonics(r['triton']['counts'])}", "",
                    ANALYSIS.get(r["name"], "Not analysed yet."), ""]
        out += model_check(rows)
    if no_triton and all(r["name"].startswith("lane_mirror") for r in no_triton):
        out += ["", ("The lane-mirror cases' destination has a register basis that is a sum of unit "
                     "vectors (`[0, 64 ^ (2^k - 1)]`); Triton 3.6 aborts on them (assertion above), so "
                     "there is no reference; ours uses DPP (k = 2..4) or `ds_swizzle` (k = 5).")]
    if random_rows:
        out += random_section(random_rows)
    out += ["", "## Notes", "",
            ("- `plan_conversion(..., target=\"gfx942\")` names the instructions `st.shared`/"
             "`ld.shared` (NVIDIA names) in `store_instruction`/`load_instruction`."),
            ("- *Plan* is the plan of the layouts as written; `ll.compile` first runs "
             "`ll-optimize-register-order` (docs/register-order.md). On AMD it keeps a tile "
             "access's layout where the new order would XOR registers into the thread part of "
             "their global addresses (docs/lowering-rocdl.md, \"Register order\"): the seed "
             "transpose stays a shared-memory round trip, and the intra-warp exchange keeps its "
             "selects (when the rule was measured, 2026-11-24: 95 instructions against 238 in "
             "the select-free `ds_bpermute` order, and 217 against 181, Triton 221; the table "
             "above has today's counts). Not measured on hardware."),
            ("- The real corpus's mma layouts are NVIDIA's (mma v2/v3 accumulators) made wave64, "
             "not AMD's own; the AMD-family rows use mfma layouts.")]
    out += ["", ("Mnemonic counts of every kernel are in `bench/results/gfx942.json`; "
                 "`--isa-dir DIR` writes both assemblies."), ""]
    return "\n".join(out)


def exit_status(rows: list[dict]) -> int:
    """1 where a case is worse or failed on our side."""
    return 1 if any(r["verdict"] in ("**worse**", "FAILED (ours)") for r in rows) else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--isa-dir", help="also write both assemblies of every case here")
    parser.add_argument("--only", help="only the cases whose name contains this")
    parser.add_argument("--no-write", action="store_true", help="do not write bench/results")
    parser.add_argument("--report-only", action="store_true",
                        help="recompute the verdicts and the table from bench/results/gfx942.json")
    args = parser.parse_args()
    if args.report_only:
        saved = json.loads((RESULTS / "gfx942.json").read_text())
        rows, random_rows = saved["cases"], saved.get("random", [])
        for row in rows + random_rows:
            row["verdict"] = verdict(row)
        (RESULTS / "gfx942.json").write_text(json.dumps(saved, indent=1) + "\n")
        (RESULTS / "gfx942.md").write_text(markdown(rows, saved["env"], random_rows))
        return exit_status(rows)
    wanted = [c for c in all_cases() + random_cases()
              if not args.only or args.only in c["name"]]
    env = versions()
    rows = []
    for case in wanted:
        o, t = ours(case), triton(case)
        row = {k: case[k] for k in ("name", "origin", "dtype", "warps", "shape", "src", "dst")}
        row.update(ours=o, triton=t)
        row["verdict"] = verdict(row)
        if args.isa_dir:
            d = Path(args.isa_dir)
            d.mkdir(parents=True, exist_ok=True)
            for side, res in (("ours", o), ("triton", t)):
                if "asm" in res:
                    (d / f"{case['name']}.{side}.s").write_text(res["asm"])
        for res in (o, t):
            res.pop("asm", None)
        rows.append(row)
        oc, tc = o.get("counts", {}), t.get("counts", {})
        print(f"{case['name']:60s} lds {oc.get('lds_total', o.get('error'))!s:>4} / "
              f"{tc.get('lds_total', t.get('error'))!s:>4}  instr {oc.get('instructions', '-')!s:>4} / "
              f"{tc.get('instructions', '-')!s:>4}  {row['verdict']}", flush=True)
    random_rows = [r for r in rows if r["origin"] == "random"]
    rows = [r for r in rows if r["origin"] != "random"]
    if not args.no_write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "gfx942.json").write_text(json.dumps({"chip": CHIP, "lanes": LANES, "env": env,
                                                         "cases": rows, "random": random_rows},
                                                        indent=1) + "\n")
        (RESULTS / "gfx942.md").write_text(markdown(rows, env, random_rows))
    return exit_status(rows)


if __name__ == "__main__":
    sys.exit(main())
