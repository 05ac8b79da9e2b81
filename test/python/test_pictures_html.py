"""The HTML report page and the show/explain commands (docs/pictures.md).

The page is opened in headless Chromium (Debian's ``chromium`` package;
skipped where it is absent): it must load without console messages and
its screenshot must not be blank."""

from __future__ import annotations

import html
import io
import re
import shutil
import subprocess
import sys

import linear_layout as ll
import numpy as np
import pytest
from linear_layout.__main__ import main
from linear_layout.pictures.html_report import (
    ReportConversion,
    html_report,
    write_html_report,
)

BLOCKED = ll.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0])
COLUMNS = ll.BlockedLayout([4, 1], [4, 8], [1, 4], [0, 1])
MMA = ll.NvidiaMmaLayout(2, [4, 1], [16, 8])


def conversions():
    return [
        ReportConversion(
            BLOCKED.to_linear([64, 64]),
            COLUMNS.to_linear([64, 64]),
            16,
            "kernel.ttgir:12:10",
            "%1 = ttg.convert_layout %0",
        ),
        ReportConversion(
            MMA.to_linear([64, 64]),
            BLOCKED.to_linear([64, 64]),
            32,
            "kernel.ttgir:20:3",
        ),
        ReportConversion(
            BLOCKED.to_linear([64, 64]),
            BLOCKED.to_linear([64, 64]),
            32,
            "kernel.ttgir:31:7",
        ),
    ]


def test_page_is_self_contained_with_a_section_per_conversion():
    page = html_report(conversions(), title="kernel")
    assert page.startswith("<!DOCTYPE html>")
    assert "<script" not in page
    # No network: the only URL is the SVG namespace.
    assert set(re.findall(r"https?://[^\s\"'<>]+", page)) == {
        "http://www.w3.org/2000/svg"
    }
    for k, where in enumerate(
        ["kernel.ttgir:12:10", "kernel.ttgir:20:3", "kernel.ttgir:31:7"], 1
    ):
        assert f'<h2 id="c{k}">{k}. {where}</h2>' in page
    assert page.count("<figcaption>source layout</figcaption>") == 3
    assert page.count("<figcaption>the plan</figcaption>") == 3
    assert "%1 = ttg.convert_layout %0" in page
    assert "no data moves" in page  # the noop conversion
    plan = ll.plan_conversion(
        BLOCKED.to_linear([64, 64]), COLUMNS.to_linear([64, 64]), 16
    )
    assert html.escape(plan.explain()) in page
    with pytest.raises(TypeError):
        html_report([42])
    assert "no layout conversions" in html_report([])


def test_page_opens_in_headless_chromium(tmp_path):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium)")
    image = pytest.importorskip("PIL.Image")
    page = tmp_path / "report.html"
    write_html_report(conversions(), page)
    shot = tmp_path / "shot.png"
    run = subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--enable-logging=stderr",
            "--v=0",
            f"--screenshot={shot}",
            "--window-size=1200,900",
            page.as_uri(),
        ],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    console = [line for line in run.stderr.splitlines() if ":CONSOLE" in line]
    assert console == []
    assert shot.exists(), run.stderr[-2000:]
    pixels = np.asarray(image.open(io.BytesIO(shot.read_bytes())).convert("RGB"))
    colours = np.unique(pixels.reshape(-1, 3), axis=0)
    assert len(colours) > 20  # text, tables and coloured cells, not a blank page
    assert (pixels < 250).any(axis=2).mean() > 0.05


SPEC = "BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0])"


def test_show_writes_svg_and_png(tmp_path, capsys):
    assert main(["show", SPEC, "--shape", "32x16"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("<svg") and "t31:r3" in out
    mlir = BLOCKED.to_linear([32, 16]).to_mlir()
    assert main(["show", mlir, "-o", str(tmp_path / "a.svg")]) == 0
    assert (tmp_path / "a.svg").read_text() == out
    (tmp_path / "layout.txt").write_text(mlir)
    assert main(["show", "@" + str(tmp_path / "layout.txt"), "--view", "text"]) == 0
    assert capsys.readouterr().out == ll.pictures.hardware_view(
        BLOCKED.to_linear([32, 16])
    )
    assert (
        main(
            [
                "show",
                "SwizzledSharedLayout(4, 1, 8, [1, 0])",
                "--shape",
                "32x32",
                "--element-bits",
                "16",
            ]
        )
        == 0
    )
    assert "bank" in capsys.readouterr().out
    pytest.importorskip("resvg_py")
    assert main(["show", SPEC, "--shape", "32x16", "-o", str(tmp_path / "a.png")]) == 0
    assert (tmp_path / "a.png").read_bytes()[:4] == b"\x89PNG"


def test_show_access_through_a_memory_layout(capsys):
    cols = (
        "#ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], "
        "[2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []} -> {dim0 = 16, dim1 = 32}>"
    )
    unswizzled = ll.LinearLayout(
        {
            "offset": [
                [0, 1],
                [0, 2],
                [0, 4],
                [0, 8],
                [0, 16],
                [1, 0],
                [2, 0],
                [4, 0],
                [8, 0],
            ]
        },
        {"dim0": 16, "dim1": 32},
    ).to_mlir()
    assert main(["show", cols, "--through", unswizzled, "--access", "load"]) == 0
    assert "= 256 wavefronts" in capsys.readouterr().out


def test_explain_prints_and_draws(tmp_path, capsys):
    args = [
        "explain",
        SPEC,
        "BlockedLayout([4, 1], [4, 8], [1, 4], [0, 1])",
        "--shape",
        "64x64",
        "--element-bits",
        "16",
        "--svg",
        str(tmp_path / "p.svg"),
        "--html",
        str(tmp_path / "p.html"),
    ]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert out.startswith("Conversion plan: shared_memory")
    assert (tmp_path / "p.svg").read_text().startswith("<svg")
    assert "<h2" in (tmp_path / "p.html").read_text()


@pytest.mark.parametrize(
    "args, message",
    [
        (["show", "BlockedLayout([1], [32], [1], [0])"], "needs --shape"),
        (["show", "#ttg.blocked<{sizePerThread = [1]}>"], "needs --shape"),
        (
            ["show", "__import__('os').system('true')", "--shape", "4"],
            "unknown layout family",
        ),
        (
            ["show", "BlockedLayout([1], [32], [1], [0])", "--shape", "12"],
            "powers of two",
        ),
        (["show", SPEC, "--shape", "1024x1024", "--zoom", "full"], "max_cells"),
        (["show", SPEC, "--shape", "32x16", "-o", "x.gif"], ".svg or .png"),
        (["explain", SPEC, "nonsense(", "--shape", "32x16"], "cannot read layout"),
    ],
)
def test_command_errors_are_one_line(args, message, capsys):
    assert main(args) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err


TTG_BLOCKED = (
    "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], "
    "warpsPerCTA = [4, 1], order = [1, 0]}>"
)


def test_show_reads_ttg_encodings(capsys):
    assert main(["show", TTG_BLOCKED, "--shape", "32x16", "--view", "text"]) == 0
    assert capsys.readouterr().out == ll.pictures.hardware_view(
        BLOCKED.to_linear([32, 16])
    )
    assert main(["explain", TTG_BLOCKED, SPEC, "--shape", "32x16"]) == 0
    assert capsys.readouterr().out.startswith("Conversion plan: noop")


def test_layout_parser_hook():
    from linear_layout.pictures import cli

    seen = []

    def parser(text, shape):
        seen.append((text, shape))
        return BLOCKED.to_linear(shape)

    cli.register_layout_parser("#my.", parser)
    try:
        layout = cli.parse_layout("#my.blocked<{}>", [32, 16])
    finally:
        del cli.LAYOUT_PARSERS["#my."]
    assert layout == BLOCKED.to_linear([32, 16])
    assert seen == [("#my.blocked<{}>", [32, 16])]


def test_command_line_entry_point():
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "linear_layout",
            "show",
            SPEC,
            "--shape",
            "32x16",
            "--view",
            "text",
        ],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Warp0:\n  T0: (0,0), (0,1), (0,2), (0,3)")


def test_page_takes_conversions_as_the_ttgir_import_gives_them():
    """Objects with src, dst, element_bits, location, shape and a
    plan(target) method (ll.from_ttgir's) are accepted; the source line is
    quoted from the kernel's text."""
    from types import SimpleNamespace

    src, dst = BLOCKED.to_linear([64, 64]), COLUMNS.to_linear([64, 64])
    targets = []

    def plan(target):
        targets.append(target)
        return ll.plan_conversion(src, dst, 16, target)

    conversion = SimpleNamespace(
        src=src,
        dst=dst,
        element_bits=16,
        location="k.ttgir:2:10",
        shape=[64, 64],
        plan=plan,
    )
    source = (
        "module {\n  %1 = ttg.convert_layout %0 : tensor<64x64xf16, #a> -> ...\n}\n"
    )
    page = html_report([conversion], target="sm_80", source=source)
    assert targets == ["sm_80"]
    assert (
        "<pre>%1 = ttg.convert_layout %0 : tensor&lt;64x64xf16, #a&gt; -&gt; ...</pre>"
        in page
    )
    assert "k.ttgir:2:10" in page
    # A location in another file quotes nothing from this one.
    other = html_report([conversion], source=source, source_name="other.ttgir")
    assert "<pre>%1" not in other
    named = html_report([conversion], source=source, source_name="k.ttgir")
    assert "<pre>%1 = ttg.convert_layout" in named
