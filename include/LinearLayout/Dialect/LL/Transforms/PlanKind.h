//===- PlanKind.h - #ll.plan kinds and the planner's ------------*- C++ -*-===//
//
// The kinds of `#ll.plan` (LLAttrs.td) and of the planner (ConversionKind,
// ConversionClassification.h) are named alike; these convert between them
// for the planning pass and the lowering, which both read and write plans.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_LL_TRANSFORMS_PLANKIND_H
#define LINEARLAYOUT_DIALECT_LL_TRANSFORMS_PLANKIND_H

#include "LinearLayout/Analysis/AddressMap.h"
#include "LinearLayout/Analysis/ConversionClassification.h"
#include "LinearLayout/Analysis/GatherPlan.h"
#include "LinearLayout/Dialect/LL/IR/LLDialect.h"
#include "LinearLayout/Dialect/LL/Transforms/GatherLiveness.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/ErrorHandling.h"

#include <optional>
#include <string>

namespace mlir::ll {

inline ConversionKind toConversionKind(PlanKind kind) {
  switch (kind) {
  case PlanKind::Noop:
    return ConversionKind::Noop;
  case PlanKind::Registers:
    return ConversionKind::Registers;
  case PlanKind::Shuffle:
    return ConversionKind::Shuffle;
  case PlanKind::SharedMemory:
    return ConversionKind::SharedMemory;
  }
  llvm_unreachable("unknown plan kind");
}

inline PlanKind toPlanKind(ConversionKind kind) {
  switch (kind) {
  case ConversionKind::Noop:
    return PlanKind::Noop;
  case ConversionKind::Registers:
    return PlanKind::Registers;
  case ConversionKind::Shuffle:
    return PlanKind::Shuffle;
  case ConversionKind::SharedMemory:
    return PlanKind::SharedMemory;
  }
  llvm_unreachable("unknown conversion kind");
}

/// The repeated warp bits (AddressMap.h, repeatedWarpBits) of `op`'s
/// result when `owner_loads` applies: its one use is the stored value of an
/// ll.store_tile in the same block whose other operands are defined before
/// `op`, with only side-effect-free ops between them, so the conversion can
/// issue that store itself, each warp loading and storing only its share
/// (docs/planning.md, "Loads for a broadcast store"). 0 otherwise.
inline uint64_t ownerLoadWarpBits(ConvertLayoutOp op) {
  if (!op.getResult().hasOneUse())
    return 0;
  auto store = llvm::dyn_cast<StoreTileOp>(*op.getResult().user_begin());
  if (!store || store.getValue() != op.getResult() ||
      store->getBlock() != op->getBlock())
    return 0;
  for (Value operand : store->getOperands()) {
    if (operand == op.getResult())
      continue;
    // Defined in an enclosing block, or as a block argument, it dominates
    // the store and so `op`; in this block it must come before `op`.
    Operation *def = operand.getDefiningOp();
    if (def && def->getBlock() == op->getBlock() && !def->isBeforeInBlock(op))
      return 0;
  }
  for (Operation *between = op->getNextNode(); between != store.getOperation();
       between = between->getNextNode())
    if (!isMemoryEffectFree(between))
      return 0;
  return repeatedWarpBits(
      getLinearEncoding(op.getResult().getType()).getLinearLayout());
}

/// The 32-bit registers per thread live into the ll.store_tile after `op`
/// when every warp loads the whole result first: the result's own, and the
/// other tensors live across `op`.
inline int64_t registersLiveIntoStore(ConvertLayoutOp op) {
  return tensorRegisterWords(op.getType()) +
         liveTensorRegistersAcross(op, ValueRange());
}

/// The halvings of the loads' wavefronts (OwnerLoads::halvings) from
/// which a shared-out store takes owner loads unasked: the warps that
/// repeat each other then load a quarter of what they loaded or less.
constexpr int kMinOwnerLoadHalvings = 2;

/// Whether `owner_loads` applies unasked to a conversion whose store's
/// shares are `owners` (docs/planning.md, "Loads for a broadcast store"):
/// where the store is not shared out over the repeated warps; where it is
/// and the loads' wavefronts fall at least fourfold; and where every warp
/// loading would keep `liveIntoStore` registers (registersLiveIntoStore)
/// live into the store, more than `registerBudget`. The planner and the
/// lowering of an unplanned conversion decide alike.
inline bool ownerLoadsByDefault(const OwnerLoads &owners, int64_t liveIntoStore,
                                int64_t registerBudget) {
  return owners.storeShares.empty() ||
         owners.halvings() >= kMinOwnerLoadHalvings ||
         liveIntoStore > registerBudget;
}

/// The complete `#ll.plan` of a planned gather, as -ll-plan-conversions
/// records it: a shuffle gather moves 32-bit words, `rounds` shuffles per
/// distinct index register; a shared-memory one stores the source in
/// `rounds` rounds, the top bits of its memory layout (`load_wavefronts`:
/// the loads without bank conflicts, which depend on the indices).
inline PlanAttr gatherPlanAttr(MLIRContext *ctx, const GatherPlan &plan) {
  if (plan.kind == GatherKind::Shuffle) {
    const GatherShuffle &s = *plan.shuffle;
    return PlanAttr::get(ctx, PlanKind::Shuffle, LinearAttr(), 32,
                         s.shufflesPerRegister, s.shuffles, s.selects,
                         std::nullopt, "", "", std::nullopt, std::nullopt,
                         std::nullopt);
  }
  const GatherShared &s = plan.shared;
  return PlanAttr::get(
      ctx, PlanKind::SharedMemory, LinearAttr::get(ctx, s.memoryLayout),
      s.vectorBits, int64_t(1) << s.roundBits, std::nullopt, std::nullopt,
      s.sharedBytes, "st.shared", "ld.shared", s.store.wavefronts,
      s.loadWavefrontsConflictFree, std::nullopt);
}

/// What a hand-written gather plan asks the planner for: its kind, its
/// memory layout and, through shared memory, its rounds (the top log2 of
/// them of the memory layout's offset bits). An error message where
/// `rounds` is not a power of two.
inline std::optional<std::string>
requestGatherPlan(PlanAttr given, GatherPlanOptions &options) {
  options.forceKind = given.getKind() == PlanKind::Shuffle
                          ? GatherKind::Shuffle
                          : GatherKind::SharedMemory;
  if (LinearAttr memory = given.getMemoryLayout())
    options.memoryLayout = memory.getLinearLayout();
  std::optional<int64_t> rounds = given.getRounds();
  if (given.getKind() != PlanKind::SharedMemory || !rounds)
    return std::nullopt;
  if (*rounds < 1 || (*rounds & (*rounds - 1)))
    return "rounds = " + std::to_string(*rounds) + " is not a power of two";
  options.roundBits = llvm::countr_zero(uint64_t(*rounds));
  return std::nullopt;
}

} // namespace mlir::ll

#endif // LINEARLAYOUT_DIALECT_LL_TRANSFORMS_PLANKIND_H
