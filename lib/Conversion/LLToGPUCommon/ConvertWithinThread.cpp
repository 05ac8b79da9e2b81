//===- ConvertWithinThread.cpp - Conversions by register moves ------------===//
//
// A conversion that keeps every element in its thread (ConversionKind::
// Registers) renames registers; where the source register also depends on
// a few lane bits (a layout that permutes lanes' registers differently),
// each result register is a tree of selects on those bits.
//
//===----------------------------------------------------------------------===//

#include "ConversionLowering.h"

#include "LinearLayout/Core/DimNames.h"

namespace mlir::ll::lowering {

std::optional<RegistersLowering>
decideWithinThread(const LinearLayout &registerMap, const ThreadLayout &dst) {
  // Register moves: result register r of lane l copies source register
  // map(r) ^ XOR of the lane columns of the set bits of l (the map is
  // linear). Thread-independent sources are SSA renames; sources that
  // depend on a few lane bits take a tree of selects (ConversionCost.h; the
  // planner sends the others through shared memory).
  ArrayRef<uint64_t> cols = registerMap.getColumns();
  int regBits = registerMap.getInDimSizeLog2(dims::kRegister);
  std::optional<SmallVector<int>> laneBits =
      ConversionCost::selectLaneBits(registerMap);
  if (regBits != dst.registerBits || !laneBits)
    return std::nullopt;
  const SmallVector<int> &bitsUsed = *laneBits;
  RegistersLowering lowering;
  for (int64_t r = 0; r < dst.numRegisters(); ++r) {
    LaneMux mux;
    mux.bits = bitsUsed;
    uint64_t base = registerMap.applyFlat(uint64_t(r));
    for (size_t combo = 0; combo < (size_t(1) << bitsUsed.size()); ++combo) {
      uint64_t v = base;
      for (size_t i = 0; i < bitsUsed.size(); ++i)
        if ((combo >> i) & 1)
          v ^= cols[regBits + bitsUsed[i]];
      mux.values.push_back(int64_t(v));
    }
    lowering.receive.push_back(std::move(mux));
  }
  return lowering;
}

SmallVector<Value> lowerWithinThread(Emitter &em, const GPUTargetHooks &hooks,
                                     const RegistersLowering &lowering,
                                     ArrayRef<Value> in) {
  int64_t count = int64_t(lowering.receive.size());
  SmallVector<Value> out(count);
  Value lane;
  auto source = [&](int64_t r) { return in[r]; };
  // Sub-word elements: the result registers of one 32-bit word whose
  // choices are the slots of source words, in order, select whole words
  // (selectWordsByLane: one select per word where element by element it
  // took a select per element and a repacking).
  unsigned bits =
      in.empty() ? 32 : in.front().getType().getIntOrFloatBitWidth();
  int64_t slots = bits < 32 ? 32 / bits : 1;
  for (int64_t r = 0; slots > 1 && r + slots <= count; r += slots) {
    const LaneMux &head = lowering.receive[r];
    if (head.bits.empty())
      continue;
    SmallVector<const LaneMux *> slotMuxes;
    bool words = true;
    for (int64_t j = 0; j < slots && words; ++j) {
      const LaneMux &mux = lowering.receive[r + j];
      words = mux.bits == head.bits;
      for (size_t c = 0; words && c < mux.values.size(); ++c)
        words =
            head.values[c] % slots == 0 && mux.values[c] == head.values[c] + j;
      slotMuxes.push_back(&mux);
    }
    if (!words)
      continue;
    if (!lane)
      lane = em.laneAndWarp(hooks).first;
    if (std::optional<Value> word =
            selectWordsByLane(em, slotMuxes, lane, source))
      for (auto [j, e] :
           llvm::enumerate(em.elementsOf(*word, in.front().getType(), slots)))
        out[r + int64_t(j)] = e;
  }
  for (auto [r, mux] : llvm::enumerate(lowering.receive)) {
    if (out[r])
      continue;
    if (!mux.bits.empty() && !lane)
      lane = em.laneAndWarp(hooks).first;
    out[r] = selectByLane(em, mux, lane, source);
  }
  return out;
}

} // namespace mlir::ll::lowering
