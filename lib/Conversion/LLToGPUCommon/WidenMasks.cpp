//===- WidenMasks.cpp - Masks moved as bytes ------------------------------===//
//
// A conversion or gather of i1 elements moves them as bytes: the registers
// are zero-extended to i8 before it and compared with 0 after, so every
// plan, shuffle and shared-memory access below sees 8-bit elements, the
// width ll-plan-conversions planned them at (getMovedElementBits). The
// compare, not a truncation: the bytes are 0 or 1 either way, but LLVM
// narrows a shared load of two bytes whose bytes are each truncated to one
// bit into two byte loads (twice the planned load wavefronts), and leaves
// one compared with 0 whole.
//
//===----------------------------------------------------------------------===//

#include "WidenMasks.h"

#include "LinearLayout/Dialect/LL/IR/LLDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::ll::lowering {

static bool isMaskTensor(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getElementType().isInteger(1);
}

void widenMaskMoves(Operation *root) {
  SmallVector<Operation *> moves;
  root->walk([&](Operation *op) {
    if (llvm::isa<ConvertLayoutOp, GatherOp>(op) &&
        isMaskTensor(op->getOperand(0).getType()))
      moves.push_back(op);
  });
  for (Operation *op : moves) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Type byte = b.getI8Type();
    auto result = llvm::cast<RankedTensorType>(op->getResult(0).getType());
    auto source = op->getOperand(0);
    Value wideSource = arith::ExtUIOp::create(
        b, loc, llvm::cast<RankedTensorType>(source.getType()).clone(byte),
        source);
    Operation *wide;
    if (auto gather = llvm::dyn_cast<GatherOp>(op))
      wide = GatherOp::create(b, loc, result.clone(byte), wideSource,
                              gather.getIndices(), gather.getAxis());
    else
      wide = ConvertLayoutOp::create(b, loc, result.clone(byte), wideSource);
    wide->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    Value zero = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(result.clone(byte), b.getI8IntegerAttr(0)));
    Value narrow = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                         wide->getResult(0), zero);
    op->getResult(0).replaceAllUsesWith(narrow);
    op->erase();
  }
}

} // namespace mlir::ll::lowering
