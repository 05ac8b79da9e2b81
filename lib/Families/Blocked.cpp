//===- Blocked.cpp - Blocked, slice and FMA dot-operand layouts -----------===//
//
// Blocked: registers, then lanes, then warps each tile the tensor in `order`
// (order[0] fastest); the tile repeats over larger shapes with further
// register bits, first along order[0].
//
//===----------------------------------------------------------------------===//

#include "FamilyBuilders.h"
#include "LinearLayout/Core/DimNames.h"

using namespace mlir::ll;
using namespace mlir::ll::families;

LayoutBuilder families::buildBlocked(const DistributedLayoutSpec &spec,
                                     llvm::ArrayRef<int64_t> shape) {
  LayoutBuilder cta =
      identityStandardND(dims::kRegister, spec.sizePerThread, spec.order) *
      identityStandardND(dims::kLane, spec.threadsPerWarp, spec.order) *
      identityStandardND(dims::kWarp, spec.warpsPerCTA, spec.order);
  return combineWithShape(cta, shape, spec.cgaLayout);
}

llvm::Expected<LayoutBuilder>
families::buildSlice(const DistributedLayoutSpec &spec,
                     llvm::ArrayRef<int64_t> shape) {
  // The parent's layout for the shape with a 1 inserted at `dim`, with
  // output `dim` projected away (and later ones renumbered), and the
  // register bits that then point nowhere removed.
  std::vector<int64_t> parentShape(shape.begin(), shape.end());
  parentShape.insert(parentShape.begin() + spec.dim, 1);
  auto parent = buildDistributed(*spec.parent, parentShape);
  if (!parent)
    return parent.takeError();
  int parentRank = int(parentShape.size());
  std::vector<std::string> names = standardOutNames(parentRank);
  std::vector<std::string> kept;
  for (int d = 0; d < parentRank; ++d)
    if (d != spec.dim)
      kept.push_back(names[d]);
  LayoutBuilder projected = parent->transposeOuts(kept);
  std::vector<BuilderInDim> ins = projected.getIns();
  for (BuilderInDim &in : ins) {
    if (in.name != dims::kRegister)
      continue;
    std::vector<BuilderBasis> nonzero;
    for (BuilderBasis &basis : in.bases)
      if (llvm::any_of(basis, [](int64_t v) { return v != 0; }))
        nonzero.push_back(basis);
    in.bases = std::move(nonzero);
  }
  LayoutBuilder result;
  std::vector<std::string> renamed = standardOutNames(parentRank - 1);
  result = LayoutBuilder::fromBases(std::move(ins), renamed);
  // fromBases infers sizes; the slice's sizes are the parent's.
  for (unsigned i = 0; i < renamed.size(); ++i)
    result.setOutSize(i, projected.getOuts()[i].second);
  return result;
}

/// Lanes (or warps) of a dot operand: identity along the non-K dims,
/// broadcast (zero) along K, in `order`.
static LayoutBuilder broadcastedDotOperand(llvm::ArrayRef<int64_t> sizes,
                                           llvm::ArrayRef<int64_t> order,
                                           int64_t kDim,
                                           llvm::StringRef inDim) {
  std::vector<std::string> names = standardOutNames(int(sizes.size()));
  LayoutBuilder layout;
  for (int64_t d : order) {
    if (d == kDim)
      layout *= LayoutBuilder::zeros1D(sizes[d], inDim, names[d]);
    else
      layout *= LayoutBuilder::identity1D(sizes[d], inDim, names[d]);
  }
  return layout;
}

LayoutBuilder families::buildFmaDotOperand(const DistributedLayoutSpec &dot,
                                           llvm::ArrayRef<int64_t> shape) {
  // Each thread holds the whole K extent of its rows (A) / columns (B); lanes
  // and warps are the parent's, broadcast along K.
  const DistributedLayoutSpec &blocked = *dot.parent;
  int rank = int(shape.size());
  int64_t kDim = dot.operandIndex == 0 ? rank - 1 : rank - 2;
  std::vector<int64_t> threadSize(blocked.sizePerThread.begin(),
                                  blocked.sizePerThread.end());
  threadSize[kDim] = shapePerCta(dotOperandCga(dot, rank), shape)[kDim];
  std::vector<std::string> repNames =
      permuteNames(standardOutNames(rank), blocked.order);
  LayoutBuilder cta =
      identityStandardND(dims::kRegister, threadSize, blocked.order)
          .transposeOuts(repNames) *
      broadcastedDotOperand(blocked.threadsPerWarp, blocked.order, kDim,
                            dims::kLane)
          .transposeOuts(repNames) *
      broadcastedDotOperand(blocked.warpsPerCTA, blocked.order, kDim,
                            dims::kWarp)
          .transposeOuts(repNames);
  return combineWithShape(cta, shape, dotOperandCga(dot, rank));
}
