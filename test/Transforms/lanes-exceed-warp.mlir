// A layout with more lanes than a warp of the target is one located error,
// with the same text, from the planner, the register-order pass and the
// lowering (GPUTarget.h: lanesExceedMessage). gfx1100 is wave32, like
// every NVIDIA chip (plan-conversions-wave64.mlir: the same conversions
// in wave64).
// RUN: ll-opt %s --split-input-file --verify-diagnostics --ll-plan-conversions=target=gfx1100
// RUN: ll-opt %s --split-input-file --verify-diagnostics --ll-optimize-register-order=target=gfx1100
// RUN: ll-opt %s --split-input-file --verify-diagnostics --convert-ll-to-rocdl=chip=gfx1100
// RUN: ll-opt %s --split-input-file --verify-diagnostics --ll-plan-conversions=target=sm_90
// RUN: ll-opt %s --split-input-file --verify-diagnostics --ll-optimize-register-order=target=sm_90
// RUN: ll-opt %s --split-input-file --verify-diagnostics --convert-ll-to-nvvm=chip=sm_90

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = []}>
#b = #ll.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [2, 0], [4, 0]], warp = []}>
gpu.module @k {
  gpu.func @source_layout() kernel {
    %t = arith.constant dense<1.0> : tensor<8x16xf32, #a>
    // expected-error @below {{the source layout has 64 lanes, but a warp has 32 on }}
    %u = ll.convert_layout %t : tensor<8x16xf32, #a> -> tensor<8x16xf32, #b>
    gpu.return
  }
}

// -----

// The result layout is checked like the source.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = []}>
#w64 = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = []}>
gpu.module @k {
  gpu.func @result_layout() kernel {
    %t = arith.constant dense<1.0> : tensor<4x16xf32, #a>
    // expected-error @below {{the result layout has 64 lanes, but a warp has 32 on }}
    %u = ll.convert_layout %t : tensor<4x16xf32, #a> -> tensor<4x16xf32, #w64>
    gpu.return
  }
}
