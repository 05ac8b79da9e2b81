// RUN: ll-opt %s --split-input-file --verify-diagnostics

// Every malformed #ll.plan is a located error. The hand-written dictionary
// form of earlier versions is rejected with the new spelling.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @dictionary(%x: tensor<8x8xf32, #a>) {
  // expected-error @+1 {{'ll.plan' is a dictionary; a plan is now written #ll.plan<kind = ..., ...>, e.g. ll.plan = #ll.plan<kind = shared_memory>}}
  %y = ll.convert_layout %x {ll.plan = {kind = "shuffle", vector_bits = 32}} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @not_a_plan(%x: tensor<8x8xf32, #a>) {
  // expected-error @+1 {{'ll.plan' must be an #ll.plan<...>, got 1 : i64}}
  %y = ll.convert_layout %x {ll.plan = 1} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return
}

// -----

// expected-error @+1 {{'ll.plan' belongs on an ll.convert_layout or an ll.gather}}
func.func @not_on_a_conversion() attributes {ll.plan = #ll.plan<kind = noop>} {
  return
}

// -----

// expected-error @+2 {{expected ::mlir::ll::PlanKind to be one of: noop, registers, shuffle, shared_memory}}
// expected-error @+1 {{failed to parse LL_PlanAttr parameter 'kind'}}
func.func @unknown_kind() attributes {p = #ll.plan<kind = magic>} {
  return
}

// -----

// expected-error @+1 {{struct is missing required parameter: kind}}
func.func @missing_kind() attributes {p = #ll.plan<vector_bits = 32>} {
  return
}

// -----

// expected-error @+2 {{expected valid keyword}}
// expected-error @+1 {{expected a parameter name in struct}}
func.func @empty() attributes {p = #ll.plan<>} {
  return
}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: bank_bits}}
func.func @unknown_field() attributes {p = #ll.plan<kind = shuffle, bank_bits = 3>} {
  return
}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: kind}}
func.func @duplicate_field() attributes {p = #ll.plan<kind = shuffle, kind = noop>} {
  return
}

// -----

// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse LL_PlanAttr parameter 'rounds'}}
func.func @not_a_number() attributes {p = #ll.plan<kind = shuffle, vector_bits = 32, rounds = many, shuffles = 1, selects = 0>} {
  return
}

// -----

// expected-error @+2 {{integer value too large}}
// expected-error @+1 {{failed to parse LL_PlanAttr parameter 'shuffles'}}
func.func @too_large() attributes {p = #ll.plan<kind = shuffle, vector_bits = 32, rounds = 1, shuffles = 99999999999999999999999, selects = 0>} {
  return
}

// -----

// expected-error @+2 {{expected string}}
// expected-error @+1 {{failed to parse LL_PlanAttr parameter 'store_instruction'}}
func.func @instruction_not_a_string() attributes {p = #ll.plan<kind = shared_memory, store_instruction = stmatrix>} {
  return
}

// -----

// expected-error @+1 {{#ll.plan selects must not be negative, got -4}}
func.func @negative_count() attributes {p = #ll.plan<kind = shuffle, vector_bits = 32, rounds = 1, shuffles = 2, selects = -4>} {
  return
}

// -----

// expected-error @+1 {{#ll.plan rounds must be positive}}
func.func @zero_rounds() attributes {p = #ll.plan<kind = shuffle, vector_bits = 32, rounds = 0, shuffles = 2, selects = 0>} {
  return
}

// -----

// expected-error @+1 {{#ll.plan vector_bits must be a power of two, got 48}}
func.func @vector_bits_not_a_power_of_two() attributes {p = #ll.plan<kind = shuffle, vector_bits = 48, rounds = 1, shuffles = 2, selects = 0>} {
  return
}

// -----

// expected-error @+1 {{a 'registers' #ll.plan has no vector_bits}}
func.func @registers_with_figures() attributes {p = #ll.plan<kind = registers, vector_bits = 32>} {
  return
}

// -----

#m = #ll.linear<{offset = [[0, 1], [1, 0]]}>
// expected-error @+1 {{a 'shuffle' #ll.plan has no memory_layout}}
func.func @shuffle_with_memory_layout() attributes {p = #ll.plan<kind = shuffle, memory_layout = #m>} {
  return
}

// -----

// expected-error @+1 {{a 'shared_memory' #ll.plan has no shuffles}}
func.func @shared_memory_with_shuffles() attributes {p = #ll.plan<kind = shared_memory, shuffles = 1>} {
  return
}

// -----

// expected-error @+1 {{a 'shuffle' #ll.plan with vector_bits needs rounds too (a planned plan has all of its figures; a request none)}}
func.func @partial_shuffle() attributes {p = #ll.plan<kind = shuffle, vector_bits = 32>} {
  return
}

// -----

// expected-error @+1 {{a 'shared_memory' #ll.plan with rounds needs store_instruction too}}
func.func @partial_shared_memory() attributes {p = #ll.plan<kind = shared_memory, rounds = 1, shared_bytes = 256, load_instruction = "ld.shared", store_wavefronts = 2, load_wavefronts = 2>} {
  return
}

// -----

// expected-error @+1 {{a planned 'shared_memory' #ll.plan needs its memory_layout}}
func.func @planned_without_memory_layout() attributes {p = #ll.plan<kind = shared_memory, vector_bits = 32, rounds = 1, shared_bytes = 256, store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = 2, load_wavefronts = 2>} {
  return
}

// -----

// expected-error @+1 {{the vector_bits of a 'shared_memory' #ll.plan go with its memory_layout, which is missing}}
func.func @vector_bits_without_memory_layout() attributes {p = #ll.plan<kind = shared_memory, vector_bits = 64>} {
  return
}

// -----

#d = #ll.linear<{register = [[0, 1]], lane = [[1, 0]]}>
// expected-error @+1 {{#ll.plan memory_layout must be an #ll.linear from 'offset' (optionally with 'block'), got #ll.linear<{register = [[0, 1]], lane = [[1, 0]]}>}}
func.func @distributed_memory_layout() attributes {p = #ll.plan<kind = shared_memory, memory_layout = #d>} {
  return
}

// -----

// expected-error @+2 {{memory_layout must be an #ll.linear, got "offset"}}
// expected-error @+1 {{failed to parse LL_PlanAttr parameter 'memory_layout'}}
func.func @memory_layout_not_a_layout() attributes {p = #ll.plan<kind = shared_memory, memory_layout = "offset">} {
  return
}

// -----

// expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
func.func @unterminated() attributes {p = #ll.plan<kind = noop} {
  return
}

// -----

// expected-error @+1 {{a 'shuffle' #ll.plan has no owner_loads}}
func.func @owner_loads_on_a_shuffle() attributes {p = #ll.plan<kind = shuffle, owner_loads = true>} {
  return
}

// -----

// expected-error @+2 {{expected 'true' or 'false'}}
// expected-error @+1 {{failed to parse LL_PlanAttr parameter 'owner_loads'}}
func.func @owner_loads_not_a_flag() attributes {p = #ll.plan<kind = shared_memory, owner_loads = 1>} {
  return
}
