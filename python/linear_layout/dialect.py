"""The ``ll`` MLIR dialect from Python, through MLIR's own Python bindings.

The ``mlir`` package used is the upstream one from the
``xtc-mlir-python-bindings`` wheel (``import mlir``), not a private copy:
``libLinearLayoutMLIR.so`` (next to this file) links that package's
``libMLIRPythonCAPI.so`` and so shares its MLIR runtime. A second copy of MLIR
in the process would cross-wire type identifiers with ``mlir.ir`` (see
docs/dialect.md, "Python").

Typical use::

    from mlir import ir, passmanager
    import linear_layout as ll
    from linear_layout import dialect as lld

    with lld.create_context(), ir.Location.unknown():
        module = ir.Module.parse(text)              # text with #ll.linear
        attr = lld.linear_attr(ll.LinearLayout(...))
        layout = ll.LinearLayout.from_mlir(attr)    # and back
        passmanager.PassManager.parse("builtin.module(canonicalize)").run(
            module.operation)

Importing this module needs the ``mlir`` package; ``import linear_layout``
alone does not.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Sequence

from mlir import ir

# The ops' generated builders (mlir/dialects/_ll_ops_gen.py, installed beside
# the prebuilt mlir package's dialect modules; docs/building.md).
from mlir.dialects import _ll_ops_gen as _ops

from linear_layout._core import LinearLayout

__all__ = [
    "alloc_shared",
    "conversion_plans",
    "convert_layout",
    "create_context",
    "is_linear_attr",
    "is_plan_attr",
    "layout_from_mlir",
    "linear_attr",
    "load_shared",
    "load_tile",
    "parse_attribute",
    "parse_type",
    "plan_from_mlir",
    "register_dialect",
    "shared_type",
    "store_shared",
    "store_tile",
    "tensor_type",
    "tile_index",
]

# ---------------------------------------------------------------------------
# The C API (include/LinearLayout/Dialect/LL/CAPI/LL.h) through ctypes.
# ---------------------------------------------------------------------------


class _Handle(ctypes.Structure):
    """MlirContext / MlirAttribute: a struct holding one pointer."""

    _fields_ = [("ptr", ctypes.c_void_p)]


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


# MlirStringCallback: void (*)(MlirStringRef, void *).
_STRING_CALLBACK = ctypes.CFUNCTYPE(None, _StringRef, ctypes.c_void_p)


def _load_library() -> ctypes.CDLL:
    path = os.path.join(os.path.dirname(__file__), "libLinearLayoutMLIR.so")
    if not os.path.exists(path):
        raise ImportError(
            f"linear_layout.dialect needs {path}; build the project with the "
            "mlir Python bindings (xtc-mlir-python-bindings) installed")
    lib = ctypes.CDLL(path)
    signatures = {
        "llContextLoadDialect": (None, [_Handle]),
        "llRegisterPasses": (None, []),
        "llParseAttributeOrType": (
            ctypes.c_void_p,
            [_Handle, _StringRef, ctypes.c_bool, ctypes.c_char_p, ctypes.c_size_t]),
        "llAttributeIsALinear": (ctypes.c_bool, [_Handle]),
        "llLinearAttrIsEncodingForm": (ctypes.c_bool, [_Handle]),
        "llLinearAttrGetNumInDims": (ctypes.c_ssize_t, [_Handle]),
        "llLinearAttrGetInDimName": (_StringRef, [_Handle, ctypes.c_ssize_t]),
        "llLinearAttrGetInDimSize": (ctypes.c_int64, [_Handle, ctypes.c_ssize_t]),
        "llLinearAttrGetNumOutDims": (ctypes.c_ssize_t, [_Handle]),
        "llLinearAttrGetOutDimName": (_StringRef, [_Handle, ctypes.c_ssize_t]),
        "llLinearAttrGetOutDimSize": (ctypes.c_int64, [_Handle, ctypes.c_ssize_t]),
        "llLinearAttrGetBasisValue": (
            ctypes.c_int64,
            [_Handle, ctypes.c_ssize_t, ctypes.c_ssize_t, ctypes.c_ssize_t]),
        "llAttributeIsAPlan": (ctypes.c_bool, [_Handle]),
        "llPlanAttrGetKind": (_StringRef, [_Handle]),
        "llPlanAttrGetMemoryLayout": (_Handle, [_Handle]),
        "llPlanAttrGetCount": (
            ctypes.c_bool, [_Handle, _StringRef, ctypes.POINTER(ctypes.c_int64)]),
        "llPlanAttrGetString": (_StringRef, [_Handle, _StringRef]),
        "llPlanAttrGetFlag": (
            ctypes.c_bool, [_Handle, _StringRef, ctypes.POINTER(ctypes.c_bool)]),
        # include/LinearLayout/Dialect/LL/CAPI/TritonImport.h
        "llTTGIRConversions": (
            ctypes.c_bool, [_Handle, _StringRef, _StringRef, _STRING_CALLBACK, ctypes.c_void_p]),
        "llTTGEncodingLayout": (
            ctypes.c_bool,
            [_Handle, _StringRef, ctypes.POINTER(ctypes.c_int64), ctypes.c_ssize_t,
             ctypes.c_int64, ctypes.c_int64, _STRING_CALLBACK, ctypes.c_void_p]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib


_lib = _load_library()
_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.restype = ctypes.c_void_p
_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
# Capsules keep a pointer to their name: these bytes live as long as the module.
_ATTRIBUTE_CAPSULE = b"mlir.ir.Attribute._CAPIPtr"
_TYPE_CAPSULE = b"mlir.ir.Type._CAPIPtr"


def _handle(obj, kind: str) -> _Handle:
    """The C handle behind an ``mlir.ir`` object (via its ``_CAPIPtr``)."""
    capsule = obj._CAPIPtr
    return _Handle(_capsule_pointer(capsule, f"mlir.ir.{kind}._CAPIPtr".encode()))


def _string(ref: _StringRef) -> str:
    return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ""


# ---------------------------------------------------------------------------
# Registration
# ---------------------------------------------------------------------------

_passes_registered = False


def register_dialect(context: ir.Context | None = None) -> None:
    """Loads the ``ll`` dialect (and the LLVM dialect it needs) into
    ``context`` (default: the current context) and registers the ``ll``
    passes and the conversion passes (``convert-ll-to-nvvm``, ``ll-to-ptx``),
    so ``ir.Module.parse`` and ``PassManager.parse`` know them."""
    global _passes_registered
    if context is None:
        context = ir.Context.current
    if not isinstance(context, ir.Context):
        raise TypeError(f"context must be an mlir.ir.Context, got {type(context).__name__}")
    _lib.llContextLoadDialect(_handle(context, "Context"))
    if not _passes_registered:
        _lib.llRegisterPasses()
        _passes_registered = True


def _parse(text: str, as_type: bool, context: ir.Context | None):
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    if context is None:
        context = ir.Context.current
    register_dialect(context)
    data = text.encode()
    errors = ctypes.create_string_buffer(4096)
    pointer = _lib.llParseAttributeOrType(
        _handle(context, "Context"), _StringRef(data, len(data)), as_type,
        errors, len(errors))
    if not pointer:
        what = "type" if as_type else "attribute"
        raise ValueError(f"invalid {what} {text!r}: {errors.value.decode(errors='replace').strip()}")
    if as_type:
        return ir.Type._CAPICreate(_capsule_new(pointer, _TYPE_CAPSULE, None))
    return ir.Attribute._CAPICreate(_capsule_new(pointer, _ATTRIBUTE_CAPSULE, None))


def parse_attribute(text: str, context: ir.Context | None = None) -> ir.Attribute:
    """Parses an attribute (``ll`` loaded into the context first). Errors,
    with their positions, raise ValueError. Safer than ``ir.Attribute.parse``,
    which in MLIR 22 aborts on empty text and on some malformed strings
    (docs/dialect.md, "Known upstream issues")."""
    return _parse(text, False, context)


def parse_type(text: str, context: ir.Context | None = None) -> ir.Type:
    """Parses a type like :func:`parse_attribute`."""
    return _parse(text, True, context)


def create_context() -> ir.Context:
    """A new ``mlir.ir.Context`` with the ``ll`` dialect loaded."""
    context = ir.Context()
    register_dialect(context)
    return context


# ---------------------------------------------------------------------------
# #ll.linear <-> LinearLayout
# ---------------------------------------------------------------------------


def linear_attr(layout: LinearLayout | str,
                context: ir.Context | None = None) -> ir.Attribute:
    """The ``#ll.linear`` attribute of a :class:`LinearLayout` (or of
    attribute text). ``str(result)`` is the canonical form: the encoding form
    when the output dims are ``dim0..`` with inferred sizes."""
    if isinstance(layout, LinearLayout):
        text = layout.to_mlir()
    elif isinstance(layout, str):
        text = layout
    else:
        raise TypeError(
            f"layout must be a LinearLayout or #ll.linear text, got {type(layout).__name__}")
    try:
        attr = parse_attribute(text, context)
    except ValueError as error:
        raise ValueError(f"layout: {error}") from None
    if not is_linear_attr(attr):
        raise ValueError(f"layout: {text!r} is not an #ll.linear attribute")
    return attr


def is_linear_attr(attr: ir.Attribute) -> bool:
    """True when ``attr`` is an ``#ll.linear`` attribute."""
    if not isinstance(attr, ir.Attribute):
        return False
    return bool(_lib.llAttributeIsALinear(_handle(attr, "Attribute")))


def _layout_from_attr(attr: ir.Attribute) -> LinearLayout:
    return _layout_from_handle(_handle(attr, "Attribute"))


def _layout_from_handle(handle: _Handle) -> LinearLayout:
    in_dims = [(_string(_lib.llLinearAttrGetInDimName(handle, i)),
                _lib.llLinearAttrGetInDimSize(handle, i))
               for i in range(_lib.llLinearAttrGetNumInDims(handle))]
    out_dims = [(_string(_lib.llLinearAttrGetOutDimName(handle, i)),
                 _lib.llLinearAttrGetOutDimSize(handle, i))
                for i in range(_lib.llLinearAttrGetNumOutDims(handle))]
    bases = {}
    for d, (name, size) in enumerate(in_dims):
        bases[name] = [[_lib.llLinearAttrGetBasisValue(handle, d, bit, o)
                        for o in range(len(out_dims))]
                       for bit in range(size.bit_length() - 1)]
    return LinearLayout(bases, out_dims)


def layout_from_mlir(source: str | ir.Attribute | ir.Type) -> LinearLayout:
    """The :class:`LinearLayout` of an ``#ll.linear`` attribute, of its text
    (``LinearLayout.to_mlir()`` output, the encoding form, or a Triton
    ``#ttg.linear<...>`` whose prefix is replaced), or of a ranked tensor type
    with an ``#ll.linear`` encoding. The C++ parser and verifier check the
    text; errors raise ValueError."""
    if isinstance(source, str):
        text = source.strip()
        if text.startswith("#ttg.linear<"):
            text = "#ll.linear<" + text[len("#ttg.linear<"):]
        with create_context() as context:
            return _layout_from_attr(linear_attr(text, context))
    if isinstance(source, ir.Type):
        try:
            tensor = ir.RankedTensorType(source)
        except ValueError:
            raise ValueError(f"source: {source} is not a ranked tensor type") from None
        encoding = tensor.encoding
        if encoding is None or not is_linear_attr(encoding):
            raise ValueError(f"source: {source} has no #ll.linear encoding")
        return _layout_from_attr(encoding)
    if isinstance(source, ir.Attribute):
        if not is_linear_attr(source):
            raise ValueError(f"source: {source} is not an #ll.linear attribute")
        return _layout_from_attr(source)
    raise TypeError(
        "source must be #ll.linear text, an mlir.ir.Attribute or a tensor type, "
        f"got {type(source).__name__}")


# ---------------------------------------------------------------------------
# #ll.plan (the ``ll.plan`` of an ll.convert_layout)
# ---------------------------------------------------------------------------

_PLAN_COUNTS = ("vector_bits", "rounds", "shuffles", "selects", "shared_bytes",
                "store_wavefronts", "load_wavefronts")
_PLAN_STRINGS = ("store_instruction", "load_instruction")
_PLAN_FLAGS = ("owner_loads",)


def is_plan_attr(attr: ir.Attribute) -> bool:
    """True when ``attr`` is an ``#ll.plan`` attribute."""
    if not isinstance(attr, ir.Attribute):
        return False
    return bool(_lib.llAttributeIsAPlan(_handle(attr, "Attribute")))


def _plan_from_attr(attr: ir.Attribute) -> dict:
    handle = _handle(attr, "Attribute")
    plan = {"kind": _string(_lib.llPlanAttrGetKind(handle))}
    memory = _lib.llPlanAttrGetMemoryLayout(handle)
    if memory.ptr:
        plan["memory_layout"] = _layout_from_handle(memory)
    # Numbers and flags: the getter says whether the plan has the field.
    for names, getter, value in (
            (_PLAN_COUNTS, _lib.llPlanAttrGetCount, ctypes.c_int64()),
            (_PLAN_FLAGS, _lib.llPlanAttrGetFlag, ctypes.c_bool())):
        for name in names:
            key = name.encode()
            if getter(handle, _StringRef(key, len(key)), ctypes.byref(value)):
                plan[name] = value.value
    for name in _PLAN_STRINGS:
        key = name.encode()
        text = _string(_lib.llPlanAttrGetString(handle, _StringRef(key, len(key))))
        if text:
            plan[name] = text
    return plan


def plan_from_mlir(source: str | ir.Attribute) -> dict:
    """The fields of an ``#ll.plan`` (the ``ll.plan`` that
    ``-ll-plan-conversions`` puts on an ``ll.convert_layout``) as a dict, only
    those the plan has: ``kind`` (``"noop"``, ``"registers"``, ``"shuffle"``
    or ``"shared_memory"``), ``memory_layout`` (a :class:`LinearLayout`),
    ``vector_bits``, ``rounds``, ``shuffles``, ``selects``, ``shared_bytes``,
    ``store_wavefronts``, ``load_wavefronts`` (ints),
    ``store_instruction``, ``load_instruction`` (str) and ``owner_loads``
    (bool). Text is parsed and verified by the C++ parser (ValueError)."""
    if isinstance(source, str):
        with create_context() as context:
            return plan_from_mlir(parse_attribute(source.strip(), context))
    if isinstance(source, ir.Attribute):
        if not is_plan_attr(source):
            raise ValueError(f"source: {source} is not an #ll.plan attribute")
        return _plan_from_attr(source)
    raise TypeError("source must be #ll.plan text or an mlir.ir.Attribute, "
                    f"got {type(source).__name__}")


def _walk(operation: ir.Operation):
    yield operation
    for region in operation.regions:
        for block in region.blocks:
            for nested in block.operations:
                yield from _walk(nested.operation)


def conversion_plans(module: str | ir.Module | ir.Operation) -> list:
    """The plan (:func:`plan_from_mlir`) of every ``ll.convert_layout`` in
    ``module`` (text, an ``mlir.ir.Module`` or an operation), in program
    order; None for a conversion without an ``ll.plan``. An ``ll.plan``
    that is not an ``#ll.plan`` attribute is a ValueError."""
    if isinstance(module, str):
        with create_context(), ir.Location.unknown():
            try:
                parsed = ir.Module.parse(module)
            except ir.MLIRError as error:
                raise ValueError(f"module: {error}") from None
            return conversion_plans(parsed)
    if isinstance(module, ir.Module):
        module = module.operation
    if not isinstance(module, ir.Operation):
        raise TypeError("module must be text, an mlir.ir.Module or an "
                        f"mlir.ir.Operation, got {type(module).__name__}")
    plans = []
    for operation in _walk(module):
        if operation.name != "ll.convert_layout":
            continue
        attributes = operation.attributes
        if "ll.plan" not in attributes:
            plans.append(None)
            continue
        plan = attributes["ll.plan"]
        if not is_plan_attr(plan):
            raise ValueError(f"{operation.location}: ll.plan is {plan}, not "
                             "an #ll.plan attribute")
        plans.append(_plan_from_attr(plan))
    return plans


# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------


def _as_linear_attr(layout, name: str) -> ir.Attribute:
    if isinstance(layout, ir.Attribute):
        if not is_linear_attr(layout):
            raise ValueError(f"{name}: {layout} is not an #ll.linear attribute")
        return layout
    if isinstance(layout, (LinearLayout, str)):
        return linear_attr(layout)
    raise TypeError(f"{name} must be a LinearLayout, #ll.linear text or attribute, "
                    f"got {type(layout).__name__}")


def _check_shape(shape: Sequence[int]) -> list[int]:
    if isinstance(shape, (str, bytes)) or not isinstance(shape, Sequence):
        raise TypeError(f"shape must be a sequence of ints, got {type(shape).__name__}")
    if not all(isinstance(s, int) and not isinstance(s, bool) for s in shape):
        raise TypeError(f"shape must contain ints, got {list(shape)!r}")
    return list(shape)


def _verified_type(text: str, name: str) -> ir.Type:
    try:
        return parse_type(text)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None


def tensor_type(shape: Sequence[int], element_type: ir.Type, layout) -> ir.RankedTensorType:
    """``tensor<shape x element_type, #ll.linear<...>>`` in the current
    context; the encoding is verified against the shape (ValueError)."""
    shape = _check_shape(shape)
    if not isinstance(element_type, ir.Type):
        raise TypeError(f"element_type must be an mlir.ir.Type, got {type(element_type).__name__}")
    encoding = _as_linear_attr(layout, "layout")
    dims = "".join(f"{s}x" for s in shape)
    return ir.RankedTensorType(_verified_type(f"tensor<{dims}{element_type}, {encoding}>", "layout"))


def shared_type(shape: Sequence[int], element_type: ir.Type, memory_layout) -> ir.Type:
    """``!ll.shared<shape x element_type, #ll.linear<{offset = ...}>>``; the
    memory layout must be invertible onto the shape (ValueError)."""
    shape = _check_shape(shape)
    if not isinstance(element_type, ir.Type):
        raise TypeError(f"element_type must be an mlir.ir.Type, got {type(element_type).__name__}")
    encoding = _as_linear_attr(memory_layout, "memory_layout")
    dims = "".join(f"{s}x" for s in shape)
    return _verified_type(f"!ll.shared<{dims}{element_type}, {encoding}>", "memory_layout")


# ---------------------------------------------------------------------------
# Ops (built at the current insertion point and location)
# ---------------------------------------------------------------------------


# The generated builders (mlir.dialects.ll, from the ODS) build the ops; these
# wrappers keep this module's argument order and return values.


def convert_layout(source: ir.Value, result_type: ir.Type) -> ir.Value:
    """``ll.convert_layout``: ``source`` redistributed as ``result_type``."""
    return _ops.convert_layout(result_type, source)


def load_tile(ptr: ir.Value, result_type: ir.Type,
              row_stride: ir.Value | None = None) -> ir.Value:
    """``ll.load_tile`` from an ``!llvm.ptr`` (rows ``row_stride`` elements
    apart, or contiguous)."""
    return _ops.load_tile(result_type, ptr, row_stride=row_stride)


def store_tile(value: ir.Value, ptr: ir.Value,
               row_stride: ir.Value | None = None) -> ir.Operation:
    """``ll.store_tile`` of a distributed tensor to an ``!llvm.ptr``."""
    return _ops.store_tile(value, ptr, row_stride=row_stride).operation


def tile_index(result_type: ir.Type) -> ir.Value:
    """``ll.tile_index``: each element's row-major offset in the tile, made
    in registers (an integer tensor of 8 to 64 bits)."""
    return _ops.tile_index(result_type)


def alloc_shared(buffer_type: ir.Type) -> ir.Value:
    """``ll.alloc_shared`` of a ``!ll.shared`` buffer."""
    return _ops.alloc_shared(buffer_type)


def load_shared(buffer: ir.Value, result_type: ir.Type) -> ir.Value:
    """``ll.load_shared``: the buffer's tile as a distributed tensor."""
    return _ops.load_shared(result_type, buffer)


def store_shared(value: ir.Value, buffer: ir.Value) -> ir.Operation:
    """``ll.store_shared`` of a distributed tensor into a buffer."""
    return _ops.store_shared(value, buffer).operation


# The generated builders verify each op they build (mlir.dialects.ll wraps
# them; the passes assume verified IR): imported last, since that module
# imports create_context and register_dialect from this one.
from mlir.dialects import ll as _verifying_builders  # noqa: F401
