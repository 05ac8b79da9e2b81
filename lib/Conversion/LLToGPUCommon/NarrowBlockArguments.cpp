//===- NarrowBlockArguments.cpp - 8/16-bit registers in words at phis -----===//
//
// A tensor of 16-bit registers is a struct of 16-bit scalars. Carried
// through a loop, it becomes one 16-bit phi per register, and ptxas gives
// each its own 32-bit register; carried as words, two registers share one.
//
//===----------------------------------------------------------------------===//

#include "NarrowBlockArguments.h"

#include "ConversionLowering.h"
#include "Emitter.h"
#include "LinearLayout/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::ll {
#define GEN_PASS_DEF_LLPACKNARROWBLOCKARGUMENTS
#include "LinearLayout/Conversion/Passes.h.inc"

/// The word of a struct whose members are all one 8- or 16-bit type, as
/// many as fill whole words: vector<4xi8>, vector<2xf16>, ...; else null.
static VectorType narrowWord(Type type) {
  auto structType = llvm::dyn_cast<LLVM::LLVMStructType>(type);
  if (!structType || structType.isIdentified() || structType.isPacked() ||
      structType.getBody().empty() || !llvm::all_equal(structType.getBody()))
    return {};
  Type element = structType.getBody().front();
  if (!element.isIntOrFloat())
    return {};
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16)
    return {};
  int64_t perWord = 32 / bits;
  if (int64_t(structType.getBody().size()) % perWord != 0)
    return {};
  return VectorType::get({perWord}, element);
}

/// Every terminator that branches to `block`, as a branch, or nothing if
/// one of them is not a BranchOpInterface or produces its operands.
static std::optional<SmallVector<std::pair<BranchOpInterface, unsigned>>>
incomingBranches(Block *block) {
  SmallVector<std::pair<BranchOpInterface, unsigned>> branches;
  // getPredecessors lists a terminator once per edge to the block: each
  // (terminator, successor index) is taken once, in that order.
  llvm::DenseSet<std::pair<Operation *, unsigned>> seen;
  for (Block *pred : block->getPredecessors()) {
    auto branch = llvm::dyn_cast<BranchOpInterface>(pred->getTerminator());
    if (!branch)
      return std::nullopt;
    for (unsigned s = 0; s < branch->getNumSuccessors(); ++s) {
      if (branch->getSuccessor(s) != block ||
          !seen.insert({branch.getOperation(), s}).second)
        continue;
      if (branch.getSuccessorOperands(s).getProducedOperandCount() != 0)
        return std::nullopt;
      branches.push_back({branch, s});
    }
  }
  return branches;
}

/// The value of `insert`'s chain of insertelement ops that its result is
/// the vector operand of, each one's only use: the vector the chain builds.
static Value chainEnd(LLVM::InsertElementOp insert) {
  Value v = insert.getResult();
  while (v.hasOneUse()) {
    auto next = llvm::dyn_cast<LLVM::InsertElementOp>(*v.getUsers().begin());
    if (!next || next.getVector() != v)
      break;
    v = next.getResult();
  }
  return v;
}

/// Barriers before `op` in its block, counted once per block into
/// `counts` (nvvm.barrier0, gpu.barrier, and the one-warp blocks'
/// nvvm.bar.warp.sync).
static int64_t barriersBefore(Operation *op,
                              DenseMap<Operation *, int64_t> &counts) {
  auto found = counts.find(op);
  if (found != counts.end())
    return found->second;
  int64_t n = 0;
  for (Operation &o : *op->getBlock()) {
    counts[&o] = n;
    StringRef name = o.getName().getStringRef();
    if (name.contains("barrier") || name.contains("bar.warp.sync"))
      ++n;
  }
  return counts[op];
}

/// Which registers of `arg` (a struct of `registers` narrow scalars) share
/// a word, `perWord` to a group in element order: those that a vector the
/// function builds from them (a store's, a packed op's) takes at aligned
/// positions, first come first served in program order, so that the word
/// is a slice of that vector and LLVM passes it on without byte permutes;
/// registers no such vector groups, in register order.
/// `sliced` is set to the number of groups taken from such vectors, and
/// `phased` to whether those of them in the block of the first are built
/// on both sides of a barrier.
static SmallVector<SmallVector<int64_t>>
wordGroups(BlockArgument arg, int64_t registers, int64_t perWord,
           int64_t &sliced, bool &phased) {
  // Register of each scalar extracted from the argument.
  llvm::DenseMap<Value, int64_t> registerOf;
  for (Operation *user : arg.getUsers())
    if (auto extract = llvm::dyn_cast<LLVM::ExtractValueOp>(user))
      if (extract.getContainer() == arg && extract.getPosition().size() == 1)
        registerOf.try_emplace(extract.getResult(), extract.getPosition()[0]);
  // The vectors those scalars go into, in program order: element position
  // -> register.
  llvm::MapVector<Value, llvm::DenseMap<int64_t, int64_t>> vectors;
  Region *body = arg.getParentRegion();
  body->walk([&](LLVM::InsertElementOp insert) {
    auto reg = registerOf.find(insert.getValue());
    if (reg == registerOf.end())
      return;
    if (std::optional<int64_t> index =
            lowering::constantIndex(insert.getPosition()))
      vectors[chainEnd(insert)].try_emplace(*index, reg->second);
  });
  SmallVector<SmallVector<int64_t>> groups;
  SmallVector<bool> grouped(registers, false);
  DenseMap<Operation *, int64_t> barrierCounts;
  std::optional<std::pair<Block *, int64_t>> firstPhase;
  phased = false;
  for (auto &[vector, elements] : vectors) {
    auto vecType = llvm::dyn_cast<VectorType>(vector.getType());
    if (!vecType || vecType.getNumElements() % perWord != 0)
      continue;
    for (int64_t first = 0; first < vecType.getNumElements();
         first += perWord) {
      SmallVector<int64_t> group;
      for (int64_t e = first; e < first + perWord; ++e) {
        auto it = elements.find(e);
        if (it == elements.end() || it->second < 0 || it->second >= registers ||
            grouped[it->second] || llvm::is_contained(group, it->second))
          break;
        group.push_back(it->second);
      }
      if (int64_t(group.size()) != perWord)
        continue;
      for (int64_t r : group)
        grouped[r] = true;
      groups.push_back(std::move(group));
      // Phases within the block of the first vector (a loop's body);
      // vectors elsewhere (after the loop) do not count.
      if (Operation *def = vector.getDefiningOp()) {
        std::pair<Block *, int64_t> phase = {
            def->getBlock(), barriersBefore(def, barrierCounts)};
        if (!firstPhase)
          firstPhase = phase;
        phased |= phase.first == firstPhase->first &&
                  phase.second != firstPhase->second;
      }
    }
  }
  sliced = int64_t(groups.size());
  SmallVector<int64_t> rest;
  for (int64_t r = 0; r < registers; ++r)
    if (!grouped[r])
      rest.push_back(r);
  // Grouped registers come in whole words, so the rest does too.
  for (size_t i = 0; i < rest.size(); i += size_t(perWord))
    groups.push_back(
        SmallVector<int64_t>(ArrayRef(rest).slice(i, size_t(perWord))));
  llvm::sort(groups);
  return groups;
}

/// What the pass did to `arg`, as an optimization remark of category
/// ll-lowering (`--remarks-filter=ll-lowering`).
static void remarkWords(FunctionOpInterface function, BlockArgument arg,
                        int64_t members, VectorType word, int64_t sliced,
                        bool asProduced) {
  auto opts = remark::RemarkOpts::name("words")
                  .category(lowering::kLoweringRemarkCategory)
                  .function(function.getName());
  remark::detail::InFlightRemark remark = remark::passed(arg.getLoc(), opts);
  if (!remark)
    return;
  std::string type;
  llvm::raw_string_ostream(type) << word;
  std::string how =
      asProduced
          ? "paired as the loop body produces them (the body builds its "
            "vectors of them on both sides of a barrier, so each phase "
            "permutes its own words)"
          : std::to_string(sliced) +
                " of them slices of vectors the function builds from its "
                "registers, the rest in register order";
  remark << remark::detail::Remark::Arg(
      "Reason", "block argument " + std::to_string(arg.getArgNumber()) +
                    " carried in " + std::to_string(members) + " words of " +
                    type + "; " + how);
}

/// The scalar an extractvalue of an insertvalue chain reads, looking
/// through the chain (the struct a block unpacks its words into); `v`
/// itself where the chain does not say.
static Value throughStructs(Value v) {
  while (auto extract = v.getDefiningOp<LLVM::ExtractValueOp>()) {
    Value container = extract.getContainer();
    Value found;
    while (auto insert = container.getDefiningOp<LLVM::InsertValueOp>()) {
      if (insert.getPosition() == extract.getPosition()) {
        found = insert.getValue();
        break;
      }
      container = insert.getContainer();
    }
    if (!found)
      return v;
    v = found;
  }
  return v;
}

/// The elements an insertelement chain (`end` its last op) puts at each
/// position of a fixed-length vector, each seen through struct moves; the
/// last insert of a position wins. Nothing if a position stays unset or
/// one is not a constant in range.
static std::optional<SmallVector<Value>>
insertedElements(LLVM::InsertElementOp end) {
  auto type = llvm::dyn_cast<VectorType>(end.getType());
  if (!type || type.isScalable())
    return std::nullopt;
  int64_t n = type.getNumElements();
  SmallVector<Value> elements(n);
  Value v = end.getResult();
  while (auto insert = v.getDefiningOp<LLVM::InsertElementOp>()) {
    std::optional<int64_t> index =
        lowering::constantIndex(insert.getPosition());
    if (!index || *index < 0 || *index >= n)
      return std::nullopt;
    if (!elements[*index])
      elements[*index] = insert.getValue();
    v = insert.getVector();
  }
  if (llvm::is_contained(elements, Value()))
    return std::nullopt;
  for (Value &element : elements)
    element = throughStructs(element);
  return elements;
}

/// The registers of `arg` grouped as the words they come from on the edge
/// `branch` takes to its block (a loop's back edge, whose values the body
/// computes): the two halves of one word of a 16-bit vector, low half
/// first; nothing unless every register is such a half and every word
/// comes whole.
static std::optional<SmallVector<SmallVector<int64_t>>>
producerWordGroups(BranchOpInterface branch, unsigned successor,
                   BlockArgument arg, int64_t registers) {
  Value value = branch.getSuccessorOperands(successor)[arg.getArgNumber()];
  if (!value)
    return std::nullopt;
  // The register each insertvalue of the struct's chain sets, the last one
  // winning.
  SmallVector<Value> members(registers);
  for (Value container = value;
       auto insert = container.getDefiningOp<LLVM::InsertValueOp>();
       container = insert.getContainer()) {
    if (insert.getPosition().size() != 1)
      return std::nullopt;
    int64_t r = insert.getPosition()[0];
    if (r < 0 || r >= registers)
      return std::nullopt;
    if (!members[r])
      members[r] = throughStructs(insert.getValue());
  }
  // (vector, word index) -> the register in its low and its high half.
  llvm::MapVector<std::pair<Value, int64_t>, std::array<int64_t, 2>> words;
  for (auto [r, member] : llvm::enumerate(members)) {
    if (!member)
      return std::nullopt;
    auto at = lowering::extractedElement(member);
    if (!at)
      return std::nullopt;
    auto type = llvm::dyn_cast<VectorType>(at->first.getType());
    if (!type || type.isScalable() || type.getNumElements() % 2 != 0 ||
        at->second < 0 || at->second >= type.getNumElements())
      return std::nullopt;
    auto it = words
                  .try_emplace({at->first, at->second / 2},
                               std::array<int64_t, 2>{-1, -1})
                  .first;
    int64_t &half = it->second[at->second % 2];
    if (half != -1)
      return std::nullopt; // one half carried twice
    half = int64_t(r);
  }
  SmallVector<SmallVector<int64_t>> groups;
  for (auto &[word, halves] : words) {
    if (halves[0] == -1 || halves[1] == -1)
      return std::nullopt;
    groups.push_back({halves[0], halves[1]});
  }
  llvm::sort(groups);
  return groups;
}

/// Whether `insert` ends its insertelement chain: the vector it builds.
static bool endsChain(LLVM::InsertElementOp insert) {
  Value result = insert.getResult();
  if (result.hasOneUse())
    if (auto next =
            llvm::dyn_cast<LLVM::InsertElementOp>(*result.getUsers().begin()))
      return next.getVector() != result;
  return true;
}

/// Replaces the vector an insertelement chain builds (`end` its last op)
/// by `built` and erases the inserts that are dead then.
static void replaceChain(LLVM::InsertElementOp end, Value built) {
  end.getResult().replaceAllUsesExcept(built, built.getDefiningOp());
  for (auto insert = end; insert && insert->use_empty();) {
    auto previous = insert.getVector().getDefiningOp<LLVM::InsertElementOp>();
    insert->erase();
    insert = previous;
  }
}

/// For a vector of bytes that an insertelement chain builds (`end` its
/// last op): the word each aligned group of four elements is, in order
/// (elements 0..3 of one vector<4xi8>), or nothing if a group is not such
/// a word, or the whole vector is one.
static std::optional<SmallVector<Value>> wholeWords(LLVM::InsertElementOp end) {
  auto type = llvm::dyn_cast<VectorType>(end.getType());
  if (!type || type.isScalable() || !type.getElementType().isIntOrFloat())
    return std::nullopt;
  // Bytes only: NVPTX keeps a pair of 16-bit elements in one 32-bit
  // register and builds a vector of them with moves ptxas folds, and
  // rebuilding those from words cost ptxas registers (docs/lowering.md).
  if (type.getElementType().getIntOrFloatBitWidth() != 8)
    return std::nullopt;
  int64_t perWord = 4, n = type.getNumElements();
  if (n % perWord != 0 || n / perWord < 2)
    return std::nullopt;
  std::optional<SmallVector<Value>> elements = insertedElements(end);
  if (!elements)
    return std::nullopt;
  auto wordType = VectorType::get({perWord}, type.getElementType());
  SmallVector<Value> words;
  for (int64_t first = 0; first < n; first += perWord) {
    ArrayRef<Value> group = ArrayRef(*elements).slice(first, perWord);
    // The group is a whole word: elements 0..3 of one vector<4xi8>.
    if (!lowering::isAlignedSlice(group))
      return std::nullopt;
    Value word = lowering::extractedElement(group.front())->first;
    if (word.getType() != wordType)
      return std::nullopt;
    words.push_back(word);
  }
  if (llvm::all_equal(words))
    return std::nullopt; // one word: LLVM folds it itself
  return words;
}

int64_t assembleVectorsFromWords(FunctionOpInterface function) {
  SmallVector<std::pair<LLVM::InsertElementOp, SmallVector<Value>>> found;
  function->walk([&](LLVM::InsertElementOp insert) {
    // Only the last insert of a chain: the vector it builds.
    if (!endsChain(insert))
      return;
    if (std::optional<SmallVector<Value>> words = wholeWords(insert))
      found.push_back({insert, std::move(*words)});
  });
  OpBuilder b(function.getContext());
  Type i32 = b.getI32Type();
  for (auto &[end, words] : found) {
    Location loc = end.getLoc();
    b.setInsertionPointAfter(end);
    auto wordsType = VectorType::get({int64_t(words.size())}, i32);
    Value vector = LLVM::PoisonOp::create(b, loc, wordsType);
    for (auto [i, word] : llvm::enumerate(words)) {
      Value w = LLVM::BitcastOp::create(b, loc, i32, word);
      Value position =
          LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(i));
      vector = LLVM::InsertElementOp::create(b, loc, vector, w, position);
    }
    replaceChain(end, LLVM::BitcastOp::create(b, loc, end.getType(), vector));
  }
  return int64_t(found.size());
}

/// The 32-bit word and the half (0 low, 1 high) of a 16-bit element that
/// is taken out of a vector of 16-bit elements, or nothing.
static std::optional<std::pair<Value, int64_t>> halfOfWord(Value element) {
  auto at = lowering::extractedElement(element);
  if (!at)
    return std::nullopt;
  auto type = llvm::dyn_cast<VectorType>(at->first.getType());
  if (!type || type.isScalable() || type.getNumElements() % 2 != 0 ||
      !type.getElementType().isIntOrFloat() ||
      type.getElementType().getIntOrFloatBitWidth() != 16 || at->second < 0 ||
      at->second >= type.getNumElements())
    return std::nullopt;
  return at;
}

/// The condition and the two words of a pair of words chosen by one
/// condition in opposite orders, `lo` = c ? a : b and `hi` = c ? b : a (the
/// exchange of a shuffle conversion), through bitcasts; or nothing.
static std::optional<std::tuple<Value, Value, Value>> swappedSelects(Value lo,
                                                                     Value hi) {
  auto select = [](Value v) {
    while (auto cast = v.getDefiningOp<LLVM::BitcastOp>())
      v = cast.getArg();
    return v.getDefiningOp<LLVM::SelectOp>();
  };
  LLVM::SelectOp low = select(lo), high = select(hi);
  if (!low || !high || low == high ||
      low.getCondition() != high.getCondition() ||
      low.getTrueValue() != high.getFalseValue() ||
      low.getFalseValue() != high.getTrueValue() ||
      !low.getType().isInteger(32))
    return std::nullopt;
  return std::make_tuple(low.getCondition(), low.getTrueValue(),
                         low.getFalseValue());
}

int64_t permuteHalvesAsWords(FunctionOpInterface function,
                             PermuteBytes permute) {
  SmallVector<std::pair<LLVM::InsertElementOp, SmallVector<Value>>> found;
  DenseMap<Operation *, int64_t> counts;
  // Whether a barrier may lie between `word`'s definition and `user`:
  // one in between in their block, or another block.
  auto barrierBetween = [&](Value word, Operation *user) {
    Operation *def = word.getDefiningOp();
    if (!def || def->getBlock() != user->getBlock())
      return true;
    return barriersBefore(def, counts) != barriersBefore(user, counts);
  };
  function->walk([&](LLVM::InsertElementOp insert) {
    if (!endsChain(insert))
      return;
    auto type = llvm::dyn_cast<VectorType>(insert.getType());
    if (!type || type.isScalable() || !type.getElementType().isIntOrFloat() ||
        type.getElementType().getIntOrFloatBitWidth() != 16 ||
        type.getNumElements() % 2 != 0)
      return;
    std::optional<SmallVector<Value>> elements = insertedElements(insert);
    if (!elements ||
        !llvm::all_of(*elements, [](Value e) { return halfOfWord(e); }))
      return;
    // Only vectors with a pair that is not one word as it stands (the rest
    // NVPTX keeps in its words already) and whose word may have been
    // unpacked before a barrier: NVPTX unpacks a word into both halves at
    // its first use, and a half used after a barrier stays live across it.
    bool permutes = false;
    for (int64_t p = 0; p < int64_t(elements->size()); p += 2) {
      ArrayRef<Value> pair = ArrayRef(*elements).slice(p, 2);
      if (lowering::isAlignedSlice(pair))
        continue;
      for (Value e : pair)
        permutes |= barrierBetween(halfOfWord(e)->first, insert);
    }
    if (permutes)
      found.push_back({insert, std::move(*elements)});
  });
  if (!found.empty()) {
    auto opts = remark::RemarkOpts::name("half-permutes")
                    .category(lowering::kLoweringRemarkCategory)
                    .function(function.getName());
    if (remark::detail::InFlightRemark remark =
            remark::passed(function.getLoc(), opts))
      remark << remark::detail::Remark::Arg(
          "Reason", std::to_string(found.size()) +
                        (found.size() == 1 ? " vector" : " vectors") +
                        " of 16-bit halves of words built by byte permutes "
                        "of the words, not from unpacked halves");
  }
  OpBuilder b(function.getContext());
  Type i32 = b.getI32Type();
  for (auto &[end, elements] : found) {
    Location loc = end.getLoc();
    b.setInsertionPointAfter(end);
    auto constant = [&](int64_t v) -> Value {
      return LLVM::ConstantOp::create(b, loc, i32,
                                      b.getI32IntegerAttr(int32_t(v)));
    };
    // The 32-bit word that holds an element, as i32.
    auto wordOf = [&](Value vector, int64_t index) -> Value {
      auto type = llvm::cast<VectorType>(vector.getType());
      int64_t words = type.getNumElements() / 2;
      if (words == 1)
        return LLVM::BitcastOp::create(b, loc, i32, vector);
      Value asWords = LLVM::BitcastOp::create(
          b, loc, VectorType::get({words}, i32), vector);
      return LLVM::ExtractElementOp::create(b, loc, asWords,
                                            constant(index / 2));
    };
    int64_t pairs = int64_t(elements.size()) / 2;
    auto pairsType = VectorType::get({pairs}, i32);
    Value vector = LLVM::PoisonOp::create(b, loc, pairsType);
    for (int64_t p = 0; p < pairs; ++p) {
      auto [lowVector, lowIndex] = *halfOfWord(elements[2 * p]);
      auto [highVector, highIndex] = *halfOfWord(elements[2 * p + 1]);
      Value pair;
      if (lowering::isAlignedSlice(ArrayRef(elements).slice(2 * p, 2))) {
        pair = wordOf(lowVector, lowIndex);
      } else {
        // Byte k of the pair is byte nibble k of (low word, high word).
        int64_t lowByte = 2 * (lowIndex % 2),
                highByte = 4 + 2 * (highIndex % 2);
        int64_t selector =
            lowByte | (lowByte + 1) << 4 | highByte << 8 | (highByte + 1) << 12;
        Value low = wordOf(lowVector, lowIndex),
              high = wordOf(highVector, highIndex);
        // Words that one condition chose in opposite orders: the permute
        // takes them as they were and chooses its selector instead (swapping
        // the words flips bit 2 of every nibble), so the two selects of the
        // words go and one select of constants serves every such permute.
        if (auto swapped = swappedSelects(low, high)) {
          auto [condition, first, second] = *swapped;
          pair = permute(b, loc, first, second,
                         LLVM::SelectOp::create(b, loc, condition,
                                                constant(selector),
                                                constant(selector ^ 0x4444)));
        } else {
          pair = permute(b, loc, low, high, constant(selector));
        }
      }
      vector = LLVM::InsertElementOp::create(b, loc, vector, pair, constant(p));
    }
    Value assembled =
        pairs == 1
            ? Value(LLVM::ExtractElementOp::create(b, loc, vector, constant(0)))
            : vector;
    replaceChain(end,
                 LLVM::BitcastOp::create(b, loc, end.getType(), assembled));
  }
  return int64_t(found.size());
}

Value createNVVMBytePermute(OpBuilder &builder, Location loc, Value lo,
                            Value hi, Value selector) {
  return NVVM::PermuteOp::create(builder, loc, builder.getI32Type(), lo, hi,
                                 selector, NVVM::PermuteMode::DEFAULT);
}

int64_t packNarrowBlockArguments(FunctionOpInterface function) {
  int64_t changed = 0;
  DominanceInfo dominance(function);
  OpBuilder b(function.getContext());
  Type i32 = b.getI32Type();
  for (Block &block : function.getFunctionBody()) {
    if (block.isEntryBlock() || block.getNumArguments() == 0)
      continue;
    auto branches = incomingBranches(&block);
    if (!branches)
      continue;
    // The one branch to the block from a block it dominates: a loop's
    // back edge, whose values the loop body computes.
    std::optional<std::pair<BranchOpInterface, unsigned>> backEdge;
    int64_t backEdges = 0;
    for (auto &incoming : *branches)
      if (dominance.dominates(&block, incoming.first->getBlock())) {
        backEdge = incoming;
        ++backEdges;
      }
    if (backEdges != 1)
      backEdge.reset();
    for (BlockArgument arg : block.getArguments()) {
      VectorType word = narrowWord(arg.getType());
      if (!word)
        continue;
      Location loc = arg.getLoc();
      auto scalars = llvm::cast<LLVM::LLVMStructType>(arg.getType());
      int64_t perWord = word.getNumElements();
      int64_t members = int64_t(scalars.getBody().size()) / perWord;
      auto words = LLVM::LLVMStructType::getLiteral(
          b.getContext(), SmallVector<Type>(members, word));
      int64_t sliced = 0;
      bool phased = false;
      SmallVector<SmallVector<int64_t>> groups =
          wordGroups(arg, members * perWord, perWord, sliced, phased);
      // Where the body builds its vectors of the registers in several
      // barrier phases (a conversion in rounds), words paired for those
      // vectors would be permuted on the back edge, all before the loop's
      // first barrier; words paired as the body produces them are permuted
      // where each vector is built (docs/lowering.md, "Loop-carried
      // registers in words"). 16-bit halves only: measured on 8-bit words,
      // it cost registers.
      bool asProduced = false;
      if (phased && perWord == 2 && backEdge) {
        auto [branch, s] = *backEdge;
        if (auto produced =
                producerWordGroups(branch, s, arg, members * perWord)) {
          groups = std::move(*produced);
          asProduced = true;
        }
      }
      remarkWords(function, arg, members, word, sliced, asProduced);
      auto position = [&](int64_t e) {
        return LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(e));
      };
      // Each edge passes the registers as words.
      for (auto [branch, s] : *branches) {
        b.setInsertionPoint(branch);
        MutableOperandRange forwarded =
            branch.getSuccessorOperands(s).getMutableForwardedOperands();
        OpOperand &operand = forwarded[arg.getArgNumber()];
        Value value = operand.get();
        Value packed = LLVM::PoisonOp::create(b, loc, words);
        Value emptyWord = LLVM::PoisonOp::create(b, loc, word);
        for (int64_t m = 0; m < members; ++m) {
          Value w = emptyWord;
          for (int64_t e = 0; e < perWord; ++e) {
            Value reg = LLVM::ExtractValueOp::create(
                b, loc, value, ArrayRef<int64_t>{groups[m][e]});
            w = LLVM::InsertElementOp::create(b, loc, w, reg, position(e));
          }
          packed = LLVM::InsertValueOp::create(b, loc, packed, w,
                                               ArrayRef<int64_t>{m});
        }
        operand.set(packed);
      }
      // The block reads the registers back out of the words.
      SmallVector<OpOperand *> uses;
      for (OpOperand &use : arg.getUses())
        uses.push_back(&use);
      arg.setType(words);
      b.setInsertionPointToStart(&block);
      Value unpacked = LLVM::PoisonOp::create(b, loc, scalars);
      for (int64_t m = 0; m < members; ++m) {
        Value w =
            LLVM::ExtractValueOp::create(b, loc, arg, ArrayRef<int64_t>{m});
        for (int64_t e = 0; e < perWord; ++e) {
          Value reg = LLVM::ExtractElementOp::create(b, loc, w, position(e));
          unpacked = LLVM::InsertValueOp::create(
              b, loc, unpacked, reg, ArrayRef<int64_t>{groups[m][e]});
        }
      }
      for (OpOperand *use : uses)
        use->set(unpacked);
      ++changed;
    }
  }
  return changed;
}

namespace {
struct LLPackNarrowBlockArgumentsPass
    : public impl::LLPackNarrowBlockArgumentsBase<
          LLPackNarrowBlockArgumentsPass> {
  using LLPackNarrowBlockArgumentsBase::LLPackNarrowBlockArgumentsBase;

  void runOnOperation() override {
    getOperation()->walk([&](FunctionOpInterface function) {
      if (function.isExternal())
        return;
      packNarrowBlockArguments(function);
      assembleVectorsFromWords(function);
      if (permuteHalves)
        permuteHalvesAsWords(function, createNVVMBytePermute);
    });
  }
};
} // namespace

} // namespace mlir::ll
