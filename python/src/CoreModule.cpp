//===- CoreModule.cpp - The linear_layout._core extension -----------------===//

#include "Bindings.h"

NB_MODULE(_core, m) {
  m.doc() = "Linear layouts over F2: the C++ core of the linear_layout package";
  mlir::ll::python::populateLinearLayoutBindings(m);
}
