//===- TileVector.cpp - Widest aligned vectors of a thread's access -------===//

#include "LinearLayout/Analysis/TileVector.h"
#include "LinearLayout/Core/DimNames.h"

#include "llvm/ADT/STLExtras.h"

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

int64_t mlir::ll::tileVectorElements(const LinearLayout &layout,
                                     int elementBits, bool hasRows,
                                     int maxBits) {
  auto regIndex = layout.getInDimIndex(dims::kRegister);
  if (!regIndex || elementBits <= 0)
    return 1;
  llvm::ArrayRef<LayoutDim> outs = layout.getOutDims();
  size_t first = hasRows && !outs.empty() ? 1 : 0;
  // The element offset within the row (row-major over dims first..) and the
  // row (dim 0) of one column.
  auto offsetOf = [&](uint64_t flat) {
    llvm::SmallVector<int64_t> coords = layout.unflattenOut(flat);
    uint64_t offset = 0;
    for (size_t d = first; d < outs.size(); ++d)
      offset = offset << outs[d].log2Size | uint64_t(coords[d]);
    return offset;
  };
  auto rowOf = [&](uint64_t flat) {
    return uint64_t(layout.unflattenOut(flat).front());
  };
  int regBegin = layout.getInDimBitOffset(*regIndex);
  int regEnd = regBegin + layout.getInDims()[*regIndex].log2Size;
  llvm::SmallVector<uint64_t> regs, threads, rows;
  for (auto [i, column] : llvm::enumerate(layout.getColumns())) {
    bool isReg = int(i) >= regBegin && int(i) < regEnd;
    (isReg ? regs : threads).push_back(offsetOf(column));
    if (isReg && first == 1)
      rows.push_back(rowOf(column));
  }
  int64_t maxElements = std::max(1, maxBits / elementBits);
  return int64_t(1)
         << findAlignedVector(regs, threads, rows, maxElements).size();
}
