//===- Emitter.cpp - IR emission helpers of the lowering ------------------===//
//
// The Emitter's ops, and the register loads and stores through address
// maps that every pattern uses. See Emitter.h.
//
//===----------------------------------------------------------------------===//

#include "Emitter.h"

#include "ConversionLowering.h"
#include "LineGroupLoads.h"

#include "LinearLayout/Analysis/F2Subspace.h"
#include "LinearLayout/Core/DimNames.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/DenseSet.h"

namespace mlir::ll::lowering {

Value Emitter::constant(Type type, int64_t value) {
  auto key = std::make_tuple(b.getInsertionBlock(), type, value);
  auto it = constants.find(key);
  if (it != constants.end())
    return it->second;
  Value result =
      LLVM::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, value));
  constants[key] = result;
  return result;
}

Value Emitter::poison(Type type) {
  auto key = std::make_pair(b.getInsertionBlock(), type);
  auto it = poisons.find(key);
  if (it != poisons.end())
    return it->second;
  Value result = LLVM::PoisonOp::create(b, loc, type);
  poisons[key] = result;
  return result;
}

Value Emitter::laneBitSet(Value lane, int bit) {
  auto key = std::make_tuple(b.getInsertionBlock(), lane, bit);
  auto it = laneBits.find(key);
  if (it != laneBits.end())
    return it->second;
  Value set = LLVM::ICmpOp::create(
      b, loc, LLVM::ICmpPredicate::ne,
      LLVM::AndOp::create(b, loc, lane, index(int64_t(1) << bit)), index(0));
  laneBits[key] = set;
  return set;
}

std::pair<Value, Value> Emitter::laneAndWarp(const GPUTargetHooks &hooks) {
  Value tid = hooks.createThreadIdX(b, loc);
  if (indexType.getWidth() > 32)
    tid = LLVM::ZExtOp::create(b, loc, indexType, tid);
  int lanes = hooks.getLanesPerWarp();
  int laneBits = int(llvm::Log2_64(uint64_t(lanes)));
  Value lane = LLVM::AndOp::create(b, loc, tid, index(lanes - 1));
  Value warp = LLVM::LShrOp::create(b, loc, tid, index(laneBits));
  if (hooks.groupsAddressTerms())
    threadIds[{lane, warp}] = {tid, laneBits};
  return {lane, warp};
}

SmallVector<ThreadTerm> threadTermsInRuns(const AddressMap &map) {
  SmallVector<ThreadTerm> terms;
  auto add = [&](ArrayRef<uint64_t> cols, ThreadTerm::Source source) {
    for (size_t i = 0; i < cols.size();) {
      size_t end = i + 1;
      if (!cols[i]) {
      } else if (!llvm::isPowerOf2_64(cols[i])) {
        terms.push_back({source, uint64_t(1) << i, 0, cols[i]});
      } else {
        // A run of single-bit columns c, 2c, 4c, ...
        while (end < cols.size() && cols[end] == cols[i] << (end - i))
          ++end;
        terms.push_back({source, ((uint64_t(1) << (end - i)) - 1) << i,
                         int64_t(llvm::Log2_64(cols[i])) - int64_t(i), 0});
      }
      i = end;
    }
  };
  add(map.lane, ThreadTerm::Lane);
  add(map.warp, ThreadTerm::Warp);
  return terms;
}

SmallVector<ThreadTerm> threadTerms(const AddressMap &map, int laneIdBits) {
  SmallVector<ThreadTerm> terms;
  auto add = [&](ArrayRef<uint64_t> cols, ThreadTerm::Source source) {
    for (auto [i, c] : llvm::enumerate(cols)) {
      if (!c)
        continue;
      uint64_t bit = uint64_t(1) << i;
      if (!llvm::isPowerOf2_64(c)) {
        terms.push_back({source, bit, 0, c});
        continue;
      }
      int64_t shift = int64_t(llvm::Log2_64(c)) - int64_t(i);
      auto *same = llvm::find_if(terms, [&](const ThreadTerm &t) {
        return !t.column && t.source == source && t.shift == shift;
      });
      if (same == terms.end())
        terms.push_back({source, bit, shift, 0});
      else
        same->idMask |= bit;
    }
  };
  add(map.lane, ThreadTerm::Lane);
  add(map.warp, ThreadTerm::Warp);
  if (laneIdBits < 0)
    return terms;
  // A lane term and a warp term that move their bits by the same distance
  // within the thread id are one term of the thread id. (A warp term alone
  // stays on the warp: one shift of the warp index, which the block size
  // bounds, needs no mask.)
  for (ThreadTerm &w : terms) {
    if (w.source != ThreadTerm::Warp || w.column)
      continue;
    int64_t shift = w.shift - laneIdBits;
    auto *lane = llvm::find_if(terms, [&](const ThreadTerm &t) {
      return t.source == ThreadTerm::Lane && !t.column && t.shift == shift;
    });
    if (lane == terms.end())
      continue;
    lane->source = ThreadTerm::ThreadId;
    lane->idMask |= w.idMask << laneIdBits;
    w.idMask = 0;
  }
  llvm::erase_if(terms, [](const ThreadTerm &t) { return !t.idMask; });
  return terms;
}

const AddressMap &Emitter::scaled(const AddressMap &map, int shift) {
  if (shift == 0)
    return map;
  std::unique_ptr<AddressMap> &slot = scaledMaps[{&map, shift}];
  if (!slot) {
    slot = std::make_unique<AddressMap>(map);
    for (SmallVector<uint64_t> *cols : {&slot->reg, &slot->lane, &slot->warp})
      for (uint64_t &c : *cols)
        c <<= shift;
  }
  return *slot;
}

int64_t Emitter::addressShifts(const AddressMap &map, int shift,
                               int elementBytesLog2, int registerBits,
                               int laneIdBits,
                               llvm::function_ref<bool(int64_t)> keep,
                               uint64_t offsetMask) {
  int64_t shifts = 0;
  for (const ThreadTerm &t :
       laneIdBits >= 0 ? threadTerms(map, laneIdBits) : threadTermsInRuns(map))
    shifts += !t.column && t.shift + shift != 0;
  if (shift == 0 && elementBytesLog2 > 0) {
    llvm::DenseSet<uint64_t> bases;
    uint64_t threadBits = map.threadMask();
    for (int64_t k = 0; k < (int64_t(1) << registerBits); ++k)
      if (keep(k))
        bases.insert(map.registerValue(uint64_t(k)) & offsetMask & threadBits);
    shifts += int64_t(bases.size());
  }
  return shifts;
}

/// True where `v` is defined in a region of `op`.
static bool definedInside(Value v, Operation *op) {
  return op->isAncestor(v.getParentBlock()->getParentOp());
}

Value Emitter::threadPart(const AddressMap &map, Value lane, Value warp) {
  // Above the round branches around the insertion point (see
  // roundBranches): the rounds' branches share one computation. Not above
  // one that defines the lane or the warp.
  OpBuilder::InsertionGuard guard(b);
  Operation *outermost = nullptr;
  for (Operation *parent = b.getInsertionBlock()->getParentOp();
       parent && roundBranches.contains(parent) &&
       !definedInside(lane, parent) && !definedInside(warp, parent);
       parent = parent->getBlock()->getParentOp())
    outermost = parent;
  if (outermost)
    b.setInsertionPoint(outermost);
  // Rounds reuse their maps: one computation per block (insertion only
  // moves forward within a block, so the first one dominates the rest).
  auto key = std::make_tuple(&map, b.getInsertionBlock(), lane, warp);
  auto it = threadParts.find(key);
  if (it != threadParts.end())
    return it->second;
  Value result = computeThreadPart(map, lane, warp);
  threadParts[key] = result;
  return result;
}

Value Emitter::computeThreadPart(const AddressMap &map, Value lane,
                                 Value warp) {
  // Lane and warp as bits of one thread id where laneAndWarp made them for
  // a target that groups address terms: then a lane bit and a warp bit that
  // move by the same distance share a term. Else runs of bits, XORed.
  auto id = threadIds.find({lane, warp});
  bool grouped = id != threadIds.end();
  SmallVector<std::pair<Value, uint64_t>> terms;
  Value xored; // without groups: the terms XORed as they come
  auto add = [&](Value term, uint64_t mask) {
    if (grouped)
      terms.push_back({term, mask});
    else
      xored = xored ? Value(LLVM::XOrOp::create(b, loc, xored, term)) : term;
  };
  for (const ThreadTerm &t :
       grouped ? threadTerms(map, id->second.second) : threadTermsInRuns(map)) {
    Value source = t.source == ThreadTerm::Lane   ? lane
                   : t.source == ThreadTerm::Warp ? warp
                                                  : id->second.first;
    if (t.column) {
      // A column of several bits (a swizzle): the id bit times the column.
      int bit = int(llvm::Log2_64(t.idMask));
      Value v = source;
      if (bit)
        v = LLVM::LShrOp::create(b, loc, v, index(bit));
      v = LLVM::AndOp::create(b, loc, v, index(1));
      add(LLVM::MulOp::create(b, loc, v, index(int64_t(t.column))), t.column);
      continue;
    }
    // The id bits that move by one distance: masked, then shifted left, or
    // shifted right, then masked.
    uint64_t mask = t.shift >= 0 ? t.idMask << t.shift : t.idMask >> -t.shift;
    Value v;
    if (t.shift >= 0) {
      v = LLVM::AndOp::create(b, loc, source, index(int64_t(t.idMask)));
      if (t.shift > 0)
        v = LLVM::ShlOp::create(b, loc, v, index(t.shift));
    } else {
      v = LLVM::LShrOp::create(b, loc, source, index(-t.shift));
      v = LLVM::AndOp::create(b, loc, v, index(int64_t(mask)));
    }
    add(v, mask);
  }
  if (!grouped)
    return xored ? xored : index(0);
  if (terms.empty())
    return index(0);
  // XOR over the terms. Terms whose masks are disjoint are ORed instead
  // (`or disjoint`): the same value, and an OR fuses with its operands'
  // shifts and masks (AMD's v_or3_b32, v_lshl_or_b32, v_and_or_b32) where an
  // XOR does not. Groups of pairwise disjoint terms, first fit in term
  // order; only the groups are XORed.
  SmallVector<std::pair<Value, uint64_t>> groups;
  for (auto [term, mask] : terms) {
    auto *group = llvm::find_if(
        groups, [&, m = mask](const auto &g) { return !(g.second & m); });
    if (group == groups.end()) {
      groups.push_back({term, mask});
      continue;
    }
    auto joined = LLVM::OrOp::create(b, loc, group->first, term);
    joined.setIsDisjoint(true);
    *group = {joined, group->second | mask};
  }
  Value acc = groups.front().first;
  for (const auto &group : llvm::drop_begin(groups))
    acc = LLVM::XOrOp::create(b, loc, acc, group.first);
  return acc;
}

Value Emitter::combine(const AddressMap &map, Value threadValue,
                       uint64_t constant) {
  if (constant == 0)
    return threadValue;
  Value k = index(int64_t(constant));
  if (map.additive())
    return LLVM::AddOp::create(b, loc, threadValue, k);
  return LLVM::XOrOp::create(b, loc, threadValue, k);
}

Value Emitter::address(Value base, Type elementType, const AddressMap &map,
                       Value threadValue, uint64_t constant,
                       llvm::DenseMap<uint64_t, Value> &bases) {
  uint64_t threadBits = map.threadMask();
  uint64_t overlap = constant & threadBits;
  uint64_t rest = constant & ~threadBits;
  auto it = bases.find(overlap);
  if (it == bases.end()) {
    Value swizzled = overlap
                         ? Value(LLVM::XOrOp::create(b, loc, threadValue,
                                                     index(int64_t(overlap))))
                         : threadValue;
    it = bases.try_emplace(overlap, offsetPointer(base, elementType, swizzled))
             .first;
  }
  if (!rest)
    return it->second;
  return gep(it->second, elementType, index(int64_t(rest)));
}

/// Address spaces whose pointers are 64-bit on every target: generic and
/// global (shared is 32-bit on AMD and, with short pointers, on NVIDIA).
static bool hasWidePointers(Value base) {
  auto type = llvm::dyn_cast<LLVM::LLVMPointerType>(base.getType());
  return type && (type.getAddressSpace() == 0 || type.getAddressSpace() == 1);
}

Value Emitter::offsetPointer(Value base, Type elementType, Value offset) {
  if (!hasWidePointers(base) || offset.getType() != b.getI32Type())
    return gep(base, elementType, offset);
  // An address map's offsets are non-negative and, in bytes, below 2^31 (a
  // tile has at most 2^22 elements: 4,096 registers in each of at most 1,024
  // threads, both checked by getThreadLayout).
  // A 32-bit GEP index would be sign-extended: one more instruction, and on
  // AMD it hides the 32-bit byte offset that a global access takes beside a
  // scalar base (`global_load v, voffset, s[base]`).
  Type byteType = b.getI8Type();
  if (!wideByteOffsets) {
    auto wide = LLVM::ZExtOp::create(b, loc, b.getI64Type(), offset);
    wide.setNonNeg(true);
    return gep(base, elementType, wide);
  }
  if (elementType != byteType) {
    unsigned bits = elementType.getIntOrFloatBitWidth();
    auto scaled =
        LLVM::ShlOp::create(b, loc, offset, index(llvm::Log2_64(bits / 8)));
    scaled.setOverflowFlags(LLVM::IntegerOverflowFlags::nuw |
                            LLVM::IntegerOverflowFlags::nsw);
    offset = scaled;
  }
  auto wide = LLVM::ZExtOp::create(b, loc, b.getI64Type(), offset);
  wide.setNonNeg(true);
  return gep(base, byteType, wide);
}

Value Emitter::gep(Value base, Type elementType, Value offset) {
  return LLVM::GEPOp::create(b, loc, base.getType(), elementType, base,
                             ArrayRef<LLVM::GEPArg>{offset});
}

Type Emitter::memoryType(Type elementType, int64_t count, int bits) {
  int64_t total = count * bits;
  if (count == 1)
    return elementType;
  if (bits >= 32)
    return VectorType::get({count}, elementType);
  if (total < 32)
    return b.getIntegerType(unsigned(total));
  if (total == 32)
    return b.getI32Type();
  return VectorType::get({total / 32}, b.getI32Type());
}

SmallVector<Value> Emitter::load(Value ptr, Type elementType, int64_t count,
                                 int bits, const GPUTargetHooks *lineLoads) {
  Type memType = memoryType(elementType, count, bits);
  unsigned align = unsigned(count * bits / 8);
  Value word = lineLoads
                   ? lineLoads->createLineLoad(b, loc, memType, ptr, align)
                   : Value(LLVM::LoadOp::create(b, loc, memType, ptr, align));
  if (count == 1)
    return {word};
  return elementsOf(word, elementType, count);
}

SmallVector<Value> Emitter::elementsOf(Value word, Type elementType,
                                       int64_t count) {
  auto vecType = VectorType::get({count}, elementType);
  Value vec = word.getType() == vecType
                  ? word
                  : Value(LLVM::BitcastOp::create(b, loc, vecType, word));
  SmallVector<Value> elems;
  for (int64_t e = 0; e < count; ++e)
    elems.push_back(LLVM::ExtractElementOp::create(
        b, loc, vec, constant(b.getI32Type(), e)));
  return elems;
}

void Emitter::store(Value ptr, Type elementType, ArrayRef<Value> elems,
                    int bits) {
  int64_t count = int64_t(elems.size());
  unsigned align = unsigned(count * bits / 8);
  if (count == 1) {
    LLVM::StoreOp::create(b, loc, elems[0], ptr, align);
    return;
  }
  Type memType = memoryType(elementType, count, bits);
  if (bits == 8 && count % 4 == 0 && !isAlignedSlice(elems)) {
    // Byte permutes only where every word of the store takes one. Words
    // that are loaded words as they are go whole on every target: from
    // byte inserts, NVPTX took each byte of a loaded vector's upper words
    // out and put it back (docs/lowering.md, "Stores of loaded words").
    SmallVector<WordSources> sources;
    bool wholeWords = true;
    for (int64_t w = 0; w < count / 4; ++w) {
      std::optional<WordSources> word = wordSources(elems.slice(4 * w, 4));
      if (!word)
        break;
      wholeWords &= word->isWhole();
      sources.push_back(std::move(*word));
    }
    if (int64_t(sources.size()) == count / 4 && (bytePacker || wholeWords)) {
      SmallVector<Value> words;
      for (int64_t w = 0; w < count / 4; ++w)
        words.push_back(packWord(elems.slice(4 * w, 4), sources[w]));
      Value word = words.size() == 1 ? words.front() : vector(words);
      LLVM::StoreOp::create(b, loc, word, ptr, align);
      return;
    }
  }
  if (bits == 8 && count == 2 && bytePacker && !isAlignedSlice(elems)) {
    // A pair of bytes from at most two loaded words: the low half of one
    // byte permute. NVPTX otherwise takes each byte out into a register of
    // its own and packs the pair (docs/lowering.md, "Byte pairs").
    if (std::optional<WordSources> sources = wordSources(elems)) {
      Value word = packWord(elems, *sources);
      LLVM::StoreOp::create(b, loc,
                            LLVM::TruncOp::create(b, loc, b.getI16Type(), word),
                            ptr, align);
      return;
    }
  }
  auto vecType = VectorType::get({count}, elementType);
  Value vec = vector(elems);
  Value word = memType == vecType
                   ? vec
                   : Value(LLVM::BitcastOp::create(b, loc, memType, vec));
  LLVM::StoreOp::create(b, loc, word, ptr, align);
}

std::optional<int64_t> constantIndex(Value value) {
  APInt index;
  if (!matchPattern(value, m_ConstantInt(&index)))
    return std::nullopt;
  return index.getSExtValue();
}

std::optional<std::pair<Value, int64_t>> extractedElement(Value value) {
  auto extract = value.getDefiningOp<LLVM::ExtractElementOp>();
  std::optional<int64_t> index =
      extract ? constantIndex(extract.getPosition()) : std::nullopt;
  if (!index)
    return std::nullopt;
  return std::make_pair(extract.getVector(), *index);
}

bool isAlignedSlice(ArrayRef<Value> elems) {
  auto first = extractedElement(elems.front());
  return first && first->second % int64_t(elems.size()) == 0 &&
         llvm::all_of(llvm::enumerate(elems), [&](auto e) {
           auto at = extractedElement(e.value());
           return at && at->first == first->first &&
                  at->second == first->second + int64_t(e.index());
         });
}

/// Whether `pair`, two bytes, is a 16-bit load from global memory: a word of
/// its own. (Two-byte loads from shared memory that LLVM merges into wider
/// ones are halves of words, which a byte permute would first extract.)
static bool isGlobalHalfWord(Value pair) {
  Value loaded = pair;
  if (auto cast = pair.getDefiningOp<LLVM::BitcastOp>())
    loaded = cast.getArg();
  auto load = loaded.getDefiningOp<LLVM::LoadOp>();
  return load && hasWidePointers(load.getAddr());
}

std::optional<Emitter::WordSources>
Emitter::wordSources(ArrayRef<Value> bytes) {
  // The (vector, word) each byte comes from: a vector of 2 bytes (a 16-bit
  // load) is one word's low half, a vector of 4k bytes is k words.
  WordSources sources;
  for (auto [k, byte] : llvm::enumerate(bytes)) {
    auto at = extractedElement(byte);
    // An element of a slice (Emitter::vector's shufflevector of one vector)
    // is an element of the vector it was sliced from.
    while (at) {
      auto slice = at->first.getDefiningOp<LLVM::ShuffleVectorOp>();
      if (!slice || slice.getV1() != slice.getV2() ||
          slice.getMask()[at->second] < 0)
        break;
      at = std::make_pair(slice.getV1(), int64_t(slice.getMask()[at->second]));
    }
    auto type =
        at ? llvm::dyn_cast<VectorType>(at->first.getType()) : VectorType();
    if (!type || (type.getNumElements() % 4 &&
                  !(type.getNumElements() == 2 && isGlobalHalfWord(at->first))))
      return std::nullopt;
    std::pair<Value, int64_t> word{at->first, at->second / 4};
    auto *it = llvm::find(sources.words, word);
    if (it == sources.words.end()) {
      if (sources.words.size() == 2)
        return std::nullopt;
      sources.words.push_back(word);
      it = sources.words.end() - 1;
    }
    sources.nibbles |=
        uint32_t((it - sources.words.begin()) * 4 + at->second % 4) << (4 * k);
  }
  return sources;
}

Value Emitter::packWord(ArrayRef<Value> bytes, const WordSources &sources) {
  Type i32 = b.getI32Type();
  if (isAlignedSlice(bytes))
    return LLVM::BitcastOp::create(b, loc, i32, vector(bytes));
  auto wordOf = [&](std::pair<Value, int64_t> source) -> Value {
    auto type = llvm::cast<VectorType>(source.first.getType());
    if (type.getNumElements() == 2)
      return LLVM::ZExtOp::create(
          b, loc, i32,
          LLVM::BitcastOp::create(b, loc, b.getI16Type(), source.first));
    auto words = VectorType::get({type.getNumElements() / 4}, i32);
    return LLVM::ExtractElementOp::create(
        b, loc, LLVM::BitcastOp::create(b, loc, words, source.first),
        constant(i32, source.second));
  };
  Value lo = wordOf(sources.words.front());
  // The bytes of one loaded word in order: that word, without a permute.
  if (sources.isWhole())
    return lo;
  Value hi = sources.words.size() == 2 ? wordOf(sources.words.back()) : lo;
  return bytePacker->createBytePermute(
      b, loc, lo, hi,
      constant(i32, bytePacker->bytePermuteSelector(sources.nibbles)));
}

Value Emitter::vector(ArrayRef<Value> elems) {
  int64_t count = int64_t(elems.size());
  auto vecType = VectorType::get({count}, elems.front().getType());
  // Consecutive elements of one vector (registers a vector load gave): that
  // vector itself, or the slice of it.
  if (isAlignedSlice(elems)) {
    auto first = extractedElement(elems.front());
    if (first->first.getType() == vecType)
      return first->first;
    SmallVector<int32_t> mask;
    for (int64_t e = 0; e < count; ++e)
      mask.push_back(int32_t(first->second + e));
    return LLVM::ShuffleVectorOp::create(b, loc, first->first, first->first,
                                         mask);
  }
  Value vec = poison(vecType);
  for (auto [e, elem] : llvm::enumerate(elems))
    vec = LLVM::InsertElementOp::create(b, loc, vec, elem,
                                        constant(b.getI32Type(), int64_t(e)));
  return vec;
}

SmallVector<Value> Emitter::unpack(Value structValue, int64_t n) {
  SmallVector<Value> values(n);
  for (Value v = structValue;
       auto insert = v.getDefiningOp<LLVM::InsertValueOp>();
       v = insert.getContainer()) {
    ArrayRef<int64_t> position = insert.getPosition();
    if (position.size() == 1 && position[0] >= 0 && position[0] < n &&
        !values[position[0]])
      values[position[0]] = insert.getValue();
  }
  for (int64_t i = 0; i < n; ++i)
    if (!values[i])
      values[i] = LLVM::ExtractValueOp::create(b, loc, structValue,
                                               ArrayRef<int64_t>{i});
  return values;
}

Value Emitter::pack(Type structType, ArrayRef<Value> values) {
  Value result = LLVM::PoisonOp::create(b, loc, structType);
  for (size_t i = 0; i < values.size(); ++i)
    result = LLVM::InsertValueOp::create(b, loc, result, values[i],
                                         ArrayRef<int64_t>{int64_t(i)});
  return result;
}

/// Whether a warp's vector loads from a contiguous tile (element offsets
/// `col`) read whole 32-byte sectors but not whole 128-byte lines, and the
/// block reads the rest of those lines: then fetching whole lines into L2
/// at the first miss serves the block's later accesses to them
/// (docs/lowering.md "Global loads"). Over F2: the bytes one load
/// instruction of a warp touches are an affine space whose direction is
/// spanned by the vector's own byte bits and the lanes' offsets; a sector
/// (line) is whole iff byte bits 0-4 (0-6) lie in that span.
static bool readsPartialLines(const AddressMap &col, const VectorShape &vec,
                              int bits) {
  if (bits < 8)
    return false;
  int byteShift = llvm::Log2_32(unsigned(bits / 8));
  int vectorBytesLog2 = byteShift + int(vec.bits.size());
  // Byte offsets: the vector's own bytes, then the columns shifted.
  F2Vectors vectorBytes, laneBytes, otherBytes;
  for (int i = 0; i < vectorBytesLog2; ++i)
    vectorBytes.push_back(uint64_t(1) << i);
  for (uint64_t c : col.lane)
    laneBytes.push_back(c << byteShift);
  for (uint64_t c : concat({col.reg, col.warp}))
    otherBytes.push_back(c << byteShift);
  F2Subspace warpSpan(concat({vectorBytes, laneBytes}));
  F2Subspace blockSpan(concat({vectorBytes, laneBytes, otherBytes}));
  bool wholeSectors = true, wholeLines = true, blockLines = true;
  for (int i = 0; i < 7; ++i) {
    bool inWarp = warpSpan.contains(uint64_t(1) << i);
    (i < 5 ? wholeSectors : wholeLines) &= inWarp;
    blockLines &= blockSpan.contains(uint64_t(1) << i);
  }
  return wholeSectors && !wholeLines && blockLines;
}

/// Loads every register of `tl` (values[k]) from `base` + offset(k), where

namespace {
/// The addresses of one access's registers: `base` + offset(k), with
/// offset(k) = row(k) * rowStride + col(k) (no rows: col(k)). The thread
/// parts are computed once, column first.
struct RegisterAddresses {
  RegisterAddresses(Emitter &em, Value base, Type elementType,
                    const AddressMap &col, const AddressMap *row,
                    Value rowStride, Value lane, Value warp)
      : em(em), base(base), shift(row ? 0 : em.sharedByteShift),
        elementType(shift ? em.b.getI8Type() : elementType),
        col(em.scaled(col, shift)), row(row), rowStride(rowStride),
        colThread(em.threadPart(this->col, lane, warp)),
        rowThread(row ? em.threadPart(*row, lane, warp) : Value()) {}

  /// The address of the register whose constant parts are row `r` and
  /// column `c`.
  Value at(uint64_t r, uint64_t c) {
    if (!row)
      return em.address(base, elementType, col, colThread, c << shift, bases);
    Value rowValue = em.combine(*row, rowThread, r);
    Value offset = LLVM::AddOp::create(
        em.b, em.loc, LLVM::MulOp::create(em.b, em.loc, rowValue, rowStride),
        em.combine(col, colThread, c));
    return em.gep(base, elementType, offset);
  }

  Emitter &em;
  Value base;
  int shift;
  Type elementType;
  const AddressMap &col;
  const AddressMap *row;
  Value rowStride, colThread, rowThread;
  llvm::DenseMap<uint64_t, Value> bases;
};
} // namespace

/// Whether warp barriers between the line groups of `registers` (in access
/// order; a group is the registers that agree outside `lineBits`) separate
/// anything: there are several groups and one of them has more than one
/// access (docs/lowering.md, "Barriers between line groups").
static bool lineGroupsToSeparate(ArrayRef<int64_t> registers,
                                 uint64_t lineBits) {
  llvm::SmallDenseMap<uint64_t, int> perGroup;
  bool several = false;
  for (int64_t k : registers)
    several |= ++perGroup[uint64_t(k) & ~lineBits] > 1;
  return several && perGroup.size() > 1;
}

/// "lane bit 0", "warp bits 0, 1": the bits set in `mask`.
static std::string describeBits(StringRef what, uint64_t mask) {
  SmallVector<std::string> bits;
  for (uint64_t rest = mask; rest; rest &= rest - 1)
    bits.push_back(std::to_string(llvm::countr_zero(rest)));
  return (what + (bits.size() == 1 ? " bit " : " bits ") +
          llvm::join(bits, ", "))
      .str();
}

namespace {
/// Emits the barrier between two line groups of a load's or a store's
/// accesses (the warp's, or the block's where `blockWide`): before an
/// access whose group differs from the previous one's. A null target emits
/// nothing.
struct LineGroupBarriers {
  const GPUTargetHooks *target;
  uint64_t lineBits;
  std::optional<uint64_t> lastGroup;
  /// The block's barrier instead of the warp's: every warp issues each
  /// group together (docs/lowering.md, "Block barriers between line
  /// groups").
  bool blockWide = false;
  /// The lanes that run the stores where a branch on free lane bits leaves
  /// the others out: the warp barrier names them (createLanesBarrier).
  std::optional<uint64_t> lanes;

  /// The barriers emitted so far.
  int emitted = 0;

  /// The thread bits each line group's stores are taken apart on, a
  /// barrier (the block's where `blockWide`) between two phases
  /// (docs/lowering.md, "Store phases", "Warp phases"), and the groups so
  /// taken apart.
  StorePhases phases;
  int phasedGroups = 0;

  /// Whether the warp barriers are marked for sinkLoadsIntoLineGroups (a
  /// store's, of elements of 16 bits or more).
  bool sinkLoads = false;

  /// The line group of register `k`: its bits outside `lineBits`.
  uint64_t groupOf(int64_t k) const { return uint64_t(k) & ~lineBits; }

  void beforeAccess(Emitter &em, int64_t k) {
    uint64_t group = groupOf(k);
    if (lastGroup && *lastGroup != group)
      separate(em);
    lastGroup = group;
  }

  /// Emits one barrier: the block's where `blockWide`, else the warp's;
  /// nothing without a target.
  void separate(Emitter &em) {
    if (!target)
      return;
    if (blockWide) {
      target->createBarrier(em.b, em.loc);
    } else {
      Operation *made = lanes ? target->createLanesBarrier(em.b, em.loc, *lanes)
                              : target->createWarpBarrier(em.b, em.loc);
      if (sinkLoads)
        made->setAttr(kLineGroupBarrierAttr, em.b.getUnitAttr());
    }
    ++emitted;
  }

  /// Says what was emitted, as an optimization remark of category
  /// ll-lowering ("line-barriers") at the access's op, which stands in
  /// `block`: `access` is "load" or "store".
  void remark(Emitter &em, Block *block, StringRef access) const {
    if (!emitted)
      return;
    remark::detail::InFlightRemark remark =
        remark::passed(em.loc, loweringRemarkOpts("line-barriers", block));
    if (!remark)
      return;
    std::string why =
        std::to_string(emitted) + (blockWide ? " block" : " warp") +
        (emitted == 1 ? " barrier" : " barriers") + " between the ";
    if (phases.count() > 1) {
      std::string count = std::to_string(phases.count());
      if (phasedGroups == 1)
        why += count + " phases of the global " + access.str() +
               "'s 128-byte line group";
      else
        why += std::to_string(phasedGroups) +
               " 128-byte line groups of the global " + access.str() +
               " and between the " + count + " phases of each";
      SmallVector<std::string> bitNames;
      if (phases.lanes)
        bitNames.push_back(describeBits("lane", phases.lanes));
      if (phases.warps)
        bitNames.push_back(describeBits("warp", phases.warps));
      why += " (in each phase, only the threads of one value of " +
             llvm::join(bitNames, " and ") + " store), so that ";
      why += blockWide ? "the block's writes between two barriers span few "
                         "lines and each phase's accesses are issued together"
                       : "each store instruction writes few 32-byte "
                         "sectors and the warp's partial writes to a sector "
                         "follow each other";
    } else {
      why += "128-byte line groups of the global " + access.str() +
             ", so that each group's accesses are issued together";
    }
    if (blockWide)
      why += " by all warps: the warps write parts of the same 32-byte "
             "sectors, which L1 then merges";
    remark << remark::detail::Remark::Arg("Reason", why);
  }
};
} // namespace

void loadRegisters(Emitter &em, Value base, Type elementType, int bits,
                   const ThreadLayout &tl, MutableArrayRef<Value> values,
                   const AddressMap &col, const AddressMap *row,
                   Value rowStride, Value lane, Value warp, int64_t maxVector,
                   llvm::function_ref<bool(int64_t)> keep, uint64_t offsetMask,
                   const GPUTargetHooks *globalTarget, bool fenceLines) {
  VectorShape vec = findVector(col, row, maxVector);
  const GPUTargetHooks *lineLoads =
      globalTarget && !row && readsPartialLines(col, vec, bits) ? globalTarget
                                                                : nullptr;
  RegisterAddresses addresses(em, base, elementType, col, row, rowStride, lane,
                              warp);
  llvm::DenseMap<std::pair<uint64_t, uint64_t>, SmallVector<Value>> loaded;
  SmallVector<int64_t> order;
  for (int64_t k = 0; k < tl.numRegisters(); ++k)
    if (isVectorBase(vec, k) && keep(k))
      order.push_back(k);
  uint64_t lineBits = 0;
  if (globalTarget)
    lineBits = sortInLineOrder(order, col, row, bits);
  // Line groups, as storeRegisters fences them: the assembler otherwise
  // issues the loads in the order their values are used, which interleaves
  // the lines (halves of one sector requested apart, docs/lowering.md
  // "Barriers between line groups"). Where a group reads a line in several
  // loads of whole 32-bit words: narrower loads are packed into words in
  // pairs from different lines, which the barrier would hold apart; and
  // only `fenceLines` (LoweringState::fencedTileLoads: where nothing would
  // wait at the barriers). Not where lanes or warps repeat each other's
  // elements: their loads read the same lines again, and the barriers only
  // hold all of a thread's values live before its first use (held-out-4
  // #005, 146 registers instead of 128; docs/lowering.md, "Barriers
  // between line groups"). A global tile load has every thread of the warp
  // (no ll op runs under a branch on the lane).
  LineGroupBarriers barriers{nullptr, lineBits, std::nullopt};
  ThreadLayout::FreeThreadBits repeated = tl.freeThreadBits();
  if (fenceLines && globalTarget && int64_t(bits) * vec.elements() >= 32 &&
      !repeated.lanes && !repeated.warps) {
    // The registers actually loaded: one per distinct address.
    llvm::DenseSet<std::pair<uint64_t, uint64_t>> distinct;
    SmallVector<int64_t> loads;
    for (int64_t k : order)
      if (distinct.insert(registerOffsets(col, row, offsetMask, k)).second)
        loads.push_back(k);
    if (lineGroupsToSeparate(loads, lineBits))
      barriers.target = globalTarget;
  }
  for (int64_t k : order) {
    auto key = registerOffsets(col, row, offsetMask, k);
    auto it = loaded.find(key);
    if (it == loaded.end()) {
      barriers.beforeAccess(em, k);
      it = loaded
               .try_emplace(key, em.load(addresses.at(key.first, key.second),
                                         elementType, vec.elements(), bits,
                                         lineLoads))
               .first;
    }
    for (int64_t e = 0; e < vec.elements(); ++e)
      values[vectorRegister(vec, k, e)] = it->second[e];
  }
  barriers.remark(em, em.b.getInsertionBlock(), "load");
}

/// The instructions whose results `value` is made of: its definition, seen
/// through the ops that only pick or reinterpret bits (extracts, bitcasts,
/// truncations and extensions, shifts, selects between two sources), so
/// that the halves of one shuffled word or the elements of one loaded
/// vector name the same producer. Also through the arith casts a
/// register-wise elementwise op leaves before ll-finalize-nvvm, and a
/// comparison with a constant: a mask's bytes reach its store through a
/// compare with 0 and an extui (docs/lowering.md, "Masks").
static void collectProducers(Value value,
                             llvm::SmallPtrSetImpl<Operation *> &producers,
                             int depth = 0) {
  Operation *op = value.getDefiningOp();
  if (!op)
    return;
  if (depth > 8) {
    producers.insert(op);
    return;
  }
  if (auto extract = dyn_cast<LLVM::ExtractValueOp>(op)) {
    Value container = extract.getContainer();
    while (auto insert = container.getDefiningOp<LLVM::InsertValueOp>()) {
      if (insert.getPosition() == extract.getPosition())
        return collectProducers(insert.getValue(), producers, depth + 1);
      container = insert.getContainer();
    }
    // A small aggregate is one instruction's results (ldmatrix: four
    // words); a whole tile from elsewhere (a loop's result, a value not
    // yet converted) names no instruction.
    auto aggregate = dyn_cast<LLVM::LLVMStructType>(container.getType());
    if (Operation *def = container.getDefiningOp();
        def && aggregate && aggregate.getBody().size() <= 4)
      producers.insert(def);
    return;
  }
  if (auto select = dyn_cast<LLVM::SelectOp>(op)) {
    collectProducers(select.getTrueValue(), producers, depth + 1);
    collectProducers(select.getFalseValue(), producers, depth + 1);
    return;
  }
  if (isa<LLVM::ExtractElementOp, LLVM::BitcastOp, LLVM::TruncOp, LLVM::ZExtOp,
          LLVM::LShrOp, arith::TruncIOp, arith::ExtUIOp, arith::ExtSIOp,
          arith::BitcastOp>(op))
    return collectProducers(op->getOperand(0), producers, depth + 1);
  // A mask's byte back to i1 (byte != 0, WidenMasks.cpp).
  if (auto compare = dyn_cast<arith::CmpIOp>(op);
      compare && matchPattern(compare.getRhs(), m_Constant()))
    return collectProducers(compare.getLhs(), producers, depth + 1);
  if (!isa<UnrealizedConversionCastOp>(op))
    producers.insert(op);
}

void storeRegisters(Emitter &em, Value base, Type elementType, int bits,
                    const ThreadLayout &tl, ArrayRef<Value> values,
                    const AddressMap &col, const AddressMap *row,
                    Value rowStride, Value lane, Value warp, int64_t maxVector,
                    llvm::function_ref<bool(int64_t)> keep, uint64_t offsetMask,
                    StoreOrder storeOrder,
                    const SmallVector<std::pair<int, int>> *wholeShares) {
  // Broadcast: a thread whose free lane or warp bits are set holds only
  // elements that the thread with those bits cleared also holds, so only
  // threads with all free bits clear store (each element once).
  auto [freeLanes, freeWarps] = tl.freeThreadBits();
  StoreSchedule schedule = scheduleStores(col, row, bits, maxVector, freeWarps,
                                          keep, offsetMask, storeOrder);
  const VectorShape &vec = schedule.vec;
  ArrayRef<int64_t> order = schedule.order;
  ArrayRef<std::pair<int, int>> split =
      wholeShares ? ArrayRef(*wholeShares) : ArrayRef(schedule.split);
  auto registerAddress = [&](int64_t k) {
    return registerOffsets(col, row, offsetMask, k);
  };

  // Line groups: the stores whose registers agree outside the line bits
  // write the same 128-byte lines. A warp barrier between two groups keeps
  // the assembler from interleaving their writes, where a group has
  // several. Under the branch on free lane bits (only the lanes with those
  // bits clear store), the barrier names those lanes, where the target has
  // such a barrier.
  LineGroupBarriers barriers{nullptr, schedule.lineBits, std::nullopt};
  if (em.lineFence && storeOrder == StoreOrder::Lines &&
      (!freeLanes || em.lineFence->hasLanesBarrier())) {
    // Only for values that arrive: made by instructions with a latency
    // (loads, shuffles), which the assembler follows with each store as
    // soon as its value is there, interleaving the groups. Values computed
    // in registers (a loop's result, arithmetic) keep the stores' order
    // without the barrier, which then only constrains the schedule.
    bool arrives = false;
    // Of loads, only those from shared memory: a global load's values
    // arrive in the order of the loads, which the stores follow (a tile
    // stored as it was loaded measured no faster with the barrier).
    unsigned shared = em.lineFence->getSharedAddressSpace();
    auto exchanges = [shared](Operation *op) {
      if (auto load = dyn_cast<LLVM::LoadOp>(op))
        return load.getAddr().getType().getAddressSpace() == shared;
      return !isPure(op);
    };
    for (int64_t k : order)
      for (int64_t e = 0; e < vec.elements() && !arrives; ++e) {
        llvm::SmallPtrSet<Operation *, 4> producers;
        collectProducers(values[vectorRegister(vec, k, e)], producers);
        arrives = llvm::any_of(producers, exchanges);
      }
    // Warps that write parts of the same sectors keep in step at the
    // groups' boundaries, and take each group apart into phases that span
    // few lines. Only where every warp stores here: free warp bits, or
    // shares handed in by the caller, put the stores under a branch on the
    // warp. Like a conversion through shared memory, the store runs on the
    // whole block (docs/dialect.md, "Who runs an op").
    std::optional<StorePhases> merged;
    if (arrives && !freeLanes && !freeWarps && !wholeShares && split.empty())
      merged = mergedStorePhases(col, row, bits, vec.elements(),
                                 int64_t(order.size()));
    // Elsewhere (no warps sharing a sector, or the stores under a branch
    // on the warp) each warp takes its own instructions apart into phases
    // that write few sectors, a warp barrier between two.
    std::optional<StorePhases> own;
    if (arrives && !merged)
      own = warpStorePhases(col, row, bits, vec.elements(),
                            int64_t(order.size()));
    if (arrives &&
        (lineGroupsToSeparate(order, schedule.lineBits) ||
         (merged && merged->count() > 1) || (own && own->count() > 1))) {
      barriers.target = em.lineFence;
      if (freeLanes) {
        uint64_t storing = 0;
        for (uint64_t l = 0; l < (uint64_t(1) << tl.laneBits); ++l)
          if (!(l & freeLanes))
            storing |= uint64_t(1) << l;
        barriers.lanes = storing;
      }
      // The loads that feed the stores move into the line groups after
      // the conversion (sinkLoadsIntoLineGroups), except for 8-bit
      // elements: four to a register, their loads hold few registers
      // across the groups, and sinking them exposed the loads' latency
      // (docs/lowering.md, "Loads into line groups").
      barriers.sinkLoads = bits >= 16;
      if (merged) {
        barriers.blockWide = true;
        barriers.phases = *merged;
      } else if (own) {
        barriers.phases = *own;
      }
    }
  }

  OpBuilder::InsertionGuard guard(em.b);
  Block *block = em.b.getInsertionBlock();
  Block::iterator point = em.b.getInsertionPoint();
  auto inPattern = [&](int64_t k, uint64_t pattern) {
    return llvm::all_of(llvm::enumerate(split), [&](auto e) {
      return ((uint64_t(k) >> e.value().second) & 1) ==
             ((pattern >> e.index()) & 1);
    });
  };
  for (uint64_t pattern = 0; pattern < (uint64_t(1) << split.size());
       ++pattern) {
    // A share that `keep` left without registers: no branch.
    if (llvm::none_of(order, [&](int64_t k) { return inPattern(k, pattern); }))
      continue;
    // Each subset's branch before `point`: after the previous one.
    em.b.setInsertionPoint(block, point);
    uint64_t warpValue = 0;
    for (auto [i, pair] : llvm::enumerate(split))
      if ((pattern >> i) & 1)
        warpValue |= uint64_t(1) << pair.first;
    if (freeLanes || freeWarps) {
      // The free lane bits must be clear, the free warp bits equal
      // warpValue: one compare of (lane & freeLanes) | (warp & freeWarps)
      // << laneBits (not shifted where warpValue is 0).
      int shift = split.empty() ? 0 : tl.laneBits;
      Value warpPart =
          LLVM::AndOp::create(em.b, em.loc, warp, em.index(int64_t(freeWarps)));
      if (shift)
        warpPart = LLVM::ShlOp::create(em.b, em.loc, warpPart,
                                       em.index(int64_t(shift)));
      Value free = LLVM::OrOp::create(
          em.b, em.loc,
          LLVM::AndOp::create(em.b, em.loc, lane, em.index(int64_t(freeLanes))),
          warpPart);
      Value owner =
          LLVM::ICmpOp::create(em.b, em.loc, LLVM::ICmpPredicate::eq, free,
                               em.index(int64_t(warpValue << shift)));
      auto ifOp = scf::IfOp::create(em.b, em.loc, owner, /*withElse=*/false);
      // One branch (no shares beside it) of a store in rounds: the
      // rounds' branches have the same thread parts.
      if (split.empty() && em.storesInRounds)
        em.roundBranches.insert(ifOp);
      em.b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    }
    RegisterAddresses addresses(em, base, elementType, col, row, rowStride,
                                lane, warp);
    llvm::DenseSet<std::pair<uint64_t, uint64_t>> stored;
    SmallVector<int64_t> stores;
    for (int64_t k : order)
      if (inPattern(k, pattern) && stored.insert(registerAddress(k)).second)
        stores.push_back(k);
    auto storeRegister = [&](int64_t k, Value address) {
      SmallVector<Value> elems;
      for (int64_t e = 0; e < vec.elements(); ++e)
        elems.push_back(values[vectorRegister(vec, k, e)]);
      em.store(address, elementType, elems, bits);
    };
    barriers.lastGroup.reset();
    const StorePhases &phases = barriers.phases;
    if (phases.count() == 1) {
      for (int64_t k : stores) {
        barriers.beforeAccess(em, k);
        auto [r, c] = registerAddress(k);
        storeRegister(k, addresses.at(r, c));
      }
      continue;
    }
    // Phases: each line group once per value of the phase bits
    // (lane & lanes) | (warp & warps) << laneBits, only the threads with
    // that value storing, a barrier between two: the block's (the store
    // runs on the whole block, no share split, no free bit), or the warp's
    // (lane bits only, within the branch of a share or free warps).
    if (stores.empty())
      continue;
    uint64_t phaseMask = phases.lanes | (phases.warps << tl.laneBits);
    Value phaseOf;
    if (phases.lanes)
      phaseOf = LLVM::AndOp::create(em.b, em.loc, lane,
                                    em.index(int64_t(phases.lanes)));
    if (phases.warps) {
      Value warpPart = LLVM::ShlOp::create(
          em.b, em.loc,
          LLVM::AndOp::create(em.b, em.loc, warp,
                              em.index(int64_t(phases.warps))),
          em.index(int64_t(tl.laneBits)));
      phaseOf = phaseOf ? LLVM::OrOp::create(em.b, em.loc, phaseOf, warpPart)
                        : warpPart;
    }
    for (size_t first = 0; first < stores.size();) {
      uint64_t group = barriers.groupOf(stores[first]);
      size_t last = first;
      SmallVector<Value> groupAddresses;
      while (last < stores.size() && barriers.groupOf(stores[last]) == group) {
        auto [r, c] = registerAddress(stores[last++]);
        groupAddresses.push_back(addresses.at(r, c));
      }
      ++barriers.phasedGroups;
      // Every subset of phaseMask, in increasing order. (The compares stay
      // with their groups: made once ahead, they gave other PTX, unmeasured.)
      uint64_t value = 0;
      do {
        if (barriers.lastGroup)
          barriers.separate(em);
        barriers.lastGroup = group;
        Value inPhase =
            LLVM::ICmpOp::create(em.b, em.loc, LLVM::ICmpPredicate::eq, phaseOf,
                                 em.index(int64_t(value)));
        auto ifOp = scf::IfOp::create(em.b, em.loc, inPhase,
                                      /*withElseRegion=*/false);
        OpBuilder::InsertionGuard guard(em.b);
        em.b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
        for (size_t i = first; i < last; ++i)
          storeRegister(stores[i], groupAddresses[i - first]);
        value = (value - phaseMask) & phaseMask;
      } while (value != 0);
      first = last;
    }
  }
  barriers.remark(em, block, "store");
}

Value selectByLane(Emitter &em, const LaneMux &mux, Value lane,
                   llvm::function_ref<Value(int64_t)> leaf) {
  SmallVector<Value> level;
  for (int64_t v : mux.values)
    level.push_back(leaf(v));
  for (int bit : mux.bits) {
    Value set = em.laneBitSet(lane, bit);
    SmallVector<Value> next;
    for (size_t c = 0; c < level.size(); c += 2)
      next.push_back(level[c] == level[c + 1]
                         ? level[c]
                         : Value(LLVM::SelectOp::create(
                               em.b, em.loc, set, level[c + 1], level[c])));
    level = std::move(next);
  }
  return level.front();
}

LaneMux choiceMux(const LaneMux &head) {
  LaneMux byChoice{head.bits, {}};
  for (int64_t c = 0; c < int64_t(head.values.size()); ++c)
    byChoice.values.push_back(c);
  return byChoice;
}

Value packedVector(Emitter &em, ArrayRef<Value> elems) {
  Type type = elems.front().getType();
  if (em.bytePacker && elems.size() == 4 && type.isIntOrFloat() &&
      type.getIntOrFloatBitWidth() == 8 && !isAlignedSlice(elems))
    if (std::optional<Emitter::WordSources> sources = em.wordSources(elems))
      return LLVM::BitcastOp::create(em.b, em.loc, VectorType::get({4}, type),
                                     em.packWord(elems, *sources));
  return em.vector(elems);
}

std::optional<Value>
selectWordsByLane(Emitter &em, ArrayRef<const LaneMux *> slotMuxes, Value lane,
                  llvm::function_ref<Value(int64_t)> element) {
  const LaneMux &head = *slotMuxes.front();
  if (head.bits.empty())
    return std::nullopt;
  SmallVector<Value> choices;
  for (size_t c = 0; c < head.values.size(); ++c) {
    SmallVector<Value> slots;
    for (const LaneMux *mux : slotMuxes) {
      if (mux->bits != head.bits)
        return std::nullopt;
      slots.push_back(element(mux->values[c]));
    }
    choices.push_back(packedVector(em, slots));
  }
  auto vectorType = llvm::cast<VectorType>(choices.front().getType());
  Type word = em.b.getIntegerType(
      unsigned(vectorType.getNumElements() *
               vectorType.getElementType().getIntOrFloatBitWidth()));
  Value selected =
      selectByLane(em, choiceMux(head), lane, [&](int64_t c) -> Value {
        // A word that arrived as an integer (a shuffle's) is taken as it is.
        if (auto cast = choices[c].getDefiningOp<LLVM::BitcastOp>();
            cast && cast.getArg().getType() == word)
          return cast.getArg();
        return LLVM::BitcastOp::create(em.b, em.loc, word, choices[c]);
      });
  return LLVM::BitcastOp::create(em.b, em.loc, vectorType, selected);
}

/// The row stride as an index-typed value, or null for a contiguous tile.
Value rowStrideIndex(Emitter &em, Value stride, size_t rank) {
  if (!stride || rank < 2)
    return {};
  Type type = stride.getType();
  if (type.isIndex())
    return arith::IndexCastOp::create(em.b, em.loc, em.indexType, stride);
  unsigned width = type.getIntOrFloatBitWidth();
  if (width < em.indexType.getWidth())
    return LLVM::SExtOp::create(em.b, em.loc, em.indexType, stride);
  if (width > em.indexType.getWidth())
    return LLVM::TruncOp::create(em.b, em.loc, em.indexType, stride);
  return stride;
}

std::pair<Value, Value> Emitter::splitWords(Value value) {
  Type i32 = b.getI32Type();
  Type i64 = value.getType();
  Value low = LLVM::TruncOp::create(b, loc, i32, value);
  Value high = LLVM::TruncOp::create(
      b, loc, i32,
      LLVM::LShrOp::create(
          b, loc, value,
          LLVM::ConstantOp::create(b, loc, i64, b.getIntegerAttr(i64, 32))));
  return {low, high};
}

Value Emitter::joinWords(Value low, Value high) {
  Type i64 = b.getI64Type();
  Value lo = LLVM::ZExtOp::create(b, loc, i64, low);
  Value hi = LLVM::ShlOp::create(
      b, loc, LLVM::ZExtOp::create(b, loc, i64, high),
      LLVM::ConstantOp::create(b, loc, i64, b.getIntegerAttr(i64, 32)));
  return LLVM::OrOp::create(b, loc, lo, hi);
}

} // namespace mlir::ll::lowering
