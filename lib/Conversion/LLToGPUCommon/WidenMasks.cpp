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
// Two shortcuts, each exact: a mask compared from bytes with a constant
// (a Triton load of `*i1` is a byte load compared with 0) has the bytes
// converted and compared after, and a user that zero-extends the moved
// mask takes the moved bytes themselves, which are 0 or 1.
//
//===----------------------------------------------------------------------===//

#include "WidenMasks.h"

#include "LinearLayout/Dialect/LL/IR/LLDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"

namespace mlir::ll::lowering {

static bool isMaskTensor(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getElementType().isInteger(1);
}

/// `value` as a splat of `type`'s shape and encoding, if it is a splat
/// constant.
static Value resplat(OpBuilder &b, Location loc, Value value,
                     RankedTensorType type) {
  SplatElementsAttr splat;
  if (!matchPattern(value, m_Constant(&splat)))
    return {};
  return arith::ConstantOp::create(
      b, loc, SplatElementsAttr::get(type, splat.getSplatValue<Attribute>()));
}

/// The conversion `op` of the mask `cmpi(x, c)`, with x of i8 and c a
/// splat, as `cmpi(convert(x), c)`: the bytes move instead of the
/// mask (the same plan), and the mask is made once, after.
static bool convertTheComparedBytes(ConvertLayoutOp op) {
  auto compare = op.getSource().getDefiningOp<arith::CmpIOp>();
  if (!compare)
    return false;
  auto bytes = llvm::cast<RankedTensorType>(compare.getLhs().getType());
  // The plan was made for the mask's layout: the bytes must have it.
  if (!bytes.getElementType().isInteger(8) ||
      bytes.getEncoding() != op.getSource().getType().getEncoding())
    return false;
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto resultType = llvm::cast<RankedTensorType>(op.getType());
  auto movedType = resultType.clone(bytes.getElementType());
  Value constant = resplat(b, loc, compare.getRhs(), movedType);
  if (!constant)
    return false;
  auto moved = ConvertLayoutOp::create(b, loc, movedType, compare.getLhs());
  moved->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  op.getResult().replaceAllUsesWith(
      arith::CmpIOp::create(b, loc, compare.getPredicate(), moved, constant));
  op->erase();
  if (compare->use_empty())
    compare->erase();
  return true;
}

void widenMaskMoves(Operation *root) {
  SmallVector<Operation *> moves;
  root->walk([&](Operation *op) {
    if (llvm::isa<ConvertLayoutOp, GatherOp>(op) &&
        isMaskTensor(op->getOperand(0).getType()))
      moves.push_back(op);
  });
  for (Operation *op : moves) {
    if (auto convert = llvm::dyn_cast<ConvertLayoutOp>(op);
        convert && convertTheComparedBytes(convert))
      continue;
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
    Value bytes = wide->getResult(0);
    // A zero-extension of the mask is the moved bytes (0 or 1), widened.
    for (OpOperand &use :
         llvm::make_early_inc_range(op->getResult(0).getUses())) {
      auto extend = llvm::dyn_cast<arith::ExtUIOp>(use.getOwner());
      if (!extend)
        continue;
      OpBuilder at(extend);
      Value same = extend.getType() == bytes.getType()
                       ? bytes
                       : arith::ExtUIOp::create(at, extend.getLoc(),
                                                extend.getType(), bytes)
                             .getResult();
      extend.getResult().replaceAllUsesWith(same);
      extend->erase();
    }
    if (!op->getResult(0).use_empty()) {
      Value zero = arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(result.clone(byte), b.getI8IntegerAttr(0)));
      op->getResult(0).replaceAllUsesWith(
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, bytes, zero));
    }
    op->erase();
  }
}

} // namespace mlir::ll::lowering
