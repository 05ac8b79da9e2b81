//===- AMDGOps.cpp - Triton 3.6's `amdg` ops, as read ---------------------===//

#include "LinearLayout/Dialect/Triton/IR/TritonOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::ll;
using namespace mlir::ll::amdg;

#include "LinearLayout/Dialect/Triton/IR/AMDGDialect.cpp.inc"

Type amdg::getScalarPointer(Type tensor) {
  return tt::PointerType::get(getElementTypeOrSelf(tensor), /*addressSpace=*/1);
}

Type amdg::getI32SameShape(Type tensor) {
  auto i32 = IntegerType::get(tensor.getContext(), 32);
  if (auto ranked = dyn_cast<RankedTensorType>(tensor))
    return ranked.clone(i32);
  return i32;
}

/// `[0, 16]`: the static offsets of `amdg.extract_slice`.
static ParseResult parseSliceOffsets(OpAsmParser &parser,
                                     DenseI64ArrayAttr &offsets) {
  SmallVector<int64_t> values;
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, [&] {
        return parser.parseInteger(values.emplace_back());
      }))
    return failure();
  offsets = parser.getBuilder().getDenseI64ArrayAttr(values);
  return success();
}

static void printSliceOffsets(OpAsmPrinter &printer, Operation *,
                              DenseI64ArrayAttr offsets) {
  printer << "[";
  llvm::interleaveComma(offsets.asArrayRef(), printer);
  printer << "]";
}

#define GET_OP_CLASSES
#include "LinearLayout/Dialect/Triton/IR/AMDGOps.cpp.inc"

void AMDGDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "LinearLayout/Dialect/Triton/IR/AMDGOps.cpp.inc"
      >();
}

void AMDGDialect::initialize() {
  registerOps();
  allowUnknownOperations();
}

std::optional<Dialect::ParseOpHook>
AMDGDialect::getParseOperationHook(StringRef) const {
  return ParseOpHook(parseOpWithoutCustomSyntax);
}
