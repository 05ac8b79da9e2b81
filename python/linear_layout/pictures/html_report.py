"""One self-contained HTML page about the layout conversions of a kernel:
per conversion the source line, the two layouts, the plan's picture, the
explanation and the cost. No script, no network: the pictures are inline SVG.

``python -m linear_layout report kernel.ttgir --html out.html`` builds the
list of :class:`ReportConversion` from the kernel and calls
:func:`write_html_report`; from Python the list can be built by hand.
"""

from __future__ import annotations

import html
import os
import re
from dataclasses import dataclass
from typing import Any

from linear_layout._core import LinearLayout

__all__ = [
    "ReportConversion",
    "as_report_conversion",
    "html_report",
    "write_html_report",
]


@dataclass
class ReportConversion:
    """One conversion: ``src`` -> ``dst`` of a tensor of ``shape`` with
    ``element_bits``-bit elements at ``location`` (``file:line:col``);
    ``source_line`` is the text of that line. ``plan`` defaults to
    ``ll.plan_conversion(src, dst, element_bits, target)``; ``error`` is why
    a conversion has no plan (its section then says so)."""

    src: LinearLayout
    dst: LinearLayout
    element_bits: int
    location: str = ""
    source_line: str = ""
    shape: tuple | None = None
    plan: Any = None
    target: str = "sm_90"
    error: str = ""

    def resolved_plan(self):
        if self.plan is None:
            from linear_layout.planning import plan_conversion

            self.plan = plan_conversion(
                self.src, self.dst, self.element_bits, self.target
            )
        return self.plan


_CSS = """
body{font-family:system-ui,sans-serif;margin:24px;color:#1a1a1a;background:#fff}
h1{font-size:22px} h2{font-size:17px;margin-top:32px;border-top:1px solid #ccc;padding-top:12px}
pre{background:#f6f6f6;padding:8px;overflow-x:auto;font-size:12px}
table{border-collapse:collapse;font-size:13px} td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}
figure{margin:8px 0;overflow-x:auto} figcaption{font-size:13px;color:#555}
.row{display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start}
.err{color:#a00}
"""


def _picture(make, caption: str) -> str:
    try:
        svg = make()
        body = svg[svg.index("<svg") :]
    except (ValueError, RuntimeError) as e:
        body = f'<p class="err">no picture: {html.escape(str(e))}</p>'
    return f"<figure>{body}<figcaption>{html.escape(caption)}</figcaption></figure>"


def _cost(plan) -> str:
    if plan.kind == "shared_memory":
        return (
            f"{plan.store_wavefronts} + {plan.load_wavefronts} wavefronts, "
            f"{plan.shared_bytes} B shared"
        )
    if plan.kind == "shuffle":
        return f"{plan.shuffles} shuffles, {plan.selects} selects"
    if plan.kind == "registers":
        return "register moves only"
    return "free"


def _line_of(location: str, source: str | None, source_name: str | None = None) -> str:
    """The text of the line a ``file:line:col`` location names in
    ``source``, when ``file`` is ``source_name`` (any file when None)."""
    m = re.search(r"^(.*):(\d+):\d+\)?\s*$", location or "")
    if not m or source is None:
        return ""
    file = m.group(1).strip().strip('"')
    if source_name is not None and not (
        file == source_name
        or file.endswith("/" + source_name)
        or source_name.endswith("/" + file)
    ):
        return ""
    lines = source.splitlines()
    n = int(m.group(2))
    return lines[n - 1].strip() if 0 < n <= len(lines) else ""


def as_report_conversion(
    c, target: str = "sm_90", source: str | None = None, source_name: str | None = None
):
    """``c`` as a :class:`ReportConversion`: one already, or any object with
    ``src``, ``dst`` and ``element_bits`` (and optionally ``location``,
    ``shape``, ``source_line``, and ``plan``: a plan or a method
    ``plan(target)``, as ``ll.from_ttgir`` gives)."""
    if isinstance(c, ReportConversion):
        if source is not None and not c.source_line:
            c.source_line = _line_of(c.location, source, source_name)
        return c
    if not all(hasattr(c, a) for a in ("src", "dst", "element_bits")):
        raise TypeError(
            f"expected ReportConversion items (or objects with src, dst and "
            f"element_bits), not {type(c).__name__}"
        )
    plan, error = getattr(c, "plan", None), ""
    if callable(plan):
        try:
            plan = plan(target)
        except ValueError as e:  # e.g. data moved between CTAs
            plan, error = None, str(e)
    location = getattr(c, "location", "") or ""
    shape = getattr(c, "shape", None)
    return ReportConversion(
        c.src,
        c.dst,
        c.element_bits,
        location,
        getattr(c, "source_line", "") or _line_of(location, source, source_name),
        tuple(shape) if shape else None,
        plan,
        target,
        error,
    )


def html_report(
    conversions,
    *,
    title: str = "Layout conversions",
    target: str = "sm_90",
    source: str | None = None,
    source_name: str | None = None,
) -> str:
    """The page as a string (see :func:`write_html_report`). Items are
    :class:`ReportConversion` or what :func:`as_report_conversion` accepts
    (``ll.from_ttgir``'s conversions, planned for ``target``); ``source`` is
    the text of the file ``source_name`` (any file when None): a section whose
    location is a line of that file quotes the line (TTGIR locations often
    name the Python source instead)."""
    from linear_layout.pictures._layouts import layout_svg
    from linear_layout.pictures._plans import cost_lines, plan_svg

    conversions = [
        as_report_conversion(c, target, source, source_name) for c in conversions
    ]
    rows, sections = [], []
    for k, c in enumerate(conversions, 1):
        where = c.location or f"conversion {k}"
        shape = "×".join(map(str, c.shape or list(c.src.out_dims.values())))
        plan = None if c.error else c.resolved_plan()
        kind, cost = ("not planned", "-") if plan is None else (plan.kind, _cost(plan))
        rows.append(
            f'<tr><td><a href="#c{k}">{k}</a></td><td>{html.escape(where)}</td>'
            f"<td>{shape}</td><td>{c.element_bits}</td><td>{kind}</td>"
            f"<td>{html.escape(cost)}</td></tr>"
        )
        parts = [f'<h2 id="c{k}">{k}. {html.escape(where)}</h2>']
        if c.source_line:
            parts.append(f"<pre>{html.escape(c.source_line)}</pre>")
        if plan is None:
            parts.append(f"<p>not planned: {html.escape(c.error)}</p>")
            sections.append("\n".join(parts))
            continue
        parts.append(
            "<p>" + "<br>".join(html.escape(s) for s in cost_lines(plan)) + "</p>"
        )
        parts.append('<div class="row">')
        parts.append(
            _picture(lambda c=c: layout_svg(c.src, max_cells=2048), "source layout")
        )
        parts.append(
            _picture(
                lambda c=c: layout_svg(c.dst, max_cells=2048), "destination layout"
            )
        )
        parts.append("</div>")
        parts.append(
            _picture(lambda c=c, p=plan: plan_svg(p, c.src, c.dst), "the plan")
        )
        parts.append(
            f"<details open><summary>explanation</summary><pre>"
            f"{html.escape(plan.explain())}</pre></details>"
        )
        sections.append("\n".join(parts))
    table = (
        "<table><tr><th>#</th><th>where</th><th>shape</th><th>bits</th>"
        "<th>kind</th><th>cost</th></tr>" + "".join(rows) + "</table>"
    )
    if not conversions:
        table = "<p>no layout conversions</p>"
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_CSS}</style></head><body>"
        f"<h1>{html.escape(title)}</h1>{table}\n"
        + "\n".join(sections)
        + "\n</body></html>\n"
    )


def write_html_report(
    conversions,
    path: str | os.PathLike,
    *,
    title: str = "Layout conversions",
    target: str = "sm_90",
    source: str | None = None,
    source_name: str | None = None,
) -> None:
    """Writes :func:`html_report` to ``path``."""
    text = html_report(
        conversions, title=title, target=target, source=source, source_name=source_name
    )
    with open(os.fspath(path), "w", encoding="utf-8") as f:
        f.write(text)
