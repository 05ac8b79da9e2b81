// The seed's worked example: a 16x32 fp32 tile transposed between two
// register layouts of one warp (docs/planning.md, "One Bit Off").
//
//   python -m linear_layout compile examples/transpose_16x32.mlir --chip sm_90 -o /tmp/transpose.ptx
//   ll-opt --ll-plan-conversions=target=sm_90 examples/transpose_16x32.mlir   # the plans, no lowering
//   python examples/transpose_16x32.py                                        # the same from Python
//
// Thread t first holds column t (register r = row r: #rows); afterwards it
// holds rows t mod 16, columns 2r + t/16 (#cols). The conversion B^-1 A
// sends A's register bits to B's lane bits, so threads trade data. Through
// shared memory, the store is conflict-free whatever the layout of the
// buffer, but the load reads a column: the layout of the buffer (the
// memory layout, offset -> (row m, column n)) decides how many wavefronts
// (bank passes) it costs. The three maps of the worked example:
//
//   unswizzled  offset = 32m + n          16 store + 256 load wavefronts
//   XOR m       offset = 32m + (n ^ m)    16 store +  32 load wavefronts
//   XOR 2m      offset = 32m + (n ^ 2m)   16 store +  16 load wavefronts
//
// @transpose lets ll-plan-conversions choose (sm_90: 128-bit stores and
// ldmatrix loads, 16 + 16 wavefronts; with allow-matrix=0 and
// allow-one-sided=0, the paper's construction alone, it picks XOR 2m
// itself); the other three kernels name the memory layout in a hand-written
// `ll.plan`, which the planner keeps and costs. By default ll-to-ptx first
// reorders registers (ll-optimize-register-order), after which the
// transpose of @transpose needs 16 shuffles and no shared memory at all.
//
// RUN: ll-opt --ll-plan-conversions=target=sm_90 %s | FileCheck %s --check-prefix=PLAN
// RUN: ll-opt --ll-plan-conversions="target=sm_90 allow-matrix=0 allow-one-sided=0" %s | FileCheck %s --check-prefix=NOMATRIX
// RUN: %python -m linear_layout compile %s --chip sm_90 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %python -m linear_layout compile %s --chip sm_90 --no-register-order -o %t.shared.ptx
// RUN: FileCheck %s --check-prefix=SHARED < %t.shared.ptx

// The three memory layouts (each offset bit -> the (m, n) it adds).
#plain = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0]]} -> {dim0 = 16, dim1 = 32}>
#xor_m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], [4, 4], [8, 8]]} -> {dim0 = 16, dim1 = 32}>
#xor_2m = #ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 2], [2, 4], [4, 8], [8, 16]]} -> {dim0 = 16, dim1 = 32}>
// Store side: register bit k -> row bit k; lane bit k -> column bit k.
#rows = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
// Load side: register bit k -> column bit k+1; lanes -> rows, then column bit 0.
#cols = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = []}>

// PLAN-LABEL: gpu.func @transpose(
// PLAN: kind = shared_memory, {{.*}}store_instruction = "st.shared", load_instruction = "ldmatrix", store_wavefronts = 16, load_wavefronts = 16
// PLAN-LABEL: gpu.func @transpose_plain(
// PLAN: kind = shared_memory, {{.*}}store_wavefronts = 16, load_wavefronts = 256
// PLAN-LABEL: gpu.func @transpose_xor_m(
// PLAN: kind = shared_memory, {{.*}}store_wavefronts = 16, load_wavefronts = 32
// PLAN-LABEL: gpu.func @transpose_xor_2m(
// PLAN: kind = shared_memory, {{.*}}store_wavefronts = 16, load_wavefronts = 16

// Without ldmatrix the planner's own choice is the XOR 2m layout.
// NOMATRIX: #[[XOR2M:.+]] = #ll.linear<{offset = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 2], [2, 4], [4, 8], [8, 16]]}>
// NOMATRIX-LABEL: gpu.func @transpose(
// NOMATRIX: memory_layout = #[[XOR2M]], vector_bits = 32, {{.*}}store_wavefronts = 16, load_wavefronts = 16

// PTX: .target sm_90
// PTX-LABEL: .entry transpose(
// PTX-COUNT-16: shfl.sync.idx.b32
// PTX-NOT: ldmatrix
// PTX-LABEL: .entry transpose_plain(
// PTX: st.shared
// PTX: bar.warp.sync
// PTX: {{ldmatrix|ld.shared}}
// PTX-LABEL: .entry transpose_xor_m(
// PTX: st.shared
// PTX: bar.warp.sync
// PTX: {{ldmatrix|ld.shared}}
// PTX-LABEL: .entry transpose_xor_2m(
// PTX: st.shared
// PTX: bar.warp.sync
// PTX: {{ldmatrix|ld.shared}}

// SHARED-LABEL: .entry transpose(
// SHARED: st.shared.v4.b32
// SHARED: bar.warp.sync
// SHARED: ldmatrix.sync.aligned.m8n8.x4.shared.b16
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    // One CTA of 32 threads: load the tile from %x in #rows, transpose it
    // to #cols, store it to %y (y == x element for element).
    gpu.func @transpose(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x32xf32, #rows>
      %u = ll.convert_layout %t : tensor<16x32xf32, #rows> -> tensor<16x32xf32, #cols>
      ll.store_tile %u, %y : tensor<16x32xf32, #cols>, !llvm.ptr<1>
      gpu.return
    }
    gpu.func @transpose_plain(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x32xf32, #rows>
      %u = ll.convert_layout %t {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #plain>} : tensor<16x32xf32, #rows> -> tensor<16x32xf32, #cols>
      ll.store_tile %u, %y : tensor<16x32xf32, #cols>, !llvm.ptr<1>
      gpu.return
    }
    gpu.func @transpose_xor_m(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x32xf32, #rows>
      %u = ll.convert_layout %t {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #xor_m>} : tensor<16x32xf32, #rows> -> tensor<16x32xf32, #cols>
      ll.store_tile %u, %y : tensor<16x32xf32, #cols>, !llvm.ptr<1>
      gpu.return
    }
    gpu.func @transpose_xor_2m(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x32xf32, #rows>
      %u = ll.convert_layout %t {ll.plan = #ll.plan<kind = shared_memory, memory_layout = #xor_2m>} : tensor<16x32xf32, #rows> -> tensor<16x32xf32, #cols>
      ll.store_tile %u, %y : tensor<16x32xf32, #cols>, !llvm.ptr<1>
      gpu.return
    }
  }
}
