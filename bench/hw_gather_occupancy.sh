#!/bin/bash
# On the GPU machine (bench/ptx_gather carried): Nsight Compute occupancy
# limits, active warps and DRAM/L2 traffic of two one-gather kernels, ours
# and Triton's, printed one line per kernel.
m=launch__occupancy_limit_shared_mem,launch__occupancy_limit_registers,launch__occupancy_limit_warps,launch__occupancy_limit_blocks,sm__warps_active.avg.pct_of_peak_sustained_active,dram__bytes_read.sum,dram__bytes_write.sum,launch__shared_mem_config_size,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum
for c in g32x32_a0_w4_fp32 g8x128_a0_w4_fp16; do for which in ll triton; do
name=gather; [ "$which" = ll ] && name=ll_gather
ncu --metrics $m --csv --kernel-name $name python3 bench/gather.py once bench/ptx_gather $which $c once 2>/dev/null | grep '^"' | python3 -c "
import csv,sys
rows=[r for r in csv.reader(sys.stdin) if len(r)>14 and r[0]!='ID']
print('$c $which', '  '.join(r[12].split('__')[1][:40]+'='+r[14] for r in rows))"
done; done
