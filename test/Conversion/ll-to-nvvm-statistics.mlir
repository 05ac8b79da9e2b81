// RUN: ll-opt %s --pass-pipeline="builtin.module(ll-to-ptx{chip=sm_90 register-order=false format=none})" --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | FileCheck %s

// The lowering counts the conversions of each kind it emitted and the
// barriers they take (in the code): the intra-warp exchange by shuffles,
// the same forced through shared memory in 4 rounds (4 barriers between
// stores and loads, 3 before the later rounds' stores, none before the
// first: nothing used the scratch before), and the mma -> blocked
// conversion in 8 rounds (8 + 7). The PTX of the same kernels:
// ll-plan-override.mlir.

// CHECK-LABEL: Pass statistics report
// CHECK:       ConvertLLToNVVM
// CHECK-NEXT:    (S) 22 barriers      - Barriers the conversions emit (in the code)
// CHECK-NEXT:    (S)  0 noop          - Conversions lowered as no-ops
// CHECK-NEXT:    (S)  0 registers     - Conversions lowered as register moves
// CHECK-NEXT:    (S)  2 shared-memory - Conversions lowered through shared memory
// CHECK-NEXT:    (S)  1 shuffle       - Conversions lowered as warp shuffles
// CHECK:       LLPlanConversions
// CHECK-NEXT:    (S)  288 load-wavefronts
// CHECK:         (S) {{ *}}1 shuffle

#a0 = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b0 = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#a1 = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b1 = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#a5 = #ll.linear<{register = [[0, 1], [8, 0], [0, 16], [0, 32], [0, 64], [32, 0], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [16, 0]], block = []}>
#b5 = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 64], [16, 0], [32, 0], [64, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @intra_planned(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #a0>
      %u = ll.convert_layout %t : tensor<32x32xf32, #a0> -> tensor<32x32xf32, #b0>
      ll.store_tile %u, %y : tensor<32x32xf32, #b0>, !llvm.ptr<1>
      gpu.return
    }
    gpu.func @intra_forced_shared(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #a1>
      %u = ll.convert_layout %t {ll.plan = #ll.plan<kind = shared_memory>} : tensor<32x32xf32, #a1> -> tensor<32x32xf32, #b1>
      ll.store_tile %u, %y : tensor<32x32xf32, #b1>, !llvm.ptr<1>
      gpu.return
    }
    gpu.func @mma_planned(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<128x128xf16, #a5>
      %u = ll.convert_layout %t : tensor<128x128xf16, #a5> -> tensor<128x128xf16, #b5>
      ll.store_tile %u, %y : tensor<128x128xf16, #b5>, !llvm.ptr<1>
      gpu.return
    }
  }
}
