"""The gfx942 LDS forms of docs/lowering-rocdl.md, executed by the NumPy
SIMT interpreter (simt_interpreter.py): byte-offset LDS addresses (i8
GEPs), rounds below 4 KiB merged, and a conversion too large for the 64 KiB
LDS split into rounds by a narrower vector, or over warp directions where
the layouts share no register direction. Each must produce the tile bit
for bit, with no LDS race; the real corpus (bench/real_corpus.json, made
wave64) runs on gfx942 too.
"""

from __future__ import annotations

import os
import re
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "gpu"))

import cases as case_lib
import linear_layout as ll
from linear_layout import kernels
from test_lowering_semantics import _check, lower, run_case

LANE64 = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]]

# 2 rounds of 2 KiB in the plan (dim1 +4 is a common register direction
# beyond the 128-bit vector): one round of 4 KiB on AMD.
SMALL_ROUNDS = {
    "name": "small_rounds_128x8_fp32_w2",
    "src": {"register": [[0, 1], [0, 2], [0, 4]], "lane": LANE64, "warp": [[64, 0]]},
    "dst": {
        "register": [[0, 1], [0, 2], [0, 4]],
        "lane": [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]],
        "warp": [[1, 0]],
    },
    "shape": [128, 8],
    "dtype": "fp32",
    "warps": 2,
}

REAL64 = [
    case_lib.wave64_case(c)
    for c in case_lib.corpus_cases(
        os.path.join(HERE, "..", "..", "bench", "real_corpus.json")
    )
]


def _plan(case):
    shape = {f"dim{i}": s for i, s in enumerate(case["shape"])}
    return ll.plan_conversion(
        ll.LinearLayout(dict(case["src"]), shape),
        ll.LinearLayout(dict(case["dst"]), shape),
        case_lib.BITS[case["dtype"]],
        target="gfx942",
    )


def _lowered(case, kernel=kernels.conv):
    return lower(
        kernel(case["src"], case["dst"], case["shape"], case["dtype"], lanes=64),
        "gfx942",
    )


def _check_lowered(case, scratch_bytes, barriers):
    """The gfx942 lowering's scratch and barriers, and both kernels run
    bit for bit by the interpreter."""
    text = _lowered(case)
    assert f"!llvm.array<{scratch_bytes} x i8>" in text
    assert text.count("rocdl.s.barrier") == barriers
    _check(case, "gfx942")
    _check(case, "gfx942", "conv_loop")


def _has_common_register_direction(case):
    def span(vectors):
        out = {0}
        for v in vectors:
            out |= {x ^ (v[0] * case["shape"][1] + v[1]) for x in out}
        return out

    return len(span(case["src"]["register"]) & span(case["dst"]["register"])) > 1


@pytest.mark.parametrize("case", REAL64, ids=lambda c: c["name"])
def test_real_corpus_wave64_gfx942(case):
    plan = _plan(case)
    assert plan.kind != "shared_memory" or plan.shared_bytes <= 64 * 1024
    _check(case, "gfx942")


MEMCPY64 = [c for c in REAL64 if "memcpy" in c["name"]]


@pytest.mark.parametrize("case", MEMCPY64, ids=lambda c: c["name"])
def test_transposes_without_common_registers_take_turns_by_warps(case):
    """The wave64 memcpy transposes (128 KiB of fp32) share no register
    direction, so no register round exists (Triton declares 128 KiB of LDS,
    which cannot launch on gfx942). A warp direction of the source that
    the destination holds in registers splits them into two rounds of 64
    KiB: in each, half the warps store (a uniform branch) and every thread
    loads that half's registers. Both kernels run bit for bit."""
    assert not _has_common_register_direction(case)
    plan = _plan(case)
    assert (plan.shared_bytes, plan.rounds) == (65536, 2)
    assert "held by warps on one side or both" in plan.explain()
    text = _lowered(case)
    assert text.count("scf.if") >= 2
    _check_lowered(case, scratch_bytes=65536, barriers=3)


def test_too_large_conversion_splits_into_rounds_that_fit():
    case = next(
        c
        for c in REAL64
        if c["name"].startswith("real_matmul_mmav2_to_blocked01_128x256_fp16_w8")
    )
    plan = _plan(case)
    # 128 KiB in one round with a 128-bit vector; a 64-bit vector leaves
    # dim1 +128 for 2 rounds of 64 KiB.
    assert (plan.shared_bytes, plan.rounds, plan.vector_bits) == (65536, 2, 64)
    _check_lowered(case, scratch_bytes=65536, barriers=3)


def test_small_rounds_are_merged_on_amd():
    plan = _plan(SMALL_ROUNDS)
    assert (plan.rounds, plan.shared_bytes) == (2, 2048)
    _check_lowered(SMALL_ROUNDS, scratch_bytes=4096, barriers=1)


def test_small_rounds_stay_split_on_nvvm():
    """The merge is AMD's (GPUTargetHooks::getMinRoundBytes): the same
    conversion with 32 lanes keeps its 2 rounds on NVIDIA."""
    case = dict(
        SMALL_ROUNDS,
        src=dict(SMALL_ROUNDS["src"], lane=LANE64[:5], warp=[[32, 0]]),
        dst=dict(
            SMALL_ROUNDS["dst"],
            lane=[[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]],
            warp=[[1, 0]],
        ),
        shape=[64, 8],
    )
    text = lower(
        kernels.conv(case["src"], case["dst"], case["shape"], case["dtype"]), "sm_90"
    )
    assert text.count("nvvm.barrier0") == 3
    _check(case, "sm_90")


def test_lds_addresses_are_byte_offsets():
    case = case_lib.wave64_case(
        next(
            c for c in case_lib.corpus_cases() if c["name"] == "transpose_64x64_fp16_w4"
        )
    )
    text = _lowered(case)
    geps = re.findall(r"llvm\.getelementptr .*!llvm\.ptr<3>, (\w+)", text)
    assert geps and set(geps) == {"i8"}
    _check(case, "gfx942")


def test_interpreter_catches_element_offsets_on_byte_addresses():
    """The byte offsets read as fp16 element offsets (twice the bytes)
    address the wrong LDS words: the interpreter must see it."""
    case = case_lib.wave64_case(
        next(
            c for c in case_lib.corpus_cases() if c["name"] == "transpose_64x64_fp16_w4"
        )
    )

    def as_elements(text):
        return re.sub(r"(llvm\.getelementptr .*!llvm\.ptr<3>), i8", r"\1, f16", text)

    try:
        got, expected = run_case(case, "gfx942", mutate=as_elements)
    except Exception:  # noqa: BLE001 (an out-of-bounds access is a catch too)
        return
    assert (got != expected).any()


EXTRA64 = {
    c["name"]: c
    for c in (
        case_lib.wave64_case(c)
        for c in case_lib.corpus_cases(
            os.path.join(HERE, "..", "..", "bench", "extra_cases.json")
        )
    )
}


def test_shared_prefix_widens_one_side():
    """docs/planning.md §5b, "Shared prefix": the dot operand B load takes
    the register columns both layouts hold and two of its own (16 bytes);
    the store keeps the shared columns' 4-byte words. Same wavefronts as
    the symmetric vector, a quarter of its loads."""
    case = EXTRA64["blocked_to_dotB8_32x64_int8_w2_wave64"]
    plan = _plan(case)
    swizzle = plan.swizzle
    assert (swizzle.store.vector_bits, swizzle.load.vector_bits) == (32, 128)
    assert (plan.store_wavefronts, plan.load_wavefronts) == (32, 64)
    assert swizzle.vec[:2] == [[16, 0], [0, 8]]
    assert (swizzle.store.instructions, swizzle.load.instructions) == (16, 8)
    symmetric = ll.plan_conversion(
        ll.LinearLayout(dict(case["src"]), {"dim0": 64, "dim1": 64}),
        ll.LinearLayout(dict(case["dst"]), {"dim0": 64, "dim1": 64}),
        8,
        target="gfx942",
        allow_matrix=False,
    )
    assert symmetric.swizzle.load.instructions == 32
    _check(case, "gfx942")
    _check(case, "gfx942", "conv_loop")


def test_a_plan_that_fits_beats_a_cheaper_one_that_does_not():
    """The 8-wave bf16 transposes: a one-sided vector costs fewer LDS
    instructions in one round of 128 KiB, which gfx942 cannot launch; the
    plan that fits (the one-sided vector with 2 rounds of 64 KiB) wins."""
    case = EXTRA64["transpose_256x128_bf16_w8_wave64"]
    plan = _plan(case)
    assert (plan.shared_bytes, plan.rounds) == (65536, 2)
    assert plan.swizzle.store.vector_bits == 32
    _check(case, "gfx942")
