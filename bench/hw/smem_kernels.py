"""Gluon (Triton 3.6) kernels that store a tile to shared memory in layout A
through an explicit memory layout (a SharedLinearLayout built from the
planner's `memory_layout`) and load it back in layout B: Nsight Compute then
measures the shared-memory wavefronts the bank model predicts.

  python smem_kernels.py static cases.json     # PTX instruction counts (CPU)
"""
import json
import re
import sys
from pathlib import Path

import triton
from triton.backends.compiler import GPUTarget
from triton.experimental import gluon
from triton.experimental.gluon import language as ttgl
from triton.experimental.gluon._runtime import GluonASTSource

PTR = {32: "*fp32", 16: "*fp16", 8: "*i8"}


@gluon.jit
def roundtrip(x_ptr, y_ptr, M: ttgl.constexpr, N: ttgl.constexpr,
              A: ttgl.constexpr, B: ttgl.constexpr, S: ttgl.constexpr):
    om = ttgl.arange(0, M, layout=ttgl.SliceLayout(1, A))
    on = ttgl.arange(0, N, layout=ttgl.SliceLayout(0, A))
    x = ttgl.load(x_ptr + om[:, None] * N + on[None, :])
    smem = ttgl.allocate_shared_memory(x_ptr.dtype.element_ty, [M, N], S)
    smem.store(x)
    ttgl.thread_barrier()
    y = smem.load(B)
    om2 = ttgl.arange(0, M, layout=ttgl.SliceLayout(1, B))
    on2 = ttgl.arange(0, N, layout=ttgl.SliceLayout(0, B))
    ttgl.store(y_ptr + om2[:, None] * N + on2[None, :], y)


def layouts(case):
    shape = case["shape"]
    def dist(b):
        return ttgl.DistributedLinearLayout(
            reg_bases=b["register"], lane_bases=b["lane"], warp_bases=b["warp"],
            block_bases=[], shape=list(shape))
    return (dist(case["A"]), dist(case["B"]),
            ttgl.SharedLinearLayout(offset_bases=case["memory"]))


def compile_case(case, cap=90):
    M, N = case["shape"]
    A, B, S = layouts(case)
    src = GluonASTSource(
        roundtrip, signature={"x_ptr": PTR[case["bits"]], "y_ptr": PTR[case["bits"]],
                              "M": "constexpr", "N": "constexpr", "A": "constexpr",
                              "B": "constexpr", "S": "constexpr"},
        constexprs={"M": M, "N": N, "A": A, "B": B, "S": S})
    return triton.compile(src, target=GPUTarget("cuda", cap, 32),
                          options={"num_warps": case["warps"]})


PATTERNS = {"st_shared": r"\bst\.shared[.\w]*", "ld_shared": r"\bld\.shared[.\w]*",
            "stmatrix": r"\bstmatrix", "ldmatrix": r"\bldmatrix"}


def counts(ptx):
    body = ptx.split(".entry", 1)[-1]
    out = {k: len(re.findall(p, body)) for k, p in PATTERNS.items()}
    out["forms"] = sorted(set(re.findall(r"\b(?:st|ld)\.shared[.\w]*|\b(?:ld|st)matrix[.\w]*", body)))
    return out


if __name__ == "__main__":
    cases = json.loads(Path(sys.argv[2]).read_text())
    for c in cases:
        k = compile_case(c)
        print(json.dumps({"name": c["name"], **counts(k.asm["ptx"])}))
