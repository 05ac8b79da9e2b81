// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90" %s | FileCheck %s

// Warp-private conversions outside loops (docs/lowering.md, "Warp-private
// conversions"): a 32x64 fp32 lane exchange on 2 warps runs in two rounds
// through 4 KiB of scratch; its barriers are warp barriers, the leading
// one and those between and within its rounds. An exchange of bytes in two
// rounds (64x64 on 4 warps, @private_rounds_bytes) keeps the block's.
#a = #ll.linear<{register = [[0, 16], [0, 32], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[16, 0]]}>
#b = #ll.linear<{register = [[0, 1], [0, 8], [0, 16], [0, 32], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0]]}>
#c = #ll.linear<{register = [[0, 16], [0, 32], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[16, 0], [32, 0]]}>
#d = #ll.linear<{register = [[0, 1], [0, 2], [0, 32], [4, 0], [8, 0]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[16, 0], [32, 0]]}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @private_rounds
  // CHECK-NOT:     nvvm.barrier0
  // CHECK-COUNT-4: llvm.store {{.*}}, !llvm.ptr<3>
  // CHECK-NEXT:    llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT:    nvvm.bar.warp.sync
  // CHECK-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3>
  // CHECK:         nvvm.bar.warp.sync
  // CHECK-COUNT-4: llvm.store {{.*}}, !llvm.ptr<3>
  // CHECK-NEXT:    llvm.mlir.constant(-1 : i32)
  // CHECK-NEXT:    nvvm.bar.warp.sync
  // CHECK-NOT:     nvvm.barrier0
  // CHECK:         gpu.return
  gpu.func @private_rounds(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x64xf32, #a>
    %y = ll.convert_layout %x : tensor<32x64xf32, #a> -> tensor<32x64xf32, #b>
    ll.store_tile %y, %q : tensor<32x64xf32, #b>, !llvm.ptr<1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @private_rounds_bytes
  // CHECK:         llvm.store {{.*}}, !llvm.ptr<3>
  // CHECK-NEXT:    nvvm.barrier0
  // CHECK:         nvvm.ldmatrix
  // CHECK:         nvvm.barrier0
  // CHECK:         llvm.store {{.*}}, !llvm.ptr<3>
  // CHECK-NEXT:    nvvm.barrier0
  // CHECK:         gpu.return
  gpu.func @private_rounds_bytes(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xi8, #d>
    %y = ll.convert_layout %x : tensor<64x64xi8, #d> -> tensor<64x64xi8, #c>
    ll.store_tile %y, %q : tensor<64x64xi8, #c>, !llvm.ptr<1>
    gpu.return
  }
}
