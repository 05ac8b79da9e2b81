"""ll.from_ttgir, LinearLayout.from_mlir('#ttg...') and the `report` command
on the real-kernel corpus: every file imports, one conversion per
`ttg.convert_layout`, each with Triton 3.6's own bases (reference.json)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import linear_layout as ll
import pytest
from ttgir_tools import CORPUS

with open(os.path.join(CORPUS, "reference.json")) as f:
    REFERENCE = {entry["file"]: entry for entry in json.load(f)["files"]}

FILES = sorted(REFERENCE)


def _read(name):
    with open(os.path.join(CORPUS, name)) as f:
        return f.read()


def _bases(layout):
    return {k: [list(b) for b in v] for k, v in layout.bases.items()}


@pytest.mark.parametrize("name", FILES)
def test_every_conversion_imports_with_tritons_bases(name):
    text = _read(name)
    conversions = ll.from_ttgir(text, name)
    expected = REFERENCE[name]["conversions"]
    assert len(conversions) == text.count("ttg.convert_layout") == len(expected)
    for got, want in zip(conversions, expected):
        assert got.location == want["location"]
        assert got.shape == want["shape"]
        assert got.element_bits == want["element_bits"]
        assert _bases(got.src) == want["src"]
        assert _bases(got.dst) == want["dst"]
        assert got.plan("sm_90").kind in (
            "noop",
            "registers",
            "shuffle",
            "shared_memory",
        )


def test_from_mlir_reads_ttg_encodings():
    conv = next(
        c
        for e in REFERENCE.values()
        for c in e["conversions"]
        if "nvidia_mma" in c["src_encoding"]
    )
    layout = ll.LinearLayout.from_mlir(conv["src_encoding"], shape=conv["shape"])
    assert _bases(layout) == conv["src"]
    with pytest.raises(ValueError, match="shape"):
        ll.LinearLayout.from_mlir(conv["src_encoding"])
    with pytest.raises(ValueError, match="warpsPerCTA"):
        ll.LinearLayout.from_mlir(
            "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], order = [0]}>",
            shape=[64],
        )
    with pytest.raises(TypeError):
        ll.LinearLayout.from_mlir(conv["src_encoding"], shape="64")


def test_malformed_ttgir_is_a_located_value_error():
    text = _read("matmul.fp16.64x32x32.w2.s5.sm90.ttgir").replace(
        "warpsPerCTA", "warpsPerCTB", 1
    )
    with pytest.raises(ValueError, match=r"k\.ttgir:\d+:\d+: error: .*warpsPerCTA"):
        ll.from_ttgir(text, "k.ttgir")
    with pytest.raises(ValueError):
        ll.from_ttgir("module {", "k.ttgir")
    with pytest.raises(TypeError):
        ll.from_ttgir(b"module {}")


def _report(*args):
    env = dict(os.environ)
    return subprocess.run(
        [sys.executable, "-m", "linear_layout", "report", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


def test_report_prints_one_row_per_conversion_and_emits_compilable_kernels(tmp_path):
    name = "matmul.fp16.128x256x64.w8.s3.sm90.ttgir"
    out = tmp_path / "k.mlir"
    r = _report(os.path.join(CORPUS, name), "--emit-mlir", str(out))
    assert r.returncode == 0, r.stderr
    assert "1 layout conversions" in r.stdout
    assert (
        "NVMMADistributedLayout(version=[3, 0]" in r.stdout
        and "plan: shared_memory" in r.stdout
    )
    ptx = ll.compile(out.read_text(), chip="sm_90")
    assert ".entry conv_0" in str(ptx)
    r = _report(os.path.join(CORPUS, name), "--json", "--explain")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    assert (
        len(rows) == 1 and rows[0]["kind"] == "shared_memory" and rows[0]["explanation"]
    )


def test_report_errors_are_located_and_exit_1(tmp_path):
    bad = tmp_path / "bad.ttgir"
    bad.write_text(
        _read("matmul.fp16.64x32x32.w2.s5.sm90.ttgir").replace(
            "#ttg.blocked<", "#ttg.blockd<", 1
        )
    )
    r = _report(str(bad))
    assert r.returncode == 1
    assert f"{bad}:" in r.stderr and "error:" in r.stderr
    assert _report(str(tmp_path / "missing.ttgir")).returncode == 1
    assert _report(str(bad), "--target", "tpu").returncode == 1


@pytest.mark.parametrize("name", FILES)
def test_whole_kernel_imports_and_plans(name):
    """ll-opt --ll-import-ttgir on the whole kernel, then planning: every
    ttg.convert_layout becomes one ll.convert_layout, every other op stays."""
    from ttgir_tools import run

    text = _read(name)
    imported = run(["--ll-import-ttgir", "--ll-plan-conversions"], text)
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.count("ll.convert_layout") == text.count(
        "ttg.convert_layout"
    )
    assert "ttg.convert_layout" not in imported.stdout
    for op in ("tt.func", "tt.load", "tt.store", "scf.for"):
        assert (op in imported.stdout) == (op in text)


def test_report_plans_for_the_modules_own_target():
    ops_corpus = os.path.join(os.path.dirname(CORPUS), "ops-corpus")
    r = _report(os.path.join(ops_corpus, "shapes.gfx942.ttgir"))
    assert r.returncode == 0, r.stderr
    assert "planned for gfx942" in r.stdout


def test_report_html_page(tmp_path):
    name = "gluon_memcpy_2d_inout.row_to_col.w4.sm90.ttgir"
    out = tmp_path / "r.html"
    r = _report(os.path.join(CORPUS, name), "--html", str(out))
    assert r.returncode == 0, r.stderr
    page = out.read_text()
    assert page.count("<svg") >= 3  # both layouts and the plan
    assert "03-matrix" not in page and "02-layouts.py" in page
    assert "http://" not in page.replace("http://www.w3.org", "")


def test_report_moves_masks_as_bytes_and_takes_high_ranks(tmp_path):
    """A mask (i1) conversion is planned as bytes, and tl.sort / tl.flip's
    rank-11 reshapes import (ops-corpus/masks_sort: Triton's own output)."""
    ops_corpus = os.path.join(os.path.dirname(CORPUS), "ops-corpus")
    path = os.path.join(ops_corpus, "masks_sort.sm90.ttgir")
    out = tmp_path / "k.mlir"
    r = _report(path, "--emit-mlir", str(out))
    assert r.returncode == 0, r.stderr
    assert "x 1-bit (moved as bytes)" in r.stdout
    ptx = ll.compile(out.read_text(), chip="sm_90")
    assert ".entry conv_0" in str(ptx)
    from ttgir_tools import run

    with open(path) as f:
        planned = run(["--ll-import-ttgir", "--ll-plan-conversions"], f.read())
    assert planned.returncode == 0, planned.stderr
    assert "xi1, #" in planned.stdout and "ll.plan = #ll.plan<" in planned.stdout


_TWO_CTAS = """\
#blocked = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1], CGALayout = [[0, 1]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[0, 1]], instrShape = [16, 32, 16]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%x: tensor<64x64xf16, #blocked>, %a: tensor<64x64xf16, #mma>) -> (tensor<64x64xf16, #blocked1>, tensor<64x64xf16, #blocked2>) {
    %0 = ttg.convert_layout %x : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %1 = ttg.convert_layout %a : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked2>
    tt.return %0, %1 : tensor<64x64xf16, #blocked1>, tensor<64x64xf16, #blocked2>
  }
}
"""


def test_report_keeps_the_rows_of_conversions_it_cannot_plan(tmp_path):
    """Two CTAs: the first conversion moves data between them (no plan: its
    row says why, stderr gives the location, exit 1); the second stays in
    each CTA and is planned. --emit-mlir notes that neither has a conv
    kernel (one CTA per block) instead of failing."""
    path = tmp_path / "two_ctas.ttgir"
    path.write_text(_TWO_CTAS)
    r = _report(
        str(path),
        "--emit-mlir",
        str(tmp_path / "k.mlir"),
        "--html",
        str(tmp_path / "r.html"),
    )
    assert r.returncode == 1
    assert f"{path}:7:10: error: the conversion moves data between CTAs" in r.stderr
    assert "plan: not planned: the conversion moves data between CTAs" in r.stdout
    assert "[1]" in r.stdout and "plan: shared_memory" in r.stdout
    assert r.stderr.count("no conv kernel") == 2 and "Traceback" not in r.stderr
    assert "not planned" in (tmp_path / "r.html").read_text()
    r = _report(str(path), "--json")
    rows = json.loads(r.stdout)
    assert [row["kind"] for row in rows] == ["error", "shared_memory"]
