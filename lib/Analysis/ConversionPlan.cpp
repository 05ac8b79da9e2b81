//===- ConversionPlan.cpp - How to convert layout A into layout B ---------===//

#include "LinearLayout/Analysis/ConversionPlan.h"
#include "LinearLayout/Core/Error.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir::ll;

llvm::Expected<ConversionPlan>
mlir::ll::planConversion(const LinearLayout &src, const LinearLayout &dst,
                         int elementBits, const SharedMemoryTarget &target,
                         const ConversionPlanOptions &options) {
  if (auto err = checkElementBits(elementBits))
    return std::move(err);
  auto classified = classifyConversion(src, dst);
  if (!classified)
    return classified.takeError();
  ConversionPlan plan;
  plan.elementBits = elementBits;
  plan.target = target;
  plan.classification = classified->kind;
  plan.conversion = classified->conversion;
  plan.outDims = outDimsOf(src);
  auto a = getDistributedColumns(src, plan.outDims, "src");
  if (!a)
    return a.takeError();
  auto b = getDistributedColumns(dst, plan.outDims, "dst");
  if (!b)
    return b.takeError();
  for (const DistributedColumns *l : {&*a, &*b})
    if (l->lanesExceed(target.warpSize))
      return makeError(std::string(l == &*a ? "src" : "dst") + " has " +
                       std::to_string(int64_t(1) << l->bits(HwDim::Lane)) +
                       " lanes, more than the warp size of " + target.name +
                       " (" + std::to_string(target.warpSize) + ")");
  if (classified->crossesBlocks())
    return makeError("the conversion moves data between CTAs (block bases "
                     "differ); that needs distributed shared memory, which the "
                     "planner does not support");

  ConversionKind wanted = options.forceKind.value_or(plan.classification);
  if (int(wanted) < int(plan.classification))
    return makeError(std::string("kind '") + conversionKindName(wanted) +
                     "' cannot perform this conversion: it needs '" +
                     conversionKindName(plan.classification) + "'");

  auto planShared = [&]() -> llvm::Error {
    auto swizzle =
        computeOptimalSwizzle(*a, *b, elementBits, target, options.swizzle);
    if (!swizzle)
      return swizzle.takeError();
    plan.swizzle = std::move(*swizzle);
    return llvm::Error::success();
  };

  switch (wanted) {
  case ConversionKind::Noop:
    plan.kind = ConversionKind::Noop;
    plan.reason = "A and B are the same layout: every thread already holds "
                  "its elements in the right registers";
    return plan;
  case ConversionKind::Registers: {
    plan.kind = ConversionKind::Registers;
    plan.registerMap = classified->registerMap;
    // The per-register list is a convenience; the map says it all, and a
    // layout with millions of registers per thread gets no list.
    if (b->bits(HwDim::Register) <= 16)
      for (uint64_t r = 0; r < (uint64_t(1) << b->bits(HwDim::Register)); ++r)
        plan.registerSources.push_back(int32_t(plan.registerMap.applyFlat(r)));
    plan.reason = "every thread already holds the elements it needs: only "
                  "registers move";
    return plan;
  }
  case ConversionKind::Shuffle: {
    auto shuffle = planWarpShuffle(*a, *b, elementBits);
    if (!shuffle) {
      if (options.forceKind)
        return shuffle.takeError();
      // Too large to tabulate: go through shared memory instead.
      std::string why = llvm::toString(shuffle.takeError());
      if (auto err = planShared())
        return std::move(err);
      plan.kind = ConversionKind::SharedMemory;
      plan.reason =
          "C moves data between lanes only, but no shuffle plan: " + why;
      return plan;
    }
    plan.shuffle = std::move(*shuffle);
    plan.kind = ConversionKind::Shuffle;
    if (options.forceKind) {
      plan.reason = "warp shuffles were requested";
      return plan;
    }
    if (auto err = planShared()) {
      llvm::consumeError(std::move(err));
      plan.reason = "C moves data between lanes of a warp only";
      return plan;
    }
    int64_t warps = int64_t(1) << a->bits(HwDim::Warp);
    double shuffleCost =
        double(plan.shuffle->shuffles) + double(plan.shuffle->selects) / 4;
    double sharedCost =
        double(plan.swizzle->store.wavefronts + plan.swizzle->load.wavefronts) /
        double(warps);
    if (shuffleCost <= sharedCost) {
      plan.reason = llvm::formatv("C moves data between lanes only; {0} "
                                  "shuffles + {1} selects per warp cost less "
                                  "than {2} shared-memory wavefronts per warp",
                                  plan.shuffle->shuffles, plan.shuffle->selects,
                                  sharedCost)
                        .str();
      plan.swizzle.reset();
      return plan;
    }
    plan.kind = ConversionKind::SharedMemory;
    plan.reason =
        llvm::formatv("C moves data between lanes only, but {0} "
                      "shuffles + {1} selects per warp cost more "
                      "than {2} shared-memory wavefronts per warp",
                      plan.shuffle->shuffles, plan.shuffle->selects, sharedCost)
            .str();
    plan.shuffle.reset();
    return plan;
  }
  case ConversionKind::SharedMemory:
    if (auto err = planShared())
      return std::move(err);
    plan.kind = ConversionKind::SharedMemory;
    plan.reason = options.forceKind && plan.classification != wanted
                      ? "shared memory was requested"
                      : "C moves data between warps: only shared memory "
                        "reaches another warp";
    return plan;
  }
  return makeError("internal error: unknown kind");
}

std::optional<llvm::SmallVector<int>>
mlir::ll::registerSourceLaneBits(const LinearLayout &registerMap) {
  llvm::SmallVector<int> laneBits;
  for (auto [index, dim] : llvm::enumerate(registerMap.getInDims())) {
    if (dim.name == "register")
      continue;
    int offset = registerMap.getInDimBitOffset(unsigned(index));
    for (int b = 0; b < dim.log2Size; ++b) {
      if (registerMap.getColumns()[offset + b] == 0)
        continue;
      if (dim.name != "lane")
        return std::nullopt;
      laneBits.push_back(b);
    }
  }
  return laneBits;
}
