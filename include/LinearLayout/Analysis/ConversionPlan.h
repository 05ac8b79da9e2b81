//===- ConversionPlan.h - How to convert layout A into layout B -*- C++ -*-===//
//
// The planner: classifies C = B⁻¹A (ConversionClassification.h), then picks
// the mechanism — nothing, register moves, warp shuffles (WarpShufflePlan.h)
// or a round trip through an optimally swizzled shared-memory buffer
// (OptimalSwizzle.h) — and records every decision the lowering needs, with
// the predicted cost (docs/planning.md).
//
// The prices and the choices between mechanisms are ConversionCost.h's: for
// a lane-only conversion shuffles are chosen when they cost no more than
// shared memory, and register moves whose sources depend on more lane bits
// than the lowering selects among (or on the warp) are planned through
// shared memory, as the lowering makes them.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_CONVERSIONPLAN_H
#define LINEARLAYOUT_ANALYSIS_CONVERSIONPLAN_H

#include "LinearLayout/Analysis/ConversionClassification.h"
#include "LinearLayout/Analysis/ConversionCost.h"
#include "LinearLayout/Analysis/GPUTarget.h"
#include "LinearLayout/Analysis/OptimalSwizzle.h"
#include "LinearLayout/Analysis/WarpShufflePlan.h"

namespace mlir::ll {

struct ConversionPlanOptions {
  /// Use this mechanism instead of the cheapest one (it must be possible).
  std::optional<ConversionKind> forceKind;
  SwizzleOptions swizzle;
};

struct ConversionPlan {
  /// The mechanism chosen, and the least one the conversion needs.
  ConversionKind kind = ConversionKind::Noop;
  ConversionKind classification = ConversionKind::Noop;
  /// C = B⁻¹A (register, lane, warp, block of A -> those of B).
  LinearLayout conversion;
  int elementBits = 0;
  /// log2 of the warps of the layouts (the cost is per warp).
  int warpBits = 0;
  GPUTarget target;
  /// For `registers`: the register of A each register of B copies in lane 0
  /// of warp 0, and the full map (register, lane, warp, block of B -> register
  /// of A; linear, so a lane-dependent source is an XOR of lane-bit masks).
  std::vector<int32_t> registerSources;
  LinearLayout registerMap;
  std::optional<WarpShufflePlan> shuffle;
  std::optional<SwizzlePlan> swizzle;
  /// Why `kind` was chosen, in one sentence, and its predicted cost.
  std::string reason;
  ConversionCost cost;
  /// For printing vectors with the tensor's dimensions.
  llvm::SmallVector<LayoutDim, 4> outDims;

  /// A walk-through of the decisions, like the paper's worked example.
  std::string explain() const;
};

/// Plans the conversion for `target`. A layout with more lanes than a warp
/// of the target fails with lanesExceedMessage (kSourceLayoutName,
/// kResultLayoutName), the text every pass reports.
llvm::Expected<ConversionPlan>
planConversion(const LinearLayout &src, const LinearLayout &dst,
               int elementBits, const GPUTarget &target,
               const ConversionPlanOptions &options = {});

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_CONVERSIONPLAN_H
