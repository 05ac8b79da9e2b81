"""Triton 3.6 (Gluon) reference for bench/gfx942.py: compiles one `conv`
kernel for AMD gfx942 (wave64) on a CPU-only machine and prints a JSON
object with its AMDGPU assembly.

    python bench/gfx942_triton.py < case.json

Runs in its own process (bench/gfx942.py starts one per case) because
Triton aborts the whole process on some invalid inputs. The case gives the
layouts either as F2 bases ("src"/"dst", the corpus format, compiled as
ttgl.DistributedLinearLayout) or, for the native AMD families, as specs
("triton_src"/"triton_dst": blocked, amd_mfma, dot_operand) compiled with
Triton's own encodings so that its encoding-specific shortcuts apply. The
`conv` kernel is the one of bench/triton_ref/triton_kernels.py.
"""

from __future__ import annotations

import json
import os
import sys

import triton
from triton.backends.compiler import GPUTarget
from triton.experimental.gluon import language as ttgl
from triton.experimental.gluon._runtime import GluonASTSource

# The Gluon `conv` kernel of bench/triton_ref/triton_kernels.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "triton_ref"))
from triton_kernels import conv

PTR = {"fp32": "*fp32", "fp16": "*fp16", "bf16": "*bf16", "fp8e4nv": "*fp8e4nv",
       "int8": "*i8", "int16": "*i16", "int32": "*i32"}


def linear(bases: dict, shape: list) -> ttgl.DistributedLinearLayout:
    return ttgl.DistributedLinearLayout(reg_bases=bases["register"], lane_bases=bases["lane"],
                                        warp_bases=bases["warp"], block_bases=[], shape=list(shape))


def native(spec: dict):
    """A Gluon layout from a family spec (the parameters of
    linear_layout.families of the same name)."""
    kind = spec["kind"]
    if kind == "blocked":
        return ttgl.BlockedLayout(size_per_thread=spec["size_per_thread"],
                                  threads_per_warp=spec["threads_per_warp"],
                                  warps_per_cta=spec["warps_per_cta"], order=spec["order"])
    if kind == "amd_mfma":
        return ttgl.amd.AMDMFMALayout(version=spec["version"], instr_shape=spec["instr_shape"],
                                      transposed=spec["transposed"], warps_per_cta=spec["warps_per_cta"])
    if kind == "dot_operand":
        return ttgl.DotOperandLayout(operand_index=spec["operand_index"], parent=native(spec["parent"]),
                                     k_width=spec["k_width"])
    raise ValueError(f"unknown layout spec {kind!r}")


def linear_bases(layout, shape: list) -> dict:
    """Triton's own linear layout of a native encoding (to check that both
    sides convert the same layouts)."""
    from triton._C.libtriton import gluon_ir, ir

    ctx = ir.context()
    ir.load_dialects(ctx)
    builder = gluon_ir.GluonOpBuilder(ctx)
    lin = builder.to_linear_layout(layout._to_ir(builder), list(shape))
    return {"register": lin.reg_bases, "lane": lin.lane_bases, "warp": lin.warp_bases}


def main() -> None:
    case = json.load(sys.stdin)
    m, n = case["shape"]
    out = {"triton_version": triton.__version__}
    if "triton_src" in case:
        a, b = native(case["triton_src"]), native(case["triton_dst"])
        out["encodings"] = "native"
        out["triton_linear"] = {"src": linear_bases(a, case["shape"]), "dst": linear_bases(b, case["shape"])}
    else:
        a, b = linear(case["src"], case["shape"]), linear(case["dst"], case["shape"])
        out["encodings"] = "linear"
    src = GluonASTSource(conv, signature={"x_ptr": PTR[case["dtype"]], "y_ptr": PTR[case["dtype"]],
                                          "M": "constexpr", "N": "constexpr", "A": "constexpr",
                                          "B": "constexpr"},
                         constexprs={"M": m, "N": n, "A": a, "B": b})
    kernel = triton.compile(src, target=GPUTarget("hip", "gfx942", 64), options={"num_warps": case["warps"]})
    out.update(asm=kernel.asm["amdgcn"], shared=kernel.metadata.shared, num_warps=kernel.metadata.num_warps)
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
