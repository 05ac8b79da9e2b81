//===- ShuffleRegisterOrder.cpp - Select-free shuffle layouts -------------===//

#include "LinearLayout/Analysis/ShuffleRegisterOrder.h"
#include "LinearLayout/Core/DimNames.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir::ll;

namespace {
/// Flat-input helpers for a layout over (register, lane, warp, block).
struct HardwareInputs {
  const LinearLayout &layout;
  int regOffset = -1, laneOffset = -1;
  int regBits = 0, laneBits = 0;

  explicit HardwareInputs(const LinearLayout &layout) : layout(layout) {
    if (auto r = layout.getInDimIndex(dims::kRegister)) {
      regOffset = layout.getInDimBitOffset(*r);
      regBits = layout.getInDims()[*r].log2Size;
    }
    if (auto l = layout.getInDimIndex(dims::kLane)) {
      laneOffset = layout.getInDimBitOffset(*l);
      laneBits = layout.getInDims()[*l].log2Size;
    }
  }
  bool valid() const { return regOffset >= 0 && laneOffset >= 0; }
  /// The element (flat output) at register `reg` of lane `lane`, warp 0.
  uint64_t element(uint64_t reg, uint64_t lane) const {
    return layout.applyFlat(reg << regOffset | lane << laneOffset);
  }
};
} // namespace

/// The layout equal to `like` except that register p of lane l holds
/// `element(p, l)`; none unless that is linear in (p, l).
template <typename ElementFn>
static std::optional<LinearLayout> reorderedLayout(const LinearLayout &like,
                                                   const HardwareInputs &in,
                                                   ElementFn element) {
  llvm::SmallVector<uint64_t, 16> columns(like.getColumns().begin(),
                                          like.getColumns().end());
  for (int b = 0; b < in.regBits; ++b)
    columns[in.regOffset + b] = element(uint64_t(1) << b, 0);
  for (int b = 0; b < in.laneBits; ++b)
    columns[in.laneOffset + b] = element(0, uint64_t(1) << b);
  // Linear iff every (p, l) is the XOR of its bits' images; element(0, 0)
  // must be 0 as well.
  for (uint64_t l = 0; l < (uint64_t(1) << in.laneBits); ++l)
    for (uint64_t p = 0; p < (uint64_t(1) << in.regBits); ++p) {
      uint64_t want = 0;
      for (int b = 0; b < in.regBits; ++b)
        if (p >> b & 1)
          want ^= columns[in.regOffset + b];
      for (int b = 0; b < in.laneBits; ++b)
        if (l >> b & 1)
          want ^= columns[in.laneOffset + b];
      if (element(p, l) != want)
        return std::nullopt;
    }
  auto layout = LinearLayout::getFromColumns(like.getInDims(),
                                             like.getOutDims(), columns);
  if (!layout) {
    llvm::consumeError(layout.takeError());
    return std::nullopt;
  }
  return std::move(*layout);
}

std::optional<NaturalShuffleLayouts>
mlir::ll::getNaturalShuffleLayouts(const WarpShufflePlan &plan,
                                   const LinearLayout &src,
                                   const LinearLayout &dst) {
  HardwareInputs a(src), b(dst);
  if (!a.valid() || !b.valid() || plan.rounds <= 0 || plan.sendRegister.empty())
    return std::nullopt;
  int64_t slots = int64_t(plan.sendRegister.front().front().size());
  int roundBits = llvm::Log2_64(uint64_t(plan.rounds));
  int slotBits = llvm::Log2_64(uint64_t(slots));
  // Register (k, j) = j | k << slotBits must number A's and B's registers.
  if (roundBits + slotBits != a.regBits || a.regBits != b.regBits ||
      a.laneBits != b.laneBits || (int64_t(1) << a.laneBits) != plan.lanes)
    return std::nullopt;
  for (const auto &round : plan.sendRegister)
    for (const auto &lane : round)
      for (int32_t reg : lane)
        if (reg < 0)
          return std::nullopt;
  for (const auto &round : plan.srcLane)
    for (int32_t lane : round)
      if (lane < 0)
        return std::nullopt;

  uint64_t slotMask = uint64_t(slots) - 1;
  auto sent = [&](uint64_t p, uint64_t lane) {
    uint64_t k = p >> slotBits, j = p & slotMask;
    return a.element(uint64_t(plan.sendRegister[k][lane][j]), lane);
  };
  auto received = [&](uint64_t p, uint64_t lane) {
    uint64_t k = p >> slotBits;
    return sent(p, uint64_t(plan.srcLane[k][lane]));
  };
  auto naturalSrc = reorderedLayout(src, a, sent);
  auto naturalDst = reorderedLayout(dst, b, received);
  if (!naturalSrc || !naturalDst)
    return std::nullopt;
  return NaturalShuffleLayouts{std::move(*naturalSrc), std::move(*naturalDst)};
}
