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
  SmallVector<Value> out;
  Value lane;
  for (const LaneMux &mux : lowering.receive) {
    if (!mux.bits.empty() && !lane)
      lane = em.laneAndWarp(hooks).first;
    out.push_back(
        selectByLane(em, mux, lane, [&](int64_t r) { return in[r]; }));
  }
  return out;
}

} // namespace mlir::ll::lowering
