"""Benchmark kernels in the `ll` dialect, generated for any pair of layouts.

``conv(src, dst, shape, dtype)`` and ``conv_loop(...)`` return the MLIR text
of a ``gpu.module @ll_kernels`` holding one kernel with the shape of the
benchmark kernels (``bench/README.md``; Triton's are
``bench/triton_ref/triton_kernels.py``):

* ``conv(x, y)``: CTA ``t`` loads tile ``t`` of ``x`` (row-major tiles back
  to back) in layout ``src``, converts it to ``dst`` and stores it to ``y`` at
  the same coordinates: ``y == x`` bit for bit.
* ``gather(x, i, y)`` / ``gather_loop``: ``ll.gather`` of a source tile
  by an index tile (``tl.gather``'s semantics), once or in a loop.
* ``conv_loop(x, y)``: ``rounds`` round trips src -> dst -> src, each
  conversion followed by ``+ 1``; ``y = x + 2 * rounds`` (8-bit floats are
  moved as ``i8`` and incremented as integers).

Layouts are :class:`linear_layout.LinearLayout` objects or dictionaries of
bases ``{"register": [...], "lane": [...], "warp": [...]}`` over
``[dim0, dim1, ...]`` (the corpus format). Launch ``threads(src)`` threads
per CTA and one CTA per tile. Compile with :func:`linear_layout.compile`.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "DTYPES",
    "conv",
    "conv_loop",
    "element_type",
    "gather",
    "gather_loop",
    "gather_reference",
    "numpy_dtype",
    "threads",
]

# name -> (MLIR element type, bits, NumPy storage dtype)
DTYPES = {
    "fp64": ("f64", 64, np.float64),
    "fp32": ("f32", 32, np.float32),
    "fp16": ("f16", 16, np.float16),
    "bf16": ("bf16", 16, np.uint16),
    "fp8e4nv": ("f8E4M3FN", 8, np.uint8),
    "int64": ("i64", 64, np.int64),
    "int32": ("i32", 32, np.int32),
    "int16": ("i16", 16, np.int16),
    "int8": ("i8", 8, np.int8),
    # A mask: bytes in memory (0 or not, as torch.bool), i1 in registers.
    # The conv kernel converts the i1 tensor; ll.convert_layout moves its
    # elements as bytes (docs/lowering.md, "Masks").
    "bool": ("i1", 8, np.bool_),
}

_HW_DIMS = ("register", "lane", "warp", "block")

# The most elements a reference helper builds (2^31: 2 GiB of int8).
_MAX_REFERENCE_ELEMENTS = 1 << 31


def _integer(value, name: str) -> int:
    """`value` as an int: an int or NumPy integer, not a bool, float or str
    (which int() would silently truncate or parse)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name}: expected an int, got {type(value).__name__}")
    return int(value)

# conv_loop unrolls a register-only round trip while (adds in the unrolled
# body) x (warps per CTA) stays at most this: on the H100 (2026-11-24), the
# wgmma-accumulator no-op ran 0.86-0.99x Triton's time unrolled up to
# 2048 adds on 4 warps and 1.24-1.44x beyond (128x128 fp16 on 8 warps:
# 1.25x unrolled, 1.00x rolled); docs/lowering.md, "Loop annotations".
UNROLL_BUDGET = 8192


def element_type(dtype: str) -> str:
    """The MLIR element type of a dtype name (see DTYPES)."""
    if not isinstance(dtype, str):
        raise TypeError(f"dtype: expected a str, got {type(dtype).__name__}")
    if dtype not in DTYPES:
        raise ValueError(f"dtype: unknown {dtype!r}; expected one of "
                         f"{sorted(DTYPES)}")
    return DTYPES[dtype][0]


def numpy_dtype(dtype: str):
    """The NumPy dtype holding the bits of `dtype` (bf16 and fp8 as uints)."""
    element_type(dtype)
    return DTYPES[dtype][2]


def _bases(layout, name: str) -> dict:
    if hasattr(layout, "bases") and not isinstance(layout, dict):
        bases = dict(layout.bases)
    elif isinstance(layout, dict):
        bases = {k: v for k, v in layout.items() if k in _HW_DIMS}
        extra = set(layout) - set(_HW_DIMS)
        if extra:
            raise ValueError(f"{name}: unexpected input dimensions "
                             f"{sorted(extra)}")
    else:
        raise TypeError(f"{name}: expected a LinearLayout or a dict of bases, "
                        f"got {type(layout).__name__}")
    for dim in bases:
        if dim not in _HW_DIMS:
            raise ValueError(f"{name}: input dimension {dim!r} is not one of "
                             f"{_HW_DIMS}")
    if any(bases.get("block", [])):
        raise ValueError(f"{name}: layouts spanning several CTAs (block "
                         "bases) are not supported")
    out = {}
    for d in _HW_DIMS[:3]:
        vectors = bases.get(d, [])
        if isinstance(vectors, (str, bytes)) or not hasattr(vectors, "__iter__"):
            raise TypeError(f"{name}: {d} bases must be a list of vectors, "
                            f"got {type(vectors).__name__}")
        out[d] = []
        for b in vectors:
            if isinstance(b, (str, bytes)) or not hasattr(b, "__iter__"):
                raise TypeError(f"{name}: a {d} basis must be a list of ints, "
                                f"got {type(b).__name__}")
            out[d].append([_integer(v, f"{name}: {d} basis entry") for v in b])
    return out


def threads(layout, lanes: int = 32) -> int:
    """Threads per CTA for a layout: lanes x 2^(number of warp bases)."""
    _check_lane_count(lanes)
    return lanes * (1 << len(_bases(layout, "layout")["warp"]))


def _shape(shape) -> list:
    if not isinstance(shape, (list, tuple)) or not shape:
        raise TypeError("shape: expected a non-empty list of sizes")
    out = []
    for s in shape:
        s = _integer(s, "shape")
        if s <= 0 or s & (s - 1):
            raise ValueError(f"shape: {s} is not a positive power of two")
        out.append(s)
    return out


def _check_fits(layout, shape, name):
    """The layout addresses the tensor of `shape` and holds all of it: its
    bases fit the shape and span it (the F2 core's own checks, which
    #ll.linear's verifier would give later, at compile time); a
    LinearLayout's own sizes are `shape`."""
    from linear_layout._core import LinearLayout

    dims = getattr(layout, "out_dims", None)
    if dims is not None and not isinstance(layout, dict) and \
            list(dict(dims).values()) != list(shape):
        raise ValueError(f"{name}: the layout is of shape "
                         f"{list(dict(dims).values())}, not {shape}")
    try:
        fitted = LinearLayout(
            {d: v for d, v in _bases(layout, name).items() if v},
            {f"dim{i}": size for i, size in enumerate(shape)})
    except ValueError as e:
        raise ValueError(f"{name}: the bases lie outside the shape {shape}: "
                         f"{e}") from None
    if not fitted.is_surjective():
        raise ValueError(f"{name}: the bases reach 2^{fitted.rank()} of the "
                         f"2^{fitted.total_out_bits} elements of the shape "
                         f"{shape}")


def _encoding(layout, shape, name) -> str:
    bases = _bases(layout, name)
    body = ", ".join(f"{d} = {bases[d]}" for d in _HW_DIMS[:3])
    outs = ", ".join(f"dim{i} = {s}" for i, s in enumerate(shape))
    return f"#ll.linear<{{{body}, block = []}} -> {{{outs}}}>"


def _check_warps(src, dst, warps):
    ws = len(_bases(src, "src")["warp"])
    wd = len(_bases(dst, "dst")["warp"])
    if ws != wd:
        raise ValueError(f"dst: has {1 << wd} warps but src has {1 << ws}")
    if warps is not None and _integer(warps, "warps") != (1 << ws):
        raise ValueError(f"warps: {warps} does not match the layouts' "
                         f"{1 << ws} warps")
    return 1 << ws


def _check_lane_count(lanes):
    if _integer(lanes, "lanes") not in (32, 64):
        raise ValueError(f"lanes: expected 32 or 64 lanes per warp, got "
                         f"{lanes!r}")


def _check_lanes(src, dst, lanes):
    _check_lane_count(lanes)
    for what, layout in (("src", src), ("dst", dst)):
        n = 1 << len(_bases(layout, what)["lane"])
        if n > lanes:
            raise ValueError(f"{what}: has {n} lanes, more than the "
                             f"{lanes} of a warp")


def _check_name(name):
    if not isinstance(name, str):
        raise TypeError(f"name: expected a str, got {type(name).__name__}")
    if not name.isidentifier():
        raise ValueError(f"name: {name!r} is not an identifier")


def _check_not_mask(dtype, what):
    if dtype == "bool":
        raise ValueError(f"dtype: {what} kernels do not take 'bool' (only "
                         "conv moves a mask)")


def _header(src, dst, shape, dtype, warps, name, lanes=32):
    _check_lanes(src, dst, lanes)
    shape = _shape(shape)
    _check_fits(src, shape, "src")
    _check_fits(dst, shape, "dst")
    elem = element_type(dtype)
    nwarps = _check_warps(src, dst, warps)
    enc_a = _encoding(src, shape, "src")
    enc_b = _encoding(dst, shape, "dst")
    dims = "x".join(str(s) for s in shape)
    bits = DTYPES[dtype][1]
    _check_name(name)
    return shape, elem, nwarps, enc_a, enc_b, dims, bits


def _prologue(name, nthreads, tile, bits):
    return f"""module attributes {{gpu.container_module}} {{
  gpu.module @ll_kernels {{
    gpu.func @{name}(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {{known_block_size = array<i32: {nthreads}, 1, 1>}} {{
      %bid = gpu.block_id x
      %b64 = arith.index_cast %bid : index to i64
      %n = arith.constant {tile} : i64
      %off = arith.muli %b64, %n : i64
      %xp = llvm.getelementptr %x[%off] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i{bits}
      %yp = llvm.getelementptr %y[%off] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i{bits}
"""


_EPILOGUE = """      gpu.return
    }
  }
}
"""


def conv(src, dst, shape, dtype: str, warps: int | None = None,
         name: str = "conv", lanes: int = 32) -> str:
    """The `conv` kernel (load in src, convert to dst, store) as MLIR text.
    `lanes`: threads per warp (64 for AMD wave64)."""
    shape, elem, nwarps, enc_a, enc_b, dims, bits = _header(
        src, dst, shape, dtype, warps, name, lanes)
    ta = f"tensor<{dims}x{elem}, {enc_a}>"
    tb = f"tensor<{dims}x{elem}, {enc_b}>"
    tile = int(np.prod(shape))
    if dtype == "bool":
        # Bytes in memory: the mask is (byte != 0), stored back as 0 or 1.
        ba, bb = (f"tensor<{dims}xi8, {e}>" for e in (enc_a, enc_b))
        body = f"""      %bytes = ll.load_tile %xp : !llvm.ptr<1> -> {ba}
      %zero = arith.constant dense<0> : {ba}
      %t = arith.cmpi ne, %bytes, %zero : {ba}
      %u = ll.convert_layout %t : {ta} -> {tb}
      %v = arith.extui %u : {tb} to {bb}
      ll.store_tile %v, %yp : {bb}, !llvm.ptr<1>
"""
    else:
        body = f"""      %t = ll.load_tile %xp : !llvm.ptr<1> -> {ta}
      %u = ll.convert_layout %t : {ta} -> {tb}
      ll.store_tile %u, %yp : {tb}, !llvm.ptr<1>
"""
    return _prologue(name, lanes * nwarps, tile, bits) + body + _EPILOGUE


def epilogue(src, dst, shape, dtype: str, warps: int | None = None,
             name: str = "epilogue", lanes: int = 32) -> str:
    """The `epilogue` kernel as MLIR text: a tile made in registers in
    layout src (element i of the row-major tile is i, by `ll.tile_index`,
    converted to dtype: `arith.sitofp` for floats, truncated for 8-bit
    integers), converted to dst and stored as the block's tile of y. No
    load: a matmul's accumulator is in registers before its epilogue, so
    the kernel's memory traffic is its stores, which the conversion must
    hide under (bench/gpu.py). Takes (x, y) as `conv` does; x is unused.
    fp8 tiles hold the index's low byte."""
    _check_not_mask(dtype, "epilogue")
    shape, elem, nwarps, enc_a, enc_b, dims, bits = _header(
        src, dst, shape, dtype, warps, name, lanes)
    integer = elem in ("i8", "i16", "i32", "i64") or elem.startswith("f8")
    index_elem = f"i{bits}" if integer else "i32"
    if elem.startswith("f8"):
        elem = "i8"  # no fp8 arithmetic: the index's bits
    ta = f"tensor<{dims}x{elem}, {enc_a}>"
    tb = f"tensor<{dims}x{elem}, {enc_b}>"
    ti = f"tensor<{dims}x{index_elem}, {enc_a}>"
    made = (f"      %t = ll.tile_index : {ta}\n" if integer else
            f"      %i = ll.tile_index : {ti}\n"
            f"      %t = arith.sitofp %i : {ti} to {ta}\n")
    tile = int(np.prod(shape))
    return (_prologue(name, lanes * nwarps, tile, bits) + made + f"""\
      %u = ll.convert_layout %t : {ta} -> {tb}
      ll.store_tile %u, %yp : {tb}, !llvm.ptr<1>
""" + _EPILOGUE)


def epilogue_reference(shape, dtype: str, tiles: int = 1):
    """What `epilogue` stores in each of `tiles` tiles: 0, 1, 2, ... in
    dtype, as numpy_dtype(dtype) (bf16 and fp8 as their raw bits)."""
    _check_not_mask(dtype, "epilogue")
    elements = 1
    for size in _shape(shape):
        elements *= size
    tiles = _integer(tiles, "tiles")
    if tiles < 1 or elements * tiles > _MAX_REFERENCE_ELEMENTS:
        raise ValueError(f"tiles: {tiles} tiles of {elements} elements is not "
                         f"from 1 to {_MAX_REFERENCE_ELEMENTS} elements")
    index = np.arange(elements, dtype=np.int64)
    if dtype == "bf16":
        u = index.astype(np.float32).view(np.uint32).astype(np.uint64)
        u = (u + 0x7FFF + ((u >> 16) & 1)) >> 16  # round to nearest even
        one = u.astype(np.uint16)
    else:  # integers wrap, floats round to nearest even (inf past fp16)
        with np.errstate(over="ignore"):
            one = index.astype(numpy_dtype(dtype))
    return np.tile(one, tiles)


def conv_loop(src, dst, shape, dtype: str, warps: int | None = None,
              rounds: int = 32, name: str = "conv_loop",
              lanes: int = 32, unroll: bool | None = None) -> str:
    """The `conv_loop` kernel: `rounds` round trips src -> dst -> src, each
    conversion followed by `+ 1`.

    `unroll`: ask LLVM to unroll the loop fully (an `llvm.loop_annotation`
    on the scf.for). By default only where every thread holds the same
    elements in src and dst (same lane and warp bases: the round trip is
    then a few register operations and the loop's control is what is left
    to save) and the unrolled code stays small: its adds (two per round
    and 32-bit word of a thread's registers) times the warps of the CTA at
    most UNROLL_BUDGET (docs/lowering.md, "Loop annotations": the warps
    drift apart through an unrolled body, so the code the SM must keep
    cached grows with both). A loop that moves data between threads stays
    a loop: unrolled, its code outgrows the instruction cache."""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
        raise ValueError(f"rounds: expected a non-negative int, got {rounds!r}")
    if unroll is not None and not isinstance(unroll, bool):
        raise TypeError(f"unroll: expected a bool or None, got "
                        f"{type(unroll).__name__}")
    _check_not_mask(dtype, "conv_loop")
    shape, elem, nwarps, enc_a, enc_b, dims, bits = _header(
        src, dst, shape, dtype, warps, name, lanes)
    if unroll is None:
        a, b = _bases(src, "src"), _bases(dst, "dst")
        words = -(-(1 << len(a["register"])) * bits // 32)
        unroll = (a["lane"] == b["lane"] and a["warp"] == b["warp"]
                  and 2 * rounds * words * nwarps <= UNROLL_BUDGET)
    annotation = (" {llvm.loop_annotation = #llvm.loop_annotation<unroll = "
                  "<full = true>>}" if unroll else "")
    if elem.startswith("f8"):
        elem = "i8"  # no fp8 arithmetic in LLVM: increment the bits
    is_float = elem.startswith("f") or elem == "bf16"
    one = "1.0" if is_float else "1"
    add = "arith.addf" if is_float else "arith.addi"
    ta = f"tensor<{dims}x{elem}, {enc_a}>"
    tb = f"tensor<{dims}x{elem}, {enc_b}>"
    tile = int(np.prod(shape))
    return (_prologue(name, lanes * nwarps, tile, bits) + f"""      %one_a = arith.constant dense<{one}> : {ta}
      %one_b = arith.constant dense<{one}> : {tb}
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cr = arith.constant {rounds} : index
      %t = ll.load_tile %xp : !llvm.ptr<1> -> {ta}
      %r = scf.for %i = %c0 to %cr step %c1 iter_args(%a = %t) -> ({ta}) {{
        %b = ll.convert_layout %a : {ta} -> {tb}
        %b1 = {add} %b, %one_b : {tb}
        %a2 = ll.convert_layout %b1 : {tb} -> {ta}
        %a3 = {add} %a2, %one_a : {ta}
        scf.yield %a3 : {ta}
      }}{annotation}
      ll.store_tile %r, %yp : {ta}, !llvm.ptr<1>
""" + _EPILOGUE)


def _gather_header(src, index, src_shape, index_shape, axis, dtype,
                   index_dtype, warps, name, lanes):
    _check_not_mask(dtype, "gather")
    _check_not_mask(index_dtype, "gather (index)")
    _check_lanes(src, index, lanes)
    src_shape, index_shape = _shape(src_shape), _shape(index_shape)
    if len(src_shape) != len(index_shape):
        raise ValueError(f"index_shape: rank {len(index_shape)} differs from "
                         f"the source's {len(src_shape)}")
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"axis: expected an int, got {type(axis).__name__}")
    if not 0 <= axis < len(src_shape):
        raise ValueError(f"axis: {axis} is out of range for rank "
                         f"{len(src_shape)}")
    if index_dtype not in ("int8", "int16", "int32", "int64"):
        raise ValueError(f"index_dtype: expected int8, int16, int32 or "
                         f"int64, got {index_dtype!r}")
    _check_name(name)
    nwarps = _check_warps(src, index, warps)
    elem = element_type(dtype)
    ta = (f"tensor<{'x'.join(map(str, src_shape))}x{elem}, "
          f"{_encoding(src, src_shape, 'src')}>")
    enc_i = _encoding(index, index_shape, "index")
    dims_i = "x".join(map(str, index_shape))
    ti = f"tensor<{dims_i}x{element_type(index_dtype)}, {enc_i}>"
    tr = f"tensor<{dims_i}x{elem}, {enc_i}>"
    return src_shape, index_shape, nwarps, elem, ta, ti, tr


def _gather_prologue(name, nthreads, src_shape, index_shape, bits, ibits):
    src_tile = int(np.prod(src_shape))
    index_tile = int(np.prod(index_shape))
    return f"""module attributes {{gpu.container_module}} {{
  gpu.module @ll_kernels {{
    gpu.func @{name}(%x: !llvm.ptr<1>, %i: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {{known_block_size = array<i32: {nthreads}, 1, 1>}} {{
      %bid = gpu.block_id x
      %b64 = arith.index_cast %bid : index to i64
      %ns = arith.constant {src_tile} : i64
      %ni = arith.constant {index_tile} : i64
      %offs = arith.muli %b64, %ns : i64
      %offi = arith.muli %b64, %ni : i64
      %xp = llvm.getelementptr %x[%offs] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i{bits}
      %ip = llvm.getelementptr %i[%offi] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i{ibits}
      %yp = llvm.getelementptr %y[%offi] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i{bits}
"""


def _plan_attr(plan) -> str:
    if plan not in (None, "shuffle", "shared_memory"):
        raise ValueError(f"plan: expected 'shuffle' or 'shared_memory', got "
                         f"{plan!r}")
    return f" {{ll.plan = #ll.plan<kind = {plan}>}}" if plan else ""


def _gather_io(src, io_layout, src_shape, index_shape, elem, index_dtype,
               warps, ta, ti, tr, result):
    """The loads of ``%t``/``%j`` and the store of `result` (in the gather's
    layouts, or in `io_layout` with conversions around)."""
    if io_layout is None:
        return ([f"      %t = ll.load_tile %xp : !llvm.ptr<1> -> {ta}",
                 f"      %j = ll.load_tile %ip : !llvm.ptr<1> -> {ti}"],
                [f"      ll.store_tile {result}, %yp : {tr}, !llvm.ptr<1>"])
    if isinstance(io_layout, tuple):
        if len(io_layout) != 2:
            raise ValueError("io_layout: expected a layout or a pair "
                             "(source layout, index layout)")
        src_io, index_io = io_layout
    elif src_shape != index_shape:
        raise ValueError("io_layout: source and index shapes differ, so it "
                         "must be a pair (source layout, index layout)")
    else:
        src_io = index_io = io_layout
    _check_warps(src, src_io, warps)
    _check_warps(src, index_io, warps)
    src_dims = "x".join(map(str, src_shape))
    idx_dims = "x".join(map(str, index_shape))
    io_src = (f"tensor<{src_dims}x{elem}, "
              f"{_encoding(src_io, src_shape, 'io_layout')}>")
    idx_enc = _encoding(index_io, index_shape, "io_layout")
    io_idx = f"tensor<{idx_dims}x{element_type(index_dtype)}, {idx_enc}>"
    io_out = f"tensor<{idx_dims}x{elem}, {idx_enc}>"
    return ([f"      %t0 = ll.load_tile %xp : !llvm.ptr<1> -> {io_src}",
             f"      %j0 = ll.load_tile %ip : !llvm.ptr<1> -> {io_idx}",
             f"      %t = ll.convert_layout %t0 : {io_src} -> {ta}",
             f"      %j = ll.convert_layout %j0 : {io_idx} -> {ti}"],
            [f"      %out = ll.convert_layout {result} : {tr} -> {io_out}",
             f"      ll.store_tile %out, %yp : {io_out}, !llvm.ptr<1>"])


def gather(src, index, src_shape, index_shape, axis: int, dtype: str,
           index_dtype: str = "int32", warps: int | None = None,
           name: str = "gather", lanes: int = 32, io_layout=None,
           plan: str | None = None) -> str:
    """The `gather` kernel as MLIR text: CTA ``t`` loads tile ``t`` of ``x``
    (shape `src_shape`, layout `src`) and of ``i`` (`index_shape`, layout
    `index`, integers of `index_dtype`), gathers ``x`` along `axis` by ``i``
    (``ll.gather``, ``tl.gather``'s semantics) and stores the result to
    tile ``t`` of ``y`` (`index_shape`, layout `index`): launch it as
    ``kernel(x, i, y)`` with ``threads(src)`` threads per CTA.

    `io_layout`: load both tiles and store the result in this layout
    instead, converting to and from the gather's layouts (what Triton's
    kernel does: it loads coalesced, then converts); a pair (source layout,
    index layout) where the two differ, as they must where the shapes do
    (the result is stored in the index's). `plan`: an ``ll.plan``
    kind for the gather (``"shuffle"`` or ``"shared_memory"``)."""
    src_shape, index_shape, nwarps, elem, ta, ti, tr = _gather_header(
        src, index, src_shape, index_shape, axis, dtype, index_dtype, warps,
        name, lanes)
    attr = _plan_attr(plan)
    loads, stores = _gather_io(src, io_layout, src_shape, index_shape, elem,
                               index_dtype, warps, ta, ti, tr, "%g")
    gathered = (f"      %g = ll.gather %t[%j] axis = {axis}{attr} : "
                f"{ta}, {ti} -> {tr}")
    body = [*loads, gathered, *stores]
    return (_gather_prologue(name, lanes * nwarps, src_shape, index_shape,
                             DTYPES[dtype][1], DTYPES[index_dtype][1])
            + "\n".join(body) + "\n" + _EPILOGUE)


def gather_loop(src, index, src_shape, index_shape, axis: int, dtype: str,
                index_dtype: str = "int32", warps: int | None = None,
                rounds: int = 32, name: str = "gather_loop",
                lanes: int = 32, plan: str | None = None,
                io_layout=None) -> str:
    """The `gather_loop` kernel: `rounds` times, the source tile gets ``+ 1``
    and the gather of it is added to an accumulator (in the index layout,
    starting at 0) that is stored at the end:
    ``y = rounds * x[i] + rounds * (rounds + 1) / 2`` along `axis`.
    Integer and fp16/fp32 data (the sums stay exact for small values).
    `io_layout`: load and store in this layout, converting before and
    after the loop, as in `gather`."""
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0:
        raise ValueError(f"rounds: expected a non-negative int, got {rounds!r}")
    if element_type(dtype) and (dtype.startswith("fp8") or dtype == "bf16"):
        raise ValueError(f"dtype: gather_loop adds in {dtype!r}, which has "
                         "no exact sums here; use fp16, fp32 or integers")
    src_shape, index_shape, _, elem, ta, ti, tr = _gather_header(
        src, index, src_shape, index_shape, axis, dtype, index_dtype, warps,
        name, lanes)
    nwarps = _check_warps(src, index, warps)
    attr = _plan_attr(plan)
    loads, stores = _gather_io(src, io_layout, src_shape, index_shape, elem,
                               index_dtype, warps, ta, ti, tr, "%r#1")
    io_in, io_out = "\n".join(loads), "\n".join(stores)
    is_float = elem.startswith("f")
    one, zero = ("1.0", "0.0") if is_float else ("1", "0")
    add = "arith.addf" if is_float else "arith.addi"
    return (_gather_prologue(name, lanes * nwarps, src_shape, index_shape,
                             DTYPES[dtype][1], DTYPES[index_dtype][1])
            + f"""      %one = arith.constant dense<{one}> : {ta}
      %zero = arith.constant dense<{zero}> : {tr}
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cr = arith.constant {rounds} : index
{io_in}
      %r:2 = scf.for %k = %c0 to %cr step %c1 iter_args(%s = %t, %acc = %zero) -> ({ta}, {tr}) {{
        %s1 = {add} %s, %one : {ta}
        %g = ll.gather %s1[%j] axis = {axis}{attr} : {ta}, {ti} -> {tr}
        %acc1 = {add} %acc, %g : {tr}
        scf.yield %s1, %acc1 : {ta}, {tr}
      }}
{io_out}
""" + _EPILOGUE)


def gather_reference(x, i, axis: int):
    """NumPy's result of ``gather`` on one tile: ``np.take_along_axis`` with
    the indices taken modulo the source's size along `axis`."""
    x, i = np.asarray(x), np.asarray(i)
    axis = _integer(axis, "axis")
    if x.ndim == 0 or x.ndim != i.ndim:
        raise ValueError(f"x and i: ranks {x.ndim} and {i.ndim}; expected one "
                         "rank of at least 1")
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"axis: {axis} is out of range for rank {x.ndim}")
    if x.shape[axis] == 0:
        raise ValueError("x: no element along the gathered axis")
    if not np.issubdtype(i.dtype, np.integer):
        raise TypeError(f"i: expected integer indices, got {i.dtype}")
    return np.take_along_axis(x, i.astype(np.int64) % x.shape[axis],
                              axis=axis)
