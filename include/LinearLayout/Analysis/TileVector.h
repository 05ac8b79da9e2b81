//===- TileVector.h - Widest aligned vectors of a thread's access -*- C++ -*-=//
//
// A thread moves its registers with vector instructions when registers step
// through consecutive element offsets and nothing else (another register, the
// lane, the warp) breaks the vector's alignment. The lowering picks its
// vectors with findAlignedVector for global tiles and shared memory alike;
// tileVectorElements says how wide ll.load_tile / ll.store_tile of a layout
// will be, for passes that must not narrow them.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_TILEVECTOR_H
#define LINEARLAYOUT_ANALYSIS_TILEVECTOR_H

#include "LinearLayout/Core/LinearLayout.h"

#include "llvm/ADT/SmallVector.h"

namespace mlir::ll {

/// Register bits of the widest aligned vector of at most `maxElements`
/// elements: bits[i] steps the offset by 2^i, and every other register bit
/// (`regOffsets`) and thread bit (`threadOffsets`, lanes and warps) keeps the
/// low bits clear. With `regRows` (one row step per register bit; empty for
/// none), vector registers must not move the row.
llvm::SmallVector<int> findAlignedVector(llvm::ArrayRef<uint64_t> regOffsets,
                                         llvm::ArrayRef<uint64_t> threadOffsets,
                                         llvm::ArrayRef<uint64_t> regRows,
                                         int64_t maxElements);

/// Elements per vector of ll.load_tile / ll.store_tile in `layout`, as the
/// lowering emits them: offsets are row-major over the layout's output
/// dimensions (the last fastest); with `hasRows` (a row stride), over the
/// dimensions after the first, and vectors stay in one row. At most
/// `maxBits` wide.
int64_t tileVectorElements(const LinearLayout &layout, int elementBits,
                           bool hasRows, int maxBits = 128);

/// Memory units of `unitBytes` (32: sectors, 128: lines) that one warp's
/// ll.load_tile / ll.store_tile of `layout` touches, summed over its
/// vector instructions (registers at one address counted once, as the
/// lowering moves them once). With `hasRows`, each row is its own line.
/// Layouts of more than 2^kMaxFootprintRegisterBits registers are not
/// counted (0).
inline constexpr int kMaxFootprintRegisterBits = 12;
inline constexpr int64_t kSectorBytes = 32, kLineBytes = 128;
int64_t tileFootprintPerWarp(const LinearLayout &layout, int elementBits,
                             bool hasRows, int64_t unitBytes,
                             int maxBits = 128);

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_TILEVECTOR_H
