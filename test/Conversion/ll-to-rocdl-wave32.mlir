// RUN: ll-opt --convert-ll-to-rocdl="chip=gfx1100" --split-input-file %s | FileCheck %s
// RUN: ll-opt --convert-ll-to-rocdl="chip=gfx1100 wave-size=64" --split-input-file %s | FileCheck %s --check-prefix=W64
// RUN: ll-opt --convert-ll-to-rocdl="chip=gfx950" --split-input-file %s | FileCheck %s --check-prefix=GFX950

// RDNA runs wave32 by default: a 32-lane layout, lane = tid & 31 and warp
// = tid >> 5. In wave64 mode the same layout's warps are 64 threads wide
// (the upper 32 lanes duplicate the lower ones).
#rows = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[16, 0]]}>
#cols = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [[16, 0]]}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @transpose
  // W64-LABEL: gpu.func @transpose
  // GFX950-LABEL: gpu.func @transpose
  gpu.func @transpose(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf32, #rows>
    // CHECK: %[[TID:.*]] = rocdl.workitem.id.x : i32
    // CHECK: %[[C31:.*]] = llvm.mlir.constant(31 : i32) : i32
    // CHECK: llvm.and %[[TID]], %[[C31]] : i32
    // CHECK: %[[C5:.*]] = llvm.mlir.constant(5 : i32) : i32
    // CHECK: llvm.lshr %[[TID]], %[[C5]] : i32
    // CHECK: llvm.store %{{.*}} : vector<4xf32>, !llvm.ptr<3>
    // CHECK: rocdl.s.barrier
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // W64: %[[C63:.*]] = llvm.mlir.constant(63 : i32) : i32
    // W64: %[[C6:.*]] = llvm.mlir.constant(6 : i32) : i32
    // W64: llvm.lshr %{{.*}}, %[[C6]] : i32
    // gfx950 is wave64 with 64 LDS banks: the 32-lane layout is accepted.
    // On AMD the planner takes a one-sided vector (4 registers as one
    // 128-bit store, scalar loads) whenever it costs no more wavefronts and
    // fewer LDS instructions.
    // GFX950: llvm.mlir.constant(63 : i32) : i32
    // GFX950: llvm.store %{{.*}} : vector<4xf32>, !llvm.ptr<3>
    // GFX950: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    %u = ll.convert_layout %t : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
    ll.store_tile %u, %q : tensor<32x32xf32, #cols>, !llvm.ptr<1>
    gpu.return
  }
}
