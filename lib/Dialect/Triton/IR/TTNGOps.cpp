//===- TTNGOps.cpp - Triton 3.6's `ttng` attributes and ops, as read ------===//

#include "LinearLayout/Dialect/Triton/IR/TritonOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ll;
using namespace mlir::ll::ttng;

#define GET_ATTRDEF_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTNGAttrs.cpp.inc"

namespace {
/// Triton's aliases for the tensor memory encodings: `#tmem`, `#tmem_scales`.
struct TTNGOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<TensorMemoryEncodingAttr>(attr)) {
      os << "tmem";
      return AliasResult::FinalAlias;
    }
    if (isa<TensorMemoryScalesEncodingAttr>(attr)) {
      os << "tmem_scales";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void TTNGDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "LinearLayout/Dialect/Triton/IR/TTNGAttrs.cpp.inc"
      >();
  addInterfaces<TTNGOpAsmInterface>();
}

/// `[%dep]`, `[]` or nothing: the async token an op consumes and whether it
/// produces one (`[]`: a token result without a dependency).
static ParseResult
parseToken(OpAsmParser &parser,
           std::optional<OpAsmParser::UnresolvedOperand> &dep, Type &token) {
  if (failed(parser.parseOptionalLSquare()))
    return success();
  token = ttg::AsyncTokenType::get(parser.getContext());
  if (succeeded(parser.parseOptionalRSquare()))
    return success();
  dep.emplace();
  return failure(parser.parseOperand(*dep) || parser.parseRSquare());
}

static void printToken(OpAsmPrinter &printer, Operation *, Value dep,
                       Type token) {
  if (!dep && !token)
    return;
  printer << "[";
  if (dep)
    printer << dep;
  printer << "]";
}

/// `, %barrier[%pred]` per barrier of a tcgen5 op.
static ParseResult
parseBarriersAndPreds(OpAsmParser &parser,
                      SmallVectorImpl<OpAsmParser::UnresolvedOperand> &barriers,
                      SmallVectorImpl<OpAsmParser::UnresolvedOperand> &preds) {
  while (succeeded(parser.parseOptionalComma()))
    if (parser.parseOperand(barriers.emplace_back()) || parser.parseLSquare() ||
        parser.parseOperand(preds.emplace_back()) || parser.parseRSquare())
      return failure();
  return success();
}

static void printBarriersAndPreds(OpAsmPrinter &printer, Operation *,
                                  OperandRange barriers, OperandRange preds) {
  for (auto [barrier, pred] : llvm::zip(barriers, preds))
    printer << ", " << barrier << "[" << pred << "]";
}

#define GET_OP_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTNGOps.cpp.inc"

void TTNGDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "LinearLayout/Dialect/Triton/IR/TTNGOps.cpp.inc"
      >();
}
