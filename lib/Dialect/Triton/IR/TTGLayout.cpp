//===- TTGLayout.cpp - Linear encodings, memdesc, layout ops of ttg -------===//
//
// The encodings written as linear-layout bases (#ttg.linear,
// #ttg.shared_linear, #ttg.padded_shared), `!ttg.memdesc`, and the
// registration of everything TTGAttrs/TTGTypes/TTGOps.td declare. Parsing
// never asserts: malformed input ends in a located diagnostic.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Dialect/Triton/IR/TTGLayout.h"
#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Families/LayoutFamilies.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::ll;
using namespace mlir::ll::ttg;

//===----------------------------------------------------------------------===//
// #ttg.linear
//===----------------------------------------------------------------------===//

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  auto layout = dyn_cast_or_null<LinearAttr>(LinearAttr::parse(parser, {}));
  if (!layout)
    return {};
  ArrayRef<LayoutDim> inDims = layout.getLinearLayout().getInDims();
  static constexpr StringLiteral kNames[] = {"register", "lane", "warp",
                                             "block"};
  if (inDims.size() != 4 || !layout.isEncodingForm() ||
      !llvm::all_of(llvm::zip_equal(inDims, kNames), [](auto pair) {
        return std::get<0>(pair).name == std::get<1>(pair);
      })) {
    parser.emitError(loc, "#ttg.linear: the bases must be 'register', "
                          "'lane', 'warp' and 'block', in this order");
    return {};
  }
  return get(parser.getContext(), layout);
}

void LinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << '<' << getLayout().getLinearLayout().basesToString() << '>';
}

//===----------------------------------------------------------------------===//
// #ttg.shared_linear and #ttg.padded_shared
//===----------------------------------------------------------------------===//

/// The layout whose input dimensions are the entries of `dict` named in
/// `names` (in that order; absent ones skipped), each `[[v, ...], ...]`, onto
/// dim0.. just large enough for the values; an error naming `mnemonic`
/// otherwise.
static LinearAttr dictToLayout(AsmParser &parser, SMLoc loc, StringRef mnemonic,
                               DictionaryAttr dict, ArrayRef<StringRef> names) {
  auto error = [&]() {
    return parser.emitError(loc, "#ttg.") << mnemonic << ": ";
  };
  for (NamedAttribute entry : dict)
    if (!llvm::is_contained(names, entry.getName().strref())) {
      error() << "unknown field '" << entry.getName().strref() << "'";
      return {};
    }
  SmallVector<InDimBases, 2> bases;
  std::optional<size_t> arity;
  for (StringRef name : names) {
    auto list = dyn_cast_or_null<ArrayAttr>(dict.get(name));
    if (!list) {
      if (dict.get(name)) {
        error() << "field '" << name << "' must be a list of bases";
        return {};
      }
      continue;
    }
    InDimBases &dim = bases.emplace_back();
    dim.name = name.str();
    if (list.size() > size_t(kMaxDimBits)) {
      error() << "field '" << name << "' has too many bases";
      return {};
    }
    for (Attribute element : list) {
      auto basis = dyn_cast<ArrayAttr>(element);
      if (!basis || (arity && basis.size() != *arity) ||
          basis.size() > size_t(kMaxLayoutDims)) {
        error() << "field '" << name
                << "' must be a list of bases of one length each";
        return {};
      }
      arity = basis.size();
      Basis &values = dim.bases.emplace_back();
      for (Attribute value : basis) {
        auto integer = dyn_cast<IntegerAttr>(value);
        if (!integer || !integer.getType().isInteger() ||
            integer.getValue().getSignificantBits() > 32 ||
            integer.getValue().getSExtValue() < 0) {
          error() << "field '" << name << "' has a basis value that is not "
                  << "an integer in [0, 2^31)";
          return {};
        }
        values.push_back(integer.getValue().getSExtValue());
      }
    }
  }
  SmallVector<LayoutDim, 4> outDims;
  for (size_t i = 0; i < arity.value_or(0); ++i)
    outDims.push_back({dims::tensorDim(i), 0});
  for (const InDimBases &dim : bases)
    for (const Basis &basis : dim.bases)
      for (auto [value, out] : llvm::zip_equal(basis, outDims))
        if (value)
          out.log2Size = std::max<int32_t>(
              out.log2Size, int32_t(llvm::Log2_64(uint64_t(value)) + 1));
  llvm::Expected<LinearLayout> layout = LinearLayout::get(bases, outDims);
  if (!layout) {
    error() << llvm::toString(layout.takeError());
    return {};
  }
  return LinearAttr::get(parser.getContext(), std::move(*layout));
}

Attribute SharedLinearEncodingAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict;
  int64_t alignment;
  if (parser.parseAttribute(dict) || parser.parseComma() ||
      parser.parseKeyword("alignment") || parser.parseEqual() ||
      parser.parseInteger(alignment) || parser.parseGreater())
    return {};
  if (alignment <= 0 || !llvm::isPowerOf2_64(uint64_t(alignment))) {
    parser.emitError(loc, "#ttg.shared_linear: field 'alignment' must be a "
                          "positive power of two, not ")
        << alignment;
    return {};
  }
  LinearAttr layout = dictToLayout(parser, loc, "shared_linear", dict,
                                   {dims::kOffset, dims::kBlock});
  if (!layout)
    return {};
  return get(parser.getContext(), layout, alignment);
}

void SharedLinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << '<' << getLayout().getLinearLayout().basesToString()
          << ", alignment = " << getAlignment() << '>';
}

/// The linear component of a padded_shared written `{order, shape}`: the
/// offset walks the dimensions in `order`, the first fastest.
static llvm::Expected<LinearLayout> identityInOrder(ArrayRef<int64_t> order,
                                                    ArrayRef<int64_t> shape) {
  SmallVector<InDimBases, 2> bases(2);
  bases[0].name = dims::kOffset;
  bases[1].name = dims::kBlock;
  SmallVector<LayoutDim, 4> outDims;
  for (auto [index, size] : llvm::enumerate(shape))
    outDims.push_back(
        {dims::tensorDim(index), int32_t(llvm::Log2_64(uint64_t(size)))});
  for (int64_t dim : order)
    for (int32_t bit = 0; bit < outDims[dim].log2Size; ++bit) {
      Basis basis(shape.size(), 0);
      basis[dim] = int64_t(1) << bit;
      bases[0].bases.push_back(std::move(basis));
    }
  return LinearLayout::get(bases, outDims);
}

/// The order in which `layout` (offset, block) -> dim0.. walks the
/// dimensions, when it is an identity in some order with an empty block.
static std::optional<SmallVector<int64_t, 4>>
getIdentityOrder(const LinearLayout &layout) {
  if (layout.getInDims().size() != 2 || !layout.hasInDim(dims::kBlock) ||
      layout.getInDimSizeLog2(dims::kBlock) != 0)
    return std::nullopt;
  SmallVector<int64_t, 4> order;
  SmallVector<InDimBases, 4> bases = layout.getBases();
  for (const Basis &basis : bases[0].bases) {
    auto nonZero = llvm::find_if(basis, [](int64_t v) { return v != 0; });
    if (nonZero == basis.end())
      return std::nullopt;
    int64_t dim = nonZero - basis.begin();
    if (!llvm::is_contained(order, dim))
      order.push_back(dim);
  }
  for (int64_t dim = int64_t(layout.getOutDims().size()) - 1; dim >= 0; --dim)
    if (!llvm::is_contained(order, dim))
      order.push_back(dim);
  SmallVector<int64_t, 4> shape;
  for (const LayoutDim &dim : layout.getOutDims())
    shape.push_back(dim.size());
  llvm::Expected<LinearLayout> identity = identityInOrder(order, shape);
  if (!identity) {
    llvm::consumeError(identity.takeError());
    return std::nullopt;
  }
  if (*identity != layout)
    return std::nullopt;
  return order;
}

Attribute PaddedSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t, 2> intervals, paddings;
  auto error = [&](SMLoc at) {
    return parser.emitError(at, "#ttg.padded_shared: ");
  };
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            SMLoc at = parser.getCurrentLocation();
            int64_t interval, padding;
            if (parser.parseInteger(interval) || parser.parseColon() ||
                parser.parsePlus() || parser.parseInteger(padding))
              return failure();
            if (interval <= 0 || !llvm::isPowerOf2_64(uint64_t(interval)) ||
                padding <= 0 || !llvm::isPowerOf2_64(uint64_t(padding)))
              return error(at) << "interval and padding must be positive "
                                  "powers of two";
            intervals.push_back(interval);
            paddings.push_back(padding);
            return success();
          }))
    return {};
  SMLoc dictLoc = parser.getCurrentLocation();
  DictionaryAttr dict;
  if (parser.parseAttribute(dict) || parser.parseGreater())
    return {};
  if (intervals.empty()) {
    error(loc) << "needs at least one interval";
    return {};
  }
  LinearAttr layout;
  if (dict.get("order") || dict.get("shape")) {
    SmallVector<int64_t, 4> orderValues, shapeValues;
    for (auto [name, values] : {std::pair<StringRef, SmallVector<int64_t, 4> *>{
                                    "order", &orderValues},
                                {"shape", &shapeValues}}) {
      auto list = dyn_cast_or_null<ArrayAttr>(dict.get(name));
      if (!list || int64_t(list.size()) > kMaxDistributedRank) {
        error(dictLoc) << "field '" << name << "' must be a list of integers";
        return {};
      }
      for (Attribute element : list) {
        auto integer = dyn_cast<IntegerAttr>(element);
        if (!integer || !integer.getType().isInteger() ||
            integer.getValue().getSignificantBits() > 32) {
          error(dictLoc) << "field '" << name << "' must be a list of integers";
          return {};
        }
        values->push_back(integer.getValue().getSExtValue());
      }
    }
    if (dict.size() != 2) {
      error(dictLoc) << "the linear component is {order, shape} or "
                        "{offset, block}";
      return {};
    }
    SmallVector<int64_t, 4> sorted(orderValues);
    llvm::sort(sorted);
    bool isPermutation = sorted.size() == shapeValues.size() &&
                         llvm::all_of(llvm::enumerate(sorted), [](auto e) {
                           return e.value() == int64_t(e.index());
                         });
    if (!isPermutation || !llvm::all_of(shapeValues, [](int64_t size) {
          return size > 0 && llvm::isPowerOf2_64(uint64_t(size));
        })) {
      error(dictLoc) << "'order' must be a permutation of the dimensions of "
                        "'shape', whose sizes are positive powers of two";
      return {};
    }
    llvm::Expected<LinearLayout> identity =
        identityInOrder(orderValues, shapeValues);
    if (!identity) {
      error(dictLoc) << llvm::toString(identity.takeError());
      return {};
    }
    layout = LinearAttr::get(parser.getContext(), std::move(*identity));
  } else {
    layout = dictToLayout(parser, dictLoc, "padded_shared", dict,
                          {dims::kOffset, dims::kBlock});
    if (!layout)
      return {};
    if (!layout.getLinearLayout().hasInDim(dims::kBlock)) {
      error(dictLoc) << "the linear component needs 'block' bases";
      return {};
    }
  }
  return get(parser.getContext(), intervals, paddings, layout);
}

void PaddedSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(
      llvm::zip_equal(getIntervals(), getPaddings()), printer, [&](auto pair) {
        printer << std::get<0>(pair) << ":+" << std::get<1>(pair);
      });
  printer << "] ";
  const LinearLayout &layout = getLayout().getLinearLayout();
  if (std::optional<SmallVector<int64_t, 4>> order = getIdentityOrder(layout)) {
    printer << "{order = [";
    llvm::interleaveComma(*order, printer);
    printer << "], shape = [";
    llvm::interleaveComma(layout.getOutDims(), printer,
                          [&](const LayoutDim &dim) { printer << dim.size(); });
    printer << "]}>";
    return;
  }
  printer << layout.basesToString() << '>';
}

//===----------------------------------------------------------------------===//
// !ttg.memdesc
//===----------------------------------------------------------------------===//

Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t, 4> shape, allocShape;
  Type elementType;
  Attribute encoding, memorySpace;
  bool isMutable = false;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(encoding) || parser.parseComma() ||
      parser.parseAttribute(memorySpace))
    return {};
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("mutable"))) {
      isMutable = true;
      continue;
    }
    if (!allocShape.empty() ||
        parser.parseDimensionList(allocShape, /*allowDynamic=*/false,
                                  /*withTrailingX=*/false))
      return {};
  }
  if (parser.parseGreater())
    return {};
  if (allocShape.empty())
    allocShape = shape;
  return get(parser.getContext(), shape, elementType, encoding, memorySpace,
             isMutable, allocShape);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t size : getShape())
    printer << size << 'x';
  printer << getElementType() << ", ";
  printer.printAttribute(getEncoding());
  printer << ", ";
  printer.printAttribute(getMemorySpace());
  if (getMutableMemory())
    printer << ", mutable";
  if (getAllocShape() != getShape()) {
    printer << ", ";
    llvm::interleave(getAllocShape(), printer, "x");
  }
  printer << '>';
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_ATTRDEF_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTGAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTGTypes.cpp.inc"

#define GET_OP_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTGOps.cpp.inc"

namespace {
/// The aliases Triton's printer gives the encodings (#blocked, #mma, ...);
/// slice and dot_op encodings are printed inline, as Triton does.
struct TTGOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    StringRef name =
        llvm::TypeSwitch<Attribute, StringRef>(attr)
            .Case<BlockedEncodingAttr>([](auto) { return "blocked"; })
            .Case<NvidiaMmaEncodingAttr, AMDMfmaEncodingAttr,
                  AMDWmmaEncodingAttr>([](auto) { return "mma"; })
            .Case<LinearEncodingAttr>([](auto) { return "linear"; })
            .Case<SharedMemorySpaceAttr>([](auto) { return "smem"; })
            .Default([](Attribute attr) {
              return isSharedEncoding(attr) ? "shared" : "";
            });
    if (name.empty())
      return AliasResult::NoAlias;
    os << name;
    return AliasResult::FinalAlias;
  }
};
} // namespace

void TTGDialect::registerLayoutParts() {
  addInterfaces<TTGOpAsmInterface>();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "LinearLayout/Dialect/Triton/IR/TTGAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "LinearLayout/Dialect/Triton/IR/TTGTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "LinearLayout/Dialect/Triton/IR/TTGOps.cpp.inc"
      >();
}
