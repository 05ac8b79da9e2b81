// RUN: ll-opt %s --split-input-file --ll-fold-gather-conversions | FileCheck %s
// RUN: ll-opt %s --split-input-file --ll-fold-gather-conversions=target=sm_60 | FileCheck %s --check-prefix=SM60
// RUN: ll-opt %s --split-input-file --ll-fold-gather-conversions --remarks-filter=ll-fold-gather-conversions --verify-diagnostics -o /dev/null

// Triton 3.6's tl.gather of an 8x128 fp32 tile along axis 0 on 4 warps
// (bench/gather.py): loaded coalesced (#io), converted to the layouts of a
// shuffle gather, converted back. Three round trips through shared memory
// and the shuffles cost more than one gather through shared memory laid
// out for its loads: the four ops become one gather of the tiles as loaded
// (docs/gather.md, "Conversions folded into a gather").
#io = #ll.linear<{register = [[0, 1], [0, 2], [4, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]], block = []}>
#g = #ll.linear<{register = [[0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = []}>
// The lanes' columns take the bank bits, the rows (the gathered axis) the
// top of the offset.
// CHECK: #[[MEM:.+]] = #ll.linear<{offset = {{\[\[}}0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 1], [0, 2], [4, 0], [1, 0], [2, 0]]}>
// CHECK-LABEL: func.func @folded
// CHECK-NOT: ll.convert_layout
// CHECK: %[[R:.*]] = ll.gather %arg0[%arg1] axis = 0 {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #[[MEM]], vector_bits = 32, rounds = 1, shared_bytes = 4096, store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = 32, load_wavefronts = 32>} : tensor<8x128xf32, #{{.*}}>, tensor<8x128xi32, #{{.*}}> -> tensor<8x128xf32, #{{.*}}>
// CHECK-NOT: ll.convert_layout
// CHECK: return %[[R]]
func.func @folded(%x: tensor<8x128xf32, #io>, %i: tensor<8x128xi32, #io>) -> tensor<8x128xf32, #io> {
  %s = ll.convert_layout %x : tensor<8x128xf32, #io> -> tensor<8x128xf32, #g>
  %j = ll.convert_layout %i : tensor<8x128xi32, #io> -> tensor<8x128xi32, #g>
  // expected-remark @+1 {{folded | Category:ll-fold-gather-conversions | Function=folded | Reason="the gather reads the layouts its source and indices were converted from and writes the one its result was converted to, through shared memory laid out for its loads: 44.0 issue cycles per warp against 88.0 for the three conversions and the gather", folded_cost=4.400000e+01, rounds=1, unfolded_cost=8.800000e+01}}
  %g = ll.gather %s[%j] axis = 0 : tensor<8x128xf32, #g>, tensor<8x128xi32, #g> -> tensor<8x128xf32, #g>
  %o = ll.convert_layout %g : tensor<8x128xf32, #g> -> tensor<8x128xf32, #io>
  return %o : tensor<8x128xf32, #io>
}

// -----

// Triton's 64x64 fp32 gather along axis 0 on 2 warps: the whole source is
// 256 bytes per thread, above the 128 a gather may hold at once on NVIDIA
// (GPUTarget::gatherScratchBytesPerThread: more leaves the loads too little
// L1). The folded gather runs in 2 rounds of 8 KiB over a column bit that
// registers alone set on both sides, the top bit of its memory layout
// (docs/gather.md, "Rounds").
#io = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [1, 0]], warp = [[2, 0]], block = []}>
#g = #ll.linear<{register = [[1, 0], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [[0, 1]], block = []}>
// CHECK: #[[MEM:.+]] = #ll.linear<{offset = {{\[\[}}0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [0, 1], [4, 0], [8, 0], [16, 0], [32, 0], [2, 0], [0, 2]]}>
// Before sm_70 shared memory is apart from the L1: one round.
// SM60-LABEL: func.func @folded_in_rounds
// SM60: rounds = 1, shared_bytes = 16384,
// CHECK-LABEL: func.func @folded_in_rounds
// CHECK-NOT: ll.convert_layout
// CHECK: ll.gather %arg0[%arg1] axis = 0 {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #[[MEM]], vector_bits = 32, rounds = 2, shared_bytes = 8192,
// CHECK-NOT: ll.convert_layout
func.func @folded_in_rounds(%x: tensor<64x64xf32, #io>, %i: tensor<64x64xi32, #io>) -> tensor<64x64xf32, #io> {
  %s = ll.convert_layout %x : tensor<64x64xf32, #io> -> tensor<64x64xf32, #g>
  %j = ll.convert_layout %i : tensor<64x64xi32, #io> -> tensor<64x64xi32, #g>
  // expected-remark @+1 {{folded | Category:ll-fold-gather-conversions | Function=folded_in_rounds | Reason="the gather reads the layouts its source and indices were converted from and writes the one its result was converted to, through shared memory laid out for its loads: 312.0 issue cycles per warp against 632.0 for the three conversions and the gather; in 2 rounds of 8192 bytes, the source being more than 128 bytes per thread (docs/gather.md, section Rounds)", folded_cost=3.120000e+02, rounds=2, unfolded_cost=6.320000e+02}}
  %g = ll.gather %s[%j] axis = 0 : tensor<64x64xf32, #g>, tensor<64x64xi32, #g> -> tensor<64x64xf32, #g>
  %o = ll.convert_layout %g : tensor<64x64xf32, #g> -> tensor<64x64xf32, #io>
  return %o : tensor<64x64xf32, #io>
}

// -----

// A hand-written plan on any of the four ops is obeyed: nothing is folded.
#io = #ll.linear<{register = [[0, 1], [0, 2], [4, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]], block = []}>
#g = #ll.linear<{register = [[0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = []}>
// CHECK-LABEL: func.func @hand_written_plan
// CHECK-COUNT-2: ll.convert_layout
// CHECK: ll.gather %{{.*}} {ll.plan = #ll.plan<kind = shuffle>}
// CHECK: ll.convert_layout
func.func @hand_written_plan(%x: tensor<8x128xf32, #io>, %i: tensor<8x128xi32, #io>) -> tensor<8x128xf32, #io> {
  %s = ll.convert_layout %x : tensor<8x128xf32, #io> -> tensor<8x128xf32, #g>
  %j = ll.convert_layout %i : tensor<8x128xi32, #io> -> tensor<8x128xi32, #g>
  %g = ll.gather %s[%j] axis = 0 {ll.plan = #ll.plan<kind = shuffle>} : tensor<8x128xf32, #g>, tensor<8x128xi32, #g> -> tensor<8x128xf32, #g>
  %o = ll.convert_layout %g : tensor<8x128xf32, #g> -> tensor<8x128xf32, #io>
  return %o : tensor<8x128xf32, #io>
}

// -----

// The result goes elsewhere than the layout the indices came from (and the
// converted source is used twice): the conversions stay.
#io = #ll.linear<{register = [[0, 1], [0, 2], [4, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]], block = []}>
#g = #ll.linear<{register = [[0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = []}>
// CHECK-LABEL: func.func @result_elsewhere
// CHECK-COUNT-2: ll.convert_layout
// CHECK: ll.gather %{{.*}} axis = 0 :
// CHECK-NEXT: return
// CHECK-LABEL: func.func @source_used_twice
// CHECK-COUNT-2: ll.convert_layout
// CHECK: ll.gather %{{.*}} axis = 0 :
// CHECK: ll.convert_layout
func.func @result_elsewhere(%x: tensor<8x128xf32, #io>, %i: tensor<8x128xi32, #io>) -> tensor<8x128xf32, #g> {
  %s = ll.convert_layout %x : tensor<8x128xf32, #io> -> tensor<8x128xf32, #g>
  %j = ll.convert_layout %i : tensor<8x128xi32, #io> -> tensor<8x128xi32, #g>
  %g = ll.gather %s[%j] axis = 0 : tensor<8x128xf32, #g>, tensor<8x128xi32, #g> -> tensor<8x128xf32, #g>
  return %g : tensor<8x128xf32, #g>
}
func.func @source_used_twice(%x: tensor<8x128xf32, #io>, %i: tensor<8x128xi32, #io>) -> (tensor<8x128xf32, #io>, tensor<8x128xf32, #g>) {
  %s = ll.convert_layout %x : tensor<8x128xf32, #io> -> tensor<8x128xf32, #g>
  %j = ll.convert_layout %i : tensor<8x128xi32, #io> -> tensor<8x128xi32, #g>
  %g = ll.gather %s[%j] axis = 0 : tensor<8x128xf32, #g>, tensor<8x128xi32, #g> -> tensor<8x128xf32, #g>
  %o = ll.convert_layout %g : tensor<8x128xf32, #g> -> tensor<8x128xf32, #io>
  return %o, %s : tensor<8x128xf32, #io>, tensor<8x128xf32, #g>
}

// -----

// In a loop, the source changes every iteration: the gather's source comes
// from the loop, not from a conversion, and nothing is folded (the
// conversions of the tile and of the indices run once, the gather 32 times).
#io = #ll.linear<{register = [[0, 1], [0, 2], [4, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]], block = []}>
#g = #ll.linear<{register = [[0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = []}>
// CHECK-LABEL: func.func @in_a_loop
// CHECK-COUNT-2: ll.convert_layout
// CHECK: scf.for
// CHECK: ll.gather %{{.*}} axis = 0 :
func.func @in_a_loop(%x: tensor<8x128xf32, #io>, %i: tensor<8x128xi32, #io>) -> tensor<8x128xf32, #g> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant dense<1.0> : tensor<8x128xf32, #g>
  %s = ll.convert_layout %x : tensor<8x128xf32, #io> -> tensor<8x128xf32, #g>
  %j = ll.convert_layout %i : tensor<8x128xi32, #io> -> tensor<8x128xi32, #g>
  %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%v = %s) -> (tensor<8x128xf32, #g>) {
    %v1 = arith.addf %v, %one : tensor<8x128xf32, #g>
    %g = ll.gather %v1[%j] axis = 0 : tensor<8x128xf32, #g>, tensor<8x128xi32, #g> -> tensor<8x128xf32, #g>
    scf.yield %g : tensor<8x128xf32, #g>
  }
  return %r : tensor<8x128xf32, #g>
}

// -----

// A bad target is an error.
// RUN: not ll-opt %s --split-input-file --ll-fold-gather-conversions=target=sm_1x -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: ll-fold-gather-conversions: {{.*}}sm_1x
func.func @nothing() {
  return
}
