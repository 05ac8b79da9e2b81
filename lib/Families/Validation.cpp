//===- Validation.cpp - Checks of layout-family parameters ----------------===//

#include "Validation.h"

#include "LayoutBuilder.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace mlir::ll;
using namespace mlir::ll::families;

/// Sizes above 2^30 cannot be part of a layout of at most 64 bits that
/// still has lanes and warps; rejecting them keeps every product in range.
static constexpr int64_t kMaxParameter = int64_t(1) << 30;

std::string families::listToString(llvm::ArrayRef<int64_t> values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

bool families::isPowerOfTwo(int64_t value) {
  return value >= 1 && (value & (value - 1)) == 0;
}

llvm::Error families::checkPowersOfTwo(llvm::ArrayRef<int64_t> values,
                                       llvm::StringRef name) {
  for (int64_t value : values)
    if (!isPowerOfTwo(value) || value > kMaxParameter)
      return makeError(name + " must hold powers of two (at most 2^30), got " +
                       listToString(values));
  return llvm::Error::success();
}

llvm::Error families::checkLength(llvm::ArrayRef<int64_t> values, int64_t rank,
                                  llvm::StringRef name) {
  if (int64_t(values.size()) != rank)
    return makeError(name + " must have " + llvm::Twine(rank) +
                     " entries (the rank), got " + listToString(values));
  return llvm::Error::success();
}

llvm::Error families::checkPermutation(llvm::ArrayRef<int64_t> order,
                                       llvm::StringRef name) {
  llvm::SmallVector<bool, 4> seen(order.size(), false);
  for (int64_t d : order) {
    if (d < 0 || d >= int64_t(order.size()) || seen[d])
      return makeError(name + " must be a permutation of 0.." +
                       llvm::Twine(int64_t(order.size()) - 1) + ", got " +
                       listToString(order));
    seen[d] = true;
  }
  return llvm::Error::success();
}

llvm::Error families::checkShape(llvm::ArrayRef<int64_t> shape, int64_t rank) {
  if (int64_t(shape.size()) != rank)
    return makeError("shape must have " + llvm::Twine(rank) +
                     " entries (the layout's rank), got " +
                     listToString(shape));
  for (int64_t size : shape)
    if (!isPowerOfTwo(size) || size > (int64_t(1) << 40))
      return makeError("shape must hold powers of two, got " +
                       listToString(shape));
  return llvm::Error::success();
}

int64_t families::product(llvm::ArrayRef<int64_t> values) {
  int64_t result = 1;
  for (int64_t value : values)
    result *= value;
  return result;
}

llvm::Error families::checkCgaLayout(const CgaLayout &cga, int64_t rank,
                                     llvm::StringRef name) {
  if (cga.size() > 16)
    return makeError(name + " must have at most 16 bases (65536 CTAs), got " +
                     llvm::Twine(cga.size()));
  std::vector<uint64_t> reached(size_t(std::max<int64_t>(rank, 0)), 0);
  for (const auto &basis : cga) {
    if (int64_t(basis.size()) != rank)
      return makeError(name + " bases must have " + llvm::Twine(rank) +
                       " entries (the rank), got " + listToString(basis));
    int nonzero = 0;
    for (int64_t d = 0; d < rank; ++d) {
      if (basis[d] == 0)
        continue;
      if (!isPowerOfTwo(basis[d]) || basis[d] > kMaxParameter || ++nonzero > 1)
        return makeError(name +
                         " bases must be zero or a power of two in "
                         "one dimension, got " +
                         listToString(basis));
      reached[d] |= uint64_t(basis[d]);
    }
  }
  for (int64_t d = 0; d < rank; ++d)
    if (reached[d] & (reached[d] + 1))
      return makeError(name + " must reach every CTA piece: along dim" +
                       llvm::Twine(d) +
                       " its bases must include every power of two below "
                       "the largest");
  return llvm::Error::success();
}
