// RUN: ll-opt %s | FileCheck %s
// RUN: ll-opt %s --emit-bytecode | ll-opt | FileCheck %s

// The three layouts below are copied verbatim from the TTGIR Triton 3.6
// prints for Inputs/triton_linear_dump.py compiled on the CPU for
// GPUTarget("cuda", 90, 32) (a reshape/permute/trans chain); only the prefix
// #ttg.linear became #ll.linear. Their bodies print back unchanged.
#linear = #ll.linear<{register = [[4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 16], [0, 1], [0, 2], [0, 4], [0, 8]], warp = [[1, 0], [2, 0]], block = []}>
#linear1 = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [0, 32]], lane = [[16, 0], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [[0, 1], [0, 2]], block = []}>
#linear2 = #ll.linear<{register = [[0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 16, 0]], lane = [[8, 0, 0], [0, 32, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[0, 0, 1], [0, 1, 0]], block = []}>

// CHECK-DAG: #[[L0:.+]] = #ll.linear<{register = {{\[\[}}4, 0], [8, 0], [16, 0], [32, 0]], lane = {{\[\[}}0, 16], [0, 1], [0, 2], [0, 4], [0, 8]], warp = {{\[\[}}1, 0], [2, 0]], block = []}>
// CHECK-DAG: #[[L1:.+]] = #ll.linear<{register = {{\[\[}}0, 4], [0, 8], [0, 16], [0, 32]], lane = {{\[\[}}16, 0], [1, 0], [2, 0], [4, 0], [8, 0]], warp = {{\[\[}}0, 1], [0, 2]], block = []}>
// CHECK-DAG: #[[L2:.+]] = #ll.linear<{register = {{\[\[}}0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 16, 0]], lane = {{\[\[}}8, 0, 0], [0, 32, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = {{\[\[}}0, 0, 1], [0, 1, 0]], block = []}>
// CHECK-LABEL: func.func @triton_layouts
// CHECK-SAME: tensor<64x32xf16, #[[L0]]>
// CHECK-SAME: tensor<32x64xf16, #[[L1]]>
// CHECK-SAME: tensor<16x64x2xf16, #[[L2]]>
func.func @triton_layouts(%a: tensor<64x32xf16, #linear>, %b: tensor<32x64xf16, #linear1>, %c: tensor<16x64x2xf16, #linear2>) {
  return
}
