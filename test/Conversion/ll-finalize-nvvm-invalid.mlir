// RUN: ll-opt --pass-pipeline="builtin.module(gpu.module(ll-finalize-nvvm))" --split-input-file --verify-diagnostics %s
// RUN: not ll-opt --pass-pipeline="builtin.module(gpu.module(ll-finalize-nvvm{index-bitwidth=16}))" %s 2>&1 | FileCheck %s --check-prefix=WIDTH
// WIDTH: error: ll-finalize-nvvm: index-bitwidth must be 32 or 64, got 16

// An ll op left for ll-finalize-nvvm: a located error, not a partial
// conversion.
#a = #ll.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32]], warp = [], block = []}>
gpu.module @m {
  gpu.func @k(%p: !llvm.ptr<1>) kernel {
    // expected-error @+1 {{still has ll layouts: lower the ll dialect first}}
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64xf32, #a>
    ll.store_tile %t, %p : tensor<64xf32, #a>, !llvm.ptr<1>
    gpu.return
  }
}
