//===- MemoryOpToLLVM.cpp - Tile and shared-buffer ops --------------------===//
//
// ll.load_tile / ll.store_tile move a tile between registers and global
// memory (row-major, optionally with a row stride); ll.alloc_shared is the
// address of its global (created by prepareLowering); ll.store_shared /
// ll.load_shared move a tile through a shared buffer placed by its memory
// layout. All of them go through loadRegisters/storeRegisters.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "LinearLayout/Core/DimNames.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::ll::lowering {

/// Every register offset bit: no mask.
static constexpr uint64_t kAllOffsetBits = ~uint64_t(0);

/// The row stride as an index-typed value, or null for a contiguous tile.
static Value getRowStride(Emitter &em, Value stride, size_t rank) {
  if (!stride || rank < 2)
    return {};
  Type type = stride.getType();
  if (type.isIndex())
    return arith::IndexCastOp::create(em.b, em.loc, em.indexType, stride);
  unsigned width = type.getIntOrFloatBitWidth();
  if (width < em.indexType.getWidth())
    return LLVM::SExtOp::create(em.b, em.loc, em.indexType, stride);
  if (width > em.indexType.getWidth())
    return LLVM::TruncOp::create(em.b, em.loc, em.indexType, stride);
  return stride;
}

/// The address map of the accesses of `tl` to a shared buffer of
/// `bufferType` (one block's part of it).
static FailureOr<AddressMap> sharedBufferMap(Operation *op,
                                             const ThreadLayout &tl,
                                             RankedTensorType tensorType,
                                             SharedBufferType bufferType) {
  const LinearLayout &memory = bufferType.getLayout().getLinearLayout();
  if (memory.hasInDim(dims::kBlock) && memory.getInDimSize(dims::kBlock) > 1)
    return op->emitError("shared buffers spread over several blocks are not "
                         "supported by the lowering");
  LinearLayout single = memory;
  if (memory.hasInDim(dims::kBlock)) {
    auto offsetOnly = memory.sublayout({dims::kOffset.str()},
                                       dims::tensorDims(tensorType.getRank()));
    if (!offsetOnly)
      return op->emitError() << llvm::toString(offsetOnly.takeError());
    single = *offsetOnly;
  }
  return sharedAddressMap(op, tl, single);
}

namespace {
/// What a tile or shared access starts from: the element width, the
/// thread layout, the element type as LLVM sees it, and for a load the
/// struct type of the result.
struct TensorAccess {
  int bits = 0;
  ThreadLayout tl;
  Type elementType, structType;
};

/// The patterns of the ops that move a tensor of registers to or from
/// memory.
template <typename Op> struct AccessPattern : public LLPattern<Op> {
  using LLPattern<Op>::LLPattern;

  /// The access of `op` to the tensor `type`, whose layout `what` names in
  /// diagnostics; with `isResult`, `type` is the op's result.
  FailureOr<TensorAccess> getAccess(Operation *op, RankedTensorType type,
                                    StringRef what, bool isResult) const {
    TensorAccess access;
    FailureOr<int> bits = getElementBits(op, type.getElementType());
    if (failed(bits))
      return failure();
    access.bits = *bits;
    FailureOr<ThreadLayout> tl =
        getThreadLayout(op, getLinearEncoding(type).getLinearLayout(),
                        type.getRank(), this->lc.hooks.getLanesPerWarp(), what);
    if (failed(tl))
      return failure();
    access.tl = std::move(*tl);
    if (isResult) {
      access.structType = this->getTypeConverter()->convertType(type);
      if (!access.structType)
        return op->emitError("cannot convert ") << type;
    }
    access.elementType = convertElementType(type.getElementType());
    return access;
  }
};

struct LoadTileLowering : public AccessPattern<LoadTileOp> {
  using AccessPattern::AccessPattern;
  LogicalResult
  matchAndRewrite(LoadTileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = llvm::cast<RankedTensorType>(op.getResult().getType());
    FailureOr<TensorAccess> access =
        getAccess(op, type, "the tile layout", /*isResult=*/true);
    if (failed(access))
      return failure();
    Emitter em{rewriter, op.getLoc(), lc.indexType};
    Value stride = getRowStride(em, op.getRowStride(), type.getRank());
    auto [col, row] = globalMaps(access->tl, type.getShape(), bool(stride));
    auto [lane, warp] = em.laneAndWarp(lc.hooks);
    SmallVector<Value> values(access->tl.numRegisters());
    loadRegisters(em, adaptor.getPtr(), access->elementType, access->bits,
                  access->tl, values, col, row ? &*row : nullptr, stride, lane,
                  warp, maxVectorElements(access->bits), allRegisters,
                  kAllOffsetBits, &lc.hooks);
    rewriter.replaceOp(op, em.pack(access->structType, values));
    return success();
  }
};

struct StoreTileLowering : public AccessPattern<StoreTileOp> {
  using AccessPattern::AccessPattern;
  LogicalResult
  matchAndRewrite(StoreTileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = llvm::cast<RankedTensorType>(op.getValue().getType());
    FailureOr<TensorAccess> access =
        getAccess(op, type, "the tile layout", /*isResult=*/false);
    if (failed(access))
      return failure();
    Emitter em{rewriter, op.getLoc(), lc.indexType};
    Value stride = getRowStride(em, op.getRowStride(), type.getRank());
    auto [col, row] = globalMaps(access->tl, type.getShape(), bool(stride));
    auto [lane, warp] = em.laneAndWarp(lc.hooks);
    SmallVector<Value> values =
        em.unpack(adaptor.getValue(), access->tl.numRegisters());
    storeRegisters(em, adaptor.getPtr(), access->elementType, access->bits,
                   access->tl, values, col, row ? &*row : nullptr, stride, lane,
                   warp, maxVectorElements(access->bits), allRegisters,
                   kAllOffsetBits);
    rewriter.eraseOp(op);
    return success();
  }
};

struct AllocSharedLowering : public LLPattern<AllocSharedOp> {
  using LLPattern::LLPattern;
  LogicalResult
  matchAndRewrite(AllocSharedOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto it = lc.state.buffers.find(op);
    if (it == lc.state.buffers.end())
      return op.emitError("shared buffer was not allocated");
    auto ptrType = LLVM::LLVMPointerType::get(op.getContext(),
                                              lc.hooks.getSharedAddressSpace());
    rewriter.replaceOpWithNewOp<LLVM::AddressOfOp>(op, ptrType, it->second);
    return success();
  }
};

struct StoreSharedLowering : public AccessPattern<StoreSharedOp> {
  using AccessPattern::AccessPattern;
  LogicalResult
  matchAndRewrite(StoreSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = llvm::cast<RankedTensorType>(op.getValue().getType());
    FailureOr<TensorAccess> access =
        getAccess(op, type, "the tensor layout", /*isResult=*/false);
    if (failed(access))
      return failure();
    FailureOr<AddressMap> map =
        sharedBufferMap(op, access->tl, type,
                        llvm::cast<SharedBufferType>(op.getBuffer().getType()));
    if (failed(map))
      return failure();
    Emitter em{rewriter, op.getLoc(), lc.indexType};
    auto [lane, warp] = em.laneAndWarp(lc.hooks);
    SmallVector<Value> values =
        em.unpack(adaptor.getValue(), access->tl.numRegisters());
    storeRegisters(em, adaptor.getBuffer(), access->elementType, access->bits,
                   access->tl, values, *map, nullptr, Value(), lane, warp,
                   maxVectorElements(access->bits), allRegisters,
                   kAllOffsetBits);
    rewriter.eraseOp(op);
    return success();
  }
};

struct LoadSharedLowering : public AccessPattern<LoadSharedOp> {
  using AccessPattern::AccessPattern;
  LogicalResult
  matchAndRewrite(LoadSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = llvm::cast<RankedTensorType>(op.getResult().getType());
    FailureOr<TensorAccess> access =
        getAccess(op, type, "the tensor layout", /*isResult=*/true);
    if (failed(access))
      return failure();
    FailureOr<AddressMap> map =
        sharedBufferMap(op, access->tl, type,
                        llvm::cast<SharedBufferType>(op.getBuffer().getType()));
    if (failed(map))
      return failure();
    Emitter em{rewriter, op.getLoc(), lc.indexType};
    auto [lane, warp] = em.laneAndWarp(lc.hooks);
    SmallVector<Value> values(access->tl.numRegisters());
    loadRegisters(em, adaptor.getBuffer(), access->elementType, access->bits,
                  access->tl, values, *map, nullptr, Value(), lane, warp,
                  maxVectorElements(access->bits), allRegisters,
                  kAllOffsetBits);
    rewriter.replaceOp(op, em.pack(access->structType, values));
    return success();
  }
};
} // namespace

void populateMemoryOpPatterns(const TypeConverter &converter,
                              RewritePatternSet &patterns,
                              const LoweringContext &lc) {
  patterns.add<LoadTileLowering, StoreTileLowering, AllocSharedLowering,
               StoreSharedLowering, LoadSharedLowering>(
      converter, patterns.getContext(), lc);
}

} // namespace mlir::ll::lowering
