//===- ConvertWithinBlock.cpp - Conversions through shared memory ---------===//
//
// A conversion that moves elements between the warps of a block (and any
// the other two cannot lower) goes through a scratch in shared memory: each
// thread stores its registers through the store address map (the planner's
// swizzled memory layout), a barrier, and loads the result registers through
// the load address map; by ldmatrix/stmatrix where the plan chose them. A
// scratch smaller than the tile runs in rounds (the top offset bits), each
// between barriers; ScratchAllocation.cpp places the slot and drops the
// barriers it proves unneeded.
//
//===----------------------------------------------------------------------===//

#include "ConversionLowering.h"

#include "LinearLayout/Core/DimNames.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::ll::lowering {

/// Whether `op` is inside a loop of its function.
static bool isInsideLoop(Operation *op) {
  for (Operation *parent = op->getParentOp();
       parent && !llvm::isa<FunctionOpInterface>(parent);
       parent = parent->getParentOp())
    if (llvm::isa<LoopLikeOpInterface>(parent))
      return true;
  return false;
}

FailureOr<SharedMemoryLowering>
decideWithinBlock(ConvertLayoutOp op, const ConversionPlan &plan,
                  const ThreadLayout &src, const ThreadLayout &dst, int bits,
                  int lanesPerWarp, const LLLoweringOptions &options) {
  if (!plan.swizzle)
    return op.emitError("the plan has no shared-memory layout");
  const LinearLayout &memory = plan.swizzle->memoryLayout;
  FailureOr<AddressMap> store = sharedAddressMap(op, src, memory);
  FailureOr<AddressMap> load = sharedAddressMap(op, dst, memory);
  if (failed(store) || failed(load))
    return failure();
  SharedMemoryLowering lowering;
  lowering.elementBytes = bits / 8;
  lowering.store = std::move(*store);
  lowering.load = std::move(*load);
  int offsetBits = memory.getTotalInBits();
  int roundBits = int(plan.swizzle->round.size());
  // Rounds are the top offset bits; they must be register directions only
  // (the same for every thread), else one round over the whole buffer.
  uint64_t roundMask = ~((uint64_t(1) << (offsetBits - roundBits)) - 1);
  if ((lowering.store.threadMask() & roundMask) ||
      (lowering.load.threadMask() & roundMask))
    roundBits = 0;
  // Fewer, larger rounds: merging the lowest round bits into the scratch
  // leaves the memory layout (and so every access's wavefronts) unchanged.
  // Only conversions that run repeatedly: once, a few barriers cost less
  // than the occupancy a larger scratch takes from the memory-bound code
  // around it (docs/lowering.md, "Rounds").
  lowering.insideLoop = isInsideLoop(op);
  int elementBytesLog2 = llvm::Log2_32(std::max(bits / 8, 1));
  while (roundBits > 0 && lowering.insideLoop &&
         (int64_t(1) << (offsetBits - roundBits + elementBytesLog2)) <
             options.minRoundBytes)
    --roundBits;
  lowering.roundBits = roundBits;
  lowering.scratchBits = offsetBits - roundBits;
  std::optional<int64_t> blockThreads = knownBlockThreads(op);
  lowering.oneWarpBlock = blockThreads && *blockThreads <= lanesPerWarp;
  // A matrix instruction moves all its registers in one round; a tile
  // whose registers straddle rounds (or an address map without the
  // instruction's shape) falls back to plain vectors on the same memory.
  uint64_t localMask = (uint64_t(1) << lowering.scratchBits) - 1;
  auto withinRound = [&](const std::optional<MatrixAccess> &access,
                         const AddressMap &map) {
    if (!access)
      return false;
    for (int b : {access->pair, access->matrix[0], access->matrix[1]})
      if (b >= 0 && (map.reg[b] & ~localMask))
        return false;
    return true;
  };
  lowering.storeMatrix =
      matrixAccess(lowering.store, plan.swizzle->storeTile, bits);
  // stmatrix is warp-wide: no lane may be predicated off.
  bool freeSourceLanes = false;
  for (const auto &[dim, mask] : src.layout.getFreeVariableMasks())
    freeSourceLanes |= dim == dims::kLane && mask != 0;
  if (!withinRound(lowering.storeMatrix, lowering.store) || freeSourceLanes)
    lowering.storeMatrix.reset();
  lowering.loadMatrix =
      matrixAccess(lowering.load, plan.swizzle->loadTile, bits);
  if (!withinRound(lowering.loadMatrix, lowering.load))
    lowering.loadMatrix.reset();
  return lowering;
}

SmallVector<Value> lowerWithinBlock(Emitter &em, const GPUTargetHooks &hooks,
                                    const SharedMemoryLowering &lowering,
                                    const ThreadLayout &src,
                                    const ThreadLayout &dst, ArrayRef<Value> in,
                                    Type elementType) {
  int bits = lowering.elementBytes * 8;
  auto ptrType = LLVM::LLVMPointerType::get(em.b.getContext(),
                                            hooks.getSharedAddressSpace());
  Value scratch =
      LLVM::AddressOfOp::create(em.b, em.loc, ptrType, kScratchName);
  auto at = [&](int64_t offset) {
    return offset ? em.gep(scratch, em.b.getI8Type(), em.index(offset))
                  : scratch;
  };
  // The first round's slot, and with alternating rounds the other one.
  bool alternate = lowering.alternateSlotBytes != 0;
  Value slotBase[2] = {at(lowering.slotOffset), Value()};
  if (alternate)
    slotBase[1] = at(lowering.alternateSlotBytes - lowering.slotOffset);
  auto barrier = [&] {
    if (lowering.oneWarpBlock)
      hooks.createWarpBarrier(em.b, em.loc);
    else
      hooks.createBarrier(em.b, em.loc);
  };
  auto [lane, warp] = em.laneAndWarp(hooks);
  uint64_t localMask = (uint64_t(1) << lowering.scratchBits) - 1;
  int64_t rounds = int64_t(1) << lowering.roundBits;
  SmallVector<Value> out(dst.numRegisters());
  for (int64_t round = 0; round < rounds; ++round) {
    auto inRound = [&](const AddressMap &map) {
      return [&map, &lowering, round](int64_t k) {
        return int64_t(map.registerValue(uint64_t(k)) >>
                       lowering.scratchBits) == round;
      };
    };
    // Earlier readers of the scratch (this conversion's previous round, or
    // another conversion) must be done before it is overwritten; the
    // first round needs no barrier where ScratchBarriers proved none
    // pending, and alternating rounds none after the first (the slot
    // round r writes was read before round r - 1's middle barrier).
    Value base = slotBase[alternate ? round % 2 : 0];
    if (round == 0 ? lowering.leadingBarrier : !alternate)
      barrier();
    if (lowering.storeMatrix)
      storeMatrix(em, hooks, *lowering.storeMatrix, base, elementType, src, in,
                  lane, warp, localMask, inRound(lowering.store));
    else
      storeRegisters(em, base, elementType, bits, src, in, lowering.store,
                     nullptr, Value(), lane, warp, maxVectorElements(bits),
                     inRound(lowering.store), localMask);
    barrier();
    // Load this round's registers; others keep their values.
    if (lowering.loadMatrix)
      loadMatrix(em, hooks, *lowering.loadMatrix, base, elementType, out, lane,
                 warp, localMask, inRound(lowering.load));
    else
      loadRegisters(em, base, elementType, bits, dst, out, lowering.load,
                    nullptr, Value(), lane, warp, maxVectorElements(bits),
                    inRound(lowering.load), localMask);
  }
  return out;
}

} // namespace mlir::ll::lowering
