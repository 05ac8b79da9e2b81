"""Every TTGIR file of the corpora reads and prints back as Triton printed it.

`ll-opt --mlir-print-debuginfo --mlir-use-nameloc-as-prefix` on a `.ttgir`
Triton 3.6 wrote parses every op (the tt/ttg/ttng ops in Triton's custom
syntax) and prints:
- text that parses again and prints the same (a fixed point), and
- the original text up to the names of SSA values (Triton's printer names
  the block arguments of `scf.for` after the loop; upstream MLIR's does not,
  which renumbers the values after them).
Runs without Triton.
"""

from __future__ import annotations

import glob
import os
import re

import pytest
from ttgir_tools import CORPUS, HERE, run

OPS_CORPUS = os.path.join(HERE, "ops-corpus")
FILES = sorted(
    glob.glob(os.path.join(CORPUS, "*.ttgir"))
    + glob.glob(os.path.join(OPS_CORPUS, "*.ttgir"))
)
ARGS = ["--mlir-print-debuginfo", "--mlir-use-nameloc-as-prefix"]
_SSA_NAME = re.compile(r"%[A-Za-z0-9_$.-]+")


def _normalized(text: str) -> list[str]:
    return [
        _SSA_NAME.sub("%", line.rstrip()) for line in text.splitlines() if line.strip()
    ]


def test_corpora_are_there():
    assert len(FILES) >= 80


@pytest.mark.parametrize("path", FILES, ids=[os.path.basename(p) for p in FILES])
def test_ttgir_round_trip(path):
    with open(path) as f:
        original = f.read()
    first = run(ARGS, original)
    assert first.returncode == 0, first.stderr
    second = run(ARGS, first.stdout)
    assert second.returncode == 0, second.stderr
    assert second.stdout == first.stdout
    assert _normalized(first.stdout) == _normalized(original)
