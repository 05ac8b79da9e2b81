// RUN: ll-opt %s --split-input-file --ll-optimize-register-order --remarks-filter=ll-register-order --verify-diagnostics -o /dev/null

// What ll-optimize-register-order did to each tile access of the values it
// reordered, as remarks of category ll-register-order: the access takes the
// select-free order, or keeps its layout behind a bridge, and why
// (docs/register-order.md, "Footprint"). No remark without the option.

// The intra-warp exchange in a loop: the select-free order would spread the
// load and the store over twice the sectors, so both keep their layout.
#a = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
func.func @bridged(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) {
  %one_a = arith.constant dense<1.0> : tensor<32x32xf32, #a>
  %one_b = arith.constant dense<1.0> : tensor<32x32xf32, #b>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  // expected-remark @below {{[Passed] tile-access | Category:ll-register-order | Function=bridged | Reason="keeps its layout behind a conversion (a bridge): the new order would spread each warp's load over 256 32-byte sectors instead of 128"}}
  %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #a>
  %r = scf.for %i = %c0 to %c32 step %c1 iter_args(%v = %t) -> (tensor<32x32xf32, #a>) {
    %b = ll.convert_layout %v : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    %b1 = arith.addf %b, %one_b : tensor<32x32xf32, #b>
    %a = ll.convert_layout %b1 : tensor<32x32xf32, #b> -> tensor<32x32xf32, #a>
    %a1 = arith.addf %a, %one_a : tensor<32x32xf32, #a>
    scf.yield %a1 : tensor<32x32xf32, #a>
  }
  // expected-remark @below {{[Passed] tile-access | Category:ll-register-order | Function=bridged | Reason="keeps its layout behind a conversion (a bridge): the new order would spread each warp's store over 256 32-byte sectors instead of 128"}}
  ll.store_tile %r, %y : tensor<32x32xf32, #a>, !llvm.ptr<1>
  return
}

// -----

// The 16x32 transpose: the select-free shuffles replace a shared-memory
// round trip, which is worth the load's wider footprint.
#rows = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#cols = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
func.func @round_trip_saved(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) {
  // expected-remark @below {{[Passed] tile-access | Category:ll-register-order | Function=round_trip_saved | Reason="takes the select-free register order of its values, though it touches more memory per warp: the order saved a shared-memory round trip"}}
  %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf32, #rows>
  %u = ll.convert_layout %t : tensor<16x32xf32, #rows> -> tensor<16x32xf32, #cols>
  // expected-remark @below {{[Passed] tile-access | Category:ll-register-order | Function=round_trip_saved | Reason="takes the select-free register order of its values"}}
  ll.store_tile %u, %q : tensor<16x32xf32, #cols>, !llvm.ptr<1>
  return
}

// -----

// A store whose warp instructions write half of each 32-byte sector (8-byte
// rows; the other half is another warp's): the select-free order would
// spread each instruction over twice the 128-byte lines at the same
// sectors, so the store keeps its layout (on the H100 that store ran the
// single conversion in 1.20x Triton's time, kept 0.89x). The load takes
// the new order: its sectors and lines do not grow.
#src = #ll.linear<{register = [[0, 1], [8, 0]], lane = [[16, 0], [64, 0], [32, 0], [256, 0], [2, 0]], warp = [[1, 0], [128, 0], [4, 0]], block = []}>
#dst = #ll.linear<{register = [[0, 1], [32, 0]], lane = [[8, 0], [256, 0], [2, 0], [16, 0], [64, 0]], warp = [[1, 0], [128, 0], [4, 0]], block = []}>
func.func @partial_sectors(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) {
  // expected-remark @below {{[Passed] tile-access | Category:ll-register-order | Function=partial_sectors | Reason="takes the select-free register order of its values"}}
  %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<512x2xf32, #src>
  %u = ll.convert_layout %t : tensor<512x2xf32, #src> -> tensor<512x2xf32, #dst>
  // expected-remark @below {{[Passed] tile-access | Category:ll-register-order | Function=partial_sectors | Reason="keeps its layout behind a conversion (a bridge): the new order would spread each warp's store over 32 128-byte lines instead of 16"}}
  ll.store_tile %u, %q : tensor<512x2xf32, #dst>, !llvm.ptr<1>
  return
}
