// RUN: ll-opt %s --split-input-file --verify-diagnostics --ll-plan-conversions

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [2, 0], [4, 0]], warp = [], block = []}>
func.func @register_kind_cannot_move_lanes(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #b> {
  // expected-error @+1 {{cannot plan this conversion: kind 'registers' cannot perform this conversion: it needs 'shuffle'}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = registers>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #b>
  return %y : tensor<8x8xf32, #b>
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @unknown_kind(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #a> {
  // expected-error @+2 {{expected ::mlir::ll::PlanKind to be one of: noop, registers, shuffle, shared_memory}}
  // expected-error @+1 {{failed to parse LL_PlanAttr parameter 'kind'}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = magic>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return %y : tensor<8x8xf32, #a>
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @nibble_elements(%x: tensor<8x8xi4, #a>) -> tensor<8x8xi4, #a> {
  // expected-error @+1 {{cannot plan a conversion of 4-bit elements (1, 8, 16, 32 or 64 bits)}}
  %y = ll.convert_layout %x : tensor<8x8xi4, #a> -> tensor<8x8xi4, #a>
  return %y : tensor<8x8xi4, #a>
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#small = #ll.linear<{offset = [[0, 1], [0, 2]]} -> {dim0 = 8, dim1 = 8}>
func.func @memory_layout_too_small(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #a> {
  // expected-error @+1 {{the given memory_layout cannot be used: memory_layout does not hold element}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #small>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return %y : tensor<8x8xf32, #a>
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [2, 0], [4, 0]], warp = [], block = []}>
func.func @index_elements(%x: tensor<8x8xindex, #a>) -> tensor<8x8xindex, #b> {
  // expected-error @+1 {{cannot plan a conversion of 'index' elements (integers or floats only)}}
  %y = ll.convert_layout %x : tensor<8x8xindex, #a> -> tensor<8x8xindex, #b>
  return %y : tensor<8x8xindex, #b>
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @complex_elements(%x: tensor<8x8xcomplex<f32>, #a>) -> tensor<8x8xcomplex<f32>, #a> {
  // expected-error @+1 {{cannot plan a conversion of 'complex<f32>' elements (integers or floats only)}}
  %y = ll.convert_layout %x : tensor<8x8xcomplex<f32>, #a> -> tensor<8x8xcomplex<f32>, #a>
  return %y : tensor<8x8xcomplex<f32>, #a>
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @plan_not_a_plan(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #a> {
  // expected-error @+1 {{'ll.plan' must be an #ll.plan<...>, got "shared_memory"}}
  %y = ll.convert_layout %x {ll.plan = "shared_memory"} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return %y : tensor<8x8xf32, #a>
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @old_dictionary_form(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #a> {
  // expected-error @+1 {{'ll.plan' is a dictionary; a plan is now written #ll.plan<kind = ..., ...>, e.g. ll.plan = #ll.plan<kind = shared_memory>}}
  %y = ll.convert_layout %x {ll.plan = {kind = "shared_memory"}} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return %y : tensor<8x8xf32, #a>
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @memory_layout_not_a_layout(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #a> {
  // expected-error @+2 {{memory_layout must be an #ll.linear, got 5 : i64}}
  // expected-error @+1 {{failed to parse LL_PlanAttr parameter 'memory_layout'}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = 5>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return %y : tensor<8x8xf32, #a>
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @memory_layout_distributed(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #a> {
  // expected-error @+1 {{#ll.plan memory_layout must be an #ll.linear from 'offset' (optionally with 'block'), got #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #a>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return %y : tensor<8x8xf32, #a>
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]} -> {dim0 = 8, dim1 = 8}>
func.func @vector_bits_not_an_integer(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #a> {
  // expected-error @+2 {{expected integer value}}
  // expected-error @+1 {{failed to parse LL_PlanAttr parameter 'vector_bits'}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m, vector_bits = "wide">} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return %y : tensor<8x8xf32, #a>
}

// -----

// The planner's own errors: moving data between CTAs.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = [[4, 0]]}>
#b = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [4, 0]], warp = [], block = [[2, 0]]}>
func.func @between_ctas(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #b> {
  // expected-error @+1 {{cannot plan this conversion: the conversion moves data between CTAs (block bases differ); that needs distributed shared memory, which the planner does not support}}
  %y = ll.convert_layout %x : tensor<8x8xf32, #a> -> tensor<8x8xf32, #b>
  return %y : tensor<8x8xf32, #b>
}

// -----

// A hand-written memory layout is costed for the store first: two offsets
// holding one element.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#twice = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0], [0, 0]]} -> {dim0 = 8, dim1 = 8}>
func.func @memory_layout_not_injective(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #a> {
  // expected-error @+1 {{the given memory_layout cannot be used: memory_layout is not injective: two offsets hold the same element}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #twice>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return %y : tensor<8x8xf32, #a>
}

// -----

// ... and then for the load: 64-bit vectors along dim1 suit the source
// (register = dim1 bit 0) but not the result (register = dim0 bit 0).
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [2, 0], [4, 0]], warp = [], block = []}>
#m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]} -> {dim0 = 8, dim1 = 8}>
func.func @vector_not_contiguous_for_the_load(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #b> {
  // expected-error @+1 {{the given memory_layout cannot be used: vector_bits: offset bit 0 of the memory layout is not a register direction of the distributed layout, so 64-bit vectors are not contiguous in shared memory}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m, vector_bits = 64>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #b>
  return %y : tensor<8x8xf32, #b>
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]} -> {dim0 = 8, dim1 = 8}>
func.func @vector_bits_out_of_range(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #a> {
  // expected-error @+1 {{the given memory_layout cannot be used: vector_bits must be a power of two between element_bits (32) and 128, not 256}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m, vector_bits = 256>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return %y : tensor<8x8xf32, #a>
}

// -----

// 2^32 is not read as 0.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]} -> {dim0 = 8, dim1 = 8}>
func.func @vector_bits_too_large(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #a> {
  // expected-error @+1 {{'ll.plan' vector_bits is out of range: 4294967296}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m, vector_bits = 4294967296>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return %y : tensor<8x8xf32, #a>
}

// -----

// owner_loads needs a store of the result that only some warps issue; here
// the result is returned (and its layout repeats over no warp).
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [2, 0], [4, 0]], warp = [], block = []}>
func.func @owner_loads_without_a_store(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #b> {
  // expected-error @+1 {{owner_loads = true needs the conversion's one use to be the value of an ll.store_tile right after it in its block (its other operands defined before the conversion, nothing with memory effects between) of a layout whose warps repeat each other}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, owner_loads = true>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #b>
  return %y : tensor<8x8xf32, #b>
}
