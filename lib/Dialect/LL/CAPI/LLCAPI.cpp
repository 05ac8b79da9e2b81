//===- LLCAPI.cpp - C API of the `ll` dialect -----------------------------===//

#include "LinearLayout/Dialect/LL/CAPI/LL.h"

#include "LinearLayout/Conversion/Passes.h"
#include "LinearLayout/Conversion/Pipelines.h"
#include "LinearLayout/Dialect/LL/IR/LLDialect.h"
#include "LinearLayout/Dialect/LL/Transforms/Passes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::ll;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(LL, ll, mlir::ll::LLDialect)

void llContextLoadDialect(MlirContext context) {
  unwrap(context)->getOrLoadDialect<LLDialect>();
}

void llRegisterPasses(void) {
  static bool registered = [] {
    registerLLPasses();
    // The conversions and their pipelines, for PassManager.parse.
    registerLLConversionPasses();
    registerLLPipelines();
    return true;
  }();
  (void)registered;
}

const void *llParseAttributeOrType(MlirContext context, MlirStringRef text,
                                   bool parseType, char *errorBuffer,
                                   size_t errorBufferSize) {
  MLIRContext *ctx = unwrap(context);
  std::string errors;
  auto fail = [&](StringRef message) -> const void * {
    errors += message.str();
    if (errorBuffer && errorBufferSize) {
      size_t length = std::min(errors.size(), errorBufferSize - 1);
      memcpy(errorBuffer, errors.data(), length);
      errorBuffer[length] = '\0';
    }
    return nullptr;
  };
  StringRef source(text.data, text.length);
  if (source.trim().empty())
    return fail(parseType ? "empty type text" : "empty attribute text");
  if (source.contains('\0'))
    return fail("text contains a NUL character");
  // The parser can report an error (e.g. an unterminated string while
  // looking ahead) and still return a value: any error means failure.
  bool sawError = false;
  ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diag) {
    sawError |= diag.getSeverity() == DiagnosticSeverity::Error;
    llvm::raw_string_ostream os(errors);
    if (auto loc = llvm::dyn_cast<FileLineColLoc>(diag.getLocation()))
      os << loc.getLine() << ':' << loc.getColumn() << ": ";
    os << diag << '\n';
    return success();
  });
  size_t numRead = 0;
  const void *result;
  if (parseType)
    result = mlir::parseType(source, ctx, &numRead).getAsOpaquePointer();
  else
    result = mlir::parseAttribute(source, ctx, Type(), &numRead)
                 .getAsOpaquePointer();
  if (!result || sawError)
    return fail("");
  if (numRead != source.size() && !source.drop_front(numRead).trim().empty())
    return fail("trailing characters after position " +
                std::to_string(numRead));
  return result;
}

bool llAttributeIsALinear(MlirAttribute attr) {
  return llvm::isa_and_nonnull<LinearAttr>(unwrap(attr));
}

/// The layout of `attr`, or null when it is not `#ll.linear`.
static const LinearLayout *getLayout(MlirAttribute attr) {
  auto linear = llvm::dyn_cast_or_null<LinearAttr>(unwrap(attr));
  return linear ? &linear.getLinearLayout() : nullptr;
}

/// The input (`inputs`) or output dimensions of `attr`'s layout; none when
/// it is not `#ll.linear`.
static ArrayRef<LayoutDim> getDims(MlirAttribute attr, bool inputs) {
  const LinearLayout *layout = getLayout(attr);
  if (!layout)
    return {};
  return inputs ? layout->getInDims() : layout->getOutDims();
}

/// Dimension `index` of getDims(attr, inputs), or null when out of range.
static const LayoutDim *getDim(MlirAttribute attr, bool inputs,
                               intptr_t index) {
  ArrayRef<LayoutDim> dims = getDims(attr, inputs);
  return index >= 0 && size_t(index) < dims.size() ? &dims[index] : nullptr;
}

static MlirStringRef dimName(const LayoutDim *dim) {
  return dim ? wrap(StringRef(dim->name)) : mlirStringRefCreate(nullptr, 0);
}

intptr_t llLinearAttrGetNumInDims(MlirAttribute attr) {
  return intptr_t(getDims(attr, /*inputs=*/true).size());
}

MlirStringRef llLinearAttrGetInDimName(MlirAttribute attr, intptr_t index) {
  return dimName(getDim(attr, /*inputs=*/true, index));
}

int64_t llLinearAttrGetInDimSize(MlirAttribute attr, intptr_t index) {
  const LayoutDim *dim = getDim(attr, /*inputs=*/true, index);
  return dim ? dim->size() : 0;
}

intptr_t llLinearAttrGetNumOutDims(MlirAttribute attr) {
  return intptr_t(getDims(attr, /*inputs=*/false).size());
}

MlirStringRef llLinearAttrGetOutDimName(MlirAttribute attr, intptr_t index) {
  return dimName(getDim(attr, /*inputs=*/false, index));
}

int64_t llLinearAttrGetOutDimSize(MlirAttribute attr, intptr_t index) {
  const LayoutDim *dim = getDim(attr, /*inputs=*/false, index);
  return dim ? dim->size() : 0;
}

int64_t llLinearAttrGetBasisValue(MlirAttribute attr, intptr_t inDim,
                                  intptr_t bit, intptr_t outDim) {
  const LinearLayout *layout = getLayout(attr);
  if (!layout || inDim < 0 || size_t(inDim) >= layout->getInDims().size() ||
      bit < 0 || bit >= layout->getInDims()[inDim].log2Size || outDim < 0 ||
      size_t(outDim) >= layout->getOutDims().size())
    return -1;
  return layout->getBasis(unsigned(inDim), int(bit))[outDim];
}

bool llLinearAttrIsEncodingForm(MlirAttribute attr) {
  auto linear = llvm::dyn_cast_or_null<LinearAttr>(unwrap(attr));
  return linear && linear.isEncodingForm();
}

bool llAttributeIsAPlan(MlirAttribute attr) {
  return llvm::isa_and_nonnull<PlanAttr>(unwrap(attr));
}

MlirStringRef llPlanAttrGetKind(MlirAttribute attr) {
  auto plan = llvm::dyn_cast_or_null<PlanAttr>(unwrap(attr));
  if (!plan)
    return mlirStringRefCreate(nullptr, 0);
  return wrap(stringifyPlanKind(plan.getKind()));
}

MlirAttribute llPlanAttrGetMemoryLayout(MlirAttribute attr) {
  auto plan = llvm::dyn_cast_or_null<PlanAttr>(unwrap(attr));
  return wrap(plan ? Attribute(plan.getMemoryLayout()) : Attribute());
}

/// Field `name` of the plan `attr`, as `lookUp` (a StringSwitch over the
/// fields of one value type) finds it: false where `attr` is no plan or
/// the plan has no such field, else true with the value in `*value`.
template <typename T, typename LookUp>
static bool planField(MlirAttribute attr, MlirStringRef name, T *value,
                      LookUp lookUp) {
  auto plan = llvm::dyn_cast_or_null<PlanAttr>(unwrap(attr));
  if (!plan)
    return false;
  std::optional<T> field = lookUp(plan, unwrap(name));
  if (field && value)
    *value = *field;
  return field.has_value();
}

bool llPlanAttrGetCount(MlirAttribute attr, MlirStringRef name,
                        int64_t *value) {
  return planField(attr, name, value, [](PlanAttr plan, StringRef field) {
    return llvm::StringSwitch<std::optional<int64_t>>(field)
        .Case("vector_bits", plan.getVectorBits())
        .Case("rounds", plan.getRounds())
        .Case("shuffles", plan.getShuffles())
        .Case("selects", plan.getSelects())
        .Case("shared_bytes", plan.getSharedBytes())
        .Case("store_wavefronts", plan.getStoreWavefronts())
        .Case("load_wavefronts", plan.getLoadWavefronts())
        .Default(std::nullopt);
  });
}

bool llPlanAttrGetFlag(MlirAttribute attr, MlirStringRef name, bool *value) {
  return planField(attr, name, value, [](PlanAttr plan, StringRef field) {
    return llvm::StringSwitch<std::optional<bool>>(field)
        .Case("owner_loads", plan.getOwnerLoads())
        .Default(std::nullopt);
  });
}

MlirStringRef llPlanAttrGetString(MlirAttribute attr, MlirStringRef name) {
  auto plan = llvm::dyn_cast_or_null<PlanAttr>(unwrap(attr));
  if (!plan)
    return mlirStringRefCreate(nullptr, 0);
  return wrap(llvm::StringSwitch<StringRef>(unwrap(name))
                  .Case("store_instruction", plan.getStoreInstruction())
                  .Case("load_instruction", plan.getLoadInstruction())
                  .Default(""));
}
