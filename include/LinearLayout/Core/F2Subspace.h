//===- F2Subspace.h - Subspaces of F2^d in reduced echelon form -*- C++ -*-===//
//
// The one Gaussian-elimination type over F2 of the project. Vectors are 64-bit
// words (bit i = flat bit i: an input or output bit of a LinearLayout, a flat
// tensor bit of the planning algorithms). A vector's *pivot* is its highest
// set bit. The basis is kept in reduced row echelon form: pivots are distinct
// and no row has another row's pivot set, so one pass over the rows reduces a
// vector, and the reduced vector is the smallest member of its coset.
//
// Every row remembers which inserted vectors it sums (`combo`, one bit per
// *tag*), so the same structure answers membership, rank, linear systems
// (coordinates) and kernels. The core (rank, inverses, free variables) and the
// planning algorithms of the paper (§5.4, appendix 9.2: intersections,
// complements, "completes X to a basis of Y") both use it; docs/algebra.md.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_CORE_F2SUBSPACE_H
#define LINEARLAYOUT_CORE_F2SUBSPACE_H

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

  /// Adds `v`, tagged with its generator number (the bit `coordinates` uses
  /// for it); returns true when it was independent of the space (and so
  /// became a new generator).
  bool add(uint64_t v) { return insert(v, dim()); }

  /// Adds `v` tagged `tag` (< 64; a larger tag is recorded nowhere):
  /// `coordinates` then speak of tags. Returns true when `v` was independent;
  /// otherwise returns false and, if `dependency` is given, stores there the
  /// tags (including `tag`) of the inserted vectors that sum to zero: a kernel
  /// vector when the tags are the column numbers of a map. Tag with `add` or
  /// with `insert`, not both.
  bool insert(uint64_t v, int tag, uint64_t *dependency = nullptr);

  bool contains(uint64_t v) const { return reduce(v) == 0; }
  bool containsAll(llvm::ArrayRef<uint64_t> vs) const;
  /// Whether `vs` span exactly this space.
  bool isSpannedBy(llvm::ArrayRef<uint64_t> vs) const;
  int dim() const { return int(echelon.size()); }
  /// The independent generators, in the order they were added.
  llvm::ArrayRef<uint64_t> generators() const { return gens; }
  /// The reduced echelon basis (each row's pivot, its highest bit, is set
  /// in no other row), in ascending order: the space's one canonical basis.
  F2Vectors reducedBasis() const;
  /// `v` with every pivot that is set cleared: zero iff `v` is in the space,
  /// and otherwise the smallest member (as an unsigned integer) of the coset
  /// `v + space` (every pivot decision only lowers the value, and bits above
  /// a pivot are never touched).
  uint64_t reduce(uint64_t v) const;
  /// The tags of inserted vectors that sum to `v` (with `add`: bit i =
  /// generator i), if `v` is in the space.
  std::optional<uint64_t> coordinates(uint64_t v) const;

  /// Candidates that complete any subspace of this space to a basis of it:
  /// the unit vectors `1 << bit` (for `bit` in `unitOrder`) that lie in the
  /// space, then the generators. Feeding them to `extendBasis` prefers unit
  /// vectors, in the given order.
  F2Vectors completionCandidates(llvm::ArrayRef<int> unitOrder) const;

private:
  struct Row {
    uint64_t value;
    uint64_t combo; // which tags sum to `value`
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

} // namespace mlir::ll

#endif // LINEARLAYOUT_CORE_F2SUBSPACE_H
