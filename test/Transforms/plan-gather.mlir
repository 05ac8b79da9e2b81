// RUN: ll-opt %s --split-input-file --ll-plan-conversions | FileCheck %s
// RUN: ll-opt %s --split-input-file --ll-plan-conversions=explain=true --verify-diagnostics -o /dev/null

// ll-plan-conversions plans gathers too (docs/gather.md): the plan records
// the shuffles per index register (`rounds`), per thread, and the selects.
#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
// CHECK-LABEL: func.func @warp_local
// CHECK: ll.gather {{.*}} {ll.plan = #ll.plan<kind = shuffle, vector_bits = 32, rounds = 2, shuffles = 2, selects = 1>}
func.func @warp_local(%s: tensor<8x32xf32, #src>, %i: tensor<8x16xi32, #idx>) -> tensor<8x16xf32, #idx> {
  // expected-remark @+2 {{shuffle | Category:ll-plan-conversions | Function=warp_local | Reason="warp-local, and 2 shuffle(s) per element cost no more than shared memory"}}
  // expected-note @+1 {{2. warp-local: every element a thread needs is held in its own warp}}
  %r = ll.gather %s[%i] axis = 1 : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
  return %r : tensor<8x16xf32, #idx>
}

// -----

// The index layout holds rows in other warps than the source: shared memory.
#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [2, 0]], warp = [[1, 0], [4, 0]], block = []}>
// CHECK-LABEL: func.func @not_warp_local
// CHECK: ll.gather {{.*}} {ll.plan = #ll.plan<kind = shared_memory, memory_layout = {{.*}}, vector_bits = 64, rounds = 1, shared_bytes = 1024, store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = {{[0-9]+}}, load_wavefronts = 4>}
func.func @not_warp_local(%s: tensor<8x32xf32, #src>, %i: tensor<8x16xi32, #idx>) -> tensor<8x16xf32, #idx> {
  // expected-remark @+2 {{shared_memory | Category:ll-plan-conversions | Function=not_warp_local | Reason="not warp-local: index lane bit 4 selects element [2, 0], whose row of the source lies in another warp"}}
  // expected-note @+1 {{2. not warp-local}}
  %r = ll.gather %s[%i] axis = 1 : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
  return %r : tensor<8x16xf32, #idx>
}

// -----

// The register estimate follows the indices' liveness (docs/gather.md,
// "Registers"). Triton's 64x64 fp32 gather layout on 2 warps: 64 source
// elements, indices and results per thread. Here the indices die in the
// gather, which consumes them one by one: the shuffles hold the source and
// the results (128 registers), within the budget.
#l = #ll.linear<{register = [[1, 0], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [[0, 1]], block = []}>
// CHECK-LABEL: func.func @indices_die
// CHECK: ll.gather {{.*}} {ll.plan = #ll.plan<kind = shuffle,
func.func @indices_die(%s: tensor<64x64xf32, #l>, %i: tensor<64x64xi32, #l>) -> tensor<64x64xf32, #l> {
  // expected-remark @+2 {{shuffle | Category:ll-plan-conversions | Function=indices_die | Reason="warp-local, and 2 shuffle(s) per element cost no more than shared memory"}}
  // expected-note @+1 {{5. live registers per thread (estimated): shuffles 128, shared memory 64 (the indices die in the gather)}}
  %r = ll.gather %s[%i] axis = 0 : tensor<64x64xf32, #l>, tensor<64x64xi32, #l> -> tensor<64x64xf32, #l>
  return %r : tensor<64x64xf32, #l>
}

// -----

// The same gather in a loop whose indices are defined outside it: they live
// across the iterations, and so does the accumulator (64 registers of other
// tensors; the constant step is not counted). Each result goes to the
// accumulator's add as it is made, but the shuffles would still hold 256
// registers (the source, a lane per index and, for the register select of 2
// shuffles per element, the indices, and the accumulator): above the budget,
// and shared memory needs no more, so the gather goes through it. The loop
// alone uses the indices, so the shared-memory estimate counts their
// addresses (made once, before the loop) but not the indices; the source,
// used again in the next iteration, stays live after its store: 256.
#l = #ll.linear<{register = [[1, 0], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [[0, 1]], block = []}>
// CHECK-LABEL: func.func @indices_live_across_a_loop
// CHECK: ll.gather {{.*}} {ll.plan = #ll.plan<kind = shared_memory,
func.func @indices_live_across_a_loop(%s: tensor<64x64xf32, #l>, %i: tensor<64x64xi32, #l>, %n: index) -> tensor<64x64xf32, #l> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant dense<1.0> : tensor<64x64xf32, #l>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %s) -> (tensor<64x64xf32, #l>) {
    // expected-remark @+2 {{shared_memory | Category:ll-plan-conversions | Function=indices_live_across_a_loop | Reason="warp-local, but the shuffles keep about 256 registers per thread live (the source, the indices and lanes, other tensors), more than the 224 a gather can have without spilling; shared memory needs about 256"}}
    // expected-note @+1 {{(the indices stay live across a loop around the gather, which alone uses them: their addresses, made once; the source stays live after it; 64 of other tensors live across it; each result goes to an elementwise user as it is made)}}
    %g = ll.gather %s[%i] axis = 0 : tensor<64x64xf32, #l>, tensor<64x64xi32, #l> -> tensor<64x64xf32, #l>
    %a = arith.addf %acc, %g : tensor<64x64xf32, #l>
    %b = arith.addf %a, %one : tensor<64x64xf32, #l>
    scf.yield %b : tensor<64x64xf32, #l>
  }
  return %r : tensor<64x64xf32, #l>
}

// -----

// The same loop, but the indices are also returned after it: they stay
// live beside their addresses, and the shared-memory estimate counts both
// (320, with the source), more than the shuffles' 256: both above the
// budget, the shuffles need fewer.
#l = #ll.linear<{register = [[1, 0], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [[0, 1]], block = []}>
// CHECK-LABEL: func.func @indices_live_across_a_loop_and_after
// CHECK: ll.gather {{.*}} {ll.plan = #ll.plan<kind = shuffle,
func.func @indices_live_across_a_loop_and_after(%s: tensor<64x64xf32, #l>, %i: tensor<64x64xi32, #l>, %n: index) -> (tensor<64x64xf32, #l>, tensor<64x64xi32, #l>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %s) -> (tensor<64x64xf32, #l>) {
    // expected-remark @+2 {{shuffle | Category:ll-plan-conversions | Function=indices_live_across_a_loop_and_after | Reason="warp-local, and 2 shuffle(s) per element cost no more than shared memory"}}
    // expected-note @+1 {{shuffles 256, shared memory 320 (the indices stay live after the gather; the source stays live after it; 64 of other tensors live across it; each result goes to an elementwise user as it is made)}}
    %g = ll.gather %s[%i] axis = 0 : tensor<64x64xf32, #l>, tensor<64x64xi32, #l> -> tensor<64x64xf32, #l>
    %a = arith.addf %acc, %g : tensor<64x64xf32, #l>
    scf.yield %a : tensor<64x64xf32, #l>
  }
  return %r, %i : tensor<64x64xf32, #l>, tensor<64x64xi32, #l>
}

// -----

// Indices used after the gather stay live through it.
#l = #ll.linear<{register = [[1, 0], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [[0, 1]], block = []}>
// CHECK-LABEL: func.func @indices_used_after
// CHECK: ll.gather {{.*}} {ll.plan = #ll.plan<kind = shared_memory,
func.func @indices_used_after(%s: tensor<64x64xf32, #l>, %i: tensor<64x64xi32, #l>) -> (tensor<64x64xf32, #l>, tensor<64x64xi32, #l>) {
  // expected-remark @+2 {{shared_memory | Category:ll-plan-conversions | Function=indices_used_after}}
  // expected-note @+1 {{shuffles 256, shared memory 192 (the indices stay live after the gather)}}
  %r = ll.gather %s[%i] axis = 0 : tensor<64x64xf32, #l>, tensor<64x64xi32, #l> -> tensor<64x64xf32, #l>
  %j = arith.addi %i, %i : tensor<64x64xi32, #l>
  return %r, %j : tensor<64x64xf32, #l>, tensor<64x64xi32, #l>
}

// -----

// Tensors other than the gather's operands that stay live across it count
// too: here a loop-invariant tensor used inside the loop and the
// accumulator (128 registers), though the indices are the loop's own and
// die in the gather. A tensor that only initialises the loop does not. The
// results go one by one to the accumulator's add, so the shuffles hold the
// source and those 128 (192, within the budget) and the cost decides. (The
// source, loop-invariant, stays live after the gather: shared memory would
// hold it too.)
#l = #ll.linear<{register = [[1, 0], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [[0, 1]], block = []}>
// CHECK-LABEL: func.func @other_tensors_live_across
// CHECK: ll.gather {{.*}} {ll.plan = #ll.plan<kind = shuffle,
func.func @other_tensors_live_across(%s: tensor<64x64xf32, #l>, %i0: tensor<64x64xi32, #l>, %init: tensor<64x64xf32, #l>, %n: index) -> tensor<64x64xf32, #l> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x64xf32, #l>) {
    %i = arith.addi %i0, %i0 : tensor<64x64xi32, #l>
    // expected-remark @+2 {{shuffle | Category:ll-plan-conversions | Function=other_tensors_live_across}}
    // expected-note @+1 {{shuffles 192, shared memory 256 (the indices die in the gather; the source stays live after it; 128 of other tensors live across it; each result goes to an elementwise user as it is made)}}
    %g = ll.gather %s[%i] axis = 0 : tensor<64x64xf32, #l>, tensor<64x64xi32, #l> -> tensor<64x64xf32, #l>
    %a = arith.addf %acc, %g : tensor<64x64xf32, #l>
    scf.yield %a : tensor<64x64xf32, #l>
  }
  return %r : tensor<64x64xf32, #l>
}
