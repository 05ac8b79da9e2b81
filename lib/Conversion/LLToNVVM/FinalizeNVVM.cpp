//===- FinalizeNVVM.cpp - The rest of a gpu.module to NVVM ----------------===//
//
// ll-finalize-nvvm: upstream's GPU-to-NVVM patterns and legality, and the
// ConvertToLLVM patterns of the loaded dialects (math excepted: NVVM lowers
// it to libdevice), run by the parallel driver of FinalizeGPUModule.h.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Conversion/LLToGPUCommon/FinalizeGPUModule.h"
#include "LinearLayout/Conversion/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ll {
#define GEN_PASS_DEF_LLFINALIZENVVM
#include "LinearLayout/Conversion/Passes.h.inc"
} // namespace mlir::ll

using namespace mlir;

namespace {
struct LLFinalizeNVVMPass
    : public mlir::ll::impl::LLFinalizeNVVMBase<LLFinalizeNVVMPass> {
  using LLFinalizeNVVMBase::LLFinalizeNVVMBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    LLFinalizeNVVMBase::getDependentDialects(registry);
    // The dialects' LLVM lowerings are found through their ConvertToLLVM
    // interfaces; register the common ones so that a tool that did not
    // call registerAllExtensions still lowers kernels.
    arith::registerConvertArithToLLVMInterface(registry);
    cf::registerConvertControlFlowToLLVMInterface(registry);
    registerConvertFuncToLLVMInterface(registry);
    index::registerConvertIndexToLLVMInterface(registry);
    registerConvertMemRefToLLVMInterface(registry);
    registerConvertNVVMToLLVMInterface(registry);
    ub::registerConvertUBToLLVMInterface(registry);
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    if (indexBitwidth != 32 && indexBitwidth != 64) {
      module.emitError("ll-finalize-nvvm: index-bitwidth must be 32 or 64, "
                       "got ")
          << unsigned(indexBitwidth);
      return signalPassFailure();
    }
    // As convert-gpu-to-nvvm: device functions get C wrappers.
    for (auto func : module.getOps<func::FuncOp>())
      func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                    UnitAttr::get(&getContext()));

    LowerToLLVMOptions options(
        &getContext(),
        DataLayout(llvm::cast<DataLayoutOpInterface>(module.getOperation())));
    options.overrideIndexBitwidth(indexBitwidth);
    LLVMTypeConverter converter(&getContext(), options);
    configureGpuToNVVMTypeConverter(converter);

    auto populate = [](LLVMTypeConverter &converter,
                       RewritePatternSet &patterns, ConversionTarget &target) {
      // GPU patterns first (higher benefit), as upstream.
      populateGpuToNVVMConversionPatterns(converter, patterns,
                                          /*benefit=*/10);
      for (Dialect *dialect : converter.getContext().getLoadedDialects()) {
        if (llvm::isa<math::MathDialect>(dialect))
          continue;
        if (auto *iface =
                llvm::dyn_cast<ConvertToLLVMPatternInterface>(dialect))
          iface->populateConvertToLLVMConversionPatterns(target, converter,
                                                         patterns);
      }
      populateGpuWMMAToNVVMConversionPatterns(converter, patterns);
      configureGpuToNVVMConversionLegality(target);
    };
    // populateGpuToNVVMConversionPatterns lowers these arith ops to
    // libdevice calls (test/Conversion/ll-finalize-nvvm.mlir checks it).
    auto lowersToCall = [](Operation *op) {
      return llvm::isa<arith::RemFOp, arith::MaxNumFOp, arith::MinNumFOp>(op);
    };
    if (failed(ll::finalizeGPUModule(module, converter, populate, lowersToCall,
                                     ll::createNVVMBytePermute)))
      return signalPassFailure();
    bool unoptimized = false;
    for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
      uint64_t ops = countOps(func, std::max(vectorizeMaxOps, optimizeMaxOps));
      if (vectorizeMaxOps != 0 && ops > vectorizeMaxOps)
        addPassthrough(func, "noimplicitfloat");
      if (optimizeMaxOps != 0 && ops > optimizeMaxOps) {
        // optnone needs noinline; both keep LLVM's optimization pipeline and
        // the backend's IR passes off the function.
        func.setNoInline(true);
        func.setOptimizeNone(true);
        unoptimized = true;
      }
    }
    // gpu-module-to-binary runs LLVM's pipeline without the instrumentation
    // that makes passes skip optnone functions: the module's targets take
    // optimization level 0 instead (the PTX is then optimized by ptxas).
    if (unoptimized)
      lowerTargetsToO0(module);
  }

  static void lowerTargetsToO0(gpu::GPUModuleOp module) {
    ArrayAttr targets = module.getTargetsAttr();
    if (!targets)
      return;
    SmallVector<Attribute> updated;
    for (Attribute target : targets) {
      auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target);
      updated.push_back(nvvm ? NVVM::NVVMTargetAttr::get(
                                   module.getContext(), /*optLevel=*/0,
                                   nvvm.getTriple(), nvvm.getChip(),
                                   nvvm.getFeatures(), nvvm.getFlags(),
                                   nvvm.getLink(), nvvm.getVerifyTarget())
                             : target);
    }
    module.setTargetsAttr(ArrayAttr::get(module.getContext(), updated));
  }

  /// The number of ops in `func`, counting no further than `limit` + 1.
  static uint64_t countOps(LLVM::LLVMFuncOp func, uint64_t limit) {
    uint64_t ops = 0;
    func.walk([&](Operation *) {
      return ++ops > limit ? WalkResult::interrupt() : WalkResult::advance();
    });
    return ops;
  }

  /// Marks a function of more than vectorizeMaxOps ops noimplicitfloat:
  /// LLVM's SLP vectorizer (an O(n^2) search over the insert/extract
  /// elements of a function, and block renumbering per vectorized tree) and
  /// load-store vectorizer skip it. Above optimizeMaxOps it is optnone: the
  /// rest of LLVM's optimizations (VectorCombine, GVN, the backend's
  /// straight-line strength reduction) also grow faster than the function
  /// (bench/results/compile-scaling.md). Kernels under the bounds keep their
  /// PTX.
  void addPassthrough(LLVM::LLVMFuncOp func, StringRef name) {
    MLIRContext *ctx = &getContext();
    SmallVector<Attribute> passthrough;
    if (ArrayAttr existing = func.getPassthroughAttr())
      passthrough.append(existing.begin(), existing.end());
    passthrough.push_back(StringAttr::get(ctx, name));
    func.setPassthroughAttr(ArrayAttr::get(ctx, passthrough));
  }
};
} // namespace
