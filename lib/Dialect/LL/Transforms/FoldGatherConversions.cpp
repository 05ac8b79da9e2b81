//===- FoldGatherConversions.cpp - Gathers that read unconverted layouts --===//
//
// A gather through shared memory stores its whole source and loads every
// element it needs at an address made from the index: it can read any
// layout and write any layout its indices have. So the round trips of the
// conversions around a gather (source and indices converted to the layouts
// a shuffle gather wants, the result converted back) can be left out, where
// the gather on the unconverted layouts costs less than the conversions and
// the gather together (docs/gather.md, "Conversions folded into a gather").
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Analysis/ConversionPlan.h"
#include "LinearLayout/Analysis/GatherPlan.h"
#include "LinearLayout/Dialect/LL/IR/LLDialect.h"
#include "LinearLayout/Dialect/LL/Transforms/GatherLiveness.h"
#include "LinearLayout/Dialect/LL/Transforms/Passes.h"
#include "LinearLayout/Dialect/LL/Transforms/PlanKind.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/Support/Format.h"

namespace mlir::ll {
#define GEN_PASS_DEF_LLFOLDGATHERCONVERSIONS
#include "LinearLayout/Dialect/LL/Transforms/Passes.h.inc"
} // namespace mlir::ll

using namespace mlir;
using namespace mlir::ll;

static constexpr StringLiteral kRemarkCategory = "ll-fold-gather-conversions";

namespace {
/// A gather whose source and indices come from conversions used by it alone
/// and whose result goes to one conversion back to the indices' layout, all
/// in one block and none with a hand-written plan.
struct FoldCandidate {
  ConvertLayoutOp source, indices, result;
};

std::optional<FoldCandidate> matchCandidate(GatherOp op) {
  if (getPlan(op) || !op.getResult().hasOneUse())
    return std::nullopt;
  auto source = op.getSource().getDefiningOp<ConvertLayoutOp>();
  auto indices = op.getIndices().getDefiningOp<ConvertLayoutOp>();
  auto result = llvm::dyn_cast<ConvertLayoutOp>(*op->user_begin());
  for (ConvertLayoutOp c : {source, indices, result})
    if (!c || getPlan(c) || c->getBlock() != op->getBlock())
      return std::nullopt;
  if (!source.getResult().hasOneUse() || !indices.getResult().hasOneUse())
    return std::nullopt;
  auto resultType = llvm::cast<RankedTensorType>(result.getType());
  auto indexType = llvm::cast<RankedTensorType>(indices.getSource().getType());
  if (resultType.getEncoding() != indexType.getEncoding())
    return std::nullopt;
  return FoldCandidate{source, indices, result};
}

const LinearLayout &layoutOf(Value value) {
  return getLinearEncoding(value.getType()).getLinearLayout();
}

int elementBitsOf(Value value) {
  return getMovedElementBits(
      llvm::cast<RankedTensorType>(value.getType()).getElementType());
}

struct LLFoldGatherConversionsPass
    : public mlir::ll::impl::LLFoldGatherConversionsBase<
          LLFoldGatherConversionsPass> {
  using LLFoldGatherConversionsBase::LLFoldGatherConversionsBase;

  void runOnOperation() override {
    auto target = GPUTarget::parse(this->target, waveSize);
    if (!target) {
      getOperation()->emitError("ll-fold-gather-conversions: ")
          << llvm::toString(target.takeError());
      return signalPassFailure();
    }
    SmallVector<GatherOp> gathers;
    getOperation()->walk([&](GatherOp op) { gathers.push_back(op); });
    for (GatherOp op : gathers)
      if (std::optional<FoldCandidate> c = matchCandidate(op))
        foldIfCheaper(op, *c, *target);
  }

  /// The cost of the IR as it is: the gather as planned and the three
  /// conversions; nullopt where one of them cannot be planned (the
  /// planning pass reports it).
  static std::optional<double> unfoldedCost(GatherOp op, FoldCandidate c,
                                            int bits, int indexBits,
                                            const GPUTarget &target) {
    double cost = 0;
    for (auto [conversion, elementBits] : {std::pair{c.source, bits},
                                           {c.indices, indexBits},
                                           {c.result, bits}}) {
      auto plan =
          planConversion(layoutOf(conversion.getSource()),
                         layoutOf(conversion.getResult()), elementBits, target);
      if (!plan) {
        llvm::consumeError(plan.takeError());
        return std::nullopt;
      }
      cost += conversionCostInGatherCycles(*plan);
    }
    GatherPlanOptions options;
    options.indicesLiveAfter = false;
    options.otherLiveRegisters =
        liveTensorRegistersAcross(op, {op.getSource(), op.getIndices()});
    auto gather =
        planGather(layoutOf(op.getSource()), layoutOf(op.getIndices()),
                   int(op.getAxis()), bits, target, options);
    if (!gather) {
      llvm::consumeError(gather.takeError());
      return std::nullopt;
    }
    return cost + gather->cost();
  }

  void foldIfCheaper(GatherOp op, FoldCandidate c, const GPUTarget &target) {
    int bits = elementBitsOf(op.getSource());
    int indexBits = elementBitsOf(op.getIndices());
    if (!bits || !indexBits)
      return;
    std::optional<double> before = unfoldedCost(op, c, bits, indexBits, target);
    if (!before)
      return;
    Value source = c.source.getSource(), indices = c.indices.getSource();
    int axis = int(op.getAxis());
    // The gather with `roundBits` rounds, or nullopt where it cannot have
    // them.
    auto planWith = [&](int roundBits) -> std::optional<GatherPlan> {
      auto memory = gatherLoadMemoryLayout(layoutOf(source), layoutOf(indices),
                                           axis, bits, target, roundBits);
      if (!memory) {
        llvm::consumeError(memory.takeError());
        return std::nullopt;
      }
      GatherPlanOptions options;
      options.forceKind = GatherKind::SharedMemory;
      options.memoryLayout = *memory;
      options.roundBits = roundBits;
      options.indicesLiveAfter = false;
      options.otherLiveRegisters =
          liveTensorRegistersAcross(c.result, {source, indices});
      auto plan = planGather(layoutOf(source), layoutOf(indices), axis, bits,
                             target, options);
      if (!plan) {
        llvm::consumeError(plan.takeError());
        return std::nullopt;
      }
      return std::move(*plan);
    };
    auto folded = planWith(0);
    if (!folded)
      return;
    // The whole source at once may take the L1 the loads around the gather
    // need (GPUTarget::gatherScratchBytesPerThread): as many rounds as bring
    // it within the limit, or as the layouts allow. Not in a loop, where
    // every round's barriers would come back each iteration.
    int64_t threads = int64_t(folded->warps) * target.lanesPerWarp;
    if (!isInsideLoop(op))
      for (int r = gatherRoundBitsWanted(folded->shared.sharedBytes, threads,
                                         target);
           r > 0; --r)
        if (auto split = planWith(r)) {
          folded = std::move(split);
          break;
        }
    const GatherPlan &plan = *folded;
    if (!(plan.sharedCost < *before))
      return;

    MLIRContext *ctx = op.getContext();
    OpBuilder builder(c.result);
    auto gather = GatherOp::create(builder, op.getLoc(), c.result.getType(),
                                   source, indices, op.getAxisAttr());
    // The whole plan: its rounds are a planned figure, which a request
    // (kind and memory layout) does not carry.
    setPlan(gather, gatherPlanAttr(ctx, plan));
    emitFoldRemark(gather, plan, *before, target);
    c.result.getResult().replaceAllUsesWith(gather.getResult());
    c.result->erase();
    op->erase();
    c.source->erase();
    c.indices->erase();
  }

  static void emitFoldRemark(GatherOp op, const GatherPlan &plan, double before,
                             const GPUTarget &target) {
    double folded = plan.sharedCost;
    StringRef function;
    if (auto func = op->getParentOfType<FunctionOpInterface>())
      function = func.getName();
    auto opts = remark::RemarkOpts::name("folded")
                    .category(kRemarkCategory)
                    .function(function);
    remark::detail::InFlightRemark remark = remark::analysis(op.getLoc(), opts);
    if (!remark)
      return;
    std::string reason;
    llvm::raw_string_ostream os(reason);
    os << "the gather reads the layouts its source and indices were "
          "converted from and writes the one its result was converted to, "
          "through shared memory laid out for its loads: "
       << llvm::format("%.1f", folded) << " issue cycles per warp against "
       << llvm::format("%.1f", before)
       << " for the three conversions and the gather";
    int64_t rounds = int64_t(1) << plan.shared.roundBits;
    if (rounds > 1)
      os << "; in " << rounds << " rounds of " << plan.shared.sharedBytes
         << " bytes, the source being more than "
         << target.gatherScratchBytesPerThread
         << " bytes per thread (docs/gather.md, section Rounds)";
    remark << remark::detail::Remark::Arg("Reason", reason)
           << remark::detail::Remark::Arg("folded_cost", folded)
           << remark::detail::Remark::Arg("unfolded_cost", before)
           << remark::detail::Remark::Arg("rounds", rounds);
  }
};
} // namespace
