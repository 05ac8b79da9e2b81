//===- F2Subspace.h - Subspaces of F2^d for conversion planning -*- C++ -*-===//
//
// The planning algorithms of the paper (§5.4, appendix 9.2) are statements
// about subspaces of the flattened tensor space F2^d: intersections,
// complements, "completes X to a basis of Y". Vectors are 64-bit words (bit i
// = flat tensor bit i, the layout columns of LinearLayout::getColumns()).
//
// F2Subspace keeps a basis in reduced echelon form (distinct pivots = highest
// bits, no vector has another's pivot set) together with the original
// generators it was built from, so membership, coordinates and extensions are
// word operations.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_F2SUBSPACE_H
#define LINEARLAYOUT_ANALYSIS_F2SUBSPACE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <initializer_list>
#include <optional>

namespace mlir::ll {

using F2Vectors = llvm::SmallVector<uint64_t, 16>;

/// The vectors of several lists, one after the other.
inline F2Vectors concat(std::initializer_list<llvm::ArrayRef<uint64_t>> parts) {
  F2Vectors out;
  for (llvm::ArrayRef<uint64_t> part : parts)
    out.append(part.begin(), part.end());
  return out;
}

class F2Subspace {
public:
  F2Subspace() = default;
  explicit F2Subspace(llvm::ArrayRef<uint64_t> generators) {
    for (uint64_t v : generators)
      add(v);
  }

  /// Adds `v`; returns true when it was independent of the space (and so
  /// became a new generator).
  bool add(uint64_t v);
  bool contains(uint64_t v) const { return reduce(v) == 0; }
  int dim() const { return int(echelon.size()); }
  /// The independent generators, in the order they were added.
  llvm::ArrayRef<uint64_t> generators() const { return gens; }
  /// `v` minus its projection on the space along the pivots: zero iff v is in
  /// the space.
  uint64_t reduce(uint64_t v) const;
  /// Coordinates of `v` in the generators (bit i = generator i), if v is in
  /// the space.
  std::optional<uint64_t> coordinates(uint64_t v) const;

private:
  struct Row {
    uint64_t value;
    uint64_t combo; // which generators sum to `value`
  };
  llvm::SmallVector<Row, 16> echelon;
  F2Vectors gens;
};

/// A basis of span(a) ∩ span(b). Vectors of `a` that lie in span(b) come
/// first, in their order, so the basis is made of columns whenever it can be.
F2Vectors intersectSpans(llvm::ArrayRef<uint64_t> a,
                         llvm::ArrayRef<uint64_t> b);

/// The vectors of `candidates` (in order) that extend `base` independently:
/// completes span(base) towards span(base ∪ candidates).
F2Vectors extendBasis(llvm::ArrayRef<uint64_t> base,
                      llvm::ArrayRef<uint64_t> candidates);

/// A complement of span(base) in F2^bits made of unit vectors, taken in the
/// order given by `unitOrder` (bit positions).
F2Vectors unitComplement(llvm::ArrayRef<uint64_t> base,
                         llvm::ArrayRef<int> unitOrder);

/// Dimension of span(a) ∩ span(b).
int intersectionDim(llvm::ArrayRef<uint64_t> a, llvm::ArrayRef<uint64_t> b);

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_F2SUBSPACE_H
