// An ll tensor (or shared buffer) lives in the registers or shared memory of
// one function: the lowering has no calling convention for it. A function
// that takes or returns one, or a call passing one, is a located error
// before anything is rewritten (not "failed to legalize 'func.return'").
// RUN: ll-opt --convert-ll-to-nvvm --split-input-file --verify-diagnostics %s
// RUN: ll-opt --convert-ll-to-rocdl=chip=gfx942 --split-input-file --verify-diagnostics %s
// RUN: not ll-opt --ll-to-ptx --split-input-file %s 2>&1 | FileCheck %s
// CHECK: ll-to-nvvm-function-boundary.mlir:[[@LINE+7]]:5: error: function @load returns result #0 of type 'tensor<32xf32, #ll.linear<{{.*}}>>'; ll values cannot cross a function boundary
// CHECK-NOT: failed to legalize

#l = #ll.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = []}>
module attributes {gpu.container_module} {
  gpu.module @k {
    // expected-error @below {{function @load returns result #0 of type 'tensor<32xf32, #ll.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = []}>>'; ll values cannot cross a function boundary: keep the producer and the users in one function (inline the callee), or pass the data through memory with ll.store_tile and ll.load_tile}}
    func.func @load(%p: !llvm.ptr<1>) -> tensor<32xf32, #l> {
      %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32xf32, #l>
      return %t : tensor<32xf32, #l>
    }
    gpu.func @copy(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
      %t = func.call @load(%p) : (!llvm.ptr<1>) -> tensor<32xf32, #l>
      ll.store_tile %t, %q : tensor<32xf32, #l>, !llvm.ptr<1>
      gpu.return
    }
  }
}

// -----

#l = #ll.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = []}>
gpu.module @k {
  // expected-error @below {{function @store takes argument #1 of type 'tensor<32xf32, #ll.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = []}>>'; ll values cannot cross a function boundary}}
  func.func @store(%q: !llvm.ptr<1>, %t: tensor<32xf32, #l>) {
    ll.store_tile %t, %q : tensor<32xf32, #l>, !llvm.ptr<1>
    return
  }
}

// -----

// A kernel argument is a function boundary too.
#l = #ll.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = []}>
gpu.module @k {
  // expected-error @below {{function @kernel takes argument #0 of type}}
  gpu.func @kernel(%t: tensor<32xf32, #l>, %q: !llvm.ptr<1>) kernel {
    ll.store_tile %t, %q : tensor<32xf32, #l>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A declaration: no body, the error is on the function.
#l = #ll.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = []}>
gpu.module @k {
  // expected-error @below {{function @external takes argument #0 of type}}
  func.func private @external(tensor<32xf32, #l>)
}
