//===- InitAll.cpp - Register every linear-layout dialect and pass --------===//

#include "LinearLayout/InitAll.h"

#include "LinearLayout/Conversion/Passes.h"
#include "LinearLayout/Conversion/Pipelines.h"
#include "LinearLayout/Dialect/LL/IR/LLDialect.h"
#include "LinearLayout/Dialect/LL/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"

void mlir::ll::registerAllDialects(DialectRegistry &registry) {
  registry.insert<mlir::ll::LLDialect>();
}

void mlir::ll::registerAllPasses() {
  mlir::ll::registerLLPasses();
  mlir::ll::registerLLConversionPasses();
  mlir::ll::registerLLPipelines();
}
