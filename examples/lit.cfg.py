# lit configuration for the examples: test/lit.cfg.py (ll-opt, FileCheck,
# %python), with this directory as the suite. test/test_lit.py runs it.
import os

lit_config.load_config(
    config, os.path.join(os.path.dirname(__file__), "..", "test", "lit.cfg.py"))
config.name = "linear-layout-examples"
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.test_source_root
config.excludes = ["lit.cfg.py"]
# The examples run `python -m linear_layout`: it must find the package and
# ll-opt the way the test run does (LL_BUILD_DIR sets both, see
# test/conftest.py).
for name in ("PYTHONPATH", "LL_TOOLS_DIR", "LL_AMDGPU_LLC"):
    if os.environ.get(name):
        config.environment[name] = os.environ[name]
