//===- AmdWmma.cpp - AMD wmma accumulators and operands -------------------===//
//
// A 32-lane wave computes a 16 x 16 wmma tile. Version 1 (RDNA3): each lane
// holds 8 elements of one column, every other row; lanes 16-31 take the odd
// rows. Versions 2/3 (RDNA4, gfx1250): each lane holds 8 consecutive rows of
// one column; lanes 16-31 take rows 8-15. Transposed swaps rows and columns.
// Tiles repeat over tilesPerWarp and warps, N fastest.
//
//===----------------------------------------------------------------------===//

#include "FamilyBuilders.h"

using namespace mlir::ll;
using namespace mlir::ll::families;

static constexpr int64_t kWaveSize = 32;

/// tilesPerWarp then warps, per dimension, N fastest.
static LayoutBuilder wmmaCtaLayout(const DistributedLayoutSpec &spec,
                                   int rank) {
  std::vector<std::string> names = standardOutNames(rank);
  std::vector<int64_t> tilesPerWarp = tilesPerWarpOrOnes(spec, rank);
  LayoutBuilder layout;
  for (int64_t d : getMatrixOrder(rank, /*rowMajor=*/true)) {
    layout *= LayoutBuilder::identity1D(tilesPerWarp[d], "register", names[d]);
    layout *=
        LayoutBuilder::identity1D(spec.warpsPerCTA[d], "warp", names[d]);
  }
  return layout.transposeOuts(names);
}

static LayoutBuilder wmmaTile(const DistributedLayoutSpec &spec, int rank) {
  std::vector<std::string> names = standardOutNames(rank);
  std::vector<int64_t> threadOrder = getMatrixOrder(rank, !spec.transposed);
  // Bases below are (fast, slow) = (threadOrder[0], threadOrder[1]).
  std::vector<std::string> tileNames = {names[threadOrder[0]],
                                        names[threadOrder[1]]};
  std::vector<BuilderInDim> ins;
  if (spec.version == 1)
    ins = {{"register", {{0, 2}, {0, 4}, {0, 8}}},
           {"lane", {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 1}}}};
  else
    ins = {{"register", {{0, 1}, {0, 2}, {0, 4}}},
           {"lane", {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}}}};
  LayoutBuilder tile = LayoutBuilder::fromBases(std::move(ins), tileNames);
  if (rank == 3) {
    tile *= LayoutBuilder::identity1D(1, "register", names[0]);
    tile *= LayoutBuilder::identity1D(1, "lane", names[0]);
  }
  return tile.transposeOuts(names);
}

LayoutBuilder families::buildAmdWmma(const DistributedLayoutSpec &spec,
                                     llvm::ArrayRef<int64_t> shape) {
  int rank = int(shape.size());
  LayoutBuilder layout = wmmaTile(spec, rank) * wmmaCtaLayout(spec, rank);
  std::vector<int64_t> repOrder = getMatrixOrder(rank, /*rowMajor=*/true);
  layout = layout.transposeOuts(permuteNames(standardOutNames(rank), repOrder));
  return combineWithShape(layout, shape);
}

LayoutBuilder
families::buildAmdWmmaDotOperand(const DistributedLayoutSpec &dot,
                                 llvm::ArrayRef<int64_t> shape) {
  const DistributedLayoutSpec &wmma = *dot.parent;
  int rank = int(shape.size());
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
  LayoutBuilder tile = LayoutBuilder::identity1D(kWidth, "register", dimK) *
                       LayoutBuilder::identity1D(tileDim, "lane", dimNonK);
  tile *= wmma.version == 1
              ? LayoutBuilder::zeros1D(kDepth, "lane", dimK)
              : LayoutBuilder::identity1D(kDepth, "lane", dimK);
  int64_t kTileSize = kDepth * kWidth;
  tile *= LayoutBuilder::identity1D(kDim / kTileSize, "register", dimK);
  if (nonKRepeat > 1)
    tile *= LayoutBuilder::identity1D(nonKRepeat, "register", dimNonK);

  // The accumulator's tiles and warps with the K component projected away
  // (the operand is shared along it) and register bits left pointing nowhere
  // dropped.
  LayoutBuilder cta = wmmaCtaLayout(wmma, rank);
  int kOut = cta.getOutIndex(dimK);
  std::vector<BuilderInDim> ins = cta.getIns();
  for (BuilderInDim &in : ins) {
    std::vector<BuilderBasis> bases;
    for (BuilderBasis basis : in.bases) {
      if (kOut >= 0)
        basis[kOut] = 0;
      bool zero = llvm::all_of(basis, [](int64_t v) { return v == 0; });
      if (in.name == "register" && zero)
        continue;
      bases.push_back(std::move(basis));
    }
    in.bases = std::move(bases);
  }
  cta = LayoutBuilder::fromBases(std::move(ins), cta.getOutNames());

  LayoutBuilder layout = tile * cta;
  layout = layout.transposeOuts(permuteNames(names, order));
  return combineWithShape(layout, shape);
}
