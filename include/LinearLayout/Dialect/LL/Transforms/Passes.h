//===- Passes.h - Passes of the `ll` dialect --------------------*- C++ -*-===//

#ifndef LINEARLAYOUT_DIALECT_LL_TRANSFORMS_PASSES_H
#define LINEARLAYOUT_DIALECT_LL_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::ll {

#define GEN_PASS_DECL
#include "LinearLayout/Dialect/LL/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "LinearLayout/Dialect/LL/Transforms/Passes.h.inc"

} // namespace mlir::ll

#endif // LINEARLAYOUT_DIALECT_LL_TRANSFORMS_PASSES_H
