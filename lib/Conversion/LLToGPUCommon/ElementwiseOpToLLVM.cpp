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

/// Whether `op` adds or subtracts i8 registers: four of them that share a
/// 32-bit word (or two that share a 16-bit one) are added as the word
/// itself, with carries kept inside each byte (swarByteOp). PTX has no packed
/// byte add, and NVPTX scalarizes a vector<4xi8> add: a byte extract, add and
/// insert per element.
bool packedByteOp(Operation *op) {
  if (!llvm::isa<arith::AddIOp, arith::SubIOp>(op))
    return false;
  return llvm::all_of(op->getOperandTypes(), [](Type t) {
    return getElementTypeOrSelf(t).isInteger(8);
  });
}

/// The registers that arrive in 32-bit words: `size` elements of a vector
/// that a load, ldmatrix or shuffle produced, at positions size·j to
/// size·j + size - 1, as groups in element order (sorted by their first
/// register). Nothing unless every operand that is not one value splat
/// over all registers groups its registers the same way, each exactly
/// once.
///
/// Applying a packed op to these words is what LLVM's SLP vectorizer does
/// to the scalar f16 ops, but SLP finds the pairs by searching each long
/// block again after every change: on fp16 kernels it was half of LLVM's
/// time (bench/results/lowering-cost.md). Words of other groups (a register
/// from each of two loads) would need byte permutes, so those stay scalar.
using WordGroups = SmallVector<SmallVector<int64_t, 4>>;
std::optional<WordGroups> registerWords(ArrayRef<SmallVector<Value>> operands,
                                        int64_t size) {
  std::optional<WordGroups> groups;
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
    WordGroups mine;
    for (auto [key, k] : holder) {
      if (key.second % size != 0)
        continue;
      SmallVector<int64_t, 4> group;
      for (int64_t e = 0; e < size; ++e) {
        auto other = holder.find({key.first, key.second + e});
        if (other == holder.end())
          return std::nullopt;
        group.push_back(other->second);
      }
      mine.push_back(std::move(group));
    }
    if (int64_t(mine.size()) * size != n)
      return std::nullopt;
    llvm::sort(mine);
    if (groups && *groups != mine)
      return std::nullopt;
    groups = std::move(mine);
  }
  return groups;
}

/// a + b or a - b on the bytes of two words (vector<4xi8> or vector<2xi8>),
/// each byte modulo 256 (SWAR): the low 7 bits of every byte are added
/// apart from the top bits, which are then XORed in, so no carry crosses a
/// byte.
Value swarByteOp(Emitter &em, bool subtract, Value a, Value b) {
  int64_t bytes = llvm::cast<VectorType>(a.getType()).getNumElements();
  Type wordType = em.b.getIntegerType(unsigned(8 * bytes));
  auto word = [&](Value v) {
    return LLVM::BitcastOp::create(em.b, em.loc, wordType, v).getResult();
  };
  Value x = word(a), y = word(b);
  // 0x80 and 0x7f in every byte.
  uint64_t ones = 0;
  for (int64_t i = 0; i < bytes; ++i)
    ones = ones << 8 | 1;
  auto replicated = [&](uint64_t byte) {
    return em.constant(wordType,
                       llvm::SignExtend64(byte * ones, unsigned(8 * bytes)));
  };
  Value high = replicated(0x80), low = replicated(0x7f);
  Value yLow = LLVM::AndOp::create(em.b, em.loc, y, low);
  Value sum, tops;
  if (subtract) {
    // (x | H) - (y & L), then the top bits of x ^ ~y.
    sum = LLVM::SubOp::create(em.b, em.loc,
                              LLVM::OrOp::create(em.b, em.loc, x, high), yLow);
    Value notY =
        LLVM::XOrOp::create(em.b, em.loc, y, em.constant(wordType, -1));
    tops = LLVM::XOrOp::create(em.b, em.loc, x, notY);
  } else {
    // (x & L) + (y & L), then the top bits of x ^ y.
    sum = LLVM::AddOp::create(em.b, em.loc,
                              LLVM::AndOp::create(em.b, em.loc, x, low), yLow);
    tops = LLVM::XOrOp::create(em.b, em.loc, x, y);
  }
  Value result = LLVM::XOrOp::create(
      em.b, em.loc, sum, LLVM::AndOp::create(em.b, em.loc, tops, high));
  return LLVM::BitcastOp::create(em.b, em.loc, a.getType(), result);
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
    for (auto [operand, type] : llvm::zip(operands, op->getOperandTypes())) {
      // A scalar operand (arith.select's i1 condition on whole tensors)
      // takes part in every register's op.
      if (!llvm::isa<RankedTensorType>(type))
        unpacked.push_back(SmallVector<Value>(n, operand));
      else
        unpacked.push_back(em.unpack(operand, n));
    }
    auto create = [&](ArrayRef<Value> operandValues, Type resultType) {
      OperationState state(op->getLoc(), op->getName());
      state.operands.append(operandValues.begin(), operandValues.end());
      state.types.push_back(resultType);
      state.attributes = op->getAttrDictionary();
      return rewriter.create(state)->getResult(0);
    };
    SmallVector<Value> results(n);
    bool bytes = packedByteOp(op);
    // Bytes four to a word, else two to a half word (a 16-bit load).
    std::optional<WordGroups> groups;
    if (packedFloatOp(op))
      groups = registerWords(unpacked, 2);
    else if (bytes && !(groups = registerWords(unpacked, 4)))
      groups = registerWords(unpacked, 2);
    if (!groups) {
      for (int64_t k = 0; k < n; ++k) {
        SmallVector<Value> scalars;
        for (auto &regs : unpacked)
          scalars.push_back(regs[k]);
        results[k] = create(scalars, element);
      }
    }
    for (ArrayRef<int64_t> group : groups ? *groups : WordGroups()) {
      SmallVector<Value> words;
      for (auto [i, regs] : llvm::enumerate(unpacked)) {
        // An operand repeated (x + x) is one word.
        auto same = llvm::find(ArrayRef(unpacked).take_front(i), regs);
        if (same != unpacked.begin() + i) {
          words.push_back(words[same - unpacked.begin()]);
          continue;
        }
        SmallVector<Value, 4> elems;
        for (int64_t k : group)
          elems.push_back(regs[k]);
        words.push_back(em.vector(elems));
      }
      Value word =
          bytes
              ? swarByteOp(em, llvm::isa<arith::SubIOp>(op), words[0], words[1])
              : create(words,
                       VectorType::get({int64_t(group.size())}, element));
      for (auto [index, reg] : llvm::enumerate(group))
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
