// RUN: ll-opt %s --ll-fold-conversions | FileCheck %s
// RUN: ll-opt %s --pass-pipeline='builtin.module(ll-fold-conversions{max-rewrites=0})' | FileCheck %s --check-prefix=NONE
// RUN: not ll-opt %s --pass-pipeline='builtin.module(ll-fold-conversions{max-rewrites=-2})' 2>&1 | FileCheck %s --check-prefix=BAD

#a = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>

// Unlike --canonicalize, the pass leaves every op but ll.convert_layout
// alone: the dead and foldable arith ops stay.
// CHECK-LABEL: func.func @only_conversions
// CHECK: arith.constant 1
// CHECK: arith.addi
// CHECK-NOT: ll.convert_layout
// CHECK: return %arg0
// NONE-COUNT-2: ll.convert_layout
// BAD: max-rewrites must be -1 (no limit) or a count, got -2
func.func @only_conversions(%x: tensor<16x32xf16, #a>) -> tensor<16x32xf16, #a> {
  %c1 = arith.constant 1 : i32
  %unused = arith.addi %c1, %c1 : i32
  %y = ll.convert_layout %x : tensor<16x32xf16, #a> -> tensor<16x32xf16, #b>
  %z = ll.convert_layout %y : tensor<16x32xf16, #b> -> tensor<16x32xf16, #a>
  return %z : tensor<16x32xf16, #a>
}
