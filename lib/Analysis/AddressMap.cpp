//===- AddressMap.cpp - A thread's accesses as address columns ------------===//
//
// Vectors, line order and the warps' shares of a store over address maps
// (AddressMap.h): what the lowering emits, for the planner to count.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Analysis/AddressMap.h"

#include "LinearLayout/Analysis/TileVector.h"
#include "LinearLayout/Core/DimNames.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <bitset>

using namespace mlir;
using namespace mlir::ll;

VectorShape mlir::ll::findVector(const AddressMap &col, const AddressMap *row,
                                 int64_t maxElements) {
  SmallVector<uint64_t> threads(col.lane.begin(), col.lane.end());
  threads.append(col.warp.begin(), col.warp.end());
  return VectorShape{findAlignedVector(
      col.reg, threads,
      row ? ArrayRef<uint64_t>(row->reg) : ArrayRef<uint64_t>(), maxElements)};
}

int64_t mlir::ll::vectorRegister(const VectorShape &shape, int64_t base,
                                 int64_t e) {
  int64_t k = base;
  for (size_t i = 0; i < shape.bits.size(); ++i)
    if ((e >> i) & 1)
      k |= int64_t(1) << shape.bits[i];
  return k;
}

bool mlir::ll::isVectorBase(const VectorShape &shape, int64_t k) {
  for (int b : shape.bits)
    if ((k >> b) & 1)
      return false;
  return true;
}

AddressMap mlir::ll::addressMapOfColumns(ArrayRef<uint64_t> columns,
                                         int registerBits, int laneBits,
                                         int warpBits) {
  AddressMap map;
  size_t at = 0;
  for (int b = 0; b < registerBits; ++b)
    map.reg.push_back(columns[at++]);
  for (int b = 0; b < laneBits; ++b)
    map.lane.push_back(columns[at++]);
  for (int b = 0; b < warpBits; ++b)
    map.warp.push_back(columns[at++]);
  return map;
}

AddressMap mlir::ll::mapThroughCoordinates(
    const LinearLayout &layout,
    llvm::function_ref<uint64_t(ArrayRef<int64_t>)> project) {
  AddressMap map;
  auto fill = [&](StringRef name, SmallVector<uint64_t> &out) {
    std::optional<unsigned> dim = layout.getInDimIndex(name);
    if (!dim)
      return;
    for (int b = 0; b < layout.getInDimSizeLog2(name); ++b)
      out.push_back(project(layout.getBasis(*dim, b)));
  };
  fill(dims::kRegister, map.reg);
  fill(dims::kLane, map.lane);
  fill(dims::kWarp, map.warp);
  return map;
}

std::pair<AddressMap, std::optional<AddressMap>>
mlir::ll::globalAddressMaps(const LinearLayout &layout, ArrayRef<int64_t> shape,
                            bool hasRows) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int i = int(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  size_t first = hasRows ? 1 : 0;
  AddressMap col = mapThroughCoordinates(layout, [&](ArrayRef<int64_t> c) {
    uint64_t v = 0;
    for (size_t d = first; d < c.size(); ++d)
      v += uint64_t(c[d] * strides[d]);
    return v;
  });
  if (!hasRows)
    return {col, std::nullopt};
  AddressMap row = mapThroughCoordinates(
      layout, [](ArrayRef<int64_t> c) { return uint64_t(c[0]); });
  return {col, row};
}

/// The bytes of one L2 cache line (four 32-byte sectors).
static constexpr uint64_t kGlobalLineBytes = 128;
static constexpr uint64_t kGlobalSectorBytes = 32;

/// The bytes of an element of `bits`, a sub-byte element counted as one.
static uint64_t elementBytes(int bits) {
  return uint64_t(std::max(bits / 8, 1));
}

/// Whether an address column `c` (elements of `bytes`), with `rowBit` where
/// it also moves the row, takes the access to another 128-byte line (a row
/// is taken to start a line).
static bool leavesLine(uint64_t c, bool rowBit, uint64_t bytes) {
  return rowBit || c * bytes >= kGlobalLineBytes;
}

/// The most 128-byte lines, as bits, that the block's stores between two
/// barriers may span, and one warp's store instruction (one bit where it
/// writes at most 2 bytes to each line), for the partial writes to a sector
/// to merge in L1 (measured, docs/lowering.md "Store phases").
static constexpr int kMergedStoreLineBits = 3;
static constexpr int kMergedInstructionLineBits = 2;
static constexpr int kMergedNarrowInstructionLineBits = 1;
/// The most thread bits a store's line groups are taken apart on, and the
/// most store instructions the phases may make of one store.
static constexpr int kMaxStorePhaseBits = 5;
static constexpr int64_t kMaxPhasedStores = 4096;

/// How many thread bits a store of `stores` instructions (at least one
/// counted) may be taken apart on: each doubles its instructions.
static int maxPhaseBits(int64_t stores) {
  int bits = kMaxStorePhaseBits;
  while (bits > 0 && (std::max<int64_t>(stores, 1) << bits) > kMaxPhasedStores)
    --bits;
  return bits;
}

/// The lanes of a store through `col` (and `row`) that move it to another
/// 128-byte line, from the highest; the byte offsets of the other lanes
/// that move it go to `inLine`.
static SmallVector<int>
lineLanesHighestFirst(const AddressMap &col, const AddressMap *row,
                      uint64_t bytes, SmallVectorImpl<uint64_t> &inLine) {
  SmallVector<int> lineLanes;
  for (int l = int(col.lane.size()) - 1; l >= 0; --l) {
    if (leavesLine(col.lane[size_t(l)], row && row->lane[size_t(l)], bytes))
      lineLanes.push_back(l);
    else if (col.lane[size_t(l)])
      inLine.push_back(col.lane[size_t(l)] * bytes);
  }
  return lineLanes;
}

std::optional<StorePhases>
mlir::ll::mergedStorePhases(const AddressMap &col, const AddressMap *row,
                            int bits, int64_t vectorElements, int64_t stores) {
  // Sub-byte elements count as bytes: what matters is how many lines and
  // how many bytes of each an instruction touches, at least one.
  uint64_t bytes = elementBytes(bits);
  bool sharedSectors = false;
  for (auto [w, c] : llvm::enumerate(col.warp))
    sharedSectors |= c && c * bytes < 32 && !(row && row->warp[w]);
  if (!sharedSectors)
    return std::nullopt;
  // The thread bits that move the store to other lines, in the order they
  // stay within a phase: lane bits from the highest, then warp bits from the
  // highest (the low lane bits taken apart merged more). The bytes one
  // instruction writes to each of its lines: its vector, times the lanes
  // that stay within a line.
  SmallVector<uint64_t> inLine;
  SmallVector<int> lineLanes = lineLanesHighestFirst(col, row, bytes, inLine);
  uint64_t bytesPerLine = (bytes * uint64_t(vectorElements)) << inLine.size();
  SmallVector<int> lineWarps;
  for (int w = int(col.warp.size()) - 1; w >= 0; --w)
    if (leavesLine(col.warp[size_t(w)], row && row->warp[size_t(w)], bytes))
      lineWarps.push_back(w);
  int keptLanes = std::min(int(lineLanes.size()),
                           bytesPerLine <= 2 ? kMergedNarrowInstructionLineBits
                                             : kMergedInstructionLineBits);
  int keptWarps =
      std::min(int(lineWarps.size()), kMergedStoreLineBits - keptLanes);
  // Each bit taken apart doubles the store instructions: at most
  // kMaxStorePhaseBits of them and kMaxPhasedStores instructions, the warp
  // bits kept first, then the high lane bits.
  int maxSplit = maxPhaseBits(stores);
  int splitLanes = std::min(int(lineLanes.size()) - keptLanes, maxSplit);
  int splitWarps =
      std::min(int(lineWarps.size()) - keptWarps, maxSplit - splitLanes);
  StorePhases phases;
  for (int l : ArrayRef(lineLanes).take_back(splitLanes))
    phases.lanes |= uint64_t(1) << l;
  for (int w : ArrayRef(lineWarps).take_back(splitWarps))
    phases.warps |= uint64_t(1) << w;
  return phases;
}

/// The most 32-byte sectors one instruction of a warp's store phase writes
/// (measured, docs/lowering.md "Warp phases"): 4, or 2 where each lane
/// writes at most 2 bytes and the instruction at most 8 to each line.
static constexpr int kWarpPhaseSectors = 4;
static constexpr int kWarpPhaseNarrowSectors = 2;
static constexpr uint64_t kWarpPhaseNarrowLaneBytes = 2;
static constexpr uint64_t kWarpPhaseNarrowLineBytes = 8;
/// The fewest whole sectors of each line one instruction of a block of at
/// most 2^kFewWarpsBits warps writes for its store to take no warp phases.
static constexpr int64_t kFewWarpsWholeSectorsPerLine = 2;
static constexpr size_t kFewWarpsBits = 1;

StorePhases mlir::ll::warpStorePhases(const AddressMap &col,
                                      const AddressMap *row, int bits,
                                      int64_t vectorElements, int64_t stores) {
  uint64_t bytes = elementBytes(bits);
  // The lanes that move the store to other lines, from the highest (the low
  // ones are taken apart first), and the bytes of a line one instruction
  // writes: its vector at every sum of the other lanes' offsets (a line
  // taken to start at a line boundary).
  SmallVector<uint64_t> inLine;
  SmallVector<int> lineLanes = lineLanesHighestFirst(col, row, bytes, inLine);
  uint64_t vectorBytes = bytes * uint64_t(vectorElements);
  std::bitset<kGlobalLineBytes> written;
  for (uint64_t subset = 0; subset < (uint64_t(1) << inLine.size()); ++subset) {
    uint64_t offset = 0;
    for (auto [i, c] : llvm::enumerate(inLine))
      if ((subset >> i) & 1)
        offset += c;
    for (uint64_t b = offset; b < offset + vectorBytes; ++b)
      written.set(b % kGlobalLineBytes);
  }
  // An instruction that writes whole lines leaves nothing to merge.
  if (written.all())
    return {};
  int64_t sectorsPerLine = 0;
  bool halfSectors = true, wholeSectors = true;
  for (uint64_t s = 0; s < kGlobalLineBytes; s += kGlobalSectorBytes) {
    uint64_t sectorBytes = 0;
    for (uint64_t b = s; b < s + kGlobalSectorBytes; ++b)
      sectorBytes += written.test(b);
    sectorsPerLine += sectorBytes != 0;
    halfSectors &= !sectorBytes || 2 * sectorBytes >= kGlobalSectorBytes;
    wholeSectors &= !sectorBytes || sectorBytes == kGlobalSectorBytes;
  }
  // A block of one or two warps whose instruction writes whole sectors, two
  // or more to each line, keeps its lines together: its phases measured
  // slower (docs/lowering.md, "Warp phases", *Few warps, whole sectors*).
  if (col.warp.size() <= kFewWarpsBits && wholeSectors &&
      sectorsPerLine >= kFewWarpsWholeSectorsPerLine)
    return {};
  bool narrow = vectorBytes <= kWarpPhaseNarrowLaneBytes &&
                written.count() <= kWarpPhaseNarrowLineBytes;
  int maxSectors = narrow ? kWarpPhaseNarrowSectors : kWarpPhaseSectors;
  int kept = 0;
  while (kept < int(lineLanes.size()) &&
         (sectorsPerLine << (kept + 1)) <= maxSectors)
    ++kept;
  // Where an instruction writes at least half of each sector it touches,
  // it may span two lines: taking those apart measured only slower
  // (docs/lowering.md, "Warp phases").
  if (halfSectors)
    kept = std::max(kept, std::min(int(lineLanes.size()), 1));
  int split = std::min(int(lineLanes.size()) - kept, maxPhaseBits(stores));
  StorePhases phases;
  for (int l : ArrayRef(lineLanes).take_back(split))
    phases.lanes |= uint64_t(1) << l;
  return phases;
}

/// Sorts the registers `order` so that those whose accesses fall within one
/// 128-byte line follow each other: the register bits that move within a
/// line (no row, a column offset below 128 bytes) go innermost, the others
/// keep the register order. Returns those line bits.
uint64_t mlir::ll::sortInLineOrder(SmallVectorImpl<int64_t> &order,
                                   const AddressMap &col, const AddressMap *row,
                                   int bits) {
  uint64_t lineBits = 0;
  for (auto [b, c] : llvm::enumerate(col.reg))
    if (c && !leavesLine(c, row && row->reg[b], elementBytes(bits)))
      lineBits |= uint64_t(1) << b;
  auto lineOrder = [&](int64_t k) {
    return std::make_pair(uint64_t(k) & ~lineBits, uint64_t(k) & lineBits);
  };
  llvm::stable_sort(
      order, [&](int64_t a, int64_t b) { return lineOrder(a) < lineOrder(b); });
  return lineBits;
}

/// The (row, column) offsets of register k's address: row(k), and col(k)
/// with its register part masked by `offsetMask`.
std::pair<uint64_t, uint64_t> mlir::ll::registerOffsets(const AddressMap &col,
                                                        const AddressMap *row,
                                                        uint64_t offsetMask,
                                                        int64_t k) {
  return {row ? row->registerValue(uint64_t(k)) : 0,
          col.registerValue(uint64_t(k)) & offsetMask};
}

/// The register bits whose addresses no duplicate register (same address,
/// which storeRegisters stores once) reaches through them: Gaussian
/// elimination over F2 of the (row, column) register offsets, each with the
/// register bits it combines; the bits of a combination that vanishes are
/// tied.
static uint64_t tiedRegisterBits(const AddressMap &col, const AddressMap *row,
                                 const VectorShape &vec, uint64_t offsetMask) {
  struct Column {
    uint64_t row, col, bits;
  };
  uint64_t tied = 0;
  SmallVector<Column> basis;
  for (int b = 0; b < int(col.reg.size()); ++b) {
    if (llvm::is_contained(vec.bits, b))
      continue;
    Column c{row ? row->reg[b] : 0, col.reg[b] & offsetMask, uint64_t(1) << b};
    // Each element's pivot is its leading row bit, else its leading column
    // bit; later elements are zero at earlier pivots.
    for (const Column &p : basis) {
      bool reduce = p.row ? (c.row >> llvm::Log2_64(p.row)) & 1
                          : (c.col >> llvm::Log2_64(p.col)) & 1;
      if (reduce) {
        c.row ^= p.row;
        c.col ^= p.col;
        c.bits ^= p.bits;
      }
    }
    if (c.row || c.col)
      basis.push_back(c);
    else
      tied |= c.bits;
  }
  return tied;
}

/// Warps that hold the same registers at the same addresses (a free warp
/// bit that moves no address, e.g. a dot operand replicated over the
/// warps) split the stores instead of leaving them to one warp: warp bit w
/// is paired with a register bit r that moves the address, and a warp
/// stores the registers whose bit r equals its bit w. Each element is still
/// stored once, and each of the 2^m warps issues 1/2^m of the stores
/// (docs/lowering.md, "Broadcast stores"). The (warp bit, register bit)
/// pairs, register bits in the order `preference` gives.
static SmallVector<std::pair<int, int>>
splitOverWarps(const AddressMap &col, const AddressMap *row,
               const VectorShape &vec, uint64_t offsetMask, uint64_t freeWarps,
               ArrayRef<int> preference, ArrayRef<int64_t> order,
               llvm::function_ref<std::pair<uint64_t, uint64_t>(int64_t)>
                   registerAddress) {
  // A tied register bit would let two warps store one element.
  uint64_t tied = tiedRegisterBits(col, row, vec, offsetMask);
  SmallVector<int> pairable;
  for (int b : preference)
    if (!llvm::is_contained(vec.bits, b) && !((tied >> b) & 1) &&
        (col.reg[b] || (row && row->reg[b])))
      pairable.push_back(b);
  // A split costs each warp a compare and a branch per subset and the
  // thread part of the addresses again: it is taken only while every warp
  // keeps at least kMinSplitStores stores (16 stores split 4 ways lost 20%;
  // 32 and 64 split into 8 per warp gained 28-31%).
  constexpr int64_t kMinSplitStores = 8;
  llvm::DenseSet<std::pair<uint64_t, uint64_t>> distinct;
  for (int64_t k : order)
    distinct.insert(registerAddress(k));
  int64_t stores = int64_t(distinct.size());
  SmallVector<std::pair<int, int>> split;
  for (int w = int(col.warp.size()) - 1;
       w >= 0 && split.size() < pairable.size() &&
       (stores >> (split.size() + 1)) >= kMinSplitStores;
       --w)
    if (((freeWarps >> w) & 1) && col.warp[w] == 0 && !(row && row->warp[w]))
      split.push_back({w, pairable[split.size()]});
  return split;
}

StoreSchedule mlir::ll::scheduleStores(
    const AddressMap &col, const AddressMap *row, int bits, int64_t maxVector,
    uint64_t freeWarps, llvm::function_ref<bool(int64_t)> keep,
    uint64_t offsetMask, StoreOrder storeOrder, uint64_t pairLast) {
  StoreSchedule schedule;
  schedule.vec = findVector(col, row, maxVector);
  const VectorShape &vec = schedule.vec;
  SmallVector<int64_t> &order = schedule.order;
  for (int64_t k = 0; k < (int64_t(1) << col.reg.size()); ++k)
    if (isVectorBase(vec, k) && keep(k))
      order.push_back(k);
  auto registerAddress = [&](int64_t k) {
    return registerOffsets(col, row, offsetMask, k);
  };
  // The register bits in the order they pair: those of pairLast after all
  // others; within each, the bits that leave a line first (each warp's
  // share keeps whole lines), outermost first in the store order.
  SmallVector<int> pairOrder;
  uint64_t lineBits = 0;
  if (storeOrder == StoreOrder::Lines) {
    lineBits = sortInLineOrder(order, col, row, bits);
  } else if (storeOrder == StoreOrder::SharedBases && !row && !col.additive()) {
    // A store to another base may alias, so a pair from one base is fused
    // only when no such store lies between them.
    uint64_t swizzleBits = col.threadMask() & offsetMask;
    auto baseOf = [&](int64_t k) {
      return col.registerValue(uint64_t(k)) & swizzleBits;
    };
    llvm::stable_sort(
        order, [&](int64_t a, int64_t b) { return baseOf(a) < baseOf(b); });
  }
  for (bool last : {false, true})
    for (bool inLine : {false, true})
      for (int b = int(col.reg.size()) - 1; b >= 0; --b)
        if (bool((lineBits >> b) & 1) == inLine &&
            bool((pairLast >> b) & 1) == last)
          pairOrder.push_back(b);
  schedule.split = splitOverWarps(col, row, vec, offsetMask, freeWarps,
                                  pairOrder, order, registerAddress);
  schedule.lineBits = lineBits;
  return schedule;
}

uint64_t mlir::ll::repeatedWarpBits(const LinearLayout &layout) {
  std::optional<unsigned> warp = layout.getInDimIndex(dims::kWarp);
  if (!warp)
    return 0;
  uint64_t free = layout.getFreeVariableMask(dims::kWarp);
  int first = layout.getInDimBitOffset(*warp);
  for (int b = 0; b < layout.getInDimSizeLog2(dims::kWarp); ++b)
    if (((free >> b) & 1) && layout.getColumns()[size_t(first + b)] != 0)
      return 0;
  return free;
}

uint64_t mlir::ll::loadInstructionRegisterBits(const AddressMap &load,
                                               ArrayRef<int> matrixBits,
                                               int64_t maxElements) {
  uint64_t mask = 0;
  if (!matrixBits.empty()) {
    for (int b : matrixBits)
      if (b >= 0)
        mask |= uint64_t(1) << b;
    return mask;
  }
  for (int b : findVector(load, nullptr, maxElements).bits)
    mask |= uint64_t(1) << b;
  return mask;
}

OwnerLoads mlir::ll::shareOwnerLoads(const AddressMap &load, int scratchBits,
                                     uint64_t instructionRegisterBits,
                                     const AddressMap &storeCol,
                                     const AddressMap *storeRow, int bits,
                                     uint64_t repeated) {
  // A pair whose register bit a load instruction spans halves no warp's
  // loads: such bits are paired last.
  StoreSchedule schedule = scheduleStores(
      storeCol, storeRow, bits, 128 / bits, repeated,
      [](int64_t) { return true; }, ~uint64_t(0), StoreOrder::Lines,
      instructionRegisterBits);
  OwnerLoads owners;
  owners.vectorAcrossRounds = llvm::any_of(schedule.vec.bits, [&](int b) {
    return scratchBits >= 0 && (load.reg[size_t(b)] >> scratchBits) != 0;
  });
  owners.warps = repeated;
  for (auto [warpBit, registerBit] : schedule.split) {
    if ((instructionRegisterBits >> registerBit) & 1)
      owners.warps &= ~(uint64_t(1) << warpBit);
    else
      owners.loadShares.push_back({warpBit, registerBit});
  }
  owners.storeShares = std::move(schedule.split);
  return owners;
}
