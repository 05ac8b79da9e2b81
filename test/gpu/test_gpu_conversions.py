"""Bit-exactness of the NVVM lowering on a GPU (`python -m pytest -m gpu test/gpu`).

Every kernel of the manifest written by `build_ptx.py` (the benchmark
corpus and random layout pairs, conv and conv_loop) is loaded from its PTX
with CuPy, run on 3 tiles, and compared with NumPy bit for bit. Nothing here
needs the compiler: the PTX is built on a CPU machine and carried over.
Without CuPy or a CUDA device every test is skipped.

The manifest: $LL_GPU_PTX_DIR/manifest.json, default test/gpu/ptx_cache/.
If it is absent on a GPU machine, it is built first when the compiler is
importable; otherwise the tests fail (a missing manifest is not a pass).
"""

from __future__ import annotations

import json
import os

import numpy as np
import pytest
from cases import BITS as _BITS
from cases import UINT as _UINT
from cases import loop_input_and_expected, mask_input_and_expected

pytestmark = pytest.mark.gpu

HERE = os.path.dirname(os.path.abspath(__file__))
PTX_DIR = os.environ.get("LL_GPU_PTX_DIR", os.path.join(HERE, "ptx_cache"))
TILES = 3

try:  # no CUDA import errors without a GPU: just skip
    import cupy as cp

    _DEVICES = cp.cuda.runtime.getDeviceCount()
except Exception:  # noqa: BLE001 - no CuPy, no driver or no device
    cp = None
    _DEVICES = 0


def _manifest():
    path = os.path.join(PTX_DIR, "manifest.json")
    if not os.path.exists(path) and _DEVICES:
        # A GPU and no PTX: build it here if the compiler is installed.
        try:
            import linear_layout  # noqa: F401
        except ImportError:
            return None
        from build_ptx import build

        build(PTX_DIR, 240)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


_MANIFEST = _manifest()
_ENTRIES = _MANIFEST["entries"] if _MANIFEST else []
# Without a manifest (a CPU machine, where nothing builds the PTX) there are
# no kernels to parametrize over: one placeholder keeps test_bit_exact a
# test that _needs_gpu skips (no GPU) or fails (a GPU and no manifest),
# instead of pytest's "got empty parameter set".
_PARAMS = _ENTRIES or [None]
_IDS = [(f"{e['case']}.{e['kernel']}" if "case" in e else
         f"{e['name']}.{e['kernel']}")
        + (f".{e['chip']}" if e.get("chip", "sm_90") != "sm_90" else "")
        for e in _ENTRIES] or ["no-manifest"]


def _needs_gpu():
    if cp is None or _DEVICES == 0:
        pytest.skip("needs CuPy and a CUDA device")
    if _MANIFEST is None:
        # A GPU is here: a missing manifest must not pass as a skip.
        pytest.fail(f"no PTX manifest in {PTX_DIR} and no compiler to build "
                    "it: run test/gpu/build_ptx.py on a CPU machine and carry "
                    "the directory")


def run_entry(entry, ptx_dir=PTX_DIR, tiles=TILES, seed=0):
    """Runs one kernel; returns (mismatching elements, total elements)."""
    module = cp.RawModule(path=os.path.join(ptx_dir, entry["ptx"]))
    kernel = module.get_function(entry["kernel"])
    dynamic = int(entry.get("dynamic_shared_bytes", 0))
    if dynamic > 48 * 1024:
        kernel.max_dynamic_shared_size_bytes = dynamic
    n = int(np.prod(entry["shape"])) * tiles
    bits = _BITS[entry["dtype"]]
    rng = np.random.default_rng(seed)
    if entry["dtype"] == "bool":
        x, expected = mask_input_and_expected(n, rng)
    elif entry["kernel"] == "conv":
        u = _UINT[bits]
        x = rng.integers(0, np.iinfo(u).max, size=n, dtype=u, endpoint=True)
        expected = x
    else:
        x, expected = loop_input_and_expected(entry["dtype"], n,
                                               entry["rounds"], rng)
    dx = cp.asarray(x)
    dy = cp.full(n, 0xA5, dtype=cp.uint8).view(x.dtype) if bits == 8 else \
        cp.asarray(np.full(n, 0xA5A5A5A5A5A5A5A5 & ((1 << bits) - 1),
                           dtype=_UINT[bits]))
    kernel((tiles,), (entry["threads"],), (dx, dy), shared_mem=dynamic)
    cp.cuda.runtime.deviceSynchronize()
    y = cp.asnumpy(dy)
    return int(np.count_nonzero(y != expected)), n


@pytest.mark.parametrize("entry", _PARAMS, ids=_IDS)
def test_bit_exact(entry):
    _needs_gpu()
    bad, total = run_entry(entry)
    assert bad == 0, f"{bad} of {total} elements differ"


def test_manifest_complete():
    _needs_gpu()
    assert not _MANIFEST["failures"], _MANIFEST["failures"][:3]
    names = {e["name"] for e in _ENTRIES if e["origin"] == "corpus"}
    assert len(names) >= 13
    assert any(e.get("chip") == "sm_90a" for e in _ENTRIES)
    assert sum(e["origin"] == "mask" for e in _ENTRIES) >= 8
