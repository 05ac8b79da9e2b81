"""``mlir.dialects.ll``: the ``ll`` ops for MLIR's Python bindings.

The op classes (``ConvertLayoutOp``, ``LoadTileOp``, ...) and the builder
functions (``convert_layout(result, source)``, ...) are generated from the
ODS (``LLOps.td``, ``mlir-tblgen -gen-python-op-bindings``) into
``_ll_ops_gen.py``, as upstream generates ``mlir.dialects.arith``. They are
registered with the ``mlir`` package, so ``operation.opview`` of an ``ll``
op is one of these classes.

The package installs this file beside the prebuilt ``mlir`` package's own
dialect modules (``mlir`` and ``mlir.dialects`` are namespace packages, so
the build tree's ``python_packages/mlir/dialects`` joins them too;
docs/building.md, "Python"). Contexts need the dialect loaded, as for any
out-of-tree dialect: ``ll.register_dialect(context)``, or a context from
``ll.create_context()``::

    from mlir import ir
    from mlir.dialects import ll

    with ll.create_context(), ir.Location.unknown():
        ...
        converted = ll.convert_layout(result_type, value)
"""

import functools as _functools

from linear_layout.dialect import create_context, register_dialect  # noqa: F401
from mlir import ir as _ir

from . import _ll_ops_gen
from ._ll_ops_gen import *
from ._ll_ops_gen import _Dialect  # noqa: F401


def _verified(cls):
    """Wraps the generated `cls.__init__` so that a built op is verified: an
    op that fails its verifier is erased and ValueError raises with the
    verifier's diagnostics (the passes assume verified IR; issue 21)."""
    init = cls.__init__

    @_functools.wraps(init)
    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        op = self.operation
        try:
            op.verify()
        except _ir.MLIRError as e:
            message = str(e)
            op.erase()
            raise ValueError(f"{cls.OPERATION_NAME}: {message}") from None

    cls.__init__ = __init__
    return cls


def _verify_generated_builders():
    for value in list(vars(_ll_ops_gen).values()):
        if (isinstance(value, type) and issubclass(value, _ir.OpView)
                and getattr(value, "OPERATION_NAME", "").startswith("ll.")
                and "__init__" in vars(value)):
            _verified(value)


_verify_generated_builders()
