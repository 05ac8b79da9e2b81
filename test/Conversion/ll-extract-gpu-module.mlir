// RUN: ll-opt --ll-extract-gpu-module --split-input-file --verify-diagnostics %s | FileCheck %s

// The device code becomes the module; host code and the container
// attribute go; the ROCDL target's triple is kept for mlir-translate.
// CHECK: module attributes {llvm.target_triple = "amdgcn-amd-amdhsa"} {
// CHECK-NEXT: llvm.func @kernel() attributes {rocdl.kernel}
// CHECK-NOT: gpu.module
// CHECK-NOT: @host
module attributes {gpu.container_module} {
  func.func @host() { return }
  gpu.module @k [#rocdl.target<chip = "gfx942">] {
    llvm.func @kernel() attributes {rocdl.kernel} {
      llvm.return
    }
  }
}

// -----

// expected-error @+1 {{ll-extract-gpu-module: expected exactly one gpu.module at the top level, found 2}}
module {
  gpu.module @a {}
  gpu.module @b {}
}

// -----

// expected-error @+1 {{found 0}}
module {
}
