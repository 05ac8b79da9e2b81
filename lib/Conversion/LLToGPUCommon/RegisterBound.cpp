//===- RegisterBound.cpp - Kernels that need every register ---------------===//
//
// A kernel that declares its block size (`known_block_size`, PTX
// `.maxntid`) lets ptxas weigh its registers against the blocks an SM can
// hold; where the kernel needs more registers than a thread can have, it
// spills either way, and ptxas may then cap the registers at what full
// occupancy allows and spill most of the kernel. A conversion or a gather
// must hold its whole source at once, and with it every other distributed
// tensor live across it (a loop's accumulator, a loop-invariant operand);
// where those need every register, the kernel is such a one and gets the
// thread's maximum as its explicit bound, which ptxas then spends. So does
// a kernel whose conversion or gather through shared memory follows the
// loads of its tiles, where the bound lets ptxas issue them all at once.
//
//===----------------------------------------------------------------------===//

#include "RegisterBound.h"

#include "AddressMap.h"
#include "Emitter.h"

#include "LinearLayout/Dialect/LL/Transforms/GatherLiveness.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Remarks.h"

namespace mlir::ll::lowering {

/// Registers ptxas keeps beside the loaded values while the loads are in
/// flight: addresses, the thread's coordinates (docs/lowering.md, "Loads
/// in flight": within 16 of what ptxas took on 126 kernels).
static constexpr int64_t kAddressRegisters = 16;

/// The 32-bit registers per thread that the vectors of `load` fill (one
/// per vector of up to 32 bits, bits / 32 for a wider one), when `value`
/// is the result of an ll.load_tile in `op`'s block; else 0.
static int64_t loadedRegisters(Value value, Operation *op,
                               const GPUTarget &target) {
  auto load = value.getDefiningOp<LoadTileOp>();
  if (!load || load->getBlock() != op->getBlock())
    return 0;
  RankedTensorType type = load.getType();
  // The lowering reports a layout or element type it cannot lower; here
  // such a load only fills no registers.
  ScopedDiagnosticHandler quiet(op->getContext(),
                                [](Diagnostic &) { return success(); });
  FailureOr<int> bits = getElementBits(load, type.getElementType());
  if (failed(bits))
    return 0;
  FailureOr<ThreadLayout> tl =
      getThreadLayout(load, getLinearEncoding(type).getLinearLayout(),
                      type.getRank(), target, kTileLayoutName);
  if (failed(tl))
    return 0;
  int64_t vector =
      tileLoadVector(*tl, type.getShape(), bool(load.getRowStride()), *bits)
          .elements();
  int64_t vectorRegisters = std::max<int64_t>(1, vector * *bits / 32);
  return tl->numRegisters() / vector * vectorRegisters;
}

/// Whether a kernel of `threads` threads whose loads fill `loaded`
/// registers per thread, beside `other` live ones, could keep all its loads
/// in flight under an explicit bound and still hold the blocks that
/// overlap one another's loads: at least 4 blocks and a quarter of the
/// SM's warps (docs/lowering.md, "Loads in flight").
static bool paysToHoldLoads(int64_t loaded, int64_t other, int64_t threads,
                            const GPUTarget &target) {
  int64_t registers = loaded + other + kAddressRegisters;
  if (loaded == 0 || registers >= target.maxThreadRegisters || threads <= 0)
    return false;
  // Registers are allocated per warp in units of 256 (8 a thread).
  int64_t allocated = (registers + 7) / 8 * 8;
  int64_t warps = (threads + target.lanesPerWarp - 1) / target.lanesPerWarp;
  int64_t blocks = std::min<int64_t>(
      {target.smMaxBlocks, target.smMaxWarps / warps,
       target.smRegisters / (allocated * warps * target.lanesPerWarp)});
  return blocks >= 4 && blocks * warps * 4 >= target.smMaxWarps;
}

LogicalResult boundKernelRegisters(Operation *root, const GPUTargetHooks &hooks,
                                   const LoweringState &state) {
  StringRef attrName = hooks.getMaxRegistersAttrName();
  if (attrName.empty())
    return success();
  const GPUTarget &target = hooks.getTarget();
  // A bound written on a kernel reaches the PTX as it is: one outside what
  // a thread can have is an error here, not a .maxnreg the driver rejects.
  WalkResult checked = root->walk([&](FunctionOpInterface func) {
    Attribute given = func->getAttr(attrName);
    if (!given)
      return WalkResult::advance();
    auto bound = llvm::dyn_cast<IntegerAttr>(given);
    if (bound && bound.getType().isInteger() &&
        bound.getValue().getSignificantBits() <= 64 && bound.getInt() >= 1 &&
        bound.getInt() <= target.maxThreadRegisters)
      return WalkResult::advance();
    func->emitError() << attrName << " must be an integer from 1 to "
                      << target.maxThreadRegisters
                      << " (registers per thread), got " << given;
    return WalkResult::interrupt();
  });
  if (checked.wasInterrupted())
    return failure();
  root->walk([&](gpu::GPUFuncOp func) {
    std::optional<ArrayRef<int32_t>> blockSize = func.getKnownBlockSize();
    if (!func.isKernel() || !blockSize || blockSize->empty())
      return;
    // A bound the kernel's author set stays as it is.
    if (func->hasAttr(attrName))
      return;
    // Sets the bound, with a remark at `op`: `why`, the bound, `so`.
    auto bound = [&](Operation *op, const std::string &why, StringRef so) {
      func->setAttr(attrName,
                    IntegerAttr::get(IntegerType::get(func.getContext(), 32),
                                     target.maxThreadRegisters));
      auto opts = remark::RemarkOpts::name("register-bound")
                      .category(kLoweringRemarkCategory)
                      .function(func.getName());
      if (remark::detail::InFlightRemark remark =
              remark::passed(op->getLoc(), opts))
        remark << remark::detail::Remark::Arg(
            "Reason", why + ": the kernel gets " + attrName.str() + " = " +
                          std::to_string(target.maxThreadRegisters) + so.str());
    };
    WalkResult held = func.walk([&](Operation *op) {
      // What the op holds at once: a conversion its source, a gather its
      // source and its indices (each output element needs its index while
      // the source is still held).
      SmallVector<Value, 2> operands;
      StringRef what;
      if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
        auto lowering = state.conversions.find(op);
        if (lowering == state.conversions.end() ||
            std::holds_alternative<NoopLowering>(lowering->second))
          return WalkResult::advance();
        operands.push_back(convert.getSource());
        what = "conversion";
      } else if (auto gather = dyn_cast<GatherOp>(op)) {
        operands.push_back(gather.getSource());
        operands.push_back(gather.getIndices());
        what = "gather";
      } else {
        return WalkResult::advance();
      }
      int64_t sourceWords = 0;
      for (Value operand : operands)
        sourceWords += tensorRegisterWords(operand.getType());
      int64_t otherWords = liveTensorRegistersAcross(op, operands);
      if (sourceWords + otherWords < target.maxThreadRegisters)
        return WalkResult::advance();
      std::string why =
          (operands.size() > 1
               ? "the source and indices of this " + what.str() + " hold "
               : "the source of this " + what.str() + " holds ") +
          std::to_string(sourceWords) + " 32-bit registers per thread";
      if (otherWords > 0)
        why += ", and the other tensors live across it " +
               std::to_string(otherWords);
      bound(op,
            why + ", at least the " +
                std::to_string(target.maxThreadRegisters) +
                " a thread can have",
            ", so that it spills no more than it must");
      return WalkResult::interrupt();
    });
    if (held.wasInterrupted())
      return;
    // A conversion or gather through shared memory of tiles loaded just
    // before it: under .maxntid alone ptxas keeps the registers low and
    // issues part of the loads after the first shared stores, which wait
    // for the first loads (docs/lowering.md, "Loads in flight").
    held = func.walk([&](Operation *op) {
      int64_t loaded = 0, other = 0;
      StringRef what;
      if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
        auto lowering = state.conversions.find(op);
        if (lowering == state.conversions.end() ||
            !std::holds_alternative<SharedMemoryLowering>(lowering->second))
          return WalkResult::advance();
        loaded = loadedRegisters(convert.getSource(), op, target);
        if (loaded > 0)
          other = liveTensorRegistersAcross(op, convert.getSource());
        what = "conversion";
      } else if (auto gather = dyn_cast<GatherOp>(op)) {
        auto lowering = state.gathers.find(op);
        if (lowering == state.gathers.end() ||
            lowering->second.plan.kind != GatherKind::SharedMemory)
          return WalkResult::advance();
        loaded = loadedRegisters(gather.getSource(), op, target) +
                 loadedRegisters(gather.getIndices(), op, target);
        if (loaded > 0)
          other = liveTensorRegistersAcross(
              op, {gather.getSource(), gather.getIndices()});
        what = "gather";
      } else {
        return WalkResult::advance();
      }
      std::optional<int64_t> threads = knownBlockThreads(op);
      if (!threads || !paysToHoldLoads(loaded, other, *threads, target))
        return WalkResult::advance();
      bound(op,
            "this " + what.str() +
                " goes through shared memory right after "
                "loads that fill " +
                std::to_string(loaded) + " registers per thread",
            ", so that ptxas issues them all before the first shared store");
      return WalkResult::interrupt();
    });
    if (held.wasInterrupted())
      return;
    // A one-warp block that gathers by shuffles in a loop: a chain of
    // shuffles on one warp runs on their latency, and under .maxntid alone
    // ptxas keeps registers for blocks the SM may never hold and issues
    // the shuffles two at a time (docs/gather.md, "Shuffles of one warp").
    func.walk([&](GatherOp op) {
      auto lowering = state.gathers.find(op);
      if (lowering == state.gathers.end() ||
          lowering->second.plan.kind != GatherKind::Shuffle ||
          !isOneWarpBlock(op, hooks) || !isInsideLoop(op))
        return WalkResult::advance();
      bound(op,
            "this one-warp kernel gathers by shuffles in a loop, which runs "
            "on their latency",
            ", so that ptxas may issue more of them at a time");
      return WalkResult::interrupt();
    });
  });
  return success();
}

} // namespace mlir::ll::lowering
