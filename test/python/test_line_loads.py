"""Tile loads that ask L2 for whole 128-byte lines (`ld.global.L2::128B`).

convert-ll-to-nvvm gives a tile's global load the prefetch-size hint when a
warp's load instruction reads whole 32-byte sectors but only part of the
128-byte lines it touches, the block reading the rest (docs/lowering.md
"Global loads"). The lowering decides that over F2 (spans of the lanes'
offsets); the oracle here enumerates the bytes that warp 0's first load
instruction touches, lane by lane, and counts them per sector and per line.
"""

import collections
import os
import re
import sys

import pytest
from linear_layout import compiler, kernels

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "gpu"))
import cases as case_lib

BITS = {"int8": 8, "fp8e4nv": 8, "fp16": 16, "bf16": 16, "int16": 16,
        "fp32": 32, "int32": 32, "fp64": 64, "int64": 64}


def _flat(basis, shape):
    """Row-major element offset of a coordinate vector (F2-linear for
    power-of-two shapes)."""
    offset = 0
    for coordinate, size in zip(basis, shape):
        offset = offset * size + coordinate
    return offset


def _vector_bits(regs, threads, max_elements):
    """Register bases that step the offset by 1, 2, 4, ... with every other
    base keeping the vector's low bits clear (an aligned vector)."""
    chosen = []
    i = 0
    while (2 << i) <= max_elements:
        found = next((j for j, o in enumerate(regs)
                      if j not in chosen and o == 1 << i), None)
        if found is None:
            break
        low = (2 << i) - 1
        if any(o & low for j, o in enumerate(regs)
               if j != found and j not in chosen) or \
                any(t & low for t in threads):
            break
        chosen.append(found)
        i += 1
    return chosen


def expected_line_loads(layout, shape, bits):
    regs = [_flat(b, shape) for b in layout["register"]]
    lanes = [_flat(b, shape) for b in layout["lane"]]
    warps = [_flat(b, shape) for b in layout.get("warp", [])]
    elements = 1 << len(_vector_bits(regs, lanes + warps, 128 // bits))
    element_bytes = bits // 8
    touched = set()
    for lane in range(1 << len(lanes)):
        offset = 0
        for i, o in enumerate(lanes):
            if (lane >> i) & 1:
                offset ^= o
        for e in range(elements):
            for byte in range(element_bytes):
                touched.add((offset ^ e) * element_bytes + byte)
    sectors = collections.Counter(a // 32 for a in touched)
    lines = collections.Counter(a // 128 for a in touched)
    tile_bytes = element_bytes
    for size in shape:
        tile_bytes *= size
    return (all(n == 32 for n in sectors.values())
            and any(n < 128 for n in lines.values())
            and tile_bytes >= 128
            and elements * element_bytes in (4, 8, 16))


def _lowered(case, chip):
    text = kernels.conv(case["src"], case["dst"], case["shape"], case["dtype"],
                        case["warps"])
    return compiler.lower(
        text, f"builtin.module(convert-ll-to-nvvm{{chip={chip}}})")


CASES = case_lib.corpus_cases() + case_lib.random_cases(count=120, seed=11)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_hint_where_warps_read_whole_sectors_of_partial_lines(case):
    out = _lowered(case, "sm_90")
    hinted = len(re.findall(r"llvm\.inline_asm .*ld\.global\.L2::128B", out))
    plain = len(re.findall(r"llvm\.load .*: !llvm\.ptr<1>", out))
    if expected_line_loads(case["src"], case["shape"], BITS[case["dtype"]]):
        assert hinted > 0 and plain == 0
    else:
        assert hinted == 0 and plain > 0


def test_cases_cover_both_answers():
    answers = {expected_line_loads(c["src"], c["shape"], BITS[c["dtype"]])
               for c in CASES}
    assert answers == {True, False}


def test_no_hint_before_sm75():
    """The prefetch size is PTX ISA 7.4 / sm_75: older chips load plainly."""
    case = next(c for c in CASES
                if expected_line_loads(c["src"], c["shape"],
                                       BITS[c["dtype"]]))
    out = _lowered(case, "sm_70")
    assert "L2::128B" not in out
    assert re.search(r"llvm\.load .*: !llvm\.ptr<1>", out)


def test_constant_offsets_fold_into_the_instruction():
    """register_permutation: two 16-byte loads 64 bytes apart, the second
    with the offset as an immediate (no address register of its own)."""
    case = next(c for c in case_lib.corpus_cases()
                if c["name"].startswith("register_permutation"))
    ptx = str(compiler.compile(kernels.conv(
        case["src"], case["dst"], case["shape"], case["dtype"],
        case["warps"])))
    loads = re.findall(r"ld\.global\.L2::128B\.v4\.b32 \{[^}]*\}, \[(%rd\d+)"
                       r"(\+64)?\];", ptx)
    assert len(loads) == 2
    assert loads[0][0] == loads[1][0] and {loads[0][1], loads[1][1]} == \
        {"", "+64"}
