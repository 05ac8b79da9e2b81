// RUN: ll-opt %s --split-input-file --convert-ll-to-nvvm | FileCheck %s
// RUN: ll-opt %s --split-input-file --convert-ll-to-nvvm --remarks-filter=ll-lowering 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// A kernel with a known block size whose conversion's source holds every
// register a thread can have (256 f32 per thread here) gets nvvm.maxnreg =
// 255 (PTX .maxnreg): under .maxntid alone, ptxas may cap the registers at
// what full occupancy allows and spill most of the kernel (docs/lowering.md,
// "Register bound").
// CHECK-LABEL: gpu.func @every_register(
// CHECK-SAME:    nvvm.maxnreg = 255 : i32
// REMARK: remark: [Passed] register-bound | Category:ll-lowering | Function=every_register | Reason="the source of this conversion holds 256 32-bit registers per thread, at least the 255 a thread can have: the kernel gets nvvm.maxnreg = 255, so that it spills no more than it must"
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [32, 0], [64, 0], [128, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [], block = []}>
gpu.module @m {
  gpu.func @every_register(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<256x32xf32, #a>
    %u = ll.convert_layout %t : tensor<256x32xf32, #a> -> tensor<256x32xf32, #b>
    ll.store_tile %u, %q : tensor<256x32xf32, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Half as many (128 f32 per thread): no bound. Nor where the kernel's
// author set one (kept as written), or where no block size is known
// (no .maxntid for ptxas to weigh).
// CHECK-LABEL: gpu.func @half(
// CHECK-NOT:     nvvm.maxnreg
// CHECK-LABEL: gpu.func @own_bound(
// CHECK-SAME:    nvvm.maxnreg = 128 : i32
// CHECK-LABEL: gpu.func @no_block_size(
// CHECK-NOT:     nvvm.maxnreg
// CHECK:         gpu.return
// REMARK-NOT: [Passed] register-bound
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [32, 0], [64, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [], block = []}>
#c = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#d = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [32, 0], [64, 0], [128, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [], block = []}>
gpu.module @m {
  gpu.func @half(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<128x32xf32, #a>
    %u = ll.convert_layout %t : tensor<128x32xf32, #a> -> tensor<128x32xf32, #b>
    ll.store_tile %u, %q : tensor<128x32xf32, #b>, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @own_bound(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>, nvvm.maxnreg = 128 : i32} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<256x32xf32, #c>
    %u = ll.convert_layout %t : tensor<256x32xf32, #c> -> tensor<256x32xf32, #d>
    ll.store_tile %u, %q : tensor<256x32xf32, #d>, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @no_block_size(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<256x32xf32, #c>
    %u = ll.convert_layout %t : tensor<256x32xf32, #c> -> tensor<256x32xf32, #d>
    ll.store_tile %u, %q : tensor<256x32xf32, #d>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A gather holds its whole source and its indices (128 f32 and 128 i32 per
// thread here) and, in a loop, the tensors live across it: the accumulator
// (128). Together they need every register, so the kernel gets the bound;
// so does the same gather run once, whose source and indices alone fill
// 256 registers (under .maxntid alone ptxas gave such a kernel 48 registers
// and spilled 4.5 KB: docs/gather.md, "Registers"); half the tile run once
// does not.
// CHECK-LABEL: gpu.func @gather_loop_state(
// CHECK-SAME:    nvvm.maxnreg = 255 : i32
// CHECK-LABEL: gpu.func @gather_once(
// CHECK-SAME:    nvvm.maxnreg = 255 : i32
// CHECK-LABEL: gpu.func @gather_once_half(
// CHECK-NOT:     nvvm.maxnreg
// CHECK:         gpu.return
// REMARK: remark: [Passed] register-bound | Category:ll-lowering | Function=gather_loop_state | Reason="the source and indices of this gather hold 256 32-bit registers per thread, and the other tensors live across it 128, at least the 255 a thread can have: the kernel gets nvvm.maxnreg = 255, so that it spills no more than it must"
// REMARK: remark: [Passed] register-bound | Category:ll-lowering | Function=gather_once | Reason="the source and indices of this gather hold 256 32-bit registers per thread, at least the 255 a thread can have: the kernel gets nvvm.maxnreg = 255, so that it spills no more than it must"
// REMARK-NOT: [Passed] register-bound
#s = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#h = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
gpu.module @m {
  gpu.func @gather_loop_state(%x: !llvm.ptr<1>, %i: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : tensor<128x32xf32, #s>
    %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<128x32xf32, #s>
    %j = ll.load_tile %i : !llvm.ptr<1> -> tensor<128x32xi32, #s>
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (tensor<128x32xf32, #s>) {
      %g = ll.gather %t[%j] axis = 1 : tensor<128x32xf32, #s>, tensor<128x32xi32, #s> -> tensor<128x32xf32, #s>
      %acc1 = arith.addf %acc, %g : tensor<128x32xf32, #s>
      scf.yield %acc1 : tensor<128x32xf32, #s>
    }
    ll.store_tile %r, %y : tensor<128x32xf32, #s>, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @gather_once(%x: !llvm.ptr<1>, %i: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<128x32xf32, #s>
    %j = ll.load_tile %i : !llvm.ptr<1> -> tensor<128x32xi32, #s>
    %g = ll.gather %t[%j] axis = 1 : tensor<128x32xf32, #s>, tensor<128x32xi32, #s> -> tensor<128x32xf32, #s>
    ll.store_tile %g, %y : tensor<128x32xf32, #s>, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @gather_once_half(%x: !llvm.ptr<1>, %i: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<64x32xf32, #h>
    %j = ll.load_tile %i : !llvm.ptr<1> -> tensor<64x32xi32, #h>
    %g = ll.gather %t[%j] axis = 1 : tensor<64x32xf32, #h>, tensor<64x32xi32, #h> -> tensor<64x32xf32, #h>
    ll.store_tile %g, %y : tensor<64x32xf32, #h>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A one-warp kernel that gathers by shuffles in a loop gets the bound too,
// though it holds far fewer registers: its shuffles run on their latency,
// and under .maxntid alone ptxas keeps to fewer registers and issues them
// two at a time (docs/gather.md, "Shuffles of one warp"). Not on two warps,
// and not through shared memory.
// CHECK-LABEL: gpu.func @one_warp_shuffle_loop(
// CHECK-SAME:    nvvm.maxnreg = 255 : i32
// CHECK-LABEL: gpu.func @two_warp_shuffle_loop(
// CHECK-NOT:     nvvm.maxnreg
// CHECK-LABEL: gpu.func @one_warp_shared_loop(
// CHECK-NOT:     nvvm.maxnreg
// CHECK:         gpu.return
// REMARK: remark: [Passed] register-bound | Category:ll-lowering | Function=one_warp_shuffle_loop | Reason="this one-warp kernel gathers by shuffles in a loop, which runs on their latency: the kernel gets nvvm.maxnreg = 255, so that ptxas may issue more of them at a time"
// REMARK-NOT: [Passed] register-bound
#s = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#w = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[16, 0]], block = []}>
gpu.module @m {
  gpu.func @one_warp_shuffle_loop(%x: !llvm.ptr<1>, %i: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #s>
    %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #s>
    %j = ll.load_tile %i : !llvm.ptr<1> -> tensor<32x32xi32, #s>
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #s>) {
      %g = ll.gather %t[%j] axis = 1 {ll.plan = #ll.plan<kind = shuffle>} : tensor<32x32xf32, #s>, tensor<32x32xi32, #s> -> tensor<32x32xf32, #s>
      %acc1 = arith.addf %acc, %g : tensor<32x32xf32, #s>
      scf.yield %acc1 : tensor<32x32xf32, #s>
    }
    ll.store_tile %r, %y : tensor<32x32xf32, #s>, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @two_warp_shuffle_loop(%x: !llvm.ptr<1>, %i: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #w>
    %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #w>
    %j = ll.load_tile %i : !llvm.ptr<1> -> tensor<32x32xi32, #w>
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #w>) {
      %g = ll.gather %t[%j] axis = 1 {ll.plan = #ll.plan<kind = shuffle>} : tensor<32x32xf32, #w>, tensor<32x32xi32, #w> -> tensor<32x32xf32, #w>
      %acc1 = arith.addf %acc, %g : tensor<32x32xf32, #w>
      scf.yield %acc1 : tensor<32x32xf32, #w>
    }
    ll.store_tile %r, %y : tensor<32x32xf32, #w>, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @one_warp_shared_loop(%x: !llvm.ptr<1>, %i: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #s>
    %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #s>
    %j = ll.load_tile %i : !llvm.ptr<1> -> tensor<32x32xi32, #s>
    %r = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #s>) {
      %g = ll.gather %t[%j] axis = 1 {ll.plan = #ll.plan<kind = shared_memory>} : tensor<32x32xf32, #s>, tensor<32x32xi32, #s> -> tensor<32x32xf32, #s>
      %acc1 = arith.addf %acc, %g : tensor<32x32xf32, #s>
      scf.yield %acc1 : tensor<32x32xf32, #s>
    }
    ll.store_tile %r, %y : tensor<32x32xf32, #s>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A conversion through shared memory right after the load of its source:
// under .maxntid alone ptxas keeps the registers low and issues some loads
// after the first shared stores. The loads fill 32 registers per thread
// here (bf16 pairs, 64 per thread), 48 with the addresses: 10 blocks of 4
// warps still fit an SM, so the kernel gets the bound. On 8 warps with 128
// registers loaded, one block would fit: no bound (docs/lowering.md,
// "Loads in flight").
// CHECK-LABEL: gpu.func @loads_in_flight(
// CHECK-SAME:    nvvm.maxnreg = 255 : i32
// CHECK-LABEL: gpu.func @loads_of_one_block(
// CHECK-NOT:     nvvm.maxnreg
// CHECK:         gpu.return
// REMARK: remark: [Passed] register-bound | Category:ll-lowering | Function=loads_in_flight | Reason="this conversion goes through shared memory right after loads that fill 32 registers per thread: the kernel gets nvvm.maxnreg = 255, so that ptxas issues them all before the first shared store"
// REMARK-NOT: [Passed] register-bound
#acc = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
#row = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [8, 0], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[0, 64], [4, 0]], block = []}>
#col8 = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]], warp = [[64, 0], [128, 0], [0, 4]], block = []}>
#row8 = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 32], [0, 64], [64, 0], [128, 0]], lane = [[0, 8], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [[0, 16], [16, 0], [32, 0]], block = []}>
gpu.module @m {
  gpu.func @loads_in_flight(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x128xbf16, #acc>
    %u = ll.convert_layout %t : tensor<64x128xbf16, #acc> -> tensor<64x128xbf16, #row>
    ll.store_tile %u, %q : tensor<64x128xbf16, #row>, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @loads_of_one_block(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<256x128xbf16, #col8>
    %u = ll.convert_layout %t : tensor<256x128xbf16, #col8> -> tensor<256x128xbf16, #row8>
    ll.store_tile %u, %q : tensor<256x128xbf16, #row8>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A gather through shared memory of a source and indices loaded just
// before it (32 + 32 registers per thread, one warp): the bound. By
// shuffles, there is no shared store to wait for: none.
// CHECK-LABEL: gpu.func @gather_loads_in_flight(
// CHECK-SAME:    nvvm.maxnreg = 255 : i32
// CHECK-LABEL: gpu.func @gather_shuffles_once(
// CHECK-NOT:     nvvm.maxnreg
// CHECK:         gpu.return
// REMARK: remark: [Passed] register-bound | Category:ll-lowering | Function=gather_loads_in_flight | Reason="this gather goes through shared memory right after loads that fill 64 registers per thread: the kernel gets nvvm.maxnreg = 255, so that ptxas issues them all before the first shared store"
// REMARK-NOT: [Passed] register-bound
#s = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
gpu.module @m {
  gpu.func @gather_loads_in_flight(%x: !llvm.ptr<1>, %i: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #s>
    %j = ll.load_tile %i : !llvm.ptr<1> -> tensor<32x32xi32, #s>
    %g = ll.gather %t[%j] axis = 1 {ll.plan = #ll.plan<kind = shared_memory>} : tensor<32x32xf32, #s>, tensor<32x32xi32, #s> -> tensor<32x32xf32, #s>
    ll.store_tile %g, %y : tensor<32x32xf32, #s>, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @gather_shuffles_once(%x: !llvm.ptr<1>, %i: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #s>
    %j = ll.load_tile %i : !llvm.ptr<1> -> tensor<32x32xi32, #s>
    %g = ll.gather %t[%j] axis = 1 {ll.plan = #ll.plan<kind = shuffle>} : tensor<32x32xf32, #s>, tensor<32x32xi32, #s> -> tensor<32x32xf32, #s>
    ll.store_tile %g, %y : tensor<32x32xf32, #s>, !llvm.ptr<1>
    gpu.return
  }
}
