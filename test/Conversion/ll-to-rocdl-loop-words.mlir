// RUN: ll-opt --pass-pipeline="builtin.module(ll-to-rocdl{chip=gfx942})" %s | FileCheck %s

// The ll-to-rocdl pipeline carries a loop's f16 registers in 32-bit words
// (ll-pack-narrow-block-arguments after convert-scf-to-cf; docs/lowering.md,
// "Loop-carried registers in words"): the 4 registers of this wave64 tile
// cross the back edge as 2 vector<2xf16>, the loop counter as it is.
// CHECK-LABEL: llvm.func @loop(
// CHECK:         llvm.br ^[[HEAD:bb[0-9]+]](%{{.*}}, %{{.*}} : i32, !llvm.struct<(vector<2xf16>, vector<2xf16>)>)
// CHECK:       ^[[HEAD]](%{{.*}}: i32, %{{.*}}: !llvm.struct<(vector<2xf16>, vector<2xf16>)>):
#blocked = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [], block = []}>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @loop(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %one = arith.constant dense<1.0> : tensor<16x16xf16, #blocked>
      %t = ll.load_tile %x : !llvm.ptr<1> -> tensor<16x16xf16, #blocked>
      %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %t) -> (tensor<16x16xf16, #blocked>) {
        %b = arith.addf %a, %one : tensor<16x16xf16, #blocked>
        scf.yield %b : tensor<16x16xf16, #blocked>
      }
      ll.store_tile %r, %y : tensor<16x16xf16, #blocked>, !llvm.ptr<1>
      gpu.return
    }
  }
}
