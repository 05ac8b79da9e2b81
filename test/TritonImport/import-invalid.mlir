// RUN: ll-opt %s --split-input-file --ll-import-ttgir --verify-diagnostics

// expected-error@+1 {{cannot import TTGIR: the module has no 'ttg.num-warps' attribute}}
module {
  func.func @f() { return }
}

// -----

// expected-error@+1 {{module attribute 'ttg.threads-per-warp' must be a positive power-of-two integer}}
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 24 : i32} {
  func.func @f() { return }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // expected-error@+1 {{the layout has 8 warps, but the module has ttg.num-warps = 4}}
  func.func @f(%x: tensor<256xf32, #blocked>) { return }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // expected-error@+1 {{the layout has 64 lanes, but the module has ttg.threads-per-warp = 32}}
  func.func @f(%x: tensor<256xf32, #blocked>) { return }
}

// -----

// A layout over one CTA in a two-CTA module.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 2 : i32} {
  // expected-error@+1 {{the layout spreads over 1 CTAs, but the module has ttg.num-ctas = 2}}
  func.func @f(%x: tensor<256x4xf32, #blocked>) { return }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // expected-error@+1 {{the layout spreads over 2 CTAs, but the module has ttg.num-ctas = 1}}
  func.func @f(%x: tensor<256x4xf32, #blocked>) { return }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // expected-error@+1 {{sizePerThread}}
  func.func @f(%x: tensor<256xf32, #blocked>) { return }
}

// -----

// A #ttg.linear on a tensor of another shape is resized as Triton does
// (test_tensor_types.py); of another rank it is an error.
#linear = #ttg.linear<{register = [[1, 0]], lane = [], warp = [], block = []}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 1 : i32} {
  // expected-error@+1 {{shape must have 2 entries (the layout's rank), got [4]}}
  func.func @f(%x: tensor<4xf32, #linear>) { return }
}

// -----

// Triton hoists constants with loc(unknown): the error is at the function.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // expected-error@+1 {{the layout has 8 warps, but the module has ttg.num-warps = 4}}
  func.func @f() {
    %c = arith.constant dense<0.0> : tensor<256xf32, #blocked> loc(unknown)
    return
  }
}

// -----

// An omitted field takes Triton's default, which building the layout
// rejects by name.
#mma = #ttg.nvidia_mma<{warpsPerCTA = [1, 4], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // expected-error@+1 {{version}}
  func.func @f(%x: tensor<64x64xf32, #mma>) { return }
}
