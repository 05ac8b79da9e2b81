//===- DistributedColumns.cpp - A distributed layout as column sets -------===//

#include "LinearLayout/Analysis/DistributedColumns.h"
#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Core/Error.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir::ll;

const char *mlir::ll::hwDimName(HwDim dim) {
  switch (dim) {
  case HwDim::Register:
    return dims::kRegister.data();
  case HwDim::Lane:
    return dims::kLane.data();
  case HwDim::Warp:
    return dims::kWarp.data();
  case HwDim::Block:
    return dims::kBlock.data();
  }
  return "?";
}

F2Vectors DistributedColumns::nonFree(HwDim d) const {
  F2Vectors out;
  for (auto [i, v] : llvm::enumerate(get(d)))
    if (!(free(d) >> i & 1))
      out.push_back(v);
  return out;
}

uint64_t DistributedColumns::element(uint64_t reg, uint64_t lane, uint64_t warp,
                                     uint64_t block) const {
  uint64_t index[kNumHwDims] = {reg, lane, warp, block};
  uint64_t out = 0;
  for (int d = 0; d < kNumHwDims; ++d)
    for (auto [i, v] : llvm::enumerate(columns[d]))
      if (index[d] >> i & 1)
        out ^= v;
  return out;
}

int DistributedColumns::totalOutBits() const {
  int bits = 0;
  for (const LayoutDim &d : outDims)
    bits += d.log2Size;
  return bits;
}

std::string DistributedColumns::vectorToString(uint64_t v) const {
  std::string s = "[";
  int shift = 0;
  for (auto [i, d] : llvm::enumerate(outDims)) {
    uint64_t part = (v >> shift) & ((uint64_t(1) << d.log2Size) - 1);
    s += (i ? ", " : "") + std::to_string(part);
    shift += d.log2Size;
  }
  return s + "]";
}

llvm::SmallVector<LayoutDim, 4>
mlir::ll::outDimsOf(const LinearLayout &layout) {
  return llvm::SmallVector<LayoutDim, 4>(layout.getOutDims().begin(),
                                         layout.getOutDims().end());
}

llvm::Expected<ConversionColumns>
mlir::ll::getConversionColumns(const LinearLayout &src,
                               const LinearLayout &dst) {
  auto outDims = outDimsOf(src);
  auto a = getDistributedColumns(src, outDims, "src");
  if (!a)
    return a.takeError();
  auto b = getDistributedColumns(dst, outDims, "dst");
  if (!b)
    return b.takeError();
  return ConversionColumns{std::move(*a), std::move(*b)};
}

llvm::Expected<DistributedColumns>
mlir::ll::getDistributedColumns(const LinearLayout &layout,
                                llvm::ArrayRef<LayoutDim> outDims,
                                llvm::StringRef what) {
  auto fail = [&](const llvm::Twine &msg) {
    return makeError(what + ": " + msg);
  };
  for (const LayoutDim &in : layout.getInDims()) {
    if (!llvm::is_contained(dims::kDistributedInDims, in.name))
      return fail("input dimension '" + in.name +
                  "' is not one of register, lane, warp, block (a distributed "
                  "layout is expected)");
  }
  if (layout.getOutDims().size() != outDims.size())
    return fail("has output dimensions " +
                std::string(layout.outDimsToString()) +
                ", expected the same dimensions as the other layout");
  // Map the layout's flat outputs onto the reference flat order.
  llvm::SmallVector<int, 4> shiftOf; // per layout out dim: shift in reference
  for (const LayoutDim &mine : layout.getOutDims()) {
    int shift = 0;
    bool found = false;
    for (const LayoutDim &ref : outDims) {
      if (ref.name == mine.name) {
        if (ref.log2Size != mine.log2Size)
          return fail("output dimension '" + mine.name + "' has size " +
                      std::to_string(mine.size()) + ", the other layout has " +
                      std::to_string(ref.size()));
        found = true;
        break;
      }
      shift += ref.log2Size;
    }
    if (!found)
      return fail("output dimension '" + mine.name +
                  "' is not an output dimension of the other layout");
    shiftOf.push_back(shift);
  }
  DistributedColumns result;
  result.outDims.assign(outDims.begin(), outDims.end());
  if (result.totalOutBits() > 63)
    return fail("the tensor is too large to plan (more than 2^63 elements)");
  for (int d = 0; d < kNumHwDims; ++d) {
    std::optional<unsigned> index =
        layout.getInDimIndex(dims::kDistributedInDims[d]);
    if (!index)
      continue;
    int offset = layout.getInDimBitOffset(*index);
    for (int bit = 0; bit < layout.getInDims()[*index].log2Size; ++bit) {
      uint64_t flat = layout.getColumns()[offset + bit];
      uint64_t mapped = 0;
      int from = 0;
      for (auto [k, mine] : llvm::enumerate(layout.getOutDims())) {
        uint64_t part = (flat >> from) & ((uint64_t(1) << mine.log2Size) - 1);
        mapped |= part << shiftOf[k];
        from += mine.log2Size;
      }
      result.columns[d].push_back(mapped);
    }
  }
  // Free bits in register, lane, warp, block order.
  F2Subspace seen;
  for (int d = 0; d < kNumHwDims; ++d)
    for (auto [i, v] : llvm::enumerate(result.columns[d]))
      if (!seen.add(v))
        result.freeMask[d] |= uint64_t(1) << i;
  return result;
}

llvm::SmallVector<int, 32>
mlir::ll::rowMajorUnitOrder(llvm::ArrayRef<LayoutDim> outDims) {
  llvm::SmallVector<int, 32> order;
  llvm::SmallVector<int, 4> starts;
  int shift = 0;
  for (const LayoutDim &d : outDims) {
    starts.push_back(shift);
    shift += d.log2Size;
  }
  for (int k = int(outDims.size()) - 1; k >= 0; --k)
    for (int b = 0; b < outDims[k].log2Size; ++b)
      order.push_back(starts[k] + b);
  return order;
}
