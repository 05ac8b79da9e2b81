//===- ConvertLayout.cpp - ll.convert_layout: decide and dispatch ---------===//
//
// Plans a conversion (ConversionPlan.h) and picks the lowering of its kind,
// as Triton's ConvertLayoutOpToLLVM: within a thread (register moves),
// within a warp (shuffles), within a block (shared memory). Shuffles on a
// target without them, and register moves that depend on the warp or on
// too many lane bits, go through shared memory. The pattern dispatches to
// the kind's lowering.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

namespace mlir::ll::lowering {

/// The source and result thread layouts of `op`. One error: the result
/// layout is checked once the source one passes.
static LogicalResult getThreadLayouts(ConvertLayoutOp op,
                                      const GPUTarget &target,
                                      FailureOr<ThreadLayout> &src,
                                      FailureOr<ThreadLayout> &dst) {
  auto srcType = llvm::cast<RankedTensorType>(op.getSource().getType());
  auto dstType = llvm::cast<RankedTensorType>(op.getResult().getType());
  src = getThreadLayout(op, getLinearEncoding(srcType).getLinearLayout(),
                        srcType.getRank(), target, kSourceLayoutName);
  if (failed(src))
    return failure();
  dst = getThreadLayout(op, getLinearEncoding(dstType).getLinearLayout(),
                        dstType.getRank(), target, kResultLayoutName);
  return success(succeeded(dst));
}

FailureOr<ConversionLowering>
decideConversion(ConvertLayoutOp op, const GPUTargetHooks &hooks,
                 const LLLoweringOptions &loweringOptions) {
  auto srcType = llvm::cast<RankedTensorType>(op.getSource().getType());
  FailureOr<int> bits = getElementBits(op, srcType.getElementType());
  if (failed(bits))
    return failure();
  int lanes = hooks.getLanesPerWarp();
  FailureOr<ThreadLayout> src = failure(), dst = failure();
  if (failed(getThreadLayouts(op, hooks.getTarget(), src, dst)))
    return failure();

  // ldmatrix/stmatrix where the target has them, else plain ld/st.shared.
  ConversionPlanOptions options;
  auto plan = planConversion(src->layout, dst->layout, *bits, hooks.getTarget(),
                             options);
  if (!plan)
    return op.emitError("cannot plan the conversion: ")
           << llvm::toString(plan.takeError());

  if (plan->kind == ConversionKind::Noop && src->layout == dst->layout)
    return ConversionLowering(NoopLowering());
  if (plan->kind == ConversionKind::Registers)
    if (auto registers = decideWithinThread(plan->registerMap, *dst))
      return ConversionLowering(std::move(*registers));
  if (plan->kind == ConversionKind::Shuffle && plan->shuffle &&
      hooks.supportsShuffles()) {
    if (auto shuffle =
            decideWithinWarp(*plan->shuffle, lanes, dst->numRegisters())) {
      shuffle->elementBytes = *bits / 8;
      return ConversionLowering(std::move(*shuffle));
    }
  }
  if (plan->kind != ConversionKind::SharedMemory) {
    // Shuffles and lane-dependent register moves go through shared memory
    // (correct for every conversion inside one block).
    options.forceKind = ConversionKind::SharedMemory;
    plan = planConversion(src->layout, dst->layout, *bits, hooks.getTarget(),
                          options);
    if (!plan)
      return op.emitError("cannot plan the conversion through shared memory: ")
             << llvm::toString(plan.takeError());
  }
  FailureOr<SharedMemoryLowering> shared =
      decideWithinBlock(op, *plan, *src, *dst, *bits, lanes, loweringOptions);
  if (failed(shared))
    return failure();
  return ConversionLowering(std::move(*shared));
}

namespace {
struct ConvertLayoutLowering : public LLPattern<ConvertLayoutOp> {
  using LLPattern::LLPattern;

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto it = lc.state.conversions.find(op);
    if (it == lc.state.conversions.end())
      return op.emitError("conversion was not planned");
    const ConversionLowering &lowering = it->second;
    auto srcType = llvm::cast<RankedTensorType>(op.getSource().getType());
    auto dstType = llvm::cast<RankedTensorType>(op.getResult().getType());
    Type structType = getTypeConverter()->convertType(dstType);
    if (!structType)
      return op.emitError("cannot convert ") << dstType;
    FailureOr<ThreadLayout> src = failure(), dst = failure();
    if (failed(getThreadLayouts(op, lc.hooks.getTarget(), src, dst)))
      return failure();
    if (std::holds_alternative<NoopLowering>(lowering)) {
      rewriter.replaceOp(op, adaptor.getSource());
      return success();
    }
    Emitter em{rewriter, op.getLoc(), lc.indexType};
    SmallVector<Value> in = em.unpack(adaptor.getSource(), src->numRegisters());
    Type elementType = convertElementType(srcType.getElementType());
    SmallVector<Value> out;
    if (auto *registers = std::get_if<RegistersLowering>(&lowering))
      out = lowerWithinThread(em, lc.hooks, *registers, in);
    else if (auto *shuffle = std::get_if<ShuffleLowering>(&lowering))
      out = lowerWithinWarp(em, lc.hooks, *shuffle, in, elementType);
    else
      out = lowerWithinBlock(em, lc.hooks,
                             std::get<SharedMemoryLowering>(lowering), *src,
                             *dst, in, elementType);
    rewriter.replaceOp(op, em.pack(structType, out));
    return success();
  }
};
} // namespace

void populateConvertLayoutPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns,
                                   const LoweringContext &lc) {
  patterns.add<ConvertLayoutLowering>(converter, patterns.getContext(), lc);
}

} // namespace mlir::ll::lowering
