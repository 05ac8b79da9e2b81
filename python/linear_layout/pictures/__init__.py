"""Pictures of layouts, memory maps, bank conflicts and shuffles (docs/pictures.md).

The SVG is plain text and needs nothing beyond NumPy::

    layout.to_svg()                      # a distributed or memory layout
    ll.pictures.access_svg(mem, dist, 32, access="load")   # bank conflicts
    plan.to_svg()                        # a conversion plan
    ll.pictures.save(layout, "x.png")    # PNG through resvg (optional extra)

``LinearLayout.to_svg``, ``_repr_svg_`` (notebooks) and ``save_picture`` and
the same on :class:`~linear_layout.planning.ConversionPlan` are attached by
:func:`attach`, which ``import linear_layout`` calls.
"""

from __future__ import annotations

import os

from linear_layout.pictures._access import AccessSchedule, access_schedule, access_svg
from linear_layout.pictures._layouts import (
    hardware_view,
    layout_kind,
    layout_svg,
    zoom_box,
)
from linear_layout.pictures._plans import plan_svg
from linear_layout.pictures._svg import bank_colour, thread_colour, warp_colour

__all__ = [
    "AccessSchedule",
    "access_schedule",
    "access_svg",
    "bank_colour",
    "hardware_view",
    "layout_kind",
    "layout_svg",
    "plan_svg",
    "render_png",
    "save",
    "thread_colour",
    "to_svg",
    "warp_colour",
    "zoom_box",
]

# A picture bigger than this is refused rather than rendered (a PNG of a
# 2^20-cell SVG would take minutes and hundreds of megabytes).
MAX_PNG_PIXELS = 40_000_000


def to_svg(obj, **options) -> str:
    """The SVG of a LinearLayout, a conversion plan, or SVG text itself."""
    from linear_layout._core import LinearLayout
    from linear_layout.planning import ConversionPlan

    if isinstance(obj, str):
        if options:
            raise ValueError("options apply to layouts and plans, not to SVG text")
        if not obj.lstrip().startswith("<svg"):
            raise ValueError("not SVG text (expected it to start with '<svg')")
        return obj
    if isinstance(obj, LinearLayout):
        return layout_svg(obj, **options)
    if isinstance(obj, ConversionPlan):
        return plan_svg(obj, **options)
    raise TypeError(
        f"cannot draw a {type(obj).__name__}: expected a LinearLayout, "
        "a ConversionPlan or SVG text"
    )


def render_png(svg: str, *, scale: float = 1.0) -> bytes:
    """The picture as PNG bytes, rendered by resvg (``pip install
    'linear-layout[pictures]'`` or ``pip install resvg-py``)."""
    try:
        import resvg_py
    except ImportError as e:
        raise ImportError(
            "PNG output needs the resvg-py package: pip install "
            "'linear-layout[pictures]' (or resvg-py); SVG needs nothing"
        ) from e
    from linear_layout.pictures._plans import _size

    if isinstance(scale, bool) or not isinstance(scale, (int, float)):
        raise TypeError(f"scale must be a number, not {type(scale).__name__}")
    if not 0 < scale < float("inf"):
        raise ValueError(f"scale must be positive, not {scale!r}")
    w, h = _size(svg)
    if w * h * scale * scale > MAX_PNG_PIXELS:
        raise ValueError(
            f"the picture is {w}×{h} pixels; PNG output stops at "
            f"{MAX_PNG_PIXELS} pixels (zoom in or draw fewer cells)"
        )
    kwargs = {"svg_string": svg, "background": "white"}
    if scale != 1.0:
        kwargs["zoom"] = float(scale)
    return bytes(resvg_py.svg_to_bytes(**kwargs))


def save(obj, path: str | os.PathLike, **options) -> None:
    """Writes the picture of ``obj`` (layout, plan or SVG text) to ``path``:
    ``.svg`` as text, ``.png`` rendered with resvg."""
    path = os.fspath(path)
    ext = os.path.splitext(path)[1].lower()
    if ext not in (".svg", ".png"):
        raise ValueError(f"{path}: the file name must end in .svg or .png")
    scale = options.pop("scale", 1.0)
    svg = to_svg(obj, **options)
    if ext == ".svg":
        with open(path, "w", encoding="utf-8") as f:
            f.write(svg)
    else:
        data = render_png(svg, scale=scale)
        with open(path, "wb") as f:
            f.write(data)


def _layout_to_svg(self, **options) -> str:
    """The picture of this layout as SVG text (docs/pictures.md): a
    distributed layout shows who holds each element, a memory layout the
    offset and bank of each element."""
    return layout_svg(self, **options)


def _layout_repr_svg(self) -> str | None:
    """The picture a notebook shows (None where the layout cannot be drawn)."""
    try:
        return layout_svg(self)
    except (ValueError, TypeError):
        return None


def _plan_to_svg(self, **options) -> str:
    """The picture of this plan as SVG text (docs/pictures.md)."""
    return plan_svg(self, **options)


def _plan_repr_svg(self) -> str | None:
    """The picture a notebook shows (None where the plan cannot be drawn)."""
    try:
        return plan_svg(self)
    except (ValueError, TypeError):
        return None


def _save_picture(self, path, **options) -> None:
    """Writes this object's picture to ``path`` (.svg or .png)."""
    save(self, path, **options)


def attach() -> None:
    """Adds ``to_svg``, ``_repr_svg_`` and ``save_picture`` to LinearLayout and
    ConversionPlan."""
    from linear_layout._core import LinearLayout
    from linear_layout.planning import ConversionPlan

    LinearLayout.to_svg = _layout_to_svg
    LinearLayout._repr_svg_ = _layout_repr_svg
    LinearLayout.save_picture = _save_picture
    ConversionPlan.to_svg = _plan_to_svg
    ConversionPlan._repr_svg_ = _plan_repr_svg
    ConversionPlan.save_picture = _save_picture
