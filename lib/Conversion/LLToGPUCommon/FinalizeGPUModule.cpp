//===- FinalizeGPUModule.cpp - Rest of a gpu.module to LLVM ---------------===//
//
// The conversion of convert-scf-to-cf + convert-gpu-to-<target> +
// reconcile-unrealized-casts, with the function bodies converted in
// parallel. The patterns are upstream's; only the schedule is ours.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Conversion/LLToGPUCommon/FinalizeGPUModule.h"
#include "LinearLayout/Conversion/LLToGPUCommon/LLToGPUCommon.h"

#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace {
/// What one function needs before its body can be converted.
struct FunctionWork {
  FunctionOpInterface function;
  Operation *llOp = nullptr; // an op convert-ll-to-<target> should have lowered
  SmallVector<Operation *> gpuRewriteRoots; // ops gpu rewrites apply to
  bool hasSCF = false;
  /// Its body converts on its own: the signature is LLVM already, so the
  /// module-wide step only swaps the function op for the body's part (no
  /// block argument changes, no attributions to rewire).
  bool bodyAlone = false;
};
} // namespace

static SmallVector<Operation *> bodyOps(FunctionOpInterface function) {
  SmallVector<Operation *> ops;
  for (Block &block : function.getFunctionBody())
    for (Operation &op : block)
      ops.push_back(&op);
  return ops;
}

static FunctionWork survey(FunctionOpInterface function) {
  FunctionWork work{function};
  bool allReduce = false;
  function.getFunctionBody().walk([&](Operation *op) {
    if (!work.llOp && ll::isLLOp(op))
      work.llOp = op;
    if (llvm::isa_and_nonnull<scf::SCFDialect>(op->getDialect()))
      work.hasSCF = true;
    // The ops of gpu's rewrite patterns (convert-gpu-to-<target> runs them
    // greedily over the whole module first). All-reduce's pattern is
    // rooted at the function.
    if (llvm::isa<gpu::GlobalIdOp, gpu::ShuffleOp>(op))
      work.gpuRewriteRoots.push_back(op);
    allReduce |= llvm::isa<gpu::AllReduceOp>(op);
  });
  if (allReduce)
    work.gpuRewriteRoots.push_back(function);
  auto gpuFunc = llvm::dyn_cast<gpu::GPUFuncOp>(function.getOperation());
  bool attributions = gpuFunc && (gpuFunc.getNumWorkgroupAttributions() ||
                                  gpuFunc.getNumPrivateAttributions());
  work.bodyAlone =
      !function.getFunctionBody().empty() && !attributions &&
      llvm::all_of(function.getArgumentTypes(), LLVM::isCompatibleType) &&
      llvm::all_of(function.getResultTypes(), LLVM::isCompatibleType);
  return work;
}

LogicalResult mlir::ll::finalizeGPUModule(gpu::GPUModuleOp module,
                                          LLVMTypeConverter &converter,
                                          PopulateGPUToLLVM populate) {
  MLIRContext *ctx = module.getContext();

  RewritePatternSet gpuRewrites(ctx);
  populateGpuRewritePatterns(gpuRewrites);
  FrozenRewritePatternSet frozenGpuRewrites(std::move(gpuRewrites));
  GreedyRewriteConfig rewriteConfig;
  rewriteConfig.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);

  RewritePatternSet scfPatterns(ctx);
  populateSCFToControlFlowConversionPatterns(scfPatterns);
  FrozenRewritePatternSet frozenSCF(std::move(scfPatterns));
  ConversionTarget scfTarget(*ctx);
  // The region ops, as convert-scf-to-cf: their terminators (scf.yield,
  // scf.reduce, scf.condition) go with them, and scf.parallel becomes
  // scf.for nests that must still be legal to create.
  scfTarget
      .addIllegalOp<scf::ForallOp, scf::ForOp, scf::IfOp, scf::IndexSwitchOp,
                    scf::ParallelOp, scf::WhileOp, scf::ExecuteRegionOp>();
  scfTarget.markUnknownOpDynamicallyLegal([](Operation *) { return true; });

  // Bodies, in parallel: only ops whose lowering stays inside the function.
  // Everything else (math and arith.remf become calls to functions the
  // pattern declares in the module, cf.assert declares abort, gpu.printf
  // adds globals, a terminator belongs to its function op) is left to the
  // module-wide step: concurrent symbol-table edits would race.
  RewritePatternSet bodyPatterns(ctx);
  ConversionTarget bodyTarget(*ctx);
  populate(converter, bodyPatterns, bodyTarget);
  bodyTarget.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  bodyTarget.addIllegalDialect<arith::ArithDialect, cf::ControlFlowDialect,
                               index::IndexDialect, ub::UBDialect>();
  bodyTarget.addIllegalOp<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp,
                          gpu::GridDimOp, gpu::LaneIdOp, gpu::BarrierOp,
                          gpu::ShuffleOp>();
  bodyTarget.addLegalOp<arith::RemFOp, cf::AssertOp>();
  bodyTarget.addLegalDialect<LLVM::LLVMDialect>();
  bodyTarget.addLegalOp<UnrealizedConversionCastOp>();
  FrozenRewritePatternSet frozenBody(std::move(bodyPatterns));

  SmallVector<FunctionWork> work;
  for (auto function : module.getOps<FunctionOpInterface>())
    work.push_back(survey(function));
  if (failed(failableParallelForEach(
          ctx, work, [&](FunctionWork &w) -> LogicalResult {
            if (w.llOp)
              return w.llOp->emitError(
                  "still has ll layouts: lower the ll dialect first "
                  "(convert-ll-to-nvvm / convert-ll-to-rocdl)");
            if (!w.gpuRewriteRoots.empty() &&
                failed(applyOpPatternsGreedily(
                    w.gpuRewriteRoots, frozenGpuRewrites, rewriteConfig)))
              return w.function.emitError("gpu rewrite patterns failed");
            if (w.hasSCF && failed(applyPartialConversion(
                                bodyOps(w.function), scfTarget, frozenSCF)))
              return failure();
            if (w.bodyAlone &&
                failed(applyPartialConversion(bodyOps(w.function), bodyTarget,
                                              frozenBody)))
              return failure();
            return success();
          })))
    return failure();

  // The functions themselves and the bodies that could not go alone. Legal
  // ops are only looked at: the walk is cheap next to converting them.
  RewritePatternSet patterns(ctx);
  LLVMConversionTarget target(*ctx);
  populate(converter, patterns, target);
  if (failed(applyPartialConversion(module, target, std::move(patterns))))
    return failure();

  SmallVector<UnrealizedConversionCastOp> casts;
  module.walk([&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
  reconcileUnrealizedCasts(casts);
  return success();
}
