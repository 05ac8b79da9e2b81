//===- ShuffleRegisterOrder.h - Select-free shuffle layouts -----*- C++ -*-===//
//
// A warp-shuffle plan (WarpShufflePlan.h) sends, in round k, register
// sendRegister[k][s] of each source lane s, and destination lane l files the
// value it reads as register r of B where dstRound[r][l] = k. When either
// register depends on the lane, the lowering picks it with selects: up to two
// per element moved.
//
// The registers of a thread are not observable: a layout that gives every
// lane the same elements in a different, lane-dependent register order holds
// the same tensor. The plan's *natural* layouts are the orders in which the
// selects vanish: register (k, j) of lane s holds what s sends in round k,
// slot j (source side); register (k, j) of lane l holds what l receives then
// (destination side). Both are linear for the plans of the paper's
// construction (docs/register-order.md), which this checks on every register
// and lane; a conversion between them needs the plan's shuffles and no
// select.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_SHUFFLEREGISTERORDER_H
#define LINEARLAYOUT_ANALYSIS_SHUFFLEREGISTERORDER_H

#include "LinearLayout/Analysis/WarpShufflePlan.h"
#include "LinearLayout/Core/LinearLayout.h"

#include <optional>

namespace mlir::ll {

struct NaturalShuffleLayouts {
  /// A with each lane's registers in the order the plan sends them.
  LinearLayout src;
  /// B with each lane's registers in the order the plan delivers them.
  LinearLayout dst;
};

/// The natural layouts of `plan`, a shuffle plan from `src` to `dst`. None
/// when a lane sends or receives nothing in some round (broadcast), when the
/// rounds and slots do not number the registers of `src` and `dst` one to
/// one, or when an order is not linear.
std::optional<NaturalShuffleLayouts>
getNaturalShuffleLayouts(const WarpShufflePlan &plan, const LinearLayout &src,
                         const LinearLayout &dst);

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_SHUFFLEREGISTERORDER_H
