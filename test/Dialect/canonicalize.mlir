// RUN: ll-opt %s --split-input-file --canonicalize | FileCheck %s
// RUN: ll-opt %s --split-input-file --ll-fold-conversions | FileCheck %s

#a = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>

// A conversion between equal layouts folds away.
// CHECK-LABEL: func.func @same_layout
// CHECK-NOT: ll.convert_layout
// CHECK: return %arg0
func.func @same_layout(%x: tensor<16x32xf16, #a>) -> tensor<16x32xf16, #a> {
  %y = ll.convert_layout %x : tensor<16x32xf16, #a> -> tensor<16x32xf16, #a>
  return %y : tensor<16x32xf16, #a>
}

// -----

#a = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>
#c = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>

// A -> B -> C becomes A -> C.
// CHECK: #[[A:.+]] = #ll.linear<{register = {{\[\[}}0, 1], [0, 2]]
// CHECK: #[[C:.+]] = #ll.linear<{register = {{\[\[}}0, 1], [8, 0]
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[Y:.+]] = ll.convert_layout %arg0 : tensor<16x32xf16, #[[A]]> -> tensor<16x32xf16, #[[C]]>
// CHECK-NEXT: return %[[Y]]
func.func @chain(%x: tensor<16x32xf16, #a>) -> tensor<16x32xf16, #c> {
  %y = ll.convert_layout %x : tensor<16x32xf16, #a> -> tensor<16x32xf16, #b>
  %z = ll.convert_layout %y : tensor<16x32xf16, #b> -> tensor<16x32xf16, #c>
  return %z : tensor<16x32xf16, #c>
}

// -----

#a = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>

// A -> B -> A gives back the original value.
// CHECK-LABEL: func.func @round_trip
// CHECK-NOT: ll.convert_layout
// CHECK: return %arg0
func.func @round_trip(%x: tensor<16x32xf16, #a>) -> tensor<16x32xf16, #a> {
  %y = ll.convert_layout %x : tensor<16x32xf16, #a> -> tensor<16x32xf16, #b>
  %z = ll.convert_layout %y : tensor<16x32xf16, #b> -> tensor<16x32xf16, #a>
  return %z : tensor<16x32xf16, #a>
}

// -----

#a = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>
#c = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>

// The intermediate conversion stays while something else uses it.
// CHECK-LABEL: func.func @chain_with_other_use
// CHECK-DAG: %[[B:.+]] = ll.convert_layout %arg0 : tensor<16x32xf16, #{{.+}}> -> tensor<16x32xf16, #[[LB:.+]]>
// CHECK-DAG: %[[C:.+]] = ll.convert_layout %arg0 : tensor<16x32xf16, #{{.+}}> -> tensor<16x32xf16, #[[LC:.+]]>
// CHECK: return %[[B]], %[[C]]
func.func @chain_with_other_use(%x: tensor<16x32xf16, #a>) -> (tensor<16x32xf16, #b>, tensor<16x32xf16, #c>) {
  %y = ll.convert_layout %x : tensor<16x32xf16, #a> -> tensor<16x32xf16, #b>
  %z = ll.convert_layout %y : tensor<16x32xf16, #b> -> tensor<16x32xf16, #c>
  return %y, %z : tensor<16x32xf16, #b>, tensor<16x32xf16, #c>
}

// -----

#a = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>

// A conversion nobody uses is dead.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT: return
func.func @dead(%x: tensor<16x32xf16, #a>) {
  %y = ll.convert_layout %x : tensor<16x32xf16, #a> -> tensor<16x32xf16, #b>
  return
}
