//===- F2Subspace.cpp - Subspaces of F2^d in reduced echelon form ---------===//

#include "LinearLayout/Core/F2Subspace.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"

using namespace mlir::ll;

static int highestBit(uint64_t v) { return 63 - llvm::countl_zero(v); }

bool F2Subspace::insert(uint64_t v, int tag, uint64_t *dependency) {
  uint64_t original = v;
  // A full 64-dimensional space has no 65th generator: no tag needed.
  uint64_t combo = tag < 64 ? uint64_t(1) << tag : 0;
  // Rows are fully reduced, so one pass in any order suffices: clearing one
  // row's pivot never sets another row's pivot.
  for (const Row &row : echelon)
    if (v >> highestBit(row.value) & 1) {
      v ^= row.value;
      combo ^= row.combo;
    }
  if (v == 0) {
    if (dependency)
      *dependency = combo;
    return false;
  }
  // Keep the basis fully reduced: clear the new pivot from the others.
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

F2Vectors F2Subspace::reducedBasis() const {
  F2Vectors rows;
  for (const Row &row : echelon)
    rows.push_back(row.value);
  llvm::sort(rows);
  return rows;
}

uint64_t F2Subspace::reduce(uint64_t v) const {
  for (const Row &row : echelon)
    if (v >> highestBit(row.value) & 1)
      v ^= row.value;
  return v;
}

bool F2Subspace::containsAll(llvm::ArrayRef<uint64_t> vs) const {
  return llvm::all_of(vs, [&](uint64_t v) { return contains(v); });
}

bool F2Subspace::isSpannedBy(llvm::ArrayRef<uint64_t> vs) const {
  return containsAll(vs) && F2Subspace(vs).dim() == dim();
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

F2Vectors
F2Subspace::completionCandidates(llvm::ArrayRef<int> unitOrder) const {
  F2Vectors candidates;
  for (int bit : unitOrder)
    if (contains(uint64_t(1) << bit))
      candidates.push_back(uint64_t(1) << bit);
  candidates.append(gens.begin(), gens.end());
  return candidates;
}

F2Vectors mlir::ll::intersectSpans(llvm::ArrayRef<uint64_t> a,
                                   llvm::ArrayRef<uint64_t> b) {
  F2Subspace spanA(a), spanB(b), result;
  F2Vectors basis;
  // Columns of `a` that lie in span(b) first: readable bases.
  for (uint64_t v : a)
    if (v && spanB.contains(v) && result.add(v))
      basis.push_back(v);
  // Then the kernel of span(b) -> F2^d / span(a): insert b's generators
  // reduced modulo span(a), tagged by their index; each one that depends on
  // the earlier residues gives a combination of b lying in span(a).
  llvm::ArrayRef<uint64_t> bg = spanB.generators();
  F2Subspace residues;
  for (size_t i = 0; i < bg.size(); ++i) {
    uint64_t combo;
    if (residues.insert(spanA.reduce(bg[i]), int(i), &combo))
      continue;
    uint64_t vec = 0;
    for (size_t j = 0; j < bg.size(); ++j)
      if (combo >> j & 1)
        vec ^= bg[j];
    if (vec && result.add(vec))
      basis.push_back(vec);
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
