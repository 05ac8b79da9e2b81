//===- ConvertWithinBlock.cpp - Conversions through shared memory ---------===//
//
// A conversion that moves elements between the warps of a block (and any
// the other two cannot lower) goes through a scratch in shared memory: each
// thread stores its registers through the store address map (the planner's
// swizzled memory layout), a barrier, and loads the result registers through
// the load address map; by ldmatrix/stmatrix where the plan chose them. A
// scratch smaller than the tile runs in rounds (the top offset bits), each
// between barriers; ScratchAllocation.cpp places the slot and drops the
// barriers it proves unneeded. A plan on the op fixes the memory layout,
// the vector width, the instructions and the rounds; what it asks that
// cannot be done is a located error (docs/lowering.md, "Plans").
//
//===----------------------------------------------------------------------===//

#include "ConversionLowering.h"

#include "LinearLayout/Core/F2Subspace.h"

#include "LinearLayout/Core/DimNames.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SaveAndRestore.h"

#include <functional>

namespace mlir::ll::lowering {

bool isOneWarpBlock(Operation *op, const GPUTargetHooks &hooks) {
  std::optional<int64_t> blockThreads = knownBlockThreads(op);
  return blockThreads && *blockThreads <= hooks.getLanesPerWarp();
}

void createScratchBarrier(Emitter &em, const GPUTargetHooks &hooks,
                          bool warpOnly) {
  if (warpOnly)
    hooks.createWarpBarrier(em.b, em.loc);
  else
    hooks.createBarrier(em.b, em.loc);
}

std::optional<WarpPartition> warpPartitionOf(const AddressMap &store,
                                             const AddressMap &load,
                                             int scratchBits) {
  uint64_t mask = (uint64_t(1) << scratchBits) - 1;
  if (store.warp.empty() || store.warp.size() != load.warp.size())
    return std::nullopt;
  WarpPartition partition;
  F2Subspace warps;
  for (auto [s, l] : llvm::zip(store.warp, load.warp)) {
    if ((s & mask) != (l & mask) || !warps.add(s & mask))
      return std::nullopt;
    partition.warpColumns.push_back(s & mask);
  }
  F2Subspace threads;
  for (const AddressMap *map : {&store, &load})
    for (llvm::ArrayRef<uint64_t> columns :
         {llvm::ArrayRef(map->reg), llvm::ArrayRef(map->lane)})
      for (uint64_t c : columns)
        threads.add(c & mask);
  F2Vectors span = threads.reducedBasis();
  if (!intersectSpans(span, partition.warpColumns).empty())
    return std::nullopt;
  partition.threadSpan.assign(span.begin(), span.end());
  return partition;
}

/// The instruction a plan names for one side of a shared-memory round trip:
/// empty (not fixed), a plain vector access or a matrix instruction.
static FailureOr<std::optional<SharedInstruction>>
parseInstruction(Operation *op, StringRef name, bool store) {
  if (name.empty())
    return std::optional<SharedInstruction>();
  for (SharedInstruction kind :
       {SharedInstruction::Vector, SharedInstruction::Matrix,
        SharedInstruction::MatrixTrans})
    if (name == sharedInstructionName(kind, store))
      return std::optional<SharedInstruction>(kind);
  return planError(op)
         << "unknown " << (store ? "store" : "load") << "_instruction '" << name
         << "' (expected "
         << sharedInstructionName(SharedInstruction::Vector, store) << ", "
         << sharedInstructionName(SharedInstruction::Matrix, store) << " or "
         << sharedInstructionName(SharedInstruction::MatrixTrans, store) << ")";
}

FailureOr<SharedMemoryLowering>
decideWithinBlock(ConvertLayoutOp op, const GPUTargetHooks &hooks,
                  const SwizzlePlan &swizzle, PlanAttr given,
                  const ThreadLayout &src, const ThreadLayout &dst, int bits,
                  const LLLoweringOptions &loweringOptions) {
  SharedMemoryLowering lowering;
  lowering.elementBytes = bits / 8;
  const GPUTarget &target = hooks.getTarget();
  LinearLayout memory = swizzle.memoryLayout;
  bool ownLayout = true;
  if (given && given.getMemoryLayout() &&
      given.getMemoryLayout().getLinearLayout() != swizzle.memoryLayout) {
    memory = given.getMemoryLayout().getLinearLayout();
    ownLayout = false;
    // A bijection from the offsets onto the tile, holding every element
    // both sides touch (the wavefront model checks that).
    if (!memory.isInvertible() ||
        memory.getOutDims() != src.layout.getOutDims())
      return planError(op) << "its memory_layout is not a bijection onto the "
                              "tile ("
                           << memory.basesToString() << " for the "
                           << src.layout.outDimsToString() << " tile)";
    for (auto [layout, kind] : {std::pair(&src.layout, AccessKind::Store),
                                std::pair(&dst.layout, AccessKind::Load)})
      if (auto count =
              countWavefronts(memory, *layout, bits, bits, kind, target);
          !count)
        return planError(op) << "its memory_layout cannot be used: "
                             << llvm::toString(count.takeError());
  }
  FailureOr<AddressMap> store = sharedAddressMap(op, src, memory);
  FailureOr<AddressMap> load = sharedAddressMap(op, dst, memory);
  if (failed(store) || failed(load))
    return failure();
  lowering.store = std::move(*store);
  lowering.load = std::move(*load);
  int offsetBits = memory.getTotalInBits();

  // Vector width. The planner's own plan (its layout and width) leaves each
  // side the widest aligned vector its registers have in the layout (up to
  // 128 bits; the planner's vector_bits is what its wavefront model counts,
  // and the lowering may pack more, e.g. the sub-word elements of a thread).
  // A width of the user's caps both sides; a side with plain accesses must
  // reach it.
  std::optional<int64_t> vectorBits;
  if (given && given.getVectorBits() &&
      !(ownLayout && *given.getVectorBits() == swizzle.vectorBits))
    vectorBits = *given.getVectorBits();
  else if (!ownLayout)
    vectorBits = bits; // a hand-written layout without a width
  if (vectorBits) {
    if (*vectorBits < bits || *vectorBits > 128)
      return planError(op) << "vector_bits = " << *vectorBits
                           << " is not between the element width (" << bits
                           << ") and 128";
    lowering.maxVectorElements = *vectorBits / bits;
  }
  // Rounds: the top offset bits, register directions of both sides.
  int roundBits = ownLayout ? int(swizzle.round.size()) : 0;
  bool givenRounds = given && given.getRounds();
  if (givenRounds) {
    int64_t rounds = *given.getRounds();
    if (!llvm::isPowerOf2_64(uint64_t(rounds)) ||
        rounds > (int64_t(1) << offsetBits))
      return planError(op) << "rounds = " << rounds
                           << " is not a power of two up to the "
                           << (int64_t(1) << offsetBits)
                           << " elements of the memory layout";
    roundBits = llvm::Log2_64(uint64_t(rounds));
  }
  uint64_t roundMask = ~((uint64_t(1) << (offsetBits - roundBits)) - 1);
  // Round bits set by lanes or warps: the threads holding a round take part
  // in it (docs/planning.md, "Rounds over warps"), where the planner chose
  // them (nothing else fits) or the plan's memory layout or round count is
  // the user's. Each round bit is set, on each side, by registers alone or
  // by threads alone.
  bool usersRounds =
      !ownLayout || (givenRounds && *given.getRounds() != swizzle.rounds());
  bool threadRounds = usersRounds || !swizzle.threadRound.empty();
  auto separate = [&](const AddressMap &map) {
    return !(map.threadMask() & map.registerMask() & roundMask);
  };
  bool roundsByRegisters = !(lowering.store.threadMask() & roundMask) &&
                           !(lowering.load.threadMask() & roundMask);
  if (!roundsByRegisters &&
      !(threadRounds && separate(lowering.store) && separate(lowering.load))) {
    if (givenRounds && usersRounds)
      return planError(op) << "rounds = " << (int64_t(1) << roundBits)
                           << " needs each of the top " << roundBits
                           << " offset bit(s) of the memory layout to be set, "
                              "on each side, by registers alone or by lanes "
                              "and warps alone";
    // The planner's own rounds: one round over the whole tile instead.
    if (given)
      remarkDeparture(op, ConversionKind::SharedMemory,
                      "the round bits of the plan are thread directions: one "
                      "round over the whole tile");
    roundBits = 0;
  }
  // Fewer, larger rounds: merging the lowest round bits into the scratch
  // leaves the memory layout (and so every access's wavefronts) unchanged.
  // Conversions that run repeatedly merge up to min-round-bytes; once, a
  // few barriers cost less than the occupancy a larger scratch takes from
  // the memory-bound code around it, except where a round moves only a
  // few bytes a thread (docs/lowering.md, "Rounds").
  lowering.insideLoop = isInsideLoop(op);
  int elementBytesLog2 = llvm::Log2_32(std::max(bits / 8, 1));
  int plannedRoundBits = roundBits;
  // The target's floor (GPUTargetHooks::getMinRoundBytes) holds whether
  // or not the conversion is in a loop.
  int64_t minRoundBytes = hooks.getMinRoundBytes();
  std::string floorName = "the target's smallest round";
  if (lowering.insideLoop && loweringOptions.minRoundBytes > minRoundBytes) {
    minRoundBytes = loweringOptions.minRoundBytes;
    floorName = "min-round-bytes";
  }
  int threadBits = int(lowering.store.lane.size() + lowering.store.warp.size());
  if (int64_t perThread = hooks.getMinRoundBytesPerThreadOnce();
      !lowering.insideLoop && loweringOptions.minRoundBytes > 0 &&
      perThread > 0 && threadBits < 40 &&
      (perThread << threadBits) > minRoundBytes) {
    minRoundBytes = perThread << threadBits;
    floorName = llvm::formatv("{0} bytes a thread of the block, where the "
                              "conversion runs once",
                              perThread)
                    .str();
  }
  while (roundBits > 0 && (int64_t(1) << (offsetBits - roundBits +
                                          elementBytesLog2)) < minRoundBytes)
    --roundBits;
  if (roundBits != plannedRoundBits && given)
    remarkDeparture(
        op, ConversionKind::SharedMemory,
        llvm::formatv("{0}{1} round(s) of at least {2} bytes instead of the "
                      "plan's {3} ({4})",
                      lowering.insideLoop ? "inside a loop, " : "",
                      int64_t(1) << roundBits, minRoundBytes,
                      int64_t(1) << plannedRoundBits, floorName)
            .str());
  lowering.roundBits = roundBits;
  lowering.scratchBits = offsetBits - roundBits;
  // A thread's round bits leave its addresses: what remains is its offset
  // within the round's scratch.
  uint64_t scratchMask = (uint64_t(1) << lowering.scratchBits) - 1;
  for (auto [map, rounds] :
       {std::pair(&lowering.store, &lowering.storeThreadRounds),
        std::pair(&lowering.load, &lowering.loadThreadRounds)})
    for (auto [columns, roundColumns] : {std::pair(&map->lane, &rounds->lane),
                                         std::pair(&map->warp, &rounds->warp)})
      for (uint64_t &c : *columns) {
        roundColumns->push_back(c >> lowering.scratchBits);
        c &= scratchMask;
      }
  if (given && lowering.scratchBytes() > target.maxSharedBytes)
    return planError(op) << "its " << lowering.scratchBytes()
                         << "-byte scratch is more than the "
                         << target.maxSharedBytes
                         << " bytes of shared memory a block has on "
                         << target.name;
  lowering.oneWarpBlock = isOneWarpBlock(op, hooks);
  // Warp barriers for a warp-private conversion in a loop, and once where
  // it runs in rounds of 16-bit or wider elements. Otherwise, once, the
  // block's barrier keeps the block's warps together for the memory-bound
  // code around it: an 8-bit lane exchange on 4 warps ran 1.019x Triton's
  // time with warp barriers and 0.994x without, while the block's barriers
  // between rounds held fp32 exchanges on 2 warps at 1.021-1.028
  // (docs/lowering.md, "Warp-private conversions").
  bool roundsOnce =
      hooks.warpBarriersForRoundsOnce() && lowering.roundBits > 0 && bits >= 16;
  if (!lowering.oneWarpBlock && (lowering.insideLoop || roundsOnce) &&
      hooks.hasWarpBarrier() && lowering.storeThreadRounds.none() &&
      lowering.loadThreadRounds.none())
    lowering.warpPartition =
        warpPartitionOf(lowering.store, lowering.load, lowering.scratchBits);

  // Instructions: the plan's, else the planner's for its own layout, else
  // plain vectors. A matrix instruction moves all its registers in one
  // round; a tile whose registers straddle rounds (or an address map
  // without the instruction's shape) cannot use it.
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
  // stmatrix is warp-wide: no lane may be predicated off.
  bool freeSourceLanes = src.freeThreadBits().lanes != 0;
  for (bool isStore : {true, false}) {
    const ThreadLayout &side = isStore ? src : dst;
    const AddressMap &map = isStore ? lowering.store : lowering.load;
    std::optional<MatrixAccess> &access =
        isStore ? lowering.storeMatrix : lowering.loadMatrix;
    const MatrixTile &planned = isStore ? swizzle.storeTile : swizzle.loadTile;
    FailureOr<std::optional<SharedInstruction>> asked =
        parseInstruction(op,
                         given ? (isStore ? given.getStoreInstruction()
                                          : given.getLoadInstruction())
                               : StringRef(),
                         isStore);
    if (failed(asked))
      return failure();
    SharedInstruction kind =
        asked->value_or(ownLayout ? planned.kind : SharedInstruction::Vector);
    if (kind == SharedInstruction::Vector)
      continue;
    std::string name = sharedInstructionName(kind, isStore);
    MatrixTile tile = planned;
    if (tile.kind != kind) {
      // Not the planner's choice: the instruction's tile of this layout.
      if (!(isStore ? target.hasStmatrix : target.hasLdmatrix))
        return planError(op) << name << " does not exist on " << target.name;
      auto columns =
          getDistributedColumns(side.layout, outDimsOf(side.layout), "layout");
      if (!columns)
        return planError(op) << llvm::toString(columns.takeError());
      auto view =
          matrixView(*columns, bits, kind == SharedInstruction::MatrixTrans,
                     isStore, nullptr);
      if (!view && bits == 8 && kind == SharedInstruction::MatrixTrans)
        return planError(op)
               << name << " has no 8-bit form (b8 transposes need sm_100)";
      if (!view)
        return planError(op)
               << name << " cannot " << (isStore ? "store" : "load")
               << " this layout (" << bits
               << "-bit elements, 5 lanes and 3 register bits in the "
                  "instruction's shape needed)";
      tile = view->second;
    }
    access = matrixAccess(map, tile, bits);
    // A matrix instruction is warp-wide: its lanes cannot take turns.
    const ThreadRounds &turns =
        isStore ? lowering.storeThreadRounds : lowering.loadThreadRounds;
    bool usable = withinRound(access, map) && !(isStore && freeSourceLanes) &&
                  !turns.byLanes();
    if (!usable) {
      access.reset();
      if (asked->has_value() && (!ownLayout || **asked != planned.kind))
        return planError(op)
               << name << " cannot " << (isStore ? "store" : "load")
               << " through its memory layout (each lane's 16-byte row must "
                  "be contiguous and aligned, the instruction's registers in "
                  "one round, no lanes taking turns over the rounds"
               << (isStore ? ", and no lane predicated off" : "") << ")";
      if (given)
        remarkDeparture(op, ConversionKind::SharedMemory,
                        "the " + name +
                            " of the plan does not fit its rounds: plain "
                            "vector accesses instead");
    }
  }
  // The planner's own width is what its wavefront model counts; the
  // lowering gives each plain side the widest vector its registers have.
  if (given && !vectorBits)
    for (auto [map, matrix, count, what] :
         {std::tuple(&lowering.store, &lowering.storeMatrix, &swizzle.store,
                     "stores"),
          std::tuple(&lowering.load, &lowering.loadMatrix, &swizzle.load,
                     "loads")}) {
      int64_t width = findVector(*map, nullptr, 128 / bits).elements() * bits;
      if (!*matrix && width != count->vectorBits)
        remarkDeparture(op, ConversionKind::SharedMemory,
                        llvm::formatv("{0}-bit {1} where the plan's wavefront "
                                      "model counts {2}-bit ones: the memory "
                                      "layout gives a thread's registers "
                                      "that vector",
                                      width, what, count->vectorBits)
                            .str());
    }
  // A width of the user's: every side with plain accesses reaches it.
  if (vectorBits)
    for (auto [map, matrix, what] :
         {std::tuple(&lowering.store, &lowering.storeMatrix, "stores"),
          std::tuple(&lowering.load, &lowering.loadMatrix, "loads")}) {
      int64_t width =
          findVector(*map, nullptr, lowering.maxVectorElements).elements() *
          bits;
      if (!*matrix && width < *vectorBits)
        return planError(op)
               << "vector_bits = " << *vectorBits
               << " is wider than the layouts allow in its memory layout: "
                  "the "
               << what << " have at most " << width
               << "-bit vectors of contiguous registers";
    }
  return lowering;
}

/// i1: it is the calling thread's turn in `round` (`turn`: the round bits
/// its lanes and warps set).
static Value isTurn(Emitter &em, Value turn, const ThreadRounds &turns,
                    int64_t round) {
  return LLVM::ICmpOp::create(
      em.b, em.loc, LLVM::ICmpPredicate::eq, turn,
      em.index(int64_t(uint64_t(round) & turns.threadMask())));
}

/// Where threads set round bits, moves the insertion point into a branch
/// that only the threads whose turn `round` is take.
static void takeTurn(Emitter &em, Value turn, const ThreadRounds &turns,
                     int64_t round) {
  if (!turn)
    return;
  auto ifOp = scf::IfOp::create(em.b, em.loc, isTurn(em, turn, turns, round),
                                /*withElse=*/false);
  em.roundBranches.insert(ifOp);
  em.b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
}

/// The most warp bits of a block whose vector stores of a loaded tile take
/// their words from the owners' branch whatever the tile's loads; above it
/// only a tile loaded in sub-word accesses does, whose every element holds
/// a register of its own until packed. On 8 warps the tiles loaded in words
/// lost (docs/lowering.md, "Packed once, in the owner's branch").
static constexpr int kOwnerWordsMaxWarpBits = 2;

/// Whether a loaded tile's vector stores in rounds by the owner warps take
/// their words from the owners' branch (ownerPackedRegisters).
static bool packsInOwnerBranch(const ThreadLayout &src, SourceOrigin origin) {
  return src.warpBits <= kOwnerWordsMaxWarpBits || origin.loadVectorBits < 32;
}

/// The source registers of a vector store of sub-word elements in rounds
/// (`keeps`, one per round) by the owner warps, re-expressed as the
/// elements of words packed once in the owners' branch
/// (packWordsInOwnerBranch); storeRegisters packs them back into the same
/// words, which LLVM folds; `words` is set to their number. Empty where a
/// round's store is shared out over the repeated warps (each share stores
/// its own registers) or its vector holds less than a word.
static SmallVector<Value>
ownerPackedRegisters(Emitter &em, const AddressMap &store, int bits,
                     int64_t maxVector, const ThreadLayout &src,
                     ArrayRef<Value> in, Type elementType, Value warp,
                     ArrayRef<std::function<bool(int64_t)>> keeps,
                     uint64_t offsetMask, StoreOrder order, int64_t &words) {
  words = 0;
  int64_t perWord = 32 / bits;
  uint64_t freeWarps = src.freeThreadBits().warps;
  std::optional<VectorShape> vec;
  for (const auto &keep : keeps) {
    StoreSchedule schedule = scheduleStores(store, nullptr, bits, maxVector,
                                            freeWarps, keep, offsetMask, order);
    if (!schedule.split.empty() || schedule.vec.elements() < perWord)
      return {};
    vec = schedule.vec;
  }
  if (!vec)
    return {};
  SmallVector<SmallVector<int64_t, 4>> wordRegisters;
  for (int64_t k = 0; k < int64_t(in.size()); ++k) {
    if (!isVectorBase(*vec, k))
      continue;
    for (int64_t e = 0; e < vec->elements(); e += perWord) {
      SmallVector<int64_t, 4> &regs = wordRegisters.emplace_back();
      for (int64_t j = 0; j < perWord; ++j)
        regs.push_back(vectorRegister(*vec, k, e + j));
    }
  }
  words = int64_t(wordRegisters.size());
  SmallVector<Value> packed = packWordsInOwnerBranch(
      em, elementType, in, wordRegisters, warp, freeWarps);
  SmallVector<Value> out(in.begin(), in.end());
  for (auto [regs, word] : llvm::zip(wordRegisters, packed))
    for (auto [r, part] :
         llvm::zip(regs, em.elementsOf(word, elementType, perWord)))
      out[r] = part;
  return out;
}

/// Says whether a loaded tile stored in rounds by the owner warps had its
/// words packed once in the owners' branch, as an optimization remark of
/// category ll-lowering ("owner-words") at the conversion: passed with
/// `words` packed, else missed for `why`.
static void remarkOwnerWords(Emitter &em, int64_t words, int64_t rounds,
                             uint64_t repeatedWarps, StringRef why) {
  remark::RemarkOpts opts =
      loweringRemarkOpts("owner-words", em.b.getInsertionBlock());
  std::string warps = "warp bits 0x" + llvm::utohexstr(repeatedWarps);
  if (words) {
    if (remark::detail::InFlightRemark remark = remark::passed(em.loc, opts))
      remark << remark::detail::Remark::Arg(
          "Reason",
          llvm::formatv("{0} words of the tile loaded for the conversion "
                        "packed once, before its {1} rounds, in the branch "
                        "of the warps that store it ({2} repeat them): the "
                        "repeating warps load nothing",
                        words, rounds, warps)
              .str());
    return;
  }
  if (remark::detail::InFlightRemark remark = remark::missed(em.loc, opts))
    remark << remark::detail::Remark::Arg(
        "Reason", llvm::formatv("the tile loaded for the conversion is "
                                "packed round by round, not once in the "
                                "owners' branch ({0} repeat the storing "
                                "warps): {1}",
                                warps, why)
                      .str());
}

SmallVector<Value> lowerWithinBlock(Emitter &em, const GPUTargetHooks &hooks,
                                    const SharedMemoryLowering &lowering,
                                    const ThreadLayout &src,
                                    const ThreadLayout &dst, ArrayRef<Value> in,
                                    Type elementType, SourceOrigin origin,
                                    StoreShare storeShare) {
  int bits = lowering.elementBytes * 8;
  bool ownerLoads = storeShare && lowering.ownerLoads;
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
  bool warpOnly = lowering.oneWarpBlock || lowering.warpBarriers;
  auto barrier = [&] { createScratchBarrier(em, hooks, warpOnly); };
  auto [lane, warp] = em.laneAndWarp(hooks);
  // Byte addresses where the target allows them and they cost fewer
  // shifts than element offsets (per side; ldmatrix/stmatrix rows are
  // NVIDIA's and keep element GEPs).
  int elementBytesLog2 = llvm::Log2_32(unsigned(lowering.elementBytes));
  uint64_t scratchMask = (uint64_t(1) << lowering.scratchBits) - 1;
  int laneIdBits = addressTermLaneBits(hooks);
  auto byteShift = [&](const AddressMap &map, const ThreadLayout &side) {
    if (!hooks.sharedAddressesInBytes() || elementBytesLog2 == 0)
      return 0;
    VectorShape vec = findVector(map, nullptr, lowering.vectorElements());
    auto isBase = [&](int64_t k) { return isVectorBase(vec, k); };
    return Emitter::addressShifts(map, elementBytesLog2, elementBytesLog2,
                                  side.registerBits, laneIdBits, isBase,
                                  scratchMask) <
                   Emitter::addressShifts(map, 0, elementBytesLog2,
                                          side.registerBits, laneIdBits, isBase,
                                          scratchMask)
               ? elementBytesLog2
               : 0;
  };
  int storeShift = byteShift(lowering.store, src);
  int loadShift = byteShift(lowering.load, dst);
  llvm::SaveAndRestore<int> restoreShift(em.sharedByteShift, 0);
  uint64_t localMask = (uint64_t(1) << lowering.scratchBits) - 1;
  int64_t rounds = int64_t(1) << lowering.roundBits;
  SmallVector<Value> out(dst.numRegisters());
  // Per side, the round bits its lanes and warps set, as one value: the
  // thread part of an address map whose columns are those bits.
  auto turnOf = [&](const ThreadRounds &turns) {
    return turns.none() ? Value() : em.threadPart(turns, lane, warp);
  };
  Value storeTurn = turnOf(lowering.storeThreadRounds);
  Value loadTurn = turnOf(lowering.loadThreadRounds);
  ThreadLayout::FreeThreadBits repeated = dst.freeThreadBits();
  auto inRoundOf = [&](const AddressMap &map, const ThreadRounds &turns,
                       int64_t round) {
    return [&map, &lowering, round, byThreads = turns.threadMask()](int64_t k) {
      return (map.registerValue(uint64_t(k)) >> lowering.scratchBits) ==
             (uint64_t(round) & ~byThreads);
    };
  };
  // A loaded tile stored by the owners of repeated warps in rounds: every
  // word the stores write packed once, up front, in the owners' branch
  // (docs/lowering.md, "Packed once, in the owner's branch").
  std::optional<MatrixWords> prepacked;
  SmallVector<Value> ownerPacked;
  uint64_t repeatedWarps = src.freeThreadBits().warps;
  if (origin.loadedForIt && rounds > 1 && !storeTurn && repeatedWarps) {
    if (lowering.storeMatrix) {
      prepacked = prepackMatrixWords(em, *lowering.storeMatrix, elementType,
                                     src, in, warp);
      remarkOwnerWords(em, int64_t(prepacked->size()), rounds, repeatedWarps,
                       "");
    } else if (bits < 32 && packsInOwnerBranch(src, origin)) {
      int64_t words = 0;
      SmallVector<std::function<bool(int64_t)>> keeps;
      for (int64_t round = 0; round < rounds; ++round)
        keeps.push_back(
            inRoundOf(lowering.store, lowering.storeThreadRounds, round));
      ownerPacked = ownerPackedRegisters(
          em, lowering.store, bits, lowering.vectorElements(), src, in,
          elementType, warp, keeps, localMask, sharedStoreOrder(hooks), words);
      if (!ownerPacked.empty())
        in = ownerPacked;
      remarkOwnerWords(
          em, words, rounds, repeatedWarps,
          "a round's store is shared out over the repeating warps, or its "
          "vector holds less than a 32-bit word");
    } else if (bits < 32) {
      remarkOwnerWords(
          em, 0, rounds, repeatedWarps,
          llvm::formatv("a block of {0} warps whose tile is loaded in "
                        "{1}-bit vectors, already whole words (on more than "
                        "{2} warps only sub-word loads take the owners' "
                        "words, docs/lowering.md)",
                        int64_t(1) << src.warpBits, origin.loadVectorBits,
                        int64_t(1) << kOwnerWordsMaxWarpBits)
              .str());
    }
  }
  for (int64_t round = 0; round < rounds; ++round) {
    auto inRound = [&](const AddressMap &map, const ThreadRounds &turns) {
      return inRoundOf(map, turns, round);
    };
    // Earlier readers of the scratch (this conversion's previous round, or
    // another conversion) must be done before it is overwritten; the
    // first round needs no barrier where ScratchBarriers proved none
    // pending, and alternating rounds none after the first (the slot
    // round r writes was read before round r - 1's middle barrier).
    Value base = slotBase[alternate ? round % 2 : 0];
    if (round == 0 && lowering.leadingBarrier)
      createScratchBarrier(
          em, hooks, lowering.oneWarpBlock || lowering.leadingWarpBarrier);
    else if (round > 0 && !alternate)
      barrier();
    em.sharedByteShift = storeShift;
    {
      OpBuilder::InsertionGuard guard(em.b);
      takeTurn(em, storeTurn, lowering.storeThreadRounds, round);
      auto keep = inRound(lowering.store, lowering.storeThreadRounds);
      llvm::SaveAndRestore<bool> inRounds(em.storesInRounds, rounds > 1);
      if (lowering.storeMatrix)
        storeMatrix(em, hooks, *lowering.storeMatrix, base, elementType, src,
                    in, lane, warp, localMask, keep,
                    prepacked ? &*prepacked : nullptr);
      else
        storeRegisters(em, base, elementType, bits, src, in, lowering.store,
                       nullptr, Value(), lane, warp, lowering.vectorElements(),
                       keep, localMask, sharedStoreOrder(hooks));
    }
    barrier();
    // Load this round's registers; others keep their values.
    em.sharedByteShift = loadShift;
    auto keep = inRound(lowering.load, lowering.loadThreadRounds);
    auto load = [&](MutableArrayRef<Value> values,
                    llvm::function_ref<bool(int64_t)> which) {
      if (lowering.loadMatrix)
        loadMatrix(em, hooks, *lowering.loadMatrix, base, elementType, values,
                   lane, warp, localMask, which);
      else
        loadRegisters(em, base, elementType, bits, dst, values, lowering.load,
                      nullptr, Value(), lane, warp, lowering.vectorElements(),
                      which, localMask);
    };
    if (!loadTurn && !ownerLoads) {
      load(out, keep);
      continue;
    }
    // The warps (or lanes) whose turn it is load; the others keep their
    // registers (undefined until their own round). With owner_loads, each
    // share of the store's warps loads the registers it stores, and the
    // warps that store nothing load nothing.
    ArrayRef<std::pair<int, int>> owners =
        ownerLoads ? ArrayRef(lowering.ownerLoads->loadShares)
                   : ArrayRef<std::pair<int, int>>();
    int64_t shares = int64_t(1) << owners.size();
    for (int64_t share = 0; share < shares; ++share) {
      auto inShare = [&](int64_t k) {
        if (!keep(k))
          return false;
        for (auto [i, pair] : llvm::enumerate(owners))
          if (((k >> pair.second) & 1) != ((share >> i) & 1))
            return false;
        return true;
      };
      SmallVector<int64_t> kept;
      for (int64_t k = 0; k < int64_t(out.size()); ++k)
        if (inShare(k))
          kept.push_back(k);
      if (kept.empty())
        continue;
      Value taking;
      if (loadTurn)
        taking = isTurn(em, loadTurn, lowering.loadThreadRounds, round);
      if (ownerLoads) {
        uint64_t warpValue = 0;
        for (auto [i, pair] : llvm::enumerate(owners))
          if ((share >> i) & 1)
            warpValue |= uint64_t(1) << pair.first;
        Value mine = LLVM::ICmpOp::create(
            em.b, em.loc, LLVM::ICmpPredicate::eq,
            LLVM::AndOp::create(em.b, em.loc, warp,
                                em.index(int64_t(lowering.ownerLoads->warps))),
            em.index(int64_t(warpValue)));
        // Plain loads of the lanes that hold copies: none, as in the
        // store's branch (the plan counts them so); a matrix load takes the
        // whole warp.
        if (repeated.lanes && !lowering.loadMatrix) {
          Value ownLane = LLVM::ICmpOp::create(
              em.b, em.loc, LLVM::ICmpPredicate::eq,
              LLVM::AndOp::create(em.b, em.loc, lane,
                                  em.index(int64_t(repeated.lanes))),
              em.index(0));
          mine = LLVM::AndOp::create(em.b, em.loc, mine, ownLane);
        }
        taking = taking ? Value(LLVM::AndOp::create(em.b, em.loc, taking, mine))
                        : mine;
        // The share's loads and its stores in one warp-uniform branch.
        auto ifOp = scf::IfOp::create(em.b, em.loc, taking,
                                      /*withElseRegion=*/false);
        OpBuilder::InsertionGuard guard(em.b);
        em.b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
        SmallVector<Value> loaded(out.size());
        load(loaded, inShare);
        for (Value &v : loaded)
          if (!v)
            v = em.poison(elementType);
        storeShare(loaded, inShare);
        continue;
      }
      auto ifOp = scf::IfOp::create(
          em.b, em.loc, SmallVector<Type>(kept.size(), elementType), taking,
          /*withElseRegion=*/true);
      {
        OpBuilder::InsertionGuard guard(em.b);
        em.b.setInsertionPointToStart(ifOp.thenBlock());
        SmallVector<Value> loaded(out);
        load(loaded, inShare);
        SmallVector<Value> results;
        for (int64_t k : kept)
          results.push_back(loaded[k] ? loaded[k] : em.poison(elementType));
        scf::YieldOp::create(em.b, em.loc, results);
        em.b.setInsertionPointToStart(ifOp.elseBlock());
        results.clear();
        for (int64_t k : kept)
          results.push_back(out[k] ? out[k] : em.poison(elementType));
        scf::YieldOp::create(em.b, em.loc, results);
      }
      for (auto [i, k] : llvm::enumerate(kept))
        out[k] = ifOp.getResult(i);
    }
  }
  if (ownerLoads)
    for (Value &v : out)
      v = em.poison(elementType);
  return out;
}

} // namespace mlir::ll::lowering
