"""A small SVG writer and the colour schemes of the pictures.

Every fill is written as an exact ``#rrggbb`` so that a test can render the
picture and compare pixels with :func:`thread_colour` / :func:`bank_colour`.
"""

from __future__ import annotations

import colorsys
from xml.sax.saxutils import escape

# Eight well separated hues for warps (and shuffle arrows), in degrees.
_WARP_HUES = (210, 30, 120, 280, 0, 180, 60, 330)

CONFLICT = "#e0301e"  # replayed bank access (a conflict)
EMPTY = "#f4f4f4"  # no owner / unused slot
GRID = "#ffffff"
TEXT = "#1a1a1a"
MUTED = "#666666"


_FONT_PX = {"c": 4.5, "s": 3.5, "ax": 9, "h": 13, "n": 11}


def _hex(h: float, s: float, light: float) -> str:
    r, g, b = colorsys.hls_to_rgb((h % 360) / 360.0, light, s)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def thread_colour(warp: int, lane: int, lanes: int) -> str:
    """The fill of an element owned by (warp, lane): the hue names the warp,
    the shade the lane (lane 0 lightest)."""
    hue = _WARP_HUES[warp % len(_WARP_HUES)] + 17 * (warp // len(_WARP_HUES))
    t = lane / max(1, lanes - 1)
    return _hex(hue, 0.62, 0.86 - 0.30 * t)


def warp_colour(warp: int) -> str:
    """The warp's hue at a middle shade (legends, aggregated views)."""
    hue = _WARP_HUES[warp % len(_WARP_HUES)] + 17 * (warp // len(_WARP_HUES))
    return _hex(hue, 0.62, 0.66)


def bank_colour(bank: int, banks: int) -> str:
    """The fill of bank ``bank``: the hue follows bank // 2, odd banks are
    darker (neighbouring banks stay distinguishable)."""
    pairs = max(1, banks // 2)
    return _hex(360.0 * (bank // 2) / pairs, 0.55, 0.80 if bank % 2 == 0 else 0.64)


def parse_hex(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


class Svg:
    """Accumulates SVG elements; ``str()`` gives the document."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.width = 0.0
        self.height = 0.0

    def _grow(self, x: float, y: float) -> None:
        self.width = max(self.width, x)
        self.height = max(self.height, y)

    def rect(
        self,
        x,
        y,
        w,
        h,
        fill,
        *,
        cls=None,
        stroke=None,
        title=None,
        data=None,
        extra="",
    ) -> None:
        attrs = f'x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="{fill}"'
        if cls:
            attrs += f' class="{cls}"'
        if stroke:
            attrs += f' stroke="{stroke}"'
        if data:
            attrs += "".join(f' data-{k}="{escape(str(v))}"' for k, v in data.items())
        attrs += extra
        if title:
            self.parts.append(f"<rect {attrs}><title>{escape(title)}</title></rect>")
        else:
            self.parts.append(f"<rect {attrs}/>")
        self._grow(x + w, y + h)

    def text(self, x, y, s, *, cls="c", anchor=None, data=None, extra="") -> None:
        attrs = f'x="{x:g}" y="{y:g}" class="{cls}"'
        if anchor:
            attrs += f' text-anchor="{anchor}"'
        if data:
            attrs += "".join(f' data-{k}="{escape(str(v))}"' for k, v in data.items())
        attrs += extra
        self.parts.append(f"<text {attrs}>{escape(s)}</text>")
        # Monospace: about 0.6 em per character.
        width = len(s) * 0.6 * _FONT_PX.get(cls, 9)
        if anchor == "middle":
            width /= 2
        elif anchor == "end":
            width = 0
        self._grow(x + width, y + 4)

    def line(self, x1, y1, x2, y2, stroke, width=1.0, extra="") -> None:
        self.parts.append(
            f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
            f'stroke="{stroke}" stroke-width="{width:g}"{extra}/>'
        )
        self._grow(max(x1, x2), max(y1, y2))

    def raw(self, s: str, w: float = 0, h: float = 0) -> None:
        self.parts.append(s)
        self._grow(w, h)

    def to_string(self, margin: float = 8) -> str:
        w = int(self.width + margin + 0.999)
        h = int(self.height + margin + 0.999)
        style = (
            "<style>"
            "text{font-family:DejaVu Sans Mono,Menlo,Consolas,monospace;"
            f"fill:{TEXT}}}"
            ".c{font-size:9px;text-anchor:middle;dominant-baseline:central}"
            ".s{font-size:7px;text-anchor:middle;dominant-baseline:central}"
            f".ax{{font-size:9px;fill:{MUTED};dominant-baseline:central}}"
            ".h{font-size:13px;font-weight:bold}"
            ".n{font-size:11px}"
            "</style>"
        )
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}">'
            f'<rect width="{w}" height="{h}" fill="#ffffff"/>{style}'
            + "".join(self.parts)
            + "</svg>\n"
        )
