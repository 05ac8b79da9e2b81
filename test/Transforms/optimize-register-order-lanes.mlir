// RUN: ll-opt %s --verify-diagnostics --ll-optimize-register-order=target=gfx1100

// A tile access whose layout has more lanes than the warp: the first one is
// reported with the lowering's text (ll-to-rocdl-invalid.mlir), conversions
// before tile accesses (lanes-exceed-warp.mlir).
#w64 = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], warp = []}>
gpu.module @k {
  gpu.func @too_many_lanes(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    // expected-error @below {{the tile layout has 64 lanes, but a warp has 32 on gfx1100}}
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<1x64xf32, #w64>
    ll.store_tile %t, %q : tensor<1x64xf32, #w64>, !llvm.ptr<1>
    gpu.return
  }
}
