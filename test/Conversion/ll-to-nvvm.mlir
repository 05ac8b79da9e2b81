// RUN: ll-opt --ll-plan-conversions="target=sm_70 allow-one-sided=false" --convert-ll-to-nvvm="chip=sm_70" --split-input-file %s | FileCheck %s
// RUN: ll-opt --ll-plan-conversions="target=sm_70 allow-one-sided=false" --convert-ll-to-nvvm="chip=sm_70 index-bitwidth=64" --split-input-file %s | FileCheck %s --check-prefix=I64
// The plans are pinned to the paper's construction (allow-one-sided=false) so
// that the addresses below stay the worked example's XOR 2m; the default
// planner gives this transpose 8-byte stores (docs/planning.md §5b).

// The 16x32 fp32 transpose of the paper (one warp): shared memory through
// the "XOR 2m" swizzle. Register k of the store adds row k of the tile, i.e.
// offset 32k with the column XORed by 2k: the constants 34, 68, 102, ...
#rows = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
#cols = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = []}>
gpu.module @k {
  // CHECK: llvm.mlir.global internal @__ll_scratch() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<2048 x i8>
  // CHECK-LABEL: gpu.func @transpose16x32
  gpu.func @transpose16x32(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf32, #rows>
    // CHECK: %[[BASE:.*]] = llvm.mlir.addressof @__ll_scratch : !llvm.ptr<3>
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %{{.*}} : i32
    // The kernel's first use of the scratch: no barrier before the store.
    // CHECK-NOT: nvvm.barrier0
    // Store: the thread part is the lane itself (lane bits -> columns).
    // CHECK: %[[P0:.*]] = llvm.getelementptr %[[BASE]][%[[T:.*]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // CHECK: llvm.store %{{.*}}, %[[P0]] {alignment = 4 : i64} : f32, !llvm.ptr<3>
    // Register k (row k): XOR 2k into the thread's offset (the swizzle: one
    // pointer per distinct XOR), then + 32k as a constant offset that folds
    // into the instruction (together offset 32k ^ 2k: 34, 68, 102, ...).
    // CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
    // CHECK: %[[S1:.*]] = llvm.xor %[[T]], %[[C2]] : i32
    // CHECK: %[[B1:.*]] = llvm.getelementptr %[[BASE]][%[[S1]]]
    // CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
    // CHECK: llvm.getelementptr %[[B1]][%[[C32]]]
    // CHECK: llvm.mlir.constant(4 : i32) : i32
    // CHECK: llvm.xor %[[T]]
    // CHECK: llvm.mlir.constant(64 : i32) : i32
    // CHECK: llvm.mlir.constant(30 : i32) : i32
    // CHECK: llvm.xor %[[T]]
    // CHECK: llvm.mlir.constant(480 : i32) : i32
    // CHECK: llvm.store
    // CHECK-NEXT: nvvm.barrier0
    // Load: lane bit 0 reads column 1 of row ... XOR swizzled (34 = 32 + 2).
    // CHECK: llvm.mlir.constant(34 : i32) : i32
    // CHECK: llvm.mul
    // CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    %u = ll.convert_layout %t : tensor<16x32xf32, #rows> -> tensor<16x32xf32, #cols>
    ll.store_tile %u, %q : tensor<16x32xf32, #cols>, !llvm.ptr<1>
    gpu.return
  }
}
// I64-LABEL: gpu.func @transpose16x32
// I64: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// I64: llvm.zext %[[TID]] : i32 to i64
// I64: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32

// -----

// Noop: equal layouts move nothing. Register permutation: SSA renames only.
#a = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0]]}>
#b = #ll.linear<{register = [[0, 2], [0, 1]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0]]}>
gpu.module @k {
  // CHECK-NOT: __ll_scratch
  // CHECK-LABEL: gpu.func @noop_and_registers
  gpu.func @noop_and_registers(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>, %ld: i32) kernel {
    // Vectorised global load: 4 consecutive fp32 per thread, rows strided.
    // CHECK: %[[ROW:.*]] = llvm.mul %{{.*}}, %arg2 : i32
    // CHECK: %[[OFF:.*]] = llvm.add %[[ROW]], %{{.*}} : i32
    // CHECK: %[[PTR:.*]] = llvm.getelementptr %arg0[%[[OFF]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    // CHECK: %[[F:.*]] = llvm.load %[[PTR]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
    // CHECK: %[[E0:.*]] = llvm.extractelement %[[F]]
    // CHECK: %[[E1:.*]] = llvm.extractelement %[[F]]
    // CHECK: %[[E2:.*]] = llvm.extractelement %[[F]]
    // CHECK: %[[E3:.*]] = llvm.extractelement %[[F]]
    %t = ll.load_tile %p row_stride(%ld : i32) : !llvm.ptr<1> -> tensor<16x16xf32, #a>
    %n = ll.convert_layout %t : tensor<16x16xf32, #a> -> tensor<16x16xf32, #a>
    // The no-op and the register permutation are SSA renames: no struct
    // packing, no shared memory, no shuffle. Here the permutation and the
    // order of #b's contiguous registers cancel: the loaded vector is
    // stored as it is (Emitter::vector), with no insertelement.
    // CHECK-NOT: llvm.insertvalue
    // CHECK-NOT: llvm.extractvalue
    // CHECK-NOT: nvvm.barrier0
    // CHECK-NOT: nvvm.shfl
    // CHECK-NOT: llvm.insertelement
    %u = ll.convert_layout %n : tensor<16x16xf32, #a> -> tensor<16x16xf32, #b>
    // Contiguous store of #b: the vector is registers (1, 0, 2, 3) of #b.
    // CHECK: llvm.store %[[F]], %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
    ll.store_tile %u, %q : tensor<16x16xf32, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Cross-warp conversion with a common register vector: 128-bit st.shared /
// ld.shared (vector<4 x i32>) between two barriers.
#a = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0]]}>
#c = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4]], warp = [[0, 8]]}>
gpu.module @k {
  // CHECK: llvm.mlir.global internal @__ll_scratch() {{.*}} : !llvm.array<512 x i8>
  // CHECK-LABEL: gpu.func @vectorised_shared
  gpu.func @vectorised_shared(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x16xf16, #a>
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.bitcast %{{.*}} : vector<4xf16> to vector<2xi32>
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xi32>, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xi32>
    %u = ll.convert_layout %t : tensor<16x16xf16, #a> -> tensor<16x16xf16, #c>
    ll.store_tile %u, %q : tensor<16x16xf16, #c>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Explicit shared buffers: the buffer is a global of its size; the address
// is the inverse of its (row-XOR-swizzled) memory layout.
#blk = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [0, 0], [0, 0], [0, 0]], warp = []}>
!buf = !ll.shared<4x4xi8, #ll.linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 1]]}>>
gpu.module @k {
  // CHECK: llvm.mlir.global internal @__ll_shared_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<16 x i8>
  // CHECK-LABEL: gpu.func @buffers
  gpu.func @buffers(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<4x4xi8, #blk>
    // CHECK: %[[BUF:.*]] = llvm.mlir.addressof @__ll_shared_0 : !llvm.ptr<3>
    %b = ll.alloc_shared : !buf
    // Row 2 starts at offset 8 ^ 1 (element (2, 0) lives at offset 9), so
    // row-vectors are not contiguous: lane bit 1 maps to offset 8 ^ 1 = 9,
    // which XORs with the register bits (scalar i8 stores).
    // Lanes 4..31 repeat lanes 0..3 (zero lane bases): only threads whose
    // free lane bits (mask 28) are clear store.
    // CHECK: %[[FREE:.*]] = llvm.mlir.constant(28 : i32) : i32
    // CHECK: llvm.and %{{.*}}, %[[FREE]] : i32
    // CHECK: %[[OWNER:.*]] = llvm.icmp "eq"
    // CHECK: scf.if %[[OWNER]] {
    // CHECK: llvm.mlir.constant(9 : i32) : i32
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 1 : i64} : i8, !llvm.ptr<3>
    // CHECK: }
    ll.store_shared %t, %b : tensor<4x4xi8, #blk>, !buf
    gpu.barrier
    // CHECK: gpu.barrier
    // CHECK: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<3> -> i8
    %u = ll.load_shared %b : !buf -> tensor<4x4xi8, #blk>
    ll.store_tile %u, %q : tensor<4x4xi8, #blk>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// conv_loop: tensors carried by scf.for become structs; elementwise arith
// and splat constants apply per register.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = []}>
#b = #ll.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [2, 0]], warp = []}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @loop
  gpu.func @loop(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %one = arith.constant dense<1.0> : tensor<4x16xf32, #b>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<4x16xf32, #a>
    // CHECK: scf.for {{.*}} iter_args(%[[X:.*]] = %{{.*}}) -> (!llvm.struct<(f32, f32)>)
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %t) -> (tensor<4x16xf32, #a>) {
      %y = ll.convert_layout %x : tensor<4x16xf32, #a> -> tensor<4x16xf32, #b>
      // CHECK: arith.addf %{{.*}}, %{{.*}} : f32
      // CHECK: arith.addf %{{.*}}, %{{.*}} : f32
      %z = arith.addf %y, %one : tensor<4x16xf32, #b>
      %w = ll.convert_layout %z : tensor<4x16xf32, #b> -> tensor<4x16xf32, #a>
      // CHECK: scf.yield %{{.*}} : !llvm.struct<(f32, f32)>
      scf.yield %w : tensor<4x16xf32, #a>
    }
    ll.store_tile %r, %q : tensor<4x16xf32, #a>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A scratch above 48 KiB is dynamic shared memory; the module says how much
// to request at launch. (128x128 fp32 transpose, 4 warps: 64 KiB.)
#r = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[0, 32], [0, 64]]}>
#c = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]]}>
// CHECK: gpu.module @k attributes {ll.dynamic_shared_bytes = 65536 : i64}
// CHECK: llvm.mlir.global external @__ll_scratch() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
gpu.module @k {
  gpu.func @big(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<128x128xf32, #r>
    %u = ll.convert_layout %t : tensor<128x128xf32, #r> -> tensor<128x128xf32, #c>
    ll.store_tile %u, %q : tensor<128x128xf32, #c>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Intra-warp conversion (4x8 -> 8x4 lanes of a 32x32 fp32 tile): warp
// shuffles per the planner's plan, 16 rounds, one 32-bit word each; the
// register a lane sends and the round a register takes depend on lane bit
// 2 (a select each); no shared memory, no barrier.
#s = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = []}>
#d = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = []}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @intrawarp
  gpu.func @intrawarp(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf32, #s>
    // (The load's thread index, then the conversion's.)
    // CHECK: nvvm.read.ptx.sreg.tid.x
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %{{.*}} : i32
    // CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
    // CHECK: %[[B2:.*]] = llvm.and %[[LANE]], %[[C4]] : i32
    // CHECK: %[[ODD:.*]] = llvm.icmp "ne" %[[B2]], %{{.*}} : i32
    // CHECK: %[[SEND:.*]] = llvm.select %[[ODD]], %{{.*}}, %{{.*}} : i1, f32
    // CHECK: %[[WORD:.*]] = llvm.bitcast %[[SEND]] : f32 to i32
    // CHECK: nvvm.shfl.sync  idx %{{.*}}, %[[WORD]], %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK-COUNT-15: nvvm.shfl.sync  idx
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.select {{.*}} : i1, f32
    %u = ll.convert_layout %t : tensor<32x32xf32, #s> -> tensor<32x32xf32, #d>
    ll.store_tile %u, %q : tensor<32x32xf32, #d>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Register moves whose source depends on the lane: lane bit 0 of the result
// is lane bit 0 of the source XOR register bit 0, so odd lanes swap their
// two registers: one select per register on lane bit 0, no memory, no
// shuffle.
#s = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = []}>
#d = #ll.linear<{register = [[0, 1]], lane = [[0, 3], [0, 4], [0, 8], [1, 0], [2, 0]], warp = []}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @register_select
  gpu.func @register_select(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<4x16xf32, #s>
    // CHECK: %[[V:.*]] = llvm.load %{{.*}} : !llvm.ptr<1> -> vector<2xf32>
    // CHECK: %[[R0:.*]] = llvm.extractelement %[[V]]
    // CHECK-NEXT: %[[R1:.*]] = llvm.extractelement %[[V]]
    // CHECK: %[[ODD:.*]] = llvm.icmp "ne"
    // CHECK-NEXT: %[[N0:.*]] = llvm.select %[[ODD]], %[[R1]], %[[R0]] : i1, f32
    // CHECK: %[[N1:.*]] = llvm.select %{{.*}}, %[[R0]], %[[R1]] : i1, f32
    // CHECK-NOT: llvm.insertvalue
    // CHECK: llvm.store %[[N0]]
    // CHECK: llvm.store %[[N1]]
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    %u = ll.convert_layout %t : tensor<4x16xf32, #s> -> tensor<4x16xf32, #d>
    ll.store_tile %u, %q : tensor<4x16xf32, #d>, !llvm.ptr<1>
    gpu.return
  }
}
