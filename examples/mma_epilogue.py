"""The mma accumulator -> coalesced epilogue from Python: the layouts from
Triton's families, the plan, and the kernel file compiled to PTX.

    python examples/mma_epilogue.py
"""

import os

import linear_layout as ll

acc = ll.NvidiaMmaLayout(2, [2, 2], [16, 8]).to_linear([32, 32])
coalesced = ll.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0]).to_linear([32, 32])
print("accumulator:", acc.to_mlir())
print("coalesced:  ", coalesced.to_mlir())

plan = ll.plan_conversion(acc, coalesced, 32, "sm_90")
print(
    plan.kind,
    f"{plan.vector_bits}-bit,",
    plan.store_wavefronts,
    "+",
    plan.load_wavefronts,
    "wavefronts,",
    plan.shared_bytes,
    "bytes",
)
print(plan.reason)

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "mma_epilogue.mlir"), encoding="utf-8") as f:
    ptx = ll.compile(f.read(), chip="sm_90")
print("st.global.v4.b32" in ptx, "bar.sync" in ptx)
