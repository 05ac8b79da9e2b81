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
// thread's maximum as its explicit bound, which ptxas then spends.
//
//===----------------------------------------------------------------------===//

#include "RegisterBound.h"

#include "LinearLayout/Dialect/LL/Transforms/GatherLiveness.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Remarks.h"

namespace mlir::ll::lowering {

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
      Value source;
      StringRef what;
      if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
        auto lowering = state.conversions.find(op);
        if (lowering == state.conversions.end() ||
            std::holds_alternative<NoopLowering>(lowering->second))
          return WalkResult::advance();
        source = convert.getSource();
        what = "conversion";
      } else if (auto gather = dyn_cast<GatherOp>(op)) {
        source = gather.getSource();
        what = "gather";
      } else {
        return WalkResult::advance();
      }
      int64_t sourceWords = tensorRegisterWords(source.getType());
      int64_t otherWords = liveTensorRegistersAcross(op, source);
      if (sourceWords + otherWords < target.maxThreadRegisters)
        return WalkResult::advance();
      std::string why = "the source of this " + what.str() + " holds " +
                        std::to_string(sourceWords) +
                        " 32-bit registers per thread";
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
