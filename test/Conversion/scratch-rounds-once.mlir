// Rounds of a conversion that runs once (docs/lowering.md, "Rounds"): on
// NVIDIA they merge until each moves at least 8 scratch bytes a thread of
// the block. Held-out-5 #038, dot operand 256x16 bf16 on 8 warps (256
// threads): the planner splits it into 16 rounds of 512 bytes, 2 bytes a
// thread, 31 block barriers. It runs 4 rounds of 2048 bytes, 7 barriers,
// and says so; min-round-bytes=0 keeps the plan's 16 (NONE).
// RUN: ll-opt --ll-plan-conversions="target=sm_90" --convert-ll-to-nvvm="chip=sm_90" --split-input-file %s | FileCheck %s
// RUN: ll-opt --ll-plan-conversions="target=sm_90" --convert-ll-to-nvvm="chip=sm_90 min-round-bytes=0" --split-input-file %s | FileCheck %s --check-prefix=NONE
// RUN: ll-opt --ll-plan-conversions="target=sm_90" --convert-ll-to-nvvm="chip=sm_90" --remarks-filter=ll-lowering --split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: Reason="4 round(s) of at least 2048 bytes instead of the plan's 16 (8 bytes a thread of the block, where the conversion runs once)"
#src = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], lane = [[0, 8], [0, 0], [0, 0], [1, 0], [2, 0]], warp = [[0, 0], [0, 0], [4, 0]], block = []} -> {dim0 = 256, dim1 = 16}>
#dst = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [16, 0], [32, 0], [64, 0], [128, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []} -> {dim0 = 256, dim1 = 16}>
gpu.module @m {
  // CHECK-LABEL:   gpu.func @once
  // CHECK-COUNT-7: nvvm.barrier0
  // CHECK-NOT:     nvvm.barrier0
  // CHECK:         gpu.return
  // NONE-LABEL:    gpu.func @once
  // NONE-COUNT-31: nvvm.barrier0
  // NONE-NOT:      nvvm.barrier0
  // NONE:          gpu.return
  gpu.func @once(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<256x16xbf16, #src>
    %u = ll.convert_layout %t : tensor<256x16xbf16, #src> -> tensor<256x16xbf16, #dst>
    ll.store_tile %u, %q : tensor<256x16xbf16, #dst>, !llvm.ptr<1>
    gpu.return
  }
}
