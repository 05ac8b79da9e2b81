//===- FamilyBuilders.h - One builder per layout family ---------*- C++ -*-===//
//
// Each builder assumes its parameters were validated by
// getDistributedRank (Distributed.cpp) and returns the layout fitted to
// `shape`, outputs in the standard order.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_LIB_FAMILIES_FAMILYBUILDERS_H
#define LINEARLAYOUT_LIB_FAMILIES_FAMILYBUILDERS_H

#include "LayoutBuilder.h"

#include "LinearLayout/Families/LayoutFamilies.h"

namespace mlir::ll::families {

/// Dispatches on spec.kind.
llvm::Expected<LayoutBuilder>
buildDistributed(const DistributedLayoutSpec &spec,
                 llvm::ArrayRef<int64_t> shape);

LayoutBuilder buildBlocked(const DistributedLayoutSpec &spec,
                           llvm::ArrayRef<int64_t> shape);
llvm::Expected<LayoutBuilder> buildSlice(const DistributedLayoutSpec &spec,
                                         llvm::ArrayRef<int64_t> shape);
LayoutBuilder buildFmaDotOperand(const DistributedLayoutSpec &dot,
                                 llvm::ArrayRef<int64_t> shape);
LayoutBuilder buildNvidiaMma(const DistributedLayoutSpec &spec,
                             llvm::ArrayRef<int64_t> shape);
LayoutBuilder buildNvidiaDotOperand(const DistributedLayoutSpec &dot,
                                    llvm::ArrayRef<int64_t> shape);
LayoutBuilder buildAmdMfma(const DistributedLayoutSpec &spec,
                           llvm::ArrayRef<int64_t> shape);
LayoutBuilder buildAmdMfmaDotOperand(const DistributedLayoutSpec &dot,
                                     llvm::ArrayRef<int64_t> shape);
LayoutBuilder buildAmdWmma(const DistributedLayoutSpec &spec,
                           llvm::ArrayRef<int64_t> shape);
LayoutBuilder buildAmdWmmaDotOperand(const DistributedLayoutSpec &dot,
                                     llvm::ArrayRef<int64_t> shape);

/// The CGA layout of a dot operand of an NVIDIA mma or blocked (FMA)
/// parent: the parent's, broadcast (zero) along K. (AMD operands keep the
/// parent's as it is.)
CgaLayout dotOperandCga(const DistributedLayoutSpec &dot, int rank);

/// tilesPerWarp, or all ones when empty.
std::vector<int64_t> tilesPerWarpOrOnes(const DistributedLayoutSpec &spec,
                                        int rank);

} // namespace mlir::ll::families

#endif // LINEARLAYOUT_LIB_FAMILIES_FAMILYBUILDERS_H
