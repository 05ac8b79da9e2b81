"""Layout families against Triton 3.6, plus validation and hand-checked tiles.

families_triton36.json is written by fixtures/generate_family_fixtures.py
under Triton 3.6: distributed layouts converted by Triton's
`to_linear_layout`, shared layouts read back from a 1-D `memdesc_reshape`
view (Triton 3.6's `to_linear_layout` aborts on shared encodings) and
cross-checked against their address formulas. These tests need no Triton.
"""

import collections
import dataclasses
import json
import os

import linear_layout as ll
import pytest

FIXTURE = os.path.join(os.path.dirname(__file__), "fixtures", "families_triton36.json")
with open(FIXTURE) as f:
    CASES = json.load(f)["cases"]


def make(desc):
    params = dict(desc["params"])
    if "parent" in params:
        params["parent"] = make(params["parent"])
    return getattr(ll, desc["family"])(**params)


def case_id(case):
    fam = case["layout"]["family"]
    if fam == "DotOperandLayout":
        fam += "-" + case["layout"]["params"]["parent"]["family"]
    return fam


def by_family():
    groups = collections.defaultdict(list)
    for case in CASES:
        groups[case_id(case)].append(case)
    return groups


GROUPS = by_family()


def test_fixture_covers_every_family():
    expected = {"BlockedLayout", "SliceLayout", "NvidiaMmaLayout", "AmdMfmaLayout", "AmdWmmaLayout",
                "SwizzledSharedLayout", "NvmmaSharedLayout", "DotOperandLayout-NvidiaMmaLayout",
                "DotOperandLayout-AmdMfmaLayout", "DotOperandLayout-AmdWmmaLayout",
                "DotOperandLayout-BlockedLayout"}
    assert expected <= set(GROUPS)
    assert len(CASES) >= 1000
    # Both mma versions, all mfma versions, all wmma versions appear.
    versions = collections.defaultdict(set)
    for case in CASES:
        p = case["layout"]["params"]
        if "version" in p:
            versions[case["layout"]["family"]].add(p["version"] if isinstance(p["version"], int) else p["version"][0])
    assert versions["NvidiaMmaLayout"] == {2, 3}
    assert versions["AmdMfmaLayout"] >= {2, 3, 4}
    assert versions["AmdWmmaLayout"] == {1, 2, 3}


@pytest.mark.parametrize("family", sorted(GROUPS))
def test_matches_triton(family):
    mismatches = []
    for case in GROUPS[family]:
        layout = make(case["layout"]).to_linear(case["shape"])
        got = {name: [list(b) for b in bases] for name, bases in layout.bases.items()}
        expected_ins = ["offset", "block"] if "offset" in case["bases"] else ["register", "lane", "warp", "block"]
        ok = (list(layout.in_dims) == expected_ins and got == case["bases"]
              and list(layout.out_dims) == [f"dim{i}" for i in range(len(case["shape"]))]
              and list(layout.out_dims.values()) == case["shape"])
        if not ok:
            mismatches.append((case["layout"], case["shape"], case["bases"], got))
    assert not mismatches, f"{len(mismatches)} of {len(GROUPS[family])} differ; first: {mismatches[0]}"


# ---------------------------------------------------------------------------
# Hand-checked tiles (formulas from the PTX / CDNA ISA documents, evaluated
# here element by element, not with the library).
# ---------------------------------------------------------------------------

def owner_map(layout, in_names):
    """For every input, the element it holds (via apply)."""
    result = {}
    sizes = [layout.in_dims[n] for n in in_names]

    def rec(i, acc):
        if i == len(in_names):
            out = layout.apply(dict(acc))
            result[tuple(v for _, v in acc)] = tuple(out.values())
            return
        for v in range(sizes[i]):
            rec(i + 1, acc + [(in_names[i], v)])

    rec(0, [])
    return result


def test_mma_v2_accumulator_is_ptx_fragment():
    # PTX mma.m16n8 f32 accumulator: c{i} of lane l is at
    # row = l // 4 + 8 * (i // 2), col = 2 * (l % 4) + i % 2.
    layout = ll.NvidiaMmaLayout(2, [1, 1], [16, 8]).to_linear([16, 8])
    for (reg, lane, _warp, _block), (row, col) in owner_map(layout, list(layout.in_dims)).items():
        assert row == lane // 4 + 8 * (reg // 2)
        assert col == 2 * (lane % 4) + reg % 2


def test_mma_v2_operand_a_is_ptx_fragment():
    # PTX mma.m16n8k16 f16 A fragment: a{i} of lane l is at
    # row = l // 4 + 8 * ((i // 2) % 2), col = 2 * (l % 4) + i % 2 + 8 * (i // 4).
    mma = ll.NvidiaMmaLayout(2, [1, 1], [16, 8])
    layout = ll.DotOperandLayout(0, mma, 2).to_linear([16, 16])
    for (reg, lane, _warp, _block), (row, col) in owner_map(layout, list(layout.in_dims)).items():
        assert row == lane // 4 + 8 * ((reg // 2) % 2)
        assert col == 2 * (lane % 4) + reg % 2 + 8 * (reg // 4)


def test_mfma_32x32_accumulator_is_cdna_layout():
    # CDNA3 ISA, v_mfma_f32_32x32x8: D[i] of lane l is at
    # row = (i % 4) + 4 * (l // 32) + 8 * (i // 4), col = l % 32.
    layout = ll.AmdMfmaLayout(3, [32, 32, 8], False, [1, 1]).to_linear([32, 32])
    for (reg, lane, _warp, _block), (row, col) in owner_map(layout, list(layout.in_dims)).items():
        assert row == reg % 4 + 4 * (lane // 32) + 8 * (reg // 4)
        assert col == lane % 32


def test_swizzled_shared_small_example():
    # vec=1, per_phase=1, max_phase=4 on 4x4: row r stores column c at
    # offset 4 r + (c ^ r).
    layout = ll.SwizzledSharedLayout(1, 1, 4, [1, 0]).to_linear([4, 4])
    for offset in range(16):
        row = offset // 4
        col = (offset % 4) ^ row
        assert layout.apply({"offset": offset, "block": 0}) == {"dim0": row, "dim1": col}


def test_nvmma_128b_swizzle_of_fp16():
    # 128-byte swizzle of 16-bit elements: rows of 64 elements, 16-byte
    # chunks (8 elements) of row r XORed with r % 8.
    layout = ll.NvmmaSharedLayout(128, 16).to_linear([8, 64])
    for offset in range(8 * 64):
        row, col = offset // 64, offset % 64
        chunk = (col // 8) ^ (row % 8)
        assert layout.apply({"offset": offset, "block": 0}) == {"dim0": row, "dim1": chunk * 8 + col % 8}


def test_smaller_shape_broadcasts_and_larger_repeats():
    blocked = ll.BlockedLayout([1, 1], [1, 32], [1, 1], [1, 0])
    small = blocked.to_linear([1, 8])
    assert small.bases["lane"] == [[0, 1], [0, 2], [0, 4], [0, 0], [0, 0]]
    assert not small.is_injective()
    large = blocked.to_linear([4, 64])
    # Repetition along order[0] (dim1) first, then dim0.
    assert large.bases["register"] == [[0, 32], [1, 0], [2, 0]]
    assert large.is_invertible()


def test_slice_of_blocked_drops_dim():
    parent = ll.BlockedLayout([1, 4], [4, 8], [2, 2], [1, 0])
    sliced = ll.SliceLayout(0, parent).to_linear([64])
    assert list(sliced.out_dims.items()) == [("dim0", 64)]
    # dim1 of the parent: 4 registers x 8 lanes x 2 warps = 64 exactly; the
    # lanes and warp along dim0 now hold copies.
    assert sliced.bases["register"] == [[1], [2]]
    assert sliced.bases["lane"] == [[4], [8], [16], [0], [0]]
    assert sliced.bases["warp"] == [[32], [0]]


# ---------------------------------------------------------------------------
# Parameter objects.
# ---------------------------------------------------------------------------

def test_parameter_objects_are_frozen_values():
    a = ll.BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[4, 8], warps_per_cta=[2, 2], order=[1, 0])
    b = ll.BlockedLayout((1, 4), (4, 8), (2, 2), (1, 0))
    assert a == b and hash(a) == hash(b)
    assert a != ll.BlockedLayout([1, 4], [4, 8], [2, 2], [0, 1])
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.order = (0, 1)
    assert a.rank == 2


@pytest.mark.parametrize("layout", [
    ll.BlockedLayout([1, 4], [4, 8], [2, 2], [1, 0]),
    ll.SliceLayout(1, ll.BlockedLayout([1, 4], [4, 8], [2, 2], [1, 0])),
    ll.NvidiaMmaLayout(3, [4, 1], [16, 64, 16]),
    ll.DotOperandLayout(1, ll.NvidiaMmaLayout(2, [2, 2], [16, 8]), 4),
    ll.AmdMfmaLayout(3, [32, 32, 8], True, [2, 2], element_bitwidth=64, tiles_per_warp=[2, 1]),
    ll.AmdWmmaLayout(3, False, [2, 2], instr_shape=[16, 16, 32]),
    ll.SwizzledSharedLayout(8, 1, 8, [1, 0]),
    ll.NvmmaSharedLayout(64, 16, transposed=True),
])
def test_repr_round_trips(layout):
    namespace = {name: getattr(ll, name) for name in ll.families.__all__}
    again = eval(repr(layout), namespace)
    assert again == layout
    assert repr(layout).startswith(type(layout).__name__ + "(")


BLOCKED = {"size_per_thread": [1, 4], "threads_per_warp": [4, 8],
           "warps_per_cta": [2, 2], "order": [1, 0]}
MMA2 = ll.NvidiaMmaLayout(2, [2, 2], [16, 8])
MMA3 = ll.NvidiaMmaLayout(3, [4, 1], [16, 64, 16])
MFMA = ll.AmdMfmaLayout(3, [32, 32, 8], False, [2, 2])
WMMA = ll.AmdWmmaLayout(2, False, [2, 2])


@pytest.mark.parametrize("make_layout, name", [
    (lambda: ll.BlockedLayout(**{**BLOCKED, "size_per_thread": [1, 3]}), "size_per_thread"),
    (lambda: ll.BlockedLayout(**{**BLOCKED, "threads_per_warp": [4, 3]}), "threads_per_warp"),
    (lambda: ll.BlockedLayout(**{**BLOCKED, "threads_per_warp": [4, 8, 1]}), "threads_per_warp"),
    (lambda: ll.BlockedLayout(**{**BLOCKED, "warps_per_cta": [3, 1]}), "warps_per_cta"),
    (lambda: ll.BlockedLayout(**{**BLOCKED, "order": [1, 1]}), "order"),
    (lambda: ll.BlockedLayout(**{**BLOCKED, "order": [0, 2]}), "order"),
    (lambda: ll.BlockedLayout([], [], [], []), "size_per_thread"),
    (lambda: ll.SliceLayout(2, ll.BlockedLayout(**BLOCKED)), "dim"),
    (lambda: ll.SliceLayout(-1, ll.BlockedLayout(**BLOCKED)), "dim"),
    (lambda: ll.SliceLayout(0, ll.BlockedLayout([4], [32], [1], [0])), "parent"),
    (lambda: ll.NvidiaMmaLayout(1, [2, 2], [16, 8]), "version"),
    (lambda: ll.NvidiaMmaLayout(2, [2, 2], [16, 16]), "instr_shape"),
    (lambda: ll.NvidiaMmaLayout(3, [4, 1], [16, 48, 16]), "instr_shape"),
    (lambda: ll.NvidiaMmaLayout(3, [4, 1], [16, 64]), "instr_shape"),
    (lambda: ll.NvidiaMmaLayout(2, [2, 3], [16, 8]), "warps_per_cta"),
    (lambda: ll.DotOperandLayout(2, MMA2, 2), "operand_index"),
    (lambda: ll.DotOperandLayout(0, MMA2, 3), "k_width"),
    (lambda: ll.DotOperandLayout(1, MMA3, 2), "operand_index"),
    (lambda: ll.DotOperandLayout(0, ll.BlockedLayout(**BLOCKED), 2), "k_width"),
    (lambda: ll.DotOperandLayout(0, WMMA, 2), "k_width"),
    (lambda: ll.DotOperandLayout(0, ll.SliceLayout(0, MMA2), 2), "parent"),
    (lambda: ll.AmdMfmaLayout(5, [32, 32, 8], False, [2, 2]), "version"),
    (lambda: ll.AmdMfmaLayout(3, [8, 8, 8], False, [2, 2]), "instr_shape"),
    (lambda: ll.AmdMfmaLayout(3, [64, 4, 4], False, [2, 2]), "transposed"),
    (lambda: ll.AmdMfmaLayout(3, [32, 32, 8], False, [2, 2], element_bitwidth=16), "element_bitwidth"),
    (lambda: ll.AmdMfmaLayout(3, [32, 32, 8], False, [2, 2], tiles_per_warp=[3, 1]), "tiles_per_warp"),
    (lambda: ll.AmdMfmaLayout(3, [32, 32, 8], False, [2]), "warps_per_cta"),
    (lambda: ll.AmdWmmaLayout(4, False, [2, 2]), "version"),
    (lambda: ll.AmdWmmaLayout(3, False, [2, 2]), "instr_shape"),
    (lambda: ll.SwizzledSharedLayout(3, 1, 1, [1, 0]), "vec"),
    (lambda: ll.SwizzledSharedLayout(1, 0, 1, [1, 0]), "per_phase"),
    (lambda: ll.SwizzledSharedLayout(1, 1, 6, [1, 0]), "max_phase"),
    (lambda: ll.SwizzledSharedLayout(1, 1, 1, [2, 0]), "order"),
    (lambda: ll.NvmmaSharedLayout(16, 16), "swizzle_bytes"),
    (lambda: ll.NvmmaSharedLayout(128, 12), "element_bits"),
    (lambda: ll.BlockedLayout(**BLOCKED).to_linear([16]), "shape"),
    (lambda: ll.BlockedLayout(**BLOCKED).to_linear([16, 24]), "shape"),
    (lambda: MFMA.to_linear([0, 16]), "shape"),
    (lambda: ll.NvmmaSharedLayout(128, 16).to_linear([64, 32]), "shape"),
    (lambda: ll.NvmmaSharedLayout(128, 16).to_linear([4, 64]), "shape"),
    (lambda: ll.NvmmaSharedLayout(64, 16, transposed=True).to_linear([128, 2, 4]), "shape"),
    (lambda: ll.SwizzledSharedLayout(1, 1, 1, [1, 0]).to_linear([8, 8, 8]), "shape"),
])
def test_invalid_value_names_parameter(make_layout, name):
    with pytest.raises(ValueError, match=name):
        make_layout()


@pytest.mark.parametrize("make_layout", [
    lambda: ll.BlockedLayout(1, [32], [1], [0]),
    lambda: ll.BlockedLayout([1.0], [32], [1], [0]),
    lambda: ll.BlockedLayout(["1"], [32], [1], [0]),
    lambda: ll.BlockedLayout([True], [32], [1], [0]),
    lambda: ll.SliceLayout(0, "blocked"),
    lambda: ll.SliceLayout(0.0, ll.BlockedLayout(**BLOCKED)),
    lambda: ll.DotOperandLayout(0, ll.NvmmaSharedLayout(0, 16), 2),
    lambda: ll.AmdMfmaLayout(3, [32, 32, 8], 1, [2, 2]),
    lambda: ll.AmdWmmaLayout(2, "no", [2, 2]),
    lambda: ll.NvmmaSharedLayout(128, 16, transposed=None),
    lambda: ll.SwizzledSharedLayout(1, 1, 1, "10"),
    lambda: ll.BlockedLayout(**BLOCKED).to_linear(16),
    lambda: ll.BlockedLayout(**BLOCKED).to_linear([16, "16"]),
])
def test_wrong_type_raises_type_error(make_layout):
    with pytest.raises(TypeError):
        make_layout()


def test_numpy_integers_are_accepted():
    np = pytest.importorskip("numpy")
    layout = ll.BlockedLayout(np.array([1, 4]), [np.int64(4), 8], [2, 2], [1, 0])
    assert layout.to_linear(np.array([16, 32])) == ll.BlockedLayout([1, 4], [4, 8], [2, 2], [1, 0]).to_linear([16, 32])


def test_huge_shapes_fail_cleanly():
    with pytest.raises(ValueError):
        ll.BlockedLayout(**BLOCKED).to_linear([2**40, 2**40])


def test_random_parameters_never_crash():
    """Mostly-plausible random parameters (some garbage mixed in): every
    outcome is a layout of the requested shape or a ValueError/TypeError."""
    import random

    rng = random.Random(7)
    garbage = [0, 3, -1, -4, 7, 2**31, 2**40, 2**62, 2**63 - 1]
    good = [1, 2, 4, 8, 16, 32]

    def value():
        return rng.choice(garbage) if rng.random() < 0.05 else rng.choice(good)

    def values(n=None):
        n = rng.choice([2, 2, 2, 3, 1, 0, 9]) if n is None else n
        return [value() for _ in range(n)]

    def distributed(depth=0):
        kind = rng.randrange(6 if depth < 2 else 4)
        if kind == 0:
            rank = rng.choice([1, 2, 2, 3])
            tpw = rng.choice({1: [[32], [64]], 2: [[4, 8], [8, 4], [1, 32], [8, 8]], 3: [[2, 4, 4], [1, 8, 4]]}[rank])
            order = list(range(rank))
            rng.shuffle(order)
            return ll.BlockedLayout(values(rank), tpw if rng.random() < 0.9 else values(),
                                    values(rank), order if rng.random() < 0.9 else values(rank))
        if kind == 1:
            return ll.NvidiaMmaLayout(rng.choice([1, 2, 3]), values(),
                                      rng.choice([[16, 8], [16, 64, 16], [16, 8, 8], [1, 16, 8]]))
        if kind == 2:
            return ll.AmdMfmaLayout(rng.choice([1, 2, 3, 4, 5]),
                                    rng.choice([[32, 32, 8], [16, 16, 16], [4, 64, 4], [64, 4, 4], values()]),
                                    rng.random() < 0.5, values(), rng.choice([32, 64, 0]),
                                    values() if rng.random() < 0.3 else None)
        if kind == 3:
            return ll.AmdWmmaLayout(rng.choice([0, 1, 2, 3]), rng.random() < 0.5, values(),
                                    rng.choice([[16, 16, 16], [16, 16, 32], [16, 16, 64]]),
                                    values() if rng.random() < 0.3 else None)
        if kind == 4:
            return ll.SliceLayout(parent=distributed(depth + 1), dim=rng.choice([0, 1, 2, -1]))
        return ll.DotOperandLayout(parent=distributed(depth + 1), operand_index=rng.choice([0, 1, 2]),
                                   k_width=rng.choice([0, 1, 2, 4, 8, 16, 3]))

    converted = 0
    for _ in range(3000):
        try:
            layout = distributed()
        except (ValueError, TypeError):
            continue
        shape = [rng.choice([1, 2, 8, 32, 128, 1024]) for _ in range(layout.rank)]
        if rng.random() < 0.1:
            shape = values()
        try:
            result = layout.to_linear(shape)
        except ValueError:
            continue
        assert list(result.out_dims.items()) == [(f"dim{i}", s) for i, s in enumerate(shape)]
        converted += 1
    assert converted > 500


def test_random_cga_layouts_never_crash():
    """Random (partly invalid) cga_layout bases on every family that takes
    them: a layout whose block bases Triton's rule gives, or a ValueError /
    TypeError naming cga_layout."""
    import random

    rng = random.Random(11)
    makers = [
        lambda cga: ll.BlockedLayout([1, 2], [4, 8], [2, 2], [1, 0], cga_layout=cga),
        lambda cga: ll.NVMMADistributedLayout([2, 0], [2, 2], [16, 8], cga_layout=cga),
        lambda cga: ll.AMDMFMALayout(3, [32, 32, 8], False, [2, 2], cga_layout=cga),
        lambda cga: ll.AMDWMMALayout(2, True, [2, 2], cga_layout=cga),
        lambda cga: ll.SwizzledSharedLayout(8, 1, 8, [1, 0], cga_layout=cga),
        lambda cga: ll.NVMMASharedLayout(128, 16, cga_layout=cga),
    ]
    values = [0, 0, 1, 2, 4, 8, 3, -1, 2**31, 2**62]
    built = 0
    for _ in range(1500):
        cga = [[rng.choice(values) for _ in range(rng.choice([2, 2, 2, 1, 3]))]
               for _ in range(rng.choice([0, 1, 2, 3, 4, 17]))]
        if rng.random() < 0.03:
            cga = rng.choice(["01", [1, 0], [["1", 0]], None, 5])
        make = rng.choice(makers)
        try:
            layout = make(cga)
            shape = [rng.choice([1, 2, 16, 64, 256]) for _ in range(2)]
            result = layout.to_linear(shape)
        except (ValueError, TypeError) as e:
            assert "cga_layout" in str(e) or "shape" in str(e) or "too small" in str(e), e
            continue
        assert list(result.out_dims.values()) == shape
        assert len(result.bases["block"]) == len(cga)
        built += 1
    assert built > 200


def test_cga_layout_of_a_dot_operand_is_its_parents():
    mma = ll.NVMMADistributedLayout([2, 0], [2, 2], [16, 8], cga_layout=[[1, 0], [0, 1]])
    a = ll.DotOperandLayout(0, mma, 2).to_linear([128, 128])
    b = ll.DotOperandLayout(1, mma, 2).to_linear([128, 128])
    # Along K the CTAs share the operand (Triton 3.6).
    assert a.bases["block"] == [[64, 0], [0, 0]]
    assert b.bases["block"] == [[0, 0], [0, 64]]
