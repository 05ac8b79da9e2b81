"""Where the tests find the package and the tools.

By default they use what `pip install .` put into the running interpreter's
environment. A developer build can be tested without installing it:
``LL_BUILD_DIR=build/dev python -m pytest`` puts ``build/dev/python_packages``
first on ``sys.path`` and tells lit to take ``ll-opt`` from ``build/dev/bin``.
"""

import os
import sys

_build_dir = os.environ.get("LL_BUILD_DIR")
if _build_dir:
    _build_dir = os.path.abspath(_build_dir)
    _packages = os.path.join(_build_dir, "python_packages")
    sys.path.insert(0, _packages)
    # Subprocesses started by tests (crash isolation) must see it too.
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (_packages, os.environ.get("PYTHONPATH")) if p)
    os.environ.setdefault("LL_TOOLS_DIR", os.path.join(_build_dir, "bin"))

