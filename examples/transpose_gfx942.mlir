// The seed's transpose on an AMD MI300 (gfx942, wave64): the same
// conversion with the tile doubled along dim0 so that lane bit 5 covers the
// second half, identically in both layouts (a 32x32 fp32 tile, one wave of
// 64 lanes).
//
//   python -m linear_layout compile examples/transpose_gfx942.mlir --chip gfx942 -o /tmp/transpose.s
//   python -m linear_layout compile examples/transpose_gfx942.mlir --chip gfx942 --emit llvm -o /tmp/transpose.ll
//   python examples/transpose_gfx942.py
//
// The assembly needs an llc with the AMDGPU target (Debian's llvm-22:
// tools/install-amdgpu-llc.sh; the PyPI LLVM has none); the LLVM IR
// (--emit llvm) does not. The planner counts LDS wavefronts with gfx942's
// 32 banks and 64 lanes: 32 store + 32 load wavefronts, no conflicts.
// ll-to-rocdl first runs ll-optimize-register-order; unlike on NVIDIA it
// keeps the written layouts here, because the select-free order (a lane
// permutation by ds_bpermute) would XOR every register into its global
// address (docs/lowering-rocdl.md, "Register order"). Both ways go
// through the LDS, one ds_write_b128 per 4 registers and the loads paired
// into ds_read2st64_b32.
//
// RUN: ll-opt --ll-plan-conversions=target=gfx942 %s | FileCheck %s --check-prefix=PLAN
// RUN: %python -m linear_layout compile %s --chip gfx942 --emit llvm -o %t.ll
// RUN: FileCheck %s --check-prefix=LLVM < %t.ll
// RUN: %python -m linear_layout compile %s --chip gfx942 --emit llvm --no-register-order -o %t.lds.ll
// RUN: FileCheck %s --check-prefix=LDS < %t.lds.ll
// RUN: %if amdgpu-llc %{ %python -m linear_layout compile %s --chip gfx942 -o %t.s %}
// RUN: %if amdgpu-llc %{ FileCheck %s --check-prefix=ISA < %t.s %}
// RUN: %if amdgpu-llc %{ %python -m linear_layout compile %s --chip gfx942 --no-register-order -o %t.lds.s %}
// RUN: %if amdgpu-llc %{ FileCheck %s --check-prefix=ISA-LDS < %t.lds.s %}

// PLAN: kind = shared_memory, {{.*}}store_wavefronts = 32, load_wavefronts = 32

// LLVM-LABEL: define amdgpu_kernel void @transpose(
// LLVM-NOT: ds.bpermute
// LLVM: store <4 x float> {{.*}}, ptr addrspace(3)
// LLVM-NOT: ds.bpermute

// LDS: @__ll_scratch = internal addrspace(3) global [4096 x i8]
// LDS-LABEL: define amdgpu_kernel void @transpose(
// LDS: store <4 x float> {{.*}}, ptr addrspace(3)
// LDS: load float, ptr addrspace(3)

// ISA: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// ISA-LABEL: transpose:
// ISA-NOT: ds_bpermute
// ISA: ds_write_b128
// ISA: ds_read2st64_b32
// ISA-NOT: ds_bpermute
// ISA: .wavefront_size: 64

// ISA-LDS-LABEL: transpose:
// ISA-LDS: ds_write_b128
// ISA-LDS: ds_read
// ISA-LDS: .group_segment_fixed_size: 4096
#rows = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [16, 0]], warp = []}>
#cols = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1], [16, 0]], warp = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    // One workgroup of 64 threads (one wave).
    gpu.func @transpose(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #rows>
      %u = ll.convert_layout %t : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
      ll.store_tile %u, %y : tensor<32x32xf32, #cols>, !llvm.ptr<1>
      gpu.return
    }
  }
}
