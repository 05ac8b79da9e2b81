// ll-to-ptx compiles the kernels of a large gpu.module (parallel-min-ops
// ops or more; 0 here) in parts on the thread pool and joins their PTX into
// the text of the whole module: one header, the scratch that every kernel
// uses (shared memory with register-order=false) declared once, the labels
// numbered by the kernel's place in the whole module ($L__BB3_ in the fourth
// kernel). The text is the one-thread compilation's, byte for byte.
// RUN: ll-opt --ll-to-ptx="register-order=false parallel-min-ops=0 isa-file=%t.parts.ptx" %s -o /dev/null
// RUN: ll-opt --mlir-disable-threading --ll-to-ptx="register-order=false isa-file=%t.whole.ptx" %s -o /dev/null
// RUN: diff %t.whole.ptx %t.parts.ptx
// RUN: FileCheck %s < %t.parts.ptx
// The option is obeyed or refused: negative, or with a format whose output
// is not the PTX text it splits, it is an error.
// RUN: not ll-opt --ll-to-ptx="parallel-min-ops=-1" %s 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not ll-opt --ll-to-ptx="parallel-min-ops=1 format=none" %s 2>&1 | FileCheck %s --check-prefix=FORMAT
// NEGATIVE: error: ll-to-ptx: parallel-min-ops must not be negative, got -1
// FORMAT: error: ll-to-ptx: parallel-min-ops needs format=isa (PTX text), got format=none

// CHECK: .version
// CHECK-NOT: .version
// CHECK: .shared .align 16 .b8 __ll_scratch[4096];
// CHECK-LABEL: .visible .entry loop0(
// CHECK: $L__BB0_
// CHECK-LABEL: .visible .entry loop1(
// CHECK: $L__BB1_
// CHECK-LABEL: .visible .entry loop2(
// CHECK: $L__BB2_
// CHECK-LABEL: .visible .entry loop3(
// CHECK: $L__BB3_
// CHECK-NOT: .version
// CHECK-NOT: __ll_scratch[

#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []} -> {dim0 = 16, dim1 = 32}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []} -> {dim0 = 16, dim1 = 32}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @loop0(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %bid = gpu.block_id x
      %b64 = arith.index_cast %bid : index to i64
      %n = arith.constant 512 : i64
      %off = arith.muli %b64, %n : i64
      %xp = llvm.getelementptr %x[%off] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      %yp = llvm.getelementptr %y[%off] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      %one_a = arith.constant dense<1.0> : tensor<16x32xf32, #a>
      %one_b = arith.constant dense<1.0> : tensor<16x32xf32, #b>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cr = arith.constant 4 : index
      %t = ll.load_tile %xp : !llvm.ptr<1> -> tensor<16x32xf32, #a>
      %r = scf.for %i = %c0 to %cr step %c1 iter_args(%v = %t) -> (tensor<16x32xf32, #a>) {
        %u = ll.convert_layout %v : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
        %u1 = arith.addf %u, %one_b : tensor<16x32xf32, #b>
        %v2 = ll.convert_layout %u1 : tensor<16x32xf32, #b> -> tensor<16x32xf32, #a>
        %v3 = arith.addf %v2, %one_a : tensor<16x32xf32, #a>
        scf.yield %v3 : tensor<16x32xf32, #a>
      }
      ll.store_tile %r, %yp : tensor<16x32xf32, #a>, !llvm.ptr<1>
      gpu.return
    }
    gpu.func @loop1(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %bid = gpu.block_id x
      %b64 = arith.index_cast %bid : index to i64
      %n = arith.constant 512 : i64
      %off = arith.muli %b64, %n : i64
      %xp = llvm.getelementptr %x[%off] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      %yp = llvm.getelementptr %y[%off] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      %one_a = arith.constant dense<1.0> : tensor<16x32xf32, #a>
      %one_b = arith.constant dense<1.0> : tensor<16x32xf32, #b>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cr = arith.constant 4 : index
      %t = ll.load_tile %xp : !llvm.ptr<1> -> tensor<16x32xf32, #a>
      %r = scf.for %i = %c0 to %cr step %c1 iter_args(%v = %t) -> (tensor<16x32xf32, #a>) {
        %u = ll.convert_layout %v : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
        %u1 = arith.addf %u, %one_b : tensor<16x32xf32, #b>
        %v2 = ll.convert_layout %u1 : tensor<16x32xf32, #b> -> tensor<16x32xf32, #a>
        %v3 = arith.addf %v2, %one_a : tensor<16x32xf32, #a>
        scf.yield %v3 : tensor<16x32xf32, #a>
      }
      ll.store_tile %r, %yp : tensor<16x32xf32, #a>, !llvm.ptr<1>
      gpu.return
    }
    gpu.func @loop2(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %bid = gpu.block_id x
      %b64 = arith.index_cast %bid : index to i64
      %n = arith.constant 512 : i64
      %off = arith.muli %b64, %n : i64
      %xp = llvm.getelementptr %x[%off] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      %yp = llvm.getelementptr %y[%off] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      %one_a = arith.constant dense<1.0> : tensor<16x32xf32, #a>
      %one_b = arith.constant dense<1.0> : tensor<16x32xf32, #b>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cr = arith.constant 4 : index
      %t = ll.load_tile %xp : !llvm.ptr<1> -> tensor<16x32xf32, #a>
      %r = scf.for %i = %c0 to %cr step %c1 iter_args(%v = %t) -> (tensor<16x32xf32, #a>) {
        %u = ll.convert_layout %v : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
        %u1 = arith.addf %u, %one_b : tensor<16x32xf32, #b>
        %v2 = ll.convert_layout %u1 : tensor<16x32xf32, #b> -> tensor<16x32xf32, #a>
        %v3 = arith.addf %v2, %one_a : tensor<16x32xf32, #a>
        scf.yield %v3 : tensor<16x32xf32, #a>
      }
      ll.store_tile %r, %yp : tensor<16x32xf32, #a>, !llvm.ptr<1>
      gpu.return
    }
    gpu.func @loop3(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %bid = gpu.block_id x
      %b64 = arith.index_cast %bid : index to i64
      %n = arith.constant 512 : i64
      %off = arith.muli %b64, %n : i64
      %xp = llvm.getelementptr %x[%off] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      %yp = llvm.getelementptr %y[%off] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      %one_a = arith.constant dense<1.0> : tensor<16x32xf32, #a>
      %one_b = arith.constant dense<1.0> : tensor<16x32xf32, #b>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cr = arith.constant 4 : index
      %t = ll.load_tile %xp : !llvm.ptr<1> -> tensor<16x32xf32, #a>
      %r = scf.for %i = %c0 to %cr step %c1 iter_args(%v = %t) -> (tensor<16x32xf32, #a>) {
        %u = ll.convert_layout %v : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
        %u1 = arith.addf %u, %one_b : tensor<16x32xf32, #b>
        %v2 = ll.convert_layout %u1 : tensor<16x32xf32, #b> -> tensor<16x32xf32, #a>
        %v3 = arith.addf %v2, %one_a : tensor<16x32xf32, #a>
        scf.yield %v3 : tensor<16x32xf32, #a>
      }
      ll.store_tile %r, %yp : tensor<16x32xf32, #a>, !llvm.ptr<1>
      gpu.return
    }
  }
}
