//===- LinearLayout.cpp - Layouts as linear maps over F2 ------------------===//
//
// The derivations behind invertAndCompose, pseudoinvert and the divisions are
// in docs/algebra.md.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Core/LinearLayout.h"
#include "LinearLayout/Core/Error.h"
#include "LinearLayout/Core/F2Subspace.h"
#include "LinearLayoutDims.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir::ll;
using namespace mlir::ll::detail;

static bool isIdentifier(StringRef name) {
  if (name.empty() || !(llvm::isAlpha(name[0]) || name[0] == '_'))
    return false;
  return llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

Expected<LayoutDim> mlir::ll::makeLayoutDim(StringRef name, int64_t size,
                                            StringRef role) {
  if (!isIdentifier(name))
    return makeError("{0} dimension name '{1}' is not an identifier "
                     "([A-Za-z_][A-Za-z0-9_]*)",
                     role, name);
  if (size <= 0 || !llvm::isPowerOf2_64(uint64_t(size)))
    return makeError("{0} dimension '{1}' has size {2}, which is not a "
                     "positive power of two",
                     role, name, size);
  return LayoutDim{name.str(), int32_t(llvm::Log2_64(uint64_t(size)))};
}

llvm::Error mlir::ll::detail::verifyDims(ArrayRef<LayoutDim> dims,
                                         StringRef role) {
  if (dims.size() > size_t(kMaxLayoutDims))
    return makeError("a layout has {0} {1} dimensions; at most {2} are "
                     "supported",
                     dims.size(), role, kMaxLayoutDims);
  int64_t totalBits = 0;
  for (auto [index, dim] : llvm::enumerate(dims)) {
    if (!isIdentifier(dim.name))
      return makeError("{0} dimension name '{1}' is not an identifier "
                       "([A-Za-z_][A-Za-z0-9_]*)",
                       role, dim.name);
    // Layouts have a handful of dimensions: a quadratic scan beats hashing
    // (this check runs on every layout built from Python).
    for (const LayoutDim &earlier : dims.take_front(index))
      if (earlier.name == dim.name)
        return makeError("{0} dimension '{1}' is listed twice", role, dim.name);
    if (dim.log2Size < 0)
      return makeError("{0} dimension '{1}' has an invalid size", role,
                       dim.name);
    if (dim.log2Size > kMaxDimBits)
      return makeError("{0} dimension '{1}' would have 2^{2} elements; at "
                       "most 2^{3} are supported per dimension",
                       role, dim.name, dim.log2Size, kMaxDimBits);
    totalBits += dim.log2Size;
  }
  if (totalBits > kMaxLayoutBits)
    return makeError("the {0} dimensions have {1} bits in total; at most {2} "
                     "are supported",
                     role, totalBits, kMaxLayoutBits);
  return llvm::Error::success();
}

/// Checks that every dimension of `sub` exists in `super` at most as large.
static llvm::Error verifyDimsFit(ArrayRef<LayoutDim> sub,
                                 ArrayRef<LayoutDim> super, StringRef what) {
  for (const LayoutDim &dim : sub) {
    std::optional<unsigned> index = findDim(super, dim.name);
    if (!index)
      return makeError("{0}: dimension '{1}' is missing (have {2})", what,
                       dim.name, dimNames(super));
    if (super[*index].log2Size < dim.log2Size)
      return makeError("{0}: dimension '{1}' has size {2}, larger than {3}",
                       what, dim.name, dim.size(), super[*index].size());
  }
  return llvm::Error::success();
}

static bool sameNames(ArrayRef<LayoutDim> a, ArrayRef<LayoutDim> b) {
  if (a.size() != b.size())
    return false;
  return llvm::all_of(
      a, [&](const LayoutDim &d) { return findDim(b, d.name).has_value(); });
}

/// The translation of flat values of `dims` into the flat space of `target`,
/// once both name the same dimensions (else the error `mismatch`, formatted
/// with the two name lists) and each of `dims` fits in its namesake.
static Expected<FlatTranslator> translatorInto(ArrayRef<LayoutDim> dims,
                                               ArrayRef<LayoutDim> target,
                                               StringRef op,
                                               const char *mismatch) {
  if (!sameNames(dims, target))
    return makeError(mismatch, dimNames(dims), dimNames(target));
  if (auto err = verifyDimsFit(dims, target, op))
    return std::move(err);
  return FlatTranslator(dims, target);
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

Expected<LinearLayout> LinearLayout::get(ArrayRef<InDimBases> bases,
                                         ArrayRef<LayoutDim> outDims) {
  SmallVector<LayoutDim, 4> inDims;
  SmallVector<uint64_t, 16> columns;
  for (const InDimBases &dim : bases) {
    if (dim.bases.size() > size_t(kMaxLayoutBits))
      return makeError("input dimension '{0}' has {1} bases; at most {2} "
                       "are supported",
                       dim.name, dim.bases.size(), kMaxLayoutBits);
    inDims.push_back({dim.name, int32_t(dim.bases.size())});
  }
  if (auto err = verifyDims(inDims, "input"))
    return std::move(err);
  if (auto err = verifyDims(outDims, "output"))
    return std::move(err);
  for (const InDimBases &dim : bases) {
    for (auto [bit, basis] : llvm::enumerate(dim.bases)) {
      if (basis.size() != outDims.size())
        return makeError("basis {0} of input dimension '{1}' has {2} "
                         "values; expected one per output dimension {3}",
                         bit, dim.name, basis.size(), dimNames(outDims));
      uint64_t column = 0;
      int offset = 0;
      for (auto [value, outDim] : llvm::zip_equal(basis, outDims)) {
        if (value < 0 || value >= outDim.size())
          return makeError("basis {0} of input dimension '{1}' has value {2} "
                           "for output dimension '{3}', which has size {4}",
                           bit, dim.name, value, outDim.name, outDim.size());
        column |= uint64_t(value) << offset;
        offset += outDim.log2Size;
      }
      columns.push_back(column);
    }
  }
  LinearLayout layout;
  layout.inDims = std::move(inDims);
  layout.outDims.assign(outDims.begin(), outDims.end());
  layout.columns = std::move(columns);
  return layout;
}

Expected<LinearLayout>
LinearLayout::getFromColumns(ArrayRef<LayoutDim> inDims,
                             ArrayRef<LayoutDim> outDims,
                             ArrayRef<uint64_t> columns) {
  return getFromOwnedColumns(SmallVector<LayoutDim, 4>(inDims),
                             SmallVector<LayoutDim, 4>(outDims),
                             SmallVector<uint64_t, 16>(columns));
}

Expected<LinearLayout>
LinearLayout::getFromOwnedColumns(SmallVector<LayoutDim, 4> &&inDims,
                                  SmallVector<LayoutDim, 4> &&outDims,
                                  SmallVector<uint64_t, 16> &&columns) {
  if (auto err = verifyDims(inDims, "input"))
    return std::move(err);
  if (auto err = verifyDims(outDims, "output"))
    return std::move(err);
  if (int(columns.size()) != totalBits(inDims))
    return makeError("{0} columns given for {1} input bits", columns.size(),
                     totalBits(inDims));
  uint64_t outMask = lowMask(totalBits(outDims));
  for (auto [i, column] : llvm::enumerate(columns))
    if (column & ~outMask)
      return makeError("column {0} ({1}) is outside the output space of {2} "
                       "bits",
                       i, column, totalBits(outDims));
  LinearLayout layout;
  layout.inDims = std::move(inDims);
  layout.outDims = std::move(outDims);
  layout.columns = std::move(columns);
  return layout;
}

Expected<LinearLayout> LinearLayout::strided1D(int64_t size, int64_t stride,
                                               StringRef inDim,
                                               StringRef outDim) {
  Expected<LayoutDim> in = makeLayoutDim(inDim, size, "input");
  if (!in)
    return in.takeError();
  if (stride < 0 || (stride > 0 && !llvm::isPowerOf2_64(uint64_t(stride))))
    return makeError("stride {0} is not zero or a power of two", stride);
  if (stride > 0 && in->log2Size + llvm::Log2_64(uint64_t(stride)) > 62)
    return makeError("size {0} with stride {1} is too large", size, stride);
  int64_t outSize = stride == 0 ? 1 : size * stride;
  Expected<LayoutDim> out = makeLayoutDim(outDim, outSize, "output");
  if (!out)
    return out.takeError();
  SmallVector<uint64_t, 16> columns;
  for (int i = 0; i < in->log2Size; ++i)
    columns.push_back(uint64_t(stride) << i);
  return getFromColumns({*in}, {*out}, columns);
}

Expected<LinearLayout> LinearLayout::identity1D(int64_t size, StringRef inDim,
                                                StringRef outDim) {
  return strided1D(size, 1, inDim, outDim);
}

Expected<LinearLayout> LinearLayout::zeros1D(int64_t size, StringRef inDim,
                                             StringRef outDim,
                                             int64_t outSize) {
  Expected<LayoutDim> in = makeLayoutDim(inDim, size, "input");
  if (!in)
    return in.takeError();
  Expected<LayoutDim> out = makeLayoutDim(outDim, outSize, "output");
  if (!out)
    return out.takeError();
  SmallVector<uint64_t, 16> columns(in->log2Size, 0);
  return getFromColumns({*in}, {*out}, columns);
}

//===----------------------------------------------------------------------===//
// Shape queries, bases and evaluation
//===----------------------------------------------------------------------===//

std::optional<unsigned> LinearLayout::getInDimIndex(StringRef name) const {
  return findDim(inDims, name);
}
std::optional<unsigned> LinearLayout::getOutDimIndex(StringRef name) const {
  return findDim(outDims, name);
}
int32_t LinearLayout::getInDimSizeLog2(StringRef name) const {
  std::optional<unsigned> i = findDim(inDims, name);
  return i ? inDims[*i].log2Size : 0;
}
int32_t LinearLayout::getOutDimSizeLog2(StringRef name) const {
  std::optional<unsigned> i = findDim(outDims, name);
  return i ? outDims[*i].log2Size : 0;
}
int LinearLayout::getTotalOutBits() const { return totalBits(outDims); }
int LinearLayout::getInDimBitOffset(unsigned dimIndex) const {
  return bitOffset(inDims, dimIndex);
}
int LinearLayout::getOutDimBitOffset(unsigned dimIndex) const {
  return bitOffset(outDims, dimIndex);
}

/// The per-dimension values of the flat index `flat` over `dims`.
static SmallVector<int64_t> unflatten(ArrayRef<LayoutDim> dims, uint64_t flat) {
  SmallVector<int64_t> values;
  for (const LayoutDim &dim : dims) {
    values.push_back(int64_t(flat & lowMask(dim.log2Size)));
    flat = dim.log2Size >= 64 ? 0 : flat >> dim.log2Size;
  }
  return values;
}

SmallVector<int64_t> LinearLayout::unflattenOut(uint64_t flat) const {
  return unflatten(outDims, flat);
}

SmallVector<int64_t> LinearLayout::unflattenIn(uint64_t flat) const {
  return unflatten(inDims, flat);
}

Basis LinearLayout::getBasis(unsigned dimIndex, int bit) const {
  SmallVector<int64_t> values =
      unflattenOut(columns[getInDimBitOffset(dimIndex) + bit]);
  return Basis(values.begin(), values.end());
}

SmallVector<InDimBases, 4> LinearLayout::getBases() const {
  SmallVector<InDimBases, 4> result;
  int flatBit = 0;
  for (const LayoutDim &dim : inDims) {
    InDimBases entry{dim.name, {}};
    for (int bit = 0; bit < dim.log2Size; ++bit) {
      SmallVector<int64_t> values = unflattenOut(columns[flatBit++]);
      entry.bases.emplace_back(values.begin(), values.end());
    }
    result.push_back(std::move(entry));
  }
  return result;
}

Expected<SmallVector<DimValue>>
LinearLayout::apply(ArrayRef<DimValue> inputs) const {
  uint64_t flat = 0;
  uint64_t given = 0;
  for (const auto &[name, value] : inputs) {
    std::optional<unsigned> index = findDim(inDims, name);
    if (!index)
      return makeError("apply: unknown input dimension '{0}' (have {1})", name,
                       dimNames(inDims));
    if (given >> *index & 1)
      return makeError("apply: input dimension '{0}' given twice", name);
    given |= uint64_t(1) << *index;
    if (value < 0 || value >= inDims[*index].size())
      return makeError("apply: value {0} is out of range for input dimension "
                       "'{1}' of size {2}",
                       value, name, inDims[*index].size());
    flat |= uint64_t(value) << getInDimBitOffset(*index);
  }
  // A missing input dimension of size 1 can only be 0 (Triton's apply
  // treats it so); a larger one must be given.
  for (auto [i, dim] : llvm::enumerate(inDims))
    if (!(given >> i & 1) && dim.log2Size != 0)
      return makeError("apply: input dimension '{0}' is missing", dim.name);
  SmallVector<int64_t> values = unflattenOut(applyFlat(flat));
  SmallVector<DimValue> result;
  for (auto [dim, value] : llvm::zip_equal(outDims, values))
    result.emplace_back(dim.name, value);
  return result;
}

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

Expected<LinearLayout> LinearLayout::compose(const LinearLayout &outer) const {
  Expected<FlatTranslator> toOuterInput =
      translatorInto(outDims, outer.inDims, "compose",
                     "compose: the output dimensions {0} of the first layout "
                     "must be the input dimensions {1} of the second");
  if (!toOuterInput)
    return toOuterInput.takeError();
  LinearLayout result;
  result.inDims = inDims;
  result.outDims = outer.outDims;
  for (uint64_t column : columns)
    result.columns.push_back(outer.applyFlat((*toOuterInput)(column)));
  return result;
}

/// Builds the layout with the given dims whose column for flat input bit i
/// is `columnOf(i)`.
template <typename Fn>
static LinearLayout buildLayout(ArrayRef<LayoutDim> inDims,
                                ArrayRef<LayoutDim> outDims, Fn columnOf) {
  SmallVector<uint64_t, 16> columns;
  for (int i = 0, e = totalBits(inDims); i < e; ++i)
    columns.push_back(columnOf(i));
  // Dims come from valid layouts and columns from their spaces.
  return cantFail(LinearLayout::getFromColumns(inDims, outDims, columns));
}

/// The kernel of the map given by `columns`, as vectors in the input space.
static SmallVector<uint64_t, 16> kernelOf(ArrayRef<uint64_t> columns,
                                          F2Subspace &image) {
  SmallVector<uint64_t, 16> kernel;
  for (auto [i, column] : llvm::enumerate(columns)) {
    uint64_t dependency;
    if (!image.insert(column, int(i), &dependency))
      kernel.push_back(dependency);
  }
  return kernel;
}

Expected<LinearLayout> LinearLayout::invert() const {
  if (!isInvertible())
    return makeError("invert: the layout {0} -> {1} is not invertible "
                     "({2} input bits, {3} output bits, rank {4})",
                     dimNames(inDims), dimNames(outDims), getTotalInBits(),
                     getTotalOutBits(), getRank());
  return pseudoinvert();
}

Expected<LinearLayout> LinearLayout::pseudoinvert() const {
  F2Subspace image;
  SmallVector<uint64_t, 16> kernel = kernelOf(columns, image);
  if (image.dim() != getTotalOutBits())
    return makeError("pseudoinvert: the layout is not surjective (rank {0}, "
                     "{1} output bits)",
                     image.dim(), getTotalOutBits());
  // reduce() picks the smallest member of the coset (docs/algebra.md).
  F2Subspace lowest(kernel);
  return buildLayout(outDims, inDims, [&](int bit) {
    return lowest.reduce(*image.coordinates(uint64_t(1) << bit));
  });
}

Expected<LinearLayout>
LinearLayout::invertAndCompose(const LinearLayout &outer) const {
  Expected<FlatTranslator> translator =
      translatorInto(outDims, outer.outDims, "invert_and_compose",
                     "invert_and_compose: the layouts have different output "
                     "dimensions ({0} and {1})");
  if (!translator)
    return translator.takeError();
  const FlatTranslator &toOuterOutput = *translator;

  F2Subspace outerImage;
  F2Subspace lowest(kernelOf(outer.columns, outerImage));

  // An input dimension both layouts map identically stays the identity (the
  // paper's first criterion): nothing moves along it.
  SmallVector<int, 4> identicalOffset(inDims.size(), -1);
  for (auto [i, dim] : llvm::enumerate(inDims)) {
    std::optional<unsigned> j = findDim(outer.inDims, dim.name);
    if (!j || outer.inDims[*j].log2Size != dim.log2Size)
      continue;
    int mine = getInDimBitOffset(i), theirs = outer.getInDimBitOffset(*j);
    bool same = true;
    for (int bit = 0; bit < dim.log2Size && same; ++bit)
      same = toOuterOutput(columns[mine + bit]) == outer.columns[theirs + bit];
    if (same)
      identicalOffset[i] = theirs;
  }

  LinearLayout result;
  result.inDims = inDims;
  result.outDims = outer.inDims;
  for (auto [i, dim] : llvm::enumerate(inDims)) {
    int offset = getInDimBitOffset(i);
    for (int bit = 0; bit < dim.log2Size; ++bit) {
      if (identicalOffset[i] >= 0) {
        result.columns.push_back(uint64_t(1) << (identicalOffset[i] + bit));
        continue;
      }
      uint64_t target = toOuterOutput(columns[offset + bit]);
      std::optional<uint64_t> preimage = outerImage.coordinates(target);
      if (!preimage) {
        SmallVector<int64_t> values = outer.unflattenOut(target);
        std::string where;
        for (auto [k, v] : llvm::enumerate(values))
          where += (k ? ", " : "") + std::to_string(v);
        return makeError("invert_and_compose: bit {0} of input dimension "
                         "'{1}' reaches element ({2}), which the second "
                         "layout never holds",
                         bit, dim.name, where);
      }
      // Broadcast in `outer` leaves a choice; take the lowest input (the
      // paper's second criterion).
      result.columns.push_back(lowest.reduce(*preimage));
    }
  }
  return result;
}

/// Merges two dim lists: `first`'s in order, then `second`'s new ones. Shared
/// dimensions get the sum of the log2 sizes.
static SmallVector<LayoutDim, 4> mergeDims(ArrayRef<LayoutDim> first,
                                           ArrayRef<LayoutDim> second) {
  SmallVector<LayoutDim, 4> merged(first.begin(), first.end());
  for (const LayoutDim &dim : second) {
    if (std::optional<unsigned> i = findDim(merged, dim.name))
      merged[*i].log2Size += dim.log2Size;
    else
      merged.push_back(dim);
  }
  return merged;
}

Expected<LinearLayout> LinearLayout::product(const LinearLayout &outer) const {
  SmallVector<LayoutDim, 4> newIn = mergeDims(inDims, outer.inDims);
  SmallVector<LayoutDim, 4> newOut = mergeDims(outDims, outer.outDims);
  if (totalBits(newIn) > kMaxLayoutBits || totalBits(newOut) > kMaxLayoutBits)
    return makeError("product: the result would have {0} input and {1} "
                     "output bits; at most {2} are supported",
                     totalBits(newIn), totalBits(newOut), kMaxLayoutBits);
  if (auto err = verifyDims(newIn, "product's input"))
    return std::move(err);
  if (auto err = verifyDims(newOut, "product's output"))
    return std::move(err);

  // Where each factor's output dimension lands in the product's flat output.
  auto outputPlacement = [&](ArrayRef<LayoutDim> dims, bool isOuter) {
    SmallVector<std::pair<int, int>, 4> placement; // (offset, log2Size)
    for (const LayoutDim &dim : dims) {
      unsigned j = *findDim(newOut, dim.name);
      int shift = isOuter ? getOutDimSizeLog2(dim.name) : 0;
      placement.push_back({bitOffset(newOut, j) + shift, dim.log2Size});
    }
    return placement;
  };
  auto placeColumn = [](uint64_t column,
                        ArrayRef<std::pair<int, int>> placement) {
    uint64_t out = 0;
    int from = 0;
    for (auto [offset, bits] : placement) {
      out |= ((column >> from) & lowMask(bits)) << offset;
      from += bits;
    }
    return out;
  };
  SmallVector<std::pair<int, int>, 4> innerPlacement =
      outputPlacement(outDims, false);
  SmallVector<std::pair<int, int>, 4> outerPlacement =
      outputPlacement(outer.outDims, true);

  LinearLayout result;
  result.inDims = newIn;
  result.outDims = newOut;
  for (const LayoutDim &dim : newIn) {
    if (std::optional<unsigned> i = findDim(inDims, dim.name)) {
      int offset = getInDimBitOffset(*i);
      for (int bit = 0; bit < inDims[*i].log2Size; ++bit)
        result.columns.push_back(
            placeColumn(columns[offset + bit], innerPlacement));
    }
    if (std::optional<unsigned> i = findDim(outer.inDims, dim.name)) {
      int offset = outer.getInDimBitOffset(*i);
      for (int bit = 0; bit < outer.inDims[*i].log2Size; ++bit)
        result.columns.push_back(
            placeColumn(outer.columns[offset + bit], outerPlacement));
    }
  }
  return result;
}

/// Reorders `layout`'s dimensions to those of `like` (same names) and
/// compares; used to check a division against the product it claims.
static bool equalUpToDimOrder(const LinearLayout &layout,
                              const LinearLayout &like) {
  auto names = [](ArrayRef<LayoutDim> dims) {
    SmallVector<std::string, 4> result;
    for (const LayoutDim &dim : dims)
      result.push_back(dim.name);
    return result;
  };
  Expected<LinearLayout> ins = layout.transposeIns(names(like.getInDims()));
  if (!ins) {
    llvm::consumeError(ins.takeError());
    return false;
  }
  Expected<LinearLayout> both = ins->transposeOuts(names(like.getOutDims()));
  if (!both) {
    llvm::consumeError(both.takeError());
    return false;
  }
  return *both == like;
}

/// Dimensions of the quotient: `dims` with the divisor's sizes removed, or
/// std::nullopt when the divisor has a dimension `dims` lacks or is larger.
static std::optional<SmallVector<LayoutDim, 4>>
quotientDims(ArrayRef<LayoutDim> dims, ArrayRef<LayoutDim> divisorDims) {
  SmallVector<LayoutDim, 4> result(dims.begin(), dims.end());
  for (const LayoutDim &dim : divisorDims) {
    std::optional<unsigned> i = findDim(result, dim.name);
    if (!i || result[*i].log2Size < dim.log2Size)
      return std::nullopt;
    result[*i].log2Size -= dim.log2Size;
  }
  return result;
}

/// Shared body of the divisions. The quotient's bases are the bits of each
/// input dimension that the divisor does not account for (the high bits for
/// divideLeft, the low bits for divideRight), with each output value shifted
/// down by the divisor's size there (divideLeft) or kept (divideRight). The
/// candidate is then checked against the product it must reproduce, so a
/// layout that is not of block form is rejected rather than misdivided.
static std::optional<LinearLayout> divide(const LinearLayout &dividend,
                                          const LinearLayout &divisor,
                                          bool divisorIsInner) {
  auto newIn = quotientDims(dividend.getInDims(), divisor.getInDims());
  auto newOut = quotientDims(dividend.getOutDims(), divisor.getOutDims());
  if (!newIn || !newOut)
    return std::nullopt;
  SmallVector<uint64_t, 16> columns;
  ArrayRef<uint64_t> dividendColumns = dividend.getColumns();
  for (auto [i, dim] : llvm::enumerate(dividend.getInDims())) {
    int offset = dividend.getInDimBitOffset(i);
    int divisorBits = divisor.getInDimSizeLog2(dim.name);
    int first = divisorIsInner ? divisorBits : 0;
    for (int bit = first; bit < first + (*newIn)[i].log2Size; ++bit) {
      SmallVector<int64_t> values =
          dividend.unflattenOut(dividendColumns[offset + bit]);
      uint64_t column = 0;
      int outOffset = 0;
      for (auto [value, outDim] : llvm::zip_equal(values, *newOut)) {
        int shift = divisorIsInner ? divisor.getOutDimSizeLog2(outDim.name) : 0;
        uint64_t shifted = uint64_t(value) >> shift;
        if (shifted >> outDim.log2Size)
          return std::nullopt;
        column |= shifted << outOffset;
        outOffset += outDim.log2Size;
      }
      columns.push_back(column);
    }
  }
  LinearLayout quotient =
      cantFail(LinearLayout::getFromColumns(*newIn, *newOut, columns));
  Expected<LinearLayout> product =
      divisorIsInner ? divisor.product(quotient) : quotient.product(divisor);
  if (!product) {
    llvm::consumeError(product.takeError());
    return std::nullopt;
  }
  if (!equalUpToDimOrder(*product, dividend))
    return std::nullopt;
  return quotient;
}

std::optional<LinearLayout>
LinearLayout::divideLeft(const LinearLayout &divisor) const {
  return divide(*this, divisor, /*divisorIsInner=*/true);
}

std::optional<LinearLayout>
LinearLayout::divideRight(const LinearLayout &divisor) const {
  return divide(*this, divisor, /*divisorIsInner=*/false);
}

//===----------------------------------------------------------------------===//
// Properties
//===----------------------------------------------------------------------===//

SmallVector<DimMask> LinearLayout::getFreeVariableMasks() const {
  SmallVector<DimMask> masks;
  F2Subspace image;
  int flatBit = 0;
  for (const LayoutDim &dim : inDims) {
    uint64_t mask = 0;
    for (int bit = 0; bit < dim.log2Size; ++bit, ++flatBit)
      if (!image.insert(columns[flatBit], flatBit))
        mask |= uint64_t(1) << bit;
    masks.emplace_back(dim.name, mask);
  }
  return masks;
}

uint64_t LinearLayout::getFreeVariableMask(StringRef dim) const {
  for (const auto &[name, mask] : getFreeVariableMasks())
    if (name == dim)
      return mask;
  return 0;
}

int64_t LinearLayout::getNumConsecutiveInOut() const {
  if (inDims.empty() || columns.empty() || outDims.empty())
    return 1;
  // Within the first output dimension: its values are the low bits of a
  // column, and a basis reaching other dimensions has higher bits set.
  int dim0Bits = outDims.front().log2Size;
  uint64_t dim0Mask = (uint64_t(1) << dim0Bits) - 1;
  int firstDimBits = inDims.front().log2Size;
  int consecutiveBits = 0;
  while (consecutiveBits < firstDimBits && consecutiveBits < dim0Bits &&
         columns[consecutiveBits] == uint64_t(1) << consecutiveBits)
    ++consecutiveBits;
  for (size_t i = consecutiveBits; i < columns.size(); ++i)
    if (uint64_t low = columns[i] & dim0Mask)
      consecutiveBits = std::min(consecutiveBits, int(llvm::countr_zero(low)));
  return int64_t(1) << consecutiveBits;
}

int64_t LinearLayout::getNumConsecutiveInOutFlat() const {
  if (inDims.empty() || columns.empty())
    return 1;
  int firstDimBits = inDims.front().log2Size;
  int consecutiveBits = 0;
  while (consecutiveBits < firstDimBits &&
         columns[consecutiveBits] == uint64_t(1) << consecutiveBits)
    ++consecutiveBits;
  // Every other input must move by whole aligned runs, or a thread's run of
  // registers would hold the elements out of order.
  for (size_t i = consecutiveBits; i < columns.size(); ++i)
    if (columns[i] != 0)
      consecutiveBits =
          std::min(consecutiveBits, int(llvm::countr_zero(columns[i])));
  return int64_t(1) << consecutiveBits;
}

int LinearLayout::getRank() const {
  F2Subspace image;
  for (auto [i, column] : llvm::enumerate(columns))
    image.insert(column, int(i));
  return image.dim();
}

llvm::hash_code mlir::ll::hash_value(const LinearLayout &layout) {
  llvm::hash_code h = llvm::hash_value(layout.columns.size());
  for (const LayoutDim &dim : layout.inDims)
    h = llvm::hash_combine(h, dim.name, dim.log2Size);
  for (const LayoutDim &dim : layout.outDims)
    h = llvm::hash_combine(h, dim.name, dim.log2Size);
  return llvm::hash_combine(h, llvm::hash_combine_range(layout.columns.begin(),
                                                        layout.columns.end()));
}
