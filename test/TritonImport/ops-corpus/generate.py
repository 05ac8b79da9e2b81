"""Compile small Triton 3.6 kernels that exercise the tt/ttg/ttng ops to
TTGIR on a CPU machine (no GPU; only the compilation step runs), for the
round-trip tests of the Triton dialects (test_ops_corpus_roundtrip.py).

    python test/TritonImport/ops-corpus/generate.py [case ...]

Writes <case>.<target>.ttgir beside this script. The source locations Triton
records are rewritten to paths relative to the repository (this script) and
to Triton's package (`triton/...`), so no machine path is committed.
"""

import os
import re
import sys

import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
from triton.language.extra import libdevice

HERE = os.path.dirname(os.path.abspath(__file__))
SELF = "test/TritonImport/ops-corpus/generate.py"
TRITON_DIR = os.path.dirname(os.path.abspath(triton.__file__))


@triton.jit
def k_reduce_scan(x_ptr, y_ptr, z_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs[:, None] * N + offs[None, :])
    s = tl.sum(x, axis=1)
    m = tl.max(x, axis=0)
    am = tl.argmax(x, axis=1)
    c = tl.cumsum(x, axis=1)
    c2 = tl.cumprod(x, axis=0, reverse=True)
    tl.store(y_ptr + offs, s + m + am.to(tl.float32))
    tl.store(z_ptr + offs[:, None] * N + offs[None, :], c + c2)


@triton.jit
def k_atomics(x_ptr, y_ptr, l_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    v = tl.load(x_ptr + offs)
    tl.atomic_add(y_ptr + offs, v)
    tl.atomic_max(y_ptr + offs, v, sem="relaxed", scope="cta")
    old = tl.atomic_cas(l_ptr, 0, 1)
    tl.atomic_xchg(l_ptr, old)
    tl.atomic_add(y_ptr, 1.0, mask=old == 0)


@triton.jit
def k_shapes(x_ptr, y_ptr, i_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs[:, None] * N + offs[None, :])
    t = tl.trans(x)
    j = tl.join(x, t)
    a, b = tl.split(j)
    r = tl.reshape(a + b, (N * N,))
    r2 = tl.reshape(r, (N, N), can_reorder=True)
    p = tl.permute(tl.reshape(r2, (2, N // 2, N)), (2, 0, 1))
    idx = tl.load(i_ptr + offs[:, None] * N + offs[None, :])
    g = tl.gather(x, idx, axis=1)
    h = tl.histogram(idx.reshape(N * N), 16)
    cc = tl.cat(offs, offs, can_reorder=True)
    tl.store(y_ptr + offs[:, None] * N + offs[None, :], g + tl.reshape(p, (N, N)))
    tl.store(i_ptr + tl.arange(0, 16), h)
    tl.store(i_ptr + tl.arange(0, 2 * N), cc)


@triton.jit
def k_masks_sort(x_ptr, y_ptr, m_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :])
    # A mask through a layout conversion (i1 elements).
    mt = tl.trans(x > 0)
    tl.store(m_ptr + cols[:, None] * M + rows[None, :], mt.to(tl.int8))
    # Sort and flip reshape the tile to rank log2(M * N) (here 11).
    y = tl.sort(x, dim=1) + tl.flip(x, 1)
    tl.store(y_ptr + rows[:, None] * N + cols[None, :], y)


@triton.jit
def k_math(x_ptr, y_ptr, u_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs, mask=offs < 10, other=1.0, eviction_policy="evict_last")
    u = tl.load(u_ptr + offs, volatile=True)
    y = tl.sqrt_rn(x) + tl.div_rn(x, x + 1.0) + tl.clamp(x, 0.0, 1.0)
    y = y + tl.math.exp2(x) + libdevice.tanh(x)
    hi = tl.umulhi(u, u)
    f8 = x.to(tl.float8e5)
    y = (
        y
        + f8.to(tl.float32)
        + x.to(tl.bfloat16, fp_downcast_rounding="rtz").to(tl.float32)
    )
    bc = x.to(tl.int32, bitcast=True)
    pi = tl.cast(x_ptr, tl.int64)
    (y2,) = tl.inline_asm_elementwise(
        "mov.b32 $0, $1;", "=r,r", [bc], dtype=(tl.int32,), is_pure=True, pack=1
    )
    tl.store(y_ptr + offs, y, cache_modifier=".cs")
    tl.store(u_ptr + offs, hi + y2.to(tl.uint32) + pi.to(tl.uint32))


@triton.jit
def k_debug(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.device_print("x = ", x)
    tl.device_print("pid", tl.program_id(1), tl.num_programs(2))
    tl.device_assert(x > 0, "x must be positive")


@triton.jit
def k_blockptr(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    p = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    acc = tl.zeros((BM, BN), tl.float32)
    for i in range(4):
        acc += tl.load(p, boundary_check=(0, 1), padding_option="zero")
        p = tl.advance(p, (0, BN))
    q = tl.make_block_ptr(y_ptr, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    tl.store(q, acc, boundary_check=(1,))


@triton.jit
def k_desc(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    d = tl.make_tensor_descriptor(x_ptr, [M, N], [N, 1], [BM, BN])
    e = tl.make_tensor_descriptor(y_ptr, [M, N], [N, 1], [BM, BN])
    pid = tl.program_id(0)
    v = d.load([pid * BM, 0])
    e.store([pid * BM, 0], v)
    e.atomic_add([pid * BM, 0], v)


@triton.jit
def k_desc_gather(x_ptr, y_ptr, i_ptr, M, N, BN: tl.constexpr):
    d = tl.make_tensor_descriptor(x_ptr, [M, N], [N, 1], [1, BN])
    idx = tl.load(i_ptr + tl.arange(0, 8))
    v = d.gather(idx, 0)
    d.scatter(v, idx, 0)


@triton.jit
def k_matmul(
    a_ptr,
    b_ptr,
    c_ptr,
    M,
    N,
    K,
    BM: tl.constexpr,
    BN: tl.constexpr,
    BK: tl.constexpr,
    WS: tl.constexpr,
):
    pid = tl.program_id(0)
    a_d = tl.make_tensor_descriptor(a_ptr, [M, K], [K, 1], [BM, BK])
    b_d = tl.make_tensor_descriptor(b_ptr, [N, K], [K, 1], [BN, BK])
    c_d = tl.make_tensor_descriptor(c_ptr, [M, N], [N, 1], [BM, BN])
    acc = tl.zeros((BM, BN), tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=WS, num_stages=3):
        a = a_d.load([pid * BM, k])
        b = b_d.load([0, k])
        acc = tl.dot(a, b.T, acc)
    c_d.store([pid * BM, 0], acc.to(tl.float16))


@triton.jit
def k_dot_scaled(
    a_ptr,
    b_ptr,
    as_ptr,
    bs_ptr,
    c_ptr,
    BM: tl.constexpr,
    BN: tl.constexpr,
    BK: tl.constexpr,
):
    om = tl.arange(0, BM)
    on = tl.arange(0, BN)
    ok = tl.arange(0, BK)
    ok2 = tl.arange(0, BK // 32)
    a = tl.load(a_ptr + om[:, None] * BK + ok[None, :])
    b = tl.load(b_ptr + ok[:, None] * BN + on[None, :])
    sa = tl.load(as_ptr + om[:, None] * (BK // 32) + ok2[None, :])
    sb = tl.load(bs_ptr + on[:, None] * (BK // 32) + ok2[None, :])
    c = tl.dot_scaled(a, sa, "e4m3", b, sb, "e4m3")
    tl.store(c_ptr + om[:, None] * BN + on[None, :], c)


@triton.jit
def k_mm_ptr(
    a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr
):
    om = tl.arange(0, BM)
    on = tl.arange(0, BN)
    ok = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), tl.float32)
    for k in range(0, K, BK):
        a = tl.load(
            a_ptr + om[:, None] * K + (ok[None, :] + k),
            mask=(ok[None, :] + k) < K,
            other=0.0,
        )
        b = tl.load(b_ptr + (ok[:, None] + k) * BN + on[None, :])
        acc = tl.dot(a, b, acc, input_precision="tf32")
    tl.store(c_ptr + om[:, None] * BN + on[None, :], acc)


@triton.jit
def k_attention(
    q_ptr, k_ptr, v_ptr, o_ptr, N, BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr
):
    om = tl.program_id(0) * BM + tl.arange(0, BM)
    od = tl.arange(0, D)
    q = tl.load(q_ptr + om[:, None] * D + od[None, :])
    m_i = tl.full((BM,), float("-inf"), tl.float32)
    l_i = tl.zeros((BM,), tl.float32)
    acc = tl.zeros((BM, D), tl.float32)
    for start in range(0, N, BN):
        on = start + tl.arange(0, BN)
        k = tl.load(k_ptr + on[None, :] * D + od[:, None])
        qk = tl.dot(q, k)
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + on[:, None] * D + od[None, :])
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    tl.store(o_ptr + om[:, None] * D + od[None, :], (acc / l_i[:, None]).to(tl.float16))


@triton.jit
def k_call_inner(x):
    return x * 2


@triton.jit(noinline=True)
def k_noinline(x):
    return x + 1


@triton.jit
def k_call(x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    s = k_noinline(tl.sum(x, 0))
    tl.store(x_ptr + offs, k_call_inner(x) + s)


cases = [
    (
        "reduce_scan",
        k_reduce_scan,
        {"x_ptr": "*fp32", "y_ptr": "*fp32", "z_ptr": "*fp32"},
        {"N": 32},
    ),
    (
        "atomics",
        k_atomics,
        {"x_ptr": "*fp32", "y_ptr": "*fp32", "l_ptr": "*i32"},
        {"N": 64},
    ),
    (
        "shapes",
        k_shapes,
        {"x_ptr": "*fp32", "y_ptr": "*fp32", "i_ptr": "*i32"},
        {"N": 16},
    ),
    (
        "masks_sort",
        k_masks_sort,
        {"x_ptr": "*fp32", "y_ptr": "*fp32", "m_ptr": "*i8"},
        {"M": 16, "N": 128},
    ),
    ("math", k_math, {"x_ptr": "*fp32", "y_ptr": "*fp32", "u_ptr": "*u32"}, {"N": 128}),
    ("debug", k_debug, {"x_ptr": "*fp32"}, {"N": 64}),
    (
        "blockptr",
        k_blockptr,
        {"x_ptr": "*fp16", "y_ptr": "*fp32", "M": "i32", "N": "i32"},
        {"BM": 64, "BN": 64},
    ),
    (
        "desc",
        k_desc,
        {"x_ptr": "*fp16", "y_ptr": "*fp16", "M": "i32", "N": "i32"},
        {"BM": 64, "BN": 64},
    ),
    (
        "desc_gather",
        k_desc_gather,
        {"x_ptr": "*fp16", "y_ptr": "*fp16", "i_ptr": "*i32", "M": "i32", "N": "i32"},
        {"BN": 64},
    ),
    (
        "matmul_tma",
        k_matmul,
        {
            "a_ptr": "*fp16",
            "b_ptr": "*fp16",
            "c_ptr": "*fp16",
            "M": "i32",
            "N": "i32",
            "K": "i32",
        },
        {"BM": 128, "BN": 128, "BK": 64, "WS": False},
    ),
    (
        "matmul_ws",
        k_matmul,
        {
            "a_ptr": "*fp16",
            "b_ptr": "*fp16",
            "c_ptr": "*fp16",
            "M": "i32",
            "N": "i32",
            "K": "i32",
        },
        {"BM": 128, "BN": 128, "BK": 64, "WS": True},
    ),
    (
        "dot_scaled",
        k_dot_scaled,
        {
            "a_ptr": "*fp8e4nv",
            "b_ptr": "*fp8e4nv",
            "as_ptr": "*u8",
            "bs_ptr": "*u8",
            "c_ptr": "*fp32",
        },
        {"BM": 128, "BN": 128, "BK": 128},
    ),
    (
        "mm_ptr",
        k_mm_ptr,
        {"a_ptr": "*fp32", "b_ptr": "*fp32", "c_ptr": "*fp32", "K": "i32"},
        {"BM": 64, "BN": 64, "BK": 32},
    ),
    (
        "attention",
        k_attention,
        {
            "q_ptr": "*fp16",
            "k_ptr": "*fp16",
            "v_ptr": "*fp16",
            "o_ptr": "*fp16",
            "N": "i32",
        },
        {"BM": 128, "BN": 64, "D": 64},
    ),
    ("call", k_call, {"x_ptr": "*fp32"}, {"N": 64}),
]
targets = [
    ("sm80", GPUTarget("cuda", 80, 32)),
    ("sm90", GPUTarget("cuda", 90, 32)),
    ("sm100", GPUTarget("cuda", 100, 32)),
    ("gfx942", GPUTarget("hip", "gfx942", 64)),
    ("gfx950", GPUTarget("hip", "gfx950", 64)),
]
only = sys.argv[1:]
for name, fn, sig, cons in cases:
    if only and name not in only:
        continue
    for tname, tgt in targets:
        try:
            src = ASTSource(
                fn=fn,
                signature={**sig, **{k: "constexpr" for k in cons}},
                constexprs=cons,
            )
            k = triton.compile(
                src,
                target=tgt,
                options={"num_stages": 3} if tgt.backend == "cuda" else {},
            )
            text = k.asm["ttgir"].replace(TRITON_DIR, "triton")
            text = re.sub(r'loc\("[^"]*generate\.py"', f'loc("{SELF}"', text)
            with open(os.path.join(HERE, f"{name}.{tname}.ttgir"), "w") as f:
                f.write(text)
            print("ok", name, tname, flush=True)
        except Exception as e:  # noqa: BLE001 (a target rejecting it: no file)
            print("skip", name, tname, type(e).__name__, flush=True)
