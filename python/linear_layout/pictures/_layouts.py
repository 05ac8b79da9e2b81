"""Pictures of one layout: a distributed layout (who owns each element) or a
memory layout (where each element lives, coloured by bank)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from linear_layout._core import LinearLayout
from linear_layout.pictures._svg import (
    EMPTY,
    MUTED,
    Svg,
    bank_colour,
    thread_colour,
    warp_colour,
)

HARDWARE_DIMS = ("register", "lane", "warp", "block")
ZOOMS = ("auto", "full", "warp", "repetition", "aggregate")
# The most input points a picture enumerates (a layout larger than that is
# refused before any work).
MAX_INPUT_BITS = 22
CELL_W, CELL_H = 46, 26
LEFT, TOP = 34, 40


def layout_kind(layout: LinearLayout) -> str:
    """ "distributed" ((register, lane, warp, block) -> tensor) or "memory"
    ((offset, block) -> tensor); ValueError for anything else."""
    if not isinstance(layout, LinearLayout):
        raise TypeError(f"expected a LinearLayout, not {type(layout).__name__}")
    ins = layout.in_dims
    if "offset" in ins and all(d in ("offset", "block") for d in ins):
        if ins.get("block", 1) != 1:
            raise ValueError("a memory layout with several blocks cannot be drawn")
        return "memory"
    unknown = [d for d in ins if d not in HARDWARE_DIMS]
    if unknown:
        raise ValueError(
            f"cannot draw a layout with input dimension(s) {unknown}: a picture "
            "needs a distributed layout (register, lane, warp, block) or a "
            "memory layout (offset)"
        )
    if not layout.out_dims:
        raise ValueError("cannot draw a layout with no output dimension")
    return "distributed"


def _check_size(layout: LinearLayout) -> None:
    if layout.total_in_bits > MAX_INPUT_BITS or layout.total_out_bits > MAX_INPUT_BITS:
        raise ValueError(
            f"the layout has 2^{max(layout.total_in_bits, layout.total_out_bits)} "
            f"points; pictures stop at 2^{MAX_INPUT_BITS}"
        )


@dataclass
class Grid:
    """The tensor's elements with their owners (or offsets)."""

    dims: list  # output dimension names, in order
    sizes: list
    strides: list  # flat index = sum(coord * stride), first dim least significant
    first: np.ndarray  # per flat element: first owner's input index, -1: none
    count: np.ndarray  # per flat element: number of owners

    @property
    def elements(self) -> int:
        return int(np.prod(self.sizes))

    def flat(self, coords: dict) -> int:
        return sum(int(coords[d]) * s for d, s in zip(self.dims, self.strides))


def _grid(layout: LinearLayout, order: list) -> tuple[Grid, dict]:
    """Enumerates every input of `layout` (input dims in `order`, the first
    least significant) and records the owners of each output element."""
    _check_size(layout)
    ins = layout.in_dims
    sizes_in = [ins.get(d, 1) for d in order]
    total = int(np.prod(sizes_in))
    idx = np.arange(total, dtype=np.int64)
    values, rem = {}, idx
    for d, s in zip(order, sizes_in):
        if d in ins:
            values[d] = rem % s
        rem = rem // s
    out = layout.apply(values)
    dims = list(layout.out_dims)
    sizes = [layout.out_dims[d] for d in dims]
    strides = list(np.cumprod([1] + sizes[:-1]))
    flat = np.zeros(total, dtype=np.int64)
    for d, s in zip(dims, strides):
        flat += np.asarray(out[d], dtype=np.int64) * int(s)
    n = int(np.prod(sizes))
    first = np.full(n, total, dtype=np.int64)
    np.minimum.at(first, flat, idx)
    first[first == total] = -1
    count = np.bincount(flat, minlength=n)
    return Grid(dims, sizes, [int(s) for s in strides], first, count), dict(
        zip(order, sizes_in)
    )


def _decompose(index: int, order: list, sizes: dict) -> dict:
    out = {}
    for d in order:
        out[d] = index % sizes[d]
        index //= sizes[d]
    return out


def _pow2_box(components) -> int:
    m = 0
    for c in components:
        m |= int(c)
    return 1 << m.bit_length()


def zoom_box(layout: LinearLayout, zoom: str) -> tuple[dict, list]:
    """The region drawn for ``zoom``, from the origin: output dim -> size,
    and the register bits whose images lie outside it (they repeat it).
    "repetition": the box spanned by the lanes, warps and blocks, grown by
    the registers that fall inside it (size_per_thread); "warp": the same
    with the lanes alone (warp 0's part of the first repetition)."""
    if zoom not in ("warp", "repetition"):
        raise ValueError(f"zoom={zoom!r}: expected 'warp' or 'repetition'")
    dims = list(layout.out_dims)
    bases = layout.bases
    start = ("lane",) if zoom == "warp" else ("lane", "warp", "block")
    inside = [b for d in start for b in bases.get(d, [])]
    box = {d: _pow2_box(b[k] for b in inside) for k, d in enumerate(dims)}
    regs = list(enumerate(bases.get("register", [])))
    taken: set = set()
    if regs and all(box[d] == 1 for d in dims):
        # No lane or warp spreads the tile: start from the first register.
        taken.add(0)
        box = {d: _pow2_box([regs[0][1][k]]) for k, d in enumerate(dims)}
    changed = True
    while changed:
        changed = False
        for i, b in regs:
            if i not in taken and all(b[k] < box[d] for k, d in enumerate(dims)):
                taken.add(i)
                changed = True
    repeats = [i for i, _ in regs if i not in taken]
    return {d: min(box[d], layout.out_dims[d]) for d in dims}, repeats


def _axes(grid: Grid, rows, cols):
    dims = grid.dims
    for name, value in (("rows", rows), ("cols", cols)):
        if value is not None and value not in dims:
            raise ValueError(
                f"{name}={value!r}: unknown dimension; the layout's "
                f"output dimensions are {dims}"
            )
    if rows is not None and rows == cols:
        raise ValueError("rows and cols must be different dimensions")
    if len(dims) == 1:
        if rows is not None:
            raise ValueError("a 1-D layout has no rows dimension")
        return None, dims[0], []
    if cols is None:
        cols = [d for d in dims if d != rows][-1]
    if rows is None:
        rows = [d for d in dims if d != cols][-1]
    outer = [d for d in dims if d not in (rows, cols)]
    return rows, cols, outer


def _region(grid, box, rows, cols, outer, max_slices):
    rsize = box[rows] if rows else 1
    csize = box[cols]
    slices = list(itertools.product(*[range(box[d]) for d in outer]))
    more = max(0, len(slices) - max_slices)
    return rsize, csize, slices[:max_slices], more


def _fmt_shape(sizes) -> str:
    return "×".join(str(s) for s in sizes)


def _legend_threads(svg: Svg, x: float, y: float, warps: int, lanes: int) -> float:
    svg.text(x, y, "colour: warp", cls="ax")
    x0 = x + 80
    for w in range(min(warps, 16)):
        svg.rect(x0 + 44 * w, y - 7, 14, 14, warp_colour(w))
        svg.text(x0 + 44 * w + 17, y, f"w{w}", cls="ax")
    if warps > 16:
        svg.text(x0 + 44 * 16, y, f"… {warps} warps", cls="ax")
    y += 20
    svg.text(x, y, "shade: lane", cls="ax")
    steps = sorted({0, lanes // 4, lanes // 2, 3 * lanes // 4, lanes - 1})
    for k, lane in enumerate(steps):
        svg.rect(x0 + 44 * k, y - 7, 14, 14, thread_colour(0, lane, lanes))
        svg.text(x0 + 44 * k + 17, y, f"t{lane}", cls="ax")
    return y + 16


def _label_lines(hw: dict, sizes: dict) -> list:
    lines = []
    prefix = ""
    if sizes.get("block", 1) > 1:
        prefix += f"b{hw['block']}"
    if sizes.get("warp", 1) > 1:
        prefix += f"w{hw['warp']}"
    if prefix:
        lines.append(prefix)
    lines.append(f"t{hw['lane']}:r{hw['register']}")
    return lines


def _draw_panels(svg, grid, y, slices, outer, rows, cols, rsize, csize, draw_cell):
    """One panel per slice of the outer dimensions: a heading, the column and
    row indices, and ``draw_cell(flat_element, key, x0, y0)`` per cell.
    Returns the y below the last panel."""
    for sl in slices:
        fixed = dict(zip(outer, sl))
        if outer:
            svg.text(
                4, y + 4, ", ".join(f"{d} = {v}" for d, v in fixed.items()), cls="n"
            )
            y += 16
        svg.text(LEFT + csize * CELL_W / 2, y, cols + " →", cls="ax", anchor="middle")
        y += 12
        for j in range(csize):
            svg.text(
                LEFT + j * CELL_W + CELL_W / 2, y, str(j), cls="ax", anchor="middle"
            )
        y += 8
        if rows:
            svg.text(2, y - 20, rows + " ↓", cls="ax")
        for i in range(rsize):
            svg.text(
                LEFT - 4, y + i * CELL_H + CELL_H / 2, str(i), cls="ax", anchor="end"
            )
            for j in range(csize):
                coords = dict(fixed)
                coords[cols] = j
                if rows:
                    coords[rows] = i
                key = ",".join(str(coords[d]) for d in grid.dims)
                draw_cell(grid.flat(coords), key, LEFT + j * CELL_W, y + i * CELL_H)
        y += rsize * CELL_H + 14
    return y


def distributed_svg(
    layout: LinearLayout,
    *,
    zoom="auto",
    max_cells=4096,
    max_slices=8,
    rows=None,
    cols=None,
    labels=True,
    title=None,
    view="tensor",
) -> str:
    if view == "hardware":
        return hardware_svg(layout, zoom=zoom, max_cells=max_cells, title=title)
    if view != "tensor":
        raise ValueError(
            f"view={view!r}: a distributed layout is drawn as 'tensor' or 'hardware'"
        )
    if zoom is None:
        zoom = "full"
    if zoom not in ZOOMS:
        raise ValueError(f"zoom={zoom!r}: expected one of {list(ZOOMS)} or None")
    _check_size(layout)
    order = list(HARDWARE_DIMS)
    grid, hw_sizes = _grid(layout, order)
    rows, cols, outer = _axes(grid, rows, cols)
    full = dict(zip(grid.dims, grid.sizes))
    repeats: list = []
    note = ""
    box = dict(full)

    def cells_of(b):
        n = 1
        for d in grid.dims:
            if d in (rows, cols):
                n *= b[d]
        slices = 1
        for d in outer:
            slices *= b[d]
        return n * min(slices, max_slices)

    mode = zoom
    if zoom == "auto":
        mode = "full"
        if cells_of(box) > max_cells:
            for candidate in ("repetition", "warp"):
                b, _ = zoom_box(layout, candidate)
                if cells_of(b) <= max_cells:
                    mode = candidate
                    break
            else:
                mode = "aggregate"
    if mode in ("repetition", "warp"):
        box, repeats = zoom_box(layout, mode)
        if mode == "warp":
            repeats = []
        if cells_of(box) > max_cells:
            raise ValueError(
                f"zoom={mode!r} still shows {cells_of(box)} cells (more than "
                f"max_cells={max_cells}); use zoom='aggregate' or a larger max_cells"
            )
    elif mode == "full" and cells_of(box) > max_cells:
        raise ValueError(
            f"the tile has {cells_of(box)} cells to draw, more than "
            f"max_cells={max_cells}: pass zoom='repetition', 'warp' or "
            "'aggregate' (or a larger max_cells)"
        )
    if mode == "aggregate":
        return _aggregate_svg(
            layout, grid, hw_sizes, rows, cols, outer, max_cells, max_slices, title
        )
    if box != full:
        shown = _fmt_shape([box[d] for d in grid.dims])
        note = f"showing the first {shown} of {_fmt_shape(grid.sizes)}"
        if mode == "repetition":
            reps = [full[d] // box[d] for d in grid.dims]
            note += f": one repetition of the tile; it repeats {_fmt_shape(reps)} times"
            if repeats:
                note += " (registers " + ", ".join(f"r{1 << i}" for i in repeats) + ")"
        elif mode == "warp":
            note += ": the elements of warp 0 lie inside"

    rsize, csize, slices, more = _region(grid, box, rows, cols, outer, max_slices)
    lanes = hw_sizes["lane"]
    svg = Svg()
    head = title or (
        f"distributed layout {_fmt_shape(grid.sizes)}: "
        f"{hw_sizes['register']} registers × {lanes} lanes × {hw_sizes['warp']} warps"
        + (f" × {hw_sizes['block']} blocks" if hw_sizes["block"] > 1 else "")
    )
    svg.text(4, 14, head, cls="h")
    y = TOP
    if note:
        svg.text(4, 30, note, cls="n")
        y += 6

    def draw_cell(e, key, x0, y0):
        owner = int(grid.first[e])
        n = int(grid.count[e])
        if owner < 0:
            svg.rect(
                x0,
                y0,
                CELL_W - 1,
                CELL_H - 1,
                EMPTY,
                data={"e": key, "n": 0},
                title=f"({key}): no owner",
            )
            return
        hw = _decompose(owner, order, hw_sizes)
        fill = thread_colour(hw["warp"], hw["lane"], lanes)
        data = {
            "e": key,
            "o": f"{hw['block']}.{hw['warp']}.{hw['lane']}.{hw['register']}",
            "n": n,
        }
        extra = ' stroke="#000" stroke-dasharray="3,2"' if n > 1 else ""
        svg.rect(
            x0,
            y0,
            CELL_W - 1,
            CELL_H - 1,
            fill,
            data=data,
            title=f"({key}) held by {n} thread-register(s)" if n > 1 else None,
            extra=extra,
        )
        if labels:
            lines = _label_lines(hw, hw_sizes)
            if len(lines) == 1:
                svg.text(x0 + CELL_W / 2, y0 + CELL_H / 2, lines[0])
            else:
                svg.text(x0 + CELL_W / 2, y0 + 7, lines[0], cls="s")
                svg.text(x0 + CELL_W / 2, y0 + 17, lines[1])
            if n > 1:
                svg.text(x0 + CELL_W - 7, y0 + 6, f"×{n}", cls="s")

    y = _draw_panels(svg, grid, y, slices, outer, rows, cols, rsize, csize, draw_cell)
    if more:
        svg.text(4, y, f"… {more} more slices (max_slices={max_slices})", cls="n")
        y += 16
    notes = []
    if int(grid.count.max()) > 1:
        notes.append(
            "dashed outline ×k: k thread-registers hold the element (broadcast)"
        )
    if int((grid.first < 0).sum()):
        notes.append("grey: no thread holds the element")
    for s in notes:
        svg.text(4, y, s, cls="ax")
        y += 14
    y = _legend_threads(svg, 4, y + 4, hw_sizes["warp"] * hw_sizes["block"], lanes)
    if box != full:
        _tile_map(svg, 4, y + 10, box, full, rows, cols)
    return svg.to_string()


def _tile_map(svg: Svg, x: float, y: float, box: dict, full: dict, rows, cols) -> None:
    """The whole tensor as a grid of boxes of the drawn size, the drawn one
    filled: where the picture sits and how the tile repeats."""
    nr = full[rows] // box[rows] if rows else 1
    nc = full[cols] // box[cols]
    svg.text(
        x,
        y,
        f"tile map: {nr}×{nc} boxes of {box[rows] if rows else 1}×{box[cols]}, "
        "the drawn one filled",
        cls="ax",
    )
    y += 10
    size = max(3, min(14, 480 // max(nr, nc)))
    if nr * nc > 4096:
        svg.text(x, y + 8, "(too many boxes to draw)", cls="ax")
        return
    parts = []
    for i in range(nr):
        for j in range(nc):
            fill = MUTED if i == 0 and j == 0 else EMPTY
            parts.append(
                f'<rect x="{x + j * size:g}" y="{y + i * size:g}" width="{size - 1}" '
                f'height="{size - 1}" fill="{fill}" stroke="#bbbbbb" '
                'stroke-width="0.5"/>'
            )
    svg.raw("".join(parts), x + nc * size, y + nr * size)


def _aggregate_svg(
    layout, grid, hw_sizes, rows, cols, outer, max_cells, max_slices, title
):
    """Blocks of elements, each coloured by the warp holding most of it."""
    full = dict(zip(grid.dims, grid.sizes))
    block = {d: 1 for d in grid.dims}

    def count():
        n = 1
        for d in (rows, cols):
            if d:
                n *= full[d] // block[d]
        return n

    turn = [d for d in (cols, rows) if d]
    k = 0
    while count() > max_cells:
        d = turn[k % len(turn)]
        if block[d] < full[d]:
            block[d] *= 2
        k += 1
        if all(block[t] >= full[t] for t in turn):
            break
    lanes, warps = hw_sizes["lane"], hw_sizes["warp"] * hw_sizes["block"]
    first = grid.first
    hw_warp = np.where(first >= 0, first // (hw_sizes["register"] * lanes), -1)
    stride = dict(zip(grid.dims, grid.strides))
    ri = np.arange(full[rows]) * stride[rows] if rows else np.zeros(1, dtype=np.int64)
    ci = np.arange(full[cols]) * stride[cols]
    sub = hw_warp[ri[:, None] + ci[None, :]]
    nr = full[rows] // block[rows] if rows else 1
    nc = full[cols] // block[cols]
    svg = Svg()
    head = title or (
        f"distributed layout {_fmt_shape(grid.sizes)}, aggregated: "
        f"each cell is {block[rows] if rows else 1}×{block[cols]} elements, "
        "coloured by the warp holding most of them"
    )
    svg.text(4, 14, head, cls="h")
    cw, ch = (12, 12) if nc <= 128 else (4, 4)
    y = TOP
    svg.text(LEFT, y - 8, f"{cols} → (step {block[cols]})", cls="ax")
    if rows:
        svg.text(2, y - 20, f"{rows} ↓ (step {block[rows]})", cls="ax")
    parts = []
    for i in range(nr):
        for j in range(nc):
            blk = sub[
                i * (block[rows] if rows else 1) : (i + 1)
                * (block[rows] if rows else 1),
                j * block[cols] : (j + 1) * block[cols],
            ]
            vals = blk[blk >= 0]
            fill = (
                EMPTY
                if vals.size == 0
                else warp_colour(int(np.bincount(vals).argmax()))
            )
            parts.append(
                f'<rect x="{LEFT + j * cw}" y="{y + i * ch}" width="{cw - 1 if cw > 4 else cw}" '
                f'height="{ch - 1 if ch > 4 else ch}" fill="{fill}"/>'
            )
    svg.raw("".join(parts), LEFT + nc * cw, y + nr * ch)
    y += nr * ch + 14
    if outer:
        svg.text(
            4, y, "slice " + ", ".join(f"{d} = 0" for d in outer) + " shown", cls="ax"
        )
        y += 14
    _legend_threads(svg, 4, y + 4, warps, lanes)
    return svg.to_string()


def hardware_rows(layout: LinearLayout):
    """(block, warp, lane, [element coordinates per register]) for every thread."""
    kind = layout_kind(layout)
    if kind != "distributed":
        raise ValueError("the hardware view is for distributed layouts")
    _check_size(layout)
    ins = layout.in_dims
    dims = list(layout.out_dims)
    R = ins.get("register", 1)
    regs = np.arange(R)
    rows = []
    for b in range(ins.get("block", 1)):
        for w in range(ins.get("warp", 1)):
            for lane in range(ins.get("lane", 1)):
                vals = {"register": regs}
                for d, v in (("lane", lane), ("warp", w), ("block", b)):
                    if d in ins:
                        vals[d] = np.full(R, v)
                if "register" not in ins:
                    vals.pop("register")
                out = layout.apply(vals)
                coords = [
                    tuple(int(np.broadcast_to(out[d], (R,))[r]) for d in dims)
                    for r in range(R)
                ]
                rows.append((b, w, lane, coords))
    return rows


def hardware_view(layout: LinearLayout) -> str:
    """Per thread, the elements it holds, register by register (the hardware
    point of view; Triton prints the same with ``get_distributed_view``)."""
    if not isinstance(layout, LinearLayout):
        raise TypeError(f"expected a LinearLayout, got {type(layout).__name__}")
    ins = layout.in_dims
    lines = []
    last = None
    for b, w, lane, coords in hardware_rows(layout):
        if (b, w) != last:
            lines.append(
                (f"Block{b} " if ins.get("block", 1) > 1 else "") + f"Warp{w}:"
            )
            last = (b, w)
        cells = ", ".join("(" + ",".join(map(str, c)) + ")" for c in coords)
        lines.append(f"  T{lane}: {cells}")
    return "\n".join(lines) + "\n"


def hardware_svg(layout, *, zoom="auto", max_cells=4096, title=None) -> str:
    ins = layout.in_dims
    R, L = ins.get("register", 1), ins.get("lane", 1)
    threads = L * ins.get("warp", 1) * ins.get("block", 1)
    if zoom in ("auto", "warp") and threads * R > max_cells:
        threads = L
    elif zoom not in ("auto", "warp", "full", None):
        raise ValueError(
            f"zoom={zoom!r}: the hardware view takes 'auto', 'warp' or 'full'"
        )
    if threads * R > max_cells:
        raise ValueError(
            f"the hardware view has {threads * R} cells, more than "
            f"max_cells={max_cells}"
        )
    all_rows = hardware_rows(layout)[:threads]
    svg = Svg()
    svg.text(
        4, 14, title or f"hardware view: {threads} threads × {R} registers", cls="h"
    )
    y = TOP
    cw = 12 + 7 * max(3, max(len(",".join(map(str, c))) for c in all_rows[0][3]))
    svg.text(LEFT + 20, y - 8, "register →", cls="ax")
    for r in range(R):
        svg.text(LEFT + 24 + r * cw + cw / 2, y + 2, f"r{r}", cls="ax", anchor="middle")
    y += 10
    for k, (b, w, lane, coords) in enumerate(all_rows):
        yy = y + k * 18
        svg.text(
            LEFT + 20,
            yy + 8,
            (f"w{w}" if ins.get("warp", 1) > 1 else "") + f"t{lane}",
            cls="ax",
            anchor="end",
        )
        for r, c in enumerate(coords):
            x0 = LEFT + 24 + r * cw
            svg.rect(x0, yy, cw - 1, 17, thread_colour(w, lane, L))
            svg.text(x0 + cw / 2, yy + 8.5, ",".join(map(str, c)))
    if threads < L * ins.get("warp", 1) * ins.get("block", 1):
        svg.text(4, y + len(all_rows) * 18 + 12, "showing warp 0 only", cls="n")
    return svg.to_string()


def memory_svg(
    layout: LinearLayout,
    *,
    element_bits=32,
    target="sm_90",
    view="tensor",
    zoom="auto",
    max_cells=4096,
    max_slices=8,
    rows=None,
    cols=None,
    labels=True,
    title=None,
) -> str:
    from linear_layout.target import gpu_target

    if isinstance(element_bits, bool) or element_bits not in (8, 16, 32, 64):
        raise ValueError(f"element_bits must be 8, 16, 32 or 64, not {element_bits!r}")
    if view not in ("tensor", "memory"):
        raise ValueError(
            f"view={view!r}: a memory layout is drawn as 'tensor' or 'memory'"
        )
    if zoom is None:
        zoom = "full"
    if zoom not in ("auto", "full"):
        raise ValueError(
            f"zoom={zoom!r}: a memory layout takes zoom 'auto' "
            "(the first rows) or 'full'"
        )
    tgt = gpu_target(target)
    banks, bank_bytes = tgt.shared_banks, tgt.bank_bytes
    ebytes = element_bits // 8
    grid, sizes = _grid(layout, ["offset", "block"])

    def bank_of(offset):
        return (offset * ebytes // bank_bytes) % banks

    svg = Svg()
    head = title or (
        f"memory layout {_fmt_shape(grid.sizes)}, {element_bits}-bit "
        f"elements, {banks} banks × {bank_bytes} B ({target})"
    )
    svg.text(4, 14, head, cls="h")
    y = TOP
    if view == "memory":
        per_row = max(1, banks * bank_bytes // ebytes)
        offsets = sizes["offset"]
        nrows = max(1, offsets // per_row)
        ncols = min(per_row, offsets)
        shown = nrows
        if nrows * ncols > max_cells:
            if zoom == "full":
                raise ValueError(
                    f"the buffer has {nrows * ncols} slots to draw, more "
                    f"than max_cells={max_cells}; use zoom='auto'"
                )
            shown = max(1, max_cells // ncols)
        coords = layout.apply({"offset": np.arange(shown * ncols)})
        dims = list(layout.out_dims)
        svg.text(
            4,
            30,
            "rows: wavefront-wide rows of shared memory; columns: "
            "element slots; header: bank"
            + (f"; first {shown} of {nrows} rows" if shown < nrows else ""),
            cls="n",
        )
        y += 8
        cw = max(CELL_W, 8 + 7 * sum(len(str(s - 1)) + 1 for s in grid.sizes))
        for j in range(ncols):
            svg.text(
                LEFT + j * cw + cw / 2, y, f"b{bank_of(j)}", cls="ax", anchor="middle"
            )
        y += 8
        for i in range(shown):
            svg.text(
                LEFT - 4,
                y + i * CELL_H + CELL_H / 2,
                str(i * ncols),
                cls="ax",
                anchor="end",
            )
            for j in range(ncols):
                off = i * ncols + j
                key = ",".join(
                    str(int(np.broadcast_to(coords[d], (shown * ncols,))[off]))
                    for d in dims
                )
                x0, y0 = LEFT + j * cw, y + i * CELL_H
                svg.rect(
                    x0,
                    y0,
                    cw - 1,
                    CELL_H - 1,
                    bank_colour(bank_of(off), banks),
                    data={"off": off, "e": key},
                )
                if labels:
                    svg.text(x0 + cw / 2, y0 + CELL_H / 2, key)
        return svg.to_string()

    rows_d, cols_d, outer = _axes(grid, rows, cols)
    full = dict(zip(grid.dims, grid.sizes))
    box = dict(full)
    slices_n = 1
    for d in outer:
        slices_n *= full[d]
    rs = full[rows_d] if rows_d else 1
    cells = rs * full[cols_d] * min(slices_n, max_slices)
    note = ""
    if cells > max_cells:
        if zoom == "full":
            raise ValueError(
                f"the tile has {cells} cells to draw, more than "
                f"max_cells={max_cells}; use zoom='auto'"
            )
        if not rows_d or full[cols_d] > max_cells:
            raise ValueError(
                f"a row of {full[cols_d]} elements is more than max_cells={max_cells}"
            )
        box[rows_d] = max(1, max_cells // (full[cols_d] * min(slices_n, max_slices)))
        box[rows_d] = 1 << (box[rows_d].bit_length() - 1)
        note = f"showing the first {box[rows_d]} of {full[rows_d]} rows"
    if note:
        svg.text(4, 30, note, cls="n")
        y += 6
    rsize, csize, slices, more = _region(grid, box, rows_d, cols_d, outer, max_slices)

    def draw_cell(e, key, x0, y0):
        off = int(grid.first[e])
        if off < 0:
            svg.rect(x0, y0, CELL_W - 1, CELL_H - 1, EMPTY, data={"e": key})
            return
        bank = bank_of(off)
        svg.rect(
            x0,
            y0,
            CELL_W - 1,
            CELL_H - 1,
            bank_colour(bank, banks),
            data={"e": key, "off": off, "bank": bank},
        )
        if labels:
            svg.text(x0 + CELL_W / 2, y0 + 9, str(off))
            svg.text(x0 + CELL_W / 2, y0 + 19, f"b{bank}", cls="s")

    y = _draw_panels(
        svg, grid, y, slices, outer, rows_d, cols_d, rsize, csize, draw_cell
    )
    if more:
        svg.text(4, y, f"… {more} more slices", cls="n")
        y += 16
    svg.text(
        4,
        y,
        "cell: offset (elements) and bank; colour: bank (hue = bank ÷ 2, "
        "odd banks darker)",
        cls="ax",
    )
    return svg.to_string()


def _check_count(name: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1, not {value}")


def _check_title(title) -> None:
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a str, not {type(title).__name__}")


# What only the tensor view draws: given with another view, an error (an
# option is obeyed or refused, never dropped).
_TENSOR_VIEW_OPTIONS = ("rows", "cols", "max_slices", "labels")


def layout_svg(layout: LinearLayout, **options) -> str:
    """The picture of a distributed or memory layout (see docs/pictures.md)."""
    if not isinstance(layout, LinearLayout):
        raise TypeError(f"expected a LinearLayout, got {type(layout).__name__}")
    kind = layout_kind(layout)
    for name in ("max_cells", "max_slices"):
        if name in options:
            _check_count(name, options[name])
    _check_title(options.get("title"))
    if "labels" in options and not isinstance(options["labels"], bool):
        raise TypeError(
            f"labels must be a bool, not {type(options['labels']).__name__}"
        )
    view = options.get("view", "tensor")
    if view in ("hardware", "memory"):
        for name in _TENSOR_VIEW_OPTIONS:
            if name in options and not (name == "labels" and kind == "memory"):
                raise ValueError(
                    f"{name}= applies to the tensor view, not to view={view!r}"
                )
    if kind == "memory":
        return memory_svg(layout, **options)
    for bad in ("element_bits", "target"):
        if bad in options:
            raise ValueError(
                f"{bad}= applies to memory layouts, not to a distributed layout"
            )
    return distributed_svg(layout, **options)


__all__ = ["MUTED", "hardware_view", "layout_kind", "layout_svg", "zoom_box"]
