//===- ConversionPlan.cpp - How to convert layout A into layout B ---------===//

#include "LinearLayout/Analysis/ConversionPlan.h"
#include "LinearLayout/Core/Error.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir::ll;

namespace {
/// What the planning steps share: the classification of C and both layouts
/// viewed by hardware dimension.
struct ConversionAnalysis {
  ConversionClassification classified;
  DistributedColumns a, b;
};
} // namespace

/// Classifies the conversion and views both layouts by hardware dimension;
/// rejects layouts with more lanes than the target's warp and conversions
/// between CTAs.
static llvm::Expected<ConversionAnalysis>
analyzeConversion(const LinearLayout &src, const LinearLayout &dst,
                  const GPUTarget &target) {
  auto classified = classifyConversion(src, dst);
  if (!classified)
    return classified.takeError();
  auto columns = getConversionColumns(src, dst);
  if (!columns)
    return columns.takeError();
  for (const DistributedColumns *l : {&columns->src, &columns->dst})
    if (!target.fitsLanes(l->bits(HwDim::Lane)))
      return makeError(lanesExceedMessage(
          l == &columns->src ? kSourceLayoutName : kResultLayoutName,
          l->bits(HwDim::Lane), target));
  if (classified->crossesBlocks())
    return makeError("the conversion moves data between CTAs (block bases "
                     "differ); that needs distributed shared memory, which the "
                     "planner does not support");
  return ConversionAnalysis{std::move(*classified), std::move(columns->src),
                            std::move(columns->dst)};
}

/// Plans the round trip through shared memory: sets the plan's swizzle.
static llvm::Error addSwizzle(ConversionPlan &plan,
                              const ConversionAnalysis &analysis,
                              const ConversionPlanOptions &options) {
  auto swizzle = computeOptimalSwizzle(analysis.a, analysis.b, plan.elementBits,
                                       plan.target, options.swizzle);
  if (!swizzle)
    return swizzle.takeError();
  plan.swizzle = std::move(*swizzle);
  return llvm::Error::success();
}

/// C moves data within threads only: a register permutation, unless the
/// sources depend on lanes or warps beyond what selects can pick.
static void planRegisters(ConversionPlan &plan,
                          const ConversionAnalysis &analysis,
                          const ConversionPlanOptions &options) {
  plan.kind = ConversionKind::Registers;
  plan.registerMap = analysis.classified.registerMap;
  // The per-register list is a convenience; the map says it all, and a
  // layout with millions of registers per thread gets no list.
  int registerBits = analysis.b.bits(HwDim::Register);
  if (registerBits <= 16)
    for (uint64_t r = 0; r < (uint64_t(1) << registerBits); ++r)
      plan.registerSources.push_back(int32_t(plan.registerMap.applyFlat(r)));
  // Sources that depend on too many lane bits, or on the warp, cannot be
  // picked with selects: the lowering moves them through shared memory,
  // and so does the plan (unless registers were requested).
  // A layout too large for shared memory keeps the register plan.
  if (!options.forceKind && !ConversionCost::selectLaneBits(plan.registerMap)) {
    if (auto err = addSwizzle(plan, analysis, options)) {
      llvm::consumeError(std::move(err));
      plan.reason = "every thread already holds the elements it needs: "
                    "only registers move (lane-dependent beyond what the "
                    "lowering selects among, and too large for shared "
                    "memory)";
      return;
    }
    auto laneBits = registerSourceLaneBits(plan.registerMap);
    plan.kind = ConversionKind::SharedMemory;
    plan.registerSources.clear();
    plan.registerMap = LinearLayout();
    plan.reason =
        laneBits ? llvm::formatv("every thread already holds the elements it "
                                 "needs, but which register depends on {0} "
                                 "lane bits, more than the {1} the lowering "
                                 "selects among: shared memory",
                                 laneBits->size(), kMaxSelectLaneBits)
                       .str()
                 : "every thread already holds the elements it needs, but "
                   "which register depends on the warp: shared memory";
    plan.cost = ConversionCost::of(plan);
    return;
  }
  plan.reason = "every thread already holds the elements it needs: only "
                "registers move";
  plan.cost = ConversionCost::of(plan);
}

/// C moves data between lanes only: warp shuffles, or shared memory where
/// the shuffles cost more (or cannot be tabulated), or hold more registers
/// than a thread has room for, and no kind was forced.
static llvm::Error planShuffle(ConversionPlan &plan,
                               const ConversionAnalysis &analysis,
                               const ConversionPlanOptions &options) {
  auto shuffle = planWarpShuffle(analysis.a, analysis.b, plan.elementBits);
  if (!shuffle) {
    if (options.forceKind)
      return shuffle.takeError();
    // Too large to tabulate: go through shared memory instead.
    std::string why = llvm::toString(shuffle.takeError());
    if (auto err = addSwizzle(plan, analysis, options))
      return std::move(err);
    plan.kind = ConversionKind::SharedMemory;
    plan.reason =
        "C moves data between lanes only, but no shuffle plan: " + why;
    plan.cost = ConversionCost::of(plan);
    return llvm::Error::success();
  }
  plan.shuffle = std::move(*shuffle);
  plan.kind = ConversionKind::Shuffle;
  ConversionCost shuffleCost =
      ConversionCost::ofShuffles(*plan.shuffle, plan.target);
  plan.cost = shuffleCost;
  if (options.forceKind) {
    plan.reason = "warp shuffles were requested";
    return llvm::Error::success();
  }
  if (auto err = addSwizzle(plan, analysis, options)) {
    llvm::consumeError(std::move(err));
    plan.reason = "C moves data between lanes of a warp only";
    return llvm::Error::success();
  }
  ConversionCost sharedCost =
      ConversionCost::ofSharedMemory(*plan.swizzle, plan.warpBits);
  ConversionCost withBarrier = {
      sharedCost.perWarp +
      ConversionCost::barrierWeight(plan.target, plan.warpBits)};
  bool shuffles = ConversionCost::shufflesWin(shuffleCost, withBarrier);
  plan.reason =
      llvm::formatv("C moves data between lanes only{0} {1} shuffles + {2} "
                    "selects per warp cost {3} than {4} shared-memory "
                    "wavefronts per warp",
                    shuffles ? ";" : ", but", plan.shuffle->shuffles,
                    plan.shuffle->selects, shuffles ? "less" : "more",
                    sharedCost.perWarp)
          .str();
  // A tile larger than the register budget spills whatever the plan.
  // Shared memory streams it: each source register is free at its store,
  // each result register taken at its load. Shuffles need the source and
  // the result registers of every shuffle at once, so they spill both
  // tiles (docs/planning.md, "Shuffles for tiles beyond the registers").
  int64_t tileWords = elementWords(std::max(analysis.a.bits(HwDim::Register),
                                            analysis.b.bits(HwDim::Register)),
                                   plan.elementBits);
  if (shuffles && tileWords > plan.target.registerBudget) {
    shuffles = false;
    plan.reason = llvm::formatv(
        "C moves data between lanes only, but a thread's tile needs {0} "
        "32-bit registers, more than the register budget ({1}): shuffles "
        "would spill the source and the result, shared memory streams them",
        tileWords, plan.target.registerBudget);
  }
  if (shuffles) {
    plan.swizzle.reset();
    return llvm::Error::success();
  }
  plan.kind = ConversionKind::SharedMemory;
  plan.cost = withBarrier;
  plan.shuffle.reset();
  return llvm::Error::success();
}

llvm::Expected<ConversionPlan>
mlir::ll::planConversion(const LinearLayout &src, const LinearLayout &dst,
                         int elementBits, const GPUTarget &target,
                         const ConversionPlanOptions &options) {
  if (auto err = checkElementBits(elementBits))
    return std::move(err);
  ConversionPlan plan;
  plan.elementBits = elementBits;
  plan.target = target;
  plan.outDims = outDimsOf(src);
  auto analysis = analyzeConversion(src, dst, target);
  if (!analysis)
    return analysis.takeError();
  plan.classification = analysis->classified.kind;
  plan.conversion = analysis->classified.conversion;
  plan.warpBits = analysis->a.bits(HwDim::Warp);

  ConversionKind wanted = options.forceKind.value_or(plan.classification);
  if (int(wanted) < int(plan.classification))
    return makeError(std::string("kind '") + conversionKindName(wanted) +
                     "' cannot perform this conversion: it needs '" +
                     conversionKindName(plan.classification) + "'");

  switch (wanted) {
  case ConversionKind::Noop:
    plan.kind = ConversionKind::Noop;
    plan.reason = "A and B are the same layout: every thread already holds "
                  "its elements in the right registers";
    return plan;
  case ConversionKind::Registers:
    planRegisters(plan, *analysis, options);
    return plan;
  case ConversionKind::Shuffle:
    if (auto err = planShuffle(plan, *analysis, options))
      return std::move(err);
    return plan;
  case ConversionKind::SharedMemory:
    if (auto err = addSwizzle(plan, *analysis, options))
      return std::move(err);
    plan.kind = ConversionKind::SharedMemory;
    plan.reason = options.forceKind && plan.classification != wanted
                      ? "shared memory was requested"
                      : "C moves data between warps: only shared memory "
                        "reaches another warp";
    if (plan.swizzle && !plan.swizzle->threadRound.empty())
      plan.reason += llvm::formatv(
          "; no split over register directions fits the target's shared "
          "memory: {0} rounds, over {1} warp direction(s) whose warps take "
          "turns",
          plan.swizzle->rounds(), plan.swizzle->threadRound.size());
    plan.cost = ConversionCost::of(plan);
    return plan;
  }
  return makeError("internal error: unknown kind");
}
