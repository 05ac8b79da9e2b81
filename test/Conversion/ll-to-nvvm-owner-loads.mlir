// RUN: ll-opt %s --split-input-file --ll-plan-conversions=target=sm_90 | FileCheck %s --check-prefix=PLAN
// RUN: ll-opt %s --split-input-file --ll-plan-conversions=target=sm_90 --convert-ll-to-nvvm=chip=sm_90 | FileCheck %s
// RUN: ll-opt %s --split-input-file --ll-plan-conversions=target=sm_90 | ll-opt --split-input-file --ll-plan-conversions=target=sm_90 | FileCheck %s --check-prefix=PLAN
// Unplanned, the lowering decides as the planner does.
// RUN: ll-opt %s --split-input-file --convert-ll-to-nvvm=chip=sm_90 | FileCheck %s

// Loads for a broadcast store (docs/planning.md, "Loads for a broadcast
// store"): a conversion whose one use is the value of an ll.store_tile, into
// a layout whose warps repeat each other (a zero warp column), loads in each
// warp only what that warp stores, and issues that store itself in the same
// branch (the ll.store_tile goes). The plan says owner_loads = true and
// counts the loads of those warps alone; re-planning keeps it.

// The store is too small to share out (4 stores a thread): warp bit 1 is
// zero, so warps 2 and 3 store nothing and load nothing. 8 load wavefronts
// where every warp loading took 16.
// PLAN-LABEL: gpu.func @idle_warps
// PLAN: load_wavefronts = 8, owner_loads = true>
// CHECK-LABEL: gpu.func @idle_warps
// CHECK: %[[MINE:.+]] = llvm.icmp "eq" %{{.+}}, %{{.+}} : i32
// CHECK-NEXT: scf.if %[[MINE]] {
// CHECK-COUNT-2: llvm.load %{{.+}} : !llvm.ptr<3> -> vector<2xi32>
// CHECK: scf.if
// CHECK-COUNT-8: llvm.store %{{.+}} : bf16, !llvm.ptr<1>
// CHECK-NOT: llvm.load
// CHECK-NOT: llvm.store
// CHECK: gpu.return
#a = #ll.linear<{register = [[4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[0, 16], [2, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [8, 0], [0, 16]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 0]], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @idle_warps(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x32xbf16, #a>
      %u = ll.convert_layout %t : tensor<16x32xbf16, #a> -> tensor<16x32xbf16, #b>
      ll.store_tile %u, %y : tensor<16x32xbf16, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}

// -----

// The result also repeats over lane bits 2-4 (lanes 4-31 hold copies of
// lanes 0-3): the owner branch tests those lane bits too, so of warps 0 and
// 2 only lanes 0-3 load, as only they store. One 128-bit load of four lanes
// is one wavefront: 16 in all, where the storing warps' every lane loading
// took 64 (held-out-4 #047; Nsight Compute reads 16).
// PLAN-LABEL: gpu.func @idle_lanes
// PLAN: load_wavefronts = 16, owner_loads = true>
// CHECK-LABEL: gpu.func @idle_lanes
// CHECK: nvvm.barrier0
// CHECK: %[[WARP:.+]] = llvm.icmp "eq" %{{.+}}, %{{.+}} : i32
// CHECK: %[[IDLE:.+]] = llvm.mlir.constant(28 : i32) : i32
// CHECK: %[[BITS:.+]] = llvm.and %{{.+}}, %[[IDLE]] : i32
// CHECK: %[[LANE:.+]] = llvm.icmp "eq" %[[BITS]], %{{.+}} : i32
// CHECK: %[[MINE:.+]] = llvm.and %[[WARP]], %[[LANE]] : i1
// CHECK-NEXT: scf.if %[[MINE]] {
// CHECK-COUNT-2: llvm.load %{{.+}} : !llvm.ptr<3> -> vector<4xf32>
// CHECK: gpu.return
#a = #ll.linear<{register = [[4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [[0, 8], [0, 0]], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [2, 0], [4, 0], [8, 0]], lane = [[0, 4], [0, 8], [0, 0], [0, 0], [0, 0]], warp = [[0, 0], [1, 0]], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @idle_lanes(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x16xf32, #a>
      %u = ll.convert_layout %t : tensor<16x16xf32, #a> -> tensor<16x16xf32, #b>
      ll.store_tile %u, %y : tensor<16x16xf32, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}

// -----

// The store shares its 64 stores out over warp bit 0 (a zero column) by a
// register bit that no 128-bit load spans. Unasked, the planner leaves such
// a conversion alone, since its loads' wavefronts would only halve
// (docs/planning.md: fusing such stores moved ptxas's schedule of whole
// kernels both ways), and every warp loads.
// PLAN-LABEL: gpu.func @shared_out_unasked
// PLAN: load_wavefronts = 64>
// CHECK-LABEL: gpu.func @shared_out_unasked
// CHECK-COUNT-8: llvm.load %{{.+}} : !llvm.ptr<3> -> vector<4xi32>
// CHECK: scf.if
#a = #ll.linear<{register = [[0, 8], [0, 16]], lane = [[0, 1], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [[0, 2], [0, 4]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 4], [0, 8], [0, 16]], lane = [[8, 0], [0, 0], [0, 0], [0, 0], [0, 1]], warp = [[0, 0], [0, 2]], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @shared_out_unasked(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x32xf16, #a>
      %u = ll.convert_layout %t : tensor<16x32xf16, #a> -> tensor<16x32xf16, #b>
      ll.store_tile %u, %y : tensor<16x32xf16, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}

// -----

// Unasked, but the loads' wavefronts fall eightfold: every warp holds the
// whole 64x64 fp32 tile (three zero warp columns). The store idles warp bit
// 0 and shares its 32 vectors a thread out over warp bits 2 and 1, paired
// with register bits 5 and 4, which no 128-bit load spans (docs/planning.md,
// "Shares the loads can follow"), so each of four warps loads and stores
// one quarter: four branches of 8 loads, each storing its 8 vectors. 128
// load wavefronts where every warp loading took 1,024 (held-out-3
// conversion #030; 256 when one pair's register bit lay inside the loads).
// PLAN-LABEL: gpu.func @shared_out_an_eighth
// PLAN: load_wavefronts = 128, owner_loads = true>
// CHECK-LABEL: gpu.func @shared_out_an_eighth
// CHECK-COUNT-4: llvm.store %{{.+}} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: scf.if
// CHECK-COUNT-8: llvm.load %{{.+}} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: llvm.load
// CHECK: scf.if
// CHECK-COUNT-8: llvm.store %{{.+}} : vector<4xf32>, !llvm.ptr<1>
// CHECK: scf.if
// CHECK-COUNT-8: llvm.load %{{.+}} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: llvm.load
// CHECK: scf.if
// CHECK-COUNT-8: llvm.store %{{.+}} : vector<4xf32>, !llvm.ptr<1>
// CHECK: scf.if
// CHECK-COUNT-8: llvm.load %{{.+}} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: llvm.load
// CHECK: scf.if
// CHECK-COUNT-8: llvm.store %{{.+}} : vector<4xf32>, !llvm.ptr<1>
// CHECK: scf.if
// CHECK-COUNT-8: llvm.load %{{.+}} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: llvm.load
// CHECK: scf.if
// CHECK-COUNT-8: llvm.store %{{.+}} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.load
// CHECK-NOT: llvm.store
// CHECK: gpu.return
#a = #ll.linear<{register = [[0, 1], [0, 16], [0, 32], [32, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [8, 0], [16, 0]], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [1, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @shared_out_an_eighth(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<64x64xf32, #a>
      %u = ll.convert_layout %t : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
      ll.store_tile %u, %y : tensor<64x64xf32, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}

// -----

// Asked for, the same conversion loads each share in its own warps: the
// even warps one half, the odd ones the other (two branches of 4 loads and
// the 32 stores they feed, on warp & 1; warp bit 1 moves the tile). 32 load
// wavefronts where every warp loading took 64.
// PLAN-LABEL: gpu.func @shared_out
// PLAN: load_wavefronts = 32, owner_loads = true>
// CHECK-LABEL: gpu.func @shared_out
// CHECK: llvm.store %{{.+}} : vector<2xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: scf.if %{{.+}} {
// CHECK-COUNT-4: llvm.load %{{.+}} : !llvm.ptr<3> -> vector<4xi32>
// CHECK: scf.if
// CHECK-COUNT-32: llvm.store %{{.+}} : f16, !llvm.ptr<1>
// CHECK-NOT: llvm.load
// CHECK: scf.if %{{.+}} {
// CHECK-COUNT-4: llvm.load %{{.+}} : !llvm.ptr<3> -> vector<4xi32>
// CHECK: scf.if
// CHECK-COUNT-32: llvm.store %{{.+}} : f16, !llvm.ptr<1>
// CHECK-NOT: llvm.load
// CHECK-NOT: llvm.store
// CHECK: gpu.return
#a = #ll.linear<{register = [[0, 8], [0, 16]], lane = [[0, 1], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [[0, 2], [0, 4]], block = []}>
#b = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 4], [0, 8], [0, 16]], lane = [[8, 0], [0, 0], [0, 0], [0, 0], [0, 1]], warp = [[0, 0], [0, 2]], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @shared_out(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x32xf16, #a>
      %u = ll.convert_layout %t {ll.plan = #ll.plan<kind = shared_memory, owner_loads = true>} : tensor<16x32xf16, #a> -> tensor<16x32xf16, #b>
      ll.store_tile %u, %y : tensor<16x32xf16, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}

// -----

// Asked for every warp to load: the plan keeps owner_loads = false and the
// all-warp count, the loads are not predicated, and the store stays.
// PLAN-LABEL: gpu.func @every_warp
// PLAN: load_wavefronts = 16, owner_loads = false>
// CHECK-LABEL: gpu.func @every_warp
// CHECK-NOT: scf.if %{{.+}} -> (bf16
// CHECK: llvm.load %{{.+}} : !llvm.ptr<3> -> vector<2xi32>
#a = #ll.linear<{register = [[4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[0, 16], [2, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [8, 0], [0, 16]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 0]], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @every_warp(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x32xbf16, #a>
      %u = ll.convert_layout %t {ll.plan = #ll.plan<kind = shared_memory, owner_loads = false>} : tensor<16x32xbf16, #a> -> tensor<16x32xbf16, #b>
      ll.store_tile %u, %y : tensor<16x32xbf16, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}

// -----

// The conversion issues the store itself, so the store must follow it with
// nothing that touches memory between them: here another store does, and
// every warp loads. A row stride is fine (the store's own operands come
// before the conversion).
// PLAN-LABEL: gpu.func @store_between
// PLAN: load_wavefronts = 16>
// PLAN-LABEL: gpu.func @row_stride
// PLAN: load_wavefronts = 8, owner_loads = true>
// CHECK-LABEL: gpu.func @store_between
// CHECK-LABEL: gpu.func @row_stride
// CHECK: scf.if
// CHECK-COUNT-2: llvm.load %{{.+}} : !llvm.ptr<3> -> vector<2xi32>
#a = #ll.linear<{register = [[4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[0, 16], [2, 0]], block = []}>
#b = #ll.linear<{register = [[1, 0], [8, 0], [0, 16]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 0]], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @store_between(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x32xbf16, #a>
      %u = ll.convert_layout %t : tensor<16x32xbf16, #a> -> tensor<16x32xbf16, #b>
      ll.store_tile %t, %x : tensor<16x32xbf16, #a>, !llvm.ptr<1>
      ll.store_tile %u, %y : tensor<16x32xbf16, #b>, !llvm.ptr<1>
      gpu.return
    }
    gpu.func @row_stride(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>, %s: i32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x32xbf16, #a>
      %u = ll.convert_layout %t : tensor<16x32xbf16, #a> -> tensor<16x32xbf16, #b>
      ll.store_tile %u, %y row_stride(%s : i32) : tensor<16x32xbf16, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}

// -----

// Shared out, but every warp loading would keep 512 registers per thread
// live into the store, more than the register budget (224): the loads are
// fused with the store's shares by default, planned or not.
// PLAN-LABEL: gpu.func @above_register_budget
// PLAN: owner_loads = true>
// CHECK-LABEL: gpu.func @above_register_budget
// CHECK: scf.if
// CHECK: nvvm.ldmatrix
// CHECK: llvm.store
// CHECK-NOT: ll.store_tile
#a = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [0, 32], [16, 0], [32, 0], [64, 0], [128, 0]], lane = [[0, 1], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [[0, 2]], block = []}>
#b = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], lane = [[0, 8], [0, 16], [0, 32], [0, 0], [1, 0]], warp = [[0, 0]], block = []}>
module attributes {gpu.container_module} {
  gpu.module @ll_kernels {
    gpu.func @above_register_budget(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<256x64xf16, #a>
      %u = ll.convert_layout %t : tensor<256x64xf16, #a> -> tensor<256x64xf16, #b>
      ll.store_tile %u, %y : tensor<256x64xf16, #b>, !llvm.ptr<1>
      gpu.return
    }
  }
}
