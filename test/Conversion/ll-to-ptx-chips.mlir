// ll-to-ptx asks LLVM for the PTX ISA its instructions need where the
// chip's own minimum is older: shfl.sync needs PTX 6.0 (sm_60's minimum is
// 5.0), ldmatrix 6.5 (sm_75's is 6.3). Elsewhere the chip's default stays
// (sm_90: 7.8, sm_100: 8.6). A chip LLVM's NVPTX backend does not know is
// a located error, before the backend would abort on it.
// RUN: ll-opt --pass-pipeline="builtin.module(ll-to-ptx{chip=sm_60})" %s | FileCheck %s --check-prefix=SM60
// RUN: ll-opt --pass-pipeline="builtin.module(ll-to-ptx{chip=sm_75 register-order=false})" %s | FileCheck %s --check-prefix=SM75
// RUN: ll-opt --pass-pipeline="builtin.module(ll-to-ptx{chip=sm_90})" %s | FileCheck %s --check-prefix=SM90
// RUN: ll-opt --pass-pipeline="builtin.module(ll-to-ptx{chip=sm_100})" %s | FileCheck %s --check-prefix=SM100
// RUN: not ll-opt --pass-pipeline="builtin.module(ll-to-ptx{chip=sm_91})" %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not ll-opt --pass-pipeline="builtin.module(ll-to-ptx{chip=sm_9000})" %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// SM60: .version 6.0
// SM60: .target sm_60
// SM60: shfl.sync.idx.b32

// SM75: .version 6.5
// SM75: .target sm_75
// SM75: ldmatrix.sync.aligned.m8n8.x4

// SM90: .version 7.8
// SM90: .target sm_90

// SM100: .version 8.6
// SM100: .target sm_100

// UNKNOWN: error: ll-to-ptx: chip 'sm_{{[0-9]+}}' is not a processor LLVM's NVPTX backend knows
// UNKNOWN-NOT: LLVM ERROR
// UNKNOWN-NOT: not a recognized processor

#rows = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
#cols = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = []}>
#r32 = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = []}>
#c32 = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @exchange(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
      %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf32, #rows>
      %u = ll.convert_layout %t : tensor<16x32xf32, #rows> -> tensor<16x32xf32, #cols>
      ll.store_tile %u, %q : tensor<16x32xf32, #cols>, !llvm.ptr<1>
      gpu.return
    }
    gpu.func @transpose(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
      %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32x32xf16, #r32>
      %u = ll.convert_layout %t : tensor<32x32xf16, #r32> -> tensor<32x32xf16, #c32>
      ll.store_tile %u, %q : tensor<32x32xf16, #c32>, !llvm.ptr<1>
      gpu.return
    }
  }
}
