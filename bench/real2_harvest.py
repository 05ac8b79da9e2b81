"""Writes bench/real2_corpus.json: a held-out real-kernel corpus, the
`ttg.convert_layout` ops that Triton 3.6 emits (TTGIR, sm_90) when it
compiles kernels written for it in the style of library code, which the
planner and the lowering rules never saw. Written and drawn on 2026-12-02,
after the planner and the lowering rules, to check them on conversions of
real kernels nobody tuned for (bench/real_corpus.json is the corpus they
were written against).

The kernels (written for this file, not copied from a library): the
backward pass of flash attention (dk/dv with an atomic dq, and dq alone:
dots with transposed operands, the wgmma accumulator of one dot feeding
another as its A operand), a forward attention on fp8 (P quantized to
fp8 as the second dot's A operand), a persistent matmul whose epilogue
stores the accumulator as two halves (`tl.reshape`, `tl.permute`,
`tl.split`), the same with tensor descriptors, a grouped GEMM over arrays
of pointers, row softmax and cross-entropy, an fp8 matmul with per-block
scales, an int8 matmul (int32 accumulator,
fp16 or int8 output), a symmetrising x + x^T (`tl.trans`), a Mamba-style
chunk scan (`tl.cumsum`, decays), a gated MLP (SwiGLU), a top-k router
(`tl.topk`, `tl.histogram`) and a column gather (`tl.gather`). Each is
compiled for sm_90 in a few configurations (warps, tiles, element types)
as test/TritonImport/corpus/harvest_kernels.py compiles its own kernels
(`compile_ttgir`), Triton's own parser reads the TTGIR back, and
derive_reference.py there gives the bases of both sides of every
conversion and makes each case (`conversions_of`, `corpus_case`).

Kept: 2-D conversions of fp16, bf16, fp32, int8 or fp8e4nv, one case per
distinct shape, element type, warp count and pair of layouts, none that
bench/real_corpus.json already has, and only those whose Gluon `conv`
kernel Triton 3.6 compiles for sm_90 (bench/random_corpus.py's
`triton_compiles`: the reference to time against). Needs Triton (no GPU);
from the repository root, with the Python that has Triton 3.6:

    PYTHONPATH=build/dev/python_packages:$PWD/.venv/lib/python3.11/site-packages \
        python bench/real2_harvest.py

It prints each configuration's conversions and the cases left out.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import triton
import triton.language as tl
from triton._C.libtriton import gluon_ir, ir

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SOURCE = os.path.relpath(os.path.abspath(__file__), REPO)
sys.path.insert(0, os.path.join(REPO, "test", "TritonImport", "corpus"))
sys.path.insert(0, HERE)

import derive_reference as dr
from harvest_kernels import compile_ttgir
from random_corpus import triton_compiles, write_corpus

KEPT_DTYPES = ("fp16", "bf16", "fp32", "int8", "fp8e4nv")
BASES = ("register", "lane", "warp")


# --------------------------------------------------------------------------
# Flash attention, backward.


@triton.jit
def attn_bwd_dkdv(Q, K, V, DO, DQ, DK, DV, LSE, Delta, sm_scale, n_ctx,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  HEAD_DIM: tl.constexpr, CAUSAL: tl.constexpr,
                  ATOMIC_DQ: tl.constexpr):
    """One block of keys and values against every block of queries: dk and
    dv stay in registers; with ATOMIC_DQ each step adds its part of dq to
    global memory (the FlashAttention-2 Triton kernel's way)."""
    start_n = tl.program_id(0)
    bh = tl.program_id(1)
    base = bh.to(tl.int64) * n_ctx * HEAD_DIM
    row = bh.to(tl.int64) * n_ctx
    offs_n = start_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    k = tl.load(K + base + offs_n[:, None] * HEAD_DIM + offs_d[None, :])
    v = tl.load(V + base + offs_n[:, None] * HEAD_DIM + offs_d[None, :])
    dk = tl.zeros([BLOCK_N, HEAD_DIM], dtype=tl.float32)
    dv = tl.zeros([BLOCK_N, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    lo = start_n * BLOCK_N if CAUSAL else 0
    for start_m in range(lo, n_ctx, BLOCK_M):
        offs_m = start_m + tl.arange(0, BLOCK_M)
        q = tl.load(Q + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
        lse = tl.load(LSE + row + offs_m)
        qkT = tl.dot(k, tl.trans(q))
        pT = tl.math.exp2(qkT * qk_scale - lse[None, :])
        if CAUSAL:
            pT = tl.where(offs_m[None, :] >= offs_n[:, None], pT, 0.0)
        do = tl.load(DO + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
        dv = tl.dot(pT.to(do.dtype), do, dv)
        delta = tl.load(Delta + row + offs_m)
        dpT = tl.dot(v, tl.trans(do))
        dsT = (pT * (dpT - delta[None, :])).to(q.dtype)
        dk = tl.dot(dsT, q, dk)
        if ATOMIC_DQ:
            dq = tl.dot(tl.trans(dsT), k) * sm_scale
            tl.atomic_add(DQ + base + offs_m[:, None] * HEAD_DIM
                          + offs_d[None, :], dq, sem="relaxed")
    out = offs_n[:, None] * HEAD_DIM + offs_d[None, :]
    tl.store(DK + base + out, (dk * sm_scale).to(DK.dtype.element_ty))
    tl.store(DV + base + out, dv.to(DV.dtype.element_ty))


@triton.jit
def attn_bwd_dq(Q, K, V, DO, DQ, LSE, Delta, sm_scale, n_ctx,
                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                HEAD_DIM: tl.constexpr, CAUSAL: tl.constexpr):
    """One block of queries against the keys: K and V are read transposed
    (HEAD_DIM x BLOCK_N) and dq += ds @ K."""
    start_m = tl.program_id(0)
    bh = tl.program_id(1)
    base = bh.to(tl.int64) * n_ctx * HEAD_DIM
    row = bh.to(tl.int64) * n_ctx
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
    do = tl.load(DO + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
    lse = tl.load(LSE + row + offs_m)
    delta = tl.load(Delta + row + offs_m)
    dq = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    hi = (start_m + 1) * BLOCK_M if CAUSAL else n_ctx
    for start_n in range(0, hi, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        kT = tl.load(K + base + offs_n[None, :] * HEAD_DIM + offs_d[:, None])
        vT = tl.load(V + base + offs_n[None, :] * HEAD_DIM + offs_d[:, None])
        p = tl.math.exp2(tl.dot(q, kT) * qk_scale - lse[:, None])
        if CAUSAL:
            p = tl.where(offs_m[:, None] >= offs_n[None, :], p, 0.0)
        dp = tl.dot(do, vT)
        ds = (p * (dp - delta[:, None])).to(kT.dtype)
        dq = tl.dot(ds, tl.trans(kT), dq)
    tl.store(DQ + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :],
             (dq * sm_scale).to(DQ.dtype.element_ty))


@triton.jit
def attn_bwd_preprocess(O, DO, Delta, n_rows, BLOCK_M: tl.constexpr,
                        HEAD_DIM: tl.constexpr):
    """delta = rowsum(o * do), in fp32."""
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    mask = offs_m[:, None] < n_rows
    o = tl.load(O + offs_m[:, None] * HEAD_DIM + offs_d[None, :], mask=mask)
    do = tl.load(DO + offs_m[:, None] * HEAD_DIM + offs_d[None, :], mask=mask)
    delta = tl.sum(o.to(tl.float32) * do.to(tl.float32), axis=1)
    tl.store(Delta + offs_m, delta, mask=offs_m < n_rows)


@triton.jit
def attn_fwd_fp8(Q, K, Vt, Out, q_descale, k_descale, v_descale, sm_scale,
                 n_ctx, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                 HEAD_DIM: tl.constexpr):
    """Forward attention on fp8 Q, K and V with per-tensor descales; V is
    stored transposed (HEAD_DIM x n_ctx: K-major for the second wgmma) and
    P is quantized to fp8 before it multiplies V."""
    start_m = tl.program_id(0)
    bh = tl.program_id(1).to(tl.int64)
    base = bh * n_ctx * HEAD_DIM
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
    scale = sm_scale * tl.load(q_descale) * tl.load(k_descale)
    scale *= 1.4426950408889634
    m_i = tl.full([BLOCK_M], -float("inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    for start_n in range(0, n_ctx, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        kT = tl.load(K + base + offs_n[None, :] * HEAD_DIM + offs_d[:, None])
        qk = tl.dot(q, kT) * scale
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        vt = tl.load(Vt + base + offs_d[:, None] * n_ctx + offs_n[None, :])
        acc = tl.dot(p.to(vt.dtype), tl.trans(vt), acc * alpha[:, None])
        m_i = m_new
    out = acc * tl.load(v_descale) / l_i[:, None]
    tl.store(Out + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :],
             out.to(Out.dtype.element_ty))


# --------------------------------------------------------------------------
# GEMMs.


@triton.jit
def _tile_coords(tile, num_m, num_n, GROUP_M: tl.constexpr):
    """Grouped ordering of output tiles (GROUP_M row tiles share B)."""
    per_group = GROUP_M * num_n
    group = tile // per_group
    first_m = group * GROUP_M
    size_m = tl.minimum(num_m - first_m, GROUP_M)
    pid_m = first_m + (tile % per_group) % size_m
    pid_n = (tile % per_group) // size_m
    return pid_m, pid_n


@triton.jit
def persistent_matmul(A, B, C, M, N, K, stride_am, stride_bk, stride_cm,
                      NUM_SMS: tl.constexpr, BLOCK_M: tl.constexpr,
                      BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                      GROUP_M: tl.constexpr, SPLIT_EPILOGUE: tl.constexpr):
    """A persistent kernel: each program walks output tiles NUM_SMS apart.
    With SPLIT_EPILOGUE the accumulator is stored as its left and right
    halves (half the registers live while converting)."""
    num_m = tl.cdiv(M, BLOCK_M)
    num_n = tl.cdiv(N, BLOCK_N)
    for tile in range(tl.program_id(0), num_m * num_n, NUM_SMS):
        pid_m, pid_n = _tile_coords(tile, num_m, num_n, GROUP_M)
        offs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
        offs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
        offs_am = tl.max_contiguous(tl.multiple_of(offs_am, BLOCK_M), BLOCK_M)
        offs_bn = tl.max_contiguous(tl.multiple_of(offs_bn, BLOCK_N), BLOCK_N)
        offs_k = tl.arange(0, BLOCK_K)
        acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
        for kk in range(tl.cdiv(K, BLOCK_K)):
            k_ok = offs_k < K - kk * BLOCK_K
            a = tl.load(A + offs_am[:, None] * stride_am + kk * BLOCK_K
                        + offs_k[None, :], mask=k_ok[None, :], other=0.0)
            b = tl.load(B + (kk * BLOCK_K + offs_k[:, None]) * stride_bk
                        + offs_bn[None, :], mask=k_ok[:, None], other=0.0)
            acc = tl.dot(a, b, acc)
        offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        m_ok = offs_cm[:, None] < M
        c = acc.to(C.dtype.element_ty)
        if SPLIT_EPILOGUE:
            HALF: tl.constexpr = BLOCK_N // 2
            c0, c1 = tl.split(tl.permute(tl.reshape(c, [BLOCK_M, 2, HALF]),
                                         [0, 2, 1]))
            offs_h = pid_n * BLOCK_N + tl.arange(0, HALF)
            ptrs = C + offs_cm[:, None] * stride_cm + offs_h[None, :]
            tl.store(ptrs, c0, mask=m_ok & (offs_h[None, :] < N))
            tl.store(ptrs + HALF, c1, mask=m_ok & (offs_h[None, :] + HALF < N))
        else:
            offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
            tl.store(C + offs_cm[:, None] * stride_cm + offs_cn[None, :], c,
                     mask=m_ok & (offs_cn[None, :] < N))


@triton.jit
def persistent_matmul_tma(A, B, C, M, N, K, NUM_SMS: tl.constexpr,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                          BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    """The persistent matmul with tensor descriptors; the epilogue stores
    two BLOCK_M x BLOCK_N/2 halves through a descriptor of half tiles."""
    HALF: tl.constexpr = BLOCK_N // 2
    a_desc = tl.make_tensor_descriptor(A, shape=[M, K], strides=[K, 1],
                                       block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(B, shape=[N, K], strides=[K, 1],
                                       block_shape=[BLOCK_N, BLOCK_K])
    c_desc = tl.make_tensor_descriptor(C, shape=[M, N], strides=[N, 1],
                                       block_shape=[BLOCK_M, HALF])
    num_m = tl.cdiv(M, BLOCK_M)
    num_n = tl.cdiv(N, BLOCK_N)
    for tile in range(tl.program_id(0), num_m * num_n, NUM_SMS):
        pid_m, pid_n = _tile_coords(tile, num_m, num_n, GROUP_M)
        acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
        for kk in range(tl.cdiv(K, BLOCK_K)):
            a = a_desc.load([pid_m * BLOCK_M, kk * BLOCK_K])
            b = b_desc.load([pid_n * BLOCK_N, kk * BLOCK_K])
            acc = tl.dot(a, b.T, acc)
        acc = tl.reshape(acc, [BLOCK_M, 2, HALF])
        c0, c1 = tl.split(tl.permute(acc, [0, 2, 1]))
        c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N],
                     c0.to(C.dtype.element_ty))
        c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N + HALF],
                     c1.to(C.dtype.element_ty))


@triton.jit
def grouped_gemm(a_ptrs, b_ptrs, c_ptrs, sizes, group_count,
                 NUM_SMS: tl.constexpr, DT: tl.constexpr,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                 BLOCK_K: tl.constexpr):
    """Independent GEMMs (sizes holds M, N, K of each; a_ptrs, b_ptrs and
    c_ptrs their addresses), their tiles spread over NUM_SMS programs."""
    tile = tl.program_id(0)
    seen = 0
    for g in range(group_count):
        gm = tl.load(sizes + g * 3)
        gn = tl.load(sizes + g * 3 + 1)
        gk = tl.load(sizes + g * 3 + 2)
        tiles_n = tl.cdiv(gn, BLOCK_N)
        tiles = tl.cdiv(gm, BLOCK_M) * tiles_n
        while tile >= seen and tile < seen + tiles:
            a = tl.load(a_ptrs + g).to(tl.pointer_type(DT))
            b = tl.load(b_ptrs + g).to(tl.pointer_type(DT))
            c = tl.load(c_ptrs + g).to(tl.pointer_type(DT))
            local = tile - seen
            offs_m = (local // tiles_n) * BLOCK_M + tl.arange(0, BLOCK_M)
            offs_n = (local % tiles_n) * BLOCK_N + tl.arange(0, BLOCK_N)
            offs_k = tl.arange(0, BLOCK_K)
            acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
            for kk in range(tl.cdiv(gk, BLOCK_K)):
                k_ok = kk * BLOCK_K + offs_k < gk
                x = tl.load(a + offs_m[:, None] * gk + kk * BLOCK_K
                            + offs_k[None, :],
                            mask=(offs_m[:, None] < gm) & k_ok[None, :],
                            other=0.0)
                w = tl.load(b + (kk * BLOCK_K + offs_k[:, None]) * gn
                            + offs_n[None, :],
                            mask=k_ok[:, None] & (offs_n[None, :] < gn),
                            other=0.0)
                acc += tl.dot(x, w)
            tl.store(c + offs_m[:, None] * gn + offs_n[None, :], acc.to(DT),
                     mask=(offs_m[:, None] < gm) & (offs_n[None, :] < gn))
            tile += NUM_SMS
        seen += tiles


@triton.jit
def fp8_blockscale_matmul(A, B, C, As, Bs, M, N, K, SCALE_BLOCK: tl.constexpr,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                          BLOCK_K: tl.constexpr, COL_SCALES: tl.constexpr):
    """C = (A * As) @ (B * Bs) with fp8 A (M x K) and B (N x K, K-major);
    As holds a scale per row and K block, Bs one per SCALE_BLOCK x
    SCALE_BLOCK block (or, with COL_SCALES, per column and K block). Each
    K block's product is scaled before it is accumulated."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    k_blocks = tl.cdiv(K, SCALE_BLOCK)
    acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
    for kk in range(tl.cdiv(K, BLOCK_K)):
        a = tl.load(A + offs_m[:, None] * K + kk * BLOCK_K + offs_k[None, :])
        b = tl.load(B + offs_n[None, :] * K + kk * BLOCK_K + offs_k[:, None])
        kb = kk * BLOCK_K // SCALE_BLOCK
        a_s = tl.load(As + offs_m * k_blocks + kb)
        if COL_SCALES:
            b_s = tl.load(Bs + offs_n * k_blocks + kb)
            acc += tl.dot(a, b) * a_s[:, None] * b_s[None, :]
        else:
            nb = pid_n * BLOCK_N // SCALE_BLOCK
            b_s = tl.load(Bs + nb * k_blocks + kb)
            acc += tl.dot(a, b) * (a_s[:, None] * b_s)
    tl.store(C + offs_m[:, None] * N + offs_n[None, :],
             acc.to(C.dtype.element_ty),
             mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@triton.jit
def int8_matmul(A, B, C, a_scale, b_scale, M, N, K, BLOCK_M: tl.constexpr,
                BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                REQUANT: tl.constexpr):
    """int8 x int8 with an int32 accumulator; the output is dequantized to
    fp16 (row and column scales) or, with REQUANT, requantized to int8."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.int32)
    for kk in range(tl.cdiv(K, BLOCK_K)):
        a = tl.load(A + offs_m[:, None] * K + kk * BLOCK_K + offs_k[None, :])
        b = tl.load(B + (kk * BLOCK_K + offs_k[:, None]) * N + offs_n[None, :])
        acc = tl.dot(a, b, acc, out_dtype=tl.int32)
    s = tl.load(a_scale + offs_m)[:, None] * tl.load(b_scale + offs_n)[None, :]
    y = acc.to(tl.float32) * s
    if REQUANT:
        y = tl.clamp(y + 0.5, -128.0, 127.0).to(tl.int8)
    tl.store(C + offs_m[:, None] * N + offs_n[None, :],
             y.to(C.dtype.element_ty),
             mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@triton.jit
def swiglu_mlp(X, Wg, Wu, Y, M, N, K, BLOCK_M: tl.constexpr,
               BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
               INTERLEAVE: tl.constexpr):
    """silu(X @ Wg) * (X @ Wu), the weights N x K (nn.Linear's layout).
    With INTERLEAVE the output holds (gate, up) pairs instead."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    gate = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
    up = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
    for kk in range(0, K, BLOCK_K):
        x = tl.load(X + offs_m[:, None] * K + kk + offs_k[None, :])
        wg = tl.load(Wg + offs_n[:, None] * K + kk + offs_k[None, :])
        wu = tl.load(Wu + offs_n[:, None] * K + kk + offs_k[None, :])
        gate = tl.dot(x, tl.trans(wg), gate)
        up = tl.dot(x, tl.trans(wu), up)
    if INTERLEAVE:
        y = tl.reshape(tl.join(gate, up), [BLOCK_M, 2 * BLOCK_N])
        offs_y = pid_n * 2 * BLOCK_N + tl.arange(0, 2 * BLOCK_N)
        tl.store(Y + offs_m[:, None] * 2 * N + offs_y[None, :],
                 y.to(Y.dtype.element_ty))
    else:
        y = gate * tl.sigmoid(gate) * up
        tl.store(Y + offs_m[:, None] * N + offs_n[None, :],
                 y.to(Y.dtype.element_ty))


# --------------------------------------------------------------------------
# Row-wise kernels.


@triton.jit
def softmax_rows(X, Y, n_rows, n_cols, stride, BLOCK_R: tl.constexpr,
                 BLOCK_C: tl.constexpr):
    """Softmax of BLOCK_R rows a program, the row in one block."""
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.arange(0, BLOCK_C)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    ptrs = rows[:, None] * stride + cols[None, :]
    x = tl.load(X + ptrs, mask=mask, other=-float("inf")).to(tl.float32)
    e = tl.exp(x - tl.max(x, axis=1)[:, None])
    y = e / tl.sum(e, axis=1)[:, None]
    tl.store(Y + ptrs, y.to(Y.dtype.element_ty), mask=mask)


@triton.jit
def cross_entropy(Logits, Target, Loss, DLogits, n_rows, vocab,
                  BLOCK_R: tl.constexpr, BLOCK_V: tl.constexpr):
    """Loss and gradient of softmax cross-entropy over a large vocabulary:
    an online log-sum-exp over BLOCK_V chunks, then softmax - one-hot."""
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    row_ok = rows < n_rows
    target = tl.load(Target + rows, mask=row_ok, other=0)
    m = tl.full([BLOCK_R], -float("inf"), tl.float32)
    s = tl.zeros([BLOCK_R], tl.float32)
    picked = tl.zeros([BLOCK_R], tl.float32)
    base = rows.to(tl.int64)[:, None] * vocab
    for v0 in range(0, vocab, BLOCK_V):
        cols = v0 + tl.arange(0, BLOCK_V)
        mask = row_ok[:, None] & (cols[None, :] < vocab)
        x = tl.load(Logits + base + cols[None, :], mask=mask,
                    other=-float("inf")).to(tl.float32)
        m_new = tl.maximum(m, tl.max(x, axis=1))
        s = s * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new[:, None]), axis=1)
        picked += tl.sum(tl.where(cols[None, :] == target[:, None], x, 0.0),
                         axis=1)
        m = m_new
    lse = m + tl.log(s)
    tl.store(Loss + rows, lse - picked, mask=row_ok)
    for v0 in range(0, vocab, BLOCK_V):
        cols = v0 + tl.arange(0, BLOCK_V)
        mask = row_ok[:, None] & (cols[None, :] < vocab)
        x = tl.load(Logits + base + cols[None, :], mask=mask,
                    other=0.0).to(tl.float32)
        g = tl.exp(x - lse[:, None]) - (cols[None, :] == target[:, None])
        tl.store(DLogits + base + cols[None, :],
                 g.to(DLogits.dtype.element_ty), mask=mask)


@triton.jit
def symmetrize(X, Y, n, BLOCK: tl.constexpr):
    """Y = (X + X^T) / 2 for a square matrix, a tile and its mirror."""
    pid_i = tl.program_id(0)
    pid_j = tl.program_id(1)
    offs_i = pid_i * BLOCK + tl.arange(0, BLOCK)
    offs_j = pid_j * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(X + offs_i[:, None] * n + offs_j[None, :])
    mirror = tl.load(X + offs_j[:, None] * n + offs_i[None, :])
    y = (x.to(tl.float32) + tl.trans(mirror).to(tl.float32)) * 0.5
    tl.store(Y + offs_i[:, None] * n + offs_j[None, :],
             y.to(Y.dtype.element_ty))


# --------------------------------------------------------------------------
# Scans, routing, gathers.


@triton.jit
def chunk_scan(Cm, Bm, Xm, dA, Y, seqlen, CHUNK: tl.constexpr,
               DSTATE: tl.constexpr, HEAD_DIM: tl.constexpr):
    """The intra-chunk part of a Mamba-2 style scan: Y = (C B^T * L) X
    with L[i, j] = exp(cumsum(dA)[i] - cumsum(dA)[j]) for j <= i."""
    chunk = tl.program_id(0)
    offs_l = chunk * CHUNK + tl.arange(0, CHUNK)
    offs_s = tl.arange(0, DSTATE)
    offs_p = tl.arange(0, HEAD_DIM)
    c = tl.load(Cm + offs_l[:, None] * DSTATE + offs_s[None, :])
    b = tl.load(Bm + offs_l[:, None] * DSTATE + offs_s[None, :])
    x = tl.load(Xm + offs_l[:, None] * HEAD_DIM + offs_p[None, :])
    a = tl.cumsum(tl.load(dA + offs_l).to(tl.float32), axis=0)
    scores = tl.dot(c, tl.trans(b))
    idx = tl.arange(0, CHUNK)
    decay = tl.exp(a[:, None] - a[None, :])
    scores = tl.where(idx[:, None] >= idx[None, :], scores * decay, 0.0)
    y = tl.dot(scores.to(x.dtype), x)
    tl.store(Y + offs_l[:, None] * HEAD_DIM + offs_p[None, :],
             y.to(Y.dtype.element_ty))


@triton.jit
def topk_router(Logits, Weights, Experts, Counts, n_tokens,
                BLOCK_T: tl.constexpr, N_EXPERTS: tl.constexpr,
                TOP_K: tl.constexpr):
    """Softmax over experts, the TOP_K best (by value, packed with the
    expert index into one key) and a histogram of the chosen experts."""
    tokens = tl.program_id(0) * BLOCK_T + tl.arange(0, BLOCK_T)
    experts = tl.arange(0, N_EXPERTS)
    x = tl.load(Logits + tokens[:, None] * N_EXPERTS + experts[None, :])
    x = x.to(tl.float32)
    p = tl.exp(x - tl.max(x, axis=1)[:, None])
    p = p / tl.sum(p, axis=1)[:, None]
    # Keys: probability bits (positive floats sort as integers) above the
    # expert index.
    key = (p.to(tl.int32, bitcast=True).to(tl.int64) << 16) | experts[None, :]
    best = tl.topk(key, TOP_K, dim=1)
    chosen = (best & 0xFFFF).to(tl.int32)
    weight = (best >> 16).to(tl.int32).to(tl.float32, bitcast=True)
    weight = weight / tl.sum(weight, axis=1)[:, None]
    slots = tl.arange(0, TOP_K)
    out = tokens[:, None] * TOP_K + slots[None, :]
    tl.store(Weights + out, weight.to(Weights.dtype.element_ty))
    tl.store(Experts + out, chosen)
    hist = tl.histogram(tl.reshape(chosen, [BLOCK_T * TOP_K]), N_EXPERTS)
    tl.atomic_add(Counts + experts, hist, sem="relaxed")


@triton.jit
def column_gather(X, Perm, Y, n_rows, BLOCK_R: tl.constexpr,
                  BLOCK_C: tl.constexpr):
    """Y[:, j] = X[:, perm[j]] within a block of columns (a channel
    shuffle), with tl.gather along the columns."""
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.arange(0, BLOCK_C)
    mask = rows[:, None] < n_rows
    x = tl.load(X + rows[:, None] * BLOCK_C + cols[None, :], mask=mask)
    perm = tl.load(Perm + cols)
    idx = tl.broadcast_to(perm[None, :], [BLOCK_R, BLOCK_C])
    y = tl.gather(x, idx, axis=1)
    tl.store(Y + rows[:, None] * BLOCK_C + cols[None, :], y, mask=mask)


# --------------------------------------------------------------------------
# Configurations.


def _ptrs(dt, names):
    return {n: f"*{dt}" for n in names}


def _configs():
    """(kernel, config, signature, constexprs, options)."""
    out = []

    def add(kernel, config, signature, constexprs, warps, stages=3):
        out.append((kernel, config, signature, constexprs,
                    {"num_warps": warps, "num_stages": stages}))

    for dt in ("fp16", "bf16"):
        for bm, bn, d, w in ((64, 128, 64, 4), (32, 128, 128, 8),
                             (64, 64, 128, 4), (128, 128, 64, 8)):
            for causal, atomic in ((True, False), (False, True)):
                add(attn_bwd_dkdv,
                    f"{dt}.{bm}x{bn}x{d}.w{w}"
                    + (".causal" if causal else "")
                    + (".atomic" if atomic else ""),
                    dict(_ptrs(dt, ["Q", "K", "V", "DO"]), DQ="*fp32",
                         **_ptrs(dt, ["DK", "DV"]), LSE="*fp32",
                         Delta="*fp32", sm_scale="fp32", n_ctx="i32"),
                    {"BLOCK_M": bm, "BLOCK_N": bn, "HEAD_DIM": d,
                     "CAUSAL": causal, "ATOMIC_DQ": atomic}, w)
        for bm, bn, d, w in ((128, 64, 64, 4), (128, 32, 128, 8),
                             (64, 64, 128, 4), (128, 128, 64, 8)):
            add(attn_bwd_dq, f"{dt}.{bm}x{bn}x{d}.w{w}",
                dict(_ptrs(dt, ["Q", "K", "V", "DO", "DQ"]), LSE="*fp32",
                     Delta="*fp32", sm_scale="fp32", n_ctx="i32"),
                {"BLOCK_M": bm, "BLOCK_N": bn, "HEAD_DIM": d, "CAUSAL": True},
                w)
        add(attn_bwd_preprocess, f"{dt}.128x64.w4",
            dict(_ptrs(dt, ["O", "DO"]), Delta="*fp32", n_rows="i32"),
            {"BLOCK_M": 128, "HEAD_DIM": 64}, 4)
    for out_dt in ("bf16", "fp16"):
        for bm, bn, d, w in ((128, 64, 128, 8), (64, 64, 64, 4),
                             (128, 128, 64, 8), (128, 128, 128, 8)):
            add(attn_fwd_fp8, f"fp8e4nv.{out_dt}.{bm}x{bn}x{d}.w{w}",
                dict(_ptrs("fp8e4nv", ["Q", "K", "Vt"]), Out=f"*{out_dt}",
                     **_ptrs("fp32", ["q_descale", "k_descale",
                                      "v_descale"]),
                     sm_scale="fp32", n_ctx="i32"),
                {"BLOCK_M": bm, "BLOCK_N": bn, "HEAD_DIM": d}, w)
    for dt in ("fp16", "bf16"):
        for bm, bn, bk, w, split in ((128, 128, 64, 4, True),
                                     (128, 256, 64, 8, True),
                                     (64, 128, 64, 4, True),
                                     (128, 64, 64, 4, True),
                                     (128, 128, 64, 8, False),
                                     (64, 64, 32, 2, True)):
            add(persistent_matmul,
                f"{dt}.{bm}x{bn}x{bk}.w{w}" + (".split" if split else ""),
                dict(_ptrs(dt, "ABC"), M="i32", N="i32", K="i32",
                     stride_am="i32", stride_bk="i32", stride_cm="i32"),
                {"NUM_SMS": 132, "BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk,
                 "GROUP_M": 8, "SPLIT_EPILOGUE": split}, w, 4)
        for bm, bn, bk, w in ((128, 128, 64, 4), (128, 256, 64, 8)):
            add(persistent_matmul_tma, f"{dt}.{bm}x{bn}x{bk}.w{w}",
                dict(_ptrs(dt, "ABC"), M="i32", N="i32", K="i32"),
                {"NUM_SMS": 132, "BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk,
                 "GROUP_M": 8}, w, 4)
        for bm, bn, bk, w in ((128, 128, 32, 4), (64, 64, 64, 4),
                              (128, 256, 64, 8), (32, 64, 32, 2)):
            add(grouped_gemm, f"{dt}.{bm}x{bn}x{bk}.w{w}",
                {"a_ptrs": "*i64", "b_ptrs": "*i64", "c_ptrs": "*i64",
                 "sizes": "*i32", "group_count": "i32"},
                {"NUM_SMS": 132,
                 "DT": tl.float16 if dt == "fp16" else tl.bfloat16,
                 "BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk}, w)
        for bm, bn, bk, w, inter in ((128, 64, 64, 4, False),
                                     (64, 128, 64, 4, True),
                                     (128, 128, 64, 8, True)):
            add(swiglu_mlp,
                f"{dt}.{bm}x{bn}x{bk}.w{w}" + (".interleave" if inter else ""),
                dict(_ptrs(dt, ["X", "Wg", "Wu", "Y"]), M="i32", N="i32",
                     K="i32"),
                {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk,
                 "INTERLEAVE": inter}, w)
    for out_dt in ("bf16", "fp16"):
        for bm, bn, bk, w, col in ((128, 128, 128, 4, False),
                                   (64, 128, 128, 4, True),
                                   (128, 256, 128, 8, False),
                                   (128, 64, 128, 4, True)):
            add(fp8_blockscale_matmul,
                f"fp8e4nv.{out_dt}.{bm}x{bn}x{bk}.w{w}"
                + (".colscale" if col else ""),
                dict(_ptrs("fp8e4nv", "AB"), C=f"*{out_dt}", As="*fp32",
                     Bs="*fp32", M="i32", N="i32", K="i32"),
                {"SCALE_BLOCK": 128, "BLOCK_M": bm, "BLOCK_N": bn,
                 "BLOCK_K": bk, "COL_SCALES": col}, w)
    for bm, bn, bk, w, out_dt in ((128, 128, 64, 4, "fp16"),
                                  (128, 256, 128, 8, "fp16"),
                                  (64, 64, 64, 4, "i8"),
                                  (128, 128, 64, 8, "i8"),
                                  (64, 64, 64, 2, "fp16")):
        add(int8_matmul, f"int8.{out_dt}.{bm}x{bn}x{bk}.w{w}",
            dict(_ptrs("i8", "AB"), C=f"*{out_dt}", a_scale="*fp32",
                 b_scale="*fp32", M="i32", N="i32", K="i32"),
            {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk,
             "REQUANT": out_dt == "i8"}, w)
    for dt in ("fp16", "bf16", "fp32"):
        for br, bc, w in ((4, 1024, 4), (16, 256, 4), (8, 2048, 8),
                          (2, 128, 2)):
            add(softmax_rows, f"{dt}.{br}x{bc}.w{w}",
                dict(_ptrs(dt, "XY"), n_rows="i32", n_cols="i32",
                     stride="i32"),
                {"BLOCK_R": br, "BLOCK_C": bc}, w, 1)
        for br, bv, w in ((8, 1024, 4), (16, 512, 8), (1, 4096, 8)):
            add(cross_entropy, f"{dt}.{br}x{bv}.w{w}",
                {"Logits": f"*{dt}", "Target": "*i64", "Loss": "*fp32",
                 "DLogits": f"*{dt}", "n_rows": "i32", "vocab": "i32"},
                {"BLOCK_R": br, "BLOCK_V": bv}, w, 1)
    for dt in ("fp16", "bf16"):
        for chunk, ds, hd, w in ((64, 64, 64, 4), (128, 128, 64, 8),
                                 (64, 128, 32, 4), (32, 64, 64, 2)):
            add(chunk_scan, f"{dt}.{chunk}x{ds}x{hd}.w{w}",
                dict(_ptrs(dt, ["Cm", "Bm", "Xm"]), dA="*fp32",
                     Y=f"*{dt}", seqlen="i32"),
                {"CHUNK": chunk, "DSTATE": ds, "HEAD_DIM": hd}, w, 1)
        for bt, ne, k, w in ((64, 64, 8, 4), (32, 128, 4, 4),
                             (128, 16, 2, 8)):
            add(topk_router, f"{dt}.{bt}x{ne}.top{k}.w{w}",
                {"Logits": f"*{dt}", "Weights": f"*{dt}", "Experts": "*i32",
                 "Counts": "*i32", "n_tokens": "i32"},
                {"BLOCK_T": bt, "N_EXPERTS": ne, "TOP_K": k}, w, 1)
    for dt, b, w in (("fp16", 32, 4), ("fp16", 64, 8), ("fp16", 128, 8),
                     ("bf16", 64, 4), ("fp32", 32, 2), ("fp32", 64, 4)):
        add(symmetrize, f"{dt}.{b}x{b}.w{w}",
            dict(_ptrs(dt, "XY"), n="i32"), {"BLOCK": b}, w, 1)
    for dt, br, bc, w in (("fp16", 64, 64, 4), ("fp16", 128, 32, 8),
                          ("i8", 32, 128, 4), ("fp32", 64, 64, 4)):
        add(column_gather, f"{dt}.{br}x{bc}.w{w}",
            {"X": f"*{dt}", "Perm": "*i32", "Y": f"*{dt}", "n_rows": "i32"},
            {"BLOCK_R": br, "BLOCK_C": bc}, w, 1)
    return out


# --------------------------------------------------------------------------
# Harvest.


def _conversions(ctx, builder, ttgir):
    """Every ttg.convert_layout of a TTGIR text, in program order."""
    with tempfile.NamedTemporaryFile("w", suffix=".ttgir") as f:
        f.write(ttgir)
        f.flush()
        return dr.conversions_of(ir.parse_mlir_module(f.name, ctx), builder)


def _key(shape, dtype, warps, a, b):
    return json.dumps([shape, dtype, warps, {k: a[k] for k in BASES},
                       {k: b[k] for k in BASES}], sort_keys=True)


def harvest():
    ctx = ir.context()
    dr._load_dialects(ctx)
    builder = gluon_ir.GluonOpBuilder(ctx)
    with open(os.path.join(HERE, "real_corpus.json")) as f:
        known = {_key(c["shape"], c["dtype"], c["warps"], c["A"], c["B"])
                 for c in json.load(f)}
    cases = {}
    for kernel, config, signature, constexprs, options in _configs():
        label = f"{kernel.__name__}.{config}"
        try:
            ttgir = compile_ttgir(kernel, signature, constexprs, options)
        except Exception as e:  # noqa: BLE001 -- a config Triton rejects
            print(f"{label}: does not compile: {str(e).splitlines()[0][:200]}")
            continue
        convs = _conversions(ctx, builder, ttgir)
        kept = 0
        for i, c in enumerate(convs):
            dtype = dr.DTYPES.get(c["element_type"])
            if len(c["shape"]) != 2 or dtype not in KEPT_DTYPES:
                continue
            warps = options["num_warps"]
            key = _key(c["shape"], dtype, warps, c["src"], c["dst"])
            if key in known:
                continue
            kept += 1
            if key not in cases:
                cases[key] = dr.corpus_case("real2", kernel.__name__, c,
                                            dtype, warps)
            cases[key]["sources"].append(f"{SOURCE}:{label}#{i}")
        print(f"{label}: {len(convs)} conversions, {kept} new 2-D")
    return dr.sorted_with_distinct_names(cases.values())


if __name__ == "__main__":
    found = harvest()
    with ThreadPoolExecutor(2) as pool:
        ok = list(pool.map(triton_compiles, found))
    for c, good in zip(found, ok):
        if not good:
            print(f"{c['name']}: Triton cannot compile its conv kernel; "
                  "left out")
    write_corpus("real2_corpus.json",
                 [c for c, good in zip(found, ok) if good],
                 f"{len(found)} distinct new conversions")
