// Real Triton 3.6 kernels (corpus/, PROVENANCE.md): every ttg.convert_layout
// becomes one ll.convert_layout, the kernel is otherwise kept, and the
// result plans.

// An sm_80 matmul: the operand tiles go through local-only allocs, which
// become ll shared buffers.
// RUN: ll-opt --ll-import-ttgir %S/corpus/matmul.fp16.64x32x32.w2.s5.sm80.ttgir | FileCheck %s --check-prefix=SM80
// SM80-LABEL: tt.func public @matmul_kernel
// SM80: scf.for
// SM80-COUNT-2: ll.load_shared
// SM80: tt.dot
// SM80-NOT: ttg.convert_layout
// SM80-NOT: ttg.local_
// SM80: ll.convert_layout
// SM80-NOT: ttg.convert_layout
// SM80: tt.store

// An sm_90 matmul: wgmma reads its allocs, which stay ttg ops.
// RUN: ll-opt --ll-import-ttgir %S/corpus/matmul.fp16.128x128x32.w4.s4.sm90.ttgir | FileCheck %s --check-prefix=SM90
// SM90-LABEL: tt.func public @matmul_kernel
// SM90: ttg.local_alloc {{.*}} : (tensor<128x32xf16, #linear{{[0-9]*}}>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
// SM90: ttng.warp_group_dot
// SM90-NOT: ttg.convert_layout
// SM90: ll.convert_layout %{{.*}} : tensor<128x128xf16, #linear{{[0-9]*}}> -> tensor<128x128xf16, #linear{{[0-9]*}}>
// SM90-NOT: ttg.convert_layout

// Gluon's layouts tutorial: the 128x128 row <-> column conversion.
// RUN: ll-opt --ll-import-ttgir %S/corpus/gluon_memcpy_2d_inout.col_to_row.w4.sm90.ttgir | FileCheck %s --check-prefix=GLUON
// GLUON: #[[SRC:.*]] = #ll.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}32, 0], [64, 0]], block = []}>
// GLUON: ll.convert_layout %{{.*}} : tensor<128x128xf32, #[[SRC]]> -> tensor<128x128xf32, #{{.*}}>

// Each plans.
// RUN: ll-opt --ll-import-ttgir %S/corpus/matmul.fp16.64x32x32.w2.s5.sm80.ttgir | ll-opt --ll-plan-conversions | FileCheck %s --check-prefix=PLAN
// RUN: ll-opt --ll-import-ttgir %S/corpus/matmul.fp16.128x128x32.w4.s4.sm90.ttgir | ll-opt --ll-plan-conversions | FileCheck %s --check-prefix=PLAN
// RUN: ll-opt --ll-import-ttgir %S/corpus/gluon_memcpy_2d_inout.col_to_row.w4.sm90.ttgir | ll-opt --ll-plan-conversions | FileCheck %s --check-prefix=PLAN
// PLAN: ll.convert_layout {{.*}}ll.plan = #ll.plan<kind =
