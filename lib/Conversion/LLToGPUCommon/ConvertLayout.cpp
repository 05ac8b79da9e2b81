//===- ConvertLayout.cpp - ll.convert_layout: decide and dispatch ---------===//
//
// Plans a conversion (ConversionPlan.h) and picks the lowering of its kind,
// as Triton's ConvertLayoutOpToLLVM: within a thread (register moves),
// within a warp (shuffles), within a block (shared memory). Shuffles on a
// target without them, and register moves that depend on the warp or on
// too many lane bits, go through shared memory (a remark says so where a
// plan asked otherwise). A plan on the op (`ll.plan`) is carried out as it
// stands or rejected with a located error. The pattern dispatches to the
// kind's lowering.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "LinearLayout/Dialect/LL/Transforms/PlanKind.h"

#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

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

  // A plan on the op (ll-plan-conversions, or written by hand) is carried
  // out as it stands: its kind is forced on the planner, its memory layout,
  // vector width, instructions and rounds are used; what cannot be done is
  // an error, never silently replaced (docs/lowering.md, "Plans").
  PlanAttr given = getPlan(op);
  ConversionPlanOptions options;
  // ldmatrix/stmatrix where the target has them, else plain ld/st.shared.
  if (given)
    options.forceKind = toConversionKind(given.getKind());
  auto plan = planConversion(src->layout, dst->layout, *bits, hooks.getTarget(),
                             options);
  if (!plan) {
    if (given)
      return planError(op) << llvm::toString(plan.takeError());
    return op.emitError("cannot plan the conversion: ")
           << llvm::toString(plan.takeError());
  }
  if (given && given.getKind() == PlanKind::Shuffle && plan->shuffle &&
      given.getVectorBits()) {
    // The lowering knows one shuffle plan: the planner's.
    const WarpShufflePlan &s = *plan->shuffle;
    int64_t vectorBits = int64_t(*bits) << s.vec.size();
    if (*given.getVectorBits() != vectorBits || given.getRounds() != s.rounds)
      return planError(op) << "a shuffle with vector_bits = "
                           << *given.getVectorBits()
                           << ", rounds = " << given.getRounds().value_or(0)
                           << " is not the shuffle the lowering emits "
                              "(vector_bits = "
                           << vectorBits << ", rounds = " << s.rounds << ")";
  }

  // A kind other than the planner's own choice was asked for explicitly:
  // where the lowering cannot emit it, that is an error; where the
  // planner's own choice cannot be emitted as planned, a departure.
  bool explicitKind = false;
  if (given) {
    ConversionPlanOptions own = options;
    own.forceKind.reset();
    auto ownPlan =
        planConversion(src->layout, dst->layout, *bits, hooks.getTarget(), own);
    explicitKind = !ownPlan || ownPlan->kind != plan->kind;
    if (!ownPlan)
      llvm::consumeError(ownPlan.takeError());
  }
  auto depart = [&](const std::string &why) -> LogicalResult {
    if (explicitKind)
      return planError(op) << "the lowering cannot emit this '"
                           << conversionKindName(plan->kind) << "': " << why;
    remarkDeparture(op, plan->kind, why + ": through shared memory instead");
    return success();
  };

  if (plan->kind == ConversionKind::Noop) {
    if (src->layout == dst->layout)
      return ConversionLowering(NoopLowering());
    if (failed(depart("the two layouts hold the same elements but differ in "
                      "their broadcast bases")))
      return failure();
  }
  if (plan->kind == ConversionKind::Registers) {
    if (auto registers = decideWithinThread(plan->registerMap, *dst))
      return ConversionLowering(std::move(*registers));
    if (failed(depart("which register a thread copies depends on more "
                      "than " +
                      std::to_string(kMaxSelectLaneBits) +
                      " lane bits (or on the warp)")))
      return failure();
  }
  if (plan->kind == ConversionKind::Shuffle && plan->shuffle) {
    if (!hooks.supportsShuffles()) {
      if (failed(depart("the target has no warp shuffle")))
        return failure();
    } else if (auto shuffle = decideWithinWarp(*plan->shuffle, lanes,
                                               dst->numRegisters())) {
      shuffle->elementBytes = *bits / 8;
      return ConversionLowering(std::move(*shuffle));
    } else {
      if (failed(depart("its source lanes are not an affine function of the "
                        "lane, or its register choice needs more than " +
                        std::to_string(kMaxSelectLaneBits) + " lane bits")))
        return failure();
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
    // The op's plan describes another kind.
    given = PlanAttr();
  }
  if (!plan->swizzle)
    return op.emitError("the plan has no shared-memory layout");
  FailureOr<SharedMemoryLowering> shared = decideWithinBlock(
      op, hooks, *plan->swizzle, given, *src, *dst, *bits, loweringOptions);
  if (failed(shared))
    return failure();
  // Loads for a store that the repeated warps share out or leave to one of
  // them: each warp loads what it stores (`owner_loads`; absent, wherever
  // it holds, as the planner sets it).
  uint64_t repeated = ownerLoadWarpBits(op);
  std::optional<bool> asked = given ? given.getOwnerLoads() : std::nullopt;
  if (asked.value_or(false) && !repeated)
    return planError(op)
           << "owner_loads = true, but the result's one use is not the value "
              "of an ll.store_tile right after it in its block (its other "
              "operands defined before the conversion, nothing with memory "
              "effects between) of a layout whose warps repeat each other";
  // A planned plan without the field: the planner declined; unplanned, or
  // a request, the same rule as the planner's.
  bool declined = given && given.getLoadWavefronts() && !asked;
  if (repeated && !declined && asked.value_or(true)) {
    auto store = llvm::cast<StoreTileOp>(*op.getResult().user_begin());
    auto [col, row] =
        globalMaps(*dst, llvm::cast<RankedTensorType>(op.getType()).getShape(),
                   bool(store.getRowStride()));
    SmallVector<int> matrixBits;
    if (const std::optional<MatrixAccess> &matrix = shared->loadMatrix)
      matrixBits = {matrix->pair, matrix->quad, matrix->matrix[0],
                    matrix->matrix[1]};
    uint64_t instructionBits = loadInstructionRegisterBits(
        shared->load, matrixBits, shared->vectorElements());
    OwnerLoads owners =
        shareOwnerLoads(shared->load, shared->scratchBits, instructionBits, col,
                        row ? &*row : nullptr, *bits, repeated);
    // A round's loads feed that round's stores: a store vector whose
    // registers fall in different rounds would store some before they are
    // loaded.
    if (owners.vectorAcrossRounds) {
      if (asked.value_or(false))
        return planError(op)
               << "owner_loads = true needs each store vector in one round, "
                  "but a vector of the ll.store_tile spans the conversion's "
               << (int64_t(1) << shared->roundBits) << " rounds";
      return ConversionLowering(std::move(*shared));
    }
    // Unasked (no plan, or a plan without the field): the planner's rule.
    if (!asked &&
        !ownerLoadsByDefault(
            owners, owners.storeShares.empty() ? 0 : registersLiveIntoStore(op),
            hooks.getTarget().registerBudget))
      return ConversionLowering(std::move(*shared));
    // Every pair spanned by a load instruction and no idle warp: nothing
    // to leave out, the store stays the store's.
    if (owners.warps || !owners.loadShares.empty())
      shared->ownerLoads = std::move(owners);
  }
  return ConversionLowering(std::move(*shared));
}

InFlightDiagnostic planError(Operation *op) {
  return op->emitError("cannot carry out the ll.plan: ");
}

remark::RemarkOpts loweringRemarkOpts(StringRef name, Block *block) {
  StringRef function;
  Operation *parent = block->getParentOp();
  auto func = dyn_cast<FunctionOpInterface>(parent);
  if (!func)
    func = parent->getParentOfType<FunctionOpInterface>();
  if (func)
    function = func.getName();
  return remark::RemarkOpts::name(name)
      .category(kLoweringRemarkCategory)
      .function(function);
}

void remarkDeparture(Operation *op, ConversionKind kind,
                     const std::string &why) {
  remark::detail::InFlightRemark remark =
      remark::missed(op->getLoc(), loweringRemarkOpts(conversionKindName(kind),
                                                      op->getBlock()));
  if (remark)
    remark << remark::detail::Remark::Arg("Reason", why);
}

namespace {
struct ConvertLayoutLowering : public LLPattern<ConvertLayoutOp> {
  using LLPattern::LLPattern;

  /// loadedForIt where `op` converts a tile loaded in its own block for
  /// it alone, with the width of that load's vectors (`src` is the tile's
  /// thread layout).
  static SourceOrigin sourceOrigin(ConvertLayoutOp op, const ThreadLayout &src,
                                   int bits) {
    auto load = op.getSource().getDefiningOp<LoadTileOp>();
    if (!load || load->getBlock() != op->getBlock() ||
        !op.getSource().hasOneUse())
      return {};
    VectorShape vec = tileLoadVector(src, load.getType().getShape(),
                                     bool(load.getRowStride()), bits);
    return {/*loadedForIt=*/true, vec.elements() * bits};
  }

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
    if (lc.hooks.hasBytePermute())
      em.bytePacker = &lc.hooks;
    SmallVector<Value> in = em.unpack(adaptor.getSource(), src->numRegisters());
    Type elementType = convertElementType(srcType.getElementType());
    SmallVector<Value> out;
    if (auto *registers = std::get_if<RegistersLowering>(&lowering))
      out = lowerWithinThread(em, lc.hooks, *registers, in);
    else if (auto *shuffle = std::get_if<ShuffleLowering>(&lowering))
      out = lowerWithinWarp(em, lc.hooks, *shuffle, in, elementType);
    else if (const auto &shared = std::get<SharedMemoryLowering>(lowering);
             !shared.ownerLoads)
      out = lowerWithinBlock(em, lc.hooks, shared, *src, *dst, in, elementType,
                             sourceOrigin(op, *src, shared.elementBytes * 8));
    else
      return lowerWithItsStore(op, shared, *src, *dst, in, elementType, em,
                               structType, rewriter);
    rewriter.replaceOp(op, em.pack(structType, out));
    return success();
  }

  /// owner_loads: the conversion issues the store of its result (its one
  /// use, ownerLoadWarpBits), each warp's share in the branch that loads
  /// it, and the store goes.
  LogicalResult lowerWithItsStore(ConvertLayoutOp op,
                                  const SharedMemoryLowering &shared,
                                  const ThreadLayout &src,
                                  const ThreadLayout &dst, ArrayRef<Value> in,
                                  Type elementType, Emitter &em,
                                  Type structType,
                                  ConversionPatternRewriter &rewriter) const {
    auto store = llvm::cast<StoreTileOp>(*op.getResult().user_begin());
    auto type = llvm::cast<RankedTensorType>(op.getType());
    int bits = shared.elementBytes * 8;
    Value rowStride =
        store.getRowStride()
            ? rowStrideIndex(em,
                             rewriter.getRemappedValue(store.getRowStride()),
                             size_t(type.getRank()))
            : Value();
    auto [col, row] = globalMaps(dst, type.getShape(), bool(rowStride));
    Value ptr = rewriter.getRemappedValue(store.getPtr());
    auto [lane, warp] = em.laneAndWarp(lc.hooks);
    if (lc.state.fenceLines)
      em.lineFence = &lc.hooks;
    auto storeShare = [&](ArrayRef<Value> values,
                          llvm::function_ref<bool(int64_t)> keep) {
      storeRegisters(em, ptr, elementType, bits, dst, values, col,
                     row ? &*row : nullptr, rowStride, lane, warp,
                     maxVectorElements(bits), keep, kAllOffsetBits,
                     StoreOrder::Lines, &shared.ownerLoads->storeShares);
    };
    SmallVector<Value> out =
        lowerWithinBlock(em, lc.hooks, shared, src, dst, in, elementType,
                         sourceOrigin(op, src, bits), storeShare);
    rewriter.eraseOp(store);
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
