//===- MemoryOpToLLVM.cpp - Tile and shared-buffer ops --------------------===//
//
// ll.load_tile / ll.store_tile move a tile between registers and global
// memory (row-major, optionally with a row stride); ll.alloc_shared is the
// address of its global (created by prepareLowering); ll.store_shared /
// ll.load_shared move a tile through a shared buffer placed by its memory
// layout. All of them go through loadRegisters/storeRegisters.
// ll.tile_index computes the offsets of a tile's load without loading.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "LinearLayout/Core/DimNames.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::ll::lowering {

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
/// Where and what a load or store moves.
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
  /// The tensor's layout in diagnostics.
  StringRef what;
};

static Access describeAccess(LoadTileOp op, LoadTileOp::Adaptor adaptor) {
  return {llvm::cast<RankedTensorType>(op.getResult().getType()),
          adaptor.getPtr(),
          Value(),
          op.getRowStride(),
          {},
          kTileLayoutName};
}
static Access describeAccess(StoreTileOp op, StoreTileOp::Adaptor adaptor) {
  return {llvm::cast<RankedTensorType>(op.getValue().getType()),
          adaptor.getPtr(),
          adaptor.getValue(),
          op.getRowStride(),
          {},
          kTileLayoutName};
}
static Access describeAccess(LoadSharedOp op, LoadSharedOp::Adaptor adaptor) {
  return {llvm::cast<RankedTensorType>(op.getResult().getType()),
          adaptor.getBuffer(),
          Value(),
          Value(),
          llvm::cast<SharedBufferType>(op.getBuffer().getType()),
          "the tensor layout"};
}
static Access describeAccess(StoreSharedOp op, StoreSharedOp::Adaptor adaptor) {
  return {llvm::cast<RankedTensorType>(op.getValue().getType()),
          adaptor.getBuffer(),
          adaptor.getValue(),
          Value(),
          llvm::cast<SharedBufferType>(op.getBuffer().getType()),
          "the tensor layout"};
}

/// ll.load_tile, ll.store_tile, ll.load_shared, ll.store_shared: one
/// lowering for loads and stores, global tiles and shared buffers.
template <typename Op> struct AccessLowering : public LLPattern<Op> {
  using LLPattern<Op>::LLPattern;

  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerAccess(op, describeAccess(op, adaptor), rewriter);
  }

  /// Replaces `op` by the loads or stores of `access`.
  LogicalResult lowerAccess(Operation *op, const Access &access,
                            ConversionPatternRewriter &rewriter) const {
    RankedTensorType type = access.type;
    bool isLoad = !access.stored;
    FailureOr<int> bits = getElementBits(op, type.getElementType());
    if (failed(bits))
      return failure();
    FailureOr<ThreadLayout> tl = getThreadLayout(
        op, getLinearEncoding(type).getLinearLayout(), type.getRank(),
        this->lc.hooks.getTarget(), access.what);
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
    if (this->lc.hooks.hasBytePermute())
      em.bytePacker = &this->lc.hooks;
    em.wideByteOffsets = this->lc.hooks.globalAddressesInBytes();
    Value stride;
    if (!access.buffer) {
      stride = rowStrideIndex(em, access.rowStride, type.getRank());
      std::tie(col, row) = globalMaps(*tl, type.getShape(), bool(stride));
    }
    auto [lane, warp] = em.laneAndWarp(this->lc.hooks);
    const AddressMap *rowMap = row ? &*row : nullptr;
    int64_t maxVector = maxVectorElements(*bits);
    if (isLoad) {
      SmallVector<Value> values(tl->numRegisters());
      loadRegisters(em, access.base, elementType, *bits, *tl, values, *col,
                    rowMap, stride, lane, warp, maxVector, allRegisters,
                    kAllOffsetBits, access.buffer ? nullptr : &this->lc.hooks,
                    this->lc.state.fencedTileLoads.contains(op));
      rewriter.replaceOp(op, em.pack(structType, values));
      return success();
    }
    SmallVector<Value> values = em.unpack(access.stored, tl->numRegisters());
    if (this->lc.state.fenceLines)
      em.lineFence = &this->lc.hooks;
    storeRegisters(em, access.base, elementType, *bits, *tl, values, *col,
                   rowMap, stride, lane, warp, maxVector, allRegisters,
                   kAllOffsetBits,
                   access.buffer ? StoreOrder::Registers : StoreOrder::Lines);
    rewriter.eraseOp(op);
    return success();
  }
};

/// ll.tile_index: the element offsets a contiguous ll.load_tile of the
/// same layout reads from, without the load (the row-major address map's
/// thread part combined with each register's constant).
struct TileIndexLowering : public LLPattern<TileIndexOp> {
  using LLPattern::LLPattern;
  LogicalResult
  matchAndRewrite(TileIndexOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    FailureOr<ThreadLayout> tl =
        getThreadLayout(op, getLinearEncoding(type).getLinearLayout(),
                        type.getRank(), lc.hooks.getTarget(), kTileLayoutName);
    if (failed(tl))
      return failure();
    Type structType = getTypeConverter()->convertType(type);
    if (!structType)
      return op.emitError("cannot convert ") << type;
    auto element = llvm::cast<IntegerType>(type.getElementType());
    Emitter em{rewriter, op.getLoc(), lc.indexType};
    AddressMap offsets = globalMaps(*tl, type.getShape(), false).first;
    auto [lane, warp] = em.laneAndWarp(lc.hooks);
    Value thread = em.threadPart(offsets, lane, warp);
    SmallVector<Value> values;
    for (int64_t k = 0; k < tl->numRegisters(); ++k) {
      Value index = em.combine(offsets, thread, offsets.registerValue(k));
      unsigned width = em.indexType.getWidth();
      if (element.getWidth() < width)
        index = LLVM::TruncOp::create(rewriter, op.getLoc(), element, index);
      else if (element.getWidth() > width)
        index = LLVM::ZExtOp::create(rewriter, op.getLoc(), element, index);
      values.push_back(index);
    }
    rewriter.replaceOp(op, em.pack(structType, values));
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

} // namespace

void populateMemoryOpPatterns(const TypeConverter &converter,
                              RewritePatternSet &patterns,
                              const LoweringContext &lc) {
  patterns.add<AccessLowering<LoadTileOp>, AccessLowering<StoreTileOp>,
               AllocSharedLowering, AccessLowering<StoreSharedOp>,
               AccessLowering<LoadSharedOp>, TileIndexLowering>(
      converter, patterns.getContext(), lc);
}

} // namespace mlir::ll::lowering
