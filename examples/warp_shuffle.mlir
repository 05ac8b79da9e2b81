// An exchange inside one warp: no shared memory, no barrier, only warp
// shuffles. A 32x32 fp32 tile on one warp, from a 4x8 arrangement of the
// lanes to an 8x4 one.
//
//   python -m linear_layout compile examples/warp_shuffle.mlir --chip sm_90 -o /tmp/warp_shuffle.ptx
//   python examples/warp_shuffle.py
//
// The conversion B^-1 A maps no register or lane bit to a warp bit: data
// moves between lanes only, so shfl.sync can do it. The planner compares
// the shuffles (and the selects that pick what a lane sends) with the
// wavefronts a trip through shared memory would cost, and keeps the
// shuffles (docs/planning.md). ll-to-ptx first runs
// ll-optimize-register-order, which lets the loaded tile take a register
// order in which no select is needed (docs/register-order.md); with
// --no-register-order the kernel keeps the written order and its selects
// (selp.f32).
//
// RUN: ll-opt --ll-plan-conversions=target=sm_90 %s | FileCheck %s --check-prefix=PLAN
// RUN: %python -m linear_layout compile %s --chip sm_90 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %python -m linear_layout compile %s --chip sm_90 --no-register-order -o %t.written.ptx
// RUN: FileCheck %s --check-prefix=WRITTEN < %t.written.ptx

// PLAN: ll.plan = #ll.plan<kind = shuffle, vector_bits = 32, {{.*}}shuffles = 32, selects = 64>

// PTX-LABEL: .entry exchange(
// PTX-NOT: .shared
// PTX-NOT: bar.
// PTX-COUNT-32: shfl.sync.idx.b32
// PTX-NOT: shfl.sync
// PTX-NOT: selp.f32

// WRITTEN-LABEL: .entry exchange(
// WRITTEN-NOT: .shared
// WRITTEN: shfl.sync.idx.b32
// WRITTEN-COUNT-32: selp.f32
#lanes_4x8 = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = []}>
#lanes_8x4 = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    // One warp of 32 threads.
    gpu.func @exchange(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<32x32xf32, #lanes_4x8>
      %u = ll.convert_layout %t : tensor<32x32xf32, #lanes_4x8> -> tensor<32x32xf32, #lanes_8x4>
      ll.store_tile %u, %y : tensor<32x32xf32, #lanes_8x4>, !llvm.ptr<1>
      gpu.return
    }
  }
}
