"""Registers, shared memory and resident blocks per SM of our kernels and
Triton 3.6's for the same conversions, on the CPU (sm_90, no GPU).

    LL_BENCH_CORPUS=heldout LL_BUILD_DIR=build/x python bench/gpu.py build DIR
    python bench/occupancy.py DIR [results.json] > table.md

Both sides are assembled by Triton's own ptxas (the driver's JIT may choose
other register counts; docs/lowering.md, "Warp phases", found them equal on
the kernels it checked). Triton's kernels are those of
bench/triton_ref/triton_kernels.py (`conv`, `conv_loop` with the rounds of
bench/gpu.py), with the launcher's 16-byte pointer alignment. A block is
resident while the SM has its registers (65,536, allocated per warp in
units of 256), its threads (2,048), its shared memory (228 KiB; the
shared bytes of a kernel are cuobjdump's, which count the 1 KiB the
driver reserves per block, plus the dynamic bytes of its launch) and at
most 32 blocks. With a results JSON of
bench/gpu_report.py, each row also shows the measured ratio to Triton's
time. Prints the kernels whose resident blocks differ, as Markdown.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "triton_ref"))

import gpu

SM_REGISTERS = 65536
SM_THREADS = 2048
SM_SHARED = 228 * 1024
SM_BLOCKS = 32
REGISTER_UNIT = 256  # registers allocated to a warp at a time


def resident_blocks(registers: int, shared: int, warps: int) -> int:
    """Blocks of `warps` warps one SM holds at once (sm_90)."""
    per_warp = -(-registers * 32 // REGISTER_UNIT) * REGISTER_UNIT
    by_registers = SM_REGISTERS // (per_warp * warps) if registers else SM_BLOCKS
    by_threads = SM_THREADS // (32 * warps)
    by_shared = SM_SHARED // shared if shared else SM_BLOCKS
    return min(by_registers, by_threads, by_shared, SM_BLOCKS)


def _nvidia_bin(tool: str) -> str:
    import triton

    return os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia",
                        "bin", tool)


def resources(cubin: bytes) -> tuple[int, int]:
    """(registers per thread, static shared bytes) of a one-kernel cubin."""
    with tempfile.NamedTemporaryFile(suffix=".cubin") as f:
        f.write(cubin)
        f.flush()
        out = subprocess.run([_nvidia_bin("cuobjdump"), "-res-usage", f.name],
                             capture_output=True, text=True, check=True).stdout
    regs = re.search(r"REG:(\d+)", out)
    shared = re.search(r"SHARED:(\d+)", out)
    return int(regs.group(1)) if regs else 0, int(shared.group(1)) if shared else 0


def ours(ptx_path: str) -> bytes:
    with tempfile.NamedTemporaryFile(suffix=".cubin") as f:
        subprocess.run([_nvidia_bin("ptxas"), "-arch=sm_90", ptx_path, "-o",
                        f.name], check=True, capture_output=True)
        return open(f.name, "rb").read()


def triton_kernel(case: dict, kind: str):
    """Triton's compiled kernel of `kind` for `case` (sm_90)."""
    import triton
    import triton_kernels as tk
    from triton.backends.compiler import GPUTarget
    from triton.experimental.gluon._runtime import GluonASTSource

    m, n = case["shape"]
    ptr = tk.PTR[case["dtype"]]
    signature = {"x_ptr": ptr, "y_ptr": ptr, "M": "constexpr",
                 "N": "constexpr", "A": "constexpr", "B": "constexpr"}
    constexprs = {"M": m, "N": n, "A": tk.as_layout(case["A"], case["shape"]),
                  "B": tk.as_layout(case["B"], case["shape"])}
    if kind == "conv_loop":
        signature["R"] = "constexpr"
        constexprs["R"] = gpu.ROUNDS
    attrs = {(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]]}
    src = GluonASTSource(getattr(tk, kind), signature=signature,
                         constexprs=constexprs, attrs=attrs)
    return triton.compile(src, target=GPUTarget("cuda", 90, 32),
                          options={"num_warps": case["warps"]})


def rows(ptx_dir: str, measured: dict) -> list[dict]:
    manifest = gpu._read_json(os.path.join(ptx_dir, "manifest.json"))
    cases = {c["name"]: c for c in gpu.cases(manifest.get("corpus", "public"))}
    out = []
    for entry in manifest["cases"]:
        case = cases[entry["name"]]
        for kind in ("conv", "conv_loop"):
            # Triton's loop kernel cannot add to fp8 (bench/gpu.py).
            if kind not in entry or (kind == "conv_loop" and
                                     case["dtype"] not in gpu.LOOP_DTYPES):
                continue
            our_regs, our_static = resources(
                ours(os.path.join(ptx_dir, entry[kind]["ptx"])))
            our_shared = our_static + entry[kind].get("dynamic_shared_bytes", 0)
            k = triton_kernel(case, kind)
            t_regs, t_static = resources(k.asm["cubin"])
            t_shared = t_static + k.metadata.shared
            ratio = measured.get(entry["name"], {}).get(
                "conv_ratio" if kind == "conv" else "loop_ratio")
            ours_row = {"registers": our_regs, "shared": our_shared,
                        "blocks": resident_blocks(our_regs, our_shared,
                                                  case["warps"])}
            triton_row = {"registers": t_regs, "shared": t_shared,
                          "blocks": resident_blocks(t_regs, t_shared,
                                                    case["warps"])}
            out.append({"name": entry["name"], "kind": kind,
                        "warps": case["warps"], "ours": ours_row,
                        "triton": triton_row, "ratio": ratio})
            print(f"{entry['name']} {kind}: {out[-1]['ours']} "
                  f"{out[-1]['triton']}", file=sys.stderr, flush=True)
    return out


def markdown(table: list[dict]) -> str:
    header = ("| case | kernel | warps | registers (ours / Triton) | shared "
              "bytes (ours / Triton) | blocks per SM (ours / Triton) | "
              "measured ratio |")
    lines = [header, "|---|---|---:|---|---|---|---:|"]
    differ = [r for r in table if r["ours"]["blocks"] != r["triton"]["blocks"]]
    for r in differ:
        o, t = r["ours"], r["triton"]
        ratio = f"{r['ratio']:.3f}" if r["ratio"] is not None else "-"
        lines.append(f"| {r['name']} | {r['kind']} | {r['warps']} | "
                     f"{o['registers']} / {t['registers']} | {o['shared']} / "
                     f"{t['shared']} | {o['blocks']} / {t['blocks']} | "
                     f"{ratio} |")
    fewer = sum(r["ours"]["blocks"] < r["triton"]["blocks"] for r in table)
    lines.append("")
    lines.append(f"{len(table)} kernels; ours holds fewer blocks per SM on "
                 f"{fewer}, more on {len(differ) - fewer}.")
    return "\n".join(lines)


def main() -> None:
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    measured = {}
    if len(sys.argv) == 3:
        measured = {c["name"]: c for c in
                    gpu._read_json(sys.argv[2])["cases"]}
    print(markdown(rows(sys.argv[1], measured)))


if __name__ == "__main__":
    main()
