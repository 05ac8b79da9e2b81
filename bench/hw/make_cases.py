"""Writes bench/hw/cases.json: tiles, layouts A/B and memory layouts (ours
with plain ld/st vectors, and hand-written swizzles with conflicts) with the
planner's predicted wavefronts, to be measured with smem_kernels.py + ncu.

  LL_BUILD_DIR=build/x python bench/hw/make_cases.py
"""
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if os.environ.get("LL_BUILD_DIR"):
    sys.path.insert(0, str(ROOT / os.environ["LL_BUILD_DIR"] / "python_packages"))
import linear_layout as ll

BITS = {"fp32": 32, "fp16": 16}


def lay(b, shape):
    return ll.LinearLayout(b, {"dim0": shape[0], "dim1": shape[1]})


def main():
    corpus = json.loads(Path(__file__).resolve().parent.parent / "corpus.json".read_text())
    cases = []
    a16 = {"register": [[1, 0], [2, 0], [4, 0], [8, 0]],
           "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], "warp": []}
    b16 = {"register": [[0, 2], [0, 4], [0, 8], [0, 16]],
           "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], "warp": []}
    banks = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]
    hand = {"unswizzled": banks + [[1, 0], [2, 0], [4, 0], [8, 0]],
            "xor_m": banks + [[1, 1], [2, 2], [4, 4], [8, 8]],
            "xor_2m": banks + [[1, 2], [2, 4], [4, 8], [8, 16]]}
    for name, mem in hand.items():
        m = lay({"offset": mem}, [16, 32])
        cases.append({"name": f"16x32_{name}", "shape": [16, 32], "bits": 32,
                      "warps": 1, "A": a16, "B": b16, "memory": mem,
                      "vector_bits": 32,
                      "pred_st": ll.wavefronts(m, lay(a16, [16, 32]), 32, access="store"),
                      "pred_ld": ll.wavefronts(m, lay(b16, [16, 32]), 32)})
    for c in corpus:
        if c["dtype"] not in BITS:
            continue
        bits = BITS[c["dtype"]]
        a, b = lay(c["A"], c["shape"]), lay(c["B"], c["shape"])
        plan = ll.plan_conversion(a, b, bits, kind="shared_memory",
                                  allow_rounds=False, allow_matrix=False)
        s = plan.swizzle
        cases.append({"name": c["name"], "shape": c["shape"], "bits": bits,
                      "warps": c["warps"], "A": c["A"], "B": c["B"],
                      "memory": plan.memory_layout.bases["offset"],
                      "vector_bits": s.vector_bits,
                      "pred_st": s.store.wavefronts, "pred_ld": s.load.wavefronts,
                      # Every thread storing (no predication of copies), as
                      # Triton's local_store lowering does.
                      "pred_st_all": ll.wavefronts(
                          plan.memory_layout, a, bits, s.vector_bits,
                          access="load"),
                      "pred_inst_st": s.store.instructions,
                      "pred_inst_ld": s.load.instructions})
    out = Path(__file__).resolve().parent / "cases.json"
    out.write_text(json.dumps(cases, indent=1) + "\n")
    print(len(cases), "cases ->", out)


if __name__ == "__main__":
    main()
