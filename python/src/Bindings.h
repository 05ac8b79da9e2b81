//===- Bindings.h - Pieces of the linear_layout._core module ----*- C++ -*-===//
//
// Each layer binds itself in its own file; CoreModule.cpp calls them all.
// Conversions from Python values shared by every binding live here too:
// they raise TypeError for a wrong type and ValueError for a wrong value,
// never anything that could crash the interpreter.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_PYTHON_BINDINGS_H
#define LINEARLAYOUT_PYTHON_BINDINGS_H

#include "LinearLayout/Core/LinearLayout.h"

#include <nanobind/nanobind.h>

#include <string>
#include <vector>

namespace mlir::ll::python {

/// Each *Bindings.cpp registers its populate function with a static
/// BindingRegistration; CoreModule.cpp runs them in `order`.
using PopulateFn = void (*)(nanobind::module_ &m);
struct BindingRegistration {
  BindingRegistration(int order, PopulateFn fn);
};
void populateAllBindings(nanobind::module_ &m);

/// A Python int (or anything with __index__, such as NumPy integers) as
/// int64; bool, float, str and out-of-range values are rejected.
int64_t toInt64(nanobind::handle value, const char *what);
/// A Python str.
std::string toString(nanobind::handle value, const char *what);
/// A Python bool (not an int: `True` only).
bool toBool(nanobind::handle value, const char *what);
/// A list/tuple (or any non-string sequence) as a vector of its items.
std::vector<nanobind::object> toSequence(nanobind::handle value,
                                         const char *what);
/// `{name: size}` or `[(name, size), ...]` as dimensions.
llvm::SmallVector<LayoutDim, 4> toDims(nanobind::handle value,
                                       const char *role);
/// A list of names.
llvm::SmallVector<std::string, 4> toNames(nanobind::handle value,
                                          const char *what);

/// Unwraps an llvm::Expected, raising ValueError with its message.
template <typename T> T unwrap(llvm::Expected<T> expected) {
  if (!expected)
    throw nanobind::value_error(llvm::toString(expected.takeError()).c_str());
  return std::move(*expected);
}

} // namespace mlir::ll::python

#endif // LINEARLAYOUT_PYTHON_BINDINGS_H
