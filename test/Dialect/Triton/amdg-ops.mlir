// The `amdg` ops AMD TTGIR uses (buffer loads, stores and atomics, register
// slices, concatenation, in-thread transposes) in Triton 3.6's syntax.
// Triton's own parser prints this input identically up to SSA names
// (checked 2026-11-24).
// RUN: ll-opt %s | FileCheck %s
// RUN: ll-opt %s | ll-opt | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[1, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = [[2, 0], [4, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @amd(%p: !tt.ptr<f32>, %offs: tensor<64xi32, #blocked>, %m: tensor<64xi1, #blocked>, %o: tensor<64xf32, #blocked>, %s: i32, %t: tensor<32x64xf32, #blocked1>) {
    %v = amdg.buffer_load %p[%offs] : tensor<64xf32, #blocked>
    %v1 = amdg.buffer_load %p[%offs], %m, %o : tensor<64xf32, #blocked>
    %v2 = amdg.buffer_load %p[%offs], %m, %o cacheModifier = cg : tensor<64xf32, #blocked>
    %v3 = amdg.buffer_load %p[%offs] stride = %s : tensor<64xf32, #blocked>
    amdg.buffer_store %v, %p[%offs] : tensor<64xf32, #blocked>
    amdg.buffer_store %v, %p[%offs], %m cacheModifier = wt : tensor<64xf32, #blocked>
    %a = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %v, %p[%offs] : tensor<64xf32, #blocked>
    %a2 = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %v, %p[%offs], %m : tensor<64xf32, #blocked>
    %tr = amdg.in_thread_transpose %t : tensor<32x64xf32, #blocked1> -> tensor<32x64xf32, #linear>
    tt.return
  }
  tt.func public @amd_more(%p: !tt.ptr<f32>, %pi: !tt.ptr<i32>, %offs: tensor<64xi32, #blocked>, %m: tensor<64xi1, #blocked>, %o: tensor<64xf32, #blocked>, %s: i32, %t: tensor<32x64xf32, #blocked1>, %c: i1, %vi: tensor<64xi32, #blocked>) {
    %v2 = amdg.buffer_load %p[%offs], %m, %o cacheModifier = cg stride = %s : tensor<64xf32, #blocked>
    amdg.buffer_store %o, %p[%offs], %m cacheModifier = wt stride = %s : tensor<64xf32, #blocked>
    %a2 = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %o, %p[%offs], %m stride = %s : tensor<64xf32, #blocked>
    %cs = amdg.buffer_atomic_cas acq_rel, gpu, %vi, %vi, %pi[%offs] : tensor<64xi32, #blocked>
    %e = amdg.extract_slice %t [0, 0] : tensor<32x64xf32, #blocked1> to tensor<16x64xf32, #blocked1>
    %cc = amdg.concat %e, %e : tensor<16x64xf32, #blocked1>, tensor<16x64xf32, #blocked1> -> tensor<32x64xf32, #blocked1>
    amdg.cond_barrier %c
    tt.return
  }
}

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
// CHECK: #blocked1 = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @amd(%arg0: !tt.ptr<f32>, %arg1: tensor<64xi32, #blocked>, %arg2: tensor<64xi1, #blocked>, %arg3: tensor<64xf32, #blocked>, %arg4: i32, %arg5: tensor<32x64xf32, #blocked1>) {
// CHECK: %0 = amdg.buffer_load %arg0[%arg1] : tensor<64xf32, #blocked>
// CHECK: %1 = amdg.buffer_load %arg0[%arg1], %arg2, %arg3 : tensor<64xf32, #blocked>
// CHECK: %2 = amdg.buffer_load %arg0[%arg1], %arg2, %arg3 cacheModifier = cg : tensor<64xf32, #blocked>
// CHECK: %3 = amdg.buffer_load %arg0[%arg1] stride = %arg4 : tensor<64xf32, #blocked>
// CHECK: amdg.buffer_store %0, %arg0[%arg1] : tensor<64xf32, #blocked>
// CHECK: amdg.buffer_store %0, %arg0[%arg1], %arg2 cacheModifier = wt : tensor<64xf32, #blocked>
// CHECK: %4 = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %0, %arg0[%arg1] : tensor<64xf32, #blocked>
// CHECK: %5 = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %0, %arg0[%arg1], %arg2 : tensor<64xf32, #blocked>
// CHECK: %6 = amdg.in_thread_transpose %arg5 : tensor<32x64xf32, #blocked1> -> tensor<32x64xf32, #linear>
// CHECK: tt.return
// CHECK-LABEL: tt.func public @amd_more(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i32>, %arg2: tensor<64xi32, #blocked>, %arg3: tensor<64xi1, #blocked>, %arg4: tensor<64xf32, #blocked>, %arg5: i32, %arg6: tensor<32x64xf32, #blocked1>, %arg7: i1, %arg8: tensor<64xi32, #blocked>) {
// CHECK: %0 = amdg.buffer_load %arg0[%arg2], %arg3, %arg4 cacheModifier = cg stride = %arg5 : tensor<64xf32, #blocked>
// CHECK: amdg.buffer_store %arg4, %arg0[%arg2], %arg3 cacheModifier = wt stride = %arg5 : tensor<64xf32, #blocked>
// CHECK: %1 = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %arg4, %arg0[%arg2], %arg3 stride = %arg5 : tensor<64xf32, #blocked>
// CHECK: %2 = amdg.buffer_atomic_cas acq_rel, gpu, %arg8, %arg8, %arg1[%arg2] : tensor<64xi32, #blocked>
// CHECK: %3 = amdg.extract_slice %arg6 [0, 0] : tensor<32x64xf32, #blocked1> to tensor<16x64xf32, #blocked1>
// CHECK: %4 = amdg.concat %3, %3 : tensor<16x64xf32, #blocked1>, tensor<16x64xf32, #blocked1> -> tensor<32x64xf32, #blocked1>
// CHECK: amdg.cond_barrier %arg7
// CHECK: tt.return
