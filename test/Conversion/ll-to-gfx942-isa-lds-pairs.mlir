// REQUIRES: amdgpu-llc
// RUN: ll-opt --pass-pipeline="builtin.module(ll-to-rocdl{chip=gfx942},ll-extract-gpu-module)" %s \
// RUN:   | %mlir_translate --mlir-to-llvmir | %amdgpu_llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 \
// RUN:   | FileCheck %s

// Stores to swizzled LDS addresses, grouped by base (docs/lowering-rocdl.md,
// "Stores grouped by base"): an 8-bit blocked tile to NVIDIA's dot operand
// A (k_width 4) made wave64, 256x64 on 4 waves. Each thread stores 8 words of
// 8 bytes at 4 swizzled bases, two each, 4096 bytes apart. Issued in
// register order, a store to another base (which may alias) sat between the
// two stores of each base and SILoadStoreOptimizer fused none (8
// ds_write_b64); grouped, each pair is one ds_write2st64_b64 (offsets in
// units of 512 bytes), 4 writes as in Triton 3.6's kernel.
#src = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [32, 0], [64, 0]], lane = [[0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [128, 0]], warp = [[8, 0], [16, 0]], block = []}>
#dst = #ll.linear<{register = [[0, 1], [0, 2], [8, 0], [0, 16], [0, 32], [64, 0]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [128, 0]], warp = [[16, 0], [32, 0]], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    // CHECK-LABEL: dot_a8:
    gpu.func @dot_a8(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      // CHECK-NOT: ds_write_b64
      // CHECK-COUNT-4: ds_write2st64_b64 v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] offset{{0:[0-9]+ offset1|1}}:{{[0-9]+}}
      // CHECK-NOT: ds_write
      // CHECK: s_barrier
      // CHECK-COUNT-4: ds_read2{{(st64)?}}_b64
      // CHECK-NOT: ds_
      // CHECK: s_endpgm
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<256x64xi8, #src>
      %u = ll.convert_layout %t : tensor<256x64xi8, #src> -> tensor<256x64xi8, #dst>
      ll.store_tile %u, %y : tensor<256x64xi8, #dst>, !llvm.ptr<1>
      gpu.return
    }
  }
}
