//===- AmdWmma.cpp - AMD wmma accumulators and operands -------------------===//
//
// A 32-lane wave computes a 16 x 16 wmma tile. Version 1 (RDNA3): each lane
// holds 8 elements of one column, every other row; lanes 16-31 take the odd
// rows. Versions 2/3 (RDNA4, gfx1250): each lane holds 8 consecutive rows of
// one column; lanes 16-31 take rows 8-15. Transposed swaps rows and columns.
// Tiles repeat over tilesPerWarp and warps along N, the rest of N, then
// tilesPerWarp and warps along M (as mfma).
//
//===----------------------------------------------------------------------===//

#include "FamilyBuilders.h"
#include "LinearLayout/Core/DimNames.h"

#include <algorithm>

using namespace mlir::ll;
using namespace mlir::ll::families;

static constexpr int64_t kWaveSize = 32;

/// The warps of the accumulator, N fastest; along `zeroDim` they broadcast
/// (a dot operand is shared by the warps that differ only along K).
static LayoutBuilder wmmaWarps(const DistributedLayoutSpec &spec, int rank,
                               int64_t zeroDim) {
  return identityStandardND(dims::kWarp, spec.warpsPerCTA,
                            getMatrixOrder(rank, /*rowMajor=*/true), zeroDim)
      .transposeOuts(standardOutNames(rank));
}

static LayoutBuilder wmmaTile(const DistributedLayoutSpec &spec, int rank) {
  std::vector<std::string> names = standardOutNames(rank);
  std::vector<int64_t> threadOrder = getMatrixOrder(rank, !spec.transposed);
  // Bases below are (fast, slow) = (threadOrder[0], threadOrder[1]).
  std::vector<std::string> tileNames = {names[threadOrder[0]],
                                        names[threadOrder[1]]};
  std::vector<BuilderInDim> ins;
  if (spec.version == 1)
    ins = {{dims::kRegister.str(), {{0, 2}, {0, 4}, {0, 8}}},
           {dims::kLane.str(), {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 1}}}};
  else
    ins = {{dims::kRegister.str(), {{0, 1}, {0, 2}, {0, 4}}},
           {dims::kLane.str(), {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}}}};
  LayoutBuilder tile = LayoutBuilder::fromBases(std::move(ins), tileNames);
  if (rank == 3) {
    tile *= LayoutBuilder::identity1D(1, dims::kRegister, names[0]);
    tile *= LayoutBuilder::identity1D(1, dims::kLane, names[0]);
  }
  return tile.transposeOuts(names);
}

LayoutBuilder families::buildAmdWmma(const DistributedLayoutSpec &spec,
                                     llvm::ArrayRef<int64_t> shape) {
  // As for mfma: tiles of a warp and warps along N, then the rest of N in
  // registers, and only then tiles and warps along M.
  // Sized by the whole shape, as mfma.
  int rank = int(shape.size());
  std::vector<std::string> names = standardOutNames(rank);
  int mIndex = rank - 2, nIndex = rank - 1;
  std::vector<int64_t> tilesPerWarp = tilesPerWarpOrOnes(spec, rank);
  int64_t tilesN = tilesPerWarp[nIndex], tilesM = tilesPerWarp[mIndex];
  int64_t warpsN = spec.warpsPerCTA[nIndex], warpsM = spec.warpsPerCTA[mIndex];
  constexpr int64_t tileDim = 16;
  LayoutBuilder layout = wmmaTile(spec, rank);
  layout *= LayoutBuilder::identity1D(tilesN, dims::kRegister, names[nIndex]);
  layout *= LayoutBuilder::identity1D(warpsN, dims::kWarp, names[nIndex]);
  layout *=
      LayoutBuilder::identity1D(shape[nIndex] / (tileDim * warpsN * tilesN),
                                dims::kRegister, names[nIndex]);
  layout *= LayoutBuilder::identity1D(tilesM, dims::kRegister, names[mIndex]);
  layout *= LayoutBuilder::identity1D(warpsM, dims::kWarp, names[mIndex]);
  if (rank == 3)
    layout *=
        LayoutBuilder::identity1D(spec.warpsPerCTA[0], dims::kWarp, names[0]);
  std::vector<int64_t> repOrder = getMatrixOrder(rank, /*rowMajor=*/true);
  layout = layout.transposeOuts(permuteNames(names, repOrder));
  return combineWithShape(layout, shape, spec.cgaLayout);
}

LayoutBuilder families::buildAmdWmmaDotOperand(const DistributedLayoutSpec &dot,
                                               llvm::ArrayRef<int64_t> shape) {
  const DistributedLayoutSpec &wmma = *dot.parent;
  int rank = int(shape.size());
  // The parent's CGA layout, K included (as mfma).
  const CgaLayout &cga = wmma.cgaLayout;
  std::vector<std::string> names = standardOutNames(rank);
  std::vector<int64_t> order =
      getOrderForDotOperand(int(dot.operandIndex), rank, /*kContig=*/true);
  std::string dimK = names[order[0]], dimNonK = names[order[1]];
  int64_t kDim = wmma.instrShape[2];
  int64_t nonKDim = wmma.instrShape[dot.operandIndex == 0 ? 0 : 1];
  int64_t kWidth = dot.kWidth;
  constexpr int64_t tileDim = 16;
  int64_t nonKRepeat = nonKDim / tileDim;
  int64_t kDepth = kWaveSize / tileDim;

  // kWidth K elements per lane, 16 lanes along the non-K dim; lanes 16-31
  // duplicate (v1) or continue (v2/3) along K.
  LayoutBuilder tile =
      LayoutBuilder::identity1D(kWidth, dims::kRegister, dimK) *
      LayoutBuilder::identity1D(tileDim, dims::kLane, dimNonK);
  tile *= wmma.version == 1
              ? LayoutBuilder::zeros1D(kDepth, dims::kLane, dimK)
              : LayoutBuilder::identity1D(kDepth, dims::kLane, dimK);
  int64_t kTileSize = kDepth * kWidth;
  tile *= LayoutBuilder::identity1D(kDim / kTileSize, dims::kRegister, dimK);
  if (nonKRepeat > 1)
    tile *= LayoutBuilder::identity1D(nonKRepeat, dims::kRegister, dimNonK);
  // The rest of K, then the accumulator's tiles along the non-K dim.
  int64_t kIndex = order[0], nonKIndex = order[1];
  // Explicitly only when the accumulator has several tiles along the non-K
  // dim (they come after all of K): sized by the whole shape, as mfma, over
  // the tile's K span max(kDim, kTileSize) (v1's duplicating lanes count);
  // otherwise the fitting to one CTA's part adds it.
  int64_t tilesNonK = tilesPerWarpOrOnes(wmma, rank)[nonKIndex];
  int64_t kSpan = std::max(kDim, kTileSize);
  if (tilesNonK > 1 && shape[kIndex] > kSpan)
    tile *=
        LayoutBuilder::identity1D(shape[kIndex] / kSpan, dims::kRegister, dimK);
  tile *= LayoutBuilder::identity1D(tilesNonK, dims::kRegister, dimNonK);
  // Warps as the accumulator's, shared (zero) along K.
  LayoutBuilder cta = wmmaWarps(wmma, rank, kIndex);

  LayoutBuilder layout = tile * cta;
  layout = layout.transposeOuts(permuteNames(names, order));
  return combineWithShape(layout, shape, cga);
}
