//===- TTGAttrs.cpp - Triton 3.6's layout encodings, as read --------------===//
//
// Parsing and printing of the `#ttg.*` encodings in Triton 3.6's syntax.
// The body `{key = value, ...}` is read as an MLIR dictionary (so nested
// parents and aliases go through the normal attribute parser), then each
// field is taken out by name with its type and range checked: a missing,
// unknown or ill-typed field is a diagnostic at the attribute naming it,
// never an assertion. Fields Triton lets one omit take Triton's default
// (often 0 or an empty list, which building the layout then rejects with
// the field's name); fields whose omission Triton does not handle (it
// crashes, asserts, or reads an uninitialised value: slice's dim,
// amd_mfma's instrShape, nvmma_shared's swizzlingByteWidth and
// elementBitWidth) are required.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Dialect/Triton/IR/TTGLayout.h"
#include "LinearLayout/Families/LayoutFamilies.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::ll;
using namespace mlir::ll::ttg;

/// The largest value an integer field may take: Triton stores them as
/// `unsigned`; no layout parameter comes near 2^31.
static constexpr int64_t kMaxFieldValue = (int64_t(1) << 31) - 1;

namespace {
/// The fields of one `#ttg.<name><{...}>` body, read by name.
class FieldReader {
public:
  FieldReader(AsmParser &parser, StringRef mnemonic)
      : parser(parser), mnemonic(mnemonic) {}

  /// Parses `{...}` (a dictionary) at the current position.
  ParseResult parseDict() {
    loc = parser.getCurrentLocation();
    return parser.parseAttribute(dict);
  }
  /// Parses `<{...}>`.
  ParseResult parseBody() {
    if (parser.parseLess() || parseDict())
      return failure();
    return parser.parseGreater();
  }

  InFlightDiagnostic error(StringRef field) {
    return parser.emitError(loc, "#ttg.")
           << mnemonic << ": field '" << field << "' ";
  }

  ParseResult getAttr(StringRef key, Attribute &value, bool required) {
    seen.insert(key);
    value = dict.get(key);
    if (!value && required)
      return error(key) << "is missing";
    return success();
  }

  ParseResult getInt(StringRef key, int64_t &value,
                     std::optional<int64_t> defaultValue) {
    Attribute attr;
    if (getAttr(key, attr, !defaultValue))
      return failure();
    if (!attr) {
      value = *defaultValue;
      return success();
    }
    auto integer = dyn_cast<IntegerAttr>(attr);
    if (!integer || !integer.getType().isInteger())
      return error(key) << "must be an integer, not " << attr;
    return checkValue(key, integer.getValue(), value);
  }

  ParseResult getBool(StringRef key, bool &value, bool defaultValue) {
    Attribute attr;
    if (getAttr(key, attr, /*required=*/false))
      return failure();
    if (!attr) {
      value = defaultValue;
      return success();
    }
    auto boolean = dyn_cast<BoolAttr>(attr);
    if (!boolean)
      return error(key) << "must be true or false, not " << attr;
    value = boolean.getValue();
    return success();
  }

  /// `key = [n, ...]`; absent: `defaultValue` when given, else an error.
  ParseResult getInts(StringRef key, SmallVectorImpl<int64_t> &values,
                      std::optional<ArrayRef<int64_t>> defaultValue) {
    Attribute attr;
    if (getAttr(key, attr, !defaultValue))
      return failure();
    if (!attr) {
      values.assign(defaultValue->begin(), defaultValue->end());
      return success();
    }
    return readInts(key, attr, values);
  }

  /// `CGALayout = [[...], ...]`: every basis has `rank` entries.
  ParseResult getCGALayout(SmallVectorImpl<int64_t> &flat, size_t rank) {
    Attribute attr;
    if (getAttr("CGALayout", attr, /*required=*/false))
      return failure();
    if (!attr)
      return success();
    auto bases = dyn_cast<ArrayAttr>(attr);
    if (!bases)
      return error("CGALayout") << "must be a list of bases, not " << attr;
    if (bases.size() > 16)
      return error("CGALayout") << "has more than 16 bases";
    for (auto [index, basis] : llvm::enumerate(bases)) {
      SmallVector<int64_t, 4> values;
      if (readInts("CGALayout", basis, values))
        return failure();
      if (values.size() != rank)
        return error("CGALayout")
               << "basis " << index << " has " << values.size()
               << " entries, but the layout has rank " << rank;
      flat.append(values.begin(), values.end());
    }
    return success();
  }

  /// An error for every key not read.
  ParseResult finish() {
    for (NamedAttribute field : dict)
      if (!seen.contains(field.getName().strref()))
        return parser.emitError(loc, "#ttg.")
               << mnemonic << ": unknown field '" << field.getName().strref()
               << "'";
    return success();
  }

  DictionaryAttr getDict() const { return dict; }
  SMLoc getLoc() const { return loc; }

private:
  ParseResult checkValue(StringRef key, const APInt &raw, int64_t &value) {
    if (raw.getSignificantBits() > 63 || raw.getSExtValue() < 0 ||
        raw.getSExtValue() > kMaxFieldValue)
      return error(key) << "has value " << llvm::toString(raw, 10, true)
                        << " outside [0, " << kMaxFieldValue << "]";
    value = raw.getSExtValue();
    return success();
  }

  ParseResult readInts(StringRef key, Attribute attr,
                       SmallVectorImpl<int64_t> &values) {
    auto array = dyn_cast<ArrayAttr>(attr);
    if (!array)
      return error(key) << "must be a list of integers, not " << attr;
    if (int64_t(array.size()) > kMaxDistributedRank)
      return error(key) << "has more than " << kMaxDistributedRank
                        << " entries";
    for (Attribute element : array) {
      auto integer = dyn_cast<IntegerAttr>(element);
      if (!integer || !integer.getType().isInteger())
        return error(key) << "must be a list of integers, not " << attr;
      if (checkValue(key, integer.getValue(), values.emplace_back()))
        return failure();
    }
    return success();
  }

  AsmParser &parser;
  StringRef mnemonic;
  SMLoc loc;
  DictionaryAttr dict;
  llvm::StringSet<> seen;
};
} // namespace

/// The default of the lists Triton's parsers leave empty when omitted.
static constexpr std::optional<ArrayRef<int64_t>> kNone = ArrayRef<int64_t>();

/// Checks that the named lists have the rank of the first.
static ParseResult
checkSameRank(FieldReader &reader,
              ArrayRef<std::pair<StringRef, ArrayRef<int64_t>>> lists) {
  for (auto [name, list] : lists.drop_front())
    if (list.size() != lists.front().second.size())
      return reader.error(name)
             << "has " << list.size() << " entries, but '"
             << lists.front().first << "' has " << lists.front().second.size();
  return success();
}

static void printInts(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

static void printCGALayout(AsmPrinter &printer, ArrayRef<int64_t> flat,
                           size_t rank) {
  if (flat.empty())
    return;
  printer << ", CGALayout = [";
  llvm::interleaveComma(
      getCGABases(flat, rank), printer,
      [&](ArrayRef<int64_t> basis) { printInts(printer, basis); });
  printer << ']';
}

SmallVector<SmallVector<int64_t, 4>>
mlir::ll::ttg::getCGABases(ArrayRef<int64_t> flat, size_t rank) {
  SmallVector<SmallVector<int64_t, 4>> bases;
  if (rank == 0)
    return bases;
  for (size_t i = 0; i + rank <= flat.size(); i += rank)
    bases.emplace_back(flat.slice(i, rank));
  return bases;
}

//===----------------------------------------------------------------------===//
// #ttg.blocked
//===----------------------------------------------------------------------===//

Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  FieldReader reader(parser, "blocked");
  SmallVector<int64_t, 4> sizePerThread, threadsPerWarp, warpsPerCTA, order,
      cga;
  if (reader.parseBody() ||
      reader.getInts("sizePerThread", sizePerThread, kNone) ||
      reader.getInts("threadsPerWarp", threadsPerWarp, kNone) ||
      reader.getInts("warpsPerCTA", warpsPerCTA, kNone) ||
      reader.getInts("order", order, kNone) ||
      checkSameRank(reader, {{"sizePerThread", sizePerThread},
                             {"threadsPerWarp", threadsPerWarp},
                             {"warpsPerCTA", warpsPerCTA},
                             {"order", order}}) ||
      reader.getCGALayout(cga, order.size()) || reader.finish())
    return {};
  return get(parser.getContext(), sizePerThread, threadsPerWarp, warpsPerCTA,
             order, cga);
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{sizePerThread = ";
  printInts(printer, getSizePerThread());
  printer << ", threadsPerWarp = ";
  printInts(printer, getThreadsPerWarp());
  printer << ", warpsPerCTA = ";
  printInts(printer, getWarpsPerCTA());
  printer << ", order = ";
  printInts(printer, getOrder());
  printCGALayout(printer, getCgaLayout(), getOrder().size());
  printer << "}>";
}

//===----------------------------------------------------------------------===//
// #ttg.slice and #ttg.dot_op
//===----------------------------------------------------------------------===//

/// The `parent` field: a distributed encoding.
static ParseResult readParent(FieldReader &reader, Attribute &parent) {
  if (reader.getAttr("parent", parent, /*required=*/true))
    return failure();
  if (!isDistributedEncoding(parent))
    return reader.error("parent")
           << "must be a distributed #ttg encoding, not " << parent;
  return success();
}

Attribute SliceEncodingAttr::parse(AsmParser &parser, Type) {
  FieldReader reader(parser, "slice");
  int64_t dim;
  Attribute parent;
  if (reader.parseBody() || reader.getInt("dim", dim, std::nullopt) ||
      readParent(reader, parent) || reader.finish())
    return {};
  return get(parser.getContext(), dim, parent);
}

void SliceEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{dim = " << getDim() << ", parent = ";
  printer.printAttribute(getParent());
  printer << "}>";
}

Attribute DotOperandEncodingAttr::parse(AsmParser &parser, Type) {
  FieldReader reader(parser, "dot_op");
  int64_t opIdx, kWidth;
  Attribute parent;
  if (reader.parseBody() || reader.getInt("opIdx", opIdx, std::nullopt) ||
      readParent(reader, parent) || reader.getInt("kWidth", kWidth, 0))
    return {};
  if (opIdx > 1) {
    reader.error("opIdx") << "must be 0 or 1, not " << opIdx;
    return {};
  }
  if (kWidth == 0 && isa<NvidiaMmaEncodingAttr>(parent)) {
    reader.error("kWidth") << "is mandatory for an #ttg.nvidia_mma parent";
    return {};
  }
  if (reader.finish())
    return {};
  return get(parser.getContext(), opIdx, parent, kWidth);
}

void DotOperandEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{opIdx = " << getOpIdx() << ", parent = ";
  printer.printAttribute(getParent());
  if (getKWidth() != 0)
    printer << ", kWidth = " << getKWidth();
  printer << "}>";
}

//===----------------------------------------------------------------------===//
// #ttg.nvidia_mma, #ttg.amd_mfma, #ttg.amd_wmma
//===----------------------------------------------------------------------===//

Attribute NvidiaMmaEncodingAttr::parse(AsmParser &parser, Type) {
  FieldReader reader(parser, "nvidia_mma");
  int64_t major, minor;
  SmallVector<int64_t, 4> warps, instrShape, cga;
  if (reader.parseBody() || reader.getInt("versionMajor", major, 0) ||
      reader.getInt("versionMinor", minor, 0) ||
      reader.getInts("warpsPerCTA", warps, kNone) ||
      reader.getInts("instrShape", instrShape, kNone) ||
      reader.getCGALayout(cga, warps.size()) || reader.finish())
    return {};
  return get(parser.getContext(), major, minor, warps, cga, instrShape);
}

void NvidiaMmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{versionMajor = " << getVersionMajor()
          << ", versionMinor = " << getVersionMinor() << ", warpsPerCTA = ";
  printInts(printer, getWarpsPerCTA());
  printCGALayout(printer, getCgaLayout(), getWarpsPerCTA().size());
  printer << ", instrShape = ";
  printInts(printer, getInstrShape());
  printer << "}>";
}

/// True when `values` is empty or all ones (the default tilesPerWarp).
static bool isAllOnes(ArrayRef<int64_t> values) {
  return llvm::all_of(values, [](int64_t v) { return v == 1; });
}

Attribute AMDMfmaEncodingAttr::parse(AsmParser &parser, Type) {
  FieldReader reader(parser, "amd_mfma");
  int64_t version, elementBitWidth;
  bool isTransposed;
  SmallVector<int64_t, 4> warps, instrShape, tiles, cga;
  if (reader.parseBody() || reader.getInt("version", version, 0) ||
      reader.getInts("warpsPerCTA", warps, kNone) ||
      reader.getInts("instrShape", instrShape, std::nullopt) ||
      reader.getBool("isTransposed", isTransposed, false) ||
      reader.getInts("tilesPerWarp", tiles, ArrayRef<int64_t>()) ||
      reader.getInt("elementBitWidth", elementBitWidth, 32) ||
      reader.getCGALayout(cga, warps.size()) || reader.finish())
    return {};
  if (isAllOnes(tiles))
    tiles.clear();
  return get(parser.getContext(), version, warps, instrShape, isTransposed, cga,
             tiles, elementBitWidth);
}

void AMDMfmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion() << ", warpsPerCTA = ";
  printInts(printer, getWarpsPerCTA());
  printer << ", instrShape = ";
  printInts(printer, getInstrShape());
  printer << ", isTransposed = " << (getIsTransposed() ? "true" : "false");
  printCGALayout(printer, getCgaLayout(), getWarpsPerCTA().size());
  if (!getTilesPerWarp().empty()) {
    printer << ", tilesPerWarp = ";
    printInts(printer, getTilesPerWarp());
  }
  if (getElementBitWidth() != 32)
    printer << ", elementBitWidth = " << getElementBitWidth();
  printer << "}>";
}

/// #ttg.amd_wmma's default instrShape.
static constexpr int64_t kWmmaDefaultInstrShape[] = {16, 16, 16};

Attribute AMDWmmaEncodingAttr::parse(AsmParser &parser, Type) {
  FieldReader reader(parser, "amd_wmma");
  int64_t version;
  bool isTranspose;
  SmallVector<int64_t, 4> warps, instrShape, tiles, cga;
  if (reader.parseBody() || reader.getInt("version", version, std::nullopt) ||
      reader.getBool("isTranspose", isTranspose, false) ||
      reader.getInts("warpsPerCTA", warps, kNone) ||
      reader.getInts("tilesPerWarp", tiles, ArrayRef<int64_t>()) ||
      reader.getInts("instrShape", instrShape,
                     ArrayRef<int64_t>(kWmmaDefaultInstrShape)) ||
      reader.getCGALayout(cga, warps.size()) || reader.finish())
    return {};
  if (isAllOnes(tiles))
    tiles.clear();
  return get(parser.getContext(), version, isTranspose, warps, cga, tiles,
             instrShape);
}

void AMDWmmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion()
          << ", isTranspose = " << (getIsTranspose() ? "true" : "false")
          << ", warpsPerCTA = ";
  printInts(printer, getWarpsPerCTA());
  printCGALayout(printer, getCgaLayout(), getWarpsPerCTA().size());
  if (!getTilesPerWarp().empty()) {
    printer << ", tilesPerWarp = ";
    printInts(printer, getTilesPerWarp());
  }
  if (getInstrShape() != ArrayRef<int64_t>(kWmmaDefaultInstrShape)) {
    printer << ", instrShape = ";
    printInts(printer, getInstrShape());
  }
  printer << "}>";
}

//===----------------------------------------------------------------------===//
// #ttg.swizzled_shared, #ttg.amd_rotating_shared, #ttg.nvmma_shared
//===----------------------------------------------------------------------===//

/// The fields of swizzled_shared and amd_rotating_shared.
struct SwizzleFields {
  int64_t vec, perPhase, maxPhase;
  SmallVector<int64_t, 4> order, cga;
};

static ParseResult parseSwizzleFields(AsmParser &parser, StringRef mnemonic,
                                      SwizzleFields &f) {
  FieldReader reader(parser, mnemonic);
  return failure(reader.parseBody() || reader.getInt("vec", f.vec, 0) ||
                 reader.getInt("perPhase", f.perPhase, 0) ||
                 reader.getInt("maxPhase", f.maxPhase, 0) ||
                 reader.getInts("order", f.order, std::nullopt) ||
                 reader.getCGALayout(f.cga, f.order.size()) || reader.finish());
}

static void printSwizzleFields(AsmPrinter &printer, int64_t vec,
                               int64_t perPhase, int64_t maxPhase,
                               ArrayRef<int64_t> order, ArrayRef<int64_t> cga) {
  printer << "<{vec = " << vec << ", perPhase = " << perPhase
          << ", maxPhase = " << maxPhase << ", order = ";
  printInts(printer, order);
  printCGALayout(printer, cga, order.size());
  printer << "}>";
}

Attribute SwizzledSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SwizzleFields f;
  if (parseSwizzleFields(parser, "swizzled_shared", f))
    return {};
  return get(parser.getContext(), f.vec, f.perPhase, f.maxPhase, f.order,
             f.cga);
}

void SwizzledSharedEncodingAttr::print(AsmPrinter &printer) const {
  printSwizzleFields(printer, getVec(), getPerPhase(), getMaxPhase(),
                     getOrder(), getCgaLayout());
}

Attribute AMDRotatingSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SwizzleFields f;
  if (parseSwizzleFields(parser, "amd_rotating_shared", f))
    return {};
  return get(parser.getContext(), f.vec, f.perPhase, f.maxPhase, f.order,
             f.cga);
}

void AMDRotatingSharedEncodingAttr::print(AsmPrinter &printer) const {
  printSwizzleFields(printer, getVec(), getPerPhase(), getMaxPhase(),
                     getOrder(), getCgaLayout());
}

Attribute NVMMASharedEncodingAttr::parse(AsmParser &parser, Type) {
  FieldReader reader(parser, "nvmma_shared");
  int64_t swizzle, bits;
  bool transposed, fp4Padded;
  SmallVector<int64_t, 4> cga;
  if (reader.parseBody() ||
      reader.getInt("swizzlingByteWidth", swizzle, std::nullopt) ||
      reader.getBool("transposed", transposed, false) ||
      reader.getInt("elementBitWidth", bits, std::nullopt) ||
      reader.getBool("fp4Padded", fp4Padded, false))
    return {};
  // The CGA bases have the tensor's rank, which the encoding does not say:
  // take the first basis's length.
  size_t rank = 2;
  if (auto bases =
          dyn_cast_or_null<ArrayAttr>(reader.getDict().get("CGALayout")))
    if (!bases.empty())
      if (auto first = dyn_cast<ArrayAttr>(bases[0]))
        rank = first.size();
  if (reader.getCGALayout(cga, rank) || reader.finish())
    return {};
  return get(parser.getContext(), swizzle, transposed, bits, fp4Padded, cga,
             cga.empty() ? 0 : int64_t(rank));
}

void NVMMASharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{swizzlingByteWidth = " << getSwizzlingByteWidth()
          << ", transposed = " << (getTransposed() ? "true" : "false")
          << ", elementBitWidth = " << getElementBitWidth();
  if (getFp4Padded())
    printer << ", fp4Padded = true";
  printCGALayout(printer, getCgaLayout(), size_t(getCgaRank()));
  printer << "}>";
}

//===----------------------------------------------------------------------===//
// Classification
//===----------------------------------------------------------------------===//

bool mlir::ll::ttg::isDistributedEncoding(Attribute encoding) {
  return isa_and_nonnull<BlockedEncodingAttr, SliceEncodingAttr,
                         NvidiaMmaEncodingAttr, DotOperandEncodingAttr,
                         AMDMfmaEncodingAttr, AMDWmmaEncodingAttr,
                         LinearEncodingAttr>(encoding);
}

bool mlir::ll::ttg::isSharedEncoding(Attribute encoding) {
  return isa_and_nonnull<SwizzledSharedEncodingAttr, NVMMASharedEncodingAttr,
                         SharedLinearEncodingAttr, PaddedSharedEncodingAttr,
                         AMDRotatingSharedEncodingAttr>(encoding);
}
