// RUN: ll-opt --ll-plan-conversions="target=sm_90" --convert-ll-to-nvvm="chip=sm_90" --remarks-filter=ll-lowering --split-input-file %s 2>&1 >/dev/null | FileCheck %s

// The owner-words remark (docs/lowering.md, "Packed once, in the owner's
// branch"): a tile loaded for the conversion alone, repeated over a warp
// bit and stored by the owner warps in rounds, has its words packed once,
// in the owners' branch (passed), or round by round (missed, with why).

// Two warps, 8-bit elements loaded byte by byte: packed.
// CHECK: remark: [Passed] owner-words | Category:ll-lowering | Function=bytes_on_two_warps | Reason="{{[0-9]+}} words of the tile loaded for the conversion packed once, before its {{[0-9]+}} rounds, in the branch of the warps that store it (warp bits 0x1 repeat them): the repeating warps load nothing"
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 8], [0, 16], [0, 32]], lane = [[8, 0], [16, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 0]], block = []} -> {dim0 = 32, dim1 = 64}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[16, 0], [0, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 0]], block = []} -> {dim0 = 32, dim1 = 64}>
gpu.module @k {
  gpu.func @bytes_on_two_warps(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x64xi8, #a>
    %u = ll.convert_layout %t : tensor<32x64xi8, #a> -> tensor<32x64xi8, #b>
    ll.store_tile %u, %q : tensor<32x64xi8, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Eight warps, a tile loaded in 128-bit vectors (whole words already):
// packed round by round.
// CHECK: remark: [Missed] owner-words | Category:ll-lowering | Function=words_on_eight_warps | Reason="the tile loaded for the conversion is packed round by round, not once in the owners' branch (warp bits 0x3 repeat the storing warps): a block of 8 warps whose tile is loaded in 128-bit vectors, already whole words (on more than 4 warps only sub-word loads take the owners' words, docs/lowering.md)"
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0], [64, 0]], lane = [[0, 8], [0, 0], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0], [8, 0]], block = []} -> {dim0 = 128, dim1 = 16}>
#b = #ll.linear<{register = [[0, 1], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[0, 2], [0, 4], [0, 8], [0, 0], [1, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []} -> {dim0 = 128, dim1 = 16}>
gpu.module @k {
  gpu.func @words_on_eight_warps(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<128x16xbf16, #a>
    %u = ll.convert_layout %t : tensor<128x16xbf16, #a> -> tensor<128x16xbf16, #b>
    ll.store_tile %u, %q : tensor<128x16xbf16, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Eight warps, the tile loaded 16 bits at a time: packed.
// CHECK: remark: [Passed] owner-words | Category:ll-lowering | Function=halves_on_eight_warps | Reason="{{[0-9]+}} words of the tile loaded for the conversion packed once, before its {{[0-9]+}} rounds, in the branch of the warps that store it (warp bits 0x1 repeat them)
#a = #ll.linear<{register = [[1, 0], [2, 0], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[4, 0], [8, 0], [16, 0], [0, 0], [0, 1]], warp = [[0, 0], [0, 2], [0, 4]], block = []} -> {dim0 = 32, dim1 = 128}>
#b = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [16, 0], [0, 0]], block = []} -> {dim0 = 32, dim1 = 128}>
gpu.module @k {
  gpu.func @halves_on_eight_warps(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x128xbf16, #a>
    %u = ll.convert_layout %t : tensor<32x128xbf16, #a> -> tensor<32x128xbf16, #b>
    ll.store_tile %u, %q : tensor<32x128xbf16, #b>, !llvm.ptr<1>
    gpu.return
  }
}
