// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_70" --split-input-file %s | FileCheck %s

// Write-after-read barriers (ScratchBarriers.cpp): a conversion through
// shared memory is `[barrier] store, barrier, load`. The leading barrier is
// needed only if some thread may still be reading the slot it writes.
// Straight-line code keeps one slot (a doubled scratch would cost a
// memory-bound kernel CTAs per SM to save one barrier once), so each
// conversion after the first takes its leading barrier; in a loop (next
// case) conversions alternate two slots and cost one barrier each. (An
// `addf` between two conversions keeps the chain from folding into one.)
#r = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
#c = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = []}>
gpu.module @k {
  // One slot of 4096 bytes.
  // CHECK: llvm.mlir.global internal @__ll_scratch() {{.*}} : !llvm.array<4096 x i8>
  // CHECK-LABEL: gpu.func @chain
  gpu.func @chain(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf32, #r>
    // Nothing read yet: store, barrier, load.
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.store {{.*}}, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load {{.*}} : !llvm.ptr<3>
    %u = ll.convert_layout %t : tensor<32x32xf32, #r> -> tensor<32x32xf32, #c>
    // The same slot, still being read: barrier, store, barrier, load.
    // CHECK-NOT: llvm.getelementptr {{.*}} -> !llvm.ptr<3>, i8
    // CHECK: nvvm.barrier0
    // CHECK: llvm.store {{.*}}, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load {{.*}} : !llvm.ptr<3>
    %u1 = arith.addf %u, %u : tensor<32x32xf32, #c>
    %v = ll.convert_layout %u1 : tensor<32x32xf32, #c> -> tensor<32x32xf32, #r>
    %v1 = arith.addf %v, %v : tensor<32x32xf32, #r>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.store {{.*}}, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    %w = ll.convert_layout %v1 : tensor<32x32xf32, #r> -> tensor<32x32xf32, #c>
    ll.store_tile %w, %q : tensor<32x32xf32, #c>, !llvm.ptr<1>
    // CHECK: gpu.return
    gpu.return
  }
}

// -----

// In a loop, the body's first conversion sees the state the last one leaves
// (the fixed point): still one barrier per conversion.
#r = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
#c = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = []}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @loop
  gpu.func @loop(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf32, #r>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // CHECK: scf.for
    // CHECK-COUNT-2: nvvm.barrier0
    // CHECK-NOT: nvvm.barrier0
    // CHECK: scf.yield
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %t) -> (tensor<32x32xf32, #r>) {
      %b = ll.convert_layout %a : tensor<32x32xf32, #r> -> tensor<32x32xf32, #c>
      %b1 = arith.addf %b, %b : tensor<32x32xf32, #c>
      %a2 = ll.convert_layout %b1 : tensor<32x32xf32, #c> -> tensor<32x32xf32, #r>
      %a3 = arith.addf %a2, %a2 : tensor<32x32xf32, #r>
      scf.yield %a3 : tensor<32x32xf32, #r>
    }
    ll.store_tile %r, %q : tensor<32x32xf32, #r>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// One conversion per iteration: the slot is static, so the conversion must
// wait for the previous iteration's readers: both barriers stay.
#r = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
#c = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = []}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @single_in_loop
  gpu.func @single_in_loop(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf32, #r>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // CHECK: scf.for
    // CHECK: nvvm.barrier0
    // CHECK: llvm.store {{.*}}, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load {{.*}} : !llvm.ptr<3>
    // CHECK-NOT: nvvm.barrier0
    // CHECK: scf.yield
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %t) -> (tensor<32x32xf32, #r>) {
      %a1 = arith.addf %a, %a : tensor<32x32xf32, #r>
      %b = ll.convert_layout %a1 : tensor<32x32xf32, #r> -> tensor<32x32xf32, #c>
      ll.store_tile %b, %q : tensor<32x32xf32, #c>, !llvm.ptr<1>
      scf.yield %a1 : tensor<32x32xf32, #r>
    }
    gpu.return
  }
}

// -----

// A call may leave reads of the scratch pending: the next conversion
// synchronises first. An explicit gpu.barrier clears them.
#r = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
#c = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = []}>
gpu.module @k {
  func.func private @opaque()
  // CHECK-LABEL: gpu.func @calls
  gpu.func @calls(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf32, #r>
    // CHECK: func.call @opaque
    // CHECK: nvvm.barrier0
    // CHECK: llvm.store {{.*}}, !llvm.ptr<3>
    func.call @opaque() : () -> ()
    %u = ll.convert_layout %t : tensor<32x32xf32, #r> -> tensor<32x32xf32, #c>
    // CHECK: func.call @opaque
    // CHECK: gpu.barrier
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.store {{.*}}, !llvm.ptr<3>
    %u1 = arith.addf %u, %u : tensor<32x32xf32, #c>
    func.call @opaque() : () -> ()
    gpu.barrier
    %v = ll.convert_layout %u1 : tensor<32x32xf32, #c> -> tensor<32x32xf32, #r>
    ll.store_tile %v, %q : tensor<32x32xf32, #r>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A scratch too large to double (2 x 32 KiB > 48 KiB: 128x128 fp16 of static shared
// memory): one slot, so the second conversion waits for the first's
// readers.
#r = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[0, 32], [0, 64]]}>
#c = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]]}>
gpu.module @k {
  // CHECK: llvm.mlir.global internal @__ll_scratch() {{.*}} : !llvm.array<32768 x i8>
  // CHECK-LABEL: gpu.func @big
  gpu.func @big(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<128x128xf16, #r>
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.store {{.*}}, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load {{.*}} : !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.store {{.*}}, !llvm.ptr<3>
    %u = ll.convert_layout %t : tensor<128x128xf16, #r> -> tensor<128x128xf16, #c>
    %u1 = arith.addf %u, %u : tensor<128x128xf16, #c>
    %v = ll.convert_layout %u1 : tensor<128x128xf16, #c> -> tensor<128x128xf16, #r>
    ll.store_tile %v, %q : tensor<128x128xf16, #r>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Warp-private conversions in a loop: both warps hold the same rows in A
// and B, so every warp reads back only what it stored, and bar.warp.sync
// orders the scratch for it. The two conversions of an iteration (one round
// each, in a loop) take warp barriers only, leading ones too: the pending
// reads of their slots are each other's, warp by warp in the same
// partition of the scratch. The conversion between warps after the loop
// needs the block's barrier before its store (the private ones' reads may
// still be pending in any warp) and between its store and load. (Outside
// loops a warp-private conversion keeps the block's barriers unless it runs
// in rounds: scratch-barriers-private-rounds.mlir.)
#a = #ll.linear<{register = [[0, 16], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[32, 0]]}>
#b = #ll.linear<{register = [[0, 1], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[32, 0]]}>
#t = #ll.linear<{register = [[0, 1], [0, 8], [0, 16], [32, 0], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0]]}>
gpu.module @k {
  // CHECK-LABEL: gpu.func @warp_private
  // CHECK:       scf.for
  // CHECK-NOT:   nvvm.barrier0
  // CHECK-COUNT-4: nvvm.bar.warp.sync
  // CHECK-NOT:   nvvm.bar.warp.sync
  // CHECK:       scf.yield
  // CHECK:       nvvm.barrier0
  // CHECK-COUNT-8: llvm.store {{.*}}, !llvm.ptr<3>
  // CHECK-NEXT:  nvvm.barrier0
  // CHECK-COUNT-8: llvm.load {{.*}} : !llvm.ptr<3>
  // CHECK-NOT:   nvvm.bar.warp.sync
  // CHECK:       llvm.store {{.*}}, !llvm.ptr<1>
  gpu.func @warp_private(%p: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x32xf32, #a>
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%v = %x) -> (tensor<64x32xf32, #a>) {
      %y = ll.convert_layout %v : tensor<64x32xf32, #a> -> tensor<64x32xf32, #b>
      %y1 = arith.addf %y, %y : tensor<64x32xf32, #b>
      %z = ll.convert_layout %y1 : tensor<64x32xf32, #b> -> tensor<64x32xf32, #a>
      scf.yield %z : tensor<64x32xf32, #a>
    }
    %w = ll.convert_layout %r : tensor<64x32xf32, #a> -> tensor<64x32xf32, #t>
    ll.store_tile %w, %p : tensor<64x32xf32, #t>, !llvm.ptr<1>
    gpu.return
  }
}
