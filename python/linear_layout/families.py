"""Layout families as Gluon-style parameter objects.

Each class mirrors the Gluon layout of the same name
(``triton.experimental.gluon.language``) and converts to a
:class:`~linear_layout.LinearLayout` with ``.to_linear(shape)``, giving the
bases Triton 3.6's ``to_linear_layout`` gives (single-CTA layouts only).

The objects are frozen dataclasses: keyword arguments, equality, hashing and
a ``repr`` that can be pasted back. Parameters are checked when an object is
made: a wrong type raises ``TypeError``, a wrong value ``ValueError`` naming
the parameter. The construction itself is C++ (``linear_layout._core``);
docs/families.md has the math.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass, fields

from linear_layout import _core
from linear_layout._core import LinearLayout

__all__ = [
    "AmdMfmaLayout",
    "AmdWmmaLayout",
    "BlockedLayout",
    "DistributedLayout",
    "DotOperandLayout",
    "NvidiaMmaLayout",
    "NvmmaSharedLayout",
    "SharedLayout",
    "SliceLayout",
    "SwizzledSharedLayout",
]


def _int(name: str, value) -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return operator.index(value)


def _ints(name: str, value) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) and not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence of ints, not {type(value).__name__}")
    return tuple(_int(name, v) for v in value)


def _bool(name: str, value) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    return value


def _shape(shape) -> list:
    return list(_ints("shape", shape))


class DistributedLayout:
    """Base of the register layouts: ``(register, lane, warp, block) -> (dim0, ...)``."""

    # The description's "kind" (python/src/FamiliesBindings.cpp); every family
    # sets it, the base itself describes no layout.
    _kind = None

    def _spec(self) -> dict:
        if self._kind is None:
            raise TypeError(f"{type(self).__name__} is the abstract base of the "
                            "layout families: use BlockedLayout, SliceLayout, "
                            "NvidiaMmaLayout, DotOperandLayout, AmdMfmaLayout or "
                            "AmdWmmaLayout")
        # The C++ reader takes the dataclass fields by name: tuples as lists,
        # a parent layout as its own description.
        spec = {"kind": self._kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, DistributedLayout):
                value = value._spec()
            elif isinstance(value, tuple):
                value = list(value)
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


def _check_parent(obj):
    if not isinstance(obj.parent, DistributedLayout):
        raise TypeError(f"parent must be a distributed layout, not {type(obj.parent).__name__}")


def _check_tiles_per_warp(obj):
    """``tiles_per_warp`` defaults to all ones (one per warp dimension)."""
    tiles = (1,) * len(obj.warps_per_cta) if obj.tiles_per_warp is None else obj.tiles_per_warp
    _set(obj, "tiles_per_warp", _ints("tiles_per_warp", tiles))


@dataclass(frozen=True)
class BlockedLayout(DistributedLayout):
    """Registers, lanes and warps each tile the tensor along ``order`` (fastest first)."""

    size_per_thread: tuple[int, ...]
    threads_per_warp: tuple[int, ...]
    warps_per_cta: tuple[int, ...]
    order: tuple[int, ...]

    _kind = "blocked"

    def __post_init__(self):
        _check(self, size_per_thread=_ints, threads_per_warp=_ints, warps_per_cta=_ints, order=_ints)
        self._validate()


@dataclass(frozen=True)
class SliceLayout(DistributedLayout):
    """``parent`` with dimension ``dim`` removed (reductions, broadcasts)."""

    parent: DistributedLayout
    dim: int

    _kind = "slice"

    def __post_init__(self):
        _check_parent(self)
        _check(self, dim=_int)
        self._validate()


@dataclass(frozen=True)
class NvidiaMmaLayout(DistributedLayout):
    """NVIDIA mma accumulator: ``version`` 2 (mma.sync, ``instr_shape`` [16, 8])
    or 3 (wgmma, ``instr_shape`` [16, N, K])."""

    version: int
    warps_per_cta: tuple[int, ...]
    instr_shape: tuple[int, ...]

    _kind = "nvidia_mma"

    def __post_init__(self):
        _check(self, version=_int, warps_per_cta=_ints, instr_shape=_ints)
        self._validate()


@dataclass(frozen=True)
class DotOperandLayout(DistributedLayout):
    """Operand ``operand_index`` (0: A, 1: B) of a dot whose result has layout
    ``parent`` (NVIDIA mma, AMD mfma/wmma, or blocked for FMA); ``k_width``
    consecutive K elements per register group (0 for a blocked parent)."""

    parent: DistributedLayout
    operand_index: int
    k_width: int

    _kind = "dot_operand"

    def __post_init__(self):
        _check_parent(self)
        _check(self, operand_index=_int, k_width=_int)
        self._validate()


@dataclass(frozen=True)
class AmdMfmaLayout(DistributedLayout):
    """AMD mfma accumulator (``version`` 1-4: gfx908, gfx90a, gfx942, gfx950)."""

    version: int
    instr_shape: tuple[int, ...]
    transposed: bool
    warps_per_cta: tuple[int, ...]
    element_bitwidth: int = 32
    tiles_per_warp: tuple[int, ...] | None = None

    _kind = "amd_mfma"

    def __post_init__(self):
        _check(self, version=_int, instr_shape=_ints, transposed=_bool, warps_per_cta=_ints, element_bitwidth=_int)
        _check_tiles_per_warp(self)
        self._validate()


@dataclass(frozen=True)
class AmdWmmaLayout(DistributedLayout):
    """AMD wmma accumulator (``version`` 1: RDNA3, 2: RDNA4, 3: gfx1250)."""

    version: int
    transposed: bool
    warps_per_cta: tuple[int, ...]
    instr_shape: tuple[int, ...] = (16, 16, 16)
    tiles_per_warp: tuple[int, ...] | None = None

    _kind = "amd_wmma"

    def __post_init__(self):
        _check(self, version=_int, transposed=_bool, warps_per_cta=_ints, instr_shape=_ints)
        _check_tiles_per_warp(self)
        self._validate()


@dataclass(frozen=True)
class SwizzledSharedLayout(SharedLayout):
    """Shared memory, rows along ``order[1]``, columns along ``order[0]``; the
    ``vec``-element column groups of row r XORed with (r // per_phase) % max_phase."""

    vec: int
    per_phase: int
    max_phase: int
    order: tuple[int, ...]

    def __post_init__(self):
        _check(self, vec=_int, per_phase=_int, max_phase=_int, order=_ints)
        # Validate now with the smallest shape of the right rank.
        _core.swizzled_shared_to_linear(self.vec, self.per_phase, self.max_phase,
                                        list(self.order), [1] * max(1, len(self.order)))

    def to_linear(self, shape: Sequence[int]) -> LinearLayout:
        return _core.swizzled_shared_to_linear(self.vec, self.per_phase, self.max_phase,
                                               list(self.order), _shape(shape))


@dataclass(frozen=True)
class NvmmaSharedLayout(SharedLayout):
    """NVIDIA TMA / wgmma shared memory with ``swizzle_bytes`` (0, 32, 64,
    128) swizzling of 16-byte chunks; ``transposed``: dim0 is contiguous."""

    swizzle_bytes: int
    element_bits: int
    transposed: bool = False

    def __post_init__(self):
        _check(self, swizzle_bytes=_int, element_bits=_int, transposed=_bool)
        _core.nvmma_shared_to_linear(self.swizzle_bytes, self.element_bits, self.transposed, [1])

    def to_linear(self, shape: Sequence[int]) -> LinearLayout:
        return _core.nvmma_shared_to_linear(self.swizzle_bytes, self.element_bits, self.transposed,
                                            _shape(shape))
