// RUN: ll-opt %s --split-input-file --verify-diagnostics --ll-plan-conversions

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [2, 0], [4, 0]], warp = [], block = []}>
func.func @register_kind_cannot_move_lanes(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #b> {
  // expected-error @+1 {{cannot plan this conversion: kind 'registers' cannot perform this conversion: it needs 'shuffle'}}
  %y = ll.convert_layout %x {ll.plan = {kind = "registers"}} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #b>
  return %y : tensor<8x8xf32, #b>
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @unknown_kind(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #a> {
  // expected-error @+1 {{'ll.plan' kind must be "noop", "registers", "shuffle" or "shared_memory", got "magic"}}
  %y = ll.convert_layout %x {ll.plan = {kind = "magic"}} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return %y : tensor<8x8xf32, #a>
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @boolean_elements(%x: tensor<8x8xi1, #a>) -> tensor<8x8xi1, #a> {
  // expected-error @+1 {{cannot plan a conversion of 1-bit elements (8, 16, 32 or 64 bits)}}
  %y = ll.convert_layout %x : tensor<8x8xi1, #a> -> tensor<8x8xi1, #a>
  return %y : tensor<8x8xi1, #a>
}

// -----

#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#small = #ll.linear<{offset = [[0, 1], [0, 2]]} -> {dim0 = 8, dim1 = 8}>
func.func @memory_layout_too_small(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #a> {
  // expected-error @+1 {{the given memory_layout cannot be used: memory_layout does not hold element}}
  %y = ll.convert_layout %x {ll.plan = {memory_layout = #small}} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return %y : tensor<8x8xf32, #a>
}
