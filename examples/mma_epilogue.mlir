// An mma accumulator to a coalesced layout before the global store: the
// epilogue of a matmul. A 32x32 fp32 tile over 4 warps.
//
//   python -m linear_layout compile examples/mma_epilogue.mlir --chip sm_90 -o /tmp/mma_epilogue.ptx
//   python examples/mma_epilogue.py
//
// #acc is the accumulator of mma.sync m16n8 (NvidiaMmaLayout(2, [2, 2],
// [16, 8]) in Triton's terms): a thread holds pairs of adjacent columns, so
// its global stores would be 64-bit, and the 8 lanes of a row are spread
// over 4 columns groups. #coalesced (BlockedLayout([1, 4], [4, 8], [4, 1],
// [1, 0])) gives each thread 4 adjacent floats and each 8 lanes a whole
// 128-byte row: 128-bit stores, fully coalesced. The conversion moves data
// between warps, so it goes through shared memory; the planner picks a
// swizzle with 64-bit stores (the accumulator's pairs), 128-bit loads (the
// coalesced side's four floats: a one-sided vector, docs/planning.md §5b)
// and no bank conflicts (32 store and 32 load wavefronts over the 4 warps). Here the accumulator is loaded from memory
// (%acc) to keep the example self-contained.
//
// RUN: ll-opt --ll-plan-conversions=target=sm_90 %s | FileCheck %s --check-prefix=PLAN
// RUN: %python -m linear_layout compile %s --chip sm_90 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// PLAN: kind = shared_memory, {{.*}}vector_bits = 64, {{.*}}store_wavefronts = 32, load_wavefronts = 32

// PTX-LABEL: .entry epilogue(
// PTX: st.shared.v2
// PTX: bar.sync
// PTX: ld.shared.v4
// PTX: st.global.v4.b32
#acc = #ll.linear<{register = [[0, 1], [8, 0], [0, 16]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [16, 0]]}>
#coalesced = #ll.linear<{register = [[0, 1], [0, 2], [16, 0]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]]}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    // One CTA of 128 threads (4 warps).
    gpu.func @epilogue(%acc: !llvm.ptr<1>, %out: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c = ll.load_tile %acc : !llvm.ptr<1> -> tensor<32x32xf32, #acc>
      %d = ll.convert_layout %c : tensor<32x32xf32, #acc> -> tensor<32x32xf32, #coalesced>
      ll.store_tile %d, %out : tensor<32x32xf32, #coalesced>, !llvm.ptr<1>
      gpu.return
    }
  }
}
