"""The committed TableGen references are the ones the build generates.

docs/dialect-reference.md, docs/*-passes.md and
docs/triton-dialects-reference/*.md are mlir-tblgen output (add_mlir_doc),
committed so that they can be read without a build; every build writes them
to <build>/docs (target LLGeneratedDocs). A .td change without the copy is
caught here. The build is LL_BUILD_DIR, else the newest build/* holding
the generated docs (pip's build tree included).
"""

from __future__ import annotations

import glob
import os

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")

PAIRS = [("LL/LLDialect.md", "dialect-reference.md"),
         ("LL/LLPasses.md", "dialect-passes.md"),
         ("LL/LLConversionPasses.md", "conversion-passes.md"),
         ("LL/LLTritonImportPasses.md", "triton-import-passes.md")] + [
    (f"Triton/{d}.md", f"triton-dialects-reference/{d}.md")
    for d in ("tt", "ttg", "ttng", "amdg")]


def _generated_docs():
    candidates = []
    if os.environ.get("LL_BUILD_DIR"):
        candidates.append(os.path.join(os.environ["LL_BUILD_DIR"], "docs"))
    candidates += sorted(glob.glob(os.path.join(ROOT, "build", "*", "docs")),
                         key=os.path.getmtime, reverse=True)
    for c in candidates:
        if os.path.exists(os.path.join(c, PAIRS[0][0])):
            return c
    return None


@pytest.mark.parametrize("generated,committed", PAIRS,
                         ids=[c for _, c in PAIRS])
def test_committed_reference_is_generated(generated, committed):
    docs = _generated_docs()
    if docs is None:
        pytest.skip("no build tree with generated docs")
    with open(os.path.join(docs, generated)) as f:
        want = f.read()
    with open(os.path.join(ROOT, "docs", committed)) as f:
        have = f.read()
    assert have == want, (f"docs/{committed} differs from the generated "
                          f"{generated}: copy it from {docs}")
