//===- LinearLayoutDims.h - Dimension-list helpers for Core -----*- C++ -*-===//
//
// Helpers on lists of LayoutDim shared by the files that implement
// LinearLayout (LinearLayout.cpp, LinearLayoutReshape.cpp). Private to
// lib/Core: not part of the public header.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CORE_LINEARLAYOUTDIMS_H
#define LIB_CORE_LINEARLAYOUTDIMS_H

#include "LinearLayout/Core/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mlir::ll::detail {

using llvm::ArrayRef;
using llvm::Expected;
using llvm::SmallVector;
using llvm::StringRef;

inline uint64_t lowMask(int bits) {
  return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}

inline int totalBits(ArrayRef<LayoutDim> dims) {
  int bits = 0;
  for (const LayoutDim &dim : dims)
    bits += dim.log2Size;
  return bits;
}

inline std::optional<unsigned> findDim(ArrayRef<LayoutDim> dims,
                                       StringRef name) {
  for (auto [i, dim] : llvm::enumerate(dims))
    if (dim.name == name)
      return unsigned(i);
  return std::nullopt;
}

inline int bitOffset(ArrayRef<LayoutDim> dims, unsigned index) {
  int offset = 0;
  for (unsigned i = 0; i < index; ++i)
    offset += dims[i].log2Size;
  return offset;
}

/// Names of `dims` joined for error messages: [dim0, dim1].
inline std::string dimNames(ArrayRef<LayoutDim> dims) {
  std::string s = "[";
  for (auto [i, dim] : llvm::enumerate(dims))
    s += (i ? ", " : "") + dim.name;
  return s + "]";
}

/// Checks names (identifiers, unique), sizes and the total bit count.
llvm::Error verifyDims(ArrayRef<LayoutDim> dims, StringRef role);

/// Re-expresses flat indices of `from` in the flat space of `to`, dimension
/// by dimension by name. Every dimension of `from` must exist in `to` with at
/// least its size; values are not checked against the sizes of `to`.
class FlatTranslator {
public:
  FlatTranslator(ArrayRef<LayoutDim> from, ArrayRef<LayoutDim> to) {
    int fromOffset = 0;
    for (const LayoutDim &dim : from) {
      unsigned toIndex = *findDim(to, dim.name);
      fields.push_back({fromOffset, bitOffset(to, toIndex), dim.log2Size});
      fromOffset += dim.log2Size;
    }
  }
  uint64_t operator()(uint64_t flat) const {
    uint64_t out = 0;
    for (const Field &f : fields)
      out |= ((flat >> f.fromOffset) & lowMask(f.bits)) << f.toOffset;
    return out;
  }

private:
  struct Field {
    int fromOffset, toOffset, bits;
  };
  SmallVector<Field, 4> fields;
};

} // namespace mlir::ll::detail

#endif // LIB_CORE_LINEARLAYOUTDIMS_H
