//===- WarpShufflePlan.cpp - Intra-warp conversions by shuffles -----------===//

#include "LinearLayout/Analysis/WarpShufflePlan.h"
#include "LinearLayout/Core/Error.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir::ll;

/// Fills the per-round tables of `plan` (srcLane, sendRegister, dstRound,
/// dstSlot) once its bases are chosen; `coords` spans the warp's elements in
/// the coordinates (round bits, then vector slot bits, then the exchange).
static llvm::Error tabulate(WarpShufflePlan &plan,
                            const DistributedColumns &src,
                            const DistributedColumns &dst,
                            const F2Subspace &coords, int regBitsA,
                            int regBitsB) {
  int r = int(plan.roundBases.size()), v = int(plan.vec.size());
  // The lowest (lane, register) of A holding each element, and per lane the
  // lowest register holding an element.
  llvm::DenseMap<uint64_t, std::pair<int32_t, int32_t>> holder;
  std::vector<llvm::DenseMap<uint64_t, int32_t>> regOf(plan.lanes);
  for (int32_t lane = 0; lane < plan.lanes; ++lane)
    for (int32_t reg = 0; reg < (1 << regBitsA); ++reg) {
      uint64_t t = src.element(uint64_t(reg), uint64_t(lane), 0);
      holder.try_emplace(t, lane, reg);
      regOf[lane].try_emplace(t, reg);
    }

  plan.srcLane.assign(plan.rounds, std::vector<int32_t>(plan.lanes, -1));
  plan.sendRegister.assign(plan.rounds,
                           std::vector<std::vector<int32_t>>(
                               plan.lanes, std::vector<int32_t>(1 << v, -1)));
  plan.dstRound.assign(1 << regBitsB, std::vector<int32_t>(plan.lanes, -1));
  plan.dstSlot.assign(1 << regBitsB, std::vector<int32_t>(plan.lanes, -1));
  uint64_t roundMask = (uint64_t(1) << r) - 1,
           slotMask = (uint64_t(1) << v) - 1;
  for (int32_t lane = 0; lane < plan.lanes; ++lane)
    for (int32_t reg = 0; reg < (1 << regBitsB); ++reg) {
      uint64_t t = dst.element(uint64_t(reg), uint64_t(lane), 0);
      std::optional<uint64_t> c = coords.coordinates(t);
      auto it = holder.find(t);
      if (!c || it == holder.end())
        return makeError(
            "internal error: an element of dst is not in src's warp");
      int32_t k = int32_t(*c & roundMask), j = int32_t((*c >> r) & slotMask);
      int32_t source = it->second.first;
      int32_t &chosen = plan.srcLane[k][lane];
      if (chosen >= 0 && chosen != source)
        return makeError("internal error: a lane reads two lanes in one round");
      chosen = source;
      uint64_t base = t;
      for (int i = 0; i < v; ++i)
        if (j >> i & 1)
          base ^= plan.vec[i];
      for (int32_t jj = 0; jj < (1 << v); ++jj) {
        uint64_t e = base;
        for (int i = 0; i < v; ++i)
          if (jj >> i & 1)
            e ^= plan.vec[i];
        auto found = regOf[source].find(e);
        if (found == regOf[source].end())
          return makeError("internal error: a vector is split between lanes");
        int32_t &sent = plan.sendRegister[k][source][jj];
        if (sent >= 0 && sent != found->second)
          return makeError(
              "internal error: a lane sends two values in one round");
        sent = found->second;
      }
      plan.dstRound[reg][lane] = k;
      plan.dstSlot[reg][lane] = j;
    }

  return llvm::Error::success();
}

/// The selects of `plan`: a lane-dependent choice among n registers costs
/// n - 1 selects, on the sending and on the receiving side.
static int64_t countSelects(const WarpShufflePlan &plan, int regBitsB) {
  int v = int(plan.vec.size());
  int64_t selects = 0;
  for (int64_t k = 0; k < plan.rounds; ++k)
    for (int32_t jj = 0; jj < (1 << v); ++jj) {
      llvm::DenseSet<int32_t> regs;
      for (int32_t lane = 0; lane < plan.lanes; ++lane)
        if (plan.sendRegister[k][lane][jj] >= 0)
          regs.insert(plan.sendRegister[k][lane][jj]);
      selects += regs.empty() ? 0 : int64_t(regs.size()) - 1;
    }
  for (int32_t reg = 0; reg < (1 << regBitsB); ++reg) {
    llvm::DenseSet<int64_t> sources;
    for (int32_t lane = 0; lane < plan.lanes; ++lane)
      sources.insert(int64_t(plan.dstRound[reg][lane]) << 8 |
                     plan.dstSlot[reg][lane]);
    selects += int64_t(sources.size()) - 1;
  }
  return selects;
}

llvm::Expected<WarpShufflePlan>
mlir::ll::planWarpShuffle(const DistributedColumns &src,
                          const DistributedColumns &dst, int elementBits) {
  if (auto err = checkElementBits(elementBits))
    return std::move(err);
  if (src.get(HwDim::Warp) != dst.get(HwDim::Warp) ||
      src.get(HwDim::Block) != dst.get(HwDim::Block))
    return makeError(
        "warp shuffles cannot move data between warps or CTAs (the "
        "warp or block bases differ)");
  if (src.bits(HwDim::Lane) != dst.bits(HwDim::Lane))
    return makeError("src and dst have different numbers of lanes");
  int regBitsA = src.bits(HwDim::Register),
      regBitsB = dst.bits(HwDim::Register);
  int laneBits = src.bits(HwDim::Lane);
  if (std::max(regBitsA, regBitsB) + laneBits > 16)
    return makeError("the layouts are too large to tabulate a shuffle plan "
                     "(more than 2^16 register x lane slots)");

  WarpShufflePlan plan;
  plan.elementBits = elementBits;
  plan.lanes = 1 << laneBits;
  F2Subspace slice(concat({src.get(HwDim::Register), src.get(HwDim::Lane)}));
  if (!slice.isSpannedBy(
          concat({dst.get(HwDim::Register), dst.get(HwDim::Lane)})))
    return makeError("src and dst do not hold the same elements in each warp");

  // Unit vectors of the warp's slice in row-major order, then its columns.
  F2Vectors completion =
      slice.completionCandidates(rowMajorUnitOrder(src.outDims));

  F2Vectors regA = src.nonFree(HwDim::Register);
  F2Vectors regB = dst.nonFree(HwDim::Register);
  plan.intersection = intersectSpans(regA, regB);
  int maxVec =
      elementBits <= 32 ? int(llvm::Log2_32(unsigned(32 / elementBits))) : 0;
  plan.vec.assign(plan.intersection.begin(),
                  plan.intersection.begin() +
                      std::min<size_t>(plan.intersection.size(), maxVec));
  plan.onlySrc = extendBasis(plan.intersection, regA);
  plan.onlyDst = extendBasis(plan.intersection, regB);
  plan.complement = extendBasis(concat({regA, regB}), completion);
  size_t paired = std::min(plan.onlySrc.size(), plan.onlyDst.size());
  for (size_t i = 0; i < paired; ++i)
    plan.pairs.push_back(plan.onlySrc[i] ^ plan.onlyDst[i]);
  plan.exchange = concat({plan.complement, plan.pairs});
  plan.roundBases = extendBasis(concat({plan.vec, plan.exchange}), completion);
  int r = int(plan.roundBases.size()), v = int(plan.vec.size());
  plan.rounds = int64_t(1) << r;
  plan.wordsPerRound = std::max(1, (elementBits << v) / 32);
  F2Subspace coords(concat({plan.roundBases, plan.vec, plan.exchange}));
  if (coords.dim() != slice.dim())
    return makeError("internal error: rounds, vector and exchange do not span "
                     "the warp's elements");

  if (auto err = tabulate(plan, src, dst, coords, regBitsA, regBitsB))
    return std::move(err);
  plan.shuffles = plan.rounds * plan.wordsPerRound;
  plan.selects = countSelects(plan, regBitsB);
  return plan;
}
