//===- Passes.h - Lowerings of the `ll` dialect -----------------*- C++ -*-===//
//
// Declares the conversion passes (TableGen'd from Passes.td). Including this
// header does not pull in the NVVM or ROCDL dialect (slow to compile): the
// dependent dialects are only forward-declared.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_CONVERSION_PASSES_H
#define LINEARLAYOUT_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace LLVM {
class LLVMDialect;
} // namespace LLVM
namespace NVVM {
class NVVMDialect;
} // namespace NVVM
namespace ROCDL {
class ROCDLDialect;
} // namespace ROCDL
namespace scf {
class SCFDialect;
} // namespace scf
namespace arith {
class ArithDialect;
} // namespace arith
namespace cf {
class ControlFlowDialect;
} // namespace cf
namespace memref {
class MemRefDialect;
} // namespace memref
} // namespace mlir

namespace mlir::ll {

/// The default of convert-ll-to-nvvm's min-round-bytes option and of
/// LLLoweringOptions::minRoundBytes (docs/lowering.md, "Rounds"): on the
/// H100, rounds of 16 KiB (two slots: 32 KiB of scratch) took the corpus's
/// multi-round conv_loops from 0.95 to 0.92 of Triton 3.6's time
/// (bench/results/h100_round_sweep.md). convert-ll-to-rocdl keeps the plan's
/// rounds (0): unmeasured on AMD hardware, where LDS is 64 KiB per CU.
inline constexpr int64_t kDefaultMinRoundBytes = 16384;

#define GEN_PASS_DECL
#include "LinearLayout/Conversion/Passes.h.inc"

/// registerLLConversionPasses() registers all four (the pipelines are in
/// LinearLayout/Conversion/Pipelines.h).
#define GEN_PASS_REGISTRATION
#include "LinearLayout/Conversion/Passes.h.inc"

} // namespace mlir::ll

#endif // LINEARLAYOUT_CONVERSION_PASSES_H
