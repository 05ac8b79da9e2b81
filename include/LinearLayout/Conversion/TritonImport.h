//===- TritonImport.h - Reading Triton 3.6's TTGIR --------------*- C++ -*-===//
//
// The `--ll-import-ttgir` pass and the C++ API the Python side binds: the
// linear layout of one `#ttg` encoding, and every `ttg.convert_layout` of a
// TTGIR module with both layouts (docs/triton-import.md).
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_CONVERSION_TRITONIMPORT_H
#define LINEARLAYOUT_CONVERSION_TRITONIMPORT_H

#include "LinearLayout/Core/LinearLayout.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir {
namespace gpu {
class GPUDialect;
} // namespace gpu
namespace ll {
class LLDialect;

#define GEN_PASS_DECL
#include "LinearLayout/Conversion/TritonImportPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "LinearLayout/Conversion/TritonImportPasses.h.inc"

/// What a TTGIR module says about the hardware its layouts run on.
struct TTGModuleInfo {
  /// `ttg.num-warps` (required).
  int64_t numWarps = 4;
  /// `ttg.threads-per-warp` (default 32).
  int64_t threadsPerWarp = 32;
  /// `ttg.num-ctas` (default 1).
  int64_t numCTAs = 1;
  /// `ttg.target`, e.g. "cuda:90" or "hip:gfx942" (empty when absent).
  std::string target;
};

/// Reads the `ttg.*` module attributes of `module`; an error names the
/// attribute that is missing or malformed.
llvm::Expected<TTGModuleInfo> readTTGModuleInfo(ModuleOp module);

/// The linear layout of a `#ttg` encoding for a tensor (or buffer) of
/// `shape`: (register, lane, warp, block) -> (dim0, ...) for a distributed
/// encoding, (offset, block) -> (dim0, ...) for a shared one, the same bases
/// as Triton 3.6's `to_linear_layout`; a `CGALayout` gives the `block`
/// bases. The layout's CTAs must be `info`'s, and a distributed layout's
/// lanes and warps too.
llvm::Expected<LinearLayout>
ttgEncodingToLinearLayout(Attribute encoding, llvm::ArrayRef<int64_t> shape,
                          const TTGModuleInfo &info);

/// The same without a module: the layout's own lane and warp counts, for an
/// encoding read on its own (`LinearLayout.from_mlir("#ttg...")`).
llvm::Expected<LinearLayout>
ttgEncodingToLinearLayout(Attribute encoding, llvm::ArrayRef<int64_t> shape);

/// One `ttg.convert_layout` of a TTGIR module.
struct ImportedConversion {
  /// The op's location as MLIR prints a file location: "file:line:col"
  /// (the innermost file location of a name or call-site location; the
  /// printed location otherwise).
  std::string location;
  std::vector<int64_t> shape;
  /// Bits per element (64 for a pointer).
  int64_t elementBitWidth = 0;
  /// (register, lane, warp, block) -> (dim0, ...).
  LinearLayout src, dst;
  /// The `#ttg` encodings as Triton prints them.
  std::string srcEncoding, dstEncoding;
};

/// Every `ttg.convert_layout` of `module` (before `--ll-import-ttgir`), in
/// program order, with both layouts; an error names the op's location.
llvm::Expected<std::vector<ImportedConversion>>
collectTritonConversions(ModuleOp module);

} // namespace ll
} // namespace mlir

#endif // LINEARLAYOUT_CONVERSION_TRITONIMPORT_H
