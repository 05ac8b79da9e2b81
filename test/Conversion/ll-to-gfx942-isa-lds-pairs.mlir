// REQUIRES: amdgpu-llc
// RUN: ll-opt --pass-pipeline="builtin.module(ll-to-rocdl{chip=gfx942},ll-extract-gpu-module)" %s \
// RUN:   | %mlir_translate --mlir-to-llvmir | %amdgpu_llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 \
// RUN:   | FileCheck %s

// LDS instructions of 8-bit dot-operand conversions made wave64, where
// Triton 3.6 fuses pairs into ds_write2st64/ds_read2st64.
//
// Stores grouped by base (docs/lowering-rocdl.md, "Stores grouped by base"):
// a blocked tile to NVIDIA's dot operand B (k_width 4), 64x64 on 2 waves.
// Each thread stores 8 words at 2 swizzled bases, four each, 1024 bytes
// apart; grouped by base, they fuse into 4 ds_write2st64_b32 (issued in
// register order, a store to another base, which may alias, sat between
// them and none fused).
//
// Shared prefix (docs/planning.md §5b): the load's vector is the two
// register columns both layouts hold ([16, 0], [0, 8]) and then two of its
// own ([1, 0], [2, 0]), 16 bytes; the store keeps the 4-byte words of the
// shared columns. 4 ds_read_b128 where the symmetric vector took 16
// ds_read_b32 (none of which fuse: each XORs its register bits into the
// bank bits), at the same wavefronts. Triton: 8 ds_write_b32 and 8
// ds_read2st64_b32.
#src_b = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [16, 0]], lane = [[0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [32, 0]], warp = [[8, 0]], block = []}>
#dst_b = #ll.linear<{register = [[1, 0], [2, 0], [16, 0], [0, 8], [0, 16], [0, 32]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4], [32, 0]], warp = [[0, 0]], block = []}>

#src_a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [32, 0], [64, 0]], lane = [[0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [128, 0]], warp = [[8, 0], [16, 0]], block = []}>
#dst_a = #ll.linear<{register = [[0, 1], [0, 2], [8, 0], [0, 16], [0, 32], [64, 0]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [128, 0]], warp = [[16, 0], [32, 0]], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    // CHECK-LABEL: dot_b8:
    gpu.func @dot_b8(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      // CHECK-NOT: ds_write_b32
      // CHECK-COUNT-4: ds_write2st64_b32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}} offset{{0:[0-9]+ offset1|1}}:{{[0-9]+}}
      // CHECK-NOT: ds_write
      // CHECK: s_barrier
      // CHECK-COUNT-4: ds_read_b128
      // CHECK-NOT: ds_
      // CHECK: s_endpgm
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<64x64xi8, #src_b>
      %u = ll.convert_layout %t : tensor<64x64xi8, #src_b> -> tensor<64x64xi8, #dst_b>
      ll.store_tile %u, %y : tensor<64x64xi8, #dst_b>, !llvm.ptr<1>
      gpu.return
    }

    // Shared prefix on the store: a blocked tile to dot operand A (k_width 4),
    // 256x64 on 4 waves. The store's vector is the shared columns ([0, 1],
    // [0, 2], [64, 0]) and one of its own ([0, 4]): 4 ds_write_b128 where the
    // symmetric vector took 8 ds_write_b64 (4 ds_write2st64_b64 once grouped);
    // the loads keep their 8-byte words, fused in pairs. 8 LDS instructions as
    // in Triton 3.6's kernel (4 ds_write2st64_b64, 4 ds_read2st64_b64).
    // CHECK-LABEL: dot_a8:
    gpu.func @dot_a8(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      // CHECK-NOT: ds_write_b64
      // CHECK-COUNT-4: ds_write_b128
      // CHECK-NOT: ds_write
      // CHECK: s_barrier
      // CHECK-COUNT-4: ds_read2{{(st64)?}}_b64
      // CHECK-NOT: ds_
      // CHECK: s_endpgm
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<256x64xi8, #src_a>
      %u = ll.convert_layout %t : tensor<256x64xi8, #src_a> -> tensor<256x64xi8, #dst_a>
      ll.store_tile %u, %y : tensor<256x64xi8, #dst_a>, !llvm.ptr<1>
      gpu.return
    }
  }
}

