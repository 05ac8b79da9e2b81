//===- ConvertWithinWarp.cpp - Conversions by warp shuffles --------------===//
//
// A conversion that moves elements between the lanes of each warp
// (ConversionKind::Shuffle) runs in rounds: per round, every lane packs the
// registers it sends into 32-bit words, reads the words of its source lane
// (an affine function of the lane: GPUTargetHooks::createAffineShuffle), and
// each result register unpacks its (round, slot). Which register a lane
// sends or receives may depend on a few lane bits: select trees.
//
//===----------------------------------------------------------------------===//

#include "ConversionLowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "llvm/Support/MathExtras.h"

#include <map>

namespace mlir::ll::lowering {

/// Tabulated lane -> value (negative: any value) as a LaneMux over the lane
/// bits it depends on; nullopt if it needs more than `maxBits` of them.
static std::optional<LaneMux> tabulateLaneMux(ArrayRef<int64_t> table,
                                              int laneBits, int maxBits) {
  int lanes = 1 << laneBits;
  LaneMux mux;
  for (int b = 0; b < laneBits; ++b)
    for (int l = 0; l < lanes; ++l) {
      int other = l ^ (1 << b);
      if (table[l] >= 0 && table[other] >= 0 && table[l] != table[other]) {
        mux.bits.push_back(b);
        break;
      }
    }
  if (int(mux.bits.size()) > maxBits)
    return std::nullopt;
  mux.values.assign(size_t(1) << mux.bits.size(), -1);
  for (int l = 0; l < lanes; ++l) {
    if (table[l] < 0)
      continue;
    size_t combo = 0;
    for (size_t i = 0; i < mux.bits.size(); ++i)
      if ((l >> mux.bits[i]) & 1)
        combo |= size_t(1) << i;
    if (mux.values[combo] >= 0 && mux.values[combo] != table[l])
      return std::nullopt; // depends on more than these bits
    mux.values[combo] = table[l];
  }
  for (int64_t &v : mux.values)
    if (v < 0)
      v = 0; // no lane needs it: any valid choice
  return mux;
}

std::optional<ShuffleLowering> decideWithinWarp(const WarpShufflePlan &plan,
                                                int lanesPerWarp,
                                                int64_t dstRegisters) {
  if (plan.lanes < 1 || plan.lanes > lanesPerWarp ||
      lanesPerWarp % plan.lanes != 0)
    return std::nullopt;
  int laneBits = int(llvm::Log2_64(uint64_t(lanesPerWarp)));
  int planMask = plan.lanes - 1;
  // The tables of lane l, and its source lane within l's block.
  auto at = [&](const auto &table, int l) { return table[l & planMask]; };
  auto sourceOf = [&](const std::vector<int32_t> &srcLane, int l) {
    int32_t s = srcLane[l & planMask];
    return s < 0 ? s : int32_t(l & ~planMask) | s;
  };
  ShuffleLowering lowering;
  lowering.wordsPerElement = plan.elementBits == 64 ? 2 : 1;
  lowering.slots = 0;
  for (int64_t k = 0; k < plan.rounds; ++k) {
    ShuffleRound round;
    llvm::SmallVector<int32_t> src;
    for (int l = 0; l < lanesPerWarp; ++l)
      src.push_back(sourceOf(plan.srcLane[k], l));
    // Affine source lane: src(l) = c ^ M l on every lane that reads.
    int anchor = -1;
    for (int l = 0; l < lanesPerWarp && anchor < 0; ++l)
      if (src[l] >= 0)
        anchor = l;
    if (anchor < 0)
      return std::nullopt;
    // Solve from the anchor and its single-bit neighbours.
    round.srcCols.assign(laneBits, 0);
    for (int b = 0; b < laneBits; ++b) {
      int other = anchor ^ (1 << b);
      if (src[other] < 0)
        return std::nullopt;
      round.srcCols[b] = uint64_t(src[other] ^ src[anchor]);
    }
    uint64_t atAnchor = 0;
    for (int b = 0; b < laneBits; ++b)
      if ((anchor >> b) & 1)
        atAnchor ^= round.srcCols[b];
    round.srcConst = uint64_t(src[anchor]) ^ atAnchor;
    for (int l = 0; l < lanesPerWarp; ++l) {
      uint64_t v = round.srcConst;
      for (int b = 0; b < laneBits; ++b)
        if ((l >> b) & 1)
          v ^= round.srcCols[b];
      if (src[l] >= 0 && uint64_t(src[l]) != v)
        return std::nullopt;
    }
    int slots = int(plan.sendRegister[k][0].size());
    if (lowering.slots && slots != lowering.slots)
      return std::nullopt;
    lowering.slots = slots;
    for (int j = 0; j < slots; ++j) {
      SmallVector<int64_t> table;
      for (int l = 0; l < lanesPerWarp; ++l)
        table.push_back(at(plan.sendRegister[k], l)[j]);
      auto mux = tabulateLaneMux(table, laneBits, kMaxSelectLaneBits);
      if (!mux)
        return std::nullopt;
      round.send.push_back(std::move(*mux));
    }
    lowering.rounds.push_back(std::move(round));
  }
  if (int64_t(plan.dstRound.size()) != dstRegisters || lowering.slots == 0)
    return std::nullopt;
  for (int64_t r = 0; r < dstRegisters; ++r) {
    SmallVector<int64_t> table;
    for (int l = 0; l < lanesPerWarp; ++l) {
      int64_t round = at(plan.dstRound[r], l), slot = at(plan.dstSlot[r], l);
      if (round < 0 || slot < 0)
        return std::nullopt;
      table.push_back(round * lowering.slots + slot);
    }
    auto mux = tabulateLaneMux(table, laneBits, kMaxSelectLaneBits);
    if (!mux)
      return std::nullopt;
    lowering.receive.push_back(std::move(*mux));
  }
  return lowering;
}

/// The word for the muxes of a word's slots as one byte permute of the (at
/// most two) words their choices take elements from, the selector a
/// constant chosen by lane: where the choices are not whole words, this
/// replaces packing each choice (a permute apiece) and selecting among the
/// packed words; selectors of the same table are one select tree for all
/// words (LLVM merges them). Nothing where the target has no byte permute,
/// every choice is an aligned slice already (selectWordsByLane packs nothing
/// then), or the elements come from more than two words.
static std::optional<Value> permuteWords(Emitter &em,
                                         const GPUTargetHooks &hooks,
                                         ArrayRef<const LaneMux *> slotMuxes,
                                         Value lane, ArrayRef<Value> in,
                                         int elementBytes) {
  const LaneMux &head = *slotMuxes.front();
  if (!hooks.hasBytePermute() || head.bits.empty())
    return std::nullopt;
  int64_t slots = int64_t(slotMuxes.size());
  SmallVector<std::pair<Value, int64_t>, 2> sources; // (vector, word)
  SmallVector<int64_t> selectors(head.values.size(), 0);
  bool allWords = true;
  for (size_t c = 0; c < head.values.size(); ++c) {
    SmallVector<Value> choice;
    for (auto [j, mux] : llvm::enumerate(slotMuxes)) {
      if (mux->bits != head.bits)
        return std::nullopt;
      Value reg = in[mux->values[c]];
      choice.push_back(reg);
      auto at = extractedElement(reg);
      auto vecType =
          at ? llvm::dyn_cast<VectorType>(at->first.getType()) : VectorType();
      if (!vecType || vecType.getNumElements() % slots != 0)
        return std::nullopt;
      std::pair<Value, int64_t> word{at->first, at->second / slots};
      auto it = llvm::find(sources, word);
      if (it == sources.end()) {
        if (sources.size() == 2)
          return std::nullopt;
        sources.push_back(word);
        it = sources.end() - 1;
      }
      int64_t source = it - sources.begin(), slot = at->second % slots;
      for (int64_t k = 0; k < elementBytes; ++k)
        selectors[c] |= (source * 4 + slot * elementBytes + k)
                        << (4 * (int64_t(j) * elementBytes + k));
    }
    allWords &= isAlignedSlice(choice);
  }
  if (allWords)
    return std::nullopt;
  Type i32 = em.b.getI32Type();
  auto wordOf = [&](std::pair<Value, int64_t> source) -> Value {
    SmallVector<Value> elems;
    for (int64_t e = 0; e < slots; ++e)
      elems.push_back(LLVM::ExtractElementOp::create(
          em.b, em.loc, source.first,
          em.constant(i32, source.second * slots + e)));
    return LLVM::BitcastOp::create(em.b, em.loc, i32, em.vector(elems));
  };
  Value lo = wordOf(sources.front());
  Value hi = sources.size() == 2 ? wordOf(sources.back()) : lo;
  Value selector = selectByLane(em, choiceMux(head), lane, [&](int64_t c) {
    return em.constant(i32, hooks.bytePermuteSelector(uint32_t(selectors[c])));
  });
  return hooks.createBytePermute(em.b, em.loc, lo, hi, selector);
}

/// Per linear part of the rounds' source lanes (their srcCols), whether it
/// is computed in the units of the target's shuffle address
/// (GPUTargetHooks::shuffleLaneShift) rather than in lanes. Scaled, each
/// term of the lane computation that moves its bits costs a shift, and
/// each round adds only its constant. In lanes, bits that stay in place
/// cost nothing, but each distinct address that a shuffle reads costs one
/// more shift. The cheaper one, counted as Emitter::addressShifts counts
/// address terms (docs/lowering-rocdl.md, "ds_bpermute addresses in
/// bytes"). On a tie, lanes: their terms share more with the other
/// address computations of the kernel.
static std::map<SmallVector<uint64_t>, bool>
scaleShuffleAddresses(const ShuffleLowering &lw, const GPUTargetHooks &hooks) {
  std::map<SmallVector<uint64_t>, bool> scaled;
  int laneShift = hooks.shuffleLaneShift();
  if (laneShift == 0)
    return scaled;
  std::map<SmallVector<uint64_t>, llvm::SmallDenseSet<uint64_t>> addresses;
  for (const ShuffleRound &round : lw.rounds)
    if (hooks.affineShuffleReadsAddress(round.srcConst, round.srcCols))
      addresses[round.srcCols].insert(round.srcConst);
  int laneIdBits = addressTermLaneBits(hooks);
  for (const auto &[cols, constants] : addresses) {
    AddressMap map;
    map.lane.assign(cols.begin(), cols.end());
    auto termShifts = [&](int shift) {
      return Emitter::addressShifts(
          map, shift, 0, 0, laneIdBits, [](int64_t) { return false; }, 0);
    };
    scaled[cols] =
        termShifts(laneShift) < termShifts(0) + int64_t(constants.size());
  }
  return scaled;
}

SmallVector<Value> lowerWithinWarp(Emitter &em, const GPUTargetHooks &hooks,
                                   const ShuffleLowering &lw,
                                   ArrayRef<Value> in, Type elementType) {
  int bits = lw.elementBytes * 8;
  OpBuilder &b = em.b;
  Location loc = em.loc;
  Type i32 = b.getI32Type();
  Type intType = b.getIntegerType(unsigned(bits));
  auto toInt = [&](Value v) -> Value {
    return v.getType() == intType
               ? v
               : Value(LLVM::BitcastOp::create(b, loc, intType, v));
  };
  auto fromInt = [&](Value v) -> Value {
    return elementType == intType
               ? v
               : Value(LLVM::BitcastOp::create(b, loc, elementType, v));
  };
  auto [lane, warp] = em.laneAndWarp(hooks);
  // Narrow elements that fill the word travel as a vector bitcast to i32:
  // a word of registers that a load, a shuffle or a packed op made is
  // that vector itself, and the received word's elements are its
  // extracts, which the next packed op takes whole (registerWords). Shifts
  // and ors would hide the pairs from both: an f16 lane exchange in a loop
  // unpacked, added and repacked every word, 51 byte permutes per round
  // trip where Triton 3.6 has 16 (docs/lowering.md, "Words through
  // shuffles").
  bool vectorWords = bits < 32 && lw.slots * bits == 32;
  // words[round][w]
  SmallVector<SmallVector<Value>> received;
  std::map<SmallVector<uint64_t>, Value> linearParts;
  std::map<SmallVector<uint64_t>, bool> scaledParts =
      scaleShuffleAddresses(lw, hooks);
  int laneShift = hooks.shuffleLaneShift();
  for (const ShuffleRound &round : lw.rounds) {
    SmallVector<Value> words(lw.wordsPerElement);
    if (vectorWords) {
      SmallVector<const LaneMux *> slotMuxes;
      for (const LaneMux &mux : round.send)
        slotMuxes.push_back(&mux);
      if (std::optional<Value> word =
              permuteWords(em, hooks, slotMuxes, lane, in, lw.elementBytes)) {
        words[0] = *word;
      } else {
        std::optional<Value> vec = selectWordsByLane(
            em, slotMuxes, lane, [&](int64_t r) { return in[r]; });
        if (!vec) {
          SmallVector<Value> elems;
          for (int j = 0; j < lw.slots; ++j)
            elems.push_back(selectByLane(em, round.send[j], lane,
                                         [&](int64_t r) { return in[r]; }));
          vec = packedVector(em, elems);
        }
        // A word selected as an integer is sent as that integer.
        auto selected = vec->getDefiningOp<LLVM::BitcastOp>();
        words[0] = selected && selected.getArg().getType() == i32
                       ? selected.getArg()
                       : Value(LLVM::BitcastOp::create(b, loc, i32, *vec));
      }
    }
    for (int j = 0; j < lw.slots && !vectorWords; ++j) {
      Value elem = toInt(selectByLane(em, round.send[j], lane,
                                      [&](int64_t r) { return in[r]; }));
      if (bits == 64) {
        std::tie(words[0], words[1]) = em.splitWords(elem);
        continue;
      }
      Value word =
          bits == 32 ? elem : Value(LLVM::ZExtOp::create(b, loc, i32, elem));
      if (j)
        word = LLVM::ShlOp::create(
            b, loc, word,
            LLVM::ConstantOp::create(b, loc, i32,
                                     b.getI32IntegerAttr(j * bits)));
      words[0] =
          words[0] ? Value(LLVM::OrOp::create(b, loc, words[0], word)) : word;
    }
    // Source lane: an affine function of the lane, in the units the
    // target's shuffle addresses lanes in. Rounds usually share the linear
    // part and differ in the constant: one computation each.
    Value src;
    if (llvm::any_of(round.srcCols, [](uint64_t c) { return c != 0; })) {
      int shift = scaledParts[round.srcCols] ? laneShift : 0;
      Value &linear = linearParts[round.srcCols];
      if (!linear) {
        AddressMap map;
        for (uint64_t column : round.srcCols)
          map.lane.push_back(column << shift);
        linear = em.computeThreadPart(map, lane, warp);
      }
      src =
          round.srcConst
              ? Value(LLVM::XOrOp::create(
                    b, loc, linear, em.index(int64_t(round.srcConst << shift))))
              : linear;
      if (shift != laneShift)
        src = LLVM::ShlOp::create(b, loc, src, em.index(laneShift));
    } else {
      src = em.index(int64_t(round.srcConst << laneShift));
    }
    if (em.indexType.getWidth() != 32)
      src = LLVM::TruncOp::create(b, loc, i32, src);
    SmallVector<Value> got;
    for (Value w : words)
      got.push_back(hooks.createAffineShuffle(b, loc, w, src, round.srcConst,
                                              round.srcCols));
    received.push_back(std::move(got));
  }
  // Unpack (round, slot) pairs on demand.
  llvm::DenseMap<int64_t, Value> unpacked;
  auto element = [&](int64_t q) -> Value {
    auto it = unpacked.find(q);
    if (it != unpacked.end())
      return it->second;
    const SmallVector<Value> &words = received[q / lw.slots];
    int64_t slot = q % lw.slots;
    if (vectorWords) {
      int64_t first = q - slot;
      for (auto [e, v] :
           llvm::enumerate(em.elementsOf(words[0], elementType, lw.slots)))
        unpacked[first + int64_t(e)] = v;
      return unpacked[q];
    }
    Value v;
    if (bits == 64) {
      v = em.joinWords(words[0], words[1]);
    } else if (bits == 32) {
      v = words[0];
    } else {
      Value shifted =
          slot ? Value(LLVM::LShrOp::create(
                     b, loc, words[0],
                     LLVM::ConstantOp::create(
                         b, loc, i32, b.getI32IntegerAttr(slot * bits))))
               : words[0];
      v = LLVM::TruncOp::create(b, loc, intType, shifted);
    }
    v = fromInt(v);
    unpacked[q] = v;
    return v;
  };
  SmallVector<Value> out(lw.receive.size());
  if (vectorWords) {
    // Result registers whose choices are the slots of one word, in order,
    // for every lane: one select tree on the words.
    std::map<std::pair<SmallVector<int>, SmallVector<int64_t>>, int64_t>
        byChoices;
    for (auto [r, mux] : llvm::enumerate(lw.receive))
      byChoices.try_emplace({mux.bits, mux.values}, int64_t(r));
    for (auto [r, mux] : llvm::enumerate(lw.receive)) {
      if (out[r] || mux.bits.empty() ||
          llvm::any_of(mux.values, [&](int64_t q) { return q % lw.slots; }))
        continue;
      SmallVector<const LaneMux *> slotMuxes = {&mux};
      SmallVector<int64_t> group = {int64_t(r)};
      for (int j = 1; j < lw.slots; ++j) {
        SmallVector<int64_t> values(mux.values);
        for (int64_t &q : values)
          q += j;
        auto it = byChoices.find({mux.bits, values});
        if (it == byChoices.end() || out[it->second])
          break;
        slotMuxes.push_back(&lw.receive[it->second]);
        group.push_back(it->second);
      }
      if (int(group.size()) != lw.slots)
        continue;
      std::optional<Value> vec =
          selectWordsByLane(em, slotMuxes, lane, element);
      if (!vec)
        continue;
      for (auto [j, e] :
           llvm::enumerate(em.elementsOf(*vec, elementType, lw.slots)))
        out[group[j]] = e;
    }
  }
  for (auto [r, mux] : llvm::enumerate(lw.receive))
    if (!out[r])
      out[r] = selectByLane(em, mux, lane, element);
  return out;
}

} // namespace mlir::ll::lowering
