//===- RegisterBound.cpp - Kernels that need every register ---------------===//
//
// A kernel that declares its block size (`known_block_size`, PTX
// `.maxntid`) lets ptxas weigh its registers against the blocks an SM can
// hold; where the kernel needs more registers than a thread can have, it
// spills either way, and ptxas may then cap the registers at what full
// occupancy allows and spill most of the kernel. A conversion whose source
// alone needs every register makes its kernel such a one; the kernel gets
// the thread's maximum as its explicit bound, which ptxas then spends.
//
//===----------------------------------------------------------------------===//

#include "RegisterBound.h"

#include "AddressMap.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Remarks.h"

namespace mlir::ll::lowering {

/// The 32-bit registers per thread of the source of `op`, or nothing where
/// its layout or element type do not say.
static std::optional<int64_t> sourceWords(ConvertLayoutOp op,
                                          const GPUTarget &target) {
  auto type = llvm::cast<RankedTensorType>(op.getSource().getType());
  if (!type.getElementType().isIntOrFloat())
    return std::nullopt;
  FailureOr<ThreadLayout> src =
      getThreadLayout(op, getLinearEncoding(type).getLinearLayout(),
                      type.getRank(), target, kSourceLayoutName);
  if (failed(src))
    return std::nullopt;
  return elementWords(src->registerBits,
                      type.getElementType().getIntOrFloatBitWidth());
}

void boundKernelRegisters(Operation *root, const GPUTargetHooks &hooks,
                          const LoweringState &state) {
  StringRef attrName = hooks.getMaxRegistersAttrName();
  if (attrName.empty())
    return;
  const GPUTarget &target = hooks.getTarget();
  root->walk([&](gpu::GPUFuncOp func) {
    if (!func.isKernel() || !knownBlockThreads(&func.getBody().front().front()))
      return;
    // A bound the kernel's author set stays as it is.
    if (func->hasAttr(attrName))
      return;
    func.walk([&](ConvertLayoutOp op) {
      auto lowering = state.conversions.find(op);
      if (lowering == state.conversions.end() ||
          std::holds_alternative<NoopLowering>(lowering->second))
        return WalkResult::advance();
      std::optional<int64_t> words = sourceWords(op, target);
      if (!words || *words < target.maxThreadRegisters)
        return WalkResult::advance();
      func->setAttr(attrName,
                    IntegerAttr::get(IntegerType::get(func.getContext(), 32),
                                     target.maxThreadRegisters));
      auto opts = remark::RemarkOpts::name("register-bound")
                      .category(kLoweringRemarkCategory)
                      .function(func.getName());
      if (remark::detail::InFlightRemark remark =
              remark::passed(op.getLoc(), opts))
        remark << remark::detail::Remark::Arg(
            "Reason",
            "the source of this conversion holds " + std::to_string(*words) +
                " 32-bit registers per thread, at least the " +
                std::to_string(target.maxThreadRegisters) +
                " a thread can have: the kernel gets " + attrName.str() +
                " = " + std::to_string(target.maxThreadRegisters) +
                ", so that it spills no more than it must");
      return WalkResult::interrupt();
    });
  });
}

} // namespace mlir::ll::lowering
