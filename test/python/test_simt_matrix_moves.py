"""The SIMT interpreter's ldmatrix/stmatrix against the PTX ISA's fragment
layout for m8n8 16-bit matrices, written out here independently of the
interpreter and of the lowering: for `.x4`, lane 8 i + r addresses row r of
matrix i, and lane t's register j holds row t / 4, elements 2 (t % 4) and
2 (t % 4) + 1 of matrix j (low half first); with `.trans`, elements
(2 (t % 4), t / 4) and (2 (t % 4) + 1, t / 4)."""

from __future__ import annotations

import numpy as np
import pytest
import simt_interpreter as simt

HEADER = """
gpu.module @m {
  llvm.mlir.global internal @s() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<512 x i8>
  gpu.func @k(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel {
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %c16 = llvm.mlir.constant(16 : i32) : i32
    %row = llvm.mul %tid, %c16 : i32
    %base = llvm.mlir.addressof @s : !llvm.ptr<3>
    %srow = llvm.getelementptr %base[%row] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %xrow = llvm.getelementptr %x[%row] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
    %yrow = llvm.getelementptr %y[%row] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
"""

LOAD = HEADER + """
    %v = llvm.load %xrow {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
    llvm.store %v, %srow {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
    nvvm.barrier0
    %m = nvvm.ldmatrix %srow {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<LAYOUT>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
    %w0 = llvm.extractvalue %m[0] : !llvm.struct<(i32, i32, i32, i32)>
    %w1 = llvm.extractvalue %m[1] : !llvm.struct<(i32, i32, i32, i32)>
    %w2 = llvm.extractvalue %m[2] : !llvm.struct<(i32, i32, i32, i32)>
    %w3 = llvm.extractvalue %m[3] : !llvm.struct<(i32, i32, i32, i32)>
    %p = llvm.mlir.poison : vector<4xi32>
    %i0 = llvm.mlir.constant(0 : i32) : i32
    %i1 = llvm.mlir.constant(1 : i32) : i32
    %i2 = llvm.mlir.constant(2 : i32) : i32
    %i3 = llvm.mlir.constant(3 : i32) : i32
    %q0 = llvm.insertelement %w0, %p[%i0 : i32] : vector<4xi32>
    %q1 = llvm.insertelement %w1, %q0[%i1 : i32] : vector<4xi32>
    %q2 = llvm.insertelement %w2, %q1[%i2 : i32] : vector<4xi32>
    %q3 = llvm.insertelement %w3, %q2[%i3 : i32] : vector<4xi32>
    llvm.store %q3, %yrow {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
    gpu.return
  }
}
"""

STORE = HEADER + """
    %v = llvm.load %xrow {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
    %i0 = llvm.mlir.constant(0 : i32) : i32
    %i1 = llvm.mlir.constant(1 : i32) : i32
    %i2 = llvm.mlir.constant(2 : i32) : i32
    %i3 = llvm.mlir.constant(3 : i32) : i32
    %w0 = llvm.extractelement %v[%i0 : i32] : vector<4xi32>
    %w1 = llvm.extractelement %v[%i1 : i32] : vector<4xi32>
    %w2 = llvm.extractelement %v[%i2 : i32] : vector<4xi32>
    %w3 = llvm.extractelement %v[%i3 : i32] : vector<4xi32>
    nvvm.stmatrix %srow, %w0, %w1, %w2, %w3 {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<LAYOUT>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
    nvvm.barrier0
    %s = llvm.load %srow {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
    llvm.store %s, %yrow {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
    gpu.return
  }
}
"""


def _fragment_position(t, j, half, trans):
    """(matrix, row, column) of half `half` of lane t's register j."""
    if trans:
        return j, 2 * (t % 4) + half, t // 4
    return j, t // 4, 2 * (t % 4) + half


def _run(text, x):
    y = np.zeros_like(x)
    simt.run_workgroup(text, "k", [x, y], threads=32, wave=32)
    return y


@pytest.mark.parametrize("trans", [False, True])
def test_ldmatrix_x4_fragments(trans):
    rng = np.random.default_rng(3)
    # Four 8x8 matrices of 16-bit elements, rows back to back: lane l's
    # 16 bytes are row l % 8 of matrix l / 8.
    mats = rng.integers(0, 1 << 16, size=(4, 8, 8), dtype=np.uint16)
    y = _run(LOAD.replace("LAYOUT", "col" if trans else "row"),
             mats.reshape(-1).copy())
    regs = y.view(np.uint32).reshape(32, 4)
    for t in range(32):
        for j in range(4):
            lo = mats[_fragment_position(t, j, 0, trans)]
            hi = mats[_fragment_position(t, j, 1, trans)]
            assert regs[t, j] == int(lo) | int(hi) << 16, (t, j)


@pytest.mark.parametrize("trans", [False, True])
def test_stmatrix_x4_fragments(trans):
    rng = np.random.default_rng(4)
    regs = rng.integers(0, 1 << 32, size=(32, 4), dtype=np.uint32)
    y = _run(STORE.replace("LAYOUT", "col" if trans else "row"),
             regs.reshape(-1).view(np.uint16).copy())
    mats = y.reshape(4, 8, 8)
    for t in range(32):
        for j in range(4):
            for half in range(2):
                want = (int(regs[t, j]) >> (16 * half)) & 0xFFFF
                assert mats[_fragment_position(t, j, half, trans)] == want


def test_ldmatrix_needs_whole_warps():
    x = np.zeros(256, np.uint16)
    # 16 threads: half a warp issues the warp-wide load.
    with pytest.raises(simt.InterpreterError, match="every lane"):
        simt.run_workgroup(LOAD.replace("LAYOUT", "row"), "k",
                           [x, np.zeros_like(x)], threads=16, wave=32)
