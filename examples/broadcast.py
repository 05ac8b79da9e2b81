"""The broadcast from Python: layouts with zero columns (copies), the plan
that stores each element once, and the PTX.

    python examples/broadcast.py
"""

import os

import linear_layout as ll

shape = {"dim0": 16, "dim1": 16}
row_copies = ll.LinearLayout(
    {
        "register": [[0, 1], [0, 2], [0, 4], [0, 8]],
        "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0]],
        "warp": [[0, 0], [0, 0]],
    },
    shape,
)
col_copies = ll.LinearLayout(
    {
        "register": [[1, 0], [2, 0], [4, 0], [8, 0]],
        "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 0]],
        "warp": [[0, 0], [0, 0]],
    },
    shape,
)
# Element (0, 0) is held by 8 threads: lanes 0 and 16 of each warp.
print(row_copies.element_table().split()[0])
print(row_copies.free_variable_masks())  # the input bits that copy

plan = ll.plan_conversion(row_copies, col_copies, 32, "sm_90")
print(
    plan.kind, plan.store_wavefronts, "store +", plan.load_wavefronts, "load wavefronts"
)
print(plan.reason)

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "broadcast.mlir"), encoding="utf-8") as f:
    ptx = ll.compile(f.read(), chip="sm_90")
print(ptx.count("st.shared"), "shared stores,", ptx.count("ldmatrix"), "ldmatrix")
