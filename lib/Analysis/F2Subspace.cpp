//===- F2Subspace.cpp - Subspaces of F2^d for conversion planning ---------===//

#include "LinearLayout/Analysis/F2Subspace.h"

#include "llvm/ADT/bit.h"

using namespace mlir::ll;

static int highestBit(uint64_t v) { return 63 - llvm::countl_zero(v); }

bool F2Subspace::add(uint64_t v) {
  uint64_t original = v;
  uint64_t combo = 0;
  for (const Row &row : echelon)
    if (v >> highestBit(row.value) & 1) {
      v ^= row.value;
      combo ^= row.combo;
    }
  if (v == 0)
    return false;
  combo ^= uint64_t(1) << gens.size();
  int pivot = highestBit(v);
  for (Row &row : echelon)
    if (row.value >> pivot & 1) {
      row.value ^= v;
      row.combo ^= combo;
    }
  echelon.push_back({v, combo});
  gens.push_back(original);
  return true;
}

uint64_t F2Subspace::reduce(uint64_t v) const {
  for (const Row &row : echelon)
    if (v >> highestBit(row.value) & 1)
      v ^= row.value;
  return v;
}

std::optional<uint64_t> F2Subspace::coordinates(uint64_t v) const {
  uint64_t combo = 0;
  for (const Row &row : echelon)
    if (v >> highestBit(row.value) & 1) {
      v ^= row.value;
      combo ^= row.combo;
    }
  if (v != 0)
    return std::nullopt;
  return combo;
}

F2Vectors mlir::ll::intersectSpans(llvm::ArrayRef<uint64_t> a,
                                   llvm::ArrayRef<uint64_t> b) {
  F2Subspace spanA(a), spanB(b), result;
  F2Vectors basis;
  // Columns of `a` that lie in span(b) first: readable bases.
  for (uint64_t v : a)
    if (v && spanB.contains(v) && result.add(v))
      basis.push_back(v);
  // Then the kernel of span(b) -> F2^d / span(a): reduce b's generators modulo
  // span(a) with the combination tracked; each one that becomes dependent on
  // the earlier residues gives a combination of b lying in span(a).
  llvm::ArrayRef<uint64_t> bg = spanB.generators();
  llvm::SmallVector<std::pair<uint64_t, uint64_t>, 16> rows; // residue, combo
  for (size_t i = 0; i < bg.size(); ++i) {
    uint64_t r = spanA.reduce(bg[i]);
    uint64_t combo = uint64_t(1) << i;
    for (auto &[rv, rc] : rows)
      if (r >> highestBit(rv) & 1) {
        r ^= rv;
        combo ^= rc;
      }
    if (r == 0) {
      uint64_t vec = 0;
      for (size_t j = 0; j < bg.size(); ++j)
        if (combo >> j & 1)
          vec ^= bg[j];
      if (vec && result.add(vec))
        basis.push_back(vec);
      continue;
    }
    int pivot = highestBit(r);
    for (auto &[rv, rc] : rows)
      if (rv >> pivot & 1) {
        rv ^= r;
        rc ^= combo;
      }
    rows.push_back({r, combo});
  }
  return basis;
}

F2Vectors mlir::ll::extendBasis(llvm::ArrayRef<uint64_t> base,
                                llvm::ArrayRef<uint64_t> candidates) {
  F2Subspace space(base);
  F2Vectors added;
  for (uint64_t v : candidates)
    if (space.add(v))
      added.push_back(v);
  return added;
}

F2Vectors mlir::ll::unitComplement(llvm::ArrayRef<uint64_t> base,
                                   llvm::ArrayRef<int> unitOrder) {
  F2Subspace space(base);
  F2Vectors added;
  for (int bit : unitOrder)
    if (space.add(uint64_t(1) << bit))
      added.push_back(uint64_t(1) << bit);
  return added;
}

int mlir::ll::intersectionDim(llvm::ArrayRef<uint64_t> a,
                              llvm::ArrayRef<uint64_t> b) {
  F2Subspace sa(a), sb(b), sum(a);
  for (uint64_t v : b)
    sum.add(v);
  return sa.dim() + sb.dim() - sum.dim();
}
