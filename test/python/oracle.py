"""A brute-force reference for linear layouts over F2, independent of the library.

Every operation here is defined by *enumerating* the layout's whole input
space (slow, but obviously correct for layouts of up to ~14 bits), never by the
bit tricks the C++ core uses. The tests compare ``linear_layout`` against it.

A layout is a :class:`Layout`: ordered input dims ``(name, size)``, ordered
output dims ``(name, size)`` and, per input dim, its bases (the image of each
input bit, one value per output dim in output-dim order).

Flattening: the FIRST listed dim is the least significant, i.e.
``flat = v0 + size0 * (v1 + size1 * (v2 + ...))``.

Operations that are undefined for their arguments raise :class:`OracleError`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

import numpy as np

# The oracle enumerates 2**bits points; refuse anything much larger.
MAX_ENUMERATED_BITS = 16


class OracleError(ValueError):
    """The operation does not exist for these arguments."""


def log2(size: int) -> int:
    if not isinstance(size, int) or size < 1 or size & (size - 1):
        raise OracleError(f"size {size!r} is not a positive power of two")
    return size.bit_length() - 1


Dims = tuple[tuple[str, int], ...]


@dataclasses.dataclass(frozen=True)
class Layout:
    in_dims: Dims
    out_dims: Dims
    # ((in_dim, ((v_out0, v_out1, ...), ...)), ...), in in_dims order.
    basis_items: tuple[tuple[str, tuple[tuple[int, ...], ...]], ...]

    @property
    def bases(self) -> dict[str, list[list[int]]]:
        return {name: [list(b) for b in bs] for name, bs in self.basis_items}

    @property
    def in_names(self) -> list[str]:
        return [n for n, _ in self.in_dims]

    @property
    def out_names(self) -> list[str]:
        return [n for n, _ in self.out_dims]

    @property
    def in_size(self) -> int:
        return _prod(s for _, s in self.in_dims)

    @property
    def out_size(self) -> int:
        return _prod(s for _, s in self.out_dims)

    @property
    def in_bits(self) -> int:
        return log2(self.in_size)

    @property
    def out_bits(self) -> int:
        return log2(self.out_size)

    def in_dim_size(self, name: str) -> int:
        return dict(self.in_dims).get(name, 1)

    def out_dim_size(self, name: str) -> int:
        return dict(self.out_dims).get(name, 1)

    def __repr__(self) -> str:
        return f"oracle.make({self.bases!r}, {list(self.out_dims)!r})"


def _prod(values) -> int:
    result = 1
    for v in values:
        result *= v
    return result


def make(bases: Mapping[str, Sequence[Sequence[int]]],
         out_dims: Mapping[str, int] | Sequence[tuple[str, int]],
         enumerable: bool = True) -> Layout:
    """Builds and validates a layout; input sizes are 2**len(bases[d]).

    With ``enumerable=False`` the size guard is lifted: only :func:`apply`
    (which evaluates one point) may then be used on the result.
    """
    out = tuple(out_dims.items()) if isinstance(out_dims, Mapping) else tuple(
        (n, s) for n, s in out_dims)
    for _, size in out:
        log2(size)
    if len({n for n, _ in out}) != len(out):
        raise OracleError("duplicate output dim")
    items = []
    for name, dim_bases in bases.items():
        rows = []
        for basis in dim_bases:
            basis = tuple(int(v) for v in basis)
            if len(basis) != len(out):
                raise OracleError("basis has the wrong number of values")
            for v, (_, size) in zip(basis, out):
                if not 0 <= v < size:
                    raise OracleError("basis value out of range")
            rows.append(basis)
        items.append((name, tuple(rows)))
    in_dims = tuple((n, 2 ** len(rows)) for n, rows in items)
    layout = Layout(in_dims, out, tuple(items))
    if enumerable and (layout.in_bits > MAX_ENUMERATED_BITS
                       or layout.out_bits > MAX_ENUMERATED_BITS):
        raise OracleError("too large for the brute-force oracle")
    return layout


def identity_1d(size: int, in_dim: str, out_dim: str) -> Layout:
    return make({in_dim: [[1 << i] for i in range(log2(size))]}, [(out_dim, size)])


def zeros_1d(size: int, in_dim: str, out_dim: str, out_size: int = 1) -> Layout:
    return make({in_dim: [[0]] * log2(size)}, [(out_dim, out_size)])


def strided_1d(size: int, stride: int, in_dim: str, out_dim: str) -> Layout:
    return make({in_dim: [[stride << i] for i in range(log2(size))]},
                [(out_dim, size * stride if stride else 1)])


# ---------------------------------------------------------------------------
# Flattening and evaluation
# ---------------------------------------------------------------------------

def flatten(dims: Dims, values):
    """Per-dim values (ints or arrays, in dims order) -> flat index."""
    flat, stride = 0, 1
    for (_, size), v in zip(dims, values, strict=True):
        flat = flat + v * stride
        stride *= size
    return flat


def unflatten(dims: Dims, flat):
    """Flat index (int or array) -> list of per-dim values, in dims order."""
    values = []
    for _, size in dims:
        values.append(flat % size)
        flat = flat // size
    return values


def apply(layout: Layout, inputs: Mapping[str, int]) -> dict[str, int]:
    """Evaluates one point: XOR of the bases of the set input bits."""
    if set(inputs) != set(layout.in_names):
        raise OracleError("apply needs every input dim exactly once")
    out = [0] * len(layout.out_dims)
    for name, dim_bases in layout.basis_items:
        value = inputs[name]
        if not 0 <= value < layout.in_dim_size(name):
            raise OracleError("input value out of range")
        for bit, basis in enumerate(dim_bases):
            if value >> bit & 1:
                out = [o ^ b for o, b in zip(out, basis)]
    return dict(zip(layout.out_names, out))


def table(layout: Layout) -> np.ndarray:
    """The layout on ALL inputs: array (in_size, n_out_dims); row = flat input."""
    n = layout.in_size
    x = np.arange(n, dtype=np.int64)
    out = np.zeros((n, len(layout.out_dims)), dtype=np.int64)
    for (_, dim_bases), value in zip(layout.basis_items,
                                        unflatten(layout.in_dims, x)):
        for bit, basis in enumerate(dim_bases):
            on = (value >> bit) & 1
            for k, b in enumerate(basis):
                out[:, k] ^= on * b
    return out


def flat_table(layout: Layout) -> np.ndarray:
    """Flat output index for every flat input index."""
    t = table(layout)
    return np.asarray(flatten(layout.out_dims, list(t.T)), dtype=np.int64) \
        if layout.out_dims else np.zeros(layout.in_size, dtype=np.int64)


def evaluate_all(layout: Layout) -> list[tuple[int, ...]]:
    """flat input index -> tuple of outputs (in out-dim order)."""
    return [tuple(int(v) for v in row) for row in table(layout)]


def from_table(in_dims: Dims, out_dims: Dims, outputs: np.ndarray) -> Layout:
    """The layout whose value at every flat input is the given row.

    Reads the bases off the unit inputs, then checks that the linear map they
    define reproduces the whole table (raises AssertionError otherwise).
    """
    outputs = np.asarray(outputs, dtype=np.int64)
    if outputs.ndim != 2:
        outputs = outputs.reshape(-1, len(out_dims))
    bases = {}
    stride = 1
    for name, size in in_dims:
        bases[name] = [[int(v) for v in outputs[stride << bit]]
                       for bit in range(log2(size))]
        stride *= size
    layout = make(bases, out_dims)
    assert np.array_equal(table(layout), outputs), "the map is not linear"
    return layout


def images_by_name(layout: Layout) -> dict[tuple[str, int], dict[str, int]]:
    """(in_dim, bit) -> {out_dim: value}."""
    return {(name, bit): dict(zip(layout.out_names, basis))
            for name, dim_bases in layout.basis_items
            for bit, basis in enumerate(dim_bases)}


# ---------------------------------------------------------------------------
# Algebra
# ---------------------------------------------------------------------------

def compose(a: Layout, b: Layout) -> Layout:
    """b after a: x -> b(a(x))."""
    if set(a.out_names) != set(b.in_names) or len(a.out_names) != len(b.in_names):
        raise OracleError("compose: a's outputs must be b's inputs")
    for name, size in a.out_dims:
        if size > b.in_dim_size(name):
            raise OracleError("compose: a's output larger than b's input")
    ta, tb = table(a), table(b)
    by_name = dict(zip(a.out_names, ta.T))
    y = flatten(b.in_dims, [by_name[n] for n in b.in_names]) if b.in_dims \
        else np.zeros(a.in_size, dtype=np.int64)
    return from_table(a.in_dims, b.out_dims, tb[y])


def is_injective(layout: Layout) -> bool:
    return len(set(flat_table(layout).tolist())) == layout.in_size


def is_surjective(layout: Layout) -> bool:
    return len(set(flat_table(layout).tolist())) == layout.out_size


def is_invertible(layout: Layout) -> bool:
    return layout.in_size == layout.out_size and is_injective(layout)


def rank(layout: Layout) -> int:
    return log2(len(set(flat_table(layout).tolist())))


def invert(layout: Layout) -> Layout:
    """The inverse, found by search: inv(y) = the x with layout(x) == y."""
    if not is_invertible(layout):
        raise OracleError("invert: not invertible")
    flat = flat_table(layout).tolist()
    inverse = [flat.index(y) for y in range(layout.out_size)]
    outputs = np.stack(unflatten(layout.in_dims, np.array(inverse)), axis=1) \
        if layout.in_dims else np.zeros((layout.out_size, 0))
    return from_table(layout.out_dims, layout.in_dims, outputs)


def min_preimage(layout: Layout) -> dict[int, int]:
    """flat output -> lowest flat input that produces it (reached outputs only)."""
    result: dict[int, int] = {}
    for x, y in enumerate(flat_table(layout).tolist()):
        result.setdefault(y, x)
    return result


def pseudoinvert(layout: Layout) -> Layout:
    """R(y) = the lowest flat input x with layout(x) == y (needs surjectivity)."""
    if not is_surjective(layout):
        raise OracleError("pseudoinvert: not surjective")
    lowest = min_preimage(layout)
    flat_inputs = np.array([lowest[y] for y in range(layout.out_size)])
    outputs = np.stack(unflatten(layout.in_dims, flat_inputs), axis=1) \
        if layout.in_dims else np.zeros((layout.out_size, 0))
    return from_table(layout.out_dims, layout.in_dims, outputs)


def _check_same_outs(a: Layout, b: Layout, what: str) -> None:
    if set(a.out_names) != set(b.out_names) or len(a.out_names) != len(b.out_names):
        raise OracleError(f"{what}: different output dims")
    for name, size in a.out_dims:
        if size > b.out_dim_size(name):
            raise OracleError(f"{what}: a's output larger than b's")


def identical_dims(a: Layout, b: Layout) -> list[str]:
    """Input dims that a and b both have, same size, with equal images."""
    ia, ib = images_by_name(a), images_by_name(b)
    same = []
    for name, size in a.in_dims:
        if name in b.in_names and b.in_dim_size(name) == size and all(
                ia[name, bit] == ib[name, bit] for bit in range(log2(size))):
            same.append(name)
    return same


def invert_and_compose(a: Layout, b: Layout) -> Layout:
    """C with b(C(x)) == a(x): identity on identical dims, else lowest preimage."""
    _check_same_outs(a, b, "invert_and_compose")
    same = identical_dims(a, b)
    lowest = min_preimage(b)
    bases = {}
    for name, dim_bases in a.basis_items:
        rows = []
        for bit, basis in enumerate(dim_bases):
            if name in same:
                rows.append([1 << bit if n == name else 0 for n in b.in_names])
                continue
            by_name = dict(zip(a.out_names, basis))
            target = flatten(b.out_dims, [by_name[n] for n in b.out_names])
            if target not in lowest:
                raise OracleError("invert_and_compose: unreachable value")
            rows.append([int(v) for v in unflatten(b.in_dims, lowest[target])])
        bases[name] = rows
    return make(bases, b.in_dims)


def product(a: Layout, b: Layout) -> Layout:
    """a * b: a on the low part of shared dims, b on the high part."""
    def merged(da: Dims, db: Dims) -> Dims:
        sizes = dict(da)
        order = [n for n, _ in da] + [n for n, _ in db if n not in sizes]
        for n, s in db:
            sizes[n] = sizes.get(n, 1) * s
        return tuple((n, sizes[n]) for n in order)

    in_dims, out_dims = merged(a.in_dims, b.in_dims), merged(a.out_dims, b.out_dims)
    if log2(_prod(s for _, s in in_dims)) > MAX_ENUMERATED_BITS or \
            log2(_prod(s for _, s in out_dims)) > MAX_ENUMERATED_BITS:
        raise OracleError("product too large for the oracle")
    n = _prod(s for _, s in in_dims)
    values = dict(zip([d for d, _ in in_dims],
                      unflatten(in_dims, np.arange(n, dtype=np.int64))))
    a_in = [values[d] % s for d, s in a.in_dims]
    b_in = [values[d] // a.in_dim_size(d) for d, _ in b.in_dims]
    zeros = np.zeros(n, dtype=np.int64)
    ta = table(a)[flatten(a.in_dims, a_in) if a.in_dims else zeros]
    tb = table(b)[flatten(b.in_dims, b_in) if b.in_dims else zeros]
    a_out, b_out = dict(zip(a.out_names, ta.T)), dict(zip(b.out_names, tb.T))
    outputs = np.stack(
        [a_out.get(d, zeros) + a.out_dim_size(d) * b_out.get(d, zeros)
         for d, _ in out_dims], axis=1) if out_dims else np.zeros((n, 0))
    return from_table(in_dims, out_dims, outputs)


def transpose_ins(layout: Layout, order: Sequence[str]) -> Layout:
    if sorted(order) != sorted(layout.in_names) or len(set(order)) != len(order):
        raise OracleError("transpose_ins: not a permutation")
    sizes = dict(layout.in_dims)
    new_dims = tuple((n, sizes[n]) for n in order)
    values = dict(zip(order, unflatten(new_dims, np.arange(layout.in_size))))
    old_flat = flatten(layout.in_dims, [values[n] for n in layout.in_names]) \
        if layout.in_dims else np.zeros(layout.in_size, dtype=np.int64)
    return from_table(new_dims, layout.out_dims, table(layout)[old_flat])


def transpose_outs(layout: Layout, order: Sequence[str]) -> Layout:
    if sorted(order) != sorted(layout.out_names) or len(set(order)) != len(order):
        raise OracleError("transpose_outs: not a permutation")
    sizes = dict(layout.out_dims)
    t = table(layout)
    cols = [t[:, layout.out_names.index(n)] for n in order]
    outputs = np.stack(cols, axis=1) if cols else t
    return from_table(layout.in_dims, tuple((n, sizes[n]) for n in order), outputs)


def _check_reshape(old: Dims, new: Sequence[tuple[str, int]]) -> Dims:
    new = tuple((n, s) for n, s in new)
    for _, s in new:
        log2(s)
    if len({n for n, _ in new}) != len(new):
        raise OracleError("reshape: duplicate dim")
    if _prod(s for _, s in new) != _prod(s for _, s in old):
        raise OracleError("reshape: total size differs")
    return new


def reshape_ins(layout: Layout, new_in_dims: Sequence[tuple[str, int]]) -> Layout:
    """Same map on the same flat input index, relabelled."""
    new = _check_reshape(layout.in_dims, new_in_dims)
    return from_table(new, layout.out_dims, table(layout))


def reshape_outs(layout: Layout, new_out_dims: Sequence[tuple[str, int]]) -> Layout:
    """Same flat output index, relabelled."""
    new = _check_reshape(layout.out_dims, new_out_dims)
    flat = flat_table(layout)
    outputs = np.stack(unflatten(new, flat), axis=1) if new else \
        np.zeros((layout.in_size, 0))
    return from_table(layout.in_dims, new, outputs)


def flatten_ins(layout: Layout) -> Layout:
    if len(layout.in_dims) <= 1:
        return layout
    return reshape_ins(layout, [(layout.in_names[0], layout.in_size)])


def flatten_outs(layout: Layout) -> Layout:
    if len(layout.out_dims) <= 1:
        return layout
    return reshape_outs(layout, [(layout.out_names[0], layout.out_size)])


def sublayout(layout: Layout, in_names: Sequence[str],
              out_names: Sequence[str]) -> Layout:
    """Restriction: dropped inputs fixed at 0, dropped outputs projected away."""
    for names, have in ((in_names, layout.in_names), (out_names, layout.out_names)):
        if not set(names) <= set(have) or len(set(names)) != len(names):
            raise OracleError("sublayout: unknown or repeated dim")
    in_dims = tuple(d for d in layout.in_dims if d[0] in in_names)
    out_dims = tuple(d for d in layout.out_dims if d[0] in out_names)
    n = _prod(s for _, s in in_dims)
    values = dict(zip([d for d, _ in in_dims],
                      unflatten(in_dims, np.arange(n, dtype=np.int64))))
    zeros = np.zeros(n, dtype=np.int64)
    full = [values.get(d, zeros) for d in layout.in_names]
    rows = table(layout)[flatten(layout.in_dims, full) if full else zeros]
    cols = [rows[:, layout.out_names.index(d)] for d, _ in out_dims]
    outputs = np.stack(cols, axis=1) if cols else np.zeros((n, 0))
    return from_table(in_dims, out_dims, outputs)


def equal_up_to_dim_order(layout: Layout, like: Layout) -> bool:
    if sorted(layout.in_dims) != sorted(like.in_dims) or \
            sorted(layout.out_dims) != sorted(like.out_dims):
        return False
    reordered = transpose_outs(transpose_ins(layout, like.in_names), like.out_names)
    return reordered == like


def _quotient_dims(dims: Dims, divisor: Dims) -> Dims | None:
    sizes = dict(dims)
    for name, size in divisor:
        if name not in sizes or sizes[name] % size:
            return None
        sizes[name] //= size
    return tuple((n, sizes[n]) for n, _ in dims)


def divide_left(a: Layout, b: Layout) -> Layout | None:
    """C with a == b * C (up to dim order), or None; C has a's dims and order.

    The only candidate: b owns the low part of every dim, so C(x) is a at the
    high part, shifted down by b's output sizes. It is checked by recomputing
    the product.
    """
    in_dims, out_dims = _quotient_dims(a.in_dims, b.in_dims), \
        _quotient_dims(a.out_dims, b.out_dims)
    if in_dims is None or out_dims is None:
        return None
    n = _prod(s for _, s in in_dims)
    values = unflatten(in_dims, np.arange(n, dtype=np.int64))
    scaled = [v * b.in_dim_size(d) for (d, _), v in zip(in_dims, values)]
    rows = table(a)[flatten(a.in_dims, scaled) if scaled else np.zeros(n, dtype=np.int64)]
    outputs = np.stack([rows[:, k] // b.out_dim_size(d)
                        for k, (d, _) in enumerate(out_dims)], axis=1) \
        if out_dims else np.zeros((n, 0))
    try:
        candidate = from_table(in_dims, out_dims, outputs)
    except (AssertionError, OracleError):
        return None
    return candidate if equal_up_to_dim_order(product(b, candidate), a) else None


def divide_right(a: Layout, b: Layout) -> Layout | None:
    """C with a == C * b (up to dim order), or None: C is a on the low parts."""
    in_dims, out_dims = _quotient_dims(a.in_dims, b.in_dims), \
        _quotient_dims(a.out_dims, b.out_dims)
    if in_dims is None or out_dims is None:
        return None
    n = _prod(s for _, s in in_dims)
    values = unflatten(in_dims, np.arange(n, dtype=np.int64))
    rows = table(a)[flatten(a.in_dims, values) if values else np.zeros(n, dtype=np.int64)]
    for k, (_, size) in enumerate(out_dims):
        if (rows[:, k] >= size).any():
            return None
    try:
        candidate = from_table(in_dims, out_dims, rows)
    except (AssertionError, OracleError):
        return None
    return candidate if equal_up_to_dim_order(product(candidate, b), a) else None


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------

def flat_images(layout: Layout) -> list[int]:
    """Image of each flat input bit, as a flat output index, in flat order."""
    flat = flat_table(layout)
    return [int(flat[1 << i]) for i in range(layout.in_bits)]


def free_variable_masks(layout: Layout) -> dict[str, int]:
    """Bit i of dim d is free iff its image lies in the span of earlier images."""
    span = {0}
    images = iter(flat_images(layout))
    masks = {}
    for name, size in layout.in_dims:
        mask = 0
        for bit in range(log2(size)):
            image = next(images)
            if image in span:
                mask |= 1 << bit
            else:
                span |= {s ^ image for s in span}
        masks[name] = mask
    return masks


def num_consecutive_elements(layout: Layout) -> int:
    """Largest 2**k (k <= bits of the first in dim) such that every aligned run
    of 2**k consecutive flat inputs holds 2**k consecutive flat outputs in
    order, starting at a multiple of 2**k."""
    if not layout.in_dims:
        return 1
    flat = flat_table(layout)
    best = 0
    for k in range(log2(layout.in_dims[0][1]) + 1):
        runs = flat.reshape(-1, 1 << k)
        if (runs[:, 0] % (1 << k) == 0).all() and \
                (runs == runs[:, :1] + np.arange(1 << k)).all():
            best = k
    return 1 << best


def num_consecutive_unaligned(layout: Layout) -> int:
    """The brief's literal wording: largest 2**k with the first k bits of the
    first in dim mapping to flat outputs 1, 2, 4, ... (no alignment check)."""
    if not layout.in_dims:
        return 1
    images = flat_images(layout)
    k = 0
    while k < log2(layout.in_dims[0][1]) and images[k] == 1 << k:
        k += 1
    return 1 << k


def matrix(layout: Layout) -> np.ndarray:
    """(out bits, in bits) 0/1 matrix: entry [r, c] = bit r of the image of flat bit c."""
    images = flat_images(layout)
    m = np.zeros((layout.out_bits, layout.in_bits), dtype=np.uint8)
    for c, image in enumerate(images):
        for r in range(layout.out_bits):
            m[r, c] = image >> r & 1
    return m
