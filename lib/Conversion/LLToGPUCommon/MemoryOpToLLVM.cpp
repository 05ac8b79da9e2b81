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
/// The ops that move a tensor of registers between memory and registers:
/// one lowering for loads and stores, global tiles and shared buffers.
template <typename Op> struct AccessPattern : public LLPattern<Op> {
  using LLPattern<Op>::LLPattern;

  /// Where and what an access moves.
  struct Access {
    /// The tensor loaded (the result) or stored.
    RankedTensorType type;
    /// The global pointer or the shared buffer.
    Value base;
    /// The stored tensor's registers (a struct); null for a load.
    Value stored;
    /// A global tile's row stride (null: contiguous); unused for buffers.
    Value rowStride;
    /// The shared buffer's type; null for a global tile.
    SharedBufferType buffer;
  };

  /// Replaces `op` by the loads or stores of `access`; `what` names the
  /// tensor's layout in diagnostics.
  LogicalResult lowerAccess(Operation *op, const Access &access, StringRef what,
                            ConversionPatternRewriter &rewriter) const {
    RankedTensorType type = access.type;
    bool isLoad = !access.stored;
    FailureOr<int> bits = getElementBits(op, type.getElementType());
    if (failed(bits))
      return failure();
    FailureOr<ThreadLayout> tl =
        getThreadLayout(op, getLinearEncoding(type).getLinearLayout(),
                        type.getRank(), this->lc.hooks.getLanesPerWarp(), what);
    if (failed(tl))
      return failure();
    Type structType;
    if (isLoad && !(structType = this->getTypeConverter()->convertType(type)))
      return op->emitError("cannot convert ") << type;
    Type elementType = convertElementType(type.getElementType());
    // The address maps: through the buffer's memory layout, or row-major
    // global offsets (columns, and rows where the tile has a row stride).
    std::optional<AddressMap> col, row;
    if (access.buffer) {
      FailureOr<AddressMap> map = sharedBufferMap(op, *tl, type, access.buffer);
      if (failed(map))
        return failure();
      col = std::move(*map);
    }
    Emitter em{rewriter, op->getLoc(), this->lc.indexType};
    Value stride;
    if (!access.buffer) {
      stride = getRowStride(em, access.rowStride, type.getRank());
      std::tie(col, row) = globalMaps(*tl, type.getShape(), bool(stride));
    }
    auto [lane, warp] = em.laneAndWarp(this->lc.hooks);
    const AddressMap *rowMap = row ? &*row : nullptr;
    int64_t maxVector = maxVectorElements(*bits);
    if (isLoad) {
      SmallVector<Value> values(tl->numRegisters());
      loadRegisters(em, access.base, elementType, *bits, *tl, values, *col,
                    rowMap, stride, lane, warp, maxVector, allRegisters,
                    kAllOffsetBits, access.buffer ? nullptr : &this->lc.hooks);
      rewriter.replaceOp(op, em.pack(structType, values));
      return success();
    }
    SmallVector<Value> values = em.unpack(access.stored, tl->numRegisters());
    storeRegisters(em, access.base, elementType, *bits, *tl, values, *col,
                   rowMap, stride, lane, warp, maxVector, allRegisters,
                   kAllOffsetBits);
    rewriter.eraseOp(op);
    return success();
  }
};

struct LoadTileLowering : public AccessPattern<LoadTileOp> {
  using AccessPattern::AccessPattern;
  LogicalResult
  matchAndRewrite(LoadTileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = llvm::cast<RankedTensorType>(op.getResult().getType());
    return lowerAccess(op, {type, adaptor.getPtr(), Value(), op.getRowStride()},
                       "the tile layout", rewriter);
  }
};

struct StoreTileLowering : public AccessPattern<StoreTileOp> {
  using AccessPattern::AccessPattern;
  LogicalResult
  matchAndRewrite(StoreTileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = llvm::cast<RankedTensorType>(op.getValue().getType());
    return lowerAccess(
        op, {type, adaptor.getPtr(), adaptor.getValue(), op.getRowStride()},
        "the tile layout", rewriter);
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
    auto buffer = llvm::cast<SharedBufferType>(op.getBuffer().getType());
    return lowerAccess(
        op, {type, adaptor.getBuffer(), adaptor.getValue(), Value(), buffer},
        "the tensor layout", rewriter);
  }
};

struct LoadSharedLowering : public AccessPattern<LoadSharedOp> {
  using AccessPattern::AccessPattern;
  LogicalResult
  matchAndRewrite(LoadSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = llvm::cast<RankedTensorType>(op.getResult().getType());
    auto buffer = llvm::cast<SharedBufferType>(op.getBuffer().getType());
    return lowerAccess(op,
                       {type, adaptor.getBuffer(), Value(), Value(), buffer},
                       "the tensor layout", rewriter);
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
