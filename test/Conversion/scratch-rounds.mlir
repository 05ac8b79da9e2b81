// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90 min-round-bytes=0" --split-input-file %s | FileCheck %s --check-prefix=ROUNDS
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90 line-barriers=false" --split-input-file %s | FileCheck %s --check-prefix=MERGED
// (MERGED without the global accesses' line barriers: the warp barriers it
// checks are the conversions'.)

// Rounds (docs/lowering.md): register direction [16, 0] is common to both
// layouts, so the plan runs the conversion in two rounds of 2 KiB. A
// conversion outside loops keeps them on one 2 KiB slot, with a barrier
// before the second round's store (the first round's readers).
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [16, 0]], lane = [[0, 16], [1, 0], [2, 0], [4, 0], [8, 0]], warp = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
gpu.module @k {
  // ROUNDS: llvm.mlir.global internal @__ll_scratch() {{.*}} : !llvm.array<2048 x i8>
  // MERGED: llvm.mlir.global internal @__ll_scratch() {{.*}} : !llvm.array<2048 x i8>
  // ROUNDS-LABEL: gpu.func @two_rounds
  // MERGED-LABEL: gpu.func @two_rounds
  gpu.func @two_rounds(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf32, #a>
    // ROUNDS-NOT: nvvm.barrier0
    // ROUNDS: llvm.store {{.*}}, !llvm.ptr<3>
    // ROUNDS: nvvm.barrier0
    // ROUNDS: nvvm.ldmatrix
    // ROUNDS: nvvm.barrier0
    // ROUNDS: llvm.store {{.*}}, !llvm.ptr<3>
    // ROUNDS: nvvm.barrier0
    // ROUNDS: nvvm.ldmatrix
    // ROUNDS-NOT: nvvm.barrier0
    // ROUNDS: gpu.return
    // MERGED-COUNT-3: nvvm.barrier0
    // MERGED-NOT: nvvm.barrier0
    // MERGED: gpu.return
    %u = ll.convert_layout %t : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    ll.store_tile %u, %q : tensor<32x32xf32, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// In a loop, a two-round conversion ends on the other slot, so the next
// conversion (and the next iteration) starts on the slot its last round
// did not use: one barrier per round, none before a store. The default
// min-round-bytes (16 KiB) merges the rounds of conversions in loops: one
// round of 4 KiB, one barrier per conversion.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [16, 0]], lane = [[0, 16], [1, 0], [2, 0], [4, 0], [8, 0]], warp = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
gpu.module @k {
  // Two slots of 2 KiB (min-round-bytes=0) or of 4 KiB (merged).
  // ROUNDS: llvm.mlir.global internal @__ll_scratch() {{.*}} : !llvm.array<4096 x i8>
  // MERGED: llvm.mlir.global internal @__ll_scratch() {{.*}} : !llvm.array<8192 x i8>
  // ROUNDS-LABEL: gpu.func @loop
  // MERGED-LABEL: gpu.func @loop
  gpu.func @loop(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf32, #a>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // ROUNDS: scf.for
    // ROUNDS: %[[SLOT0:.*]] = llvm.mlir.addressof @__ll_scratch : !llvm.ptr<3>
    // ROUNDS: %[[C2048:.*]] = llvm.mlir.constant(2048 : i32) : i32
    // ROUNDS: %[[SLOT1:.*]] = llvm.getelementptr %[[SLOT0]][%[[C2048]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    // ROUNDS-NOT: nvvm.barrier0
    // ROUNDS: llvm.getelementptr %[[SLOT0]]
    // ROUNDS: llvm.store {{.*}}, !llvm.ptr<3>
    // ROUNDS: nvvm.barrier0
    // ROUNDS: nvvm.ldmatrix
    // ROUNDS-NOT: nvvm.barrier0
    // ROUNDS: llvm.getelementptr %[[SLOT1]]
    // ROUNDS: llvm.store {{.*}}, !llvm.ptr<3>
    // ROUNDS: nvvm.barrier0
    // ROUNDS-COUNT-2: nvvm.barrier0
    // ROUNDS-NOT: nvvm.barrier0
    // ROUNDS: scf.yield
    // MERGED: scf.for
    // MERGED-COUNT-2: nvvm.barrier0
    // MERGED-NOT: nvvm.barrier0
    // MERGED: scf.yield
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %t) -> (tensor<32x32xf32, #a>) {
      %y = ll.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
      %y1 = arith.addf %y, %y : tensor<32x32xf32, #b>
      %x2 = ll.convert_layout %y1 : tensor<32x32xf32, #b> -> tensor<32x32xf32, #a>
      %x3 = arith.addf %x2, %x2 : tensor<32x32xf32, #a>
      scf.yield %x3 : tensor<32x32xf32, #a>
    }
    ll.store_tile %r, %q : tensor<32x32xf32, #a>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A block of one warp (known_block_size) synchronises with bar.warp.sync,
// which orders the warp's shared-memory accesses; a larger block keeps
// nvvm.barrier0.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [16, 0]], lane = [[0, 16], [1, 0], [2, 0], [4, 0], [8, 0]], warp = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
gpu.module @k {
  // MERGED-LABEL: gpu.func @one_warp
  // MERGED-NOT: nvvm.barrier0
  // MERGED: %[[ALL:.*]] = llvm.mlir.constant(-1 : i32) : i32
  // MERGED: nvvm.bar.warp.sync %[[ALL]] : i32
  // MERGED-NOT: nvvm.barrier0
  // MERGED: gpu.return
  gpu.func @one_warp(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf32, #a>
    %u = ll.convert_layout %t : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    ll.store_tile %u, %q : tensor<32x32xf32, #b>, !llvm.ptr<1>
    gpu.return
  }
  // MERGED-LABEL: gpu.func @two_warps
  // MERGED-NOT: nvvm.bar.warp.sync
  // MERGED: nvvm.barrier0
  // MERGED-NOT: nvvm.bar.warp.sync
  // MERGED: gpu.return
  gpu.func @two_warps(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf32, #a>
    %u = ll.convert_layout %t : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    ll.store_tile %u, %q : tensor<32x32xf32, #b>, !llvm.ptr<1>
    gpu.return
  }
}
