// An elementwise op with a scalar operand on `ll` tensors (arith.select of
// whole tensors by one i1) takes the scalar in every register's op.
// RUN: ll-opt %s --convert-ll-to-nvvm=chip=sm_90 --split-input-file | FileCheck %s
// RUN: ll-opt %s --convert-ll-to-rocdl=chip=gfx1100 --split-input-file | FileCheck %s

#l = #ll.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @select_tiles
  // CHECK-SAME: %[[C:[a-z0-9]+]]: i1
  // CHECK-COUNT-4: arith.select %[[C]], %{{.*}}, %{{.*}} : f32
  // CHECK-NOT: arith.select
  gpu.func @select_tiles(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>, %c: i1) kernel {
    %a = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x8xf32, #l>
    %b = ll.load_tile %y : !llvm.ptr<1> -> tensor<16x8xf32, #l>
    %r = arith.select %c, %a, %b : tensor<16x8xf32, #l>
    ll.store_tile %r, %x : tensor<16x8xf32, #l>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

#h = #ll.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @select_f16_tiles
  // CHECK-SAME: %[[C:[a-z0-9]+]]: i1
  // CHECK-COUNT-4: arith.select %[[C]], %{{.*}}, %{{.*}} : f16
  gpu.func @select_f16_tiles(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>, %c: i1) kernel {
    %a = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x8xf16, #h>
    %b = ll.load_tile %y : !llvm.ptr<1> -> tensor<16x8xf16, #h>
    %r = arith.select %c, %a, %b : tensor<16x8xf16, #h>
    ll.store_tile %r, %x : tensor<16x8xf16, #h>, !llvm.ptr<1>
    gpu.return
  }
}
