// RUN: ll-opt %s --split-input-file --ll-plan-conversions=target=sm_90 | FileCheck %s --check-prefix=PLAN
// RUN: ll-opt %s --split-input-file --ll-plan-conversions=target=sm_90 --convert-ll-to-nvvm | FileCheck %s

// A mask (i1) moves as bytes (docs/lowering.md, "Masks"): planned for 8-bit
// elements, each register zero-extended to i8 before the move and compared
// with 0 after (scalar arith ops, for ll-finalize-nvvm). The 16x32
// transpose of the paper, through shared memory: the 16 bytes of a thread
// go out as one 16-byte store.
#rows = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
#cols = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = []}>
// PLAN-LABEL: gpu.func @mask_transpose
// PLAN: ll.convert_layout {{.*}} {ll.plan = #ll.plan<kind = shared_memory, {{.*}}vector_bits = 8,{{.*}}shared_bytes = 512
// The mask's only user zero-extends it: it takes the moved bytes (0 or 1)
// themselves, with no compare after the move.
// CHECK-LABEL: gpu.func @mask_transpose
// CHECK-COUNT-16: arith.extui %{{.*}} : i1 to i8
// CHECK: llvm.store %{{.*}} : vector<4xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier
// CHECK: %[[B:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK-NEXT: arith.extui %[[B]] : i8 to i32
// CHECK-NOT: arith.cmpi
// CHECK-NOT: ll.convert_layout
gpu.module @k {
  gpu.func @mask_transpose(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xi32, #rows>
    %zero = arith.constant dense<0> : tensor<16x32xi32, #rows>
    %m = arith.cmpi ne, %t, %zero : tensor<16x32xi32, #rows>
    %u = ll.convert_layout %m : tensor<16x32xi1, #rows> -> tensor<16x32xi1, #cols>
    %w = arith.extui %u : tensor<16x32xi1, #cols> to tensor<16x32xi32, #cols>
    ll.store_tile %w, %q : tensor<16x32xi32, #cols>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A mask compared from bytes with a constant (what Triton's load of a
// `*i1` pointer is): the bytes move, through the same plan, and are compared
// once, after the move.
#rows = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
#cols = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = []}>
// CHECK-LABEL: gpu.func @loaded_mask_transpose
// CHECK-NOT: arith.cmpi
// CHECK: llvm.store %{{.*}} : vector<4xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: arith.cmpi ne, %{{.*}}, %{{.*}} : i8
gpu.module @k {
  gpu.func @loaded_mask_transpose(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xi8, #rows>
    %zero = arith.constant dense<0> : tensor<16x32xi8, #rows>
    %m = arith.cmpi ne, %t, %zero : tensor<16x32xi8, #rows>
    %u = ll.convert_layout %m : tensor<16x32xi1, #rows> -> tensor<16x32xi1, #cols>
    %w = arith.extui %u : tensor<16x32xi1, #cols> to tensor<16x32xi8, #cols>
    ll.store_tile %w, %q : tensor<16x32xi8, #cols>, !llvm.ptr<1>
    gpu.return
  }
}

// -----

// A gather of a mask: the same, around the gather (its indices stay as
// they are). Warp-local, by shuffles of the widened bytes.
#src = #ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
#idx = #ll.linear<{register = [], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[2, 0], [4, 0]], block = []}>
// PLAN-LABEL: gpu.func @mask_gather
// PLAN: ll.gather {{.*}} {ll.plan = #ll.plan<kind = shuffle
// CHECK-LABEL: gpu.func @mask_gather
// CHECK-COUNT-2: arith.extui %{{.*}} : i1 to i8
// CHECK: %[[G:.*]] = nvvm.shfl.sync idx
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK-NOT: ll.gather
gpu.module @m {
  gpu.func @mask_gather(%ps: !llvm.ptr<1>, %pi: !llvm.ptr<1>, %po: !llvm.ptr<1>) kernel {
    %s = ll.load_tile %ps : !llvm.ptr<1> -> tensor<8x32xi32, #src>
    %zero = arith.constant dense<0> : tensor<8x32xi32, #src>
    %m = arith.cmpi ne, %s, %zero : tensor<8x32xi32, #src>
    %i = ll.load_tile %pi : !llvm.ptr<1> -> tensor<8x16xi32, #idx>
    %r = ll.gather %m[%i] axis = 1 : tensor<8x32xi1, #src>, tensor<8x16xi32, #idx> -> tensor<8x16xi1, #idx>
    %w = arith.extui %r : tensor<8x16xi1, #idx> to tensor<8x16xi32, #idx>
    ll.store_tile %w, %po : tensor<8x16xi32, #idx>, !llvm.ptr<1>
    gpu.return
  }
}
