//===- LinearLayout.h - Layouts as linear maps over F2 ----------*- C++ -*-===//
//
// A LinearLayout is a linear map over F2 (the field {0, 1} with XOR as
// addition) between two labelled bit-vector spaces:
//
//     L : F2^(in bits)  ->  F2^(out bits)
//
// The input space is a list of named dimensions (for a distributed layout
// `register`, `lane`, `warp`, `block`; for a memory layout `offset`), each of
// power-of-two size 2^k, i.e. k bits. The output space is a list of named
// dimensions too (`dim0`, `dim1`, ... for a tensor), each of power-of-two size.
//
// Linearity means L is fully described by the images of the input bits, its
// *bases*: flipping bit i of input dimension d XORs basis[d][i] into the
// output. A basis lists one integer per output dimension, in output-dimension
// order. For example
//
//     register = [[0, 1], [0, 2]], lane = [[1, 0]]   (out dims dim0, dim1)
//
// says register bit 0 adds 1 to dim1, register bit 1 adds 2 to dim1 and lane
// bit 0 adds 1 to dim0, so L(register = 3, lane = 1) = (1, 3).
//
// Storage. Dimensions are flattened with the *first* listed dimension least
// significant (as in Triton): the flat input index is
// in0 + size(in0) * (in1 + size(in1) * ...), likewise for the output. Each
// input bit's image is stored as one 64-bit word (a column of the F2 matrix in
// flat output coordinates), so apply, compose and Gaussian elimination are
// word operations. This caps a layout at 64 input bits and 64 output bits,
// far beyond any GPU tile; larger layouts are rejected with an error.
//
// Errors. Every operation that can fail on user data returns llvm::Expected
// (or std::optional where "does not exist" is a normal answer, as in
// division). Nothing here asserts or aborts on user input.
//
// The math follows Zhou et al., "Linear Layouts: Robust Code Generation of
// Efficient Tensor Computation Using F2" (section 4 and appendix 9); see
// docs/algebra.md for the derivations of the non-obvious operations.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_CORE_LINEARLAYOUT_H
#define LINEARLAYOUT_CORE_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace mlir::ll {

/// The largest number of input (or output) bits a layout may have.
constexpr int kMaxLayoutBits = 64;
/// The largest number of input (or output) dimensions a layout may have,
/// whichever way it is built (Python, C++, the `#ll.linear` parser).
constexpr int kMaxLayoutDims = 64;
/// The largest log2 size of one dimension: its size must fit a signed 64-bit
/// integer (a dimension of 2^63 or 2^64 elements could not be reported).
constexpr int kMaxDimBits = 62;

/// A named dimension of power-of-two size, stored as its log2.
struct LayoutDim {
  std::string name;
  int32_t log2Size = 0;

  int64_t size() const { return int64_t(1) << log2Size; }
  bool operator==(const LayoutDim &o) const {
    return log2Size == o.log2Size && name == o.name;
  }
  bool operator!=(const LayoutDim &o) const { return !(*this == o); }
};

/// Checks a dimension name (an identifier: [A-Za-z_][A-Za-z0-9_]*) and a
/// power-of-two size, and returns the dimension. `role` ("input", "output")
/// only words the error message.
llvm::Expected<LayoutDim> makeLayoutDim(llvm::StringRef name, int64_t size,
                                        llvm::StringRef role);

/// One basis: the image of one input bit, one value per output dimension.
using Basis = llvm::SmallVector<int64_t, 4>;

/// The bases of one input dimension, in bit order (bit 0 first).
struct InDimBases {
  std::string name;
  llvm::SmallVector<Basis, 8> bases;
};

/// A (dimension name, value) pair, as taken and returned by `apply`.
using DimValue = std::pair<std::string, int64_t>;

/// For each input dimension, the mask of its free variables.
using DimMask = std::pair<std::string, uint64_t>;

class LinearLayout {
public:
  /// The empty layout: no input and no output dimensions (maps the single
  /// point to the single point). The identity of the product.
  LinearLayout() = default;

  //===--------------------------------------------------------------------===//
  // Construction
  //===--------------------------------------------------------------------===//

  /// Builds a layout from per-input-dimension bases and the output dimensions
  /// (name and size). Fails when a size is not a power of two, a name is
  /// repeated or empty, a basis has the wrong number of entries or a value
  /// outside [0, size) of its output dimension, or the layout is too large.
  static llvm::Expected<LinearLayout> get(llvm::ArrayRef<InDimBases> bases,
                                          llvm::ArrayRef<LayoutDim> outDims);

  /// Builds a layout from flat columns (one per input bit, in flat input
  /// order; each a flat output index). Validates dims and that every column
  /// is below the total output size.
  static llvm::Expected<LinearLayout>
  getFromColumns(llvm::ArrayRef<LayoutDim> inDims,
                 llvm::ArrayRef<LayoutDim> outDims,
                 llvm::ArrayRef<uint64_t> columns);
  /// The same, taking ownership of the vectors (no copies): for callers that
  /// build them only to make a layout, such as the Python constructor.
  static llvm::Expected<LinearLayout>
  getFromOwnedColumns(llvm::SmallVector<LayoutDim, 4> &&inDims,
                      llvm::SmallVector<LayoutDim, 4> &&outDims,
                      llvm::SmallVector<uint64_t, 16> &&columns);

  /// `size` inputs mapped one to one onto `size` outputs.
  static llvm::Expected<LinearLayout>
  identity1D(int64_t size, llvm::StringRef inDim, llvm::StringRef outDim);
  /// `size` inputs all mapped to 0 of an output dimension of `outSize`.
  static llvm::Expected<LinearLayout> zeros1D(int64_t size,
                                              llvm::StringRef inDim,
                                              llvm::StringRef outDim,
                                              int64_t outSize = 1);
  /// Input i maps to i * stride; the output has size * stride elements.
  static llvm::Expected<LinearLayout> strided1D(int64_t size, int64_t stride,
                                                llvm::StringRef inDim,
                                                llvm::StringRef outDim);

  //===--------------------------------------------------------------------===//
  // Shape queries
  //===--------------------------------------------------------------------===//

  llvm::ArrayRef<LayoutDim> getInDims() const { return inDims; }
  llvm::ArrayRef<LayoutDim> getOutDims() const { return outDims; }
  /// Position of a dimension in the list, or std::nullopt.
  std::optional<unsigned> getInDimIndex(llvm::StringRef name) const;
  std::optional<unsigned> getOutDimIndex(llvm::StringRef name) const;
  bool hasInDim(llvm::StringRef name) const {
    return getInDimIndex(name).has_value();
  }
  bool hasOutDim(llvm::StringRef name) const {
    return getOutDimIndex(name).has_value();
  }
  /// log2 of the size of a dimension; 0 (size 1) for an absent one, which is
  /// how the algebra treats missing dimensions.
  int32_t getInDimSizeLog2(llvm::StringRef name) const;
  int32_t getOutDimSizeLog2(llvm::StringRef name) const;
  int64_t getInDimSize(llvm::StringRef name) const {
    return int64_t(1) << getInDimSizeLog2(name);
  }
  int64_t getOutDimSize(llvm::StringRef name) const {
    return int64_t(1) << getOutDimSizeLog2(name);
  }
  int getTotalInBits() const { return int(columns.size()); }
  int getTotalOutBits() const;
  /// Offset of a dimension's bits in the flat index.
  int getInDimBitOffset(unsigned dimIndex) const;
  int getOutDimBitOffset(unsigned dimIndex) const;

  //===--------------------------------------------------------------------===//
  // Bases and evaluation
  //===--------------------------------------------------------------------===//

  /// One column per input bit in flat input order, as a flat output index.
  llvm::ArrayRef<uint64_t> getColumns() const { return columns; }
  /// The basis of bit `bit` of input dimension `dimIndex`, per output dim.
  Basis getBasis(unsigned dimIndex, int bit) const;
  /// All bases, per input dimension.
  llvm::SmallVector<InDimBases, 4> getBases() const;

  /// Evaluates the map on a flat input index (bits above the input size are
  /// ignored) and returns the flat output index.
  uint64_t applyFlat(uint64_t flatInput) const {
    size_t numBits = columns.size();
    if (numBits < 64)
      flatInput &= (uint64_t(1) << numBits) - 1;
    // One XOR per set input bit (per call from Python, this loop is a
    // noticeable share of apply).
    const uint64_t *data = columns.data();
    uint64_t out = 0;
    for (; flatInput; flatInput &= flatInput - 1)
      out ^= data[llvm::countr_zero(flatInput)];
    return out;
  }
  /// Evaluates the map. Every input dimension must be given at most once, in
  /// any order, with a value in [0, size); only one of size 1 may be left
  /// out (it is 0, as in Triton). Returns the output per dimension in
  /// output-dimension order.
  llvm::Expected<llvm::SmallVector<DimValue>>
  apply(llvm::ArrayRef<DimValue> inputs) const;

  /// Splits a flat output index into per-dimension values, and back.
  llvm::SmallVector<int64_t> unflattenOut(uint64_t flat) const;
  llvm::SmallVector<int64_t> unflattenIn(uint64_t flat) const;

  //===--------------------------------------------------------------------===//
  // Algebra
  //===--------------------------------------------------------------------===//

  /// Apply this, then `outer` (outer ∘ this). `outer` must have exactly this
  /// layout's output dimensions as inputs (any order), each at least as large.
  llvm::Expected<LinearLayout> compose(const LinearLayout &outer) const;

  /// The inverse of an invertible layout (square and bijective).
  llvm::Expected<LinearLayout> invert() const;

  /// A right inverse of a surjective layout: R with this(R(y)) == y, picking
  /// for every output the lowest flat input that produces it.
  llvm::Expected<LinearLayout> pseudoinvert() const;

  /// The conversion from this layout (A) to `outer` (B): the layout C with
  /// B(C(x)) == A(x) for all x, i.e. B⁻¹A. A and B must have the same output
  /// dimensions (any order), A's no larger than B's, and every value of A must
  /// be reached by B. Where B is not injective, C maps each input to the
  /// lowest flat input of B that holds the same element, except that every
  /// input dimension A and B map identically stays the identity.
  llvm::Expected<LinearLayout>
  invertAndCompose(const LinearLayout &outer) const;

  /// The product this * outer: the union of both layouts' dimensions (this
  /// layout's first, then `outer`'s new ones). In a shared input dimension
  /// this layout's bits are the low ones; in a shared output dimension
  /// `outer`'s values are scaled by this layout's size there.
  llvm::Expected<LinearLayout> product(const LinearLayout &outer) const;

  /// C such that this == divisor * C, or std::nullopt. C has this layout's
  /// dimensions and order.
  std::optional<LinearLayout> divideLeft(const LinearLayout &divisor) const;
  /// C such that this == C * divisor, or std::nullopt.
  std::optional<LinearLayout> divideRight(const LinearLayout &divisor) const;

  /// Restriction to a subset of input and output dimensions (kept in this
  /// layout's order); the dropped inputs are fixed to 0 and the dropped
  /// outputs projected away.
  llvm::Expected<LinearLayout>
  sublayout(llvm::ArrayRef<std::string> inDimNames,
            llvm::ArrayRef<std::string> outDimNames) const;

  /// Relabels the flat input (output) space with new dimensions of the same
  /// total size; the first new dimension is the least significant.
  llvm::Expected<LinearLayout>
  reshapeIns(llvm::ArrayRef<LayoutDim> newInDims) const;
  llvm::Expected<LinearLayout>
  reshapeOuts(llvm::ArrayRef<LayoutDim> newOutDims) const;
  /// Reorders the input (output) dimensions; `order` is a permutation of the
  /// current names. Does not change the map, only the flattening order.
  llvm::Expected<LinearLayout>
  transposeIns(llvm::ArrayRef<std::string> order) const;
  llvm::Expected<LinearLayout>
  transposeOuts(llvm::ArrayRef<std::string> order) const;
  /// Merges all input (output) dimensions into one, named like the first.
  /// Fails when the merged dimension would exceed 2^kMaxDimBits elements.
  llvm::Expected<LinearLayout> flattenIns() const;
  llvm::Expected<LinearLayout> flattenOuts() const;

  //===--------------------------------------------------------------------===//
  // Properties
  //===--------------------------------------------------------------------===//

  /// Per input dimension, the bits whose basis is a combination of earlier
  /// bases (in flat order): flipping them never reaches a new output.
  llvm::SmallVector<DimMask> getFreeVariableMasks() const;
  /// getFreeVariableMasks' mask of the input dimension `dim` (0 where the
  /// layout has no such dimension).
  uint64_t getFreeVariableMask(llvm::StringRef dim) const;
  /// Triton's getNumConsecutiveInOut: the largest 2^k such that the first k
  /// bits of the first input dimension map to 1, 2, ..., 2^(k-1) along the
  /// *first output dimension* (0 elsewhere) and every other basis's first
  /// output component has its lowest set bit at k or above: every aligned run
  /// of 2^k consecutive inputs holds 2^k consecutive, 2^k-aligned elements of
  /// one row of dim0. A run never crosses into the next dim0 row, so it is
  /// contiguous in memory whenever dim0 is.
  int64_t getNumConsecutiveInOut() const;
  /// The same over the flattened output (dim0 least significant): a run may
  /// continue from one dim0 row into the next, which is contiguous only in a
  /// memory order that stores the rows one after another.
  int64_t getNumConsecutiveInOutFlat() const;
  int getRank() const; // F2 rank of the matrix.
  bool isInjective() const { return getRank() == getTotalInBits(); }
  bool isSurjective() const { return getRank() == getTotalOutBits(); }
  bool isInvertible() const {
    return getTotalInBits() == getTotalOutBits() && isInjective();
  }

  bool operator==(const LinearLayout &o) const {
    return inDims == o.inDims && outDims == o.outDims && columns == o.columns;
  }
  bool operator!=(const LinearLayout &o) const { return !(*this == o); }
  friend llvm::hash_code hash_value(const LinearLayout &layout);

  //===--------------------------------------------------------------------===//
  // Printing
  //===--------------------------------------------------------------------===//

  /// The bases dictionary, `{register = [[0, 1]], lane = [[1, 0]]}`: the body
  /// of `#ttg.linear` / `#ll.linear`.
  std::string basesToString() const;
  /// The output dimensions, `{dim0 = 16, dim1 = 32}`.
  std::string outDimsToString() const;
  /// The standalone attribute text `#ll.linear<{...} -> {...}>`.
  std::string toMlirString() const;
  /// A table of where every input bit goes, one line per input bit.
  std::string toBitTableString() const;
  /// For layouts whose outputs are a tensor: a grid with, for every element,
  /// which inputs hold it (e.g. `r1:t3:w0`); for at most 2 output dims.
  std::string toElementTableString() const;

private:
  llvm::SmallVector<LayoutDim, 4> inDims;
  llvm::SmallVector<LayoutDim, 4> outDims;
  /// One word per input bit, flat input order; each word a flat output index.
  llvm::SmallVector<uint64_t, 16> columns;
};

} // namespace mlir::ll

#endif // LINEARLAYOUT_CORE_LINEARLAYOUT_H
