"""Pictures of a conversion plan: the store and load accesses with the
chosen swizzle (shared memory), lanes and arrows per round (warp shuffle),
register moves (registers)."""

from __future__ import annotations

import re

from linear_layout.pictures._svg import MUTED, Svg, warp_colour


def _size(svg_text: str) -> tuple[int, int]:
    """The width and height (pixels) of SVG text's outer <svg>: its width
    and height attributes, else its viewBox; ValueError without either."""
    if not isinstance(svg_text, str):
        raise TypeError(f"expected SVG text, got {type(svg_text).__name__}")
    tag = re.match(r"\s*(?:<\?xml[^>]*>\s*)?<svg\b([^>]*)>", svg_text)
    if not tag:
        raise ValueError("not SVG text (expected it to start with '<svg')")
    attrs = dict(re.findall(r"""([\w:-]+)\s*=\s*["']([^"']*)["']""", tag.group(1)))
    try:
        size = [
            float(re.match(r"[\d.]+", attrs[k]).group()) for k in ("width", "height")
        ]
    except (KeyError, AttributeError, ValueError):
        box = attrs.get("viewBox", "").replace(",", " ").split()
        if len(box) != 4:
            raise ValueError(
                "the SVG has no width and height (or viewBox) to size it by"
            ) from None
        try:
            size = [float(box[2]), float(box[3])]
        except ValueError:
            raise ValueError(
                f"the SVG's viewBox {attrs['viewBox']!r} is not numbers"
            ) from None
    return max(1, round(size[0])), max(1, round(size[1]))


def place(svg: Svg, svg_text: str, x: float, y: float) -> tuple[int, int]:
    """Nests a whole picture at (x, y); returns its size."""
    w, h = _size(svg_text)
    inner = svg_text.strip().replace("<svg ", f'<svg x="{x:g}" y="{y:g}" ', 1)
    svg.raw(inner, x + w, y + h)
    return w, h


def _note(text_lines, title) -> str:
    s = Svg()
    s.text(4, 14, title, cls="h")
    for k, line in enumerate(text_lines):
        s.text(4, 32 + 15 * k, line, cls="n")
    return s.to_string()


def cost_lines(plan) -> list:
    lines = [
        f"kind: {plan.kind}"
        + (
            f" (the conversion is a {plan.classification})"
            if plan.classification != plan.kind
            else ""
        )
    ]
    if plan.reason:
        lines.append(plan.reason)
    if plan.swizzle is not None:
        s = plan.swizzle
        lines.append(
            f"store: {s.store_instruction}, {s.store.wavefronts} wavefronts; "
            f"load: {s.load_instruction}, {s.load.wavefronts} wavefronts"
        )
        lines.append(
            f"{s.vector_bits}-bit vectors, {s.shared_bytes} bytes of shared "
            f"memory, {s.rounds} round(s)"
        )
    if plan.shuffle is not None:
        p = plan.shuffle
        lines.append(
            f"{p.rounds} round(s), {p.shuffles} shuffle(s), {p.selects} select(s)"
        )
    return lines


def _swizzle_text(plan) -> list:
    s = plan.swizzle
    out = []
    for name in ("vec", "sub", "bank", "seg", "round"):
        vs = getattr(s, name)
        if vs:
            out.append(
                f"{name}: " + " ".join("(" + ",".join(map(str, v)) + ")" for v in vs)
            )
    return out


def _side(plan, layout, access: str) -> str:
    from linear_layout.pictures._access import access_svg

    s = plan.swizzle
    count = s.store if access == "store" else s.load
    instr = s.store_instruction if access == "store" else s.load_instruction
    if layout is None:
        return _note(
            [
                f"{instr}: {count.wavefronts} wavefronts (bank model)",
                "(the plan does not carry its layouts: pass src= and dst=)",
            ],
            f"{access}",
        )
    if "matrix" in instr:
        return _note(
            [
                f"{instr}: {count.wavefronts} wavefronts (bank model)",
                (
                    f"{count.instructions_per_warp} instruction(s) × {count.active_warps} "
                    f"warp(s) × {count.phases} phase(s) × {1 << count.conflict_dim}"
                ),
                "lane-by-lane pictures are drawn for ld.shared / st.shared",
            ],
            f"{access} ({instr})",
        )
    try:
        return access_svg(
            plan.memory_layout,
            layout,
            plan.element_bits,
            count.vector_bits,
            plan.target,
            access,
            title=f"{access} ({instr}, {count.vector_bits}-bit)",
        )
    except ValueError as e:
        return _note(
            [f"{instr}: {count.wavefronts} wavefronts (bank model)", str(e)[:120]],
            f"{access} ({instr})",
        )


def plan_svg(plan, src=None, dst=None, *, max_cells=1024, max_rounds=16) -> str:
    """The picture of ``plan`` (an ``ll.plan_conversion`` result)."""
    from linear_layout.pictures._layouts import _check_count, memory_svg
    from linear_layout.planning import ConversionPlan

    if not isinstance(plan, ConversionPlan):
        raise TypeError(
            f"expected a ConversionPlan (ll.plan_conversion), got {type(plan).__name__}"
        )
    _check_count("max_cells", max_cells)
    _check_count("max_rounds", max_rounds)

    src = src if src is not None else getattr(plan, "src", None)
    dst = dst if dst is not None else getattr(plan, "dst", None)
    svg = Svg()
    svg.text(
        4,
        14,
        f"conversion plan: {plan.kind}, {plan.element_bits}-bit elements, "
        f"{plan.target}",
        cls="h",
    )
    y = 32
    for line in cost_lines(plan):
        svg.text(4, y, line, cls="n")
        y += 15
    y += 6
    if plan.kind == "shared_memory":
        for line in _swizzle_text(plan):
            svg.text(4, y, "swizzle " + line, cls="ax")
            y += 13
        y += 6
        w1, h1 = place(svg, _side(plan, src, "store"), 0, y)
        _, h2 = place(svg, _side(plan, dst, "load"), w1 + 12, y)
        y += max(h1, h2) + 8
        mem = memory_svg(
            plan.memory_layout,
            element_bits=plan.element_bits,
            target=plan.target,
            max_cells=max_cells,
            title="the chosen memory layout (offset and bank per element)",
        )
        place(svg, mem, 0, y)
    elif plan.kind == "shuffle":
        _shuffle(svg, plan.shuffle, y, max_rounds)
    elif plan.kind == "registers":
        _registers(svg, plan, y)
    else:
        svg.text(4, y + 8, "the layouts agree: no data moves", cls="n")
    return svg.to_string()


LANE_W = 28


def _shuffle(svg: Svg, p, y: float, max_rounds: int = 16) -> None:
    lanes = len(p.src_lane[0]) if p.src_lane else 0
    svg.text(
        4,
        y,
        "per round: lane l (bottom) reads the registers that lane "
        "src_lane[l] (top) sends; arrow colour: lane distance",
        cls="ax",
    )
    y += 14
    x0 = 60
    for k in range(min(p.rounds, max_rounds)):
        top, bottom = y + 12, y + 62
        svg.text(x0 - 8, (top + bottom) / 2 + 8, f"round {k}", cls="ax", anchor="end")
        for lane in range(lanes):
            xx = x0 + lane * LANE_W
            regs = p.send_register[k][lane]
            svg.rect(
                xx,
                top,
                LANE_W - 2,
                16,
                "#eef2f8",
                title=f"lane {lane} sends registers {regs}",
            )
            svg.text(
                xx + LANE_W / 2 - 1,
                top + 8,
                "r" + ",".join(map(str, regs)) if regs and regs[0] >= 0 else "–",
                cls="s",
            )
            svg.rect(xx, bottom, LANE_W - 2, 16, "#f8f1e6")
            svg.text(xx + LANE_W / 2 - 1, bottom + 8, f"t{lane}", cls="s")
            src = p.src_lane[k][lane]
            if src < 0:
                continue
            distance = (src ^ lane).bit_length()
            sx = x0 + src * LANE_W + LANE_W / 2 - 1
            svg.line(
                sx,
                top + 17,
                xx + LANE_W / 2 - 1,
                bottom - 1,
                warp_colour(distance),
                1.2,
                extra=' marker-end="url(#arrow)"'
                f' data-round="{k}" data-src="{src}" data-dst="{lane}"',
            )
        if k == 0:
            svg.text(x0 - 8, top + 8, "sends", cls="ax", anchor="end")
            svg.text(x0 - 8, bottom + 8, "lane", cls="ax", anchor="end")
        y = bottom + 26
    if p.rounds > max_rounds:
        svg.text(4, y, f"… {p.rounds - max_rounds} more rounds", cls="n")
    svg.raw(
        '<defs><marker id="arrow" viewBox="0 0 6 6" refX="5" refY="3" '
        'markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0L6,3L0,6z" '
        f'fill="{MUTED}"/></marker></defs>'
    )


def _registers(svg: Svg, plan, y: float) -> None:
    sources = plan.register_sources
    svg.text(
        4,
        y,
        "inside each thread (lane 0 of warp 0 shown): destination register "
        "← source register",
        cls="ax",
    )
    y += 16
    x0 = 80
    svg.text(x0 - 8, y + 8, "source", cls="ax", anchor="end")
    svg.text(x0 - 8, y + 68, "destination", cls="ax", anchor="end")
    for r in range(len(sources)):
        svg.rect(x0 + r * LANE_W, y, LANE_W - 2, 16, "#eef2f8")
        svg.text(x0 + r * LANE_W + LANE_W / 2 - 1, y + 8, f"r{r}", cls="s")
        svg.rect(x0 + r * LANE_W, y + 60, LANE_W - 2, 16, "#f8f1e6")
        svg.text(x0 + r * LANE_W + LANE_W / 2 - 1, y + 68, f"r{r}", cls="s")
    for r, s in enumerate(sources):
        if s is None or s < 0:
            continue
        svg.line(
            x0 + s * LANE_W + LANE_W / 2 - 1,
            y + 17,
            x0 + r * LANE_W + LANE_W / 2 - 1,
            y + 59,
            MUTED,
            1.2,
            extra=f' data-src="{s}" data-dst="{r}"',
        )
