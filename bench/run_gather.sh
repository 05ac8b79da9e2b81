#!/bin/bash
# On the GPU machine, from the repository root, with bench/ptx_gather carried
# (built on a CPU machine by `bench/gather.py prepare`): ll.gather against
# Triton's tl.gather, then Nsight Compute shared-memory wavefronts of the
# loop kernels of a few cases. Everything lands in $OUT.
set -u
PTX=${1:-bench/ptx_gather}
nvidia-smi --query-gpu=name,driver_version --format=csv
PYTHONUNBUFFERED=1 python3 bench/gather.py run "$PTX" "$OUT" > "$OUT/run_log.txt" 2>&1
echo "run rc=$?"
grep -v "^ \|Traceback\|cupy_backends\|Exception ignored" "$OUT/run_log.txt" | tail -70
m=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__inst_executed_op_shfl.sum
for c in ${NCU_CASES:-g32x32_a0_w4_fp32 g64x64_a0_w2_fp16 g32x64_a1_w4_fp16 g512x32_a0_w4_fp32}; do
  for which in ll triton; do
    name=gather_loop; [ "$which" = ll ] && name=ll_gather_loop
    ncu --metrics "$m" --csv --kernel-name "$name" \
      python3 bench/gather.py once "$PTX" "$which" "$c" > "$OUT/ncu_${c}_$which.csv" 2>/dev/null
    echo "ncu $c $which rc=$?"
  done
done
