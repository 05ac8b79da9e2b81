// Warp shuffles of 16-bit elements move 32-bit words that are vectors: the
// word a lane sends is the vector<2xf16> of its two slots (the packed op's
// result itself when it made one), the received word is bitcast back to
// vector<2xf16>, and a packed op takes it whole. Where the register a lane
// sends or receives depends on the lane, the select tree chooses whole
// words, as i32 (docs/lowering.md, "Words through shuffles").
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90" --split-input-file %s | FileCheck %s

// The natural layouts of a lane exchange (ll-optimize-register-order's): no
// select. The add takes each received word as a vector and the second
// exchange sends the sums as they are, with no shift, or or truncation.
#a = #ll.linear<{register = [[0, 8], [4, 0], [0, 16], [8, 0]], lane = [[0, 1], [0, 2], [4, 4], [1, 0], [2, 0]], warp = [[16, 0]]}>
#b = #ll.linear<{register = [[0, 8], [0, 4], [0, 16], [8, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 4]], warp = [[16, 0]]}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @select_free
  // CHECK-COUNT-8: nvvm.shfl.sync idx
  // CHECK:       %[[W:.*]] = llvm.bitcast %{{.*}} : i32 to vector<2xf16>
  // CHECK:       %[[S:.*]] = arith.addf %[[W]], %{{.*}} : vector<2xf16>
  // CHECK:       %[[SEND:.*]] = llvm.bitcast %[[S]] : vector<2xf16> to i32
  // CHECK-NOT:   llvm.zext
  // CHECK:       nvvm.shfl.sync idx %{{.*}}, %[[SEND]]
  // CHECK-NOT:   llvm.select
  // CHECK-NOT:   llvm.trunc %{{.*}} : i32 to i16
  // CHECK:       gpu.return
  gpu.func @select_free(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %one = arith.constant dense<1.0> : tensor<32x32xf16, #b>
    %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf16, #a>
    %y = ll.convert_layout %x : tensor<32x32xf16, #a> -> tensor<32x32xf16, #b>
    %z = arith.addf %y, %one : tensor<32x32xf16, #b>
    %w = ll.convert_layout %z : tensor<32x32xf16, #b> -> tensor<32x32xf16, #a>
    ll.store_tile %w, %p : tensor<32x32xf16, #a>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// The same exchange between blocked layouts (4 -> 8 lanes along dim 1): a
// lane sends one of two words by its lane bit, and files a received word
// under one of two registers pairs. Selects of the words as i32 (a select
// of vector<2xf16> is legalized element by element), none of f16.
#c = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [[16, 0]]}>
#d = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [[16, 0]]}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @by_lane
  // CHECK-NOT:   llvm.select %{{.*}} : i1, f16
  // CHECK:       %[[SEND:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
  // CHECK:       %[[R0:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[SEND]]
  // CHECK-NOT:   llvm.select %{{.*}} : i1, f16
  // CHECK-NOT:   llvm.select %{{.*}} : i1, vector<2xf16>
  // CHECK:       %[[R1:.*]] = nvvm.shfl.sync idx
  // CHECK:       llvm.select %{{.*}}, %[[R1]], %[[R0]] : i1, i32
  // CHECK-NOT:   llvm.select %{{.*}} : i1, f16
  // CHECK-NOT:   llvm.select %{{.*}} : i1, vector<2xf16>
  // CHECK:       gpu.return
  gpu.func @by_lane(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf16, #c>
    %y = ll.convert_layout %x : tensor<32x32xf16, #c> -> tensor<32x32xf16, #d>
    ll.store_tile %y, %p : tensor<32x32xf16, #d>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// 2 -> 1 elements and 4 -> 8 lanes along dim 1: a lane sends the low halves
// of its two loaded words or their high halves, by its lane bit. One byte
// permute of the two words per sent word, its selector (0x5410 or 0x7632)
// chosen by the lane; no packing, no select of the packed words.
#e = #ll.linear<{register = [[0, 1], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]]}>
#f = #ll.linear<{register = [[0, 8], [0, 16], [0, 32], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [[8, 0], [16, 0]]}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @byte_permute
  // CHECK-DAG:   %[[LOW:.*]] = llvm.mlir.constant(21520 : i32) : i32
  // CHECK-DAG:   %[[HIGH:.*]] = llvm.mlir.constant(30258 : i32) : i32
  // CHECK:       %[[SEL:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
  // CHECK-NEXT:  %[[W:.*]] = nvvm.prmt <default> %[[SEL]], %{{.*}}, %{{.*}} : i32
  // CHECK:       nvvm.shfl.sync idx %{{.*}}, %[[W]]
  // CHECK-COUNT-7: nvvm.prmt <default>
  // CHECK-NOT:   nvvm.prmt
  // CHECK:       gpu.return
  gpu.func @byte_permute(%p: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x64xf16, #e>
    %y = ll.convert_layout %x : tensor<32x64xf16, #e> -> tensor<32x64xf16, #f>
    ll.store_tile %y, %p : tensor<32x64xf16, #f>, !llvm.ptr<1>
    gpu.return
  }
}

