// RUN: ll-opt %s --split-input-file --ll-plan-conversions | FileCheck %s
// RUN: ll-opt %s --split-input-file --ll-plan-conversions=fold-into-gathers=false | FileCheck %s --check-prefix=KEEP
// RUN: ll-opt %s --split-input-file --ll-plan-conversions --remarks-filter=ll-plan-conversions -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// docs/gather.md, "Conversions into a gather": a 64x64 fp32 tile loaded
// coalesced on 2 warps and converted to the source layout Triton 3.6 gives
// tl.gather along dim0. That layout holds dim0 across warps, so the gather
// goes through shared memory, which reads any layout: the conversion is
// dropped (the gather from the loaded layout costs 264 issue cycles per
// warp against 328).
#io = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [1, 0]], warp = [[2, 0]], block = []}>
#src = #ll.linear<{register = [[1, 0], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [[0, 1]], block = []}>
// CHECK-LABEL: func.func @shared_memory_gather
// CHECK-NOT: ll.convert_layout
// CHECK: ll.gather %arg0[%arg1] axis = 0 {ll.plan = #ll.plan<kind = shared_memory
// KEEP-LABEL: func.func @shared_memory_gather
// KEEP: ll.convert_layout %arg0
// KEEP: ll.gather
// REMARK: remark: [Analysis] folded-conversion | Category:ll-plan-conversions | Function=shared_memory_gather | Reason="the gather reads its source in the layout it was converted from, at no more cost, so the conversion is dropped", cost_converted=3.280000e+02, cost_unconverted=2.640000e+02
func.func @shared_memory_gather(%t: tensor<64x64xf32, #io>, %i: tensor<64x64xi32, #src>) -> tensor<64x64xf32, #src> {
  %s = ll.convert_layout %t : tensor<64x64xf32, #io> -> tensor<64x64xf32, #src>
  %r = ll.gather %s[%i] axis = 0 : tensor<64x64xf32, #src>, tensor<64x64xi32, #src> -> tensor<64x64xf32, #src>
  return %r : tensor<64x64xf32, #src>
}

// -----

// 2x128 fp16 on 4 warps: the converted source is warp-local (one shuffle
// per element), the loaded one holds dim0 in a warp bit and would go
// through shared memory at a higher cost: the conversion stays.
#io = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = [[0, 64], [1, 0]], block = []}>
#src = #ll.linear<{register = [[0, 64]], lane = [[1, 0], [0, 1], [0, 2], [0, 4], [0, 8]], warp = [[0, 16], [0, 32]], block = []}>
// CHECK-LABEL: func.func @shuffle_gather
// CHECK: ll.convert_layout %arg0
// CHECK: ll.gather {{.*}}kind = shuffle
// REMARK-NOT: folded-conversion
func.func @shuffle_gather(%t: tensor<2x128xf16, #io>, %i: tensor<2x128xi32, #src>) -> tensor<2x128xf16, #src> {
  %s = ll.convert_layout %t : tensor<2x128xf16, #io> -> tensor<2x128xf16, #src>
  %r = ll.gather %s[%i] axis = 0 : tensor<2x128xf16, #src>, tensor<2x128xi32, #src> -> tensor<2x128xf16, #src>
  return %r : tensor<2x128xf16, #src>
}

// -----

// A hand-written plan on the conversion is an instruction: kept.
#io = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [1, 0]], warp = [[2, 0]], block = []}>
#src = #ll.linear<{register = [[1, 0], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [[0, 1]], block = []}>
// CHECK-LABEL: func.func @planned_by_hand
// CHECK: ll.convert_layout %arg0 {ll.plan = #ll.plan<kind = shared_memory
// CHECK: ll.gather
func.func @planned_by_hand(%t: tensor<64x64xf32, #io>, %i: tensor<64x64xi32, #src>) -> tensor<64x64xf32, #src> {
  %s = ll.convert_layout %t {ll.plan = #ll.plan<kind = shared_memory>} : tensor<64x64xf32, #io> -> tensor<64x64xf32, #src>
  %r = ll.gather %s[%i] axis = 0 : tensor<64x64xf32, #src>, tensor<64x64xi32, #src> -> tensor<64x64xf32, #src>
  return %r : tensor<64x64xf32, #src>
}
