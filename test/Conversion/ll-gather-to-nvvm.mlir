// RUN: ll-opt %s --split-input-file --convert-ll-to-nvvm --verify-diagnostics | FileCheck %s

// Warp-local: the source's row is in the thread's own lanes (lane bit 4 is
// the row in both layouts); one shuffle per candidate register (2: the
// source register bit is the column's low bit), one select.
#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
// CHECK-LABEL: gpu.func @shuffles
// CHECK-NOT: __ll_scratch
// CHECK-COUNT-2: nvvm.shfl.sync idx
// CHECK: llvm.select
// CHECK-NOT: nvvm.shfl.sync
// CHECK: gpu.return
gpu.module @m {
  gpu.func @shuffles(%ps: !llvm.ptr<1>, %pi: !llvm.ptr<1>, %po: !llvm.ptr<1>) kernel {
    %s = ll.load_tile %ps : !llvm.ptr<1> -> tensor<8x32xf32, #src>
    %i = ll.load_tile %pi : !llvm.ptr<1> -> tensor<8x16xi32, #idx>
    %r = ll.gather %s[%i] axis = 1 : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
    ll.store_tile %r, %po : tensor<8x16xf32, #idx>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// The same gather forced through shared memory: store, barrier, one load.
#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
// CHECK-LABEL: gpu.module @m
// CHECK: llvm.mlir.global internal @__ll_scratch
// CHECK-LABEL: gpu.func @shared
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.store {{.*}} vector<2xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier
// CHECK: llvm.load {{.*}} !llvm.ptr<3> -> f32
gpu.module @m {
  gpu.func @shared(%ps: !llvm.ptr<1>, %pi: !llvm.ptr<1>, %po: !llvm.ptr<1>) kernel {
    %s = ll.load_tile %ps : !llvm.ptr<1> -> tensor<8x32xf32, #src>
    %i = ll.load_tile %pi : !llvm.ptr<1> -> tensor<8x16xi32, #idx>
    %r = ll.gather %s[%i] axis = 1 {ll.plan = #ll.plan<kind = shared_memory>} : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
    ll.store_tile %r, %po : tensor<8x16xf32, #idx>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Not warp-local (the source's rows 0-1 and 2-3 are in different warps
// than the index's): a shuffle plan is refused.
#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [2, 0]], warp = [[1, 0], [4, 0]], block = []}>
gpu.module @m {
  gpu.func @refused(%ps: !llvm.ptr<1>, %pi: !llvm.ptr<1>, %po: !llvm.ptr<1>) kernel {
    %s = ll.load_tile %ps : !llvm.ptr<1> -> tensor<8x32xf32, #src>
    %i = ll.load_tile %pi : !llvm.ptr<1> -> tensor<8x16xi32, #idx>
    // expected-error @+1 {{cannot carry out the ll.plan: a shuffle gather needs the gathered axis within a warp}}
    %r = ll.gather %s[%i] axis = 1 {ll.plan = #ll.plan<kind = shuffle>} : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
    ll.store_tile %r, %po : tensor<8x16xf32, #idx>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A hand-written figure that is not the gather's is refused.
#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
gpu.module @m {
  gpu.func @figures(%ps: !llvm.ptr<1>, %pi: !llvm.ptr<1>, %po: !llvm.ptr<1>) kernel {
    %s = ll.load_tile %ps : !llvm.ptr<1> -> tensor<8x32xf32, #src>
    %i = ll.load_tile %pi : !llvm.ptr<1> -> tensor<8x16xi32, #idx>
    // expected-error @+1 {{cannot carry out the ll.plan: shuffles = 5 is not the gather's (2)}}
    %r = ll.gather %s[%i] axis = 1 {ll.plan = #ll.plan<kind = shuffle, vector_bits = 32, rounds = 2, shuffles = 5, selects = 1>} : tensor<8x32xf32, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xf32, #idx>
    ll.store_tile %r, %po : tensor<8x16xf32, #idx>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A shared-memory gather in rounds (docs/gather.md, "Rounds"): the top
// offset bit of the memory layout, column 2 (a register direction on both
// sides), is the round. Round 0 stores the registers of columns 0-1 mod 4
// and loads their results, round 1 the others, into a scratch of half the
// tile; a barrier before round 1 overwrites what round 0 read.
#io = #ll.linear<{register = [[0, 1], [0, 2], [4, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]], block = []}>
#mem = #ll.linear<{offset = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [0, 1], [0, 2]]}>
// CHECK-LABEL: gpu.module @m
// CHECK: llvm.mlir.global internal @__ll_scratch() {{.*}} : !llvm.array<2048 x i8>
// CHECK-LABEL: gpu.func @rounds
// CHECK-COUNT-4: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: nvvm.barrier0
// CHECK: gpu.return
gpu.module @m {
  gpu.func @rounds(%ps: !llvm.ptr<1>, %pi: !llvm.ptr<1>, %po: !llvm.ptr<1>) kernel {
    %s = ll.load_tile %ps : !llvm.ptr<1> -> tensor<8x128xf32, #io>
    %i = ll.load_tile %pi : !llvm.ptr<1> -> tensor<8x128xi32, #io>
    %r = ll.gather %s[%i] axis = 0 {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #mem, vector_bits = 32, rounds = 2, shared_bytes = 2048, store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = 32, load_wavefronts = 32>} : tensor<8x128xf32, #io>, tensor<8x128xi32, #io> -> tensor<8x128xf32, #io>
    ll.store_tile %r, %po : tensor<8x128xf32, #io>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A round bit that a lane sets cannot be carried out: the lanes of one
// store would belong to different rounds.
#io = #ll.linear<{register = [[0, 1], [0, 2], [4, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]], block = []}>
#mem = #ll.linear<{offset = [[0, 1], [0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [0, 2], [0, 4]]}>
gpu.module @m {
  gpu.func @lane_round(%ps: !llvm.ptr<1>, %pi: !llvm.ptr<1>, %po: !llvm.ptr<1>) kernel {
    %s = ll.load_tile %ps : !llvm.ptr<1> -> tensor<8x128xf32, #io>
    %i = ll.load_tile %pi : !llvm.ptr<1> -> tensor<8x128xi32, #io>
    // expected-error @+1 {{cannot carry out the ll.plan: the top 1 offset bit(s) of the memory layout cannot be rounds: the source's lane bit 0 sets one (a round must be set by registers alone)}}
    %r = ll.gather %s[%i] axis = 0 {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #mem, vector_bits = 32, rounds = 2, shared_bytes = 2048, store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = 32, load_wavefronts = 32>} : tensor<8x128xf32, #io>, tensor<8x128xi32, #io> -> tensor<8x128xf32, #io>
    ll.store_tile %r, %po : tensor<8x128xf32, #io>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Rounds are halvings of the scratch: a power of two.
#io = #ll.linear<{register = [[0, 1], [0, 2], [4, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]], block = []}>
#mem = #ll.linear<{offset = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [0, 1], [0, 2]]}>
gpu.module @m {
  gpu.func @three_rounds(%ps: !llvm.ptr<1>, %pi: !llvm.ptr<1>, %po: !llvm.ptr<1>) kernel {
    %s = ll.load_tile %ps : !llvm.ptr<1> -> tensor<8x128xf32, #io>
    %i = ll.load_tile %pi : !llvm.ptr<1> -> tensor<8x128xi32, #io>
    // expected-error @+1 {{cannot carry out the ll.plan: rounds = 3 is not a power of two}}
    %r = ll.gather %s[%i] axis = 0 {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #mem, vector_bits = 32, rounds = 3, shared_bytes = 2048, store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = 32, load_wavefronts = 32>} : tensor<8x128xf32, #io>, tensor<8x128xi32, #io> -> tensor<8x128xf32, #io>
    ll.store_tile %r, %po : tensor<8x128xf32, #io>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Nor a round bit along the gathered axis: the index value picks the row,
// so a thread could not know in which round its element is stored.
#io = #ll.linear<{register = [[0, 1], [0, 2], [4, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]], block = []}>
#mem = #ll.linear<{offset = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [0, 2], [0, 1], [4, 0]]}>
gpu.module @m {
  gpu.func @axis_round(%ps: !llvm.ptr<1>, %pi: !llvm.ptr<1>, %po: !llvm.ptr<1>) kernel {
    %s = ll.load_tile %ps : !llvm.ptr<1> -> tensor<8x128xf32, #io>
    %i = ll.load_tile %pi : !llvm.ptr<1> -> tensor<8x128xi32, #io>
    // expected-error @+1 {{cannot carry out the ll.plan: the top 1 offset bit(s) of the memory layout cannot be rounds: index value bit 2 sets one (a round must be set by registers alone)}}
    %r = ll.gather %s[%i] axis = 0 {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #mem, vector_bits = 32, rounds = 2, shared_bytes = 2048, store_instruction = "st.shared", load_instruction = "ld.shared", store_wavefronts = 32, load_wavefronts = 32>} : tensor<8x128xf32, #io>, tensor<8x128xi32, #io> -> tensor<8x128xf32, #io>
    ll.store_tile %r, %po : tensor<8x128xf32, #io>, !llvm.ptr<1>
    gpu.return
  }
}
