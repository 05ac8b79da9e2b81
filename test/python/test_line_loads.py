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


HINTED = next(c for c in CASES
              if expected_line_loads(c["src"], c["shape"], BITS[c["dtype"]]))


@pytest.mark.parametrize("chip", ["sm_70", "sm_75", "sm_80", "sm_86",
                                  "sm_87", "sm_89", "sm_90", "sm_100"])
def test_hint_only_where_the_ptx_isa_has_it(chip):
    """The prefetch size needs PTX ISA 7.4, which the NVPTX backend writes
    from sm_87 on (7.0 for sm_80, 7.1 for sm_86): PTX that uses it must
    declare an ISA that has it, and sm_87 and later get it."""
    ptx = str(compiler.compile(kernels.conv(
        HINTED["src"], HINTED["dst"], HINTED["shape"], HINTED["dtype"],
        HINTED["warps"]), chip=chip))
    major, minor = map(int, re.search(r"\.version (\d+)\.(\d+)",
                                      ptx).groups())
    assert ("L2::128B" in ptx) == (int(chip[3:]) >= 87)
    if "L2::128B" in ptx:
        assert (major, minor) >= (7, 4)


ROWS = ("#ll.linear<{register = [[0, 1], [0, 2], [1, 0]], lane = [[0, 4], "
        "[0, 8], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], "
        "block = []} -> {dim0 = 64, dim1 = 16}>")
TILE = f"tensor<64x16xf32, {ROWS}>"


def _kernel(args, body):
    return f"""module attributes {{gpu.container_module}} {{
  gpu.module @m {{
    gpu.func @k({args}) kernel attributes {{known_block_size = array<i32: 128, 1, 1>}} {{
{body}
      gpu.return
    }}
  }}
}}
"""


def test_loads_stay_in_order_with_stores():
    """A tile stored to p and loaded again from p is loaded again (the
    hinted load is not merged with the earlier load of p)."""
    ptx = str(compiler.compile(_kernel(
        "%p: !llvm.ptr<1>, %q: !llvm.ptr<1>, %r: !llvm.ptr<1>", f"""
      %t = ll.load_tile %p : !llvm.ptr<1> -> {TILE}
      %u = ll.load_tile %q : !llvm.ptr<1> -> {TILE}
      %s = arith.addf %t, %u : {TILE}
      ll.store_tile %u, %p : {TILE}, !llvm.ptr<1>
      %v = ll.load_tile %p : !llvm.ptr<1> -> {TILE}
      %w = arith.addf %v, %s : {TILE}
      ll.store_tile %w, %r : {TILE}, !llvm.ptr<1>""")))
    accesses = re.findall(r"\b(ld|st)\.global", ptx)
    assert accesses == ["ld"] * 4 + ["st"] * 2 + ["ld"] * 2 + ["st"] * 2


def test_loads_in_a_loop_stay_in_the_loop():
    """Each trip reloads what the previous one stored."""
    ptx = str(compiler.compile(_kernel("%p: !llvm.ptr<1>, %n: i32", f"""
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      scf.for %i = %c0 to %n step %c1 : i32 {{
        %t = ll.load_tile %p : !llvm.ptr<1> -> {TILE}
        %u = arith.addf %t, %t : {TILE}
        ll.store_tile %u, %p : {TILE}, !llvm.ptr<1>
      }}""")))
    # The body between a label and the branch back to it.
    loop = re.search(r"^(\$L__BB\d+_\d+):\n(.*?)bra\s+\1;", ptx,
                     re.MULTILINE | re.DOTALL)
    assert loop
    assert re.findall(r"\b(ld|st)\.global", loop.group(2)) == \
        ["ld", "ld", "st", "st"]


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
