//===- CoreModule.cpp - The linear_layout._core extension -----------------===//

#include "Bindings.h"

#include <algorithm>
#include <vector>

using namespace mlir::ll::python;

static std::vector<std::pair<int, PopulateFn>> &registry() {
  static std::vector<std::pair<int, PopulateFn>> fns;
  return fns;
}

BindingRegistration::BindingRegistration(int order, PopulateFn fn) {
  registry().emplace_back(order, fn);
}

void mlir::ll::python::populateAllBindings(nanobind::module_ &m) {
  std::vector<std::pair<int, PopulateFn>> fns = registry();
  std::stable_sort(fns.begin(), fns.end(),
                   [](auto &a, auto &b) { return a.first < b.first; });
  for (auto &[order, fn] : fns)
    fn(m);
}

NB_MODULE(_core, m) {
  m.doc() = "Linear layouts over F2: the C++ core of the linear_layout package";
  populateAllBindings(m);
}
