// RUN: ll-opt %s --ll-plan-conversions --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | FileCheck %s
// RUN: ll-opt %s --ll-plan-conversions --remarks-filter=ll-plan-conversions --remark-format=yaml --remarks-output-file=%t.yaml -o /dev/null
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml

// The planning pass counts the conversions of each kind and sums the
// planned shuffles, selects, wavefronts and shared bytes (corpus cases: the
// 16x32 seed transpose and the 64x64 fp16 transpose through shared memory,
// an intra-warp exchange by shuffles, a register permutation, a no-op).

// The same decisions through the standard remark options, as YAML.
// YAML:      --- !Analysis
// YAML-NEXT: Pass:            ll-plan-conversions
// YAML-NEXT: Name:            shared_memory
// YAML-NEXT: DebugLoc:        { File: '{{.*}}plan-conversions-statistics.mlir',
// YAML:      Function:        seed_transpose_16x32_f32
// YAML-NEXT: Args:
// YAML-NEXT:   - Reason:          'C moves data between lanes only, but 16 shuffles + 480 selects per warp cost more than 32.00 shared-memory wavefronts per warp'
// YAML-NEXT:   - vector_bits:     '128'
// YAML-NEXT:   - rounds:          '1'
// YAML-NEXT:   - store_instruction: st.shared
// YAML-NEXT:   - load_instruction: ldmatrix
// YAML-NEXT:   - store_wavefronts: '16'
// YAML-NEXT:   - load_wavefronts: '16'
// YAML-NEXT:   - unswizzled_store_wavefronts: '16'
// YAML-NEXT:   - unswizzled_load_wavefronts: '256'
// YAML-NEXT:   - shared_bytes:    '2048'
// YAML:      Name:            shuffle
// YAML:      Name:            registers
// YAML:      Name:            noop
// YAML:      Name:            shared_memory
// YAML-NEXT: DebugLoc:
// YAML:      Function:        transpose_64x64_fp16_w4

// CHECK-LABEL: Pass statistics report
// CHECK:       LLPlanConversions
// CHECK-NEXT:    (S)    80 load-wavefronts  - Predicted shared-memory load wavefronts, summed over tiles
// CHECK-NEXT:    (S)     1 noop             - Conversions planned as no-ops
// CHECK-NEXT:    (S)     1 registers        - Conversions planned as register moves
// CHECK-NEXT:    (S)    64 selects          - Selects per thread of the shuffle plans, summed
// CHECK-NEXT:    (S) 10240 shared-bytes     - Shared memory of the plans (bytes), summed
// CHECK-NEXT:    (S)     2 shared-memory    - Conversions planned through shared memory
// CHECK-NEXT:    (S)     1 shuffle          - Conversions planned as warp shuffles
// CHECK-NEXT:    (S)    32 shuffles         - Warp shuffles per thread, summed over the conversions
// CHECK-NEXT:    (S)    80 store-wavefronts - Predicted shared-memory store wavefronts, summed over tiles

#a0 = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b0 = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
#a1 = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b1 = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#a2 = #ll.linear<{register = [[0, 1], [0, 2], [1, 0]], lane = [[0, 4], [0, 8], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>
#b2 = #ll.linear<{register = [[1, 0], [0, 1], [0, 2]], lane = [[0, 4], [0, 8], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>
#a3 = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b3 = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#a4 = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#b4 = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]], lane = [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = []}>

func.func @seed_transpose_16x32_f32(%x: tensor<16x32xf32, #a0>) -> tensor<16x32xf32, #b0> {
  %y = ll.convert_layout %x : tensor<16x32xf32, #a0> -> tensor<16x32xf32, #b0>
  return %y : tensor<16x32xf32, #b0>
}

func.func @intrawarp_4x8_to_8x4_32x32_fp32_w1(%x: tensor<32x32xf32, #a1>) -> tensor<32x32xf32, #b1> {
  %y = ll.convert_layout %x : tensor<32x32xf32, #a1> -> tensor<32x32xf32, #b1>
  return %y : tensor<32x32xf32, #b1>
}

func.func @register_permutation_64x16_fp32_w4(%x: tensor<64x16xf32, #a2>) -> tensor<64x16xf32, #b2> {
  %y = ll.convert_layout %x : tensor<64x16xf32, #a2> -> tensor<64x16xf32, #b2>
  return %y : tensor<64x16xf32, #b2>
}

func.func @noop_16x32_f32(%x: tensor<16x32xf32, #a3>) -> tensor<16x32xf32, #b3> {
  %y = ll.convert_layout %x : tensor<16x32xf32, #a3> -> tensor<16x32xf32, #b3>
  return %y : tensor<16x32xf32, #b3>
}

func.func @transpose_64x64_fp16_w4(%x: tensor<64x64xf16, #a4>) -> tensor<64x64xf16, #b4> {
  %y = ll.convert_layout %x : tensor<64x64xf16, #a4> -> tensor<64x64xf16, #b4>
  return %y : tensor<64x64xf16, #b4>
}

