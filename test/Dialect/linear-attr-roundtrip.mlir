// RUN: ll-opt %s --split-input-file | FileCheck %s
// RUN: ll-opt %s --split-input-file | ll-opt --split-input-file | FileCheck %s

// The encoding form: output dims dim0.. take their sizes from the tensor.
// CHECK: #[[L:.+]] = #ll.linear<{register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = {{\[\[}}4, 0], [8, 0]], block = []}>
// CHECK-LABEL: func.func @encoding_form
// CHECK-SAME: tensor<16x32xf16, #[[L]]>
func.func @encoding_form(%arg0: tensor<16x32xf16, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>>) {
  return
}

// -----

// Broadcast: zero bases (lane 4, warps) hold copies of the same elements.
// CHECK: #[[L:.+]] = #ll.linear<{register = {{\[\[}}1]], lane = {{\[\[}}2], [4], [8], [16], [0]], warp = {{\[\[}}0], [0]]}>
// CHECK-LABEL: func.func @broadcast
// CHECK-SAME: tensor<32xi32, #[[L]]>
func.func @broadcast(%arg0: tensor<32xi32, #ll.linear<{register = [[1]], lane = [[2], [4], [8], [16], [0]], warp = [[0], [0]]}>>) {
  return
}

// -----

// A standalone layout with explicit output dims that are not the inferred
// ones (dim1 is larger than its values need) keeps the `-> {...}` part.
// CHECK: #[[L:.+]] = #ll.linear<{register = {{\[\[}}0, 1]]} -> {dim0 = 4, dim1 = 8}>
// CHECK-LABEL: func.func @standalone_non_surjective
// CHECK-SAME: layout = #[[L]]
func.func @standalone_non_surjective() attributes {layout = #ll.linear<{register = [[0, 1]]} -> {dim0 = 4, dim1 = 8}>} {
  return
}

// -----

// Explicit output dims equal to the inferred ones print in the encoding form:
// one canonical text per layout.
// CHECK: #[[L:.+]] = #ll.linear<{register = {{\[\[}}0, 1], [1, 0]]}>
// CHECK-LABEL: func.func @explicit_equals_inferred
// CHECK-SAME: layout = #[[L]]
func.func @explicit_equals_inferred() attributes {layout = #ll.linear<{register = [[0, 1], [1, 0]]} -> {dim0 = 2, dim1 = 2}>} {
  return
}

// -----

// Arbitrary dimension names, as LinearLayout.to_mlir() writes them.
// CHECK: #[[L:.+]] = #ll.linear<{x = {{\[\[}}1, 0], [0, 2]], y = {{\[\[}}0, 1]]} -> {rows = 2, cols = 4}>
// CHECK-LABEL: func.func @named_dims
// CHECK-SAME: layout = #[[L]]
func.func @named_dims() attributes {layout = #ll.linear<{x = [[1, 0], [0, 2]], y = [[0, 1]]} -> {rows = 2, cols = 4}>} {
  return
}

// -----

// A memory layout: offset -> (dim0, dim1), rows XOR-swizzled.
// CHECK: #[[L:.+]] = #ll.linear<{offset = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 1]]}>
// CHECK-LABEL: func.func @memory_layout
// CHECK-SAME: layout = #[[L]]
func.func @memory_layout() attributes {layout = #ll.linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 1]]} -> {dim0 = 4, dim1 = 4}>} {
  return
}

// -----

// No input bits at all: the output dims cannot be inferred, so they stay.
// CHECK: #[[L:.+]] = #ll.linear<{register = [], lane = []} -> {dim0 = 1, dim1 = 1}>
// CHECK-LABEL: func.func @scalar_tile
// CHECK-SAME: tensor<1x1xf32, #[[L]]>
func.func @scalar_tile(%arg0: tensor<1x1xf32, #ll.linear<{register = [], lane = []} -> {dim0 = 1, dim1 = 1}>>) {
  return
}

// -----

// The empty layout.
// CHECK: #[[L:.+]] = #ll.linear<{}>
// CHECK-LABEL: func.func @empty
// CHECK-SAME: layout = #[[L]]
func.func @empty() attributes {layout = #ll.linear<{} -> {}>} {
  return
}

// -----

// Dimension names may be quoted; they print bare.
// CHECK: #[[L:.+]] = #ll.linear<{register = {{\[\[}}1]]}>
// CHECK-LABEL: func.func @quoted_names
// CHECK-SAME: layout = #[[L]]
func.func @quoted_names() attributes {layout = #ll.linear<{"register" = [[1]]} -> {"dim0" = 2}>} {
  return
}

// -----

// A shared buffer with its memory layout.
// CHECK: #[[M:.+]] = #ll.linear<{offset = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 1]]}>
// CHECK-LABEL: func.func @shared_type
// CHECK-SAME: !ll.shared<4x4xf16, #[[M]]>
func.func @shared_type(%arg0: !ll.shared<4x4xf16, #ll.linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 1]]}>>) {
  return
}
