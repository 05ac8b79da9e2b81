// RUN: ll-opt %s --split-input-file --verify-diagnostics

#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
func.func @axis(%s: tensor<8x32xf32, #src>, %i: tensor<8x16xi32, #idx>) {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %r = ll.gather %s[%i] axis = 2 : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
  return
}

// -----

#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
func.func @negative_axis(%s: tensor<8x32xf32, #src>, %i: tensor<8x16xi32, #idx>) {
  // expected-error @+1 {{axis -1 is out of range for rank 2}}
  %r = ll.gather %s[%i] axis = -1 : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
  return
}

// -----

#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
func.func @float_index(%s: tensor<8x32xf32, #src>, %i: tensor<8x16xf32, #idx>) {
  // expected-error @+1 {{indices must be signless integers, got 'f32'}}
  %r = ll.gather %s[%i] axis = 1 : tensor<8x32xf32, #src>, tensor<8x16xf32, #idx> -> tensor<8x16xf32, #idx>
  return
}

// -----

#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [[4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [8, 0]], block = []}>
func.func @other_dim(%s: tensor<8x32xf32, #src>, %i: tensor<16x16xi32, #idx>) {
  // expected-error @+1 {{dimension 0 has size 8 in the source but 16 in the indices (only the axis may differ)}}
  %r = ll.gather %s[%i] axis = 1 : tensor<8x32xf32, #src>, tensor<16x16xi32, #idx> -> tensor<16x16xf32, #idx>
  return
}

// -----

#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#other = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = [[4, 0], [0, 0]], block = []}>
func.func @result_layout(%s: tensor<8x32xf32, #src>, %i: tensor<8x16xi32, #idx>) {
  // expected-error @+1 {{must have the shape and layout of the indices}}
  %r = ll.gather %s[%i] axis = 1 : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #other>
  return
}

// -----

#src = #ll.linear<{register = [[0, 1], [4, 0]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
func.func @threads(%s: tensor<8x32xf32, #src>, %i: tensor<8x16xi32, #idx>) {
  // expected-error @+1 {{the source layout has 2 warp(s), the index layout 4: both must run on the same threads}}
  %r = ll.gather %s[%i] axis = 1 : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
  return
}

// -----

#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
func.func @element(%s: tensor<8x32xf32, #src>, %i: tensor<8x16xi32, #idx>) {
  // expected-error @+1 {{result element type 'f16' differs from the source's 'f32'}}
  %r = ll.gather %s[%i] axis = 1 : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf16, #idx>
  return
}

// -----

#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
func.func @plan_kind(%s: tensor<8x32xf32, #src>, %i: tensor<8x16xi32, #idx>) {
  // expected-error @+1 {{an ll.gather is planned as 'shuffle' or 'shared_memory', not 'noop'}}
  %r = ll.gather %s[%i] axis = 1 {ll.plan = #ll.plan<kind = noop>} : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
  return
}
