// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90" --split-input-file %s | FileCheck %s
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_80" --split-input-file %s | FileCheck %s --check-prefix=SM80
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_70" --split-input-file %s | FileCheck %s --check-prefix=SM70

// Warp-wide matrix instructions where the planner chooses them
// (docs/planning.md §5): ldmatrix and ldmatrix.trans from sm_75, stmatrix
// from sm_90; older chips keep plain ld/st.shared.

// The 16x32 fp32 transpose of the paper: 128-bit stores, then ldmatrix
// (non-trans, b16 pairs = one 32-bit element per fragment word). Each lane
// gives one row address; four instructions, 512 bytes apart.
#rows = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
#cols = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = []}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @transpose16x32
  // SM80-LABEL: gpu.func @transpose16x32
  // SM70-LABEL: gpu.func @transpose16x32
  gpu.func @transpose16x32(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf32, #rows>
    // CHECK-NOT: nvvm.barrier0
    // CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: %[[M0:.*]] = nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
    // Fragment word 0 is result register 0 (one f32).
    // CHECK: %[[W0:.*]] = llvm.extractvalue %[[M0]][0]
    // CHECK: llvm.bitcast %[[W0]] : i32 to f32
    // CHECK-COUNT-3: nvvm.ldmatrix %{{.*}}layout = #nvvm.mma_layout<row>
    // CHECK-NOT: nvvm.ldmatrix
    // CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3>
    // SM80-COUNT-4: nvvm.ldmatrix
    // SM70-NOT: nvvm.ldmatrix
    // SM70: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    %u = ll.convert_layout %t : tensor<16x32xf32, #rows> -> tensor<16x32xf32, #cols>
    ll.store_tile %u, %q : tensor<16x32xf32, #cols>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// The 64x64 fp16 transpose (4 warps): ldmatrix.trans moves each thread's
// column-major pairs; the halves of each fragment word are two registers.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]]}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]], lane = [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 8]]}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @transpose64x64
  // SM80-LABEL: gpu.func @transpose64x64
  // SM70-LABEL: gpu.func @transpose64x64
  gpu.func @transpose64x64(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #a>
    // CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: %[[M:.*]] = nvvm.ldmatrix %{{.*}}layout = #nvvm.mma_layout<col>{{.*}} -> !llvm.struct<(i32, i32, i32, i32)>
    // CHECK: %[[W:.*]] = llvm.extractvalue %[[M]][0]
    // CHECK: %[[V:.*]] = llvm.bitcast %[[W]] : i32 to vector<2xf16>
    // CHECK: llvm.extractelement %[[V]]
    // CHECK: llvm.extractelement %[[V]]
    // CHECK-COUNT-3: nvvm.ldmatrix %{{.*}}layout = #nvvm.mma_layout<col>
    // CHECK-NOT: nvvm.ldmatrix
    // SM80-COUNT-4: nvvm.ldmatrix %{{.*}}layout = #nvvm.mma_layout<col>
    // SM70-NOT: nvvm.ldmatrix
    %u = ll.convert_layout %t : tensor<64x64xf16, #a> -> tensor<64x64xf16, #b>
    ll.store_tile %u, %q : tensor<64x64xf16, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// mma (v2) accumulator fragments to a blocked layout (fp16, 4 warps):
// stmatrix on sm_90 (four fragment words of two halves each), 128-bit
// loads. sm_80 has no stmatrix: plain stores there.
#mma = #ll.linear<{register = [[0, 1], [8, 0], [0, 16], [0, 32], [0, 64], [32, 0], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [16, 0]]}>
#blocked = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 64], [16, 0], [32, 0], [64, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]]}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @mma_to_blocked
  // SM80-LABEL: gpu.func @mma_to_blocked
  gpu.func @mma_to_blocked(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<128x128xf16, #mma>
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
    // CHECK: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
    // CHECK-COUNT-15: nvvm.stmatrix
    // CHECK-NOT: nvvm.stmatrix
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xi32>
    // SM80-NOT: nvvm.stmatrix
    // SM80: llvm.store %{{.*}} : vector<{{[0-9]}}xi32>, !llvm.ptr<3>
    %u = ll.convert_layout %t : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    ll.store_tile %u, %q : tensor<128x128xf16, #blocked>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// 8-bit data (blocked -> dot operand A of int8, k_width 4): ldmatrix moves
// each lane's four bytes as one 32-bit fragment word (docs/planning.md,
// "8-bit matrix instructions"): in each of two rounds (4 KiB of scratch),
// two 128-bit stores, a barrier and two ldmatrix.x4, each word split into
// its bytes. sm_70 has no ldmatrix.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [32, 0], [64, 0]], lane = [[0, 16], [0, 32], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]]}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [8, 0], [0, 16], [0, 32], [64, 0]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]]}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @dot_a_bytes
  // CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK:         nvvm.barrier0
  // CHECK:         nvvm.ldmatrix
  // CHECK:         llvm.bitcast %{{.*}} : i32 to vector<4xi8>
  // CHECK:         nvvm.ldmatrix
  // CHECK:         nvvm.barrier0
  // CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK:         nvvm.barrier0
  // CHECK-COUNT-2: nvvm.ldmatrix
  // CHECK-NOT:     nvvm.ldmatrix
  // SM70-LABEL: gpu.func @dot_a_bytes
  // SM70-NOT:   nvvm.ldmatrix
  // SM70:       gpu.return
  gpu.func @dot_a_bytes(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<128x64xi8, #a>
    %u = ll.convert_layout %t : tensor<128x64xi8, #a> -> tensor<128x64xi8, #b>
    ll.store_tile %u, %q : tensor<128x64xi8, #b>, !llvm.ptr<1>
    gpu.return
  }
}
