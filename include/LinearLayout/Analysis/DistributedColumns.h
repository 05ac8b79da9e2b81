//===- DistributedColumns.h - A distributed layout as column sets -*- C++
//-*-===//
//
// The planning algorithms look at a distributed layout as four sets of
// columns of the flattened tensor space (paper §5.4: Reg, Thr, Wrp, and the
// CTA dimension): one vector per input bit of `register`, `lane`, `warp` and
// `block`. This file builds that view from a LinearLayout, with the output
// dimensions of a reference layout (so that two layouts are compared in the
// same flat coordinates) and with the *free* bits: columns in the span of the
// columns before them (register, lane, warp, block order), i.e. broadcast.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_DISTRIBUTEDCOLUMNS_H
#define LINEARLAYOUT_ANALYSIS_DISTRIBUTEDCOLUMNS_H

#include "LinearLayout/Core/F2Subspace.h"
#include "LinearLayout/Core/LinearLayout.h"

#include <array>
#include <string>

namespace mlir::ll {

enum class HwDim { Register = 0, Lane = 1, Warp = 2, Block = 3 };
constexpr int kNumHwDims = 4;
const char *hwDimName(HwDim dim);

struct DistributedColumns {
  /// Columns per hardware dimension, bit order, in the flat coordinates of
  /// `outDims` (first output dimension least significant).
  std::array<F2Vectors, kNumHwDims> columns;
  /// Per hardware dimension, the mask of free (broadcast) bits.
  std::array<uint64_t, kNumHwDims> freeMask = {0, 0, 0, 0};
  llvm::SmallVector<LayoutDim, 4> outDims;

  llvm::ArrayRef<uint64_t> get(HwDim d) const { return columns[int(d)]; }
  int bits(HwDim d) const { return int(columns[int(d)].size()); }
  uint64_t free(HwDim d) const { return freeMask[int(d)]; }
  /// Columns of dimension `d` that are not free.
  F2Vectors nonFree(HwDim d) const;
  /// The element held by (register, lane, warp, block): XOR of columns.
  uint64_t element(uint64_t reg, uint64_t lane, uint64_t warp,
                   uint64_t block = 0) const;
  int totalOutBits() const;
  /// A readable name of a tensor vector: `[a, b]` per output dimension.
  std::string vectorToString(uint64_t v) const;
};

/// Builds the view. `layout` must have input dimensions among register, lane,
/// warp, block (absent ones have size 1) and exactly the output dimensions of
/// `outDims` (any order, same sizes). `what` names the argument in errors.
llvm::Expected<DistributedColumns>
getDistributedColumns(const LinearLayout &layout,
                      llvm::ArrayRef<LayoutDim> outDims, llvm::StringRef what);

/// The output dimensions of `layout`, for use as `outDims` above.
llvm::SmallVector<LayoutDim, 4> outDimsOf(const LinearLayout &layout);

/// Both layouts of a conversion viewed over the output dimensions of `src`
/// (named "src" and "dst" in errors).
struct ConversionColumns {
  DistributedColumns src, dst;
};
llvm::Expected<ConversionColumns> getConversionColumns(const LinearLayout &src,
                                                       const LinearLayout &dst);

/// The order in which unit vectors of the tensor are preferred as bank or
/// complement vectors: row-major, i.e. the last output dimension's low bits
/// first, then the one before, ... (so that a row-major tile stays
/// contiguous).
llvm::SmallVector<int, 32> rowMajorUnitOrder(llvm::ArrayRef<LayoutDim> outDims);

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_DISTRIBUTEDCOLUMNS_H
