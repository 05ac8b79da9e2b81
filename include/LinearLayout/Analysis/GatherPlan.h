//===- GatherPlan.h - How to gather along an axis ---------------*- C++ -*-===//
//
// The planner of `ll.gather` (docs/gather.md): out[x] = src[x with its
// coordinate along `axis` replaced by idx[x]], where `idx` and `out` share
// the index layout I and `src` has the layout A.
//
// With S a right inverse of A and E the embedding of the index tensor's
// other coordinates into the source's, the element a thread needs for its
// index register r, holding the index value v, is held by
//
//     h(r, lane, warp, v) = S(E(I(r, lane, warp))) ^ S(axis bits of v)
//
// (register, lane and warp of A), up to A's broadcast kernel. The gather is
// *warp-local* (the paper's §5.5 condition) when h's warp can always be
// chosen equal to the thread's own warp: then one warp shuffle per candidate
// source register, from the lane h names, and a select on the register h
// names, fetch the element. Otherwise the source goes through shared memory.
// Both are linear maps over F2 in (register, lane, warp, v); this file
// computes them, counts their instructions and picks the cheaper.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_GATHERPLAN_H
#define LINEARLAYOUT_ANALYSIS_GATHERPLAN_H

#include "LinearLayout/Analysis/BankConflictModel.h"
#include "LinearLayout/Analysis/GPUTarget.h"
#include "LinearLayout/Core/F2Subspace.h"

#include <optional>
#include <string>

namespace mlir::ll {

enum class GatherKind { Shuffle, SharedMemory };

/// "shuffle" or "shared_memory" (the names of #ll.plan kinds).
const char *gatherKindName(GatherKind kind);

/// The warp-shuffle gather. Vectors of the source's hardware bits are
/// packed `register | lane << sourceRegisterBits`.
struct GatherShuffle {
  int sourceRegisterBits = 0, laneBits = 0;
  /// The holder of the element of each input bit of the index layout
  /// (register, lane, warp bits in order) and of each bit of the index
  /// value: h is the XOR of the columns of the set bits.
  llvm::SmallVector<uint64_t> registerCols, laneCols, warpCols, valueCols;
  /// The source registers a thread may need for one index register vary
  /// over a coset of this space (register bits of the source), given in
  /// reduced echelon form: `selectPivots[i]` is set in `selectBasis[i]`
  /// only, so a needed register's coordinates are its pivot bits.
  F2Vectors selectBasis;
  llvm::SmallVector<int> selectPivots;
  /// The first `packedBits` basis vectors are packed into one 32-bit word
  /// per shuffle (2^packedBits elements of fewer than 32 bits); the other
  /// ones are selected among shuffled words.
  int packedBits = 0;
  /// 32-bit words per element (2 for 64-bit elements).
  int wordsPerElement = 1;
  /// Per distinct index register: shuffles and selects.
  int64_t shufflesPerRegister = 0, selectsPerRegister = 0;
  /// Per thread, over the distinct index registers.
  int64_t shuffles = 0, selects = 0;
  /// The source register holding the element for index register `r`,
  /// lane 0, warp 0 and value 0 (the coset's representative).
  uint64_t sourceRegister(uint64_t r) const;
};

/// The shared-memory gather: the source is stored by `memoryLayout`
/// (offset -> source coordinates), then every thread loads its elements.
/// With `roundBits` the top roundBits offset bits are rounds: round k
/// stores the source elements whose offset has k there, barrier, loads the
/// results whose element does, barrier before the next round's store. A
/// round bit is set by registers alone on both sides (never by a lane, a
/// warp or the index value), so each thread knows its registers' rounds.
struct GatherShared {
  LinearLayout memoryLayout;
  int vectorBits = 0;
  int roundBits = 0;
  WavefrontCount store;
  /// The loads: one per distinct index register and thread; their
  /// wavefronts depend on the index values (one per instruction and warp
  /// when no two lanes of a warp hit one bank in different words).
  int64_t loadInstructions = 0, loadWavefrontsConflictFree = 0;
  /// The scratch: one round's share of the source.
  int64_t sharedBytes = 0;
};

struct GatherPlan {
  GatherKind kind = GatherKind::SharedMemory;
  int axis = 0, elementBits = 0;
  /// Whether the paper's condition holds (shuffles are possible), and if
  /// not, why.
  bool warpLocal = false;
  std::string notWarpLocal;
  /// Index registers of a thread, and those holding distinct elements.
  int64_t indexRegisters = 0, distinctIndexRegisters = 0;
  int warps = 0;
  /// Set when warp-local.
  std::optional<GatherShuffle> shuffle;
  GatherShared shared;
  /// The cost model's estimates (issue cycles per warp, docs/gather.md).
  double shuffleCost = 0, sharedCost = 0;
  /// Estimated 32-bit registers per thread live at the gather's peak
  /// (shuffles: 0 when not warp-local); a shuffle gather above the budget
  /// would spill and goes through shared memory instead.
  int64_t shuffleLiveRegisters = 0, sharedLiveRegisters = 0;
  /// GatherPlanOptions::indicesLiveAfter, indicesLiveOnlyAcrossLoop,
  /// sourceLiveAfter, otherLiveRegisters and resultsConsumedOneByOne, as
  /// planned with.
  bool indicesLiveAfter = true;
  bool indicesLiveOnlyAcrossLoop = false;
  bool sourceLiveAfter = false;
  int64_t otherLiveRegisters = 0;
  bool resultsConsumedOneByOne = false;
  /// Why `kind` was chosen, in one sentence.
  std::string reason;
  llvm::SmallVector<LayoutDim, 4> sourceDims;

  /// The estimate of the chosen kind.
  double cost() const {
    return kind == GatherKind::Shuffle ? shuffleCost : sharedCost;
  }

  /// A walk-through of the decision.
  std::string explain() const;
};

struct GatherPlanOptions {
  /// Use this mechanism (it must be possible: shuffles need a warp-local
  /// gather).
  std::optional<GatherKind> forceKind;
  /// Store the source by this memory layout (offset -> source dims).
  std::optional<LinearLayout> memoryLayout;
  /// The top `roundBits` offset bits of `memoryLayout` are rounds
  /// (GatherShared); each must be set by registers alone on both sides.
  int roundBits = 0;
  /// Whether the index tensor is used after the gather (or lives across
  /// the iterations of a loop around it). If not, the register estimate
  /// leaves the indices out: the gather consumes them one by one.
  bool indicesLiveAfter = true;
  /// Whether the indices live after the gather only as this gather's own
  /// operand in the next iterations of a loop around it (loop-invariant,
  /// used by nothing else). The compiler then makes the shared-memory
  /// addresses of the indices once, before the loop, and the loads need
  /// nothing else of them: the shared-memory estimate counts the addresses
  /// but not the indices (docs/gather.md, "Registers").
  bool indicesLiveOnlyAcrossLoop = false;
  /// Whether the source is used after the gather (or lives across the
  /// iterations of a loop around it, as a loop-carried value does). The
  /// shared-memory gather frees the source at its store unless so; the
  /// shuffles hold it either way.
  bool sourceLiveAfter = false;
  /// 32-bit registers per thread of other values live across the gather (a
  /// loop's accumulator, a loop-invariant tensor), added to both estimates.
  int64_t otherLiveRegisters = 0;
  /// Whether every user of the result takes it element by element (an
  /// elementwise op, such as an accumulator's add). The shuffles then hand
  /// each result to its user as it is made and the shuffle estimate leaves
  /// the results out; the shared-memory estimate keeps them (its loads are
  /// issued together, ahead of their uses).
  bool resultsConsumedOneByOne = false;
};

/// Plans the gather of `src` (layout of the source) by an index tensor of
/// layout `index` along `axis`. Both are distributed layouts of tensors of
/// one rank whose shapes agree outside `axis`, over the same lanes and
/// warps of one block.
llvm::Expected<GatherPlan> planGather(const LinearLayout &src,
                                      const LinearLayout &index, int axis,
                                      int elementBits, const GPUTarget &target,
                                      const GatherPlanOptions &options = {});

struct ConversionPlan;

/// What a planned conversion costs in the gather model's issue cycles per
/// warp: its cost (ConversionCost.h) and, through shared memory, the
/// barrier a gather through shared memory is charged too.
double conversionCostInGatherCycles(const ConversionPlan &plan);

/// A memory layout (offset -> source coordinates) for a shared-memory
/// gather whose loads the index values scatter (docs/gather.md,
/// "Conversions folded into a gather"): the offset bits within a 32-bit word
/// take the source's register directions (the store's vectors), the bank
/// bits the coordinates other than `axis` that the index layout's lanes fix
/// (so that lanes reading different columns never meet in a bank, whatever
/// the indices), then the axis (lanes that differ only along it spread over
/// the banks left), and the other bits the rest. Not the store-optimal
/// swizzle that planGather picks by default: that one spreads the source's
/// lanes, not the loads'. With `roundBits`, the top offset bits are that
/// many round bits: coordinates other than `axis` that a register of the
/// source and a register of the index layout each set alone (not those the
/// source packs within a word); an error where fewer exist.
llvm::Expected<LinearLayout> gatherLoadMemoryLayout(const LinearLayout &src,
                                                    const LinearLayout &index,
                                                    int axis, int elementBits,
                                                    const GPUTarget &target,
                                                    int roundBits = 0);

/// The round bits that bring a shared-memory gather's scratch of
/// `sourceBytes` (the whole source) within the target's
/// gatherScratchBytesPerThread on `threads` threads: 0 where it already is
/// or the target has no such limit.
int gatherRoundBitsWanted(int64_t sourceBytes, int64_t threads,
                          const GPUTarget &target);

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_GATHERPLAN_H
