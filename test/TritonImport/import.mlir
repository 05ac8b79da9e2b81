// RUN: ll-opt %s --split-input-file --ll-import-ttgir | FileCheck %s
// RUN: ll-opt %s --split-input-file --ll-import-ttgir | ll-opt --split-input-file --ll-plan-conversions | FileCheck %s --check-prefix=PLAN
// RUN: ll-opt %s --split-input-file --ll-import-ttgir=import-shared=false | FileCheck %s --check-prefix=KEEP

// Every distributed tensor type becomes its #ll.linear (Triton 3.6's
// bases), in signatures, block arguments, scf iter_args and results alike;
// ttg.convert_layout becomes ll.convert_layout.

// CHECK-DAG: #[[ROWS:.*]] = #ll.linear<{register = [], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}0, 1], [0, 2]], block = []}>
// CHECK-DAG: #[[COLS:.*]] = #ll.linear<{register = [], lane = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}8, 0], [16, 0]], block = []}>
// CHECK-LABEL: func.func @loop
// CHECK-SAME: (%{{.*}}: tensor<32x4xf32, #[[ROWS]]>, %{{.*}}: index) -> tensor<32x4xf32, #[[COLS]]>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<32x4xf32, #[[ROWS]]>)
// CHECK: arith.addf %{{.*}} : tensor<32x4xf32, #[[ROWS]]>
// CHECK: ll.convert_layout %{{.*}} : tensor<32x4xf32, #[[ROWS]]> -> tensor<32x4xf32, #[[COLS]]>
// CHECK-NOT: ttg.
// PLAN-LABEL: func.func @loop
// PLAN: ll.convert_layout {{.*}}ll.plan = #ll.plan<kind = shared_memory
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  func.func @loop(%x: tensor<32x4xf32, #rows>, %n: index) -> tensor<32x4xf32, #cols> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<32x4xf32, #rows>) {
      %s = arith.addf %acc, %x : tensor<32x4xf32, #rows>
      scf.yield %s : tensor<32x4xf32, #rows>
    }
    %y = ttg.convert_layout %r : tensor<32x4xf32, #rows> -> tensor<32x4xf32, #cols>
    return %y : tensor<32x4xf32, #cols>
  }
}

// -----

// A local_alloc used only by local_load/local_store/local_dealloc becomes an
// ll shared buffer placed by the encoding's layout; stores sit between
// barriers; the dealloc goes.

// CHECK-DAG: #[[SWZ:.*]] = #ll.linear<{offset = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [8, 1], [16, 2], [32, 4], [0, 8], [0, 16], [0, 32]], block = []}>
// CHECK-LABEL: func.func @shared
// CHECK: %[[A:.*]] = ll.alloc_shared : !ll.shared<64x64xf16, #[[SWZ]]>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ll.store_shared %{{.*}}, %[[A]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ll.load_shared %[[A]]
// CHECK: %[[B:.*]] = ll.alloc_shared
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ll.store_shared %{{.*}}, %[[B]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ll.load_shared %[[B]]
// CHECK-NOT: ttg.local
// The alloc that a view or another op uses stays a ttg op.
// CHECK-LABEL: func.func @kept
// CHECK: ttg.local_alloc
// CHECK: ttg.local_load
// PLAN-LABEL: func.func @shared
// With import-shared=false every alloc stays a ttg op.
// KEEP-LABEL: func.func @shared
// KEEP-NOT: ll.alloc_shared
// KEEP: ttg.local_alloc %{{.*}} : (tensor<64x64xf16, #{{.*}}>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
// KEEP: ttg.local_load %{{.*}} : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #{{.*}}>
// KEEP-LABEL: func.func @kept
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  func.func @shared(%x: tensor<64x64xf16, #blocked>, %t: !ttg.async.token) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %l0 = ttg.local_load %a : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %x, %b : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %l = ttg.local_load %b token %t : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    ttg.local_dealloc %b : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    return %l0 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
  func.func @kept(%x: tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem> {
    %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %l = ttg.local_load %a : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
    return %a : !ttg.memdesc<64x64xf16, #shared, #smem>
  }
}

// -----

// A conversion of elements the ll ops do not carry (pointers, index) keeps
// its ttg op, with the ll types.
// CHECK-LABEL: func.func @index
// CHECK: ttg.convert_layout %{{.*}} : tensor<32x4xindex, #{{.*}}> -> tensor<32x4xindex, #{{.*}}>
// CHECK-LABEL: func.func @pointers
// CHECK: ttg.convert_layout %{{.*}} : tensor<32x4x!tt.ptr<f16>, #{{.*}}> -> tensor<32x4x!tt.ptr<f16>, #{{.*}}>
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  func.func @index(%x: tensor<32x4xindex, #rows>) -> tensor<32x4xindex, #cols> {
    %y = ttg.convert_layout %x : tensor<32x4xindex, #rows> -> tensor<32x4xindex, #cols>
    return %y : tensor<32x4xindex, #cols>
  }  func.func @pointers(%x: tensor<32x4x!tt.ptr<f16>, #rows>) -> tensor<32x4x!tt.ptr<f16>, #cols> {
    %y = ttg.convert_layout %x : tensor<32x4x!tt.ptr<f16>, #rows> -> tensor<32x4x!tt.ptr<f16>, #cols>
    return %y : tensor<32x4x!tt.ptr<f16>, #cols>
  }
}

// -----

// Multi-CTA layouts: the CGALayout bases become the `block` bases; an alloc
// spread over the cluster stays a ttg op (an ll shared buffer is one CTA's).
// CHECK-DAG: #[[A:.*]] = #ll.linear<{register = {{\[\[}}0, 4]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}0, 1], [0, 2]], block = {{\[\[}}32, 0]]}>
// CHECK-DAG: #[[B:.*]] = #ll.linear<{register = {{\[\[}}0, 4]], lane = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}8, 0], [16, 0]], block = {{\[\[}}32, 0]]}>
// CHECK-LABEL: func.func @cga
// CHECK: ttg.local_alloc %{{.*}} : (tensor<64x8xf32, #[[A]]>) -> !ttg.memdesc<64x8xf32, #{{.*}}, #smem>
// CHECK: ttg.local_load
// CHECK: ll.convert_layout %{{.*}} : tensor<64x8xf32, #[[A]]> -> tensor<64x8xf32, #[[B]]>
// PLAN-LABEL: func.func @cga
// PLAN: ll.convert_layout {{.*}}ll.plan = #ll.plan<kind =
#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1], CGALayout = [[1, 0]]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1], CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  func.func @cga(%x: tensor<64x8xf32, #a>) -> tensor<64x8xf32, #a> {
    %m = ttg.local_alloc %x : (tensor<64x8xf32, #a>) -> !ttg.memdesc<64x8xf32, #s, #smem>
    %l = ttg.local_load %m : !ttg.memdesc<64x8xf32, #s, #smem> -> tensor<64x8xf32, #a>
    %y = ttg.convert_layout %l : tensor<64x8xf32, #a> -> tensor<64x8xf32, #b>
    %z = ttg.convert_layout %y : tensor<64x8xf32, #b> -> tensor<64x8xf32, #a>
    return %z : tensor<64x8xf32, #a>
  }
}
