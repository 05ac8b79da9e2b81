//===- PreloadKernelArguments.cpp - Kernel arguments in SGPRs -------------===//
//
// Marks the scalar arguments of AMDGPU kernels `inreg`, the request for
// kernel-argument preloading (docs/lowering-rocdl.md, "Kernel arguments in
// SGPRs"). Which arguments fit, and on which chips, is the backend's call.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

namespace mlir::ll {
#define GEN_PASS_DEF_LLPRELOADKERNELARGUMENTS
#include "LinearLayout/Conversion/Passes.h.inc"
} // namespace mlir::ll

using namespace mlir;

namespace {
struct LLPreloadKernelArgumentsPass
    : public mlir::ll::impl::LLPreloadKernelArgumentsBase<
          LLPreloadKernelArgumentsPass> {
  using LLPreloadKernelArgumentsBase::LLPreloadKernelArgumentsBase;

  void runOnOperation() override {
    StringRef kernel = ROCDL::ROCDLDialect::getKernelFuncAttrName();
    StringRef inreg = LLVM::LLVMDialect::getInRegAttrName();
    UnitAttr unit = UnitAttr::get(&getContext());
    for (auto func : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      if (!func->hasAttr(kernel) || func.isExternal())
        continue;
      // Only a leading run of scalars can sit in SGPRs: the backend
      // preloads arguments in order and stops at the first it cannot.
      for (auto [index, type] :
           llvm::enumerate(func.getFunctionType().getParams())) {
        if (!isa<LLVM::LLVMPointerType, IntegerType, FloatType>(type))
          break;
        func.setArgAttr(unsigned(index), inreg, unit);
      }
    }
  }
};
} // namespace
