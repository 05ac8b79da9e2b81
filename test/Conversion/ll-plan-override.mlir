// RUN: ll-opt %s --split-input-file --pass-pipeline="builtin.module(ll-to-ptx{chip=sm_90 register-order=false})" | FileCheck %s
// RUN: ll-opt %s --split-input-file --pass-pipeline="builtin.module(ll-to-ptx{chip=sm_90 register-order=false format=none})" --mlir-print-ir-after=ll-plan-conversions -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP

// ll-to-ptx runs ll-plan-conversions first and the lowering carries out the
// plan on each conversion: the one a user wrote, or else the planner's
// (docs/lowering.md, "Plans"). The PTX shows the instructions asked for.
// Plans that cannot be carried out: ll-plan-invalid.mlir; the same forced
// plans on every corpus case, run by the SIMT interpreter:
// test/python/test_plan_override.py.

// Unplanned, the 32x32 intra-warp exchange of the corpus takes 32 warp
// shuffles, and the IR dump after ll-plan-conversions shows that plan.
// DUMP: IR Dump After LLPlanConversions
// DUMP: ll.plan = #ll.plan<kind = shuffle, vector_bits = 32, rounds = 32, shuffles = 32, selects = 64>
// CHECK-LABEL: .entry intra_planned
// CHECK-NOT: .shared
// CHECK-COUNT-32: shfl.sync.idx.b32
// CHECK-NOT: .shared
#a = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @intra_planned(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #a>
      %u = ll.convert_layout %t : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
      ll.store_tile %u, %y : tensor<32x32xf32, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}

// -----

// The same conversion forced through shared memory (four warps that do
// not share it, so block barriers): stores, a barrier, loads, no shuffle.
// DUMP: IR Dump After LLPlanConversions
// DUMP: ll.plan = #ll.plan<kind = shared_memory, memory_layout = #{{.*}}, vector_bits = 128, rounds = 4, shared_bytes = 1024,
// CHECK-LABEL: .entry intra_forced_shared
// CHECK-NOT: shfl.sync
// CHECK: __ll_scratch[1024]
// CHECK-NOT: shfl.sync
// CHECK: st.shared.v4.b32
// CHECK-NOT: shfl.sync
// CHECK: bar.sync
// CHECK-NOT: shfl.sync
// CHECK: ld.shared.v4.b32
// CHECK-NOT: shfl.sync
#a = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @intra_forced_shared(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #a>
      %u = ll.convert_layout %t {ll.plan = #ll.plan<kind = shared_memory>} : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
      ll.store_tile %u, %y : tensor<32x32xf32, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}

// -----

// The planner's plan of the 16x32 transpose with its ldmatrix load turned
// into plain loads: 128-bit stores, 32-bit loads, no ldmatrix.
// CHECK-LABEL: .entry seed_no_ldmatrix
// CHECK-NOT: ldmatrix.sync
// CHECK: st.shared.v4.b32
// CHECK-NOT: ldmatrix.sync
// CHECK: bar.warp.sync
// CHECK-NOT: ldmatrix.sync
// CHECK: ld.shared.b32
// CHECK-NOT: ldmatrix.sync
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
#m = #ll.linear<{offset = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4], [4, 2], [8, 4], [0, 8], [0, 16]]}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @seed_no_ldmatrix(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x32xf32, #a>
      %u = ll.convert_layout %t {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m, vector_bits = 128, rounds = 1, shared_bytes = 2048, store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = 16, load_wavefronts = 16>} : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
      ll.store_tile %u, %y : tensor<16x32xf32, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}

// -----

// A hand-written memory layout (XOR m), with the element width as vector
// width: 32-bit stores and loads.
// CHECK-LABEL: .entry seed_xorm
// CHECK-NOT: .v4
// CHECK: st.shared.b32
// CHECK-NOT: .v4
// CHECK: ld.shared.b32
// CHECK-NOT: .v4
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
#xorm = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], [4, 4], [8, 8]]} -> {dim0 = 16, dim1 = 32}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @seed_xorm(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x32xf32, #a>
      %u = ll.convert_layout %t {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #xorm>} : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
      ll.store_tile %u, %y : tensor<16x32xf32, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}

// -----

// The planner's plan of the mma -> blocked fp16 conversion in one round
// instead of its 8: a 32 KiB scratch and one barrier.
// CHECK-LABEL: .entry mma_one_round
// CHECK: __ll_scratch[32768]
// CHECK-COUNT-16: stmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: bar.sync
// CHECK-NOT: bar.sync
// CHECK-NOT: stmatrix
#a = #ll.linear<{register = [[0, 1], [8, 0], [0, 16], [0, 32], [0, 64], [32, 0], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [16, 0]], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 64], [16, 0], [32, 0], [64, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [0, 64], [32, 0], [64, 0]]}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @mma_one_round(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<128x128xf16, #a>
      %u = ll.convert_layout %t {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m, vector_bits = 128, rounds = 1, shared_bytes = 32768, store_instruction = "stmatrix", load_instruction = "ld.shared", store_wavefronts = 256, load_wavefronts = 256>} : tensor<128x128xf16, #a> -> tensor<128x128xf16, #b>
      ll.store_tile %u, %y : tensor<128x128xf16, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}

// -----

// Unplanned: 8 rounds over 4 KiB.
// CHECK-LABEL: .entry mma_planned
// CHECK: __ll_scratch[4096]
// CHECK-COUNT-15: bar.sync
#a = #ll.linear<{register = [[0, 1], [8, 0], [0, 16], [0, 32], [0, 64], [32, 0], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [16, 0]], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 64], [16, 0], [32, 0], [64, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @mma_planned(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<128x128xf16, #a>
      %u = ll.convert_layout %t : tensor<128x128xf16, #a> -> tensor<128x128xf16, #b>
      ll.store_tile %u, %y : tensor<128x128xf16, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}
