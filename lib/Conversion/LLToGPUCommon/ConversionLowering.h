//===- ConversionLowering.h - How each conversion is lowered ----*- C++ -*-===//
//
// Internal to lib/Conversion/LLToGPUCommon. Before rewriting, every
// ll.convert_layout is planned (ConversionPlan.h) and the plan turned into a
// ConversionLowering: one struct per ConversionKind, as Triton's
// ConvertLayoutOpToLLVM dispatches,
//   - Registers (ConvertWithinThread.cpp): register renames, or selects on
//     a few lane bits;
//   - Shuffle (ConvertWithinWarp.cpp): rounds of warp shuffles;
//   - SharedMemory (ConvertWithinBlock.cpp): stores to and loads from a
//     scratch slot, between barriers.
// ScratchAllocation.cpp sizes the scratch and places the slots and barriers
// of the SharedMemory ones; ConvertLayout.cpp decides and dispatches.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_LLTOGPUCOMMON_CONVERSIONLOWERING_H
#define LIB_CONVERSION_LLTOGPUCOMMON_CONVERSIONLOWERING_H

#include "AddressMap.h"
#include "Emitter.h"

#include "LinearLayout/Analysis/ConversionClassification.h"
#include "LinearLayout/Analysis/ConversionPlan.h"
#include "LinearLayout/Analysis/GatherPlan.h"
#include "LinearLayout/Conversion/LLToGPUCommon/LLToGPUCommon.h"
#include "LinearLayout/Conversion/LLToGPUCommon/ScratchBarriers.h"
#include "LinearLayout/Dialect/LL/IR/LLDialect.h"
#include "LinearLayout/Dialect/LL/Transforms/GatherLiveness.h"

#include "mlir/IR/Remarks.h"

#include "llvm/ADT/DenseMap.h"

#include <string>
#include <variant>

namespace mlir::ll::lowering {

/// The symbol of the conversions' shared scratch in each symbol table.
inline constexpr llvm::StringLiteral kScratchName = "__ll_scratch";

/// The layouts are equal: the source value is the result.
struct NoopLowering {};

/// Register moves within each thread: per result register the source
/// register, by lane (a select tree on at most kMaxSelectLaneBits lane
/// bits; none for a plain rename).
struct RegistersLowering {
  SmallVector<LaneMux> receive;
};

/// One round of a warp-shuffle conversion (docs/lowering.md): source lane
/// = srcConst ^ XOR of srcCols[b] over the set lane bits b; send[j] = the
/// source register in slot j of the shuffled word(s).
struct ShuffleRound {
  uint64_t srcConst = 0;
  SmallVector<uint64_t> srcCols;
  SmallVector<LaneMux> send;
};

/// Warp shuffles: the rounds, elements packed per 32-bit word (slots),
/// words per element (2 for 64-bit), and per result register the
/// (round * slots + slot) it takes.
struct ShuffleLowering {
  SmallVector<ShuffleRound> rounds;
  int slots = 1, wordsPerElement = 1;
  SmallVector<LaneMux> receive;
  int elementBytes = 0;
};

/// Through shared memory: address maps (in elements) of the store and the
/// load, the scratch size 2^scratchBits elements, processed in 2^roundBits
/// rounds (the top offset bits).
/// The round bits (above scratchBits) that each lane and warp bit of one
/// side sets, as the columns of an address map without registers: in round
/// r, a thread whose bits give the value t takes part only if t equals r's
/// thread-set bits (docs/planning.md, "Rounds over warps"). All zero where
/// registers alone set the rounds.
struct ThreadRounds : AddressMap {
  bool none() const { return threadMask() == 0; }
  bool byLanes() const {
    return llvm::any_of(lane, [](uint64_t c) { return c != 0; });
  }
};

struct SharedMemoryLowering {
  AddressMap store, load;
  ThreadRounds storeThreadRounds, loadThreadRounds;
  int scratchBits = 0, roundBits = 0;
  int elementBytes = 0;
  /// The widest vector access in elements (0: 128 bits), where a plan
  /// fixes the vector width.
  int64_t maxVectorElements = 0;
  int64_t vectorElements() const {
    return maxVectorElements
               ? maxVectorElements
               : ::mlir::ll::lowering::maxVectorElements(elementBytes * 8);
  }
  /// The store or the load by ldmatrix/stmatrix, if planned.
  std::optional<MatrixAccess> storeMatrix, loadMatrix;
  /// The byte offset of the scratch slot it uses, and whether its first
  /// store needs a barrier (ScratchBarriers.h); set by prepareLowering.
  int64_t slotOffset = 0;
  bool leadingBarrier = true;
  /// In several rounds over two slots: the slot size; round r runs on the
  /// slot (first + r) % 2 and needs no barrier before its store. 0: every
  /// round on the same slot, each after a barrier.
  int64_t alternateSlotBytes = 0;
  /// The block is one warp: its barriers only order the warp's accesses.
  bool oneWarpBlock = false;
  /// Each warp reads only what it wrote (warpPartitionOf): its barriers
  /// may be one warp's; set by prepareLowering where the rounds stay on
  /// one slot. `leadingWarpBarrier`: the leading one may be too.
  std::optional<WarpPartition> warpPartition;
  bool warpBarriers = false, leadingWarpBarrier = false;
  /// The conversion is inside a loop of its function (runs repeatedly).
  bool insideLoop = false;
  /// `owner_loads`: the result's one use is a store that warps repeating
  /// each other share out or leave to one of them, so each warp loads only
  /// what it stores, and stores it in the same branch (AddressMap.h,
  /// OwnerLoads). None: every warp loads every register.
  std::optional<OwnerLoads> ownerLoads;
  int64_t scratchBytes() const {
    return (int64_t(1) << scratchBits) * elementBytes;
  }
};

using ConversionLowering = std::variant<NoopLowering, RegistersLowering,
                                        ShuffleLowering, SharedMemoryLowering>;

/// An ll.gather (Gather.cpp): its plan and the address maps of the
/// chosen path.
struct GatherLowering {
  GatherPlan plan;
  int elementBytes = 0;
  /// Shuffles: the holder (source register | lane << R) of the thread's
  /// lane and warp bits, and of the index value's bits (as `lane`).
  AddressMap threadHolder, valueHolder;
  /// Shared memory: the store of the source, the loads' offset without the
  /// index value, and the value bits' offsets (as `lane`).
  AddressMap store, load, valueOffset;
  /// Set by prepareLowering, as for SharedMemoryLowering.
  int64_t slotOffset = 0;
  bool leadingBarrier = true;
  bool oneWarpBlock = false;
  int64_t scratchBytes() const {
    return plan.kind == GatherKind::SharedMemory ? plan.shared.sharedBytes : 0;
  }
};

/// What prepareLowering decided, read by the patterns.
struct LoweringState {
  llvm::DenseMap<Operation *, ConversionLowering> conversions;
  llvm::DenseMap<Operation *, GatherLowering> gathers;
  llvm::DenseMap<Operation *, std::string> buffers; // alloc_shared -> global
  /// The global tile loads that put warp barriers between their line
  /// groups (docs/lowering.md, "Barriers between line groups"): alone in
  /// their block (the barriers would keep another load's values live
  /// across them) and read by a conversion through shared memory or
  /// shuffles (which waits for its first round's values before anything
  /// else; arithmetic on the values would wait at the barriers instead).
  llvm::DenseSet<Operation *> fencedTileLoads;
  /// Whether global tile loads and stores may put warp barriers between
  /// their line groups (LLLoweringOptions::lineBarriers and the target's
  /// GPUTargetHooks::fencesLineGroups).
  bool fenceLines = false;
};

/// The lowering of `op`: its plan, made into one of the kinds above
/// (ConvertLayout.cpp).
FailureOr<ConversionLowering>
decideConversion(ConvertLayoutOp op, const GPUTargetHooks &hooks,
                 const LLLoweringOptions &options);

/// The lowering of the gather `op`: its plan (an `ll.plan` on it fixes the
/// kind and the memory layout) and address maps (Gather.cpp).
FailureOr<GatherLowering> decideGather(GatherOp op,
                                       const GPUTargetHooks &hooks);

/// Within a thread: the register moves of `registerMap` (result register
/// -> source register and lane columns) when the sources depend on few
/// enough lane bits, else nullopt.
std::optional<RegistersLowering>
decideWithinThread(const LinearLayout &registerMap, const ThreadLayout &dst);

/// Within a warp: the shuffle rounds of `plan`, or nullopt when its tables
/// are not of the form the lowering emits (affine source lanes, few
/// selects). A plan over fewer lanes than the warp (the upper lanes hold
/// copies of the lower ones) runs in every block of plan.lanes lanes, each
/// exchanging within itself.
std::optional<ShuffleLowering> decideWithinWarp(const WarpShufflePlan &plan,
                                                int lanesPerWarp,
                                                int64_t dstRegisters);

/// Within a block: the shared-memory lowering of `swizzle` (the planner's)
/// from `src` to `dst`, with what the op's plan `given` (may be null) fixes
/// — memory layout, vector width, instructions, rounds — checked and used
/// instead.
FailureOr<SharedMemoryLowering>
decideWithinBlock(ConvertLayoutOp op, const GPUTargetHooks &hooks,
                  const SwizzlePlan &swizzle, PlanAttr given,
                  const ThreadLayout &src, const ThreadLayout &dst, int bits,
                  const LLLoweringOptions &options);

/// Whether the block that runs `op` is at most one warp (its gpu.func's
/// `known_block_size`): its scratch barriers need only order that warp.
bool isOneWarpBlock(Operation *op, const GPUTargetHooks &hooks);

/// The barrier between scratch accesses: the warp's own where `warpOnly`
/// (a one-warp block, or a warp-private conversion), else the block's.
void createScratchBarrier(Emitter &em, const GPUTargetHooks &hooks,
                          bool warpOnly);

/// The partition of a conversion whose every warp reads from the scratch
/// only what it wrote itself (within one round of `scratchBits` offset
/// bits): the warps' store columns nonzero and independent, the load's the
/// same, and no register or lane column of either side reaching into
/// their span. Nothing otherwise (data crosses warps, or a broadcast warp
/// reads what another stored).
std::optional<WarpPartition> warpPartitionOf(const AddressMap &store,
                                             const AddressMap &load,
                                             int scratchBits);

/// The category of the lowering's optimization remarks.
inline constexpr llvm::StringLiteral kLoweringRemarkCategory = "ll-lowering";

/// The options of the lowering's remark `name` about code emitted in
/// `block`: category ll-lowering, and the function that holds the block.
remark::RemarkOpts loweringRemarkOpts(StringRef name, Block *block);

/// The error of an `ll.plan` that the lowering cannot carry out.
InFlightDiagnostic planError(Operation *op);

/// Where the lowering departs from the plan (of kind `kind`) of `op` for a
/// stated reason: an optimization remark of category `ll-lowering` (shown
/// with --remarks-filter=ll-lowering).
void remarkDeparture(Operation *op, ConversionKind kind,
                     const std::string &why);

/// The result registers of a Registers lowering of the source registers
/// `in`.
SmallVector<Value> lowerWithinThread(Emitter &em, const GPUTargetHooks &hooks,
                                     const RegistersLowering &lowering,
                                     ArrayRef<Value> in);

/// The result registers of a Shuffle lowering.
SmallVector<Value> lowerWithinWarp(Emitter &em, const GPUTargetHooks &hooks,
                                   const ShuffleLowering &lowering,
                                   ArrayRef<Value> in, Type elementType);

/// Stores the registers k of `values` with `keep(k)` where the result's
/// store would (owner_loads: the conversion issues its store).
using StoreShare = llvm::function_ref<void(
    ArrayRef<Value> values, llvm::function_ref<bool(int64_t)> keep)>;

/// Where the source registers of a conversion come from.
struct SourceOrigin {
  /// Loaded from memory (`ll.load_tile` in the conversion's block) only to
  /// be converted: a warp that stores none of them to the scratch need not
  /// load them. False where computed, or of unknown origin.
  bool loadedForIt = false;
  /// Where loadedForIt, the bits each of the tile's global loads reads (its
  /// vector): below 32, every loaded element holds a register of its own.
  int64_t loadVectorBits = 0;
};

/// The result registers of a SharedMemory lowering, through the scratch.
/// With owner_loads (`lowering.ownerLoads`), the result is
/// stored by `storeShare` in the branch that loads it, and the returned
/// registers are poison.
SmallVector<Value> lowerWithinBlock(Emitter &em, const GPUTargetHooks &hooks,
                                    const SharedMemoryLowering &lowering,
                                    const ThreadLayout &src,
                                    const ThreadLayout &dst, ArrayRef<Value> in,
                                    Type elementType, SourceOrigin origin,
                                    StoreShare storeShare = nullptr);

/// Plans every conversion below `root` into `state`, places their scratch
/// slots and barriers, and creates the scratch and buffer globals
/// (ScratchAllocation.cpp).
LogicalResult prepareLowering(Operation *root, const GPUTargetHooks &hooks,
                              const LLLoweringOptions &options,
                              LoweringState &state);

} // namespace mlir::ll::lowering

#endif // LIB_CONVERSION_LLTOGPUCOMMON_CONVERSIONLOWERING_H
