//===- LLPipelines.cpp - ll-to-ptx and ll-to-rocdl ------------------------===//
//
// The pipelines from `ll` kernels to PTX (NVIDIA) or to the LLVM dialect for
// AMDGPU: the `ll` passes, then upstream MLIR's lowering of the rest, each
// pass created with its typed options (no pipeline text is parsed).
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Conversion/Pipelines.h"

#include "ParallelPTX.h"

#include "LinearLayout/Analysis/GPUTarget.h"
#include "LinearLayout/Dialect/LL/Transforms/Passes.h"

#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;
using namespace mlir::ll;

namespace {
/// The pipelines' first pass: what they lower is the gpu.module(s) of the
/// module. A module without one, or with an `ll` op outside every gpu.module
/// (host code, which no GPU lowering reaches), is a located error instead of
/// an output without any kernel in it.
struct CheckKernelModulePass
    : public PassWrapper<CheckKernelModulePass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckKernelModulePass)

  /// `foreignDialect`: the other vendor's dialect (`rocdl` for ll-to-ptx,
  /// `nvvm` for ll-to-rocdl): a gpu.module already lowered for the other
  /// vendor is refused here, before LLVM's backend meets what it cannot
  /// compile (NVPTX aborts on ROCDL's `syncscope("workgroup")`).
  /// `chipError`: why the pipeline cannot compile for the chip asked for
  /// (empty: it can), reported when the pass runs.
  CheckKernelModulePass(StringRef pipeline, StringRef foreignDialect,
                        std::string chipError = "")
      : pipeline(pipeline), foreignDialect(foreignDialect),
        chipError(std::move(chipError)) {}
  StringRef getArgument() const override { return "ll-check-kernel-module"; }
  StringRef getDescription() const override {
    return "Check that the module holds the gpu.module the ll pipelines lower";
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    if (!chipError.empty()) {
      root->emitError() << pipeline << ": " << chipError;
      return signalPassFailure();
    }
    bool hasGPUModule = false;
    WalkResult walk = root->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (llvm::isa<gpu::GPUModuleOp>(op)) {
        hasGPUModule = true;
        WalkResult foreign = op->walk([&](Operation *inner) {
          if (inner->getName().getDialectNamespace() != foreignDialect)
            return WalkResult::advance();
          inner->emitError()
              << pipeline << ": '" << inner->getName()
              << "' in this gpu.module is code already lowered for another "
                 "vendor's GPU ("
              << foreignDialect << "); the pipeline lowers `ll` kernels for "
              << (foreignDialect == "rocdl" ? "NVIDIA" : "AMD") << " GPUs";
          return WalkResult::interrupt();
        });
        return foreign.wasInterrupted() ? WalkResult::interrupt()
                                        : WalkResult::skip();
      }
      if (op->getName().getDialectNamespace() == "ll") {
        op->emitError() << pipeline << ": '" << op->getName()
                        << "' lies outside every gpu.module; the pipeline "
                           "lowers the kernels of a gpu.module only (put "
                           "them in `gpu.module @name { gpu.func @k(...) "
                           "kernel { ... } }` inside `module attributes "
                           "{gpu.container_module}`)";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    if (!hasGPUModule) {
      root->emitError() << pipeline
                        << ": the module has no gpu.module, so there is "
                           "no kernel to lower (write the kernels as "
                           "`gpu.func @k(...) kernel` inside `gpu.module "
                           "@name { ... }` in `module attributes "
                           "{gpu.container_module}`)";
      return signalPassFailure();
    }
  }

  std::string pipeline;
  std::string foreignDialect;
  std::string chipError;
};

/// Why LLVM's NVPTX backend cannot compile for `chip` (a chip it does not
/// know aborts in instruction selection), or nothing. Where the backend is
/// not linked in, the attach pass reports it.
static std::string nvptxChipError(StringRef chip) {
  // Registered here: MLIR registers the backend only when it serializes.
  static const bool registered = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
    return true;
  }();
  (void)registered;
  std::string error;
  llvm::Triple triple("nvptx64-nvidia-cuda");
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return "";
  // No CPU here: an unknown one would print a warning.
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, "", ""));
  if (!info || info->isCPUStringValid(chip))
    return "";
  return ("chip '" + chip +
          "' is not a processor LLVM's NVPTX backend knows (e.g. sm_70, "
          "sm_80, sm_90, sm_100)")
      .str();
}

/// The PTX ISA the lowering's instructions need on sm_<arch> where the
/// chip's own minimum, LLVM's default, is older: shfl.sync (6.0; sm_60's
/// minimum is 5.0) and ldmatrix (6.5, from sm_75, whose minimum is 6.3).
/// Elsewhere the default serves (sm_90: 7.8, with stmatrix), and LLVM
/// refuses a version below it.
static std::string ptxFeatures(int arch) {
  if (arch < 70)
    return "+ptx60";
  return arch == 75 ? "+ptx65" : "";
}

/// ll-to-ptx's last pass with `isa-file`: the PTX of every object of every
/// gpu.binary, written to a plain file (what `python -m linear_layout
/// compile` writes too).
struct WriteISAFilePass
    : public PassWrapper<WriteISAFilePass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(WriteISAFilePass)

  explicit WriteISAFilePass(StringRef path) : path(path) {}
  StringRef getArgument() const override { return "ll-write-isa-file"; }
  StringRef getDescription() const override {
    return "Write the PTX of the gpu.binary ops to a file";
  }

  void runOnOperation() override {
    std::string text;
    getOperation()->walk([&](gpu::BinaryOp binary) {
      for (Attribute object : binary.getObjects())
        if (auto obj = llvm::dyn_cast<gpu::ObjectAttr>(object);
            obj && obj.getFormat() == gpu::CompilationTarget::Assembly)
          text += obj.getObject().getValue();
    });
    if (text.empty()) {
      getOperation()->emitError("ll-to-ptx: no PTX to write to isa-file '")
          << path << "'";
      return signalPassFailure();
    }
    std::string message;
    std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &message);
    if (!file) {
      getOperation()->emitError("ll-to-ptx: cannot write isa-file: ")
          << message;
      return signalPassFailure();
    }
    file->os() << text;
    file->os().flush();
    if (std::error_code error = file->os().error()) {
      // Cleared, or the stream's destructor reports it as a fatal error.
      file->os().clear_error();
      getOperation()->emitError("ll-to-ptx: cannot write isa-file '")
          << path << "': " << error.message();
      return signalPassFailure();
    }
    file->keep();
  }

  std::string path;
};
} // namespace

LogicalResult LLToPTXPipelineOptions::verify(
    function_ref<LogicalResult(const Twine &)> emitError) const {
  // What gpu-module-to-binary accepts (GpuModuleToBinaryPass::runOnOperation,
  // MLIR 22), and `none`.
  bool knownFormat = llvm::StringSwitch<bool>(format.getValue())
                         .Cases({"offloading", "llvm"}, true)
                         .Cases({"assembly", "isa"}, true)
                         .Cases({"binary", "bin"}, true)
                         .Cases({"fatbinary", "fatbin"}, true)
                         .Case("none", true)
                         .Default(false);
  if (!knownFormat)
    return emitError("ll-to-ptx: format must be isa (or assembly), bin (or "
                     "binary), fatbin (or fatbinary), llvm (or offloading) "
                     "or none, got '" +
                     format.getValue() + "'");
  if (!isaFile.getValue().empty() && format != "isa" && format != "assembly")
    return emitError("ll-to-ptx: isa-file needs format=isa (PTX text), got "
                     "format=" +
                     format.getValue());
  if (parallelMinOps < 0)
    return emitError("ll-to-ptx: parallel-min-ops must not be negative, got " +
                     Twine(int64_t(parallelMinOps)));
  // Set by the user, it must take effect: only the PTX text is compiled in
  // parts.
  if (parallelMinOps.hasValue() && format != "isa" && format != "assembly")
    return emitError("ll-to-ptx: parallel-min-ops needs format=isa (PTX "
                     "text), got format=" +
                     format.getValue());
  return success();
}

/// The options of the convert-ll-to-X pass that the pipelines share.
template <typename PassOptions, typename PipelineOptions>
static PassOptions llConversionOptions(const PipelineOptions &options) {
  PassOptions llOptions;
  llOptions.chip = options.chip;
  llOptions.indexBitwidth = options.indexBitwidth;
  llOptions.minRoundBytes = options.minRoundBytes;
  return llOptions;
}

/// The target named by `chip` (and `waveSize`) when it is one of `vendor`'s.
/// Otherwise the pipeline is the convert-ll pass alone: it reports the bad
/// chip or wave size with a diagnostic, where upstream's passes would take
/// any string.
static std::optional<GPUTarget> parseTargetOf(GPUVendor vendor, StringRef chip,
                                              unsigned waveSize = 0) {
  auto target = GPUTarget::parse(chip, waveSize);
  if (!target) {
    llvm::consumeError(target.takeError());
    return std::nullopt;
  }
  if (target->vendor != vendor)
    return std::nullopt;
  return *target;
}

void mlir::ll::buildLLToPTXPipeline(OpPassManager &pm,
                                    const LLToPTXPipelineOptions &options) {
  auto llOptions = llConversionOptions<ConvertLLToNVVMOptions>(options);
  llOptions.lineBarriers = options.lineBarriers;
  auto target = parseTargetOf(GPUVendor::NVIDIA, options.chip);
  pm.addPass(std::make_unique<CheckKernelModulePass>(
      "ll-to-ptx", "rocdl", target ? nvptxChipError(options.chip) : ""));
  if (!target) {
    pm.addPass(createConvertLLToNVVM(llOptions));
    return;
  }
  // The target is attached first, while the module is small (every pass is
  // followed by a verification of everything it anchors on).
  GpuNVVMAttachTargetOptions attachOptions;
  attachOptions.chip = options.chip;
  attachOptions.features = ptxFeatures(target->arch);
  pm.addPass(createGpuNVVMAttachTarget(attachOptions));
  if (options.registerOrder) {
    LLOptimizeRegisterOrderOptions orderOptions;
    orderOptions.target = options.chip;
    pm.addPass(createLLOptimizeRegisterOrder(orderOptions));
  }
  if (options.foldGathers) {
    LLFoldGatherConversionsOptions foldOptions;
    foldOptions.target = options.chip;
    pm.addPass(createLLFoldGatherConversions(foldOptions));
  }
  // The plans the lowering carries out, on the ops: an IR dump shows them.
  LLPlanConversionsOptions planOptions;
  planOptions.target = options.chip;
  pm.addPass(createLLPlanConversions(planOptions));
  pm.addPass(createConvertLLToNVVM(llOptions));
  LLFinalizeNVVMOptions finalizeOptions;
  finalizeOptions.indexBitwidth = options.indexBitwidth;
  pm.addNestedPass<gpu::GPUModuleOp>(createLLFinalizeNVVM(finalizeOptions));
  // Host functions beside the gpu.module get scf lowered to cf, as when the
  // pipeline ran convert-scf-to-cf over the whole module.
  pm.addNestedPass<func::FuncOp>(createSCFToControlFlowPass());
  if (options.format != "none") {
    // Large modules of kernels: PTX of the kernels compiled in parallel
    // parts, the same text as gpu-module-to-binary's (ParallelPTX.cpp).
    if (options.format == "isa" || options.format == "assembly")
      pm.addPass(createParallelPTXPass(options.parallelMinOps));
    GpuModuleToBinaryPassOptions binaryOptions;
    binaryOptions.compilationTarget = options.format;
    pm.addPass(createGpuModuleToBinaryPass(binaryOptions));
  }
  if (!options.isaFile.getValue().empty())
    pm.addPass(std::make_unique<WriteISAFilePass>(options.isaFile));
}

void mlir::ll::buildLLToROCDLPipeline(OpPassManager &pm,
                                      const LLToROCDLPipelineOptions &options) {
  auto llOptions = llConversionOptions<ConvertLLToROCDLOptions>(options);
  llOptions.waveSize = options.waveSize;
  pm.addPass(std::make_unique<CheckKernelModulePass>("ll-to-rocdl", "nvvm"));
  std::optional<GPUTarget> target =
      parseTargetOf(GPUVendor::AMD, options.chip, options.waveSize);
  if (!target) {
    pm.addPass(createConvertLLToROCDL(llOptions));
    return;
  }
  if (options.registerOrder) {
    LLOptimizeRegisterOrderOptions orderOptions;
    orderOptions.target = options.chip;
    orderOptions.waveSize = unsigned(target->lanesPerWarp);
    pm.addPass(createLLOptimizeRegisterOrder(orderOptions));
  }
  if (options.foldGathers) {
    LLFoldGatherConversionsOptions foldOptions;
    foldOptions.target = options.chip;
    foldOptions.waveSize = unsigned(target->lanesPerWarp);
    pm.addPass(createLLFoldGatherConversions(foldOptions));
  }
  // As for PTX, with the wave size the lowering uses.
  LLPlanConversionsOptions planOptions;
  planOptions.target = options.chip;
  planOptions.waveSize = unsigned(target->lanesPerWarp);
  pm.addPass(createLLPlanConversions(planOptions));
  pm.addPass(createConvertLLToROCDL(llOptions));
  pm.addPass(createSCFToControlFlowPass());
  // Device code only, as ll-finalize-nvvm does for PTX.
  pm.addNestedPass<gpu::GPUModuleOp>(createLLPackNarrowBlockArguments());
  ConvertGpuOpsToROCDLOpsOptions gpuOptions;
  gpuOptions.chipset = options.chip;
  gpuOptions.indexBitwidth = options.indexBitwidth;
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertGpuOpsToROCDLOps(gpuOptions));
  pm.addNestedPass<gpu::GPUModuleOp>(createLLPreloadKernelArguments());
  GpuROCDLAttachTargetOptions attachOptions;
  attachOptions.chip = options.chip;
  attachOptions.wave64Flag = target->lanesPerWarp == 64;
  pm.addPass(createGpuROCDLAttachTarget(attachOptions));
  pm.addPass(createReconcileUnrealizedCastsPass());
}

namespace {
LogicalResult verifyOptions(const LLToPTXPipelineOptions &options,
                            function_ref<LogicalResult(const Twine &)> error) {
  return options.verify(error);
}
// ll-to-rocdl's chip and wave size are checked by convert-ll-to-rocdl.
LogicalResult verifyOptions(const LLToROCDLPipelineOptions &,
                            function_ref<LogicalResult(const Twine &)>) {
  return success();
}

/// Registers a pipeline whose options are checked before the passes are
/// added: a bad value is an error of the pipeline's parse, reported through
/// the caller's handler (a located diagnostic in ll-opt and PassManager.parse).
template <typename Options>
void registerVerifiedPipeline(StringRef arg, StringRef description,
                              void (*builder)(OpPassManager &,
                                              const Options &)) {
  registerPassPipeline(
      arg, description,
      [builder](OpPassManager &pm, StringRef text,
                function_ref<LogicalResult(const Twine &)> errorHandler) {
        Options options;
        if (failed(options.parseFromString(text)) ||
            failed(verifyOptions(options, errorHandler)))
          return failure();
        builder(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(Options());
      });
}
} // namespace

void mlir::ll::registerLLPipelines() {
  static bool registered = [] {
    registerVerifiedPipeline<LLToPTXPipelineOptions>(
        "ll-to-ptx",
        "Lower ll kernels to PTX with upstream MLIR: "
        "nvvm-attach-target, ll-optimize-register-order, "
        "ll-fold-gather-conversions, ll-plan-conversions, convert-ll-to-nvvm, "
        "gpu.module(ll-finalize-nvvm), "
        "gpu-module-to-binary{format=isa}",
        buildLLToPTXPipeline);
    registerVerifiedPipeline<LLToROCDLPipelineOptions>(
        "ll-to-rocdl",
        "Lower ll kernels to the LLVM dialect for AMD GPUs with upstream MLIR: "
        "ll-optimize-register-order, ll-fold-gather-conversions, "
        "ll-plan-conversions, convert-ll-to-rocdl, convert-scf-to-cf, "
        "gpu.module(ll-pack-narrow-block-arguments), "
        "convert-gpu-to-rocdl, gpu.module(ll-preload-kernel-arguments), "
        "rocdl-attach-target, reconcile-unrealized-casts (then "
        "ll-extract-gpu-module, mlir-translate and an LLVM with the AMDGPU "
        "target give ISA)",
        buildLLToROCDLPipeline);
    return true;
  }();
  (void)registered;
}
