//===- LineGroupLoads.cpp - Scratch loads into a store's line groups -----===//
//
// The warp barriers between a global store's line groups order the
// threads' shared-memory accesses (PTX ISA, bar.warp.sync), so the
// assembler keeps every load from the scratch above the first barrier where
// the lowering put it, and every loaded value lives until its group is
// stored. Moving the loads into the groups that use them lets the values
// of later groups arrive while earlier ones leave.
//
//===----------------------------------------------------------------------===//

#include "LineGroupLoads.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

/// Whether `op` only reads memory, and only through pointers into address
/// space `shared` (a load from the scratch, ldmatrix): nothing but a write
/// to shared memory or a barrier of the block orders it.
static bool readsSharedOnly(Operation *op, unsigned shared) {
  if (auto load = dyn_cast<LLVM::LoadOp>(op); load && load.getVolatile_())
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  // (An op without effects, such as an address computation, is no load.)
  if (!effects || !effects.hasEffect<MemoryEffects::Read>() ||
      !effects.onlyHasEffect<MemoryEffects::Read>() || op->getNumRegions())
    return false;
  bool pointer = false;
  for (Value operand : op->getOperands())
    if (auto type = dyn_cast<LLVM::LLVMPointerType>(operand.getType())) {
      if (type.getAddressSpace() != shared)
        return false;
      pointer = true;
    }
  return pointer;
}

static bool isRegisterOp(Operation *op) {
  return isPure(op) && !op->getNumRegions() &&
         !op->hasTrait<OpTrait::IsTerminator>();
}

/// Whether a load from shared memory may move from before `op` to after it:
/// `op` computes in registers, reads shared memory, stores to a global
/// address (another address space), is a marked line-group barrier, or is
/// a branch holding only such ops.
static bool letsSharedLoadsPass(Operation *op, unsigned shared) {
  if (op->hasAttr(ll::kLineGroupBarrierAttr) || isa<scf::YieldOp>(op) ||
      isRegisterOp(op) || readsSharedOnly(op, shared))
    return true;
  if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
    unsigned space = store.getAddr().getType().getAddressSpace();
    // Address space 0 is generic: it may point into shared memory.
    return !store.getVolatile_() && space != shared && space != 0;
  }
  if (isa<scf::IfOp>(op))
    return llvm::all_of(op->getRegions(), [&](Region &region) {
      return llvm::all_of(region.getOps(), [&](Operation &nested) {
        return letsSharedLoadsPass(&nested, shared);
      });
    });
  return false;
}

/// Sinks the loads within the window of ops around `marked` (an op of
/// `block` that is or holds a marked barrier) that loads may pass. Returns
/// the first op after the window (null: the block's end).
static Operation *sinkAround(Block *block, Operation *marked, unsigned shared) {
  Operation *first = marked;
  while (Operation *previous = first->getPrevNode()) {
    if (!letsSharedLoadsPass(previous, shared))
      break;
    first = previous;
  }
  Operation *end = marked;
  while (end && !end->hasTrait<OpTrait::IsTerminator>() &&
         letsSharedLoadsPass(end, shared))
    end = end->getNextNode();
  // What moves: the loads and the register ops that depend on them. The
  // others (addresses, the phases' compares) stay where the lowering put
  // them.
  llvm::DenseSet<Operation *> fromLoads;
  for (Operation *op = first; op != end; op = op->getNextNode())
    if (readsSharedOnly(op, shared) ||
        (isRegisterOp(op) && llvm::any_of(op->getOperands(), [&](Value v) {
           return fromLoads.contains(v.getDefiningOp());
         })))
      fromLoads.insert(op);
  // From the window's last op up, each to just before its first user
  // (users below it have moved already), or to the window's end where it
  // has none in the window (a block without a terminator: the window may
  // run to its end, and those ops stay).
  Operation *stop = first->getPrevNode();
  Operation *op = end ? end->getPrevNode() : &block->back();
  while (op != stop) {
    Operation *previous = op->getPrevNode();
    if (fromLoads.contains(op)) {
      Operation *firstUse = end;
      for (Operation *user : op->getUsers()) {
        Operation *inBlock = block->findAncestorOpInBlock(*user);
        if (inBlock && (!firstUse || inBlock->isBeforeInBlock(firstUse)))
          firstUse = inBlock;
      }
      if (firstUse && firstUse != op->getNextNode() &&
          op->isBeforeInBlock(firstUse))
        op->moveBefore(firstUse);
    }
    op = previous;
  }
  return end;
}

void mlir::ll::sinkLoadsIntoLineGroups(Operation *root,
                                       unsigned sharedAddressSpace) {
  SmallVector<Operation *> marks;
  root->walk([&](Operation *op) {
    if (op->hasAttr(kLineGroupBarrierAttr))
      marks.push_back(op);
  });
  // The ops that are or hold a marked barrier, and their blocks.
  llvm::DenseSet<Operation *> holdingMarks;
  llvm::SetVector<Block *> blocks;
  for (Operation *mark : marks)
    for (Operation *op = mark; op && op != root; op = op->getParentOp()) {
      holdingMarks.insert(op);
      blocks.insert(op->getBlock());
    }
  for (Block *block : blocks)
    for (Operation *op = block->empty() ? nullptr : &block->front(); op;) {
      if (!holdingMarks.contains(op)) {
        op = op->getNextNode();
        continue;
      }
      Operation *end = sinkAround(block, op, sharedAddressSpace);
      // A branch that holds a mark and ops that order loads ends its own
      // window.
      op = end == op ? op->getNextNode() : end;
    }
  for (Operation *mark : marks)
    mark->removeAttr(kLineGroupBarrierAttr);
}
