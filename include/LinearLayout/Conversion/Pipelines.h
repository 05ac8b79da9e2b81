//===- Pipelines.h - ll-to-ptx and ll-to-rocdl ------------------*- C++ -*-===//
//
// The two pipelines that take a module of `ll` kernels to the target: the
// `ll` passes, then upstream MLIR's lowering of what is left. Modelled on
// upstream's gpu-lower-to-nvvm-pipeline (GPU/Pipelines/Passes.h): an options
// struct, a builder that adds the passes with their typed options, and a
// registration.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_CONVERSION_PIPELINES_H
#define LINEARLAYOUT_CONVERSION_PIPELINES_H

#include "LinearLayout/Conversion/Passes.h"

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::ll {

/// Options of `ll-to-ptx`.
struct LLToPTXPipelineOptions
    : public PassPipelineOptions<LLToPTXPipelineOptions> {
  PassOptions::Option<std::string> chip{*this, "chip", llvm::cl::desc("sm_<N>"),
                                        llvm::cl::init("sm_90")};
  PassOptions::Option<unsigned> indexBitwidth{
      *this, "index-bitwidth", llvm::cl::desc("32 or 64"), llvm::cl::init(32)};
  PassOptions::Option<int64_t> minRoundBytes{
      *this, "min-round-bytes",
      llvm::cl::desc("smallest scratch bytes per conversion round"),
      llvm::cl::init(kDefaultMinRoundBytes)};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("gpu-module-to-binary format: isa (PTX), bin, fatbin, "
                     "or none to stop at the LLVM dialect"),
      llvm::cl::init("isa")};
  PassOptions::Option<bool> registerOrder{
      *this, "register-order",
      llvm::cl::desc("run ll-optimize-register-order first (select-free "
                     "warp shuffles)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> foldGathers{
      *this, "fold-gathers",
      llvm::cl::desc("run ll-fold-gather-conversions before planning "
                     "(gathers that read and write their conversions' "
                     "layouts where that costs less)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> lineBarriers{
      *this, "line-barriers",
      llvm::cl::desc("convert-ll-to-nvvm's line-barriers: barriers "
                     "between the line groups of global tile accesses"),
      llvm::cl::init(true)};
  PassOptions::Option<std::string> isaFile{
      *this, "isa-file",
      llvm::cl::desc("also write the PTX of every gpu.binary to this file "
                     "('-': standard output; format=isa only)"),
      llvm::cl::init("")};
  PassOptions::Option<int64_t> parallelMinOps{
      *this, "parallel-min-ops",
      llvm::cl::desc("format=isa: compile the kernels of a gpu.module of at "
                     "least this many ops in parallel parts, joined into the "
                     "same PTX (0: every module of 4 kernels or more)"),
      llvm::cl::init(20000)};

  /// Reports through `emitError` what the passes would reject only later
  /// (or, for upstream's, after lowering everything), or ignore: an unknown
  /// `format`, an `isa-file` or a `parallel-min-ops` with a format other
  /// than isa, a negative `parallel-min-ops`.
  LogicalResult
  verify(function_ref<LogicalResult(const Twine &)> emitError) const;
};

/// Options of `ll-to-rocdl`.
struct LLToROCDLPipelineOptions
    : public PassPipelineOptions<LLToROCDLPipelineOptions> {
  PassOptions::Option<std::string> chip{*this, "chip", llvm::cl::desc("gfx<N>"),
                                        llvm::cl::init("gfx942")};
  PassOptions::Option<unsigned> waveSize{
      *this, "wave-size",
      llvm::cl::desc("64 or 32; 0 takes the chip's default"),
      llvm::cl::init(0)};
  PassOptions::Option<unsigned> indexBitwidth{
      *this, "index-bitwidth", llvm::cl::desc("32 or 64"), llvm::cl::init(32)};
  PassOptions::Option<int64_t> minRoundBytes{
      *this, "min-round-bytes",
      llvm::cl::desc("smallest scratch bytes per conversion round"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> registerOrder{
      *this, "register-order",
      llvm::cl::desc("run ll-optimize-register-order first (select-free "
                     "lane exchanges)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> foldGathers{
      *this, "fold-gathers",
      llvm::cl::desc("run ll-fold-gather-conversions before planning "
                     "(gathers that read and write their conversions' "
                     "layouts where that costs less)"),
      llvm::cl::init(true)};
};

/// `ll-to-ptx`: nvvm-attach-target, ll-optimize-register-order (unless
/// register-order=false), ll-fold-gather-conversions (unless
/// fold-gathers=false), ll-plan-conversions, convert-ll-to-nvvm,
/// gpu.module(ll-finalize-nvvm),
/// func.func(convert-scf-to-cf), and gpu-module-to-binary (unless
/// format=none; with format=isa the PTX text is in the `gpu.binary`).
/// An unknown chip only adds convert-ll-to-nvvm, which reports it.
void buildLLToPTXPipeline(OpPassManager &pm,
                          const LLToPTXPipelineOptions &options);

/// `ll-to-rocdl`: ll-optimize-register-order (unless register-order=false),
/// ll-fold-gather-conversions (unless fold-gathers=false),
/// ll-plan-conversions, convert-ll-to-rocdl, convert-scf-to-cf,
/// gpu.module(convert-gpu-to-rocdl), rocdl-attach-target,
/// reconcile-unrealized-casts. An unknown chip or wave size only adds
/// convert-ll-to-rocdl, which reports it.
void buildLLToROCDLPipeline(OpPassManager &pm,
                            const LLToROCDLPipelineOptions &options);

/// Registers `ll-to-ptx` and `ll-to-rocdl` (once; later calls do nothing).
void registerLLPipelines();

} // namespace mlir::ll

#endif // LINEARLAYOUT_CONVERSION_PIPELINES_H
