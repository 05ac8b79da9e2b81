// RUN: ll-opt %s --verify-diagnostics --pass-pipeline='builtin.module(ll-to-ptx{chip=sm_90})'

// A gpu.module already lowered for the other vendor is refused before
// LLVM's backend meets it (NVPTX aborts on ROCDL's syncscope("workgroup")).

module attributes {gpu.container_module} {
  gpu.module @amd {
    llvm.func @k() {
      // expected-error@+1 {{ll-to-ptx: 'rocdl.s.barrier' in this gpu.module is code already lowered for another vendor's GPU (rocdl)}}
      rocdl.s.barrier
      llvm.return
    }
  }
}
