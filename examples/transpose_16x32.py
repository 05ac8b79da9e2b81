"""The seed's 16x32 fp32 transpose from Python: plan it, count the three
swizzles of the worked example, compile the kernel file to PTX.

    python examples/transpose_16x32.py
"""

import os

import linear_layout as ll

shape = {"dim0": 16, "dim1": 32}
# Store side: thread t holds column t, register r row r.
rows = ll.LinearLayout(
    {
        "register": [[1, 0], [2, 0], [4, 0], [8, 0]],
        "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]],
        "warp": [],
    },
    shape,
)
# Load side: thread t holds row t mod 16, columns 2r + t // 16.
cols = ll.LinearLayout(
    {
        "register": [[0, 2], [0, 4], [0, 8], [0, 16]],
        "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]],
        "warp": [],
    },
    shape,
)

# The memory layouts offset -> (m, n): 32m + n, 32m + (n ^ m), 32m + (n ^ 2m).
columns = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]
swizzles = {
    "unswizzled": columns + [[1, 0], [2, 0], [4, 0], [8, 0]],
    "XOR m": columns + [[1, 1], [2, 2], [4, 4], [8, 8]],
    "XOR 2m": columns + [[1, 2], [2, 4], [4, 8], [8, 16]],
}
for name, bases in swizzles.items():
    memory = ll.LinearLayout({"offset": bases}, shape)
    store = ll.wavefronts(memory, rows, 32, access="store")
    load = ll.wavefronts(memory, cols, 32, access="load")
    print(f"{name:>10}: {store} store + {load} load wavefronts")

# The planner's choice (plain vector instructions: the XOR 2m map).
plan = ll.plan_conversion(rows, cols, 32, "sm_90", allow_matrix=False)
print(plan.kind, plan.store_wavefronts, plan.load_wavefronts)
print(plan.memory_layout)

# The kernel file to PTX (as `python -m linear_layout compile ...`).
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "transpose_16x32.mlir"), encoding="utf-8") as f:
    ptx = ll.compile(f.read(), chip="sm_90")
print(ptx.count(".entry"), "kernels,", len(ptx.splitlines()), "lines of PTX")
