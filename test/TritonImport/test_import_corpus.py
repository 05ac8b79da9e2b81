"""Every real kernel of the corpus imports: each `ttg.convert_layout`
becomes an `ll.convert_layout` (or, for pointer elements, stays a
`ttg.convert_layout` with `#ll.linear` types), no `#ttg` distributed
encoding is left, and `--ll-plan-conversions` plans the result."""

from __future__ import annotations

import os
import re

import pytest
from ttgir_tools import CORPUS, run

FILES = sorted(f for f in os.listdir(CORPUS) if f.endswith(".ttgir"))
DISTRIBUTED = re.compile(
    r"#ttg\.(blocked|slice|nvidia_mma|dot_op|amd_mfma|amd_wmma|linear)<"
)


@pytest.mark.parametrize("name", FILES)
def test_corpus_kernel_imports_and_plans(name):
    with open(os.path.join(CORPUS, name)) as f:
        text = f.read()
    imported = run(["--ll-import-ttgir"], text)
    assert imported.returncode == 0, imported.stderr
    out = imported.stdout
    kept = re.findall(r"ttg\.convert_layout %\S+ : tensor<[^,]*x!tt\.ptr", out)
    assert out.count("ll.convert_layout") + len(kept) == text.count(
        "ttg.convert_layout"
    )
    assert out.count("ttg.convert_layout") == len(kept)
    assert not DISTRIBUTED.search(out)
    planned = run(["--ll-plan-conversions"], out)
    assert planned.returncode == 0, planned.stderr
    assert planned.stdout.count("ll.plan = #ll.plan<") == out.count("ll.convert_layout")
