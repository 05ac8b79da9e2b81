// Bad options of the ll-to-ptx and ll-to-rocdl pipelines are diagnosed, as
// command-line options and inside a textual pipeline, with exit code 1: no
// LLVM ERROR, no abort. The format is checked against what
// gpu-module-to-binary accepts before any pass runs.
// RUN: not ll-opt --ll-to-ptx='format=xyz' %s 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not ll-opt --pass-pipeline='builtin.module(ll-to-ptx{format=xyz})' %s 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not ll-opt --ll-to-ptx='format="a b"' %s 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: not ll-opt --pass-pipeline='builtin.module(ll-to-ptx{format="a b"})' %s 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: not ll-opt --pass-pipeline='builtin.module(ll-to-ptx{format=""})' %s 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not ll-opt --pass-pipeline='builtin.module(ll-to-ptx{format=isa}})' %s 2>&1 | FileCheck %s --check-prefix=BRACE
// RUN: not ll-opt --pass-pipeline='builtin.module(ll-to-ptx{bogus=1})' %s 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not ll-opt --pass-pipeline='builtin.module(ll-to-rocdl{wave-size=abc})' %s 2>&1 | FileCheck %s --check-prefix=NUMBER
// RUN: not ll-opt --pass-pipeline='builtin.module(ll-to-ptx{chip=sm_xyz})' %s 2>&1 | FileCheck %s --check-prefix=PTXCHIP
// RUN: not ll-opt --pass-pipeline='builtin.module(ll-to-ptx{chip=gfx942})' %s 2>&1 | FileCheck %s --check-prefix=PTXAMD
// RUN: not ll-opt --pass-pipeline='builtin.module(ll-to-rocdl{chip=sm_90})' %s 2>&1 | FileCheck %s --check-prefix=ROCDLCHIP
// RUN: not ll-opt --pass-pipeline='builtin.module(ll-to-rocdl{chip=gfx942 wave-size=32})' %s 2>&1 | FileCheck %s --check-prefix=ROCDLWAVE
// Every format that gpu-module-to-binary accepts passes the check.
// RUN: ll-opt --pass-pipeline='builtin.module(ll-to-ptx{format=assembly})' %s | FileCheck %s --check-prefix=ISA
// RUN: ll-opt --pass-pipeline='builtin.module(ll-to-ptx{format=llvm})' %s | FileCheck %s --check-prefix=OFFLOAD
// RUN: ll-opt --pass-pipeline='builtin.module(ll-to-ptx{format=offloading})' %s | FileCheck %s --check-prefix=OFFLOAD

// FORMAT: error: ll-to-ptx: format must be isa (or assembly), bin (or binary), fatbin (or fatbinary), llvm (or offloading) or none, got 'xyz'
// FORMAT-NOT: LLVM ERROR
// SPACE: error: ll-to-ptx: format must be {{.*}}, got 'a b'
// SPACE-NOT: LLVM ERROR
// EMPTY: error: ll-to-ptx: format must be {{.*}}, got ''
// BRACE: error: {{.*}}expected ',' after parsing pipeline
// OPTION: no such option bogus
// OPTION: error: failed to add `ll-to-ptx` with options `bogus=1`
// NUMBER: 'abc' value invalid for uint argument
// NUMBER: error: failed to add `ll-to-rocdl` with options `wave-size=abc`
// PTXCHIP: error: convert-ll-to-nvvm: target 'sm_xyz' is not known
// PTXAMD: error: convert-ll-to-nvvm: chip must be sm_<N>, got 'gfx942'
// ROCDLCHIP: error: convert-ll-to-rocdl: chip must be an AMD GPU
// ROCDLWAVE: error: convert-ll-to-rocdl: gfx942 runs wave64 only
// ISA: gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_90">, {{.*}}assembly = "
// OFFLOAD: gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_90">, offload = "

#l = #ll.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = []}>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @copy(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
      %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<32xf32, #l>
      ll.store_tile %t, %q : tensor<32xf32, #l>, !llvm.ptr<1>
      gpu.return
    }
  }
}
