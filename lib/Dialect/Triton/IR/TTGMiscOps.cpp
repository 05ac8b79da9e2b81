//===- TTGMiscOps.cpp - Triton 3.6's other `ttg` ops, as read -------------===//

#include "LinearLayout/Dialect/Triton/IR/TritonOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::ll;
using namespace mlir::ll::ttg;

/// `[0, 32]`: the static offsets of `ttg.memdesc_subslice`.
static ParseResult parseOffsets(OpAsmParser &parser,
                                DenseI32ArrayAttr &offsets) {
  SmallVector<int32_t> values;
  if (parser.parseCommaSeparatedList(
          [&] { return parser.parseInteger(values.emplace_back()); }))
    return failure();
  offsets = parser.getBuilder().getDenseI32ArrayAttr(values);
  return success();
}

static void printOffsets(OpAsmPrinter &printer, Operation *,
                         DenseI32ArrayAttr offsets) {
  llvm::interleaveComma(offsets.asArrayRef(), printer);
}

#define GET_OP_CLASSES
#include "LinearLayout/Dialect/Triton/IR/TTGMiscOps.cpp.inc"

void TTGDialect::registerMiscOps() {
  addOperations<
#define GET_OP_LIST
#include "LinearLayout/Dialect/Triton/IR/TTGMiscOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// ttg.warp_specialize
//===----------------------------------------------------------------------===//

LogicalResult WarpSpecializeOp::verify() {
  Block &holder = getPartitionOpHolder().front();
  if (holder.getOperations().size() != 1 ||
      !isa<WarpSpecializePartitionsOp>(holder.front()))
    return emitOpError("expects its second region to hold one "
                       "ttg.warp_specialize.partitions op");
  auto partitions = cast<WarpSpecializePartitionsOp>(holder.front());
  if (partitions.getNumRegions() != getPartitionNumWarps().size())
    return emitOpError("has ")
           << partitions.getNumRegions() << " partitions but "
           << getPartitionNumWarps().size() << " partitionNumWarps";
  return success();
}

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> captures;
  SMLoc capturesLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(captures, OpAsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseKeyword("default") || parser.parseRegion(*result.addRegion()))
    return failure();

  OperationState partitionsState(
      result.location, WarpSpecializePartitionsOp::getOperationName());
  SmallVector<int32_t> numWarps;
  StringRef keyword;
  while (succeeded(parser.parseOptionalKeyword(&keyword))) {
    if (!keyword.starts_with("partition"))
      return parser.emitError(parser.getCurrentLocation(),
                              "expected 'partition<N>', got '")
             << keyword << "'";
    SmallVector<OpAsmParser::Argument> args;
    if (parser.parseArgumentList(args, OpAsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseKeyword("num_warps") || parser.parseLParen() ||
        parser.parseInteger(numWarps.emplace_back()) || parser.parseRParen() ||
        parser.parseRegion(*partitionsState.addRegion(), args))
      return failure();
  }

  FunctionType type;
  if (parser.parseColonType(type) ||
      parser.resolveOperands(captures, type.getInputs(), capturesLoc,
                             partitionsState.operands))
    return failure();
  result.addTypes(type.getResults());
  result.addAttribute(getPartitionNumWarpsAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(numWarps));

  Region *holder = result.addRegion();
  Block *block = new Block();
  holder->push_back(block);
  OpBuilder builder(parser.getContext());
  builder.setInsertionPointToEnd(block);
  builder.create(partitionsState);
  return success();
}

void WarpSpecializeOp::print(OpAsmPrinter &printer) {
  WarpSpecializePartitionsOp partitions;
  Region &holder = getPartitionOpHolder();
  if (!holder.empty() && !holder.front().empty())
    partitions = dyn_cast<WarpSpecializePartitionsOp>(holder.front().front());
  printer << "(";
  if (partitions)
    printer << partitions.getExplicitCaptures();
  printer << ")";
  printer.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(), {getPartitionNumWarpsAttrName().getValue()});
  printer.printNewline();
  printer << "default ";
  printer.printRegion(getDefaultRegion(), /*printEntryBlockArgs=*/false);
  if (partitions) {
    for (auto [index, region] :
         llvm::enumerate(partitions.getPartitionRegions())) {
      if (region.empty())
        continue;
      printer.printNewline();
      printer << "partition" << index << "(";
      llvm::interleaveComma(
          region.getArguments(), printer,
          [&](BlockArgument arg) { printer.printRegionArgument(arg); });
      printer << ") num_warps(";
      if (index < getPartitionNumWarps().size())
        printer << getPartitionNumWarps()[index];
      printer << ") ";
      printer.printRegion(region, /*printEntryBlockArgs=*/false);
    }
  }
  printer << " : ";
  printer.printFunctionalType(
      partitions ? TypeRange(partitions.getExplicitCaptures().getTypes())
                 : TypeRange(),
      getResultTypes());
}
