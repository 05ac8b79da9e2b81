//===- NvidiaMma.cpp - NVIDIA mma (v2), wgmma (v3) and their operands -----===//
//
// The accumulator of mma.m16n8 and of wgmma m64nNk: within a 16 x n tile,
// register bit 0 walks 2 adjacent columns, lanes 0-1 the next 4 column pairs,
// lanes 2-4 8 rows, then register bits go down 8 rows and across the
// remaining columns (Triton's nvidiaMmaTile with kWidth = 2). Operands use
// the same tile with K as the inner dimension and kWidth elements per
// register group.
//
//===----------------------------------------------------------------------===//

#include "FamilyBuilders.h"
#include "LinearLayout/Core/DimNames.h"

using namespace mlir::ll;
using namespace mlir::ll::families;

/// The register and lane layout of one tile of `tileShape`: `kWidth`
/// registers and 4 lanes along order[0], 8 lanes then the remaining rows in
/// registers along order[1], then the remaining order[0] extent in
/// registers. The output dimensions start in `repOrder`.
static LayoutBuilder nvidiaMmaTile(llvm::ArrayRef<int64_t> tileShape,
                                   int64_t kWidth,
                                   llvm::ArrayRef<int64_t> order,
                                   llvm::ArrayRef<int64_t> repOrder) {
  int rank = int(repOrder.size());
  std::vector<std::string> names = standardOutNames(rank);
  std::vector<int64_t> ones(rank, 1);
  LayoutBuilder cta = identityStandardND(dims::kRegister, ones, repOrder);
  int64_t inner = order[0], outer = order[1];
  int64_t m = tileShape[outer], n = tileShape[inner];
  cta = cta * LayoutBuilder::identity1D(kWidth, dims::kRegister, names[inner]) *
        LayoutBuilder::identity1D(4, dims::kLane, names[inner]) *
        LayoutBuilder::identity1D(8, dims::kLane, names[outer]) *
        LayoutBuilder::identity1D(m / 8, dims::kRegister, names[outer]) *
        LayoutBuilder::identity1D(n / (kWidth * 4), dims::kRegister,
                                  names[inner]);
  return cta;
}

LayoutBuilder families::buildNvidiaMma(const DistributedLayoutSpec &spec,
                                       llvm::ArrayRef<int64_t> shape) {
  int rank = int(shape.size());
  bool hopper = spec.version == 3;
  std::vector<int64_t> tileShape =
      hopper ? std::vector<int64_t>{spec.instrShape[0], spec.instrShape[1]}
             : std::vector<int64_t>(spec.instrShape.begin(),
                                    spec.instrShape.end());
  std::vector<int64_t> order = getMatrixOrder(rank, /*rowMajor=*/true);
  LayoutBuilder cta = nvidiaMmaTile(tileShape, 2, order, order);
  // Warps go along N first on Ampere, along M first on Hopper (wgmma's
  // warp group stacks 4 warps along M).
  std::vector<int64_t> warpOrder = getMatrixOrder(rank, !hopper);
  cta *= identityStandardND(dims::kWarp, spec.warpsPerCTA, warpOrder)
             .transposeOuts(cta.getOutNames());
  return combineWithShape(cta, shape, spec.cgaLayout);
}

LayoutBuilder families::buildNvidiaDotOperand(const DistributedLayoutSpec &dot,
                                              llvm::ArrayRef<int64_t> shape) {
  const DistributedLayoutSpec &mma = *dot.parent;
  int rank = int(shape.size());
  bool isA = dot.operandIndex == 0;
  bool hopper = mma.version == 3;
  std::vector<int64_t> tileShape(rank, 1);
  int64_t instrM = mma.instrShape[hopper ? 0 : rank - 2];
  if (isA) {
    tileShape[rank - 2] = instrM;
    tileShape[rank - 1] = dot.kWidth * 8;
  } else {
    tileShape[rank - 2] = dot.kWidth * 8;
    tileShape[rank - 1] = 8;
  }
  std::vector<int64_t> order =
      getOrderForDotOperand(int(dot.operandIndex), rank, /*kContig=*/true);
  LayoutBuilder cta = nvidiaMmaTile(tileShape, dot.kWidth, order, order);
  int64_t kDim = isA ? rank - 1 : rank - 2;
  std::vector<int64_t> warpOrder = getMatrixOrder(rank, !hopper);
  // Warps that differ only along K hold the same operand elements.
  LayoutBuilder warps =
      identityStandardND(dims::kWarp, mma.warpsPerCTA, warpOrder, kDim);
  cta *= warps.transposeOuts(cta.getOutNames());
  return combineWithShape(cta, shape, dotOperandCga(dot, rank));
}
