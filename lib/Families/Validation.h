//===- Validation.h - Checks of layout-family parameters --------*- C++ -*-===//
//
// Each check returns an llvm::Error whose message names the parameter in the
// spelling of the Python API (size_per_thread, warps_per_cta, ...), since
// that is what a user passed.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_LIB_FAMILIES_VALIDATION_H
#define LINEARLAYOUT_LIB_FAMILIES_VALIDATION_H

#include "LinearLayout/Families/LayoutFamilies.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace mlir::ll::families {

/// "[1, 2, 4]".
std::string listToString(llvm::ArrayRef<int64_t> values);
bool isPowerOfTwo(int64_t value);
/// Every entry a power of two >= 1 (and at most 2^30, far beyond any GPU
/// tile, so that products cannot overflow).
llvm::Error checkPowersOfTwo(llvm::ArrayRef<int64_t> values,
                             llvm::StringRef name);
/// `values` has `rank` entries.
llvm::Error checkLength(llvm::ArrayRef<int64_t> values, int64_t rank,
                        llvm::StringRef name);
/// `order` is a permutation of 0..rank-1.
llvm::Error checkPermutation(llvm::ArrayRef<int64_t> order,
                             llvm::StringRef name);
/// The tensor shape: `rank` powers of two.
llvm::Error checkShape(llvm::ArrayRef<int64_t> shape, int64_t rank);
int64_t product(llvm::ArrayRef<int64_t> values);
/// CGA bases (`name`, e.g. cga_layout): `rank` entries each, every basis
/// zero or a power of two in one dimension, reaching every CTA piece (in
/// each dimension the nonzero values include every power of two below the
/// largest); at most 16 of them.
llvm::Error checkCgaLayout(const CgaLayout &cga, int64_t rank,
                           llvm::StringRef name = "cga_layout");

} // namespace mlir::ll::families

#endif // LINEARLAYOUT_LIB_FAMILIES_VALIDATION_H
