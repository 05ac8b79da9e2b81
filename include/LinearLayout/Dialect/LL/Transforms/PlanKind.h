//===- PlanKind.h - #ll.plan kinds and the planner's ------------*- C++ -*-===//
//
// The kinds of `#ll.plan` (LLAttrs.td) and of the planner (ConversionKind,
// ConversionClassification.h) are named alike; these convert between them
// for the planning pass and the lowering, which both read and write plans.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_LL_TRANSFORMS_PLANKIND_H
#define LINEARLAYOUT_DIALECT_LL_TRANSFORMS_PLANKIND_H

#include "LinearLayout/Analysis/ConversionClassification.h"
#include "LinearLayout/Dialect/LL/IR/LLDialect.h"

#include "llvm/Support/ErrorHandling.h"

namespace mlir::ll {

inline ConversionKind toConversionKind(PlanKind kind) {
  switch (kind) {
  case PlanKind::Noop:
    return ConversionKind::Noop;
  case PlanKind::Registers:
    return ConversionKind::Registers;
  case PlanKind::Shuffle:
    return ConversionKind::Shuffle;
  case PlanKind::SharedMemory:
    return ConversionKind::SharedMemory;
  }
  llvm_unreachable("unknown plan kind");
}

inline PlanKind toPlanKind(ConversionKind kind) {
  switch (kind) {
  case ConversionKind::Noop:
    return PlanKind::Noop;
  case ConversionKind::Registers:
    return PlanKind::Registers;
  case ConversionKind::Shuffle:
    return PlanKind::Shuffle;
  case ConversionKind::SharedMemory:
    return PlanKind::SharedMemory;
  }
  llvm_unreachable("unknown conversion kind");
}

} // namespace mlir::ll

#endif // LINEARLAYOUT_DIALECT_LL_TRANSFORMS_PLANKIND_H
