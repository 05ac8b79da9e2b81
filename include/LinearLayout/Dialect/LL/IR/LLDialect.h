//===- LLDialect.h - The `ll` dialect: attributes, types, ops ---*- C++ -*-===//
//
// Include this header to use the `ll` dialect. The attribute `#ll.linear`
// stores a `mlir::ll::LinearLayout` (Core/LinearLayout.h) as its parameter;
// `#ll.plan` the plan of one conversion.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_LL_IR_LLDIALECT_H
#define LINEARLAYOUT_DIALECT_LL_IR_LLDIALECT_H

#include "LinearLayout/Core/LinearLayout.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "LinearLayout/Dialect/LL/IR/LLOpsDialect.h.inc"

#include "LinearLayout/Dialect/LL/IR/LLEnums.h.inc"

namespace mlir::ll {
class LinearAttr;
/// Parses the `memory_layout` field of `#ll.plan`: an `#ll.linear`.
FailureOr<LinearAttr> parsePlanMemoryLayout(AsmParser &parser);
} // namespace mlir::ll

#define GET_ATTRDEF_CLASSES
#include "LinearLayout/Dialect/LL/IR/LLAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "LinearLayout/Dialect/LL/IR/LLTypes.h.inc"

namespace mlir::ll {
/// True for a ranked tensor type whose encoding is an `#ll.linear` over
/// register/lane/warp/block (a distributed tensor the ops accept).
bool isDistributedTensorType(Type type);
/// The `#ll.linear` encoding of a ranked tensor type, or null.
LinearAttr getLinearEncoding(Type type);
/// The bits one element of `elementType` takes where a conversion or a
/// gather moves it (registers packed in words, shuffles, shared memory): 8
/// for i1, whose masks move as bytes as in Triton (the lowering widens them,
/// docs/lowering.md "Masks"); the width of any other integer or float; 0
/// for other types.
int getMovedElementBits(Type elementType);
/// The discardable attribute on ll.convert_layout that records (or, written
/// by hand, fixes) its plan (ll-plan-conversions): an `#ll.plan`.
inline constexpr llvm::StringLiteral kPlanAttrName = "ll.plan";
/// The `ll.plan` of `op`, or null when it has none. The dialect's verifier
/// rejects an `ll.plan` that is not an `#ll.plan`.
PlanAttr getPlan(Operation *op);
/// Sets (or, with a null plan, removes) the `ll.plan` of `op`.
void setPlan(Operation *op, PlanAttr plan);
} // namespace mlir::ll

#define GET_OP_CLASSES
#include "LinearLayout/Dialect/LL/IR/LLOps.h.inc"

#endif // LINEARLAYOUT_DIALECT_LL_IR_LLDIALECT_H
