// RUN: ll-opt %s --emit-bytecode | ll-opt | FileCheck %s --check-prefix=VALID
// RUN: ll-opt %s --emit-bytecode | %python -c "import sys; d = sys.stdin.buffer.read(); assert d.count(b'register') == 1; sys.stdout.buffer.write(d.replace(b'register', b'regisyer'))" | not ll-opt 2>&1 | FileCheck %s

// A valid bytecode file whose tensor encoding says `regisyer` (the bytes of
// `register` patched): the builtin bytecode reader builds tensor types with
// RankedTensorType::get, which asserts once the encoding's verifier has
// printed its error. ll-opt reads bytecode input once with a checked reader
// first (tools/ll-opt/ll-opt.cpp): the error, exit status 1, no assertion.

// VALID: func.func @f(%arg0: tensor<2x4xf32, #{{.*}}>)
// CHECK: error: the input dimensions of a tensor encoding must be drawn from register, lane, warp, block (in this order), got [regisyer]
// CHECK-NOT: Assertion
// CHECK-NOT: Stack dump
func.func @f(%x: tensor<2x4xf32, #ll.linear<{register = [[0, 1], [0, 2], [1, 0]]}>>) {
  return
}
