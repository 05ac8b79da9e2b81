//===- Shared.cpp - Swizzled and NVMMA shared-memory layouts --------------===//
//
// Memory layouts map an element offset (input `offset`) to the logical
// element it holds. Swizzled shared XORs the column groups of each row with
// its phase; NVMMA shared is the TMA box of the tensor (every dim clamped to
// 256, the contiguous one to the swizzle width) in the canonical
// wgmma/TMA swizzle of 16-byte chunks, boxes repeated along dim0 first.
//
//===----------------------------------------------------------------------===//

#include "LayoutBuilder.h"
#include "Validation.h"

#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Families/LayoutFamilies.h"

#include <algorithm>

using namespace mlir::ll;
using namespace mlir::ll::families;

llvm::Expected<LinearLayout>
mlir::ll::swizzledSharedToLinearLayout(const SwizzledSharedSpec &spec,
                                       llvm::ArrayRef<int64_t> fullShape) {
  int64_t rank = int64_t(spec.order.size());
  if (rank == 0)
    return makeError("order must not be empty");
  if (auto err = checkPermutation(spec.order, "order"))
    return std::move(err);
  int64_t params[] = {spec.vec};
  if (auto err = checkPowersOfTwo(params, "vec"))
    return std::move(err);
  params[0] = spec.perPhase;
  if (auto err = checkPowersOfTwo(params, "per_phase"))
    return std::move(err);
  params[0] = spec.maxPhase;
  if (auto err = checkPowersOfTwo(params, "max_phase"))
    return std::move(err);
  if (auto err = checkShape(fullShape, rank))
    return std::move(err);
  if (auto err = checkCgaLayout(spec.cgaLayout, rank))
    return std::move(err);
  // The swizzle is laid over the part of the tensor one CTA holds.
  std::vector<int64_t> shape = shapePerCta(spec.cgaLayout, fullShape);

  std::vector<std::string> names = standardOutNames(int(rank));
  LayoutBuilder cta;
  if (rank == 1) {
    cta =
        LayoutBuilder::identity1D(shape[0], dims::kOffset, dims::tensorDim(0));
  } else {
    int64_t colDim = spec.order[0], rowDim = spec.order[1];
    int64_t numCols = shape[colDim], numRows = shape[rowDim];
    BuilderInDim offset{dims::kOffset.str(), {}};
    for (int64_t col = 1; col < numCols; col *= 2)
      offset.bases.push_back({0, col});
    for (int64_t row = 1; row < numRows; row *= 2)
      offset.bases.push_back(
          {row,
           (spec.vec * ((row / spec.perPhase) % spec.maxPhase)) % numCols});
    cta = LayoutBuilder::fromBases({std::move(offset)},
                                   {names[rowDim], names[colDim]});
    for (int64_t i = 2; i < rank; ++i)
      cta *= LayoutBuilder::identity1D(shape[spec.order[i]], dims::kOffset,
                                       names[spec.order[i]]);
  }
  return combineWithShape(cta, fullShape, spec.cgaLayout)
      .toLinearLayout(sharedInNames(), fullShape);
}

/// Relabels the outputs of an offset layout whose outputs are the row-major
/// shape `from` as the row-major shape `to` (same number of elements).
static LayoutBuilder reshapeRowMajor(const LayoutBuilder &layout,
                                     llvm::ArrayRef<int64_t> to) {
  std::vector<std::string> fromNames = layout.getOutNames();
  std::vector<int64_t> fromSizes;
  for (const auto &out : layout.getOuts())
    fromSizes.push_back(out.second);
  std::vector<std::string> toNames = standardOutNames(int(to.size()));
  LayoutBuilder result;
  std::vector<BuilderInDim> ins;
  for (const BuilderInDim &in : layout.getIns()) {
    BuilderInDim reshaped{in.name, {}};
    for (const BuilderBasis &basis : in.bases) {
      int64_t flat = 0;
      for (size_t i = 0; i < basis.size(); ++i)
        flat = flat * fromSizes[i] + basis[i];
      BuilderBasis b(to.size(), 0);
      for (int i = int(to.size()) - 1; i >= 0; --i) {
        b[i] = flat % to[i];
        flat /= to[i];
      }
      reshaped.bases.push_back(std::move(b));
    }
    ins.push_back(std::move(reshaped));
  }
  result = LayoutBuilder::fromBases(std::move(ins), toNames);
  for (unsigned i = 0; i < to.size(); ++i)
    result.setOutSize(i, to[i]);
  return result;
}

/// The NVMMA layout of one CTA's part `shape` of the tensor, before the
/// CGA bases are appended.
static llvm::Expected<LayoutBuilder>
nvmmaSharedCta(const NvmmaSharedSpec &spec, llvm::ArrayRef<int64_t> shape);

llvm::Expected<LinearLayout>
mlir::ll::nvmmaSharedToLinearLayout(const NvmmaSharedSpec &spec,
                                    llvm::ArrayRef<int64_t> shape) {
  int64_t sw = spec.swizzleBytes, eb = spec.elementBits;
  if (sw != 0 && sw != 32 && sw != 64 && sw != 128)
    return makeError("swizzle_bytes must be 0, 32, 64 or 128, got " +
                     llvm::Twine(sw));
  // As Gluon's: fp4 data is packed bytes (8) or fp4Padded, never 4-bit.
  if (eb != 8 && eb != 16 && eb != 32 && eb != 64)
    return makeError("element_bits must be 8, 16, 32 or 64, got " +
                     llvm::Twine(eb));
  if (spec.fp4Padded && eb != 8)
    return makeError("element_bits of an fp4_padded nvmma_shared layout must "
                     "be 8 (one fp4 value per byte), got " +
                     llvm::Twine(eb));
  int64_t rank = int64_t(shape.size());
  if (rank == 0)
    return makeError("shape must not be empty");
  if (auto err = checkShape(shape, rank))
    return std::move(err);
  if (auto err = checkCgaLayout(spec.cgaLayout, rank))
    return std::move(err);
  std::vector<int64_t> ctaShape = shapePerCta(spec.cgaLayout, shape);
  // fp4 padded and swizzled: the layout of 16-bit elements (8 per 16-byte
  // chunk, as many as the chunk holds fp4 values), with offset bit 3 (the
  // padding half of each chunk) added as a zero basis.
  bool padded = spec.fp4Padded && sw != 0 && rank >= 2;
  NvmmaSharedSpec unpadded = spec;
  if (padded)
    unpadded.elementBits = 16;
  auto cta = nvmmaSharedCta(unpadded, ctaShape);
  if (!cta)
    return cta.takeError();
  LayoutBuilder layout = combineWithShape(*cta, shape, spec.cgaLayout);
  if (padded) {
    BuilderInDim *offset = layout.findIn(dims::kOffset);
    offset->bases.insert(offset->bases.begin() + 3, BuilderBasis(rank, 0));
  }
  return layout.toLinearLayout(sharedInNames(), shape);
}

static llvm::Expected<LayoutBuilder>
nvmmaSharedCta(const NvmmaSharedSpec &spec, llvm::ArrayRef<int64_t> shape) {
  int64_t sw = spec.swizzleBytes, eb = spec.elementBits;
  int64_t rank = int64_t(shape.size());
  std::vector<std::string> names = standardOutNames(int(rank));
  if (rank == 1)
    return LayoutBuilder::identity1D(shape[0], dims::kOffset,
                                     dims::tensorDim(0));

  // The TMA box: at most 256 per dim; the contiguous dim exactly one
  // swizzle row.
  int64_t contigDim = spec.transposed ? 0 : rank - 1;
  std::vector<int64_t> box(shape.begin(), shape.end());
  for (int64_t &size : box)
    size = std::min<int64_t>(size, 256);
  int64_t rowElems = 8 * sw / eb;
  if (sw != 0) {
    if (box[contigDim] < rowElems)
      return makeError("shape " + listToString(shape) +
                       " is too small for an nvmma_shared layout with "
                       "swizzle_bytes " +
                       llvm::Twine(sw) +
                       " and "
                       "element_bits " +
                       llvm::Twine(eb) + ": dim" + llvm::Twine(contigDim) +
                       " must be at least " + llvm::Twine(rowElems));
    box[contigDim] = rowElems;
  }

  LayoutBuilder layout;
  if (sw == 0) {
    // Unswizzled: the box in row-major order (Triton ignores `transposed`
    // here); boxes then repeat along the last dim first (the order in which
    // this layout lists its outputs).
    layout = LayoutBuilder::identity1D(box[rank - 1], dims::kOffset,
                                       names[rank - 1]);
    for (int64_t i = rank - 2; i >= 0; --i)
      layout *= LayoutBuilder::identity1D(box[i], dims::kOffset, names[i]);
    return layout;
  }
  // One core matrix: 8 rows of max(16, sw) bytes; row r's 16-byte chunks
  // XORed with (r / perPhase) % maxPhase.
  int64_t vec = 128 / eb, maxPhase = sw / 16, perPhase = 128 / sw;
  int64_t tileCols = 8 * std::max<int64_t>(16, sw) / eb;
  BuilderInDim offset{dims::kOffset.str(), {}};
  for (int64_t col = 1; col < tileCols; col *= 2)
    offset.bases.push_back({0, col});
  for (int64_t row = 1; row < 8; row *= 2)
    offset.bases.push_back({row, vec * ((row / perPhase) % maxPhase)});
  LayoutBuilder tile =
      LayoutBuilder::fromBases({std::move(offset)}, {"dim0", "dim1"});
  // Triton collapses the box to [prod(box[0..rank-2]), box[rank-1]] and
  // swaps the two when transposed: a transposed rank-3 box [c, a, b] has
  // rows b and columns c * a (the core matrix covers c of them).
  int64_t outer = 1;
  for (int64_t i = 0; i + 1 < rank; ++i)
    outer *= box[i];
  int64_t collapsed[] = {outer, box[rank - 1]};
  if (spec.transposed)
    std::swap(collapsed[0], collapsed[1]);
  if (collapsed[0] < 8)
    return makeError("shape " + listToString(shape) +
                     " is too small for a swizzled nvmma_shared layout: "
                     "it needs at least 8 rows of " +
                     llvm::Twine(tileCols) + " elements");
  // Rows first, then (transposed rank >= 3 only) further columns.
  layout = ensureNotSmaller(tile, {"dim0", "dim1"}, collapsed);
  // Row-major back to N-d: the box itself, or, transposed, the box with dim0
  // moved last; then relabelled in tensor order.
  std::vector<int64_t> rotated = box;
  if (spec.transposed)
    std::rotate(rotated.begin(), rotated.begin() + 1, rotated.end());
  layout = reshapeRowMajor(layout, rotated);
  if (spec.transposed) {
    // rotated[i] is tensor dim (i + 1) % rank.
    std::vector<BuilderInDim> ins = layout.getIns();
    for (BuilderInDim &in : ins)
      for (BuilderBasis &basis : in.bases)
        std::rotate(basis.begin(), basis.end() - 1, basis.end());
    layout = LayoutBuilder::fromBases(std::move(ins), names);
    for (unsigned i = 0; i < rank; ++i)
      layout.setOutSize(i, box[i]);
  }
  // Boxes repeat along dim0 first (combineWithShape grows the layout in its
  // output order).
  return layout;
}
