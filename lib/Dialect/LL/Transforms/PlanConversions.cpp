//===- PlanConversions.cpp - Annotate ll.convert_layout with its plan -----===//
//
// Runs the conversion planner of lib/Analysis on every ll.convert_layout and
// stores the decision as the `ll.plan` dictionary attribute (see the pass
// description in Passes.td and docs/planning.md). Entries a user wrote by
// hand (`kind`, `memory_layout`, `vector_bits`) are honoured.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Analysis/ConversionPlan.h"
#include "LinearLayout/Dialect/LL/IR/LLDialect.h"
#include "LinearLayout/Dialect/LL/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::ll {
#define GEN_PASS_DEF_LLPLANCONVERSIONS
#include "LinearLayout/Dialect/LL/Transforms/Passes.h.inc"
} // namespace mlir::ll

using namespace mlir;
using namespace mlir::ll;

namespace {
struct LLPlanConversionsPass
    : public mlir::ll::impl::LLPlanConversionsBase<LLPlanConversionsPass> {
  using LLPlanConversionsBase::LLPlanConversionsBase;

  void runOnOperation() override {
    auto target = SharedMemoryTarget::get(this->target);
    if (!target) {
      getOperation()->emitError("ll-plan-conversions: ")
          << llvm::toString(target.takeError());
      return signalPassFailure();
    }
    WalkResult result = getOperation()->walk([&](ConvertLayoutOp op) {
      return succeeded(planOne(op, *target)) ? WalkResult::advance()
                                             : WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  LogicalResult planOne(ConvertLayoutOp op, const SharedMemoryTarget &target) {
    auto srcType = llvm::cast<RankedTensorType>(op.getSource().getType());
    auto dstType = llvm::cast<RankedTensorType>(op.getResult().getType());
    Type elementType = srcType.getElementType();
    if (!elementType.isIntOrFloat())
      return op.emitError("cannot plan a conversion of ")
             << elementType << " elements (integers or floats only)";
    int bits = int(elementType.getIntOrFloatBitWidth());
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
      return op.emitError("cannot plan a conversion of ")
             << bits << "-bit elements (8, 16, 32 or 64 bits)";
    const LinearLayout &src = getLinearEncoding(srcType).getLinearLayout();
    const LinearLayout &dst = getLinearEncoding(dstType).getLinearLayout();

    // What the user fixed by hand.
    ConversionPlanOptions options;
    options.swizzle.allowRounds = allowRounds;
    options.swizzle.allowMatrix = allowMatrix;
    DictionaryAttr given = op->getAttrOfType<DictionaryAttr>(kPlanAttrName);
    if (op->hasAttr(kPlanAttrName) && !given)
      return op.emitError("'ll.plan' must be a dictionary");
    LinearAttr givenMemory;
    std::optional<int> givenVector;
    if (given) {
      if (Attribute kind = given.get("kind")) {
        auto name = llvm::dyn_cast<StringAttr>(kind);
        std::optional<ConversionKind> parsed;
        for (ConversionKind k :
             {ConversionKind::Noop, ConversionKind::Registers,
              ConversionKind::Shuffle, ConversionKind::SharedMemory})
          if (name && name.getValue() == conversionKindName(k))
            parsed = k;
        if (!parsed)
          return op.emitError("'ll.plan' kind must be \"noop\", "
                              "\"registers\", \"shuffle\" or "
                              "\"shared_memory\", got ")
                 << kind;
        options.forceKind = parsed;
      }
      if (Attribute memory = given.get("memory_layout")) {
        givenMemory = llvm::dyn_cast<LinearAttr>(memory);
        if (!givenMemory || !givenMemory.isMemory())
          return op.emitError("'ll.plan' memory_layout must be an "
                              "#ll.linear from 'offset', got ")
                 << memory;
        options.forceKind = ConversionKind::SharedMemory;
      }
      if (Attribute vector = given.get("vector_bits")) {
        auto value = llvm::dyn_cast<IntegerAttr>(vector);
        if (!value)
          return op.emitError("'ll.plan' vector_bits must be an integer");
        // Any integer type (getInt() asserts on si/ui types); a number that
        // does not fit an int is an error, not silently truncated.
        const APInt &raw = value.getValue();
        bool isUnsigned = value.getType().isUnsignedInteger();
        if (isUnsigned ? raw.getActiveBits() > 31
                       : raw.getSignificantBits() > 32)
          return op.emitError("'ll.plan' vector_bits is out of range: ")
                 << vector;
        givenVector = int(isUnsigned ? raw.getZExtValue() : raw.getSExtValue());
      }
    }

    auto plan = planConversion(src, dst, bits, target, options);
    if (!plan)
      return op.emitError("cannot plan this conversion: ")
             << llvm::toString(plan.takeError());

    Builder b(op.getContext());
    SmallVector<NamedAttribute> entries;
    auto add = [&](StringRef name, Attribute value) {
      entries.push_back(b.getNamedAttr(name, value));
    };
    add("kind", b.getStringAttr(conversionKindName(plan->kind)));
    if (plan->shuffle) {
      const WarpShufflePlan &s = *plan->shuffle;
      add("vector_bits", b.getI64IntegerAttr(int64_t(bits) << s.vec.size()));
      add("rounds", b.getI64IntegerAttr(s.rounds));
      add("shuffles", b.getI64IntegerAttr(s.shuffles));
      add("selects", b.getI64IntegerAttr(s.selects));
    }
    if (plan->swizzle) {
      const SwizzlePlan &s = *plan->swizzle;
      LinearLayout memory = s.memoryLayout;
      int vectorBits = s.vectorBits;
      int64_t storeWf = s.store.wavefronts, loadWf = s.load.wavefronts;
      int64_t rounds = s.rounds(), sharedBytes = s.sharedBytes;
      std::string storeInst = sharedInstructionName(s.storeTile.kind, true);
      std::string loadInst = sharedInstructionName(s.loadTile.kind, false);
      // A hand-written layout equal to the planner's own (e.g. IR planned
      // before) keeps the planner's instructions and figures: re-planning is
      // idempotent.
      bool sameAsPlanned = givenMemory &&
                           givenMemory.getLinearLayout() == s.memoryLayout &&
                           givenVector.value_or(s.vectorBits) == s.vectorBits;
      if (givenMemory && !sameAsPlanned) {
        // Keep the user's layout; cost it with plain vector instructions.
        memory = givenMemory.getLinearLayout();
        vectorBits = givenVector.value_or(bits);
        auto store = countWavefronts(memory, src, bits, vectorBits,
                                     AccessKind::Store, target);
        if (!store)
          return op.emitError("the given memory_layout cannot be used: ")
                 << llvm::toString(store.takeError());
        auto load = countWavefronts(memory, dst, bits, vectorBits,
                                    AccessKind::Load, target);
        if (!load)
          return op.emitError("the given memory_layout cannot be used: ")
                 << llvm::toString(load.takeError());
        storeWf = store->wavefronts;
        loadWf = load->wavefronts;
        rounds = 1;
        sharedBytes = memory.getInDimSize("offset") * (bits / 8);
        storeInst = "st.shared";
        loadInst = "ld.shared";
      }
      add("memory_layout", LinearAttr::get(op.getContext(), memory));
      add("vector_bits", b.getI64IntegerAttr(vectorBits));
      add("rounds", b.getI64IntegerAttr(rounds));
      add("shared_bytes", b.getI64IntegerAttr(sharedBytes));
      add("store_instruction", b.getStringAttr(storeInst));
      add("load_instruction", b.getStringAttr(loadInst));
      add("store_wavefronts", b.getI64IntegerAttr(storeWf));
      add("load_wavefronts", b.getI64IntegerAttr(loadWf));
    }
    op->setAttr(kPlanAttrName, b.getDictionaryAttr(entries));
    return success();
  }
};
} // namespace
