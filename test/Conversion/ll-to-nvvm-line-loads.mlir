// Tile loads that ask L2 for whole 128-byte lines (docs/lowering.md
// "Global loads"): where a warp's load reads whole 32-byte sectors of lines
// whose other sectors the block reads too, sm_87 and later (whose default
// PTX ISA, 7.4 and up, has the qualifier) get
// ld.global.L2::128B (inline PTX with side effects, so that it stays in
// order with stores; the constant offset as an immediate).
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90" --split-input-file %s | FileCheck %s
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_86" --split-input-file %s | FileCheck %s --check-prefix=SM86

// Rows of 64 bytes (4 lanes x 16 bytes) at a 128-byte stride: whole
// sectors, half lines; the other register reads the odd rows.
#rows = #ll.linear<{register = [[0, 1], [0, 2], [1, 0]], lane = [[0, 4], [0, 8], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []} -> {dim0 = 64, dim1 = 16}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @half_lines
  // CHECK:         %[[BASE:.*]] = llvm.getelementptr
  // CHECK:         llvm.inline_asm has_side_effects asm_dialect = att "ld.global.L2::128B.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l" %[[BASE]] : (!llvm.ptr<1>) -> !llvm.struct<(i32, i32, i32, i32)>
  // CHECK:         llvm.bitcast %{{.*}} : vector<4xi32> to vector<4xf32>
  // CHECK:         llvm.inline_asm has_side_effects asm_dialect = att "ld.global.L2::128B.v4.b32 {$0, $1, $2, $3}, [$4+64];", "=r,=r,=r,=r,l" %[[BASE]]
  // CHECK-NOT:     llvm.load {{.*}}!llvm.ptr<1>
  // CHECK:         gpu.return
  // SM86-LABEL:  gpu.func @half_lines
  // SM86-NOT:      llvm.inline_asm
  // SM86-COUNT-2:  llvm.load {{.*}} : !llvm.ptr<1> -> vector<4xf32>
  gpu.func @half_lines(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x16xf32, #rows>
    ll.store_tile %t, %q : tensor<64x16xf32, #rows>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// The mma accumulator of 16-bit elements: a quad reads 16 bytes, half a
// sector; the hint would fetch lines the next loads fetch anyway (H100:
// 3.5% slower). Plain loads.
#mma = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @half_sectors
  // CHECK-NOT:     llvm.inline_asm
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> i32
  // CHECK:         gpu.return
  gpu.func @half_sectors(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #mma>
    ll.store_tile %t, %q : tensor<64x64xf16, #mma>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Coalesced rows: 8 lanes x 16 bytes cover whole lines. Nothing to ask.
#blocked = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @whole_lines
  // CHECK-NOT:     llvm.inline_asm
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<1> -> vector<4xi32>
  // CHECK:         gpu.return
  gpu.func @whole_lines(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #blocked>
    ll.store_tile %t, %q : tensor<64x64xf16, #blocked>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Only global pointers: a generic pointer may point to shared memory, and a
// shared one must not be read with ld.global. Plain loads for both.
#rows = #ll.linear<{register = [[0, 1], [0, 2], [1, 0]], lane = [[0, 4], [0, 8], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []} -> {dim0 = 64, dim1 = 16}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @generic_pointer
  // CHECK-NOT:     llvm.inline_asm
  // CHECK:         llvm.load {{.*}} : !llvm.ptr -> vector<4xf32>
  // CHECK:         gpu.return
  gpu.func @generic_pointer(%p: !llvm.ptr, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr -> tensor<64x16xf32, #rows>
    ll.store_tile %t, %q : tensor<64x16xf32, #rows>, !llvm.ptr<1>
    gpu.return
  }
  // CHECK-LABEL: gpu.func @shared_pointer
  // CHECK-NOT:     llvm.inline_asm
  // CHECK:         llvm.load {{.*}} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK:         gpu.return
  gpu.func @shared_pointer(%q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %a = llvm.mlir.addressof @buf : !llvm.ptr<3>
    %t = ll.load_tile %a : !llvm.ptr<3> -> tensor<64x16xf32, #rows>
    ll.store_tile %t, %q : tensor<64x16xf32, #rows>, !llvm.ptr<1>
    gpu.return
  }
  llvm.mlir.global internal @buf() {addr_space = 3 : i32} : !llvm.array<1024 x f32>
}
