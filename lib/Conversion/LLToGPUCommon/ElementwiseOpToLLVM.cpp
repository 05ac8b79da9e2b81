//===- ElementwiseOpToLLVM.cpp - Elementwise ops on ll tensors ------------===//
//
// An elementwise op (arith.addf, ...) on ll tensors of one layout is the
// same op on each register; a splat constant is one constant per register.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::ll::lowering {

namespace {
/// Whether `op` is an arith op on f16 or bf16 operands with a result of the
/// same type: one the targets have packed instructions for (add.rn.f16x2,
/// v_pk_add_f16, ...), which the lowering may apply to two registers that
/// share a 32-bit word.
bool packedFloatOp(Operation *op) {
  if (!llvm::isa<arith::ArithDialect>(op->getDialect()) ||
      llvm::isa<arith::RemFOp, arith::MaxNumFOp, arith::MinNumFOp>(op))
    return false;
  Type element = getElementTypeOrSelf(op->getResult(0).getType());
  if (!element.isF16() && !element.isBF16())
    return false;
  return llvm::all_of(op->getOperandTypes(), [&](Type t) {
    return getElementTypeOrSelf(t) == element;
  });
}

/// For registers that arrive in 32-bit words (elements 2j and 2j + 1 of a
/// vector that a load, ldmatrix or shuffle produced), the register holding
/// the other half: partner[k] for a low half k, and k itself for a high
/// half.
/// Nothing unless every operand that is not one value splat over all
/// registers pairs its registers the same way, each exactly once.
///
/// Applying a packed op to these words is what LLVM's SLP vectorizer does
/// to the scalar ops, but SLP finds the pairs by searching each long block
/// again after every change: on fp16 kernels it was half of LLVM's time
/// (bench/results/lowering-cost.md). Words of other pairs (a register from
/// each of two loads) would need byte permutes, so those stay scalar.
std::optional<SmallVector<int64_t>>
wordPartners(ArrayRef<SmallVector<Value>> operands) {
  std::optional<SmallVector<int64_t>> partner;
  for (ArrayRef<Value> regs : operands) {
    if (llvm::all_equal(regs))
      continue;
    int64_t n = int64_t(regs.size());
    llvm::DenseMap<std::pair<Value, int64_t>, int64_t> holder;
    for (int64_t k = 0; k < n; ++k) {
      std::optional<std::pair<Value, int64_t>> at = extractedElement(regs[k]);
      if (!at || !holder.try_emplace(*at, k).second)
        return std::nullopt;
    }
    SmallVector<int64_t> mine(n);
    for (auto [key, k] : holder) {
      // Elements 2j and 2j + 1 share a word.
      auto other = holder.find({key.first, key.second ^ 1});
      if (other == holder.end())
        return std::nullopt;
      mine[k] = key.second % 2 == 0 ? other->second : k;
    }
    if (partner && *partner != mine)
      return std::nullopt;
    partner = std::move(mine);
  }
  return partner;
}

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
    auto create = [&](ArrayRef<Value> operandValues, Type resultType) {
      OperationState state(op->getLoc(), op->getName());
      state.operands.append(operandValues.begin(), operandValues.end());
      state.types.push_back(resultType);
      state.attributes = op->getAttrDictionary();
      return rewriter.create(state)->getResult(0);
    };
    SmallVector<Value> results(n);
    std::optional<SmallVector<int64_t>> partner =
        packedFloatOp(op) ? wordPartners(unpacked) : std::nullopt;
    for (int64_t k = 0; k < n; ++k) {
      if (!partner) {
        SmallVector<Value> scalars;
        for (auto &regs : unpacked)
          scalars.push_back(regs[k]);
        results[k] = create(scalars, element);
        continue;
      }
      // A high half is done with its low half.
      int64_t high = (*partner)[k];
      if (high == k)
        continue;
      SmallVector<Value> words;
      for (auto [i, regs] : llvm::enumerate(unpacked)) {
        // An operand repeated (x + x) is one word.
        auto same = llvm::find(ArrayRef(unpacked).take_front(i), regs);
        words.push_back(same == unpacked.begin() + i
                            ? em.vector({regs[k], regs[high]})
                            : words[same - unpacked.begin()]);
      }
      Value word = create(words, VectorType::get({2}, element));
      for (auto [index, reg] : llvm::enumerate(std::array{k, high}))
        results[reg] = LLVM::ExtractElementOp::create(
            rewriter, op->getLoc(), word,
            em.constant(rewriter.getI32Type(), int64_t(index)));
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
