// RUN: ll-opt --pass-pipeline="builtin.module(gpu.module(ll-finalize-nvvm{index-bitwidth=16}))" --verify-diagnostics %s

// expected-error @+1 {{ll-finalize-nvvm: index-bitwidth must be 32 or 64, got 16}}
gpu.module @m {
  gpu.func @k() kernel {
    gpu.return
  }
}
