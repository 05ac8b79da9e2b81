//===- TritonImportCAPI.cpp - C API of the TTGIR import -------------------===//

#include "LinearLayout/Dialect/LL/CAPI/TritonImport.h"

#include "LinearLayout/Conversion/TritonImport.h"
#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Dialect/LL/IR/LLDialect.h"
#include "LinearLayout/Dialect/Triton/IR/TritonDialects.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::ll;

namespace {
/// Collects the diagnostics of a scope as "location: error: message" lines.
class DiagnosticText {
public:
  explicit DiagnosticText(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          llvm::raw_string_ostream os(text);
          if (auto file = dyn_cast<FileLineColLoc>(diag.getLocation()))
            os << file.getFilename().getValue() << ":" << file.getLine() << ":"
               << file.getColumn() << ": ";
          else
            os << diag.getLocation() << ": ";
          os << (diag.getSeverity() == DiagnosticSeverity::Error ? "error: "
                                                                 : "note: ")
             << diag << "\n";
          return success();
        }) {}
  std::string text;

private:
  ScopedDiagnosticHandler handler;
};
} // namespace

static void addTritonDialects(MLIRContext *context) {
  DialectRegistry registry;
  registerTritonDialects(registry);
  registry.insert<LLDialect, gpu::GPUDialect>();
  context->appendDialectRegistry(registry);
}

static bool reply(MlirStringCallback callback, void *userData,
                  llvm::StringRef text, bool ok) {
  callback(wrap(text), userData);
  return ok;
}

static llvm::json::Value layoutJSON(const LinearLayout &layout) {
  llvm::json::Object bases;
  for (const InDimBases &in : layout.getBases()) {
    llvm::json::Array list;
    for (const Basis &basis : in.bases)
      list.push_back(llvm::json::Array(basis));
    bases[in.name] = std::move(list);
  }
  // The input dimensions' order, which a JSON object does not keep.
  llvm::json::Array ins, outs;
  for (const LayoutDim &in : layout.getInDims())
    ins.push_back(in.name);
  for (const LayoutDim &out : layout.getOutDims())
    outs.push_back(llvm::json::Array{out.name, out.size()});
  return llvm::json::Object{{"bases", std::move(bases)},
                            {"in_dims", std::move(ins)},
                            {"out_dims", std::move(outs)}};
}

bool llTTGIRConversions(MlirContext context, MlirStringRef text,
                        MlirStringRef sourceName, MlirStringCallback callback,
                        void *userData) {
  MLIRContext *ctx = unwrap(context);
  addTritonDialects(ctx);
  DiagnosticText diagnostics(ctx);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      unwrap(text), ParserConfig(ctx), unwrap(sourceName));
  if (!module)
    return reply(callback, userData, diagnostics.text, false);
  llvm::Expected<std::vector<ImportedConversion>> conversions =
      collectTritonConversions(*module);
  if (!conversions)
    return reply(callback, userData, llvm::toString(conversions.takeError()),
                 false);
  llvm::json::Array rows;
  for (const ImportedConversion &c : *conversions)
    rows.push_back(llvm::json::Object{{"location", c.location},
                                      {"shape", llvm::json::Array(c.shape)},
                                      {"element_bits", c.elementBitWidth},
                                      {"src", layoutJSON(c.src)},
                                      {"dst", layoutJSON(c.dst)},
                                      {"src_encoding", c.srcEncoding},
                                      {"dst_encoding", c.dstEncoding}});
  std::string json;
  llvm::raw_string_ostream os(json);
  os << llvm::json::Value(std::move(rows));
  return reply(callback, userData, json, true);
}

bool llTTGEncodingLayout(MlirContext context, MlirStringRef encodingText,
                         const int64_t *shape, intptr_t rank, int64_t numWarps,
                         int64_t threadsPerWarp, MlirStringCallback callback,
                         void *userData) {
  MLIRContext *ctx = unwrap(context);
  addTritonDialects(ctx);
  for (llvm::StringRef name : {"tt", "ttg", "ttng"})
    ctx->getOrLoadDialect(name);
  if (rank < 0 || rank > 64 || (rank && !shape))
    return reply(callback, userData, "the shape has an invalid rank", false);
  llvm::StringRef source = unwrap(encodingText);
  if (source.trim().empty() || source.contains('\0'))
    return reply(callback, userData, "empty encoding text", false);
  Attribute encoding;
  {
    DiagnosticText diagnostics(ctx);
    size_t read = 0;
    encoding = parseAttribute(source, ctx, Type(), &read);
    if (!encoding || !diagnostics.text.empty())
      return reply(callback, userData,
                   diagnostics.text.empty() ? "cannot parse the encoding"
                                            : diagnostics.text,
                   false);
    if (!source.drop_front(read).trim().empty())
      return reply(callback, userData,
                   "unexpected text after the encoding: '" +
                       source.drop_front(read).trim().str() + "'",
                   false);
  }
  llvm::ArrayRef<int64_t> dims(shape, rank);
  TTGModuleInfo info;
  info.numWarps = numWarps;
  info.threadsPerWarp = threadsPerWarp;
  // 0: the layout's own count.
  if (numWarps <= 0 || threadsPerWarp <= 0) {
    llvm::Expected<LinearLayout> own =
        ttgEncodingToLinearLayout(encoding, dims);
    if (!own)
      return reply(callback, userData, llvm::toString(own.takeError()), false);
    if (numWarps <= 0)
      info.numWarps = own->getInDimSize(dims::kWarp);
    if (threadsPerWarp <= 0)
      info.threadsPerWarp = own->getInDimSize(dims::kLane);
  }
  llvm::Expected<LinearLayout> layout =
      ttgEncodingToLinearLayout(encoding, dims, info);
  if (!layout)
    return reply(callback, userData, llvm::toString(layout.takeError()), false);
  std::string json;
  llvm::raw_string_ostream os(json);
  os << layoutJSON(*layout);
  return reply(callback, userData, json, true);
}
