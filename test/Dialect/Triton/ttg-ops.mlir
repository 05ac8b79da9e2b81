// The `ttg` memory-descriptor views, asynchronous copies and pipeliner
// helpers in Triton 3.6's syntax. Triton's own parser prints this input
// identically up to SSA names (checked 2026-11-24).
// RUN: ll-opt %s | FileCheck %s
// RUN: ll-opt %s | ll-opt | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ttg_ops(%ptrs: tensor<64x32x!tt.ptr<f32>, #blocked>, %mask: tensor<64x32xi1, #blocked>, %other: tensor<64x32xf32, #blocked>, %i: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<3x64x32xf32, #shared, #smem, mutable>
    %slot = ttg.memdesc_index %buf[%i] : !ttg.memdesc<3x64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
    %t0 = ttg.async_copy_global_to_local %ptrs, %slot mask %mask other %other : tensor<64x32x!tt.ptr<f32>, #blocked> -> <64x32xf32, #shared, #smem, mutable>
    %t1 = ttg.async_copy_global_to_local %ptrs, %slot : tensor<64x32x!tt.ptr<f32>, #blocked> -> <64x32xf32, #shared, #smem, mutable>
    %g0 = ttg.async_commit_group tokens %t0, %t1
    %g1 = ttg.async_commit_group
    %w0 = ttg.async_wait %g0, %g1 {num = 2 : i32}
    %w1 = ttg.async_wait {num = 0 : i32}
    %sub = ttg.memdesc_subslice %slot[0, 16] : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf32, #shared, #smem, mutable, 64x32>
    %v = ttg.local_load %slot token %w1 : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> tensor<64x32xf32, #blocked>
    ttg.local_dealloc %buf : !ttg.memdesc<3x64x32xf32, #shared, #smem, mutable>
    %h = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
    %ht = ttg.memdesc_trans %h {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared2, #smem, mutable>
    %hr = ttg.memdesc_reinterpret %h : !ttg.memdesc<128x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xi16, #shared1, #smem, mutable>
    %scratch = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttg.local_barrier
    %p = ttg.predicate_stage %i, %i, %i maxStage 2 stage 0 : i32 -> i1
    tt.return
  }
}

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK: #shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @ttg_ops(%arg0: tensor<64x32x!tt.ptr<f32>, #blocked>, %arg1: tensor<64x32xi1, #blocked>, %arg2: tensor<64x32xf32, #blocked>, %arg3: i32) {
// CHECK: %0 = ttg.local_alloc : () -> !ttg.memdesc<3x64x32xf32, #shared, #smem, mutable>
// CHECK: %1 = ttg.memdesc_index %0[%arg3] : !ttg.memdesc<3x64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
// CHECK: %2 = ttg.async_copy_global_to_local %arg0, %1 mask %arg1 other %arg2 : tensor<64x32x!tt.ptr<f32>, #blocked> -> <64x32xf32, #shared, #smem, mutable>
// CHECK: %3 = ttg.async_copy_global_to_local %arg0, %1 : tensor<64x32x!tt.ptr<f32>, #blocked> -> <64x32xf32, #shared, #smem, mutable>
// CHECK: %4 = ttg.async_commit_group tokens %2, %3
// CHECK: %5 = ttg.async_commit_group
// CHECK: %6 = ttg.async_wait %4, %5 {num = 2 : i32}
// CHECK: %7 = ttg.async_wait {num = 0 : i32}
// CHECK: %8 = ttg.memdesc_subslice %1[0, 16] : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf32, #shared, #smem, mutable, 64x32>
// CHECK: %9 = ttg.local_load %1 token %7 : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> tensor<64x32xf32, #blocked>
// CHECK: ttg.local_dealloc %0 : !ttg.memdesc<3x64x32xf32, #shared, #smem, mutable>
// CHECK: %10 = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
// CHECK: %11 = ttg.memdesc_trans %10 {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared2, #smem, mutable>
// CHECK: %12 = ttg.memdesc_reinterpret %10 : !ttg.memdesc<128x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xi16, #shared1, #smem, mutable>
// CHECK: %13 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
// CHECK: ttg.local_barrier
// CHECK: %14 = ttg.predicate_stage %arg3, %arg3, %arg3 maxStage 2 stage 0 : i32 -> i1
// CHECK: tt.return
