// RUN: ll-opt --split-input-file --pass-pipeline="builtin.module(gpu.module(ll-preload-kernel-arguments))" %s | FileCheck %s
// RUN: ll-opt --split-input-file --pass-pipeline="builtin.module(ll-to-rocdl{chip=gfx942})" %s | FileCheck %s --check-prefix=PIPE

// Scalar arguments of a kernel ask for SGPRs (`llvm.inreg`), up to the
// first argument that is not a pointer, integer or float; functions that
// are not kernels, and declarations, keep their arguments as they are.
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    // CHECK-LABEL: llvm.func @kernel(
    // CHECK-SAME: %{{.*}}: !llvm.ptr<1> {llvm.inreg}, %{{.*}}: i32 {llvm.inreg}, %{{.*}}: f32 {llvm.inreg},
    // CHECK-SAME: %{{[^:]*}}: !llvm.struct<(i32, i32)>, %{{[^:]*}}: !llvm.ptr<1>)
    llvm.func @kernel(%p: !llvm.ptr<1>, %n: i32, %s: f32, %t: !llvm.struct<(i32, i32)>, %q: !llvm.ptr<1>) attributes {rocdl.kernel} {
      llvm.return
    }
    // CHECK-LABEL: llvm.func @helper(
    // CHECK-SAME: %{{[^:]*}}: !llvm.ptr<1>)
    llvm.func @helper(%p: !llvm.ptr<1>) {
      llvm.return
    }
  }
}

// -----

// Through the whole ll-to-rocdl pipeline: the conv kernel's two buffers.
#a = #ll.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    // PIPE-LABEL: llvm.func @copy(
    // PIPE-SAME: %{{.*}}: !llvm.ptr<1> {llvm.inreg}, %{{.*}}: !llvm.ptr<1> {llvm.inreg})
    // PIPE-SAME: rocdl.kernel
    gpu.func @copy(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<64x2xf32, #a>
      ll.store_tile %t, %y : tensor<64x2xf32, #a>, !llvm.ptr<1>
      gpu.return
    }
  }
}
