"""Makes ``linear_layout/_mlir/dialects/*.py`` importable as
``mlir.dialects.*`` (``mlir.dialects.ll`` and its generated
``mlir.dialects._ll_ops_gen``).

The ``mlir`` package comes prebuilt (``xtc-mlir-python-bindings``), so the
``ll`` modules cannot be installed into it. A finder at the end of
``sys.meta_path`` answers for the names that the ``mlir`` package itself
does not have; under those names the generated module's relative imports
(``from ._ods_common import ...``) resolve inside ``mlir.dialects``.
Installing the finder imports nothing from ``mlir``.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import os
import sys

_PACKAGE = "mlir.dialects."
_DIRECTORY = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "_mlir", "dialects"
)


class DialectFinder(importlib.abc.MetaPathFinder):
    """Finds ``mlir.dialects.<name>`` in ``linear_layout/_mlir/dialects``."""

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith(_PACKAGE):
            return None
        name = fullname[len(_PACKAGE) :]
        if "." in name:
            return None
        location = os.path.join(_DIRECTORY, name + ".py")
        if not os.path.isfile(location):
            return None
        return importlib.util.spec_from_file_location(fullname, location)


def install() -> None:
    """Appends the finder to ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, DialectFinder) for finder in sys.meta_path):
        sys.meta_path.append(DialectFinder())
