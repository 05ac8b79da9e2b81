//===- TritonDialects.cpp - Triton 3.6's dialects, as read ----------------===//

#include "LinearLayout/Dialect/Triton/IR/TritonDialects.h"
#include "LinearLayout/Dialect/Triton/IR/TTGLayout.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

#include "LinearLayout/Dialect/Triton/IR/TTDialect.cpp.inc"
#include "LinearLayout/Dialect/Triton/IR/TTGDialect.cpp.inc"
#include "LinearLayout/Dialect/Triton/IR/TTNGDialect.cpp.inc"

void ll::tt::TTDialect::initialize() {}
void ll::ttg::TTGDialect::initialize() { registerLayoutParts(); }
void ll::ttng::TTNGDialect::initialize() {}

void ll::registerTritonDialects(DialectRegistry &registry) {
  registry.insert<tt::TTDialect, ttg::TTGDialect, ttng::TTNGDialect>();
}
