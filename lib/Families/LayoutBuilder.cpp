//===- LayoutBuilder.cpp - Triton-order layout building blocks ------------===//
//
// See LayoutBuilder.h. The semantics of every helper follow Triton's
// LinearLayout and LayoutUtils; docs/families.md spells them out.
//
//===----------------------------------------------------------------------===//

#include "LayoutBuilder.h"
#include "LinearLayout/Core/DimNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir::ll;
using namespace mlir::ll::families;

static int log2Exact(int64_t size) {
  return size <= 1 ? 0 : int(llvm::Log2_64(uint64_t(size)));
}

LayoutBuilder LayoutBuilder::identity1D(int64_t size, llvm::StringRef inDim,
                                        llvm::StringRef outDim) {
  LayoutBuilder result;
  if (size == 0)
    return result;
  BuilderInDim in{inDim.str(), {}};
  for (int64_t value = 1; value < size; value *= 2)
    in.bases.push_back({value});
  result.ins.push_back(std::move(in));
  result.outs.push_back({outDim.str(), size});
  return result;
}

LayoutBuilder LayoutBuilder::zeros1D(int64_t size, llvm::StringRef inDim,
                                     llvm::StringRef outDim, int64_t outSize) {
  LayoutBuilder result;
  BuilderInDim in{inDim.str(), {}};
  for (int bit = 0; bit < log2Exact(size); ++bit)
    in.bases.push_back({0});
  result.ins.push_back(std::move(in));
  result.outs.push_back({outDim.str(), outSize});
  return result;
}

LayoutBuilder
LayoutBuilder::fromBases(std::vector<BuilderInDim> ins,
                         const std::vector<std::string> &outNames) {
  LayoutBuilder result;
  result.ins = std::move(ins);
  for (size_t i = 0; i < outNames.size(); ++i) {
    int64_t largest = 0;
    for (const BuilderInDim &in : result.ins)
      for (const BuilderBasis &basis : in.bases)
        largest = std::max(largest, basis[i]);
    // llvm::NextPowerOf2: strictly above the largest value.
    result.outs.push_back({outNames[i], int64_t(llvm::NextPowerOf2(largest))});
  }
  return result;
}

int LayoutBuilder::getOutIndex(llvm::StringRef name) const {
  for (size_t i = 0; i < outs.size(); ++i)
    if (outs[i].first == name)
      return int(i);
  return -1;
}

int64_t LayoutBuilder::getOutSize(llvm::StringRef name) const {
  int index = getOutIndex(name);
  return index < 0 ? 1 : outs[index].second;
}

BuilderInDim *LayoutBuilder::findIn(llvm::StringRef name) {
  for (BuilderInDim &in : ins)
    if (in.name == name)
      return &in;
  return nullptr;
}

std::vector<std::string> LayoutBuilder::getOutNames() const {
  std::vector<std::string> names;
  for (const auto &out : outs)
    names.push_back(out.first);
  return names;
}

LayoutBuilder LayoutBuilder::operator*(const LayoutBuilder &rhs) const {
  LayoutBuilder result;
  result.outs = outs;
  for (const auto &out : rhs.outs) {
    int index = result.getOutIndex(out.first);
    if (index < 0)
      result.outs.push_back(out);
    else
      result.outs[index].second *= out.second;
  }
  size_t numOuts = result.outs.size();
  // Widen this layout's bases to the new output list (new dims are last).
  for (const BuilderInDim &in : ins) {
    BuilderInDim widened{in.name, {}};
    for (const BuilderBasis &basis : in.bases) {
      BuilderBasis b(numOuts, 0);
      std::copy(basis.begin(), basis.end(), b.begin());
      widened.bases.push_back(std::move(b));
    }
    result.ins.push_back(std::move(widened));
  }
  for (const BuilderInDim &in : rhs.ins) {
    BuilderInDim *target = result.findIn(in.name);
    if (!target) {
      result.ins.push_back({in.name, {}});
      target = &result.ins.back();
    }
    for (const BuilderBasis &basis : in.bases) {
      BuilderBasis b(numOuts, 0);
      for (size_t i = 0; i < rhs.outs.size(); ++i) {
        // Values in an output dim shared with this layout are shifted above
        // this layout's part of it.
        int index = result.getOutIndex(rhs.outs[i].first);
        b[index] = basis[i] * getOutSize(rhs.outs[i].first);
      }
      target->bases.push_back(std::move(b));
    }
  }
  return result;
}

LayoutBuilder
LayoutBuilder::transposeOuts(const std::vector<std::string> &names) const {
  LayoutBuilder result;
  std::vector<int> from;
  for (const std::string &name : names) {
    int index = getOutIndex(name);
    from.push_back(index);
    result.outs.push_back(index < 0 ? std::make_pair(name, int64_t(1))
                                    : outs[index]);
  }
  for (const BuilderInDim &in : ins) {
    BuilderInDim permuted{in.name, {}};
    for (const BuilderBasis &basis : in.bases) {
      BuilderBasis b;
      for (int index : from)
        b.push_back(index < 0 ? 0 : basis[index]);
      permuted.bases.push_back(std::move(b));
    }
    result.ins.push_back(std::move(permuted));
  }
  return result;
}

llvm::Expected<LinearLayout>
LayoutBuilder::toLinearLayout(llvm::ArrayRef<std::string> inNames,
                              llvm::ArrayRef<int64_t> shape) const {
  std::vector<std::string> standard = standardOutNames(int(shape.size()));
  LayoutBuilder ordered = transposeOuts(standard);
  llvm::SmallVector<LayoutDim, 4> outDims;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (ordered.outs[i].second != shape[i])
      return makeError("internal error: the layout covers " +
                       llvm::Twine(ordered.outs[i].second) + " elements of " +
                       standard[i] + ", not " + llvm::Twine(shape[i]));
    auto dim = makeLayoutDim(standard[i], shape[i], "output");
    if (!dim)
      return dim.takeError();
    outDims.push_back(*dim);
  }
  for (const BuilderInDim &in : ordered.ins)
    if (!llvm::is_contained(inNames, in.name))
      return makeError("internal error: unexpected input dimension " + in.name);
  llvm::SmallVector<InDimBases, 4> bases;
  for (const std::string &name : inNames) {
    InDimBases dimBases{name, {}};
    for (const BuilderInDim &in : ordered.ins)
      if (in.name == name)
        for (const BuilderBasis &basis : in.bases)
          dimBases.bases.push_back(Basis(basis.begin(), basis.end()));
    bases.push_back(std::move(dimBases));
  }
  return LinearLayout::get(bases, outDims);
}

std::vector<std::string> families::standardOutNames(int rank) {
  std::vector<std::string> names;
  for (int i = 0; i < rank; ++i)
    names.push_back(dims::tensorDim(i));
  return names;
}

std::vector<std::string>
families::permuteNames(const std::vector<std::string> &names,
                       llvm::ArrayRef<int64_t> order) {
  std::vector<std::string> result;
  for (int64_t d : order)
    result.push_back(names[d]);
  return result;
}

LayoutBuilder families::identityStandardND(
    llvm::StringRef inDim, llvm::ArrayRef<int64_t> sizes,
    llvm::ArrayRef<int64_t> order, std::optional<int64_t> broadcastDim) {
  std::vector<std::string> names = standardOutNames(int(sizes.size()));
  LayoutBuilder result;
  for (int64_t d : order)
    result *= d == broadcastDim
                  ? LayoutBuilder::zeros1D(sizes[d], inDim, names[d])
                  : LayoutBuilder::identity1D(sizes[d], inDim, names[d]);
  return result;
}

std::vector<int64_t> families::getMatrixOrder(int rank, bool rowMajor) {
  std::vector<int64_t> order;
  for (int i = rank - 1; i >= 0; --i)
    order.push_back(i);
  if (!rowMajor && rank >= 2)
    std::swap(order[0], order[1]);
  return order;
}

std::vector<int64_t> families::getOrderForDotOperand(int opIdx, int rank,
                                                     bool kContig) {
  int64_t kDim = opIdx == 0 ? rank - 1 : rank - 2;
  int64_t nonKDim = opIdx == 0 ? rank - 2 : rank - 1;
  std::vector<int64_t> order = kContig ? std::vector<int64_t>{kDim, nonKDim}
                                       : std::vector<int64_t>{nonKDim, kDim};
  for (int i = rank - 3; i >= 0; --i)
    order.push_back(i);
  return order;
}

static int64_t lookupSize(const std::vector<std::string> &names,
                          llvm::ArrayRef<int64_t> sizes, llvm::StringRef name) {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name)
      return sizes[i];
  return 1;
}

LayoutBuilder families::ensureNotSmaller(const LayoutBuilder &layout,
                                         const std::vector<std::string> &names,
                                         llvm::ArrayRef<int64_t> sizes) {
  if (layout.getIns().empty())
    return layout;
  std::string firstIn = layout.getIns().front().name;
  LayoutBuilder result = layout;
  for (size_t i = 0; i < names.size(); ++i) {
    int64_t actual = layout.getOutSize(names[i]);
    if (actual >= sizes[i])
      continue;
    result *= LayoutBuilder::identity1D(sizes[i] / actual, firstIn, names[i]);
  }
  return result;
}

LayoutBuilder families::ensureNotLarger(const LayoutBuilder &layout,
                                        const std::vector<std::string> &names,
                                        llvm::ArrayRef<int64_t> sizes) {
  // Triton 3.6 (combineCtaCgaWithShape, broadcastRegisters = false): every
  // basis reaching `desired` or beyond in an output dimension is zeroed
  // there -- registers included, so they become duplicates rather than
  // disappearing.
  LayoutBuilder result = layout;
  const auto &outs = layout.getOuts();
  for (size_t outIndex = 0; outIndex < outs.size(); ++outIndex) {
    int64_t actual = outs[outIndex].second;
    int64_t desired = lookupSize(names, sizes, outs[outIndex].first);
    if (actual <= desired)
      continue;
    for (BuilderInDim &in : result.getIns())
      for (BuilderBasis &basis : in.bases)
        if (basis[outIndex] >= desired)
          basis[outIndex] = 0;
    result.setOutSize(unsigned(outIndex), desired);
  }
  return result;
}

LayoutBuilder families::cgaBuilder(const CgaLayout &cga,
                                   llvm::ArrayRef<int64_t> shape) {
  std::vector<std::string> standard = standardOutNames(int(shape.size()));
  BuilderInDim block{dims::kBlock.str(), {}};
  for (const auto &basis : cga)
    block.bases.push_back(BuilderBasis(basis.begin(), basis.end()));
  // Sizes: the power of two above the largest value (1 where none reaches).
  LayoutBuilder layout = LayoutBuilder::fromBases({std::move(block)}, standard);
  return ensureNotLarger(layout, standard, shape);
}

std::vector<int64_t> families::shapePerCta(const CgaLayout &cga,
                                           llvm::ArrayRef<int64_t> shape) {
  LayoutBuilder layout = cgaBuilder(cga, shape);
  std::vector<int64_t> result;
  for (size_t d = 0; d < shape.size(); ++d)
    result.push_back(std::max<int64_t>(
        1, shape[d] / layout.getOutSize(dims::tensorDim(int(d)))));
  return result;
}

LayoutBuilder families::combineWithShape(const LayoutBuilder &ctaLayout,
                                         llvm::ArrayRef<int64_t> shape,
                                         const CgaLayout &cga) {
  std::vector<std::string> standard = standardOutNames(int(shape.size()));
  // Make sure every output dimension exists (size 1 when the CTA layout
  // never mentions it), keeping the CTA layout's order first.
  std::vector<std::string> order = ctaLayout.getOutNames();
  for (const std::string &name : standard)
    if (ctaLayout.getOutIndex(name) < 0)
      order.push_back(name);
  LayoutBuilder cta = ctaLayout.transposeOuts(order);
  std::vector<int64_t> ctaShape = shapePerCta(cga, shape);
  std::vector<int64_t> sizes;
  for (const std::string &name : order)
    for (size_t d = 0; d < standard.size(); ++d)
      if (standard[d] == name)
        sizes.push_back(ctaShape[d]);
  cta = ensureNotSmaller(cta, order, sizes);
  cta = ensureNotLarger(cta, order, sizes);
  if (cga.empty()) {
    if (!cta.findIn(dims::kBlock))
      cta.getIns().push_back({dims::kBlock.str(), {}});
  } else {
    cta *= cgaBuilder(cga, shape).transposeOuts(order);
  }
  return cta.transposeOuts(standard);
}

llvm::ArrayRef<std::string> families::distributedInNames() {
  static const std::string names[] = {dims::kRegister.str(), dims::kLane.str(),
                                      dims::kWarp.str(), dims::kBlock.str()};
  return names;
}

llvm::ArrayRef<std::string> families::sharedInNames() {
  static const std::string names[] = {dims::kOffset.str(), dims::kBlock.str()};
  return names;
}
