"""--ll-import-ttgir gives Triton 3.6's own bases.

For every conversion of the real-kernel corpus, reference.json holds the
two encodings and the bases Triton 3.6's `to_linear_layout` gave for them
(corpus/derive_reference.py). A module with just that `ttg.convert_layout`
is imported; the `ll.convert_layout` it becomes must carry those bases.
Runs without Triton.
"""

from __future__ import annotations

import json
import os
import re

import pytest
from ttgir_tools import CORPUS, aliases, run

with open(os.path.join(CORPUS, "reference.json")) as f:
    REFERENCE = json.load(f)

CASES = [
    pytest.param(entry, conv, id=f"{entry['file']}:{i}")
    for entry in REFERENCE["files"]
    for i, conv in enumerate(entry["conversions"])
]


def module_text(entry, conv) -> str:
    shape = "x".join(str(s) for s in conv["shape"])
    src = f"tensor<{shape}x{conv['element_type']}, {conv['src_encoding']}>"
    dst = f"tensor<{shape}x{conv['element_type']}, {conv['dst_encoding']}>"
    return (
        f'module attributes {{"ttg.num-ctas" = 1 : i32, '
        f'"ttg.num-warps" = {entry["num_warps"]} : i32, '
        f'"ttg.threads-per-warp" = {entry["threads_per_warp"]} : i32}} {{\n'
        f"  func.func @f(%x: {src}) -> {dst} {{\n"
        f"    %y = ttg.convert_layout %x : {src} -> {dst}\n"
        f"    return %y : {dst}\n  }}\n}}\n"
    )


@pytest.mark.parametrize("entry,conv", CASES)
def test_conversion_bases_equal_tritons(entry, conv):
    result = run(["--ll-import-ttgir"], module_text(entry, conv))
    assert result.returncode == 0, result.stderr
    line = next(
        line for line in result.stdout.splitlines() if "ll.convert_layout" in line
    )
    names = re.findall(r"tensor<[^,]*, (#\w+)>", line)
    layouts = aliases(result.stdout)
    src, dst = (layouts[name] for name in names)
    assert src == conv["src"]
    assert dst == conv["dst"]


def test_reference_has_conversions():
    assert len(CASES) >= 30
