//===- ConversionClassification.cpp - What a conversion B⁻¹A needs --------===//

#include "LinearLayout/Analysis/ConversionClassification.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir::ll;

static const char *kHwDims[4] = {"register", "lane", "warp", "block"};

static llvm::Error error(const std::string &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

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
    if (!llvm::is_contained(kHwDims, in.name))
      return error(what.str() + ": input dimension '" + in.name +
                   "' is not one of register, lane, warp, block (a "
                   "distributed layout is expected)");
  if (layout.getOutDims().size() != outDimsOrder.size())
    return error(what.str() + ": output dimensions " +
                 layout.outDimsToString() +
                 " differ from the other layout's");
  for (const std::string &name : outDimsOrder)
    if (!layout.hasOutDim(name))
      return error(what.str() + ": has no output dimension '" + name +
                   "' (output dimensions " + layout.outDimsToString() + ")");
  auto ordered = layout.transposeOuts(outDimsOrder);
  if (!ordered)
    return ordered.takeError();
  llvm::SmallVector<InDimBases, 4> bases;
  for (const char *name : kHwDims) {
    InDimBases dim{name, {}};
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
      return error("src and dst have different sizes in output dimension '" +
                   da.name + "' (" + std::to_string(da.size()) + " and " +
                   std::to_string(db.size()) + ")");
  if (!a->isSurjective())
    return error("src does not hold every element of the tensor");
  if (!b->isSurjective())
    return error("dst does not hold every element of the tensor");
  auto c = a->invertAndCompose(*b);
  if (!c)
    return c.takeError();
  ConversionClassification result;
  result.conversion = std::move(*c);
  for (unsigned dim = 0; dim < 4; ++dim)
    result.trivial[dim] = isTrivialOver(result.conversion, dim);
  // Quotient from the top: the highest non-trivial dimension decides.
  if (!result.trivial[3] || !result.trivial[2])
    result.kind = ConversionKind::SharedMemory;
  else if (!result.trivial[1])
    result.kind = ConversionKind::Shuffle;
  else if (!result.trivial[0] || *a != *b)
    result.kind = ConversionKind::Registers;
  else
    result.kind = ConversionKind::Noop;
  return result;
}
