//===- InitAll.cpp - Register every linear-layout dialect and pass --------===//

#include "LinearLayout/InitAll.h"

#include "mlir/IR/DialectRegistry.h"

void mlir::ll::registerAllDialects(DialectRegistry &registry) {}

void mlir::ll::registerAllPasses() {}
