//===- TritonDialects.td - Triton 3.6's dialects, as read ---*- tablegen -*-===//
//
// The `tt`, `ttg` and `ttng` dialects as far as this project reads them: the
// types, encodings and ops Triton 3.6 prints into a `.ttgir` file, with the
// same textual syntax, so `ll-opt kernel.ttgir` parses a real kernel and
// prints it back unchanged. Only the layout-bearing ops are understood (the
// import rewrites them into the `ll` dialect); the others are carried through
// with Triton's syntax (TTOps.td, TTGMiscOps.td, TTNGOps.td, AMDGOps.td;
// docs/triton-dialects.md), an op not defined there in generic form. See
// docs/triton-import.md.
//
// These are not Triton's dialects: a compiler that registers Triton's own
// `tt`/`ttg`/`ttng` must not also register these (the names collide); it
// uses Triton's and converts the encodings with the families instead.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_TRITON_IR_TRITONDIALECTS_TD
#define LINEARLAYOUT_DIALECT_TRITON_IR_TRITONDIALECTS_TD

include "mlir/IR/OpBase.td"

def TT_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::ll::tt";
  let summary = "Triton 3.6's `tt` dialect, as far as TTGIR import reads it";
  let usePropertiesForAttributes = 1;
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerOps();
    std::optional<ParseOpHook>
    getParseOperationHook(::llvm::StringRef opName) const override;
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::math::MathDialect",
    "::mlir::cf::ControlFlowDialect",
  ];
}

def TTG_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::mlir::ll::ttg";
  let summary = "Triton 3.6's `ttg` (TritonGPU) dialect, as far as TTGIR "
                "import reads it";
  let usePropertiesForAttributes = 1;
  // ::mlir::ll::LLDialect: #ttg.linear and the shared_linear encodings
  // store #ll.linear layouts.
  let dependentDialects = ["::mlir::ll::tt::TTDialect",
                           "::mlir::ll::LLDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    /// Adds the encodings, types and layout ops (TTGAttrs/TTGTypes/TTGOps).
    void registerLayoutParts();
    void registerMiscOps();
    std::optional<ParseOpHook>
    getParseOperationHook(::llvm::StringRef opName) const override;
  }];
}

def TTNG_Dialect : Dialect {
  let name = "ttng";
  let cppNamespace = "::mlir::ll::ttng";
  let summary = "Triton 3.6's `ttng` (TritonNvidiaGPU) dialect, as far as "
                "TTGIR import reads it";
  let usePropertiesForAttributes = 1;
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::ll::ttg::TTGDialect"];
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerOps();
    std::optional<ParseOpHook>
    getParseOperationHook(::llvm::StringRef opName) const override;
  }];
}

class TT_Op<string mnemonic, list<Trait> traits = []>
    : Op<TT_Dialect, mnemonic, traits>;
class TTG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TTG_Dialect, mnemonic, traits>;
class TTNG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TTNG_Dialect, mnemonic, traits>;

#endif // LINEARLAYOUT_DIALECT_TRITON_IR_TRITONDIALECTS_TD
