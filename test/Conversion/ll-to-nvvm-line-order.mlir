// Global tile stores and loads in line order (docs/lowering.md "Global
// store order", "Global loads"): the registers whose column offset stays
// within one 128-byte line are stored (loaded) one after another, the
// others keep the register order, so that a warp's partial writes to a line
// reach L2 together and its partial reads of a line hit in L1.
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90" --split-input-file %s | FileCheck %s

// The mma accumulator of 16-bit elements: register bits [8, 0] (a row 8
// down, 1024 bytes) come before [0, 8], [0, 16], [0, 32] (16, 32 and 64
// bytes) in the layout, but those three are loaded and stored first: row 0
// at column offsets 0, 8, ..., 56, then row 8 (element offset 512).
#mma = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @line_order
  // CHECK:         %[[LOFF:[0-9]+]] = llvm.zext nneg %{{.*}} : i32 to i64
  // CHECK-NEXT:    %[[LBASE:[0-9]+]] = llvm.getelementptr %{{.*}}[%[[LOFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
  // CHECK-NEXT:    llvm.load %[[LBASE]] {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  // CHECK:         llvm.mlir.constant(8 : i32) : i32
  // CHECK-NEXT:    llvm.getelementptr %[[LBASE]]
  // CHECK-NEXT:    llvm.load
  // CHECK-COUNT-6: llvm.load
  // CHECK:         llvm.mlir.constant(512 : i32) : i32
  // CHECK-NEXT:    llvm.getelementptr %[[LBASE]]
  // CHECK-NEXT:    llvm.load
  // CHECK:         llvm.store %{{.*}}, %[[BASE:[0-9]+]] {alignment = 4 : i64} : i32, !llvm.ptr<1>
  // CHECK-NEXT:    %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK-NEXT:    llvm.getelementptr %[[BASE]][%[[C8]]]
  // CHECK:         llvm.store
  // CHECK-NEXT:    llvm.mlir.constant(16 : i32) : i32
  // CHECK-COUNT-6: llvm.store
  // CHECK-NEXT:    llvm.mlir.constant(512 : i32) : i32
  gpu.func @line_order(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #mma>
    ll.store_tile %t, %q : tensor<64x64xf16, #mma>, !llvm.ptr<1>
    gpu.return
  }
}

