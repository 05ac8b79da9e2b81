"""Helpers of the TTGIR import tests: find `ll-opt`, run it, read the
`#ll.linear` layouts of its output."""

from __future__ import annotations

import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import crash_signatures

CORPUS = os.path.join(HERE, "corpus")


def ll_opt_path() -> str:
    explicit = os.environ.get("LL_TOOLS_DIR")
    if explicit:
        return os.path.join(explicit, "ll-opt")
    beside = os.path.join(os.path.dirname(sys.executable), "ll-opt")
    return beside if os.path.exists(beside) else shutil.which("ll-opt")


def run(args, text=None, timeout=60):
    """ll-opt `args` on `text` (stdin), failing the test on a crash."""
    return crash_signatures.run_ll_opt(
        [ll_opt_path(), *args], input=text, text=True, timeout=timeout
    )


_ALIAS = re.compile(r"^(#[\w]+) = #ll\.linear<(\{.*\})>$", re.MULTILINE)


def parse_bases(body: str) -> dict:
    """`{register = [[0, 1]], lane = []}` as a dict of lists of lists."""
    result = {}
    for name, bases in re.findall(r"(\w+) = (\[(?:\[[^\]]*\](?:, )?)*\])", body):
        result[name] = [
            [int(v) for v in basis.split(",") if v.strip()]
            for basis in re.findall(r"\[([^\[\]]*)\]", bases[1:-1])
        ]
    return result


def aliases(output: str) -> dict:
    """The `#alias = #ll.linear<...>` definitions of an output."""
    return {name: parse_bases(body) for name, body in _ALIAS.findall(output)}
