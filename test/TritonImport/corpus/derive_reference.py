"""Derives reference.json (and bench/real_corpus.json) from the TTGIR files here.

Run with Triton 3.6 importable (its CPU build is enough; no GPU):

    python test/TritonImport/corpus/derive_reference.py

Triton itself reads every `.ttgir` file of this folder (its own MLIR parser),
and for each `ttg.convert_layout`, in program order, records the source
location, the tensor type, both encodings as Triton prints them, and the bases
Triton 3.6 derives for both sides (`GluonOpBuilder.to_linear_layout`, what
`ttgl.to_linear_layout` calls). The importer's tests compare against this
file, so the check holds in CI where Triton is not installed.

tensor_types.json holds every distinct tensor type of the TTGIR files of
this folder and of ../ops-corpus/ (every op's results, not only the
conversions') with the bases Triton gives its encoding: test_tensor_types.py
checks `LinearLayout.from_mlir(encoding, shape)` against each.

bench/real_corpus.json holds the distinct 2-D conversions in the format of
bench/corpus.json (one case per distinct source layout, destination layout,
shape, element type and warp count, equal layouts included), each with the
kernels it comes from.
"""

import json
import os
import re

from triton._C.libtriton import gluon_ir, ir

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
DTYPES = {
    "f16": "fp16",
    "bf16": "bf16",
    "f32": "fp32",
    "f8E4M3FN": "fp8e4nv",
    "f8E5M2": "fp8e5",
    "i8": "int8",
    "i32": "int32",
    "i1": "int1",
    "i64": "int64",
}
BITS = {
    "f16": 16,
    "bf16": 16,
    "f32": 32,
    "f8E4M3FN": 8,
    "f8E5M2": 8,
    "i8": 8,
    "i32": 32,
    "i1": 1,
    "i64": 64,
}


def _location(loc_text):
    """'file:line:col' of the innermost file location in an MLIR loc(...)."""
    m = re.search(r'"([^"]+)":(\d+):(\d+)', loc_text)
    return f"{m.group(1)}:{m.group(2)}:{m.group(3)}" if m else None


def _tensor(type_text):
    m = re.match(r"tensor<((?:\d+x)+)([^,]+), (.*)>$", type_text)
    shape = [int(d) for d in m.group(1).rstrip("x").split("x")]
    return shape, m.group(2), m.group(3)


def _bases(builder, value, shape):
    layout = builder.get_gluon_layout_from_tensor(value)
    lin = builder.to_linear_layout(layout._to_ir(builder), list(shape))
    return {
        "register": lin.reg_bases,
        "lane": lin.lane_bases,
        "warp": lin.warp_bases,
        "block": lin.block_bases,
    }


def _convert_layouts(module):
    ops = []
    module.walk(
        lambda op: ops.append(op) if op.get_name() == "ttg.convert_layout" else None
    )
    return ops


def conversions_of(module, builder):
    """Every `ttg.convert_layout` of a parsed module, in program order: its
    location, tensor type, both encodings and Triton's bases for both."""
    convs = []
    for op in _convert_layouts(module):
        src, dst = op.get_operand(0), op.get_result(0)
        shape, elt, src_enc = _tensor(str(src.get_type()))
        _, _, dst_enc = _tensor(str(dst.get_type()))
        convs.append(
            {
                "location": _location(str(dst.get_loc())),
                "shape": shape,
                "element_type": elt,
                "element_bits": BITS.get(elt),
                "src_encoding": src_enc,
                "dst_encoding": dst_enc,
                "src": _bases(builder, src, shape),
                "dst": _bases(builder, dst, shape),
            }
        )
    return convs


def derive():
    ctx = ir.context()
    ir.load_dialects(ctx)
    builder = gluon_ir.GluonOpBuilder(ctx)
    files = sorted(f for f in os.listdir(HERE) if f.endswith(".ttgir"))
    reference = []
    for fname in files:
        with open(os.path.join(HERE, fname)) as f:
            text = f.read()
        warps = int(re.search(r'"ttg.num-warps" = (\d+)', text).group(1))
        lanes = int(re.search(r'"ttg.threads-per-warp" = (\d+)', text).group(1))
        module = ir.parse_mlir_module(os.path.join(HERE, fname), ctx)
        convs = conversions_of(module, builder)
        reference.append(
            {
                "file": fname,
                "num_warps": warps,
                "threads_per_warp": lanes,
                "convert_layout_count": text.count("ttg.convert_layout"),
                "conversions": convs,
            }
        )
    return reference


def _family(encoding):
    """A short name of an encoding for case names: blocked, mmav2, mmav3, ..."""
    m = re.match(r"#ttg\.(\w+)<", encoding)
    family = m.group(1) if m else "layout"
    if family == "nvidia_mma":
        family = "mmav" + re.search(r"versionMajor = (\d+)", encoding).group(1)
    if family == "blocked":
        order = re.search(r"order = \[([\d, ]+)\]", encoding).group(1).replace(", ", "")
        family += order
    return family


def real_corpus(reference):
    cases = {}
    for entry in reference:
        for i, c in enumerate(entry["conversions"]):
            # Conversions between equal layouts stay: they must cost
            # nothing (the attention kernels' wgmma accumulator -> operand A).
            if len(c["shape"]) != 2 or c["element_type"] not in DTYPES:
                continue
            key = json.dumps(
                [c["shape"], c["element_type"], entry["num_warps"], c["src"], c["dst"]],
                sort_keys=True,
            )
            if key not in cases:
                kernel = entry["file"].split(".")[0]
                cases[key] = corpus_case(
                    "real", kernel, c, DTYPES[c["element_type"]], entry["num_warps"]
                )
            cases[key]["sources"].append(
                f"test/TritonImport/corpus/{entry['file']}#{i}"
            )
    return sorted_with_distinct_names(cases.values())


def corpus_case(family, kernel, conversion, dtype, warps):
    """A conversion (of conversions_of) as a case of a bench corpus, named
    `<family>_<kernel>_<src>_to_<dst>_<shape>_<dtype>_w<warps>`, with no
    sources yet."""
    c = conversion
    kinds = f"{_family(c['src_encoding'])}_to_{_family(c['dst_encoding'])}"
    shape = "x".join(map(str, c["shape"]))
    return {
        "name": f"{family}_{kernel}_{kinds}_{shape}_{dtype}_w{warps}",
        "family": family,
        "shape": c["shape"],
        "dtype": dtype,
        "warps": warps,
        "A": {k: c["src"][k] for k in ("register", "lane", "warp")},
        "B": {k: c["dst"][k] for k in ("register", "lane", "warp")},
        "src_encoding": c["src_encoding"],
        "dst_encoding": c["dst_encoding"],
        "sources": [],
    }


def sorted_with_distinct_names(cases):
    """`cases` sorted by name, a repeated name suffixed `_1`, `_2`, ..."""
    out = sorted(cases, key=lambda c: c["name"])
    seen = {}
    for c in out:
        n = seen.get(c["name"], 0)
        seen[c["name"]] = n + 1
        if n:
            c["name"] += f"_{n}"
    return out


def _load_dialects(ctx):
    from triton._C import libtriton

    ir.load_dialects(ctx)
    for backend in ("amd", "nvidia"):
        getattr(getattr(libtriton, backend), "load_dialects", lambda c: None)(ctx)


def tensor_types():
    """Every distinct tensor type (with a #ttg encoding) of the corpora's
    op results, with Triton's bases for it."""
    ctx = ir.context()
    _load_dialects(ctx)
    builder = gluon_ir.GluonOpBuilder(ctx)
    ops_corpus = os.path.join(os.path.dirname(HERE), "ops-corpus")
    paths = sorted(
        os.path.join(d, f)
        for d in (HERE, ops_corpus)
        for f in os.listdir(d)
        if f.endswith(".ttgir")
    )
    rows, seen = [], set()
    for path in paths:
        module = ir.parse_mlir_module(path, ctx)
        values = []
        module.walk(
            lambda op, values=values: values.extend(
                op.get_result(i) for i in range(op.get_num_results())
            )
        )
        for value in values:
            text = str(value.get_type())
            m = re.match(r"tensor<((?:\d+x)+)([^,]+), (#ttg\..*)>$", text)
            if not m or text in seen:
                continue
            seen.add(text)
            shape = [int(d) for d in m.group(1).rstrip("x").split("x")]
            rows.append(
                {
                    "file": os.path.relpath(path, HERE),
                    "shape": shape,
                    "encoding": m.group(3),
                    "bases": _bases(builder, value, shape),
                }
            )
    return rows


if __name__ == "__main__":
    ref = derive()
    with open(os.path.join(HERE, "reference.json"), "w") as f:
        json.dump({"triton": "3.6.0", "files": ref}, f, indent=1)
        f.write("\n")
    types = tensor_types()
    with open(os.path.join(HERE, "tensor_types.json"), "w") as f:
        json.dump({"triton": "3.6.0", "types": types}, f, indent=0)
        f.write("\n")
    corpus = real_corpus(ref)
    with open(os.path.join(REPO, "bench", "real_corpus.json"), "w") as f:
        json.dump(corpus, f, indent=1)
        f.write("\n")
    print(
        len(ref),
        "files,",
        sum(len(e["conversions"]) for e in ref),
        "conversions,",
        len(corpus),
        "real-corpus cases",
    )
