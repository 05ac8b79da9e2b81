// RUN: ll-opt --split-input-file --convert-ll-to-rocdl="chip=gfx942" %s | FileCheck %s

// ds_bpermute names its source lane by the byte address lane * 4
// (docs/lowering-rocdl.md, "ds_bpermute addresses in bytes"). Here the
// rounds share the lane map M and differ in the constant. In bytes, M's
// terms take 2 shifts and each round only its XOR. In lanes they would take
// 2 shifts and one more for each of the 2 addresses. The address comes in
// bytes, with no shift between the XOR and the shuffle.
#a = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [32, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0], [32, 0]], warp = [], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    // CHECK-LABEL: gpu.func @bytes
    gpu.func @bytes(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<64x32xf32, #a>
      // CHECK: rocdl.ds_bpermute %[[BASE:[0-9]+]],
      // CHECK-NOT: llvm.shl
      // CHECK: %[[OTHER:.*]] = llvm.xor %[[BASE]], %{{.*}} : i32
      // CHECK-NEXT: rocdl.ds_bpermute %[[OTHER]],
      %u = ll.convert_layout %t : tensor<64x32xf32, #a> -> tensor<64x32xf32, #b>
      ll.store_tile %u, %y : tensor<64x32xf32, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}

// -----

// Here M swaps lane bits 2 and 3 and keeps the others in place. In lanes,
// its terms take 2 shifts; in bytes, 3. One round reads an address (the
// other moves by DPP), so lanes cost 3 in all, a tie, and a tie takes
// lanes: the XOR, then the shift by 2.
#a = #ll.linear<{register = [[4, 0], [128, 0]], lane = [[32, 0], [16, 0], [2, 0], [64, 0], [8, 0], [1, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[128, 0], [16, 0]], lane = [[32, 0], [4, 0], [64, 0], [2, 0], [8, 0], [1, 0]], warp = [], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    // CHECK-LABEL: gpu.func @lanes
    gpu.func @lanes(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<256x1xi32, #a>
      // CHECK: rocdl.update.dpp
      // CHECK: %[[LANE:.*]] = llvm.xor
      // CHECK-NEXT: %[[ADDRESS:.*]] = llvm.shl %[[LANE]], %{{.*}} : i32
      // CHECK-NEXT: rocdl.ds_bpermute %[[ADDRESS]],
      %u = ll.convert_layout %t : tensor<256x1xi32, #a> -> tensor<256x1xi32, #b>
      ll.store_tile %u, %y : tensor<256x1xi32, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}
