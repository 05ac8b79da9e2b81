"""Random #ttg encodings against Triton 3.6 itself (skipped without it).

Each case is a random distributed encoding (blocked, slice, nvidia_mma v2
and v3, amd_mfma, amd_wmma, dot_op of mma, mfma and blocked parents) and
shape, written in Triton's syntax. Triton parses it and gives its bases
(`to_linear_layout`); ll-opt imports the same text; the bases must be equal.
Triton's printed text of the module must also equal ll-opt's printed text
of the encodings (before import), so the printer writes what Triton writes;
the same for random shared encodings (swizzled, amd_rotating, nvmma,
shared_linear, padded_shared) inside a `!ttg.memdesc`.
"""

from __future__ import annotations

import os
import random
import re
import tempfile

import pytest
from ttgir_tools import aliases, run

ir = pytest.importorskip("triton._C.libtriton.ir", exc_type=ImportError)
gluon_ir = pytest.importorskip("triton._C.libtriton.gluon_ir", exc_type=ImportError)

SEED = 20261124
CASES = 160


def _split(rng, total, rank):
    """`total` (a power of two) as a product of `rank` powers of two."""
    parts = [1] * rank
    while total > 1:
        parts[rng.randrange(rank)] *= 2
        total //= 2
    return parts


def _ints(values):
    return "[" + ", ".join(str(v) for v in values) + "]"


# The CTAs of the current case's cluster (0: one CTA, no CGALayout).
CGA_BITS = {"bits": 0}


def _cga(rng):
    """`, CGALayout = [...]` spreading over 2^CGA_BITS CTAs, or nothing."""
    bits = CGA_BITS["bits"]
    if not bits:
        return ""
    seen = [0, 0]
    bases = []
    for _ in range(bits):
        if rng.random() < 0.2:
            bases.append([0, 0])
            continue
        dim = rng.randrange(2)
        basis = [0, 0]
        basis[dim] = 1 << seen[dim]
        seen[dim] += 1
        bases.append(basis)
    return ", CGALayout = [" + ", ".join(_ints(b) for b in bases) + "]"


def _blocked(rng, warps):
    order = [0, 1] if rng.random() < 0.5 else [1, 0]
    return (
        f"#ttg.blocked<{{sizePerThread = {_ints([rng.choice([1, 2, 4]) for _ in range(2)])}, "
        f"threadsPerWarp = {_ints(_split(rng, 32, 2))}, "
        f"warpsPerCTA = {_ints(_split(rng, warps, 2))}, order = {_ints(order)}{_cga(rng)}}}>"
    )


def _mma(rng, warps, version):
    if version == 2:
        return (
            f"#ttg.nvidia_mma<{{versionMajor = 2, versionMinor = 0, "
            f"warpsPerCTA = {_ints(_split(rng, warps, 2))}{_cga(rng)}, instrShape = [16, 8]}}>"
        )
    n = rng.choice([8, 16, 32, 64, 128, 256])
    return (
        f"#ttg.nvidia_mma<{{versionMajor = 3, versionMinor = 0, "
        f"warpsPerCTA = {_ints([warps, 1])}{_cga(rng)}, instrShape = [16, {n}, 16]}}>"
    )


def _mfma(rng, warps):
    version = rng.choice([2, 3, 4])
    instr = rng.choice([[32, 32, 8], [16, 16, 16]])
    fields = (
        f"version = {version}, warpsPerCTA = {_ints(_split(rng, warps, 2))}, "
        f"instrShape = {_ints(instr)}, isTransposed = {rng.choice(['true', 'false'])}"
        f"{_cga(rng)}"
    )
    if rng.random() < 0.3:
        fields += f", tilesPerWarp = {_ints([rng.choice([1, 2]) for _ in range(2)])}"
    if rng.random() < 0.2:
        fields += ", elementBitWidth = 64"
    return f"#ttg.amd_mfma<{{{fields}}}>"


def _wmma(rng, warps):
    version = rng.choice([1, 2, 3])
    fields = (
        f"version = {version}, isTranspose = {rng.choice(['true', 'false'])}, "
        f"warpsPerCTA = {_ints(_split(rng, warps, 2))}{_cga(rng)}"
    )
    if version == 3 and rng.random() < 0.5:
        fields += ", instrShape = [16, 16, 32]"
    return f"#ttg.amd_wmma<{{{fields}}}>"


def _encoding(rng, warps):
    kind = rng.choice(
        [
            "blocked",
            "slice",
            "mma2",
            "mma3",
            "dot2",
            "dot_blocked",
            "mfma",
            "wmma",
            "dot_mfma",
        ]
    )
    if kind == "mfma":
        return _mfma(rng, warps), 2
    if kind == "wmma":
        return _wmma(rng, warps), 2
    if kind == "dot_mfma":
        return (
            (
                f"#ttg.dot_op<{{opIdx = {rng.randrange(2)}, parent = {_mfma(rng, warps)}, "
                f"kWidth = {rng.choice([4, 8])}}}>"
            ),
            2,
        )
    if kind == "blocked":
        return _blocked(rng, warps), 2
    if kind == "slice":
        return (
            f"#ttg.slice<{{dim = {rng.randrange(2)}, parent = {_blocked(rng, warps)}}}>",
            1,
        )
    if kind == "mma2":
        return _mma(rng, warps, 2), 2
    if kind == "mma3":
        return _mma(rng, warps, 3), 2
    if kind == "dot2":
        return (
            (
                f"#ttg.dot_op<{{opIdx = {rng.randrange(2)}, "
                f"parent = {_mma(rng, warps, 2)}, "
                f"kWidth = {rng.choice([1, 2, 4, 8])}}}>"
            ),
            2,
        )
    return (
        f"#ttg.dot_op<{{opIdx = {rng.randrange(2)}, parent = {_blocked(rng, warps)}}}>",
        2,
    )


def _cases():
    rng = random.Random(SEED)
    cases = []
    for index in range(CASES):
        # A quarter of the cases spread over 2 or 4 CTAs.
        CGA_BITS["bits"] = rng.choice([1, 2]) if index % 4 == 3 else 0
        warps = rng.choice([1, 2, 4, 8])
        encoding, rank = _encoding(rng, warps)
        if "versionMajor = 3" in encoding and warps < 4:
            warps = 4
            encoding, rank = _mma(rng, warps, 3), 2
        shape = [rng.choice([16, 32, 64, 128, 256]) for _ in range(rank)]
        cases.append((warps, 1 << CGA_BITS["bits"], encoding, shape))
    return cases


def _lanes(encoding):
    return 64 if "amd_mfma" in encoding else 32


def _module(warps, tensor, func, ret, ctas=1):
    return (
        f'module attributes {{"ttg.num-ctas" = {ctas} : i32, "ttg.num-warps" = {warps} : i32, '
        f'"ttg.threads-per-warp" = {_lanes(tensor)} : i32}} {{\n'
        f"  {func} @f(%x: {tensor}) {{\n"
        f"    %y = ttg.convert_layout %x : {tensor} -> {tensor}\n"
        f"    {ret}\n  }}\n}}\n"
    )


def _triton(text):
    """Triton's printed module and the bases of %x, or None if it refuses."""
    ctx = ir.context()
    ir.load_dialects(ctx)
    builder = gluon_ir.GluonOpBuilder(ctx)
    with tempfile.NamedTemporaryFile("w", suffix=".ttgir", delete=False) as f:
        f.write(text)
    try:
        module = ir.parse_mlir_module(f.name, ctx)
    except RuntimeError:
        return None
    finally:
        os.unlink(f.name)
    ops = []
    module.walk(
        lambda op: ops.append(op) if op.get_name() == "ttg.convert_layout" else None
    )
    value = ops[0].get_operand(0)
    shape = [
        int(d)
        for d in re.match(r"tensor<((?:\d+x)+)", str(value.get_type()))
        .group(1)
        .rstrip("x")
        .split("x")
    ]
    layout = builder.get_gluon_layout_from_tensor(value)
    lin = builder.to_linear_layout(layout._to_ir(builder), shape)
    bases = {
        "register": lin.reg_bases,
        "lane": lin.lane_bases,
        "warp": lin.warp_bases,
        "block": lin.block_bases,
    }
    return str(module), bases


def _encoding_lines(printed):
    """The `#alias = #ttg...` lines of a printed module."""
    return sorted(
        line for line in printed.splitlines() if re.match(r"#\w+ = #ttg\.", line)
    )


@pytest.mark.parametrize("warps,ctas,encoding,shape", _cases())
def test_bases_and_text_equal_tritons(warps, ctas, encoding, shape):
    tensor = f"tensor<{'x'.join(map(str, shape))}xf16, {encoding}>"
    oracle = _triton(_module(warps, tensor, "tt.func", "tt.return", ctas))
    if oracle is None:
        pytest.skip("Triton refuses this encoding")
    printed, bases = oracle
    ours = _module(warps, tensor, "func.func", "return", ctas)
    roundtrip = run([], ours)
    assert roundtrip.returncode == 0, roundtrip.stderr
    assert _encoding_lines(roundtrip.stdout) == _encoding_lines(printed)
    assert (
        "#ttg.blocked" not in encoding and "mma" not in encoding
    ) or _encoding_lines(printed)
    imported = run(["--ll-import-ttgir"], ours)
    assert imported.returncode == 0, imported.stderr
    line = next(
        line for line in imported.stdout.splitlines() if "ll.convert_layout" in line
    )
    name = re.findall(r"tensor<[^,]*, (#\w+)>", line)[0]
    assert aliases(imported.stdout)[name] == bases


def _shared(rng):
    kind = rng.randrange(5)
    order = _ints([0, 1] if rng.random() < 0.5 else [1, 0])
    if kind == 0:
        vec, phase, maxp = (rng.choice([1, 2, 4, 8]) for _ in range(3))
        return f"#ttg.swizzled_shared<{{vec = {vec}, perPhase = {phase}, maxPhase = {maxp}, order = {order}}}>"
    if kind == 1:
        vec, phase, maxp = (rng.choice([1, 2, 4, 8]) for _ in range(3))
        return f"#ttg.amd_rotating_shared<{{vec = {vec}, perPhase = {phase}, maxPhase = {maxp}, order = {order}}}>"
    if kind == 2:
        fields = f"swizzlingByteWidth = {rng.choice([0, 32, 64, 128])}"
        if rng.random() < 0.5:
            fields += f", transposed = {rng.choice(['true', 'false'])}"
        fields += f", elementBitWidth = {rng.choice([8, 16, 32])}"
        if rng.random() < 0.3:
            fields += ", fp4Padded = true"
        if rng.random() < 0.2:
            fields += ", CGALayout = [[1, 0]]"
        return f"#ttg.nvmma_shared<{{{fields}}}>"
    bits = [[0, 1 << i] for i in range(6)] + [[1 << i, 0] for i in range(6)]
    rng.shuffle(bits)
    offset = "[" + ", ".join(_ints(b) for b in bits) + "]"
    if kind == 3:
        return f"#ttg.shared_linear<{{offset = {offset}}}, alignment = {rng.choice([4, 16])}>"
    pads = rng.choice(["[32:+4]", "[32:+4, 64:+8]", "[128:+16]"])
    if rng.random() < 0.5:
        return f"#ttg.padded_shared<{pads} {{order = {order}, shape = [64, 64]}}>"
    return f"#ttg.padded_shared<{pads} {{offset = {offset}, block = []}}>"


@pytest.mark.parametrize("index", range(60))
def test_shared_text_equals_tritons(index):
    rng = random.Random(SEED + 1000 + index)
    memdesc = f"!ttg.memdesc<64x64xf16, {_shared(rng)}, #ttg.shared_memory, mutable>"
    text = (
        'module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {\n'
        f"  FUNC @f(%x: {memdesc}) {{\n    RET\n  }}\n}}\n"
    )
    oracle = _triton_print(text.replace("FUNC", "tt.func").replace("RET", "tt.return"))
    if oracle is None:
        pytest.skip("Triton refuses this encoding")
    ours = run([], text.replace("FUNC", "func.func").replace("RET", "return"))
    assert ours.returncode == 0, ours.stderr
    assert _encoding_lines(oracle)
    assert _encoding_lines(ours.stdout) == _encoding_lines(oracle)


def _triton_print(text):
    ctx = ir.context()
    ir.load_dialects(ctx)
    with tempfile.NamedTemporaryFile("w", suffix=".ttgir", delete=False) as f:
        f.write(text)
    try:
        return str(ir.parse_mlir_module(f.name, ctx))
    except RuntimeError:
        return None
    finally:
        os.unlink(f.name)
