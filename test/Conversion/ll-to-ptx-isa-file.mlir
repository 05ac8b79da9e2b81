// ll-to-ptx{isa-file=FILE} also writes the PTX of the gpu.binary as a plain
// file (the same text as `python -m linear_layout compile`). It needs the
// PTX text (format=isa); a file that cannot be written is a located error.
// RUN: ll-opt --ll-to-ptx="isa-file=%t.ptx" %s -o /dev/null
// RUN: FileCheck %s < %t.ptx
// RUN: rm %t.ptx
// RUN: ll-opt --ll-to-ptx="isa-file=-" %s -o /dev/null | FileCheck %s
// RUN: not ll-opt --ll-to-ptx="isa-file=%t.ptx format=bin" %s 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not ll-opt --ll-to-ptx="isa-file=%t.ptx format=none" %s 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not ll-opt --ll-to-ptx="isa-file=%t.no-such-dir/k.ptx" %s 2>&1 | FileCheck %s --check-prefix=OPEN
// RUN: not ll-opt --ll-to-ptx="isa-file=/dev/full" %s 2>&1 | FileCheck %s --check-prefix=FULL

// CHECK: .target sm_90
// CHECK: .visible .entry copy(
// CHECK: ld.global
// CHECK: st.global
// CHECK-NOT: gpu.binary

// FORMAT: error: ll-to-ptx: isa-file needs format=isa (PTX text), got format=

// FULL: error: ll-to-ptx: cannot write isa-file '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR

// OPEN: ll-to-ptx-isa-file.mlir:[[@LINE+2]]:1: error: ll-to-ptx: cannot write isa-file: cannot open output file
#l = #ll.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = []}>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @copy(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
      %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32xf32, #l>
      ll.store_tile %t, %q : tensor<32xf32, #l>, !llvm.ptr<1>
      gpu.return
    }
  }
}
