// The thread part of an address (docs/lowering.md, "Thread parts"): the
// lane bits that an address map moves by one distance are one term (a mask
// and a shift), a warp term that moves its bits by the distance of a lane
// term within the thread id joins it, and terms whose bits are disjoint are
// ORed (`or disjoint`). A global tile's offset is zero-extended before its
// GEP, in bytes on AMD (a 32-bit offset beside a scalar base; NVIDIA's
// element offsets: ll-to-nvvm-line-order.mlir).
// RUN: ll-opt --convert-ll-to-rocdl="chip=gfx942" %s | FileCheck %s

// Offsets row * 32 + column: lane bits 0, 2 and 4 stay in place (columns
// 1, 4, 16), lane bit 1 moves 4 up (row 1, offset 32), lane bit 3 moves 3
// up (row 2), and lane bit 5 (row 4, offset 128) and warp bit 0 (thread id
// bit 6 on AMD's 64 lanes: row 8, offset 256) both move 2 up.
#l = #ll.linear<{register = [[0, 2], [0, 8]], lane = [[0, 1], [1, 0], [0, 4], [2, 0], [0, 16], [4, 0]], warp = [[8, 0]], block = []}>
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @terms
    // CHECK:      %[[TID:.*]] = rocdl.workitem.id.x : i32
    // CHECK:      %[[LANE:.*]] = llvm.and %[[TID]], %{{.*}} : i32
    // CHECK:      %[[C21:.*]] = llvm.mlir.constant(21 : i32) : i32
    // CHECK-NEXT: %[[T0:.*]] = llvm.and %[[LANE]], %[[C21]] : i32
    // CHECK:      %[[C96:.*]] = llvm.mlir.constant(96 : i32) : i32
    // CHECK-NEXT: %[[TW:.*]] = llvm.and %[[TID]], %[[C96]] : i32
    // CHECK-NEXT: %[[T3:.*]] = llvm.shl %[[TW]], %{{.*}} : i32
    // CHECK-NEXT: %[[O1:.*]] = llvm.or disjoint %[[T0]], %{{.*}} : i32
    // CHECK-NEXT: %[[O2:.*]] = llvm.or disjoint %[[O1]], %{{.*}} : i32
    // CHECK-NEXT: %[[O3:.*]] = llvm.or disjoint %[[O2]], %[[T3]] : i32
    // CHECK-NEXT: %[[BYTES:.*]] = llvm.shl %[[O3]], %{{.*}} overflow<nsw, nuw> : i32
    // CHECK-NEXT: %[[WIDE:.*]] = llvm.zext nneg %[[BYTES]] : i32 to i64
    // CHECK-NEXT: llvm.getelementptr %arg0[%[[WIDE]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
    // CHECK-NOT:  llvm.xor
    // CHECK:      gpu.return
    gpu.func @terms(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x32xf32, #l>
      ll.store_tile %t, %y : tensor<16x32xf32, #l>, !llvm.ptr<1>
      gpu.return
    }
  }
}
