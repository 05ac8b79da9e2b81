// RUN: ll-opt --ll-pack-narrow-block-arguments --split-input-file %s | FileCheck %s

// A loop carries 8 bytes; its body stores them as one vector<8xi8> that
// takes registers 0, 2, 4, 6 then 1, 3, 5, 7. The block argument becomes
// two words, those two groups (docs/lowering.md, "Loop-carried registers
// in words"), and the stored vector is built from the two words as 32-bit
// values, not byte by byte (docs/lowering.md, "Vectors of whole words").
// CHECK-LABEL: llvm.func @bytes_from_words(
// CHECK:       ^bb1(%[[ARG:.*]]: !llvm.struct<(vector<4xi8>, vector<4xi8>)>):
// CHECK-DAG:     %[[W0:.*]] = llvm.extractvalue %[[ARG]][0]
// CHECK-DAG:     %[[W1:.*]] = llvm.extractvalue %[[ARG]][1]
// CHECK-NOT:     llvm.insertelement {{.*}} : vector<8xi8>
// CHECK:         %[[I0:.*]] = llvm.bitcast %[[W0]] : vector<4xi8> to i32
// CHECK:         %[[V0:.*]] = llvm.insertelement %[[I0]], %{{.*}}[%{{.*}} : i32] : vector<2xi32>
// CHECK:         %[[I1:.*]] = llvm.bitcast %[[W1]] : vector<4xi8> to i32
// CHECK:         %[[V1:.*]] = llvm.insertelement %[[I1]], %[[V0]][%{{.*}} : i32] : vector<2xi32>
// CHECK:         %[[BYTES:.*]] = llvm.bitcast %[[V1]] : vector<2xi32> to vector<8xi8>
// CHECK:         llvm.store %[[BYTES]], %{{.*}} : vector<8xi8>, !llvm.ptr<3>
llvm.func @bytes_from_words(%p: !llvm.ptr<3>, %c: i1, %init: !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>) {
  llvm.br ^bb1(%init : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>)
^bb1(%a: !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>):
  %r0 = llvm.extractvalue %a[0] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %r1 = llvm.extractvalue %a[1] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %r2 = llvm.extractvalue %a[2] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %r3 = llvm.extractvalue %a[3] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %r4 = llvm.extractvalue %a[4] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %r5 = llvm.extractvalue %a[5] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %r6 = llvm.extractvalue %a[6] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %r7 = llvm.extractvalue %a[7] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %i0 = llvm.mlir.constant(0 : i32) : i32
  %i1 = llvm.mlir.constant(1 : i32) : i32
  %i2 = llvm.mlir.constant(2 : i32) : i32
  %i3 = llvm.mlir.constant(3 : i32) : i32
  %i4 = llvm.mlir.constant(4 : i32) : i32
  %i5 = llvm.mlir.constant(5 : i32) : i32
  %i6 = llvm.mlir.constant(6 : i32) : i32
  %i7 = llvm.mlir.constant(7 : i32) : i32
  %v = llvm.mlir.poison : vector<8xi8>
  %v0 = llvm.insertelement %r0, %v[%i0 : i32] : vector<8xi8>
  %v1 = llvm.insertelement %r2, %v0[%i1 : i32] : vector<8xi8>
  %v2 = llvm.insertelement %r4, %v1[%i2 : i32] : vector<8xi8>
  %v3 = llvm.insertelement %r6, %v2[%i3 : i32] : vector<8xi8>
  %v4 = llvm.insertelement %r1, %v3[%i4 : i32] : vector<8xi8>
  %v5 = llvm.insertelement %r3, %v4[%i5 : i32] : vector<8xi8>
  %v6 = llvm.insertelement %r5, %v5[%i6 : i32] : vector<8xi8>
  %v7 = llvm.insertelement %r7, %v6[%i7 : i32] : vector<8xi8>
  llvm.store %v7, %p : vector<8xi8>, !llvm.ptr<3>
  llvm.cond_br %c, ^bb1(%a : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>), ^bb2
^bb2:
  llvm.return
}

// -----

// 16-bit registers: NVPTX builds a vector of them from 32-bit pairs with
// moves ptxas folds, so the vector keeps its element inserts.
// CHECK-LABEL: llvm.func @halves_stay_elements(
// CHECK-NOT:     vector<2xi32>
// CHECK:         llvm.store %{{.*}}, %{{.*}} : vector<4xf16>, !llvm.ptr<3>
llvm.func @halves_stay_elements(%p: !llvm.ptr<3>, %c: i1, %init: !llvm.struct<(f16, f16, f16, f16)>) {
  llvm.br ^bb1(%init : !llvm.struct<(f16, f16, f16, f16)>)
^bb1(%a: !llvm.struct<(f16, f16, f16, f16)>):
  %r0 = llvm.extractvalue %a[0] : !llvm.struct<(f16, f16, f16, f16)>
  %r1 = llvm.extractvalue %a[1] : !llvm.struct<(f16, f16, f16, f16)>
  %r2 = llvm.extractvalue %a[2] : !llvm.struct<(f16, f16, f16, f16)>
  %r3 = llvm.extractvalue %a[3] : !llvm.struct<(f16, f16, f16, f16)>
  %i0 = llvm.mlir.constant(0 : i32) : i32
  %i1 = llvm.mlir.constant(1 : i32) : i32
  %i2 = llvm.mlir.constant(2 : i32) : i32
  %i3 = llvm.mlir.constant(3 : i32) : i32
  %v = llvm.mlir.poison : vector<4xf16>
  %v0 = llvm.insertelement %r0, %v[%i0 : i32] : vector<4xf16>
  %v1 = llvm.insertelement %r2, %v0[%i1 : i32] : vector<4xf16>
  %v2 = llvm.insertelement %r1, %v1[%i2 : i32] : vector<4xf16>
  %v3 = llvm.insertelement %r3, %v2[%i3 : i32] : vector<4xf16>
  llvm.store %v3, %p : vector<4xf16>, !llvm.ptr<3>
  llvm.cond_br %c, ^bb1(%a : !llvm.struct<(f16, f16, f16, f16)>), ^bb2
^bb2:
  llvm.return
}

// -----

// A second vector that takes a word's bytes out of order (the block
// argument's words are the first store's: registers 0-3 and 4-7) keeps its
// element inserts: that word would need a byte permute. The first store's
// vector is built from the words.
// CHECK-LABEL: llvm.func @bytes_out_of_order(
// CHECK:         %[[FIRST:.*]] = llvm.bitcast %{{.*}} : vector<2xi32> to vector<8xi8>
// CHECK:         llvm.store %[[FIRST]], %{{.*}} : vector<8xi8>, !llvm.ptr<3>
// CHECK-NOT:     llvm.bitcast
// CHECK:         llvm.insertelement {{.*}} : vector<8xi8>
// CHECK-NOT:     llvm.bitcast
// CHECK:         llvm.store %{{.*}}, %arg1 : vector<8xi8>, !llvm.ptr<3>
llvm.func @bytes_out_of_order(%p: !llvm.ptr<3>, %q: !llvm.ptr<3>, %c: i1, %init: !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>) {
  llvm.br ^bb1(%init : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>)
^bb1(%a: !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>):
  %r0 = llvm.extractvalue %a[0] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %r1 = llvm.extractvalue %a[1] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %r2 = llvm.extractvalue %a[2] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %r3 = llvm.extractvalue %a[3] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %r4 = llvm.extractvalue %a[4] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %r5 = llvm.extractvalue %a[5] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %r6 = llvm.extractvalue %a[6] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %r7 = llvm.extractvalue %a[7] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
  %i0 = llvm.mlir.constant(0 : i32) : i32
  %i1 = llvm.mlir.constant(1 : i32) : i32
  %i2 = llvm.mlir.constant(2 : i32) : i32
  %i3 = llvm.mlir.constant(3 : i32) : i32
  %i4 = llvm.mlir.constant(4 : i32) : i32
  %i5 = llvm.mlir.constant(5 : i32) : i32
  %i6 = llvm.mlir.constant(6 : i32) : i32
  %i7 = llvm.mlir.constant(7 : i32) : i32
  %v = llvm.mlir.poison : vector<8xi8>
  %v0 = llvm.insertelement %r0, %v[%i0 : i32] : vector<8xi8>
  %v1 = llvm.insertelement %r1, %v0[%i1 : i32] : vector<8xi8>
  %v2 = llvm.insertelement %r2, %v1[%i2 : i32] : vector<8xi8>
  %v3 = llvm.insertelement %r3, %v2[%i3 : i32] : vector<8xi8>
  %v4 = llvm.insertelement %r4, %v3[%i4 : i32] : vector<8xi8>
  %v5 = llvm.insertelement %r5, %v4[%i5 : i32] : vector<8xi8>
  %v6 = llvm.insertelement %r6, %v5[%i6 : i32] : vector<8xi8>
  %v7 = llvm.insertelement %r7, %v6[%i7 : i32] : vector<8xi8>
  llvm.store %v7, %p : vector<8xi8>, !llvm.ptr<3>
  %w = llvm.mlir.poison : vector<8xi8>
  %w0 = llvm.insertelement %r0, %w[%i0 : i32] : vector<8xi8>
  %w1 = llvm.insertelement %r1, %w0[%i1 : i32] : vector<8xi8>
  %w2 = llvm.insertelement %r2, %w1[%i2 : i32] : vector<8xi8>
  %w3 = llvm.insertelement %r3, %w2[%i3 : i32] : vector<8xi8>
  %w4 = llvm.insertelement %r7, %w3[%i4 : i32] : vector<8xi8>
  %w5 = llvm.insertelement %r6, %w4[%i5 : i32] : vector<8xi8>
  %w6 = llvm.insertelement %r5, %w5[%i6 : i32] : vector<8xi8>
  %w7 = llvm.insertelement %r4, %w6[%i7 : i32] : vector<8xi8>
  llvm.store %w7, %q : vector<8xi8>, !llvm.ptr<3>
  llvm.cond_br %c, ^bb1(%a : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>), ^bb2
^bb2:
  llvm.return
}
