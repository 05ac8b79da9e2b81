//===- LLCAPI.cpp - C API of the `ll` dialect ------------------------------===//

#include "LinearLayout/Dialect/LL/CAPI/LL.h"

#include "LinearLayout/Dialect/LL/IR/LLDialect.h"
#include "LinearLayout/Dialect/LL/Transforms/Passes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"

using namespace mlir;
using namespace mlir::ll;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(LL, ll, mlir::ll::LLDialect)

void llContextLoadDialect(MlirContext context) {
  unwrap(context)->getOrLoadDialect<LLDialect>();
}

void llRegisterPasses(void) {
  static bool registered = [] {
    registerLLPasses();
    return true;
  }();
  (void)registered;
}

bool llAttributeIsALinear(MlirAttribute attr) {
  return llvm::isa_and_nonnull<LinearAttr>(unwrap(attr));
}

/// The layout of `attr`, or null when it is not `#ll.linear`.
static const LinearLayout *getLayout(MlirAttribute attr) {
  auto linear = llvm::dyn_cast_or_null<LinearAttr>(unwrap(attr));
  return linear ? &linear.getLinearLayout() : nullptr;
}

intptr_t llLinearAttrGetNumInDims(MlirAttribute attr) {
  const LinearLayout *layout = getLayout(attr);
  return layout ? intptr_t(layout->getInDims().size()) : 0;
}

MlirStringRef llLinearAttrGetInDimName(MlirAttribute attr, intptr_t index) {
  const LinearLayout *layout = getLayout(attr);
  if (!layout || index < 0 || size_t(index) >= layout->getInDims().size())
    return mlirStringRefCreate(nullptr, 0);
  return wrap(StringRef(layout->getInDims()[index].name));
}

int64_t llLinearAttrGetInDimSize(MlirAttribute attr, intptr_t index) {
  const LinearLayout *layout = getLayout(attr);
  if (!layout || index < 0 || size_t(index) >= layout->getInDims().size())
    return 0;
  return layout->getInDims()[index].size();
}

intptr_t llLinearAttrGetNumOutDims(MlirAttribute attr) {
  const LinearLayout *layout = getLayout(attr);
  return layout ? intptr_t(layout->getOutDims().size()) : 0;
}

MlirStringRef llLinearAttrGetOutDimName(MlirAttribute attr, intptr_t index) {
  const LinearLayout *layout = getLayout(attr);
  if (!layout || index < 0 || size_t(index) >= layout->getOutDims().size())
    return mlirStringRefCreate(nullptr, 0);
  return wrap(StringRef(layout->getOutDims()[index].name));
}

int64_t llLinearAttrGetOutDimSize(MlirAttribute attr, intptr_t index) {
  const LinearLayout *layout = getLayout(attr);
  if (!layout || index < 0 || size_t(index) >= layout->getOutDims().size())
    return 0;
  return layout->getOutDims()[index].size();
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
