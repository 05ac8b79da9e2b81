//===- ConversionClassification.cpp - What a conversion B⁻¹A needs --------===//

#include "LinearLayout/Analysis/ConversionClassification.h"
#include "LinearLayout/Analysis/DistributedColumns.h"
#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Core/Error.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir::ll;

const char *mlir::ll::conversionKindName(ConversionKind kind) {
  switch (kind) {
  case ConversionKind::Noop:
    return "noop";
  case ConversionKind::Registers:
    return "registers";
  case ConversionKind::Shuffle:
    return "shuffle";
  case ConversionKind::SharedMemory:
    return "shared_memory";
  }
  return "?";
}

llvm::Expected<LinearLayout>
mlir::ll::normalizeDistributed(const LinearLayout &layout,
                               llvm::ArrayRef<std::string> outDimsOrder,
                               llvm::StringRef what) {
  for (const LayoutDim &in : layout.getInDims())
    if (!llvm::is_contained(dims::kDistributedInDims, in.name))
      return makeError(what.str() + ": input dimension '" + in.name +
                       "' is not one of register, lane, warp, block (a "
                       "distributed layout is expected)");
  if (layout.getOutDims().size() != outDimsOrder.size())
    return makeError(what.str() + ": output dimensions " +
                     layout.outDimsToString() +
                     " differ from the other layout's");
  for (const std::string &name : outDimsOrder)
    if (!layout.hasOutDim(name))
      return makeError(what.str() + ": has no output dimension '" + name +
                       "' (output dimensions " + layout.outDimsToString() +
                       ")");
  auto ordered = layout.transposeOuts(outDimsOrder);
  if (!ordered)
    return ordered.takeError();
  llvm::SmallVector<InDimBases, 4> bases;
  for (llvm::StringRef name : dims::kDistributedInDims) {
    InDimBases dim{name.str(), {}};
    if (std::optional<unsigned> index = ordered->getInDimIndex(name))
      for (int b = 0; b < ordered->getInDims()[*index].log2Size; ++b)
        dim.bases.push_back(ordered->getBasis(*index, b));
    bases.push_back(std::move(dim));
  }
  return LinearLayout::get(bases, ordered->getOutDims());
}

/// C = C' × id_dim: the columns of input `dim` are the unit vectors of output
/// `dim`, and no other input column has a component in output `dim`.
static bool isTrivialOver(const LinearLayout &c, unsigned dim) {
  int inOffset = c.getInDimBitOffset(dim);
  int outOffset = c.getOutDimBitOffset(dim);
  int bits = c.getInDims()[dim].log2Size;
  if (c.getOutDims()[dim].log2Size != bits)
    return false;
  uint64_t outMask = ((uint64_t(1) << bits) - 1) << outOffset;
  for (auto [i, column] : llvm::enumerate(c.getColumns())) {
    int index = int(i);
    if (index >= inOffset && index < inOffset + bits) {
      if (column != uint64_t(1) << (outOffset + index - inOffset))
        return false;
    } else if (column & outMask) {
      return false;
    }
  }
  return true;
}

llvm::Expected<ConversionClassification>
mlir::ll::classifyConversion(const LinearLayout &src, const LinearLayout &dst) {
  llvm::SmallVector<std::string, 4> outOrder;
  for (const LayoutDim &d : src.getOutDims())
    outOrder.push_back(d.name);
  auto a = normalizeDistributed(src, outOrder, "src");
  if (!a)
    return a.takeError();
  auto b = normalizeDistributed(dst, outOrder, "dst");
  if (!b)
    return b.takeError();
  for (auto [da, db] : llvm::zip(a->getOutDims(), b->getOutDims()))
    if (da.log2Size != db.log2Size)
      return makeError(
          "src and dst have different sizes in output dimension '" + da.name +
          "' (" + std::to_string(da.size()) + " and " +
          std::to_string(db.size()) + ")");
  if (!a->isSurjective())
    return makeError("src does not hold every element of the tensor");
  if (!b->isSurjective())
    return makeError("dst does not hold every element of the tensor");
  auto c = a->invertAndCompose(*b);
  if (!c)
    return c.takeError();
  ConversionClassification result;
  result.conversion = std::move(*c);
  for (unsigned dim = 0; dim < 4; ++dim)
    result.trivial[dim] = isTrivialOver(result.conversion, dim);
  // Without broadcast, the quotient of C decides. With broadcast, C is one
  // of several right inverses and its quotient can be wrong either way (C
  // may look non-trivial where no data crosses a thread; a trivial C only
  // says A's elements are in B's threads, not the converse). So decide by the
  // element sets (docs/planning.md §1): registers suffice when every thread
  // of B finds its elements in the same thread of A, shuffles when every
  // warp of B finds them in the same warp of A (with identical warp and
  // block bases, so that one plan serves every warp). Without broadcast
  // both criteria coincide with the quotient of C.
  auto columns = getConversionColumns(*a, *b);
  if (!columns)
    return columns.takeError();
  const DistributedColumns *ca = &columns->src, *cb = &columns->dst;
  F2Subspace regsA(ca->get(HwDim::Register));
  F2Subspace sliceA(concat({ca->get(HwDim::Register), ca->get(HwDim::Lane)}));
  bool registersSuffice = regsA.containsAll(cb->get(HwDim::Register));
  for (HwDim d : {HwDim::Lane, HwDim::Warp, HwDim::Block}) {
    if (ca->bits(d) != cb->bits(d)) {
      registersSuffice = false;
      continue;
    }
    for (auto [x, y] : llvm::zip(ca->get(d), cb->get(d)))
      registersSuffice = registersSuffice && regsA.contains(x ^ y);
  }
  bool shuffleSuffices = ca->get(HwDim::Warp) == cb->get(HwDim::Warp) &&
                         ca->get(HwDim::Block) == cb->get(HwDim::Block) &&
                         ca->bits(HwDim::Lane) == cb->bits(HwDim::Lane) &&
                         sliceA.isSpannedBy(concat(
                             {cb->get(HwDim::Register), cb->get(HwDim::Lane)}));
  result.sameBlocks = ca->get(HwDim::Block) == cb->get(HwDim::Block);

  if (*a == *b)
    result.kind = ConversionKind::Noop;
  else if (registersSuffice)
    result.kind = ConversionKind::Registers;
  else if (shuffleSuffices)
    result.kind = ConversionKind::Shuffle;
  else
    result.kind = ConversionKind::SharedMemory;
  if (registersSuffice) {
    // Source register of (r, l, w, b) in B: linear in the bits of r, l, w, b.
    // A register bit of B takes the A registers that sum to it; a lane (warp,
    // block) bit takes those that sum to the difference of the two layouts'
    // columns there.
    // A's non-free registers (independent), tagged by register number: the
    // coordinates of an element are the mask of A registers summing to it.
    F2Subspace regs;
    for (auto [r, column] : llvm::enumerate(ca->get(HwDim::Register)))
      if (!(ca->free(HwDim::Register) >> r & 1))
        regs.insert(column, int(r));
    llvm::SmallVector<uint64_t, 32> columns;
    llvm::SmallVector<LayoutDim, 4> inDims;
    for (HwDim d : {HwDim::Register, HwDim::Lane, HwDim::Warp, HwDim::Block}) {
      inDims.push_back(LayoutDim{hwDimName(d), cb->bits(d)});
      for (int i = 0; i < cb->bits(d); ++i) {
        uint64_t target = cb->get(d)[i];
        if (d != HwDim::Register && i < ca->bits(d))
          target ^= ca->get(d)[i];
        std::optional<uint64_t> mask = regs.coordinates(target);
        if (!mask)
          return makeError("internal error: a register of dst has no source");
        columns.push_back(*mask);
      }
    }
    llvm::SmallVector<LayoutDim, 1> outReg = {
        LayoutDim{dims::kRegister.str(), ca->bits(HwDim::Register)}};
    auto map = LinearLayout::getFromColumns(inDims, outReg, columns);
    if (!map)
      return map.takeError();
    result.registerMap = std::move(*map);
  }
  return result;
}
