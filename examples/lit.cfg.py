# lit configuration for the examples: test/lit.cfg.py (ll-opt, FileCheck,
# %python), with this directory as the suite. test/test_lit.py runs it.
# ruff: noqa: F821 (lit defines `config` and `lit_config`)
import hashlib
import os
import tempfile

lit_config.load_config(
    config, os.path.join(os.path.dirname(__file__), "..", "test", "lit.cfg.py")
)
config.name = "linear-layout-examples"
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
# The RUN lines' %t files go outside the source tree, one directory per
# checkout.
config.test_exec_root = os.path.join(
    tempfile.gettempdir(),
    "ll-examples-"
    + hashlib.sha1(config.test_source_root.encode()).hexdigest()[:12],
)
config.excludes = ["lit.cfg.py"]
# The examples run `python -m linear_layout`: it must find the package and
# ll-opt the way the test run does (LL_BUILD_DIR sets both, see
# test/conftest.py).
for name in ("PYTHONPATH", "LL_TOOLS_DIR", "LL_AMDGPU_LLC"):
    if os.environ.get(name):
        config.environment[name] = os.environ[name]
