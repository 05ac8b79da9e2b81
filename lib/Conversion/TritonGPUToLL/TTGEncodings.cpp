//===- TTGEncodings.cpp - #ttg encodings as linear layouts ----------------===//
//
// Builds the parameters of the layout families (Families/LayoutFamilies.h)
// from the `#ttg` encoding attributes and calls them; `#ttg.linear` and the
// shared_linear encodings carry their bases already. The families give
// Triton 3.6's `to_linear_layout` for single-CTA layouts.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Conversion/TritonImport.h"
#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Core/Error.h"
#include "LinearLayout/Dialect/Triton/IR/TTGLayout.h"
#include "LinearLayout/Families/LayoutFamilies.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ll;
using namespace mlir::ll::ttg;

llvm::Expected<TTGModuleInfo> mlir::ll::readTTGModuleInfo(ModuleOp module) {
  TTGModuleInfo info;
  auto readInt = [&](StringRef name, int64_t &value,
                     bool required) -> llvm::Error {
    Attribute attr = module->getAttr(name);
    if (!attr)
      return required ? makeError("the module has no '" + name + "' attribute")
                      : llvm::Error::success();
    auto integer = dyn_cast<IntegerAttr>(attr);
    if (!integer || !integer.getType().isInteger() ||
        integer.getValue().getSignificantBits() > 32 ||
        integer.getValue().getSExtValue() <= 0 ||
        !llvm::isPowerOf2_64(uint64_t(integer.getValue().getSExtValue())))
      return makeError("module attribute '" + name +
                       "' must be a positive power-of-two integer");
    value = integer.getValue().getSExtValue();
    return llvm::Error::success();
  };
  if (llvm::Error error = readInt("ttg.num-warps", info.numWarps, true))
    return std::move(error);
  if (llvm::Error error =
          readInt("ttg.threads-per-warp", info.threadsPerWarp, false))
    return std::move(error);
  if (llvm::Error error = readInt("ttg.num-ctas", info.numCTAs, false))
    return std::move(error);
  if (Attribute target = module->getAttr("ttg.target")) {
    auto string = dyn_cast<StringAttr>(target);
    if (!string)
      return makeError("module attribute 'ttg.target' must be a string");
    info.target = string.str();
  }
  return info;
}

static std::string toText(Attribute attr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  return text;
}

/// The families' CGA layout of a flattened `CGALayout` of `rank` entries
/// per basis.
static CgaLayout toCga(ArrayRef<int64_t> flat, size_t rank) {
  CgaLayout cga;
  for (const SmallVector<int64_t, 4> &basis : getCGABases(flat, rank))
    cga.push_back(basis);
  return cga;
}

/// The family parameters of a distributed encoding (not #ttg.linear).
static llvm::Expected<DistributedLayoutSpec> getSpec(Attribute encoding) {
  using Result = llvm::Expected<DistributedLayoutSpec>;
  auto toVector = [](ArrayRef<int64_t> values) {
    return SmallVector<int64_t, 4>(values.begin(), values.end());
  };
  auto withParent = [&](DistributedLayoutSpec spec,
                        Attribute parent) -> Result {
    Result parentSpec = getSpec(parent);
    if (!parentSpec)
      return parentSpec.takeError();
    spec.parent =
        std::make_shared<const DistributedLayoutSpec>(std::move(*parentSpec));
    return spec;
  };
  return llvm::TypeSwitch<Attribute, Result>(encoding)
      .Case([&](BlockedEncodingAttr attr) -> Result {
        DistributedLayoutSpec spec;
        spec.cgaLayout = toCga(attr.getCgaLayout(), attr.getOrder().size());
        spec.kind = DistributedKind::Blocked;
        spec.sizePerThread = toVector(attr.getSizePerThread());
        spec.threadsPerWarp = toVector(attr.getThreadsPerWarp());
        spec.warpsPerCTA = toVector(attr.getWarpsPerCTA());
        spec.order = toVector(attr.getOrder());
        return spec;
      })
      .Case([&](SliceEncodingAttr attr) -> Result {
        DistributedLayoutSpec spec;
        spec.kind = DistributedKind::Slice;
        spec.dim = attr.getDim();
        return withParent(std::move(spec), attr.getParent());
      })
      .Case([&](DotOperandEncodingAttr attr) -> Result {
        DistributedLayoutSpec spec;
        spec.kind = DistributedKind::DotOperand;
        spec.operandIndex = attr.getOpIdx();
        spec.kWidth = attr.getKWidth();
        return withParent(std::move(spec), attr.getParent());
      })
      .Case([&](NvidiaMmaEncodingAttr attr) -> Result {
        DistributedLayoutSpec spec;
        spec.cgaLayout =
            toCga(attr.getCgaLayout(), attr.getWarpsPerCTA().size());
        spec.kind = DistributedKind::NvidiaMma;
        spec.version = attr.getVersionMajor();
        spec.warpsPerCTA = toVector(attr.getWarpsPerCTA());
        spec.instrShape.assign(attr.getInstrShape().begin(),
                               attr.getInstrShape().end());
        return spec;
      })
      .Case([&](AMDMfmaEncodingAttr attr) -> Result {
        DistributedLayoutSpec spec;
        spec.cgaLayout =
            toCga(attr.getCgaLayout(), attr.getWarpsPerCTA().size());
        spec.kind = DistributedKind::AmdMfma;
        spec.version = attr.getVersion();
        spec.warpsPerCTA = toVector(attr.getWarpsPerCTA());
        spec.instrShape.assign(attr.getInstrShape().begin(),
                               attr.getInstrShape().end());
        spec.transposed = attr.getIsTransposed();
        spec.elementBitwidth = attr.getElementBitWidth();
        spec.tilesPerWarp = toVector(attr.getTilesPerWarp());
        return spec;
      })
      .Case([&](AMDWmmaEncodingAttr attr) -> Result {
        DistributedLayoutSpec spec;
        spec.cgaLayout =
            toCga(attr.getCgaLayout(), attr.getWarpsPerCTA().size());
        spec.kind = DistributedKind::AmdWmma;
        spec.version = attr.getVersion();
        spec.warpsPerCTA = toVector(attr.getWarpsPerCTA());
        spec.instrShape.assign(attr.getInstrShape().begin(),
                               attr.getInstrShape().end());
        spec.transposed = attr.getIsTranspose();
        spec.tilesPerWarp = toVector(attr.getTilesPerWarp());
        return spec;
      })
      .Case([&](LinearEncodingAttr attr) -> Result {
        DistributedLayoutSpec spec;
        spec.kind = DistributedKind::Linear;
        spec.linear = std::make_shared<const LinearLayout>(
            attr.getLayout().getLinearLayout());
        return spec;
      })
      .Default([&](Attribute attr) -> Result {
        return makeError(toText(attr) + " is not a distributed encoding");
      });
}

/// Checks that `layout` (over `shape`) maps onto dim0.. of exactly `shape`.
static llvm::Error checkOutDims(const LinearLayout &layout,
                                ArrayRef<int64_t> shape, Attribute encoding) {
  ArrayRef<LayoutDim> outDims = layout.getOutDims();
  bool matches = outDims.size() == shape.size();
  for (size_t i = 0; matches && i < shape.size(); ++i)
    matches =
        outDims[i].name == dims::tensorDim(i) && outDims[i].size() == shape[i];
  if (!matches)
    return makeError("the bases do not map onto the tensor's shape");
  return llvm::Error::success();
}

static llvm::Expected<LinearLayout>
sharedToLinearLayout(Attribute encoding, ArrayRef<int64_t> shape) {
  using Result = llvm::Expected<LinearLayout>;
  auto fromLinear = [&](LinearAttr attr) -> Result {
    const LinearLayout &layout = attr.getLinearLayout();
    if (llvm::Error error = checkOutDims(layout, shape, encoding))
      return std::move(error);
    return layout;
  };
  return llvm::TypeSwitch<Attribute, Result>(encoding)
      .Case([&](SwizzledSharedEncodingAttr attr) -> Result {
        SwizzledSharedSpec spec;
        spec.cgaLayout = toCga(attr.getCgaLayout(), attr.getOrder().size());
        spec.vec = attr.getVec();
        spec.perPhase = attr.getPerPhase();
        spec.maxPhase = attr.getMaxPhase();
        spec.order.assign(attr.getOrder().begin(), attr.getOrder().end());
        return swizzledSharedToLinearLayout(spec, shape);
      })
      .Case([&](NVMMASharedEncodingAttr attr) -> Result {
        NvmmaSharedSpec spec;
        spec.cgaLayout = toCga(attr.getCgaLayout(), size_t(attr.getCgaRank()));
        spec.fp4Padded = attr.getFp4Padded();
        spec.swizzleBytes = attr.getSwizzlingByteWidth();
        spec.elementBits = attr.getElementBitWidth();
        spec.transposed = attr.getTransposed();
        return nvmmaSharedToLinearLayout(spec, shape);
      })
      .Case([&](SharedLinearEncodingAttr attr) -> Result {
        return fromLinear(attr.getLayout());
      })
      .Case([&](PaddedSharedEncodingAttr attr) -> Result {
        return fromLinear(attr.getLayout());
      })
      .Default([&](Attribute attr) -> Result {
        return makeError(toText(attr) +
                         " has no linear layout in this project");
      });
}

llvm::Expected<LinearLayout>
mlir::ll::ttgEncodingToLinearLayout(Attribute encoding, ArrayRef<int64_t> shape,
                                    const TTGModuleInfo &info) {
  llvm::Expected<LinearLayout> layout =
      ttgEncodingToLinearLayout(encoding, shape);
  if (!layout)
    return layout;
  int64_t ctas =
      layout->hasInDim(dims::kBlock) ? layout->getInDimSize(dims::kBlock) : 1;
  if (ctas != info.numCTAs)
    return makeError("the layout spreads over " + std::to_string(ctas) +
                     " CTAs, but the module has ttg.num-ctas = " +
                     std::to_string(info.numCTAs));
  if (isSharedEncoding(encoding))
    return layout;
  if (layout->getInDimSize(dims::kLane) != info.threadsPerWarp)
    return makeError("the layout has " +
                     std::to_string(layout->getInDimSize(dims::kLane)) +
                     " lanes, but the module has ttg.threads-per-warp = " +
                     std::to_string(info.threadsPerWarp));
  if (layout->getInDimSize(dims::kWarp) != info.numWarps)
    return makeError("the layout has " +
                     std::to_string(layout->getInDimSize(dims::kWarp)) +
                     " warps, but the module has ttg.num-warps = " +
                     std::to_string(info.numWarps));
  return layout;
}

llvm::Expected<LinearLayout>
mlir::ll::ttgEncodingToLinearLayout(Attribute encoding,
                                    ArrayRef<int64_t> shape) {
  if (!encoding)
    return makeError("the tensor has no encoding");
  if (isSharedEncoding(encoding))
    return sharedToLinearLayout(encoding, shape);
  if (!isDistributedEncoding(encoding))
    return makeError(toText(encoding) + " is not a #ttg encoding");

  llvm::Expected<LinearLayout> layout = [&]() -> llvm::Expected<LinearLayout> {
    if (auto linear = dyn_cast<LinearEncodingAttr>(encoding)) {
      // The bases as written when they cover the shape; otherwise resized
      // as Triton resizes a #ttg.linear (a 128x1 tensor of a 128x64
      // layout broadcasts), by the families' Linear kind below.
      const LinearLayout &bases = linear.getLayout().getLinearLayout();
      if (llvm::Error error = checkOutDims(bases, shape, encoding))
        llvm::consumeError(std::move(error));
      else
        return bases;
    }
    llvm::Expected<DistributedLayoutSpec> spec = getSpec(encoding);
    if (!spec)
      return spec.takeError();
    return distributedToLinearLayout(*spec, shape);
  }();
  if (!layout)
    return layout.takeError();
  return layout;
}

/// "file:line:col" of the innermost file location in `loc`, or the printed
/// location.
static std::string locationText(Location loc) {
  std::string text;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      text = (file.getFilename().str() + ":" + Twine(file.getLine()) + ":" +
              Twine(file.getColumn()))
                 .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (text.empty()) {
    llvm::raw_string_ostream os(text);
    loc.print(os);
  }
  return text;
}

llvm::Expected<std::vector<ImportedConversion>>
mlir::ll::collectTritonConversions(ModuleOp module) {
  llvm::Expected<TTGModuleInfo> info = readTTGModuleInfo(module);
  if (!info)
    return info.takeError();
  std::vector<ImportedConversion> conversions;
  std::optional<std::string> error;
  module.walk([&](ttg::ConvertLayoutOp op) {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getResult().getType());
    ImportedConversion conversion;
    conversion.location = locationText(op.getLoc());
    conversion.shape.assign(srcType.getShape().begin(),
                            srcType.getShape().end());
    Type element = srcType.getElementType();
    conversion.elementBitWidth =
        element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 64;
    auto layoutOf = [&](RankedTensorType type, LinearLayout &layout,
                        std::string &text) -> llvm::Error {
      text = type.getEncoding() ? toText(type.getEncoding()) : "";
      llvm::Expected<LinearLayout> result =
          ttgEncodingToLinearLayout(type.getEncoding(), type.getShape(), *info);
      if (!result)
        return result.takeError();
      layout = std::move(*result);
      return llvm::Error::success();
    };
    if (llvm::Error failed = llvm::joinErrors(
            layoutOf(srcType, conversion.src, conversion.srcEncoding),
            layoutOf(dstType, conversion.dst, conversion.dstEncoding))) {
      error = conversion.location + ": " + llvm::toString(std::move(failed));
      return WalkResult::interrupt();
    }
    conversions.push_back(std::move(conversion));
    return WalkResult::advance();
  });
  if (error)
    return makeError(*error);
  return conversions;
}
