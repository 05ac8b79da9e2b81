//===- TileVector.cpp - Widest aligned vectors of a thread's access -------===//

#include "LinearLayout/Analysis/TileVector.h"
#include "LinearLayout/Core/DimNames.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace mlir::ll;

llvm::SmallVector<int> mlir::ll::findAlignedVector(
    llvm::ArrayRef<uint64_t> regOffsets, llvm::ArrayRef<uint64_t> threadOffsets,
    llvm::ArrayRef<uint64_t> regRows, int64_t maxElements) {
  llvm::SmallVector<int> bits;
  for (int i = 0; (int64_t(2) << i) <= maxElements; ++i) {
    int found = -1;
    for (int b = 0; b < int(regOffsets.size()); ++b) {
      if (llvm::is_contained(bits, b) || regOffsets[b] != (uint64_t(1) << i))
        continue;
      if (!regRows.empty() && regRows[b] != 0)
        continue;
      found = b;
      break;
    }
    if (found < 0)
      break;
    uint64_t low = (uint64_t(2) << i) - 1;
    bool aligned = true;
    for (int b = 0; b < int(regOffsets.size()); ++b)
      if (b != found && !llvm::is_contained(bits, b) && (regOffsets[b] & low))
        aligned = false;
    for (uint64_t c : threadOffsets)
      aligned &= (c & low) == 0;
    if (!aligned)
      break;
    bits.push_back(found);
  }
  return bits;
}

namespace {
/// A layout's register and thread columns as tile offsets (row-major over
/// the output dimensions, from dim 1 with rows) and rows (dim 0).
struct TileColumns {
  llvm::SmallVector<uint64_t> regs, regRows, lanes, laneRows, others;
};
} // namespace

static std::optional<TileColumns> tileColumns(const LinearLayout &layout,
                                              bool hasRows) {
  auto regIndex = layout.getInDimIndex(dims::kRegister);
  if (!regIndex)
    return std::nullopt;
  auto laneIndex = layout.getInDimIndex(dims::kLane);
  llvm::ArrayRef<LayoutDim> outs = layout.getOutDims();
  size_t first = hasRows && !outs.empty() ? 1 : 0;
  auto offsetOf = [&](uint64_t flat) {
    llvm::SmallVector<int64_t> coords = layout.unflattenOut(flat);
    uint64_t offset = 0;
    for (size_t d = first; d < outs.size(); ++d)
      offset = offset << outs[d].log2Size | uint64_t(coords[d]);
    return offset;
  };
  auto rowOf = [&](uint64_t flat) {
    return first ? uint64_t(layout.unflattenOut(flat).front()) : 0;
  };
  auto range = [&](std::optional<unsigned> index) {
    if (!index)
      return std::pair<int, int>(0, 0);
    int begin = layout.getInDimBitOffset(*index);
    return std::pair<int, int>(begin,
                               begin + layout.getInDims()[*index].log2Size);
  };
  auto [regBegin, regEnd] = range(regIndex);
  auto [laneBegin, laneEnd] = range(laneIndex);
  TileColumns cols;
  for (auto [i, column] : llvm::enumerate(layout.getColumns())) {
    int bit = int(i);
    if (bit >= regBegin && bit < regEnd) {
      cols.regs.push_back(offsetOf(column));
      cols.regRows.push_back(rowOf(column));
    } else if (bit >= laneBegin && bit < laneEnd) {
      cols.lanes.push_back(offsetOf(column));
      cols.laneRows.push_back(rowOf(column));
    } else {
      cols.others.push_back(offsetOf(column));
    }
  }
  if (!first)
    cols.regRows.clear();
  return cols;
}

/// The register bits of the tile access's vectors (findAlignedVector).
static llvm::SmallVector<int> vectorBits(const TileColumns &cols,
                                         int elementBits, int maxBits) {
  llvm::SmallVector<uint64_t> threads(cols.lanes);
  threads.append(cols.others);
  int64_t maxElements = std::max(1, maxBits / elementBits);
  return findAlignedVector(cols.regs, threads, cols.regRows, maxElements);
}

int64_t mlir::ll::tileFootprintPerWarp(const LinearLayout &layout,
                                       int elementBits, bool hasRows,
                                       int64_t unitBytes, int maxBits) {
  std::optional<TileColumns> cols = tileColumns(layout, hasRows);
  if (!cols || elementBits <= 0 || elementBits % 8 || unitBytes <= 0 ||
      cols->regs.size() > size_t(kMaxFootprintRegisterBits))
    return 0;
  llvm::SmallVector<int> vector = vectorBits(*cols, elementBits, maxBits);
  uint64_t bytes = uint64_t(elementBits / 8);
  auto combine = [](llvm::ArrayRef<uint64_t> columns, uint64_t select) {
    uint64_t v = 0;
    for (size_t b = 0; b < columns.size(); ++b)
      if ((select >> b) & 1)
        v ^= columns[b];
    return v;
  };
  llvm::SmallVector<uint64_t> regRows(cols->regs.size(), 0);
  if (!cols->regRows.empty())
    regRows = cols->regRows;
  llvm::SmallVector<uint64_t> laneRows(cols->laneRows);
  llvm::DenseSet<std::pair<uint64_t, uint64_t>> instructions;
  int64_t total = 0;
  uint64_t vectorMask = 0;
  for (int b : vector)
    vectorMask |= uint64_t(1) << b;
  for (uint64_t k = 0; k < (uint64_t(1) << cols->regs.size()); ++k) {
    if (k & vectorMask)
      continue;
    uint64_t offset = combine(cols->regs, k), row = combine(regRows, k);
    if (!instructions.insert({row, offset}).second)
      continue;
    llvm::DenseSet<std::pair<uint64_t, uint64_t>> units;
    for (uint64_t l = 0; l < (uint64_t(1) << cols->lanes.size()); ++l)
      units.insert(
          {row ^ combine(laneRows, l),
           ((offset ^ combine(cols->lanes, l)) * bytes) / uint64_t(unitBytes)});
    total += int64_t(units.size());
  }
  return total;
}

int64_t mlir::ll::tileVectorElements(const LinearLayout &layout,
                                     int elementBits, bool hasRows,
                                     int maxBits) {
  std::optional<TileColumns> cols = tileColumns(layout, hasRows);
  if (!cols || elementBits <= 0)
    return 1;
  return int64_t(1) << vectorBits(*cols, elementBits, maxBits).size();
}
