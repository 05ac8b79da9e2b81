"""The transpose on gfx942 (wave64) from Python: the plan with AMD's bank
model, the LLVM IR, and the GFX assembly when an AMDGPU llc is installed.

    python examples/transpose_gfx942.py
"""

import os

import linear_layout as ll
from linear_layout import compiler

shape = {"dim0": 32, "dim1": 32}
rows = ll.LinearLayout(
    {
        "register": [[1, 0], [2, 0], [4, 0], [8, 0]],
        "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [16, 0]],
        "warp": [],
    },
    shape,
)
cols = ll.LinearLayout(
    {
        "register": [[0, 2], [0, 4], [0, 8], [0, 16]],
        "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1], [16, 0]],
        "warp": [],
    },
    shape,
)
plan = ll.plan_conversion(rows, cols, 32, "gfx942")
print(plan.kind, plan.store_wavefronts, "+", plan.load_wavefronts, "LDS wavefronts")

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "transpose_gfx942.mlir"), encoding="utf-8") as f:
    text = f.read()
ir = compiler.llvm_ir(text, chip="gfx942")  # no AMDGPU llc needed
print("amdgpu_kernel" in ir, ir.count("llvm.amdgcn.ds.bpermute("))
if compiler.find_amdgpu_llc():
    asm = ll.compile(text, chip="gfx942", register_order=False)
    print(asm.count("ds_write"), "LDS writes,", asm.count("ds_read"), "LDS reads")
else:
    print("no llc with the AMDGPU target: skipping the assembly")
