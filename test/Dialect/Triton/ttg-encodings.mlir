// RUN: ll-opt %s --split-input-file | FileCheck %s
// RUN: ll-opt %s --split-input-file | ll-opt --split-input-file | FileCheck %s

// Every #ttg encoding prints as Triton 3.6 prints it, with its alias; omitted
// fields take Triton's defaults and defaults are not printed.

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = {{\[\[}}1, 0]]}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
// CHECK-DAG: #linear = #ttg.linear<{register = {{\[\[}}0, 1]], lane = {{\[\[}}0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = {{\[\[}}4, 0], [8, 0]], block = []}>
// CHECK-LABEL: func.func @distributed
// CHECK-SAME: tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-SAME: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-SAME: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-SAME: tensor<16x16xf16, #linear>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
func.func @distributed(
    %a: tensor<64x64xf16, #blocked>,
    %b: tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>,
    %c: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
    %d: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked, kWidth = 0}>>,
    %e: tensor<16x16xf16, #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>>,
    %f: tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>>) {
  return
}

// -----

// CHECK-DAG: #mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>
// CHECK-DAG: #mma1 = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [16, 16, 32], isTransposed = true, tilesPerWarp = [2, 2], elementBitWidth = 64}>
// CHECK-DAG: #mma2 = #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>
// CHECK-DAG: #mma3 = #ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], tilesPerWarp = [2, 1], instrShape = [16, 16, 32]}>
// CHECK-DAG: #mma4 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-LABEL: func.func @mma
func.func @mma(
    %a: tensor<64x64xf16, #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8]}>>,
    %b: tensor<64x64xf16, #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [16, 16, 32], isTransposed = true, tilesPerWarp = [2, 2], elementBitWidth = 64}>>,
    %c: tensor<64x64xf16, #ttg.amd_wmma<{version = 2, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], tilesPerWarp = [1, 1]}>>,
    %d: tensor<64x64xf16, #ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], instrShape = [16, 16, 32], tilesPerWarp = [2, 1]}>>,
    %e: tensor<64x64xf16, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>>) {
  return
}

// -----

// CHECK-DAG: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
// CHECK-DAG: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, fp4Padded = true, CGALayout = {{\[\[}}1, 0]]}>
// CHECK-DAG: #shared3 = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 0]]}, alignment = 16>
// CHECK-DAG: #shared4 = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>
// CHECK-DAG: #shared5 = #ttg.padded_shared<[32:+4, 64:+8] {offset = {{\[\[}}0, 1], [0, 2], [2, 0], [1, 0]], block = []}>
// CHECK-DAG: #shared6 = #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: func.func @shared
// CHECK-SAME: !ttg.memdesc<64x64xf16, #shared, #smem>
// CHECK-SAME: !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-SAME: !ttg.memdesc<64x64xi8, #shared2, #smem, mutable, 2x64x64>
// CHECK-SAME: !ttg.memdesc<4x4xf16, #shared3, #smem>
// CHECK-SAME: !ttg.async.token
func.func @shared(
    %a: !ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>, #ttg.shared_memory>,
    %b: !ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16}>, #ttg.shared_memory, mutable, 64x64>,
    %c: !ttg.memdesc<64x64xi8, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, fp4Padded = true, CGALayout = [[1, 0]]}>, #ttg.shared_memory, mutable, 2x64x64>,
    %d: !ttg.memdesc<4x4xf16, #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]]}, alignment = 16>, #ttg.shared_memory>,
    %e: !ttg.memdesc<64x64xf16, #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>, #ttg.shared_memory>,
    %f: !ttg.memdesc<4x4xf16, #ttg.padded_shared<[32:+4, 64:+8] {offset = [[0, 1], [0, 2], [2, 0], [1, 0]], block = []}>, #ttg.shared_memory>,
    %g: !ttg.memdesc<64x64xf16, #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>, #ttg.shared_memory>,
    %t: !ttg.async.token) {
  return
}

// -----

// Omitted fields take the values Triton's parser gives them (0, empty),
// printed as Triton prints them.
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 0, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
// CHECK-DAG: #mma1 = #ttg.amd_mfma<{version = 0, warpsPerCTA = [], instrShape = [32, 32, 8], isTransposed = false}>
// CHECK-DAG: #shared = #ttg.swizzled_shared<{vec = 0, perPhase = 0, maxPhase = 0, order = [0, 1]}>
// CHECK-LABEL: func.func @omitted
func.func @omitted(
    %a: tensor<16x16xf16, #ttg.nvidia_mma<{warpsPerCTA = [1, 4], instrShape = [16, 8]}>>,
    %b: tensor<16x16xf16, #ttg.amd_mfma<{instrShape = [32, 32, 8]}>>,
    %c: !ttg.memdesc<4x4xf16, #ttg.swizzled_shared<{order = [0, 1]}>, #ttg.shared_memory>) {
  return
}

// -----

// The layout ops in Triton 3.6's syntax.
// CHECK-LABEL: func.func @ops
// CHECK: ttg.local_alloc %{{.*}} {alignment = 16 : i32} : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK: ttg.local_store %{{.*}}, %{{.*}} : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK: ttg.local_load %{{.*}} token %{{.*}} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
// CHECK: ttg.convert_layout %{{.*}} : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
// CHECK: ttg.local_dealloc %{{.*}} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
func.func @ops(%x: tensor<64x64xf16, #blocked>, %t: !ttg.async.token) {
  %a = ttg.local_alloc %x {alignment = 16 : i32} : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
  %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  ttg.local_store %x, %b : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  %l = ttg.local_load %b token %t : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
  %c = ttg.convert_layout %l : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
  ttg.local_dealloc %b : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  return
}
