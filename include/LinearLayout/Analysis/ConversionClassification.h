//===- ConversionClassification.h - What a conversion B⁻¹A needs -*- C++
//-*-===//
//
// The conversion C = B⁻¹A maps each hardware index of A to the index of B
// that must end up with the same element (paper §5.4; broadcast resolved to
// B's lowest index). A hardware dimension D is *trivial* in C when
// C = C' × id_D: C's D-columns are the unit vectors of output D and no other
// input reaches output D — the data never crosses D. Quotienting the trivial
// dimensions block, warp, lane (and register) from the top, the highest one
// left decides the mechanism (docs/planning.md §1; with broadcast the
// element sets per thread and per warp decide, as C is then only one of
// several right inverses):
//
//   none -> noop, register -> registers, lane -> shuffle,
//   warp or block -> shared_memory.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_CONVERSIONCLASSIFICATION_H
#define LINEARLAYOUT_ANALYSIS_CONVERSIONCLASSIFICATION_H

#include "LinearLayout/Core/LinearLayout.h"

namespace mlir::ll {

enum class ConversionKind { Noop, Registers, Shuffle, SharedMemory };
const char *conversionKindName(ConversionKind kind);

struct ConversionClassification {
  ConversionKind kind = ConversionKind::Noop;
  /// C = B⁻¹A with input and output dimensions register, lane, warp, block.
  LinearLayout conversion;
  /// Which of register, lane, warp, block C is trivial over.
  bool trivial[4] = {true, true, true, true};
  /// True when both layouts have the same block bases.
  bool sameBlocks = true;
  /// True when the conversion moves data between CTAs.
  bool crossesBlocks() const {
    return kind == ConversionKind::SharedMemory && !sameBlocks;
  }
  /// For `registers`: register, lane, warp, block of B -> the register of the
  /// same thread of A holding the element (linear; a lane-dependent source
  /// needs a select per lane bit).
  LinearLayout registerMap;
};

/// Normalises a distributed layout: input dimensions exactly register, lane,
/// warp, block in that order (absent ones of size 1), output dimensions in
/// the order of `outDimsOrder` (which must be a permutation of its own).
llvm::Expected<LinearLayout>
normalizeDistributed(const LinearLayout &layout,
                     llvm::ArrayRef<std::string> outDimsOrder,
                     llvm::StringRef what);

/// Classifies the conversion from `src` (A) to `dst` (B).
llvm::Expected<ConversionClassification>
classifyConversion(const LinearLayout &src, const LinearLayout &dst);

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_CONVERSIONCLASSIFICATION_H
