"""Compiles this project's own Triton kernels in the style of attention,
rotary-embedding and mixture-of-experts code, and writes their TTGIR here.

Run with Triton 3.6 importable (its CPU build is enough; no GPU):

    python test/TritonImport/corpus/harvest_kernels.py

Each kernel is compiled with `triton.compile(ASTSource(...),
target=GPUTarget("cuda", 90, 32))`, the H100's target, as the Triton
tutorials' kernels of this folder were (PROVENANCE.md), and written as
`<kernel>.<config>.sm90.ttgir` where it has conversions; manifest.json
gets (or replaces) one entry per file. Source locations name this file by its path in the repository
and Triton's own files as `triton/...`. Then derive_reference.py turns
the conversions of every TTGIR here into reference.json and
bench/real_corpus.json.

The kernels are written for this corpus (not copied from a library): the
forward pass of flash attention (online softmax; the wgmma accumulator of
Q K^T feeds the second dot as its A operand), rotary embeddings that split
a head into halves or into interleaved pairs (`tl.reshape`, `tl.permute`,
`tl.split`, `tl.join`: slices of 3-D layouts; files `rotary_halves.*` and
`rotary_pairs.*`), and a mixture-of-experts GEMM whose rows are routed
tokens.
"""

import json
import os
import re

import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SOURCE = os.path.relpath(os.path.abspath(__file__), REPO)


@triton.jit
def attention_fwd(Q, K, V, Out, sm_scale, n_ctx,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  HEAD_DIM: tl.constexpr):
    start_m = tl.program_id(0)
    head = tl.program_id(1).to(tl.int64) * n_ctx * HEAD_DIM
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + head + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    scale = sm_scale * 1.44269504
    for start_n in range(0, n_ctx, BLOCK_N):
        rows = start_n + offs_n
        k_t = tl.load(K + head + rows[None, :] * HEAD_DIM + offs_d[:, None])
        qk = tl.dot(q, k_t) * scale
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(V + head + rows[:, None] * HEAD_DIM + offs_d[None, :])
        acc = tl.dot(p.to(v.dtype), v, acc * alpha[:, None])
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(Out + head + offs_m[:, None] * HEAD_DIM + offs_d[None, :],
             out.to(Out.dtype.element_ty))


@triton.jit
def rotary(X, Cos, Sin, Out, BLOCK_S: tl.constexpr, HEAD_DIM: tl.constexpr,
           PAIRS: tl.constexpr):
    """Rotary embeddings of a tile of heads: with PAIRS adjacent elements
    (2i, 2i + 1) rotate together (GPT-J style), else the first and second
    half of a head (GPT-NeoX style)."""
    HALF: tl.constexpr = HEAD_DIM // 2
    offs_s = tl.program_id(0) * BLOCK_S + tl.arange(0, BLOCK_S)
    offs_d = tl.arange(0, HEAD_DIM)
    offs_h = tl.arange(0, HALF)
    x = tl.load(X + offs_s[:, None] * HEAD_DIM + offs_d[None, :]).to(tl.float32)
    if PAIRS:
        x1, x2 = tl.split(tl.reshape(x, [BLOCK_S, HALF, 2]))
    else:
        x1, x2 = tl.split(tl.permute(tl.reshape(x, [BLOCK_S, 2, HALF]),
                                     [0, 2, 1]))
    c = tl.load(Cos + offs_s[:, None] * HALF + offs_h[None, :])
    s = tl.load(Sin + offs_s[:, None] * HALF + offs_h[None, :])
    y = tl.join(x1 * c - x2 * s, x2 * c + x1 * s)
    if not PAIRS:
        y = tl.permute(y, [0, 2, 1])
    y = tl.reshape(y, [BLOCK_S, HEAD_DIM])
    tl.store(Out + offs_s[:, None] * HEAD_DIM + offs_d[None, :],
             y.to(Out.dtype.element_ty))


@triton.jit
def moe_gemm(A, B, C, token_ids, expert_ids, N, K, top_k,
             BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
             BLOCK_K: tl.constexpr):
    """Rows of A are the tokens routed to one expert (token_ids, sorted by
    expert); B holds every expert's K x N weights."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    tokens = tl.load(token_ids + pid_m * BLOCK_M + tl.arange(0, BLOCK_M))
    expert = tl.load(expert_ids + pid_m).to(tl.int64)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = A + (tokens // top_k)[:, None] * K + offs_k[None, :]
    b_ptrs = B + expert * K * N + offs_k[:, None] * N + offs_n[None, :]
    acc = tl.zeros([BLOCK_M, BLOCK_N], tl.float32)
    for _ in range(0, K, BLOCK_K):
        acc = tl.dot(tl.load(a_ptrs), tl.load(b_ptrs), acc)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * N
    tl.store(C + tokens[:, None] * N + offs_n[None, :],
             acc.to(C.dtype.element_ty))


def _configs():
    """(file stem, kernel, signature, constexprs, options)."""
    out = []
    for dt in ("fp16", "bf16"):
        for bm, bn, d, w in ((128, 64, 64, 4), (128, 128, 128, 8),
                             (64, 64, 64, 4), (128, 64, 128, 8)):
            p = f"*{dt}"
            out.append((f"attention_fwd.{dt}.{bm}x{bn}x{d}.w{w}",
                        attention_fwd,
                        {"Q": p, "K": p, "V": p, "Out": p, "sm_scale": "fp32",
                         "n_ctx": "i32"},
                        {"BLOCK_M": bm, "BLOCK_N": bn, "HEAD_DIM": d},
                        {"num_warps": w, "num_stages": 3}))
    for style, pairs in (("halves", False), ("pairs", True)):
        for bs, d, w in ((4, 32, 4), (8, 64, 4), (16, 128, 4), (32, 128, 8)):
            out.append((f"rotary_{style}.fp16.{bs}x{d}.w{w}", rotary,
                        {"X": "*fp16", "Cos": "*fp32", "Sin": "*fp32",
                         "Out": "*fp16"},
                        {"BLOCK_S": bs, "HEAD_DIM": d, "PAIRS": pairs},
                        {"num_warps": w, "num_stages": 1}))
    for bm, bn, bk, w in ((64, 64, 32, 4), (128, 128, 64, 8), (16, 64, 64, 4),
                          (64, 128, 64, 4)):
        out.append((f"moe_gemm.fp16.{bm}x{bn}x{bk}.w{w}", moe_gemm,
                    {"A": "*fp16", "B": "*fp16", "C": "*fp16",
                     "token_ids": "*i32", "expert_ids": "*i32", "N": "i32",
                     "K": "i32", "top_k": "i32"},
                    {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk},
                    {"num_warps": w, "num_stages": 3}))
    return out


def _relocate(ttgir):
    """Source locations by repository path (this file) or `triton/...`."""
    ttgir = ttgir.replace(os.path.abspath(__file__), SOURCE)
    triton_root = os.path.dirname(os.path.abspath(triton.__file__))
    return re.sub(re.escape(triton_root) + r"/", "triton/", ttgir)


def compile_ttgir(kernel, signature, constexprs, options):
    """The TTGIR Triton 3.6 makes of `kernel` for sm_90, with the
    launcher's specialization: 16-byte aligned buffers."""
    pointers = [i for i, t in enumerate(signature.values())
                if t.startswith("*")]
    attrs = {(i,): [["tt.divisibility", 16]] for i in pointers}
    sig = dict(signature, **{k: "constexpr" for k in constexprs})
    src = ASTSource(kernel, signature=sig, constexprs=constexprs, attrs=attrs)
    return triton.compile(src, target=GPUTarget("cuda", 90, 32),
                          options=options).asm["ttgir"]


def main():
    entries = []
    for stem, kernel, signature, constexprs, options in _configs():
        ttgir = _relocate(compile_ttgir(kernel, signature, constexprs,
                                        options))
        if "ttg.convert_layout" not in ttgir:
            continue  # nothing for the corpus
        name = f"{stem}.sm90.ttgir"
        with open(os.path.join(HERE, name), "w") as f:
            f.write(ttgir)
        entries.append({"file": name, "tutorial": SOURCE,
                        "kernel": kernel.__name__, "arch": "sm_90",
                        "constexprs": {k: str(v) for k, v in constexprs.items()},
                        "options": options, "signature": signature,
                        "convert_layouts": ttgir.count("ttg.convert_layout")})
        print(name, entries[-1]["convert_layouts"], "conversions")
    path = os.path.join(HERE, "manifest.json")
    with open(path) as f:
        manifest = json.load(f)
    ours = {e["file"] for e in entries}
    manifest["kernels"] = [k for k in manifest["kernels"]
                           if k["file"] not in ours] + entries
    with open(path, "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
