//===- ExtractGPUModule.cpp - A gpu.module as the top-level module --------===//
//
// `mlir-translate --mlir-to-llvmir` translates a builtin module, not the
// gpu.module inside it. This pass makes the device code the whole module so
// that the lowered kernels can go through mlir-translate and an external
// `llc` (an LLVM with the AMDGPU target, which the prebuilt wheels lack):
//
//   ll-opt --pass-pipeline='builtin.module(ll-to-rocdl{chip=gfx942},
//       ll-extract-gpu-module)' | mlir-translate --mlir-to-llvmir |
//   llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::ll {
#define GEN_PASS_DEF_LLEXTRACTGPUMODULE
#include "LinearLayout/Conversion/Passes.h.inc"
} // namespace mlir::ll

using namespace mlir;

namespace {
struct LLExtractGPUModulePass
    : public mlir::ll::impl::LLExtractGPUModuleBase<LLExtractGPUModulePass> {
  using LLExtractGPUModuleBase::LLExtractGPUModuleBase;

  void runOnOperation() override {
    ModuleOp top = getOperation();
    SmallVector<gpu::GPUModuleOp> candidates;
    for (auto gpuModule : top.getOps<gpu::GPUModuleOp>())
      if (moduleName.empty() || gpuModule.getName() == moduleName)
        candidates.push_back(gpuModule);
    if (candidates.size() != 1) {
      top.emitError("ll-extract-gpu-module: expected exactly one gpu.module")
          << (moduleName.empty() ? std::string()
                                 : " named '" + moduleName + "'")
          << " at the top level, found " << candidates.size();
      return signalPassFailure();
    }
    gpu::GPUModuleOp device = candidates.front();
    std::string triple;
    if (ArrayAttr targets = device.getTargetsAttr()) {
      if (targets.size() != 1) {
        device.emitError("ll-extract-gpu-module: expected at most one "
                         "target on the gpu.module, found ")
            << targets.size();
        return signalPassFailure();
      }
      if (auto rocdl = llvm::dyn_cast<ROCDL::ROCDLTargetAttr>(targets[0]))
        triple = rocdl.getTriple().str();
    }
    // Host code and other device modules are dropped.
    Block &body = *top.getBody();
    for (Operation &op : llvm::make_early_inc_range(body))
      if (&op != device.getOperation())
        op.erase();
    Block &deviceBody = device.getBodyRegion().front();
    body.getOperations().splice(body.end(), deviceBody.getOperations());
    device.erase();
    top->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
    if (!triple.empty())
      top->setAttr(LLVM::LLVMDialect::getTargetTripleAttrName(),
                   StringAttr::get(&getContext(), triple));
  }
};
} // namespace
