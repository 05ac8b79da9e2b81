// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90" --split-input-file %s | FileCheck %s

// ll.tile_index: each register's row-major offset in the tile, from the
// lane and warp ids, with no memory access. An mma v2 accumulator of 16x8
// fp32 on one warp: lanes 0-1 step the column by 2 and 4, lanes 2-4 the row
// (offset 8, 16, 32); register 0 the column by 1, register 1 the row by 8
// (offset 64). The thread part T shares no bit with the registers' offsets,
// so register k is T + K(k): 0, 1, 64, 65.
#acc = #ll.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @index
  gpu.func @index(%q: !llvm.ptr<1>) kernel {
    // CHECK: nvvm.read.ptx.sreg.tid.x
    // CHECK-NOT: llvm.load
    // CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
    // CHECK: llvm.add %[[T:.*]], %[[ONE]] : i32
    // CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
    // CHECK: llvm.add %[[T]], %[[C64]] : i32
    // CHECK: %[[C65:.*]] = llvm.mlir.constant(65 : i32) : i32
    // CHECK: llvm.add %[[T]], %[[C65]] : i32
    %i = ll.tile_index : tensor<16x8xi32, #acc>
    ll.store_tile %i, %q : tensor<16x8xi32, #acc>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Narrower elements: the i32 offset truncated per register.
#acc = #ll.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @narrow
  gpu.func @narrow(%q: !llvm.ptr<1>) kernel {
    // CHECK-COUNT-4: llvm.trunc %{{.*}} : i32 to i8
    %i = ll.tile_index : tensor<16x8xi8, #acc>
    ll.store_tile %i, %q : tensor<16x8xi8, #acc>, !llvm.ptr<1>
    gpu.return
  }
}
