"""``python -m linear_layout report KERNEL.ttgir``: a Triton kernel's layout
conversions, one row each, with the plan this project makes for them.

Each row: the conversion's source location, shape and element width, the two
layouts as Gluon would write them, and the plan (kind, vector width,
instructions, predicted store/load wavefronts, shuffles/selects, shared
bytes). ``--explain`` adds each plan's full explanation; ``--json`` prints the
rows as JSON; ``--html FILE`` writes one self-contained page with each
conversion's layouts and plan drawn (docs/pictures.md); ``--emit-mlir FILE`` writes a standalone module of the
conversions as ``conv`` kernels (load the tile in the source layout, convert,
store it; elements moved as integers of their width, masks as ``bool``) that
``python -m linear_layout compile`` turns into PTX or GFX assembly and the GPU
benchmark can time (docs/triton-interop.md).
"""

from __future__ import annotations

import argparse
import json
import re
import sys

INTEGER_DTYPES = {1: "bool", 8: "int8", 16: "int16", 32: "int32", 64: "int64"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", help="a Triton 3.6 .ttgir file ('-': standard input)")
    parser.add_argument(
        "--target",
        default=None,
        help="the target to plan for (sm_<N>, gfx<N>); default: the module's "
        "ttg.target (cuda:90 -> sm_90, hip:gfx942 -> gfx942), else sm_90",
    )
    parser.add_argument(
        "--explain", action="store_true", help="print each plan's full explanation"
    )
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument(
        "--html",
        metavar="FILE",
        help="write one self-contained HTML page: per conversion the source line, "
        "both layouts and the plan drawn, and the explanation",
    )
    parser.add_argument(
        "--emit-mlir",
        metavar="FILE",
        help="write the conversions as conv kernels to FILE",
    )


def module_target(text: str) -> str:
    """The target a TTGIR module names (`ttg.target = "cuda:90"` -> sm_90,
    `"hip:gfx942"` -> gfx942), or sm_90."""
    m = re.search(r'ttg\.target"?\s*=\s*"(cuda|hip):(\w+)"', text)
    if not m:
        return "sm_90"
    return f"sm_{m.group(2)}" if m.group(1) == "cuda" else m.group(2)


def rows(conversions, target: str) -> list[tuple[dict, object]]:
    """One (row, plan) per conversion: what the report prints. A conversion
    that cannot be planned (data moved between CTAs, ...) keeps its row,
    with kind "error" and the reason under "error", and plan None."""
    from linear_layout.ttgir import gluon_text

    out = []
    for i, c in enumerate(conversions):
        row = {
            "index": i,
            "location": c.location,
            "shape": c.shape,
            "element_bits": c.element_bits,
            "src": gluon_text(c.src_encoding),
            "dst": gluon_text(c.dst_encoding),
        }
        try:
            plan = c.plan(target)
        except ValueError as e:
            row.update(kind="error", error=str(e))
            out.append((row, None))
            continue
        row.update(
            {
                "kind": plan.kind,
                "vector_bits": plan.vector_bits,
                "store_instruction": plan.swizzle.store_instruction
                if plan.swizzle
                else None,
                "load_instruction": plan.swizzle.load_instruction
                if plan.swizzle
                else None,
                "store_wavefronts": plan.store_wavefronts,
                "load_wavefronts": plan.load_wavefronts,
                "shuffles": plan.shuffles,
                "selects": plan.selects,
                "shared_bytes": plan.shared_bytes,
                "rounds": plan.rounds,
            }
        )
        out.append((row, plan))
    return out


def _plan_text(row: dict) -> str:
    kind = row["kind"]
    if kind == "error":
        return f"not planned: {row['error']}"
    if kind == "shared_memory":
        return (
            f"shared_memory: {row['store_instruction']} + {row['load_instruction']}, "
            f"{row['vector_bits']}-bit vectors, {row['store_wavefronts']}+{row['load_wavefronts']} "
            f"wavefronts, {row['shared_bytes']} bytes"
            + (f", {row['rounds']} rounds" if row["rounds"] > 1 else "")
        )
    if kind == "shuffle":
        return f"shuffle: {row['shuffles']} shuffles, {row['selects']} selects, {row['rounds']} rounds"
    return kind


def emit_mlir(conversions) -> tuple[str, list[str]]:
    """The conversions as conv kernels in one gpu.module, and notes on the
    ones left out."""
    from linear_layout import kernels

    funcs, notes = [], []
    for i, c in enumerate(conversions):
        dtype = INTEGER_DTYPES.get(c.element_bits)
        if dtype is None:
            notes.append(
                f"conversion {i} ({c.location}): {c.element_bits}-bit elements have no conv kernel"
            )
            continue
        warps = c.src.in_dims.get("warp", 1)
        try:
            text = kernels.conv(
                c.src,
                c.dst,
                c.shape,
                dtype,
                warps,
                name=f"conv_{i}",
                lanes=c.src.in_dims.get("lane", 32),
            )
        except ValueError as e:
            notes.append(f"conversion {i} ({c.location}): no conv kernel: {e}")
            continue
        body = text.split("gpu.module @ll_kernels {\n", 1)[1].rsplit("  }\n}\n", 1)[0]
        funcs.append(f"    // conversion {i}: {c.location}\n" + body)
    module = (
        "module attributes {gpu.container_module} {\n  gpu.module @ll_kernels {\n"
        + "".join(funcs)
        + "  }\n}\n"
    )
    return module, notes


def run(args: argparse.Namespace, read_input) -> int:
    """The command; `read_input(path)` is the command line's reader of an
    input file ('-': standard input)."""
    import linear_layout as ll

    name = "<stdin>" if args.input == "-" else args.input
    try:
        text = read_input(args.input)
    except (OSError, UnicodeDecodeError) as e:
        print(f"error: {name}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
        return 1
    if args.target is None:
        args.target = module_target(text)
    try:
        ll.gpu_target(args.target)
        conversions = ll.from_ttgir(text, name)
        table = rows(conversions, args.target)
    except (ValueError, TypeError) as e:
        message = str(e)
        print(
            message if ": error:" in message else f"error: {message}", file=sys.stderr
        )
        return 1
    if args.emit_mlir:
        module, notes = emit_mlir(conversions)
        for note in notes:
            print(f"note: {note}", file=sys.stderr)
        try:
            with open(args.emit_mlir, "w", encoding="utf-8") as f:
                f.write(module)
        except OSError as e:
            print(f"error: {args.emit_mlir}: {e.strerror}", file=sys.stderr)
            return 1
    if args.html:
        from linear_layout.pictures.html_report import (
            ReportConversion,
            write_html_report,
        )

        # The plans of the table, not planned again.
        planned = [
            ReportConversion(
                c.src,
                c.dst,
                c.element_bits,
                c.location,
                shape=tuple(c.shape),
                plan=plan,
                target=args.target,
                error=row.get("error", ""),
            )
            for c, (row, plan) in zip(conversions, table)
        ]
        try:
            write_html_report(
                planned,
                args.html,
                title=f"Layout conversions of {name}",
                target=args.target,
                source=text,
                source_name=name,
            )
        except OSError as e:
            print(f"error: {args.html}: {e.strerror}", file=sys.stderr)
            return 1
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 1
    # A conversion that cannot be planned is reported in its row and, with
    # its location, on stderr; the command then fails (exit 1).
    unplanned = [row for row, plan in table if plan is None]
    for row in unplanned:
        print(f"{row['location']}: error: {row['error']}", file=sys.stderr)
    status = 1 if unplanned else 0
    if args.json:
        out = [
            dict(row, explanation=plan.explain()) if args.explain and plan else row
            for row, plan in table
        ]
        print(json.dumps(out, indent=1))
        return status
    print(f"{name}: {len(table)} layout conversions, planned for {args.target}")
    for row, plan in table:
        shape = "x".join(str(s) for s in row["shape"])
        bits = row["element_bits"]
        width = f"{bits}-bit (moved as bytes)" if bits == 1 else f"{bits}-bit"
        print(f"\n[{row['index']}] {row['location']}  {shape} x {width}")
        print(f"    from: {row['src']}")
        print(f"    to:   {row['dst']}")
        print(f"    plan: {_plan_text(row)}")
        if args.explain and plan is not None:
            print("    " + plan.explain().replace("\n", "\n    "))
    return status
