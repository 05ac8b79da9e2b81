// RUN: ll-opt --convert-ll-to-rocdl="chip=gfx942" --split-input-file %s | FileCheck %s
// RUN: ll-opt --convert-ll-to-rocdl="chip=gfx942 index-bitwidth=64" --split-input-file %s | FileCheck %s --check-prefix=I64

// A 32x32 fp32 transpose in one wave64: rows (registers along dim0, lanes
// along dim1) to columns. Through LDS (address space 3) with the planner's
// swizzle for gfx942's 32 banks; barriers are HIP's __syncthreads(): a
// workgroup-scope release fence, s_barrier, an acquire fence.
#rows = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [16, 0]], warp = []}>
#cols = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1], [16, 0]], warp = []}>
gpu.module @k {
  // CHECK: llvm.mlir.global internal @__ll_scratch() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4096 x i8>
  // CHECK-LABEL: gpu.func @transpose32x32
  gpu.func @transpose32x32(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf32, #rows>
    // CHECK: %[[BASE:.*]] = llvm.mlir.addressof @__ll_scratch : !llvm.ptr<3>
    // CHECK: %[[TID:.*]] = rocdl.workitem.id.x : i32
    // CHECK: %[[C63:.*]] = llvm.mlir.constant(63 : i32) : i32
    // CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %[[C63]] : i32
    // CHECK-NOT: rocdl.s.barrier
    // A one-sided vector (AMD: equal wavefronts, fewer LDS instructions):
    // four of each thread's registers go to consecutive LDS words and are
    // stored as one 128-bit ds_write; the loads read single fp32. LDS
    // addresses are byte offsets (i8 GEPs): the 4-byte element size is
    // folded into the thread part, no shift per distinct address.
    // CHECK: llvm.getelementptr %[[BASE]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
    // CHECK: llvm.fence syncscope("workgroup") release
    // CHECK-NEXT: rocdl.s.barrier
    // CHECK-NEXT: llvm.fence syncscope("workgroup") acquire
    // CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    // CHECK-NOT: nvvm.
    %u = ll.convert_layout %t : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
    ll.store_tile %u, %q : tensor<32x32xf32, #cols>, !llvm.ptr<1>
    gpu.return
  }
}
// I64-LABEL: gpu.func @transpose32x32
// I64: %[[TID:.*]] = rocdl.workitem.id.x : i32
// I64: llvm.zext %[[TID]] : i32 to i64
// I64: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i8


// -----

// The same transpose in a workgroup of one wave (known_block_size): the wave
// orders its own LDS accesses (its lanes run in lockstep and the LDS
// performs them in order), so the barrier is a wavefront-scope fence, which
// emits no instruction and only keeps the compiler from reordering them.
#rows = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [16, 0]], warp = []}>
#cols = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1], [16, 0]], warp = []}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @one_wave
  // CHECK-NOT: rocdl.s.barrier
  // CHECK: llvm.store %{{.*}}, %{{.*}} : vector<4xf32>, !llvm.ptr<3>
  // CHECK: llvm.fence syncscope("wavefront") acq_rel
  // CHECK-NOT: rocdl.s.barrier
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // CHECK-NOT: rocdl.s.barrier
  // CHECK: gpu.return
  gpu.func @one_wave(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf32, #rows>
    %u = ll.convert_layout %t : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
    ll.store_tile %u, %q : tensor<32x32xf32, #cols>, !llvm.ptr<1>
    gpu.return
  }
}
// -----

// Register permutation in wave64: SSA renames only, no LDS, no barrier.
#a = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]], warp = []}>
#b = #ll.linear<{register = [[0, 2], [0, 1]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]], warp = []}>
gpu.module @k {
  // CHECK-NOT: __ll_scratch
  // CHECK-LABEL: gpu.func @registers
  gpu.func @registers(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    // Vectorised global load: 4 consecutive fp32 per lane.
    // CHECK: %[[F:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x16xf32, #a>
    // The permutation is a rename: the loaded vector goes straight to the
    // store.
    // CHECK-NOT: llvm.insertvalue
    // CHECK-NOT: llvm.extractvalue
    // CHECK-NOT: llvm.insertelement
    // CHECK: llvm.store %[[F]], %{{.*}} : vector<4xf32>, !llvm.ptr<1>
    // CHECK-NOT: rocdl.s.barrier
    // CHECK-NOT: rocdl.ds_bpermute
    %u = ll.convert_layout %t : tensor<16x16xf32, #a> -> tensor<16x16xf32, #b>
    ll.store_tile %u, %q : tensor<16x16xf32, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Intra-wave moves whose source lane is a fixed pattern: the register bit
// exchanged with lane bit 0 (source lane l ^ 1 within a quad: DPP
// quad_perm [1, 0, 3, 2] = 177), with lane bit 3 (l ^ 8: whole banks of 4
// lanes move by 8 within a row of 16: DPP row_shr:8 = 0x118 = 280 on banks
// 2, 3 (mask 12) and row_shl:8 = 0x108 = 264 on banks 0, 1 (mask 3), the
// second taking the first's result as `old`), with lane bit 5 (l ^ 32
// crosses the 32-lane halves: ds_bpermute with the byte address 4 * lane),
// a mirror of 16 lanes (l ^ 15: DPP row_mirror = 320) and of 32 lanes
// (l ^ 31: ds_swizzle bit-mask mode, and 31 | xor 31 << 10 = 31775). None
// of them touches LDS memory or needs a barrier.
#a = #ll.linear<{register = [[0, 64]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = []}>
#x0 = #ll.linear<{register = [[0, 1]], lane = [[0, 64], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = []}>
#x3 = #ll.linear<{register = [[0, 8]], lane = [[0, 1], [0, 2], [0, 4], [0, 64], [0, 16], [0, 32]], warp = []}>
#x5 = #ll.linear<{register = [[0, 32]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 64]], warp = []}>
#m4 = #ll.linear<{register = [[0, 79]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = []}>
#m5 = #ll.linear<{register = [[0, 95]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = []}>
gpu.module @k {
  // CHECK-NOT: __ll_scratch
  // CHECK-LABEL: gpu.func @lane_patterns
  gpu.func @lane_patterns(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<1x128xf32, #a>
    // CHECK: rocdl.update.dpp %[[W0:.*]], %[[W0]] with 177, 15, 15, false : i32
    %u0 = ll.convert_layout %t : tensor<1x128xf32, #a> -> tensor<1x128xf32, #x0>
    ll.store_tile %u0, %q : tensor<1x128xf32, #x0>, !llvm.ptr<1>
    // CHECK: %[[SHR:.*]] = rocdl.update.dpp %[[V:.*]], %[[V]] with 280, 15, 12, false : i32
    // CHECK-NEXT: rocdl.update.dpp %[[SHR]], %[[V]] with 264, 15, 3, false : i32
    %u3 = ll.convert_layout %t : tensor<1x128xf32, #a> -> tensor<1x128xf32, #x3>
    ll.store_tile %u3, %q : tensor<1x128xf32, #x3>, !llvm.ptr<1>
    // The byte address of the source lane (lane << 2; the SIMT interpreter
    // checks the addressing, test_lowering_semantics.py).
    // CHECK: rocdl.ds_bpermute %{{.*}}, %{{.*}} : (i32, i32) -> i32
    %u5 = ll.convert_layout %t : tensor<1x128xf32, #a> -> tensor<1x128xf32, #x5>
    ll.store_tile %u5, %q : tensor<1x128xf32, #x5>, !llvm.ptr<1>
    // CHECK: rocdl.update.dpp %{{.*}}, %{{.*}} with 320, 15, 15, false : i32
    %m = ll.convert_layout %t : tensor<1x128xf32, #a> -> tensor<1x128xf32, #m4>
    ll.store_tile %m, %q : tensor<1x128xf32, #m4>, !llvm.ptr<1>
    // CHECK: %[[OFF:.*]] = llvm.mlir.constant(31775 : i32) : i32
    // CHECK-NEXT: rocdl.ds_swizzle %{{.*}}, %[[OFF]] : (i32, i32) -> i32
    %m5 = ll.convert_layout %t : tensor<1x128xf32, #a> -> tensor<1x128xf32, #m5>
    ll.store_tile %m5, %q : tensor<1x128xf32, #m5>, !llvm.ptr<1>
    // CHECK-NOT: rocdl.s.barrier
    gpu.return
  }
}

// -----

// A plan of 2 rounds of 2 KiB (register direction dim1 +4 is common to
// both layouts, beyond the 128-bit vector) runs as one round of 4 KiB on
// AMD (GPUTargetHooks::getMinRoundBytes): one barrier instead of three.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [[64, 0]]}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [0, 4]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], warp = [[1, 0]]}>
gpu.module @k {
  // CHECK: llvm.mlir.global internal @__ll_scratch() {{.*}} : !llvm.array<4096 x i8>
  // CHECK-LABEL: gpu.func @small_rounds
  gpu.func @small_rounds(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    // CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
    // CHECK: rocdl.s.barrier
    // CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
    // CHECK-NOT: rocdl.s.barrier
    // CHECK: gpu.return
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<128x8xf32, #a>
    %u = ll.convert_layout %t : tensor<128x8xf32, #a> -> tensor<128x8xf32, #b>
    ll.store_tile %u, %q : tensor<128x8xf32, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A 256x256 fp16 tile (mma accumulator to blocked, 8 waves of 64) is
// 128 KiB, more than gfx942's 64 KiB of LDS in one round. Its 128-bit
// vector holds all three common register directions (dim1 +32, +64,
// +128); a 64-bit vector frees dim1 +128 for 2 rounds of 64 KiB.
#a = #ll.linear<{register = [[0, 1], [8, 0], [0, 32], [0, 64], [0, 128], [32, 0], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0], [128, 0]], warp = [[0, 8], [0, 16], [16, 0]]}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [128, 0]], warp = [[32, 0], [64, 0], [0, 1]]}>
gpu.module @k {
  // CHECK: llvm.mlir.global internal @__ll_scratch() {{.*}} : !llvm.array<65536 x i8>
  // CHECK-LABEL: gpu.func @fits_in_rounds
  gpu.func @fits_in_rounds(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    // CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xi32>, !llvm.ptr<3>
    // CHECK: rocdl.s.barrier
    // CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xi32>
    // CHECK: rocdl.s.barrier
    // CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xi32>, !llvm.ptr<3>
    // CHECK: rocdl.s.barrier
    // CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xi32>
    // CHECK-NOT: rocdl.s.barrier
    // CHECK: gpu.return
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<256x256xf16, #a>
    %u = ll.convert_layout %t : tensor<256x256xf16, #a> -> tensor<256x256xf16, #b>
    ll.store_tile %u, %q : tensor<256x256xf16, #b>, !llvm.ptr<1>
    gpu.return
  }
}
