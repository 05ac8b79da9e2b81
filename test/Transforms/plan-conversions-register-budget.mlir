// RUN: ll-opt %s --split-input-file --ll-plan-conversions | FileCheck %s
// RUN: ll-opt %s --split-input-file --ll-plan-conversions --remarks-filter=ll-plan-conversions 2>&1 | FileCheck %s --check-prefix=REMARK

// Lanes permuted within one warp, registers left alone: one shuffle per
// register, cheaper than shared memory. At 64x128 f32 a thread holds 256
// words of either layout, more than the register budget (224): shuffles
// would spill both tiles, shared memory streams them
// (docs/planning.md, "Shuffles for tiles beyond the registers").

// CHECK-LABEL: func.func @tile_beyond_the_registers
// CHECK: ll.plan = #ll.plan<kind = shared_memory
// REMARK-LABEL: Function=tile_beyond_the_registers
// REMARK-SAME: a thread's tile needs 256 32-bit registers, more than the register budget (224)
#a = #ll.linear<{register = [[0, 8], [0, 16], [0, 32], [0, 64], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 8], [0, 16], [0, 32], [0, 64], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]], warp = [], block = []}>
func.func @tile_beyond_the_registers(%x: tensor<64x128xf32, #a>) -> tensor<64x128xf32, #b> {
  %y = ll.convert_layout %x : tensor<64x128xf32, #a> -> tensor<64x128xf32, #b>
  return %y : tensor<64x128xf32, #b>
}

// -----

// Half the tile (128 words per thread) fits: shuffles.

// CHECK-LABEL: func.func @tile_within_the_registers
// CHECK: ll.plan = #ll.plan<kind = shuffle
// REMARK-LABEL: Function=tile_within_the_registers
// REMARK-SAME: 128 shuffles + 0 selects per warp cost less
#a = #ll.linear<{register = [[0, 8], [0, 16], [0, 32], [0, 64], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 8], [0, 16], [0, 32], [0, 64], [4, 0], [8, 0], [16, 0]], lane = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]], warp = [], block = []}>
func.func @tile_within_the_registers(%x: tensor<32x128xf32, #a>) -> tensor<32x128xf32, #b> {
  %y = ll.convert_layout %x : tensor<32x128xf32, #a> -> tensor<32x128xf32, #b>
  return %y : tensor<32x128xf32, #b>
}

// -----

// Asked for, the shuffles are planned whatever the registers.

// CHECK-LABEL: func.func @shuffles_requested
// CHECK: ll.plan = #ll.plan<kind = shuffle
#a = #ll.linear<{register = [[0, 8], [0, 16], [0, 32], [0, 64], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 8], [0, 16], [0, 32], [0, 64], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]], warp = [], block = []}>
func.func @shuffles_requested(%x: tensor<64x128xf32, #a>) -> tensor<64x128xf32, #b> {
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shuffle>} : tensor<64x128xf32, #a> -> tensor<64x128xf32, #b>
  return %y : tensor<64x128xf32, #b>
}
