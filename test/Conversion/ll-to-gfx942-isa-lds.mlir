// REQUIRES: amdgpu-llc
// RUN: ll-opt --pass-pipeline="builtin.module(ll-to-rocdl{chip=gfx942},ll-extract-gpu-module)" %s \
// RUN:   | %mlir_translate --mlir-to-llvmir | %amdgpu_llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 \
// RUN:   | FileCheck %s

// The wave64 seed transpose (32x32 fp32, one wave) through the whole
// ll-to-rocdl pipeline to GFX9 ISA (docs/lowering-rocdl.md, "LDS
// instructions"). ll-optimize-register-order keeps the tile's order: the
// select-free shuffle order would XOR every register into its global
// address (16 ds_bpermute and 238 instructions where this is 95). Global
// accesses take one address VGPR and immediate offsets. LDS addresses are
// byte offsets: the two registers of a destination thread 256 bytes apart
// share one address VGPR, and LLVM's SILoadStoreOptimizer fuses them into
// one ds_read2st64_b32 (offsets in units of 256 bytes).
#rows = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [16, 0]], warp = [], block = []}>
#cols = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1], [16, 0]], warp = [], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    // CHECK-LABEL: transpose:
    gpu.func @transpose(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      // CHECK-NOT: ds_bpermute
      // CHECK: global_load_dword [[GADDR:v[0-9]+]], [[GADDR2:v[0-9]+]], s[{{[0-9]+:[0-9]+}}]{{$}}
      // CHECK-COUNT-15: global_load_dword v{{[0-9]+}}, [[GADDR2]], s[{{[0-9]+:[0-9]+}}] offset:
      // CHECK-COUNT-4: ds_write_b128
      // CHECK-COUNT-4: ds_read2st64_b32 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} offset1:2
      // CHECK-COUNT-4: ds_read2st64_b32 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} offset0:4 offset1:6
      // CHECK-NOT: ds_
      // CHECK-COUNT-16: global_store_dword
      // CHECK-NOT: ds_bpermute
      // CHECK: s_endpgm
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #rows>
      %u = ll.convert_layout %t : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
      ll.store_tile %u, %y : tensor<32x32xf32, #cols>, !llvm.ptr<1>
      gpu.return
    }
  }
}
