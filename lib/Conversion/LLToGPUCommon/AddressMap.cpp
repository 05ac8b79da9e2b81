//===- AddressMap.cpp - Thread layouts as address maps -------------------===//
//
// The address maps of distributed layouts through global (row-major) and
// shared-memory (inverted memory layout) coordinates and their aligned
// vectors (their ldmatrix/stmatrix accesses: MatrixAccess.cpp). See
// AddressMap.h.
//
//===----------------------------------------------------------------------===//

#include "AddressMap.h"

#include "LinearLayout/Analysis/ConversionClassification.h"
#include "LinearLayout/Analysis/TileVector.h"
#include "LinearLayout/Core/DimNames.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::ll::lowering {

/// The threads of the block that runs `op`, when its gpu.func declares
/// them (`known_block_size`).
std::optional<int64_t> knownBlockThreads(Operation *op) {
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  if (!func)
    return std::nullopt;
  std::optional<ArrayRef<int32_t>> size = func.getKnownBlockSize();
  if (!size || size->empty())
    return std::nullopt;
  int64_t threads = 1;
  for (int32_t d : *size)
    threads *= d;
  return threads;
}

ThreadLayout::FreeThreadBits ThreadLayout::freeThreadBits() const {
  FreeThreadBits free;
  for (const auto &[dim, mask] : layout.getFreeVariableMasks()) {
    if (dim == dims::kLane)
      free.lanes = mask;
    else if (dim == dims::kWarp)
      free.warps = mask;
  }
  return free;
}

FailureOr<ThreadLayout> getThreadLayout(Operation *op,
                                        const LinearLayout &layout, size_t rank,
                                        const GPUTarget &target,
                                        StringRef what) {
  int lanesPerWarp = target.lanesPerWarp;
  SmallVector<std::string> names = dims::tensorDims(rank);
  auto normalized = normalizeDistributed(layout, names, what);
  if (!normalized)
    return op->emitError() << llvm::toString(normalized.takeError());
  ThreadLayout result;
  result.layout = std::move(*normalized);
  result.registerBits = result.layout.getInDimSizeLog2(dims::kRegister);
  result.laneBits = result.layout.getInDimSizeLog2(dims::kLane);
  result.warpBits = result.layout.getInDimSizeLog2(dims::kWarp);
  if (result.layout.getInDimSizeLog2(dims::kBlock) != 0)
    return op->emitError() << what
                           << " spans several blocks (CTAs); the lowering "
                              "handles one block";
  if (!target.fitsLanes(result.laneBits))
    return op->emitError(lanesExceedMessage(what, result.laneBits, target));
  // A layout over more threads than a block can have (or the kernel
  // declares) would leave part of the tile to threads that do not exist.
  if (result.warpBits > 20 ||
      (int64_t(lanesPerWarp) << result.warpBits) > target.maxBlockThreads)
    return op->emitError() << what << " spans 2^" << result.warpBits
                           << " warps of " << lanesPerWarp
                           << " lanes, but a block has at most "
                           << target.maxBlockThreads << " threads on "
                           << target.name;
  int64_t needed = int64_t(lanesPerWarp) << result.warpBits;
  std::optional<int64_t> threads = knownBlockThreads(op);
  // Shuffles and warp barriers name every lane of a warp (docs/dialect.md,
  // "Who runs an op"): a last warp with fewer lanes would wait for lanes
  // that do not exist.
  if (threads && *threads % lanesPerWarp != 0)
    return op->emitError() << "the function's known_block_size has " << *threads
                           << " threads, not a whole number of " << lanesPerWarp
                           << "-lane warps";
  if (threads && *threads < needed)
    return op->emitError() << what << " spans " << needed << " threads ("
                           << lanesPerWarp << " lanes x "
                           << (int64_t(1) << result.warpBits)
                           << " warps), but the function's known_block_size "
                              "has "
                           << *threads;
  if (result.numRegisters() > kMaxRegistersPerThread)
    return op->emitError() << what << " has "
                           << (int64_t(1) << result.registerBits)
                           << " registers per thread (at most "
                           << kMaxRegistersPerThread << " lowered)";
  return result;
}

FailureOr<int> getElementBits(Operation *op, Type elementType) {
  if (!elementType.isIntOrFloat())
    return op->emitError("cannot lower ")
           << elementType << " elements (integers or floats only)";
  int bits = int(elementType.getIntOrFloatBitWidth());
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return op->emitError("cannot lower ")
           << bits << "-bit elements (8, 16, 32 or 64 bits)";
  return bits;
}

/// `memory` (offset -> dims) inverted and composed after `tl`: the address
/// map of the accesses of `tl` to a buffer placed by `memory`.
FailureOr<AddressMap> sharedAddressMap(Operation *op, const ThreadLayout &tl,
                                       const LinearLayout &memory) {
  auto inverse = memory.invert();
  if (!inverse)
    return op->emitError("the shared-memory layout is not invertible: ")
           << llvm::toString(inverse.takeError());
  auto composed = tl.layout.compose(*inverse);
  if (!composed)
    return op->emitError("cannot address shared memory: ")
           << llvm::toString(composed.takeError());
  return addressMapOfColumns(composed->getColumns(), tl.registerBits,
                             tl.laneBits, tl.warpBits);
}

/// The global address maps of a tile: contiguous (row-major flat offset) or
/// rows (dim0) and columns (the rest, row-major).
std::pair<AddressMap, std::optional<AddressMap>>
globalMaps(const ThreadLayout &tl, ArrayRef<int64_t> shape, bool hasRows) {
  return globalAddressMaps(tl.layout, shape, hasRows);
}

} // namespace mlir::ll::lowering
