"""ll.gather, bit for bit on a GPU (`python -m pytest -m gpu test/gpu`).

Random source and index layouts (gather_cases.py: warp-local and
arbitrary, broadcast, XOR-mixed, 8 to 64 bits, i8 to i64 indices, a few out
of range), each gather kernel down every path it has (shuffles where the
gather is warp-local, shared memory always), built by build_ptx.py on a CPU
machine and compared here with NumPy's take_along_axis (indices modulo the
axis size). Skipped without CuPy and a CUDA device.
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from gather_cases import gather_expected, gather_inputs
from test_gpu_conversions import _MANIFEST, _needs_gpu, cp

pytestmark = pytest.mark.gpu

HERE = os.path.dirname(os.path.abspath(__file__))
PTX_DIR = os.environ.get("LL_GPU_PTX_DIR", os.path.join(HERE, "ptx_cache"))
TILES = 3

_ENTRIES = (_MANIFEST or {}).get("gather_entries", [])
_PARAMS = _ENTRIES or [None]
_IDS = [f"{e['name']}.{e['plan']}" for e in _ENTRIES] or ["no-manifest"]


@pytest.mark.parametrize("entry", _PARAMS, ids=_IDS)
def test_gather_bit_exact(entry):
    _needs_gpu()
    if entry is None:
        pytest.fail("the manifest has no gather kernels: rebuild it with "
                    "test/gpu/build_ptx.py")
    rng = np.random.default_rng(3)
    x, i = gather_inputs(entry, TILES, rng)
    y = np.zeros(i.size, dtype=x.dtype)
    fn = cp.RawModule(path=os.path.join(PTX_DIR, entry["ptx"])).get_function(
        "gather")
    dyn = entry["dynamic_shared_bytes"]
    if dyn > 48 * 1024:
        fn.max_dynamic_shared_size_bytes = dyn
    dx, di, dy = cp.asarray(x), cp.asarray(i), cp.asarray(y)
    fn((TILES,), (entry["threads"],), (dx, di, dy), shared_mem=dyn)
    got = cp.asnumpy(dy)
    expected = gather_expected(entry, x, i, TILES)
    bad = int(np.count_nonzero(got != expected))
    assert bad == 0, f"{bad} of {got.size} elements wrong"
