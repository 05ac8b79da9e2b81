//===- ConversionPlan.h - How to convert layout A into layout B -*- C++ -*-===//
//
// The planner: classifies C = B⁻¹A (ConversionClassification.h), then picks
// the mechanism — nothing, register moves, warp shuffles (WarpShufflePlan.h)
// or a round trip through an optimally swizzled shared-memory buffer
// (OptimalSwizzle.h) — and records every decision the lowering needs, with
// the predicted cost (docs/planning.md).
//
// For a lane-only conversion both shuffles and shared memory work; shuffles
// are chosen when shuffles + selects/4 <= store + load wavefronts per warp
// (both a shuffle and a wavefront take the shared-memory pipe once per warp;
// a select is a plain ALU instruction).
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_CONVERSIONPLAN_H
#define LINEARLAYOUT_ANALYSIS_CONVERSIONPLAN_H

#include "LinearLayout/Analysis/ConversionClassification.h"
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
  SharedMemoryTarget target;
  /// For `registers`: the register of A each register of B copies in lane 0
  /// of warp 0, and the full map (register, lane, warp, block of B -> register
  /// of A; linear, so a lane-dependent source is an XOR of lane-bit masks).
  std::vector<int32_t> registerSources;
  LinearLayout registerMap;
  std::optional<WarpShufflePlan> shuffle;
  std::optional<SwizzlePlan> swizzle;
  /// Why `kind` was chosen, in one sentence.
  std::string reason;
  /// For printing vectors with the tensor's dimensions.
  llvm::SmallVector<LayoutDim, 4> outDims;

  /// A walk-through of the decisions, like the paper's worked example.
  std::string explain() const;
};

/// A register choice that depends on the lane is lowered as a tree of
/// selects on at most this many lane bits; beyond, the move goes through
/// shared memory.
constexpr int kMaxSelectLaneBits = 3;

/// The lane bits the sources of a `registers` plan (its registerMap) depend
/// on; none when they depend on the warp or the block.
std::optional<llvm::SmallVector<int>>
registerSourceLaneBits(const LinearLayout &registerMap);

llvm::Expected<ConversionPlan>
planConversion(const LinearLayout &src, const LinearLayout &dst,
               int elementBits, const SharedMemoryTarget &target,
               const ConversionPlanOptions &options = {});

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_CONVERSIONPLAN_H
