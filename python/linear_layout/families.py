"""Layout families as Gluon-style parameter objects.

Each class mirrors the Gluon layout of the same name
(``triton.experimental.gluon.language`` and ``.amd``) and takes exactly its
positional and keyword arguments, so a Gluon layout definition ports by
changing the import. ``.to_linear(shape)`` gives the
:class:`~linear_layout.LinearLayout` Triton 3.6's ``to_linear_layout``
gives, multi-CTA (``cga_layout``) layouts and any power-of-two lane count
included. The earlier names (``NvidiaMmaLayout``, ``AmdMfmaLayout``,
``AmdWmmaLayout``, ``NvmmaSharedLayout``) keep working.

The objects are frozen dataclasses: keyword arguments, equality, hashing and
a ``repr`` that can be pasted back. Parameters are checked when an object is
made: a wrong type raises ``TypeError``, a wrong value ``ValueError`` naming
the parameter. The construction itself is C++ (``linear_layout._core``);
docs/families.md has the math.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass, field, fields

from linear_layout import _core
from linear_layout._core import LinearLayout

__all__ = [
    "AMDMFMALayout",
    "AMDWMMALayout",
    "AmdMfmaLayout",
    "AmdWmmaLayout",
    "BlockedLayout",
    "DistributedLayout",
    "DistributedLinearLayout",
    "DotOperandLayout",
    "NVMMADistributedLayout",
    "NVMMASharedLayout",
    "NvidiaMmaLayout",
    "NvmmaSharedLayout",
    "PaddedSharedLayout",
    "SharedLayout",
    "SharedLinearLayout",
    "SliceLayout",
    "SwizzledSharedLayout",
]


def _int(name: str, value) -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return operator.index(value)


def _ints(name: str, value) -> tuple[int, ...]:
    if (
        isinstance(value, (str, bytes))
        or not isinstance(value, Sequence)
        and not hasattr(value, "__iter__")
    ):
        raise TypeError(
            f"{name} must be a sequence of ints, not {type(value).__name__}"
        )
    return tuple(_int(name, v) for v in value)


def _bool(name: str, value) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    return value


def _shape(shape) -> list:
    return list(_ints("shape", shape))


def _bases(name: str, value) -> tuple[tuple[int, ...], ...]:
    """A list of bases (each a sequence of ints), as a tuple of tuples."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(
            f"{name} must be a list of int lists, not {type(value).__name__}"
        )
    return tuple(_ints(name, basis) for basis in value)


class DistributedLayout:
    """Base of the register layouts: ``(register, lane, warp, block) -> (dim0, ...)``."""

    # The description's "kind" (python/src/FamiliesBindings.cpp); every family
    # sets it, the base itself describes no layout.
    _kind = None

    def _spec(self) -> dict:
        if self._kind is None:
            raise TypeError(
                f"{type(self).__name__} is the abstract base of the "
                "layout families: use BlockedLayout, SliceLayout, "
                "NVMMADistributedLayout, DotOperandLayout, AMDMFMALayout, "
                "AMDWMMALayout or DistributedLinearLayout"
            )
        # The C++ reader takes the dataclass fields by name: tuples as lists,
        # a parent layout as its own description.
        spec = {"kind": self._kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, DistributedLayout):
                value = value._spec()
            elif isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            spec[f.name] = value
        return spec

    def _validate(self) -> None:
        object.__setattr__(self, "_rank", _core.distributed_rank(self._spec()))

    @property
    def rank(self) -> int:
        """The rank of the tensors this layout applies to."""
        return self._rank

    def to_linear(self, shape: Sequence[int]) -> LinearLayout:
        """The linear layout of a tensor of ``shape`` (powers of two)."""
        return _core.distributed_to_linear(self._spec(), _shape(shape))


class SharedLayout:
    """Base of the memory layouts: ``(offset, block) -> (dim0, ...)``."""


def _set(obj, name, value):
    object.__setattr__(obj, name, value)


def _check(obj, **converters):
    """Replaces each named field of the frozen dataclass ``obj`` by its checked
    value (``_int``, ``_ints``, ``_bool``), in the order given: the first wrong
    parameter is the one an error names."""
    for name, convert in converters.items():
        _set(obj, name, convert(name, getattr(obj, name)))


def _check_parent(obj, gluon_order: str):
    if not isinstance(obj.parent, DistributedLayout):
        hint = ""
        if isinstance(obj.parent, int) and not isinstance(obj.parent, bool):
            hint = f" ({type(obj).__name__} takes ({gluon_order}), in Gluon's order)"
        raise TypeError(
            f"parent must be a distributed layout, not {type(obj.parent).__name__}{hint}"
        )


def _check_tiles_per_warp(obj):
    """``tiles_per_warp`` defaults to all ones (one per warp dimension)."""
    tiles = (
        (1,) * len(obj.warps_per_cta)
        if obj.tiles_per_warp is None
        else obj.tiles_per_warp
    )
    _set(obj, "tiles_per_warp", _ints("tiles_per_warp", tiles))


def _cga():
    """``cga_layout``: the block bases (Gluon's default, an empty list: one CTA)."""
    return field(default_factory=list)


@dataclass(frozen=True)
class BlockedLayout(DistributedLayout):
    """Registers, lanes and warps each tile the tensor along ``order`` (fastest
    first); ``cga_layout`` spreads it over the CTAs of a cluster."""

    size_per_thread: tuple[int, ...]
    threads_per_warp: tuple[int, ...]
    warps_per_cta: tuple[int, ...]
    order: tuple[int, ...]
    cga_layout: tuple[tuple[int, ...], ...] = _cga()

    _kind = "blocked"

    def __post_init__(self):
        _check(
            self,
            size_per_thread=_ints,
            threads_per_warp=_ints,
            warps_per_cta=_ints,
            order=_ints,
            cga_layout=_bases,
        )
        self._validate()


@dataclass(frozen=True)
class SliceLayout(DistributedLayout):
    """``parent`` with dimension ``dim`` removed (reductions, broadcasts)."""

    dim: int
    parent: DistributedLayout

    _kind = "slice"

    def __post_init__(self):
        _check_parent(self, "dim, parent")
        _check(self, dim=_int)
        self._validate()


def _mma_version(name: str, value) -> tuple[int, int]:
    """Gluon's [major, minor]; a bare major version means minor 0."""
    if isinstance(value, (list, tuple)):
        version = _ints(name, value)
        if len(version) != 2:
            raise ValueError(f"{name} must be [major, minor], got {list(version)}")
        return version
    return (_int(name, value), 0)


@dataclass(frozen=True)
class NVMMADistributedLayout(DistributedLayout):
    """NVIDIA mma accumulator: ``version`` [2, 0] (mma.sync, ``instr_shape``
    [16, 8]) or [3, 0] (wgmma, ``instr_shape`` [16, N, K])."""

    version: tuple[int, int]
    warps_per_cta: tuple[int, ...]
    instr_shape: tuple[int, ...]
    cga_layout: tuple[tuple[int, ...], ...] = _cga()

    _kind = "nvidia_mma"

    def __post_init__(self):
        _check(
            self,
            version=_mma_version,
            warps_per_cta=_ints,
            instr_shape=_ints,
            cga_layout=_bases,
        )
        self._validate()

    def _spec(self) -> dict:
        spec = super()._spec()
        spec["version"] = self.version[0]
        return spec


@dataclass(frozen=True)
class NvidiaMmaLayout(DistributedLayout):
    """NVMMADistributedLayout with the major version as an int: ``version`` 2
    (mma.sync) or 3 (wgmma)."""

    version: int
    warps_per_cta: tuple[int, ...]
    instr_shape: tuple[int, ...]
    cga_layout: tuple[tuple[int, ...], ...] = _cga()

    _kind = "nvidia_mma"

    def __post_init__(self):
        _check(
            self,
            version=_int,
            warps_per_cta=_ints,
            instr_shape=_ints,
            cga_layout=_bases,
        )
        self._validate()


@dataclass(frozen=True)
class DotOperandLayout(DistributedLayout):
    """Operand ``operand_index`` (0: A, 1: B) of a dot whose result has layout
    ``parent`` (NVIDIA mma, AMD mfma/wmma, or blocked for FMA); ``k_width``
    consecutive K elements per register group (0 for a blocked parent). The
    CTAs of the parent's ``cga_layout`` share the operand along K."""

    operand_index: int
    parent: DistributedLayout
    k_width: int

    _kind = "dot_operand"

    def __post_init__(self):
        _check_parent(self, "operand_index, parent, k_width")
        _check(self, operand_index=_int, k_width=_int)
        self._validate()


@dataclass(frozen=True)
class AMDMFMALayout(DistributedLayout):
    """AMD mfma accumulator (``version`` 1-4: gfx908, gfx90a, gfx942, gfx950);
    ``element_bitwidth`` 32 (the default) or 64."""

    version: int
    instr_shape: tuple[int, ...]
    transposed: bool
    warps_per_cta: tuple[int, ...]
    element_bitwidth: int | None = None
    tiles_per_warp: tuple[int, ...] | None = None
    cga_layout: tuple[tuple[int, ...], ...] = _cga()

    _kind = "amd_mfma"

    def __post_init__(self):
        if self.element_bitwidth is None:
            _set(self, "element_bitwidth", 32)
        _check(
            self,
            version=_int,
            instr_shape=_ints,
            transposed=_bool,
            warps_per_cta=_ints,
            element_bitwidth=_int,
        )
        _check_tiles_per_warp(self)
        _check(self, cga_layout=_bases)
        self._validate()


@dataclass(frozen=True)
class AMDWMMALayout(DistributedLayout):
    """AMD wmma accumulator (``version`` 1: RDNA3, 2: RDNA4, 3: gfx1250);
    ``instr_shape`` defaults to [16, 16, 16]."""

    version: int
    transposed: bool
    warps_per_cta: tuple[int, ...]
    instr_shape: tuple[int, ...] | None = None
    tiles_per_warp: tuple[int, ...] | None = None
    cga_layout: tuple[tuple[int, ...], ...] = _cga()

    _kind = "amd_wmma"

    def __post_init__(self):
        if self.instr_shape is None:
            _set(self, "instr_shape", (16, 16, 16))
        _check(
            self, version=_int, transposed=_bool, warps_per_cta=_ints, instr_shape=_ints
        )
        _check_tiles_per_warp(self)
        _check(self, cga_layout=_bases)
        self._validate()


AmdMfmaLayout = AMDMFMALayout
AmdWmmaLayout = AMDWMMALayout


def _linear(bases: dict, out_dims: list) -> LinearLayout:
    try:
        return LinearLayout(
            {k: [list(b) for b in v] for k, v in bases.items()}, out_dims
        )
    except (ValueError, TypeError) as e:
        raise ValueError(str(e)) from None


@dataclass(frozen=True)
class DistributedLinearLayout(DistributedLayout):
    """A register layout given by its bases: ``(register, lane, warp, block)
    -> (dim0, ...)`` over a tensor of ``shape``."""

    reg_bases: tuple[tuple[int, ...], ...]
    lane_bases: tuple[tuple[int, ...], ...]
    warp_bases: tuple[tuple[int, ...], ...]
    block_bases: tuple[tuple[int, ...], ...]
    shape: tuple[int, ...]

    def __post_init__(self):
        _check(
            self,
            reg_bases=_bases,
            lane_bases=_bases,
            warp_bases=_bases,
            block_bases=_bases,
            shape=_ints,
        )
        _set(self, "_rank", len(self.shape))
        self.to_linear(self.shape)

    def _spec(self) -> dict:
        raise TypeError(
            "a DistributedLinearLayout has no family description: use to_linear"
        )

    def to_linear(self, shape: Sequence[int]) -> LinearLayout:
        shape = _shape(shape)
        if shape != list(self.shape):
            raise ValueError(
                f"shape must be the layout's own {list(self.shape)}, got {shape}"
            )
        for name in ("reg_bases", "lane_bases", "warp_bases", "block_bases"):
            for basis in getattr(self, name):
                if len(basis) != len(shape):
                    raise ValueError(
                        f"{name} entries must have {len(shape)} values (the rank), got {list(basis)}"
                    )
        bases = {
            "register": self.reg_bases,
            "lane": self.lane_bases,
            "warp": self.warp_bases,
            "block": self.block_bases,
        }
        return _linear(bases, [(f"dim{i}", s) for i, s in enumerate(shape)])


@dataclass(frozen=True)
class SwizzledSharedLayout(SharedLayout):
    """Shared memory, rows along ``order[1]``, columns along ``order[0]``; the
    ``vec``-element column groups of row r XORed with (r // per_phase) % max_phase."""

    vec: int
    per_phase: int
    max_phase: int
    order: tuple[int, ...]
    cga_layout: tuple[tuple[int, ...], ...] = _cga()

    def __post_init__(self):
        _check(
            self,
            vec=_int,
            per_phase=_int,
            max_phase=_int,
            order=_ints,
            cga_layout=_bases,
        )
        # Validate now with the smallest shape of the right rank.
        self.to_linear([1] * max(1, len(self.order)))

    def to_linear(self, shape: Sequence[int]) -> LinearLayout:
        return _core.swizzled_shared_to_linear(
            self.vec,
            self.per_phase,
            self.max_phase,
            list(self.order),
            _shape(shape),
            [list(b) for b in self.cga_layout],
        )


@dataclass(frozen=True)
class NVMMASharedLayout(SharedLayout):
    """NVIDIA TMA / wgmma shared memory with ``swizzle_byte_width`` (0, 32, 64,
    128) swizzling of 16-byte chunks of ``element_bitwidth``-bit elements (8
    to 64; fp4 data is packed bytes); ``transposed``: dim0 is contiguous; ``fp4_padded``: 8-bit slots
    holding one fp4 value each, every 16-byte chunk half padding."""

    swizzle_byte_width: int
    element_bitwidth: int
    rank: int = 2
    transposed: bool = False
    fp4_padded: bool = False
    cga_layout: tuple[tuple[int, ...], ...] = _cga()

    def __post_init__(self):
        _check(
            self,
            swizzle_byte_width=_int,
            element_bitwidth=_int,
            rank=_int,
            transposed=_bool,
            fp4_padded=_bool,
            cga_layout=_bases,
        )
        if self.rank < 1:
            raise ValueError(f"rank must be at least 1, got {self.rank}")
        _core.nvmma_shared_to_linear(
            self.swizzle_byte_width,
            self.element_bitwidth,
            self.transposed,
            [1],
            self.fp4_padded,
            None,
        )

    def to_linear(self, shape: Sequence[int]) -> LinearLayout:
        shape = _shape(shape)
        if self.cga_layout and len(shape) != self.rank:
            raise ValueError(
                f"shape must have {self.rank} entries (the layout's rank), got {shape}"
            )
        return _core.nvmma_shared_to_linear(
            self.swizzle_byte_width,
            self.element_bitwidth,
            self.transposed,
            shape,
            self.fp4_padded,
            [list(b) for b in self.cga_layout],
        )


@dataclass(frozen=True)
class NvmmaSharedLayout(SharedLayout):
    """NVMMASharedLayout under its earlier parameter names (``swizzle_bytes``,
    ``element_bits``; the rank is the shape's)."""

    swizzle_bytes: int
    element_bits: int
    transposed: bool = False
    fp4_padded: bool = False
    cga_layout: tuple[tuple[int, ...], ...] = _cga()

    def __post_init__(self):
        _check(
            self,
            swizzle_bytes=_int,
            element_bits=_int,
            transposed=_bool,
            fp4_padded=_bool,
            cga_layout=_bases,
        )
        _core.nvmma_shared_to_linear(
            self.swizzle_bytes,
            self.element_bits,
            self.transposed,
            [1],
            self.fp4_padded,
            None,
        )

    def to_linear(self, shape: Sequence[int]) -> LinearLayout:
        return _core.nvmma_shared_to_linear(
            self.swizzle_bytes,
            self.element_bits,
            self.transposed,
            _shape(shape),
            self.fp4_padded,
            [list(b) for b in self.cga_layout],
        )


def _shared_shape(bases) -> list:
    """The tensor shape bases reach: per dimension, the power of two above the
    largest value (Gluon's SharedLinearLayout has no explicit shape)."""
    rank = max((len(b) for b in bases), default=0)
    shape = []
    for d in range(rank):
        largest = max((b[d] for b in bases if len(b) > d), default=0)
        size = 1
        while size <= largest:
            size *= 2
        shape.append(size)
    return shape


@dataclass(frozen=True)
class SharedLinearLayout(SharedLayout):
    """A shared-memory layout given by its bases: ``(offset, block) -> (dim0,
    ...)``; ``alignment`` is the buffer's byte alignment (no part of the map)."""

    offset_bases: tuple[tuple[int, ...], ...]
    block_bases: tuple[tuple[int, ...], ...] = _cga()
    alignment: int = 16

    def __post_init__(self):
        _check(self, offset_bases=_bases, block_bases=_bases, alignment=_int)
        if self.alignment < 1 or self.alignment & (self.alignment - 1):
            raise ValueError(f"alignment must be a power of two, got {self.alignment}")
        if not self.offset_bases:
            raise ValueError("offset_bases must not be empty")
        self.to_linear(self.shape)

    @property
    def shape(self) -> list:
        """The tensor shape the bases cover."""
        return _shared_shape(self.offset_bases + self.block_bases)

    @property
    def rank(self) -> int:
        return len(self.offset_bases[0])

    def to_linear(self, shape: Sequence[int] | None = None) -> LinearLayout:
        own = self.shape
        shape = own if shape is None else _shape(shape)
        for name in ("offset_bases", "block_bases"):
            for basis in getattr(self, name):
                if len(basis) != len(shape):
                    raise ValueError(
                        f"{name} entries must have {len(shape)} values (the rank), got {list(basis)}"
                    )
        if shape != own:
            raise ValueError(
                f"shape must be the one the bases cover, {own}, got {shape}"
            )
        return _linear(
            {"offset": self.offset_bases, "block": self.block_bases},
            [(f"dim{i}", s) for i, s in enumerate(shape)],
        )


@dataclass(frozen=True)
class PaddedSharedLayout(SharedLayout):
    """Shared memory with a linear remapping (``offset_bases``,
    ``block_bases``) of a tensor of ``shape``, and after every ``interval``
    elements ``padding`` unused ones (``interval_padding_pairs``).
    ``to_linear`` gives the remapping; ``padded_offset`` the address."""

    interval_padding_pairs: tuple[tuple[int, ...], ...]
    offset_bases: tuple[tuple[int, ...], ...]
    block_bases: tuple[tuple[int, ...], ...]
    shape: tuple[int, ...]

    def __post_init__(self):
        _check(
            self,
            interval_padding_pairs=_bases,
            offset_bases=_bases,
            block_bases=_bases,
            shape=_ints,
        )
        intervals = []
        for pair in self.interval_padding_pairs:
            if len(pair) != 2 or any(v < 1 or v & (v - 1) for v in pair):
                raise ValueError(
                    f"interval_padding_pairs must be [interval, padding] pairs of powers of two, "
                    f"got {list(pair)}"
                )
            intervals.append(pair[0])
        if len(set(intervals)) != len(intervals):
            raise ValueError("interval_padding_pairs must not repeat an interval")
        self.to_linear(self.shape)

    @property
    def rank(self) -> int:
        return len(self.shape)

    def to_linear(self, shape: Sequence[int]) -> LinearLayout:
        shape = _shape(shape)
        if shape != list(self.shape):
            raise ValueError(
                f"shape must be the layout's own {list(self.shape)}, got {shape}"
            )
        for name in ("offset_bases", "block_bases"):
            for basis in getattr(self, name):
                if len(basis) != len(shape):
                    raise ValueError(
                        f"{name} entries must have {len(shape)} values (the rank), got {list(basis)}"
                    )
        return _linear(
            {"offset": self.offset_bases, "block": self.block_bases},
            [(f"dim{i}", s) for i, s in enumerate(shape)],
        )

    def padded_offset(self, offset: int) -> int:
        """The memory position (in elements) of linear offset ``offset``."""
        offset = _int("offset", offset)
        return offset + sum(
            (offset // interval) * padding
            for interval, padding in self.interval_padding_pairs
        )
