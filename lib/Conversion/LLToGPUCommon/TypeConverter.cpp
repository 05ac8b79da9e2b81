//===- TypeConverter.cpp - ll types in the LLVM dialect -------------------===//
//
// An ll tensor is, in each thread, an LLVM struct of its registers (one
// member per register of the layout); a shared buffer is a pointer to
// shared memory.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "LinearLayout/Core/DimNames.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::ll::lowering {

Type convertElementType(Type type) {
  if (LLVM::isCompatibleType(type))
    return type;
  if (type.isIntOrFloat())
    return IntegerType::get(type.getContext(), type.getIntOrFloatBitWidth());
  return {};
}

bool isLLType(Type type) {
  if (llvm::isa<SharedBufferType>(type))
    return true;
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return tensor && llvm::isa_and_nonnull<LinearAttr>(tensor.getEncoding());
}

bool involvesLL(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isLLType) ||
         llvm::any_of(op->getResultTypes(), isLLType);
}

LLTypeConverter::LLTypeConverter(MLIRContext *ctx,
                                 unsigned sharedAddressSpace) {
  addConversion([](Type type) { return type; });
  addConversion([](RankedTensorType type) -> std::optional<Type> {
    auto encoding = llvm::dyn_cast_or_null<LinearAttr>(type.getEncoding());
    if (!encoding)
      return type;
    const LinearLayout &layout = encoding.getLinearLayout();
    int64_t registers = layout.hasInDim(dims::kRegister)
                            ? layout.getInDimSize(dims::kRegister)
                            : 1;
    // More registers than a thread is lowered with: no type, so the op
    // that uses it fails to legalize with its own diagnostic (building
    // a 2^40-member struct would exhaust memory first).
    if (registers > kMaxRegistersPerThread)
      return std::nullopt;
    Type element = convertElementType(type.getElementType());
    if (!element)
      return std::nullopt;
    SmallVector<Type> members(registers, element);
    return LLVM::LLVMStructType::getLiteral(type.getContext(), members);
  });
  addConversion([ctx, sharedAddressSpace](SharedBufferType) -> Type {
    return LLVM::LLVMPointerType::get(ctx, sharedAddressSpace);
  });
  auto cast = [](OpBuilder &builder, Type type, ValueRange inputs,
                 Location loc) -> Value {
    return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(cast);
  addTargetMaterialization(cast);
}

} // namespace mlir::ll::lowering
