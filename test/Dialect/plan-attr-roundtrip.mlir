// RUN: ll-opt %s --split-input-file | FileCheck %s
// RUN: ll-opt %s --split-input-file | ll-opt --split-input-file | FileCheck %s

// The fields print in their declared order, whatever order they were written
// in; integers print without a type.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK-LABEL: func.func @shuffle
// CHECK: ll.convert_layout %{{.*}} {ll.plan = #ll.plan<kind = shuffle, vector_bits = 32, rounds = 2, shuffles = 2, selects = 0>}
func.func @shuffle(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #b> {
  %y = ll.convert_layout %x {ll.plan = #ll.plan<selects = 0, shuffles = 2, rounds = 2, vector_bits = 32, kind = shuffle>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #b>
  return %y : tensor<8x8xf32, #b>
}

// -----

// A planned shared-memory plan: the memory layout prints as its alias.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK: #[[M:.+]] = #ll.linear<{offset = {{\[\[}}0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]}>
// CHECK-LABEL: func.func @shared_memory
// CHECK: {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #[[M]], vector_bits = 32, rounds = 1, shared_bytes = 256, store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = 2, load_wavefronts = 2>}
func.func @shared_memory(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #b> {
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]} -> {dim0 = 8, dim1 = 8}>, vector_bits = 32, rounds = 1, shared_bytes = 256, store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = 2, load_wavefronts = 2>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #b>
  return %y : tensor<8x8xf32, #b>
}

// -----

// Requests: a kind alone, or a memory layout with its vector width.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]} -> {dim0 = 8, dim1 = 8}>
// CHECK-LABEL: func.func @requests
// CHECK: {ll.plan = #ll.plan<kind = noop>}
// CHECK: {ll.plan = #ll.plan<kind = registers>}
// CHECK: {ll.plan = #ll.plan<kind = shuffle>}
// CHECK: {ll.plan = #ll.plan<kind = shared_memory>}
// CHECK: {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #{{.*}}>}
// CHECK: {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #{{.*}}, vector_bits = 64>}
func.func @requests(%x: tensor<8x8xf32, #a>) {
  %0 = ll.convert_layout %x {ll.plan = #ll.plan<kind = noop>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  %1 = ll.convert_layout %x {ll.plan = #ll.plan<kind = registers>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  %2 = ll.convert_layout %x {ll.plan = #ll.plan<kind = shuffle>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  %3 = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  %4 = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  %5 = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m, vector_bits = 64>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return
}

// -----

// An #ll.plan is an attribute like any other: it may stand alone, and its
// kind is also an enum attribute of its own.
// CHECK-LABEL: func.func @standalone
// CHECK-SAME: ll.kinds = [#ll.plan_kind<noop>, #ll.plan_kind<shared_memory>]
// CHECK-SAME: ll.plans = [#ll.plan<kind = shuffle, vector_bits = 64, rounds = 1, shuffles = 0, selects = 0>]
func.func @standalone() attributes {ll.plans = [#ll.plan<kind = shuffle, vector_bits = 64, rounds = 1, shuffles = 0, selects = 0>], ll.kinds = [#ll.plan_kind<noop>, #ll.plan_kind<shared_memory>]} {
  return
}

// -----

// owner_loads prints last, as `true` or `false`.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK-LABEL: func.func @owner_loads
// CHECK: {ll.plan = #ll.plan<kind = shared_memory, owner_loads = true>}
// CHECK: {ll.plan = #ll.plan<kind = shared_memory, owner_loads = false>}
func.func @owner_loads(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #b> {
  %y = ll.convert_layout %x {ll.plan = #ll.plan<owner_loads = true, kind = shared_memory>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #b>
  %z = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, owner_loads = false>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #b>
  return %y : tensor<8x8xf32, #b>
}
