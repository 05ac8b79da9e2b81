#!/bin/bash
# On the GPU machine, from the repository root: our shared-memory plans
# carried out by Gluon kernels (bench/gluon_export.py, cases prepared on a CPU
# machine), checked bit for bit, and their shared-memory wavefronts counted by
# Nsight Compute beside Triton's own gl.convert_layout. Everything lands in $OUT.
set -u
PYTHONUNBUFFERED=1 python3 bench/gluon_export.py run "$OUT" 2>&1 | tail -40
m=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
PYTHONUNBUFFERED=1 ncu --metrics "$m" --csv --kernel-name regex:'^(conv_smem|conv)$' \
  python3 bench/gluon_export.py once > "$OUT/ncu_gluon_export.csv" 2> "$OUT/ncu_gluon_export_err.txt"
echo "ncu rc=$? rows=$(grep -c '"conv' "$OUT/ncu_gluon_export.csv")"
tail -3 "$OUT/ncu_gluon_export_err.txt"
