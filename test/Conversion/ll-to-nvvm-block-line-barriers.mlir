// Block barriers between the line groups of a global tile store, and store
// phases (docs/lowering.md, "Block barriers between line groups" and
// "Store phases"), on NVIDIA: where the store's values arrive from an
// exchange and the warps write parts of the same 32-byte sectors (a warp
// bit moves the address by less than a sector), each line group is stored
// in phases, only the threads of one value of some lane and warp bits
// storing in each, so that one instruction spans at most 4 lines (2 where
// it writes at most 2 bytes to each line) and the block at most 8; the
// block's barrier (`nvvm.barrier0`) stands between two phases and two
// groups, so that all warps issue each phase together.
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90" --split-input-file %s | FileCheck %s
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90 line-barriers=false" --split-input-file %s | FileCheck %s --check-prefix=OFF
// RUN: ll-opt --convert-ll-to-nvvm="chip=sm_90" --remarks-filter=ll-lowering --split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Each store that takes barriers says so, with their kind and number.
// REMARK: remark: [Passed] line-barriers | Category:ll-lowering | Function=phases | Reason="15 block barriers between the 8 128-byte line groups of the global store and between the 2 phases of each (in each phase, only the threads of one value of lane bit 0 store), {{.*}} the warps write parts of the same 32-byte sectors
// REMARK: Function=wide_instructions | Reason="127 block barriers between the 16 128-byte line groups of the global store and between the 8 phases of each (in each phase, only the threads of one value of lane bits 0, 1, 2 store)
// REMARK: Function=repeated | Reason="30 warp barriers between the 8 128-byte line groups of the global store and between the 4 phases of each (in each phase, only the threads of one value of lane bits 0, 1 store), so that each store instruction writes few 32-byte sectors and the warp
// REMARK: Function=own_sectors | Reason="3 warp barriers between the 2 128-byte line groups of the global store and between the 2 phases of each (in each phase, only the threads of one value of lane bit 2 store)
// REMARK: Function=half_sectors | Reason="3 warp barriers between the 128-byte line groups of the global store, so that each group's accesses are issued together"
// REMARK: Function=warp_phases | Reason="7 block barriers between the 4 128-byte line groups of the global store and between the 2 phases of each (in each phase, only the threads of one value of warp bit 0 store)
// REMARK: Function=one_group | Reason="15 block barriers between the 16 phases of the global store's 128-byte line group (in each phase, only the threads of one value of lane bits 0, 1, 2, 3 store)
// REMARK: Function=capped | Reason="255 block barriers between the 64 128-byte line groups of the global store and between the 4 phases of each (in each phase, only the threads of one value of lane bits 0, 1 store)
// REMARK: Function=narrow_phases | Reason="7 warp barriers between the 8 phases of the global store's 128-byte line group (in each phase, only the threads of one value of lane bits 0, 1, 2 store)

// Row-major -> column-major 64x64 fp16 on 4 warps: warps 1..3 write bytes
// 8..31 of the sectors warp 0 writes bytes 0..7 of; each store instruction
// writes 8 bytes to each of 8 lines (lane bits 0-2 move the row). Lane bit
// 0 is taken apart: eight line groups of four stores, each in two phases
// (lane & 1 = 0, then 1), a block barrier between two phases and no warp
// barrier.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32]], lane = [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @phases
  // CHECK:         nvvm.ldmatrix
  // CHECK-NOT:     llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         %[[FIRST:.*]] = llvm.icmp "eq" %[[PHASE:[0-9]+]], %[[ZERO:[0-9]+]] : i32
  // CHECK-NEXT:    scf.if %[[FIRST]] {
  // CHECK-NEXT:      llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NEXT:      llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NEXT:      llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NEXT:      llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NEXT:    }
  // CHECK-NEXT:    nvvm.barrier0
  // CHECK-NEXT:    %[[SECOND:.*]] = llvm.icmp "eq" %[[PHASE]], %{{[0-9]+}} : i32
  // CHECK-NEXT:    scf.if %[[SECOND]] {
  // CHECK-NEXT:      llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NEXT:      llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NEXT:      llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NEXT:      llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NEXT:    }
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         nvvm.barrier0
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         llvm.icmp "eq" %[[PHASE]], %[[ZERO]] : i32
  // CHECK-COUNT-13: nvvm.barrier0
  // CHECK-NOT:     nvvm.barrier0
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         gpu.return
  // OFF-LABEL:     gpu.func @phases
  // OFF:           llvm.store {{.*}} : f16, !llvm.ptr<1>
  // OFF-NOT:       nvvm.barrier0
  // OFF:           gpu.return
  gpu.func @phases(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #a>
    %u = ll.convert_layout %t : tensor<64x64xf16, #a> -> tensor<64x64xf16, #b>
    ll.store_tile %u, %q : tensor<64x64xf16, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Row-major -> column-major 128x128 fp32 on 4 warps: the warps share
// sectors too, and each store instruction spans 32 lines (every lane its
// own row, 4 bytes in each), where the warps' writes did not merge. Lane
// bits 0-2 are taken apart: each of the 16 line groups in 8 phases of 4
// lines.
#a = #ll.linear<{register = [[0, 1], [0, 2], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]], block = []} -> {dim0 = 128, dim1 = 128}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], warp = [[0, 1], [0, 2]], block = []} -> {dim0 = 128, dim1 = 128}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @wide_instructions
  // CHECK:         llvm.getelementptr %arg1
  // CHECK-COUNT-128: scf.if
  // CHECK-NOT:     scf.if
  // CHECK-NOT:     nvvm.bar.warp.sync
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
// Within its branch each warp stores in warp phases (docs/lowering.md,
// "Warp phases"): each lane writes 2 bytes, each instruction 8 (4 lanes)
// to one sector of each of 8 lines, so lane bits 0 and 1 are taken apart
// (2 lines an instruction), a warp barrier between two phases.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32], [0, 8]], lane = [[8, 0], [16, 0], [32, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @repeated
  // CHECK:         scf.if
  // CHECK:           %[[PHASE:.*]] = llvm.icmp "eq"
  // CHECK-NEXT:      scf.if %[[PHASE]] {
  // CHECK-NEXT:        llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK:           nvvm.bar.warp.sync
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
// no two warps write one sector. Each instruction writes 16 bytes to each
// of 8 lines: two warp phases per line group (lane bit 2), warp barriers
// between phases and groups.
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

// -----

// An 8-bit dot operand, 64x32 on 2 warps (held-out-3 conversion #007): each
// instruction writes 4 bytes a lane, 16 of each 32-byte row, so half of
// every sector it touches, on 2 lines (lane bit 4). The next instruction
// (register bit 3) writes the other halves: no warp phases, only the warp
// barriers between the four line groups.
#a = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 16]], lane = [[16, 0], [0, 1], [0, 2], [0, 4], [0, 8]], warp = [[32, 0]], block = []} -> {dim0 = 64, dim1 = 32}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [8, 0], [0, 16], [32, 0]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[16, 0]], block = []} -> {dim0 = 64, dim1 = 32}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @half_sectors
  // CHECK:         nvvm.barrier0
  // CHECK-NOT:     scf.if
  // CHECK-COUNT-2: llvm.store {{.*}} : i32, !llvm.ptr<1>
  // CHECK:         nvvm.bar.warp.sync
  // CHECK-NOT:     scf.if
  // CHECK:         gpu.return
  gpu.func @half_sectors(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x32xi8, #a>
    %u = ll.convert_layout %t : tensor<64x32xi8, #a> -> tensor<64x32xi8, #b>
    ll.store_tile %u, %q : tensor<64x32xi8, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// The mma accumulator -> row-major, 16 bytes a lane: each instruction
// writes 4 whole lines (eight lanes a row). Nothing to merge: no phases,
// and no barrier (each line group is one store).
#mma = #ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
#row = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []} -> {dim0 = 64, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @whole_lines
  // CHECK:         nvvm.barrier0
  // CHECK-NOT:     scf.if
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-COUNT-4: llvm.store {{.*}} : vector<4xi32>, !llvm.ptr<1>
  // CHECK-NOT:     scf.if
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK:         gpu.return
  gpu.func @whole_lines(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf16, #mma>
    %u = ll.convert_layout %t : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #row>
    ll.store_tile %u, %q : tensor<64x64xf16, #row>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// Blocked 256x16 fp16 on 8 warps: each instruction writes 16 bytes to each
// of 4 lines (lane bits 0-1), warp bit 2 shares sectors, and warp bits 0
// and 1 move the row: the block would span 16 lines, so warp bit 0 is
// taken apart (the remark above says which bits).
#a = #ll.linear<{register = [[4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 0]], warp = [[1, 0], [2, 0], [0, 0]], block = []} -> {dim0 = 256, dim1 = 16}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [64, 0], [128, 0]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[16, 0], [32, 0], [0, 8]], block = []} -> {dim0 = 256, dim1 = 16}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @warp_phases
  // CHECK:         llvm.getelementptr %arg1
  // CHECK-NOT:     nvvm.barrier0
  // CHECK:         %[[FIRST:.*]] = llvm.icmp "eq" %[[PHASE:[0-9]+]], %{{[0-9]+}} : i32
  // CHECK-NEXT:    scf.if %[[FIRST]] {
  // CHECK-COUNT-4:   llvm.store {{.*}} : f16, !llvm.ptr<1>
  // CHECK-NEXT:    }
  // CHECK-NEXT:    nvvm.barrier0
  // CHECK-NEXT:    llvm.icmp "eq" %[[PHASE]], %{{.*}} : i32
  // CHECK-COUNT-6: nvvm.barrier0
  // CHECK-NOT:     nvvm.barrier0
  // CHECK:         gpu.return
  gpu.func @warp_phases(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<256x16xf16, #a>
    %u = ll.convert_layout %t : tensor<256x16xf16, #a> -> tensor<256x16xf16, #b>
    ll.store_tile %u, %q : tensor<256x16xf16, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// The mma v2 accumulator -> column-major 32x64 fp16 on 2 warps (a real
// matmul epilogue): one line group, each instruction writing 2 bytes to
// each of 32 lines. Lane bits 0-3 are taken apart: 16 phases of 2 lines,
// 15 block barriers, although there is no second group.
#a = #ll.linear<{register = [[0, 1], [8, 0], [0, 16], [0, 32], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8]], block = []} -> {dim0 = 32, dim1 = 64}>
#b = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 1]], block = []} -> {dim0 = 32, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @one_group
  // CHECK-COUNT-16: scf.if
  // CHECK-NOT:     scf.if
  // CHECK:         gpu.return
  // OFF-LABEL:     gpu.func @one_group
  // OFF:           llvm.getelementptr %arg1
  // OFF-NOT:       nvvm.barrier0
  // OFF-NOT:       scf.if
  // OFF:           gpu.return
  gpu.func @one_group(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x64xf16, #a>
    %u = ll.convert_layout %t : tensor<32x64xf16, #a> -> tensor<32x64xf16, #b>
    ll.store_tile %u, %q : tensor<32x64xf16, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A 512x256 fp16 tile on 4 warps, each lane its own row: 1024 stores per
// thread. Lane bits 0-3 would be taken apart (16 phases of 2-line
// instructions), but the phases may make at most 4096 store instructions
// of one store: lane bits 0 and 1 only, 4 phases.
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [32, 0], [64, 0], [128, 0], [256, 0], [16, 0], [8, 0]], lane = [[0, 16], [0, 32], [0, 64], [0, 128], [1, 0]], warp = [[2, 0], [4, 0]], block = []} -> {dim0 = 512, dim1 = 256}>
#b = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [32, 0], [64, 0], [128, 0], [256, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 1], [0, 2]], block = []} -> {dim0 = 512, dim1 = 256}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @capped
  // CHECK:         llvm.getelementptr %arg1
  // CHECK-COUNT-256: scf.if
  // CHECK-NOT:     scf.if
  // CHECK:         gpu.return
  gpu.func @capped(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<512x256xf16, #a>
    %u = ll.convert_layout %t : tensor<512x256xf16, #a> -> tensor<512x256xf16, #b>
    ll.store_tile %u, %q : tensor<512x256xf16, #b>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// 8-bit data, one warp: each instruction writes 2 bytes (lane bit 4) to
// one sector of each of 16 lines (lane bits 0-3). Where an instruction
// writes at most 2 bytes to a line, a warp phase spans at most 2 lines
// (docs/lowering.md, "Warp phases"): lane bits 0-2 are taken apart, 8
// phases of the one line group, 7 warp barriers (with 4 lines an
// instruction, held-out-5 #025 wrote 16 times its bytes to L2).
#a = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0], [16, 0]], lane = [[0, 16], [0, 32], [1, 0], [2, 0], [4, 0]], warp = [], block = []} -> {dim0 = 32, dim1 = 64}>
#b = #ll.linear<{register = [[1, 0], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [0, 1]], warp = [], block = []} -> {dim0 = 32, dim1 = 64}>
gpu.module @m {
  // CHECK-LABEL: gpu.func @narrow_phases
  // CHECK-NOT:     nvvm.barrier0
  // CHECK:         scf.if
  // CHECK-COUNT-64:  llvm.store {{.*}} : i8, !llvm.ptr<1>
  // CHECK-NEXT:    }
  // CHECK:         nvvm.bar.warp.sync
  // CHECK-COUNT-6: nvvm.bar.warp.sync
  // CHECK-NOT:     nvvm.bar.warp.sync
  // CHECK-NOT:     nvvm.barrier0
  // CHECK:         gpu.return
  // OFF-LABEL:   gpu.func @narrow_phases
  // OFF-NOT:       scf.if
  // OFF:           llvm.store {{.*}} : i8, !llvm.ptr<1>
  // OFF-NOT:       nvvm.bar.warp.sync
  // OFF-NOT:       scf.if
  // OFF:           gpu.return
  gpu.func @narrow_phases(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x64xi8, #a>
    %u = ll.convert_layout %t : tensor<32x64xi8, #a> -> tensor<32x64xi8, #b>
    ll.store_tile %u, %q : tensor<32x64xi8, #b>, !llvm.ptr<1>
    gpu.return
  }
}
