"""The pictures of docs/pictures.md, made from the library itself.

``python -m linear_layout.pictures.gallery docs/images`` rewrites them;
test/python/test_pictures_gallery.py checks that the committed files are
what the library draws now.
"""

from __future__ import annotations

import os
import sys

import linear_layout as ll

SEED_SHAPE = {"dim0": 16, "dim1": 32}
# The seed's 16x32 fp32 transpose (docs/planning.md): store row by row,
# read column pairs.
SEED_STORE = {
    "register": [[1, 0], [2, 0], [4, 0], [8, 0]],
    "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]],
    "warp": [],
}
SEED_LOAD = {
    "register": [[0, 2], [0, 4], [0, 8], [0, 16]],
    "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]],
    "warp": [],
}
_N = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]
# offset(m, n) = 32m + n, 32m + (n ^ m), 32m + (n ^ 2m).
SEED_SWIZZLES = {
    "unswizzled": _N + [[1, 0], [2, 0], [4, 0], [8, 0]],
    "xor_m": _N + [[1, 1], [2, 2], [4, 4], [8, 8]],
    "xor_2m": _N + [[1, 2], [2, 4], [4, 8], [8, 16]],
}


def pictures() -> dict:
    """file name -> SVG text."""
    out = {}
    store = ll.LinearLayout(SEED_STORE, SEED_SHAPE)
    load = ll.LinearLayout(SEED_LOAD, SEED_SHAPE)
    out["seed_load_layout.svg"] = load.to_svg(
        title="seed 16×32 read layout: lane t holds row t mod 16, columns 2r + t // 16"
    )
    for name, bases in SEED_SWIZZLES.items():
        memory = ll.LinearLayout({"offset": bases}, SEED_SHAPE)
        out[f"seed_{name}.svg"] = memory.to_svg(
            element_bits=32,
            title=f"seed 16×32 fp32, {name.replace('_', ' ')}: offset and bank",
        )
        out[f"seed_{name}_load.svg"] = ll.pictures.access_svg(
            memory,
            load,
            32,
            access="load",
            title=f"reading column pairs through {name.replace('_', ' ')}",
        )
    plan = ll.plan_conversion(store, load, 32, allow_matrix=False)
    out["seed_plan.svg"] = plan.to_svg()
    blocked = ll.BlockedLayout([1, 2], [4, 8], [2, 1], [1, 0]).to_linear([16, 16])
    out["blocked_2warps.svg"] = blocked.to_svg(
        title="BlockedLayout([1, 2], [4, 8], [2, 1], [1, 0]) on 16×16"
    )
    mma = ll.NvidiaMmaLayout(2, [2, 2], [16, 8]).to_linear([64, 64])
    out["mma_zoomed.svg"] = mma.to_svg(
        zoom="repetition", title="NvidiaMmaLayout(2, [2, 2], [16, 8]) on 64×64"
    )
    sliced = ll.SliceLayout(
        1, ll.BlockedLayout([1, 1], [4, 8], [2, 1], [1, 0])
    ).to_linear([16])
    out["slice_broadcast.svg"] = sliced.to_svg(
        title="SliceLayout(1, BlockedLayout(...)) on 16: each row held by 8 lanes"
    )
    intra_a = ll.BlockedLayout([1, 1], [4, 8], [1, 1], [1, 0]).to_linear([32, 32])
    intra_b = ll.BlockedLayout([1, 1], [8, 4], [1, 1], [1, 0]).to_linear([32, 32])
    shuffle = ll.plan_conversion(intra_a, intra_b, 32)
    out["shuffle_plan.svg"] = shuffle.to_svg(max_rounds=3)
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print(
            "usage: python -m linear_layout.pictures.gallery OUTPUT_DIR",
            file=sys.stderr,
        )
        return 2
    os.makedirs(argv[0], exist_ok=True)
    for name, svg in pictures().items():
        with open(os.path.join(argv[0], name), "w", encoding="utf-8") as f:
            f.write(svg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
