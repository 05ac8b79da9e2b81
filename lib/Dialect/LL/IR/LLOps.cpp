//===- LLOps.cpp - Operations of the `ll` dialect -------------------------===//

#include "LinearLayout/Dialect/LL/IR/LLDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::ll;

int mlir::ll::getMovedElementBits(Type elementType) {
  if (elementType.isInteger(1))
    return 8;
  return elementType.isIntOrFloat() ? int(elementType.getIntOrFloatBitWidth())
                                    : 0;
}

LinearAttr mlir::ll::getLinearEncoding(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return {};
  return llvm::dyn_cast_or_null<LinearAttr>(tensor.getEncoding());
}

bool mlir::ll::isDistributedTensorType(Type type) {
  LinearAttr encoding = getLinearEncoding(type);
  return encoding && encoding.isDistributed();
}

//===----------------------------------------------------------------------===//
// ConvertLayoutOp
//===----------------------------------------------------------------------===//

/// Whether `op` carries an `ll.plan` that moves data. On a conversion
/// between equal layouts only a user writes one (the planner's is `noop`),
/// and it is kept; plans are not composed.
static bool hasMovingPlan(ConvertLayoutOp op) {
  PlanAttr plan = getPlan(op);
  return plan && plan.getKind() != PlanKind::Noop;
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  // A -> A is the identity (unless a plan asks to move the data anyway).
  if (getSource().getType() == getType())
    return hasMovingPlan(*this) ? OpFoldResult() : OpFoldResult(getSource());
  // A -> B -> A gives back the original value.
  if (auto producer = getSource().getDefiningOp<ConvertLayoutOp>())
    if (producer.getSource().getType() == getType())
      return producer.getSource();
  return {};
}

namespace {
/// convert(convert(x : A -> B) : B -> C) becomes convert(x : A -> C): the
/// values never change, so the intermediate layout B is never needed. The
/// inner conversion stays while it has other users.
struct ComposeConvertLayoutChain : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    auto producer = op.getSource().getDefiningOp<ConvertLayoutOp>();
    if (!producer || hasMovingPlan(op) || hasMovingPlan(producer))
      return failure();
    Value original = producer.getSource();
    if (original.getType() == op.getType()) {
      rewriter.replaceOp(op, original);
      return success();
    }
    rewriter.modifyOpInPlace(op,
                             [&] { op.getSourceMutable().assign(original); });
    return success();
  }
};
} // namespace

void ConvertLayoutOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<ComposeConvertLayoutChain>(context);
}

//===----------------------------------------------------------------------===//
// Tile I/O
//===----------------------------------------------------------------------===//

/// Checks what global tile I/O needs: a known element size and a row stride
/// only where there are rows.
static LogicalResult verifyGlobalTile(Operation *op, RankedTensorType tile,
                                      Value rowStride) {
  if (!llvm::isa<IntegerType, FloatType>(tile.getElementType()))
    return op->emitOpError("needs an integer or float element type, got ")
           << tile.getElementType();
  if (rowStride && tile.getRank() < 2)
    return op->emitOpError("has a row_stride, but the tile has rank ")
           << tile.getRank() << " (a row stride needs rank 2 or more)";
  return success();
}

LogicalResult LoadTileOp::verify() {
  return verifyGlobalTile(*this, getType(), getRowStride());
}

LogicalResult StoreTileOp::verify() {
  return verifyGlobalTile(*this, getValue().getType(), getRowStride());
}

LogicalResult TileIndexOp::verify() {
  auto element = llvm::dyn_cast<IntegerType>(getType().getElementType());
  if (!element || !element.isSignless() || element.getWidth() < 8 ||
      element.getWidth() > 64 || !llvm::isPowerOf2_32(element.getWidth()))
    return emitOpError("needs a signless integer element type of 8, 16, 32 "
                       "or 64 bits, got ")
           << getType().getElementType();
  return success();
}

/// Checks that a tensor and a shared buffer hold the same tile.
static LogicalResult verifySharedAccess(Operation *op, RankedTensorType tensor,
                                        SharedBufferType buffer) {
  if (tensor.getShape() != buffer.getShape()) {
    InFlightDiagnostic diag = op->emitOpError("tensor shape [");
    llvm::interleaveComma(tensor.getShape(), diag);
    diag << "] differs from the buffer shape [";
    llvm::interleaveComma(buffer.getShape(), diag);
    return diag << "]";
  }
  if (tensor.getElementType() != buffer.getElementType())
    return op->emitOpError("tensor element type ")
           << tensor.getElementType()
           << " differs from the buffer element type "
           << buffer.getElementType();
  return success();
}

LogicalResult StoreSharedOp::verify() {
  return verifySharedAccess(*this, getValue().getType(), getBuffer().getType());
}

LogicalResult LoadSharedOp::verify() {
  return verifySharedAccess(*this, getType(), getBuffer().getType());
}

//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

/// The size of the hardware dimension `name` of a layout (1 if absent).
static int64_t hardwareSize(LinearAttr encoding, StringRef name) {
  const LinearLayout &layout = encoding.getLinearLayout();
  return layout.hasInDim(name) ? layout.getInDimSize(name) : 1;
}

LogicalResult GatherOp::verify() {
  RankedTensorType source = getSource().getType();
  RankedTensorType indices = getIndices().getType();
  RankedTensorType result = getType();
  int64_t rank = source.getRank();
  if (rank == 0)
    return emitOpError("needs a source of rank 1 or more");
  if (indices.getRank() != rank)
    return emitOpError("indices have rank ")
           << indices.getRank() << " but the source has rank " << rank;
  int32_t axis = getAxis();
  if (axis < 0 || axis >= rank)
    return emitOpError("axis ") << axis << " is out of range for rank " << rank;
  if (!llvm::isa<IntegerType>(indices.getElementType()) ||
      !llvm::cast<IntegerType>(indices.getElementType()).isSignless())
    return emitOpError("indices must be signless integers, got ")
           << indices.getElementType();
  if (result.getShape() != indices.getShape() ||
      result.getEncoding() != indices.getEncoding())
    return emitOpError("result type ")
           << result << " must have the shape and layout of the indices "
           << indices;
  if (result.getElementType() != source.getElementType())
    return emitOpError("result element type ")
           << result.getElementType() << " differs from the source's "
           << source.getElementType();
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && source.getDimSize(d) != indices.getDimSize(d))
      return emitOpError("dimension ")
             << d << " has size " << source.getDimSize(d)
             << " in the source but " << indices.getDimSize(d)
             << " in the indices (only the axis may differ)";
  LinearAttr a = getLinearEncoding(source), i = getLinearEncoding(indices);
  for (StringRef dim : {"lane", "warp", "block"})
    if (hardwareSize(a, dim) != hardwareSize(i, dim))
      return emitOpError("the source layout has ")
             << hardwareSize(a, dim) << " " << dim << "(s), the index layout "
             << hardwareSize(i, dim) << ": both must run on the same threads";
  return success();
}

#define GET_OP_CLASSES
#include "LinearLayout/Dialect/LL/IR/LLOps.cpp.inc"
