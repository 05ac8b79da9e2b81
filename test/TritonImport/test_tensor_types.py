"""Every tensor type of the two TTGIR corpora (every op's results: 700-odd
distinct encodings and shapes, NVIDIA and AMD, slices of linear layouts and
linear layouts resized to smaller tensors included) gives Triton 3.6's own
bases through `LinearLayout.from_mlir(encoding, shape=...)`, the same
reader `--ll-import-ttgir` uses. The expected bases are Triton's
(tensor_types.json, written by corpus/derive_reference.py), so the check runs
without Triton."""

from __future__ import annotations

import json
import os

import linear_layout as ll
from ttgir_tools import CORPUS

with open(os.path.join(CORPUS, "tensor_types.json")) as f:
    TYPES = json.load(f)["types"]


def test_every_tensor_type_has_tritons_bases():
    wrong = []
    for t in TYPES:
        layout = ll.LinearLayout.from_mlir(t["encoding"], shape=t["shape"])
        got = {k: [list(b) for b in v] for k, v in layout.bases.items()}
        if got != t["bases"]:
            wrong.append((t["file"], t["shape"], t["encoding"][:120]))
    assert not wrong, f"{len(wrong)} of {len(TYPES)} differ, e.g. {wrong[:3]}"
    assert len(TYPES) > 600
