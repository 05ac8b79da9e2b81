//===- LLToGPUCommon.cpp - Target-independent lowering of `ll` -----------===//
//
// Lowers the `ll` ops inside GPU kernels to the LLVM dialect. Everything a
// target decides (thread index, barrier, shared address space, bank model)
// comes from GPUTargetHooks; see docs/lowering.md for the scheme. This file
// is the driver: prepareLowering (ScratchAllocation.cpp) plans every
// conversion and creates the shared globals, then the patterns
// (ConvertLayout.cpp, MemoryOpToLLVM.cpp, ElementwiseOpToLLVM.cpp) rewrite
// each kernel, in parallel.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Conversion/LLToGPUCommon/LLToGPUCommon.h"

#include "LineGroupLoads.h"
#include "Patterns.h"
#include "RegisterBound.h"
#include "WidenMasks.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::ll;
using namespace mlir::ll::lowering;

GPUTargetHooks::~GPUTargetHooks() = default;

Value GPUTargetHooks::createMatrixLoad(OpBuilder &, Location, Value,
                                       bool) const {
  return Value();
}
void GPUTargetHooks::createMatrixStore(OpBuilder &, Location, Value, ValueRange,
                                       bool) const {}

Value GPUTargetHooks::createLineLoad(OpBuilder &builder, Location loc,
                                     Type type, Value ptr,
                                     unsigned alignment) const {
  return LLVM::LoadOp::create(builder, loc, type, ptr, alignment);
}

Value GPUTargetHooks::createBytePermute(OpBuilder &builder, Location loc, Value,
                                        Value, Value) const {
  llvm_unreachable("createBytePermute without hasBytePermute");
}

Value GPUTargetHooks::createAffineShuffle(OpBuilder &builder, Location loc,
                                          Value value, Value srcAddress,
                                          uint64_t, ArrayRef<uint64_t>) const {
  assert(shuffleLaneShift() == 0 && "a lane shift needs its own shuffle");
  return createShuffleIdx(builder, loc, value, srcAddress);
}

bool mlir::ll::isLLOp(Operation *op) {
  return llvm::isa_and_nonnull<LLDialect>(op->getDialect()) || involvesLL(op);
}

/// What the conversion can work on independently: the outermost
/// isolated-from-above ops below `root` (looking through symbol tables such
/// as gpu.module) that hold an ll op, or `root` alone when some ll op lies
/// outside all of them.
static SmallVector<Operation *> conversionUnits(Operation *root) {
  SmallVector<Operation *> units;
  bool outside = false;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == root || op->hasTrait<OpTrait::SymbolTable>() ||
        !op->hasTrait<OpTrait::IsIsolatedFromAbove>()) {
      outside |= op != root && isLLOp(op);
      return WalkResult::advance();
    }
    if (op->walk([](Operation *inner) {
            return isLLOp(inner) ? WalkResult::interrupt()
                                 : WalkResult::advance();
          }).wasInterrupted())
      units.push_back(op);
    return WalkResult::skip();
  });
  if (outside || isLLOp(root))
    return {root};
  return units;
}

/// Erases the insertvalue chains (and their poison roots) that nothing
/// reads any more: tensors whose every user unpacked them directly.
static void eraseDeadPacks(Operation *root) {
  SmallVector<Operation *> worklist;
  root->walk([&](LLVM::InsertValueOp op) {
    if (op->use_empty())
      worklist.push_back(op);
  });
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!op->use_empty())
      continue;
    Operation *container = nullptr;
    if (auto insert = llvm::dyn_cast<LLVM::InsertValueOp>(op))
      container = insert.getContainer().getDefiningOp();
    op->erase();
    if (container && container->use_empty() &&
        llvm::isa<LLVM::InsertValueOp, LLVM::PoisonOp>(container))
      worklist.push_back(container);
  }
}

/// An ll tensor or shared buffer lives in registers or shared memory of one
/// function: the lowering has no calling convention for it. A function whose
/// signature has one (or a call passing one) is a located error here rather
/// than a failure to legalize its `return` or call.
static LogicalResult checkFunctionBoundaries(Operation *root) {
  const char *advice = "; ll values cannot cross a function boundary: keep "
                       "the producer and the users in one function (inline "
                       "the callee), or pass the data through memory with "
                       "ll.store_tile and ll.load_tile";
  WalkResult walk = root->walk([&](Operation *op) {
    if (auto func = llvm::dyn_cast<FunctionOpInterface>(op)) {
      for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
        if (!isLLType(type))
          continue;
        Location loc = func.isExternal()
                           ? func.getLoc()
                           : func.getFunctionBody().getArgument(i).getLoc();
        emitError(loc) << "function @"
                       << SymbolTable::getSymbolName(op).getValue()
                       << " takes argument #" << i << " of type " << type
                       << advice;
        return WalkResult::interrupt();
      }
      for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
        if (!isLLType(type))
          continue;
        op->emitError("function @")
            << SymbolTable::getSymbolName(op).getValue() << " returns result #"
            << i << " of type " << type << advice;
        return WalkResult::interrupt();
      }
    } else if (llvm::isa<CallOpInterface>(op) && involvesLL(op)) {
      op->emitError("'") << op->getName() << "' passes an ll value" << advice;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// The lowering reads a kernel's `known_block_size` as its threads (the
/// product of the sizes). A size below 1, or a product above the target's
/// block, is a located error here: a negative pair would multiply into a
/// plausible count, and large sizes overflow the product.
static LogicalResult checkKnownBlockSizes(Operation *root,
                                          const GPUTarget &target) {
  WalkResult walk = root->walk([&](gpu::GPUFuncOp func) {
    std::optional<ArrayRef<int32_t>> size = func.getKnownBlockSize();
    if (!size)
      return WalkResult::advance();
    bool lowersLL = func.walk([](Operation *op) {
                          return isLLOp(op) ? WalkResult::interrupt()
                                            : WalkResult::advance();
                        })
                        .wasInterrupted();
    if (!lowersLL)
      return WalkResult::advance();
    // Each size is checked before it multiplies, so the product stays
    // within the target's block.
    int64_t threads = 1;
    for (int32_t d : *size) {
      bool fits = d >= 1 && d <= target.maxBlockThreads &&
                  threads * d <= target.maxBlockThreads;
      if (!fits) {
        func.emitError("known_block_size must have sizes of at least 1 and "
                       "at most ")
            << target.maxBlockThreads << " threads in all on " << target.name
            << ", got " << func.getKnownBlockSizeAttr();
        return WalkResult::interrupt();
      }
      threads *= d;
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult mlir::ll::lowerLLToLLVM(Operation *root,
                                      const GPUTargetHooks &hooks,
                                      const LLLoweringOptions &options) {
  if (options.indexBitwidth != 32 && options.indexBitwidth != 64)
    return root->emitError("index-bitwidth must be 32 or 64, got ")
           << options.indexBitwidth;
  if (options.minRoundBytes < 0)
    return root->emitError("min-round-bytes must not be negative, got ")
           << options.minRoundBytes;
  // The patterns assume verified ops; a pass manager verifies only between
  // passes, not the IR a caller built before the first (Python's generic
  // builders do not verify).
  if (failed(verify(root)))
    return failure();
  if (failed(checkFunctionBoundaries(root)))
    return failure();
  if (failed(checkKnownBlockSizes(root, hooks.getTarget())))
    return failure();
  widenMaskMoves(root);
  LoweringState state;
  if (failed(prepareLowering(root, hooks, options, state)))
    return failure();
  if (failed(boundKernelRegisters(root, hooks, state)))
    return failure();
  if (LLLoweringStatistics *stats = options.statistics)
    for (auto &[op, lowering] : state.conversions) {
      if (std::holds_alternative<NoopLowering>(lowering))
        ++stats->noop;
      else if (std::holds_alternative<RegistersLowering>(lowering))
        ++stats->registers;
      else if (std::holds_alternative<ShuffleLowering>(lowering))
        ++stats->shuffle;
      auto *shared = std::get_if<SharedMemoryLowering>(&lowering);
      if (!shared)
        continue;
      ++stats->sharedMemory;
      // lowerWithinBlock: one barrier between the stores and the loads of
      // each round, one before each later round's stores unless rounds
      // alternate slots, and one before the first unless none is pending.
      int64_t rounds = int64_t(1) << shared->roundBits;
      stats->barriers += rounds + (shared->leadingBarrier ? 1 : 0) +
                         (shared->alternateSlotBytes ? 0 : rounds - 1);
    }

  MLIRContext *ctx = root->getContext();
  LLTypeConverter converter(ctx, hooks.getSharedAddressSpace());
  LoweringContext lc{hooks, state,
                     IntegerType::get(ctx, options.indexBitwidth)};
  RewritePatternSet patterns(ctx);
  populateMemoryOpPatterns(converter, patterns, lc);
  populateConvertLayoutPatterns(converter, patterns, lc);
  populateGatherPatterns(converter, patterns, lc);
  populateElementwisePatterns(converter, patterns);

  ConversionTarget target(*ctx);
  target.addLegalDialect<LLVM::LLVMDialect>();
  hooks.configureTarget(target);
  target.addIllegalDialect<LLDialect>();
  target.markUnknownOpDynamicallyLegal(
      [](Operation *op) { return !involvesLL(op); });
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  FrozenRewritePatternSet frozen(std::move(patterns));
  // Kernels are converted independently, in parallel (the conversion is
  // most of the pass's time on a module of many kernels); the patterns only
  // read `state` and create symbols nowhere (prepare made the globals).
  return failableParallelForEach(
      ctx, conversionUnits(root), [&](Operation *unit) -> LogicalResult {
        if (failed(applyPartialConversion(unit, target, frozen)))
          return failure();
        eraseDeadPacks(unit);
        sinkLoadsIntoLineGroups(unit, hooks.getSharedAddressSpace());
        return success();
      });
}
