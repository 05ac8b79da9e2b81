//===- DimNames.h - The names of layout dimensions --------------*- C++ -*-===//
//
// The input and output dimension names every layer agrees on (they are
// Triton's, so a `#ttg.linear` body is read unchanged; docs/design.md):
// distributed layouts map `register`, `lane`, `warp`, `block` to the tensor
// dimensions `dim0`, `dim1`, ...; memory layouts map `offset` (and `block`).
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_CORE_DIMNAMES_H
#define LINEARLAYOUT_CORE_DIMNAMES_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::ll::dims {

inline constexpr llvm::StringLiteral kRegister = "register";
inline constexpr llvm::StringLiteral kLane = "lane";
inline constexpr llvm::StringLiteral kWarp = "warp";
inline constexpr llvm::StringLiteral kBlock = "block";
inline constexpr llvm::StringLiteral kOffset = "offset";

/// The hardware dimensions of a distributed layout, in Triton's order.
inline constexpr llvm::StringLiteral kDistributedInDims[] = {kRegister, kLane,
                                                             kWarp, kBlock};

/// The name of tensor dimension `index`: `dim0`, `dim1`, ...
inline std::string tensorDim(size_t index) {
  return "dim" + std::to_string(index);
}

/// `dim0` .. `dim<rank-1>`.
inline llvm::SmallVector<std::string> tensorDims(size_t rank) {
  llvm::SmallVector<std::string> names;
  names.reserve(rank);
  for (size_t i = 0; i < rank; ++i)
    names.push_back(tensorDim(i));
  return names;
}

} // namespace mlir::ll::dims

#endif // LINEARLAYOUT_CORE_DIMNAMES_H
