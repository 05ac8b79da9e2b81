"""The bank model against the hardware, kept as data: the cases of
bench/hw (the planner's memory layouts for the public corpus, hand-written
swizzles, and probes of broadcast lane patterns) and Nsight Compute's
shared-memory wavefronts for each, measured on an H200
(bench/hw/ncu-h200.csv; bench/results/hw_wavefronts.md has the table).

What must hold (docs/planning.md §3 and "Broadcast"): the committed
predictions are the model's current ones (regenerate cases.json with
bench/hw/make_cases.py when the model changes, and measure again); every
store is predicted exactly; every load is predicted exactly, except where
the hardware merges phases that read alike words beyond the model, and
there the model bounds it from above: by at most 3 wavefronts over a
kernel whose loads run in a stream, by at most half for a load issued
alone or a short run of them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HW = Path(__file__).resolve().parents[2] / "bench" / "hw"
sys.path.insert(0, str(HW))
import compare
import make_cases

CASES = json.loads((HW / "cases.json").read_text())
MEASURED = compare.read_metrics(HW / "ncu-h200.csv")
LD = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
ST = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"

# Loads the hardware serves in fewer wavefronts than the model, and why.
STREAM_MERGES = {  # phases reading alike words, some merged some of the time
    "broadcast_16x16_fp32_w4",
    "broadcast_lanes_v64_4x32_fp16",
    "broadcast_lanes_v128_16x32_fp16",
    "halves_equal_v64_16x32_fp16",
    "halves_equal_quarters_differ_v128_16x32_fp16",
    "pattern_lane3_zero_v128_64x32_fp16",
    "pattern_lanes23_zero_v128_64x32_fp16",
}
LONE_LOADS = {  # one load, or a short run of them: phases merged further
    "one_quarters_equal_conflicted_v128_4x32_fp16",
    "one_halves_equal_v64_2x32_fp16",
    "quarters_equal_conflicted_v128_16x32_fp16",  # 4 loads, 1 fewer each
}


def test_the_committed_predictions_are_the_models():
    assert make_cases.all_cases() == CASES


def test_every_case_was_measured():
    assert len(MEASURED) == len(CASES)


@pytest.mark.parametrize("i", range(len(CASES)), ids=[c["name"] for c in CASES])
def test_wavefronts_as_measured(i):
    case, measured = CASES[i], MEASURED[i]
    # The measured kernel stores from every thread (Triton's local_store).
    assert measured[ST] == case.get("pred_st_all", case["pred_st"])
    predicted, loads = case["pred_ld"], measured[LD]
    if case["name"] in STREAM_MERGES:
        assert predicted - 3 <= loads < predicted
    elif case["name"] in LONE_LOADS:
        assert predicted / 2 <= loads < predicted
    else:
        assert loads == predicted
