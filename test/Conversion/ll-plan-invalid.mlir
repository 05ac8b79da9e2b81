// RUN: ll-opt --convert-ll-to-nvvm --split-input-file --verify-diagnostics %s
// RUN: not ll-opt --convert-ll-to-nvvm=chip=sm_70 --split-input-file %s 2>&1 | FileCheck %s --check-prefix=SM70

// A hand-written ll.plan that the lowering cannot carry out is a located
// error naming why; it is never replaced by another plan.

// Registers only, for a move between warps (the 64x64 fp16 transpose of the
// corpus, 4 warps).
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]], lane = [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = []}>
func.func @registers_across_warps(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #a>
  // expected-error @below {{cannot carry out the ll.plan: kind 'registers' cannot perform this conversion: it needs 'shared_memory'}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = registers>} : tensor<64x64xf16, #a> -> tensor<64x64xf16, #b>
  ll.store_tile %y, %p : tensor<64x64xf16, #b>, !llvm.ptr<1>
  return
}

// -----

// Warp shuffles for the same move between warps.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]], lane = [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = []}>
func.func @shuffle_across_warps(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #a>
  // expected-error @below {{cannot carry out the ll.plan: kind 'shuffle' cannot perform this conversion: it needs 'shared_memory'}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shuffle>} : tensor<64x64xf16, #a> -> tensor<64x64xf16, #b>
  ll.store_tile %y, %p : tensor<64x64xf16, #b>, !llvm.ptr<1>
  return
}

// -----

// A no-op for a conversion that moves registers.
#a = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 1]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @noop_that_moves(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<8x16xf16, #a>
  // expected-error @below {{cannot carry out the ll.plan: kind 'noop' cannot perform this conversion: it needs 'registers'}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = noop>} : tensor<8x16xf16, #a> -> tensor<8x16xf16, #b>
  ll.store_tile %y, %p : tensor<8x16xf16, #b>, !llvm.ptr<1>
  return
}

// -----

// A memory layout that puts two offsets on one element (not a bijection
// onto the 16x32 tile).
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
#m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [4, 0]]} -> {dim0 = 16, dim1 = 32}>
func.func @memory_not_bijective(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf32, #a>
  // expected-error @below {{cannot carry out the ll.plan: its memory_layout is not a bijection onto the tile}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m>} : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
  ll.store_tile %y, %p : tensor<16x32xf32, #b>, !llvm.ptr<1>
  return
}

// -----

// A memory layout of another tile.
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
#m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]]} -> {dim0 = 16, dim1 = 16}>
func.func @memory_other_tile(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf32, #a>
  // expected-error @below {{cannot carry out the ll.plan: its memory_layout is not a bijection onto the tile}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m>} : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
  ll.store_tile %y, %p : tensor<16x32xf32, #b>, !llvm.ptr<1>
  return
}

// -----

// 64-bit vectors where neither side has two contiguous registers in the
// memory layout (XOR m: offset bit 0 is a lane of both).
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
#xorm = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], [4, 4], [8, 8]]} -> {dim0 = 16, dim1 = 32}>
func.func @vector_too_wide(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf32, #a>
  // expected-error @below {{cannot carry out the ll.plan: vector_bits = 64 is wider than the layouts allow in its memory layout: the stores have at most 32-bit vectors of contiguous registers}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #xorm, vector_bits = 64>} : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
  ll.store_tile %y, %p : tensor<16x32xf32, #b>, !llvm.ptr<1>
  return
}

// -----

// One round through a 256 KiB buffer: more shared memory than sm_90 has.
#a = #ll.linear<{register = [[0, 32], [0, 64], [0, 128], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[1, 0], [2, 0]], block = []}>
#rows = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]]} -> {dim0 = 256, dim1 = 256}>
func.func @too_much_shared_memory(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<256x256xf32, #a>
  // expected-error @below {{cannot carry out the ll.plan: its 262144-byte scratch is more than the 232448 bytes of shared memory a block has on sm_90}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #rows, vector_bits = 32>} : tensor<256x256xf32, #a> -> tensor<256x256xf32, #a>
  ll.store_tile %y, %p : tensor<256x256xf32, #a>, !llvm.ptr<1>
  return
}

// -----

// An instruction the lowering does not know.
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
#m = #ll.linear<{offset = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4], [4, 2], [8, 4], [0, 8], [0, 16]]}>
func.func @unknown_instruction(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf32, #a>
  // expected-error @below {{cannot carry out the ll.plan: unknown store_instruction 'st.global' (expected st.shared, stmatrix or stmatrix.trans)}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m, vector_bits = 128, rounds = 1, shared_bytes = 2048, store_instruction = "st.global", load_instruction = "ldmatrix", store_wavefronts = 16, load_wavefronts = 16>} : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
  ll.store_tile %y, %p : tensor<16x32xf32, #b>, !llvm.ptr<1>
  return
}

// -----

// ldmatrix moves bytes only as 4-byte words of 16-byte rows: the planner's
// plan of the corpus's 64x64 int8 transpose, with ldmatrix asked for its
// load, has no such rows in its memory layout.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [32, 0]], lane = [[0, 16], [0, 32], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 32]], lane = [[16, 0], [32, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>
#m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 16], [0, 32], [2, 0], [4, 0], [16, 16], [32, 32], [1, 4], [0, 8], [8, 0]]}>
func.func @ldmatrix_bytes(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xi8, #a>
  // expected-error @below {{cannot carry out the ll.plan: ldmatrix cannot load through its memory layout}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m, vector_bits = 8, rounds = 1, shared_bytes = 4096, store_instruction = "st.shared", load_instruction = "ldmatrix", store_wavefronts = 32, load_wavefronts = 128>} : tensor<64x64xi8, #a> -> tensor<64x64xi8, #b>
  ll.store_tile %y, %p : tensor<64x64xi8, #b>, !llvm.ptr<1>
  return
}

// -----

// Two rounds need each side to know its round from its registers alone or
// from its threads alone; in #mixed the top offset bit [0, 8] is lane 3 of
// #a, whose register [8, 0] = [8, 8] + [0, 8] sets it too.
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
#mixed = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 16], [1, 1], [2, 2], [4, 4], [8, 8], [0, 8]]} -> {dim0 = 16, dim1 = 32}>
func.func @rounds_set_by_registers_and_lanes(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf32, #a>
  // expected-error @below {{cannot carry out the ll.plan: rounds = 2 needs each of the top 1 offset bit(s) of the memory layout to be set, on each side, by registers alone or by lanes and warps alone}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #mixed, vector_bits = 32, rounds = 2, shared_bytes = 1024, store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = 16, load_wavefronts = 32>} : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
  ll.store_tile %y, %p : tensor<16x32xf32, #b>, !llvm.ptr<1>
  return
}

// -----

#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
#xorm = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], [4, 4], [8, 8]]} -> {dim0 = 16, dim1 = 32}>
func.func @rounds_not_power_of_two(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf32, #a>
  // expected-error @below {{cannot carry out the ll.plan: rounds = 3 is not a power of two up to the 512 elements of the memory layout}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #xorm, vector_bits = 32, rounds = 3, shared_bytes = 1024, store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = 16, load_wavefronts = 32>} : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
  ll.store_tile %y, %p : tensor<16x32xf32, #b>, !llvm.ptr<1>
  return
}

// -----

// A shuffle other than the one the lowering emits (the corpus's intra-warp
// exchange takes 32 rounds of one 32-bit shuffle).
#a = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @other_shuffle(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf32, #a>
  // expected-error @below {{cannot carry out the ll.plan: a shuffle with vector_bits = 64, rounds = 16 is not the shuffle the lowering emits (vector_bits = 32, rounds = 32)}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shuffle, vector_bits = 64, rounds = 16, shuffles = 32, selects = 0>} : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
  ll.store_tile %y, %p : tensor<32x32xf32, #b>, !llvm.ptr<1>
  return
}

// -----

// The planner's sm_90 plan of the 16x32 transpose loads with ldmatrix,
// which sm_70 does not have.
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
#m = #ll.linear<{offset = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4], [4, 2], [8, 4], [0, 8], [0, 16]]}>
func.func @ldmatrix_on_sm70(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf32, #a>
  // SM70: ll-plan-invalid.mlir:[[@LINE+1]]:8: error: cannot carry out the ll.plan: ldmatrix does not exist on sm_70
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m, vector_bits = 128, rounds = 1, shared_bytes = 2048, store_instruction = "st.shared", load_instruction = "ldmatrix", store_wavefronts = 16, load_wavefronts = 16>} : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
  return
}

// -----

// ldmatrix.trans has no 8-bit form (the planner's plan of blocked -> dot
// operand A of int8, with its ldmatrix load asked to transpose).
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [32, 0], [64, 0]], lane = [[0, 16], [0, 32], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [8, 0], [0, 16], [0, 32], [64, 0]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
#m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [64, 0]]}>
func.func @ldmatrix_trans_bytes(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<128x64xi8, #a>
  // expected-error @below {{cannot carry out the ll.plan: ldmatrix.trans has no 8-bit form (b8 transposes need sm_100)}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #m, vector_bits = 128, rounds = 2, shared_bytes = 4096, store_instruction = "st.shared", load_instruction = "ldmatrix.trans", store_wavefronts = 64, load_wavefronts = 64>} : tensor<128x64xi8, #a> -> tensor<128x64xi8, #b>
  ll.store_tile %y, %p : tensor<128x64xi8, #b>, !llvm.ptr<1>
  return
}

// -----

// owner_loads = true on a conversion whose result has two uses (each
// store could share its instructions out differently).
#a = #ll.linear<{register = [[4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[0, 16], [2, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [8, 0], [0, 16]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 0]], block = []}>
func.func @owner_loads_not_stored(%p: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xbf16, #a>
  // expected-error @below {{cannot carry out the ll.plan: owner_loads = true, but the result's one use is not the value of an ll.store_tile right after it in its block (its other operands defined before the conversion, nothing with memory effects between) of a layout whose warps repeat each other}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory, owner_loads = true>} : tensor<16x32xbf16, #a> -> tensor<16x32xbf16, #b>
  ll.store_tile %y, %p : tensor<16x32xbf16, #b>, !llvm.ptr<1>
  ll.store_tile %y, %p : tensor<16x32xbf16, #b>, !llvm.ptr<1>
  return
}
