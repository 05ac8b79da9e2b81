//===- RegisterBound.h - Kernels that need every register -------*- C++ -*-===//

#ifndef LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_REGISTERBOUND_H
#define LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_REGISTERBOUND_H

#include "ConversionLowering.h"

namespace mlir::ll::lowering {

/// Sets the target's register bound (GPUTargetHooks::
/// getMaxRegistersAttrName) to the most a thread can have on every kernel
/// with a known block size and no bound of its own in which a conversion
/// (decided in `state`, not a no-op) or a gather holds at least that many
/// 32-bit registers per thread at once: its source and the other
/// distributed tensors live across it. With an `ll-lowering` remark at
/// that op (docs/lowering.md, "Register bound"). The same bound where a
/// conversion or gather through shared memory takes tiles loaded just
/// before it and the registers that holding those loads in flight takes
/// leave the SM at least 4 blocks and a quarter of its warps
/// (docs/lowering.md, "Loads in flight"). A bound a function
/// already has must be an integer from 1 to that most, else a located
/// error (failure).
LogicalResult boundKernelRegisters(Operation *root, const GPUTargetHooks &hooks,
                                   const LoweringState &state);

} // namespace mlir::ll::lowering

#endif // LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_REGISTERBOUND_H
