// RUN: ll-opt %s --split-input-file --ll-plan-conversions="allow-matrix=false allow-one-sided=false" | FileCheck %s
// RUN: ll-opt %s --split-input-file --ll-plan-conversions | FileCheck %s --check-prefix=MATRIX

// The 16x32 fp32 transpose of the worked example (the paper's construction
// alone: no matrix instructions, no one-sided vectors): shared memory through the
// XOR 2m swizzle, 16 + 16 wavefronts.
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
// CHECK: #[[M:.+]] = #ll.linear<{offset = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 2], [2, 4], [4, 8], [8, 16]]}>
// CHECK-LABEL: func.func @transpose_16x32_xor2m
// CHECK: ll.convert_layout %arg0 {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #[[M]], vector_bits = 32, rounds = 1, shared_bytes = 2048, store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = 16, load_wavefronts = 16>}
// MATRIX-LABEL: func.func @transpose_16x32_xor2m
// MATRIX: vector_bits = 128,
// MATRIX-SAME: load_instruction = "ldmatrix", store_wavefronts = 16, load_wavefronts = 16>
func.func @transpose_16x32_xor2m(%x: tensor<16x32xf32, #a>) -> tensor<16x32xf32, #b> {
  %y = ll.convert_layout %x : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
  return %y : tensor<16x32xf32, #b>
}

// -----

// Lanes trade places within a warp: warp shuffles.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [8, 0], [16, 0]], lane = [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [], block = []}>
// CHECK-LABEL: func.func @intra_warp
// CHECK: ll.plan = #ll.plan<kind = shuffle, vector_bits = 32, rounds = 32, shuffles = 32, selects = {{[0-9]+}}>
func.func @intra_warp(%x: tensor<32x32xf32, #a>) -> tensor<32x32xf32, #b> {
  %y = ll.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
  return %y : tensor<32x32xf32, #b>
}

// -----

// Only registers move.
#a = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 1]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK-LABEL: func.func @registers_only
// CHECK: ll.plan = #ll.plan<kind = registers>
func.func @registers_only(%x: tensor<8x16xf16, #a>) -> tensor<8x16xf16, #b> {
  %y = ll.convert_layout %x : tensor<8x16xf16, #a> -> tensor<8x16xf16, #b>
  return %y : tensor<8x16xf16, #b>
}

// -----

// A hand-written kind is kept: shared memory instead of shuffles.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [8, 0], [16, 0]], lane = [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [], block = []}>
// CHECK-LABEL: func.func @override_kind
// CHECK: ll.plan = #ll.plan<kind = shared_memory,
// CHECK-SAME: store_wavefronts = 32, load_wavefronts = 32>
func.func @override_kind(%x: tensor<32x32xf32, #a>) -> tensor<32x32xf32, #b> {
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory>} : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
  return %y : tensor<32x32xf32, #b>
}

// -----

// A hand-written memory layout is kept and costed: the classic XOR m swizzle
// reads with 2-way conflicts (32 wavefronts instead of 16).
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
#xorm = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], [4, 4], [8, 8]]} -> {dim0 = 16, dim1 = 32}>
// CHECK-LABEL: func.func @override_memory_layout
// CHECK: ll.plan = #ll.plan<kind = shared_memory, memory_layout = #{{.*}}, vector_bits = 32, rounds = 1, shared_bytes = 2048,
// CHECK-SAME: store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = 16, load_wavefronts = 32>
func.func @override_memory_layout(%x: tensor<16x32xf32, #a>) -> tensor<16x32xf32, #b> {
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #xorm>} : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
  return %y : tensor<16x32xf32, #b>
}

// -----

// Same layout on both sides.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK-LABEL: func.func @noop
// CHECK: ll.plan = #ll.plan<kind = noop>
func.func @noop(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #a> {
  %y = ll.convert_layout %x : tensor<8x8xf32, #a> -> tensor<8x8xf32, #a>
  return %y : tensor<8x8xf32, #a>
}

// -----

// A hand-written vector_bits is kept with its memory layout.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [0, 2], [0, 4]], warp = [], block = []}>
#m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]} -> {dim0 = 8, dim1 = 8}>
// CHECK-LABEL: func.func @given_vector_bits
// CHECK: ll.plan = #ll.plan<kind = shared_memory,
// CHECK-SAME: vector_bits = 64,
func.func @given_vector_bits(%x: tensor<8x8xf32, #a>) -> tensor<8x8xf32, #b> {
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m, vector_bits = 64>} : tensor<8x8xf32, #a> -> tensor<8x8xf32, #b>
  return %y : tensor<8x8xf32, #b>
}
