// RUN: ll-opt --pass-pipeline="builtin.module(gpu.module(ll-finalize-nvvm))" --split-input-file %s | FileCheck %s
// RUN: ll-opt --pass-pipeline="builtin.module(gpu.module(ll-finalize-nvvm))" --remarks-filter=ll-lowering --split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: ll-opt --ll-pack-narrow-block-arguments=permute-halves=true --split-input-file %s | FileCheck %s --check-prefix=PASS
// RUN: ll-opt --ll-pack-narrow-block-arguments --split-input-file %s | FileCheck %s --check-prefix=OFF

// The pass does the same with permute-halves, and nothing without it.
// PASS-LABEL: llvm.func @halves_of_two_words(
// PASS:         nvvm.prmt
// OFF-NOT:      nvvm.prmt

// One remark per function that permutes, none for the others.
// REMARK: remark: [Passed] half-permutes | Category:ll-lowering | Function=halves_of_two_words | Reason="1 vector of 16-bit halves of words built by byte permutes of the words, not from unpacked halves"
// REMARK: remark: [Passed] half-permutes | Category:ll-lowering | Function=words_made_here | Reason="1 vector of
// REMARK: remark: [Passed] half-permutes | Category:ll-lowering | Function=swapped_words | Reason="1 vector of
// REMARK-NOT: half-permutes

// A vector of 16-bit elements built from halves of two words, paired
// differently from the words (low halves together, high halves together,
// as a conversion's store pairs the results of two packed adds): each pair
// is one byte permute of the two words, so no half lives on in a 16-bit
// register of its own (docs/lowering.md, "Halves permuted as words").
// Selector 0x5410: bytes 0, 1 of the first word, 0, 1 of the second;
// 0x7632: bytes 2, 3 of each.
// CHECK-LABEL: llvm.func @halves_of_two_words(
// CHECK-SAME:    %[[A:[^:]*]]: vector<2xf16>, %[[B:[^:]*]]: vector<2xf16>
// CHECK-DAG:     %[[LOWS:.*]] = llvm.mlir.constant(21520 : i32) : i32
// CHECK-DAG:     %[[WA:.*]] = llvm.bitcast %[[A]] : vector<2xf16> to i32
// CHECK-DAG:     %[[WB:.*]] = llvm.bitcast %[[B]] : vector<2xf16> to i32
// CHECK:         nvvm.prmt <default> %[[LOWS]], %[[WA]], %[[WB]] : i32
// CHECK:         %[[HIGHS:.*]] = llvm.mlir.constant(30258 : i32) : i32
// CHECK:         nvvm.prmt <default> %[[HIGHS]], %{{.*}}, %{{.*}} : i32
// CHECK-NOT:     llvm.insertelement {{.*}} : vector<4xf16>
// CHECK:         %[[V:.*]] = llvm.bitcast %{{.*}} : vector<2xi32> to vector<4xf16>
// CHECK:         llvm.store %[[V]], %{{.*}} : vector<4xf16>, !llvm.ptr<3>
gpu.module @m {
  llvm.func @halves_of_two_words(%a: vector<2xf16>, %b: vector<2xf16>, %p: !llvm.ptr<3>) {
    %i0 = llvm.mlir.constant(0 : i32) : i32
    %i1 = llvm.mlir.constant(1 : i32) : i32
    %i2 = llvm.mlir.constant(2 : i32) : i32
    %i3 = llvm.mlir.constant(3 : i32) : i32
    %a0 = llvm.extractelement %a[%i0 : i32] : vector<2xf16>
    %a1 = llvm.extractelement %a[%i1 : i32] : vector<2xf16>
    %b0 = llvm.extractelement %b[%i0 : i32] : vector<2xf16>
    %b1 = llvm.extractelement %b[%i1 : i32] : vector<2xf16>
    %v = llvm.mlir.poison : vector<4xf16>
    %v0 = llvm.insertelement %a0, %v[%i0 : i32] : vector<4xf16>
    %v1 = llvm.insertelement %b0, %v0[%i1 : i32] : vector<4xf16>
    %v2 = llvm.insertelement %a1, %v1[%i2 : i32] : vector<4xf16>
    %v3 = llvm.insertelement %b1, %v2[%i3 : i32] : vector<4xf16>
    llvm.store %v3, %p : vector<4xf16>, !llvm.ptr<3>
    llvm.return
  }
}

// -----

// Pairs that are whole words as they stand are left to NVPTX, which keeps
// them in their words already.
// CHECK-LABEL: llvm.func @whole_words(
// CHECK-NOT:     nvvm.prmt
// CHECK:         llvm.return
gpu.module @m {
  llvm.func @whole_words(%a: vector<2xf16>, %b: vector<2xf16>, %p: !llvm.ptr<3>) {
    %i0 = llvm.mlir.constant(0 : i32) : i32
    %i1 = llvm.mlir.constant(1 : i32) : i32
    %i2 = llvm.mlir.constant(2 : i32) : i32
    %i3 = llvm.mlir.constant(3 : i32) : i32
    %a0 = llvm.extractelement %a[%i0 : i32] : vector<2xf16>
    %a1 = llvm.extractelement %a[%i1 : i32] : vector<2xf16>
    %b0 = llvm.extractelement %b[%i0 : i32] : vector<2xf16>
    %b1 = llvm.extractelement %b[%i1 : i32] : vector<2xf16>
    %v = llvm.mlir.poison : vector<4xf16>
    %v0 = llvm.insertelement %a0, %v[%i0 : i32] : vector<4xf16>
    %v1 = llvm.insertelement %a1, %v0[%i1 : i32] : vector<4xf16>
    %v2 = llvm.insertelement %b0, %v1[%i2 : i32] : vector<4xf16>
    %v3 = llvm.insertelement %b1, %v2[%i3 : i32] : vector<4xf16>
    llvm.store %v3, %p : vector<4xf16>, !llvm.ptr<3>
    llvm.return
  }
}

// -----

// Bytes and 32-bit elements are not halves: left alone.
// CHECK-LABEL: llvm.func @not_halves(
// CHECK-NOT:     nvvm.prmt
// CHECK:         llvm.return
gpu.module @m {
  llvm.func @not_halves(%a: vector<2xf32>, %b: vector<2xf32>, %p: !llvm.ptr<3>) {
    %i0 = llvm.mlir.constant(0 : i32) : i32
    %i1 = llvm.mlir.constant(1 : i32) : i32
    %a1 = llvm.extractelement %a[%i1 : i32] : vector<2xf32>
    %b0 = llvm.extractelement %b[%i0 : i32] : vector<2xf32>
    %v = llvm.mlir.poison : vector<2xf32>
    %v0 = llvm.insertelement %a1, %v[%i0 : i32] : vector<2xf32>
    %v1 = llvm.insertelement %b0, %v0[%i1 : i32] : vector<2xf32>
    llvm.store %v1, %p : vector<2xf32>, !llvm.ptr<3>
    llvm.return
  }
}

// -----

// Words made in the block: a pair of their halves is permuted only where
// a barrier lies between the words and the vector (a half NVPTX unpacked
// before it would stay live across it); without one, NVPTX's own unpacks
// stay.
// CHECK-LABEL: llvm.func @words_made_here(
// CHECK:         nvvm.barrier0
// CHECK:         nvvm.prmt
// CHECK:         llvm.store {{.*}} : vector<2xf16>
// CHECK-NOT:     nvvm.prmt
// CHECK:         llvm.return
gpu.module @m {
  llvm.func @words_made_here(%a: vector<2xf16>, %b: vector<2xf16>, %p: !llvm.ptr<3>) {
    %i0 = llvm.mlir.constant(0 : i32) : i32
    %i1 = llvm.mlir.constant(1 : i32) : i32
    %x = llvm.fadd %a, %a : vector<2xf16>
    %y = llvm.fadd %b, %b : vector<2xf16>
    %x0 = llvm.extractelement %x[%i0 : i32] : vector<2xf16>
    %y0 = llvm.extractelement %y[%i0 : i32] : vector<2xf16>
    %x1 = llvm.extractelement %x[%i1 : i32] : vector<2xf16>
    %y1 = llvm.extractelement %y[%i1 : i32] : vector<2xf16>
    %v = llvm.mlir.poison : vector<2xf16>
    nvvm.barrier0
    %v0 = llvm.insertelement %x0, %v[%i0 : i32] : vector<2xf16>
    %v1 = llvm.insertelement %y0, %v0[%i1 : i32] : vector<2xf16>
    llvm.store %v1, %p : vector<2xf16>, !llvm.ptr<3>
    %x2 = llvm.fadd %a, %b : vector<2xf16>
    %x20 = llvm.extractelement %x2[%i1 : i32] : vector<2xf16>
    %x21 = llvm.extractelement %x2[%i0 : i32] : vector<2xf16>
    %w0 = llvm.insertelement %x20, %v[%i0 : i32] : vector<2xf16>
    %w1 = llvm.insertelement %x21, %w0[%i1 : i32] : vector<2xf16>
    llvm.store %w1, %p : vector<2xf16>, !llvm.ptr<3>
    llvm.return
  }
}

// -----

// Words that one condition chose in opposite orders (the exchange of a
// shuffle conversion, x = c ? a : b and y = c ? b : a): each permute takes
// a and b as they are and selects its selector instead (0x5410 or, with
// the words swapped, 0x1054), so the two selects of the words go.
// CHECK-LABEL: llvm.func @swapped_words(
// CHECK-SAME:    %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[C:[^:]*]]: i1
// CHECK:         nvvm.barrier0
// CHECK-DAG:     %[[LOWS:.*]] = llvm.mlir.constant(21520 : i32) : i32
// CHECK-DAG:     %[[LOWS_SWAPPED:.*]] = llvm.mlir.constant(4180 : i32) : i32
// CHECK:         %[[SEL:.*]] = llvm.select %[[C]], %[[LOWS]], %[[LOWS_SWAPPED]] : i1, i32
// CHECK:         nvvm.prmt <default> %[[SEL]], %[[A]], %[[B]] : i32
// CHECK-DAG:     %[[HIGHS:.*]] = llvm.mlir.constant(30258 : i32) : i32
// CHECK-DAG:     %[[HIGHS_SWAPPED:.*]] = llvm.mlir.constant(12918 : i32) : i32
// CHECK:         %[[SEL2:.*]] = llvm.select %[[C]], %[[HIGHS]], %[[HIGHS_SWAPPED]] : i1, i32
// CHECK:         nvvm.prmt <default> %[[SEL2]], %[[A]], %[[B]] : i32
// CHECK-NOT:     llvm.select
// CHECK:         llvm.return
gpu.module @m {
  llvm.func @swapped_words(%a: i32, %b: i32, %c: i1, %p: !llvm.ptr<3>) {
    %i0 = llvm.mlir.constant(0 : i32) : i32
    %i1 = llvm.mlir.constant(1 : i32) : i32
    %i2 = llvm.mlir.constant(2 : i32) : i32
    %i3 = llvm.mlir.constant(3 : i32) : i32
    %x = llvm.select %c, %a, %b : i1, i32
    %y = llvm.select %c, %b, %a : i1, i32
    %xv = llvm.bitcast %x : i32 to vector<2xf16>
    %yv = llvm.bitcast %y : i32 to vector<2xf16>
    nvvm.barrier0
    %x0 = llvm.extractelement %xv[%i0 : i32] : vector<2xf16>
    %x1 = llvm.extractelement %xv[%i1 : i32] : vector<2xf16>
    %y0 = llvm.extractelement %yv[%i0 : i32] : vector<2xf16>
    %y1 = llvm.extractelement %yv[%i1 : i32] : vector<2xf16>
    %v = llvm.mlir.poison : vector<4xf16>
    %v0 = llvm.insertelement %x0, %v[%i0 : i32] : vector<4xf16>
    %v1 = llvm.insertelement %y0, %v0[%i1 : i32] : vector<4xf16>
    %v2 = llvm.insertelement %x1, %v1[%i2 : i32] : vector<4xf16>
    %v3 = llvm.insertelement %y1, %v2[%i3 : i32] : vector<4xf16>
    llvm.store %v3, %p : vector<4xf16>, !llvm.ptr<3>
    llvm.return
  }
}
