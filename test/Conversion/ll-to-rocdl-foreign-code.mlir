// RUN: ll-opt %s --verify-diagnostics --pass-pipeline='builtin.module(ll-to-rocdl{chip=gfx942})'

// A gpu.module already lowered for NVIDIA is refused by ll-to-rocdl.

module attributes {gpu.container_module} {
  gpu.module @nvidia {
    llvm.func @k() {
      // expected-error@+1 {{ll-to-rocdl: 'nvvm.barrier0' in this gpu.module is code already lowered for another vendor's GPU (nvvm)}}
      nvvm.barrier0
      llvm.return
    }
  }
}
