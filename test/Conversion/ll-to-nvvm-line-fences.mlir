// Warp barriers between the line groups of global tile accesses (docs/
// lowering.md "Barriers between line groups"), on NVIDIA:
// - a load whose line groups read a line in several loads of 32 bits or
//   more per lane, alone in its block and read by a conversion through
//   shared memory or shuffles, gets a `bar.warp.sync` between groups, so
//   that ptxas issues them in address order rather than in the order
//   their values are used; not where lanes or warps hold copies;
// - a store whose values arrive from a conversion's exchange (shared-memory
//   loads, shuffles) and whose line groups hold several stores each gets
//   one between groups, so that ptxas issues each group's partial writes to
//   its lines back to back;
// - where its instructions write more than 4 32-byte sectors and not whole
//   lines, each group is stored in warp phases (docs/lowering.md, "Warp
//   phases"), a warp barrier between two.
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90" --split-input-file %s | FileCheck %s
// RUN: ll-opt --convert-ll-to-rocdl="chip=gfx1100" --split-input-file %s | FileCheck %s --check-prefix=AMD
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90 line-barriers=false" --split-input-file %s | FileCheck %s --check-prefix=OFF
// OFF-NOT: nvvm.bar.warp.sync

// Blocked -> the mma accumulator (16-bit) through shared memory: row 0's
// eight 4-byte stores share its 128-byte lines, then row 8's. Each
// instruction writes 16 bytes to each of 8 lines (lane bits 2-4 move the
// row), so lane bit 2 is taken apart: each group in two phases of 4 lines,
// (lane & 4) = 0 then 4, a warp barrier between two phases and between the
// groups. AMD has no such barrier.
#blk = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
#mma = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @exchanged
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         nvvm.ldmatrix
  // CHECK:         %[[FIRST:.*]] = llvm.icmp "eq" %[[PHASE:[0-9]+]], %{{.*}} : i32
  // CHECK-NEXT:    scf.if %[[FIRST]] {
  // CHECK-COUNT-8:   llvm.store {{.*}} : i32, !llvm.ptr<1>
  // CHECK-NEXT:    }
  // CHECK-NEXT:    llvm.mlir.constant(-1 : i32) : i32
  // CHECK-NEXT:    nvvm.bar.warp.sync
  // CHECK-NEXT:    %[[SECOND:.*]] = llvm.icmp "eq" %[[PHASE]], %{{.*}} : i32
  // CHECK-NEXT:    scf.if %[[SECOND]] {
  // CHECK-COUNT-8:   llvm.store {{.*}} : i32, !llvm.ptr<1>
  // CHECK-NEXT:    }
  // CHECK-NOT:     llvm.store
  // CHECK:         nvvm.bar.warp.sync
  // CHECK:         scf.if
  // CHECK-COUNT-8:   llvm.store {{.*}} : i32, !llvm.ptr<1>
  // CHECK:         nvvm.bar.warp.sync
  // CHECK:         scf.if
  // CHECK-COUNT-8:   llvm.store {{.*}} : i32, !llvm.ptr<1>
  // CHECK-NEXT:    }
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-NOT:     scf.if
  // CHECK:         gpu.return
  // AMD-LABEL:     gpu.func @exchanged
  // AMD:           rocdl.s.barrier
  // AMD-NOT:       llvm.fence syncscope("wavefront")
  // AMD:           gpu.return
  gpu.func @exchanged(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #blk>
    %u = ll.convert_layout %t : tensor<64x64xf16, #blk> -> tensor<64x64xf16, #mma>
    ll.store_tile %u, %q : tensor<64x64xf16, #mma>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A tile stored as it was loaded: the stores' values arrive in the order
// of the global loads, which the stores follow; no barrier among the
// stores, and none among the loads, whose values no exchange waits for.
#mma = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @as_loaded
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-COUNT-16: llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         gpu.return
  gpu.func @as_loaded(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #mma>
    ll.store_tile %t, %q : tensor<64x64xf16, #mma>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Values computed in registers keep the stores' order without a barrier.
#mma = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @computed
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         arith.addf
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         gpu.return
  gpu.func @computed(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #mma>
    %u = arith.addf %t, %t : tensor<64x64xf16, #mma>
    ll.store_tile %u, %q : tensor<64x64xf16, #mma>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A lane that holds a copy stores nothing: the store is under a branch on
// the lane. Its values arrive in the order of the global loads: no barrier.
#bcast = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [0, 0]], warp = [[16, 0], [32, 0], [4, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @broadcast_lanes
  // CHECK:         scf.if
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         gpu.return
  gpu.func @broadcast_lanes(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #bcast>
    ll.store_tile %t, %q : tensor<64x64xf16, #bcast>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// The same result from an exchange: only the lanes with lane bit 4 clear
// store, under a branch on the lane, and the warp barrier between their
// line groups names those lanes (0x0000ffff); a barrier of the whole warp
// there would wait for lanes that never come.
#blk = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0], [16, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
#bcast = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [0, 0]], warp = [[16, 0], [32, 0], [4, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @broadcast_lanes_exchanged
  // CHECK:         nvvm.barrier0
  // CHECK:         scf.if
  // CHECK-COUNT-8:   llvm.store {{.*}} : i32, !llvm.ptr<1>
  // CHECK-NEXT:      %[[LANES:.*]] = llvm.mlir.constant(65535 : i32) : i32
  // CHECK-NEXT:      nvvm.bar.warp.sync %[[LANES]] : i32
  // CHECK-NOT:       llvm.mlir.constant(-1 : i32)
  // CHECK:         gpu.return
  // AMD-LABEL:     gpu.func @broadcast_lanes_exchanged
  // AMD-NOT:       llvm.fence syncscope("wavefront")
  // AMD:           gpu.return
  gpu.func @broadcast_lanes_exchanged(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #blk>
    %u = ll.convert_layout %t : tensor<64x64xf16, #blk> -> tensor<64x64xf16, #bcast>
    ll.store_tile %u, %q : tensor<64x64xf16, #bcast>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Each load and store fills lines of its own (a row of 64 halves is one
// 128-byte line, read and written by the lanes): no group holds two
// accesses, no barrier.
#rows = #ll.linear<{register = [[0, 1], [1, 0], [2, 0]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = [[4, 0]], block = []} -> {dim0 = 8, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @whole_lines
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-COUNT-4: llvm.store {{.*}}, !llvm.ptr<1>
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         gpu.return
  gpu.func @whole_lines(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<8x64xf16, #rows>
    ll.store_tile %t, %q : tensor<8x64xf16, #rows>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Two tile loads in one block (a gather's source and indices), each read
// by an exchange: barriers among the second's loads would keep the
// first's values live across them, so neither is fenced.
#mma = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
#blk = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @two_loads
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         nvvm.barrier0
  // CHECK:         gpu.return
  gpu.func @two_loads(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #mma>
    %u = ll.load_tile %q : !llvm.ptr<1> -> tensor<64x64xf16, #mma>
    %t2 = ll.convert_layout %t : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blk>
    %u2 = ll.convert_layout %u : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blk>
    %v = arith.addf %t2, %u2 : tensor<64x64xf16, #blk>
    ll.store_tile %v, %p : tensor<64x64xf16, #blk>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Loads of 16 bits per lane are packed into words in pairs from different
// lines: not fenced, though an exchange reads them.
#narrow = #ll.linear<{register = [[4, 0], [8, 0], [0, 32]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[1, 0], [2, 0]], block = []} -> {dim0 = 16, dim1 = 64}>
#cols = #ll.linear<{register = [[1, 0], [2, 0], [4, 0]], lane = [[8, 0], [0, 1], [0, 2], [0, 4], [0, 8]], warp = [[0, 16], [0, 32]], block = []} -> {dim0 = 16, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @narrow
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         nvvm.barrier0
  gpu.func @narrow(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x64xf16, #narrow>
    %u = ll.convert_layout %t : tensor<16x64xf16, #narrow> -> tensor<16x64xf16, #cols>
    ll.store_tile %u, %q : tensor<16x64xf16, #cols>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// The mma accumulator (16-bit) -> blocked through shared memory: row 0's
// eight 4-byte loads, a barrier, row 8's; the exchange waits for all of
// them anyway.
#mma = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
#blk = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @loads_exchanged
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     llvm.load
  // CHECK:         nvvm.bar.warp.sync
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         nvvm.barrier0
  // CHECK:         gpu.return
  // AMD-LABEL:     gpu.func @loads_exchanged
  // AMD-NOT:       llvm.fence syncscope("wavefront")
  // AMD:           gpu.return
  gpu.func @loads_exchanged(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #mma>
    %u = ll.convert_layout %t : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blk>
    ll.store_tile %u, %q : tensor<64x64xf16, #blk>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// The same accumulator repeated over warp bit 1 (warps 2 and 3 hold copies
// of warps 0 and 1): their loads read the same lines again, and barriers
// would only hold each thread's 32 values live before the exchange's first
// store. Not fenced.
#mma_repeated = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [0, 0]], block = []} -> {dim0 = 32, dim1 = 64}>
#blk_rows = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []} -> {dim0 = 32, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @loads_repeated
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         nvvm.barrier0
  gpu.func @loads_repeated(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x64xf16, #mma_repeated>
    %u = ll.convert_layout %t : tensor<32x64xf16, #mma_repeated> -> tensor<32x64xf16, #blk_rows>
    ll.store_tile %u, %q : tensor<32x64xf16, #blk_rows>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Loads into line groups (docs/lowering.md, "Loads into line groups"):
// row-major -> column-major 64x64 fp32 on 4 warps (held-out-2 #027). Each
// 16-byte load from the scratch feeds two of the eight line groups (two
// values each), which are stored in warp phases. The loads whose values the
// first group stores stand before it; the four that feed only later groups
// move behind the warp barrier that opens the first of them, so that the
// assembler, which keeps shared-memory loads on their side of a warp
// barrier, does not hold all eight loads' values across the first groups.
// 8-bit elements keep their loads before the first barrier (@bytes).
#rows = #ll.linear<{register = [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[0, 16], [0, 32]], block = []} -> {dim0 = 64, dim1 = 64}>
#cols = #ll.linear<{register = [[32, 0], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[1, 0], [2, 0], [4, 0], [0, 1], [0, 2]], warp = [[8, 0], [16, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @loads_into_groups
  // CHECK:         nvvm.barrier0
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT:     llvm.load {{.*}} : !llvm.ptr<3>
  // CHECK-COUNT-3: nvvm.bar.warp.sync
  // CHECK-NOT:     llvm.load {{.*}} : !llvm.ptr<3>
  // CHECK:         nvvm.bar.warp.sync
  // CHECK-NEXT:    llvm.icmp "eq"
  // CHECK-NEXT:    llvm.load {{.*}} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-COUNT-3: llvm.load {{.*}} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT:     llvm.load {{.*}} : !llvm.ptr<3>
  // CHECK:         gpu.return
  gpu.func @loads_into_groups(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf32, #rows>
    %u = ll.convert_layout %t : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
    ll.store_tile %u, %q : tensor<64x64xf32, #cols>, !llvm.ptr<1>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @bytes
  // CHECK:         nvvm.barrier0
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-COUNT-2: llvm.load {{.*}} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK-NOT:     llvm.load {{.*}} : !llvm.ptr<3>
  // CHECK:         nvvm.bar.warp.sync
  // CHECK-NOT:     llvm.load {{.*}} : !llvm.ptr<3>
  // CHECK:         gpu.return
  gpu.func @bytes(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xi8, #rows>
    %u = ll.convert_layout %t : tensor<64x64xi8, #rows> -> tensor<64x64xi8, #cols>
    ll.store_tile %u, %q : tensor<64x64xi8, #cols>, !llvm.ptr<1>
    gpu.return
  }
}
