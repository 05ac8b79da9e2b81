"""The planner and the lowering agree on every target (docs/planning.md §7a,
§7b): for each corpus case on sm_80, sm_90, gfx942, gfx950 and gfx1100
(wave32), the mechanism the planner chooses is the one the lowered kernel
uses, seen in the IR that convert-ll-to-nvvm / convert-ll-to-rocdl emit:
shared memory is the `__ll_scratch` buffer, shuffles are `nvvm.shfl.sync`
or AMD's cross-lane moves (ds_bpermute, DPP, ds_swizzle), and register
moves and no-ops use neither.

Also: target names are parsed by C++ only (ll.gpu_target, the passes'
options), and a layout with more lanes than the target's warp is the same
error from the planner's Python API as from the passes
(test/Transforms/lanes-exceed-warp.mlir has the located diagnostics).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import linear_layout as ll
import pytest
from linear_layout import compiler, kernels

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "gpu"))
import cases as case_lib

TARGETS = ["sm_80", "sm_90", "gfx942", "gfx950", "gfx1100"]

SHUFFLE_OPS = re.compile(
    r"nvvm\.shfl\.sync|rocdl\.ds_bpermute|"
    r"rocdl\.update\.dpp|rocdl\.ds_swizzle"
)


def _layout(bases, shape):
    return ll.LinearLayout(
        {k: bases.get(k, []) for k in ("register", "lane", "warp")},
        {f"dim{i}": n for i, n in enumerate(shape)},
    )


def _case_for(case, target):
    """The corpus case widened to the target's warp (cases.wave64_case)."""
    lanes = ll.gpu_target(target).lanes_per_warp
    return case if lanes == 32 else case_lib.wave64_case(case)


def _lowering_pass(target):
    if ll.gpu_target(target).is_nvidia:
        return f"convert-ll-to-nvvm{{chip={target}}}"
    return f"convert-ll-to-rocdl{{chip={target}}}"


def _lowered_mechanism(ir: str) -> str:
    if "__ll_scratch" in ir:
        return "shared_memory"
    if SHUFFLE_OPS.search(ir):
        return "shuffle"
    return "registers"


def _assert_agreement(case, target):
    """Plans and lowers the conversion of `case` on `target`; the lowered
    kernel uses the planned mechanism. Returns the plan."""
    layouts = [_layout(case[k], case["shape"]) for k in ("src", "dst")]
    plan = ll.plan_conversion(*layouts, case_lib.BITS[case["dtype"]], target)
    text = kernels.conv(
        case["src"],
        case["dst"],
        case["shape"],
        case["dtype"],
        lanes=ll.gpu_target(target).lanes_per_warp,
    )
    pipeline = f"builtin.module(gpu.module({_lowering_pass(target)}))"
    try:
        lowered = compiler.lower(text, pipeline)
    except ValueError as e:
        # The only refusal: a plan whose scratch exceeds the chip's shared
        # memory (the wave64 128x128 fp32 transpose on gfx942).
        assert plan.kind == "shared_memory"
        assert plan.shared_bytes > ll.gpu_target(target).max_shared_bytes
        assert "bytes of shared memory per block" in str(e)
        return plan
    planned = "registers" if plan.kind == "noop" else plan.kind
    assert _lowered_mechanism(lowered) == planned, plan.reason
    return plan


CASES = [(c, t) for t in TARGETS for c in case_lib.corpus_cases()]


@pytest.mark.parametrize(
    "case,target", CASES, ids=[f"{c['name']}-{t}" for c, t in CASES]
)
def test_planner_and_lowering_choose_alike(case, target):
    _assert_agreement(_case_for(case, target), target)


def test_planner_lane_error_matches_the_passes():
    """gfx1100 is wave32: a 64-lane layout is an error for the planner, with
    the text every pass reports, not a 64-lane shuffle plan."""
    a = _layout(
        {
            "register": [[0, 1]],
            "lane": [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0]],
        },
        [8, 16],
    )
    b = _layout(
        {
            "register": [[1, 0]],
            "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [2, 0], [4, 0]],
        },
        [8, 16],
    )
    for target in ("gfx1100", "sm_90"):
        with pytest.raises(ValueError) as e:
            ll.plan_conversion(a, b, 32, target)
        assert str(e.value) == (
            f"the source layout has 64 lanes, but a warp has 32 on {target}"
        )
    assert ll.plan_conversion(a, b, 32, "gfx942").kind == "shuffle"


@pytest.mark.parametrize(
    "name,vendor,arch,lanes,banks,max_shared",
    [
        ("sm_80", "nvidia", 80, 32, 32, 163 * 1024),
        ("sm_90", "nvidia", 90, 32, 32, 227 * 1024),
        ("sm_90a", "nvidia", 90, 32, 32, 227 * 1024),
        ("sm_75", "nvidia", 75, 32, 32, 64 * 1024),
        ("gfx90a", "amd", 9, 64, 32, 64 * 1024),
        ("gfx942", "amd", 9, 64, 32, 64 * 1024),
        ("gfx950", "amd", 9, 64, 64, 160 * 1024),
        ("gfx1100", "amd", 11, 32, 32, 64 * 1024),
        ("gfx1201", "amd", 12, 32, 32, 64 * 1024),
    ],
)
def test_target_parsing(name, vendor, arch, lanes, banks, max_shared):
    t = ll.gpu_target(name)
    assert (
        t.name,
        t.vendor,
        t.arch,
        t.lanes_per_warp,
        t.shared_banks,
        t.bank_bytes,
        t.max_shared_bytes,
    ) == (name, vendor, arch, lanes, banks, 4, max_shared)
    assert t.arch_specific == (name == "sm_90a")
    assert t.is_nvidia == name.startswith("sm_")
    assert t.has_ldmatrix == (vendor == "nvidia" and arch >= 75)
    assert t.has_stmatrix == (vendor == "nvidia" and arch >= 90)


def test_sm_90a_is_sm_90_with_arch_specific_features():
    a, plain = ll.gpu_target("sm_90a"), ll.gpu_target("sm_90")
    assert a.arch_specific and not plain.arch_specific
    assert {k: v for k, v in vars(a).items() if k not in ("name", "arch_specific")} == {
        k: v for k, v in vars(plain).items() if k not in ("name", "arch_specific")
    }


def test_wave_size():
    assert ll.gpu_target("gfx1100", 64).lanes_per_warp == 64
    assert ll.gpu_target("gfx1100", 32).lanes_per_warp == 32
    assert ll.gpu_target("sm_90", 32).lanes_per_warp == 32
    with pytest.raises(ValueError, match="runs wave64 only"):
        ll.gpu_target("gfx942", 32)
    with pytest.raises(ValueError, match="wave-size must be 64, 32 or 0"):
        ll.gpu_target("gfx1100", 48)
    with pytest.raises(ValueError, match="warps have 32 lanes"):
        ll.gpu_target("sm_90", 64)


@pytest.mark.parametrize(
    "name",
    [
        "tpu",
        "sm_",
        "sm_0",
        "sm_090",
        "sm_00",
        "sm_90b",
        "sm_x",
        "gfx",
        "gfx9",
        "gfx94",
        "gfx9420",
        "gfx1300",
        "gfx942 ",
        "SM_90",
        "gfx90A",
        "",
    ],
)
def test_unknown_targets_are_value_errors(name):
    with pytest.raises(
        ValueError, match="is not known: expected 'sm_<N>' or 'sm_<N>a'"
    ):
        ll.gpu_target(name)
    with pytest.raises(ValueError, match="is not known"):
        ll.plan_conversion(
            _layout({"register": [[1]]}, [2]),
            _layout({"register": [[1]]}, [2]),
            32,
            name,
        )


def test_bad_argument_types():
    with pytest.raises(TypeError, match="target"):
        ll.gpu_target(90)
    with pytest.raises(TypeError, match="wave_size"):
        ll.gpu_target("gfx1100", "64")


@pytest.mark.parametrize(
    "option",
    [
        "ll-plan-conversions{target=sm_90b}",
        "ll-optimize-register-order{target=sm_90b}",
        "convert-ll-to-nvvm{chip=sm_90b}",
        "convert-ll-to-rocdl{chip=sm_90b}",
    ],
)
def test_unknown_targets_in_pass_options(option):
    proc = subprocess.run(
        [compiler.find_ll_opt(), f"--pass-pipeline=builtin.module({option})"],
        input="module {}",
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode != 0
    assert "target 'sm_90b' is not known: expected 'sm_<N>' or 'sm_<N>a'" in proc.stderr


def test_sm_90a_lowers_like_sm_90():
    case = case_lib.corpus_cases()[0]
    text = kernels.conv(case["src"], case["dst"], case["shape"], case["dtype"])
    lowered = {
        chip: compiler.lower(
            text, f"builtin.module(gpu.module(convert-ll-to-nvvm{{chip={chip}}}))"
        )
        for chip in ("sm_90", "sm_90a")
    }
    assert lowered["sm_90"] == lowered["sm_90a"]


def _random_cases(lane_bits):
    return (
        case_lib.shuffle_cases(12, seed=41, lane_bits=lane_bits)
        + case_lib.register_select_cases(12, seed=42, lane_bits=lane_bits)
        + case_lib.random_cases(12, seed=43, lane_bits=lane_bits)
    )


RANDOM = [(c, t) for t in ("sm_90", "gfx1100") for c in _random_cases(5)] + [
    (c, "gfx942") for c in _random_cases(6)
]


@pytest.mark.parametrize(
    "case,target", RANDOM, ids=[f"{c['name']}-{t}" for c, t in RANDOM]
)
def test_random_conversions_agree(case, target):
    """Random shuffles, lane-dependent register moves (beyond
    kMaxSelectLaneBits lane bits they go through shared memory, in the plan
    as in the lowering) and general conversions."""
    _assert_agreement(case, target)


@pytest.mark.parametrize("mixed_lanes,kind", [(3, "registers"), (4, "shared_memory")])
@pytest.mark.parametrize("target", ["sm_90", "gfx1100"])
def test_lane_dependent_register_moves(mixed_lanes, kind, target):
    """Every thread holds its elements, but which register holds one depends
    on `mixed_lanes` lane bits: up to kMaxSelectLaneBits (3) the move is a
    tree of selects, beyond it goes through shared memory. The planner
    (classification still "registers") and the lowering agree."""
    regs = [[1, 0], [2, 0], [4, 0], [8, 0]]
    lanes = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]
    mixed = [
        [r[0] ^ l[0], r[1] ^ l[1]] if i < mixed_lanes else l
        for i, (r, l) in enumerate(zip(regs + [[0, 0]], lanes))
    ]
    case = {
        "src": {"register": regs, "lane": lanes, "warp": []},
        "dst": {"register": regs, "lane": mixed, "warp": []},
        "shape": [16, 32],
        "dtype": "fp32",
    }
    plan = _assert_agreement(case, target)
    assert (plan.classification, plan.kind) == ("registers", kind)
    forced = ll.plan_conversion(
        _layout(case["src"], [16, 32]),
        _layout(case["dst"], [16, 32]),
        32,
        target,
        kind="registers",
    )
    assert forced.kind == "registers"


# Layouts over fewer lanes than the warp: 16 lanes on NVIDIA, 32 on wave64.
PARTIAL = [(c, "sm_80") for c in case_lib.shuffle_cases(24, seed=44, lane_bits=4)] + [
    (c, "gfx942") for c in case_lib.shuffle_cases(24, seed=45, lane_bits=5)
]


@pytest.mark.parametrize(
    "case,target", PARTIAL, ids=[f"{c['name']}-{t}" for c, t in PARTIAL]
)
def test_partial_warp_shuffles(case, target):
    """The upper lanes of the warp hold copies of the lower ones; a planned
    shuffle runs in each block of the layout's lanes (it used to fall back to
    shared memory behind the planner's back). Interpreted bit for bit."""
    from test_lowering_semantics import run_case

    _assert_agreement(case, target)
    got, expected = run_case(case, target)
    assert (got == expected).all()
