"""Triton 3.6 TTGIR in: a kernel's layout conversions (docs/triton-interop.md).

``ll.from_ttgir(text)`` reads a ``.ttgir`` module as Triton 3.6 prints it
(the files in ``TRITON_CACHE_DIR``) with the C++ import
(``--ll-import-ttgir``'s reader, include/LinearLayout/Conversion/TritonImport.h)
and returns its ``ttg.convert_layout`` ops in program order, each with both
layouts (the bases Triton 3.6's ``to_linear_layout`` gives), its shape,
element width and source location, and ``plan(target=...)``.

``layout_from_ttg(text, shape)`` is the layout of one ``#ttg`` encoding, what
``LinearLayout.from_mlir("#ttg....", shape=...)`` returns.

Needs the ``mlir`` Python package (as ``linear_layout.dialect`` does).
"""

from __future__ import annotations

import ctypes
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from linear_layout._core import LinearLayout

__all__ = ["TritonConversion", "from_ttgir", "gluon_text", "layout_from_ttg"]


def _call(function, *args) -> tuple[bool, str]:
    """Runs a C API function whose last two arguments are a string callback
    and its user data; returns (ok, the text it gave)."""
    from linear_layout import dialect

    out = []

    @dialect._STRING_CALLBACK
    def callback(ref, _user_data):
        out.append(ctypes.string_at(ref.data, ref.length).decode(errors="replace"))

    ok = function(*args, callback, None)
    return bool(ok), "".join(out)


def _layout(d: dict) -> LinearLayout:
    return LinearLayout(
        {name: d["bases"][name] for name in d["in_dims"]},
        [tuple(o) for o in d["out_dims"]],
    )


@dataclass(frozen=True)
class TritonConversion:
    """One ``ttg.convert_layout`` of a TTGIR module."""

    location: str
    shape: list
    element_bits: int
    src: LinearLayout
    dst: LinearLayout
    src_encoding: str
    dst_encoding: str

    @property
    def moved_bits(self) -> int:
        """The bits each element takes where the conversion moves it: its
        width, but a byte for a mask (i1), as the lowering moves masks
        (docs/lowering.md, "Masks")."""
        return 8 if self.element_bits == 1 else self.element_bits

    def plan(self, target: str = "sm_90", **options):
        """The conversion planned for ``target`` (``ll.plan_conversion``, of
        ``moved_bits``-bit elements)."""
        from linear_layout.planning import plan_conversion

        return plan_conversion(self.src, self.dst, self.moved_bits, target, **options)


def from_ttgir(text: str, name: str = "<ttgir>") -> list[TritonConversion]:
    """The layout conversions of a Triton 3.6 TTGIR module, in program order.
    ``name`` names the text in error locations. Malformed TTGIR raises
    ValueError with MLIR's located diagnostics."""
    from linear_layout import dialect

    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, got {type(name).__name__}")
    if "\0" in text:
        raise ValueError("text contains a NUL character")
    data, label = text.encode(), name.encode()
    with dialect.create_context() as context:
        ok, out = _call(
            dialect._lib.llTTGIRConversions,
            dialect._handle(context, "Context"),
            dialect._StringRef(data, len(data)),
            dialect._StringRef(label, len(label)),
        )
    if not ok:
        raise ValueError(f"cannot import {name}:\n{out.strip()}")
    return [
        TritonConversion(
            location=c["location"],
            shape=list(c["shape"]),
            element_bits=c["element_bits"],
            src=_layout(c["src"]),
            dst=_layout(c["dst"]),
            src_encoding=c["src_encoding"],
            dst_encoding=c["dst_encoding"],
        )
        for c in json.loads(out)
    ]


def layout_from_ttg(
    text: str,
    shape: Sequence[int],
    num_warps: int | None = None,
    threads_per_warp: int | None = None,
) -> LinearLayout:
    """The layout of a ``#ttg`` encoding (its full text, no aliases) for a
    tensor or buffer of ``shape``. ``num_warps``/``threads_per_warp`` (the
    module's) are checked against the layout's when given."""
    from linear_layout import dialect

    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    if isinstance(shape, (str, bytes)) or not isinstance(shape, Sequence):
        raise TypeError(f"shape must be a sequence of ints, got {type(shape).__name__}")
    dims = []
    for s in shape:
        if isinstance(s, bool) or not isinstance(s, int):
            raise TypeError(f"shape must hold ints, got {type(s).__name__}")
        if s <= 0 or s >= 1 << 62:
            raise ValueError(f"shape: {s} is not a positive size")
        dims.append(s)
    counts = []
    for what, value in (
        ("num_warps", num_warps),
        ("threads_per_warp", threads_per_warp),
    ):
        if value is None:
            counts.append(0)
        elif (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value <= 0
            or value >= 1 << 31
        ):
            raise ValueError(f"{what} must be a positive int, got {value!r}")
        else:
            counts.append(value)
    data = text.strip().encode()
    if b"\0" in data:
        raise ValueError("text contains a NUL character")
    array = (ctypes.c_int64 * max(len(dims), 1))(*dims)
    with dialect.create_context() as context:
        ok, out = _call(
            dialect._lib.llTTGEncodingLayout,
            dialect._handle(context, "Context"),
            dialect._StringRef(data, len(data)),
            array,
            len(dims),
            counts[0],
            counts[1],
        )
    if not ok:
        raise ValueError(f"invalid #ttg encoding {text.strip()!r}: {out.strip()}")
    return _layout(json.loads(out))


# Gluon's names of the #ttg encodings and of their fields (docs/triton-interop.md).
_GLUON_CLASSES = {
    "blocked": "BlockedLayout",
    "slice": "SliceLayout",
    "nvidia_mma": "NVMMADistributedLayout",
    "dot_op": "DotOperandLayout",
    "amd_mfma": "AMDMFMALayout",
    "amd_wmma": "AMDWMMALayout",
    "linear": "DistributedLinearLayout",
    "swizzled_shared": "SwizzledSharedLayout",
    "nvmma_shared": "NVMMASharedLayout",
    "shared_linear": "SharedLinearLayout",
    "padded_shared": "PaddedSharedLayout",
}
_GLUON_FIELDS = {
    "opIdx": "operand_index",
    "kWidth": "k_width",
    "isTransposed": "transposed",
    "CGALayout": "cga_layout",
    "warpsPerCTA": "warps_per_cta",
    "swizzlingByteWidth": "swizzle_byte_width",
    "elementBitWidth": "element_bitwidth",
    "register": "reg_bases",
    "lane": "lane_bases",
    "warp": "warp_bases",
    "block": "block_bases",
    "offset": "offset_bases",
    "fp4Padded": "fp4_padded",
}


def _snake(name: str) -> str:
    return (
        _GLUON_FIELDS.get(name) or re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()
    )


def _split_fields(body: str) -> list[tuple[str, str]]:
    """`a = [1, 2], b = X(c=[3])` -> [("a", "[1, 2]"), ("b", "X(c=[3])")]."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(body + ","):
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(body[start:i])
            start = i + 1
    fields = []
    for part in parts:
        key, _, value = part.partition("=")
        if key.strip():
            fields.append((key.strip(), value.strip()))
    return fields


def gluon_text(encoding: str) -> str:
    """A ``#ttg`` encoding as Gluon would write it, for reading:
    ``#ttg.blocked<{sizePerThread = [1, 8], ...}>`` ->
    ``BlockedLayout(size_per_thread=[1, 8], ...)``; nested parents too.
    Text it does not recognise comes back unchanged."""

    def convert(m: re.Match) -> str:
        family = m.group(1)
        fields = dict(_split_fields(m.group(2)))
        args = []
        if family == "nvidia_mma" and "versionMajor" in fields:
            args.append(
                f"version=[{fields.pop('versionMajor')}, {fields.pop('versionMinor', '0')}]"
            )
        args += [f"{_snake(key)}={value}" for key, value in fields.items()]
        return f"{_GLUON_CLASSES.get(family, family)}({', '.join(args)})"

    previous = None
    text = encoding
    # Innermost first: an encoding whose body holds no other encoding.
    while previous != text:
        previous = text
        text = re.sub(r"#ttg\.(\w+)<\{([^<>{}]*)\}>", convert, text)
    return text
