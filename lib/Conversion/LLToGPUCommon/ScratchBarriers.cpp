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
/// Per slot, who may have read it since the last block barrier: nobody,
/// the warp-private conversions of one partition (a positive id), or any
/// thread.
constexpr int kNone = 0, kAny = -1;

struct State {
  int pending[2] = {kNone, kNone};
  int lastSlot = 1;

  static State dirty() {
    State s;
    s.pending[0] = s.pending[1] = kAny;
    return s;
  }
  State join(const State &o) const {
    State s;
    for (int i = 0; i < 2; ++i)
      s.pending[i] = pending[i] == o.pending[i] ? pending[i]
                     : pending[i] == kNone      ? o.pending[i]
                     : o.pending[i] == kNone    ? pending[i]
                                                : kAny;
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
           llvm::function_ref<bool(Operation *)> isBarrier,
           llvm::function_ref<const WarpPartition *(Operation *)> warpPartition)
      : scratchRounds(scratchRounds), twoSlots(twoSlots), isBarrier(isBarrier),
        warpPartition(warpPartition) {}

  /// The id of a warp-private conversion's partition (equal partitions,
  /// equal ids), kAny for other scratch users.
  int partitionId(Operation *op) {
    const WarpPartition *partition = warpPartition(op);
    if (!partition)
      return kAny;
    auto it = llvm::find(partitions, *partition);
    if (it == partitions.end()) {
      partitions.push_back(*partition);
      it = partitions.end() - 1;
    }
    return int(it - partitions.begin()) + 1;
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
      int id = partitionId(op);
      // A slot with nothing pending, else one whose readers a warp barrier
      // orders, preferring the slot not used last.
      auto cost = [&](int slot) {
        return s.pending[slot] == kNone ? 0 : s.pending[slot] == id ? 1 : 2;
      };
      int slot = 0;
      if (two) {
        int other = 1 - s.lastSlot;
        slot = cost(s.lastSlot) < cost(other) ? s.lastSlot : other;
      }
      bool leading = s.pending[slot] != kNone;
      bool warpOnly = leading && id != kAny && s.pending[slot] == id;
      if (commit)
        uses[op] = ScratchUse{slot, leading, warpOnly};
      int last = two ? (slot + rounds - 1) % 2 : slot;
      if (id == kAny) {
        // With one slot, rounds r > 0 start with their own barrier. With
        // two, round r uses slot (slot + r) % 2: the slot it writes was
        // last read in round r - 2 (or, for r = 1, before the conversion),
        // and round r - 1's middle barrier lies in between. Either way the
        // middle barrier of the last round clears everything before its
        // loads, so only the last round's slot is left pending.
        State out;
        out.pending[last] = kAny;
        out.lastSlot = last;
        return out;
      }
      // Warp-private (one round, or rounds on one slot): its barriers are
      // one warp's and clear nothing else, unless the leading one had to
      // be the block's.
      State out = leading && !warpOnly ? State() : s;
      out.pending[last] = id;
      out.lastSlot = last;
      return out;
    }
    if (isBarrier(op))
      return State{{kNone, kNone}, s.lastSlot};
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
  llvm::function_ref<const WarpPartition *(Operation *)> warpPartition;
  SmallVector<WarpPartition> partitions;
};
} // namespace

llvm::DenseMap<Operation *, ScratchUse> mlir::ll::planScratchBarriers(
    Operation *root, llvm::function_ref<int(Operation *)> scratchRounds,
    llvm::function_ref<bool(Operation *)> twoSlots,
    llvm::function_ref<bool(Operation *)> isBarrier,
    llvm::function_ref<const WarpPartition *(Operation *)> warpPartition) {
  Analysis analysis(scratchRounds, twoSlots, isBarrier, warpPartition);
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
