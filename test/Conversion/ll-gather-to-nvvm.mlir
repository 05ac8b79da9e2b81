// RUN: ll-opt %s --split-input-file --convert-ll-to-nvvm --verify-diagnostics | FileCheck %s

// Warp-local: the source's row is in the thread's own lanes (lane bit 4 is
// the row in both layouts); one shuffle per candidate register (2: the
// source register bit is the column's low bit), one select.
#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
// CHECK-LABEL: gpu.func @shuffles
// CHECK-NOT: __ll_scratch
// CHECK-COUNT-2: nvvm.shfl.sync idx
// CHECK: llvm.select
// CHECK-NOT: nvvm.shfl.sync
// CHECK: gpu.return
gpu.module @m {
  gpu.func @shuffles(%ps: !llvm.ptr<1>, %pi: !llvm.ptr<1>, %po: !llvm.ptr<1>) kernel {
    %s = ll.load_tile %ps : !llvm.ptr<1> -> tensor<8x32xf32, #src>
    %i = ll.load_tile %pi : !llvm.ptr<1> -> tensor<8x16xi32, #idx>
    %r = ll.gather %s[%i] axis = 1 : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
    ll.store_tile %r, %po : tensor<8x16xf32, #idx>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// The same gather forced through shared memory: store, barrier, one load.
#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
// CHECK-LABEL: gpu.module @m
// CHECK: llvm.mlir.global internal @__ll_scratch
// CHECK-LABEL: gpu.func @shared
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.store {{.*}} vector<2xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier
// CHECK: llvm.load {{.*}} !llvm.ptr<3> -> f32
gpu.module @m {
  gpu.func @shared(%ps: !llvm.ptr<1>, %pi: !llvm.ptr<1>, %po: !llvm.ptr<1>) kernel {
    %s = ll.load_tile %ps : !llvm.ptr<1> -> tensor<8x32xf32, #src>
    %i = ll.load_tile %pi : !llvm.ptr<1> -> tensor<8x16xi32, #idx>
    %r = ll.gather %s[%i] axis = 1 {ll.plan = #ll.plan<kind = shared_memory>} : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
    ll.store_tile %r, %po : tensor<8x16xf32, #idx>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Not warp-local (the source's rows 0-1 and 2-3 are in different warps
// than the index's): a shuffle plan is refused.
#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [2, 0]], warp = [[1, 0], [4, 0]], block = []}>
gpu.module @m {
  gpu.func @refused(%ps: !llvm.ptr<1>, %pi: !llvm.ptr<1>, %po: !llvm.ptr<1>) kernel {
    %s = ll.load_tile %ps : !llvm.ptr<1> -> tensor<8x32xf32, #src>
    %i = ll.load_tile %pi : !llvm.ptr<1> -> tensor<8x16xi32, #idx>
    // expected-error @+1 {{cannot carry out the ll.plan: a shuffle gather needs the gathered axis within a warp}}
    %r = ll.gather %s[%i] axis = 1 {ll.plan = #ll.plan<kind = shuffle>} : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
    ll.store_tile %r, %po : tensor<8x16xf32, #idx>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A hand-written figure that is not the gather's is refused.
#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
gpu.module @m {
  gpu.func @figures(%ps: !llvm.ptr<1>, %pi: !llvm.ptr<1>, %po: !llvm.ptr<1>) kernel {
    %s = ll.load_tile %ps : !llvm.ptr<1> -> tensor<8x32xf32, #src>
    %i = ll.load_tile %pi : !llvm.ptr<1> -> tensor<8x16xi32, #idx>
    // expected-error @+1 {{cannot carry out the ll.plan: shuffles = 5 is not the gather's (2)}}
    %r = ll.gather %s[%i] axis = 1 {ll.plan = #ll.plan<kind = shuffle, vector_bits = 32, rounds = 2, shuffles = 5, selects = 1>} : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
    ll.store_tile %r, %po : tensor<8x16xf32, #idx>, !llvm.ptr<1>
    gpu.return
  }
}
