"""``python -m linear_layout <command> ...``: the package's command line.

Commands::

    python -m linear_layout compile kernel.mlir --chip sm_90 -o kernel.ptx
    python -m linear_layout compile kernel.mlir --chip gfx942 -o kernel.s
    python -m linear_layout report kernel.ttgir [--explain] [--emit-mlir k.mlir]

``compile`` lowers the ``gpu.module`` of an ``ll`` kernel file to PTX
(``sm_<N>``) or AMDGPU assembly (``gfx<N>``, needs an ``llc`` with the
AMDGPU target, docs/lowering-rocdl.md) and writes it as a plain text file
(``-o -`` or no ``-o``: standard output). It is :func:`linear_layout.compile`
on a file. Errors (a bad chip, a module without a ``gpu.module``, a kernel
that cannot be lowered) print ll-opt's located diagnostics, naming the input
file, and exit with status 1.

Each command is one entry of ``COMMANDS``: its name, a one-line help, a
function that adds its arguments to a parser, and the function that runs it
(returning the exit status). A new command (``report``, ``show``,
``explain``, ...) is one more entry.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from typing import NamedTuple


class Command(NamedTuple):
    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def _read_input(path: str) -> str:
    """The text of `path` ('-': standard input); OSError, or
    UnicodeDecodeError where it is not UTF-8 (see _input_error)."""
    if path == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        return stdin.read().decode("utf-8") if stdin else sys.stdin.read()
    with open(path, "rb") as f:
        return f.read().decode("utf-8")


def _input_error(path: str, e: OSError | UnicodeDecodeError) -> str:
    name = "<stdin>" if path == "-" else path
    if isinstance(e, UnicodeDecodeError):
        return f"error: {name}: not UTF-8 text ({e.reason} at byte {e.start})"
    return f"error: {name}: {e.strerror or e}"


def _write_output(path: str | None, text: str) -> None:
    if path is None or path == "-":
        sys.stdout.write(text)
        return
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def _name_input(message: str, path: str) -> str:
    """ll-opt reads the module from its standard input: its diagnostics say
    `<stdin>:line:col`; the lines are those of `path`."""
    if path == "-":
        return message
    return re.sub(r"(?m)(^|\s)<stdin>:", lambda m: m.group(1) + path + ":", message)


def _message(error: Exception) -> str:
    """The error as a compiler prints it: ll-opt's (or llc's) own located
    diagnostics as they are, anything else after `error: `."""
    text = str(error)
    for tool in ("ll-opt", "mlir-translate", "llc"):
        head = f"module: {tool} failed:\n"
        if text.startswith(head):
            return text[len(head) :]
    return f"error: {text}"


def _compile_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "input",
        help="the .mlir file with a gpu.module of ll kernels ('-': standard input)",
    )
    parser.add_argument(
        "--chip",
        default="sm_90",
        help="sm_<N> (PTX) or gfx<N> (AMDGPU assembly); default sm_90",
    )
    parser.add_argument(
        "-o",
        "--output",
        default=None,
        help="output file (default or '-': standard output)",
    )
    parser.add_argument(
        "--emit",
        choices=("asm", "llvm"),
        default="asm",
        help="asm: PTX or GFX assembly (default); llvm: the "
        "LLVM IR given to llc (AMD chips only)",
    )
    parser.add_argument("--index-bitwidth", type=int, default=32, choices=(32, 64))
    parser.add_argument(
        "--wave-size",
        type=int,
        default=0,
        choices=(0, 32, 64),
        help="AMD: 64 or 32 (0: the chip's default)",
    )
    parser.add_argument(
        "--min-round-bytes",
        type=int,
        default=None,
        help="the pipelines' min-round-bytes (default: the target's)",
    )
    parser.add_argument(
        "--no-register-order",
        action="store_true",
        help="skip ll-optimize-register-order",
    )


def _compile(args: argparse.Namespace) -> int:
    from linear_layout import compiler

    try:
        text = _read_input(args.input)
    except (OSError, UnicodeDecodeError) as e:
        print(_input_error(args.input, e), file=sys.stderr)
        return 1
    options = {
        "index_bitwidth": args.index_bitwidth,
        "min_round_bytes": args.min_round_bytes,
        "register_order": not args.no_register_order,
    }
    try:
        if args.emit == "llvm":
            out = compiler.llvm_ir(
                text, chip=args.chip, wave_size=args.wave_size, **options
            )
        else:
            out = compiler.compile(
                text, chip=args.chip, wave_size=args.wave_size, **options
            )
    except (ValueError, TypeError, RuntimeError) as e:
        print(_name_input(_message(e), args.input), file=sys.stderr)
        return 1
    try:
        _write_output(args.output, out)
    except OSError as e:
        print(f"error: {args.output}: {e.strerror}", file=sys.stderr)
        return 1
    dynamic = getattr(out, "dynamic_shared_bytes", 0)
    if dynamic:
        print(
            f"note: launch with {dynamic} bytes of dynamic shared memory",
            file=sys.stderr,
        )
    return 0


def _report_arguments(parser: argparse.ArgumentParser) -> None:
    from linear_layout import report

    report.add_arguments(parser)


def _report(args: argparse.Namespace) -> int:
    from linear_layout import report

    return report.run(args, _read_input)


def _pictures_command(name: str) -> tuple:
    """(add_arguments, run) of a command of linear_layout.pictures.cli,
    imported when the command runs."""

    def add_arguments(parser: argparse.ArgumentParser) -> None:
        from linear_layout.pictures import cli

        getattr(cli, name + "_arguments")(parser)

    def run(args: argparse.Namespace) -> int:
        from linear_layout.pictures import cli

        return getattr(cli, name)(args)

    return add_arguments, run


COMMANDS = [
    Command(
        "compile",
        "lower an ll kernel file to PTX or AMDGPU assembly",
        _compile_arguments,
        _compile,
    ),
    Command(
        "report",
        "list a Triton 3.6 TTGIR kernel's layout conversions and their plans",
        _report_arguments,
        _report,
    ),
    Command(
        "show",
        "draw a layout (SVG or PNG; docs/pictures.md)",
        *_pictures_command("show"),
    ),
    Command(
        "explain",
        "plan a conversion between two layouts, explain it and draw it",
        *_pictures_command("explain"),
    ),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m linear_layout",
        description="Linear layouts over F2: command-line tools.",
    )
    sub = parser.add_subparsers(dest="command", metavar="command", required=True)
    for command in COMMANDS:
        p = sub.add_parser(command.name, help=command.help, description=command.help)
        command.add_arguments(p)
        p.set_defaults(run=command.run)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
