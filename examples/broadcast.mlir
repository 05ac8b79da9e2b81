// A broadcast: layouts in which several threads hold the same element. A
// 16x16 fp32 tile over 4 warps where lane bit 4 and both warp bits are
// zero columns: lanes t and t + 16, and all 4 warps, hold copies.
//
//   python -m linear_layout compile examples/broadcast.mlir --chip sm_90 -o /tmp/broadcast.ptx
//   python examples/broadcast.py
//
// #row_copies gives thread t the row t mod 16; #col_copies the column
// t mod 16. Shuffles could do it within each warp (no warp bit moves data),
// but the transpose needs 16 shuffles and 480 selects per warp, more than
// the shared-memory round trip; so the planner goes through shared memory,
// and stores each element once: the copies (lane bit 4, the warps) branch
// around the shared stores (8 store wavefronts instead of the 64 that
// storing from every thread costs, bench/results/plans.md). The global
// store after it is shared out over the 4 warps, so each warp loads
// (ldmatrix) only the quarter it stores: 16 load wavefronts where every
// warp loading all it holds takes 64 (owner_loads, docs/planning.md
// "Loads for a broadcast store"). The global load is likewise done by one
// copy only.
//
// RUN: ll-opt --ll-plan-conversions=target=sm_90 %s | FileCheck %s --check-prefix=PLAN
// RUN: %python -m linear_layout compile %s --chip sm_90 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// PLAN: kind = shared_memory, {{.*}}store_wavefronts = 8, load_wavefronts = 16, owner_loads = true

// PTX-LABEL: .entry broadcast(
// PTX: @%p{{[0-9]+}} bra
// PTX: st.shared.v4.b32
// PTX: bar.sync
// PTX: ldmatrix
// PTX: @%p{{[0-9]+}} bra
// PTX: st.global.b32
#row_copies = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0]], warp = [[0, 0], [0, 0]]}>
#col_copies = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 0]], warp = [[0, 0], [0, 0]]}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    // One CTA of 128 threads (4 warps).
    gpu.func @broadcast(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x16xf32, #row_copies>
      %u = ll.convert_layout %t : tensor<16x16xf32, #row_copies> -> tensor<16x16xf32, #col_copies>
      ll.store_tile %u, %y : tensor<16x16xf32, #col_copies>, !llvm.ptr<1>
      gpu.return
    }
  }
}
