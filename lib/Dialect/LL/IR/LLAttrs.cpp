//===- LLAttrs.cpp - The #ll.linear and #ll.plan attributes ---------------===//
//
// Parsing, printing and verification of `#ll.linear`, and the verifier of
// `#ll.plan` (whose syntax is generated from LLAttrs.td). The parser never
// asserts: every malformed input ends in a located diagnostic (the prebuilt
// LLVM has assertions on, and test/fuzz feeds it mutated text).
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Dialect/LL/IR/LLDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::ll;

namespace {
/// One parsed basis and where it was written, for located diagnostics.
struct ParsedBasis {
  SMLoc loc;
  Basis values;
};
/// One parsed input dimension.
struct ParsedInDim {
  SMLoc loc;
  std::string name;
  SmallVector<ParsedBasis, 8> bases;
};
} // namespace

/// The smallest power of two strictly above `value` (the size an output
/// dimension needs to hold it), or std::nullopt when that exceeds the
/// largest supported dimension.
static std::optional<int32_t> log2SizeToHold(int64_t value) {
  if (value < 0 || value >= (int64_t(1) << kMaxDimBits))
    return std::nullopt;
  return value == 0 ? 0 : int32_t(llvm::Log2_64(uint64_t(value)) + 1);
}

static bool isIdentifierName(StringRef name) {
  if (name.empty() || !(llvm::isAlpha(name[0]) || name[0] == '_'))
    return false;
  return llvm::all_of(name.drop_front(),
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// The most characters an integer of `#ll.linear` may be written with: a
/// value up to 2^62 takes 19 decimal digits (18 hex); the rest is room for
/// leading zeros.
static constexpr size_t kMaxIntegerChars = 32;

/// Parses an integer, refusing a literal longer than kMaxIntegerChars first:
/// upstream's parseInteger converts the literal to an APInt of its full
/// width, in time that grows faster than quadratically with its length
/// (20,000 digits: 7.6 s; 100,000: over a minute).
static ParseResult parseBoundedInteger(AsmParser &parser, int64_t &value) {
  SMLoc loc = parser.getCurrentLocation();
  // `loc` is the start of the current token, which the lexer has read to its
  // end: scan as far as the lexer did (an optional `-` and blanks, then the
  // literal's alphanumeric characters), and no further than the bound.
  const char *p = loc.getPointer();
  if (p && *p == '-')
    for (++p; *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r';)
      ++p;
  size_t length = 0;
  while (p && length <= kMaxIntegerChars && llvm::isAlnum(p[length]))
    ++length;
  if (length > kMaxIntegerChars)
    return parser.emitError(loc, "integer literal longer than ")
           << kMaxIntegerChars << " characters";
  return parser.parseInteger(value);
}

/// Parses `name = [[v, ...], ...]` for one input dimension.
static ParseResult parseInDim(AsmParser &parser, ParsedInDim &dim) {
  dim.loc = parser.getCurrentLocation();
  if (parser.parseKeywordOrString(&dim.name))
    return failure();
  if (!isIdentifierName(dim.name))
    return parser.emitError(dim.loc, "input dimension name '")
           << dim.name << "' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)";
  if (parser.parseEqual())
    return failure();
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (dim.bases.size() >= size_t(kMaxDimBits))
          return parser.emitError(parser.getCurrentLocation(),
                                  "input dimension '")
                 << dim.name << "' has more than " << kMaxDimBits
                 << " bases (its size would exceed 2^" << kMaxDimBits << ")";
        ParsedBasis basis;
        basis.loc = parser.getCurrentLocation();
        if (parser.parseCommaSeparatedList(
                AsmParser::Delimiter::Square, [&]() -> ParseResult {
                  if (basis.values.size() >= size_t(kMaxLayoutBits))
                    return parser.emitError(parser.getCurrentLocation(),
                                            "a basis has more than ")
                           << kMaxLayoutBits << " values";
                  SMLoc valueLoc = parser.getCurrentLocation();
                  int64_t value;
                  if (parseBoundedInteger(parser, value))
                    return failure();
                  if (value < 0)
                    return parser.emitError(valueLoc, "basis value ")
                           << value << " is negative";
                  if (!log2SizeToHold(value))
                    return parser.emitError(valueLoc, "basis value ")
                           << value << " is too large (at most 2^"
                           << kMaxDimBits << " - 1)";
                  basis.values.push_back(value);
                  return success();
                }))
          return failure();
        dim.bases.push_back(std::move(basis));
        return success();
      });
}

/// `{name = size, ...}` after the arrow: explicit output dimensions.
static ParseResult parseOutDims(AsmParser &parser,
                                SmallVector<LayoutDim, 4> &outDims) {
  if (parser.parseLBrace())
    return failure();
  if (failed(parser.parseOptionalRBrace())) {
    do {
      if (outDims.size() >= size_t(kMaxLayoutDims)) {
        parser.emitError(parser.getCurrentLocation(), "more than ")
            << kMaxLayoutDims << " output dimensions";
        return failure();
      }
      SMLoc nameLoc = parser.getCurrentLocation();
      std::string name;
      if (parser.parseKeywordOrString(&name))
        return failure();
      if (!isIdentifierName(name)) {
        parser.emitError(nameLoc, "output dimension name '")
            << name << "' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)";
        return failure();
      }
      for (const LayoutDim &earlier : outDims)
        if (earlier.name == name) {
          parser.emitError(nameLoc, "output dimension '")
              << name << "' is listed twice";
          return failure();
        }
      SMLoc sizeLoc;
      int64_t size;
      if (parser.parseEqual())
        return failure();
      sizeLoc = parser.getCurrentLocation();
      if (parseBoundedInteger(parser, size))
        return failure();
      if (size <= 0 || !llvm::isPowerOf2_64(uint64_t(size))) {
        parser.emitError(sizeLoc, "output dimension '")
            << name << "' has size " << size
            << ", which is not a positive power of two";
        return failure();
      }
      // A positive int64_t power of two is at most 2^62 = 2^kMaxDimBits.
      outDims.push_back({name, int32_t(llvm::Log2_64(uint64_t(size)))});
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRBrace())
      return failure();
  }
  return success();
}

Attribute LinearAttr::parse(AsmParser &parser, Type) {
  SMLoc start = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseLBrace())
    return {};

  // Input dimensions and their bases.
  SmallVector<ParsedInDim, 4> inDims;
  if (failed(parser.parseOptionalRBrace())) {
    do {
      if (inDims.size() >= size_t(kMaxLayoutDims)) {
        parser.emitError(parser.getCurrentLocation(), "more than ")
            << kMaxLayoutDims << " input dimensions";
        return {};
      }
      ParsedInDim dim;
      if (parseInDim(parser, dim))
        return {};
      for (const ParsedInDim &earlier : inDims)
        if (earlier.name == dim.name) {
          parser.emitError(dim.loc, "input dimension '")
              << dim.name << "' is listed twice";
          return {};
        }
      inDims.push_back(std::move(dim));
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRBrace())
      return {};
  }

  // Output dimensions: written out (`-> {name = size, ...}`) or inferred.
  SmallVector<LayoutDim, 4> outDims;
  bool explicitOutDims = succeeded(parser.parseOptionalArrow());
  if (explicitOutDims) {
    if (parseOutDims(parser, outDims))
      return {};
  }
  if (parser.parseGreater())
    return {};

  // Arity: every basis has one value per output dimension.
  std::optional<size_t> arity;
  if (explicitOutDims)
    arity = outDims.size();
  for (const ParsedInDim &dim : inDims)
    for (auto [bit, basis] : llvm::enumerate(dim.bases)) {
      if (!arity)
        arity = basis.values.size();
      if (basis.values.size() != *arity) {
        parser.emitError(basis.loc, "basis ")
            << bit << " of input dimension '" << dim.name << "' has "
            << basis.values.size() << " values, but the layout has " << *arity
            << " output dimensions";
        return {};
      }
    }

  if (explicitOutDims) {
    // Every value must lie inside its output dimension.
    for (const ParsedInDim &dim : inDims)
      for (auto [bit, basis] : llvm::enumerate(dim.bases))
        for (auto [value, outDim] : llvm::zip_equal(basis.values, outDims))
          if (value >= outDim.size()) {
            parser.emitError(basis.loc, "basis ")
                << bit << " of input dimension '" << dim.name << "' has value "
                << value << " for output dimension '" << outDim.name
                << "' of size " << outDim.size();
            return {};
          }
  } else {
    // Encoding form: dim0, dim1, ... each just large enough for its values.
    for (size_t i = 0, e = arity.value_or(0); i < e; ++i)
      outDims.push_back({dims::tensorDim(i), 0});
    for (const ParsedInDim &dim : inDims)
      for (const ParsedBasis &basis : dim.bases)
        for (auto [value, outDim] : llvm::zip_equal(basis.values, outDims))
          outDim.log2Size = std::max(outDim.log2Size, *log2SizeToHold(value));
  }

  SmallVector<InDimBases, 4> bases;
  for (ParsedInDim &dim : inDims) {
    InDimBases &entry = bases.emplace_back();
    entry.name = dim.name;
    for (ParsedBasis &basis : dim.bases)
      entry.bases.push_back(std::move(basis.values));
  }
  llvm::Expected<LinearLayout> layout = LinearLayout::get(bases, outDims);
  if (!layout) {
    parser.emitError(start, "invalid linear layout: ")
        << llvm::toString(layout.takeError());
    return {};
  }
  return LinearAttr::get(parser.getContext(), std::move(*layout));
}

bool LinearAttr::isEncodingForm() const {
  const LinearLayout &layout = getLinearLayout();
  ArrayRef<LayoutDim> outDims = layout.getOutDims();
  // The inferred arity is the length of the bases, 0 without any basis.
  if (layout.getTotalInBits() == 0)
    return outDims.empty();
  SmallVector<int32_t, 4> inferred(outDims.size(), 0);
  for (const InDimBases &dim : layout.getBases())
    for (const Basis &basis : dim.bases)
      for (auto [value, log2Size] : llvm::zip_equal(basis, inferred))
        log2Size = std::max(log2Size, *log2SizeToHold(value));
  for (auto [index, dim] : llvm::enumerate(outDims))
    if (dim.name != dims::tensorDim(index) || dim.log2Size != inferred[index])
      return false;
  return true;
}

void LinearAttr::print(AsmPrinter &printer) const {
  const LinearLayout &layout = getLinearLayout();
  printer << '<' << layout.basesToString();
  if (!isEncodingForm())
    printer << " -> " << layout.outDimsToString();
  printer << '>';
}

bool LinearAttr::isDistributed() const {
  ArrayRef<StringLiteral> order = dims::kDistributedInDims;
  size_t next = 0;
  for (const LayoutDim &dim : getLinearLayout().getInDims()) {
    while (next < order.size() && dim.name != order[next])
      ++next;
    if (next == order.size())
      return false;
    ++next;
  }
  return true;
}

bool LinearAttr::isMemory() const {
  ArrayRef<LayoutDim> inDims = getLinearLayout().getInDims();
  if (inDims.empty() || inDims[0].name != dims::kOffset)
    return false;
  return inDims.size() == 1 ||
         (inDims.size() == 2 && inDims[1].name == dims::kBlock);
}

/// Names the basis of an input bit, `lane[2] = [0, 4]`.
static std::string describeBasis(const LinearLayout &layout, unsigned dimIndex,
                                 int bit) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << layout.getInDims()[dimIndex].name << '[' << bit << "] = [";
  llvm::interleaveComma(layout.getBasis(dimIndex, bit), os);
  os << ']';
  return text;
}

/// Checks that the output dimensions of `layout` are dim0.. with the sizes of
/// `shape`; `what` names the thing the shape belongs to ("tensor").
static LogicalResult
verifyOutDimsMatchShape(const LinearLayout &layout, ArrayRef<int64_t> shape,
                        StringRef what,
                        function_ref<InFlightDiagnostic()> emitError) {
  for (auto [index, size] : llvm::enumerate(shape)) {
    if (ShapedType::isDynamic(size))
      return emitError() << "the " << what << " has a dynamic dimension "
                         << index << "; #ll.linear needs a static shape";
    if (size <= 0 || !llvm::isPowerOf2_64(uint64_t(size)))
      return emitError() << "dimension " << index << " of the " << what
                         << " has size " << size
                         << ", which is not a power of two";
  }
  ArrayRef<LayoutDim> outDims = layout.getOutDims();
  if (outDims.size() != shape.size())
    return emitError() << "the layout has " << outDims.size()
                       << " output dimensions, but the " << what << " has rank "
                       << shape.size();
  for (auto [index, dim] : llvm::enumerate(outDims)) {
    std::string expected = dims::tensorDim(index);
    if (dim.name != expected)
      return emitError() << "output dimension " << index
                         << " of the layout is '" << dim.name << "', expected '"
                         << expected << "'";
  }
  // Out-of-range bases first, in every dimension: a basis beyond the shape
  // is the more precise diagnosis than a dimension the layout falls short of.
  for (auto [index, dim] : llvm::enumerate(outDims)) {
    int64_t size = shape[index];
    if (dim.size() > size) {
      // Find the basis that reaches beyond the shape.
      for (unsigned d = 0, e = layout.getInDims().size(); d < e; ++d)
        for (int bit = 0; bit < layout.getInDims()[d].log2Size; ++bit)
          if (layout.getBasis(d, bit)[index] >= size)
            return emitError() << "basis " << describeBasis(layout, d, bit)
                               << " is out of range for dim" << index
                               << " of size " << size;
      return emitError() << "output dimension dim" << index << " has size "
                         << dim.size() << ", but the " << what << " has "
                         << size;
    }
  }
  for (auto [index, dim] : llvm::enumerate(outDims)) {
    int64_t size = shape[index];
    if (dim.size() < size)
      return emitError() << "the layout does not cover the " << what
                         << ": its values of dim" << index << " stay below "
                         << dim.size() << ", but the " << what << " has "
                         << size;
  }
  return success();
}

/// Emits `message` followed by ", got [<the input dimensions of `layout`>]".
static LogicalResult
emitInDimsError(function_ref<InFlightDiagnostic()> emitError,
                const LinearLayout &layout, StringRef message) {
  InFlightDiagnostic diag = emitError();
  diag << message << ", got [";
  llvm::interleaveComma(layout.getInDims(), diag,
                        [&](const LayoutDim &dim) { diag << dim.name; });
  return diag << "]";
}

LogicalResult
LinearAttr::verifyForShape(ArrayRef<int64_t> shape,
                           function_ref<InFlightDiagnostic()> emitError) const {
  const LinearLayout &layout = getLinearLayout();
  if (!isDistributed())
    return emitInDimsError(emitError, layout,
                           "the input dimensions of a tensor encoding must be "
                           "drawn from register, lane, warp, block (in this "
                           "order)");
  if (failed(verifyOutDimsMatchShape(layout, shape, "tensor", emitError)))
    return failure();
  if (!layout.isSurjective())
    return emitError() << "the layout does not cover the tensor: its inputs "
                          "reach 2^"
                       << layout.getRank() << " of the 2^"
                       << layout.getTotalOutBits() << " elements";
  return success();
}

/// The size in bits of `numElements` elements of `elementType` (an integer
/// or float type), or std::nullopt when it does not fit an int64_t.
static std::optional<int64_t> checkedSizeInBits(int64_t numElements,
                                                Type elementType) {
  return llvm::checkedMul(numElements,
                          int64_t(elementType.getIntOrFloatBitWidth()));
}

/// The number of elements of a static shape, or std::nullopt when it does
/// not fit an int64_t.
static std::optional<int64_t> checkedNumElements(ArrayRef<int64_t> shape) {
  std::optional<int64_t> count = 1;
  for (int64_t size : shape)
    if (!count || !(count = llvm::checkedMul(*count, size)))
      return std::nullopt;
  return count;
}

LogicalResult
LinearAttr::verifyEncoding(ArrayRef<int64_t> shape, Type elementType,
                           function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(verifyForShape(shape, emitError)))
    return failure();
  // Sizes computed from the type (bits, bytes, scratch) must not wrap: the
  // tensor's size in bits fits an int64_t. (The shape is static and of
  // powers of two here.)
  if (elementType && elementType.isIntOrFloat()) {
    std::optional<int64_t> elements = checkedNumElements(shape);
    if (!elements || !checkedSizeInBits(*elements, elementType)) {
      InFlightDiagnostic diag = emitError();
      diag << "the tensor is too large: ";
      llvm::interleave(shape, diag, "x");
      return diag << " elements of " << elementType
                  << " do not fit in 2^63 - 1 bits";
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// !ll.shared
//===----------------------------------------------------------------------===//

Type SharedBufferType::parse(AsmParser &parser) {
  SmallVector<int64_t, 4> shape;
  Type elementType;
  Attribute layout;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true))
    return {};
  if (parser.parseType(elementType) || parser.parseComma())
    return {};
  SMLoc layoutLoc = parser.getCurrentLocation();
  if (parser.parseAttribute(layout) || parser.parseGreater())
    return {};
  auto linear = llvm::dyn_cast<LinearAttr>(layout);
  if (!linear) {
    parser.emitError(layoutLoc, "expected an #ll.linear memory layout");
    return {};
  }
  return parser.getChecked<SharedBufferType>(parser.getContext(), shape,
                                             elementType, linear);
}

void SharedBufferType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t size : getShape())
    printer << size << 'x';
  printer << getElementType() << ", ";
  printer.printAttribute(getLayout());
  printer << '>';
}

LogicalResult
SharedBufferType::verify(function_ref<InFlightDiagnostic()> emitError,
                         ArrayRef<int64_t> shape, Type elementType,
                         LinearAttr layout) {
  if (shape.empty())
    return emitError() << "a shared buffer needs a shape of rank 1 or more";
  if (!llvm::isa<IntegerType, FloatType>(elementType))
    return emitError() << "shared buffer element type must be an integer or "
                          "float type, got "
                       << elementType;
  if (!layout)
    return emitError() << "a shared buffer needs an #ll.linear layout";
  const LinearLayout &memory = layout.getLinearLayout();
  if (!layout.isMemory())
    return emitInDimsError(emitError, memory,
                           "a shared-memory layout must have the input "
                           "dimensions [offset] or [offset, block]");
  if (failed(verifyOutDimsMatchShape(memory, shape, "buffer", emitError)))
    return failure();
  // Checked before the layout's invertibility: the byte size must not wrap
  // (the layout's offset dimension has up to 2^62 elements).
  int64_t numElements = memory.getInDimSize(dims::kOffset);
  std::optional<int64_t> bits = checkedSizeInBits(numElements, elementType);
  if (!bits || (*bits + 7) / 8 > kMaxSharedBufferBytes) {
    InFlightDiagnostic diag = emitError();
    diag << "the shared buffer is too large: " << numElements << " elements of "
         << elementType << " take ";
    if (bits)
      diag << (*bits + 7) / 8 << " bytes";
    else
      diag << "more than 2^63 - 1 bits";
    return diag << ", more than the " << kMaxSharedBufferBytes
                << " bytes (2^31) that 32-bit shared-memory addresses reach";
  }
  if (!memory.isInvertible())
    return emitError() << "the shared-memory layout is not invertible: "
                       << (memory.isInjective()
                               ? "some elements have no address"
                               : "several offsets hold the same element")
                       << " (" << memory.getTotalInBits()
                       << " input bits of rank " << memory.getRank() << " for "
                       << memory.getTotalOutBits() << " element bits)";
  return success();
}

int64_t SharedBufferType::getNumElements() const {
  return getLayout().getLinearLayout().getInDimSize(dims::kOffset);
}

int64_t SharedBufferType::getSizeInBytes() const {
  // The verifier bounds it by kMaxSharedBufferBytes, so it cannot wrap.
  std::optional<int64_t> bits =
      checkedSizeInBits(getNumElements(), getElementType());
  assert(bits && "shared buffer size not checked by the verifier");
  return (*bits + 7) / 8;
}

//===----------------------------------------------------------------------===//
// #ll.plan
//===----------------------------------------------------------------------===//

FailureOr<LinearAttr> mlir::ll::parsePlanMemoryLayout(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  if (parser.parseAttribute(attr))
    return failure();
  auto linear = llvm::dyn_cast<LinearAttr>(attr);
  if (!linear)
    return parser.emitError(loc, "memory_layout must be an #ll.linear, got ")
           << attr;
  return linear;
}

LogicalResult PlanAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, PlanKind kind,
    LinearAttr memoryLayout, std::optional<int64_t> vectorBits,
    std::optional<int64_t> rounds, std::optional<int64_t> shuffles,
    std::optional<int64_t> selects, std::optional<int64_t> sharedBytes,
    StringRef storeInstruction, StringRef loadInstruction,
    std::optional<int64_t> storeWavefronts,
    std::optional<int64_t> loadWavefronts, std::optional<bool> ownerLoads) {
  StringRef kindName = stringifyPlanKind(kind);
  if (ownerLoads && kind != PlanKind::SharedMemory)
    return emitError() << "a '" << kindName << "' #ll.plan has no owner_loads";
  // Ranges first: a count is never negative.
  std::pair<StringRef, std::optional<int64_t>> counts[] = {
      {"vector_bits", vectorBits},
      {"rounds", rounds},
      {"shuffles", shuffles},
      {"selects", selects},
      {"shared_bytes", sharedBytes},
      {"store_wavefronts", storeWavefronts},
      {"load_wavefronts", loadWavefronts}};
  for (auto [name, value] : counts)
    if (value && *value < 0)
      return emitError() << "#ll.plan " << name << " must not be negative, got "
                         << *value;
  for (auto [name, value] : {counts[0], counts[1], counts[4]})
    if (value && *value == 0)
      return emitError() << "#ll.plan " << name << " must be positive";
  if (vectorBits && !llvm::isPowerOf2_64(uint64_t(*vectorBits)))
    return emitError() << "#ll.plan vector_bits must be a power of two, got "
                       << *vectorBits;
  if (memoryLayout && !memoryLayout.isMemory())
    return emitError() << "#ll.plan memory_layout must be an #ll.linear from "
                          "'offset' (optionally with 'block'), got "
                       << memoryLayout;

  // The fields each kind has: `noop` and `registers` none, `shuffle` no
  // memory fields, `shared_memory` no shuffle counts.
  struct Field {
    StringRef name;
    bool present;
  };
  Field shuffleFields[] = {{"vector_bits", bool(vectorBits)},
                           {"rounds", bool(rounds)},
                           {"shuffles", bool(shuffles)},
                           {"selects", bool(selects)}};
  Field sharedFigures[] = {{"rounds", bool(rounds)},
                           {"shared_bytes", bool(sharedBytes)},
                           {"store_instruction", !storeInstruction.empty()},
                           {"load_instruction", !loadInstruction.empty()},
                           {"store_wavefronts", bool(storeWavefronts)},
                           {"load_wavefronts", bool(loadWavefronts)}};
  Field memoryOnly[] = {{"memory_layout", bool(memoryLayout)},
                        sharedFigures[1],
                        sharedFigures[2],
                        sharedFigures[3],
                        sharedFigures[4],
                        sharedFigures[5]};
  auto present = [](ArrayRef<Field> fields) {
    return llvm::find_if(fields, [](const Field &f) { return f.present; });
  };
  auto rejectAny = [&](ArrayRef<Field> fields) -> LogicalResult {
    const Field *field = present(fields);
    if (field == fields.end())
      return success();
    return emitError() << "a '" << kindName << "' #ll.plan has no "
                       << field->name;
  };
  switch (kind) {
  case PlanKind::Noop:
  case PlanKind::Registers:
    if (failed(rejectAny(shuffleFields)) || failed(rejectAny(memoryOnly)))
      return failure();
    break;
  case PlanKind::Shuffle:
    if (failed(rejectAny(memoryOnly)))
      return failure();
    break;
  case PlanKind::SharedMemory:
    if (failed(rejectAny(ArrayRef(shuffleFields).drop_front(2))))
      return failure();
    break;
  }

  // All or none of the planned figures.
  auto allOrNone = [&](ArrayRef<Field> fields) -> LogicalResult {
    const Field *given = present(fields);
    const Field *missing =
        llvm::find_if(fields, [](auto &f) { return !f.present; });
    if (given == fields.end() || missing == fields.end())
      return success();
    return emitError() << "a '" << kindName << "' #ll.plan with " << given->name
                       << " needs " << missing->name
                       << " too (a planned plan has all of its figures; a "
                          "request none)";
  };
  if (kind == PlanKind::Shuffle)
    return allOrNone(shuffleFields);
  if (kind == PlanKind::SharedMemory) {
    if (failed(allOrNone(sharedFigures)))
      return failure();
    bool planned = sharedFigures[0].present;
    if (planned && !memoryLayout)
      return emitError() << "a planned 'shared_memory' #ll.plan needs its "
                            "memory_layout";
    if (planned && !vectorBits)
      return emitError() << "a planned 'shared_memory' #ll.plan needs its "
                            "vector_bits";
    if (vectorBits && !memoryLayout)
      return emitError() << "the vector_bits of a 'shared_memory' #ll.plan "
                            "go with its memory_layout, which is missing";
  }
  return success();
}

PlanAttr mlir::ll::getPlan(Operation *op) {
  return op->getAttrOfType<PlanAttr>(kPlanAttrName);
}

void mlir::ll::setPlan(Operation *op, PlanAttr plan) {
  if (plan)
    op->setAttr(kPlanAttrName, plan);
  else
    op->removeAttr(kPlanAttrName);
}

#include "LinearLayout/Dialect/LL/IR/LLEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "LinearLayout/Dialect/LL/IR/LLAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "LinearLayout/Dialect/LL/IR/LLTypes.cpp.inc"

void LLDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "LinearLayout/Dialect/LL/IR/LLAttrs.cpp.inc"
      >();
}

void LLDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "LinearLayout/Dialect/LL/IR/LLTypes.cpp.inc"
      >();
}

const LinearLayout &LinearAttr::getLinearLayout() const {
  return getImpl()->layout;
}
