"""The ``show`` and ``explain`` commands of ``python -m linear_layout``.

A layout on the command line is one of

- ``#ll.linear<...>`` text (what ``LinearLayout.to_mlir()`` prints);
- a layout family call, ``BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0])``
  (any class of ``linear_layout.families``, literal arguments only, nested
  for ``SliceLayout``/``DotOperandLayout`` parents), with ``--shape``;
- a file holding either (``@path``);
- ``#ttg.*`` text as Triton 3.6 prints it (``#ttg.blocked<{...}>``, ...),
  with ``--shape`` (``LinearLayout.from_mlir(text, shape=...)``);
- text with another prefix once a parser for it is registered with
  :func:`register_layout_parser`.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Callable

from linear_layout._core import LinearLayout

# prefix -> parser(text, shape) -> LinearLayout, tried before the built-in forms.
LAYOUT_PARSERS: dict[str, Callable] = {}


def register_layout_parser(prefix: str, parser: Callable) -> None:
    """Lets ``show``/``explain`` read layouts whose text starts with
    ``prefix`` (``parser(text, shape)`` returns a LinearLayout; ``shape`` is a
    list of ints or None)."""
    LAYOUT_PARSERS[prefix] = parser


def parse_shape(text: str | None) -> list | None:
    if text is None:
        return None
    parts = text.replace(",", "x").split("x")
    try:
        shape = [int(p) for p in parts if p.strip()]
    except ValueError:
        raise ValueError(f"--shape {text!r}: expected sizes like 16x32") from None
    if not shape or any(s <= 0 or s & (s - 1) for s in shape):
        raise ValueError(f"--shape {text!r}: sizes must be powers of two")
    return shape


def _family(node, names):
    from linear_layout import families

    if isinstance(node, ast.Call):
        func = node.func
        name = (
            func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        )
        if name not in names:
            raise ValueError(
                f"unknown layout family {name!r}; expected one of {sorted(names)}"
            )
        args = [_family(a, names) for a in node.args]
        kwargs = {k.arg: _family(k.value, names) for k in node.keywords}
        return getattr(families, name)(*args, **kwargs)
    try:
        return ast.literal_eval(node)
    except ValueError:
        raise ValueError(
            f"layout arguments must be literals, not {ast.unparse(node)!r}"
        ) from None


def parse_layout(text: str, shape: list | None = None) -> LinearLayout:
    """A LinearLayout from command-line text (see the module docstring)."""
    from linear_layout import families

    if text.startswith("@"):
        with open(text[1:], encoding="utf-8") as f:
            text = f.read()
    text = text.strip()
    for prefix, parser in LAYOUT_PARSERS.items():
        if text.startswith(prefix):
            return parser(text, shape)
    if text.startswith("#ttg."):
        if shape is None and not text.startswith("#ttg.linear<"):
            raise ValueError(
                "a #ttg encoding needs --shape (for example --shape 16x32)"
            )
        return LinearLayout.from_mlir(text, shape=shape)
    if text.startswith("#ll."):
        layout = LinearLayout.from_mlir(text)
        if shape is not None and list(layout.out_dims.values()) != list(shape):
            raise ValueError(
                f"--shape {shape} does not match the layout's "
                f"{list(layout.out_dims.values())}"
            )
        return layout
    try:
        tree = ast.parse(text, mode="eval").body
    except SyntaxError:
        raise ValueError(
            f"cannot read layout {text[:60]!r}: expected #ll.linear<...> "
            "text or a family call like BlockedLayout(...)"
        ) from None
    obj = _family(tree, set(families.__all__) - {"DistributedLayout", "SharedLayout"})
    if not hasattr(obj, "to_linear"):
        raise ValueError(f"{text[:60]!r} is not a layout")
    if shape is None:
        raise ValueError("a layout family needs --shape (for example --shape 16x32)")
    return obj.to_linear(shape)


def _write(path: str | None, svg: str) -> None:
    from linear_layout.pictures import save

    if path is None or path == "-":
        sys.stdout.write(svg)
    else:
        save(svg, path)


def show_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "layout",
        help="#ll.linear<...> text, a family call such as "
        "'BlockedLayout([1,4],[8,4],[4,1],[1,0])', or @file",
    )
    parser.add_argument("--shape", help="tensor shape for a family, e.g. 64x64")
    parser.add_argument(
        "-o",
        "--output",
        default=None,
        help="out.svg or out.png (default: SVG on standard output)",
    )
    parser.add_argument(
        "--view",
        default=None,
        choices=("tensor", "hardware", "memory", "text"),
        help="tensor (default), hardware (per thread), memory "
        "(a memory layout's rows of banks), text (hardware view as text)",
    )
    parser.add_argument(
        "--zoom",
        default=None,
        choices=("auto", "full", "warp", "repetition", "aggregate"),
        help="pictures of a layout (default auto)",
    )
    parser.add_argument(
        "--max-cells",
        type=int,
        default=None,
        help="pictures of a layout (default 4096)",
    )
    parser.add_argument(
        "--element-bits",
        type=int,
        default=None,
        help="memory layouts and accesses: element width (default 32)",
    )
    parser.add_argument(
        "--target", default=None, help="memory layouts and accesses (default sm_90)"
    )
    parser.add_argument(
        "--through",
        default=None,
        metavar="MEMORY",
        help="draw the access of LAYOUT through this memory layout",
    )
    parser.add_argument(
        "--access", default=None, choices=("load", "store"), help="with --through"
    )
    parser.add_argument("--vector-bits", type=int, default=None, help="with --through")


def _fail(e: Exception) -> int:
    print(f"error: {e}", file=sys.stderr)
    return 1


def show(args: argparse.Namespace) -> int:
    from linear_layout.pictures import (
        access_svg,
        hardware_view,
        layout_kind,
        layout_svg,
    )

    def refuse(names, why):
        # An option the picture would not use is an error, not dropped.
        given = [n for n in names if getattr(args, n.replace("-", "_")) is not None]
        if given:
            raise ValueError(f"--{given[0]} does not apply {why}")

    try:
        shape = parse_shape(args.shape)
        layout = parse_layout(args.layout, shape)
        bits = 32 if args.element_bits is None else args.element_bits
        target = args.target or "sm_90"
        if args.through:
            refuse(("view", "zoom", "max-cells"), "to an access (--through)")
            memory = parse_layout(args.through, shape)
            svg = access_svg(
                memory, layout, bits, args.vector_bits, target, args.access or "load"
            )
        elif args.view == "text":
            refuse(
                (
                    "zoom",
                    "max-cells",
                    "element-bits",
                    "target",
                    "access",
                    "vector-bits",
                    "output",
                ),
                "to --view text (the hardware view as text)",
            )
            sys.stdout.write(hardware_view(layout))
            return 0
        else:
            refuse(("access", "vector-bits"), "without --through")
            options = {
                "zoom": args.zoom or "auto",
                "max_cells": 4096 if args.max_cells is None else args.max_cells,
            }
            if args.view:
                options["view"] = args.view
            if layout_kind(layout) == "memory":
                options.update(element_bits=bits, target=target)
            else:
                refuse(("element-bits", "target"), "to a distributed layout")
            svg = layout_svg(layout, **options)
        _write(args.output, svg)
    except (ValueError, TypeError, ImportError, OSError, RuntimeError) as e:
        return _fail(e)
    return 0


def explain_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("src", help="the source layout (as for show)")
    parser.add_argument("dst", help="the destination layout")
    parser.add_argument("--shape", help="tensor shape for families, e.g. 64x64")
    parser.add_argument("--element-bits", type=int, default=32)
    parser.add_argument("--target", default="sm_90")
    parser.add_argument("--svg", default=None, help="write the plan's picture (SVG)")
    parser.add_argument("--png", default=None, help="write the plan's picture (PNG)")
    parser.add_argument(
        "--html",
        default=None,
        help="write a page with both layouts, the plan and the explanation",
    )


def explain(args: argparse.Namespace) -> int:
    from linear_layout.pictures import plan_svg, save
    from linear_layout.pictures.html_report import ReportConversion, write_html_report
    from linear_layout.planning import plan_conversion

    try:
        shape = parse_shape(args.shape)
        src = parse_layout(args.src, shape)
        dst = parse_layout(args.dst, shape)
        plan = plan_conversion(src, dst, args.element_bits, args.target)
        sys.stdout.write(plan.explain().rstrip("\n") + "\n")
        if args.svg or args.png:
            svg = plan_svg(plan, src, dst)
            for path in (args.svg, args.png):
                if path:
                    save(svg, path)
        if args.html:
            write_html_report(
                [
                    ReportConversion(
                        src,
                        dst,
                        args.element_bits,
                        location="command line",
                        plan=plan,
                        target=args.target,
                    )
                ],
                args.html,
            )
    except (ValueError, TypeError, ImportError, OSError, RuntimeError) as e:
        return _fail(e)
    return 0
