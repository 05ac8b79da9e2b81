"""Our shared-memory plans carried out by Gluon kernels (plan.to_gluon()).

    LL_BUILD_DIR=build/x python bench/gluon_export.py prepare   # CPU: plans -> JSON
    python3 bench/gluon_export.py run <results_dir>              # GPU: check + ncu
    python bench/gluon_export.py report <results_dir>            # tables

`prepare` plans every case of the public, extra and real corpora for sm_90
(as planned, and with ld.shared/st.shared alone: `allow_matrix=False`) and,
for each one-round shared-memory plan, writes what `plan.to_gluon()`
exports (the shared layout to allocate with, the source and destination
layouts) with the predicted wavefronts to bench/gluon_export_cases.json.
`run` (on the GPU machine, Triton 3.6, no build of this project) compiles
for each case a Gluon kernel that loads a tile in the source layout, stores
it to shared memory allocated with the exported layout, loads it back in the
destination layout and stores it: it checks the kernel bit for bit, and
Nsight Compute (`bash bench/run_gluon_export.sh`) counts its shared-memory
wavefronts beside Triton's own `gl.convert_layout` of the same conversion.
"""

from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "gluon_export_cases.json")
PTR = {
    "fp32": "*fp32",
    "fp16": "*fp16",
    "bf16": "*bf16",
    "fp8e4nv": "*fp8e4nv",
    "int8": "*i8",
}
BITS = {"fp32": 32, "fp16": 16, "bf16": 16, "fp8e4nv": 8, "int8": 8}


def prepare():
    if os.environ.get("LL_BUILD_DIR"):
        sys.path.insert(
            0,
            os.path.join(
                os.path.abspath(os.environ["LL_BUILD_DIR"]), "python_packages"
            ),
        )
    import linear_layout as ll

    rows = []
    for corpus in ("corpus.json", "extra_cases.json", "real_corpus.json"):
        with open(os.path.join(HERE, corpus)) as f:
            cases = json.load(f)
        for c in cases:
            outs = [(f"dim{i}", s) for i, s in enumerate(c["shape"])]
            A = ll.LinearLayout({**c["A"], "block": []}, outs)
            B = ll.LinearLayout({**c["B"], "block": []}, outs)
            for variant, allow_matrix in (("planned", True), ("ld_st_only", False)):
                plan = ll.plan_conversion(
                    A, B, BITS[c["dtype"]], target="sm_90", allow_matrix=allow_matrix
                )
                if plan.kind == "shared_memory" and plan.rounds == 1:
                    rows.append(_row(c, corpus, variant, plan))
    with open(CASES, "w") as f:
        json.dump(rows, f, indent=1)
        f.write("\n")
    print(f"{len(rows)} one-round shared-memory plans -> {CASES}")


def _row(c, corpus, variant, plan):
    g = plan.to_gluon()
    return {
        "name": f"{c['name']}.{variant}",
        "corpus": corpus,
        "dtype": c["dtype"],
        "shape": c["shape"],
        "warps": c["warps"],
        "src": _bases_of(g.src_layout),
        "dst": _bases_of(g.dst_layout),
        "shared_offset_bases": g.shared_layout.offset_bases,
        "vector_bits": g.vector_bits,
        "store_instruction": plan.swizzle.store_instruction,
        "load_instruction": plan.swizzle.load_instruction,
        "predicted_store_wavefronts": g.store_wavefronts,
        "predicted_load_wavefronts": g.load_wavefronts,
        "shared_ttg": plan.memory_layout.to_ttg(),
    }


def _bases_of(layout):
    return {
        "register": layout.reg_bases,
        "lane": layout.lane_bases,
        "warp": layout.warp_bases,
    }


def _kernels():
    from triton.experimental import gluon
    from triton.experimental.gluon import language as gl

    @gluon.jit
    def conv_smem(
        x_ptr,
        y_ptr,
        M: gl.constexpr,
        N: gl.constexpr,
        A: gl.constexpr,
        B: gl.constexpr,
        S: gl.constexpr,
    ):
        tile = gl.program_id(0).to(gl.int64) * (M * N)
        om = gl.arange(0, M, layout=gl.SliceLayout(1, A))
        on = gl.arange(0, N, layout=gl.SliceLayout(0, A))
        x = gl.load(x_ptr + tile + om[:, None] * N + on[None, :])
        smem = gl.allocate_shared_memory(x_ptr.dtype.element_ty, [M, N], S)
        smem.store(x)
        y = smem.load(B)
        om2 = gl.arange(0, M, layout=gl.SliceLayout(1, B))
        on2 = gl.arange(0, N, layout=gl.SliceLayout(0, B))
        gl.store(y_ptr + tile + om2[:, None] * N + on2[None, :], y)

    return gl, conv_smem


def _layouts(gl, c):
    def dist(b):
        return gl.DistributedLinearLayout(
            reg_bases=b["register"],
            lane_bases=b["lane"],
            warp_bases=b["warp"],
            block_bases=[],
            shape=list(c["shape"]),
        )

    shared = gl.SharedLinearLayout(
        offset_bases=c["shared_offset_bases"], block_bases=[]
    )
    return dist(c["src"]), dist(c["dst"]), shared


def run(results_dir, only_once=False):
    import torch

    sys.path.insert(0, os.path.join(HERE, "triton_ref"))
    import triton_kernels as tk

    gl, conv_smem = _kernels()
    dtypes = {
        "fp32": torch.float32,
        "fp16": torch.float16,
        "bf16": torch.bfloat16,
        "fp8e4nv": torch.float8_e4m3fn,
        "int8": torch.int8,
    }
    with open(CASES) as f:
        cases = json.load(f)
    rows = []
    for c in cases:
        M, N = c["shape"]
        A, B, S = _layouts(gl, c)
        tiles = 1 if only_once else 4096
        base = torch.randint(-8, 8, (tiles * M * N,), device="cuda", dtype=torch.int32)
        x = (
            base.to(torch.int8)
            if c["dtype"] == "int8"
            else base.to(torch.float32).to(dtypes[c["dtype"]])
        )
        y = torch.empty_like(x)
        r = {"name": c["name"]}
        try:
            conv_smem[(tiles,)](x, y, M, N, A, B, S, num_warps=c["warps"])
            yt = torch.empty_like(x)
            tk.conv[(tiles,)](x, yt, M, N, A, B, num_warps=c["warps"])
            torch.cuda.synchronize()
            r["exported_correct"] = bool(
                torch.equal(x.view(torch.uint8), y.view(torch.uint8))
            )
            r["triton_correct"] = bool(
                torch.equal(x.view(torch.uint8), yt.view(torch.uint8))
            )
        except Exception as e:  # noqa: BLE001 - recorded in the results
            r["error"] = (str(e).splitlines() or [repr(e)])[-1][:300]
        rows.append(r)
        print(("CASE " if only_once else "") + json.dumps(r), flush=True)
    if not only_once:
        os.makedirs(results_dir, exist_ok=True)
        with open(os.path.join(results_dir, "gluon_export.json"), "w") as f:
            json.dump(rows, f, indent=1)


def report(src):
    """bench/results/h100_gluon_export.{md,json} from a run's results."""
    sys.path.insert(0, HERE)
    from gpu_report import C_LD, C_ST, M_LD, M_ST, read_ncu

    with open(CASES) as f:
        cases = json.load(f)
    with open(os.path.join(src, "gluon_export.json")) as f:
        checked = {r["name"]: r for r in json.load(f)}
    exported = read_ncu(os.path.join(src, "ncu_gluon_export.csv"), "conv_smem")
    triton = read_ncu(os.path.join(src, "ncu_gluon_export.csv"), "conv")
    rows = []
    lines = [
        "# Our shared-memory plans carried out by Gluon kernels (H100)",
        "",
        (
            "`plan.to_gluon()` exports the shared layout of a one-round plan; a Gluon kernel "
            "allocates shared memory with it, stores the tile from the source layout and loads it "
            "in the destination layout (`bench/gluon_export.py`, `bench/run_gluon_export.sh`). "
            "Wavefronts and bank conflicts are Nsight Compute's for one CTA; Triton's column is its "
            "own `gl.convert_layout` of the same conversion. `planned`: our plan as the lowering "
            "would emit it; `ld_st_only`: planned with `allow_matrix=False` (no ldmatrix/stmatrix, "
            "no one-sided vectors)."
        ),
        "",
        (
            "| case | bit-exact (exported / Triton) | instructions (ours) | st+ld wavefronts: predicted "
            "/ Gluon with our layout / Triton | bank conflicts (Gluon with ours / Triton) |"
        ),
        "|---|---|---|---|---|",
    ]
    for c, o, t in zip(cases, exported, triton):
        r = checked.get(c["name"], {})
        row = {
            "name": c["name"],
            "exported_correct": r.get("exported_correct"),
            "triton_correct": r.get("triton_correct"),
            "predicted": [
                c["predicted_store_wavefronts"],
                c["predicted_load_wavefronts"],
            ],
            "exported": [o[M_ST], o[M_LD]],
            "triton": [t[M_ST], t[M_LD]],
            "exported_conflicts": (o[C_ST] or 0) + (o[C_LD] or 0),
            "triton_conflicts": (t[C_ST] or 0) + (t[C_LD] or 0),
        }
        rows.append(row)
        ok = "yes" if row["exported_correct"] else "NO"
        ok_t = "yes" if row["triton_correct"] else "NO"
        lines.append(
            f"| {c['name']} | {ok} / {ok_t} | {c['store_instruction']} + {c['load_instruction']} | "
            f"{row['predicted'][0]}+{row['predicted'][1]} / {row['exported'][0]}+{row['exported'][1]} / "
            f"{row['triton'][0]}+{row['triton'][1]} | {row['exported_conflicts']} / {row['triton_conflicts']} |"
        )
    same = sum(r["predicted"] == r["exported"] for r in rows)
    lines += ["", f"Predicted = measured on {same} of {len(rows)} cases.", ""]
    with open(os.path.join(HERE, "results", "h100_gluon_export.json"), "w") as f:
        json.dump({"cases": rows}, f, indent=1)
    with open(os.path.join(HERE, "results", "h100_gluon_export.md"), "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "prepare":
        prepare()
    elif cmd == "run":
        run(sys.argv[2])
    elif cmd == "once":
        run(None, only_once=True)
    elif cmd == "report":
        report(sys.argv[2])
    else:
        sys.exit(__doc__)
