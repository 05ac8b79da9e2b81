//===- GatherLiveness.h - What stays live across a gather -------*- C++ -*-===//
//
// The register estimate of a gather plan (GatherPlan.h, docs/gather.md
// "Registers") depends on what stays live across the gather: the indices,
// if something after it uses them (otherwise the gather consumes them one
// by one), and the other distributed tensors the kernel holds through it
// (a loop's accumulator, a loop-invariant operand). The planning pass and
// the lowering (which plans an unplanned gather itself) ask the same
// questions here, so that both choose alike. The planner asks them of a
// conversion too: what stays live into the broadcast store after it
// (docs/planning.md, "Loads for a broadcast store").
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_LL_TRANSFORMS_GATHERLIVENESS_H
#define LINEARLAYOUT_DIALECT_LL_TRANSFORMS_GATHERLIVENESS_H

#include "LinearLayout/Analysis/GPUTarget.h"
#include "LinearLayout/Analysis/GatherPlan.h"
#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Dialect/LL/IR/LLDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include "llvm/ADT/SetVector.h"

namespace mlir::ll {

/// Whether `user` runs after `op` in program order: after the ancestor of
/// `op` in `user`'s block, or nested in an operation after `op` in `op`'s
/// block. A user in neither position (another branch, say) is taken to run
/// after it, which can only overstate liveness.
inline bool runsAfter(Operation *user, Operation *op) {
  if (Operation *opAncestor = user->getBlock()->findAncestorOpInBlock(*op))
    return opAncestor != user && opAncestor->isBeforeInBlock(user);
  if (Operation *userAncestor = op->getBlock()->findAncestorOpInBlock(*user))
    return op->isBeforeInBlock(userAncestor);
  return true;
}

/// Whether `op` runs in a loop of its function (a loop-like op around it):
/// what it does, it does every iteration.
inline bool isInsideLoop(Operation *op) {
  for (Operation *parent = op->getParentOp();
       parent && !isa<FunctionOpInterface>(parent);
       parent = parent->getParentOp())
    if (isa<LoopLikeOpInterface>(parent))
      return true;
  return false;
}

/// Whether `value`, defined before `op`, is live after `op`: used by an
/// operation that runs after it, or defined outside a loop around `op` and
/// used inside it (so live across its iterations).
inline bool isLiveAfter(Value value, Operation *op) {
  for (Operation *user : value.getUsers())
    if (user != op && runsAfter(user, op))
      return true;
  // The operation that defines the value, or that owns the block whose
  // argument it is: loops inside it do not repeat the definition.
  Operation *definer = value.getDefiningOp();
  if (!definer)
    definer = value.getParentBlock()->getParentOp();
  for (Operation *parent = op->getParentOp(); parent && definer;
       parent = parent->getParentOp()) {
    if (parent->isAncestor(definer))
      break;
    if (isa<LoopLikeOpInterface>(parent) &&
        llvm::any_of(value.getUsers(), [&](Operation *user) {
          return parent->isProperAncestor(user);
        }))
      return true;
  }
  return false;
}

/// Whether every user of `value` takes it element by element (an
/// elementwise op: an accumulator's add, a cast), so that a producer that
/// makes it register by register can hand each register on as it is made.
inline bool isConsumedElementwise(Value value) {
  return !value.use_empty() &&
         llvm::all_of(value.getUsers(), [](Operation *user) {
           return user->hasTrait<OpTrait::Elementwise>();
         });
}

/// 32-bit registers per thread that a value of `type` takes: its
/// layout's registers, packed; 0 for a type without a `#ll.linear`
/// encoding. Saturated far above any register file: the estimates only
/// need to exceed a budget.
inline int64_t tensorRegisterWords(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  LinearAttr encoding = tensor ? getLinearEncoding(tensor) : LinearAttr();
  if (!encoding || !tensor.getElementType().isIntOrFloat())
    return 0;
  return elementWords(
      encoding.getLinearLayout().getInDimSizeLog2(dims::kRegister),
      int(tensor.getElementType().getIntOrFloatBitWidth()));
}

/// 32-bit registers per thread of the distributed tensors (other than
/// `exclude`) that are live across `op`: defined before it, in its block or
/// an enclosing one of its function, and live after it. Constants are left
/// out: the code generator rematerializes them (a splat becomes an
/// immediate operand).
inline int64_t liveTensorRegistersAcross(Operation *op, ValueRange exclude) {
  llvm::SetVector<Value> candidates;
  for (Operation *position = op; position;) {
    Block *block = position->getBlock();
    if (!block)
      break;
    for (BlockArgument arg : block->getArguments())
      candidates.insert(arg);
    for (Operation &earlier : *block) {
      if (&earlier == position)
        break;
      for (Value result : earlier.getResults())
        candidates.insert(result);
    }
    position = block->getParentOp();
    if (!position || isa<FunctionOpInterface>(position))
      break;
  }
  int64_t words = 0;
  for (Value value : candidates) {
    if (llvm::is_contained(exclude, value) ||
        matchPattern(value, m_Constant()) || !isLiveAfter(value, op))
      continue;
    words += tensorRegisterWords(value.getType());
  }
  return words;
}

/// The options a gather's register estimate reads from the IR around `op`
/// (GatherPlanOptions: indicesLiveAfter, indicesLiveOnlyAcrossLoop,
/// sourceLiveAfter, otherLiveRegisters, resultsConsumedOneByOne), the same for
/// the planning pass and the lowering.
inline GatherPlanOptions gatherLivenessOptions(GatherOp op) {
  GatherPlanOptions options;
  options.indicesLiveAfter = isLiveAfter(op.getIndices(), op);
  options.indicesLiveOnlyAcrossLoop =
      options.indicesLiveAfter &&
      llvm::all_of(op.getIndices().getUsers(),
                   [&](Operation *user) { return user == op; });
  options.sourceLiveAfter = isLiveAfter(op.getSource(), op);
  options.otherLiveRegisters =
      liveTensorRegistersAcross(op, {op.getSource(), op.getIndices()});
  options.resultsConsumedOneByOne = isConsumedElementwise(op.getResult());
  return options;
}

} // namespace mlir::ll

#endif // LINEARLAYOUT_DIALECT_LL_TRANSFORMS_GATHERLIVENESS_H
