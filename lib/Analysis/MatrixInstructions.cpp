//===- MatrixInstructions.cpp - ldmatrix/stmatrix as access views ---------===//

#include "LinearLayout/Analysis/MatrixInstructions.h"

using namespace mlir::ll;

std::string mlir::ll::sharedInstructionName(SharedInstruction kind,
                                            bool store) {
  switch (kind) {
  case SharedInstruction::Vector:
    return store ? "st.shared" : "ld.shared";
  case SharedInstruction::Matrix:
    return store ? "stmatrix" : "ldmatrix";
  case SharedInstruction::MatrixTrans:
    return store ? "stmatrix.trans" : "ldmatrix.trans";
  }
  return "?";
}

std::optional<std::pair<DistributedColumns, MatrixTile>>
mlir::ll::matrixView(const DistributedColumns &layout, int elementBits,
                     bool trans, bool store, const F2Subspace *contiguousIn) {
  if (elementBits != 16 && ((elementBits != 32 && elementBits != 8) || trans))
    return std::nullopt;
  if (layout.bits(HwDim::Lane) != 5)
    return std::nullopt;
  // Every lane takes part: on a store none may be predicated off.
  if (store && layout.free(HwDim::Lane))
    return std::nullopt;
  llvm::ArrayRef<uint64_t> lanes = layout.get(HwDim::Lane);
  llvm::ArrayRef<uint64_t> regs = layout.get(HwDim::Register);
  uint64_t regFree = layout.free(HwDim::Register);
  llvm::SmallVector<int, 8> usable;
  for (int r = 0; r < layout.bits(HwDim::Register); ++r)
    if (!(regFree >> r & 1))
      usable.push_back(r);
  // Register bits packed into one 32-bit word: the pair (16-bit), the
  // pair and the quad (8-bit).
  int packed = elementBits == 16 ? 1 : elementBits == 8 ? 2 : 0;
  bool needPair = packed > 0;
  if (int(usable.size()) < packed + 2)
    return std::nullopt;

  auto fits = [&](llvm::ArrayRef<uint64_t> contiguous) {
    if (!contiguousIn)
      return true;
    for (uint64_t c : contiguous)
      if (!contiguousIn->contains(c))
        return false;
    return true;
  };

  int pairs = needPair ? int(usable.size()) : 1;
  int quads = packed == 2 ? int(usable.size()) : 1;
  for (int index = 0; index < pairs * quads; ++index) {
    int pairIndex = index / quads, quadIndex = index % quads;
    if (packed == 2 && quadIndex == pairIndex)
      continue;
    MatrixTile tile;
    tile.kind =
        trans ? SharedInstruction::MatrixTrans : SharedInstruction::Matrix;
    F2Vectors contiguous, rows;
    if (packed == 2) {
      tile.pairRegister = usable[pairIndex];
      tile.quadRegister = usable[quadIndex];
      contiguous = {regs[tile.pairRegister], regs[tile.quadRegister], lanes[0],
                    lanes[1]};
      rows = {lanes[2], lanes[3], lanes[4]};
    } else if (needPair) {
      tile.pairRegister = usable[pairIndex];
      uint64_t pair = regs[tile.pairRegister];
      if (trans) {
        contiguous = {lanes[2], lanes[3], lanes[4]};
        rows = {pair, lanes[0], lanes[1]};
      } else {
        contiguous = {pair, lanes[0], lanes[1]};
        rows = {lanes[2], lanes[3], lanes[4]};
      }
    } else {
      contiguous = {lanes[0], lanes[1]};
      rows = {lanes[2], lanes[3], lanes[4]};
    }
    if (!fits(contiguous))
      continue;
    int m = 0;
    for (int r : usable)
      if (r != tile.pairRegister && r != tile.quadRegister && m < 2)
        tile.matrixRegisters[m++] = r;
    // The 16 contiguous bytes must be distinct elements. A load may repeat
    // rows or matrices (lanes give the same address: a broadcast); a store
    // may not (two lanes would write one row).
    F2Vectors tileColumns = contiguous;
    if (store) {
      tileColumns.append(rows.begin(), rows.end());
      tileColumns.push_back(regs[tile.matrixRegisters[0]]);
      tileColumns.push_back(regs[tile.matrixRegisters[1]]);
    }
    if (F2Subspace(tileColumns).dim() != int(tileColumns.size()))
      continue;

    DistributedColumns view;
    view.outDims = layout.outDims;
    view.columns[int(HwDim::Register)] = contiguous;
    for (int r = 0; r < layout.bits(HwDim::Register); ++r)
      if (r != tile.pairRegister && r != tile.quadRegister &&
          r != tile.matrixRegisters[0] && r != tile.matrixRegisters[1])
        view.columns[int(HwDim::Register)].push_back(regs[r]);
    view.columns[int(HwDim::Lane)] = rows;
    view.columns[int(HwDim::Lane)].push_back(regs[tile.matrixRegisters[0]]);
    view.columns[int(HwDim::Lane)].push_back(regs[tile.matrixRegisters[1]]);
    view.columns[int(HwDim::Warp)] = layout.columns[int(HwDim::Warp)];
    view.columns[int(HwDim::Block)] = layout.columns[int(HwDim::Block)];
    F2Subspace seen;
    for (int d = 0; d < kNumHwDims; ++d)
      for (auto [i, v] : llvm::enumerate(view.columns[d]))
        if (!seen.add(v))
          view.freeMask[d] |= uint64_t(1) << i;
    return std::make_pair(std::move(view), tile);
  }
  return std::nullopt;
}
