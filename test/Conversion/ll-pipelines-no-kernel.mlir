// ll-to-ptx and ll-to-rocdl lower the gpu.module of a module. A module
// without one, or with an ll op outside every gpu.module (host code, which
// no GPU lowering reaches), is a located error with exit code 1 instead of
// an output without any kernel.
// RUN: not ll-opt --ll-to-ptx --split-input-file %s 2>&1 | FileCheck %s --check-prefix=PTX
// RUN: not ll-opt --ll-to-rocdl=chip=gfx942 --split-input-file %s 2>&1 | FileCheck %s --check-prefix=ROCDL
// RUN: ll-opt --ll-to-ptx --split-input-file --verify-diagnostics %s
// RUN: ll-opt --ll-to-rocdl=chip=gfx942 --split-input-file --verify-diagnostics %s

// PTX: ll-pipelines-no-kernel.mlir:[[@LINE+3]]:1: error: ll-to-ptx: the module has no gpu.module, so there is no kernel to lower
// ROCDL: ll-pipelines-no-kernel.mlir:[[@LINE+2]]:1: error: ll-to-rocdl: the module has no gpu.module, so there is no kernel to lower
// expected-error @below {{the module has no gpu.module, so there is no kernel to lower}}
module {
}

// -----

// PTX: error: ll-to-ptx: 'll.load_tile' lies outside every gpu.module
// ROCDL: error: ll-to-rocdl: 'll.load_tile' lies outside every gpu.module
#l = #ll.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = []}>
module attributes {gpu.container_module} {
  func.func @host(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) {
    // expected-error @below {{'ll.load_tile' lies outside every gpu.module; the pipeline lowers the kernels of a gpu.module only}}
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32xf32, #l>
    ll.store_tile %t, %q : tensor<32xf32, #l>, !llvm.ptr<1>
    return
  }
  gpu.module @k {
  }
}

// -----

// PTX: error: ll-to-ptx: 'll.load_tile' lies outside every gpu.module
#l = #ll.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = []}>
func.func @no_gpu_module(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) {
  // expected-error @below {{'ll.load_tile' lies outside every gpu.module}}
  %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32xf32, #l>
  ll.store_tile %t, %q : tensor<32xf32, #l>, !llvm.ptr<1>
  return
}
