"""Gather test cases: random source and index layouts for ``ll.gather``.

Pure Python/NumPy. Two families, over 2-D tiles:

* ``warp_local``: the source's warps hold whole rows of the gathered axis
  and the index layout puts each row in the same warp (the paper's §5.5
  condition holds; the planner may shuffle);
* ``any``: independent random layouts (the axis may span warps, the index
  rows may sit in other warps; mostly shared memory).

Layouts may broadcast (zero lane or warp bases) and mix bits by XOR. Each
case is a dict: name, src, index (bases over [dim0, dim1]), src_shape,
index_shape, axis, dtype, index_dtype, warps, lanes.
"""

from __future__ import annotations

import numpy as np

DTYPES = ["fp32", "fp16", "int8", "int64", "bf16", "int32"]
INDEX_DTYPES = ["int32", "int64", "int16", "int8"]


def _unit(dim, bit):
    v = [0, 0]
    v[dim] = 1 << bit
    return v


def _xor(a, b):
    return [x ^ y for x, y in zip(a, b)]


def _layout(rng, units, lane_bits, warp_cols, mix):
    """A layout over the given unit vectors: `warp_cols` fixed, lanes drawn
    from the units (zero when they run out, or at random), the rest in
    registers; `mix` XORs some earlier column into a later one."""
    units = list(units)
    rng.shuffle(units)
    lanes = []
    for _ in range(lane_bits):
        if units and rng.random() > 0.1:
            lanes.append(units.pop())
        else:
            lanes.append([0, 0])
    regs = units
    cols = regs + lanes
    if mix and len(cols) > 1:
        for _ in range(int(rng.integers(1, 3))):
            i, j = sorted(rng.choice(len(cols), size=2, replace=False))
            if any(cols[i]) and any(cols[j]):
                cols[j] = _xor(cols[j], cols[i])
    regs, lanes = cols[: len(regs)], cols[len(regs) :]
    return {
        "register": [list(c) for c in regs],
        "lane": [list(c) for c in lanes],
        "warp": [list(c) for c in warp_cols],
    }


def random_gather_case(rng, name, warp_local, lanes=32):
    lane_bits = lanes.bit_length() - 1
    warp_bits = int(rng.integers(0, 3))
    axis = int(rng.integers(0, 2))
    other = 1 - axis
    axis_bits = int(rng.integers(1, 7))
    index_axis_bits = max(0, axis_bits + int(rng.integers(-1, 2)))
    other_bits = int(
        rng.integers(
            max(0, lane_bits + warp_bits - axis_bits - 2), lane_bits + warp_bits + 2
        )
    )
    other_bits = max(other_bits, 0)
    src_bits, idx_bits = [0, 0], [0, 0]
    src_bits[axis], src_bits[other] = axis_bits, other_bits
    idx_bits[axis], idx_bits[other] = index_axis_bits, other_bits
    # The source's and the index's warps hold the same rows (other-dim
    # coordinates) in the warp-local family.
    other_units = [_unit(other, b) for b in range(other_bits)]
    rng.shuffle(other_units)
    if warp_local:
        warp_cols = [
            other_units.pop() if other_units and rng.random() > 0.15 else [0, 0]
            for _ in range(warp_bits)
        ]
        src_units = other_units + [_unit(axis, b) for b in range(axis_bits)]
        idx_units = other_units + [_unit(axis, b) for b in range(index_axis_bits)]
        src = _layout(rng, src_units, lane_bits, warp_cols, rng.random() < 0.5)
        index = _layout(rng, idx_units, lane_bits, warp_cols, rng.random() < 0.5)
    else:

        def independent(bits):
            units = [_unit(d, b) for d in range(2) for b in range(bits[d])]
            rng.shuffle(units)
            warp_cols = [
                units.pop() if units and rng.random() > 0.15 else [0, 0]
                for _ in range(warp_bits)
            ]
            return _layout(rng, units, lane_bits, warp_cols, rng.random() < 0.5)

        src, index = independent(src_bits), independent(idx_bits)
    src_shape = [1 << b for b in src_bits]
    index_shape = [1 << b for b in idx_bits]
    dtype = DTYPES[int(rng.integers(0, len(DTYPES)))]
    index_dtype = INDEX_DTYPES[int(rng.integers(0, len(INDEX_DTYPES)))]
    if index_dtype == "int8" and axis_bits >= 7:
        index_dtype = "int16"
    return {
        "name": name,
        "src": src,
        "index": index,
        "src_shape": src_shape,
        "index_shape": index_shape,
        "axis": axis,
        "dtype": dtype,
        "index_dtype": index_dtype,
        "warps": 1 << warp_bits,
        "lanes": lanes,
    }


def gather_cases(count=40, seed=0, lanes=32):
    rng = np.random.default_rng(seed)
    cases = []
    for k in range(count):
        warp_local = k % 3 != 2
        fam = "wl" if warp_local else "any"
        cases.append(random_gather_case(rng, f"g{lanes}_{fam}_{k}", warp_local, lanes))
    return cases


def gather_inputs(case, tiles, rng):
    """Source tiles (random bits of the dtype's width) and index tiles
    (mostly in range, a few beyond the axis size: taken modulo it)."""
    bits = {
        "fp32": 32,
        "fp16": 16,
        "bf16": 16,
        "int8": 8,
        "int32": 32,
        "int64": 64,
        "int16": 16,
        "fp8e4nv": 8,
        "fp64": 64,
    }[case["dtype"]]
    u = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}[bits]
    src_tile = int(np.prod(case["src_shape"]))
    idx_tile = int(np.prod(case["index_shape"]))
    x = rng.integers(0, np.iinfo(u).max, size=src_tile * tiles, dtype=u, endpoint=True)
    size = case["src_shape"][case["axis"]]
    idt = {"int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64}[
        case["index_dtype"]
    ]
    high = min(int(np.iinfo(idt).max), 4 * size)
    i = rng.integers(0, size, size=idx_tile * tiles).astype(idt)
    wild = rng.random(idx_tile * tiles) < 0.05
    i[wild] = rng.integers(0, high, size=int(wild.sum())).astype(idt)
    return x, i


def gather_expected(case, x, i, tiles):
    """The result tiles, by NumPy (indices modulo the axis size)."""
    xs = x.reshape([tiles] + case["src_shape"])
    is_ = i.reshape([tiles] + case["index_shape"])
    out = np.take_along_axis(
        xs,
        is_.astype(np.int64) % case["src_shape"][case["axis"]],
        axis=case["axis"] + 1,
    )
    return out.reshape(-1)
