//===- LinearLayoutReshape.cpp - Reshaping a LinearLayout's dimensions ----===//
//
// Operations that keep the map and change how its dimensions are named,
// split, ordered or selected: sublayout, reshape, transpose and flatten.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Core/Error.h"
#include "LinearLayout/Core/LinearLayout.h"
#include "LinearLayoutDims.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir::ll;
using namespace mlir::ll::detail;

/// Looks every name up in `dims` and returns the indices, in `dims` order.
static Expected<SmallVector<unsigned, 4>>
selectDims(ArrayRef<LayoutDim> dims, ArrayRef<std::string> names,
           StringRef what) {
  llvm::StringSet<> seen;
  SmallVector<unsigned, 4> indices;
  for (const std::string &name : names) {
    if (!findDim(dims, name))
      return makeError("{0}: unknown dimension '{1}' (have {2})", what, name,
                       dimNames(dims));
    if (!seen.insert(name).second)
      return makeError("{0}: dimension '{1}' listed twice", what, name);
  }
  for (auto [i, dim] : llvm::enumerate(dims))
    if (seen.contains(dim.name))
      indices.push_back(unsigned(i));
  return indices;
}

Expected<LinearLayout>
LinearLayout::sublayout(ArrayRef<std::string> inDimNames,
                        ArrayRef<std::string> outDimNames) const {
  Expected<SmallVector<unsigned, 4>> ins =
      selectDims(inDims, inDimNames, "sublayout");
  if (!ins)
    return ins.takeError();
  Expected<SmallVector<unsigned, 4>> outs =
      selectDims(outDims, outDimNames, "sublayout");
  if (!outs)
    return outs.takeError();
  LinearLayout result;
  for (unsigned i : *outs)
    result.outDims.push_back(outDims[i]);
  for (unsigned i : *ins) {
    result.inDims.push_back(inDims[i]);
    int offset = getInDimBitOffset(i);
    for (int bit = 0; bit < inDims[i].log2Size; ++bit) {
      uint64_t column = columns[offset + bit], projected = 0;
      int to = 0;
      for (unsigned j : *outs) {
        int from = getOutDimBitOffset(j), bits = outDims[j].log2Size;
        projected |= ((column >> from) & lowMask(bits)) << to;
        to += bits;
      }
      result.columns.push_back(projected);
    }
  }
  return result;
}

/// Replaces `dims` (the layout's `role` dimensions: "input" or "output") by
/// `newDims` of the same total size; `op` names the operation in errors.
static llvm::Error reshapeDims(SmallVector<LayoutDim, 4> &dims,
                               ArrayRef<LayoutDim> newDims, StringRef role,
                               StringRef op) {
  if (auto err = verifyDims(newDims, role))
    return err;
  if (totalBits(newDims) != totalBits(dims))
    return makeError("{0}: the new {1} dimensions have {2} elements in total, "
                     "the layout has {3}",
                     op, role, uint64_t(1) << totalBits(newDims),
                     uint64_t(1) << totalBits(dims));
  dims.assign(newDims.begin(), newDims.end());
  return llvm::Error::success();
}

Expected<LinearLayout>
LinearLayout::reshapeIns(ArrayRef<LayoutDim> newInDims) const {
  LinearLayout result = *this;
  if (auto err = reshapeDims(result.inDims, newInDims, "input", "reshape_ins"))
    return std::move(err);
  return result;
}

Expected<LinearLayout>
LinearLayout::reshapeOuts(ArrayRef<LayoutDim> newOutDims) const {
  LinearLayout result = *this;
  if (auto err =
          reshapeDims(result.outDims, newOutDims, "output", "reshape_outs"))
    return std::move(err);
  return result;
}

/// Checks that `order` is a permutation of the names in `dims`.
static llvm::Error verifyPermutation(ArrayRef<LayoutDim> dims,
                                     ArrayRef<std::string> order,
                                     StringRef what) {
  Expected<SmallVector<unsigned, 4>> selected = selectDims(dims, order, what);
  if (!selected)
    return selected.takeError();
  if (selected->size() != dims.size())
    return makeError("{0}: the order must list every dimension of {1}", what,
                     dimNames(dims));
  return llvm::Error::success();
}

Expected<LinearLayout>
LinearLayout::transposeIns(ArrayRef<std::string> order) const {
  if (auto err = verifyPermutation(inDims, order, "transpose_ins"))
    return std::move(err);
  LinearLayout result;
  result.outDims = outDims;
  for (const std::string &name : order) {
    unsigned i = *findDim(inDims, name);
    result.inDims.push_back(inDims[i]);
    int offset = getInDimBitOffset(i);
    for (int bit = 0; bit < inDims[i].log2Size; ++bit)
      result.columns.push_back(columns[offset + bit]);
  }
  return result;
}

Expected<LinearLayout>
LinearLayout::transposeOuts(ArrayRef<std::string> order) const {
  if (auto err = verifyPermutation(outDims, order, "transpose_outs"))
    return std::move(err);
  LinearLayout result;
  result.inDims = inDims;
  for (const std::string &name : order)
    result.outDims.push_back(outDims[*findDim(outDims, name)]);
  FlatTranslator reorder(outDims, result.outDims);
  for (uint64_t column : columns)
    result.columns.push_back(reorder(column));
  return result;
}

/// Merges `dims` into one dimension named like the first; `role` names the
/// result in errors.
static llvm::Error flattenDims(SmallVector<LayoutDim, 4> &dims,
                               StringRef role) {
  if (dims.size() <= 1)
    return llvm::Error::success();
  SmallVector<LayoutDim, 4> flat = {
      LayoutDim{dims.front().name, totalBits(dims)}};
  if (auto err = verifyDims(flat, role))
    return err;
  dims = std::move(flat);
  return llvm::Error::success();
}

Expected<LinearLayout> LinearLayout::flattenIns() const {
  LinearLayout result = *this;
  if (auto err = flattenDims(result.inDims, "flatten_ins: the flattened input"))
    return std::move(err);
  return result;
}

Expected<LinearLayout> LinearLayout::flattenOuts() const {
  LinearLayout result = *this;
  if (auto err =
          flattenDims(result.outDims, "flatten_outs: the flattened output"))
    return std::move(err);
  return result;
}
