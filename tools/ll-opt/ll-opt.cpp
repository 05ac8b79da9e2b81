//===- ll-opt.cpp - The linear-layout optimizer driver --------------------===//
//
// mlir-opt with the `ll` dialect and its passes registered next to the
// upstream dialects, passes and LLVM IR translations a GPU pipeline needs.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::ll::registerAllPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::ll::registerAllDialects(registry);
  // gpu-module-to-binary (the ll-to-ptx pipeline) translates to LLVM IR.
  mlir::registerAllGPUToLLVMIRTranslations(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "linear-layout optimizer driver\n", registry));
}
