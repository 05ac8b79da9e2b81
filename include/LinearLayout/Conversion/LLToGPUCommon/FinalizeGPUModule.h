//===- FinalizeGPUModule.h - Rest of a gpu.module to LLVM -------*- C++ -*-===//
//
// After convert-ll-to-<target>, a kernel is LLVM-dialect code around a few
// ops of other dialects: scf loops and ifs, elementwise arith, gpu.func and
// gpu.return. Upstream finishes with convert-scf-to-cf and
// convert-gpu-to-<target>, which walk (and greedily rewrite) the whole
// gpu.module serially. This driver does the same conversion with the same
// upstream patterns, but converts most of each function body in parallel
// and the rest, with the function ops, serially (docs/lowering.md, "PTX").
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_FINALIZEGPUMODULE_H
#define LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_FINALIZEGPUMODULE_H

#include "mlir/IR/Builders.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
class ConversionTarget;
class LLVMTypeConverter;
class Operation;
class RewritePatternSet;
namespace gpu {
class GPUModuleOp;
} // namespace gpu
} // namespace mlir

namespace mlir::ll {

/// Adds the target's conversion patterns (gpu-to-<target> and the dialects'
/// ConvertToLLVM patterns) and legality.
using PopulateGPUToLLVM = function_ref<void(
    LLVMTypeConverter &, RewritePatternSet &, ConversionTarget &)>;

/// Ops of the parallel step's dialects (arith, cf, index, ub) whose target
/// lowering declares a module symbol (a libdevice or ocml call), so that
/// they must wait for the serial step. cf.assert is always serial.
using LowersToCall = function_ref<bool(Operation *)>;

/// The target's byte permute of two 32-bit words (PTX `prmt` in its
/// default mode: nibble k of `selector` picks byte k of the result from the
/// bytes of (lo, hi)).
using PermuteBytes = function_ref<Value(OpBuilder &, Location, Value lo,
                                        Value hi, Value selector)>;

/// PermuteBytes on NVIDIA: `nvvm.prmt` in its default mode (also
/// GPUTargetHooks::createBytePermute of the NVVM lowering).
Value createNVVMBytePermute(OpBuilder &builder, Location loc, Value lo,
                            Value hi, Value selector);

/// Lowers everything in `module` to the LLVM dialect (plus whatever the
/// target's patterns produce), as `convert-scf-to-cf`, the target's
/// `convert-gpu-to-<target>` and `reconcile-unrealized-casts` would:
///   1. per function, in parallel: scf to cf, dead code and unreachable
///      blocks erased, gpu's rewrite patterns on the ops they apply to, then
///      (when the signature is LLVM and there are no attributions) the
///      body's arith, cf, index, ub ops and gpu's index, barrier and shuffle
///      ops, except cf.assert and what `lowersToCall` names;
///   2. the function ops and what remains, over the module;
///   3. the unrealized casts left between the two, reconciled.
/// `converter` must be configured for the target already. With
/// `permuteBytes`, step 1 also builds vectors of 16-bit halves of words by
/// byte permutes of the words (permuteHalvesAsWords, docs/lowering.md
/// "Halves permuted as words").
LogicalResult finalizeGPUModule(gpu::GPUModuleOp module,
                                LLVMTypeConverter &converter,
                                PopulateGPUToLLVM populate,
                                LowersToCall lowersToCall,
                                PermuteBytes permuteBytes = nullptr);

} // namespace mlir::ll

#endif // LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_FINALIZEGPUMODULE_H
