// RUN: ll-opt %s --split-input-file --verify-diagnostics

// One case per diagnostic of #ll.linear, !ll.shared and the ll ops.

// Input dimension names are identifiers.
// expected-error@+1 {{input dimension name 'a.b' is not an identifier}}
func.func @f() attributes {l = #ll.linear<{"a.b" = [[1]]}>} { return }

// -----

// At most 62 bases per input dimension.
// expected-error@+1 {{input dimension 'register' has more than 62 bases}}
func.func @f() attributes {l = #ll.linear<{register = [[0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0]]} -> {dim0 = 1}>} { return }

// -----

// At most 64 values per basis.
// expected-error@+1 {{a basis has more than 64 values}}
func.func @f() attributes {l = #ll.linear<{register = [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]}>} { return }

// -----

// Negative basis values.
// expected-error@+1 {{basis value -1 is negative}}
func.func @f() attributes {l = #ll.linear<{register = [[0, -1]]}>} { return }

// -----

// Basis values must fit a dimension of at most 2^62 elements.
// expected-error@+1 {{basis value 4611686018427387904 is too large}}
func.func @f() attributes {l = #ll.linear<{register = [[4611686018427387904]]}>} { return }

// -----

// Values beyond 64 bits.
// expected-error@+1 {{integer value too large}}
func.func @f() attributes {l = #ll.linear<{register = [[99999999999999999999999]]}>} { return }

// -----

// Integer literals of more than 32 characters are refused before they are
// converted (upstream's conversion takes minutes for 10^5 digits).
// expected-error@+1 {{integer literal longer than 32 characters}}
func.func @f() attributes {l = #ll.linear<{register = [[000000000000000000000000000000001]]}>} { return }

// -----

// expected-error@+1 {{integer literal longer than 32 characters}}
func.func @f() attributes {l = #ll.linear<{register = [[-0x00000000000000000000000000000001]]}>} { return }

// -----

// expected-error@+1 {{integer literal longer than 32 characters}}
func.func @f() attributes {l = #ll.linear<{register = [[1]]} -> {dim0 = 000000000000000000000000000000000002}>} { return }

// -----

// At most 64 input dimensions.
// expected-error@+1 {{more than 64 input dimensions}}
func.func @f() attributes {l = #ll.linear<{d0 = [], d1 = [], d2 = [], d3 = [], d4 = [], d5 = [], d6 = [], d7 = [], d8 = [], d9 = [], d10 = [], d11 = [], d12 = [], d13 = [], d14 = [], d15 = [], d16 = [], d17 = [], d18 = [], d19 = [], d20 = [], d21 = [], d22 = [], d23 = [], d24 = [], d25 = [], d26 = [], d27 = [], d28 = [], d29 = [], d30 = [], d31 = [], d32 = [], d33 = [], d34 = [], d35 = [], d36 = [], d37 = [], d38 = [], d39 = [], d40 = [], d41 = [], d42 = [], d43 = [], d44 = [], d45 = [], d46 = [], d47 = [], d48 = [], d49 = [], d50 = [], d51 = [], d52 = [], d53 = [], d54 = [], d55 = [], d56 = [], d57 = [], d58 = [], d59 = [], d60 = [], d61 = [], d62 = [], d63 = [], d64 = []}>} { return }

// -----

// Input dimensions are listed once.
// expected-error@+1 {{input dimension 'register' is listed twice}}
func.func @f() attributes {l = #ll.linear<{register = [[1]], lane = [], register = [[2]]}>} { return }

// -----

// At most 64 output dimensions.
// expected-error@+1 {{more than 64 output dimensions}}
func.func @f() attributes {l = #ll.linear<{} -> {d0 = 1, d1 = 1, d2 = 1, d3 = 1, d4 = 1, d5 = 1, d6 = 1, d7 = 1, d8 = 1, d9 = 1, d10 = 1, d11 = 1, d12 = 1, d13 = 1, d14 = 1, d15 = 1, d16 = 1, d17 = 1, d18 = 1, d19 = 1, d20 = 1, d21 = 1, d22 = 1, d23 = 1, d24 = 1, d25 = 1, d26 = 1, d27 = 1, d28 = 1, d29 = 1, d30 = 1, d31 = 1, d32 = 1, d33 = 1, d34 = 1, d35 = 1, d36 = 1, d37 = 1, d38 = 1, d39 = 1, d40 = 1, d41 = 1, d42 = 1, d43 = 1, d44 = 1, d45 = 1, d46 = 1, d47 = 1, d48 = 1, d49 = 1, d50 = 1, d51 = 1, d52 = 1, d53 = 1, d54 = 1, d55 = 1, d56 = 1, d57 = 1, d58 = 1, d59 = 1, d60 = 1, d61 = 1, d62 = 1, d63 = 1, d64 = 1}>} { return }

// -----

// Output dimension names are identifiers.
// expected-error@+1 {{output dimension name '9x' is not an identifier}}
func.func @f() attributes {l = #ll.linear<{register = [[1]]} -> {"9x" = 2}>} { return }

// -----

// Output dimensions are listed once.
// expected-error@+1 {{output dimension 'dim0' is listed twice}}
func.func @f() attributes {l = #ll.linear<{register = [[1, 0]]} -> {dim0 = 2, dim0 = 2}>} { return }

// -----

// Output sizes are powers of two.
// expected-error@+1 {{output dimension 'dim0' has size 6, which is not a positive power of two}}
func.func @f() attributes {l = #ll.linear<{register = [[1]]} -> {dim0 = 6}>} { return }

// -----

// Output sizes are positive.
// expected-error@+1 {{output dimension 'dim0' has size 0, which is not a positive power of two}}
func.func @f() attributes {l = #ll.linear<{register = [[0]]} -> {dim0 = 0}>} { return }

// -----

// Every basis has one value per output dimension (inferred arity).
// expected-error@+1 {{basis 1 of input dimension 'register' has 1 values, but the layout has 2 output dimensions}}
func.func @f() attributes {l = #ll.linear<{register = [[0, 1], [1]]}>} { return }

// -----

// Every basis has one value per output dimension (explicit).
// expected-error@+1 {{basis 0 of input dimension 'register' has 1 values, but the layout has 2 output dimensions}}
func.func @f() attributes {l = #ll.linear<{register = [[1]]} -> {dim0 = 2, dim1 = 2}>} { return }

// -----

// Values lie inside explicit output dimensions.
// expected-error@+1 {{basis 0 of input dimension 'lane' has value 8 for output dimension 'dim1' of size 8}}
func.func @f() attributes {l = #ll.linear<{register = [[0, 1]], lane = [[0, 8]]} -> {dim0 = 2, dim1 = 8}>} { return }

// -----

// Layouts have at most 64 input bits (checked by the core library).
// expected-error@+1 {{invalid linear layout: the input dimensions have 70 bits in total; at most 64 are supported}}
func.func @f() attributes {l = #ll.linear<{register = [[1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1]], lane = [[1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1], [1]]}>} { return }

// -----

// Missing '=' after a dimension name.
// expected-error@+1 {{expected '='}}
func.func @f() attributes {l = #ll.linear<{register [[1]]}>} { return }

// -----

// Missing dimension name.
// expected-error@+1 {{expected valid keyword or string}}
func.func @f() attributes {l = #ll.linear<{= [[1]]}>} { return }

// -----

// Unterminated basis list.
// expected-error@+1 {{unbalanced '[' character in pretty dialect name}}
func.func @f() attributes {l = #ll.linear<{register = [[1], [2]}>} { return }

// -----

// Tensor encodings use register/lane/warp/block.
// expected-error@+1 {{the input dimensions of a tensor encoding must be drawn from register, lane, warp, block (in this order), got [offset]}}
func.func @f(%arg0: tensor<4xf32, #ll.linear<{offset = [[1], [2]]}>>) { return }

// -----

// ... in this order.
// expected-error@+1 {{got [lane, register]}}
func.func @f(%arg0: tensor<4xf32, #ll.linear<{lane = [[1]], register = [[2]]}>>) { return }

// -----

// Tensor encodings need static shapes.
// expected-error@+1 {{the tensor has a dynamic dimension 0; #ll.linear needs a static shape}}
func.func @f(%arg0: tensor<?xf32, #ll.linear<{register = [[1]]}>>) { return }

// -----

// Tensor shapes are powers of two.
// expected-error@+1 {{dimension 0 of the tensor has size 6, which is not a power of two}}
func.func @f(%arg0: tensor<6xf32, #ll.linear<{register = [[1], [2]]}>>) { return }

// -----

// One output dimension per tensor dimension.
// expected-error@+1 {{the layout has 1 output dimensions, but the tensor has rank 2}}
func.func @f(%arg0: tensor<4x4xf32, #ll.linear<{register = [[1], [2]]}>>) { return }

// -----

// Output dimensions of an encoding are dim0, dim1, ...
// expected-error@+1 {{output dimension 0 of the layout is 'x', expected 'dim0'}}
func.func @f(%arg0: tensor<4xf32, #ll.linear<{register = [[1], [2]]} -> {x = 4}>>) { return }

// -----

// Bases must stay inside the tensor.
// expected-error@+1 {{basis lane[2] = [0, 64] is out of range for dim1 of size 32}}
func.func @f(%arg0: tensor<4x32xf32, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [0, 64]]}>>) { return }

// -----

// A basis beyond the shape is reported even where an earlier dimension also
// falls short of the tensor.
// expected-error@+1 {{basis register[0] = [0, 99] is out of range for dim1 of size 16}}
func.func @f(%arg0: tensor<16x16xf32, #ll.linear<{register = [[0, 99]]}>>) { return }

// -----

// Explicit output sizes must equal the tensor's.
// expected-error@+1 {{output dimension dim0 has size 4, but the tensor has 2}}
func.func @f(%arg0: tensor<2xf32, #ll.linear<{register = [[1]]} -> {dim0 = 4}>>) { return }

// -----

// The layout must reach every row and column.
// expected-error@+1 {{the layout does not cover the tensor: its values of dim0 stay below 4, but the tensor has 8}}
func.func @f(%arg0: tensor<8x4xf32, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>>) { return }

// -----

// ... and every element (surjective).
// expected-error@+1 {{the layout does not cover the tensor: its inputs reach 2^1 of the 2^2 elements}}
func.func @f(%arg0: tensor<2x2xf32, #ll.linear<{register = [[1, 1]], lane = [[1, 1]]}>>) { return }

// -----

// Shared buffers have a rank.
// expected-error@+1 {{a shared buffer needs a shape of rank 1 or more}}
func.func @f(%arg0: !ll.shared<f16, #ll.linear<{offset = []} -> {}>>) { return }

// -----

// Shared buffers hold integers or floats.
// expected-error@+1 {{shared buffer element type must be an integer or float type, got 'index'}}
func.func @f(%arg0: !ll.shared<4x4xindex, #ll.linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]]}>>) { return }

// -----

// Shared buffers are placed by #ll.linear.
// expected-error@+1 {{expected an #ll.linear memory layout}}
func.func @f(%arg0: !ll.shared<4x4xf16, {a = 1}>) { return }

// -----

// Memory layouts map offset (and block).
// expected-error@+1 {{a shared-memory layout must have the input dimensions [offset] or [offset, block], got [register]}}
func.func @f(%arg0: !ll.shared<4x4xf16, #ll.linear<{register = [[0, 1], [0, 2], [1, 0], [2, 0]]}>>) { return }

// -----

// Memory layouts match the buffer shape.
// expected-error@+1 {{the layout does not cover the buffer: its values of dim1 stay below 4, but the buffer has 8}}
func.func @f(%arg0: !ll.shared<4x8xf16, #ll.linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]]}>>) { return }

// -----

// Memory layouts are invertible: no element twice.
// expected-error@+1 {{the shared-memory layout is not invertible: several offsets hold the same element}}
func.func @f(%arg0: !ll.shared<4x4xf16, #ll.linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0], [0, 1]]}>>) { return }

// -----

// Memory layouts are invertible: every element has an address.
// expected-error@+1 {{the shared-memory layout is not invertible: some elements have no address}}
func.func @f(%arg0: !ll.shared<4x4xf16, #ll.linear<{offset = [[0, 1], [1, 0], [2, 2]]}>>) { return }

// -----

// convert_layout needs #ll.linear encodings.
func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{operand #0 must be ranked tensor with an #ll.linear encoding over register/lane/warp/block}}
  %0 = ll.convert_layout %a : tensor<4x4xf32> -> tensor<4x4xf32, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>>
  return
}

// -----

// convert_layout keeps the shape.
func.func @f(%a: tensor<4x4xf32, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>>) {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %0 = ll.convert_layout %a : tensor<4x4xf32, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>> -> tensor<2x8xf32, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [0, 4]]}>>
  return
}

// -----

// convert_layout keeps the element type.
func.func @f(%a: tensor<4x4xf32, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>>) {
  // expected-error@+1 {{requires the same element type for all operands and results}}
  %0 = ll.convert_layout %a : tensor<4x4xf32, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>> -> tensor<4x4xf16, #ll.linear<{register = [[1, 0], [2, 0]], lane = [[0, 1], [0, 2]]}>>
  return
}

// -----

// Global tiles need a known element size.
func.func @f(%p: !llvm.ptr) {
  // expected-error@+1 {{'ll.load_tile' op needs an integer or float element type, got 'index'}}
  %0 = ll.load_tile %p : !llvm.ptr -> tensor<4x4xindex, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>>
  return
}

// -----

// A row stride needs rows.
func.func @f(%p: !llvm.ptr, %t: tensor<4xf32, #ll.linear<{register = [[1], [2]]}>>, %s: i64) {
  // expected-error@+1 {{'ll.store_tile' op has a row_stride, but the tile has rank 1 (a row stride needs rank 2 or more)}}
  ll.store_tile %t, %p row_stride(%s : i64) : tensor<4xf32, #ll.linear<{register = [[1], [2]]}>>, !llvm.ptr
  return
}

// -----

// Tile I/O goes through an LLVM pointer.
func.func @f(%p: memref<16xf32>) {
  // expected-error@+1 {{'ll.load_tile' op operand #0 must be LLVM pointer, but got 'memref<16xf32>'}}
  %0 = ll.load_tile %p : memref<16xf32> -> tensor<4x4xf32, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>>
  return
}

// -----

// Shared loads match the buffer's shape.
func.func @f(%b: !ll.shared<4x4xf32, #ll.linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]]}>>) {
  // expected-error@+1 {{'ll.load_shared' op tensor shape [4] differs from the buffer shape [4, 4]}}
  %0 = ll.load_shared %b : !ll.shared<4x4xf32, #ll.linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]]}>> -> tensor<4xf32, #ll.linear<{register = [[1], [2]]}>>
  return
}

// -----

// Shared stores match the buffer's element type.
func.func @f(%b: !ll.shared<4x4xf32, #ll.linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]]}>>, %t: tensor<4x4xf16, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>>) {
  // expected-error@+1 {{'ll.store_shared' op tensor element type 'f16' differs from the buffer element type 'f32'}}
  ll.store_shared %t, %b : tensor<4x4xf16, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>>, !ll.shared<4x4xf32, #ll.linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]]}>>
  return
}

// -----

// A tile index is an integer of 8 to 64 bits.
func.func @f() {
  // expected-error@+1 {{'ll.tile_index' op needs a signless integer element type of 8, 16, 32 or 64 bits, got 'f16'}}
  %0 = ll.tile_index : tensor<4x4xf16, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'ll.tile_index' op needs a signless integer element type of 8, 16, 32 or 64 bits, got 'i1'}}
  %0 = ll.tile_index : tensor<4x4xi1, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'ll.tile_index' op result #0 must be ranked tensor with an #ll.linear encoding}}
  %0 = ll.tile_index : tensor<4x4xi32>
  return
}
