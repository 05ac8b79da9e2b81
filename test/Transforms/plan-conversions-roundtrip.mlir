// The annotated IR parses back, and planning it again keeps the plan.
// RUN: ll-opt %s --ll-plan-conversions | ll-opt --ll-plan-conversions | FileCheck %s
// RUN: not ll-opt %s --ll-plan-conversions=target=tpu 2>&1 | FileCheck %s --check-prefix=TARGET

#a = #ll.linear<{register = [[0, 1], [8, 0], [0, 16], [0, 32], [0, 64], [32, 0], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [16, 0]], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 64], [16, 0], [32, 0], [64, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
// mma v2 accumulator -> blocked, fp16, 4 warps: stmatrix, 128-bit loads, 8
// rounds through 4 KiB (Triton 3.6 uses the same scratch).
// CHECK-LABEL: func.func @mma_to_blocked
// CHECK: ll.plan = #ll.plan<kind = shared_memory, memory_layout = #{{.*}}, vector_bits = 128, rounds = 8, shared_bytes = 4096,
// CHECK-SAME: store_instruction = "stmatrix", load_instruction = "ld.shared", store_wavefronts = 256, load_wavefronts = 256>
// TARGET: error: ll-plan-conversions: target 'tpu' is not known
func.func @mma_to_blocked(%x: tensor<128x128xf16, #a>) -> tensor<128x128xf16, #b> {
  %y = ll.convert_layout %x : tensor<128x128xf16, #a> -> tensor<128x128xf16, #b>
  return %y : tensor<128x128xf16, #b>
}
