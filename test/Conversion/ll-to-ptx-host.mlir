// ll-to-ptx lowers the gpu.module; host functions beside it get their scf
// lowered to cf (as when the pipeline ran convert-scf-to-cf everywhere) and
// are otherwise left for the host's own lowering.
// RUN: ll-opt --pass-pipeline="builtin.module(ll-to-ptx{chip=sm_80 format=none})" %s | FileCheck %s

// CHECK-LABEL: func.func @host(
// CHECK-NOT:     scf.for
// CHECK:         cf.cond_br
// CHECK:         return
// CHECK-LABEL: gpu.module @m
// CHECK:         llvm.func @k(
module attributes {gpu.container_module} {
  func.func @host(%n: index) -> index {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> index {
      %x = arith.addi %a, %i : index
      scf.yield %x : index
    }
    return %r : index
  }
  gpu.module @m {
    gpu.func @k(%p: !llvm.ptr) kernel {
      gpu.return
    }
  }
}
