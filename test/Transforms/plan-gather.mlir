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
