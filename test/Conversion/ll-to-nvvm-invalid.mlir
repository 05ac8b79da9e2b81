// RUN: ll-opt --convert-ll-to-nvvm --split-input-file --verify-diagnostics %s
// RUN: not ll-opt --convert-ll-to-nvvm="chip=gfx942" --split-input-file %s 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not ll-opt --convert-ll-to-nvvm="index-bitwidth=16" --split-input-file %s 2>&1 | FileCheck %s --check-prefix=WIDTH
// RUN: not ll-opt --convert-ll-to-nvvm="min-round-bytes=-1" --split-input-file %s 2>&1 | FileCheck %s --check-prefix=ROUNDS
// ROUNDS: error: min-round-bytes must not be negative, got -1
// CHIP: chip must be sm_<N>, got 'gfx942'
// WIDTH: index-bitwidth must be 32 or 64, got 16

// One case per diagnostic of lib/Conversion/LLToGPUCommon that valid IR can
// reach. The others are guarded by the dialect's verifiers or by earlier
// checks of the lowering, so no verified input reaches them:
// - the normalization of a tensor layout (encodings are register/lane/warp/
//   block -> dim0..dimN by construction);
// - "the shared-memory layout is not invertible" and "cannot address shared
//   memory" (buffer layouts are verified invertible and of the tensor's
//   shape; planned layouts are bijections);
// - "cannot plan the conversion[ through shared memory]" and "the plan has
//   no shared-memory layout" (planning fails only for CTA moves, uncovered
//   tensors, other element widths or too many lanes, all rejected before);
// - "cannot convert <type>" (element types are checked before converting);
// - "conversion was not planned", "shared buffer was not allocated" and
//   "needs an enclosing symbol table" (every op is planned first, and the
//   root module is a symbol table);
// - the sublayout of an [offset, block] buffer whose block size is 1.

// Layouts spread over several CTAs need distributed shared memory.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = [], block = [[4, 0]]}>
gpu.module @k {
  gpu.func @blocks(%p: !llvm.ptr<1>) kernel {
    // expected-error @below {{the tile layout spans several blocks (CTAs); the lowering handles one block}}
    // expected-error @below {{failed to legalize operation 'll.load_tile'}}
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<8x16xf32, #a>
    gpu.return
  }
}

// -----

// Elementwise ops on 8-bit floats have no LLVM arithmetic.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = []}>
gpu.module @k {
  gpu.func @fp8_add(%p: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<4x16xf8E4M3FN, #a>
    // expected-error @below {{elementwise ops on 'f8E4M3FN' tensors are not lowered}}
    // expected-error @below {{failed to legalize operation 'arith.addf'}}
    %u = arith.addf %t, %t : tensor<4x16xf8E4M3FN, #a>
    ll.store_tile %u, %p : tensor<4x16xf8E4M3FN, #a>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A tile with more lanes than an NVIDIA warp (32).
#w64 = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = []}>
gpu.module @k {
  gpu.func @too_many_lanes(%p: !llvm.ptr<1>) kernel {
    // expected-error @below {{the tile layout has 64 lanes, but a warp has 32}}
    // expected-error @below {{failed to legalize operation 'll.load_tile'}}
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<1x64xf32, #w64>
    gpu.return
  }
}

// -----

// 8192 registers per thread: beyond the 4096 the lowering unrolls.
#r = #ll.linear<{register = [[1], [2], [4], [8], [16], [32], [64], [128], [256], [512], [1024], [2048], [4096]], lane = [], warp = []}>
gpu.module @k {
  gpu.func @too_many_registers(%p: !llvm.ptr<1>) kernel {
    // expected-error @below {{the tile layout has 8192 registers per thread (at most 4096 lowered)}}
    // expected-error @below {{failed to legalize operation 'll.load_tile'}}
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<8192xf32, #r>
    gpu.return
  }
}

// -----

// The result layout of a conversion is checked like the source.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = []}>
#w64 = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = []}>
gpu.module @k {
  gpu.func @result_too_many_lanes(%p: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<4x16xf32, #a>
    // expected-error @below {{the result layout has 64 lanes, but a warp has 32}}
    %u = ll.convert_layout %t : tensor<4x16xf32, #a> -> tensor<4x16xf32, #w64>
    gpu.return
  }
}

// -----

// ll.convert_layout accepts any element type; the lowering moves integers
// and floats only (planned before any rewriting: no legalization error).
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = []}>
#b = #ll.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [2, 0]], warp = []}>
gpu.module @k {
  gpu.func @index_elements() kernel {
    %x = arith.constant dense<0> : tensor<4x16xindex, #a>
    // expected-error @below {{cannot lower 'index' elements (integers or floats only)}}
    %y = ll.convert_layout %x : tensor<4x16xindex, #a> -> tensor<4x16xindex, #b>
    gpu.return
  }
}

// -----

// Booleans are not packed into bytes.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = []}>
gpu.module @k {
  gpu.func @i1_tile(%p: !llvm.ptr<1>) kernel {
    // expected-error @below {{cannot lower 1-bit elements (8, 16, 32 or 64 bits)}}
    // expected-error @below {{failed to legalize operation 'll.load_tile'}}
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<4x16xi1, #a>
    gpu.return
  }
}

// -----

// A shared buffer whose layout spans two CTAs (valid IR: offset and block
// together address every element once).
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = []}>
#m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], block = [[2, 0]]} -> {dim0 = 4, dim1 = 16}>
gpu.module @k {
  gpu.func @buffer_over_blocks(%p: !llvm.ptr<1>) kernel {
    %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<4x16xf32, #a>
    %b = ll.alloc_shared : !ll.shared<4x16xf32, #m>
    // expected-error @below {{shared buffers spread over several blocks are not supported by the lowering}}
    // expected-error @below {{failed to legalize operation 'll.store_shared'}}
    ll.store_shared %x, %b : tensor<4x16xf32, #a>, !ll.shared<4x16xf32, #m>
    gpu.return
  }
}

// -----

// Constants of ll tensors: splats only.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [1, 0], [2, 0], [4, 0], [0, 0]], warp = []}>
gpu.module @k {
  gpu.func @dense_constant(%p: !llvm.ptr<1>) kernel {
    // expected-error @below {{only splat constants of ll tensors are lowered}}
    // expected-error @below {{failed to legalize operation 'arith.constant'}}
    %c = arith.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23], [24, 25, 26, 27], [28, 29, 30, 31]]> : tensor<8x4xi32, #a>
    ll.store_tile %c, %p : tensor<8x4xi32, #a>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A conversion through shared memory (warps trade data) in a module that
// already defines the scratch buffer's symbol.
#a = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[1, 0]]}>
#b = #ll.linear<{register = [], lane = [[1, 0], [0, 1], [0, 2], [0, 4], [0, 8]], warp = [[0, 16]]}>
// expected-error @below {{the symbol __ll_scratch is reserved for the ll scratch buffer}}
gpu.module @k {
  llvm.mlir.global internal @__ll_scratch() : i32
  gpu.func @reserved_scratch_name(%q: !llvm.ptr<1>, %p: !llvm.ptr<1>) kernel {
    %x = ll.load_tile %q : !llvm.ptr<1> -> tensor<2x32xf32, #a>
    %y = ll.convert_layout %x : tensor<2x32xf32, #a> -> tensor<2x32xf32, #b>
    ll.store_tile %y, %p : tensor<2x32xf32, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// 2^40 registers per thread: rejected before any per-register type or
// value is built (it used to exhaust memory).
#big = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [0, 256], [0, 512], [0, 1024], [0, 2048], [0, 4096], [0, 8192], [0, 16384], [0, 32768], [0, 65536], [0, 131072], [0, 262144], [0, 524288], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0], [256, 0], [512, 0], [1024, 0], [2048, 0], [4096, 0], [8192, 0], [16384, 0], [32768, 0], [65536, 0], [131072, 0], [262144, 0], [524288, 0]], lane = [], warp = []}>
gpu.module @k {
  gpu.func @huge(%p: !llvm.ptr<1>) kernel {
    // expected-error @below {{the tile layout has 1099511627776 registers per thread (at most 4096 lowered)}}
    // expected-error @below {{failed to legalize operation 'll.load_tile'}}
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<1048576x1048576xf32, #big>
    ll.store_tile %t, %p : tensor<1048576x1048576xf32, #big>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Static buffers beyond the 48 KiB a PTX kernel may declare (the scratch
// would become dynamic shared memory; buffers cannot).
#m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]]} -> {dim0 = 64, dim1 = 256}>
// expected-error @below {{needs 65536 bytes of static shared memory for its ll.alloc_shared buffers, more than the 49152 the target allows}}
gpu.module @k {
  gpu.func @buffers_too_large() kernel {
    %b = ll.alloc_shared : !ll.shared<64x256xf32, #m>
    gpu.return
  }
}

// -----

// 64 warps of 32 lanes: more threads than any block has, declared or not.
#w64 = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]]}>
gpu.module @k {
  gpu.func @too_many_warps(%p: !llvm.ptr<1>) kernel {
    // expected-error @below {{the tile layout spans 2^6 warps of 32 lanes, but a block has at most 1024 threads on sm_90}}
    // expected-error @below {{failed to legalize operation 'll.load_tile'}}
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x32xf32, #w64>
    gpu.return
  }
}

// -----

// A block of 48 threads: its second warp has 16 lanes, which a shuffle or a
// warp barrier naming all 32 would wait for.
#w1 = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
gpu.module @k {
  gpu.func @partial_warp(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 48, 1, 1>} {
    // expected-error @below {{the function's known_block_size has 48 threads, not a whole number of 32-lane warps}}
    // expected-error @below {{failed to legalize operation 'll.load_tile'}}
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<1x32xf32, #w1>
    gpu.return
  }
}

// -----

// Block sizes below 1 or above the target's block: -32 x -1 would multiply
// into a plausible 32 threads, and 2^31 - 1 in each dimension overflows
// the product.
#w1 = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
gpu.module @k {
  // expected-error @below {{known_block_size must have sizes of at least 1 and at most 1024 threads in all on sm_90, got array<i32: -32, -1, 1>}}
  gpu.func @negative_block(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: -32, -1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<1x32xf32, #w1>
    gpu.return
  }
}

// -----

#w1 = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
gpu.module @k {
  // expected-error @below {{known_block_size must have sizes of at least 1 and at most 1024 threads in all on sm_90, got array<i32: 2147483647, 2147483647, 2147483647>}}
  gpu.func @huge_block(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 2147483647, 2147483647, 2147483647>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<1x32xf32, #w1>
    gpu.return
  }
}

// -----

// A four-warp layout in a kernel declared with one warp.
#w4 = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[1, 0], [2, 0]]}>
gpu.module @k {
  gpu.func @too_few_threads(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    // expected-error @below {{the tile layout spans 128 threads (32 lanes x 4 warps), but the function's known_block_size has 32}}
    // expected-error @below {{failed to legalize operation 'll.load_tile'}}
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<4x32xf32, #w4>
    ll.store_tile %t, %q : tensor<4x32xf32, #w4>, !llvm.ptr<1>
    gpu.return
  }
}
