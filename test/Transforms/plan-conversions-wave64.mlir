// RUN: ll-opt %s --ll-plan-conversions="target=gfx1100 wave-size=64" | FileCheck %s --check-prefix=PLAN
// RUN: ll-opt %s --convert-ll-to-rocdl="chip=gfx1100 wave-size=64" | FileCheck %s --check-prefix=LOWER

// gfx1100 is wave32 by default (lanes-exceed-warp.mlir); in wave64 the
// planner and the lowering both take a 64-lane conversion, and both choose
// cross-lane moves.
// PLAN-LABEL: gpu.func @wave64
// PLAN: ll.convert_layout {{.*}}#ll.plan<kind = shuffle
// LOWER-LABEL: gpu.func @wave64
// LOWER: rocdl.ds_bpermute
// LOWER-NOT: __ll_scratch
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = []}>
#b = #ll.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [2, 0], [4, 0]], warp = []}>
gpu.module @k {
  gpu.func @wave64() kernel {
    %t = arith.constant dense<1.0> : tensor<8x16xf32, #a>
    %u = ll.convert_layout %t : tensor<8x16xf32, #a> -> tensor<8x16xf32, #b>
    gpu.return
  }
}
