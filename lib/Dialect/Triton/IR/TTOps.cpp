//===- TTOps.cpp - Triton 3.6's `tt` types and ops, as read ---------------===//

#include "LinearLayout/Dialect/Triton/IR/TritonOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ll;
using namespace mlir::ll::tt;

#include "LinearLayout/Dialect/Triton/IR/TTEnums.cpp.inc"

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

#define GET_TYPEDEF_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTTypes.cpp.inc"

/// Triton leaves the global address space (1) out of the printed form.
static constexpr int kGlobalAddressSpace = 1;

Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  int addressSpace = kGlobalAddressSpace;
  if (parser.parseLess() || parser.parseType(pointee))
    return {};
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseInteger(addressSpace))
    return {};
  if (parser.parseGreater())
    return {};
  return PointerType::get(pointee, addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != kGlobalAddressSpace)
    printer << ", " << getAddressSpace();
  printer << ">";
}

void TTDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "LinearLayout/Dialect/Triton/IR/TTTypes.cpp.inc"
      >();
}

Type tt::getPointeeType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    if (auto ptr = dyn_cast<PointerType>(tensor.getElementType()))
      return tensor.clone(ptr.getPointeeType());
  if (auto ptr = dyn_cast<PointerType>(type))
    return ptr.getPointeeType();
  return type;
}

Type tt::getI1SameShape(Type type) {
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.clone(i1);
  return i1;
}

Type tt::getBlockPointerBase(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  if (!ptr)
    return type;
  auto block = dyn_cast<RankedTensorType>(ptr.getPointeeType());
  if (!block)
    return type;
  return PointerType::get(block.getElementType(), ptr.getAddressSpace());
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTOps.cpp.inc"

void TTDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "LinearLayout/Dialect/Triton/IR/TTOps.cpp.inc"
      >();
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = getCalleeAttr();
  if (!symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, callee))
    return emitOpError() << "'" << callee.getValue()
                         << "' does not name a tt.func";
  return success();
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}
