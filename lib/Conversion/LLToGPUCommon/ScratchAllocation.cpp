//===- ScratchAllocation.cpp - Plans, scratch slots and shared globals ----===//
//
// Before any rewrite: every conversion is planned (decideConversion), the
// shared-memory ones get a scratch slot and only the barriers that
// ScratchBarriers.h cannot prove unneeded, and each symbol table gets its
// scratch global (static, or dynamic when it does not fit beside the
// buffers) and one global per ll.alloc_shared, within the target's limits.
//
//===----------------------------------------------------------------------===//

#include "ConversionLowering.h"

#include "LinearLayout/Conversion/LLToGPUCommon/ScratchBarriers.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::ll::lowering {

/// The shared-memory lowering planned for `op`, if it is one.
static SharedMemoryLowering *sharedLowering(LoweringState &state,
                                            Operation *op) {
  auto it = state.conversions.find(op);
  if (it == state.conversions.end())
    return nullptr;
  return std::get_if<SharedMemoryLowering>(&it->second);
}

namespace {
/// The shared memory each symbol table needs.
struct SharedDemand {
  /// The scratch bytes of each symbol table that has one.
  llvm::MapVector<Operation *, int64_t> scratchBytes;
  /// The conversion with the largest scratch, per symbol table.
  llvm::DenseMap<Operation *, Operation *> largestConversion;
  /// Every ll.alloc_shared, with its symbol table.
  SmallVector<std::pair<Operation *, AllocSharedOp>> allocs;
};
} // namespace

/// Decides every conversion below `root` into `state` and collects what
/// shared memory they and the buffers need.
static LogicalResult planConversions(Operation *root,
                                     const GPUTargetHooks &hooks,
                                     const LLLoweringOptions &options,
                                     LoweringState &state,
                                     SharedDemand &demand) {
  auto &[scratchBytes, largestConversion, allocs] = demand;
  // The scratch of the symbol table around `op` grows to `bytes` (0: only
  // checks that there is one).
  auto demandScratch = [&](Operation *op, int64_t bytes) -> LogicalResult {
    Operation *table = op->getParentWithTrait<OpTrait::SymbolTable>();
    if (!table)
      return op->emitError("needs an enclosing symbol table for its scratch");
    if (!bytes)
      return success();
    int64_t &tableBytes = scratchBytes[table];
    if (bytes > tableBytes)
      largestConversion[table] = op;
    tableBytes = std::max(tableBytes, bytes);
    return success();
  };
  WalkResult walk = root->walk([&](Operation *op) {
    if (auto convert = llvm::dyn_cast<ConvertLayoutOp>(op)) {
      FailureOr<ConversionLowering> lowering =
          decideConversion(convert, hooks, options);
      if (failed(lowering))
        return WalkResult::interrupt();
      auto *shared = std::get_if<SharedMemoryLowering>(&*lowering);
      if (failed(demandScratch(op, shared ? shared->scratchBytes() : 0)))
        return WalkResult::interrupt();
      state.conversions[op] = std::move(*lowering);
    } else if (auto gather = llvm::dyn_cast<GatherOp>(op)) {
      FailureOr<GatherLowering> lowering = decideGather(gather, hooks);
      if (failed(lowering))
        return WalkResult::interrupt();
      if (int64_t bytes = lowering->scratchBytes())
        if (failed(demandScratch(op, bytes)))
          return WalkResult::interrupt();
      state.gathers[op] = std::move(*lowering);
    } else if (auto alloc = llvm::dyn_cast<AllocSharedOp>(op)) {
      Operation *table = op->getParentWithTrait<OpTrait::SymbolTable>();
      if (!table) {
        op->emitError("needs an enclosing symbol table for its buffer");
        return WalkResult::interrupt();
      }
      allocs.push_back({table, alloc});
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// Places each shared-memory conversion on a scratch slot (two where they
/// fit) and drops the write-after-read barriers ScratchBarriers.h proves
/// unneeded; a table whose conversions use both slots doubles its scratch.
static void placeScratchSlots(Operation *root, const GPUTargetHooks &hooks,
                              LoweringState &state, SharedDemand &demand) {
  llvm::MapVector<Operation *, int64_t> &scratchBytes = demand.scratchBytes;
  // Scratch slots and write-after-read barriers. A slot is aligned to 256
  // bytes so that the swizzle sees the same banks in both.
  int64_t maxStatic = hooks.getMaxStaticSharedBytes();
  llvm::DenseMap<Operation *, int64_t> tableSlotBytes;
  for (auto &[table, bytes] : scratchBytes)
    tableSlotBytes[table] = int64_t(llvm::alignTo(bytes, 256));
  auto slotBytes = [&](Operation *op) {
    return tableSlotBytes.lookup(
        op->getParentWithTrait<OpTrait::SymbolTable>());
  };
  // Two slots only for scratch users inside a loop: there the alternation
  // saves a barrier per iteration; in straight-line code it saves one
  // barrier once, and the doubled scratch costs a memory-bound kernel the
  // CTAs it no longer fits per SM (docs/lowering.md, "Barriers").
  auto twoSlots = [&](Operation *op) {
    return 2 * slotBytes(op) <= maxStatic && isInsideLoop(op);
  };
  // Rounds alternate slots only in loops: once, R - 1 barriers cost less
  // than the occupancy a doubled scratch takes (docs/lowering.md).
  auto alternatesRounds = [&](Operation *op,
                              const SharedMemoryLowering &lowering) {
    return lowering.roundBits > 0 && twoSlots(op) && lowering.insideLoop;
  };
  auto uses = planScratchBarriers(
      root,
      [&](Operation *op) -> int {
        auto gather = state.gathers.find(op);
        if (gather != state.gathers.end())
          return gather->second.scratchBytes() ? 1 : 0;
        const SharedMemoryLowering *shared = sharedLowering(state, op);
        if (!shared)
          return 0;
        return alternatesRounds(op, *shared) ? 1 << shared->roundBits : 1;
      },
      twoSlots, [](Operation *op) { return llvm::isa<gpu::BarrierOp>(op); },
      [&](Operation *op) -> const WarpPartition * {
        // Rounds that alternate slots rely on each other's block barriers.
        const SharedMemoryLowering *shared = sharedLowering(state, op);
        return shared && shared->warpPartition && !alternatesRounds(op, *shared)
                   ? &*shared->warpPartition
                   : nullptr;
      });
  // A scratch user on slot 1, or alternating its rounds over both slots,
  // doubles its table's scratch.
  auto place = [&](Operation *op, const ScratchUse &use, int64_t &slotOffset,
                   bool &leadingBarrier, bool alternates) {
    leadingBarrier = use.leadingBarrier;
    slotOffset = use.slot * slotBytes(op);
    if (use.slot || alternates) {
      Operation *table = op->getParentWithTrait<OpTrait::SymbolTable>();
      scratchBytes[table] =
          std::max<int64_t>(scratchBytes[table], 2 * slotBytes(op));
    }
  };
  for (auto &[op, use] : uses) {
    auto gather = state.gathers.find(op);
    if (gather != state.gathers.end()) {
      // A gather reads the scratch in one round.
      place(op, use, gather->second.slotOffset, gather->second.leadingBarrier,
            /*alternates=*/false);
      continue;
    }
    SharedMemoryLowering *lowering = sharedLowering(state, op);
    if (!lowering)
      continue; // only shared-memory conversions use the scratch
    lowering->alternateSlotBytes =
        alternatesRounds(op, *lowering) ? slotBytes(op) : 0;
    lowering->warpBarriers =
        lowering->warpPartition && !lowering->alternateSlotBytes;
    lowering->leadingWarpBarrier = use.leadingWarpBarrier;
    place(op, use, lowering->slotOffset, lowering->leadingBarrier,
          lowering->alternateSlotBytes != 0);
  }
}

/// Checks each table's shared memory against the target's limits and
/// creates its scratch global (static when it fits beside the buffers, else
/// dynamic) and one global per ll.alloc_shared, named in `state`.
static LogicalResult createSharedGlobals(Operation *root,
                                         const GPUTargetHooks &hooks,
                                         LoweringState &state,
                                         SharedDemand &demand) {
  auto &[scratchBytes, largestConversion, allocs] = demand;
  int64_t maxStatic = hooks.getMaxStaticSharedBytes();
  int bufferCount = 0;
  MLIRContext *ctx = root->getContext();
  unsigned addressSpace = hooks.getSharedAddressSpace();
  auto createGlobal = [&](Operation *table, StringRef name, int64_t bytes,
                          bool dynamic) {
    OpBuilder builder(ctx);
    Region &body = table->getRegion(0);
    builder.setInsertionPointToStart(&body.front());
    // A dynamic buffer is an external array of unknown size (PTX:
    // `.extern .shared .b8 name[]`), sized by the launch.
    auto type = LLVM::LLVMArrayType::get(
        IntegerType::get(ctx, 8),
        dynamic ? 0 : uint64_t(std::max<int64_t>(bytes, 1)));
    return LLVM::GlobalOp::create(
        builder, table->getLoc(), type, /*isConstant=*/false,
        dynamic ? LLVM::Linkage::External : LLVM::Linkage::Internal, name,
        Attribute(), /*alignment=*/16, addressSpace);
  };
  // What a block may hold: buffers are static, the scratch is static when
  // it fits beside them, else dynamic; together within the target's limit.
  llvm::DenseMap<Operation *, int64_t> bufferBytes;
  for (auto &[table, alloc] : allocs)
    bufferBytes[table] += alloc.getBuffer().getType().getSizeInBytes();
  llvm::SetVector<Operation *> tables;
  for (auto &[table, bytes] : scratchBytes)
    tables.insert(table);
  for (auto &[table, alloc] : allocs)
    tables.insert(table);
  int64_t maxTotal = hooks.getMaxSharedBytes();
  for (Operation *table : tables) {
    int64_t scratch = scratchBytes.lookup(table);
    int64_t buffers = bufferBytes.lookup(table);
    if (scratch + buffers > maxTotal) {
      Operation *at = scratch ? largestConversion.lookup(table) : table;
      return at->emitError("needs ")
             << scratch + buffers << " bytes of shared memory per block ("
             << scratch << " of conversion scratch, " << buffers
             << " of ll.alloc_shared buffers), more than the " << maxTotal
             << " the target allows";
    }
    if (buffers > maxStatic)
      return table->emitError("needs ")
             << buffers << " bytes of static shared memory for its "
             << "ll.alloc_shared buffers, more than the " << maxStatic
             << " the target allows";
  }
  for (auto &[table, bytes] : scratchBytes) {
    if (SymbolTable::lookupSymbolIn(table, kScratchName))
      return table->emitError("the symbol ")
             << kScratchName << " is reserved for the ll scratch buffer";
    bool dynamic = bytes + bufferBytes.lookup(table) > maxStatic;
    createGlobal(table, kScratchName, bytes, dynamic);
    if (dynamic)
      table->setAttr(kDynamicSharedBytesAttr,
                     IntegerAttr::get(IntegerType::get(ctx, 64), bytes));
  }
  for (auto &[table, alloc] : allocs) {
    std::string name;
    do {
      name = "__ll_shared_" + std::to_string(bufferCount++);
    } while (SymbolTable::lookupSymbolIn(table, name));
    createGlobal(table, name, alloc.getBuffer().getType().getSizeInBytes(),
                 /*dynamic=*/false);
    state.buffers[alloc] = name;
  }
  return success();
}

LogicalResult prepareLowering(Operation *root, const GPUTargetHooks &hooks,
                              const LLLoweringOptions &options,
                              LoweringState &state) {
  SharedDemand demand;
  if (failed(planConversions(root, hooks, options, state, demand)))
    return failure();
  // The tile loads whose line groups are fenced: alone in their block (a
  // tile load nested deeper is not counted) and read by a conversion that
  // exchanges the tile between threads, which waits for its first round's
  // values before anything else (docs/lowering.md, "Barriers between line
  // groups").
  state.fenceLines = options.lineBarriers && hooks.fencesLineGroups();
  if (state.fenceLines)
    root->walk([&](Block *block) {
      auto loads = block->getOps<LoadTileOp>();
      if (loads.empty() || std::next(loads.begin()) != loads.end())
        return;
      LoadTileOp load = *loads.begin();
      bool exchanged = llvm::any_of(load->getUsers(), [&](Operation *user) {
        auto it = state.conversions.find(user);
        return it != state.conversions.end() &&
               (std::holds_alternative<SharedMemoryLowering>(it->second) ||
                std::holds_alternative<ShuffleLowering>(it->second));
      });
      if (exchanged)
        state.fencedTileLoads.insert(load);
    });
  placeScratchSlots(root, hooks, state, demand);
  return createSharedGlobals(root, hooks, state, demand);
}

} // namespace mlir::ll::lowering
