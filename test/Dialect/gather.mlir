// RUN: ll-opt %s --split-input-file | FileCheck %s
// RUN: ll-opt %s --split-input-file --mlir-print-op-generic | ll-opt --split-input-file | FileCheck %s

#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
// CHECK-LABEL: func.func @gather
// CHECK: ll.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<8x32xf32, #{{.*}}>, tensor<8x16xi32, #{{.*}}> -> tensor<8x16xf32, #{{.*}}>
func.func @gather(%s: tensor<8x32xf32, #src>, %i: tensor<8x16xi32, #idx>) -> tensor<8x16xf32, #idx> {
  %r = ll.gather %s[%i] axis = 1 : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
  return %r : tensor<8x16xf32, #idx>
}

// -----

#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
// CHECK-LABEL: func.func @planned
// CHECK: ll.gather {{.*}} axis = 1 {ll.plan = #ll.plan<kind = shared_memory>}
func.func @planned(%s: tensor<8x32xf16, #src>, %i: tensor<8x16xi8, #idx>) -> tensor<8x16xf16, #idx> {
  %r = ll.gather %s[%i] axis = 1 {ll.plan = #ll.plan<kind = shared_memory>} : tensor<8x32xf16, #src>, tensor<8x16xi8, #idx> -> tensor<8x16xf16, #idx>
  return %r : tensor<8x16xf16, #idx>
}
