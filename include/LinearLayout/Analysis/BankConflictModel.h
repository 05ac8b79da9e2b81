//===- BankConflictModel.h - Shared-memory wavefronts (Lemma 9.4) -*- C++
//-*-===//
//
// How many shared-memory wavefronts an access of a distributed layout to a
// memory layout takes, for the whole tile (all warps, all instructions). The
// hardware model (docs/planning.md §3):
//
//  - the target's banks (GPUTarget.h: 32 or 64 of 4 bytes); a wavefront
//    serves one 4-byte word per bank.
//  - Threads touching the same word are served together.
//  - A warp access of vecBytes per thread is split into 2^k phases of
//    consecutive lanes, k = log2(max(1, lanes * vecBytes / (banks * 4)));
//    the top k lane bits select the phase (128-bit: quarter warps on NVIDIA).
//  - On a load (NVIDIA), the quarter-warp phases of a half-warp are one
//    phase when each group of four lanes reads at most two vectors.
//  - Per phase: max over banks of the distinct words of that bank touched.
//
// Lemma 9.4 makes this a dimension count: the words touched by a phase form
// an affine space a + K_w, every touched bank sees 2^dim(K_w ∩ Row) words, Row
// being the word-address bits above the bank bits. The count is the same for
// every instruction and warp, so the total is a product.
//
// Which threads access (so that broadcast costs nothing it need not cost):
// a store writes each element once — free registers are not stored, lanes
// and warps with a free bit are predicated off; a load is done by every lane
// and warp, free registers being copies of loaded ones; an owner load (the
// loads of a result that only a store uses, `owner_loads`) by every warp
// but with the lanes that hold copies predicated off, as in the store's
// branch (the planner takes the repeated warps off itself).
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_BANKCONFLICTMODEL_H
#define LINEARLAYOUT_ANALYSIS_BANKCONFLICTMODEL_H

#include "LinearLayout/Analysis/DistributedColumns.h"
#include "LinearLayout/Analysis/GPUTarget.h"

namespace mlir::ll {

enum class AccessKind { Store, Load, OwnerLoad };

struct WavefrontCount {
  /// Total over the tile: warps × instructions × phases × 2^conflictDim.
  int64_t wavefronts = 0;
  /// Instructions executed, total over warps.
  int64_t instructions = 0;
  int64_t activeWarps = 0;
  int64_t instructionsPerWarp = 0;
  int64_t activePhases = 0;
  /// log2 of the words per touched bank in one phase (Lemma 9.4's c).
  int conflictDim = 0;
  /// The phases are half-warps, not quarter-warps (a 128-bit load whose
  /// groups of four lanes each read at most two vectors).
  bool pairedPhases = false;
  int vectorBits = 0;
};

/// Memory layout as columns: offset bit i -> flat tensor vector, in the flat
/// coordinates of `outDims`. Fails unless `memory` is offset (and optionally a
/// size-1 block) -> exactly those output dimensions, injective.
llvm::Expected<F2Vectors> getMemoryColumns(const LinearLayout &memory,
                                           llvm::ArrayRef<LayoutDim> outDims);

/// The model on columns. `memory` must hold every element the access touches
/// and its first log2(vectorBits/elementBits) columns must be register
/// directions of `access`.
llvm::Expected<WavefrontCount> countWavefronts(llvm::ArrayRef<uint64_t> memory,
                                               const DistributedColumns &access,
                                               int elementBits, int vectorBits,
                                               AccessKind kind,
                                               const GPUTarget &target);

/// The same on layouts (what ll.wavefronts calls).
llvm::Expected<WavefrontCount> countWavefronts(const LinearLayout &memory,
                                               const LinearLayout &distributed,
                                               int elementBits, int vectorBits,
                                               AccessKind kind,
                                               const GPUTarget &target);

/// The condition of paired quarter phases (docs/planning.md §3): lanes 0
/// and 1 (the first two of `lanes`) move an access by at most one vector
/// beyond `vector` between them, so each group of four lanes reads at most
/// two vectors. In any coordinates: word addresses (the model) or tensor
/// vectors (the swizzle).
bool pairsQuarterPhases(const F2Subspace &vector,
                        llvm::ArrayRef<uint64_t> lanes);

/// Checks an element width: 8, 16, 32 or 64 bits.
llvm::Error checkElementBits(int elementBits);

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_BANKCONFLICTMODEL_H
