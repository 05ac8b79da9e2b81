//===- ImportTTGIR.cpp - --ll-import-ttgir --------------------------------===//
//
// Rewrites a Triton 3.6 TTGIR module's layouts into the `ll` dialect
// (TritonImportPasses.td says what is rewritten). The ops of `tt`, `ttng`
// and the rest of `ttg` are opaque here: their types change through a
// generic attribute-and-type replacement over the whole module, never
// through op-specific patterns.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Conversion/TritonImport.h"
#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Dialect/LL/IR/LLDialect.h"
#include "LinearLayout/Dialect/Triton/IR/TTGLayout.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::ll {
#define GEN_PASS_DEF_LLIMPORTTTGIR
#include "LinearLayout/Conversion/TritonImportPasses.h.inc"
} // namespace mlir::ll

using namespace mlir;
using namespace mlir::ll;

namespace {
/// Element types whose conversions, loads and stores the `ll` ops carry.
bool isScalarElement(Type type) { return type.isIntOrFloat(); }

struct LLImportTTGIRPass
    : public mlir::ll::impl::LLImportTTGIRBase<LLImportTTGIRPass> {
  using LLImportTTGIRBase::LLImportTTGIRBase;
  void runOnOperation() override;

  /// The `#ll.linear` tensor type of `type`, computed once; null (after a
  /// diagnostic at `loc`) when its encoding cannot be built.
  Type convertTensor(RankedTensorType type, Location loc);

  /// Rewrites `alloc` and its users into ll ops when it qualifies.
  void importAlloc(ttg::LocalAllocOp alloc);

  TTGModuleInfo info;
  llvm::DenseMap<Type, Type> converted;
  bool failed = false;
};
} // namespace

Type LLImportTTGIRPass::convertTensor(RankedTensorType type, Location loc) {
  auto it = converted.find(type);
  if (it != converted.end())
    return it->second;
  llvm::Expected<LinearLayout> layout =
      ttgEncodingToLinearLayout(type.getEncoding(), type.getShape(), info);
  Type result;
  if (!layout) {
    emitError(loc, "cannot import the layout of ")
        << type << ": " << llvm::toString(layout.takeError());
    failed = true;
  } else {
    auto encoding = LinearAttr::get(type.getContext(), std::move(*layout));
    result = RankedTensorType::getChecked([&] { return emitError(loc); },
                                          type.getShape(),
                                          type.getElementType(), encoding);
    failed |= !result;
  }
  converted[type] = result;
  return result;
}

/// True when `alloc`'s users are only local_load (reading it),
/// local_store (writing it) and local_dealloc.
static bool hasOnlyLocalUsers(ttg::LocalAllocOp alloc) {
  return llvm::all_of(alloc->getUses(), [](OpOperand &use) {
    Operation *user = use.getOwner();
    if (isa<ttg::LocalLoadOp, ttg::LocalDeallocOp>(user))
      return true;
    if (auto store = dyn_cast<ttg::LocalStoreOp>(user))
      return use.getOperandNumber() == 1;
    return false;
  });
}

void LLImportTTGIRPass::importAlloc(ttg::LocalAllocOp alloc) {
  auto type = cast<ttg::MemDescType>(alloc.getType());
  if (!ttg::isSharedEncoding(type.getEncoding()) ||
      type.getShape() != type.getAllocShape() ||
      !isScalarElement(type.getElementType()) || !hasOnlyLocalUsers(alloc))
    return;
  // Every tensor that goes in or out must already be an ll tensor.
  auto isLLTensor = [](Value value) {
    return value && isDistributedTensorType(value.getType());
  };
  if (alloc.getSrc() && !isLLTensor(alloc.getSrc()))
    return;
  for (Operation *user : alloc->getUsers()) {
    if (auto load = dyn_cast<ttg::LocalLoadOp>(user);
        load && !isLLTensor(load.getResult()))
      return;
    if (auto store = dyn_cast<ttg::LocalStoreOp>(user);
        store && !isLLTensor(store.getSrc()))
      return;
  }
  llvm::Expected<LinearLayout> layout =
      ttgEncodingToLinearLayout(type.getEncoding(), type.getShape(), info);
  if (!layout) {
    // Not a layout this project builds: the alloc stays a ttg op.
    llvm::consumeError(layout.takeError());
    return;
  }
  // An ll shared buffer is one CTA's: a buffer spread over a cluster stays
  // a ttg op.
  if (layout->hasInDim(dims::kBlock) &&
      layout->getInDimSizeLog2(dims::kBlock) != 0)
    return;
  auto bufferType = SharedBufferType::getChecked(
      [&] { return emitError(alloc.getLoc()); }, alloc.getContext(),
      type.getShape(), type.getElementType(),
      LinearAttr::get(alloc.getContext(), std::move(*layout)));
  if (!bufferType) {
    failed = true;
    return;
  }

  OpBuilder builder(alloc);
  auto buffer = AllocSharedOp::create(builder, alloc.getLoc(), bufferType);
  // Stores wait for earlier reads of the buffer (it may be reused in a
  // loop) and make their writes visible before the next read.
  auto storeBetweenBarriers = [&](Operation *at, Value value) {
    builder.setInsertionPoint(at);
    gpu::BarrierOp::create(builder, at->getLoc());
    StoreSharedOp::create(builder, at->getLoc(), value, buffer);
    gpu::BarrierOp::create(builder, at->getLoc());
  };
  if (Value src = alloc.getSrc())
    storeBetweenBarriers(alloc, src);
  for (Operation *user : llvm::make_early_inc_range(alloc->getUsers())) {
    if (auto load = dyn_cast<ttg::LocalLoadOp>(user)) {
      builder.setInsertionPoint(load);
      auto replacement = LoadSharedOp::create(
          builder, load.getLoc(), load.getResult().getType(), buffer);
      load.getResult().replaceAllUsesWith(replacement.getResult());
    } else if (auto store = dyn_cast<ttg::LocalStoreOp>(user)) {
      storeBetweenBarriers(store, store.getSrc());
    }
    user->erase();
  }
  alloc->erase();
}

/// The location of `op`, or of its closest ancestor with a known one
/// (Triton gives its hoisted constants `loc(unknown)`).
static Location knownLoc(Operation *op) {
  for (Operation *at = op; at; at = at->getParentOp())
    if (!isa<UnknownLoc>(at->getLoc()))
      return at->getLoc();
  return op->getLoc();
}

void LLImportTTGIRPass::runOnOperation() {
  ModuleOp module = getOperation();
  llvm::Expected<TTGModuleInfo> moduleInfo = readTTGModuleInfo(module);
  if (!moduleInfo) {
    // A module without a location of its own: the first op inside with one.
    Location loc = module.getLoc();
    if (isa<UnknownLoc>(loc))
      module.walk([&](Operation *op) {
        if (isa<UnknownLoc>(op->getLoc()))
          return WalkResult::advance();
        loc = op->getLoc();
        return WalkResult::interrupt();
      });
    emitError(loc, "cannot import TTGIR: ")
        << llvm::toString(moduleInfo.takeError());
    return signalPassFailure();
  }
  info = *moduleInfo;

  // Every distributed tensor type the module mentions, with the location of
  // an op or argument that has it.
  auto visit = [&](Type type, Location loc) {
    type.walk([&](RankedTensorType tensor) {
      if (ttg::isDistributedEncoding(tensor.getEncoding()))
        convertTensor(tensor, loc);
    });
  };
  module.walk([&](Operation *op) {
    Location loc = knownLoc(op);
    for (Type type : op->getResultTypes())
      visit(type, loc);
    for (Type type : op->getOperandTypes())
      visit(type, loc);
    // Types inside attributes and properties (function types, constants).
    auto visitAttr = [&](Attribute attr) {
      if (attr)
        attr.walk([&](RankedTensorType tensor) { visit(tensor, loc); });
    };
    visitAttr(op->getRawDictionaryAttrs());
    if (op->getPropertiesStorageSize() != 0)
      visitAttr(op->getPropertiesAsAttribute());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          visit(argument.getType(),
                isa<UnknownLoc>(argument.getLoc()) ? loc : argument.getLoc());
  });
  if (failed)
    return signalPassFailure();

  AttrTypeReplacer replacer;
  replacer.addReplacement([&](RankedTensorType type) -> std::optional<Type> {
    if (!ttg::isDistributedEncoding(type.getEncoding()))
      return std::nullopt;
    Type result = convertTensor(type, module.getLoc());
    if (!result)
      return std::nullopt;
    return result;
  });
  // Dense constants carry their tensor type outside the replaceable
  // sub-elements: give them the converted type directly.
  replacer.addReplacement(
      [&](DenseElementsAttr attr) -> std::optional<Attribute> {
        auto type = dyn_cast<RankedTensorType>(attr.getType());
        if (!type || !ttg::isDistributedEncoding(type.getEncoding()))
          return std::nullopt;
        auto result =
            dyn_cast_or_null<ShapedType>(convertTensor(type, module.getLoc()));
        if (!result)
          return std::nullopt;
        return attr.reshape(result);
      });
  replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
  // Inherent attributes kept as properties (arith.constant's value) are not
  // in the attribute dictionary the replacer walks.
  module.walk([&](Operation *op) {
    if (op->getPropertiesStorageSize() == 0)
      return;
    Attribute properties = op->getPropertiesAsAttribute();
    if (!properties)
      return;
    Attribute replaced = replacer.replace(properties);
    if (replaced != properties &&
        mlir::failed(op->setPropertiesFromAttribute(replaced, nullptr))) {
      op->emitError("cannot import the layouts of this op's properties");
      failed = true;
    }
  });
  if (failed)
    return signalPassFailure();

  SmallVector<ttg::ConvertLayoutOp> conversions;
  SmallVector<ttg::LocalAllocOp> allocs;
  module.walk([&](Operation *op) {
    if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(op))
      conversions.push_back(convert);
    else if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op))
      allocs.push_back(alloc);
  });
  for (ttg::ConvertLayoutOp convert : conversions) {
    auto srcType = cast<RankedTensorType>(convert.getSrc().getType());
    if (!isDistributedTensorType(srcType) ||
        !isDistributedTensorType(convert.getType()) ||
        !isScalarElement(srcType.getElementType()))
      continue;
    OpBuilder builder(convert);
    auto replacement = ll::ConvertLayoutOp::create(
        builder, convert.getLoc(), convert.getType(), convert.getSrc());
    replacement->setDiscardableAttrs(convert->getDiscardableAttrDictionary());
    convert.getResult().replaceAllUsesWith(replacement.getResult());
    convert->erase();
  }
  if (importShared)
    for (ttg::LocalAllocOp alloc : allocs)
      importAlloc(alloc);
  if (failed)
    signalPassFailure();
}
