#!/bin/bash
# On the GPU machine, from the repository root, with bench/ptx carried (built
# on a CPU machine by `bench/gpu.py build`): time this project's kernels and
# Triton 3.6's side by side, then Nsight Compute shared-memory counters for
# one tile of each. Everything lands in $OUT. The PTX folder is the first
# argument (default bench/ptx; its manifest names the corpus).
set -u
PTX=${1:-bench/ptx}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
python3 -c "import triton,torch;print('triton',triton.__version__,'torch',torch.__version__)"
# Each case's row is also kept in $OUT/gpu_run.log as it is timed, so that
# a run cut short by a time limit still returns the cases it finished.
PYTHONUNBUFFERED=1 python3 bench/gpu.py run "$PTX" "$OUT" 2>&1 |
  tee "$OUT/gpu_run.log" | tail -20
m=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,smsp__inst_executed_op_ldsm.sum,smsp__inst_executed_op_stsm.sum
for which in ll triton; do
  name=conv; [ "$which" = ll ] && name=ll_conv
  PYTHONUNBUFFERED=1 ncu --metrics "$m" --csv --kernel-name "$name" \
    python3 bench/gpu.py once "$PTX" "$which" > "$OUT/ncu_$which.csv" 2> "$OUT/ncu_${which}_err.txt"
  echo "ncu $which rc=$? rows=$(grep -c "\"$name\"" "$OUT/ncu_$which.csv")"
  tail -3 "$OUT/ncu_${which}_err.txt"
done
