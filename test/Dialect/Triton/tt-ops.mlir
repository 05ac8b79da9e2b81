// Triton 3.6 `tt` ops and types in their custom syntax: the printed form is
// Triton's own (checked against triton._C.libtriton.ir.parse_mlir_module on
// 2026-11-24) and prints back unchanged.
// RUN: ll-opt %s | FileCheck %s
// RUN: ll-opt %s | ll-opt | FileCheck %s

module {
  tt.func public @k(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: i32, %arg2: !tt.ptr<f32, 3>) attributes {noinline = false} {
    %0 = tt.get_program_id x : i32
    %1 = tt.get_num_programs y : i32
    %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
    %4 = tt.addptr %3, %2 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
    %5 = tt.splat %arg1 : i32 -> tensor<128xi32>
    %6 = arith.cmpi slt, %2, %5 : tensor<128xi32>
    %cst = arith.constant dense<0.000000e+00> : tensor<128xf16>
    %7 = tt.load %4, %6, %cst cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<128x!tt.ptr<f16>>
    %8 = tt.load %4 : tensor<128x!tt.ptr<f16>>
    tt.store %4, %7, %6 cacheModifier = wb : tensor<128x!tt.ptr<f16>>
    %9 = tt.expand_dims %2 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %10 = tt.broadcast %9 : tensor<1x128xi32> -> tensor<4x128xi32>
    %11 = arith.sitofp %10 : tensor<4x128xi32> to tensor<4x128xf32>
    %12 = tt.trans %11 {order = array<i32: 1, 0>} : tensor<4x128xf32> -> tensor<128x4xf32>
    %13 = tt.join %11, %11 : tensor<4x128xf32> -> tensor<4x128x2xf32>
    %outLHS, %outRHS = tt.split %13 : tensor<4x128x2xf32> -> tensor<4x128xf32>
    %14 = tt.reshape %outLHS allow_reorder : tensor<4x128xf32> -> tensor<512xf32>
    %15 = tt.cat %2, %2 : tensor<128xi32> -> tensor<256xi32>
    %16 = tt.precise_sqrt %11 : tensor<4x128xf32>
    %17 = tt.precise_divf %11, %11 : tensor<4x128xf32>
    %18 = tt.clampf %11, %11, %11, propagateNan = all : tensor<4x128xf32>
    %19 = tt.mulhiui %10, %10 : tensor<4x128xi32>
    %20 = tt.fp_to_fp %11, rounding = rtne : tensor<4x128xf32> -> tensor<4x128xf8E5M2>
    %21 = tt.bitcast %11 : tensor<4x128xf32> -> tensor<4x128xi32>
    %22 = tt.ptr_to_int %arg0 : !tt.ptr<f16> -> i64
    %23 = tt.int_to_ptr %22 : i64 -> !tt.ptr<f16>
    %24 = tt.atomic_rmw fadd, acq_rel, gpu, %4, %7, %6 : (tensor<128x!tt.ptr<f16>>, tensor<128xf16>, tensor<128xi1>) -> tensor<128xf16>
    %25 = tt.atomic_cas acq_rel, gpu, %4, %8, %8 : (tensor<128x!tt.ptr<f16>>, tensor<128xf16>, tensor<128xf16>) -> tensor<128xf16>
    %26 = tt.histogram %2 : tensor<128xi32> -> tensor<16xi32>
    %27 = tt.gather %11[%10] {axis = 1 : i32} : (tensor<4x128xf32>, tensor<4x128xi32>) -> tensor<4x128xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %28 = tt.dot %12, %11, %cst_0, inputPrecision = tf32 : tensor<128x4xf32> * tensor<4x128xf32> -> tensor<128x128xf32>
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %2 : tensor<128xi32>
    tt.assert %6, "oops" : tensor<128xi1>
    %29 = "tt.reduce"(%11) <{axis = 1 : i32}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %40 = arith.addf %arg3, %arg4 : f32
      tt.reduce.return %40 : f32
    }) : (tensor<4x128xf32>) -> tensor<4xf32>
    %30 = tt.splat %1 : i32 -> tensor<1xi32>
    %31 = tt.unsplat %30 : tensor<1xi32>
    %32:2 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,=r,r", packed_element = 1 : i32, pure = true} %21 : tensor<4x128xi32> -> tensor<4x128xi32>, tensor<4x128xi32>
    %33 = tt.extern_elementwise %11 {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<4x128xf32>) -> tensor<4x128xf32>
    %c1_i64 = arith.constant 1 : i64
    %34 = tt.make_tensor_ptr %arg0, [%c1_i64, %c1_i64], [%c1_i64, %c1_i64], [%arg1, %arg1] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
    %35 = tt.advance %34, [%arg1, %arg1] : <tensor<64x64xf16>>
    %36 = tt.load %35 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16>>
    %37 = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%c1_i64, %c1_i64] : <f16>, <tensor<64x64xf16>>
    %38 = tt.descriptor_load %37[%arg1, %arg1] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
    tt.descriptor_store %37[%arg1, %arg1], %38 : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
    tt.descriptor_reduce add, %37[%arg1, %arg1], %38 : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
    %39 = tt.call @helper(%arg1) : (i32) -> i32
    tt.return
  }
  tt.func private @helper(%arg0: i32) -> i32 {
    tt.return %arg0 : i32
  }
}


// CHECK-LABEL: tt.func public @k(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: i32, %arg2: !tt.ptr<f32, 3>) attributes {noinline = false} {
// CHECK: %0 = tt.get_program_id x : i32
// CHECK: %1 = tt.get_num_programs y : i32
// CHECK: %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
// CHECK: %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
// CHECK: %4 = tt.addptr %3, %2 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
// CHECK: %5 = tt.splat %arg1 : i32 -> tensor<128xi32>
// CHECK: %6 = arith.cmpi slt, %2, %5 : tensor<128xi32>
// CHECK: %cst = arith.constant dense<0.000000e+00> : tensor<128xf16>
// CHECK: %7 = tt.load %4, %6, %cst cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<128x!tt.ptr<f16>>
// CHECK: %8 = tt.load %4 : tensor<128x!tt.ptr<f16>>
// CHECK: tt.store %4, %7, %6 cacheModifier = wb : tensor<128x!tt.ptr<f16>>
// CHECK: %9 = tt.expand_dims %2 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
// CHECK: %10 = tt.broadcast %9 : tensor<1x128xi32> -> tensor<4x128xi32>
// CHECK: %11 = arith.sitofp %10 : tensor<4x128xi32> to tensor<4x128xf32>
// CHECK: %12 = tt.trans %11 {order = array<i32: 1, 0>} : tensor<4x128xf32> -> tensor<128x4xf32>
// CHECK: %13 = tt.join %11, %11 : tensor<4x128xf32> -> tensor<4x128x2xf32>
// CHECK: %outLHS, %outRHS = tt.split %13 : tensor<4x128x2xf32> -> tensor<4x128xf32>
// CHECK: %14 = tt.reshape %outLHS allow_reorder : tensor<4x128xf32> -> tensor<512xf32>
// CHECK: %15 = tt.cat %2, %2 : tensor<128xi32> -> tensor<256xi32>
// CHECK: %16 = tt.precise_sqrt %11 : tensor<4x128xf32>
// CHECK: %17 = tt.precise_divf %11, %11 : tensor<4x128xf32>
// CHECK: %18 = tt.clampf %11, %11, %11, propagateNan = all : tensor<4x128xf32>
// CHECK: %19 = tt.mulhiui %10, %10 : tensor<4x128xi32>
// CHECK: %20 = tt.fp_to_fp %11, rounding = rtne : tensor<4x128xf32> -> tensor<4x128xf8E5M2>
// CHECK: %21 = tt.bitcast %11 : tensor<4x128xf32> -> tensor<4x128xi32>
// CHECK: %22 = tt.ptr_to_int %arg0 : !tt.ptr<f16> -> i64
// CHECK: %23 = tt.int_to_ptr %22 : i64 -> !tt.ptr<f16>
// CHECK: %24 = tt.atomic_rmw fadd, acq_rel, gpu, %4, %7, %6 : (tensor<128x!tt.ptr<f16>>, tensor<128xf16>, tensor<128xi1>) -> tensor<128xf16>
// CHECK: %25 = tt.atomic_cas acq_rel, gpu, %4, %8, %8 : (tensor<128x!tt.ptr<f16>>, tensor<128xf16>, tensor<128xf16>) -> tensor<128xf16>
// CHECK: %26 = tt.histogram %2 : tensor<128xi32> -> tensor<16xi32>
// CHECK: %27 = tt.gather %11[%10] {axis = 1 : i32} : (tensor<4x128xf32>, tensor<4x128xi32>) -> tensor<4x128xf32>
// CHECK: %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
// CHECK: %28 = tt.dot %12, %11, %cst_0, inputPrecision = tf32 : tensor<128x4xf32> * tensor<4x128xf32> -> tensor<128x128xf32>
// CHECK: tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %2 : tensor<128xi32>
// CHECK: tt.assert %6, "oops" : tensor<128xi1>
// CHECK: %29 = "tt.reduce"(%11) <{axis = 1 : i32}> ({
// CHECK: ^bb0(%arg3: f32, %arg4: f32):
// CHECK: %40 = arith.addf %arg3, %arg4 : f32
// CHECK: tt.reduce.return %40 : f32
// CHECK: }) : (tensor<4x128xf32>) -> tensor<4xf32>
// CHECK: %30 = tt.splat %1 : i32 -> tensor<1xi32>
// CHECK: %31 = tt.unsplat %30 : tensor<1xi32>
// CHECK: %32:2 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,=r,r", packed_element = 1 : i32, pure = true} %21 : tensor<4x128xi32> -> tensor<4x128xi32>, tensor<4x128xi32>
// CHECK: %33 = tt.extern_elementwise %11 {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<4x128xf32>) -> tensor<4x128xf32>
// CHECK: %c1_i64 = arith.constant 1 : i64
// CHECK: %34 = tt.make_tensor_ptr %arg0, [%c1_i64, %c1_i64], [%c1_i64, %c1_i64], [%arg1, %arg1] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
// CHECK: %35 = tt.advance %34, [%arg1, %arg1] : <tensor<64x64xf16>>
// CHECK: %36 = tt.load %35 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16>>
// CHECK: %37 = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%c1_i64, %c1_i64] : <f16>, <tensor<64x64xf16>>
// CHECK: %38 = tt.descriptor_load %37[%arg1, %arg1] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
// CHECK: tt.descriptor_store %37[%arg1, %arg1], %38 : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
// CHECK: tt.descriptor_reduce add, %37[%arg1, %arg1], %38 : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
// CHECK: %39 = tt.call @helper(%arg1) : (i32) -> i32
// CHECK: tt.return
// CHECK-LABEL: tt.func private @helper(%arg0: i32) -> i32 {
// CHECK: tt.return %arg0 : i32
