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


def every_thread_stores(memory, layout, bits, vector_bits):
    """The model's wavefronts for a store from every thread, copies included
    (Triton's local_store): a load's count without paired quarter phases,
    which stores never get (docs/planning.md §3). On a load layout: the
    model's count before phases were paired."""
    count = ll.planning.wavefront_count(
        memory, layout, bits, vector_bits, access="load"
    )
    return count.wavefronts * (2 if count.paired_phases else 1)


def planned_case(name, shape, bits, warps, a, b, load_bits=None):
    """A case whose memory layout is the planner's (plain ld/st vectors, one
    round), with its predicted wavefronts (`pred_st_all`: every thread
    storing, no predication of copies, as Triton's local_store lowering
    does); `load_bits`: the vector Triton's
    local_load takes through that layout where it is wider than the plan's
    (its PTX, `smem_kernels.py static`), which the load is predicted at."""
    plan = ll.plan_conversion(
        lay(a, shape),
        lay(b, shape),
        bits,
        kind="shared_memory",
        allow_rounds=False,
        allow_matrix=False,
    )
    s = plan.swizzle
    return {
        "name": name,
        "shape": shape,
        "bits": bits,
        "warps": warps,
        "A": a,
        "B": b,
        "memory": plan.memory_layout.bases["offset"],
        "vector_bits": s.vector_bits,
        "pred_st": s.store.wavefronts,
        "pred_ld": ll.wavefronts(
            plan.memory_layout, lay(b, shape), bits, load_bits or s.vector_bits
        ),
        "pred_ld_unpaired": every_thread_stores(
            plan.memory_layout, lay(b, shape), bits, load_bits or s.vector_bits
        ),
        "pred_st_all": every_thread_stores(
            plan.memory_layout, lay(a, shape), bits, s.vector_bits
        ),
        "pred_inst_st": s.store.instructions,
        "pred_inst_ld": s.load.instructions,
    }


def hand_case(name, shape, bits, a, b, memory, vector_bits):
    """A case through a hand-written memory layout, both sides at
    `vector_bits`, with the model's wavefronts (A's warps)."""
    m = lay({"offset": memory}, shape)
    return {
        "name": name,
        "shape": shape,
        "bits": bits,
        "warps": 1 << len(a["warp"]),
        "A": a,
        "B": b,
        "memory": memory,
        "vector_bits": vector_bits,
        "pred_st": ll.wavefronts(m, lay(a, shape), bits, vector_bits, access="store"),
        "pred_ld": ll.wavefronts(m, lay(b, shape), bits, vector_bits),
        "pred_ld_unpaired": every_thread_stores(m, lay(b, shape), bits, vector_bits),
        "pred_st_all": every_thread_stores(m, lay(a, shape), bits, vector_bits),
    }


def broadcast_cases():
    """Loads whose lanes broadcast (several lanes of a warp read one vector),
    at 64- and 128-bit vectors: the bank model splits such a warp into 2 or 4
    phases of consecutive lanes, each at least one wavefront, even when the
    whole warp touches fewer than 32 words (docs/planning.md §3)."""
    out = []
    # 64-bit vectors: 4x32 fp16, A and B share two contiguous registers.
    a = {
        "register": [[0, 1], [0, 2]],
        "lane": [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]],
        "warp": [],
    }
    b = {
        "register": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [2, 0]],
        "lane": [[1, 0], [0, 0], [0, 0], [0, 0], [0, 0]],
        "warp": [],
    }
    out.append(
        planned_case(
            "broadcast_lanes_v64_4x32_fp16", [4, 32], 16, 1, a, b, load_bits=128
        )
    )
    # 128-bit vectors: 16x32 fp16, eight contiguous elements in both.
    a = {
        "register": [[0, 1], [0, 2], [0, 4], [0, 8]],
        "lane": [[0, 16], [1, 0], [2, 0], [4, 0], [8, 0]],
        "warp": [],
    }
    b = {
        "register": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [2, 0], [4, 0], [8, 0]],
        "lane": [[1, 0], [0, 0], [0, 0], [0, 0], [0, 0]],
        "warp": [],
    }
    out.append(planned_case("broadcast_lanes_v128_16x32_fp16", [16, 32], 16, 1, a, b))
    # The held-out 16x32 fp16 conversion whose destination broadcasts over
    # three lane bits and one warp bit (bench/heldout_corpus.json #000).
    a0 = {
        "register": [[0, 8], [0, 16]],
        "lane": [[0, 1], [1, 0], [2, 0], [4, 0], [8, 0]],
        "warp": [[0, 2], [0, 4]],
    }
    b0 = {
        "register": [[1, 0], [2, 0], [4, 0], [0, 4], [0, 8], [0, 16]],
        "lane": [[8, 0], [0, 0], [0, 0], [0, 0], [0, 1]],
        "warp": [[0, 0], [0, 2]],
    }
    out.append(
        planned_case("heldout_000_blocked_16x32_fp16_w4", [16, 32], 16, 4, a0, b0)
    )
    # 128-bit loads that conflict inside each quarter-warp, the two quarters
    # of a half-warp in disjoint banks (unswizzled memory): quarter-warp
    # phases cost 2 wavefronts each (8 per instruction), half-warp phases 2
    # each (4 per instruction).
    a = {
        "register": [[0, 1], [0, 2], [0, 4], [0, 8]],
        "lane": [[0, 16], [1, 0], [2, 0], [4, 0], [8, 0]],
        "warp": [],
    }
    b = {
        "register": [[0, 1], [0, 2], [0, 4], [8, 0]],
        "lane": [[2, 0], [0, 8], [0, 16], [1, 0], [4, 0]],
        "warp": [],
    }
    out.append(
        hand_case(
            "conflict_quarters_v128_16x32_fp16",
            [16, 32],
            16,
            a,
            b,
            row_major([16, 32]),
            128,
        )
    )
    return out


def row_major(shape):
    """Offset bases of the unswizzled row-major memory of a 2-D tile."""
    cols = [[0, 1 << i] for i in range(shape[1].bit_length() - 1)]
    return cols + [[1 << i, 0] for i in range(shape[0].bit_length() - 1)]


def quarter_merge_cases():
    """128- and 64-bit accesses whose phases read the same words as another
    phase of their warp, or few enough words to share a wavefront, stored
    and loaded in the same layout (Triton's local_store writes from every
    thread, so the store shows the same sharing) through the unswizzled
    row-major memory: which phases does the hardware serve together? fp16
    rows of 32 elements: a 16-byte vector's bank group is set by columns 8
    and 16 and row 1, and rows 2, 4 and 8 fall in the same banks. The
    `one_*` probes execute one or two instructions, so that a count per
    instruction is read exactly."""
    v128 = [[0, 1], [0, 2], [0, 4]]
    probes = {
        # Each quarter reads one vector, the other quarter of its half another
        # one in other banks: 2 per half if quarters are separate phases, 1 if
        # a half that fits one wavefront is served at once.
        "quarters_differ_v128": (
            [16, 32],
            v128 + [[0, 16], [2, 0], [4, 0], [8, 0]],
            [[0, 0], [0, 0], [0, 0], [0, 8], [1, 0]],
            128,
        ),
        # The two quarters of a half read the same four vectors, two of them
        # in the same banks (2 wavefronts a quarter).
        "quarters_equal_conflicted_v128": (
            [16, 32],
            v128 + [[4, 0], [8, 0]],
            [[2, 0], [0, 8], [0, 16], [0, 0], [1, 0]],
            128,
        ),
        # Two halves of a warp that read the same words, 64-bit vectors.
        "halves_equal_v64": (
            [16, 32],
            [[0, 1], [0, 2], [2, 0], [4, 0], [8, 0]],
            [[0, 4], [0, 8], [0, 16], [1, 0], [0, 0]],
            64,
        ),
        # Two halves read the same words; quarters inside a half differ.
        "halves_equal_quarters_differ_v128": (
            [16, 32],
            v128 + [[0, 16], [2, 0], [4, 0], [8, 0]],
            [[0, 0], [0, 0], [0, 8], [1, 0], [0, 0]],
            128,
        ),
        "one_quarters_equal_conflicted_v128": (
            [4, 32],
            v128,
            [[2, 0], [0, 8], [0, 16], [0, 0], [1, 0]],
            128,
        ),
        "one_quarters_differ_v128": (
            [2, 16],
            v128,
            [[0, 0], [0, 0], [0, 0], [0, 8], [1, 0]],
            128,
        ),
        # Each quarter conflicts twice (row 2), the two quarters of a half in
        # other banks and reading other words.
        "one_quarters_differ_conflicted_v128": (
            [4, 32],
            v128 + [[0, 16]],
            [[2, 0], [0, 0], [0, 0], [0, 8], [1, 0]],
            128,
        ),
        "one_halves_equal_v64": (
            [2, 32],
            [[0, 1], [0, 2]],
            [[0, 4], [0, 8], [0, 16], [1, 0], [0, 0]],
            64,
        ),
    }
    out = []
    for name, (shape, registers, lanes, vector_bits) in probes.items():
        layout = {"register": registers, "lane": lanes, "warp": []}
        out.append(
            hand_case(
                f"{name}_{shape[0]}x{shape[1]}_fp16",
                shape,
                16,
                layout,
                layout,
                row_major(shape),
                vector_bits,
            )
        )
    return out


def lane_pattern_cases():
    """128-bit loads whose lanes read few vectors, each half-warp at most one
    word per bank, with the duplicate lanes in different places: which of
    them does the hardware serve in one wavefront per half-warp
    (docs/planning.md §3, "paired quarter phases")? fp16 rows of 32
    elements, the unswizzled row-major memory (bank groups: columns 8 and
    16, row 1; lane 4 moves two rows, a phase of its own)."""
    c8, c16, r1, r2 = [0, 8], [0, 16], [1, 0], [2, 0]
    zero = [0, 0]
    patterns = {
        # quarters of 4 vectors, halves of 8
        "lane0_zero": [zero, c8, c16, r1, r2],
        "lane1_zero": [c8, zero, c16, r1, r2],
        "lane2_zero": [c8, c16, zero, r1, r2],
        # quarters of 8 vectors, the two of a half alike
        "lane3_zero": [c8, c16, r1, zero, r2],
        # quarters of 4 vectors, alike
        "lanes23_zero": [c8, c16, zero, zero, r1],
        # quarters of 2 vectors, halves of 4
        "lanes02_zero": [zero, c8, zero, c16, r1],
        "lanes12_zero": [c8, zero, zero, c16, r1],
        # quarters of 2 vectors, alike
        "lanes013_zero": [zero, zero, c8, zero, r1],
    }
    rest = [c8, c16, r1, r2, [4, 0], [8, 0], [16, 0], [32, 0]]

    def case(name, warps, suffix):
        lanes = patterns[name]
        registers = [[0, 1], [0, 2], [0, 4]] + [v for v in rest if v not in lanes]
        layout = {"register": registers, "lane": lanes, "warp": warps}
        shape = [64 << len(warps), 32]
        return hand_case(
            f"pattern_{name}_v128_{shape[0]}x32_fp16{suffix}",
            shape,
            16,
            layout,
            layout,
            row_major(shape),
            128,
        )

    out = [case(name, [], "") for name in patterns]
    # Four warps loading at once (the held-out kernels have 2 to 8).
    out += [
        case(name, [[64, 0], [128, 0]], "_w4") for name in ("lane1_zero", "lane2_zero")
    ]
    return out


def all_cases():
    """Every case of cases.json, in launch order, with the model's
    predictions as the library computes them now."""
    corpus = json.loads(
        (Path(__file__).resolve().parent.parent / "corpus.json").read_text()
    )
    cases = []
    a16 = {
        "register": [[1, 0], [2, 0], [4, 0], [8, 0]],
        "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]],
        "warp": [],
    }
    b16 = {
        "register": [[0, 2], [0, 4], [0, 8], [0, 16]],
        "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]],
        "warp": [],
    }
    banks = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]
    hand = {
        "unswizzled": banks + [[1, 0], [2, 0], [4, 0], [8, 0]],
        "xor_m": banks + [[1, 1], [2, 2], [4, 4], [8, 8]],
        "xor_2m": banks + [[1, 2], [2, 4], [4, 8], [8, 16]],
    }
    for name, mem in hand.items():
        cases.append(hand_case(f"16x32_{name}", [16, 32], 32, a16, b16, mem, 32))
    for c in corpus:
        if c["dtype"] not in BITS:
            continue
        cases.append(
            planned_case(
                c["name"], c["shape"], BITS[c["dtype"]], c["warps"], c["A"], c["B"]
            )
        )
    cases += broadcast_cases()
    cases += quarter_merge_cases()
    cases += lane_pattern_cases()
    return cases


def main():
    cases = all_cases()
    out = Path(__file__).resolve().parent / "cases.json"
    out.write_text(json.dumps(cases, indent=1) + "\n")
    print(len(cases), "cases ->", out)


if __name__ == "__main__":
    main()
