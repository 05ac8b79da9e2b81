// RUN: ll-opt %s --split-input-file --ll-plan-conversions --remarks-filter=ll-plan-conversions --verify-diagnostics
// RUN: ll-opt %s --split-input-file --ll-plan-conversions --remarks-filter-analyse=ll-.* --verify-diagnostics

// The remark of every conversion of the benchmark corpus (bench/corpus.json
// and bench/extra_cases.json, sm_90) and of a no-op: its kind, the planner's
// reason and the plan's figures, with the wavefronts of the same conversion
// through an unswizzled (row-major) buffer for scale. Remarks are the MLIR
// remark framework's: they are shown only when the remark options ask for
// the category `ll-plan-conversions` (no remark below is produced without
// them, plan-conversions-invalid.mlir runs without).

// seed_transpose_16x32_f32
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
func.func @seed_transpose_16x32_f32(%x: tensor<16x32xf32, #a>) -> tensor<16x32xf32, #b> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=seed_transpose_16x32_f32 | Reason="C moves data between lanes only, but 16 shuffles + 480 selects per warp cost more than 32.00 shared-memory wavefronts per warp", load_instruction=ldmatrix, load_wavefronts=16, rounds=1, shared_bytes=2048, store_instruction=st.shared, store_wavefronts=16, unswizzled_load_wavefronts=256, unswizzled_store_wavefronts=16, vector_bits=128}}
  %y = ll.convert_layout %x : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
  return %y : tensor<16x32xf32, #b>
}

// -----

// transpose_64x64_fp16_w4
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]], lane = [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = []}>
func.func @transpose_64x64_fp16_w4(%x: tensor<64x64xf16, #a>) -> tensor<64x64xf16, #b> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=transpose_64x64_fp16_w4 | Reason="C moves data between warps: only shared memory reaches another warp", load_instruction=ldmatrix.trans, load_wavefronts=64, rounds=1, shared_bytes=8192, store_instruction=st.shared, store_wavefronts=64, unswizzled_load_wavefronts=1024, unswizzled_store_wavefronts=64, vector_bits=128}}
  %y = ll.convert_layout %x : tensor<64x64xf16, #a> -> tensor<64x64xf16, #b>
  return %y : tensor<64x64xf16, #b>
}

// -----

// transpose_128x128_fp32_w4
#a = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], warp = [[0, 1], [0, 2]], block = []}>
func.func @transpose_128x128_fp32_w4(%x: tensor<128x128xf32, #a>) -> tensor<128x128xf32, #b> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=transpose_128x128_fp32_w4 | Reason="C moves data between warps: only shared memory reaches another warp", load_instruction=ldmatrix, load_wavefronts=512, rounds=1, shared_bytes=65536, store_instruction=st.shared, store_wavefronts=512, unswizzled_load_wavefronts=16384, unswizzled_store_wavefronts=512, vector_bits=128}}
  %y = ll.convert_layout %x : tensor<128x128xf32, #a> -> tensor<128x128xf32, #b>
  return %y : tensor<128x128xf32, #b>
}

// -----

// transpose_32x32_fp32_w1
#a = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [0, 4], [0, 8], [0, 16]], lane = [[4, 0], [8, 0], [16, 0], [0, 1], [0, 2]], warp = [], block = []}>
func.func @transpose_32x32_fp32_w1(%x: tensor<32x32xf32, #a>) -> tensor<32x32xf32, #b> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=transpose_32x32_fp32_w1 | Reason="C moves data between lanes only, but 32 shuffles + 1984 selects per warp cost more than 64.00 shared-memory wavefronts per warp", load_instruction=ldmatrix, load_wavefronts=32, rounds=1, shared_bytes=4096, store_instruction=st.shared, store_wavefronts=32, unswizzled_load_wavefronts=256, unswizzled_store_wavefronts=32, vector_bits=128}}
  %y = ll.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
  return %y : tensor<32x32xf32, #b>
}

// -----

// mma2_to_blocked_128x128_fp16_w4
#a = #ll.linear<{register = [[0, 1], [8, 0], [0, 16], [0, 32], [0, 64], [32, 0], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [16, 0]], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 64], [16, 0], [32, 0], [64, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @mma2_to_blocked_128x128_fp16_w4(%x: tensor<128x128xf16, #a>) -> tensor<128x128xf16, #b> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=mma2_to_blocked_128x128_fp16_w4 | Reason="C moves data between warps: only shared memory reaches another warp", load_instruction=ld.shared, load_wavefronts=256, rounds=8, shared_bytes=4096, store_instruction=stmatrix, store_wavefronts=256, unswizzled_load_wavefronts=256, unswizzled_store_wavefronts=2048, vector_bits=128}}
  %y = ll.convert_layout %x : tensor<128x128xf16, #a> -> tensor<128x128xf16, #b>
  return %y : tensor<128x128xf16, #b>
}

// -----

// blocked_to_mma2_128x128_fp16_w4
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 64], [16, 0], [32, 0], [64, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#b = #ll.linear<{register = [[0, 1], [8, 0], [0, 16], [0, 32], [0, 64], [32, 0], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [16, 0]], block = []}>
func.func @blocked_to_mma2_128x128_fp16_w4(%x: tensor<128x128xf16, #a>) -> tensor<128x128xf16, #b> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=blocked_to_mma2_128x128_fp16_w4 | Reason="C moves data between warps: only shared memory reaches another warp", load_instruction=ldmatrix, load_wavefronts=256, rounds=8, shared_bytes=4096, store_instruction=st.shared, store_wavefronts=256, unswizzled_load_wavefronts=2048, unswizzled_store_wavefronts=256, vector_bits=128}}
  %y = ll.convert_layout %x : tensor<128x128xf16, #a> -> tensor<128x128xf16, #b>
  return %y : tensor<128x128xf16, #b>
}

// -----

// mma2_to_blocked_128x128_fp32_w4
#a = #ll.linear<{register = [[0, 1], [8, 0], [0, 16], [0, 32], [0, 64], [32, 0], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [16, 0]], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [0, 32], [0, 64], [16, 0], [32, 0], [64, 0]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
func.func @mma2_to_blocked_128x128_fp32_w4(%x: tensor<128x128xf32, #a>) -> tensor<128x128xf32, #b> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=mma2_to_blocked_128x128_fp32_w4 | Reason="C moves data between warps: only shared memory reaches another warp", load_instruction=ld.shared, load_wavefronts=512, rounds=8, shared_bytes=8192, store_instruction=st.shared, store_wavefronts=512, unswizzled_load_wavefronts=512, unswizzled_store_wavefronts=2048, vector_bits=128}}
  %y = ll.convert_layout %x : tensor<128x128xf32, #a> -> tensor<128x128xf32, #b>
  return %y : tensor<128x128xf32, #b>
}

// -----

// blocked_to_dotA_128x64_fp16_w4
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 32], [32, 0], [64, 0]], lane = [[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
#b = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
func.func @blocked_to_dotA_128x64_fp16_w4(%x: tensor<128x64xf16, #a>) -> tensor<128x64xf16, #b> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=blocked_to_dotA_128x64_fp16_w4 | Reason="C moves data between warps: only shared memory reaches another warp", load_instruction=ldmatrix, load_wavefronts=128, rounds=4, shared_bytes=4096, store_instruction=st.shared, store_wavefronts=128, unswizzled_load_wavefronts=1024, unswizzled_store_wavefronts=256, vector_bits=128}}
  %y = ll.convert_layout %x : tensor<128x64xf16, #a> -> tensor<128x64xf16, #b>
  return %y : tensor<128x64xf16, #b>
}

// -----

// intrawarp_4x8_to_8x4_32x32_fp32_w1
#a = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @intrawarp_4x8_to_8x4_32x32_fp32_w1(%x: tensor<32x32xf32, #a>) -> tensor<32x32xf32, #b> {
  // expected-remark @below {{[Analysis] shuffle | Category:ll-plan-conversions | Function=intrawarp_4x8_to_8x4_32x32_fp32_w1 | Reason="C moves data between lanes only; 32 shuffles + 64 selects per warp cost less than 64.00 shared-memory wavefronts per warp", rounds=32, selects=64, shuffles=32, vector_bits=32}}
  %y = ll.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
  return %y : tensor<32x32xf32, #b>
}

// -----

// mma2_to_dotA_64x64_fp16_w4
#a = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
#b = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
func.func @mma2_to_dotA_64x64_fp16_w4(%x: tensor<64x64xf16, #a>) -> tensor<64x64xf16, #b> {
  // expected-remark @below {{[Analysis] noop | Category:ll-plan-conversions | Function=mma2_to_dotA_64x64_fp16_w4 | Reason="A and B are the same layout: every thread already holds its elements in the right registers"}}
  %y = ll.convert_layout %x : tensor<64x64xf16, #a> -> tensor<64x64xf16, #b>
  return %y : tensor<64x64xf16, #b>
}

// -----

// register_permutation_64x16_fp32_w4
#a = #ll.linear<{register = [[0, 1], [0, 2], [1, 0]], lane = [[0, 4], [0, 8], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [0, 1], [0, 2]], lane = [[0, 4], [0, 8], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>
func.func @register_permutation_64x16_fp32_w4(%x: tensor<64x16xf32, #a>) -> tensor<64x16xf32, #b> {
  // expected-remark @below {{[Analysis] registers | Category:ll-plan-conversions | Function=register_permutation_64x16_fp32_w4 | Reason="every thread already holds the elements it needs: only registers move"}}
  %y = ll.convert_layout %x : tensor<64x16xf32, #a> -> tensor<64x16xf32, #b>
  return %y : tensor<64x16xf32, #b>
}

// -----

// broadcast_16x16_fp32_w4
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0]], warp = [[0, 0], [0, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 0]], warp = [[0, 0], [0, 0]], block = []}>
func.func @broadcast_16x16_fp32_w4(%x: tensor<16x16xf32, #a>) -> tensor<16x16xf32, #b> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=broadcast_16x16_fp32_w4 | Reason="C moves data between lanes only, but 16 shuffles + 480 selects per warp cost more than 18.00 shared-memory wavefronts per warp", load_instruction=ldmatrix, load_wavefronts=64, rounds=1, shared_bytes=1024, store_instruction=st.shared, store_wavefronts=8, unswizzled_load_wavefronts=64, unswizzled_store_wavefronts=32, vector_bits=128}}
  %y = ll.convert_layout %x : tensor<16x16xf32, #a> -> tensor<16x16xf32, #b>
  return %y : tensor<16x16xf32, #b>
}

// -----

// warp_transpose_64x64_fp32_w4
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 16], [0, 32], [32, 0]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [8, 0], [16, 0], [32, 0]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[0, 16], [0, 32]], block = []}>
func.func @warp_transpose_64x64_fp32_w4(%x: tensor<64x64xf32, #a>) -> tensor<64x64xf32, #b> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=warp_transpose_64x64_fp32_w4 | Reason="C moves data between warps: only shared memory reaches another warp", load_instruction=ld.shared, load_wavefronts=128, rounds=2, shared_bytes=8192, store_instruction=st.shared, store_wavefronts=128, unswizzled_load_wavefronts=256, unswizzled_store_wavefronts=256, vector_bits=128}}
  %y = ll.convert_layout %x : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
  return %y : tensor<64x64xf32, #b>
}

// -----

// transpose_64x64_fp8e4nv_w4
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [32, 0]], lane = [[0, 16], [0, 32], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 32]], lane = [[16, 0], [32, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>
func.func @transpose_64x64_fp8e4nv_w4(%x: tensor<64x64xf8E4M3FN, #a>) -> tensor<64x64xf8E4M3FN, #b> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=transpose_64x64_fp8e4nv_w4 | Reason="C moves data between warps: only shared memory reaches another warp", load_instruction=ld.shared, load_wavefronts=128, rounds=1, shared_bytes=4096, store_instruction=st.shared, store_wavefronts=32, unswizzled_load_wavefronts=512, unswizzled_store_wavefronts=32, vector_bits=8}}
  %y = ll.convert_layout %x : tensor<64x64xf8E4M3FN, #a> -> tensor<64x64xf8E4M3FN, #b>
  return %y : tensor<64x64xf8E4M3FN, #b>
}

// -----

// transpose_64x64_int8_w4
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [32, 0]], lane = [[0, 16], [0, 32], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 32]], lane = [[16, 0], [32, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>
func.func @transpose_64x64_int8_w4(%x: tensor<64x64xi8, #a>) -> tensor<64x64xi8, #b> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=transpose_64x64_int8_w4 | Reason="C moves data between warps: only shared memory reaches another warp", load_instruction=ld.shared, load_wavefronts=128, rounds=1, shared_bytes=4096, store_instruction=st.shared, store_wavefronts=32, unswizzled_load_wavefronts=512, unswizzled_store_wavefronts=32, vector_bits=8}}
  %y = ll.convert_layout %x : tensor<64x64xi8, #a> -> tensor<64x64xi8, #b>
  return %y : tensor<64x64xi8, #b>
}

// -----

// noop_16x32_f32
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
func.func @noop_16x32_f32(%x: tensor<16x32xf32, #a>) -> tensor<16x32xf32, #b> {
  // expected-remark @below {{[Analysis] noop | Category:ll-plan-conversions | Function=noop_16x32_f32 | Reason="A and B are the same layout: every thread already holds its elements in the right registers"}}
  %y = ll.convert_layout %x : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
  return %y : tensor<16x32xf32, #b>
}


// -----

// A hand-written kind: the reason says so.
#a = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @forced_shared_memory(%x: tensor<32x32xf32, #a>) -> tensor<32x32xf32, #b> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=forced_shared_memory | Reason="shared memory was requested", load_instruction=ld.shared, load_wavefronts=32, rounds=4, shared_bytes=1024, store_instruction=st.shared, store_wavefronts=32, unswizzled_load_wavefronts=256, unswizzled_store_wavefronts=128, vector_bits=128}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory>} : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
  return %y : tensor<32x32xf32, #b>
}

// -----

// A hand-written memory layout (XOR m, 2-way conflicts on the load): costed
// as given.
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
#xorm = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], [4, 4], [8, 8]]} -> {dim0 = 16, dim1 = 32}>
func.func @given_memory_layout(%x: tensor<16x32xf32, #a>) -> tensor<16x32xf32, #b> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=given_memory_layout | Reason="shared memory was requested; the hand-written fields of the plan are kept", load_instruction=ld.shared, load_wavefronts=32, rounds=1, shared_bytes=2048, store_instruction=st.shared, store_wavefronts=16, unswizzled_load_wavefronts=256, unswizzled_store_wavefronts=16, vector_bits=32}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #xorm>} : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
  return %y : tensor<16x32xf32, #b>
}
