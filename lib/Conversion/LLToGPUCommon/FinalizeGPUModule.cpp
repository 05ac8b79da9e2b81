//===- FinalizeGPUModule.cpp - Rest of a gpu.module to LLVM ---------------===//
//
// The conversion of convert-scf-to-cf + convert-gpu-to-<target> +
// reconcile-unrealized-casts, with the function bodies converted in
// parallel. The patterns are upstream's; the schedule is ours, and so are
// one repair (loop annotations reach the translation to LLVM IR) and one
// change of type: 8- and 16-bit registers cross branches in 32-bit words
// (NarrowBlockArguments.h).
//
//===----------------------------------------------------------------------===//

#include "NarrowBlockArguments.h"

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
#include "mlir/IR/Iterators.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;

namespace {
/// What one function needs before its body can be converted.
struct FunctionWork {
  FunctionOpInterface function;
  Operation *llOp = nullptr; // an op convert-ll-to-<target> should have lowered
  bool hasSCF = false;
  bool otherRegions = false; // ops with regions besides scf's
};
} // namespace

/// Fills in what `work.function` needs (one walk; runs in parallel).
static void survey(FunctionWork &work) {
  work.function.getFunctionBody().walk([&](Operation *op) {
    if (!work.llOp && ll::isLLOp(op))
      work.llOp = op;
    bool isSCF = llvm::isa_and_nonnull<scf::SCFDialect>(op->getDialect());
    work.hasSCF |= isSCF;
    // An op with regions that is neither scf (lowered first) nor converted
    // in the body step would see its region converted before itself.
    work.otherRegions |= op->getNumRegions() != 0 && !isSCF;
  });
}

/// What upstream's greedy pre-pass would also remove: unreachable blocks
/// and trivially dead ops (a dead op without an LLVM lowering must not fail
/// the conversion; an unreachable block need not be converted).
static void eraseDeadCode(FunctionOpInterface function) {
  IRRewriter rewriter(function.getContext());
  (void)eraseUnreachableBlocks(rewriter, function->getRegions());
  function.getFunctionBody().walk<WalkOrder::PostOrder, ReverseIterator>(
      [](Operation *op) {
        if (isOpTriviallyDead(op))
          op->erase();
      });
}

/// The ops gpu's rewrite patterns apply to (convert-gpu-to-<target> runs
/// them greedily over the whole module first); all-reduce's pattern is
/// rooted at the function.
static SmallVector<Operation *> gpuRewriteRoots(FunctionOpInterface function) {
  SmallVector<Operation *> roots;
  bool allReduce = false;
  function.getFunctionBody().walk([&](Operation *op) {
    if (llvm::isa<gpu::GlobalIdOp, gpu::ShuffleOp>(op))
      roots.push_back(op);
    allReduce |= llvm::isa<gpu::AllReduceOp>(op);
  });
  if (allReduce)
    roots.push_back(function);
  return roots;
}

/// The body converts on its own: the signature is LLVM already and there
/// are no attributions, so the module-wide step only swaps the function op
/// (no entry block argument changes, nothing to rewire).
static bool bodyConvertsAlone(const FunctionWork &work) {
  FunctionOpInterface function = work.function;
  auto gpuFunc = llvm::dyn_cast<gpu::GPUFuncOp>(function.getOperation());
  bool attributions = gpuFunc && (gpuFunc.getNumWorkgroupAttributions() ||
                                  gpuFunc.getNumPrivateAttributions());
  return !function.getFunctionBody().empty() && !attributions &&
         !work.otherRegions &&
         llvm::all_of(function.getArgumentTypes(), LLVM::isCompatibleType) &&
         llvm::all_of(function.getResultTypes(), LLVM::isCompatibleType);
}

/// convert-scf-to-cf moves an scf.for's `llvm.loop_annotation` (an unroll
/// request, say) to the loop's latch cf.br, and cf's lowering carries it to
/// the llvm.br as a discardable attribute, which the translation to LLVM IR
/// does not read: it reads the branch's own `loop_annotation`. Upstream's
/// tail loses the annotation there; this puts it where it is read.
static void adoptLoopAnnotation(Operation *op) {
  constexpr llvm::StringLiteral discardable = "llvm.loop_annotation";
  auto adopt = [&](auto branch) {
    auto annotation =
        dyn_cast_or_null<LLVM::LoopAnnotationAttr>(op->getAttr(discardable));
    if (!annotation || branch.getLoopAnnotationAttr())
      return;
    branch.setLoopAnnotationAttr(annotation);
    op->removeAttr(discardable);
  };
  if (auto br = dyn_cast<LLVM::BrOp>(op))
    adopt(br);
  else if (auto condBr = dyn_cast<LLVM::CondBrOp>(op))
    adopt(condBr);
}

LogicalResult mlir::ll::finalizeGPUModule(gpu::GPUModuleOp module,
                                          LLVMTypeConverter &converter,
                                          PopulateGPUToLLVM populate,
                                          LowersToCall lowersToCall,
                                          PermuteBytes permuteBytes) {
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
  // The rest is left to the module-wide step, where symbol-table edits do
  // not race: ops whose lowering is a call the pattern declares in the
  // module (math, and the arith ops `lowersToCall` names: arith.remf and
  // on NVIDIA arith.maxnumf/minnumf become libdevice calls), cf.assert
  // (declares abort), gpu.printf (adds globals), and the terminators,
  // which belong to their function op.
  // Both steps use the target's patterns; the body step's legality is this
  // list alone, not the target's (which makes whole dialects such as gpu,
  // memref and func illegal).
  RewritePatternSet patterns(ctx);
  LLVMConversionTarget target(*ctx);
  populate(converter, patterns, target);
  FrozenRewritePatternSet frozenPatterns(std::move(patterns));
  ConversionTarget bodyTarget(*ctx);
  // Listed ops are converted where a pattern applies and otherwise left
  // (no opinion: std::nullopt), as in upstream's partial conversion; the
  // rest is legal here.
  bodyTarget.markUnknownOpDynamicallyLegal(
      [lowersToCall](Operation *op) -> std::optional<bool> {
        bool listed =
            llvm::isa_and_nonnull<arith::ArithDialect, cf::ControlFlowDialect,
                                  index::IndexDialect, ub::UBDialect>(
                op->getDialect()) ||
            llvm::isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp,
                      gpu::GridDimOp, gpu::LaneIdOp, gpu::BarrierOp,
                      gpu::ShuffleOp>(op);
        if (!listed || llvm::isa<cf::AssertOp>(op) || lowersToCall(op))
          return true;
        return std::nullopt;
      });
  bodyTarget.addLegalDialect<LLVM::LLVMDialect>();
  bodyTarget.addLegalOp<UnrealizedConversionCastOp>();

  SmallVector<FunctionWork> work;
  for (auto function : module.getOps<FunctionOpInterface>())
    work.push_back(FunctionWork{function});
  size_t symbolsBefore = module.getBody()->getOperations().size();
  if (failed(failableParallelForEach(
          ctx, work, [&](FunctionWork &w) -> LogicalResult {
            survey(w);
            if (w.llOp)
              return w.llOp->emitError(
                  "still has ll layouts: lower the ll dialect first "
                  "(convert-ll-to-nvvm / convert-ll-to-rocdl)");
            // Upstream's order: scf to cf first, then gpu's rewrites (an
            // all-reduce splits its block, which scf's lowerings of
            // single-block regions would not expect).
            Operation *function = w.function.getOperation();
            if (w.hasSCF &&
                failed(applyPartialConversion(function, scfTarget, frozenSCF)))
              return failure();
            eraseDeadCode(w.function);
            ll::packNarrowBlockArguments(w.function);
            ll::assembleVectorsFromWords(w.function);
            if (permuteBytes)
              ll::permuteHalvesAsWords(w.function, permuteBytes);
            SmallVector<Operation *> roots = gpuRewriteRoots(w.function);
            if (!roots.empty() && failed(applyOpPatternsGreedily(
                                      roots, frozenGpuRewrites, rewriteConfig)))
              return w.function.emitError("gpu rewrite patterns failed");
            // Rooted at the (legal) function, not at a list of its ops: a
            // branch's lowering converts its successor's signature, which
            // needs the block's region to be part of the conversion.
            if (bodyConvertsAlone(w) &&
                failed(applyPartialConversion(function, bodyTarget,
                                              frozenPatterns)))
              return failure();
            return success();
          })))
    return failure();
  // The parallel step must not have declared anything (a lowering to a
  // call that `lowersToCall` misses would race on the symbol table).
  if (module.getBody()->getOperations().size() != symbolsBefore)
    return module.emitError("internal error: the parallel step of the "
                            "finalization declared a module symbol");

  // The functions themselves and the bodies that could not go alone. Legal
  // ops are only looked at: the walk is cheap next to converting them.
  if (failed(applyPartialConversion(module, target, frozenPatterns)))
    return failure();

  SmallVector<UnrealizedConversionCastOp> casts;
  module.walk([&](Operation *op) {
    if (auto cast = dyn_cast<UnrealizedConversionCastOp>(op))
      casts.push_back(cast);
    else
      adoptLoopAnnotation(op);
  });
  reconcileUnrealizedCasts(casts);
  return success();
}
