//===- LLDialect.cpp - The `ll` dialect -----------------------------------===//

#include "LinearLayout/Dialect/LL/IR/LLDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ll;

#include "LinearLayout/Dialect/LL/IR/LLOpsDialect.cpp.inc"

namespace {
/// Prints `#ll.linear` attributes as aliases (`#linear`, `#linear1`, ...) so
/// long layouts are written once at the top of a module, as Triton does.
struct LLOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (llvm::isa<LinearAttr>(attr)) {
      os << "linear";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void LLDialect::initialize() {
  registerAttributes();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "LinearLayout/Dialect/LL/IR/LLOps.cpp.inc"
      >();
  addInterfaces<LLOpAsmInterface>();
}

LogicalResult LLDialect::verifyOperationAttribute(Operation *op,
                                                  NamedAttribute attribute) {
  if (attribute.getName() != kPlanAttrName)
    return success();
  Attribute value = attribute.getValue();
  if (llvm::isa<DictionaryAttr>(value))
    return op->emitError("'ll.plan' is a dictionary; a plan is now written "
                         "#ll.plan<kind = ..., ...>, e.g. ll.plan = "
                         "#ll.plan<kind = shared_memory>");
  if (!llvm::isa<PlanAttr>(value))
    return op->emitError("'ll.plan' must be an #ll.plan<...>, got ") << value;
  if (!llvm::isa<ConvertLayoutOp, GatherOp>(op))
    return op->emitError("'ll.plan' belongs on an ll.convert_layout or an "
                         "ll.gather");
  auto plan = llvm::cast<PlanAttr>(value);
  if (llvm::isa<GatherOp>(op) && plan.getKind() != PlanKind::Shuffle &&
      plan.getKind() != PlanKind::SharedMemory)
    return op->emitError("an ll.gather is planned as 'shuffle' or "
                         "'shared_memory', not '")
           << stringifyPlanKind(plan.getKind()) << "'";
  return success();
}
