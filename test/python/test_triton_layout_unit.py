"""Triton's own layout unit tests, translated to linear_layout's API.

The cases and their expected bases are transcribed from Triton's C++ unit
tests (unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp and
unittest/Tools/LinearLayoutTest.cpp in triton-lang/triton). Those tests
describe CTA distributions as CTALayoutAttr(CTAsPerCGA, CTASplitNum,
CTAOrder); `cga` below turns that into Triton 3.6's `cga_layout` bases the
way Triton builds its CGA layout (per dimension in CTAOrder: the split bits,
then zero bases for the CTAs that hold copies).

Where Triton later changed an expectation (a slice drops the register bases
that become zero; transposed mfma warps go along N first, as untransposed
ones), the newer test file's value is used: it is what Triton 3.6 gives.

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


def mfma(warps, m, n, transposed):
    """Triton's test helper: mfma version 2 with an M x N instruction."""
    return ("AMDMFMALayout", (2, [m, n, 8 if m == 32 else 16], transposed, warps), {})


def wmma(warps):
    """Triton's test helper: wmma version 1."""
    return ("AMDWMMALayout", (1, False, warps), {})


def dot(parent, op_idx, k_width):
    return ("DotOperandLayout", (op_idx, parent, k_width), {})


def slice_(parent, dim):
    return ("SliceLayout", (dim, parent), {})


def swizzled(vec, per_phase, max_phase, order):
    return ("SwizzledSharedLayout", (vec, per_phase, max_phase, order), {})


def nvmma_shared(swizzle_bytes, element_bits):
    """Triton's older hasLeadingOffset shared encoding, as NVMMA shared."""
    return ("NVMMASharedLayout", (swizzle_bytes, element_bits), {})


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


LANES_MMA = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]
LANES_MFMA32 = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]]
LANES_MFMA32_T = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]]
LANES_MFMA32_3D = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 0, 16], [0, 4, 0]]
LANES_MFMA32_3D_T = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 16, 0], [0, 0, 4]]
LANES_DOT32 = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [8, 0]]
LANES_DOT16 = [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0], [16, 0]]
REGS_WMMA = [[2, 0], [4, 0], [8, 0]]
LANES_WMMA = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]]
REGS_WMMA_3D = [[0, 2, 0], [0, 4, 0], [0, 8, 0]]
LANES_WMMA_3D = [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 1, 0]]

# LinearLayoutConversionsTest.cpp: (test name, layout, shape, expected).
# fmt: off
CONVERSIONS = [
    ("SimpleBlocked", blocked([1], [4], [4], [0]), [16], R([], [[1], [2]], [[4], [8]], [])),
    ("CTADuplication", blocked([1], [4], [4], [0], [4], [2], [0]), [32],
     R([], [[1], [2]], [[4], [8]], [[16], [0]])),
    ("CTABroadcast", blocked([8, 1], [8, 4], [1, 4], [0, 1], [1, 2], [1, 2], [1, 0]), [64, 128],
     R([[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]], [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]],
       [[0, 4], [0, 8]], [[0, 64]])),
    ("ShapeLargerThanLayout", blocked([1], [4], [4], [0]), [128],
     R([[16], [32], [64]], [[1], [2]], [[4], [8]], [])),
    ("ShapeLargerThanLayout2DDegenerate", blocked([1, 1], [4, 1], [4, 1], [0, 1]), [128, 1],
     R([[16, 0], [32, 0], [64, 0]], [[1, 0], [2, 0]], [[4, 0], [8, 0]], [])),
    ("ShapeSmallerThanLayout", blocked([4], [4], [4], [0]), [8], R([[1], [2]], [[4], [0]], [[0], [0]], [])),
    ("ReversedOrder", blocked([1, 1], [32, 1], [1, 8], [0, 1]), [1, 64],
     R([[0, 8], [0, 16], [0, 32]], [[0, 0]] * 5, [[0, 1], [0, 2], [0, 4]], [])),
    ("ReplicateInRegisterDim", blocked([2], [4], [1], [0]), [32], R([[1], [8], [16]], [[2], [4]], [], [])),
    ("OneDimTooLargeAnotherTooSmall",
     blocked([1, 4], [8, 4], [4, 1], [1, 0], [2, 2], [2, 1], [1, 0]), [128, 16],
     R([[0, 1], [0, 2], [32, 0]], [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], [[8, 0], [16, 0]],
       [[0, 0], [64, 0]])),
    ("RepeatInCTGDimFirst", blocked([1], [1], [4], [0], [2], [2], [0]), [4], R([], [], [[1], [0]], [[2]])),
    ("SmallerThanCTALayout", blocked([1], [1], [1], [0], [4], [4], [0]), [2], R([], [], [], [[1], [0]])),
    ("Skinny", blocked([8, 1], [8, 4], [1, 4], [0, 1], [1, 2], [1, 2], [0, 1]), [64, 1],
     R([[1, 0], [2, 0], [4, 0]], [[8, 0], [16, 0], [32, 0], [0, 0], [0, 0]], [[0, 0], [0, 0]], [[0, 0]])),
    ("BlockedOrder", blocked([2, 2], [4, 8], [2, 2], [1, 0], [2, 2], [2, 2], [1, 0]), [1024, 128],
     R([[0, 1], [1, 0], [0, 32], [16, 0], [32, 0], [64, 0], [128, 0], [256, 0]],
       [[0, 2], [0, 4], [0, 8], [2, 0], [4, 0]], [[0, 16], [8, 0]], [[0, 64], [512, 0]])),
    ("Blocked4D", blocked([1, 1, 1, 4], [2, 1, 1, 16], [1, 2, 4, 1], [3, 0, 1, 2]), [2, 1, 1, 1],
     R([[0, 0, 0, 0]] * 2, [[0, 0, 0, 0]] * 4 + [[1, 0, 0, 0]], [[0, 0, 0, 0]] * 3, [])),
    ("MMAv2_32x32", mma(2, [16, 8], [1, 1]), [32, 32],
     R([[0, 1], [8, 0], [0, 8], [0, 16], [16, 0]], [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], [], [])),
    ("MMAv2_ExtendDim2", mma(2, [16, 8], [1, 1]), [16, 128],
     R([[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64]], [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], [],
        [])),
    ("MMAv2_Cga", mma(2, [1, 16, 8], [16, 1, 1], [4, 2, 2], [4, 2, 1], [2, 1, 0]), [64, 128, 128],
     R([[0, 0, 1], [0, 8, 0], [0, 0, 8], [0, 0, 16], [0, 0, 32], [0, 0, 64], [0, 16, 0], [0, 32, 0]],
       [[0, 0, 2], [0, 0, 4], [0, 1, 0], [0, 2, 0], [0, 4, 0]], [[1, 0, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0]],
       [[0, 0, 0], [0, 64, 0], [16, 0, 0], [32, 0, 0]])),
    ("MMAv2_Small3D", mma(2, [1, 16, 8], [16, 1, 1], [4, 2, 2], [4, 2, 1], [2, 1, 0]), [1, 128, 128],
     R([[0, 0, 1], [0, 8, 0], [0, 0, 8], [0, 0, 16], [0, 0, 32], [0, 0, 64], [0, 16, 0], [0, 32, 0]],
       [[0, 0, 2], [0, 0, 4], [0, 1, 0], [0, 2, 0], [0, 4, 0]], [[0, 0, 0]] * 4,
       [[0, 0, 0], [0, 64, 0], [0, 0, 0], [0, 0, 0]])),
    ("MMAv3_64x16[16,16,8]", mma(3, [16, 16, 8], [4, 1]), [64, 16],
     R([[0, 1], [8, 0], [0, 8]], [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], [[16, 0], [32, 0]], [])),
    ("MMAv3_64x16[16,8,8]", mma(3, [16, 8, 8], [4, 1]), [64, 16],
     R([[0, 1], [8, 0], [0, 8]], [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], [[16, 0], [32, 0]], [])),
    ("MMAv3_128x16", mma(3, [16, 16, 8], [4, 1]), [128, 16],
     R([[0, 1], [8, 0], [0, 8], [64, 0]], [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], [[16, 0], [32, 0]], [])),
]
# fmt: on


# fmt: off
CONVERSIONS += [
    ("MMAv3_1024x1024", mma(3, [16, 16, 8], [4, 1]), [1024, 1024],
     R([[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [0, 256], [0, 512], [64, 0],
        [128, 0], [256, 0], [512, 0]],
       [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], [[16, 0], [32, 0]], [])),
    ("MMAv3_4x2Warps-64x32", mma(3, [16, 32, 16], [4, 2]), [64, 32],
     R([[0, 1], [8, 0], [0, 8], [0, 16]], LANES_MMA, [[16, 0], [32, 0], [0, 0]], [])),
    ("MMAv3_4x2Warps-64x64", mma(3, [16, 32, 16], [4, 2]), [64, 64],
     R([[0, 1], [8, 0], [0, 8], [0, 16]], LANES_MMA, [[16, 0], [32, 0], [0, 32]], [])),
    ("MMAv3_4x2Warps-128x64", mma(3, [16, 32, 16], [4, 2]), [128, 64],
     R([[0, 1], [8, 0], [0, 8], [0, 16], [64, 0]], LANES_MMA, [[16, 0], [32, 0], [0, 32]], [])),
    ("MMAv3_4x2Warps-256x64", mma(3, [16, 32, 16], [4, 2]), [256, 64],
     R([[0, 1], [8, 0], [0, 8], [0, 16], [64, 0], [128, 0]], LANES_MMA, [[16, 0], [32, 0], [0, 32]], [])),
    ("MMAv3_4x4Warps-16x16", mma(3, [16, 16, 8], [4, 4]), [16, 16],
     R([[0, 1], [8, 0], [0, 8]], LANES_MMA, [[0, 0]] * 4, [])),
    ("MMAv3_4x4Warps-32x16", mma(3, [16, 16, 8], [4, 4]), [32, 16],
     R([[0, 1], [8, 0], [0, 8]], LANES_MMA, [[16, 0], [0, 0], [0, 0], [0, 0]], [])),
    ("MMAv3_4x4Warps-64x16", mma(3, [16, 16, 8], [4, 4]), [64, 16],
     R([[0, 1], [8, 0], [0, 8]], LANES_MMA, [[16, 0], [32, 0], [0, 0], [0, 0]], [])),
    ("MMAv3_4x4Warps-128x16", mma(3, [16, 16, 8], [4, 4]), [128, 16],
     R([[0, 1], [8, 0], [0, 8], [64, 0]], LANES_MMA, [[16, 0], [32, 0], [0, 0], [0, 0]], [])),
    ("MMAv3_4x4Warps-32x32", mma(3, [16, 16, 8], [4, 4]), [32, 32],
     R([[0, 1], [8, 0], [0, 8]], LANES_MMA, [[16, 0], [0, 0], [0, 16], [0, 0]], [])),
    ("MMAv3_4x4Warps-64x32", mma(3, [16, 16, 8], [4, 4]), [64, 32],
     R([[0, 1], [8, 0], [0, 8]], LANES_MMA, [[16, 0], [32, 0], [0, 16], [0, 0]], [])),
    ("MFMA32_2x4Warps-NT-32x32", mfma([2, 4], 32, 32, False), [32, 32],
     R([[1, 0], [2, 0], [8, 0], [16, 0]], LANES_MFMA32, [[0, 0]] * 3, [])),
    ("MFMA32_2x4Warps-NT-64x32", mfma([2, 4], 32, 32, False), [64, 32],
     R([[1, 0], [2, 0], [8, 0], [16, 0]], LANES_MFMA32, [[0, 0], [0, 0], [32, 0]], [])),
    ("MFMA32_2x4Warps-NT-128x128", mfma([2, 4], 32, 32, False), [128, 128],
     R([[1, 0], [2, 0], [8, 0], [16, 0], [64, 0]], LANES_MFMA32, [[0, 32], [0, 64], [32, 0]], [])),
    ("MFMA32_2x4Warps-T-32x32", mfma([2, 4], 32, 32, True), [32, 32],
     R([[0, 1], [0, 2], [0, 8], [0, 16]], LANES_MFMA32_T, [[0, 0]] * 3, [])),
    ("MFMA32_2x4Warps-T-64x32", mfma([2, 4], 32, 32, True), [64, 32],
     R([[0, 1], [0, 2], [0, 8], [0, 16]], LANES_MFMA32_T, [[0, 0], [0, 0], [32, 0]], [])),
    ("MFMA32_2x4Warps-T-128x128", mfma([2, 4], 32, 32, True), [128, 128],
     R([[0, 1], [0, 2], [0, 8], [0, 16], [64, 0]], LANES_MFMA32_T, [[0, 32], [0, 64], [32, 0]], [])),
    ("MFMA16_2x4Warps", mfma([2, 4], 16, 16, False), [16, 16],
     R([[1, 0], [2, 0]], [[0, 1], [0, 2], [0, 4], [0, 8], [4, 0], [8, 0]], [[0, 0]] * 3, [])),
    ("MFMA32_2x4x1Warps-NT-1x128x128", mfma([2, 4, 1], 32, 32, False), [1, 128, 128],
     R([[0, 1, 0], [0, 2, 0], [0, 8, 0], [0, 16, 0], [0, 0, 32], [0, 0, 64]], LANES_MFMA32_3D,
       [[0, 32, 0], [0, 64, 0], [0, 0, 0]], [])),
    ("MFMA32_2x4x1Warps-NT-2x32x32", mfma([2, 4, 1], 32, 32, False), [2, 32, 32],
     R([[0, 1, 0], [0, 2, 0], [0, 8, 0], [0, 16, 0]], LANES_MFMA32_3D, [[0, 0, 0], [0, 0, 0], [1, 0, 0]],
        [])),
    ("MFMA32_2x4x1Warps-NT-2x64x32", mfma([2, 4, 1], 32, 32, False), [2, 64, 32],
     R([[0, 1, 0], [0, 2, 0], [0, 8, 0], [0, 16, 0]], LANES_MFMA32_3D, [[0, 32, 0], [0, 0, 0], [1, 0, 0]],
        [])),
    ("MFMA32_2x4x1Warps-T-1x128x128", mfma([2, 4, 1], 32, 32, True), [1, 128, 128],
     R([[0, 0, 1], [0, 0, 2], [0, 0, 8], [0, 0, 16], [0, 0, 32], [0, 0, 64]], LANES_MFMA32_3D_T,
       [[0, 32, 0], [0, 64, 0], [0, 0, 0]], [])),
    ("MFMA32_2x4x1Warps-T-2x64x32", mfma([2, 4, 1], 32, 32, True), [2, 64, 32],
     R([[0, 0, 1], [0, 0, 2], [0, 0, 8], [0, 0, 16]], LANES_MFMA32_3D_T, [[0, 32, 0], [0, 0, 0], [1, 0, 0]],
       [])),
    ("warp1onK_mfma32_rhs_kwidth8-128x128", dot(mfma([1, 8], 32, 32, False), 1, 8), [128, 128],
     R([[1, 0], [2, 0], [4, 0], [16, 0], [32, 0], [64, 0]], LANES_DOT32, [[0, 32], [0, 64], [0, 0]], [])),
    ("warp1onK_mfma32_rhs_kwidth8-128x256", dot(mfma([1, 8], 32, 32, False), 1, 8), [128, 256],
     R([[1, 0], [2, 0], [4, 0], [16, 0], [32, 0], [64, 0]], LANES_DOT32, [[0, 32], [0, 64], [0, 128]], [])),
    ("warp1onK_mfma32_rhs_kwidth8-32x64", dot(mfma([1, 8], 32, 32, False), 1, 8), [32, 64],
     R([[1, 0], [2, 0], [4, 0], [16, 0]], LANES_DOT32, [[0, 32], [0, 0], [0, 0]], [])),
    ("warp1onK_mfma32_rhs_kwidth8-256x256", dot(mfma([1, 8], 32, 32, False), 1, 8), [256, 256],
     R([[1, 0], [2, 0], [4, 0], [16, 0], [32, 0], [64, 0], [128, 0]], LANES_DOT32,
       [[0, 32], [0, 64], [0, 128]], [])),
    ("warp1onK_mfma32_rhs_kwidth8-1x4", dot(mfma([1, 4], 32, 32, False), 1, 8), [256, 256],
     R([[1, 0], [2, 0], [4, 0], [16, 0], [32, 0], [64, 0], [128, 0], [0, 128]], LANES_DOT32,
       [[0, 32], [0, 64]], [])),
    ("warp1onK_mfma16_rhs_kwidth8-128x128", dot(mfma([1, 4], 16, 16, False), 1, 8), [128, 128],
     R([[1, 0], [2, 0], [4, 0], [32, 0], [64, 0], [0, 64]], LANES_DOT16, [[0, 16], [0, 32]], [])),
    ("warp1onK_mfma16_rhs_kwidth8-1x128", dot(mfma([1, 4], 16, 16, False), 1, 8), [1, 128],
     R([[0, 0], [0, 0], [0, 0], [0, 64]], [[0, 1], [0, 2], [0, 4], [0, 8], [0, 0], [0, 0]],
       [[0, 16], [0, 32]], [])),
    ("warp1onK_mfma16_rhs_kwidth8-128x1", dot(mfma([1, 4], 16, 16, False), 1, 8), [128, 1],
     R([[1, 0], [2, 0], [4, 0], [32, 0], [64, 0]], [[0, 0], [0, 0], [0, 0], [0, 0], [8, 0], [16, 0]],
       [[0, 0], [0, 0]], [])),
    ("warp1onK_mfma16_rhs_kwidth8-1x8", dot(mfma([1, 8], 16, 16, False), 1, 8), [256, 256],
     R([[1, 0], [2, 0], [4, 0], [32, 0], [64, 0], [128, 0], [0, 128]], LANES_DOT16,
       [[0, 16], [0, 32], [0, 64]], [])),
    ("warp1onK_mfma16_rhs_kwidth8-1x1x8", dot(mfma([1, 1, 8], 16, 16, False), 1, 8), [1, 256, 256],
     R([[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 32, 0], [0, 64, 0], [0, 128, 0], [0, 0, 128]],
       [[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 8, 0], [0, 16, 0]],
       [[0, 0, 16], [0, 0, 32], [0, 0, 64]], [])),
    ("WMMA_2x4Warps-16x16", wmma([2, 4]), [16, 16], R(REGS_WMMA, LANES_WMMA, [[0, 0]] * 3, [])),
    ("WMMA_2x4Warps-32x16", wmma([2, 4]), [32, 16], R(REGS_WMMA, LANES_WMMA, [[0, 0], [0, 0], [16, 0]], [])),
    ("WMMA_2x4Warps-16x32", wmma([2, 4]), [16, 32], R(REGS_WMMA, LANES_WMMA, [[0, 16], [0, 0], [0, 0]], [])),
    ("WMMA_2x4Warps-128x128", wmma([2, 4]), [128, 128],
     R(REGS_WMMA + [[0, 64], [32, 0], [64, 0]], LANES_WMMA, [[0, 16], [0, 32], [16, 0]], [])),
    ("WMMA_2x4x1Warps-1x16x16", wmma([2, 4, 1]), [1, 16, 16],
     R(REGS_WMMA_3D, LANES_WMMA_3D, [[0, 0, 0]] * 3, [])),
    ("WMMA_2x4x1Warps-2x16x16", wmma([2, 4, 1]), [2, 16, 16],
     R(REGS_WMMA_3D, LANES_WMMA_3D, [[0, 0, 0], [0, 0, 0], [1, 0, 0]], [])),
    ("WMMA_2x4x1Warps-8x16x16", wmma([2, 4, 1]), [8, 16, 16],
     R(REGS_WMMA_3D + [[2, 0, 0], [4, 0, 0]], LANES_WMMA_3D, [[0, 0, 0], [0, 0, 0], [1, 0, 0]], [])),
    ("SliceOfBlocked-0", slice_(blocked([2, 4], [4, 2], [2, 2], [1, 0], [2, 2], [2, 2], [1, 0]), 0), [128],
     R([[1], [2], [16], [32]], [[4], [0], [0]], [[8], [0]], [[64], [0]])),
    ("SliceOfBlocked-1", slice_(blocked([2, 4], [4, 2], [2, 2], [1, 0], [2, 2], [2, 2], [1, 0]), 1), [128],
     R([[1], [16], [32]], [[0], [2], [4]], [[0], [8]], [[0], [64]])),
    ("SliceWithShape1", slice_(blocked([1, 4], [8, 4], [2, 2], [0, 1]), 0), [1],
     R([], [[0]] * 5, [[0], [0]], [])),
    ("Slice4D", slice_(blocked([1, 1, 1, 4], [2, 1, 1, 16], [1, 2, 4, 1], [3, 0, 1, 2]), 3), [2, 1, 1],
     R([], [[0, 0, 0]] * 4 + [[1, 0, 0]], [[0, 0, 0]] * 3, [])),
    ("SliceOfMmaV2-0-16", slice_(mma(2, [16, 8], [2, 2]), 0), [16],
     R([[1]], [[2], [4], [0], [0], [0]], [[8], [0]], [])),
    ("SliceOfMmaV2-0-128", slice_(mma(2, [16, 8], [2, 2]), 0), [128],
     R([[1], [16], [32], [64]], [[2], [4], [0], [0], [0]], [[8], [0]], [])),
    ("SliceOfMmaV2-1-8", slice_(mma(2, [16, 8], [2, 2]), 1), [8],
     R([], [[0], [0], [1], [2], [4]], [[0], [0]], [])),
    ("SliceOfMmaV2-1-128", slice_(mma(2, [16, 8], [2, 2]), 1), [128],
     R([[8], [32], [64]], [[0], [0], [1], [2], [4]], [[0], [16]], [])),
]
# fmt: on


# From the newer LinearLayoutConversionsTest.cpp (dot operands of mma).
# fmt: off
CONVERSIONS += [
    ("DotMMAv2_tile_kwidth8-A", dot(mma(2, [16, 8], [1, 1]), 0, 8), [16, 64],
     R([[0, 1], [0, 2], [0, 4], [8, 0], [0, 32]], [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], [], [])),
    ("DotMMAv2_tile_kwidth8-B", dot(mma(2, [16, 8], [1, 1]), 1, 8), [64, 8],
     R([[1, 0], [2, 0], [4, 0], [32, 0]], [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]], [], [])),
    ("DotMMAv2_large_warp4_kwidth8-A", dot(mma(2, [16, 8], [4, 1]), 0, 8), [128, 128],
     R([[0, 1], [0, 2], [0, 4], [8, 0], [0, 32], [0, 64], [64, 0]],
       [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], [[16, 0], [32, 0]], [])),
    ("DotMMAv2_large_warp4_kwidth8-B-128x64", dot(mma(2, [16, 8], [4, 1]), 1, 8), [128, 64],
     R([[1, 0], [2, 0], [4, 0], [32, 0], [64, 0], [0, 8], [0, 16], [0, 32]],
       [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]], [[0, 0], [0, 0]], [])),
    ("DotMMAv2_large_warp4_kwidth8-B-64x128", dot(mma(2, [16, 8], [4, 1]), 1, 8), [64, 128],
     R([[1, 0], [2, 0], [4, 0], [32, 0], [0, 8], [0, 16], [0, 32], [0, 64]],
       [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]], [[0, 0], [0, 0]], [])),
    ("DotMMAv2_3D-A", dot(mma(2, [1, 16, 8], [2, 4, 2]), 0, 8), [16, 128, 128],
     R([[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 8, 0], [0, 0, 32], [0, 0, 64], [0, 64, 0], [2, 0, 0],
        [4, 0, 0], [8, 0, 0]],
       [[0, 0, 8], [0, 0, 16], [0, 1, 0], [0, 2, 0], [0, 4, 0]],
       [[0, 0, 0], [0, 16, 0], [0, 32, 0], [1, 0, 0]], [])),
    ("DotMMAv2_3D-B", dot(mma(2, [1, 16, 8], [2, 4, 2]), 1, 8), [8, 128, 64],
     R([[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 32, 0], [0, 64, 0], [0, 0, 16], [0, 0, 32], [2, 0, 0],
        [4, 0, 0]],
       [[0, 8, 0], [0, 16, 0], [0, 0, 1], [0, 0, 2], [0, 0, 4]],
       [[0, 0, 8], [0, 0, 0], [0, 0, 0], [1, 0, 0]], [])),
    ("DotMMAv3_warp4_kwidth2-64x16", dot(mma(3, [16, 16, 8], [4, 1]), 0, 2), [64, 16],
     R([[0, 1], [8, 0], [0, 8]], LANES_MMA, [[16, 0], [32, 0]], [])),
    ("DotMMAv3_warp4_kwidth2-128x16", dot(mma(3, [16, 16, 8], [4, 1]), 0, 2), [128, 16],
     R([[0, 1], [8, 0], [0, 8], [64, 0]], LANES_MMA, [[16, 0], [32, 0]], [])),
    ("DotMMAv3_warp4_kwidth2-128x32", dot(mma(3, [16, 16, 8], [4, 1]), 0, 2), [128, 32],
     R([[0, 1], [8, 0], [0, 8], [0, 16], [64, 0]], LANES_MMA, [[16, 0], [32, 0]], [])),
    ("DotMMAv3_mixed_warp_kwidth4", dot(mma(3, [16, 16, 8], [4, 2]), 0, 4), [128, 64],
     R([[0, 1], [0, 2], [8, 0], [0, 16], [0, 32], [64, 0]], [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]],
       [[16, 0], [32, 0], [0, 0]], [])),
    ("DotMMAv2_split_warp_kwidth8-A-32x64", dot(mma(2, [16, 8], [2, 2]), 0, 8), [32, 64],
     R([[0, 1], [0, 2], [0, 4], [8, 0], [0, 32]], [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]],
       [[0, 0], [16, 0]], [])),
    ("DotMMAv2_split_warp_kwidth8-B-64x16", dot(mma(2, [16, 8], [2, 2]), 1, 8), [64, 16],
     R([[1, 0], [2, 0], [4, 0], [32, 0]], [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]], [[0, 8], [0, 0]], [])),
    ("DotMMAv2_split_warp_kwidth8-A-64x128", dot(mma(2, [16, 8], [2, 2]), 0, 8), [64, 128],
     R([[0, 1], [0, 2], [0, 4], [8, 0], [0, 32], [0, 64], [32, 0]],
       [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], [[0, 0], [16, 0]], [])),
    ("DotMMAv2_split_warp_kwidth8-B-128x32", dot(mma(2, [16, 8], [2, 2]), 1, 8), [128, 32],
     R([[1, 0], [2, 0], [4, 0], [32, 0], [64, 0], [0, 16]], [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]],
       [[0, 8], [0, 0]], [])),
    ("SliceDot-v2", slice_(dot(mma(2, [16, 8], [1, 1]), 0, 8), 1), [16],
     R([[8]], [[0], [0], [1], [2], [4]], [], [])),
]
# fmt: on


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


def O(offset):
    """Bases of a single-CTA shared layout."""
    return {"offset": offset, "block": []}


def identity_offsets(shape, order):
    """Offsets walking the dimensions in `order` (fastest first)."""
    bases = []
    for d in order:
        for bit in range(int(math.log2(shape[d]))):
            bases.append([1 << bit if i == d else 0 for i in range(len(shape))])
    return bases


# LinearLayoutConversionsTest.cpp, shared layouts (the hasLeadingOffset ones
# are NVMMA shared layouts now; Triton 3.6 reads them back only through a
# 1-D view, as the fixture generator does).
# fmt: off
SHARED = [
    ("SharedSimple1D", swizzled(1, 1, 1, [0]), [1024], O(identity_offsets([1024], [0]))),
    ("SharedSimple2D", swizzled(1, 1, 1, [1, 0]), [128, 128], O(identity_offsets([128, 128], [1, 0]))),
    ("SharedSimple2D_Order01", swizzled(1, 1, 1, [0, 1]), [128, 128],
     O(identity_offsets([128, 128], [0, 1]))),
    ("SharedSwizzled2D_MaxPhaseOnly", swizzled(1, 1, 4, [1, 0]), [32, 32],
     O([[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], [4, 0], [8, 0], [16, 0]])),
    ("SharedSwizzled2D_PerPhaseMaxPhase", swizzled(1, 2, 4, [1, 0]), [32, 32],
     O([[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 1], [4, 2], [8, 0], [16, 0]])),
    ("SharedSwizzled2D_Vec", swizzled(2, 1, 4, [1, 0]), [4, 8], O([[0, 1], [0, 2], [0, 4], [1, 2], [2, 4]])),
    ("SharedSwizzled2D_PerPhaseMaxPhaseVec", swizzled(2, 2, 4, [1, 0]), [32, 32],
     O([[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 2], [4, 4], [8, 0], [16, 0]])),
    ("SharedSwizzled4D", swizzled(2, 2, 4, [3, 2, 1, 0]), [2, 4, 32, 32],
     O([[0, 0, 0, 1], [0, 0, 0, 2], [0, 0, 0, 4], [0, 0, 0, 8], [0, 0, 0, 16], [0, 0, 1, 0], [0, 0, 2, 2],
        [0, 0, 4, 4], [0, 0, 8, 0], [0, 0, 16, 0], [0, 1, 0, 0], [0, 2, 0, 0], [1, 0, 0, 0]])),
    ("SharedSwizzled2D_Order01", swizzled(1, 1, 4, [0, 1]), [4, 8],
     O([[1, 0], [2, 0], [1, 1], [2, 2], [0, 4]])),
    ("LeadingOffset_8x16_4_2", nvmma_shared(32, 16), [8, 16],
     O([[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 8]])),
    ("LeadingOffset_128x16_4_2", nvmma_shared(32, 16), [128, 16],
     O([[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 8], [8, 0], [16, 0], [32, 0], [64, 0]])),
    ("LeadingOffset_8x32_2_4", nvmma_shared(64, 16), [8, 32],
     O([[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 8], [4, 16]])),
    ("LeadingOffset_8x64_1_8", nvmma_shared(128, 16), [8, 64],
     O([[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32]])),
    ("LeadingOffset_8x64_1_8_32b", nvmma_shared(128, 32), [8, 64],
     O([[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [0, 32]])),
    ("Shared1DSwizzle", swizzled(2, 2, 4, [1, 0]), [64, 1], O(identity_offsets([64, 1], [0]))),
    ("BlackwellMixedPrecisionDotScaledSMEMSwizzled",
     ("NVMMASharedLayout", (128, 8), {"fp4_padded": True}), [16, 64],
     O([[0, 1], [0, 2], [0, 4], [0, 0], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0]])),
]
# fmt: on

# From the newer test file: NVMMA shared, transposed and rank 3, and fp4.
# fmt: off
SHARED += [
    ("LeadingOffset_128x128_1_8_128b_transposed",
     ("NVMMASharedLayout", (128, 32), {"transposed": True}), [128, 128],
     O([[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [4, 1], [8, 2], [16, 4], [0, 8], [0, 16], [0, 32],
        [0, 64], [32, 0], [64, 0]])),
    ("LeadingOffset_32x4x64_1_8_32b", ("NVMMASharedLayout", (64, 32), {"rank": 3}), [32, 4, 64],
     O([[0, 0, 1], [0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 1, 0], [0, 2, 4], [1, 0, 8], [2, 0, 0], [4, 0, 0],
        [8, 0, 0], [16, 0, 0], [0, 0, 16], [0, 0, 32]])),
    ("LeadingOffset_64x4x32_1_8_32b_transposed",
     ("NVMMASharedLayout", (64, 32), {"rank": 3, "transposed": True}), [64, 4, 32],
     O([[1, 0, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0], [0, 0, 4], [4, 0, 8], [8, 0, 16], [0, 1, 0],
        [0, 2, 0], [0, 0, 1], [0, 0, 2], [16, 0, 0], [32, 0, 0]])),
    ("MMAv5Fp4Padded", ("NVMMASharedLayout", (128, 8), {"fp4_padded": True}), [32, 64],
     O([[0, 1], [0, 2], [0, 4], [0, 0], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0],
        [16, 0]])),
]
# fmt: on

_DTYPES = {8: "int8", 16: "float16", 32: "float32"}


@pytest.mark.parametrize(
    "name, desc, shape, expected", SHARED, ids=[c[0] for c in SHARED]
)
def test_shared(name, desc, shape, expected):
    layout = build(desc, ll).to_linear(shape)
    assert bases_of(layout) == expected


@pytest.mark.skipif(ttgl is None, reason="Triton is not installed")
@pytest.mark.parametrize(
    "name, desc, shape, expected", SHARED, ids=[c[0] for c in SHARED]
)
def test_shared_agrees_with_triton(name, desc, shape, expected):
    """Triton 3.6's layout of a 1-D reshape of the buffer, unflattened."""
    triton_bases(
        ("BlockedLayout", ([1], [32], [1], [0]), {}), [32]
    )  # sets up the builder
    builder = _TRITON["builder"]
    if "function" not in _TRITON:
        module = builder.create_module()
        function = builder.get_or_insert_function(
            module, "scratch", builder.get_function_ty([], []), "public", False
        )
        module.push_back(function)
        builder.set_insertion_point_to_start(function.add_entry_block())
        _TRITON["function"] = (module, function)
    name_, args, kwargs = desc
    layout = getattr(ttgl, name_)(*args, **kwargs)
    bits = args[1] if name_ == "NVMMASharedLayout" else 16
    dtype = getattr(ttgl, _DTYPES[bits])
    ty = ttgl.shared_memory_descriptor_type(dtype, list(shape), layout, list(shape))
    view = builder.create_memdesc_reshape(
        builder.create_local_alloc(ty.to_ir(builder)), [math.prod(shape)]
    )
    flat = builder.get_gluon_layout_from_memdesc(view)

    def unflatten(value):
        index = []
        for size in reversed(shape):
            index.append(value % size)
            value //= size
        return index[::-1]

    assert {
        "offset": [unflatten(b[0]) for b in flat.offset_bases],
        "block": [unflatten(b[0]) for b in flat.block_bases],
    } == expected


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


def test_lane_count_is_the_targets_business():
    """Layouts of any lane count are built; planning takes those that fit the
    target's warp (fewer lanes hold copies) and names the excess otherwise."""
    four = ll.BlockedLayout([1, 1], [2, 2], [2, 2], [1, 0])
    a, b = (
        four.to_linear([8, 8]),
        ll.BlockedLayout([1, 1], [2, 2], [2, 2], [0, 1]).to_linear([8, 8]),
    )
    assert ll.plan_conversion(a, b, 32, "sm_90").kind in (
        "shared_memory",
        "shuffle",
        "registers",
    )
    wide = ll.BlockedLayout([1, 1], [8, 16], [1, 1], [1, 0]).to_linear([8, 16])
    wide_t = ll.BlockedLayout([1, 1], [8, 16], [1, 1], [0, 1]).to_linear([8, 16])
    with pytest.raises(ValueError, match="has 128 lanes, but a warp has 32 on sm_90"):
        ll.plan_conversion(wide, wide_t, 32, "sm_90")
    with pytest.raises(ValueError, match="has 128 lanes, but a warp has 64 on gfx942"):
        ll.plan_conversion(wide, wide_t, 32, "gfx942")
