"""Mutation fuzzing of TTGIR import: `ll-opt --ll-import-ttgir` on mutated
TTGIR (encodings, numbers, brackets, field names), and `--ll-plan-conversions`
on what it imports, only ever give located errors, never a crash.

The seeds are the lit inputs of test/Dialect/Triton and test/TritonImport
(split at `// -----`) and a few real kernels of test/TritonImport/corpus.
Mutations are textual and aimed at the `#ttg` syntax: a number replaced by a
boundary value, a field name or encoding mnemonic swapped for another, a
bracket dropped or doubled, a field deleted, a `CGALayout` or `fp4Padded`
added. Run alone: ``python test/fuzz/fuzz_ttgir.py [count] [seed]``.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TEST = os.path.dirname(HERE)
sys.path.insert(0, TEST)
import crash_signatures

SEED_FILES = [
    os.path.join(TEST, "Dialect", "Triton", "ttg-encodings.mlir"),
    os.path.join(TEST, "Dialect", "Triton", "ttg-encodings-invalid.mlir"),
    os.path.join(TEST, "TritonImport", "import.mlir"),
    os.path.join(TEST, "TritonImport", "import-invalid.mlir"),
]
CORPUS = os.path.join(TEST, "TritonImport", "corpus")
CORPUS_SEEDS = [
    "matmul.fp16.64x32x32.w2.s5.sm80.ttgir",
    "gluon_memcpy_2d_inout.col_to_row.w4.sm90.ttgir",
]

NUMBERS = [
    "0",
    "1",
    "-1",
    "3",
    "64",
    "2147483648",
    "4294967296",
    "99999999999999999999",
    "1.5",
]
NAMES = [
    "sizePerThread",
    "threadsPerWarp",
    "warpsPerCTA",
    "order",
    "CGALayout",
    "dim",
    "parent",
    "opIdx",
    "kWidth",
    "versionMajor",
    "versionMinor",
    "instrShape",
    "version",
    "isTransposed",
    "isTranspose",
    "tilesPerWarp",
    "elementBitWidth",
    "vec",
    "perPhase",
    "maxPhase",
    "swizzlingByteWidth",
    "transposed",
    "fp4Padded",
    "register",
    "lane",
    "warp",
    "block",
    "offset",
    "alignment",
    "shape",
]
MNEMONICS = [
    "blocked",
    "slice",
    "nvidia_mma",
    "dot_op",
    "amd_mfma",
    "amd_wmma",
    "linear",
    "swizzled_shared",
    "nvmma_shared",
    "shared_linear",
    "padded_shared",
    "amd_rotating_shared",
    "shared_memory",
    "memdesc",
]
EXTRAS = [
    ", CGALayout = [[1, 0]]",
    ", fp4Padded = true",
    ", kWidth = 0",
    ", block = []",
    ", mutable",
]


def seeds() -> list[str]:
    result = []
    for path in SEED_FILES:
        with open(path) as f:
            result += [s for s in f.read().split("// -----") if s.strip()]
    for name in CORPUS_SEEDS:
        with open(os.path.join(CORPUS, name)) as f:
            result.append(f.read())
    return result


def mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(6)
        if kind == 0:
            spots = [m.span() for m in re.finditer(r"-?\d+", text)]
            if spots:
                a, b = rng.choice(spots)
                text = text[:a] + rng.choice(NUMBERS) + text[b:]
        elif kind == 1:
            spots = [
                m.span() for m in re.finditer(r"\b(" + "|".join(NAMES) + r")\b", text)
            ]
            if spots:
                a, b = rng.choice(spots)
                text = text[:a] + rng.choice(NAMES) + text[b:]
        elif kind == 2:
            spots = [m.span(1) for m in re.finditer(r"#ttg\.(\w+)", text)]
            if spots:
                a, b = rng.choice(spots)
                text = text[:a] + rng.choice(MNEMONICS) + text[b:]
        elif kind == 3:
            spots = [m.start() for m in re.finditer(r"[\[\]{}<>]", text)]
            if spots:
                a = rng.choice(spots)
                text = (
                    text[:a]
                    + (text[a] * 2 if rng.random() < 0.5 else "")
                    + text[a + 1 :]
                )
        elif kind == 4:
            spots = [m.span() for m in re.finditer(r", \w+ = (\[[^\]]*\]|\w+)", text)]
            if spots:
                a, b = rng.choice(spots)
                text = text[:a] + text[b:]
        else:
            spots = [m.start() for m in re.finditer(r"\}>", text)]
            if spots:
                a = rng.choice(spots)
                text = text[:a] + rng.choice(EXTRAS) + text[a:]
    return text


def ll_opt_path() -> str:
    explicit = os.environ.get("LL_TOOLS_DIR")
    if explicit:
        return os.path.join(explicit, "ll-opt")
    return os.path.join(os.path.dirname(sys.executable), "ll-opt")


def fuzz(count: int, seed: int, budget_s: float = 25.0, batch: int = 40) -> dict:
    """Runs up to `count` mutants in batches within `budget_s` seconds."""
    rng = random.Random(seed)
    pool = seeds()
    deadline = time.monotonic() + budget_s
    summary = {"run": 0, "errors": 0, "crashes": [], "unlocated": []}
    while summary["run"] < count and time.monotonic() < deadline:
        mutants = [mutate(rng.choice(pool), rng) for _ in range(batch)]
        text = "\n// -----\n".join(mutants)
        summary["run"] += len(mutants)
        stage_input = text
        for stage in ("--ll-import-ttgir", "--ll-plan-conversions"):
            proc = subprocess.run(
                [ll_opt_path(), "--split-input-file", stage],
                input=stage_input,
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            signature = crash_signatures.crash_signature(
                proc.returncode, proc.stdout, proc.stderr
            )
            if signature:
                summary["crashes"].append((signature, stage, stage_input))
                break
            for line in proc.stderr.splitlines():
                if "error:" in line:
                    summary["errors"] += 1
                    if not re.match(r"^(<stdin>|loc\(|[^:]+:\d+:\d+: error:)", line):
                        summary["unlocated"].append(line)
            # The imported splits that parsed, planned next.
            stage_input = proc.stdout
    return summary


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    result = fuzz(count, seed, budget_s=600)
    print({k: (v if isinstance(v, int) else len(v)) for k, v in result.items()})
    for signature, stage, text in result["crashes"][:3]:
        print(signature, stage)
        print(text)
