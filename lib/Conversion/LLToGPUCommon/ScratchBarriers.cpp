//===- ScratchBarriers.cpp - Which conversions need a WAR barrier ---------===//
//
// A forward dataflow over structured control flow. The state is, per slot,
// whether some thread may have read the slot since the last barrier
// ("pending"). A conversion on slot s:
//
//   [barrier if pending(s)]  store s  barrier  load s
//
// clears every pending bit at its middle barrier and leaves pending(s) set.
// A conversion in R rounds with two slots runs round r on slot (s + r) % 2
// with one barrier per round and leaves the last round's slot pending.
// It picks a slot with no pending reads when one exists (preferring the
// one it did not use last), so a chain of conversions alternates slots and
// never needs the leading barrier. Loops iterate to a fixed point: the
// entry state is the union of the state before the loop and the state at
// the end of the body, so a slot choice made for the first iteration is
// safe for every later one.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Conversion/LLToGPUCommon/ScratchBarriers.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::ll;

namespace {
struct State {
  bool pending[2] = {false, false};
  int lastSlot = 1;

  static State dirty() {
    State s;
    s.pending[0] = s.pending[1] = true;
    return s;
  }
  State join(const State &o) const {
    State s;
    s.pending[0] = pending[0] || o.pending[0];
    s.pending[1] = pending[1] || o.pending[1];
    s.lastSlot = lastSlot;
    return s;
  }
  bool operator==(const State &o) const {
    return pending[0] == o.pending[0] && pending[1] == o.pending[1];
  }
};

class Analysis {
public:
  Analysis(llvm::function_ref<int(Operation *)> scratchRounds,
           llvm::function_ref<bool(Operation *)> twoSlots,
           llvm::function_ref<bool(Operation *)> isBarrier)
      : scratchRounds(scratchRounds), twoSlots(twoSlots), isBarrier(isBarrier) {
  }

  State block(Block &b, State s, bool commit) {
    for (Operation &op : b)
      s = operation(&op, s, commit);
    return s;
  }

  State region(Region &r, State s, bool commit) {
    if (r.empty())
      return s;
    if (!r.hasOneBlock()) {
      // Unstructured control flow: every block starts dirty.
      for (Block &b : r)
        block(b, State::dirty(), commit);
      return State::dirty();
    }
    return block(r.front(), s, commit);
  }

  State operation(Operation *op, State s, bool commit) {
    if (int rounds = scratchRounds(op)) {
      bool two = twoSlots(op);
      int slot = 0;
      if (two) {
        int other = 1 - s.lastSlot;
        slot = !s.pending[other]        ? other
               : !s.pending[s.lastSlot] ? s.lastSlot
                                        : other;
      }
      // With one slot, rounds r > 0 start with their own barrier. With two,
      // round r uses slot (slot + r) % 2: the slot it writes was last read
      // in round r - 2 (or, for r = 1, before the conversion), and round
      // r - 1's middle barrier lies in between. Either way the middle
      // barrier of the last round clears everything before its loads, so
      // only the last round's slot is left pending.
      if (commit)
        uses[op] = ScratchUse{slot, s.pending[slot]};
      int last = two ? (slot + rounds - 1) % 2 : slot;
      State out;
      out.pending[last] = true;
      out.lastSlot = last;
      return out;
    }
    if (isBarrier(op))
      return State{false, false, s.lastSlot};
    if (auto forOp = llvm::dyn_cast<scf::ForOp>(op))
      return loop(forOp.getRegion(), s, commit);
    if (auto ifOp = llvm::dyn_cast<scf::IfOp>(op)) {
      State t = region(ifOp.getThenRegion(), s, commit);
      State e = ifOp.getElseRegion().empty()
                    ? s
                    : region(ifOp.getElseRegion(), s, commit);
      return t.join(e);
    }
    if (llvm::isa<CallOpInterface>(op))
      return State::dirty();
    if (op->getNumRegions() == 0)
      return s;
    // Unknown region op: its regions may run any number of times, in any
    // order.
    for (Region &r : op->getRegions())
      region(r, State::dirty(), commit);
    return State::dirty();
  }

  /// A loop body executed zero or more times.
  State loop(Region &body, State entry, bool commit) {
    State at = entry;
    for (int i = 0; i < 8; ++i) {
      State end = region(body, at, /*commit=*/false);
      State next = at.join(end);
      if (next == at)
        break;
      at = next;
    }
    if (!(at.join(region(body, at, false)) == at))
      at = State::dirty(); // no fixed point (cannot happen: 4 states)
    State end = region(body, at, commit);
    return entry.join(end);
  }

  llvm::DenseMap<Operation *, ScratchUse> uses;

private:
  llvm::function_ref<int(Operation *)> scratchRounds;
  llvm::function_ref<bool(Operation *)> twoSlots;
  llvm::function_ref<bool(Operation *)> isBarrier;
};
} // namespace

llvm::DenseMap<Operation *, ScratchUse> mlir::ll::planScratchBarriers(
    Operation *root, llvm::function_ref<int(Operation *)> scratchRounds,
    llvm::function_ref<bool(Operation *)> twoSlots,
    llvm::function_ref<bool(Operation *)> isBarrier) {
  Analysis analysis(scratchRounds, twoSlots, isBarrier);
  root->walk([&](FunctionOpInterface func) {
    if (func.isExternal())
      return;
    bool kernel = false;
    if (auto gpuFunc = llvm::dyn_cast<gpu::GPUFuncOp>(func.getOperation()))
      kernel = gpuFunc.isKernel();
    analysis.region(func.getFunctionBody(), kernel ? State() : State::dirty(),
                    /*commit=*/true);
  });
  // Conversions the walk did not reach (outside functions): the safe
  // default.
  root->walk([&](Operation *op) {
    if (scratchRounds(op) && !analysis.uses.count(op))
      analysis.uses[op] = ScratchUse{0, true};
  });
  return std::move(analysis.uses);
}
