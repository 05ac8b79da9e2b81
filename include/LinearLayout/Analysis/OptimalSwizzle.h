//===- OptimalSwizzle.h - Optimal shared-memory layouts (§5.4) --*- C++ -*-===//
//
// The memory layout through which a conversion A -> B goes when it needs
// shared memory: maximal vectorisation (A_reg ∩ B_reg, up to 128 bits), then
// segment bits chosen by the construction of Lemma 9.5 so that the store of A
// and the load of B conflict only where the lemma says it is unavoidable.
// See docs/planning.md §4 for the derivation and the optimality argument.
//
// The offset bits of the result are, low to high:
//   [Vec | Sub | Bank | Seg | Round]
// Vec: the vector (register directions of both layouts); Sub: further
// element bits inside one 4-byte word when the vector is narrower than a
// word; Bank: the rest of one wavefront-wide row; Seg: rows; Round: register
// directions common to both layouts, processed one after the other through a
// scratch buffer of 2^(d - |Round|) elements (where nothing else fits, also
// directions held by warps on one side or both).
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_OPTIMALSWIZZLE_H
#define LINEARLAYOUT_ANALYSIS_OPTIMALSWIZZLE_H

#include "LinearLayout/Analysis/BankConflictModel.h"
#include "LinearLayout/Analysis/MatrixInstructions.h"

namespace mlir::ll {

struct SwizzlePlan {
  /// The memory layout: offset (2^d) -> the tensor's output dimensions.
  LinearLayout memoryLayout;
  /// Its columns in flat tensor coordinates, and the parts.
  F2Vectors memoryColumns;
  F2Vectors vec, sub, bank, seg, round;
  /// The rounds (the last of `round`) over directions that some side holds
  /// in lanes or warps, not registers: in each of those rounds only the
  /// threads holding it take part on that side (docs/planning.md, "Rounds
  /// over warps"). Only where no plan over register rounds fits.
  F2Vectors threadRound;
  /// The sets of the construction (flat tensor vectors).
  F2Vectors storeThreads, loadThreads; // A_lane', B_lane'
  F2Vectors intersection, onlyStore, onlyLoad, complement, pairs; // I E F C H
  int vectorBits = 0;
  int elementBits = 0;
  int phaseBits = 0;
  /// Lemma 9.5: lower bounds on log2 of the words per bank (store, load) for
  /// the single-round layout, and what the layout reaches.
  int storeConflictBound = 0, loadConflictBound = 0;
  int storeConflictDim = 0, loadConflictDim = 0;
  WavefrontCount store, load;
  int64_t sharedBytes = 0;
  /// The instructions of the store and the load (st.shared / stmatrix[.trans],
  /// ld.shared / ldmatrix[.trans]) and the register bits of their tiles.
  MatrixTile storeTile, loadTile;
  /// Where the vector is one-sided (the sides' vector widths differ): the
  /// total wavefronts and instructions of the plain plan (A_reg ∩ B_reg on
  /// both sides) it was chosen over; -1 otherwise.
  int64_t plainWavefronts = -1, plainInstructions = -1;
  int64_t rounds() const { return int64_t(1) << round.size(); }
};

struct SwizzleOptions {
  /// Split the conversion into rounds over common register directions when
  /// that costs no wavefronts.
  bool allowRounds = true;
  /// Consider ldmatrix (sm_75+) and stmatrix (sm_90+) for 16- and 32-bit
  /// data, chosen when they take fewer wavefronts or instructions.
  bool allowMatrix = true;
  /// Also consider one side's own register columns as the vector when the
  /// common vector is narrower than 128 bits (wide stores and narrow loads,
  /// or the reverse), kept where it costs fewer wavefronts, or as many and
  /// fewer instructions.
  bool allowOneSidedVectors = true;
};

/// The vector (bits, up to `maxBits`) the lowering gives `layout`'s shared
/// accesses through the memory layout `memoryColumns` (offset bit i ->
/// tensor vector): the widest aligned vector of its registers
/// (findAlignedVector, as the lowering's findVector finds it) in one
/// round's scratch, the last `roundBits` offset bits stripped. A lane or a
/// dependent register column at an offset inside a vector misaligns it.
int loweredVectorBits(llvm::ArrayRef<uint64_t> memoryColumns,
                      const DistributedColumns &layout, int elementBits,
                      int maxBits = 128, int roundBits = 0);

/// Computes the optimal swizzle for storing `src` and loading `dst`.
llvm::Expected<SwizzlePlan> computeOptimalSwizzle(const DistributedColumns &src,
                                                  const DistributedColumns &dst,
                                                  int elementBits,
                                                  const GPUTarget &target,
                                                  SwizzleOptions options = {});

llvm::Expected<SwizzlePlan> computeOptimalSwizzle(const LinearLayout &src,
                                                  const LinearLayout &dst,
                                                  int elementBits,
                                                  const GPUTarget &target,
                                                  SwizzleOptions options = {});

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_OPTIMALSWIZZLE_H
