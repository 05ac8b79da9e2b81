// Block barriers between the line groups of a global tile store (docs/
// lowering.md, "Block barriers between line groups"), on NVIDIA: where the
// store's line groups are separated at all ("Barriers between line
// groups"), the warps write parts of the same 32-byte sectors (a warp bit
// moves the address by less than a sector) and each warp's store
// instruction spans at most 8 lines, the barrier between groups is the
// block's (`nvvm.barrier0`), so that all warps issue each group together.
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90" --split-input-file %s | FileCheck %s
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90 line-barriers=false" --split-input-file %s | FileCheck %s --check-prefix=OFF
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90" --remarks-filter=ll-lowering --split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Each store that takes barriers says so, with their kind and number.
// REMARK: remark: [Passed] line-barriers | Category:ll-lowering | Function=merged | Reason="7 block barriers between the 128-byte line groups of the global store, {{.*}} the warps write parts of the same 32-byte sectors
// REMARK: remark: [Passed] line-barriers | Category:ll-lowering | Function=wide_instructions | Reason="{{[0-9]+}} warp barriers between the 128-byte line groups of the global store, so that each group's accesses are issued together"
// REMARK: Function=repeated | Reason="{{[0-9]+}} warp barriers
// REMARK: Function=own_sectors | Reason="1 warp barrier between

// Row-major -> column-major 64x64 fp16 on 4 warps: warps 1..3 write bytes
// 8..31 of the sectors warp 0 writes bytes 0..7 of; each store instruction
// spans 8 lines (one per lane row). Eight line groups of four stores, seven
// block barriers between them and no warp barrier.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]], lane = [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @merged
  // CHECK:         nvvm.ldmatrix
  // CHECK-NOT:     llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-COUNT-4: llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NOT:     llvm.store
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         nvvm.barrier0
  // CHECK-NOT:     nvvm.barrier0
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-COUNT-4: llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NOT:     llvm.store
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         nvvm.barrier0
  // CHECK-NOT:     nvvm.barrier0
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-COUNT-4: llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NOT:     llvm.store
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         nvvm.barrier0
  // CHECK-NOT:     nvvm.barrier0
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-COUNT-4: llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NOT:     llvm.store
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         nvvm.barrier0
  // CHECK-NOT:     nvvm.barrier0
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-COUNT-4: llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NOT:     llvm.store
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         nvvm.barrier0
  // CHECK-NOT:     nvvm.barrier0
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-COUNT-4: llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NOT:     llvm.store
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         nvvm.barrier0
  // CHECK-NOT:     nvvm.barrier0
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-COUNT-4: llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NOT:     llvm.store
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         nvvm.barrier0
  // CHECK-NOT:     nvvm.barrier0
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-COUNT-4: llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NOT:     llvm.store
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-NOT:     nvvm.barrier0
  // CHECK:         gpu.return
  // OFF-LABEL:     gpu.func @merged
  // OFF:           llvm.store {{.*}} : f16, !llvm.ptr<1>
  // OFF-NOT:       nvvm.barrier0
  // OFF:           gpu.return
  gpu.func @merged(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #a>
    %u = ll.convert_layout %t : tensor<64x64xf16, #a> -> tensor<64x64xf16, #b>
    ll.store_tile %u, %q : tensor<64x64xf16, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Row-major -> column-major 128x128 fp32 on 4 warps: the warps share
// sectors too, but each store instruction spans 32 lines (every lane its
// own row), where the warps' writes were not seen to merge: warp barriers.
#a = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]], block = []} -> {dim0 = 128, dim1 = 128}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], warp = [[0, 1], [0, 2]], block = []} -> {dim0 = 128, dim1 = 128}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @wide_instructions
  // CHECK:         llvm.store {{.*}} : f32, !llvm.ptr<1>
  // CHECK-NOT:     nvvm.barrier0
  // CHECK:         nvvm.bar.warp.sync
  // CHECK-NOT:     nvvm.barrier0
  // CHECK:         gpu.return
  gpu.func @wide_instructions(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<128x128xf32, #a>
    %u = ll.convert_layout %t : tensor<128x128xf32, #a> -> tensor<128x128xf32, #b>
    ll.store_tile %u, %q : tensor<128x128xf32, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// As @merged, but the result is repeated over the second warp bit: the
// two warps that hold the same registers split the stores between them,
// each half under a branch on the warp, so no block barrier among them.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32], [0, 8]], lane = [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @repeated
  // CHECK:         llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NOT:     nvvm.barrier0
  // CHECK:         gpu.return
  gpu.func @repeated(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #a>
    %u = ll.convert_layout %t : tensor<64x64xf16, #a> -> tensor<64x64xf16, #b>
    ll.store_tile %u, %q : tensor<64x64xf16, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Blocked -> the mma accumulator (16-bit): the warps hold other rows, so
// no two warps write one sector. Warp barriers between the line groups.
#blk = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
#mma = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @own_sectors
  // CHECK:         llvm.store {{.*}} : i32, !llvm.ptr<1>
  // CHECK-NOT:     nvvm.barrier0
  // CHECK:         nvvm.bar.warp.sync
  // CHECK-NOT:     nvvm.barrier0
  // CHECK:         gpu.return
  gpu.func @own_sectors(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #blk>
    %u = ll.convert_layout %t : tensor<64x64xf16, #blk> -> tensor<64x64xf16, #mma>
    ll.store_tile %u, %q : tensor<64x64xf16, #mma>, !llvm.ptr<1>
    gpu.return
  }
}
