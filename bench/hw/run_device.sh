#!/bin/bash
# From bench/hw on the GPU machine: ncu wavefronts of the planner's memory
# layouts (and hand-written swizzles) for every case of cases.json.
set -u
cd "$(dirname "$0")"
python3 -c "import triton,torch;print('triton',triton.__version__,'torch',torch.__version__)"
m=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,smsp__inst_executed_op_ldsm.sum,smsp__inst_executed_op_stsm.sum
PYTHONUNBUFFERED=1 ncu --metrics "$m" --csv --kernel-name roundtrip python3 smem_device.py cases.json > $OUT/ncu.csv 2>$OUT/ncu_err.txt
echo "ncu rc=$?"; tail -5 $OUT/ncu_err.txt; grep -c roundtrip $OUT/ncu.csv
