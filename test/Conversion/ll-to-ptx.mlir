// The whole pipeline with upstream MLIR after convert-ll-to-nvvm: PTX text
// in a gpu.binary, with 128-bit shared stores, ldmatrix loads (sm_90: the
// planner's choice for this 32-bit transpose) and one barrier (the first
// use of the scratch needs none before it), with the layouts as written
// (register-order=false). By default ll-optimize-register-order first lets
// the loaded and stored tiles take the per-lane register order in which 16
// shuffles need no select: no shared memory at all.
// RUN: ll-opt --pass-pipeline="builtin.module(ll-to-ptx{chip=sm_90 register-order=false})" %s | FileCheck %s
// RUN: ll-opt --pass-pipeline="builtin.module(ll-to-ptx{chip=sm_80 format=none register-order=false})" %s | FileCheck %s --check-prefix=LLVM
// RUN: ll-opt --pass-pipeline="builtin.module(ll-to-ptx{chip=sm_90})" %s | FileCheck %s --check-prefix=ORDER

// ORDER: .entry transpose
// ORDER-NOT: bar.sync
// ORDER-COUNT-16: shfl.sync.idx.b32
// ORDER-NOT: selp
// ORDER-NOT: shfl.sync
// ORDER-NOT: .shared

// CHECK: gpu.binary @ll_kernels [#gpu.object<#nvvm.target<chip = "sm_90">
// CHECK-SAME: .target sm_90
// CHECK-SAME: .entry transpose
// CHECK-SAME: .shared .align 16 .b8 __ll_scratch[2048]
// CHECK-SAME: st.shared.v4.b32
// CHECK-SAME: bar.sync
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x4.shared.b16

// LLVM: gpu.module @ll_kernels [#nvvm.target<chip = "sm_80">]
// LLVM: llvm.func @transpose(%{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>) attributes {gpu.kernel, {{.*}}nvvm.kernel
// LLVM: nvvm.barrier0
#rows = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
#cols = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @transpose(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
      %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf32, #rows>
      %u = ll.convert_layout %t : tensor<16x32xf32, #rows> -> tensor<16x32xf32, #cols>
      ll.store_tile %u, %q : tensor<16x32xf32, #cols>, !llvm.ptr<1>
      gpu.return
    }
  }
}
