// RUN: ll-opt %s --split-input-file | FileCheck %s
// RUN: ll-opt %s --split-input-file --mlir-print-op-generic | ll-opt --split-input-file | FileCheck %s

// Every op in its custom form; the second RUN goes through the generic form.

#blocked = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#swizzled = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0]]}>

// CHECK-LABEL: func.func @tile_io
// CHECK: %[[T:.+]] = ll.load_tile %{{.+}} row_stride(%{{.+}} : i32) : !llvm.ptr<1> -> tensor<16x32xf16, #{{.+}}>
// CHECK: %[[C:.+]] = ll.load_tile %{{.+}} : !llvm.ptr<1> -> tensor<16x32xf16, #{{.+}}>
// CHECK: ll.store_tile %[[T]], %{{.+}} row_stride(%{{.+}} : index) : tensor<16x32xf16, #{{.+}}>, !llvm.ptr<1>
// CHECK: ll.store_tile %[[C]], %{{.+}} : tensor<16x32xf16, #{{.+}}>, !llvm.ptr
func.func @tile_io(%p: !llvm.ptr<1>, %q: !llvm.ptr, %s: i32, %t: index) {
  %0 = ll.load_tile %p row_stride(%s : i32) : !llvm.ptr<1> -> tensor<16x32xf16, #blocked>
  %1 = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf16, #blocked>
  ll.store_tile %0, %p row_stride(%t : index) : tensor<16x32xf16, #blocked>, !llvm.ptr<1>
  ll.store_tile %1, %q : tensor<16x32xf16, #blocked>, !llvm.ptr
  return
}

// -----

#blocked = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#mma = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>
#swizzled = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0]]}>

// CHECK-LABEL: func.func @shared_round_trip
// CHECK: %[[B:.+]] = ll.alloc_shared : !ll.shared<16x32xf16, #{{.+}}>
// CHECK: ll.store_shared %{{.+}}, %[[B]] : tensor<16x32xf16, #{{.+}}>, !ll.shared<16x32xf16, #{{.+}}>
// CHECK: gpu.barrier
// CHECK: ll.load_shared %[[B]] : !ll.shared<16x32xf16, #{{.+}}> -> tensor<16x32xf16, #{{.+}}>
func.func @shared_round_trip(%x: tensor<16x32xf16, #blocked>) -> tensor<16x32xf16, #mma> {
  %buf = ll.alloc_shared : !ll.shared<16x32xf16, #swizzled>
  ll.store_shared %x, %buf : tensor<16x32xf16, #blocked>, !ll.shared<16x32xf16, #swizzled>
  gpu.barrier
  %y = ll.load_shared %buf : !ll.shared<16x32xf16, #swizzled> -> tensor<16x32xf16, #mma>
  return %y : tensor<16x32xf16, #mma>
}

// -----

#blocked = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#mma = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>

// CHECK-LABEL: func.func @convert
// CHECK: ll.convert_layout %{{.+}} : tensor<16x32xf32, #{{.+}}> -> tensor<16x32xf32, #{{.+}}>
func.func @convert(%x: tensor<16x32xf32, #blocked>) -> tensor<16x32xf32, #mma> {
  %y = ll.convert_layout %x : tensor<16x32xf32, #blocked> -> tensor<16x32xf32, #mma>
  return %y : tensor<16x32xf32, #mma>
}

// -----

#acc = #ll.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0]], block = []}>

// CHECK-LABEL: func.func @tile_index
// CHECK: ll.tile_index : tensor<16x8xi32, #{{.+}}>
// CHECK: ll.tile_index : tensor<16x8xi8, #{{.+}}>
func.func @tile_index() -> (tensor<16x8xi32, #acc>, tensor<16x8xi8, #acc>) {
  %0 = ll.tile_index : tensor<16x8xi32, #acc>
  %1 = ll.tile_index : tensor<16x8xi8, #acc>
  return %0, %1 : tensor<16x8xi32, #acc>, tensor<16x8xi8, #acc>
}
