// RUN: ll-opt --ll-plan-conversions="target=sm_75" --convert-ll-to-nvvm="chip=sm_75" --split-input-file %s | FileCheck %s
// RUN: ll-opt --ll-plan-conversions="target=sm_90" --convert-ll-to-nvvm="chip=sm_90" --split-input-file %s | FileCheck %s --check-prefix=SM90

// Thread parts above round branches (docs/lowering.md, "Thread parts"): a
// conversion in rounds stores each round under a branch, and the thread
// part of the store's addresses, the same in every round, is made once
// before the first of them. Here #a repeats over lane bit 2 and warp bits
// 0 and 1, so only one holder of each value stores (the owner branch), in
// each of the plan's 8 rounds.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], lane = [[0, 8], [0, 16], [0, 0], [1, 0], [2, 0]], warp = [[0, 0], [0, 0], [4, 0]], block = []} -> {dim0 = 256, dim1 = 32}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [16, 0], [32, 0], [64, 0], [128, 0]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[0, 16], [0, 0], [8, 0]], block = []} -> {dim0 = 256, dim1 = 32}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @owner_rounds
  // CHECK:       %[[SCRATCH:.*]] = llvm.mlir.addressof @__ll_scratch
  // CHECK:       scf.if
  // CHECK-NEXT:    llvm.getelementptr %[[SCRATCH]][%[[T:.*]]] : (!llvm.ptr<3>, i32)
  // CHECK:       nvvm.barrier0
  // CHECK:       nvvm.barrier0
  // CHECK:       scf.if
  // CHECK-NEXT:    llvm.getelementptr %[[SCRATCH]][%[[T]]] : (!llvm.ptr<3>, i32)
  gpu.func @owner_rounds(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<256x32xbf16, #a>
    %u = ll.convert_layout %t : tensor<256x32xbf16, #a> -> tensor<256x32xbf16, #b>
    ll.store_tile %u, %q : tensor<256x32xbf16, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Rounds over warps (docs/planning.md): the 128 KiB f64 transpose of
// scratch-rounds-over-warps.mlir runs two rounds on sm_75 (64 KiB) whose
// turn the warps take; the second round's branch uses the thread part the
// first one made.
#a = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]]}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], warp = [[0, 1], [0, 2]]}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @turn_rounds
  // CHECK:       %[[SCRATCH:.*]] = llvm.mlir.addressof @__ll_scratch
  // CHECK:       scf.if
  // CHECK-NEXT:    llvm.getelementptr %[[SCRATCH]][%[[T:.*]]] : (!llvm.ptr<3>, i32)
  // CHECK:       scf.if
  // CHECK-NEXT:    llvm.getelementptr %[[SCRATCH]][%[[T]]] : (!llvm.ptr<3>, i32)
  gpu.func @turn_rounds(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<128x128xf64, #a>
    %u = ll.convert_layout %t : tensor<128x128xf64, #a> -> tensor<128x128xf64, #b>
    ll.store_tile %u, %q : tensor<128x128xf64, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// The owner branch of stmatrix (sm_90) likewise: #a repeats over warp bit
// 1, so warps 0 and 1 store, in each of the plan's 8 rounds. The tile is
// loaded for the conversion, so its fragment words are packed once, in an
// owner branch of their own before the rounds (docs/lowering.md, "Packed
// once, in the owner's branch").
#a = #ll.linear<{register = [[0, 1], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [0, 0]], block = []} -> {dim0 = 256, dim1 = 16}>
#b = #ll.linear<{register = [[0, 1], [0, 8], [32, 0], [64, 0], [128, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []} -> {dim0 = 256, dim1 = 16}>
gpu.module @k {
  // SM90-LABEL: gpu.func @stmatrix_rounds
  // SM90:       %[[SCRATCH:.*]] = llvm.mlir.addressof @__ll_scratch
  // SM90:       %[[WORDS:[0-9]+]]:64 = scf.if %{{.*}} -> (i32,
  // SM90:       scf.if
  // SM90-NEXT:    llvm.getelementptr %[[SCRATCH]][%[[T:.*]]] : (!llvm.ptr<3>, i32)
  // SM90:         nvvm.stmatrix %{{.*}}, %[[WORDS]]#0,
  // SM90:       nvvm.barrier0
  // SM90:       nvvm.barrier0
  // SM90:       scf.if
  // SM90-NEXT:    llvm.getelementptr %[[SCRATCH]][%[[T]]] : (!llvm.ptr<3>, i32)
  // SM90:         nvvm.stmatrix
  gpu.func @stmatrix_rounds(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<256x16xf32, #a>
    %u = ll.convert_layout %t : tensor<256x16xf32, #a> -> tensor<256x16xf32, #b>
    ll.store_tile %u, %q : tensor<256x16xf32, #b>, !llvm.ptr<1>
    gpu.return
  }
}
