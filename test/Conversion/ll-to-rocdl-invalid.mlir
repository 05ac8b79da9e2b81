// RUN: not ll-opt --convert-ll-to-rocdl="chip=sm_90" %s 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not ll-opt --convert-ll-to-rocdl="chip=gfx94" %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not ll-opt --convert-ll-to-rocdl="chip=gfx942 wave-size=32" %s 2>&1 | FileCheck %s --check-prefix=WAVE32
// RUN: not ll-opt --convert-ll-to-rocdl="chip=gfx1100 wave-size=48" %s 2>&1 | FileCheck %s --check-prefix=WAVE48
// RUN: not ll-opt --convert-ll-to-rocdl="chip=gfx942 index-bitwidth=16" %s 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not ll-opt --convert-ll-to-rocdl="chip=gfx942 min-round-bytes=-1" %s 2>&1 | FileCheck %s --check-prefix=ROUNDS
// RUN: not ll-opt --pass-pipeline="builtin.module(ll-to-rocdl{chip=gfx9}})" %s 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: ll-opt --convert-ll-to-rocdl="chip=gfx1100" --verify-diagnostics --split-input-file %s

// CHIP: error: convert-ll-to-rocdl: chip must be an AMD GPU such as gfx942, gfx950 or gfx1100, got 'sm_90'
// UNKNOWN: error: convert-ll-to-rocdl: target 'gfx94' is not known: expected 'sm_<N>' or 'sm_<N>a' (NVIDIA), 'gfx9<XX>' or 'gfx1<0-2><XX>' (AMD, e.g. gfx942, gfx950, gfx1100)
// WAVE32: error: convert-ll-to-rocdl: gfx942 runs wave64 only; wave-size=32 needs gfx10 or later
// WAVE48: error: convert-ll-to-rocdl: wave-size must be 64, 32 or 0 (the chip's default), got 48
// INDEX: error: index-bitwidth must be 32 or 64, got 16
// ROUNDS: error: min-round-bytes must not be negative, got -1
// PIPE: error:

// A wave64 layout does not fit gfx1100's default wave32.
#w64 = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = []}>
gpu.module @k {
  gpu.func @too_many_lanes(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    // expected-error @below {{the tile layout has 64 lanes, but a warp has 32}}
    // expected-error @below {{failed to legalize operation 'll.load_tile'}}
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<1x64xf32, #w64>
    ll.store_tile %t, %q : tensor<1x64xf32, #w64>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A 128x128 f64 transpose needs 128 KiB of scratch; gfx1100 has 64 KiB of
// LDS per workgroup. Its layouts share no register direction, so the planner
// splits it into 2 rounds of 64 KiB, over a warp direction of #a that #b
// holds in registers (docs/planning.md, "Rounds over warps"); with a 1 KiB
// buffer beside it the block still needs more than the LDS.
#a = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]]}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], warp = [[0, 1], [0, 2]]}>
#row = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 0]]} -> {dim0 = 2, dim1 = 128}>
gpu.module @scratch {
  gpu.func @scratch_too_large(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %buffer = ll.alloc_shared : !ll.shared<2x128xf32, #row>
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<128x128xf64, #a>
    // expected-error @below {{needs 66560 bytes of shared memory per block (65536 of conversion scratch, 1024 of ll.alloc_shared buffers), more than the 65536 the target allows}}
    %u = ll.convert_layout %t : tensor<128x128xf64, #a> -> tensor<128x128xf64, #b>
    ll.store_tile %u, %q : tensor<128x128xf64, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Buffers beyond the LDS.
#m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]]} -> {dim0 = 128, dim1 = 256}>
// expected-error @below {{needs 131072 bytes of shared memory per block (0 of conversion scratch, 131072 of ll.alloc_shared buffers), more than the 65536 the target allows}}
gpu.module @buffers {
  gpu.func @buffers_too_large() kernel {
    %b = ll.alloc_shared : !ll.shared<128x256xf32, #m>
    gpu.return
  }
}
