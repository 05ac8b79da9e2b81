//===- downstream-opt.cpp - A compiler that embeds linear-layout ----------===//
//
// Registers the `ll` dialect and passes next to a few upstream dialects,
// parses a module with an `#ll.linear` encoding, uses the C++ algebra on the
// attribute's layout, and runs convert-ll-to-nvvm: what an MLIR compiler
// embedding the project through its CMake package does.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Dialect/LL/IR/LLDialect.h"
#include "LinearLayout/InitAll.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

static const char *kModule = R"mlir(
#rows = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []}>
#cols = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = []}>
gpu.module @k {
  gpu.func @t(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) kernel {
    %t = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf32, #rows>
    %u = ll.convert_layout %t : tensor<16x32xf32, #rows> -> tensor<16x32xf32, #cols>
    ll.store_tile %u, %q : tensor<16x32xf32, #cols>, !llvm.ptr<1>
    gpu.return
  }
}
)mlir";

int main() {
  mlir::DialectRegistry registry;
  registry.insert<mlir::gpu::GPUDialect, mlir::LLVM::LLVMDialect,
                  mlir::NVVM::NVVMDialect>();
  mlir::ll::registerAllDialects(registry);
  mlir::ll::registerAllPasses();
  mlir::MLIRContext context(registry);
  auto module = mlir::parseSourceString<mlir::ModuleOp>(kModule, &context);
  if (!module)
    return 1;
  int encodings = 0;
  module->walk([&](mlir::ll::ConvertLayoutOp op) {
    auto type = llvm::cast<mlir::RankedTensorType>(op.getResult().getType());
    auto attr = llvm::cast<mlir::ll::LinearAttr>(type.getEncoding());
    encodings += attr.getLinearLayout().getTotalInBits() > 0;
  });
  mlir::PassManager pm(&context);
  if (mlir::failed(mlir::parsePassPipeline(
          "gpu.module(convert-ll-to-nvvm{chip=sm_90})", pm)) ||
      mlir::failed(pm.run(*module)))
    return 1;
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os);
  if (std::getenv("LL_DOWNSTREAM_PRINT"))
    llvm::outs() << text;
  bool scratch = text.find("@__ll_scratch") != std::string::npos;
  bool llLeft = text.find("ll.convert_layout") != std::string::npos;
  llvm::outs() << "encodings: " << encodings << "\n"
               << "lowered through shared memory: "
               << (scratch && !llLeft ? "yes" : "no") << "\n";
  return 0;
}
