//===- LayoutBuilder.h - Triton-order layout building blocks ----*- C++ -*-===//
//
// The family constructors are written with the building blocks Triton's
// LinearLayoutConversions uses (identity1D, zeros1D, the product, transposing
// the output dimensions, ensureLayoutNotSmallerThan/NotLargerThan). Their
// results depend on the *order* of output dimensions at every step (a
// product appends the new output dimensions, "not smaller than" adds
// register bits dimension by dimension in that order), so this small value
// type keeps bases per output dimension in a chosen order, and sizes
// explicitly, exactly like Triton's. It is converted to a LinearLayout with
// the standard order (dim0, dim1, ...) at the end.
//
// Inputs to these helpers are always validated by the callers; the helpers
// only handle powers of two.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_LIB_FAMILIES_LAYOUTBUILDER_H
#define LINEARLAYOUT_LIB_FAMILIES_LAYOUTBUILDER_H

#include "LinearLayout/Core/Error.h"
#include "LinearLayout/Core/LinearLayout.h"
#include "LinearLayout/Families/LayoutFamilies.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir::ll::families {

/// A basis: one value per output dimension, in the builder's output order.
using BuilderBasis = std::vector<int64_t>;

struct BuilderInDim {
  std::string name;
  std::vector<BuilderBasis> bases;
};

class LayoutBuilder {
public:
  /// No input and no output dimensions.
  LayoutBuilder() = default;

  /// `size` (0 or a power of two) inputs one to one onto `size` outputs; size
  /// 0 gives the empty layout, as in Triton.
  static LayoutBuilder identity1D(int64_t size, llvm::StringRef inDim,
                                  llvm::StringRef outDim);
  /// `size` inputs all onto 0 of an output dimension of `outSize`.
  static LayoutBuilder zeros1D(int64_t size, llvm::StringRef inDim,
                               llvm::StringRef outDim, int64_t outSize = 1);
  /// From explicit bases; every output size is the smallest power of two
  /// above the largest value (Triton's inferring constructor).
  static LayoutBuilder fromBases(std::vector<BuilderInDim> ins,
                                 const std::vector<std::string> &outNames);

  /// Triton's product: input and output dimensions are unions (this
  /// layout's first); in a shared input dimension `rhs`'s bits come after
  /// this layout's; in a shared output dimension `rhs`'s values are scaled by
  /// this layout's size there.
  LayoutBuilder operator*(const LayoutBuilder &rhs) const;
  LayoutBuilder &operator*=(const LayoutBuilder &rhs) {
    return *this = *this * rhs;
  }

  /// Reorders the output dimensions; `names` must be a permutation of them.
  LayoutBuilder transposeOuts(const std::vector<std::string> &names) const;

  std::vector<std::string> getOutNames() const;
  int getOutIndex(llvm::StringRef name) const;    // -1 when absent
  int64_t getOutSize(llvm::StringRef name) const; // 1 when absent
  const std::vector<BuilderInDim> &getIns() const { return ins; }
  std::vector<BuilderInDim> &getIns() { return ins; }
  BuilderInDim *findIn(llvm::StringRef name);
  const std::vector<std::pair<std::string, int64_t>> &getOuts() const {
    return outs;
  }
  void setOutSize(unsigned index, int64_t size) { outs[index].second = size; }

  /// Converts to a LinearLayout with inputs `inNames` (in that order; absent
  /// ones get size 1) and outputs dim0..dim{n-1} of `shape`; fails when an
  /// output dimension's size is not the shape's (an internal error).
  llvm::Expected<LinearLayout>
  toLinearLayout(llvm::ArrayRef<std::string> inNames,
                 llvm::ArrayRef<int64_t> shape) const;

private:
  std::vector<BuilderInDim> ins;
  std::vector<std::pair<std::string, int64_t>> outs;
};

/// "dim0", "dim1", ...
std::vector<std::string> standardOutNames(int rank);
/// names permuted: result[i] = names[order[i]].
std::vector<std::string> permuteNames(const std::vector<std::string> &names,
                                      llvm::ArrayRef<int64_t> order);

/// The product over `order` of identity1D(sizes[d], inDim, dim_d): the output
/// dimensions are in `order` (not the standard order). Along `broadcastDim`
/// (when given) the factor is zeros1D instead: those inputs all hold the same
/// elements (warps that differ only along K share a dot operand).
LayoutBuilder identityStandardND(llvm::StringRef inDim,
                                 llvm::ArrayRef<int64_t> sizes,
                                 llvm::ArrayRef<int64_t> order,
                                 std::optional<int64_t> broadcastDim = {});

/// [rank-1, ..., 1, 0], with the first two swapped when !rowMajor.
std::vector<int64_t> getMatrixOrder(int rank, bool rowMajor);
/// The order of a dot operand: [k, nonK, batch...] when kContig, else
/// [nonK, k, batch...].
std::vector<int64_t> getOrderForDotOperand(int opIdx, int rank, bool kContig);

/// Adds register (or, for a shared layout, offset: the first input
/// dimension) bits to every output dimension smaller than `shape`, in the
/// order `names`.
LayoutBuilder ensureNotSmaller(const LayoutBuilder &layout,
                               const std::vector<std::string> &names,
                               llvm::ArrayRef<int64_t> sizes);
/// Zeroes every basis component that reaches past `shape` (the layout then
/// broadcasts: several inputs hold the same element).
LayoutBuilder ensureNotLarger(const LayoutBuilder &layout,
                              const std::vector<std::string> &names,
                              llvm::ArrayRef<int64_t> sizes);

/// The `block` -> (dim0, ...) layout of validated CGA bases, each output
/// clamped to `shape` (bases reaching past it become zero: those CTAs hold
/// copies).
LayoutBuilder cgaBuilder(const CgaLayout &cga, llvm::ArrayRef<int64_t> shape);

/// What one CTA holds of `shape` under `cga`: shape[d] divided by the number
/// of CTA pieces along d (at least 1).
std::vector<int64_t> shapePerCta(const CgaLayout &cga,
                                 llvm::ArrayRef<int64_t> shape);

/// Triton's combineCtaCgaWithShape: fits the CTA layout to the per-CTA
/// shape (growing in the layout's own output order, then trimming), appends
/// the `block` bases of `cga` (empty: one CTA) scaled by the per-CTA shape
/// and puts the outputs in the standard order.
LayoutBuilder combineWithShape(const LayoutBuilder &ctaLayout,
                               llvm::ArrayRef<int64_t> shape,
                               const CgaLayout &cga = {});

/// Input dimension orders of the results.
llvm::ArrayRef<std::string> distributedInNames();
llvm::ArrayRef<std::string> sharedInNames();

} // namespace mlir::ll::families

#endif // LINEARLAYOUT_LIB_FAMILIES_LAYOUTBUILDER_H
