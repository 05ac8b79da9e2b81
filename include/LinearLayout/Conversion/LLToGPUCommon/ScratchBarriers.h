//===- ScratchBarriers.h - Which conversions need a WAR barrier -*- C++ -*-===//
//
// A conversion through shared memory writes the scratch, waits at a barrier,
// and reads it. Before writing, the threads that read the same scratch
// earlier (the previous conversion) must be done: a write-after-read
// barrier. This analysis finds the conversions that need none, and gives
// consecutive conversions alternating halves ("slots") of the scratch so
// that, in a loop of conversions, every read is followed by some other
// conversion's store/load barrier before its slot is written again: one
// barrier per conversion instead of two (docs/lowering.md, "Barriers").
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_SCRATCHBARRIERS_H
#define LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_SCRATCHBARRIERS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::ll {

struct ScratchUse {
  /// Which half of the scratch (0 or 1) the conversion uses; with two slots
  /// and several rounds, the slot of its first round (round r uses slot
  /// (slot + r) % 2).
  int slot = 0;
  /// Whether a barrier must precede its first store.
  bool leadingBarrier = true;
  /// Whether that barrier may be one warp's: the pending reads of its slot
  /// are by the conversions of the same warp partition (below) only.
  bool leadingWarpBarrier = false;
};

/// A warp-private conversion's partition of the scratch: each warp writes
/// and reads only addresses that no other warp touches, the coset
/// span(threadSpan) + warp(w) (warpColumns: the warps' address columns;
/// threadSpan: a reduced basis of the register and lane columns of its
/// stores and loads). Two conversions with equal partitions may be
/// ordered by warp barriers alone.
struct WarpPartition {
  llvm::SmallVector<uint64_t> warpColumns, threadSpan;
  bool operator==(const WarpPartition &o) const {
    return warpColumns == o.warpColumns && threadSpan == o.threadSpan;
  }
};

/// For every op below `root` for which `scratchRounds(op)` is positive (a
/// conversion through the scratch), the slot and whether it needs the
/// leading barrier. `twoSlots(op)` says whether the scratch of the op's
/// symbol table may be doubled. `scratchRounds(op)` is the number of rounds
/// that alternate slots when there are two (one barrier each); a
/// conversion whose rounds all use one slot (every round r > 0 after its
/// own write-after-read barrier) counts as 1. Any op that is not understood
/// (calls, unknown region ops) is assumed to leave reads pending in both slots;
/// a barrier op (`isBarrier`) clears them. Kernels start with no pending reads,
/// other functions with both pending.
/// `warpPartition(op)` is the partition of a warp-private conversion (its
/// barriers are then warp barriers and leave the other slot's pending
/// reads pending), null for any other scratch user.
llvm::DenseMap<Operation *, ScratchUse> planScratchBarriers(
    Operation *root, llvm::function_ref<int(Operation *)> scratchRounds,
    llvm::function_ref<bool(Operation *)> twoSlots,
    llvm::function_ref<bool(Operation *)> isBarrier,
    llvm::function_ref<const WarpPartition *(Operation *)> warpPartition);

} // namespace mlir::ll

#endif // LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_SCRATCHBARRIERS_H
