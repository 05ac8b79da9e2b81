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
