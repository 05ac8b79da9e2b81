//===- ConversionCost.cpp - The price of each way to convert --------------===//

#include "LinearLayout/Analysis/ConversionCost.h"

#include "LinearLayout/Analysis/ConversionPlan.h"
#include "LinearLayout/Core/DimNames.h"

#include <limits>

using namespace mlir::ll;

std::optional<llvm::SmallVector<int>>
mlir::ll::registerSourceLaneBits(const LinearLayout &registerMap) {
  llvm::SmallVector<int> laneBits;
  for (auto [index, dim] : llvm::enumerate(registerMap.getInDims())) {
    if (dim.name == dims::kRegister)
      continue;
    int offset = registerMap.getInDimBitOffset(unsigned(index));
    for (int b = 0; b < dim.log2Size; ++b) {
      if (registerMap.getColumns()[offset + b] == 0)
        continue;
      if (dim.name != dims::kLane)
        return std::nullopt;
      laneBits.push_back(b);
    }
  }
  return laneBits;
}

std::optional<llvm::SmallVector<int>>
ConversionCost::selectLaneBits(const LinearLayout &registerMap) {
  std::optional<llvm::SmallVector<int>> laneBits =
      registerSourceLaneBits(registerMap);
  if (!laneBits || laneBits->size() > size_t(kMaxSelectLaneBits))
    return std::nullopt;
  return laneBits;
}

double ConversionCost::selectWeight(const GPUTarget &target) {
  return target.isAMD() ? double(target.lanesPerWarp) / 64 : kSelect;
}

double ConversionCost::barrierWeight(const GPUTarget &target, int warpBits) {
  return target.isAMD() && warpBits > 0 ? kAmdBarrier : 0;
}

ConversionCost ConversionCost::ofShuffles(const WarpShufflePlan &plan,
                                          const GPUTarget &target) {
  return {double(plan.shuffles) + double(plan.selects) * selectWeight(target)};
}

ConversionCost ConversionCost::ofSharedMemory(const SwizzlePlan &plan,
                                              int warpBits) {
  return {double(plan.store.wavefronts + plan.load.wavefronts) /
          double(int64_t(1) << warpBits)};
}

ConversionCost ConversionCost::ofSelects(int64_t registers, int laneBits,
                                         const GPUTarget &target) {
  return {double(registers) * double((int64_t(1) << laneBits) - 1) *
          selectWeight(target)};
}

ConversionCost ConversionCost::of(const ConversionPlan &plan) {
  switch (plan.kind) {
  case ConversionKind::Noop:
    return {0};
  case ConversionKind::Registers: {
    auto laneBits = selectLaneBits(plan.registerMap);
    if (!laneBits)
      return {std::numeric_limits<double>::infinity()};
    return ofSelects(plan.registerMap.getInDimSize(dims::kRegister),
                     int(laneBits->size()), plan.target);
  }
  case ConversionKind::Shuffle:
    return ofShuffles(*plan.shuffle, plan.target);
  case ConversionKind::SharedMemory:
    return {ofSharedMemory(*plan.swizzle, plan.warpBits).perWarp +
            barrierWeight(plan.target, plan.warpBits)};
  }
  return {std::numeric_limits<double>::infinity()};
}
