"""The mask corpus: the layout conversions of `i1` tensors that Triton 3.6
itself emits, harvested from its TTGIR of small kernels in the style of
real ones, for the GPU benchmark (dtype "bool", `conv` only).

    python bench/mask_corpus.py > bench/masks_corpus.json   # Triton 3.6, CPU

Two kernels, compiled for sm_90 over shapes, warps and data types (the
data's type sets the blocked layouts' vectors, and with them the mask's):

- `trans`: a mask of one tile stored transposed (`tl.trans(x > 0)`), as a
  kernel that writes a mask for another pass does;
- `where`: a bounds mask used for a load and, transposed, for the load of
  a transposed tile, then a `tl.where` of the two (a masked epilogue).

Every distinct 2-D `ttg.convert_layout` of `i1` (source and destination
bases, shape, warps) becomes one case in the format of bench/corpus.json,
with the encodings and the kernels it comes from. The bases are those of
this project's importer (`linear_layout.from_ttgir`), which
test/TritonImport checks against Triton's own on every tensor type of the
Triton corpora.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

SOURCE = '''
import triton
import triton.language as tl


@triton.jit
def trans(x_ptr, m_ptr, M: tl.constexpr, N: tl.constexpr):
    r = tl.arange(0, M)
    c = tl.arange(0, N)
    x = tl.load(x_ptr + r[:, None] * N + c[None, :])
    mt = tl.trans(x > 0)
    tl.store(m_ptr + c[:, None] * M + r[None, :], mt.to(tl.int8))


@triton.jit
def where(x_ptr, z_ptr, y_ptr, M: tl.constexpr, N: tl.constexpr, rows, cols):
    r = tl.arange(0, M)
    c = tl.arange(0, N)
    m = (r[:, None] < rows) & (c[None, :] < cols)
    x = tl.load(x_ptr + r[:, None] * N + c[None, :], mask=m, other=-1.0)
    z = tl.load(z_ptr + c[:, None] * M + r[None, :], mask=tl.trans(m), other=0.0)
    y = tl.where(x > 0, x, tl.trans(z))
    tl.store(y_ptr + r[:, None] * N + c[None, :], y, mask=m)
'''

SHAPES = [(32, 64), (64, 64), (64, 128), (128, 64), (128, 128), (32, 256)]
WARPS = [4, 8]
DATA = {"fp16": "*fp16", "fp32": "*fp32"}


def _kernels():
    path = os.path.join(tempfile.mkdtemp(), "ll_mask_corpus_kernels.py")
    with open(path, "w") as f:
        f.write(SOURCE)
    spec = importlib.util.spec_from_file_location("ll_mask_corpus_kernels", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _ttgir(fn, signature, constexprs, warps):
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    aligned = {(k,): [["tt.divisibility", 16]] for k in range(3)}
    src = ASTSource(fn, signature={**signature, **{k: "constexpr" for k in constexprs}},
                    constexprs=constexprs, attrs=aligned)
    return triton.compile(src, target=GPUTarget("cuda", 90, 32),
                          options={"num_warps": warps}).asm["ttgir"]


def main() -> int:
    sys.path.insert(0, HERE)
    from build_env import use_build_dir

    use_build_dir()
    import linear_layout as ll

    k = _kernels()
    cases = {}
    for (m, n) in SHAPES:
        for warps in WARPS:
            for data, ptr in DATA.items():
                kernels = {
                    "trans": _ttgir(k.trans, {"x_ptr": ptr, "m_ptr": "*i8"},
                                    {"M": m, "N": n}, warps),
                    "where": _ttgir(k.where, {"x_ptr": ptr, "z_ptr": ptr,
                                              "y_ptr": ptr, "rows": "i32",
                                              "cols": "i32"},
                                    {"M": m, "N": n}, warps),
                }
                for kname, text in kernels.items():
                    for c in ll.from_ttgir(text, f"{kname}.{data}.{m}x{n}.w{warps}"):
                        if c.element_bits != 1 or len(c.shape) != 2:
                            continue
                        bases = [{d: [list(b) for b in layout.bases.get(d, [])]
                                  for d in ("register", "lane", "warp")}
                                 for layout in (c.src, c.dst)]
                        key = json.dumps([c.shape, warps, bases], sort_keys=True)
                        source = f"{kname}.{data}.{m}x{n}.w{warps}"
                        if key in cases:
                            cases[key]["sources"].append(source)
                            continue
                        shape = "x".join(map(str, c.shape))
                        cases[key] = {
                            "name": f"mask_{kname}_{shape}_w{warps}_{len(cases):02d}",
                            "family": "mask",
                            "shape": list(c.shape),
                            "dtype": "bool",
                            "warps": warps,
                            "A": bases[0],
                            "B": bases[1],
                            "src_encoding": c.src_encoding,
                            "dst_encoding": c.dst_encoding,
                            "sources": [source],
                        }
    json.dump(list(cases.values()), sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
