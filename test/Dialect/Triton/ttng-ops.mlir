// The `ttng` ops of sm_90 and sm_100 (warp-group dots, mbarriers, TMA,
// tensor memory, tcgen5) and `ttg.warp_specialize` in Triton 3.6's syntax.
// Triton's own parser prints this input identically up to SSA names
// (checked 2026-11-24).
// RUN: ll-opt %s | FileCheck %s
// RUN: ll-opt %s | ll-opt | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ttng_sm90(%a: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<64x128xf16, #shared2, #smem, mutable>, %acc: tensor<128x128xf32, #mma>, %raw: !tt.ptr<i8>, %gp: !tt.ptr<f16>, %i: i32, %l: i64, %pred: i1, %idx: tensor<8xi32, #blocked>) {
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %a, %b, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x128xf16, #shared2, #smem, mutable> -> tensor<128x128xf32, #mma>
    %w:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 0 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared2, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.tensormap_create %raw, %gp, [%i, %i], [%i, %i], [%l], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %raw : !tt.ptr<i8>
    %desc = ttng.reinterpret_tensor_descriptor %raw : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %a, %bar, %pred : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %i : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %bar, %i, %pred deps %a, %b : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared2, #smem, mutable>
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.arrive_barrier %bar, 2, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %a : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_reduce add, %desc[%i, %i] %a : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ttng.cluster_arrive {relaxed = true}
    ttng.cluster_wait
    tt.return
  }
  tt.func public @ttng_gather(%raw: !tt.ptr<i8>, %i: i32, %pred: i1, %idx: tensor<8xi32, #blocked>) {
    %desc = ttng.reinterpret_tensor_descriptor %raw : !tt.ptr<i8> to !tt.tensordesc<tensor<1x64xf16, #shared>>
    %v = ttg.local_alloc : () -> !ttg.memdesc<8x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_gather %desc[%idx, %i] %v, %bar, %pred : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<8xi32, #blocked>, i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<8x64xf16, #shared, #smem, mutable>, i1
    ttng.async_tma_scatter %desc[%idx, %i] %v : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<8xi32, #blocked>, i32, !ttg.memdesc<8x64xf16, #shared, #smem, mutable>
    tt.return
  }
  tt.func public @ttng_sm100(%a: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<64x128xf16, #shared2, #smem, mutable>, %c: tensor<128x128xf32, #linear>, %pred: i1, %sa: !ttg.memdesc<128x4xi8, #shared3, #smem>, %a8: !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, %b8: !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %acc, %tok = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %acc2 = ttng.tmem_alloc %c : (tensor<128x128xf32, #linear>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
    %tok1 = ttng.tmem_store %c, %acc[%tok], %pred : tensor<128x128xf32, #linear> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %tok2 = ttng.tc_gen5_mma %a, %b, %acc[%tok1], %pred, %pred, %bar[%pred] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared2, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.tc_gen5_mma %a, %b, %acc, %pred, %pred : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared2, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.tc_gen5_commit %bar, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %r, %tok3 = ttng.tmem_load %acc[%tok2] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
    %r2 = ttng.tmem_load %acc : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
    %sc = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ttng.tmem_copy %sa, %sc : !ttg.memdesc<128x4xi8, #shared3, #smem>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_mma_scaled %a8, %b8, %acc, %sc, %sc, %pred, %pred lhs = e4m3 rhs = e4m3, %bar[%pred] {is_async} : !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
  tt.func public @warp_specialize(%x: i32, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) -> i32 {
    %r = ttg.warp_specialize(%x, %bar) attributes {requestedRegisters = array<i32: 24, 24>}
    default {
      ttg.warp_yield %x : i32
    }
    partition0(%a: i32, %b: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) num_warps(4) {
      ttng.arrive_barrier %b, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttg.warp_return
    }
    partition1(%a: i32, %b: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) num_warps(1) {
      ttg.warp_return
    } : (i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>) -> i32
    tt.return %r : i32
  }
}

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// CHECK: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK: #shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK: #shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8}>
// CHECK: #smem = #ttg.shared_memory
// CHECK: #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// CHECK: #tmem_scales = #ttng.tensor_memory_scales_encoding<>
// CHECK-LABEL: tt.func public @ttng_sm90(%arg0: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %arg1: !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, %arg2: tensor<128x128xf32, #mma>, %arg3: !tt.ptr<i8>, %arg4: !tt.ptr<f16>, %arg5: i32, %arg6: i64, %arg7: i1, %arg8: tensor<8xi32, #blocked>) {
// CHECK: ttng.fence_async_shared {bCluster = false}
// CHECK: %0 = ttng.warp_group_dot %arg0, %arg1, %arg2 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x128xf16, #shared1, #smem, mutable> -> tensor<128x128xf32, #mma>
// CHECK: %1:3 = ttng.warp_group_dot_wait %0, %arg0, %arg1 {pendings = 0 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
// CHECK: %2 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: ttng.init_barrier %2, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: ttng.barrier_expect %2, 16384, %arg7 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: ttng.tensormap_create %arg3, %arg4, [%arg5, %arg5], [%arg5, %arg5], [%arg6], [%arg5, %arg5] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK: ttng.tensormap_fenceproxy_acquire %arg3 : !tt.ptr<i8>
// CHECK: %3 = ttng.reinterpret_tensor_descriptor %arg3 : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
// CHECK: ttng.async_tma_copy_global_to_local %3[%arg5, %arg5] %arg0, %2, %arg7 : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK: ttng.wait_barrier %2, %arg5 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: ttng.wait_barrier %2, %arg5, %arg7 deps %arg0, %arg1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
// CHECK: ttng.arrive_barrier %2, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: ttng.arrive_barrier %2, 2, %arg7 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: ttng.async_copy_mbarrier_arrive %2 {noIncrement} : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: ttng.inval_barrier %2 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: ttng.async_tma_copy_local_to_global %3[%arg5, %arg5] %arg0 : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK: ttng.async_tma_reduce add, %3[%arg5, %arg5] %arg0 : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK: ttng.cluster_arrive {relaxed = true}
// CHECK: ttng.cluster_wait
// CHECK: tt.return
// CHECK-LABEL: tt.func public @ttng_gather(%arg0: !tt.ptr<i8>, %arg1: i32, %arg2: i1, %arg3: tensor<8xi32, #blocked>) {
// CHECK: %0 = ttng.reinterpret_tensor_descriptor %arg0 : !tt.ptr<i8> to !tt.tensordesc<tensor<1x64xf16, #shared>>
// CHECK: %1 = ttg.local_alloc : () -> !ttg.memdesc<8x64xf16, #shared, #smem, mutable>
// CHECK: %2 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: ttng.async_tma_gather %0[%arg3, %arg1] %1, %2, %arg2 : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<8xi32, #blocked>, i32, !ttg.memdesc<1xi64, #shared2, #smem, mutable>, !ttg.memdesc<8x64xf16, #shared, #smem, mutable>, i1
// CHECK: ttng.async_tma_scatter %0[%arg3, %arg1] %1 : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<8xi32, #blocked>, i32, !ttg.memdesc<8x64xf16, #shared, #smem, mutable>
// CHECK: tt.return
// CHECK-LABEL: tt.func public @ttng_sm100(%arg0: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %arg1: !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, %arg2: tensor<128x128xf32, #linear>, %arg3: i1, %arg4: !ttg.memdesc<128x4xi8, #shared3, #smem>, %arg5: !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, %arg6: !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>) {
// CHECK: %0 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: %result, %token = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
// CHECK: %result_0 = ttng.tmem_alloc %arg2 : (tensor<128x128xf32, #linear>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
// CHECK: %1 = ttng.tmem_store %arg2, %result[%token], %arg3 : tensor<128x128xf32, #linear> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK: %2 = ttng.tc_gen5_mma %arg0, %arg1, %result[%1], %arg3, %arg3, %0[%arg3] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: ttng.tc_gen5_mma %arg0, %arg1, %result, %arg3, %arg3 : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK: ttng.tc_gen5_commit %0 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: ttng.tc_gen5_commit %0, %arg3 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: %result_1, %token_2 = ttng.tmem_load %result[%2] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
// CHECK: %result_3 = ttng.tmem_load %result : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
// CHECK: %result_4 = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
// CHECK: ttng.tmem_copy %arg4, %result_4 : !ttg.memdesc<128x4xi8, #shared3, #smem>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
// CHECK: ttng.tc_gen5_mma_scaled %arg5, %arg6, %result, %result_4, %result_4, %arg3, %arg3 lhs = e4m3 rhs = e4m3, %0[%arg3] {is_async} : !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: tt.return
// CHECK-LABEL: tt.func public @warp_specialize(%arg0: i32, %arg1: !ttg.memdesc<1xi64, #shared2, #smem, mutable>) -> i32 {
// CHECK: %0 = ttg.warp_specialize(%arg0, %arg1) attributes {requestedRegisters = array<i32: 24, 24>}
// CHECK: ttg.warp_yield %arg0 : i32
// CHECK: partition0(%arg2: i32, %arg3: !ttg.memdesc<1xi64, #shared2, #smem, mutable>) num_warps(4) {
// CHECK: ttng.arrive_barrier %arg3, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK: ttg.warp_return
// CHECK: partition1(%arg2: i32, %arg3: !ttg.memdesc<1xi64, #shared2, #smem, mutable>) num_warps(1) {
// CHECK: ttg.warp_return
// CHECK: } : (i32, !ttg.memdesc<1xi64, #shared2, #smem, mutable>) -> i32
// CHECK: tt.return %0 : i32
