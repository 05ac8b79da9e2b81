//===- AmdMfma.cpp - AMD mfma accumulators and operands -------------------===//
//
// A 64-lane wave computes an M x N mfma tile: each lane holds `height` (4, or
// 1 for 64-bit results) consecutive rows of one column; lanes walk the N
// columns, then the next row groups; further row groups are registers.
// Transposed swaps the roles of M and N. Tiles repeat over tilesPerWarp,
// then warps, along N first and along M last (Triton defines the layout
// over the whole N extent before stepping along M).
//
//===----------------------------------------------------------------------===//

#include "FamilyBuilders.h"
#include "LinearLayout/Core/DimNames.h"

using namespace mlir::ll;
using namespace mlir::ll::families;

static constexpr int64_t kWaveSize = 64;

LayoutBuilder families::buildAmdMfma(const DistributedLayoutSpec &spec,
                                     llvm::ArrayRef<int64_t> shape) {
  // Triton sizes the repetitions by the whole shape, not one CTA's part:
  // those beyond a CTA's part become broadcast (zero) registers.
  int rank = int(shape.size());
  bool hasBatch = rank == 3;
  int mIndex = hasBatch ? 1 : 0, nIndex = mIndex + 1;
  std::vector<std::string> names = standardOutNames(rank);
  std::vector<int64_t> order = getMatrixOrder(rank, /*rowMajor=*/true);
  std::string dimM = names[order[1]], dimN = names[order[0]];
  int64_t mDim = spec.instrShape[0], nDim = spec.instrShape[1];
  int64_t height = spec.elementBitwidth == 64 ? 1 : 4;
  int64_t tiles = (mDim * nDim) / (kWaveSize * height);

  LayoutBuilder tile;
  if (!spec.transposed) {
    tile = LayoutBuilder::identity1D(height, dims::kRegister, dimM) *
           (LayoutBuilder::identity1D(nDim, dims::kLane, dimN) *
            LayoutBuilder::identity1D(kWaveSize / nDim, dims::kLane, dimM));
    if (tiles > 0)
      tile *= LayoutBuilder::identity1D(tiles, dims::kRegister, dimM);
  } else {
    tile = LayoutBuilder::identity1D(height, dims::kRegister, dimN) *
           (LayoutBuilder::identity1D(mDim, dims::kLane, dimM) *
            LayoutBuilder::identity1D(kWaveSize / mDim, dims::kLane, dimN));
    if (tiles > 0)
      tile *= LayoutBuilder::identity1D(tiles, dims::kRegister, dimN);
  }
  tile = tile.transposeOuts({dimN, dimM});

  std::vector<int64_t> tilesPerWarp = tilesPerWarpOrOnes(spec, rank);
  int64_t tilesN = tilesPerWarp[nIndex], tilesM = tilesPerWarp[mIndex];
  int64_t warpsN = spec.warpsPerCTA[nIndex], warpsM = spec.warpsPerCTA[mIndex];
  tile *= LayoutBuilder::identity1D(tilesN, dims::kRegister, dimN);
  tile *= LayoutBuilder::identity1D(warpsN, dims::kWarp, dimN);
  // The rest of N (0 when N fits in one CTA tile: no bits).
  tile *= LayoutBuilder::identity1D(shape[nIndex] / (nDim * warpsN * tilesN),
                                    dims::kRegister, dimN);
  tile *= LayoutBuilder::identity1D(tilesM, dims::kRegister, dimM);
  tile *= LayoutBuilder::identity1D(warpsM, dims::kWarp, dimM);
  if (hasBatch) {
    tile *= LayoutBuilder::identity1D(1, dims::kRegister, names[order[2]]);
    tile *= LayoutBuilder::identity1D(1, dims::kLane, names[order[2]]);
    tile *= LayoutBuilder::identity1D(spec.warpsPerCTA[0], dims::kWarp,
                                      names[order[2]]);
  }
  return combineWithShape(tile, shape, spec.cgaLayout);
}

LayoutBuilder families::buildAmdMfmaDotOperand(const DistributedLayoutSpec &dot,
                                               llvm::ArrayRef<int64_t> shape) {
  const DistributedLayoutSpec &mfma = *dot.parent;
  int rank = int(shape.size());
  // Unlike NVIDIA's, AMD dot operands keep the parent's CGA layout along K.
  const CgaLayout &cga = mfma.cgaLayout;
  bool hasBatch = rank == 3;
  int opIdx = int(dot.operandIndex);
  int64_t kWidth = dot.kWidth;
  int64_t nonKIndex = opIdx == 0 ? rank - 2 : rank - 1;
  int64_t kIndex = opIdx == 0 ? rank - 1 : rank - 2;
  std::vector<int64_t> tilesPerWarp = tilesPerWarpOrOnes(mfma, rank);
  int64_t mDim = mfma.instrShape[0], nDim = mfma.instrShape[1];
  int64_t nonKDim = opIdx == 0 ? mDim : nDim;
  int64_t kSize = shape[kIndex];
  std::vector<std::string> names = standardOutNames(rank);
  std::vector<int64_t> order = getOrderForDotOperand(opIdx, rank, true);
  std::string dimK = names[order[0]], dimNonK = names[order[1]];

  // kWidth consecutive K elements per lane; lanes walk the non-K dim, then
  // K in steps of kWidth.
  LayoutBuilder tile =
      LayoutBuilder::identity1D(kWidth, dims::kRegister, dimK) *
      (LayoutBuilder::identity1D(nonKDim, dims::kLane, dimNonK) *
       LayoutBuilder::identity1D(kWaveSize / nonKDim, dims::kLane, dimK));
  int64_t kTileSize = kWaveSize / nonKDim * kWidth;
  // The 64x64 operand of a 4x64 / 64x4 mfma repeats 16 times along K.
  if ((mDim == 64 && nDim == 4 && opIdx == 0) ||
      (mDim == 4 && nDim == 64 && opIdx == 1)) {
    tile *= LayoutBuilder::identity1D(16, dims::kRegister, dimK);
    kTileSize *= 16;
  }
  if (kSize > kTileSize)
    tile *= LayoutBuilder::identity1D(kSize / kTileSize, dims::kRegister, dimK);
  tile *= LayoutBuilder::identity1D(tilesPerWarp[nonKIndex], dims::kRegister,
                                    dimNonK);
  tile = tile.transposeOuts({dimK, dimNonK});
  if (hasBatch) {
    tile *= LayoutBuilder::identity1D(1, dims::kRegister, names[order[2]]);
    tile *= LayoutBuilder::identity1D(1, dims::kLane, names[order[2]]);
  }
  std::vector<int64_t> warpOrder = getMatrixOrder(rank, /*rowMajor=*/true);
  LayoutBuilder cta =
      tile * identityStandardND(dims::kWarp, mfma.warpsPerCTA, warpOrder);
  return combineWithShape(cta, shape, cga);
}
