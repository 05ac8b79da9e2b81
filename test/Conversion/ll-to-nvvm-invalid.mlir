// RUN: ll-opt --convert-ll-to-nvvm --split-input-file --verify-diagnostics %s
// RUN: not ll-opt --convert-ll-to-nvvm="chip=gfx942" --split-input-file %s 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not ll-opt --convert-ll-to-nvvm="index-bitwidth=16" --split-input-file %s 2>&1 | FileCheck %s --check-prefix=WIDTH
// CHIP: chip must be sm_<N>, got 'gfx942'
// WIDTH: index-bitwidth must be 32 or 64, got 16

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
