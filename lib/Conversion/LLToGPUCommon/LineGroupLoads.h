//===- LineGroupLoads.h - Scratch loads into a fenced store's line groups -===//
//
// Internal to lib/Conversion/LLToGPUCommon.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_LLTOGPUCOMMON_LINEGROUPLOADS_H
#define LIB_CONVERSION_LLTOGPUCOMMON_LINEGROUPLOADS_H

#include "mlir/IR/Operation.h"

namespace mlir::ll {

/// The unit attribute that marks the warp barriers between a global store's
/// line groups (storeRegisters) until sinkLoadsIntoLineGroups has run.
inline constexpr llvm::StringLiteral kLineGroupBarrierAttr =
    "ll.line_group_barrier";

/// Moves each load from shared memory that stands before a store's marked
/// line-group barriers, with the register ops between it and its users,
/// down to just before its first use: into the line group that first
/// stores its values (docs/lowering.md, "Barriers between line groups",
/// "Loads into line groups"). A load moves only past ops that do not order
/// it: register ops, stores to other address spaces, the marked barriers
/// and branches holding only such ops. Removes the marks.
void sinkLoadsIntoLineGroups(Operation *root, unsigned sharedAddressSpace);

} // namespace mlir::ll

#endif // LIB_CONVERSION_LLTOGPUCOMMON_LINEGROUPLOADS_H
