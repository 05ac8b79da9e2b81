// Stores of a layout replicated over warps (docs/lowering.md, "Broadcast
// stores"): the warps that hold the same elements at the same addresses split
// the stores, each taking the registers whose paired register bit equals its
// warp bit, as long as every warp keeps at least 8 stores; otherwise only
// the warp with the free bits clear stores.
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90" --split-input-file %s | FileCheck %s

// 32 stores per thread, warp bits 0 and 1 free: four subsets of 8 stores.
// Warp bit 1 pairs with the outermost register bit (4, rows 16-31), warp bit
// 0 with the next (3); the compare is (warp & 3) << 5 (the lane bits below).
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[0, 0], [0, 0]], block = []} -> {dim0 = 32, dim1 = 32}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @split
  // CHECK:          %[[W:.*]] = llvm.shl %{{.*}}, %{{.*}} : i32
  // CHECK:          %[[F0:.*]] = llvm.or %{{.*}}, %[[W]] : i32
  // CHECK-NEXT:     llvm.icmp "eq" %[[F0]], %{{.*}} : i32
  // CHECK-NEXT:     scf.if
  // CHECK-COUNT-8:  llvm.store
  // CHECK-NOT:      llvm.store
  // CHECK:          %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
  // CHECK-NEXT:     llvm.icmp "eq" %{{.*}}, %[[C64]] : i32
  // CHECK-NEXT:     scf.if
  // CHECK-COUNT-8:  llvm.store
  // CHECK-NOT:      llvm.store
  // CHECK:          %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK-NEXT:     llvm.icmp "eq" %{{.*}}, %[[C32]] : i32
  // CHECK-NEXT:     scf.if
  // CHECK-COUNT-8:  llvm.store
  // CHECK-NOT:      llvm.store
  // CHECK:          %[[C96:.*]] = llvm.mlir.constant(96 : i32) : i32
  // CHECK-NEXT:     llvm.icmp "eq" %{{.*}}, %[[C96]] : i32
  // CHECK-NEXT:     scf.if
  // CHECK-COUNT-8:  llvm.store
  // CHECK-NOT:      llvm.store
  // CHECK-NOT:      scf.if
  // CHECK:          gpu.return
  gpu.func @split(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf32, #b>
    ll.store_tile %t, %q : tensor<32x32xf32, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// 8 stores per thread: a split would leave 4 per warp, so warp 0 stores all.
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[0, 0], [0, 0]], block = []} -> {dim0 = 8, dim1 = 32}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @one_warp
  // CHECK:          %[[F:.*]] = llvm.or
  // CHECK-NEXT:     llvm.icmp "eq" %[[F]], %{{.*}} : i32
  // CHECK-NEXT:     scf.if
  // CHECK-COUNT-8:  llvm.store
  // CHECK-NOT:      scf.if
  // CHECK:          gpu.return
  gpu.func @one_warp(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<8x32xf32, #b>
    ll.store_tile %t, %q : tensor<8x32xf32, #b>, !llvm.ptr<1>
    gpu.return
  }
}
