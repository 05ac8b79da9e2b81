//===- ConversionCost.h - The price of each way to convert ------*- C++ -*-===//
//
// One cost model for the planner (ConversionPlan.cpp), the register-order
// pass (ll-optimize-register-order) and the lowering (decideConversion):
// what a conversion costs per warp, in issues of the shared-memory pipe,
// and which register moves the lowering can make with selects
// (docs/planning.md, "The cost model").
//
//  - a warp shuffle and a shared-memory wavefront each take the pipe once
//    per warp; a select is a plain ALU instruction, a quarter of that;
//  - warp shuffles:  shuffles + selects / 4 (per thread, so per warp);
//  - shared memory:  (store + load wavefronts) / warps (the plan counts the
//    whole tile);
//  - register moves: nothing when the source register is the same in every
//    thread, else a tree of 2^k - 1 selects per register on the k lane bits
//    it depends on, for k <= kMaxSelectLaneBits. Beyond, or when the source
//    depends on the warp, the move goes through shared memory.
//
// Shuffles are chosen over shared memory when they cost no more.
//
// On AMD a select is a VALU instruction of a whole wave: lanes / 16 cycles
// on one of a CU's 4 SIMD16s, against one LDS wavefront per cycle, so it
// weighs lanes / 64 (1 on wave64, selectWeight); a shuffle still weighs 1
// (one ds_bpermute, or a DPP move that uses no LDS). On the wave64 corpora
// this changes no plan; on random pairs it sends conversions with hundreds
// of selects through LDS (docs/lowering-rocdl.md).
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_CONVERSIONCOST_H
#define LINEARLAYOUT_ANALYSIS_CONVERSIONCOST_H

#include "LinearLayout/Analysis/OptimalSwizzle.h"
#include "LinearLayout/Analysis/WarpShufflePlan.h"

#include <optional>

namespace mlir::ll {

struct ConversionPlan;

/// A register choice that depends on the lane is lowered as a tree of
/// selects on at most this many lane bits; beyond, the move goes through
/// shared memory.
constexpr int kMaxSelectLaneBits = 3;

/// The lane bits the sources of a `registers` plan (its registerMap: register,
/// lane, warp, block of B -> register of A) depend on; none when they depend
/// on the warp or the block.
std::optional<llvm::SmallVector<int>>
registerSourceLaneBits(const LinearLayout &registerMap);

struct ConversionCost {
  /// What one select costs, a shuffle or a wavefront costing 1.
  static constexpr double kSelect = 0.25;

  /// Issues of the shared-memory pipe per warp (selects counted at kSelect).
  double perWarp = 0;

  /// What one select costs on `target` (NVIDIA: kSelect; AMD: above).
  static double selectWeight(const GPUTarget &target);
  /// What a round trip through shared memory costs beside its wavefronts:
  /// on AMD with several waves, kAmdBarrier for its barrier (s_barrier
  /// between two s_waitcnt and two workgroup fences); else 0.
  static double barrierWeight(const GPUTarget &target, int warpBits);
  static constexpr double kAmdBarrier = 2;
  /// Warp shuffles: shuffles + selects * selectWeight.
  static ConversionCost ofShuffles(const WarpShufflePlan &plan,
                                   const GPUTarget &target);
  /// A round trip through shared memory: store + load wavefronts of the
  /// whole tile, divided by the 2^warpBits warps.
  static ConversionCost ofSharedMemory(const SwizzlePlan &plan, int warpBits);
  /// Register moves by selects: `registers` result registers, each a tree of
  /// 2^laneBits - 1 selects.
  static ConversionCost ofSelects(int64_t registers, int laneBits,
                                  const GPUTarget &target);
  /// The cost of what `plan` chose (Noop: 0). A `registers` plan must be
  /// lowerable by selects (selectLaneBits), as the planner makes it.
  static ConversionCost of(const ConversionPlan &plan);

  /// The lane bits a `registers` move depends on when the lowering makes it
  /// with selects, std::nullopt when it must go through shared memory (more
  /// than kMaxSelectLaneBits lane bits, or a warp or block dependence).
  static std::optional<llvm::SmallVector<int>>
  selectLaneBits(const LinearLayout &registerMap);

  /// The planner's choice for a lane-only conversion: shuffles when they
  /// cost no more than shared memory.
  static bool shufflesWin(const ConversionCost &shuffles,
                          const ConversionCost &sharedMemory) {
    return shuffles.perWarp <= sharedMemory.perWarp;
  }
};

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_CONVERSIONCOST_H
