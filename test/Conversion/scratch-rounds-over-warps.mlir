// RUN: ll-opt --ll-plan-conversions="target=gfx1100" --split-input-file %s | FileCheck %s --check-prefix=PLAN
// RUN: ll-opt --convert-ll-to-rocdl="chip=gfx1100" --split-input-file %s | FileCheck %s --check-prefix=ROCDL
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_75 line-barriers=false" --split-input-file %s | FileCheck %s --check-prefix=NVVM
// RUN: ll-opt --ll-plan-conversions="target=gfx1100" --remarks-filter=ll-plan-conversions --split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Rounds over warps (docs/planning.md): a 128x128 f64 transpose needs 128
// KiB of scratch, more than gfx1100's 64 KiB of LDS or sm_75's 64 KiB of
// shared memory, and its layouts share no register direction. Warp bit 0
// of #a holds dim0 +1, a register direction of #b: the plan runs two rounds
// of 64 KiB over it. In round r only the warps whose bit 0 is r store (a
// uniform branch), and every thread loads the registers whose dim0 bit 0
// is r.
#a = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]]}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], warp = [[0, 1], [0, 2]]}>
gpu.module @k {
  // ROCDL: llvm.mlir.global internal @__ll_scratch() {{.*}} : !llvm.array<65536 x i8>
  // ROCDL-LABEL: gpu.func @transpose
  // NVVM-LABEL: gpu.func @transpose
  gpu.func @transpose(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<128x128xf64, #a>
    // PLAN: ll.plan = #ll.plan<kind = shared_memory, {{.*}}rounds = 2, shared_bytes = 65536
    // REMARK: remark: [Analysis] shared_memory | {{.*}} | Function=transpose | Reason="C moves data between warps: only shared memory reaches another warp; no split over register directions fits the target's shared memory: 2 rounds, over 1 warp direction(s) whose warps take turns", {{.*}}rounds=2, shared_bytes=65536
    // ROCDL: llvm.mlir.addressof @__ll_scratch
    // ROCDL-NEXT: %[[TID:.*]] = rocdl.workitem.id.x : i32
    // ROCDL: %[[WARP:.*]] = llvm.lshr %[[TID]], %{{.*}} : i32
    // ROCDL: %[[TURN:.*]] = llvm.and %[[WARP]], %{{.*}} : i32
    // ROCDL: %[[FIRST:.*]] = llvm.icmp "eq" %[[TURN]], %{{.*}} : i32
    // ROCDL: scf.if %[[FIRST]] {
    // ROCDL: llvm.store {{.*}} !llvm.ptr<3>
    // ROCDL: {{^ *}$}}
    // ROCDL-NEXT: llvm.fence syncscope("workgroup") release
    // ROCDL-NEXT: rocdl.s.barrier
    // ROCDL-NOT: scf.if
    // ROCDL: llvm.load {{.*}} !llvm.ptr<3>
    // ROCDL: rocdl.s.barrier
    // ROCDL-NEXT: llvm.fence syncscope("workgroup") acquire
    // ROCDL-NEXT: %[[SECOND:.*]] = llvm.icmp "eq" %[[TURN]], %{{.*}} : i32
    // ROCDL-NEXT: scf.if %[[SECOND]] {
    // ROCDL: llvm.store {{.*}} !llvm.ptr<3>
    // ROCDL: {{^ *}$}}
    // ROCDL-NEXT: llvm.fence syncscope("workgroup") release
    // ROCDL-NEXT: rocdl.s.barrier
    // ROCDL-NOT: scf.if
    // ROCDL-NOT: rocdl.s.barrier
    // ROCDL: gpu.return
    // NVVM-COUNT-3: nvvm.barrier0
    // NVVM-NOT: nvvm.barrier0
    // NVVM: gpu.return
    %u = ll.convert_layout %t : tensor<128x128xf64, #a> -> tensor<128x128xf64, #b>
    ll.store_tile %u, %q : tensor<128x128xf64, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A user's memory layout whose top offset bit, dim1 +1, is a register
// direction of #a and warp bit 0 of #b: each round's stores take the
// registers of their half, and the warps whose turn it is load all 128 of
// theirs inside a branch that yields them (the other warps keep theirs).
#a = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]]}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], warp = [[0, 1], [0, 2]]}>
#m = #ll.linear<{offset = [[0, 4], [0, 8], [0, 16], [0, 32], [4, 4], [8, 8], [16, 16], [32, 32], [1, 0], [0, 2], [0, 64], [2, 0], [64, 0], [0, 1]]} -> {dim0 = 128, dim1 = 128}>
gpu.module @k {
  // ROCDL-LABEL: gpu.func @loads_by_turns
  gpu.func @loads_by_turns(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<128x128xf64, #a>
    // PLAN: ll.plan = #ll.plan<kind = shared_memory, memory_layout = #{{.*}}, vector_bits = 64, rounds = 2
    // ROCDL-NOT: scf.if
    // ROCDL: llvm.store {{.*}} !llvm.ptr<3>
    // ROCDL: rocdl.s.barrier
    // ROCDL: %[[FIRST:.*]]:128 = scf.if %{{.*}} -> (f64
    // ROCDL: llvm.load {{.*}} !llvm.ptr<3>
    // ROCDL: scf.yield
    // ROCDL-NEXT: } else {
    // ROCDL: scf.yield
    // ROCDL: rocdl.s.barrier
    // ROCDL-NOT: scf.if
    // ROCDL: llvm.store {{.*}} !llvm.ptr<3>
    // ROCDL: rocdl.s.barrier
    // ROCDL: scf.if %{{.*}} -> (f64
    // ROCDL: scf.yield
    // ROCDL-NEXT: } else {
    // ROCDL-NEXT: scf.yield %[[FIRST]]#0,
    %u = ll.convert_layout %t {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m, vector_bits = 64, rounds = 2, shared_bytes = 65536, store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = 2048, load_wavefronts = 1024>} : tensor<128x128xf64, #a> -> tensor<128x128xf64, #b>
    ll.store_tile %u, %q : tensor<128x128xf64, #b>, !llvm.ptr<1>
    gpu.return
  }
}
