"""ll-optimize-register-order: values whose register order nothing observes
take the order that makes warp-shuffle conversions select-free.

Checked three ways, none trusting the pass: the new layouts give every
thread the same elements as the old ones (brute force over all registers,
lanes and warps); the planned cost of the kernel's conversions never grows;
and the lowered kernels, interpreted thread by thread, are bit-exact
(conv and conv_loop, NVIDIA and AMD wave64)."""

from __future__ import annotations

import json
import os
import re
import sys

import linear_layout as ll
import numpy as np
import pytest
from linear_layout import compiler, kernels

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "gpu"))
import cases as case_lib
import simt_interpreter as simt

ROUNDS = 2


def _layout(bases, shape):
    return ll.LinearLayout({k: bases.get(k, []) for k in ("register", "lane",
                                                          "warp")},
                           {"dim0": shape[0], "dim1": shape[1]})


def _is_shuffle(case, target="sm_70") -> bool:
    plan = ll.plan_conversion(_layout(case["src"], case["shape"]),
                              _layout(case["dst"], case["shape"]),
                              case_lib.BITS[case["dtype"]], target)
    return plan.classification == "shuffle"


CORPUS = [c for c in case_lib.corpus_cases() if _is_shuffle(c)]
RANDOM = case_lib.shuffle_cases(40, seed=31) + \
    [c for c in case_lib.random_cases(200, seed=32) if _is_shuffle(c)][:20]


def _kernel(case, kind, lanes=32, rounds=ROUNDS):
    gen = kernels.conv if kind == "conv" else \
        lambda *a, **k: kernels.conv_loop(*a, rounds=rounds, **k)
    return gen(case["src"], case["dst"], case["shape"], case["dtype"],
               lanes=lanes)


def _optimized(text, target="sm_70", wave=0):
    return compiler.lower(
        text, f"builtin.module(gpu.module(ll-optimize-register-order"
              f"{{target={target} wave-size={wave}}}))")


def _encodings(text, shape):
    """Every distinct #ll.linear tensor encoding in `text`, as layouts."""
    out = []
    for body in set(re.findall(r"#ll\.linear<\{([^}]*)\}>", text)):
        bases = {k: json.loads(v) for k, v in
                 re.findall(r"(\w+) = (\[[^=]*\])(?:,|$)", body)}
        out.append(_layout(bases, shape))
    return out


def _thread_sets(layout):
    """Per (lane, warp): the set of elements, by brute force."""
    sizes = layout.in_dims
    sets = {}
    for w in range(sizes.get("warp", 1)):
        for lane in range(sizes["lane"]):
            sets[lane, w] = frozenset(
                tuple(layout.apply({"register": r, "lane": lane, "warp": w
                                    }).values())
                for r in range(sizes["register"]))
    return sets


@pytest.mark.parametrize("case", CORPUS + RANDOM, ids=lambda c: c["name"])
def test_new_layouts_hold_the_same_elements_per_thread(case):
    after = _optimized(_kernel(case, "conv_loop"))
    olds = [_layout(case["src"], case["shape"]),
            _layout(case["dst"], case["shape"])]
    found = _encodings(after, case["shape"])
    assert found
    for layout in found:
        # Every layout of the result is one of the two, reordered per lane.
        assert any(_thread_sets(layout) == _thread_sets(old) for old in olds)


def _plans(planned):
    """The bodies of the #ll.plan<...> attributes in printed IR (memory
    layouts print as aliases, so a body holds no '>')."""
    return re.findall(r"ll\.plan = #ll\.plan<([^>]*)>", planned)


def _planned_cost(text, warps, target="sm_70", trips=1):
    """The pass's measure: shuffles + selects / 4 per thread, or
    shared-memory wavefronts per warp, of each conversion, times `trips`
    inside the kernel's loop (its trip count; the kernels have one)."""
    planned = compiler.lower(
        text, f"builtin.module(gpu.module(ll-plan-conversions{{target={target}}}))")
    cost, weight = 0.0, 1
    for line in planned.splitlines():
        if "scf.for" in line:
            weight = trips
        elif "scf.yield" in line:
            weight = 1
        for plan in _plans(line):
            fields = dict(re.findall(r"(\w+) = (\"?[\w.]+\"?)", plan))
            kind = fields["kind"]
            if kind == "shuffle":
                cost += weight * (int(fields["shuffles"]) +
                                  int(fields["selects"]) / 4)
            elif kind == "shared_memory":
                cost += weight * (int(fields["store_wavefronts"]) +
                                  int(fields["load_wavefronts"])) / warps
    return cost


@pytest.mark.parametrize("case", CORPUS + RANDOM, ids=lambda c: c["name"])
def test_planned_cost_never_grows(case):
    text = _kernel(case, "conv_loop")
    warps = case["warps"]
    # Conversions in the loop count once per trip, as the pass counts them:
    # it may add bridges outside the loop that make the loop cheaper.
    assert (_planned_cost(_optimized(text), warps, trips=ROUNDS)
            <= _planned_cost(text, warps, trips=ROUNDS))


def test_corpus_shuffles_become_select_free():
    """The intra-warp corpus cases: 64 selects per conversion (and 480 for
    the 16x32 transpose, which therefore went through shared memory) drop
    to none; both directions of the loop become plain shuffles. The tile
    accesses keep their layouts (the select-free order would spread a
    warp's load over more sectors): a conversion on each side of the loop
    bridges (8 round trips pay for them)."""
    for name in ("intrawarp_4x8_to_8x4_32x32_fp32_w1",
                 "seed_transpose_16x32_f32"):
        case = next(c for c in CORPUS if c["name"] == name)
        planned = compiler.lower(
            _optimized(_kernel(case, "conv_loop", rounds=8)),
            "builtin.module(gpu.module(ll-plan-conversions{target=sm_90}))")
        plans = _plans(planned)
        shuffles = [p for p in plans if "kind = shuffle" in p]
        assert len(shuffles) == 2, name
        for plan in shuffles:
            assert "selects = 0" in plan, plan
        # The bridges: a register move each (a lane-dependent one over
        # more than 3 lane bits goes through shared memory).
        assert len(plans) == 4, name


NVVM = ("builtin.module(gpu.module(ll-optimize-register-order{target=sm_70},"
        "convert-ll-to-nvvm{chip=sm_70}))")


def _run(case, kind, pipeline, lanes, rounds=ROUNDS):
    """Lowers `kind` for `case` with `pipeline`, interprets one tile and
    checks it bit for bit against NumPy."""
    lowered = compiler.lower(_kernel(case, kind, lanes, rounds), pipeline)
    bits = case_lib.BITS[case["dtype"]]
    u = case_lib.UINT[bits]
    tile = int(np.prod(case["shape"]))
    rng = np.random.default_rng(1)
    if kind == "conv":
        x = rng.integers(0, np.iinfo(u).max, size=tile, dtype=u,
                         endpoint=True)
        expected = x.copy()
    else:
        x, expected = case_lib.loop_input_and_expected(case["dtype"], tile,
                                                       rounds, rng)
    y = np.full_like(x, 0xA5)
    dynamic = re.search(r"ll\.dynamic_shared_bytes = (\d+)", lowered)
    simt.run_workgroup(lowered, kind, [x, y], threads=lanes * case["warps"],
                       wave=lanes, block_id=0,
                       dynamic_shared=int(dynamic.group(1)) if dynamic else 0)
    bad = int(np.count_nonzero(y != expected))
    assert bad == 0, f"{case['name']} {kind}: {bad} of {y.size} wrong"


@pytest.mark.parametrize("kind", ["conv", "conv_loop"])
@pytest.mark.parametrize("case", CORPUS + RANDOM, ids=lambda c: c["name"])
def test_optimized_kernels_are_bit_exact_on_nvvm(case, kind):
    _run(case, kind, NVVM, 32)


WAVE64 = [case_lib.wave64_case(c) for c in CORPUS] + \
    case_lib.shuffle_cases(12, seed=33, lane_bits=6)


@pytest.mark.parametrize("case", WAVE64, ids=lambda c: c["name"])
def test_optimized_kernels_are_bit_exact_on_wave64(case):
    _run(case, "conv_loop",
         "builtin.module(gpu.module(ll-optimize-register-order"
         "{target=gfx942},convert-ll-to-rocdl{chip=gfx942}))", 64)


def test_pipelines_run_the_pass_unless_told_not_to():
    case = next(c for c in CORPUS
                if c["name"] == "intrawarp_4x8_to_8x4_32x32_fp32_w1")
    text = _kernel(case, "conv_loop")
    selects = []
    for order in ("true", "false"):
        ptx = compiler.lower(text, "builtin.module(ll-to-ptx{format=none "
                             f"register-order={order}}})")
        selects.append(len(re.findall(r"llvm\.select", ptx)))
    # What is left are the bridges' register moves outside the loop.
    assert selects[0] < selects[1]


def test_compile_register_order_option():
    case = next(c for c in CORPUS
                if c["name"] == "intrawarp_4x8_to_8x4_32x32_fp32_w1")
    text = _kernel(case, "conv_loop")
    on = ll.compile(text, "sm_90")
    off = ll.compile(text, "sm_90", register_order=False)
    selp = [len(re.findall(r"\bselp\.", p)) for p in (on, off)]
    assert selp[0] < selp[1]
    with pytest.raises(TypeError):
        ll.compile(text, "sm_90", register_order=1)
    with pytest.raises(TypeError):
        compiler.llvm_ir(text, "gfx942", register_order="no")


def test_long_loops_bridge_a_vectorised_load():
    """The one-warp 32x32 transpose: the select-free order would split the
    load's 128-bit vectors, so with few round trips nothing changes; with 8
    the load and store keep their layout, one conversion on each side
    bridges to the select-free order, and the loop shuffles without selects.
    Interpreted: bit-exact."""
    case = next(c for c in case_lib.corpus_cases()
                if c["name"] == "transpose_32x32_fp32_w1")

    def conversions(rounds):
        text = kernels.conv_loop(case["src"], case["dst"], case["shape"],
                                 case["dtype"], rounds=rounds)
        planned = compiler.lower(
            _optimized(text),
            "builtin.module(gpu.module(ll-plan-conversions{target=sm_70}))")
        return text, _plans(planned)

    _, short = conversions(2)
    assert len(short) == 2 and all("shared_memory" in p for p in short)
    _, long = conversions(8)
    assert len(long) == 4
    loop = [p for p in long if "kind = shuffle" in p]
    assert len(loop) == 2 and all("selects = 0" in p for p in loop)

    _run(case, "conv_loop", NVVM, 32, rounds=8)


LONG_LOOP = RANDOM[:24]


@pytest.mark.parametrize("case", LONG_LOOP, ids=lambda c: c["name"])
def test_long_loops_are_bit_exact(case):
    """8 round trips: loads and stores may keep their layouts behind
    bridging conversions (test above); interpreted, bit-exact."""
    _run(case, "conv_loop", NVVM, 32, rounds=8)


def _mixed_kernel(case):
    """fp16 tile in A -> B, widened to f32, a loop of B -> A, a nested loop
    of +1, A -> B; narrowed back and stored from B: webs that change
    element type, nest loops and meet three conversions each."""
    shape, _, nwarps, enc_a, enc_b, dims, _ = kernels._header(
        case["src"], case["dst"], case["shape"], "fp16", case["warps"], "mixed")
    ah, bh = (f"tensor<{dims}xf16, {e}>" for e in (enc_a, enc_b))
    af, bf = (f"tensor<{dims}xf32, {e}>" for e in (enc_a, enc_b))
    tile = int(np.prod(shape))
    return kernels._prologue("mixed", 32 * nwarps, tile, 16) + f"""\
      %one = arith.constant dense<1.0> : {af}
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %t = ll.load_tile %xp : !llvm.ptr<1> -> {ah}
      %b = ll.convert_layout %t : {ah} -> {bh}
      %w = arith.extf %b : {bh} to {bf}
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%v = %w) -> ({bf}) {{
        %a = ll.convert_layout %v : {bf} -> {af}
        %a1 = arith.addf %a, %one : {af}
        %c = scf.for %j = %c0 to %c2 step %c1 iter_args(%u = %a1) -> ({af}) {{
          %u1 = arith.addf %u, %one : {af}
          scf.yield %u1 : {af}
        }}
        %bb = ll.convert_layout %c : {af} -> {bf}
        scf.yield %bb : {bf}
      }}
      %h = arith.truncf %r : {bf} to {bh}
      ll.store_tile %h, %yp : {bh}, !llvm.ptr<1>
""" + kernels._EPILOGUE


MIXED = [c for c in case_lib.shuffle_cases(60, seed=34)
         if case_lib.BITS[c["dtype"]] == 16][:10]


@pytest.mark.parametrize("case", MIXED, ids=lambda c: c["name"])
def test_mixed_types_and_nested_loops_are_bit_exact(case):
    text = _mixed_kernel(case)
    lowered = compiler.lower(text, NVVM)
    tile = int(np.prod(case["shape"]))
    x = np.random.default_rng(5).integers(-8, 8, size=tile).astype(np.float16)
    y = np.full(tile, 0xA5A5, dtype=np.uint16)
    dynamic = re.search(r"ll\.dynamic_shared_bytes = (\d+)", lowered)
    simt.run_workgroup(lowered, "mixed", [x.view(np.uint16), y],
                       threads=32 * case["warps"], wave=32, block_id=0,
                       dynamic_shared=int(dynamic.group(1)) if dynamic else 0)
    np.testing.assert_array_equal(y.view(np.float16), x + np.float16(12))


def test_mixed_kernels_change_layouts():
    changed = [c["name"] for c in MIXED
               if _optimized(_mixed_kernel(c)) !=
               compiler.lower(_mixed_kernel(c), "builtin.module()")]
    assert changed, "the pass left every mixed kernel as written"
