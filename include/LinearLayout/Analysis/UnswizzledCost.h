//===- UnswizzledCost.h - Wavefronts without a swizzle ----------*- C++ -*-===//
//
// The figure a swizzle is measured against: the wavefronts of the same
// conversion through an unswizzled buffer, the CTA's tile in row-major order
// (the last tensor dimension contiguous), each side accessing it with the
// widest vector that buffer allows it.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_UNSWIZZLEDCOST_H
#define LINEARLAYOUT_ANALYSIS_UNSWIZZLEDCOST_H

#include "LinearLayout/Analysis/BankConflictModel.h"

namespace mlir::ll {

struct UnswizzledCost {
  WavefrontCount store, load;
};

/// Stores `src` into and loads `dst` from the row-major buffer of the tile
/// both cover within one CTA. Each side's vector is the longest run of the
/// lowest offsets that are its register directions, at most 128 bits. Fails
/// where the two layouts do not cover the same tile, or the tile is not made
/// of whole tensor bits (no row-major buffer holds exactly it).
llvm::Expected<UnswizzledCost>
countUnswizzledWavefronts(const LinearLayout &src, const LinearLayout &dst,
                          int elementBits, const GPUTarget &target);

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_UNSWIZZLEDCOST_H
