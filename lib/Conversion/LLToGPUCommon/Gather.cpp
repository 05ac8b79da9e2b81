//===- Gather.cpp - ll.gather: decide and lower ---------------------------===//
//
// Plans each ll.gather (GatherPlan.h) and lowers it by warp shuffles or
// through shared memory (docs/gather.md). Both paths evaluate the planner's
// linear maps over F2 at run time: on the index value v (its low bits, one
// mask-and-shift per run of columns) and on the thread's lane and warp.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "LinearLayout/Dialect/LL/Transforms/GatherLiveness.h"
#include "LinearLayout/Dialect/LL/Transforms/PlanKind.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <map>

namespace mlir::ll::lowering {

/// The thread layouts of a gather's source and indices.
static LogicalResult getGatherLayouts(GatherOp op, const GPUTarget &target,
                                      FailureOr<ThreadLayout> &src,
                                      FailureOr<ThreadLayout> &idx) {
  RankedTensorType srcType = op.getSource().getType();
  RankedTensorType idxType = op.getIndices().getType();
  src = getThreadLayout(op, getLinearEncoding(srcType).getLinearLayout(),
                        srcType.getRank(), target, kSourceLayoutName);
  if (failed(src))
    return failure();
  idx = getThreadLayout(op, getLinearEncoding(idxType).getLinearLayout(),
                        idxType.getRank(), target, "the index layout");
  return success(succeeded(idx));
}

FailureOr<GatherLowering> decideGather(GatherOp op,
                                       const GPUTargetHooks &hooks) {
  RankedTensorType srcType = op.getSource().getType();
  FailureOr<int> bits = getElementBits(op, srcType.getElementType());
  if (failed(bits))
    return failure();
  FailureOr<ThreadLayout> src = failure(), idx = failure();
  if (failed(getGatherLayouts(op, hooks.getTarget(), src, idx)))
    return failure();
  GatherPlanOptions options = gatherLivenessOptions(op);
  if (PlanAttr given = getPlan(op)) {
    if (given.getKind() != PlanKind::Shuffle &&
        given.getKind() != PlanKind::SharedMemory)
      return planError(op) << "a gather is planned as 'shuffle' or "
                              "'shared_memory', not '"
                           << stringifyPlanKind(given.getKind()) << "'";
    if (std::optional<std::string> error = requestGatherPlan(given, options))
      return planError(op) << *error;
  }
  auto plan = planGather(src->layout, idx->layout, int(op.getAxis()), *bits,
                         hooks.getTarget(), options);
  if (!plan) {
    if (options.forceKind)
      return planError(op) << llvm::toString(plan.takeError());
    return op.emitError("cannot plan the gather: ")
           << llvm::toString(plan.takeError());
  }
  if (PlanAttr given = getPlan(op)) {
    // Every figure written must be the planner's for that kind and memory
    // layout: the lowering carries out one plan, never another.
    PlanAttr own = gatherPlanAttr(op.getContext(), *plan);
    auto check = [&](StringRef name, std::optional<int64_t> want,
                     std::optional<int64_t> have) -> LogicalResult {
      if (!want || want == have)
        return success();
      InFlightDiagnostic diag = planError(op);
      diag << name << " = " << *want << " is not the gather's (";
      if (have)
        diag << *have << ")";
      else
        diag << "none for this kind)";
      return diag;
    };
    if (failed(
            check("vector_bits", given.getVectorBits(), own.getVectorBits())) ||
        failed(check("rounds", given.getRounds(), own.getRounds())) ||
        failed(check("shuffles", given.getShuffles(), own.getShuffles())) ||
        failed(check("selects", given.getSelects(), own.getSelects())) ||
        failed(check("shared_bytes", given.getSharedBytes(),
                     own.getSharedBytes())) ||
        failed(check("store_wavefronts", given.getStoreWavefronts(),
                     own.getStoreWavefronts())) ||
        failed(check("load_wavefronts", given.getLoadWavefronts(),
                     own.getLoadWavefronts())))
      return failure();
    for (auto [name, want, have] :
         {std::tuple{"store_instruction", given.getStoreInstruction(),
                     own.getStoreInstruction()},
          {"load_instruction", given.getLoadInstruction(),
           own.getLoadInstruction()}})
      if (!want.empty() && want != have)
        return planError(op) << name << " = \"" << want
                             << "\" is not the gather's (\"" << have << "\")";
  }
  if (plan->kind == GatherKind::Shuffle && !hooks.supportsShuffles()) {
    if (options.forceKind)
      return planError(op) << "the target has no warp shuffle";
    remarkDeparture(op, ConversionKind::Shuffle,
                    "the target has no warp shuffle: through shared memory "
                    "instead");
    plan->kind = GatherKind::SharedMemory;
  }
  GatherLowering lowering;
  lowering.plan = std::move(*plan);
  lowering.elementBytes = *bits / 8;
  if (lowering.plan.kind == GatherKind::Shuffle) {
    const GatherShuffle &s = *lowering.plan.shuffle;
    lowering.threadHolder.lane.assign(s.laneCols.begin(), s.laneCols.end());
    lowering.threadHolder.warp.assign(s.warpCols.begin(), s.warpCols.end());
    lowering.valueHolder.lane.assign(s.valueCols.begin(), s.valueCols.end());
    return lowering;
  }
  // Shared memory: the store's and the loads' address maps.
  const LinearLayout &memory = lowering.plan.shared.memoryLayout;
  FailureOr<AddressMap> store = sharedAddressMap(op, *src, memory);
  if (failed(store))
    return failure();
  lowering.store = std::move(*store);
  auto inverse = memory.invert();
  if (!inverse)
    return op.emitError("the gather's memory layout is not invertible: ")
           << llvm::toString(inverse.takeError());
  // offset(y) for the index layout's elements with the axis coordinate 0,
  // and for each bit of the index value along the axis.
  // The inverse's inputs are the tile's dimensions (first least
  // significant); its first output is the offset.
  int axis = int(op.getAxis());
  ArrayRef<LayoutDim> dims = inverse->getInDims();
  uint64_t offsetMask = (uint64_t(1) << inverse->getOutDims()[0].log2Size) - 1;
  auto offsetOf = [&](ArrayRef<int64_t> coords) {
    uint64_t flat = 0;
    int shift = 0;
    for (auto [d, dim] : llvm::enumerate(dims)) {
      flat |= uint64_t(coords[d]) << shift;
      shift += dim.log2Size;
    }
    return inverse->applyFlat(flat) & offsetMask;
  };
  lowering.load = mapThroughCoordinates(idx->layout, [&](ArrayRef<int64_t> c) {
    SmallVector<int64_t> at(c.begin(), c.end());
    at[size_t(axis)] = 0;
    return offsetOf(at);
  });
  int64_t axisSize = srcType.getDimSize(axis);
  for (int64_t bit = 1; bit < axisSize; bit <<= 1) {
    SmallVector<int64_t> at(dims.size(), 0);
    at[size_t(axis)] = bit;
    lowering.valueOffset.lane.push_back(offsetOf(at));
  }
  lowering.oneWarpBlock = isOneWarpBlock(op, hooks);
  return lowering;
}

/// `v` (an integer of any width) as the emitter's index type.
static Value toIndex(Emitter &em, Value v) {
  auto type = llvm::cast<IntegerType>(v.getType());
  if (type.getWidth() == em.indexType.getWidth())
    return v;
  if (type.getWidth() > em.indexType.getWidth())
    return LLVM::TruncOp::create(em.b, em.loc, em.indexType, v);
  return LLVM::ZExtOp::create(em.b, em.loc, em.indexType, v);
}

/// For each index register, the first register holding the same element
/// (registers of a broadcast layout are computed once).
static SmallVector<int64_t> representatives(const ThreadLayout &idx);

/// out[r] = element(r) for the first register of each element of `idx`,
/// and a copy of it for the others.
static SmallVector<Value>
perDistinctRegister(const ThreadLayout &idx,
                    llvm::function_ref<Value(int64_t)> element) {
  SmallVector<int64_t> rep = representatives(idx);
  SmallVector<Value> out(idx.numRegisters());
  for (int64_t r = 0; r < idx.numRegisters(); ++r)
    out[r] = rep[r] == r ? element(r) : out[rep[r]];
  return out;
}

static SmallVector<int64_t> representatives(const ThreadLayout &idx) {
  ArrayRef<uint64_t> cols =
      idx.layout.getColumns().take_front(size_t(idx.registerBits));
  std::map<uint64_t, int64_t> first;
  SmallVector<int64_t> rep;
  for (int64_t r = 0; r < idx.numRegisters(); ++r) {
    uint64_t element = 0;
    for (size_t i = 0; i < cols.size(); ++i)
      if ((r >> i) & 1)
        element ^= cols[i];
    rep.push_back(first.try_emplace(element, r).first->second);
  }
  return rep;
}

/// The shuffle gather of every index register.
static SmallVector<Value>
lowerGatherByShuffles(Emitter &em, const GPUTargetHooks &hooks,
                      const GatherLowering &lw, const ThreadLayout &idx,
                      ArrayRef<Value> source, ArrayRef<Value> indices,
                      Type elementType) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  const GatherShuffle &s = *lw.plan.shuffle;
  int bits = lw.elementBytes * 8;
  Type i32 = b.getI32Type();
  Type intType = b.getIntegerType(unsigned(bits));
  auto [lane, warp] = em.laneAndWarp(hooks);
  Value threadPart = em.threadPart(lw.threadHolder, lane, warp);
  int R = s.sourceRegisterBits;
  uint64_t regMask = (uint64_t(1) << R) - 1;
  int d = int(s.selectBasis.size());
  int packed = s.packedBits;
  int words = s.wordsPerElement;
  auto i32Of = [&](Value v) -> Value {
    return em.indexType.getWidth() == 32
               ? v
               : Value(LLVM::TruncOp::create(b, loc, i32, v));
  };
  auto i32Const = [&](int64_t c) {
    return LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(c));
  };
  // The word(s) a lane sends for a group of candidate registers: the same
  // for every index register whose candidates they are.
  std::map<SmallVector<int64_t>, SmallVector<Value>> sent;
  auto wordsOf = [&](const SmallVector<int64_t> &regs) {
    auto it = sent.find(regs);
    if (it != sent.end())
      return it->second;
    SmallVector<Value> w;
    if (bits == 64) {
      Value e = source[regs[0]];
      if (e.getType() != intType)
        e = LLVM::BitcastOp::create(b, loc, intType, e);
      auto [low, high] = em.splitWords(e);
      w.append({low, high});
    } else {
      Value acc;
      for (auto [slot, r] : llvm::enumerate(regs)) {
        Value e = source[r];
        if (e.getType() != intType)
          e = LLVM::BitcastOp::create(b, loc, intType, e);
        if (bits < 32)
          e = LLVM::ZExtOp::create(b, loc, i32, e);
        if (slot)
          e = LLVM::ShlOp::create(b, loc, e, i32Const(int64_t(slot) * bits));
        acc = acc ? Value(LLVM::OrOp::create(b, loc, acc, e)) : e;
      }
      w.push_back(acc);
    }
    sent[regs] = w;
    return w;
  };
  return perDistinctRegister(idx, [&](int64_t r) -> Value {
    // The holder: register | lane << R, from the thread, r and the value.
    uint64_t constant = 0;
    for (size_t i = 0; i < s.registerCols.size(); ++i)
      if ((r >> i) & 1)
        constant ^= s.registerCols[i];
    Value v = toIndex(em, indices[r]);
    Value holder = em.computeThreadPart(lw.valueHolder, v, Value());
    holder = LLVM::XOrOp::create(b, loc, holder, threadPart);
    if (constant)
      holder = LLVM::XOrOp::create(b, loc, holder, em.index(int64_t(constant)));
    Value srcLane = i32Of(LLVM::LShrOp::create(b, loc, holder, em.index(R)));
    // The candidates: the constant register with its pivot bits cleared,
    // plus any combination of the select basis.
    uint64_t base = constant & regMask;
    for (size_t i = 0; i < s.selectBasis.size(); ++i)
      if ((base >> s.selectPivots[i]) & 1)
        base ^= s.selectBasis[i];
    auto candidate = [&](uint64_t coeffs) {
      uint64_t reg = base;
      for (int i = 0; i < d; ++i)
        if ((coeffs >> i) & 1)
          reg ^= s.selectBasis[size_t(i)];
      return int64_t(reg);
    };
    Value regSel;
    if (d)
      regSel = i32Of(
          LLVM::AndOp::create(b, loc, holder, em.index(int64_t(regMask))));
    auto coefficient = [&](int i) -> Value {
      Value bit = LLVM::LShrOp::create(b, loc, regSel,
                                       i32Const(s.selectPivots[size_t(i)]));
      return LLVM::AndOp::create(b, loc, bit, i32Const(1));
    };
    // Shuffle each group of 2^packed candidates, then select by the
    // remaining coefficients (a tree, lowest coefficient first).
    SmallVector<SmallVector<Value>> level;
    for (int64_t g = 0; g < (int64_t(1) << (d - packed)); ++g) {
      SmallVector<int64_t> regs;
      for (int64_t p = 0; p < (int64_t(1) << packed); ++p)
        regs.push_back(candidate(uint64_t(g << packed | p)));
      SmallVector<Value> got;
      for (Value w : wordsOf(regs))
        got.push_back(hooks.createShuffleIdx(b, loc, w, srcLane));
      level.push_back(std::move(got));
    }
    for (int i = packed; i < d; ++i) {
      Value take = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne,
                                        coefficient(i), i32Const(0));
      SmallVector<SmallVector<Value>> next;
      for (size_t j = 0; j + 1 < level.size(); j += 2) {
        SmallVector<Value> chosen;
        for (int w = 0; w < words; ++w)
          chosen.push_back(LLVM::SelectOp::create(b, loc, take, level[j + 1][w],
                                                  level[j][w]));
        next.push_back(std::move(chosen));
      }
      level = std::move(next);
    }
    SmallVector<Value> &word = level.front();
    Value element;
    if (bits == 64) {
      element = em.joinWords(word[0], word[1]);
    } else if (bits == 32) {
      element = word[0];
    } else {
      Value w = word[0];
      if (packed) {
        // The slot: the packed coefficients, times the element width.
        Value slot;
        for (int i = 0; i < packed; ++i) {
          Value c = coefficient(i);
          if (i)
            c = LLVM::ShlOp::create(b, loc, c, i32Const(i));
          slot = slot ? Value(LLVM::OrOp::create(b, loc, slot, c)) : c;
        }
        Value shift = LLVM::MulOp::create(b, loc, slot, i32Const(bits));
        w = LLVM::LShrOp::create(b, loc, w, shift);
      }
      element = LLVM::TruncOp::create(b, loc, intType, w);
    }
    if (element.getType() != elementType)
      element = LLVM::BitcastOp::create(b, loc, elementType, element);
    return element;
  });
}

/// The shared-memory gather: store the source, barrier, load each element;
/// in rounds (GatherShared::roundBits), each round's share of both, with a
/// barrier before each later round's store.
static SmallVector<Value>
lowerGatherThroughShared(Emitter &em, const GPUTargetHooks &hooks,
                         const GatherLowering &lw, const ThreadLayout &src,
                         const ThreadLayout &idx, ArrayRef<Value> source,
                         ArrayRef<Value> indices, Type elementType) {
  OpBuilder &b = em.b;
  Location loc = em.loc;
  int bits = lw.elementBytes * 8;
  auto ptrType =
      LLVM::LLVMPointerType::get(b.getContext(), hooks.getSharedAddressSpace());
  Value scratch = LLVM::AddressOfOp::create(b, loc, ptrType, kScratchName);
  Value base = lw.slotOffset
                   ? em.gep(scratch, b.getI8Type(), em.index(lw.slotOffset))
                   : scratch;
  auto barrier = [&] { createScratchBarrier(em, hooks, lw.oneWarpBlock); };
  auto [lane, warp] = em.laneAndWarp(hooks);
  if (lw.leadingBarrier)
    barrier();
  int64_t vector = std::max<int64_t>(1, lw.plan.shared.vectorBits / bits);
  // Offsets in elements; a register's round is its offset's top bits (no
  // lane, warp or index value sets them: GatherPlan checked), and within
  // the round the offset drops them.
  int roundBits = lw.plan.shared.roundBits;
  int scratchBits = llvm::Log2_64(uint64_t(lw.plan.shared.sharedBytes) /
                                  uint64_t(lw.elementBytes));
  uint64_t scratchMask = (uint64_t(1) << scratchBits) - 1;
  auto roundOf = [&](const AddressMap &map, int64_t r) {
    return int64_t(map.registerValue(uint64_t(r)) >> scratchBits);
  };
  SmallVector<int64_t> rep = representatives(idx);
  SmallVector<Value> out(idx.numRegisters());
  Value threadPart;
  for (int64_t round = 0; round < (int64_t(1) << roundBits); ++round) {
    if (round > 0)
      barrier();
    storeRegisters(
        em, base, elementType, bits, src, source, lw.store, nullptr, Value(),
        lane, warp, vector,
        [&](int64_t r) { return roundOf(lw.store, r) == round; },
        roundBits ? scratchMask : kAllOffsetBits, sharedStoreOrder(hooks));
    barrier();
    if (!threadPart)
      threadPart = em.threadPart(lw.load, lane, warp);
    for (int64_t r = 0; r < idx.numRegisters(); ++r) {
      if (rep[r] != r || roundOf(lw.load, r) != round)
        continue;
      Value v = toIndex(em, indices[r]);
      Value offset = em.computeThreadPart(lw.valueOffset, v, Value());
      offset = LLVM::XOrOp::create(b, loc, offset, threadPart);
      if (uint64_t k = lw.load.registerValue(uint64_t(r)) & scratchMask)
        offset = LLVM::XOrOp::create(b, loc, offset, em.index(int64_t(k)));
      Value ptr = em.gep(base, elementType, offset);
      out[r] = em.load(ptr, elementType, 1, bits).front();
    }
  }
  for (int64_t r = 0; r < idx.numRegisters(); ++r)
    if (rep[r] != r)
      out[r] = out[rep[r]];
  return out;
}

namespace {
struct GatherOpLowering : public LLPattern<GatherOp> {
  using LLPattern::LLPattern;

  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto it = lc.state.gathers.find(op);
    if (it == lc.state.gathers.end())
      return op.emitError("gather was not planned");
    const GatherLowering &lowering = it->second;
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!structType)
      return op.emitError("cannot convert ") << op.getType();
    FailureOr<ThreadLayout> src = failure(), idx = failure();
    if (failed(getGatherLayouts(op, lc.hooks.getTarget(), src, idx)))
      return failure();
    Emitter em{rewriter, op.getLoc(), lc.indexType};
    if (lc.hooks.hasBytePermute())
      em.bytePacker = &lc.hooks;
    SmallVector<Value> source =
        em.unpack(adaptor.getSource(), src->numRegisters());
    SmallVector<Value> indices =
        em.unpack(adaptor.getIndices(), idx->numRegisters());
    Type elementType =
        convertElementType(op.getSource().getType().getElementType());
    SmallVector<Value> out =
        lowering.plan.kind == GatherKind::Shuffle
            ? lowerGatherByShuffles(em, lc.hooks, lowering, *idx, source,
                                    indices, elementType)
            : lowerGatherThroughShared(em, lc.hooks, lowering, *src, *idx,
                                       source, indices, elementType);
    rewriter.replaceOp(op, em.pack(structType, out));
    return success();
  }
};
} // namespace

void populateGatherPatterns(const TypeConverter &converter,
                            RewritePatternSet &patterns,
                            const LoweringContext &lc) {
  patterns.add<GatherOpLowering>(converter, patterns.getContext(), lc);
}

} // namespace mlir::ll::lowering
