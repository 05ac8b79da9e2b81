//===- F2Basis.h - Incremental Gaussian elimination over F2 -----*- C++ -*-===//
//
// Private helper of the core library. Vectors are 64-bit words; a vector's
// *pivot* is its highest set bit. The basis is kept in reduced row echelon
// form: pivots are distinct and no vector has another vector's pivot bit set.
// Every reduced vector remembers which inserted vectors it combines (`combo`,
// one bit per insertion), so the same structure solves linear systems.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_LIB_CORE_F2BASIS_H
#define LINEARLAYOUT_LIB_CORE_F2BASIS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"

#include <cstdint>
#include <optional>

namespace mlir::ll::detail {

inline int highestBit(uint64_t v) { return 63 - llvm::countl_zero(v); }

class F2Basis {
public:
  struct Row {
    uint64_t value;
    uint64_t combo;
  };

  /// Inserts `value` as insertion number `index` (< 64). Returns true when it
  /// was independent of the vectors inserted before; otherwise returns false
  /// and, if `dependency` is given, stores there the combination of earlier
  /// insertions (plus `index` itself) that sums to zero: a kernel vector.
  bool insert(uint64_t value, int index, uint64_t *dependency = nullptr) {
    uint64_t combo = uint64_t(1) << index;
    reduce(value, combo);
    if (value == 0) {
      if (dependency)
        *dependency = combo;
      return false;
    }
    int pivot = highestBit(value);
    // Keep the basis fully reduced: clear the new pivot from the others.
    for (Row &row : rows) {
      if (row.value >> pivot & 1) {
        row.value ^= value;
        row.combo ^= combo;
      }
    }
    rows.push_back({value, combo});
    return true;
  }

  /// The combination of inserted vectors that sums to `target`, if any.
  std::optional<uint64_t> solve(uint64_t target) const {
    uint64_t combo = 0;
    reduce(target, combo);
    if (target != 0)
      return std::nullopt;
    return combo;
  }

  int rank() const { return int(rows.size()); }
  llvm::ArrayRef<Row> getRows() const { return rows; }

private:
  void reduce(uint64_t &value, uint64_t &combo) const {
    // Rows are fully reduced, so one pass in any order suffices: clearing one
    // row's pivot never sets another row's pivot.
    for (const Row &row : rows) {
      if (value >> highestBit(row.value) & 1) {
        value ^= row.value;
        combo ^= row.combo;
      }
    }
  }

  llvm::SmallVector<Row, 16> rows;
};

/// Reduces vectors modulo a subspace to the *smallest* member of their coset
/// (as unsigned integers). With the subspace in reduced echelon form keyed by
/// highest bits, "clear each pivot that is set" is a linear map that yields
/// the minimum: every pivot decision only lowers the value, and bits above a
/// pivot are never touched. Used to pick the lowest-index preimage.
class F2CosetMinimizer {
public:
  explicit F2CosetMinimizer(llvm::ArrayRef<uint64_t> subspace) {
    for (uint64_t v : subspace)
      basis.insert(v, 0);
  }
  uint64_t minimize(uint64_t value) const {
    for (const F2Basis::Row &row : basis.getRows())
      if (value >> highestBit(row.value) & 1)
        value ^= row.value;
    return value;
  }

private:
  F2Basis basis;
};

} // namespace mlir::ll::detail

#endif // LINEARLAYOUT_LIB_CORE_F2BASIS_H
