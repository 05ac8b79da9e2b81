//===- OptimalSwizzle.cpp - Optimal shared-memory layouts (§5.4) ----------===//
//
// The construction of appendix 9.2, written over subspaces so that it also
// holds for layouts with broadcast and for columns that are not unit vectors.
// docs/planning.md §4 has the math and the optimality argument.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Analysis/OptimalSwizzle.h"
#include "LinearLayout/Analysis/TileVector.h"
#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Core/Error.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <limits>
#include <tuple>

using namespace mlir::ll;

/// SwizzlePlan::sharedBytes of a plan whose size does not fit an int64_t.
static constexpr int64_t kSharedBytesOverflow =
    std::numeric_limits<int64_t>::max();

/// Columns of the hardware dims register, lane, warp.
static F2Vectors ctaColumns(const DistributedColumns &l) {
  return concat(
      {l.get(HwDim::Register), l.get(HwDim::Lane), l.get(HwDim::Warp)});
}

/// How many leading columns of `vec` are, in order, register columns of
/// `layout` (what the lowering can access as one vector on that side).
static int vectorPrefix(const F2Vectors &vec,
                        const DistributedColumns &layout) {
  llvm::ArrayRef<uint64_t> regs = layout.get(HwDim::Register);
  int n = 0;
  while (n < int(vec.size()) && llvm::is_contained(regs, vec[n]))
    ++n;
  return n;
}

/// `perSide`: the forced vector is contiguous for one side only (its
/// register columns); each side accesses the longest prefix of it that is
/// its own register columns, the other side narrower vectors.
///
/// Long on purpose: it is steps 1-6 of appendix 9.2 in order (numbered as in
/// docs/planning.md §4), each using the spaces the earlier ones built.
static llvm::Expected<SwizzlePlan>
computeOnce(const DistributedColumns &src, const DistributedColumns &dst,
            int elementBits, const GPUTarget &target, bool withRounds,
            const F2Vectors *forcedVec, bool perSide = false) {
  SwizzlePlan plan;
  plan.elementBits = elementBits;
  F2Subspace tensor(ctaColumns(src));
  int d = tensor.dim();

  // Unit vectors of the CTA's tensor slice in row-major order, then the
  // slice's own columns: the candidates that complete a basis inside T.
  F2Vectors completion =
      tensor.completionCandidates(rowMajorUnitOrder(src.outDims));

  // 1. Vectorisation: A_reg ∩ B_reg, at most 128 bits.
  F2Vectors regA = src.nonFree(HwDim::Register);
  F2Vectors regB = dst.nonFree(HwDim::Register);
  F2Vectors common = intersectSpans(regA, regB);
  int maxVec = llvm::Log2_32(unsigned(128 / elementBits));
  if (forcedVec)
    plan.vec = *forcedVec;
  else
    plan.vec.assign(common.begin(),
                    common.begin() + std::min<size_t>(common.size(), maxVec));
  int v = int(plan.vec.size());
  int storeV = perSide ? vectorPrefix(plan.vec, src) : v;
  int loadV = perSide ? vectorPrefix(plan.vec, dst) : v;
  int elemBytesLog2 = llvm::Log2_32(unsigned(elementBits / 8));
  int vecBytesLog2 = v + elemBytesLog2;
  plan.vectorBits = elementBits << std::min(storeV, loadV);
  int warpBits = llvm::Log2_32(unsigned(target.lanesPerWarp));
  int wavefrontLog2 = llvm::Log2_32(unsigned(target.wavefrontBytes()));
  auto phaseBitsOf = [&](int vectorColumns) {
    return std::max(0,
                    warpBits + vectorColumns + elemBytesLog2 - wavefrontLog2);
  };
  plan.phaseBits = phaseBitsOf(storeV);
  int loadPhaseBits = phaseBitsOf(loadV);

  // Thread directions that can conflict: lanes below the phase bits; on the
  // store only lanes that actually write.
  for (auto [bit, col] : llvm::enumerate(src.get(HwDim::Lane)))
    if (int(bit) < warpBits - plan.phaseBits &&
        !(src.free(HwDim::Lane) >> bit & 1))
      plan.storeThreads.push_back(col);
  for (auto [bit, col] : llvm::enumerate(dst.get(HwDim::Lane)))
    if (int(bit) < warpBits - loadPhaseBits && col)
      plan.loadThreads.push_back(col);
  // Paired quarter phases (docs/planning.md §3): where each group of four
  // lanes of B reads at most two vectors, a half-warp is one phase, so the
  // lane that pairs the quarters conflicts like the lanes below it (the
  // half then touches at most 8 vectors, one wavefront's worth).
  int pairBit = warpBits - loadPhaseBits;
  llvm::ArrayRef<uint64_t> loadLanes = dst.get(HwDim::Lane);
  if (target.pairsLoadPhases && loadPhaseBits == 2 &&
      pairBit < int(loadLanes.size()) && loadLanes[pairBit] &&
      pairsQuarterPhases(
          F2Subspace(F2Vectors(plan.vec.begin(), plan.vec.begin() + loadV)),
          loadLanes))
    plan.loadThreads.push_back(loadLanes[pairBit]);

  // 2. Sub-word bits: elements sharing one 4-byte word.
  F2Vectors vecWord = plan.vec;
  if (vecBytesLog2 < 2) {
    int u = std::min(2 - vecBytesLog2, d - v);
    F2Vectors shared = intersectSpans(concat({plan.vec, plan.storeThreads}),
                                      concat({plan.vec, plan.loadThreads}));
    F2Vectors candidates =
        concat({shared, plan.storeThreads, plan.loadThreads, completion});
    F2Vectors extra = extendBasis(plan.vec, candidates);
    plan.sub.assign(extra.begin(), extra.begin() + u);
    vecWord.append(plan.sub.begin(), plan.sub.end());
  }

  // 3. Rounds: common register directions beyond the word.
  if (withRounds)
    plan.round = extendBasis(vecWord, common);

  // 4. Bank / segment split.
  int unitLog2 = std::max(2, vecBytesLog2);
  int fixed = int(vecWord.size()) + int(plan.round.size());
  int b = std::min(wavefrontLog2 - unitLog2, d - fixed);
  int s = d - fixed - b;

  // 5. Lemma 9.5: I, E, F, C, H.
  F2Vectors spanU = concat({vecWord, plan.storeThreads});
  F2Vectors spanW = concat({vecWord, plan.loadThreads});
  plan.intersection = intersectSpans(spanU, spanW);
  plan.onlyStore = extendBasis(plan.intersection, plan.storeThreads);
  plan.onlyLoad = extendBasis(plan.intersection, plan.loadThreads);
  plan.complement = extendBasis(concat({spanU, spanW, plan.round}), completion);
  size_t paired = std::min(plan.onlyStore.size(), plan.onlyLoad.size());
  for (size_t i = 0; i < paired; ++i)
    plan.pairs.push_back(plan.onlyStore[i] ^ plan.onlyLoad[i]);
  llvm::ArrayRef<uint64_t> rest =
      plan.onlyStore.size() > paired
          ? llvm::ArrayRef<uint64_t>(plan.onlyStore).drop_front(paired)
          : llvm::ArrayRef<uint64_t>(plan.onlyLoad).drop_front(paired);

  F2Subspace taken(concat({vecWord, plan.round}));
  for (llvm::ArrayRef<uint64_t> group :
       {llvm::ArrayRef<uint64_t>(plan.pairs),
        llvm::ArrayRef<uint64_t>(plan.complement), rest,
        llvm::ArrayRef<uint64_t>(plan.intersection),
        llvm::ArrayRef<uint64_t>(completion)})
    for (uint64_t c : group)
      if (int(plan.seg.size()) < s && taken.add(c))
        plan.seg.push_back(c);

  // 6. Bank bits: any completion; row-major units first.
  plan.bank = extendBasis(concat({vecWord, plan.seg, plan.round}), completion);
  if (int(plan.bank.size()) != b || int(plan.seg.size()) != s)
    return makeError("internal error: the swizzle basis is incomplete");

  plan.memoryColumns = concat({vecWord, plan.bank, plan.seg, plan.round});
  llvm::SmallVector<LayoutDim, 1> offsetDim = {
      LayoutDim{dims::kOffset.str(), d}};
  auto memory =
      LinearLayout::getFromColumns(offsetDim, src.outDims, plan.memoryColumns);
  if (!memory)
    return memory.takeError();
  plan.memoryLayout = std::move(*memory);

  // Lemma 9.5 bounds for one round: Seg (dim s0) must meet U in at least
  // s0 - (d - dim U) dimensions.
  int b0 = std::min(wavefrontLog2 - unitLog2, d - int(vecWord.size()));
  int s0 = d - int(vecWord.size()) - b0;
  plan.storeConflictBound = std::max(0, s0 - (d - F2Subspace(spanU).dim()));
  plan.loadConflictBound = std::max(0, s0 - (d - F2Subspace(spanW).dim()));

  auto store =
      countWavefronts(plan.memoryColumns, src, elementBits,
                      elementBits << storeV, AccessKind::Store, target);
  if (!store)
    return store.takeError();
  auto load = countWavefronts(plan.memoryColumns, dst, elementBits,
                              elementBits << loadV, AccessKind::Load, target);
  if (!load)
    return load.takeError();
  plan.store = *store;
  plan.load = *load;
  plan.storeConflictDim = store->conflictDim;
  plan.loadConflictDim = load->conflictDim;
  // Checked: 2^61 f32 elements per round would need 2^63 bytes. Saturated
  // to kSharedBytesOverflow here (a plan with rounds may still fit);
  // computeOptimalSwizzle fails if the chosen plan does not.
  int slotsLog2 = d - int(plan.round.size());
  std::optional<int64_t> sharedBytes =
      slotsLog2 < 63
          ? llvm::checkedMul(int64_t(1) << slotsLog2, int64_t(elementBits / 8))
          : std::nullopt;
  plan.sharedBytes = sharedBytes.value_or(kSharedBytesOverflow);
  return plan;
}

/// The hardware dimension whose column (not free) is `v` in `layout`:
/// Register, Lane or Warp; nullopt if none.
static std::optional<HwDim> columnKind(const DistributedColumns &layout,
                                       uint64_t v) {
  for (HwDim d : {HwDim::Register, HwDim::Lane, HwDim::Warp})
    if (llvm::is_contained(layout.nonFree(d), v))
      return d;
  return std::nullopt;
}

/// `layout` with the columns equal to a vector of `rounds` made zero (free):
/// the layout of one round, whose threads or registers holding a round
/// direction stand aside.
static DistributedColumns withoutRounds(const DistributedColumns &layout,
                                        llvm::ArrayRef<uint64_t> rounds) {
  DistributedColumns out = layout;
  for (HwDim d : {HwDim::Register, HwDim::Lane, HwDim::Warp})
    for (auto [i, v] : llvm::enumerate(out.columns[int(d)]))
      if (llvm::is_contained(rounds, v)) {
        v = 0;
        out.freeMask[int(d)] |= uint64_t(1) << i;
      }
  return out;
}

/// `memory`'s columns (offset order) as a space whose coordinates are
/// offsets: bit i of coordinates(v) is offset bit i of tensor vector v.
static F2Subspace offsetSpace(llvm::ArrayRef<uint64_t> memory) {
  F2Subspace offsets;
  for (uint64_t c : memory)
    offsets.add(c);
  return offsets;
}

/// The round bits of tensor vector `column`'s offset in the memory layout
/// `offsets` (offsetSpace), whose last `roundCount` offset bits are the
/// rounds; nullopt where the column is not in the layout's span.
static std::optional<uint64_t> roundBitsOf(const F2Subspace &offsets,
                                           int roundCount, uint64_t column) {
  std::optional<uint64_t> coordinates = offsets.coordinates(column);
  if (!coordinates)
    return std::nullopt;
  int low = offsets.dim() - roundCount;
  return low < 64 ? *coordinates >> low : 0;
}

/// Whether the registers a matrix instruction moves together (`tile`'s
/// packed pair, third byte and matrix-selecting bits of `layout`) lie in
/// one round of `plan`: their offsets have none of its round bits. The
/// lowering uses the instruction only then (ConvertWithinBlock.cpp,
/// `withinRound`); a plan whose rounds split the instruction's registers
/// would be lowered with plain accesses it did not count.
static bool tileWithinRound(const SwizzlePlan &plan,
                            const DistributedColumns &layout,
                            const MatrixTile &tile) {
  if (tile.kind == SharedInstruction::Vector || plan.round.empty())
    return true;
  F2Subspace offsets = offsetSpace(plan.memoryColumns);
  llvm::ArrayRef<uint64_t> regs = layout.get(HwDim::Register);
  for (int b : {tile.pairRegister, tile.quadRegister, tile.matrixRegisters[0],
                tile.matrixRegisters[1]})
    if (b >= 0 && b < int(regs.size()) &&
        roundBitsOf(offsets, int(plan.round.size()), regs[b]) != uint64_t(0))
      return false;
  return true;
}

/// Whether the rounds of `plan` (register directions) are taken by
/// registers alone on both sides: no lane or warp column of `src` or `dst`
/// has an offset with a round bit. Otherwise a thread would hold elements
/// of several rounds in one register slot's place, and the lowering runs
/// one round over the whole tile instead (ConvertWithinBlock.cpp,
/// `roundsByRegisters`).
static bool roundsByRegisters(const SwizzlePlan &plan,
                              const DistributedColumns &src,
                              const DistributedColumns &dst) {
  if (plan.round.empty())
    return true;
  F2Subspace offsets = offsetSpace(plan.memoryColumns);
  for (const DistributedColumns *layout : {&src, &dst})
    for (HwDim d : {HwDim::Lane, HwDim::Warp})
      for (uint64_t c : layout->get(d))
        if (roundBitsOf(offsets, int(plan.round.size()), c) != uint64_t(0))
          return false;
  return true;
}

/// Whether every round bit of the memory layout `offsets` (offsetSpace; its
/// last `roundCount` offset bits) is set, on `layout`, by register columns
/// alone or by thread columns alone: a thread then knows per round which
/// registers it moves (register round bits) and whether it takes part at
/// all (thread round bits).
static bool roundsSeparate(const DistributedColumns &layout,
                           const F2Subspace &offsets, int roundCount) {
  uint64_t touched[2] = {0, 0};
  for (HwDim d : {HwDim::Register, HwDim::Lane, HwDim::Warp})
    for (uint64_t c : layout.get(d))
      if (std::optional<uint64_t> rounds = roundBitsOf(offsets, roundCount, c))
        touched[d != HwDim::Register] |= *rounds;
      else
        return false;
  return !(touched[0] & touched[1]);
}

int mlir::ll::loweredVectorBits(llvm::ArrayRef<uint64_t> memoryColumns,
                                const DistributedColumns &layout,
                                int elementBits, int maxBits, int roundBits) {
  F2Subspace offsets = offsetSpace(memoryColumns);
  int scratchBits = offsets.dim() - roundBits;
  uint64_t scratchMask =
      scratchBits < 64 ? (uint64_t(1) << scratchBits) - 1 : ~uint64_t(0);
  llvm::SmallVector<uint64_t> regs, threads;
  for (HwDim d : {HwDim::Register, HwDim::Lane, HwDim::Warp})
    for (uint64_t c : layout.get(d))
      (d == HwDim::Register ? regs : threads)
          .push_back(offsets.coordinates(c).value_or(0) & scratchMask);
  return elementBits *
         (1 << findAlignedVector(regs, threads, {},
                                 std::max(1, maxBits / elementBits))
                   .size());
}

/// Counts each plain side of `plan` (no matrix instruction) with the
/// vector the lowering gives it: the widest aligned vector of its
/// registers in one round's scratch (the round bits stripped, as the
/// lowering's address maps are), which the model's vector can exceed
/// (a lane or a dependent register column at an offset inside the
/// vector misaligns it) or fall short of (registers the model's vector
/// leaves out that the memory layout still puts next to it). The lowering
/// (ConvertWithinBlock.cpp) issues exactly these accesses.
static void countLoweredVectors(SwizzlePlan &plan,
                                const DistributedColumns &src,
                                const DistributedColumns &dst, int elementBits,
                                const GPUTarget &target) {
  for (bool isStore : {true, false}) {
    const DistributedColumns &layout = isStore ? src : dst;
    if ((isStore ? plan.storeTile : plan.loadTile).kind !=
        SharedInstruction::Vector)
      continue;
    int bits = loweredVectorBits(plan.memoryColumns, layout, elementBits, 128,
                                 int(plan.round.size()));
    WavefrontCount &count = isStore ? plan.store : plan.load;
    if (bits == count.vectorBits)
      continue;
    auto recount =
        countWavefronts(plan.memoryColumns, layout, elementBits, bits,
                        isStore ? AccessKind::Store : AccessKind::Load, target);
    if (!recount) {
      llvm::consumeError(recount.takeError());
      continue;
    }
    count = *recount;
    (isStore ? plan.storeConflictDim : plan.loadConflictDim) =
        recount->conflictDim;
  }
}

/// Where no plan over register rounds fits the target's shared memory
/// (e.g. a transpose of a 128 KiB tile, which shares no register
/// direction): rounds over tensor directions that are a column of both
/// layouts and a warp column of at least one. In round r only the warps
/// holding the round's half take part on that side (a uniform branch), a
/// register side moves the registers of that half, and the scratch holds
/// one round. Directions are taken one by one (warp on the storing side
/// and register on the loading one first, then the reverse, then warps of
/// both), while the columns outside them span the same space on both sides
/// (each round is a conversion of its own), until the scratch fits. Lanes
/// are never taken: each lane round would issue every instruction once per
/// round (docs/planning.md, "Rounds over warps").
static std::optional<SwizzlePlan> roundsOverWarps(const DistributedColumns &src,
                                                  const DistributedColumns &dst,
                                                  int elementBits,
                                                  const GPUTarget &target) {
  struct Candidate {
    uint64_t vector;
    int rank;
  };
  llvm::SmallVector<Candidate> candidates;
  for (uint64_t v : ctaColumns(src)) {
    std::optional<HwDim> a = columnKind(src, v), b = columnKind(dst, v);
    if (!a || !b || (*a != HwDim::Warp && *b != HwDim::Warp) ||
        *a == HwDim::Lane || *b == HwDim::Lane)
      continue;
    // Warps that store by turns and registers loaded by round first: the
    // stores go under a uniform branch and the loads stay plain.
    candidates.push_back({v, *a == *b ? 2 : *a == HwDim::Warp ? 0 : 1});
  }
  llvm::stable_sort(candidates, [](const Candidate &x, const Candidate &y) {
    return x.rank < y.rank;
  });
  F2Vectors rounds;
  for (const Candidate &candidate : candidates) {
    F2Vectors trial = rounds;
    trial.push_back(candidate.vector);
    DistributedColumns srcRound = withoutRounds(src, trial);
    DistributedColumns dstRound = withoutRounds(dst, trial);
    if (!F2Subspace(ctaColumns(srcRound)).isSpannedBy(ctaColumns(dstRound)))
      continue;
    rounds = std::move(trial);
    auto plan = computeOnce(srcRound, dstRound, elementBits, target,
                            /*withRounds=*/true, nullptr);
    if (!plan) {
      llvm::consumeError(plan.takeError());
      return std::nullopt;
    }
    if (plan->sharedBytes > target.maxSharedBytes)
      continue;
    // The whole conversion: the round's memory layout with the thread
    // rounds on top, counted over both full layouts (a warp moves its
    // registers in its own round: the same instructions and wavefronts)
    // with the vectors the lowering gives them.
    plan->memoryColumns.append(rounds.begin(), rounds.end());
    plan->round.append(rounds.begin(), rounds.end());
    plan->threadRound = rounds;
    int roundCount = int(plan->round.size());
    F2Subspace offsets = offsetSpace(plan->memoryColumns);
    if (!roundsSeparate(src, offsets, roundCount) ||
        !roundsSeparate(dst, offsets, roundCount))
      return std::nullopt;
    llvm::SmallVector<LayoutDim, 1> offsetDim = {
        LayoutDim{dims::kOffset.str(), int(plan->memoryColumns.size())}};
    auto memory = LinearLayout::getFromColumns(offsetDim, src.outDims,
                                               plan->memoryColumns);
    auto store = countWavefronts(
        plan->memoryColumns, src, elementBits,
        loweredVectorBits(plan->memoryColumns, src, elementBits),
        AccessKind::Store, target);
    auto load = countWavefronts(
        plan->memoryColumns, dst, elementBits,
        loweredVectorBits(plan->memoryColumns, dst, elementBits),
        AccessKind::Load, target);
    if (!memory || !store || !load) {
      llvm::consumeError(memory.takeError());
      llvm::consumeError(store.takeError());
      llvm::consumeError(load.takeError());
      return std::nullopt;
    }
    plan->memoryLayout = std::move(*memory);
    plan->store = *store;
    plan->load = *load;
    plan->storeConflictDim = store->conflictDim;
    plan->loadConflictDim = load->conflictDim;
    return std::move(*plan);
  }
  return std::nullopt;
}

namespace {
/// One way to access the scratch buffer: the store and load views (plain, or
/// ldmatrix / stmatrix views whose contiguous bits become the vector) and,
/// where forced, the vector.
struct Choice {
  DistributedColumns store, load;
  MatrixTile storeTile, loadTile;
  std::optional<F2Vectors> vec;
  bool perSide = false;
};
} // namespace

/// The instruction choices: plain vectors on both sides, one-sided vectors,
/// or ldmatrix / stmatrix views (MatrixInstructions.h).
static llvm::SmallVector<Choice, 17>
instructionChoices(const DistributedColumns &src, const DistributedColumns &dst,
                   int elementBits, const GPUTarget &target,
                   const SwizzleOptions &options) {
  llvm::SmallVector<Choice, 17> choices;
  choices.push_back({src, dst, {}, {}, std::nullopt});
  // One side's own register columns as the vector when the common one is
  // narrower than 128 bits: that side moves wide vectors, the other narrow
  // ones (8-bit transposes: 16-byte stores and byte loads instead of bytes
  // both ways). Kept only where it costs fewer wavefronts.
  int maxVecColumns = llvm::Log2_32(unsigned(128 / elementBits));
  if (options.allowOneSidedVectors &&
      int(intersectSpans(src.nonFree(HwDim::Register),
                         dst.nonFree(HwDim::Register))
              .size()) < maxVecColumns) {
    // Each side's register columns in its own order; then, for each side,
    // the same columns with those the other side also holds in registers
    // first, so that the other side keeps a vector of them
    // (docs/planning.md §5b, "Shared prefix"). The second orders come after
    // all of the first: at equal cost the earlier plan stays.
    F2Vectors inOrder[2], sharedFirst[2];
    for (int side = 0; side < 2; ++side) {
      const DistributedColumns &own = side ? dst : src;
      llvm::ArrayRef<uint64_t> otherRegs =
          (side ? src : dst).get(HwDim::Register);
      F2Vectors rest;
      for (uint64_t c : own.get(HwDim::Register)) {
        if (!c || llvm::is_contained(inOrder[side], c))
          continue;
        inOrder[side].push_back(c);
        (llvm::is_contained(otherRegs, c) ? sharedFirst[side] : rest)
            .push_back(c);
      }
      sharedFirst[side].append(rest.begin(), rest.end());
      for (F2Vectors *order : {&inOrder[side], &sharedFirst[side]})
        order->truncate(std::min<size_t>(order->size(), maxVecColumns));
    }
    auto addWidths = [&](const F2Vectors &own) {
      // Every width: on AMD a narrower one-sided vector can tie on
      // wavefronts and still save instructions (fp16 transposes: dword
      // loads of two elements).
      for (size_t k = 1; k <= own.size(); ++k)
        choices.push_back({src,
                           dst,
                           {},
                           {},
                           F2Vectors(own.begin(), own.begin() + k),
                           /*perSide=*/true});
    };
    for (int side = 0; side < 2; ++side)
      addWidths(inOrder[side]);
    for (int side = 0; side < 2; ++side)
      if (sharedFirst[side] != inOrder[side])
        addWidths(sharedFirst[side]);
  }
  // 8-bit data is offered ldmatrix, and only where every warp and lane of
  // the source stores (no broadcast), but not stmatrix: on the H100 the
  // 8-bit stmatrix plans (blocked -> dot operand B, 2-8 warps) lost 9-20%
  // against st.shared, and ldmatrix behind a broadcast source (dot operand
  // B -> blocked: its fewer, wider stores fall to the storing warps) lost
  // 14-42% in loops, while ldmatrix behind a full source won 25% on blocked
  // -> dot operand A (docs/planning.md, "8-bit matrix instructions"). An
  // ll.plan may still ask for either.
  bool ldmatrix =
      options.allowMatrix && target.hasLdmatrix &&
      (elementBits != 8 || (!src.free(HwDim::Lane) && !src.free(HwDim::Warp)));
  bool stmatrix = options.allowMatrix && target.hasStmatrix && elementBits != 8;
  F2Subspace srcRegs(src.get(HwDim::Register)),
      dstRegs(dst.get(HwDim::Register));
  auto contiguous = [&](const DistributedColumns &view) {
    // The 16 contiguous bytes of a row: log2(128 / elementBits) columns.
    return F2Vectors(
        view.get(HwDim::Register).take_front(llvm::Log2_32(128 / elementBits)));
  };
  for (bool trans : {false, true}) {
    if (ldmatrix)
      if (auto load = matrixView(dst, elementBits, trans, false, &srcRegs))
        choices.push_back(
            {src, load->first, {}, load->second, contiguous(load->first)});
    if (stmatrix)
      if (auto store = matrixView(src, elementBits, trans, true, &dstRegs))
        choices.push_back(
            {store->first, dst, store->second, {}, contiguous(store->first)});
    // Both sides matrix instructions: each fixes the order of a row's 16
    // contiguous bytes (the fragment's element order), so the load's row
    // must be the store's in the same order, not only the same columns
    // (the lowering's matrixAccess checks the steps 1, 2, 4, ... in order).
    if (stmatrix && ldmatrix)
      if (auto store = matrixView(src, elementBits, trans, true, nullptr)) {
        F2Vectors row = contiguous(store->first);
        F2Subspace vecSpace(row);
        for (bool loadTrans : {false, true})
          if (auto load =
                  matrixView(dst, elementBits, loadTrans, false, &vecSpace);
              load && contiguous(load->first) == row)
            choices.push_back(
                {store->first, load->first, store->second, load->second, row});
      }
  }

  return choices;
}

llvm::Expected<SwizzlePlan> mlir::ll::computeOptimalSwizzle(
    const DistributedColumns &src, const DistributedColumns &dst,
    int elementBits, const GPUTarget &target, SwizzleOptions options) {
  if (auto err = checkElementBits(elementBits))
    return std::move(err);
  for (const DistributedColumns *l : {&src, &dst})
    if (!target.fitsLanes(l->bits(HwDim::Lane)))
      return makeError(
          lanesExceedMessage(l == &src ? kSourceLayoutName : kResultLayoutName,
                             l->bits(HwDim::Lane), target));
  if (src.get(HwDim::Block) != dst.get(HwDim::Block))
    return makeError("the conversion moves data between CTAs (the block bases "
                     "differ); shared memory cannot do that");
  if (!F2Subspace(ctaColumns(src)).isSpannedBy(ctaColumns(dst)))
    return makeError(
        "the two layouts do not hold the same elements in each CTA");

  // Each instruction choice gets the optimal swizzle; the cheapest wins
  // (one that fits the target's shared memory, then wavefronts, then
  // instructions, then scratch bytes, then plain instructions).
  llvm::SmallVector<Choice, 17> choices =
      instructionChoices(src, dst, elementBits, target, options);
  std::optional<SwizzlePlan> best;
  bool tooLarge = false;
  // The plain choice (A_reg ∩ B_reg on both sides): what a one-sided plan
  // is measured against, and the vector a plan too large narrows.
  int64_t plainWavefronts = -1, plainInstructions = -1;
  F2Vectors plainVec;
  auto cost = [&](const SwizzlePlan &p) {
    int matrixSides = (p.storeTile.kind != SharedInstruction::Vector) +
                      (p.loadTile.kind != SharedInstruction::Vector);
    return std::make_tuple(p.sharedBytes > target.maxSharedBytes,
                           p.store.wavefronts + p.load.wavefronts,
                           p.store.instructions + p.load.instructions,
                           p.sharedBytes, matrixSides);
  };
  for (const Choice &choice : choices) {
    const F2Vectors *vec = choice.vec ? &*choice.vec : nullptr;
    // Quarter phases are measured to pair on ld.shared only; an ldmatrix
    // view's rows are not assumed to (docs/planning.md §3).
    GPUTarget choiceTarget = target;
    if (choice.loadTile.kind != SharedInstruction::Vector)
      choiceTarget.pairsLoadPhases = false;
    auto single = computeOnce(choice.store, choice.load, elementBits,
                              choiceTarget, false, vec, choice.perSide);
    if (!single) {
      if (!vec)
        return single.takeError();
      llvm::consumeError(single.takeError());
      continue;
    }
    SwizzlePlan plan = std::move(*single);
    plan.storeTile = choice.storeTile;
    plan.loadTile = choice.loadTile;
    countLoweredVectors(plan, src, dst, elementBits, target);
    if (options.allowRounds) {
      auto multi = computeOnce(choice.store, choice.load, elementBits,
                               choiceTarget, true, vec, choice.perSide);
      if (!multi)
        return multi.takeError();
      multi->storeTile = choice.storeTile;
      multi->loadTile = choice.loadTile;
      // Rounds where they cost nothing, counted as lowered: no more
      // wavefronts or instructions than one round, registers alone taking
      // them and a matrix instruction's registers in one round.
      if (!multi->round.empty() &&
          tileWithinRound(*multi, src, choice.storeTile) &&
          tileWithinRound(*multi, dst, choice.loadTile) &&
          roundsByRegisters(*multi, src, dst)) {
        countLoweredVectors(*multi, src, dst, elementBits, target);
        if (multi->store.wavefronts + multi->load.wavefronts <=
                plan.store.wavefronts + plan.load.wavefronts &&
            multi->store.instructions + multi->load.instructions <=
                plan.store.instructions + plan.load.instructions)
          plan = std::move(*multi);
      }
    }
    tooLarge |= plan.sharedBytes > target.maxSharedBytes;
    if (!choice.vec && !choice.perSide) {
      plainWavefronts = plan.store.wavefronts + plan.load.wavefronts;
      plainInstructions = plan.store.instructions + plan.load.instructions;
      plainVec = plan.vec;
    }
    if (!best || cost(plan) < cost(*best))
      best = std::move(plan);
  }
  // A plan larger than the target's shared memory cannot launch. Where some
  // choice did not fit, the plain plan's vector (common register
  // directions) is narrowed to free them for rounds: the widest such vector
  // whose round fits (more, narrower accesses, but a kernel that runs)
  // competes with the choices that fit. Plans that fit are unchanged.
  if (options.allowRounds && tooLarge) {
    for (size_t k = plainVec.size(); k-- > 0;) {
      F2Vectors vec(plainVec.begin(), plainVec.begin() + k);
      auto narrower = computeOnce(src, dst, elementBits, target,
                                  /*withRounds=*/true, &vec);
      if (!narrower)
        return narrower.takeError();
      countLoweredVectors(*narrower, src, dst, elementBits, target);
      if (narrower->sharedBytes <= target.maxSharedBytes &&
          roundsByRegisters(*narrower, src, dst)) {
        if (cost(*narrower) < cost(*best))
          best = std::move(*narrower);
        break;
      }
    }
  }
  if (options.allowRounds && best->sharedBytes > target.maxSharedBytes)
    if (std::optional<SwizzlePlan> split =
            roundsOverWarps(src, dst, elementBits, target))
      best = std::move(*split);
  if (best->store.vectorBits != best->load.vectorBits) {
    best->plainWavefronts = plainWavefronts;
    best->plainInstructions = plainInstructions;
  }
  if (best->sharedBytes == kSharedBytesOverflow)
    return makeError(
        "the conversion needs more than 2^63 - 1 bytes of shared memory "
        "(2^" +
        std::to_string(best->memoryLayout.getInDims()[0].log2Size -
                       int(best->round.size())) +
        " elements of " + std::to_string(elementBits) + " bits at once)");
  return std::move(*best);
}

llvm::Expected<SwizzlePlan> mlir::ll::computeOptimalSwizzle(
    const LinearLayout &src, const LinearLayout &dst, int elementBits,
    const GPUTarget &target, SwizzleOptions options) {
  auto columns = getConversionColumns(src, dst);
  if (!columns)
    return columns.takeError();
  return computeOptimalSwizzle(columns->src, columns->dst, elementBits, target,
                               options);
}
