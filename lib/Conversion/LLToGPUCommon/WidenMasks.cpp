//===- WidenMasks.cpp - Masks moved as bytes ------------------------------===//
//
// A conversion or gather of i1 elements moves them as bytes: the registers
// are zero-extended to i8 before it and truncated after, so every plan,
// shuffle and shared-memory access below sees 8-bit elements, the width
// ll-plan-conversions planned them at (getMovedElementBits).
//
//===----------------------------------------------------------------------===//

#include "WidenMasks.h"

#include "LinearLayout/Dialect/LL/IR/LLDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

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
    Value narrow = arith::TruncIOp::create(b, loc, result, wide->getResult(0));
    op->getResult(0).replaceAllUsesWith(narrow);
    op->erase();
  }
}

} // namespace mlir::ll::lowering
