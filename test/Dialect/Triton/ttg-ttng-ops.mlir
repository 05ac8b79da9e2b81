// The `ttg` ops other than the layout-bearing ones and the `ttng` attributes
// and ops in Triton 3.6's custom syntax, printed back unchanged. Memory
// descriptors are stood in for by tensors here (the ops type them loosely).
// RUN: ll-opt %s | FileCheck %s
// RUN: ll-opt %s | ll-opt | FileCheck %s

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module {
  tt.func public @ttg_ops(%arg0: tensor<2x64x64xf16>, %arg1: tensor<64x64x!tt.ptr<f16>>, %arg2: i32, %arg3: tensor<64x64xi1>, %arg4: tensor<1xi64>) {
    %0 = ttg.memdesc_index %arg0[%arg2] : tensor<2x64x64xf16> -> tensor<64x64xf16>
    %1 = ttg.memdesc_subslice %0[0, 32] : tensor<64x64xf16> -> tensor<64x32xf16>
    %2 = ttg.memdesc_trans %0 {order = array<i32: 1, 0>} : tensor<64x64xf16> -> tensor<64x64xf16>
    %3 = ttg.memdesc_reshape %0 : tensor<64x64xf16> -> tensor<4096xf16>
    %4 = ttg.memdesc_reinterpret %0 : tensor<64x64xf16> -> tensor<64x64xi16>
    %5 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %6 = ttg.predicate_stage %arg2, %arg2, %arg2 maxStage 2 stage 0 : i32 -> i1
    ttg.local_barrier
    tt.return
  }
  tt.func public @ttng_ops(%arg0: tensor<128x64xf16>, %arg1: tensor<64x128xf16>, %arg2: tensor<128x128xf32>, %arg3: tensor<1xi64>, %arg4: !tt.tensordesc<tensor<64x64xf16>>, %arg5: !tt.ptr<i8>, %arg6: !tt.ptr<f16>, %arg7: i32, %arg8: i64, %arg9: i1, %arg10: tensor<128x128xf32, #tmem>, %arg11: tensor<128x4xi8, #tmem_scales>, %arg12: tensor<8xi32>) {
    ttng.fence_async_shared {bCluster = false}
    ttng.fence_mbarrier_init_release_cluster
    ttng.cluster_arrive {relaxed = true}
    ttng.cluster_wait
    %0 = ttng.warp_group_dot %arg0, %arg1, %arg2 {inputPrecision = 0 : i32, isAsync = true} : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
    %1:3 = ttng.warp_group_dot_wait %0, %arg0, %arg1 {pendings = 0 : i32} : tensor<128x128xf32>, tensor<128x64xf16>, tensor<64x128xf16>
    ttng.init_barrier %arg3, 1 : tensor<1xi64>
    ttng.barrier_expect %arg3, 1024, %arg9 : tensor<1xi64>
    ttng.wait_barrier %arg3, %arg7 : tensor<1xi64>
    ttng.wait_barrier %arg3, %arg7, %arg9 deps %arg0 : tensor<1xi64>, tensor<128x64xf16>
    ttng.arrive_barrier %arg3, 1 : tensor<1xi64>
    ttng.arrive_barrier %arg3, 1, %arg9 : tensor<1xi64>
    ttng.async_copy_mbarrier_arrive %arg3 {noIncrement} : tensor<1xi64>
    ttng.async_tma_copy_global_to_local %arg4[%arg7, %arg7] %arg0, %arg3, %arg9 : !tt.tensordesc<tensor<64x64xf16>>, tensor<1xi64> -> tensor<128x64xf16>
    ttng.async_tma_copy_local_to_global %arg4[%arg7, %arg7] %arg0 : !tt.tensordesc<tensor<64x64xf16>>, tensor<128x64xf16>
    ttng.async_tma_reduce add, %arg4[%arg7, %arg7] %arg0 : !tt.tensordesc<tensor<64x64xf16>>, tensor<128x64xf16>
    ttng.async_tma_gather %arg4[%arg12, %arg7] %arg0, %arg3, %arg9 : !tt.tensordesc<tensor<64x64xf16>>, tensor<8xi32>, i32, tensor<1xi64>, tensor<128x64xf16>, i1
    ttng.async_tma_scatter %arg4[%arg12, %arg7] %arg0 : !tt.tensordesc<tensor<64x64xf16>>, tensor<8xi32>, i32, tensor<128x64xf16>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ttng.tc_gen5_mma %arg0, %arg1, %arg10, %arg9, %arg9, %arg3[%arg9] {is_async} : tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32, #tmem>, tensor<1xi64>
    ttng.tc_gen5_mma %arg0, %arg1, %arg10, %arg9, %arg9 : tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32, #tmem>
    ttng.tc_gen5_mma_scaled %arg0, %arg1, %arg10, %arg11, %arg11, %arg9, %arg9 lhs = e4m3 rhs = e2m1, %arg3[%arg9] {is_async} : tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32, #tmem>, tensor<128x4xi8, #tmem_scales>, tensor<128x4xi8, #tmem_scales>, tensor<1xi64>
    ttng.tc_gen5_commit %arg3 : tensor<1xi64>
    ttng.tc_gen5_commit %arg3, %arg9 : tensor<1xi64>
    %result = ttng.tmem_alloc : () -> tensor<128x128xf32, #tmem>
    %result_0 = ttng.tmem_alloc %arg2 : (tensor<128x128xf32>) -> tensor<128x128xf32, #tmem>
    ttng.tmem_store %arg2, %result, %arg9 : tensor<128x128xf32> -> tensor<128x128xf32, #tmem>
    %result_1 = ttng.tmem_load %result : tensor<128x128xf32, #tmem> -> tensor<128x128xf32>
    %2 = ttng.tmem_subslice %result {N = 64 : i32} : tensor<128x128xf32, #tmem> -> tensor<128x64xf32, #tmem>
    ttng.tmem_copy %arg11, %arg11 : tensor<128x4xi8, #tmem_scales>, tensor<128x4xi8, #tmem_scales>
    %3 = ttng.reinterpret_tensor_descriptor %arg5 : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16>>
    ttng.tensormap_create %arg5, %arg6, [%arg7, %arg7], [%arg7, %arg7], [%arg8], [%arg7, %arg7] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %arg5 : !tt.ptr<i8>
    tt.return
  }
  tt.func public @warp_specialize(%arg0: i32, %arg1: tensor<4xf32>) -> i32 {
    %0 = ttg.warp_specialize(%arg0, %arg1) attributes {requestedRegisters = array<i32: 24, 24>}
    default {
      ttg.warp_yield %arg0 : i32
    }
    partition0(%arg2: i32, %arg3: tensor<4xf32>) num_warps(4) {
      %1 = arith.addi %arg2, %arg2 : i32
      ttg.warp_return
    }
    partition1(%arg2: i32, %arg3: tensor<4xf32>) num_warps(1) {
      ttg.warp_return
    } : (i32, tensor<4xf32>) -> i32
    tt.return %0 : i32
  }
}


// CHECK: #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// CHECK: #tmem_scales = #ttng.tensor_memory_scales_encoding<>
// CHECK-LABEL: tt.func public @ttg_ops(%arg0: tensor<2x64x64xf16>, %arg1: tensor<64x64x!tt.ptr<f16>>, %arg2: i32, %arg3: tensor<64x64xi1>, %arg4: tensor<1xi64>) {
// CHECK: %0 = ttg.memdesc_index %arg0[%arg2] : tensor<2x64x64xf16> -> tensor<64x64xf16>
// CHECK: %1 = ttg.memdesc_subslice %0[0, 32] : tensor<64x64xf16> -> tensor<64x32xf16>
// CHECK: %2 = ttg.memdesc_trans %0 {order = array<i32: 1, 0>} : tensor<64x64xf16> -> tensor<64x64xf16>
// CHECK: %3 = ttg.memdesc_reshape %0 : tensor<64x64xf16> -> tensor<4096xf16>
// CHECK: %4 = ttg.memdesc_reinterpret %0 : tensor<64x64xf16> -> tensor<64x64xi16>
// CHECK: %5 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
// CHECK: %6 = ttg.predicate_stage %arg2, %arg2, %arg2 maxStage 2 stage 0 : i32 -> i1
// CHECK: ttg.local_barrier
// CHECK: tt.return
// CHECK-LABEL: tt.func public @ttng_ops(%arg0: tensor<128x64xf16>, %arg1: tensor<64x128xf16>, %arg2: tensor<128x128xf32>, %arg3: tensor<1xi64>, %arg4: !tt.tensordesc<tensor<64x64xf16>>, %arg5: !tt.ptr<i8>, %arg6: !tt.ptr<f16>, %arg7: i32, %arg8: i64, %arg9: i1, %arg10: tensor<128x128xf32, #tmem>, %arg11: tensor<128x4xi8, #tmem_scales>, %arg12: tensor<8xi32>) {
// CHECK: ttng.fence_async_shared {bCluster = false}
// CHECK: ttng.fence_mbarrier_init_release_cluster
// CHECK: ttng.cluster_arrive {relaxed = true}
// CHECK: ttng.cluster_wait
// CHECK: %0 = ttng.warp_group_dot %arg0, %arg1, %arg2 {inputPrecision = 0 : i32, isAsync = true} : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
// CHECK: %1:3 = ttng.warp_group_dot_wait %0, %arg0, %arg1 {pendings = 0 : i32} : tensor<128x128xf32>, tensor<128x64xf16>, tensor<64x128xf16>
// CHECK: ttng.init_barrier %arg3, 1 : tensor<1xi64>
// CHECK: ttng.barrier_expect %arg3, 1024, %arg9 : tensor<1xi64>
// CHECK: ttng.wait_barrier %arg3, %arg7 : tensor<1xi64>
// CHECK: ttng.wait_barrier %arg3, %arg7, %arg9 deps %arg0 : tensor<1xi64>, tensor<128x64xf16>
// CHECK: ttng.arrive_barrier %arg3, 1 : tensor<1xi64>
// CHECK: ttng.arrive_barrier %arg3, 1, %arg9 : tensor<1xi64>
// CHECK: ttng.async_copy_mbarrier_arrive %arg3 {noIncrement} : tensor<1xi64>
// CHECK: ttng.async_tma_copy_global_to_local %arg4[%arg7, %arg7] %arg0, %arg3, %arg9 : !tt.tensordesc<tensor<64x64xf16>>, tensor<1xi64> -> tensor<128x64xf16>
// CHECK: ttng.async_tma_copy_local_to_global %arg4[%arg7, %arg7] %arg0 : !tt.tensordesc<tensor<64x64xf16>>, tensor<128x64xf16>
// CHECK: ttng.async_tma_reduce add, %arg4[%arg7, %arg7] %arg0 : !tt.tensordesc<tensor<64x64xf16>>, tensor<128x64xf16>
// CHECK: ttng.async_tma_gather %arg4[%arg12, %arg7] %arg0, %arg3, %arg9 : !tt.tensordesc<tensor<64x64xf16>>, tensor<8xi32>, i32, tensor<1xi64>, tensor<128x64xf16>, i1
// CHECK: ttng.async_tma_scatter %arg4[%arg12, %arg7] %arg0 : !tt.tensordesc<tensor<64x64xf16>>, tensor<8xi32>, i32, tensor<128x64xf16>
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK: ttng.tc_gen5_mma %arg0, %arg1, %arg10, %arg9, %arg9, %arg3[%arg9] {is_async} : tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32, #tmem>, tensor<1xi64>
// CHECK: ttng.tc_gen5_mma %arg0, %arg1, %arg10, %arg9, %arg9 : tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32, #tmem>
// CHECK: ttng.tc_gen5_mma_scaled %arg0, %arg1, %arg10, %arg11, %arg11, %arg9, %arg9 lhs = e4m3 rhs = e2m1, %arg3[%arg9] {is_async} : tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32, #tmem>, tensor<128x4xi8, #tmem_scales>, tensor<128x4xi8, #tmem_scales>, tensor<1xi64>
// CHECK: ttng.tc_gen5_commit %arg3 : tensor<1xi64>
// CHECK: ttng.tc_gen5_commit %arg3, %arg9 : tensor<1xi64>
// CHECK: %result = ttng.tmem_alloc : () -> tensor<128x128xf32, #tmem>
// CHECK: %result_0 = ttng.tmem_alloc %arg2 : (tensor<128x128xf32>) -> tensor<128x128xf32, #tmem>
// CHECK: ttng.tmem_store %arg2, %result, %arg9 : tensor<128x128xf32> -> tensor<128x128xf32, #tmem>
// CHECK: %result_1 = ttng.tmem_load %result : tensor<128x128xf32, #tmem> -> tensor<128x128xf32>
// CHECK: %2 = ttng.tmem_subslice %result {N = 64 : i32} : tensor<128x128xf32, #tmem> -> tensor<128x64xf32, #tmem>
// CHECK: ttng.tmem_copy %arg11, %arg11 : tensor<128x4xi8, #tmem_scales>, tensor<128x4xi8, #tmem_scales>
// CHECK: %3 = ttng.reinterpret_tensor_descriptor %arg5 : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16>>
// CHECK: ttng.tensormap_create %arg5, %arg6, [%arg7, %arg7], [%arg7, %arg7], [%arg8], [%arg7, %arg7] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK: ttng.tensormap_fenceproxy_acquire %arg5 : !tt.ptr<i8>
// CHECK: tt.return
// CHECK-LABEL: tt.func public @warp_specialize(%arg0: i32, %arg1: tensor<4xf32>) -> i32 {
// CHECK: %0 = ttg.warp_specialize(%arg0, %arg1) attributes {requestedRegisters = array<i32: 24, 24>}
// CHECK: ttg.warp_yield %arg0 : i32
// CHECK: partition0(%arg2: i32, %arg3: tensor<4xf32>) num_warps(4) {
// CHECK: %1 = arith.addi %arg2, %arg2 : i32
// CHECK: ttg.warp_return
// CHECK: partition1(%arg2: i32, %arg3: tensor<4xf32>) num_warps(1) {
// CHECK: ttg.warp_return
// CHECK: } : (i32, tensor<4xf32>) -> i32
// CHECK: tt.return %0 : i32
