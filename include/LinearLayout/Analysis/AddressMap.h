//===- AddressMap.h - A thread's accesses as address columns ----*- C++ -*-===//
//
// A distributed layout's accesses to memory, as the lowering emits them:
// the address of register k of the thread (lane, warp) is
// reg(k) ^ lane-part ^ warp-part, one column per input bit (an AddressMap;
// a global tile with a row stride has a second map for the rows). On these
// columns: the widest aligned vectors, the order of a global tile's stores
// (line order), and how warps that repeat each other share a store out.
// The lowering (lib/Conversion/LLToGPUCommon) emits code from them and the
// planner counts the same accesses from them.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_ADDRESSMAP_H
#define LINEARLAYOUT_ANALYSIS_ADDRESSMAP_H

#include "LinearLayout/Core/LinearLayout.h"

#include "mlir/Support/LLVM.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"

#include <optional>
#include <utility>

namespace mlir::ll {

/// The address columns of a thread's accesses: the address of register k
/// of (lane, warp) is the XOR of the columns of their set bits.
struct AddressMap {
  SmallVector<uint64_t> reg, lane, warp;

  uint64_t registerValue(uint64_t k) const {
    uint64_t v = 0;
    for (size_t i = 0; i < reg.size(); ++i)
      if ((k >> i) & 1)
        v ^= reg[i];
    return v;
  }
  uint64_t threadMask() const {
    uint64_t m = 0;
    for (uint64_t c : lane)
      m |= c;
    for (uint64_t c : warp)
      m |= c;
    return m;
  }
  uint64_t registerMask() const {
    uint64_t m = 0;
    for (uint64_t c : reg)
      m |= c;
    return m;
  }
  /// T and K(k) never share a bit: T ^ K == T + K.
  bool additive() const { return (threadMask() & registerMask()) == 0; }
};

/// The aligned vectors of an access: register bits `bits[i]` step the
/// offset by 2^i, and every other column keeps the low bits clear.
struct VectorShape {
  SmallVector<int> bits;
  int64_t elements() const { return int64_t(1) << bits.size(); }
};

/// The widest aligned vector of at most `maxElements` along `col` (the
/// contiguous offset); with `row`, vector registers must not move the row.
VectorShape findVector(const AddressMap &col, const AddressMap *row,
                       int64_t maxElements);

/// Register of the vector starting at `base` holding element `e`.
int64_t vectorRegister(const VectorShape &shape, int64_t base, int64_t e);

/// Whether register `k` starts a vector of `shape`.
bool isVectorBase(const VectorShape &shape, int64_t k);

/// The map whose columns are `columns`: register, then lane, then warp bits.
AddressMap addressMapOfColumns(ArrayRef<uint64_t> columns, int registerBits,
                               int laneBits, int warpBits);

/// The address map of a distributed `layout` (inputs register, lane, warp)
/// followed by `project` (tensor coordinates -> integer).
AddressMap
mapThroughCoordinates(const LinearLayout &layout,
                      llvm::function_ref<uint64_t(ArrayRef<int64_t>)> project);

/// The global address maps of a tile of `shape` in `layout`: contiguous
/// (row-major flat offset) or, with `hasRows`, rows (dim0) and columns (the
/// rest, row-major).
std::pair<AddressMap, std::optional<AddressMap>>
globalAddressMaps(const LinearLayout &layout, ArrayRef<int64_t> shape,
                  bool hasRows);

/// The thread bits on which a global store's line groups are taken apart:
/// in phase p, only the threads whose bits `lanes` and `warps` read p store
/// the group, and a barrier separates the phases (the block's for
/// mergedStorePhases, the warp's for warpStorePhases).
struct StorePhases {
  uint64_t lanes = 0;
  uint64_t warps = 0;
  int count() const {
    return 1 << (llvm::popcount(lanes) + llvm::popcount(warps));
  }
};

/// Where the warps of a global store through `col` (and `row`) write parts
/// of the same 32-byte sectors (a warp bit moves the address by less than a
/// sector, no row), in `stores` instructions of vectors of
/// `vectorElements`: the phases in which the whole block's stores of one
/// line group span few 128-byte lines, and each instruction fewer. Issued
/// by all warps together between block barriers, such writes reach L2
/// merged; issued apart, or over more lines, each warp's part is a write of
/// its own (docs/lowering.md, "Block barriers between line groups" and
/// "Store phases"). std::nullopt where no two warps share a sector.
std::optional<StorePhases> mergedStorePhases(const AddressMap &col,
                                             const AddressMap *row, int bits,
                                             int64_t vectorElements,
                                             int64_t stores);

/// Where no two warps write parts of one sector, or the store stands under a
/// branch on the warp: the lane bits on which each warp's stores of a line
/// group are taken apart, a warp barrier between two phases, so that one
/// instruction writes few sectors and the warp's successive writes to a
/// sector merge in L1 (docs/lowering.md, "Warp phases"). No bits where an
/// instruction already writes few enough.
StorePhases warpStorePhases(const AddressMap &col, const AddressMap *row,
                            int bits, int64_t vectorElements, int64_t stores);

/// Sorts the registers `order` so that those whose accesses fall within one
/// 128-byte line follow each other: the register bits that move within a
/// line (no row, a column offset below 128 bytes) go innermost, the others
/// keep the register order. Returns those line bits.
uint64_t sortInLineOrder(SmallVectorImpl<int64_t> &order, const AddressMap &col,
                         const AddressMap *row, int bits);

/// The (row, column) offsets of register k's address: row(k), and col(k)
/// with its register part masked by `offsetMask`.
std::pair<uint64_t, uint64_t> registerOffsets(const AddressMap &col,
                                              const AddressMap *row,
                                              uint64_t offsetMask, int64_t k);

/// The order in which a thread's stores are issued.
enum class StoreOrder {
  /// Register order.
  Registers,
  /// The registers that write within one 128-byte line one after another
  /// (outside them, register order): a global tile's partial writes to a
  /// line then reach L2 together (docs/lowering.md, "Global store order").
  Lines,
  /// The stores that share a swizzled base (the register part of the
  /// offset that meets the thread bits) one after another, for targets
  /// that pair stores from one base (GPUTargetHooks::pairsSharedStores).
  SharedBases,
};

/// The most registers a thread's part of a tensor may have for the
/// lowering (larger tiles are rejected, not unrolled), and so for the
/// analyses here that enumerate them (scheduleStores, shareOwnerLoads).
inline constexpr int64_t kMaxRegistersPerThread = 4096;

/// What a store of registers through `col` (and `row`) issues: its
/// vectors, their first registers in issue order, and the (warp bit,
/// register bit) pairs along which warps that hold the same registers at
/// the same addresses share the stores out (docs/lowering.md, "Broadcast
/// stores"; empty: the warps with all of `freeWarps` clear store
/// everything). Registers with `keep(k)` false are left out. The register
/// bits of `pairLast` are paired only after every other pairable bit.
struct StoreSchedule {
  VectorShape vec;
  SmallVector<int64_t> order;
  SmallVector<std::pair<int, int>> split;
  /// StoreOrder::Lines: the register bits that stay within one 128-byte
  /// line; the stores whose registers agree outside them write the same
  /// lines and follow each other in `order`. 0 otherwise.
  uint64_t lineBits = 0;
};
StoreSchedule scheduleStores(const AddressMap &col, const AddressMap *row,
                             int bits, int64_t maxVector, uint64_t freeWarps,
                             llvm::function_ref<bool(int64_t)> keep,
                             uint64_t offsetMask, StoreOrder storeOrder,
                             uint64_t pairLast = 0);

/// The free warp bits of `layout` (LinearLayout::getFreeVariableMasks)
/// when every one of them has a zero column: the warps that differ in
/// them hold the same registers at the same addresses, and a store of the
/// layout leaves each element to the warps with those bits clear (or
/// shares its instructions out among them, docs/lowering.md "Broadcast
/// stores"). 0 when there are none or one has a non-zero column.
uint64_t repeatedWarpBits(const LinearLayout &layout);

/// How the warps of a conversion whose result only feeds a store share its
/// loads from the scratch (`owner_loads`, docs/planning.md "Loads for a
/// broadcast store"): each warp loads the registers it stores.
struct OwnerLoads {
  /// The store's (warp bit, register bit) pairs (StoreSchedule::split):
  /// the warps each store their share out of the whole store.
  SmallVector<std::pair<int, int>> storeShares;
  /// The pairs whose register bit no load instruction spans: the warps
  /// whose bits in `warps` equal a share's load the registers k with
  /// k[r] = bit w for each (w, r), the other warps nothing.
  SmallVector<std::pair<int, int>> loadShares;
  /// The repeated warp bits less those of the pairs a load instruction
  /// spans (both warps of such a pair issue it).
  uint64_t warps = 0;
  /// A store vector holds registers of two rounds of the conversion: a
  /// round's loads feed that round's stores, so the rule cannot apply.
  bool vectorAcrossRounds = false;
  /// How many times the loads' wavefronts halve.
  int halvings() const { return llvm::popcount(warps); }
};

/// The register bits one load instruction of `load` spans, as a mask: the
/// bits of a matrix instruction's fragment (`matrixBits`, negative entries
/// absent) where the loads are one, else those of the widest vector of at
/// most `maxElements` (findVector).
uint64_t loadInstructionRegisterBits(const AddressMap &load,
                                     ArrayRef<int> matrixBits,
                                     int64_t maxElements);

/// The owner loads of a conversion loading through `load` (one round's
/// scratch: `scratchBits` offset bits; instructions spanning the register
/// bits `instructionRegisterBits`) whose result, repeating over the warp
/// bits `repeated`, is stored through `storeCol` (and `storeRow`) as a
/// global tile of `bits`-bit elements. The store's pairs take the register
/// bits no load instruction spans first (docs/planning.md, "Shares the
/// loads can follow").
OwnerLoads shareOwnerLoads(const AddressMap &load, int scratchBits,
                           uint64_t instructionRegisterBits,
                           const AddressMap &storeCol,
                           const AddressMap *storeRow, int bits,
                           uint64_t repeated);

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_ADDRESSMAP_H
