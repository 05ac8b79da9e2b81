// ll-finalize-nvvm: what convert-ll-to-nvvm leaves of a gpu.module, lowered
// with upstream's patterns; kernel bodies in parallel, function ops after.
// RUN: ll-opt --pass-pipeline="builtin.module(gpu.module(ll-finalize-nvvm))" --split-input-file %s | FileCheck %s
// RUN: ll-opt --pass-pipeline="builtin.module(gpu.module(ll-finalize-nvvm{index-bitwidth=64}))" --split-input-file %s | FileCheck %s --check-prefix=I64
// RUN: ll-opt --pass-pipeline="builtin.module(gpu.module(ll-finalize-nvvm))" --remarks-filter=ll-lowering --split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// A kernel with an LLVM signature: its body converts alone (scf.for to
// branches, arith and gpu.thread_id to LLVM/NVVM), then gpu.func becomes an
// nvvm.kernel llvm.func. No unrealized cast survives.
// CHECK-LABEL: llvm.func @loop(
// CHECK-SAME:    %[[P:.*]]: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel}
// CHECK:         nvvm.read.ptx.sreg.tid.x : i32
// CHECK:         llvm.br ^[[HEAD:bb[0-9]+]]
// CHECK:       ^[[HEAD]](%{{.*}}: i32, %{{.*}}: f32):
// CHECK:         llvm.icmp "slt"
// CHECK:         llvm.cond_br
// CHECK:         llvm.fadd
// CHECK:         llvm.store
// CHECK:         llvm.return
// CHECK-NOT:   unrealized_conversion_cast
// I64-LABEL:   llvm.func @loop(
// I64:           nvvm.read.ptx.sreg.tid.x : i32
// I64:           llvm.sext %{{.*}} : i32 to i64
// I64:         ^{{bb[0-9]+}}(%{{.*}}: i64, %{{.*}}: f32):
gpu.module @m {
  gpu.func @loop(%p: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tid = gpu.thread_id x
    %zero = arith.constant 0.0 : f32
    %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
      %x = arith.index_cast %i : index to i32
      %f = arith.sitofp %x : i32 to f32
      %next = arith.addf %acc, %f : f32
      scf.yield %next : f32
    }
    %t = arith.index_cast %tid : index to i32
    %q = llvm.getelementptr %p[%t] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %sum, %q : f32, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// An index argument keeps the body for the module-wide step (its block
// argument changes type there); a device func.func gets a C wrapper and its
// call is lowered; gpu.shuffle goes through gpu's rewrite patterns first
// (a 64-bit shuffle is two 32-bit ones).
// CHECK-LABEL: llvm.func @scale(
// CHECK-SAME:    %{{.*}}: i32) -> i32
// CHECK-SAME:    llvm.emit_c_interface
// CHECK:         llvm.mul
// CHECK-LABEL: llvm.func @index_arg(
// CHECK-SAME:    %[[N:.*]]: i32, %{{.*}}: !llvm.ptr<1>)
// CHECK:         llvm.call @scale(%[[N]])
// CHECK-COUNT-2: nvvm.shfl.sync bfly
// CHECK:         llvm.return
// CHECK-NOT:   unrealized_conversion_cast
gpu.module @m {
  func.func @scale(%x: index) -> index {
    %c2 = arith.constant 2 : index
    %y = arith.muli %x, %c2 : index
    return %y : index
  }
  gpu.func @index_arg(%n: index, %p: !llvm.ptr<1>) kernel {
    %m = func.call @scale(%n) : (index) -> index
    %v = arith.index_cast %m : index to i64
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %s, %ok = gpu.shuffle xor %v, %c1, %c32 : i64
    llvm.store %s, %p : i64, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Workgroup attributions become shared-memory globals in the module-wide
// step; scf.if inside the body still goes to branches.
// CHECK-LABEL: llvm.mlir.global internal @__wg_attribution_0()
// CHECK-SAME:    addr_space = 3
// CHECK-LABEL: llvm.func @attribution(
// CHECK:         llvm.mlir.addressof @__wg_attribution_0
// CHECK:         llvm.cond_br
// CHECK:         nvvm.barrier0
// CHECK-NOT:   unrealized_conversion_cast
gpu.module @m {
  gpu.func @attribution(%p: !llvm.ptr<1>)
      workgroup(%buf: memref<32xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %c16 = arith.constant 16 : index
    %low = arith.cmpi ult, %tid, %c16 : index
    scf.if %low {
      %one = arith.constant 1.0 : f32
      memref.store %one, %buf[%tid] : memref<32xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    gpu.return
  }
}

// -----

// Math becomes libdevice calls, as in convert-gpu-to-nvvm. The call's
// declaration is a module symbol, so kernels that need one are lowered in
// the module-wide step (one declaration for both).
// CHECK-LABEL: llvm.func @__nv_expf(f32) -> f32
// CHECK-NOT:   llvm.func @__nv_expf
// CHECK-LABEL: llvm.func @math(
// CHECK:         llvm.call @__nv_expf
// CHECK:         llvm.fadd
// CHECK-LABEL: llvm.func @math2(
// CHECK:         llvm.call @__nv_expf
gpu.module @m {
  gpu.func @math(%p: !llvm.ptr<1>) kernel {
    %x = llvm.load %p : !llvm.ptr<1> -> f32
    %y = math.exp %x : f32
    %z = arith.addf %y, %x : f32
    llvm.store %z, %p : f32, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @math2(%p: !llvm.ptr<1>) kernel {
    %x = llvm.load %p : !llvm.ptr<1> -> f32
    %y = math.exp %x : f32
    llvm.store %y, %p : f32, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Every scf region op becomes branches (scf.parallel through an scf.for
// nest), vector arith and a memref device function are lowered, and
// arith.remf becomes a libdevice call (module-wide step).
// CHECK-LABEL: llvm.func @__nv_fmodf(f32, f32) -> f32
// CHECK-LABEL: llvm.func @control(
// CHECK-NOT:     scf.
// CHECK:         llvm.switch
// CHECK:         llvm.add %{{.*}} : vector<4xi32>
// CHECK:         llvm.call @__nv_fmodf
// CHECK-LABEL: llvm.func @first(
// CHECK:         llvm.load %{{.*}} : !llvm.ptr -> f32
gpu.module @m {
  gpu.func @control(%p: !llvm.ptr<1>, %n: index, %q: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %x = arith.index_cast %i : index to i32
      llvm.store %x, %p : i32, !llvm.ptr<1>
      scf.reduce
    }
    %w = scf.while (%a = %c0) : (index) -> index {
      %more = arith.cmpi slt, %a, %n : index
      scf.condition(%more) %a : index
    } do {
    ^bb0(%a: index):
      %b = arith.addi %a, %c1 : index
      scf.yield %b : index
    }
    %s = scf.index_switch %w -> i32
    case 2 {
      %two = arith.constant 2 : i32
      scf.yield %two : i32
    }
    default {
      %zero = arith.constant 0 : i32
      scf.yield %zero : i32
    }
    %v = vector.broadcast %s : i32 to vector<4xi32>
    %v2 = arith.addi %v, %v : vector<4xi32>
    %e = vector.extract %v2[1] : i32 from vector<4xi32>
    llvm.store %e, %p : i32, !llvm.ptr<1>
    %f = llvm.load %q : !llvm.ptr<1> -> f32
    %r = arith.remf %f, %f : f32
    llvm.store %r, %q : f32, !llvm.ptr<1>
    gpu.return
  }
  func.func @first(%a: memref<?xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %x = memref.load %a[%c0] : memref<?xf32>
    return %x : f32
  }
}

// -----

// gpu's rewrite patterns first, as convert-gpu-to-nvvm: gpu.all_reduce
// (rooted at the function; it adds a workgroup buffer) and gpu.global_id;
// gpu.printf declares vprintf and a format string (module-wide step).
// CHECK-LABEL: llvm.func @vprintf(
// CHECK-LABEL: llvm.func @reduce(
// CHECK:         nvvm.shfl.sync bfly
// CHECK:         nvvm.read.ptx.sreg.ctaid.x
// CHECK:         llvm.call @vprintf
// CHECK-NOT:   unrealized_conversion_cast
gpu.module @m {
  gpu.func @reduce(%p: !llvm.ptr<1>) kernel {
    %x = llvm.load %p : !llvm.ptr<1> -> f32
    %s = gpu.all_reduce add %x uniform {} : (f32) -> f32
    %g = gpu.global_id x
    %gi = arith.index_cast %g : index to i32
    %gf = arith.sitofp %gi : i32 to f32
    %t = arith.addf %s, %gf : f32
    gpu.printf "v %f\n", %t : f32
    llvm.store %t, %p : f32, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Every arith op on the parallel path, and the ones NVVM lowers to
// libdevice calls (remf, maxnumf, minnumf) declared once, in the serial step.
// CHECK-DAG:   llvm.func @__nv_fmodf(f32, f32) -> f32
// CHECK-DAG:   llvm.func @__nv_fmaxf(f32, f32) -> f32
// CHECK-DAG:   llvm.func @__nv_fminf(f32, f32) -> f32
// CHECK-LABEL: llvm.func @arith_zoo(
// CHECK-NOT:     arith.
// CHECK:         llvm.return
gpu.module @m {
  gpu.func @arith_zoo(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %a = llvm.load %p : !llvm.ptr<1> -> f32
    %b = llvm.load %q : !llvm.ptr<1> -> f32
    %f1 = arith.addf %a, %b : f32
    %f2 = arith.subf %f1, %b : f32
    %f3 = arith.mulf %f2, %a : f32
    %f4 = arith.divf %f3, %b : f32
    %f5 = arith.remf %f4, %a : f32
    %f6 = arith.maxnumf %f5, %b : f32
    %f7 = arith.minnumf %f6, %a : f32
    %f8 = arith.maximumf %f7, %b : f32
    %f9 = arith.minimumf %f8, %a : f32
    %f10 = arith.negf %f9 : f32
    %i = arith.fptosi %f10 : f32 to i32
    %j = arith.fptoui %f10 : f32 to i32
    %i1 = arith.addi %i, %j : i32
    %i2 = arith.subi %i1, %j : i32
    %i3 = arith.muli %i2, %i : i32
    %i4 = arith.divsi %i3, %j : i32
    %i5 = arith.divui %i4, %j : i32
    %i6 = arith.remsi %i5, %i : i32
    %i7 = arith.remui %i6, %j : i32
    %i8 = arith.ceildivsi %i7, %i : i32
    %i9 = arith.floordivsi %i8, %j : i32
    %i10 = arith.maxsi %i9, %i : i32
    %i11 = arith.minui %i10, %j : i32
    %i12 = arith.andi %i11, %i : i32
    %i13 = arith.ori %i12, %j : i32
    %i14 = arith.xori %i13, %i : i32
    %i15 = arith.shli %i14, %j : i32
    %i16 = arith.shrsi %i15, %i : i32
    %i17 = arith.shrui %i16, %j : i32
    %c = arith.cmpi slt, %i17, %i : i32
    %s = arith.select %c, %i17, %i : i32
    %w = arith.extsi %s : i32 to i64
    %t = arith.trunci %w : i64 to i16
    %u = arith.extui %t : i16 to i32
    %h = arith.truncf %f10 : f32 to f16
    %e = arith.extf %h : f16 to f32
    %cf = arith.cmpf olt, %e, %a : f32
    %g = arith.uitofp %u : i32 to f32
    %r = arith.select %cf, %g, %e : f32
    %bits = arith.bitcast %r : f32 to i32
    %back = arith.sitofp %bits : i32 to f32
    llvm.store %back, %p : f32, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// As upstream: scf to cf before gpu's rewrites (an all-reduce inside
// scf.while / scf.index_switch splits the region's block); a hand-written
// loop whose header is first reached by its own back edge (the body step
// is rooted at the function, so the branch lowering may convert the
// header's signature); a dead gpu.subgroup_size (dead code is erased first,
// as upstream's greedy pre-pass does).
// CHECK-LABEL: llvm.func @reduce_in_while(
// CHECK:         nvvm.shfl.sync bfly
// CHECK-LABEL: llvm.func @reduce_in_switch(
// CHECK:         llvm.switch
// CHECK-LABEL: llvm.func @back_edge_first(
// CHECK:       ^[[HEAD:bb[0-9]+]](%{{.*}}: i32):
// CHECK:         llvm.cond_br %{{.*}}, ^[[HEAD]](%{{.*}} : i32), ^{{bb[0-9]+}}
// CHECK-LABEL: llvm.func @dead_op(
// CHECK-NOT:     subgroup_size
// CHECK:         llvm.return
gpu.module @m {
  gpu.func @reduce_in_while(%p: !llvm.ptr, %n: i32) kernel {
    %r = scf.while (%a = %n) : (i32) -> i32 {
      %s = gpu.all_reduce add %a uniform {} : (i32) -> (i32)
      %c = arith.cmpi slt, %s, %n : i32
      scf.condition(%c) %s : i32
    } do {
    ^bb0(%b: i32):
      scf.yield %b : i32
    }
    llvm.store %r, %p : i32, !llvm.ptr
    gpu.return
  }
  gpu.func @reduce_in_switch(%p: !llvm.ptr, %n: i32) kernel {
    %idx = arith.index_cast %n : i32 to index
    %r = scf.index_switch %idx -> i32
    case 2 {
      %s = gpu.all_reduce add %n uniform {} : (i32) -> (i32)
      scf.yield %s : i32
    }
    default {
      scf.yield %n : i32
    }
    llvm.store %r, %p : i32, !llvm.ptr
    gpu.return
  }
  gpu.func @back_edge_first(%p: !llvm.ptr, %n: i32) kernel {
    %t = gpu.thread_id x
    cf.br ^bb2
  ^bb1(%v: index):
    %vi = arith.index_cast %v : index to i32
    llvm.store %vi, %p : i32, !llvm.ptr
    %c = arith.cmpi eq, %vi, %n : i32
    cf.cond_br %c, ^bb1(%v : index), ^bb3
  ^bb2:
    cf.br ^bb1(%t : index)
  ^bb3:
    gpu.return
  }
  gpu.func @dead_op(%p: !llvm.ptr) kernel {
    %s = gpu.subgroup_size : index
    gpu.return
  }
}

// -----

// An scf.for's loop annotation reaches the translation to LLVM IR: it ends
// on the latch llvm.br as the branch's own `loop_annotation` (upstream's
// tail leaves it as a discardable `llvm.loop_annotation`, which the
// translation does not read).
// CHECK:       #[[UNROLL:.*]] = #llvm.loop_unroll<full = true>
// CHECK:       #[[ANNOTATION:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: llvm.func @unrolled(
// CHECK:         llvm.cond_br
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.*}}) {loop_annotation = #[[ANNOTATION]]}
// CHECK-NOT:     llvm.loop_annotation
// I64-LABEL:   llvm.func @unrolled(
// I64:           llvm.br ^{{bb[0-9]+}}(%{{.*}}) {loop_annotation = #{{.*}}}
gpu.module @annotated {
  gpu.func @unrolled(%p: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %one = arith.constant 1.0 : f32
    %x = llvm.load %p : !llvm.ptr<1> -> f32
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %x) -> f32 {
      %y = arith.addf %a, %one : f32
      scf.yield %y : f32
    } {llvm.loop_annotation = #llvm.loop_annotation<unroll = <full = true>>}
    llvm.store %r, %p : f32, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Narrow registers cross the loop's back edge in 32-bit words
// (docs/lowering.md, "Loop-carried registers in words"): f16 registers two
// to a word, paired as the loop body's vector takes them ((0, 2) and
// (1, 3): the words are slices of the stored vector), i8 registers four to
// a word in register order (no vector takes them); three f16 (not whole
// words) and a packed struct stay as they are.
// Each packed argument is an ll-lowering remark (the three f16 and the
// packed struct, left alone, are not).
// REMARK: remark: [Passed] words | Category:ll-lowering | Function=words | Reason="block argument 1 carried in 2 words of vector<2xf16>; 2 of them slices of vectors the function builds from its registers, the rest in register order"
// REMARK: remark: [Passed] words | Category:ll-lowering | Function=words | Reason="block argument 2 carried in 2 words of vector<4xi8>; 0 of them slices of vectors the function builds from its registers, the rest in register order"
// REMARK-NOT: remark:
// CHECK-LABEL: llvm.func @words(
// CHECK:         %[[R0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(f16, f16, f16, f16)>
// CHECK:         %[[W0:.*]] = llvm.insertelement %[[R0]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
// CHECK:         %[[R2:.*]] = llvm.extractvalue %{{.*}}[2] : !llvm.struct<(f16, f16, f16, f16)>
// CHECK:         llvm.insertelement %[[R2]], %[[W0]][%{{.*}} : i32] : vector<2xf16>
// CHECK:         %[[B0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
// CHECK:         %[[V0:.*]] = llvm.insertelement %[[B0]], %{{.*}}[%{{.*}} : i32] : vector<4xi8>
// CHECK:         %[[B1:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>
// CHECK:         llvm.insertelement %[[B1]], %[[V0]][%{{.*}} : i32] : vector<4xi8>
// CHECK:         llvm.br ^[[HEAD:bb[0-9]+]](%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, !llvm.struct<(vector<2xf16>, vector<2xf16>)>, !llvm.struct<(vector<4xi8>, vector<4xi8>)>, !llvm.struct<(f16, f16, f16)>, !llvm.struct<packed (f16, f16)>)
// CHECK:       ^[[HEAD]](%{{.*}}: i32, %{{.*}}: !llvm.struct<(vector<2xf16>, vector<2xf16>)>, %{{.*}}: !llvm.struct<(vector<4xi8>, vector<4xi8>)>, %{{.*}}: !llvm.struct<(f16, f16, f16)>, %{{.*}}: !llvm.struct<packed (f16, f16)>):
gpu.module @m {
  gpu.func @words(%p: !llvm.ptr<3>, %h: !llvm.struct<(f16, f16, f16, f16)>,
                  %q: !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>,
                  %t: !llvm.struct<(f16, f16, f16)>,
                  %pk: !llvm.struct<packed (f16, f16)>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %r:4 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %h, %bytes = %q, %three = %t, %packed = %pk)
        -> (!llvm.struct<(f16, f16, f16, f16)>, !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>, !llvm.struct<(f16, f16, f16)>, !llvm.struct<packed (f16, f16)>) {
      %a = llvm.extractvalue %acc[0] : !llvm.struct<(f16, f16, f16, f16)>
      %b = llvm.extractvalue %acc[1] : !llvm.struct<(f16, f16, f16, f16)>
      %c = llvm.extractvalue %acc[2] : !llvm.struct<(f16, f16, f16, f16)>
      %d = llvm.extractvalue %acc[3] : !llvm.struct<(f16, f16, f16, f16)>
      %u = llvm.mlir.poison : vector<4xf16>
      %k0 = llvm.mlir.constant(0 : i32) : i32
      %k1 = llvm.mlir.constant(1 : i32) : i32
      %k2 = llvm.mlir.constant(2 : i32) : i32
      %k3 = llvm.mlir.constant(3 : i32) : i32
      %v0 = llvm.insertelement %a, %u[%k0 : i32] : vector<4xf16>
      %v1 = llvm.insertelement %c, %v0[%k1 : i32] : vector<4xf16>
      %v2 = llvm.insertelement %b, %v1[%k2 : i32] : vector<4xf16>
      %v3 = llvm.insertelement %d, %v2[%k3 : i32] : vector<4xf16>
      llvm.store %v3, %p : vector<4xf16>, !llvm.ptr<3>
      %e = llvm.fadd %a, %c : f16
      %s = llvm.insertvalue %e, %acc[0] : !llvm.struct<(f16, f16, f16, f16)>
      scf.yield %s, %bytes, %three, %packed : !llvm.struct<(f16, f16, f16, f16)>, !llvm.struct<(i8, i8, i8, i8, i8, i8, i8, i8)>, !llvm.struct<(f16, f16, f16)>, !llvm.struct<packed (f16, f16)>
    }
    gpu.return
  }
}

// -----

// Where the loop body builds its vectors of the carried registers on both
// sides of a barrier (a conversion in rounds), the words pair the registers
// as the body produces them on the back edge ((0, 1) and (2, 3), the halves
// of the two packed adds), so that each round permutes its own words after
// the barrier instead of all of them before the loop's first one
// (docs/lowering.md, "Loop-carried registers in words"). The same body
// without the barrier (@one_phase) pairs them as its stores take them.
// REMARK: remark: [Passed] words | Category:ll-lowering | Function=two_phases | Reason="block argument 1 carried in 2 words of vector<2xf16>; paired as the loop body produces them (the body builds its vectors of them on both sides of a barrier, so each phase permutes its own words)"
// REMARK: remark: [Passed] words | Category:ll-lowering | Function=one_phase | Reason="block argument 1 carried in 2 words of vector<2xf16>; 2 of them slices of vectors the function builds from its registers, the rest in register order"
// CHECK-LABEL: llvm.func @two_phases(
// CHECK:         %[[R0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(f16, f16, f16, f16)>
// CHECK:         %[[W0:.*]] = llvm.insertelement %[[R0]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
// CHECK:         %[[R1:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(f16, f16, f16, f16)>
// CHECK:         llvm.insertelement %[[R1]], %[[W0]][%{{.*}} : i32] : vector<2xf16>
// CHECK:         llvm.br ^[[HEAD:bb[0-9]+]](%{{.*}}, %{{.*}} : i32, !llvm.struct<(vector<2xf16>, vector<2xf16>)>)
// CHECK-LABEL: llvm.func @one_phase(
// CHECK:         %[[S0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(f16, f16, f16, f16)>
// CHECK:         %[[X0:.*]] = llvm.insertelement %[[S0]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
// CHECK:         %[[S2:.*]] = llvm.extractvalue %{{.*}}[2] : !llvm.struct<(f16, f16, f16, f16)>
// CHECK:         llvm.insertelement %[[S2]], %[[X0]][%{{.*}} : i32] : vector<2xf16>
// CHECK:         llvm.br ^[[HEAD:bb[0-9]+]](%{{.*}}, %{{.*}} : i32, !llvm.struct<(vector<2xf16>, vector<2xf16>)>)
gpu.module @m {
  gpu.func @two_phases(%p: !llvm.ptr<3>, %h: !llvm.struct<(f16, f16, f16, f16)>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %h) -> (!llvm.struct<(f16, f16, f16, f16)>) {
      %a = llvm.extractvalue %acc[0] : !llvm.struct<(f16, f16, f16, f16)>
      %b = llvm.extractvalue %acc[1] : !llvm.struct<(f16, f16, f16, f16)>
      %c = llvm.extractvalue %acc[2] : !llvm.struct<(f16, f16, f16, f16)>
      %d = llvm.extractvalue %acc[3] : !llvm.struct<(f16, f16, f16, f16)>
      %u = llvm.mlir.poison : vector<2xf16>
      %k0 = llvm.mlir.constant(0 : i32) : i32
      %k1 = llvm.mlir.constant(1 : i32) : i32
      %v0 = llvm.insertelement %a, %u[%k0 : i32] : vector<2xf16>
      %v1 = llvm.insertelement %c, %v0[%k1 : i32] : vector<2xf16>
      llvm.store %v1, %p : vector<2xf16>, !llvm.ptr<3>
      gpu.barrier
      %w0 = llvm.insertelement %b, %u[%k0 : i32] : vector<2xf16>
      %w1 = llvm.insertelement %d, %w0[%k1 : i32] : vector<2xf16>
      llvm.store %w1, %p : vector<2xf16>, !llvm.ptr<3>
      %x = llvm.fadd %v1, %w1 : vector<2xf16>
      %y = llvm.fadd %w1, %v1 : vector<2xf16>
      %x0 = llvm.extractelement %x[%k0 : i32] : vector<2xf16>
      %x1 = llvm.extractelement %x[%k1 : i32] : vector<2xf16>
      %y0 = llvm.extractelement %y[%k0 : i32] : vector<2xf16>
      %y1 = llvm.extractelement %y[%k1 : i32] : vector<2xf16>
      %s0 = llvm.insertvalue %x0, %acc[0] : !llvm.struct<(f16, f16, f16, f16)>
      %s1 = llvm.insertvalue %x1, %s0[1] : !llvm.struct<(f16, f16, f16, f16)>
      %s2 = llvm.insertvalue %y0, %s1[2] : !llvm.struct<(f16, f16, f16, f16)>
      %s3 = llvm.insertvalue %y1, %s2[3] : !llvm.struct<(f16, f16, f16, f16)>
      scf.yield %s3 : !llvm.struct<(f16, f16, f16, f16)>
    }
    gpu.return
  }
  gpu.func @one_phase(%p: !llvm.ptr<3>, %h: !llvm.struct<(f16, f16, f16, f16)>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %h) -> (!llvm.struct<(f16, f16, f16, f16)>) {
      %a = llvm.extractvalue %acc[0] : !llvm.struct<(f16, f16, f16, f16)>
      %b = llvm.extractvalue %acc[1] : !llvm.struct<(f16, f16, f16, f16)>
      %c = llvm.extractvalue %acc[2] : !llvm.struct<(f16, f16, f16, f16)>
      %d = llvm.extractvalue %acc[3] : !llvm.struct<(f16, f16, f16, f16)>
      %u = llvm.mlir.poison : vector<2xf16>
      %k0 = llvm.mlir.constant(0 : i32) : i32
      %k1 = llvm.mlir.constant(1 : i32) : i32
      %v0 = llvm.insertelement %a, %u[%k0 : i32] : vector<2xf16>
      %v1 = llvm.insertelement %c, %v0[%k1 : i32] : vector<2xf16>
      llvm.store %v1, %p : vector<2xf16>, !llvm.ptr<3>
      %w0 = llvm.insertelement %b, %u[%k0 : i32] : vector<2xf16>
      %w1 = llvm.insertelement %d, %w0[%k1 : i32] : vector<2xf16>
      llvm.store %w1, %p : vector<2xf16>, !llvm.ptr<3>
      %x = llvm.fadd %v1, %w1 : vector<2xf16>
      %y = llvm.fadd %w1, %v1 : vector<2xf16>
      %x0 = llvm.extractelement %x[%k0 : i32] : vector<2xf16>
      %x1 = llvm.extractelement %x[%k1 : i32] : vector<2xf16>
      %y0 = llvm.extractelement %y[%k0 : i32] : vector<2xf16>
      %y1 = llvm.extractelement %y[%k1 : i32] : vector<2xf16>
      %s0 = llvm.insertvalue %x0, %acc[0] : !llvm.struct<(f16, f16, f16, f16)>
      %s1 = llvm.insertvalue %x1, %s0[1] : !llvm.struct<(f16, f16, f16, f16)>
      %s2 = llvm.insertvalue %y0, %s1[2] : !llvm.struct<(f16, f16, f16, f16)>
      %s3 = llvm.insertvalue %y1, %s2[3] : !llvm.struct<(f16, f16, f16, f16)>
      scf.yield %s3 : !llvm.struct<(f16, f16, f16, f16)>
    }
    gpu.return
  }
}
