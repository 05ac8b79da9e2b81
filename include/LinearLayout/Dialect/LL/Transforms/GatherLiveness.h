//===- GatherLiveness.h - Whether a gather's indices outlive it -*- C++ -*-===//
//
// The register estimate of a gather plan (GatherPlan.h, docs/gather.md
// "Registers") depends on whether the index registers stay live after the
// gather: if not, the gather consumes them one by one and its peak holds
// the results, not indices and results. The planning pass and the lowering
// (which plans an unplanned gather itself) ask the same question here, so
// that both choose alike.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_LL_TRANSFORMS_GATHERLIVENESS_H
#define LINEARLAYOUT_DIALECT_LL_TRANSFORMS_GATHERLIVENESS_H

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::ll {

/// Whether `value`, an operand of `op`, is live after `op`: used by an
/// operation that does not come before `op` (in `op`'s block, or anywhere
/// outside it), or defined outside a loop around `op` (so live across its
/// iterations).
inline bool isLiveAfter(Value value, Operation *op) {
  Block *block = op->getBlock();
  for (Operation *user : value.getUsers()) {
    if (user == op)
      continue;
    Operation *inBlock = block->findAncestorOpInBlock(*user);
    if (!inBlock || !inBlock->isBeforeInBlock(op))
      return true;
  }
  // The operation that defines the value, or that owns the block whose
  // argument it is: loops inside it do not repeat the definition.
  Operation *definer = value.getDefiningOp();
  if (!definer)
    definer = value.getParentBlock()->getParentOp();
  for (Operation *parent = op->getParentOp(); parent && definer;
       parent = parent->getParentOp()) {
    if (parent->isAncestor(definer))
      break;
    if (isa<LoopLikeOpInterface>(parent))
      return true;
  }
  return false;
}

} // namespace mlir::ll

#endif // LINEARLAYOUT_DIALECT_LL_TRANSFORMS_GATHERLIVENESS_H
