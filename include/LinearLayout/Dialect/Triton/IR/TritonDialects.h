//===- TritonDialects.h - Triton 3.6's dialects, as read --------*- C++ -*-===//
//
// The `tt`, `ttg` and `ttng` dialects that TTGIR import parses
// (TritonDialects.td says what they are and are not).
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_TRITON_IR_TRITONDIALECTS_H
#define LINEARLAYOUT_DIALECT_TRITON_IR_TRITONDIALECTS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dialect.h"

#include "LinearLayout/Dialect/Triton/IR/TTDialect.h.inc"
#include "LinearLayout/Dialect/Triton/IR/TTGDialect.h.inc"
#include "LinearLayout/Dialect/Triton/IR/TTNGDialect.h.inc"

namespace mlir {
class DialectRegistry;
namespace ll {
/// Adds the `tt`, `ttg` and `ttng` dialects TTGIR import reads.
void registerTritonDialects(DialectRegistry &registry);
} // namespace ll
} // namespace mlir

#endif // LINEARLAYOUT_DIALECT_TRITON_IR_TRITONDIALECTS_H
