//===- AddressMap.h - Thread layouts as address maps (private) --*- C++ -*-===//
//
// Internal to lib/Conversion/LLToGPUCommon. A layout composed with the map
// from tensor coordinates to an offset (row-major global offsets, or the
// inverse of a shared-memory layout) is a linear map over F2 from the
// thread's (register, lane, warp) bits to the offset bits: an AddressMap.
// A thread computes the lane/warp part T once; register k adds the constant
// K(k), by `add` when T and K never share a bit and by `xor` (the swizzle)
// otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_LLTOGPUCOMMON_ADDRESSMAP_H
#define LIB_CONVERSION_LLTOGPUCOMMON_ADDRESSMAP_H

#include "LinearLayout/Analysis/AddressMap.h"
#include "LinearLayout/Analysis/GPUTarget.h"
#include "LinearLayout/Analysis/MatrixInstructions.h"
#include "LinearLayout/Core/LinearLayout.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::ll::lowering {

/// What one thread may hold: larger tiles are rejected, not unrolled.
using ll::kMaxRegistersPerThread;

/// A distributed layout with inputs register, lane, warp, block and outputs
/// dim0..dimN-1, checked to fit one CTA.
struct ThreadLayout {
  LinearLayout layout;
  int registerBits = 0, laneBits = 0, warpBits = 0;
  int64_t numRegisters() const { return int64_t(1) << registerBits; }
  /// The lane and warp bits that move no element (the layout broadcasts
  /// over them): a thread with one of them set holds only copies.
  struct FreeThreadBits {
    uint64_t lanes = 0, warps = 0;
  };
  FreeThreadBits freeThreadBits() const;
};

/// A warp-wide ldmatrix/stmatrix access (MatrixInstructions.h) of a thread
/// layout whose address map (in elements) is `map`. Lane L gives the start
/// of one 16-byte row: rows.lane[b] are the offsets of its five address bits
/// (three row bits, then the two matrix bits), and rows.reg are the
/// layout's register columns with the pair and matrix registers zeroed, so
/// an instruction whose other registers are `k` reads or writes rows at
/// rows(lane, warp) ^ rows.registerValue(k). Fragment word i (matrix i) of
/// that instruction is register k | i0 << matrix[0] | i1 << matrix[1],
/// with the 16-bit halves registers k' and k' | 1 << pair (8-bit: the
/// bytes k', k' | 1 << pair, k' | 1 << quad and k' | both).
struct MatrixAccess {
  bool trans = false;
  int pair = -1;
  /// 8-bit only: the register bit of the third byte of a word.
  int quad = -1;
  int matrix[2] = {-1, -1};
  AddressMap rows;
  /// The registers of the fragment word `word` of the instruction at `k`,
  /// lowest bits of the word first.
  SmallVector<int64_t, 4> wordRegisters(int64_t k, int word) const {
    int64_t r = k | (int64_t(word & 1) << matrix[0]) |
                (int64_t(word >> 1) << matrix[1]);
    if (pair < 0)
      return {r};
    if (quad < 0)
      return {r, r | (int64_t(1) << pair)};
    int64_t p = int64_t(1) << pair, q = int64_t(1) << quad;
    return {r, r | p, r | q, r | p | q};
  }
  bool isBase(int64_t k) const {
    for (int b : {pair, quad, matrix[0], matrix[1]})
      if (b >= 0 && ((k >> b) & 1))
        return false;
    return true;
  }
};

/// The threads of the block that runs `op`, when its gpu.func declares
/// them (`known_block_size`).
std::optional<int64_t> knownBlockThreads(Operation *op);

/// `layout` (of a rank-`rank` tensor) normalized and checked to fit one
/// block of the target's warps; `what` names it in diagnostics (a layout
/// wider than the warp: lanesExceedMessage, the planner's text).
FailureOr<ThreadLayout> getThreadLayout(Operation *op,
                                        const LinearLayout &layout, size_t rank,
                                        const GPUTarget &target,
                                        StringRef what);

/// The bit width of `elementType` (8, 16, 32 or 64), or a diagnostic.
FailureOr<int> getElementBits(Operation *op, Type elementType);

/// `memory` (offset -> dims) inverted and composed after `tl`: the address
/// map of the accesses of `tl` to a buffer placed by `memory`.
FailureOr<AddressMap> sharedAddressMap(Operation *op, const ThreadLayout &tl,
                                       const LinearLayout &memory);

/// The global address maps of a tile: contiguous (row-major flat offset) or
/// rows (dim0) and columns (the rest, row-major).
std::pair<AddressMap, std::optional<AddressMap>>
globalMaps(const ThreadLayout &tl, ArrayRef<int64_t> shape, bool hasRows);

/// The matrix access of `tile` through `map`, or std::nullopt when the
/// address map does not have the instruction's shape.
std::optional<MatrixAccess> matrixAccess(const AddressMap &map,
                                         const MatrixTile &tile, int bits);

} // namespace mlir::ll::lowering

#endif // LIB_CONVERSION_LLTOGPUCOMMON_ADDRESSMAP_H
