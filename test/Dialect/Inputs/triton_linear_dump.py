"""Regenerates the #ttg.linear bodies of ttg-linear-body.mlir (Triton 3.6, CPU only).

Run with a Python that has `triton` installed; the TTGIR printed for sm_90
contains #ttg.linear layouts for the reshape/permute/trans chain below.
"""
import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget


@triton.jit
def k(X, Y):
    offs_m = tl.arange(0, 64)[:, None]
    offs_n = tl.arange(0, 32)[None, :]
    x = tl.load(X + offs_m * 32 + offs_n)
    y = tl.reshape(tl.permute(tl.reshape(x, (64, 16, 2)), (0, 2, 1)), (64, 32))
    a, b = tl.split(tl.reshape(tl.trans(y), (16, 64, 2)))
    tl.store(Y + tl.arange(0, 16)[:, None] * 64 + tl.arange(0, 64)[None, :], a + b)

src = triton.compiler.ASTSource(fn=k, signature={"X": "*fp16", "Y": "*fp16"}, constexprs={})
c = triton.compile(src, target=GPUTarget("cuda", 90, 32))
if __name__ == "__main__":
    print(c.asm["ttgir"])
