// REQUIRES: amdgpu-llc
// RUN: ll-opt --pass-pipeline="builtin.module(ll-to-rocdl{chip=gfx942},ll-extract-gpu-module)" %s \
// RUN:   | %mlir_translate --mlir-to-llvmir | %amdgpu_llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O3 \
// RUN:   | FileCheck %s

// The whole path to GFX9 ISA with the project's tools, upstream MLIR and an
// LLVM with the AMDGPU target (Debian's llvm-22). A 64x64 fp16 transpose
// on 4 waves of 64: vectorised global loads, LDS writes and reads placed by
// the planner (16-bit: the two layouts share no register direction), one
// workgroup barrier (the first use of the scratch needs none before it); then an exchange of lane bits 0 and 1 as DPP.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 32]], lane = [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>
#c = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 32]], lane = [[16, 0], [8, 0], [32, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    // CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
    // CHECK-LABEL: transpose:
    // Kernel arguments preloaded into SGPRs: the compatibility preamble
    // (loads, then a branch to the 256-byte aligned entry that preloading
    // firmware starts at).
    // CHECK: s_load_dwordx4 s[{{[0-9]+}}:{{[0-9]+}}]
    // CHECK-NEXT: s_waitcnt lgkmcnt(0)
    // CHECK-NEXT: s_branch [[ENTRY:.LBB[0-9_]+]]
    // CHECK: .p2align 8
    // CHECK: [[ENTRY]]:
    // CHECK-NOT: s_load
    gpu.func @transpose(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      // CHECK: global_load_dwordx4
      // CHECK-NOT: s_barrier
      // CHECK: ds_write
      // CHECK: s_barrier
      // CHECK: ds_read
      // CHECK: v_mov_b32_dpp {{.*}} quad_perm:[0,2,1,3]
      // CHECK: global_store
      // CHECK: .amdhsa_group_segment_fixed_size 8192
      // CHECK: .amdhsa_user_sgpr_kernarg_preload_length 4
      // CHECK: .wavefront_size: 64
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<64x64xf16, #a>
      %u = ll.convert_layout %t : tensor<64x64xf16, #a> -> tensor<64x64xf16, #b>
      %v = ll.convert_layout %u : tensor<64x64xf16, #b> -> tensor<64x64xf16, #c>
      ll.store_tile %v, %y : tensor<64x64xf16, #c>, !llvm.ptr<1>
      gpu.return
    }
  }
}
