//===- ElementwiseOpToLLVM.cpp - Elementwise ops on ll tensors ------------===//
//
// An elementwise op (arith.addf, ...) on ll tensors of one layout is the
// same op on each register; a splat constant is one constant per register.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::ll::lowering {

namespace {
/// Elementwise ops (arith.addf, ...) on `ll` tensors of one layout: the same
/// op on each register.
struct ElementwiseLowering : public ConversionPattern {
  ElementwiseLowering(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
        op->getNumRegions() != 0 || !involvesLL(op))
      return failure();
    auto resultType =
        llvm::dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType || !isLLType(resultType))
      return failure();
    for (Type t : op->getOperandTypes())
      if (auto tensor = llvm::dyn_cast<RankedTensorType>(t))
        if (tensor.getEncoding() != resultType.getEncoding())
          return rewriter.notifyMatchFailure(op, "operands in other layouts");
    Type element = resultType.getElementType();
    if (convertElementType(element) != element)
      return op->emitError("elementwise ops on ")
             << element << " tensors are not lowered";
    Type structType = getTypeConverter()->convertType(resultType);
    if (!structType)
      return failure();
    int64_t n =
        int64_t(llvm::cast<LLVM::LLVMStructType>(structType).getBody().size());
    Emitter em{rewriter, op->getLoc(), rewriter.getI32Type()};
    SmallVector<SmallVector<Value>> unpacked;
    for (Value operand : operands)
      unpacked.push_back(em.unpack(operand, n));
    SmallVector<Value> results;
    for (int64_t k = 0; k < n; ++k) {
      OperationState state(op->getLoc(), op->getName());
      for (auto &regs : unpacked)
        state.operands.push_back(regs[k]);
      for (Type t : op->getResultTypes())
        state.types.push_back(llvm::cast<RankedTensorType>(t).getElementType());
      state.attributes = op->getAttrDictionary();
      results.push_back(rewriter.create(state)->getResult(0));
    }
    rewriter.replaceOp(op, em.pack(structType, results));
    return success();
  }
};

/// Splat constants of `ll` tensors: one constant per register.
struct SplatConstantLowering : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = llvm::dyn_cast<RankedTensorType>(op.getType());
    if (!type || !isLLType(type))
      return failure();
    auto splat = llvm::dyn_cast<SplatElementsAttr>(op.getValue());
    if (!splat)
      return op.emitError("only splat constants of ll tensors are lowered");
    Type structType = getTypeConverter()->convertType(type);
    if (!structType)
      return failure();
    int64_t n =
        int64_t(llvm::cast<LLVM::LLVMStructType>(structType).getBody().size());
    Emitter em{rewriter, op.getLoc(), rewriter.getI32Type()};
    Value scalar = arith::ConstantOp::create(
        rewriter, op.getLoc(),
        llvm::cast<TypedAttr>(splat.getSplatValue<Attribute>()));
    SmallVector<Value> values(n, scalar);
    rewriter.replaceOp(op, em.pack(structType, values));
    return success();
  }
};
} // namespace

void populateElementwisePatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<ElementwiseLowering, SplatConstantLowering>(
      converter, patterns.getContext());
}

} // namespace mlir::ll::lowering
