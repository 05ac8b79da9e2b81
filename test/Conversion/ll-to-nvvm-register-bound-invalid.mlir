// RUN: ll-opt %s --split-input-file --convert-ll-to-nvvm -verify-diagnostics

// A bound written on a kernel reaches the PTX as it is; one no thread can
// have is a located error, not a .maxnreg the driver rejects.
gpu.module @m {
  // expected-error @below {{nvvm.maxnreg must be an integer from 1 to 255 (registers per thread), got 256 : i32}}
  gpu.func @too_many(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>, nvvm.maxnreg = 256 : i32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{nvvm.maxnreg must be an integer from 1 to 255 (registers per thread), got 0 : i32}}
  gpu.func @none(%p: !llvm.ptr<1>) kernel attributes {nvvm.maxnreg = 0 : i32} {
    gpu.return
  }
}
