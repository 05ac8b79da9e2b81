// Elementwise arith ops on f16/bf16 registers that share a 32-bit word (two
// halves of a loaded vector) apply as one packed op to that word
// (docs/lowering.md, "Packed elementwise ops"); registers of different words,
// and other element types, stay scalar.
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90" --split-input-file %s | FileCheck %s

// Four f16 per lane in one 64-bit load: words (0, 1) and (2, 3); the add
// takes each word as it was loaded (no insertelement), and the store takes
// the sums back.
#a = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = []}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @words
  // CHECK:       %[[V:.*]] = llvm.bitcast %{{.*}} : vector<2xi32> to vector<4xf16>
  // CHECK-NOT:   llvm.insertelement
  // CHECK:       %[[W0:.*]] = llvm.shufflevector %[[V]], %[[V]] [0, 1] : vector<4xf16>
  // CHECK-NEXT:  arith.addf %[[W0]], %[[W0]] : vector<2xf16>
  // CHECK:       %[[W1:.*]] = llvm.shufflevector %[[V]], %[[V]] [2, 3] : vector<4xf16>
  // CHECK-NEXT:  arith.addf %[[W1]], %[[W1]] : vector<2xf16>
  // CHECK-NOT:   arith.addf
  // CHECK:       llvm.store
  gpu.func @words(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<8x16xf16, #a>
    %s = arith.addf %t, %t : tensor<8x16xf16, #a>
    ll.store_tile %s, %q : tensor<8x16xf16, #a>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A splat operand pairs with any word; bf16 too.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = []}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @splat
  // CHECK:       %[[W:.*]] = llvm.bitcast %{{.*}} : i32 to vector<2xbf16>
  // CHECK:       %[[C:.*]] = llvm.insertelement
  // CHECK:       %[[CC:.*]] = llvm.insertelement
  // CHECK:       arith.mulf %[[W]], %[[CC]] : vector<2xbf16>
  gpu.func @splat(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %two = arith.constant dense<2.0> : tensor<4x16xbf16, #a>
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<4x16xbf16, #a>
    %s = arith.mulf %t, %two : tensor<4x16xbf16, #a>
    ll.store_tile %s, %q : tensor<4x16xbf16, #a>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// One f16 per load (registers two rows apart): no register shares a word
// with another, so the adds stay scalar.
#a = #ll.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [2, 0]], warp = []}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @no_words
  // CHECK-COUNT-2: arith.addf %{{.*}}, %{{.*}} : f16
  // CHECK-NOT:   vector<2xf16>
  gpu.func @no_words(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<4x16xf16, #a>
    %s = arith.addf %t, %t : tensor<4x16xf16, #a>
    ll.store_tile %s, %q : tensor<4x16xf16, #a>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Integer 16-bit ops stay scalar: PTX has no packed 16-bit integer add.
#a = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = []}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @integers
  // CHECK-COUNT-2: arith.addi %{{.*}}, %{{.*}} : i16
  // CHECK-NOT:   arith.addi
  gpu.func @integers(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<4x16xi16, #a>
    %s = arith.addi %t, %t : tensor<4x16xi16, #a>
    ll.store_tile %s, %q : tensor<4x16xi16, #a>, !llvm.ptr<1>
    gpu.return
  }
}
