"""Linear layouts over F2: the C++ core of the linear_layout package"""



# Generated: python -m nanobind.stubgen -m linear_layout._core
#   -p python/stubgen/_core.patterns -o python/linear_layout/_core.pyi
# (test/python/test_stubs.py checks that it is up to date).
# ruff: noqa
from collections.abc import Mapping, Sequence
import os
import numpy
import numpy.typing

class LinearLayout:
    """
    A linear map over F2 from labelled input bits to labelled output bits.

    LinearLayout(bases, out_dims): `bases` maps each input dimension to the list
    of its bases (the images of its bits, one int per output dimension);
    `out_dims` maps each output dimension to its power-of-two size (a dict or a
    list of (name, size) pairs, in order). Dimensions flatten with the first
    listed one least significant.
    """

    def __init__(self, bases: Mapping[str, Sequence[Sequence[int]]], out_dims: Mapping[str, int] | Sequence[tuple[str, int]]) -> None: ...

    @staticmethod
    def identity_1d(size: int, in_dim: str, out_dim: str) -> LinearLayout:
        """`size` inputs mapped one to one onto `size` outputs."""

    @staticmethod
    def zeros_1d(size: int, in_dim: str, out_dim: str, out_size: int = 1) -> LinearLayout:
        """`size` inputs all mapped to element 0 (a broadcast)."""

    @staticmethod
    def strided_1d(size: int, stride: int, in_dim: str, out_dim: str) -> LinearLayout:
        """Input i maps to i * stride."""

    @staticmethod
    def empty() -> LinearLayout:
        """The layout with no dimensions (the unit of `*`)."""

    @property
    def in_dims(self) -> dict[str, int]:
        """Ordered dict: input dimension name -> size."""

    @property
    def out_dims(self) -> dict[str, int]:
        """Ordered dict: output dimension name -> size."""

    @property
    def bases(self) -> dict[str, list[list[int]]]:
        """Ordered dict: input dimension -> list of bases."""

    @property
    def total_in_bits(self) -> int: ...

    @property
    def total_out_bits(self) -> int: ...

    @property
    def columns(self) -> list[int]:
        """The image of every flat input bit as a flat output index."""

    def apply(self, inputs: Mapping[str, int | numpy.typing.ArrayLike], /) -> dict[str, int | numpy.ndarray]:
        """
        Evaluates the layout on {input dimension: value}; values may be ints or NumPy arrays (broadcast together). Returns {output dimension: value}.
        """

    def compose(self, outer: LinearLayout) -> LinearLayout:
        """Apply this layout, then `outer`."""

    def invert(self) -> LinearLayout: ...

    def pseudoinvert(self) -> LinearLayout:
        """A right inverse picking the lowest input for every output."""

    def invert_and_compose(self, outer: LinearLayout) -> LinearLayout:
        """The conversion C = outer^-1 * self: outer(C(x)) == self(x)."""

    def __mul__(self, arg: LinearLayout, /) -> LinearLayout: ...

    def divide_left(self, divisor: LinearLayout) -> LinearLayout | None:
        """C with self == divisor * C, or None."""

    def divide_right(self, divisor: LinearLayout) -> LinearLayout | None:
        """C with self == C * divisor, or None."""

    def sublayout(self, in_dims: Sequence[str], out_dims: Sequence[str]) -> LinearLayout: ...

    def reshape_ins(self, new_in_dims: Mapping[str, int] | Sequence[tuple[str, int]]) -> LinearLayout: ...

    def reshape_outs(self, new_out_dims: Mapping[str, int] | Sequence[tuple[str, int]]) -> LinearLayout: ...

    def transpose_ins(self, order: Sequence[str]) -> LinearLayout: ...

    def transpose_outs(self, order: Sequence[str]) -> LinearLayout: ...

    def flatten_ins(self) -> LinearLayout: ...

    def flatten_outs(self) -> LinearLayout: ...

    def free_variable_masks(self) -> dict[str, int]:
        """Per input dimension, the mask of bits that never reach a new output."""

    def num_consecutive_elements_flat(self) -> int:
        """
        The contiguity over the flattened output (dim0 least significant): a run may continue from one dim0 row into the next, contiguous in memory only when the rows are stored one after another.
        """

    def num_consecutive_elements(self) -> int:
        """
        Triton's getNumConsecutiveInOut: how many consecutive inputs of the first input dimension hold consecutive, aligned elements along the first output dimension (never crossing into the next dim0 row).
        """

    def rank(self) -> int: ...

    def is_injective(self) -> bool: ...

    def is_surjective(self) -> bool: ...

    def is_invertible(self) -> bool: ...

    def matrix(self) -> numpy.ndarray:
        """The F2 matrix as a NumPy uint8 array (out bits x in bits)."""

    def to_mlir(self) -> str:
        """The standalone #ll.linear attribute text."""

    def element_table(self) -> str:
        """A grid of which inputs hold each element (for 1-D/2-D outputs)."""

    def __eq__(self, arg: LinearLayout, /) -> bool: ...

    def __ne__(self, arg: LinearLayout, /) -> bool: ...

    def __hash__(self) -> int: ...

    def __repr__(self) -> str: ...

    def __str__(self) -> str: ...

    def __reduce__(self) -> tuple: ...

    @classmethod
    def from_mlir(cls, source: object, shape: Sequence[int] | None = None) -> LinearLayout:
        """
        The layout of an ``#ll.linear`` attribute, its text (what
            :meth:`to_mlir` returns, or the encoding form), or a tensor type with an
            ``#ll.linear`` encoding; or of any ``#ttg`` encoding Triton 3.6 prints
            (``#ttg.blocked<...>``, ``#ttg.nvidia_mma<...>``, shared encodings, ...)
            for a tensor of ``shape`` (required there: Triton's encodings have no
            shape of their own). Needs the ``mlir`` Python package.
        """

    def to_ttg(self) -> str:
        """
        The layout as Triton 3.6 attribute text: ``#ttg.linear<{register =
            ..., lane = ..., warp = ..., block = ...}>`` for a distributed layout
            (the encoding of a tensor of the layout's output shape), or
            ``#ttg.shared_linear<{offset = ..., block = ...}, alignment = 16>`` for a
            memory layout.
        """

    def to_gluon(self) -> object:
        """
        The layout as a Gluon object: ``DistributedLinearLayout`` for a
            distributed layout, ``SharedLinearLayout`` for a memory layout.
        """

    def to_svg(self, **options) -> str:
        """
        The picture of this layout as SVG text (docs/pictures.md): a
            distributed layout shows who holds each element, a memory layout the
            offset and bank of each element.
        """

    def _repr_svg_(self) -> str | None:
        """The picture a notebook shows (None where the layout cannot be drawn)."""

    def save_picture(self, path: str | os.PathLike, **options) -> None:
        """Writes this object's picture to ``path`` (.svg or .png)."""

def distributed_rank(spec: object) -> int:
    """Validates a distributed layout description; returns its rank."""

def distributed_to_linear(spec: object, shape: object) -> LinearLayout:
    """
    The linear layout (register, lane, warp, block) -> (dim0, ...) of a distributed layout description for a tensor of `shape`.
    """

def swizzled_shared_to_linear(vec: object, per_phase: object, max_phase: object, order: object, shape: object, cga_layout: object | None = None) -> LinearLayout:
    """
    The linear layout (offset, block) -> (dim0, ...) of a swizzled shared buffer of `shape`.
    """

def nvmma_shared_to_linear(swizzle_bytes: object, element_bits: object, transposed: object, shape: object, fp4_padded: object = False, cga_layout: object | None = None) -> LinearLayout:
    """
    The linear layout (offset, block) -> (dim0, ...) of an NVMMA shared buffer of `shape`.
    """
