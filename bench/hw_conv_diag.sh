#!/bin/bash
# On the GPU machine (the PTX folder carried): Nsight Compute's DRAM, L2,
# global-access, instruction and occupancy counters of whole `conv`
# launches (bench/gpu.py full), ours and Triton's, for the cases named in
# DIAG_CASES (default: every case of the folder); DIAG_KERNEL=conv_loop
# takes the loop kernels instead. Raw CSVs land in $OUT.
set -u
PTX=${1:-bench/ptx}
m=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,smsp__inst_executed.sum,smsp__inst_executed_op_global_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__inst_executed_op_barrier.sum,launch__registers_per_thread,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,sm__warps_active.avg.pct_of_peak_sustained_active,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum,l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum
KERNEL=${DIAG_KERNEL:-conv}
export LL_BENCH_FULL_KERNEL=$KERNEL
for which in ll triton; do
  name=$KERNEL; [ "$which" = ll ] && name=ll_$KERNEL
  ncu --metrics "$m" --csv --kernel-name "$name" \
    python3 bench/gpu.py full "$PTX" "$which" ${DIAG_CASES:-} > "$OUT/diag_$which.csv" 2> "$OUT/diag_$which.err"
  echo "diag $which rc=$? rows=$(grep -c "\"$name\"" "$OUT/diag_$which.csv")"
  tail -3 "$OUT/diag_$which.err"
  # Where the warps wait: the stall reasons and the occupancy, by section.
  ncu --section WarpStateStats --section Occupancy --csv --kernel-name "$name" \
    python3 bench/gpu.py full "$PTX" "$which" ${DIAG_CASES:-} > "$OUT/stalls_$which.csv" 2> "$OUT/stalls_$which.err"
  echo "stalls $which rc=$?"
done
