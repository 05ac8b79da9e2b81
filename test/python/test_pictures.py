"""Pictures (docs/pictures.md): the SVG is rendered to pixels and checked for
what a person would check -- the colour of each cell is its owner's or its
bank's, labels agree with ``apply``, the red cells of an access are the
replays a brute-force bank simulator finds, and bad arguments are
ValueErrors rather than huge files."""

from __future__ import annotations

import io
import json
import os
import time
import xml.etree.ElementTree as ET

import linear_layout as ll
import numpy as np
import pytest
from linear_layout.pictures import _svg

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NS = "{http://www.w3.org/2000/svg}"

SHAPE = {"dim0": 16, "dim1": 32}


def seed_store():  # functions: no LinearLayout outlives the tests
    return ll.LinearLayout(
        {
            "register": [[1, 0], [2, 0], [4, 0], [8, 0]],
            "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]],
            "warp": [],
        },
        SHAPE,
    )


def seed_load():
    return ll.LinearLayout(
        {
            "register": [[0, 2], [0, 4], [0, 8], [0, 16]],
            "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]],
            "warp": [],
        },
        SHAPE,
    )


_N = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]
SEED_SWIZZLES = {
    "unswizzled": (_N + [[1, 0], [2, 0], [4, 0], [8, 0]], lambda m, n: 32 * m + n, 256),
    "XOR m": (_N + [[1, 1], [2, 2], [4, 4], [8, 8]], lambda m, n: 32 * m + (n ^ m), 32),
    "XOR 2m": (
        _N + [[1, 2], [2, 4], [4, 8], [8, 16]],
        lambda m, n: 32 * m + (n ^ (2 * m)),
        16,
    ),
}


def memory(bases, shape=SHAPE):
    return ll.LinearLayout({"offset": bases}, shape)


def render(svg: str) -> np.ndarray:
    pytest.importorskip("resvg_py", reason="PNG rendering needs resvg-py")
    image = pytest.importorskip("PIL.Image", reason="reading pixels needs Pillow")
    png = ll.pictures.render_png(svg)
    return np.asarray(image.open(io.BytesIO(png)).convert("RGB")).astype(int)


def cells(svg: str, key: str = "e"):
    """(rect attributes, [texts after it, up to the next rect]) in order."""
    root = ET.fromstring(svg)
    out = []
    for el in root.iter():
        if el.tag == NS + "rect" and el.get("data-" + key) is not None:
            out.append((el.attrib, []))
        elif el.tag == NS + "text" and out:
            out[-1][1].append(el.text)
    return out


def pixel(img, attrs, fx=0.5, fy=0.5):
    x = float(attrs["x"]) + fx * float(attrs["width"])
    y = float(attrs["y"]) + fy * float(attrs["height"])
    return img[int(y), int(x)]


def same_colour(rgb, colour: str, tol: int = 4) -> bool:
    return all(abs(int(a) - b) <= tol for a, b in zip(rgb, _svg.parse_hex(colour)))


def hw_of(attrs):
    block, warp, lane, reg = map(int, attrs["data-o"].split("."))
    return {"block": block, "warp": warp, "lane": lane, "register": reg}


def coords_of(attrs):
    return tuple(int(v) for v in attrs["data-e"].split(","))


def at(layout, hw):
    out = layout.apply({d: hw[d] for d in layout.in_dims})
    return tuple(int(out[d]) for d in layout.out_dims)


def two_warps():
    return ll.BlockedLayout([1, 2], [4, 8], [2, 1], [1, 0]).to_linear([16, 16])


def test_cell_colour_is_the_owners_warp_and_lane():
    svg = two_warps().to_svg(labels=False)
    img = render(svg)
    found = cells(svg)
    assert len(found) == 256
    for attrs, _ in found:
        hw = hw_of(attrs)
        assert same_colour(
            pixel(img, attrs), _svg.thread_colour(hw["warp"], hw["lane"], 32)
        )


def test_labels_match_apply_and_colour_survives_labels():
    svg = two_warps().to_svg()
    img = render(svg)
    owners = {}
    for w in range(2):
        for lane in range(32):
            for r in range(two_warps().in_dims["register"]):
                hw = {"register": r, "lane": lane, "warp": w, "block": 0}
                owners.setdefault(at(two_warps(), hw), hw)
    for attrs, texts in cells(svg):
        hw = hw_of(attrs)
        assert at(two_warps(), hw) == coords_of(attrs)
        assert owners[coords_of(attrs)] == hw  # the first owner is shown
        assert texts[:2] == [f"w{hw['warp']}", f"t{hw['lane']}:r{hw['register']}"]
        # Away from the label, the fill is the owner's colour.
        assert same_colour(
            pixel(img, attrs, 0.06, 0.5), _svg.thread_colour(hw["warp"], hw["lane"], 32)
        )


def test_one_warp_labels_have_no_warp():
    for attrs, texts in cells(seed_store().to_svg()):
        hw = hw_of(attrs)
        assert texts[0] == f"t{hw['lane']}:r{hw['register']}"
        assert at(seed_store(), hw) == coords_of(attrs)


def test_broadcast_counts_every_owner():
    # Lanes 0-3 broadcast: lane bits 2 and 3 are free.
    layout = ll.LinearLayout(
        {
            "register": [[0, 1]],
            "lane": [[1, 0], [2, 0], [0, 0], [0, 0], [4, 0]],
            "warp": [[0, 0]],
        },
        {"dim0": 8, "dim1": 2},
    )
    svg = layout.to_svg()
    for attrs, texts in cells(svg):
        assert int(attrs["data-n"]) == 8
        assert "×8" in texts
        assert attrs.get("stroke-dasharray")
    assert "broadcast" in svg


def test_zoom_to_the_first_repetition():
    layout = ll.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0]).to_linear([128, 128])
    svg = layout.to_svg()
    coords = [coords_of(a) for a, _ in cells(svg)]
    assert len(coords) == 32 * 16
    assert max(c[0] for c in coords) == 31 and max(c[1] for c in coords) == 15
    assert "repeats 4×8 times" in svg
    assert ll.pictures.zoom_box(layout, "repetition")[0] == {"dim0": 32, "dim1": 16}
    warp = layout.to_svg(zoom="warp")
    assert len(cells(warp)) == 8 * 16
    with pytest.raises(ValueError, match="max_cells"):
        layout.to_svg(zoom=None)


def test_huge_tile_is_refused_quickly_or_aggregated():
    layout = ll.BlockedLayout([4, 4], [8, 4], [4, 1], [1, 0]).to_linear([1024, 1024])
    start = time.perf_counter()
    with pytest.raises(ValueError, match="max_cells"):
        layout.to_svg(zoom=None)
    with pytest.raises(ValueError, match="zoom"):
        layout.to_svg(zoom="bogus")
    svg = layout.to_svg(zoom="aggregate")
    assert len(svg) < 1_000_000
    assert time.perf_counter() - start < 30
    with pytest.raises(ValueError, match="2\\^"):
        ll.LinearLayout.identity_1d(1 << 24, "register", "dim0").to_svg()


def test_higher_rank_draws_slices():
    layout = ll.BlockedLayout([1, 1, 2], [1, 4, 8], [2, 1, 1], [2, 1, 0]).to_linear(
        [2, 8, 16]
    )
    svg = layout.to_svg()
    coords = {coords_of(a) for a, _ in cells(svg)}
    assert len(coords) == 2 * 8 * 16
    assert "dim0 = 1" in svg
    for attrs, _ in cells(svg):
        assert at(layout, hw_of(attrs)) == coords_of(attrs)
    one_d = ll.SliceLayout(
        0, ll.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0])
    ).to_linear([64])
    assert len(cells(one_d.to_svg())) == 64


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown dimension"):
        two_warps().to_svg(rows="dim7")
    with pytest.raises(ValueError, match="input dimension"):
        ll.LinearLayout.identity_1d(8, "x", "dim0").to_svg()
    with pytest.raises(ValueError, match="memory layouts"):
        two_warps().to_svg(element_bits=16)
    with pytest.raises(ValueError, match="element_bits"):
        memory(SEED_SWIZZLES["XOR m"][0]).to_svg(element_bits=12)
    with pytest.raises(ValueError, match="png"):
        ll.pictures.save(two_warps(), "x.jpg")
    with pytest.raises(TypeError):
        ll.pictures.to_svg(42)
    with pytest.raises(ValueError, match="max_cells"):
        two_warps().to_svg(max_cells=0)
    with pytest.raises(ValueError, match="view"):
        two_warps().to_svg(view="memory")


def test_hardware_view_lists_what_apply_gives():
    text = ll.pictures.hardware_view(two_warps())
    lines = text.splitlines()
    assert lines[0] == "Warp0:"
    first = lines[1].split(": ", 1)[1]
    expect = ", ".join(
        "("
        + ",".join(
            map(str, at(two_warps(), {"register": r, "lane": 0, "warp": 0, "block": 0}))
        )
        + ")"
        for r in range(two_warps().in_dims["register"])
    )
    assert first == expect
    assert "Warp1:" in lines
    svg = two_warps().to_svg(view="hardware")
    assert "hardware view: 64 threads × 4 registers" in svg


@pytest.mark.parametrize("name", list(SEED_SWIZZLES))
def test_seed_memory_layouts(name):
    bases, offset_of, load = SEED_SWIZZLES[name]
    mem = memory(bases)
    svg = mem.to_svg(element_bits=32)
    img = render(svg)
    found = cells(svg)
    assert len(found) == 512
    for attrs, texts in found:
        m, n = coords_of(attrs)
        off = offset_of(m, n)
        assert int(attrs["data-off"]) == off
        assert texts[:2] == [str(off), f"b{off % 32}"]
        assert same_colour(pixel(img, attrs, 0.08, 0.5), _svg.bank_colour(off % 32, 32))
    store = ll.pictures.access_schedule(mem, seed_store(), 32, access="store")
    read = ll.pictures.access_schedule(mem, seed_load(), 32, access="load")
    assert (store.count.wavefronts, read.count.wavefronts) == (16, load)
    assert read.per_instruction == load // 16
    # The memory view: rows of 32 banks.
    rows = cells(mem.to_svg(element_bits=32, view="memory"), "off")
    assert len(rows) == 512
    for attrs, _ in rows:
        m, n = coords_of(attrs)
        assert offset_of(m, n) == int(attrs["data-off"])


def _oracle_replays(
    mem_bases,
    dist: ll.LinearLayout,
    element_bits,
    vector_bits,
    access,
    banks=32,
    warp_size=32,
):
    """Brute force, instruction 0 of warp 0: sum over phases and banks of
    (distinct words - 1), and the whole-tile wavefronts."""
    import bank_oracle

    sizes = list(dist.out_dims.values())
    d = bank_oracle.Distributed(dist.bases, sizes)
    total = sum(
        bank_oracle.simulate_wavefronts(
            mem_bases, d, element_bits, vector_bits, access, banks, warp_size
        )
    )
    offsets = bank_oracle.memory_offsets(mem_bases, sizes)
    vec_bytes = vector_bits // 8
    vec_elems = vector_bits // element_bits
    phases_log2 = max(0, (warp_size * vec_bytes // (banks * 4)).bit_length() - 1)
    lane_bits = warp_size.bit_length() - 1
    active = d.store_active() if access == "store" else d.load_active()

    def start_of(lane):
        off = offsets[int(d.element[0, lane, 0])]
        return (off // vec_elems) * vec_elems * element_bits // 8

    # Paired quarter phases (NVIDIA loads, docs/planning.md §3): half-warps
    # when every group of four lanes reads at most two vectors.
    if access == "load" and phases_log2 == 2 and warp_size == 32:
        groups = {}
        for lane in range(d.nlane):
            groups.setdefault(lane >> 2, set()).add(start_of(lane))
        if all(len(g) <= 2 for g in groups.values()):
            phases_log2 = 1
    per = {}
    for lane in range(d.nlane):
        if not active[0, lane, 0]:
            continue
        phase = lane >> (lane_bits - phases_log2) if phases_log2 else 0
        start = start_of(lane)
        for byte in range(start, start + vec_bytes):
            per.setdefault(phase, {}).setdefault(byte // 4 % banks, set()).add(
                byte // 4
            )
    replays = sum(len(ws) - 1 for banks_ in per.values() for ws in banks_.values())
    return replays, total


# The distributed layouts are made in the test (no LinearLayout outlives it).
ACCESS_CASES = [
    # 128-bit fp16 loads through a row-major 4x32 buffer whose groups of four
    # lanes read two vectors: half-warp phases (docs/planning.md §3), each
    # with two words in each of its banks (rows 0 and 2).
    (
        "paired quarter phases, conflicted",
        [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0]],
        lambda: ll.LinearLayout(
            {
                "register": [[0, 1], [0, 2], [0, 4], [0, 16]],
                "lane": [[2, 0], [0, 0], [0, 0], [0, 8], [1, 0]],
                "warp": [],
            },
            {"dim0": 4, "dim1": 32},
        ),
        16,
        128,
        "load",
    ),
    (
        "seed unswizzled load",
        SEED_SWIZZLES["unswizzled"][0],
        seed_load,
        32,
        32,
        "load",
    ),
    ("seed XOR m load", SEED_SWIZZLES["XOR m"][0], seed_load, 32, 32, "load"),
    ("seed XOR 2m load", SEED_SWIZZLES["XOR 2m"][0], seed_load, 32, 32, "load"),
    (
        "seed unswizzled store",
        SEED_SWIZZLES["unswizzled"][0],
        seed_store,
        32,
        32,
        "store",
    ),
    # 64-bit vectors of fp16 down the columns, four warps, a column-major
    # buffer: lanes along dim1 land 64 elements apart, in the same bank.
    (
        "fp16 vectors",
        [
            [1, 0],
            [2, 0],
            [4, 0],
            [8, 0],
            [16, 0],
            [32, 0],
            [0, 1],
            [0, 2],
            [0, 4],
            [0, 8],
            [0, 16],
            [0, 32],
        ],
        lambda: ll.BlockedLayout([4, 1], [4, 8], [2, 2], [0, 1]).to_linear([64, 64]),
        16,
        64,
        "load",
    ),
]


@pytest.mark.parametrize("case", ACCESS_CASES, ids=[c[0] for c in ACCESS_CASES])
def test_red_cells_are_the_simulators_replays(case):
    _, bases, make_dist, bits, vbits, access = case
    dist = make_dist()
    mem = memory(bases, dict(dist.out_dims))
    svg = ll.pictures.access_svg(mem, dist, bits, vbits, access=access)
    img = render(svg)
    slots = cells(svg, "bank")
    red = sum(same_colour(pixel(img, a, 0.1, 0.15), _svg.CONFLICT) for a, _ in slots)
    replays, total = _oracle_replays(bases, dist, bits, vbits, access)
    schedule = ll.pictures.access_schedule(mem, dist, bits, vbits, access=access)
    assert red == replays == schedule.conflicts
    assert (
        schedule.count.wavefronts
        == total
        == ll.wavefronts(mem, dist, bits, vbits, access=access)
    )
    assert f"= {total} wavefronts" in svg
    # Every lane of instruction 0 appears once per word it touches.
    seen = sorted(int(x) for a, _ in slots for x in a["data-lanes"].split())
    assert seen == sorted(
        lane for lane, words in schedule.lane_words.items() for _ in words
    )


def test_bank_conflicts_out_of_range_vectors_are_value_errors():
    mem = memory(SEED_SWIZZLES["XOR m"][0])
    with pytest.raises(ValueError):
        ll.pictures.access_svg(mem, seed_load(), 32, 128)
    with pytest.raises(ValueError, match="access"):
        ll.pictures.access_svg(mem, seed_load(), 32, access="both")


def test_shared_memory_plan_picture():
    plan = ll.plan_conversion(seed_store(), seed_load(), 32, allow_matrix=False)
    svg = plan.to_svg()
    assert "store (st.shared" in svg and "load (ld.shared" in svg
    assert "the chosen memory layout" in svg
    ET.fromstring(svg)
    # The memory layout drawn is the plan's.
    offs = {coords_of(a): int(a["data-off"]) for a, _ in cells(svg) if "data-off" in a}
    inv = plan.memory_layout.invert()
    for (m, n), off in offs.items():
        assert int(inv.apply({"dim0": m, "dim1": n})["offset"]) == off
    matrix = ll.plan_conversion(seed_store(), seed_load(), 32)
    assert "ldmatrix" in matrix.to_svg()


def test_shuffle_plan_picture_has_one_arrow_per_receiving_lane():
    corpus = {c["name"]: c for c in _corpus()}
    c = corpus["intrawarp_4x8_to_8x4_32x32_fp32_w1"]
    shape = {f"dim{i}": s for i, s in enumerate(c["shape"])}
    plan = ll.plan_conversion(
        ll.LinearLayout(c["A"], shape), ll.LinearLayout(c["B"], shape), 32
    )
    assert plan.kind == "shuffle"
    root = ET.fromstring(plan.to_svg())
    arrows = [
        (int(e.get("data-round")), int(e.get("data-src")), int(e.get("data-dst")))
        for e in root.iter(NS + "line")
        if e.get("data-round") is not None
    ]
    expect = [
        (k, s, lane)
        for k in range(min(plan.shuffle.rounds, 16))
        for lane, s in enumerate(plan.shuffle.src_lane[k])
        if s >= 0
    ]
    assert arrows == expect


def test_registers_and_noop_plan_pictures():
    corpus = {c["name"]: c for c in _corpus()}
    c = corpus["register_permutation_64x16_fp32_w4"]
    shape = {f"dim{i}": s for i, s in enumerate(c["shape"])}
    plan = ll.plan_conversion(
        ll.LinearLayout(c["A"], shape), ll.LinearLayout(c["B"], shape), 32
    )
    root = ET.fromstring(plan.to_svg())
    moves = [
        (int(e.get("data-src")), int(e.get("data-dst")))
        for e in root.iter(NS + "line")
        if e.get("data-src") is not None
    ]
    assert moves == [(s, r) for r, s in enumerate(plan.register_sources)]
    noop = ll.plan_conversion(seed_store(), seed_store(), 32)
    assert "no data moves" in noop.to_svg()


def test_png_and_notebook_hooks(tmp_path):
    pytest.importorskip("resvg_py")
    path = tmp_path / "rows.png"
    seed_store().save_picture(path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ll.plan_conversion(seed_store(), seed_load(), 32).save_picture(
        tmp_path / "plan.svg"
    )
    assert (tmp_path / "plan.svg").read_text().startswith("<svg")
    assert seed_store()._repr_svg_().startswith("<svg")
    assert (
        ll.plan_conversion(seed_store(), seed_load(), 32)
        ._repr_svg_()
        .startswith("<svg")
    )
    big = ll.BlockedLayout([4, 4], [8, 4], [4, 1], [1, 0]).to_linear([1024, 1024])
    assert big._repr_svg_().startswith("<svg")  # zoomed, not refused


def _corpus():
    with open(os.path.join(ROOT, "bench", "corpus.json")) as f:
        return json.load(f)


@pytest.mark.parametrize("case", _corpus(), ids=lambda c: c["name"])
def test_every_corpus_case_draws_in_under_a_second(case):
    shape = {f"dim{i}": s for i, s in enumerate(case["shape"])}
    bits = {"fp32": 32, "fp16": 16, "bf16": 16, "fp8": 8}[case["dtype"]]
    a = ll.LinearLayout(case["A"], shape)
    b = ll.LinearLayout(case["B"], shape)
    plan = ll.plan_conversion(a, b, bits)
    for draw in (a.to_svg, b.to_svg, plan.to_svg):
        start = time.perf_counter()
        svg = draw()
        assert time.perf_counter() - start < 1.0
        assert len(svg) < 3_000_000
        ET.fromstring(svg)


def test_hardware_view_agrees_with_triton():
    """Triton prints, per warp, one line per register listing every lane's
    element; ours lists, per thread, every register's element."""
    tl = pytest.importorskip("triton._C.libtriton.linear_layout")
    layout = ll.NvidiaMmaLayout(2, [2, 1], [16, 8]).to_linear([32, 16])
    theirs = tl.LinearLayout.from_bases(
        [(d, layout.bases.get(d, [])) for d in ("register", "lane", "warp", "block")],
        list(layout.out_dims),
    ).get_distributed_view(True)
    warps, current = [], None
    for line in theirs.splitlines():
        if line.startswith("Warp"):
            current = []
            warps.append(current)
        elif line.strip():
            current.append(
                [tuple(map(int, c.split(","))) for c in line.strip("() ").split("), (")]
            )
    for b, w, lane, coords in ll.pictures._layouts.hardware_rows(layout):
        assert coords == [warps[w][r][lane] for r in range(len(coords))]


_HUNT_D = ll.LinearLayout(
    {
        "register": [[0, 1], [0, 2]],
        "lane": [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]],
        "warp": [[4, 0], [8, 0]],
        "block": [],
    },
    {"dim0": 16, "dim1": 32},
)
_HUNT_M = ll.LinearLayout.from_mlir(
    "#ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], "
    "[2, 8], [4, 16], [8, 0]]} -> {dim0 = 16, dim1 = 32}>"
)


@pytest.mark.parametrize(
    "call,error,message",
    [
        (lambda P: P.render_png("<svg></svg>"), ValueError, "no width and height"),
        (lambda P: P.render_png("garbage"), ValueError, "not SVG text"),
        (
            lambda P: P.render_png('<svg width="9" height="9"/>', scale=-1),
            ValueError,
            "scale",
        ),
        (lambda P: P.to_svg(_HUNT_D, title=5), TypeError, "title"),
        (lambda P: P.to_svg(_HUNT_D, labels=5), TypeError, "labels"),
        (lambda P: P.hardware_view(5), TypeError, "LinearLayout"),
        (lambda P: P.plan_svg(None), TypeError, "ConversionPlan"),
        (
            lambda P: P.plan_svg(ll.plan_gather(_HUNT_D, _HUNT_D, 0, 32)),
            TypeError,
            "ConversionPlan",
        ),
        # An option the view does not draw is refused, not dropped.
        (
            lambda P: P.to_svg(_HUNT_D, view="hardware", rows="dim9"),
            ValueError,
            "tensor view",
        ),
        (
            lambda P: P.to_svg(_HUNT_M, view="memory", rows="dim9"),
            ValueError,
            "tensor view",
        ),
        (
            lambda P: P.plan_svg(
                ll.plan_conversion(_HUNT_D, _HUNT_D, 32), max_rounds=-1
            ),
            ValueError,
            "max_rounds",
        ),
        (
            lambda P: P.access_svg(_HUNT_M, _HUNT_D, 32, max_rows=2.5),
            TypeError,
            "max_rows",
        ),
    ],
)
def test_bad_picture_arguments_are_type_or_value_errors(call, error, message):
    from linear_layout import pictures

    with pytest.raises(error, match=message):
        call(pictures)


def test_render_png_sizes_svg_by_its_attributes_or_viewbox():
    from linear_layout.pictures._plans import _size

    assert _size("<svg width='12' height=\"7.5\">") == (12, 8)
    assert _size('<?xml version="1.0"?>\n<svg viewBox="0 0 30 20">') == (30, 20)


@pytest.mark.parametrize(
    "args,message",
    [
        (["--through", "M", "--element-bits", "0"], "element_bits"),
        (["--target", "sm_0"], "--target does not apply to a distributed layout"),
        (["--access", "store"], "--access does not apply without --through"),
        (["--view", "text", "--max-cells", "-5"], "--max-cells does not apply"),
        (["--through", "M", "--zoom", "warp"], "--zoom does not apply"),
    ],
)
def test_show_refuses_options_it_would_not_use(args, message):
    import subprocess
    import sys

    memory = (
        "#ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], "
        "[2, 8], [4, 16], [8, 0]]} -> {dim0 = 16, dim1 = 32}>"
    )
    layout = (
        "#ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], "
        "[0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []} -> "
        "{dim0 = 16, dim1 = 32}>"
    )
    args = [memory if a == "M" else a for a in args]
    proc = subprocess.run(
        [sys.executable, "-m", "linear_layout", "show", layout, *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 1 and message in proc.stderr, proc.stderr
