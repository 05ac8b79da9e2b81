// ll-finalize-nvvm marks a function with more ops than vectorize-max-ops
// noimplicitfloat, which keeps LLVM's SLP and load-store vectorizers off it
// (their time grows quadratically with one function's size; issue 21).
// RUN: ll-opt --pass-pipeline="builtin.module(gpu.module(ll-finalize-nvvm))" %s | FileCheck %s --check-prefix=DEFAULT
// RUN: ll-opt --pass-pipeline="builtin.module(gpu.module(ll-finalize-nvvm{vectorize-max-ops=3}))" %s | FileCheck %s --check-prefix=BOUND
// RUN: ll-opt --pass-pipeline="builtin.module(gpu.module(ll-finalize-nvvm{vectorize-max-ops=0}))" %s | FileCheck %s --check-prefix=DEFAULT

// DEFAULT-LABEL: llvm.func @small(
// DEFAULT-NOT:   noimplicitfloat
// DEFAULT-LABEL: llvm.func @large(
// DEFAULT-NOT:   noimplicitfloat
// BOUND-LABEL:   llvm.func @small(
// BOUND-NOT:     noimplicitfloat
// BOUND-LABEL:   llvm.func @large(
// BOUND-SAME:    passthrough = ["noimplicitfloat"]
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @small(%p: !llvm.ptr<1>) kernel {
      gpu.return
    }
    gpu.func @large(%p: !llvm.ptr<1>, %x: i32) kernel {
      %a = arith.addi %x, %x : i32
      %b = arith.addi %a, %x : i32
      %c = arith.addi %b, %x : i32
      llvm.store %c, %p : i32, !llvm.ptr<1>
      gpu.return
    }
  }
}
