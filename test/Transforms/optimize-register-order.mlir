// RUN: ll-opt %s --split-input-file --ll-optimize-register-order --ll-plan-conversions | FileCheck %s

// The corpus's intra-warp exchange in a loop: A -> B, +1, B -> A, +1. Each
// conversion needs 32 shuffles and 64 selects in the layouts as written. The
// loop's values take A's elements in the order the shuffles send them (lane
// bit 2 also flips row 4), the converted values B's in the order they
// arrive: both conversions lose their selects. In that order a warp's load
// and store would touch twice the 32-byte sectors, so the tile accesses
// keep A and a register move on each side of the loop bridges (its selects
// run once, the loop's 32 times).
#a = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK-DAG: #[[NA:.+]] = #ll.linear<{register = {{\[\[}}4, 0], [0, 8], [0, 16], [8, 0], [16, 0]], lane = {{\[\[}}0, 1], [0, 2], [4, 4], [1, 0], [2, 0]], warp = [], block = []}>
// CHECK-DAG: #[[NB:.+]] = #ll.linear<{register = {{\[\[}}0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 0], [4, 4]], warp = [], block = []}>
// CHECK-LABEL: func.func @intra_warp_loop
// CHECK: arith.constant dense<1.000000e+00> : tensor<32x32xf32, #[[NA]]>
// CHECK: arith.constant dense<1.000000e+00> : tensor<32x32xf32, #[[NB]]>
// CHECK: %[[T:.+]] = ll.load_tile %{{.*}} -> tensor<32x32xf32, #[[A:[a-z0-9]+]]>
// CHECK: ll.convert_layout %[[T]] {{.*}}kind = registers{{.*}} : tensor<32x32xf32, #[[A]]> -> tensor<32x32xf32, #[[NA]]>
// CHECK: scf.for {{.*}} -> (tensor<32x32xf32, #[[NA]]>)
// CHECK: ll.convert_layout {{.*}}shuffles = 32, selects = 0>} : tensor<32x32xf32, #[[NA]]> -> tensor<32x32xf32, #[[NB]]>
// CHECK: ll.convert_layout {{.*}}shuffles = 32, selects = 0>} : tensor<32x32xf32, #[[NB]]> -> tensor<32x32xf32, #[[NA]]>
// CHECK: scf.yield
// CHECK: %[[S:.+]] = ll.convert_layout %{{.*}}kind = registers{{.*}} : tensor<32x32xf32, #[[NA]]> -> tensor<32x32xf32, #[[A]]>
// CHECK: ll.store_tile %[[S]], %{{.*}} : tensor<32x32xf32, #[[A]]>
func.func @intra_warp_loop(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) {
  %one_a = arith.constant dense<1.0> : tensor<32x32xf32, #a>
  %one_b = arith.constant dense<1.0> : tensor<32x32xf32, #b>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #a>
  %r = scf.for %i = %c0 to %c32 step %c1 iter_args(%v = %t) -> (tensor<32x32xf32, #a>) {
    %b = ll.convert_layout %v : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    %b1 = arith.addf %b, %one_b : tensor<32x32xf32, #b>
    %a = ll.convert_layout %b1 : tensor<32x32xf32, #b> -> tensor<32x32xf32, #a>
    %a1 = arith.addf %a, %one_a : tensor<32x32xf32, #a>
    scf.yield %a1 : tensor<32x32xf32, #a>
  }
  ll.store_tile %r, %y : tensor<32x32xf32, #a>, !llvm.ptr<1>
  return
}

// -----

// The same exchange between values a function receives and returns: their
// layouts are part of its signature, so nothing changes.
#a = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK-LABEL: func.func @signature_pins
// CHECK: ll.convert_layout {{.*}}selects = 64>} : tensor<32x32xf32, #{{[a-z0-9]+}}> -> tensor<32x32xf32, #{{[a-z0-9]+}}>
func.func @signature_pins(%x: tensor<32x32xf32, #a>) -> tensor<32x32xf32, #b> {
  %y = ll.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
  return %y : tensor<32x32xf32, #b>
}

// -----

// A hand-written plan names these exact layouts: they stay.
#a = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK-LABEL: func.func @hand_written_plan
// CHECK: ll.load_tile %{{.*}} -> tensor<32x32xf32, #[[A:[a-z0-9]+]]>
// CHECK: ll.convert_layout {{.*}}kind = shuffle{{.*}}selects = 64>
// CHECK: ll.store_tile %{{.*}} : tensor<32x32xf32, #[[B:[a-z0-9]+]]>
func.func @hand_written_plan(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) {
  %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #a>
  %b = ll.convert_layout %t {ll.plan = #ll.plan<kind = shuffle>} : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
  ll.store_tile %b, %y : tensor<32x32xf32, #b>, !llvm.ptr<1>
  return
}

// -----

// A 32x32 transpose in one warp: the select-free order of the source would
// split its 128-bit row vectors (lanes would flip columns 1 and 2), so the
// load keeps its layout and the plan stays in shared memory.
#a = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [0, 4], [0, 8], [0, 16]], lane = [[4, 0], [8, 0], [16, 0], [0, 1], [0, 2]], warp = [], block = []}>
// CHECK-LABEL: func.func @keeps_vector_width
// CHECK: ll.load_tile %{{.*}} -> tensor<32x32xf32, #[[A:[a-z0-9]+]]>
// CHECK: ll.convert_layout %{{.*}}kind = shared_memory{{.*}} : tensor<32x32xf32, #[[A]]>
func.func @keeps_vector_width(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) {
  %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #a>
  %b = ll.convert_layout %t : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
  ll.store_tile %b, %y : tensor<32x32xf32, #b>, !llvm.ptr<1>
  return
}

// -----

// The same transpose in a loop of 8 round trips: the load and the store keep
// A's layout, one conversion on each side bridges to the select-free orders,
// and the loop's two conversions are plain shuffles.
#a = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [0, 4], [0, 8], [0, 16]], lane = [[4, 0], [8, 0], [16, 0], [0, 1], [0, 2]], warp = [], block = []}>
// CHECK-LABEL: func.func @bridged_loop
// CHECK: %[[T:.+]] = ll.load_tile %{{.*}} -> tensor<32x32xf32, #[[A:[a-z0-9]+]]>
// CHECK: ll.convert_layout %[[T]] {{.*}}: tensor<32x32xf32, #[[A]]> -> tensor<32x32xf32, #[[NA:[a-z0-9]+]]>
// CHECK: scf.for {{.*}} -> (tensor<32x32xf32, #[[NA]]>)
// CHECK: ll.convert_layout {{.*}}kind = shuffle{{.*}}selects = 0>
// CHECK: ll.convert_layout {{.*}}kind = shuffle{{.*}}selects = 0>
// CHECK: scf.yield
// CHECK: %[[S:.+]] = ll.convert_layout %{{.*}} : tensor<32x32xf32, #[[NA]]> -> tensor<32x32xf32, #[[A]]>
// CHECK: ll.store_tile %[[S]]
func.func @bridged_loop(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #a>
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%v = %t) -> (tensor<32x32xf32, #a>) {
    %b = ll.convert_layout %v : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    %b1 = math.absf %b : tensor<32x32xf32, #b>
    %a = ll.convert_layout %b1 : tensor<32x32xf32, #b> -> tensor<32x32xf32, #a>
    scf.yield %a : tensor<32x32xf32, #a>
  }
  ll.store_tile %r, %y : tensor<32x32xf32, #a>, !llvm.ptr<1>
  return
}

// -----

// A value that leaves through scf.if keeps its layout (the branch's yield
// observes it), and with it the conversion's source.
#a = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
// CHECK-LABEL: func.func @if_pins
// CHECK: ll.load_tile %{{.*}} -> tensor<32x32xf32, #[[A:[a-z0-9]+]]>
// CHECK: ll.convert_layout {{.*}}selects = 32>} : tensor<32x32xf32, #[[A]]>
func.func @if_pins(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>, %c: i1) {
  %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #a>
  %s = scf.if %c -> (tensor<32x32xf32, #a>) {
    scf.yield %t : tensor<32x32xf32, #a>
  } else {
    scf.yield %t : tensor<32x32xf32, #a>
  }
  %b = ll.convert_layout %s : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
  ll.store_tile %b, %y : tensor<32x32xf32, #b>, !llvm.ptr<1>
  return
}

// -----

// One exchange of 32-bit elements between two blocked layouts (2 -> 1
// elements and 4 -> 8 lanes along dim 1), outside a loop. Its select-free
// order would give each warp store 64 more 32-byte sectors (partial sector
// writes: 1.25x Triton's time on the H100 where the layouts as written run
// 0.97x), so the store keeps its layout, and a bridge before it would cost
// what the selects cost: nothing changes.
#a = #ll.linear<{register = [[0, 1], [0, 8], [0, 16], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0]], block = []}>
#b = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [[16, 0]], block = []}>
// CHECK-LABEL: func.func @store_footprint
// CHECK: ll.load_tile %{{.*}} -> tensor<32x32xf32, #[[A:[a-z0-9]+]]>
// CHECK: ll.convert_layout {{.*}}kind = shuffle{{.*}}selects = {{[1-9][0-9]*}}>} : tensor<32x32xf32, #[[A]]> -> tensor<32x32xf32, #[[B:[a-z0-9]+]]>
// CHECK-NEXT: ll.store_tile %{{.*}} : tensor<32x32xf32, #[[B]]>
func.func @store_footprint(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) {
  %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #a>
  %b = ll.convert_layout %t : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
  ll.store_tile %b, %y : tensor<32x32xf32, #b>, !llvm.ptr<1>
  return
}

// -----

// An exchange of 2-element vectors, 4 -> 16 lanes along dim 1: in the
// select-free order each warp store writes the sectors it wrote before,
// from other lanes and over more 128-byte lines (not slower on the H100:
// 1.000x Triton's time against 1.06x with a bridge). The store takes it,
// and the conversion loses its selects.
#a = #ll.linear<{register = [[0, 1], [0, 8], [0, 16], [0, 32], [8, 0], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[32, 0]], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 32], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[32, 0]], block = []}>
// CHECK-LABEL: func.func @store_lines
// CHECK: ll.load_tile
// CHECK-NEXT: ll.convert_layout {{.*}}kind = shuffle{{.*}}selects = 0>}
// CHECK-NEXT: ll.store_tile
func.func @store_lines(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) {
  %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<64x64xf32, #a>
  %b = ll.convert_layout %t : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
  ll.store_tile %b, %y : tensor<64x64xf32, #b>, !llvm.ptr<1>
  return
}
