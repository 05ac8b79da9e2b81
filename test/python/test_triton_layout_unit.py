"""Triton's own layout unit tests, translated to linear_layout's API.

The cases and their expected bases are transcribed from Triton's C++ unit
tests (unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp and
unittest/Tools/LinearLayoutTest.cpp in triton-lang/triton). Those tests
describe CTA distributions as CTALayoutAttr(CTAsPerCGA, CTASplitNum,
CTAOrder); `cga` below turns that into Triton 3.6's `cga_layout` bases the
way Triton builds its CGA layout (per dimension in CTAOrder: the split bits,
then zero bases for the CTAs that hold copies).

Layouts are given as (Gluon class name, args, kwargs): linear_layout's
classes take Gluon's signatures verbatim, so when Triton is importable every
case is also converted by Triton 3.6 itself and compared.
"""

import math

import linear_layout as ll
import pytest

try:  # Triton 3.6 as a second oracle when installed; CI has none.
    import triton.experimental.gluon.language as ttgl
    from triton._C.libtriton import gluon_ir, ir
    from triton.experimental.gluon.language import amd as ttgl_amd
except ImportError:  # pragma: no cover - depends on the environment
    ttgl = None


def cga(ctas_per_cga, cta_split, cta_order):
    """CTALayoutAttr(ctas_per_cga, cta_split, cta_order) as cga_layout bases."""
    rank = len(ctas_per_cga)
    bases = []
    for dim in cta_order:
        split = cta_split[dim]
        for bit in range(int(math.log2(split))):
            bases.append([1 << bit if d == dim else 0 for d in range(rank)])
        bases.extend(
            [0] * rank for _ in range(int(math.log2(ctas_per_cga[dim] // split)))
        )
    return bases


def blocked(spt, tpw, wpc, order, cpg=None, split=None, cord=None):
    kwargs = {} if cpg is None else {"cga_layout": cga(cpg, split, cord)}
    return ("BlockedLayout", (spt, tpw, wpc, order), kwargs)


def mma(major, instr, warps, cpg=None, split=None, cord=None):
    kwargs = {} if cpg is None else {"cga_layout": cga(cpg, split, cord)}
    return ("NVMMADistributedLayout", ([major, 0], warps, instr), kwargs)


def build(desc, module):
    name, args, kwargs = desc
    args = [
        build(a, module)
        if isinstance(a, tuple) and len(a) == 3 and isinstance(a[0], str)
        else a
        for a in args
    ]
    return getattr(module, name)(*args, **kwargs)


def bases_of(layout):
    return {name: [list(b) for b in bases] for name, bases in layout.bases.items()}


_TRITON = {}


def triton_bases(desc, shape):
    if "builder" not in _TRITON:
        ctx = ir.context()
        ir.load_dialects(ctx)
        _TRITON["ctx"] = ctx
        _TRITON["builder"] = gluon_ir.GluonOpBuilder(ctx)
    builder = _TRITON["builder"]

    class Namespace:
        def __getattr__(self, name):
            return (
                getattr(ttgl, name) if hasattr(ttgl, name) else getattr(ttgl_amd, name)
            )

    layout = build(desc, Namespace())
    dll = builder.to_linear_layout(layout._to_ir(builder), list(shape))
    return {
        "register": dll.reg_bases,
        "lane": dll.lane_bases,
        "warp": dll.warp_bases,
        "block": dll.block_bases,
    }


def R(register, lane, warp, block):
    """Bases of the four input dimensions of a distributed layout."""
    return {"register": register, "lane": lane, "warp": warp, "block": block}


# LinearLayoutConversionsTest.cpp: (test name, layout, shape, expected).
CONVERSIONS = [
    (
        "SimpleBlocked",
        blocked([1], [4], [4], [0]),
        [16],
        R([], [[1], [2]], [[4], [8]], []),
    ),
    (
        "CTADuplication",
        blocked([1], [4], [4], [0], [4], [2], [0]),
        [32],
        R([], [[1], [2]], [[4], [8]], [[16], [0]]),
    ),
    (
        "CTABroadcast",
        blocked([8, 1], [8, 4], [1, 4], [0, 1], [1, 2], [1, 2], [1, 0]),
        [64, 128],
        R(
            [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]],
            [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]],
            [[0, 4], [0, 8]],
            [[0, 64]],
        ),
    ),
    (
        "ShapeLargerThanLayout",
        blocked([1], [4], [4], [0]),
        [128],
        R([[16], [32], [64]], [[1], [2]], [[4], [8]], []),
    ),
    (
        "ShapeLargerThanLayout2DDegenerate",
        blocked([1, 1], [4, 1], [4, 1], [0, 1]),
        [128, 1],
        R([[16, 0], [32, 0], [64, 0]], [[1, 0], [2, 0]], [[4, 0], [8, 0]], []),
    ),
    (
        "ShapeSmallerThanLayout",
        blocked([4], [4], [4], [0]),
        [8],
        R([[1], [2]], [[4], [0]], [[0], [0]], []),
    ),
    (
        "ReversedOrder",
        blocked([1, 1], [32, 1], [1, 8], [0, 1]),
        [1, 64],
        R([[0, 8], [0, 16], [0, 32]], [[0, 0]] * 5, [[0, 1], [0, 2], [0, 4]], []),
    ),
    (
        "ReplicateInRegisterDim",
        blocked([2], [4], [1], [0]),
        [32],
        R([[1], [8], [16]], [[2], [4]], [], []),
    ),
    (
        "OneDimTooLargeAnotherTooSmall",
        blocked([1, 4], [8, 4], [4, 1], [1, 0], [2, 2], [2, 1], [1, 0]),
        [128, 16],
        R(
            [[0, 1], [0, 2], [32, 0]],
            [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]],
            [[8, 0], [16, 0]],
            [[0, 0], [64, 0]],
        ),
    ),
    (
        "RepeatInCTGDimFirst",
        blocked([1], [1], [4], [0], [2], [2], [0]),
        [4],
        R([], [], [[1], [0]], [[2]]),
    ),
    (
        "SmallerThanCTALayout",
        blocked([1], [1], [1], [0], [4], [4], [0]),
        [2],
        R([], [], [], [[1], [0]]),
    ),
    (
        "Skinny",
        blocked([8, 1], [8, 4], [1, 4], [0, 1], [1, 2], [1, 2], [0, 1]),
        [64, 1],
        R(
            [[1, 0], [2, 0], [4, 0]],
            [[8, 0], [16, 0], [32, 0], [0, 0], [0, 0]],
            [[0, 0], [0, 0]],
            [[0, 0]],
        ),
    ),
    (
        "BlockedOrder",
        blocked([2, 2], [4, 8], [2, 2], [1, 0], [2, 2], [2, 2], [1, 0]),
        [1024, 128],
        R(
            [[0, 1], [1, 0], [0, 32], [16, 0], [32, 0], [64, 0], [128, 0], [256, 0]],
            [[0, 2], [0, 4], [0, 8], [2, 0], [4, 0]],
            [[0, 16], [8, 0]],
            [[0, 64], [512, 0]],
        ),
    ),
    (
        "Blocked4D",
        blocked([1, 1, 1, 4], [2, 1, 1, 16], [1, 2, 4, 1], [3, 0, 1, 2]),
        [2, 1, 1, 1],
        R(
            [[0, 0, 0, 0]] * 2,
            [[0, 0, 0, 0]] * 4 + [[1, 0, 0, 0]],
            [[0, 0, 0, 0]] * 3,
            [],
        ),
    ),
    (
        "MMAv2_32x32",
        mma(2, [16, 8], [1, 1]),
        [32, 32],
        R(
            [[0, 1], [8, 0], [0, 8], [0, 16], [16, 0]],
            [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
            [],
            [],
        ),
    ),
    (
        "MMAv2_ExtendDim2",
        mma(2, [16, 8], [1, 1]),
        [16, 128],
        R(
            [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64]],
            [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
            [],
            [],
        ),
    ),
    (
        "MMAv2_Cga",
        mma(2, [1, 16, 8], [16, 1, 1], [4, 2, 2], [4, 2, 1], [2, 1, 0]),
        [64, 128, 128],
        R(
            [
                [0, 0, 1],
                [0, 8, 0],
                [0, 0, 8],
                [0, 0, 16],
                [0, 0, 32],
                [0, 0, 64],
                [0, 16, 0],
                [0, 32, 0],
            ],
            [[0, 0, 2], [0, 0, 4], [0, 1, 0], [0, 2, 0], [0, 4, 0]],
            [[1, 0, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0]],
            [[0, 0, 0], [0, 64, 0], [16, 0, 0], [32, 0, 0]],
        ),
    ),
    (
        "MMAv2_Small3D",
        mma(2, [1, 16, 8], [16, 1, 1], [4, 2, 2], [4, 2, 1], [2, 1, 0]),
        [1, 128, 128],
        R(
            [
                [0, 0, 1],
                [0, 8, 0],
                [0, 0, 8],
                [0, 0, 16],
                [0, 0, 32],
                [0, 0, 64],
                [0, 16, 0],
                [0, 32, 0],
            ],
            [[0, 0, 2], [0, 0, 4], [0, 1, 0], [0, 2, 0], [0, 4, 0]],
            [[0, 0, 0]] * 4,
            [[0, 0, 0], [0, 64, 0], [0, 0, 0], [0, 0, 0]],
        ),
    ),
    (
        "MMAv3_64x16[16,16,8]",
        mma(3, [16, 16, 8], [4, 1]),
        [64, 16],
        R(
            [[0, 1], [8, 0], [0, 8]],
            [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
            [[16, 0], [32, 0]],
            [],
        ),
    ),
    (
        "MMAv3_64x16[16,8,8]",
        mma(3, [16, 8, 8], [4, 1]),
        [64, 16],
        R(
            [[0, 1], [8, 0], [0, 8]],
            [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
            [[16, 0], [32, 0]],
            [],
        ),
    ),
    (
        "MMAv3_128x16",
        mma(3, [16, 16, 8], [4, 1]),
        [128, 16],
        R(
            [[0, 1], [8, 0], [0, 8], [64, 0]],
            [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
            [[16, 0], [32, 0]],
            [],
        ),
    ),
]


@pytest.mark.parametrize(
    "name, desc, shape, expected", CONVERSIONS, ids=[c[0] for c in CONVERSIONS]
)
def test_conversion(name, desc, shape, expected):
    layout = build(desc, ll).to_linear(shape)
    assert bases_of(layout) == expected
    assert list(layout.out_dims.values()) == shape


@pytest.mark.skipif(ttgl is None, reason="Triton is not installed")
@pytest.mark.parametrize(
    "name, desc, shape, expected", CONVERSIONS, ids=[c[0] for c in CONVERSIONS]
)
def test_conversion_agrees_with_triton(name, desc, shape, expected):
    assert triton_bases(desc, shape) == expected


# LinearLayoutTest.cpp, NumConsecutiveInOut (Triton's meaning: along the
# first output dimension only).
def identity(size, in_dim, out_dim):
    return ll.LinearLayout.identity_1d(size, in_dim, out_dim)


def zeros(size, in_dim, out_dim):
    return ll.LinearLayout.zeros_1d(size, in_dim, out_dim)


def infer(bases, out_names):
    """Triton's inferring constructor: out sizes the power of two above the largest value."""
    sizes = []
    for i in range(len(out_names)):
        largest = max((b[i] for v in bases.values() for b in v), default=0)
        sizes.append(1 << largest.bit_length())
    return ll.LinearLayout(bases, list(zip(out_names, sizes)))


@pytest.mark.parametrize(
    "make, expected",
    [
        (lambda: identity(1, "in", "out"), 1),
        (lambda: identity(4, "in", "out"), 4),
        (lambda: identity(4, "in1", "out") * identity(8, "in2", "out"), 4),
        (lambda: identity(4, "in", "out1") * identity(8, "in", "out2"), 4),
        (lambda: zeros(4, "in", "out1") * identity(4, "in", "out2"), 1),
        (lambda: infer({"in": [[1], [2], [4], [9]]}, ["out"]), 1),
        (lambda: infer({"in": [[1], [2], [4], [10]]}, ["out"]), 2),
        (lambda: infer({"in": [[1], [4], [2]]}, ["out"]), 2),
        (lambda: infer({"in": [[1], [2], [4]], "in2": [[8], [18]]}, ["out"]), 2),
    ],
)
def test_num_consecutive_in_out(make, expected):
    assert make().num_consecutive_elements() == expected


def test_num_consecutive_flat_crosses_rows():
    # dim0 of 2: Triton's contiguity stops at the row; the flat one does not.
    layout = identity(2, "in", "dim0") * identity(4, "in", "dim1")
    assert layout.num_consecutive_elements() == 2
    assert layout.num_consecutive_elements_flat() == 8


# LinearLayoutTest.cpp, Divide_*: A == B * C, C = divide_left(A, B).
@pytest.mark.parametrize(
    "a, b, c",
    [
        (
            lambda: identity(8, "in", "out") * zeros(16, "in", "out"),
            lambda: identity(8, "in", "out"),
            lambda: zeros(16, "in", "out"),
        ),
        (
            lambda: identity(8, "in", "out"),
            lambda: identity(4, "in", "out"),
            lambda: identity(2, "in", "out"),
        ),
        (
            lambda: identity(8, "in", "out"),
            lambda: identity(8, "in", "out"),
            lambda: identity(1, "in", "out"),
        ),
        (
            lambda: infer(
                {"in1": [[1, 1], [2, 2], [0, 8], [0, 4]], "in2": [[0, 2], [0, 1]]},
                ["out1", "out2"],
            ),
            lambda: infer(
                {"in1": [[1, 1], [2, 2]], "in2": [[0, 2], [0, 1]]}, ["out1", "out2"]
            ),
            lambda: ll.LinearLayout(
                {"in1": [[0, 2], [0, 1]], "in2": []}, [("out1", 1), ("out2", 4)]
            ),
        ),
        (
            lambda: infer(
                {"in2": [[0, 1], [1, 0]], "in1": [[2, 0], [0, 2]]}, ["out1", "out2"]
            ),
            lambda: infer({"in2": [[0, 1], [1, 0]]}, ["out1", "out2"]),
            lambda: infer({"in2": [], "in1": [[1, 0], [0, 1]]}, ["out1", "out2"]),
        ),
    ],
)
def test_divide_left(a, b, c):
    a, b, c = a(), b(), c()
    assert b * c == a
    quotient = a.divide_left(b)
    assert quotient == c
    assert b * quotient == a


def test_divide_left_rejects_extra_input_dim():
    a = identity(32, "in", "out")
    b = ll.LinearLayout({"in": [[1], [2], [4], [8]], "extra": [[0]]}, [("out", 16)])
    assert a.divide_left(b) is None


# Gluon's signatures, verbatim.
GLUON_CLASSES = [
    "BlockedLayout",
    "SliceLayout",
    "DotOperandLayout",
    "NVMMADistributedLayout",
    "NVMMASharedLayout",
    "SwizzledSharedLayout",
    "DistributedLinearLayout",
    "SharedLinearLayout",
    "PaddedSharedLayout",
    "AMDMFMALayout",
    "AMDWMMALayout",
]


@pytest.mark.skipif(ttgl is None, reason="Triton is not installed")
@pytest.mark.parametrize("name", GLUON_CLASSES)
def test_signature_is_gluons(name):
    import dataclasses
    import inspect

    gluon = getattr(ttgl, name) if hasattr(ttgl, name) else getattr(ttgl_amd, name)

    def params(cls):
        out = []
        for p in inspect.signature(cls).parameters.values():
            default = p.default
            if (
                default is not inspect.Parameter.empty
                and default is dataclasses._HAS_DEFAULT_FACTORY
            ):
                default = "<factory>"
            out.append(
                (
                    p.name,
                    p.kind,
                    default if default is inspect.Parameter.empty else repr(default),
                )
            )
        return out

    assert params(getattr(ll, name)) == params(gluon)


def test_old_names_still_work():
    mma2 = ll.NvidiaMmaLayout(2, [2, 2], [16, 8])
    assert mma2.to_linear([32, 32]) == ll.NVMMADistributedLayout(
        [2, 0], [2, 2], [16, 8]
    ).to_linear([32, 32])
    assert ll.AmdMfmaLayout is ll.AMDMFMALayout and ll.AmdWmmaLayout is ll.AMDWMMALayout
    assert ll.NvmmaSharedLayout(128, 16).to_linear([8, 64]) == ll.NVMMASharedLayout(
        128, 16
    ).to_linear([8, 64])
    dot = ll.DotOperandLayout(parent=mma2, operand_index=0, k_width=2)
    assert dot == ll.DotOperandLayout(0, mma2, 2)
    with pytest.raises(TypeError, match="operand_index, parent, k_width"):
        ll.DotOperandLayout(mma2, 0, 2)
    with pytest.raises(TypeError, match="dim, parent"):
        ll.SliceLayout(mma2, 0)


def test_linear_layout_classes():
    d = ll.DistributedLinearLayout([[0, 1]], [[1, 0], [2, 0]], [], [], [4, 2])
    layout = d.to_linear([4, 2])
    assert layout.bases["lane"] == [[1, 0], [2, 0]]
    s = ll.SharedLinearLayout([[0, 1], [1, 0]])
    assert s.shape == [2, 2] and s.to_linear().bases["offset"] == [[0, 1], [1, 0]]
    p = ll.PaddedSharedLayout([[2, 1], [4, 2]], [[1], [2], [4]], [], [8])
    assert [p.padded_offset(i) for i in range(8)] == [0, 1, 3, 4, 8, 9, 11, 12]
    with pytest.raises(ValueError):
        ll.DistributedLinearLayout([[0, 1]], [], [], [], [4, 2]).to_linear([8, 2])


def test_four_lane_warps():
    # Any power-of-two lane count (Triton's unit tests use 4-lane warps).
    layout = ll.BlockedLayout([1, 1], [2, 2], [2, 2], [1, 0]).to_linear([8, 8])
    assert bases_of(layout) == R(
        [[0, 4], [4, 0]], [[0, 1], [1, 0]], [[0, 2], [2, 0]], []
    )


def test_apply_leaves_out_size_one_inputs():
    layout = ll.BlockedLayout([1, 1], [2, 2], [2, 2], [1, 0]).to_linear([8, 8])
    assert layout.apply({"register": 1, "lane": 1, "warp": 0}) == {"dim0": 0, "dim1": 5}
    with pytest.raises(ValueError, match="missing"):
        layout.apply({"register": 1, "lane": 1})
