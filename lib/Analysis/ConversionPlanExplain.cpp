//===- ConversionPlanExplain.cpp - The plan in words ----------------------===//
//
// ConversionPlan::explain(): the same steps as the worked 16x32 example
// (one-bit-off-optimal-swizzle-16x32): vectorisation, the sets I, E, F, the
// pairs H, the complement C, the segment and bank bases, the predicted
// wavefronts and the Lemma 9.5 argument for why nothing better exists.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Analysis/ConversionPlan.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir::ll;

namespace {
class Writer {
public:
  explicit Writer(llvm::ArrayRef<LayoutDim> outDims) : outDims(outDims) {}

  std::string vec(uint64_t v) const {
    std::string s = "[";
    int shift = 0;
    for (auto [i, d] : llvm::enumerate(outDims)) {
      s += (i ? ", " : "") +
           std::to_string((v >> shift) & ((uint64_t(1) << d.log2Size) - 1));
      shift += d.log2Size;
    }
    return s + "]";
  }
  std::string set(llvm::ArrayRef<uint64_t> vs) const {
    if (vs.empty())
      return "{} (empty)";
    std::string s = "{";
    for (auto [i, v] : llvm::enumerate(vs))
      s += (i ? ", " : "") + vec(v);
    return s + "}";
  }
  void line(const std::string &text) { out += text + "\n"; }
  std::string out;

private:
  llvm::ArrayRef<LayoutDim> outDims;
};
} // namespace

static std::string dimsText(llvm::ArrayRef<LayoutDim> dims) {
  std::string s;
  for (auto [i, d] : llvm::enumerate(dims))
    s += (i ? ", " : "") + d.name;
  return s;
}

/// The warp-shuffle steps: the sets, the rounds, the first source lanes.
static void explainShuffle(Writer &w, const WarpShufflePlan &p,
                           int elementBits) {
  w.line("Warp shuffles (paper 5.4), per warp:");
  w.line("  I = span(A_reg) ∩ span(B_reg) = " + w.set(p.intersection));
  w.line(llvm::formatv("  V = vector exchanged per shuffle (<= 32 bits): {0}"
                       " -> {1} element(s) of {2} bits",
                       w.set(p.vec), 1 << p.vec.size(), elementBits)
             .str());
  w.line("  E (A_reg only) = " + w.set(p.onlySrc));
  w.line("  F (B_reg only) = " + w.set(p.onlyDst));
  w.line("  C (complement of A_reg + B_reg) = " + w.set(p.complement));
  w.line("  G = {e_i xor f_i} = " + w.set(p.pairs));
  w.line("  W = span(C ∪ G), meets both register spaces trivially (Lemma "
         "9.5): " +
         w.set(p.exchange));
  w.line("  R completes V ∪ W; round k moves R(k) + span(V ∪ W): " +
         w.set(p.roundBases));
  w.line(llvm::formatv("  {0} round(s) x {1} shuffle(s) = {2} shuffles and "
                       "{3} selects per thread",
                       p.rounds, p.wordsPerRound, p.shuffles, p.selects)
             .str());
  for (int64_t k = 0; k < p.rounds && k < 4; ++k) {
    std::string lanes;
    for (int l = 0; l < p.lanes && l < 8; ++l)
      lanes +=
          llvm::formatv("{0}{1}<-{2}", l ? " " : "", l, p.srcLane[k][l]).str();
    w.line(llvm::formatv("  round {0}: lane <- source lane: {1}{2}", k, lanes,
                         p.lanes > 8 ? " ..." : "")
               .str());
  }
  w.line("  Optimal for this V: every destination lane needs 2^(dim B_reg - "
         "|V|) values and a round moves one value per source lane.");
}

/// The shared-memory steps of appendix 9.2 and the Lemma 9.5 bound.
static void explainSwizzle(Writer &w, const SwizzlePlan &s,
                           const GPUTarget &target,
                           llvm::ArrayRef<LayoutDim> outDims) {
  w.line("Shared memory (paper 5.4, appendix 9.2):");
  bool oneSided = s.store.vectorBits != s.load.vectorBits;
  if (oneSided) {
    int64_t wavefronts = s.store.wavefronts + s.load.wavefronts;
    int64_t instructions = s.store.instructions + s.load.instructions;
    std::string against =
        s.plainWavefronts < 0
            ? std::string()
            : llvm::formatv("; the {0}-bit vectors of A_reg ∩ B_reg on both "
                            "sides take {1} wavefronts and {2} instructions, "
                            "this {3} and {4}: {5}",
                            s.vectorBits, s.plainWavefronts,
                            s.plainInstructions, wavefronts, instructions,
                            wavefronts < s.plainWavefronts
                                ? "fewer wavefronts"
                                : "as many wavefronts, fewer instructions")
                  .str();
    w.line(llvm::formatv("  Vectorisation: one-sided (docs/planning.md 5b): "
                         "Vec = {0}, register columns of {1}, of which the "
                         "other side accesses the prefix it holds in "
                         "registers -> {2}-bit stores, {3}-bit loads{4}",
                         w.set(s.vec),
                         s.store.vectorBits > s.load.vectorBits ? "A" : "B",
                         s.store.vectorBits, s.load.vectorBits, against)
               .str());
  } else
    w.line(llvm::formatv("  Vectorisation: Vec = basis of A_reg ∩ B_reg = "
                         "{0} -> {1}-bit accesses",
                         w.set(s.vec), s.vectorBits)
               .str());
  w.line("  Instructions: store with " +
         sharedInstructionName(s.storeTile.kind, true) + ", load with " +
         sharedInstructionName(s.loadTile.kind, false) +
         (s.storeTile.kind != SharedInstruction::Vector ||
                  s.loadTile.kind != SharedInstruction::Vector
              ? " (a matrix instruction is modelled as a 128-bit access: "
                "its contiguous bits are the vector, rows the lanes)"
              : ""));
  if (!s.sub.empty())
    w.line("  Sub-word bits (elements sharing a 4-byte word): " + w.set(s.sub));
  if (s.phaseBits)
    w.line(llvm::formatv("  {0}-bit accesses are split into {1} phases by "
                         "the top {2} lane bit(s); those lanes never "
                         "conflict",
                         s.vectorBits, 1 << s.phaseBits, s.phaseBits)
               .str());
  if (s.load.pairedPhases)
    w.line("  The load's quarter-warp phases pair into half-warps: each group "
           "of four lanes of B reads at most two vectors (docs/planning.md "
           "§3)");
  w.line("  A_thr (storing lanes) = " + w.set(s.storeThreads));
  w.line("  B_thr (loading lanes) = " + w.set(s.loadThreads));
  w.line(
      "  I = span(Vec ∪ A_thr) ∩ span(Vec ∪ B_thr) = " + w.set(s.intersection) +
      "  (never used as a segment direction "
      "unless unavoidable)");
  w.line("  E (store-only thread directions) = " + w.set(s.onlyStore));
  w.line("  F (load-only thread directions) = " + w.set(s.onlyLoad));
  w.line("  C (invisible to both accesses) = " + w.set(s.complement));
  w.line("  H = {e_i xor f_i} = " + w.set(s.pairs));
  w.line("  Segment basis (rows of " + std::to_string(target.wavefrontBytes()) +
         " bytes) = " + w.set(s.seg));
  w.line("  Bank basis = " + w.set(s.bank));
  if (!s.round.empty() && s.threadRound.empty())
    w.line(llvm::formatv("  Rounds: {0} over common register directions {1}"
                         " (scratch {2} bytes)",
                         s.rounds(), w.set(s.round), s.sharedBytes)
               .str());
  else if (!s.round.empty())
    w.line(llvm::formatv("  Rounds: {0} over {1}, of which {2} held by warps "
                         "on one side or both: only the warps holding a "
                         "round's half take part in it there (the whole tile "
                         "does not fit; scratch {3} bytes)",
                         s.rounds(), w.set(s.round), w.set(s.threadRound),
                         s.sharedBytes)
               .str());
  w.line("  Memory layout: offset -> (" + dimsText(outDims) +
         "): " + s.memoryLayout.basesToString());
  auto countLine = [&](llvm::StringRef label, const WavefrontCount &c) {
    w.line(llvm::formatv("  {0} {1} wavefronts = {2} warp(s) x {3} "
                         "instruction(s) x {4} phase(s) x 2^{5}",
                         label, c.wavefronts, c.activeWarps,
                         c.instructionsPerWarp, c.activePhases, c.conflictDim)
               .str());
  };
  countLine("Store:", s.store);
  countLine("Load: ", s.load);
  w.line(llvm::formatv("  Why optimal: {4}; by Lemma 9.5 any segment space "
                       "meets span(Vec ∪ A_thr) in >= {0} and span(Vec ∪ "
                       "B_thr) in >= {1} dimension(s); this one meets them "
                       "in {2} and {3}.",
                       s.storeConflictBound, s.loadConflictBound,
                       s.storeConflictDim, s.loadConflictDim,
                       oneSided ? "no layout vectorises both sides beyond "
                                  "A_reg ∩ B_reg, and the wider side's "
                                  "vector starts with it"
                                : "the vector is all of A_reg ∩ B_reg (up "
                                  "to 128 bits)")
             .str());
  w.line(llvm::formatv("  Shared memory: {0} bytes", s.sharedBytes).str());
}

std::string ConversionPlan::explain() const {
  Writer w(outDims);
  w.line(llvm::formatv("Conversion plan: {0} (the conversion needs at least "
                       "'{1}'), {2}-bit elements, target {3}",
                       conversionKindName(kind),
                       conversionKindName(classification), elementBits,
                       target.name)
             .str());
  w.line("Vectors are tensor coordinates [" + dimsText(outDims) + "].");
  w.line("C = B^-1 A = " + conversion.basesToString());
  w.line("Why: " + reason + ".");

  if (kind == ConversionKind::Registers) {
    std::string moves;
    for (auto [r, s] : llvm::enumerate(registerSources))
      moves += llvm::formatv("{0}r{1} <- r{2}", r ? ", " : "", r, s).str();
    w.line("Register moves (B's register <- A's register, every thread): " +
           moves);
  }

  if (shuffle)
    explainShuffle(w, *shuffle, elementBits);

  if (swizzle)
    explainSwizzle(w, *swizzle, target, outDims);

  return w.out;
}
