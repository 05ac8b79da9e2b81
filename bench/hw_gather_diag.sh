#!/bin/bash
# On the GPU machine (bench/ptx_gather carried): Nsight Compute launch and
# instruction counters of the one-gather kernels, ours as planned and
# Triton's, for a few cases (the once-kernel gaps of bench/results/
# h100_gather.md). Raw CSVs land in $OUT.
set -u
PTX=${1:-bench/ptx_gather}
m=launch__registers_per_thread,launch__shared_mem_per_block_static,launch__shared_mem_per_block_dynamic,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,smsp__inst_executed.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__inst_executed_op_barrier.sum
for c in ${DIAG_CASES:-g32x32_a0_w4_fp32 g128x32_a0_w4_fp16 g64x64_a0_w2_fp32 g128x128_a1_w8_fp16}; do
  for which in ll triton; do
    name=gather; [ "$which" = ll ] && name=ll_gather
    ncu --metrics "$m" --csv --kernel-name "$name" \
      python3 bench/gather.py once "$PTX" "$which" "$c" once > "$OUT/diag_${c}_$which.csv" 2> "$OUT/diag_${c}_$which.err"
    echo "$c $which rc=$?"
  done
done
