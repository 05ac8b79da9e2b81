//===- TritonDialects.cpp - Triton 3.6's dialects, as read ----------------===//

#include "LinearLayout/Dialect/Triton/IR/TritonDialects.h"
#include "LinearLayout/Dialect/Triton/IR/TTGLayout.h"
#include "LinearLayout/Dialect/Triton/IR/TritonOps.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

#include "LinearLayout/Dialect/Triton/IR/TTDialect.cpp.inc"
#include "LinearLayout/Dialect/Triton/IR/TTGDialect.cpp.inc"
#include "LinearLayout/Dialect/Triton/IR/TTNGDialect.cpp.inc"

/// The parse hook for an op name none of these dialects defines: such an op
/// is carried in generic form (the dialects allow unknown operations), and in
/// custom form it is a located error rather than a guess at its syntax.
ParseResult ll::parseOpWithoutCustomSyntax(OpAsmParser &parser,
                                           OperationState &state) {
  StringRef name = state.name.getStringRef();
  return parser.emitError(parser.getNameLoc())
         << "has no custom syntax here; it is accepted in generic form (\""
         << name << "\"(...) : ...)";
}

std::optional<Dialect::ParseOpHook>
ll::tt::TTDialect::getParseOperationHook(StringRef) const {
  return ParseOpHook(parseOpWithoutCustomSyntax);
}
std::optional<Dialect::ParseOpHook>
ll::ttg::TTGDialect::getParseOperationHook(StringRef) const {
  return ParseOpHook(parseOpWithoutCustomSyntax);
}
std::optional<Dialect::ParseOpHook>
ll::ttng::TTNGDialect::getParseOperationHook(StringRef) const {
  return ParseOpHook(parseOpWithoutCustomSyntax);
}

void ll::tt::TTDialect::initialize() {
  registerTypes();
  registerOps();
  allowUnknownOperations();
}
void ll::ttg::TTGDialect::initialize() {
  registerLayoutParts();
  registerMiscOps();
  allowUnknownOperations();
}
void ll::ttng::TTNGDialect::initialize() {
  registerAttributes();
  registerOps();
  allowUnknownOperations();
}

void ll::registerTritonDialects(DialectRegistry &registry) {
  registry.insert<tt::TTDialect, ttg::TTGDialect, ttng::TTNGDialect,
                  amdg::AMDGDialect>();
}
