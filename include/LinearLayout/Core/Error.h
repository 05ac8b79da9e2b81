//===- Error.h - The library's llvm::Error constructor ----------*- C++ -*-===//
//
// Every layer reports bad input as an llvm::Error carrying a message (the
// Python bindings raise it as ValueError): one constructor for all of them.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_CORE_ERROR_H
#define LINEARLAYOUT_CORE_ERROR_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FormatVariadic.h"

#include <utility>

namespace mlir::ll {

/// An error with the message `msg`.
inline llvm::Error makeError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

/// An error with the message `llvm::formatv(fmt, args...)`.
template <typename T, typename... Ts>
llvm::Error makeError(const char *fmt, T &&arg, Ts &&...args) {
  return makeError(
      llvm::formatv(fmt, std::forward<T>(arg), std::forward<Ts>(args)...)
          .str());
}

} // namespace mlir::ll

#endif // LINEARLAYOUT_CORE_ERROR_H
