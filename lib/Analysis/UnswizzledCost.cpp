//===- UnswizzledCost.cpp - Wavefronts without a swizzle ------------------===//

#include "LinearLayout/Analysis/UnswizzledCost.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir::ll;

static llvm::Error error(const std::string &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

/// The CTA's columns: register, lane and warp.
static F2Subspace ctaSpan(const DistributedColumns &l) {
  F2Subspace span;
  for (HwDim d : {HwDim::Register, HwDim::Lane, HwDim::Warp})
    for (uint64_t c : l.get(d))
      span.add(c);
  return span;
}

llvm::Expected<UnswizzledCost>
mlir::ll::countUnswizzledWavefronts(const LinearLayout &src,
                                    const LinearLayout &dst, int elementBits,
                                    const GPUTarget &target) {
  if (auto err = checkElementBits(elementBits))
    return std::move(err);
  auto columns = getConversionColumns(src, dst);
  if (!columns)
    return columns.takeError();
  const DistributedColumns *a = &columns->src, *b = &columns->dst;
  F2Subspace tile = ctaSpan(*a), other = ctaSpan(*b);
  if (tile.dim() != other.dim())
    return error("src and dst cover different tiles within a CTA");
  // The row-major buffer: the tensor's unit vectors in row-major order,
  // those of the tile only.
  F2Vectors memory;
  for (int bit : rowMajorUnitOrder(outDimsOf(src))) {
    uint64_t unit = uint64_t(1) << bit;
    if (tile.contains(unit)) {
      if (!other.contains(unit))
        return error("src and dst cover different tiles within a CTA");
      memory.push_back(unit);
    }
  }
  if (int(memory.size()) != tile.dim())
    return error("the tile is not a box of whole tensor bits");
  int maxColumns = llvm::Log2_32(unsigned(128 / elementBits));
  auto vectorBits = [&](const DistributedColumns &l) {
    F2Subspace regs(l.get(HwDim::Register));
    int v = 0;
    while (v < maxColumns && v < int(memory.size()) && regs.contains(memory[v]))
      ++v;
    return elementBits << v;
  };
  auto store = countWavefronts(memory, *a, elementBits, vectorBits(*a),
                               AccessKind::Store, target);
  if (!store)
    return store.takeError();
  auto load = countWavefronts(memory, *b, elementBits, vectorBits(*b),
                              AccessKind::Load, target);
  if (!load)
    return load.takeError();
  return UnswizzledCost{*store, *load};
}
