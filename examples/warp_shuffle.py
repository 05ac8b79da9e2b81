"""The warp-shuffle exchange from Python: the plan (shuffles and selects),
the register orders in which no select is needed, and the PTX.

    python examples/warp_shuffle.py
"""

import os

import linear_layout as ll

shape = {"dim0": 32, "dim1": 32}
lanes_4x8 = ll.LinearLayout(
    {
        "register": [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]],
        "lane": [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]],
        "warp": [],
    },
    shape,
)
lanes_8x4 = ll.LinearLayout(
    {
        "register": [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]],
        "lane": [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]],
        "warp": [],
    },
    shape,
)

plan = ll.plan_conversion(lanes_4x8, lanes_8x4, 32, "sm_90")
print(plan.kind, plan.shuffle.shuffles, "shuffles,", plan.shuffle.selects, "selects")
print(plan.reason)
print(plan.explain().splitlines()[0])

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "warp_shuffle.mlir"), encoding="utf-8") as f:
    text = f.read()
for order in (True, False):
    ptx = ll.compile(text, chip="sm_90", register_order=order)
    print(
        f"register_order={order}:",
        ptx.count("shfl.sync"),
        "shuffles,",
        ptx.count("selp.f32"),
        "selects,",
        ptx.count("bar.sync"),
        "barriers",
    )
