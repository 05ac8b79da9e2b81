// ll-finalize-nvvm is a partial conversion, as convert-gpu-to-nvvm: an op
// with no LLVM lowering (here, arith on a tensor) stays, whether the kernel
// takes the parallel body step (LLVM signature) or the module-wide one.
// RUN: ll-opt --pass-pipeline="builtin.module(gpu.module(ll-finalize-nvvm))" %s | FileCheck %s

// CHECK-LABEL: llvm.func @llvm_signature(
// CHECK:         arith.addf %{{.*}} : tensor<1xf32>
// CHECK-LABEL: llvm.func @index_signature(
// CHECK:         arith.addf %{{.*}} : tensor<1xf32>
gpu.module @m {
  gpu.func @llvm_signature(%p: !llvm.ptr, %n: i32) kernel {
    %f = llvm.load %p : !llvm.ptr -> f32
    %c = tensor.from_elements %f : tensor<1xf32>
    %d = arith.addf %c, %c : tensor<1xf32>
    %i = arith.constant 0 : index
    %e = tensor.extract %d[%i] : tensor<1xf32>
    llvm.store %e, %p : f32, !llvm.ptr
    gpu.return
  }
  gpu.func @index_signature(%p: !llvm.ptr, %n: index) kernel {
    %f = llvm.load %p : !llvm.ptr -> f32
    %c = tensor.from_elements %f : tensor<1xf32>
    %d = arith.addf %c, %c : tensor<1xf32>
    %i = arith.constant 0 : index
    %e = tensor.extract %d[%i] : tensor<1xf32>
    llvm.store %e, %p : f32, !llvm.ptr
    gpu.return
  }
}
