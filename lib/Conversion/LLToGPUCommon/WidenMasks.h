//===- WidenMasks.h - Masks moved as bytes ----------------------*- C++ -*-===//

#ifndef LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_WIDENMASKS_H
#define LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_WIDENMASKS_H

#include "mlir/IR/Operation.h"

namespace mlir::ll::lowering {

/// Rewrites every ll.convert_layout and ll.gather under `root` that moves
/// i1 elements (a mask) into the same op on i8, between an `arith.extui`
/// of its source and an `arith.cmpi ne` with 0 of its result, keeping the op's
/// attributes (its `ll.plan`, planned for 8-bit elements). The lowering
/// then packs, shuffles and stores masks as bytes, as Triton does
/// (docs/lowering.md, "Masks").
void widenMaskMoves(Operation *root);

} // namespace mlir::ll::lowering

#endif // LINEARLAYOUT_CONVERSION_LLTOGPUCOMMON_WIDENMASKS_H
