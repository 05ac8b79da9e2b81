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

from linear_layout.dialect import create_context, register_dialect  # noqa: F401

from ._ll_ops_gen import *
from ._ll_ops_gen import _Dialect  # noqa: F401
