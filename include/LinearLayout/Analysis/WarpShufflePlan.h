//===- WarpShufflePlan.h - Intra-warp conversions by shuffles ---*- C++ -*-===//
//
// When B⁻¹A moves data between lanes but not between warps, every warp can
// exchange its slice T_w = span(A_reg ∪ A_lane) with `shfl.sync.idx` (NVIDIA)
// or `ds_bpermute` (AMD). Paper §5.4, generalised to broadcast and to
// arbitrary columns (docs/planning.md §2):
//
//  - V: a basis of A_reg ∩ B_reg, as many elements as fit 32 bits.
//  - W: the largest subspace meeting A_reg and B_reg trivially (Lemma 9.5:
//    W = span(C ∪ G), G = {e_i ⊕ f_i}, E and F completing I = A_reg ∩ B_reg to
//    bases of A_reg and B_reg, C completing A_reg + B_reg to T_w).
//  - R: completes V ∪ W to T_w. Round k moves S_k = R(k) ⊕ span(V ∪ W): each
//    source lane holds at most one V-vector of S_k and each destination lane
//    needs at most one, so one shuffle of 2^|V| packed elements per round.
//
// The plan lists, per round, the source lane of every destination lane and
// the register(s) every source lane sends, and for every destination register
// the round and slot it takes: enough to emit the shuffles.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_WARPSHUFFLEPLAN_H
#define LINEARLAYOUT_ANALYSIS_WARPSHUFFLEPLAN_H

#include "LinearLayout/Analysis/BankConflictModel.h"

#include <vector>

namespace mlir::ll {

struct WarpShufflePlan {
  int elementBits = 0;
  /// Flat tensor vectors: V, I, E, F, C, G, W = C ∪ G, R.
  F2Vectors vec, intersection, onlySrc, onlyDst, complement, pairs, exchange,
      roundBases;
  int64_t rounds = 0;
  /// 32-bit shuffles per round and thread (2 for 64-bit elements).
  int wordsPerRound = 1;
  /// Per thread: shuffle instructions, and selects that pick lane-dependent
  /// registers (send side and receive side).
  int64_t shuffles = 0, selects = 0;
  int lanes = 0;
  /// srcLane[k][l]: lane that destination lane l reads in round k (-1: none).
  std::vector<std::vector<int32_t>> srcLane;
  /// sendRegister[k][s][j]: register of A that lane s puts in slot j in round
  /// k (-1: lane s sends nothing used).
  std::vector<std::vector<std::vector<int32_t>>> sendRegister;
  /// dstRound[r][l], dstSlot[r][l]: round and slot that give register r of B
  /// in lane l.
  std::vector<std::vector<int32_t>> dstRound, dstSlot;
};

/// Plans the exchange. Fails when the layouts differ in warps or blocks, hold
/// different elements per warp, or are too large to tabulate (more than 2^16
/// register × lane slots).
llvm::Expected<WarpShufflePlan> planWarpShuffle(const DistributedColumns &src,
                                                const DistributedColumns &dst,
                                                int elementBits);

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_WARPSHUFFLEPLAN_H
