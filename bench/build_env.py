"""Where a benchmark script finds the package and `ll-opt`.

By default: the running interpreter's environment (`pip install .`). With
``LL_BUILD_DIR=build/<dir>``: that developer build, as the tests do
(test/conftest.py).
"""

import os
import sys


def use_build_dir():
    """Puts $LL_BUILD_DIR's package first on sys.path and its bin/ in
    $LL_TOOLS_DIR (unless set)."""
    build = os.environ.get("LL_BUILD_DIR")
    if build:
        build = os.path.abspath(build)
        sys.path.insert(0, os.path.join(build, "python_packages"))
        os.environ.setdefault("LL_TOOLS_DIR", os.path.join(build, "bin"))
