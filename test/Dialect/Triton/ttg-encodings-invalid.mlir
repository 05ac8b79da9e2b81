// RUN: ll-opt %s --split-input-file --verify-diagnostics

// Malformed #ttg encodings: a located error naming the encoding and field.

// Triton leaves an omitted list empty: the ranks disagree.
// expected-error@+1 {{#ttg.blocked: field 'order' has 0 entries, but 'sizePerThread' has 1}}
func.func @f(%a: tensor<64xf16, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4]}>>) { return }

// -----

// expected-error@+1 {{#ttg.blocked: field 'order' has 1 entries, but 'sizePerThread' has 2}}
func.func @f(%a: tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0]}>>) { return }

// -----

// expected-error@+1 {{#ttg.blocked: unknown field 'CTAsPerCGA'}}
func.func @f(%a: tensor<64xf16, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [1]}>>) { return }

// -----

// expected-error@+1 {{#ttg.blocked: field 'sizePerThread' has value -1 outside [0, 2147483647]}}
func.func @f(%a: tensor<64xf16, #ttg.blocked<{sizePerThread = [-1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>) { return }

// -----

// expected-error@+1 {{#ttg.blocked: field 'warpsPerCTA' must be a list of integers, not "x"}}
func.func @f(%a: tensor<64xf16, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = "x", order = [0]}>>) { return }

// -----

// expected-error@+1 {{#ttg.blocked: field 'CGALayout' basis 0 has 1 entries, but the layout has rank 2}}
func.func @f(%a: tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1]]}>>) { return }

// -----

// expected-error@+1 {{#ttg.dot_op: field 'kWidth' is mandatory for an #ttg.nvidia_mma parent}}
func.func @f(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 4], instrShape = [16, 8]}>}>>) { return }

// -----

// expected-error@+1 {{#ttg.dot_op: field 'opIdx' must be 0 or 1, not 2}}
func.func @f(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 2, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>}>>) { return }

// -----

// expected-error@+1 {{#ttg.slice: field 'parent' must be a distributed #ttg encoding, not #ttg.shared_memory}}
func.func @f(%a: tensor<64xf16, #ttg.slice<{dim = 0, parent = #ttg.shared_memory}>>) { return }

// -----

// expected-error@+1 {{#ttg.amd_mfma: field 'isTransposed' must be true or false, not 1 : i64}}
func.func @f(%a: tensor<64x64xf16, #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = 1}>>) { return }

// -----

// expected-error@+1 {{#ttg.nvmma_shared: field 'elementBitWidth' is missing}}
func.func @f(%a: !ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128}>, #ttg.shared_memory>) { return }

// -----

// expected-error@+1 {{#ttg.linear: the bases must be 'register', 'lane', 'warp' and 'block', in this order}}
func.func @f(%a: tensor<4xf16, #ttg.linear<{register = [[1], [2]], lane = [], warp = []}>>) { return }

// -----

// expected-error@+1 {{#ttg.shared_linear: field 'alignment' must be a positive power of two, not 3}}
func.func @f(%a: !ttg.memdesc<4xf16, #ttg.shared_linear<{offset = [[1], [2]]}, alignment = 3>, #ttg.shared_memory>) { return }

// -----

// expected-error@+1 {{#ttg.shared_linear: unknown field 'lane'}}
func.func @f(%a: !ttg.memdesc<4xf16, #ttg.shared_linear<{offset = [[1], [2]], lane = []}, alignment = 4>, #ttg.shared_memory>) { return }

// -----

// expected-error@+1 {{#ttg.padded_shared: interval and padding must be positive powers of two}}
func.func @f(%a: !ttg.memdesc<4xf16, #ttg.padded_shared<[3:+4] {order = [0], shape = [4]}>, #ttg.shared_memory>) { return }

// -----

// expected-error@+1 {{#ttg.padded_shared: 'order' must be a permutation of the dimensions of 'shape'}}
func.func @f(%a: !ttg.memdesc<4x4xf16, #ttg.padded_shared<[32:+4] {order = [0, 0], shape = [4, 4]}>, #ttg.shared_memory>) { return }

// -----

// expected-error@+1 {{unknown attribute `nonsense` in dialect `ttg`}}
func.func @f(%a: tensor<4xf16, #ttg.nonsense<{}>>) { return }
