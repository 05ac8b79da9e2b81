//===- PlanConversions.cpp - Annotate ll.convert_layout with its plan -----===//
//
// Runs the conversion planner of lib/Analysis on every ll.convert_layout and
// stores the decision as its `ll.plan` attribute, an `#ll.plan` (LLAttrs.td;
// the pass description in Passes.td and docs/planning.md). The fields a user
// wrote by hand (`kind`, `memory_layout`, `vector_bits`) are honoured. Each
// decision is an optimization remark (and, with `explain`, a diagnostic with
// the planner's walk-through as a note) and counts in the pass statistics.
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Analysis/AddressMap.h"
#include "LinearLayout/Analysis/ConversionPlan.h"
#include "LinearLayout/Analysis/DistributedColumns.h"
#include "LinearLayout/Analysis/GatherPlan.h"
#include "LinearLayout/Analysis/UnswizzledCost.h"
#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Dialect/LL/IR/LLDialect.h"
#include "LinearLayout/Dialect/LL/Transforms/GatherLiveness.h"
#include "LinearLayout/Dialect/LL/Transforms/Passes.h"
#include "LinearLayout/Dialect/LL/Transforms/PlanKind.h"

#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

namespace mlir::ll {
#define GEN_PASS_DEF_LLPLANCONVERSIONS
#include "LinearLayout/Dialect/LL/Transforms/Passes.h.inc"
} // namespace mlir::ll

using namespace mlir;
using namespace mlir::ll;

/// The category of the remarks: the pass's name.
static constexpr StringLiteral kRemarkCategory = "ll-plan-conversions";

/// The remark of one planned conversion: named after its kind, the
/// planner's reason, and the figures `plan` records (plus the unswizzled
/// wavefronts of a shared-memory plan, for scale), as the remark's
/// key=value arguments.
static void emitPlanRemark(Operation *op, PlanAttr plan, StringRef reason,
                           std::optional<UnswizzledCost> unswizzled,
                           const std::string *explanation) {
  using Arg = remark::detail::Remark::Arg;
  SmallVector<Arg> args;
  args.emplace_back("Reason", reason);
  auto count = [&](StringRef key, std::optional<int64_t> value) {
    if (value)
      args.emplace_back(key, *value);
  };
  count("vector_bits", plan.getVectorBits());
  count("rounds", plan.getRounds());
  count("shuffles", plan.getShuffles());
  count("selects", plan.getSelects());
  if (!plan.getStoreInstruction().empty())
    args.emplace_back("store_instruction", plan.getStoreInstruction());
  if (!plan.getLoadInstruction().empty())
    args.emplace_back("load_instruction", plan.getLoadInstruction());
  count("store_wavefronts", plan.getStoreWavefronts());
  count("load_wavefronts", plan.getLoadWavefronts());
  if (unswizzled) {
    args.emplace_back("unswizzled_store_wavefronts",
                      unswizzled->store.wavefronts);
    args.emplace_back("unswizzled_load_wavefronts",
                      unswizzled->load.wavefronts);
  }
  count("shared_bytes", plan.getSharedBytes());

  StringRef kindName = stringifyPlanKind(plan.getKind());
  StringRef function;
  if (auto func = op->getParentOfType<FunctionOpInterface>())
    function = func.getName();
  auto opts = remark::RemarkOpts::name(kindName)
                  .category(kRemarkCategory)
                  .function(function);
  if (!explanation) {
    // Through the context's remark engine: nothing unless the remark
    // options (--remarks-filter=ll-plan-conversions, ...) ask for it.
    remark::detail::InFlightRemark remark =
        remark::analysis(op->getLoc(), opts);
    if (remark)
      for (Arg &arg : args)
        remark << arg;
    return;
  }
  // The same text as a diagnostic, with the explanation attached.
  remark::detail::OptRemarkAnalysis text(op->getLoc(), opts);
  for (Arg &arg : args)
    text.insert(arg);
  mlir::emitRemark(op->getLoc(), text.getMsg()).attachNote() << *explanation;
}

/// The wavefronts of `layout` accessing `memory` with vectors of `width`
/// bits, or, where `narrower` allows, of the widest narrower vector its
/// register directions allow (countWavefronts needs a vector's elements in
/// register directions); the error of the last width tried where none does.
static llvm::Expected<WavefrontCount>
countAtWidestVector(const LinearLayout &memory, const LinearLayout &layout,
                    int bits, int width, bool narrower, AccessKind access,
                    const GPUTarget &target) {
  for (;; width /= 2) {
    auto count = countWavefronts(memory, layout, bits, width, access, target);
    if (count || !narrower || width <= bits)
      return count;
    llvm::consumeError(count.takeError());
  }
}

/// The owner loads (AddressMap.h) of `op`, whose result (`dst`, `bits`-bit
/// elements) repeats over the warp bits `repeated` and is stored by one
/// ll.store_tile, loaded through `memory` in `rounds` rounds: in vectors of
/// at most `maxElements`, or by `loadInst` (an ldmatrix) with `tile`.
static FailureOr<OwnerLoads>
planOwnerLoads(ConvertLayoutOp op, uint64_t repeated, const LinearLayout &dst,
               int bits, const LinearLayout &memory, int64_t maxElements,
               StringRef loadInst, const MatrixTile &tile, int64_t rounds) {
  auto type = llvm::cast<RankedTensorType>(op.getType());
  auto normalized = normalizeDistributed(
      dst, dims::tensorDims(size_t(type.getRank())), kResultLayoutName);
  if (!normalized)
    return op.emitError(llvm::toString(normalized.takeError()));
  auto store = llvm::cast<StoreTileOp>(*op.getResult().user_begin());
  auto [col, row] = globalAddressMaps(*normalized, type.getShape(),
                                      bool(store.getRowStride()));
  auto inverse = memory.invert();
  if (!inverse)
    return op.emitError(llvm::toString(inverse.takeError()));
  auto composed = normalized->compose(*inverse);
  if (!composed)
    return op.emitError(llvm::toString(composed.takeError()));
  AddressMap load = addressMapOfColumns(
      composed->getColumns(), normalized->getInDimSizeLog2(dims::kRegister),
      normalized->getInDimSizeLog2(dims::kLane),
      normalized->getInDimSizeLog2(dims::kWarp));
  SmallVector<int> matrixBits;
  if (loadInst.starts_with("ldmatrix"))
    matrixBits = {bits != 32 ? tile.pairRegister : -1,
                  bits == 8 ? tile.quadRegister : -1, tile.matrixRegisters[0],
                  tile.matrixRegisters[1]};
  uint64_t instructionBits =
      loadInstructionRegisterBits(load, matrixBits, maxElements);
  // One round's scratch: the offset bits below the round bits.
  int scratchBits = memory.getInDimSizeLog2(dims::kOffset) -
                    int(llvm::Log2_64(uint64_t(std::max<int64_t>(rounds, 1))));
  return shareOwnerLoads(load, scratchBits, instructionBits, col,
                         row ? &*row : nullptr, bits, repeated);
}

/// The store's shares for a remark: " (warp bit w with register bit r,
/// ...)", each register bit that a load instruction spans (it halves no
/// warp's loads) marked as such; empty where the store is not shared out.
static std::string describeShares(const OwnerLoads &owners) {
  std::string out;
  for (auto [warpBit, registerBit] : owners.storeShares) {
    out += out.empty() ? " (" : ", ";
    out += "warp bit " + std::to_string(warpBit) + " with register bit " +
           std::to_string(registerBit);
    if (!llvm::is_contained(owners.loadShares,
                            std::make_pair(warpBit, registerBit)))
      out += ", inside a load instruction";
  }
  return out.empty() ? out : out + ")";
}

namespace {
struct LLPlanConversionsPass
    : public mlir::ll::impl::LLPlanConversionsBase<LLPlanConversionsPass> {
  using LLPlanConversionsBase::LLPlanConversionsBase;

  void runOnOperation() override {
    auto target = GPUTarget::parse(this->target, waveSize);
    if (!target) {
      getOperation()->emitError("ll-plan-conversions: ")
          << llvm::toString(target.takeError());
      return signalPassFailure();
    }
    WalkResult result = getOperation()->walk([&](Operation *op) {
      LogicalResult planned = success();
      if (auto convert = llvm::dyn_cast<ConvertLayoutOp>(op))
        planned = planOne(convert, *target);
      else if (auto gather = llvm::dyn_cast<GatherOp>(op))
        planned = planGather(gather, *target);
      return succeeded(planned) ? WalkResult::advance()
                                : WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  /// Plans one ll.gather (GatherPlan.h): its `ll.plan`, a remark named
  /// after the kind and, with `explain`, the walk-through. A hand-written
  /// kind (and memory layout) is kept; the lowering checks the figures.
  LogicalResult planGather(GatherOp op, const GPUTarget &target) {
    Type elementType = op.getSource().getType().getElementType();
    if (!elementType.isIntOrFloat())
      return op.emitError("cannot plan a gather of ")
             << elementType << " elements (integers or floats only)";
    int bits = getMovedElementBits(elementType);
    GatherPlanOptions options = gatherLivenessOptions(op);
    if (PlanAttr given = getPlan(op))
      if (std::optional<std::string> error = requestGatherPlan(given, options))
        return op.emitError("cannot plan this gather: ") << *error;
    auto plan = mlir::ll::planGather(
        getLinearEncoding(op.getSource().getType()).getLinearLayout(),
        getLinearEncoding(op.getIndices().getType()).getLinearLayout(),
        int(op.getAxis()), bits, target, options);
    if (!plan)
      return op.emitError("cannot plan this gather: ")
             << llvm::toString(plan.takeError());
    PlanAttr planned = gatherPlanAttr(op.getContext(), *plan);
    setPlan(op, planned);
    count(planned);
    std::string explanation = explain ? plan->explain() : "";
    emitPlanRemark(op, planned, plan->reason, std::nullopt,
                   explain ? &explanation : nullptr);
    return success();
  }

  LogicalResult planOne(ConvertLayoutOp op, const GPUTarget &target) {
    auto srcType = llvm::cast<RankedTensorType>(op.getSource().getType());
    auto dstType = llvm::cast<RankedTensorType>(op.getResult().getType());
    Type elementType = srcType.getElementType();
    if (!elementType.isIntOrFloat())
      return op.emitError("cannot plan a conversion of ")
             << elementType << " elements (integers or floats only)";
    int bits = getMovedElementBits(elementType);
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
      return op.emitError("cannot plan a conversion of ")
             << bits << "-bit elements (1, 8, 16, 32 or 64 bits)";
    const LinearLayout &src = getLinearEncoding(srcType).getLinearLayout();
    const LinearLayout &dst = getLinearEncoding(dstType).getLinearLayout();
    // The same located error as ll-optimize-register-order and the lowering.
    for (auto [layout, what] : {std::pair(&src, kSourceLayoutName),
                                std::pair(&dst, kResultLayoutName)})
      if (auto err = checkLanesFit(*layout, target, what))
        return op.emitError(llvm::toString(std::move(err)));

    // What the user fixed by hand.
    ConversionPlanOptions options;
    options.swizzle.allowRounds = allowRounds;
    options.swizzle.allowMatrix = allowMatrix;
    options.swizzle.allowOneSidedVectors = allowOneSided;
    // A malformed `ll.plan` was rejected by the dialect's verifier.
    PlanAttr given = getPlan(op);
    LinearAttr givenMemory;
    std::optional<int> givenVector;
    if (given) {
      options.forceKind = toConversionKind(given.getKind());
      givenMemory = given.getMemoryLayout();
      if (std::optional<int64_t> vector = given.getVectorBits();
          vector && givenMemory) {
        // A power of two (verified); one that does not fit an int is an
        // error, not silently truncated.
        if (*vector > std::numeric_limits<int>::max())
          return op.emitError("'ll.plan' vector_bits is out of range: ")
                 << *vector;
        givenVector = int(*vector);
      }
    }

    auto plan = planConversion(src, dst, bits, target, options);
    if (!plan)
      return op.emitError("cannot plan this conversion: ")
             << llvm::toString(plan.takeError());

    PlanKind kind = toPlanKind(plan->kind);
    MLIRContext *ctx = op.getContext();
    std::string reason = plan->reason;
    // Verified, so that the annotated IR always parses back.
    using Count = std::optional<int64_t>;
    auto record =
        [&](LinearAttr memory, Count vectorBits, Count rounds, Count shuffles,
            Count selects, Count sharedBytes, StringRef storeInst,
            StringRef loadInst, Count storeWf, Count loadWf,
            std::optional<bool> ownerLoads = std::nullopt) -> PlanAttr {
      auto emitError = [&] {
        return op.emitError("the planner's plan is inconsistent: ");
      };
      return PlanAttr::getChecked(
          emitError, ctx, kind, memory, vectorBits, rounds, shuffles, selects,
          sharedBytes, storeInst, loadInst, storeWf, loadWf, ownerLoads);
    };
    PlanAttr planned;
    if (kind == PlanKind::Shuffle && plan->shuffle) {
      const WarpShufflePlan &s = *plan->shuffle;
      int64_t shuffleBits = int64_t(bits) << s.vec.size();
      if (given && given.getVectorBits() &&
          (*given.getVectorBits() != shuffleBits ||
           given.getRounds() != s.rounds))
        return op.emitError("the hand-written shuffle (vector_bits = ")
               << *given.getVectorBits()
               << ", rounds = " << given.getRounds().value_or(0)
               << ") is not the planner's (vector_bits = " << shuffleBits
               << ", rounds = " << s.rounds << ")";
      planned =
          record(LinearAttr(), shuffleBits, s.rounds, s.shuffles, s.selects,
                 std::nullopt, "", "", std::nullopt, std::nullopt);
    } else if (kind != PlanKind::SharedMemory || !plan->swizzle) {
      planned = PlanAttr::get(ctx, kind);
    } else {
      const SwizzlePlan &s = *plan->swizzle;
      LinearLayout memory = s.memoryLayout;
      int vectorBits = s.vectorBits;
      int64_t storeWf = s.store.wavefronts, loadWf = s.load.wavefronts;
      int64_t rounds = s.rounds(), sharedBytes = s.sharedBytes;
      std::string storeInst = sharedInstructionName(s.storeTile.kind, true);
      std::string loadInst = sharedInstructionName(s.loadTile.kind, false);
      // What the user fixed: the memory layout, the vector width, the
      // instructions, the rounds. Fields equal to the planner's own (e.g. IR
      // planned before) keep its figures: re-planning is idempotent.
      StringRef givenStore = given ? given.getStoreInstruction() : "";
      StringRef givenLoad = given ? given.getLoadInstruction() : "";
      std::optional<int64_t> givenRounds =
          given ? given.getRounds() : std::nullopt;
      bool ownLayout =
          !givenMemory || givenMemory.getLinearLayout() == s.memoryLayout;
      bool ownVector =
          ownLayout && givenVector.value_or(s.vectorBits) == s.vectorBits;
      bool asPlanned = ownVector &&
                       (givenStore.empty() || givenStore == storeInst) &&
                       (givenLoad.empty() || givenLoad == loadInst) &&
                       givenRounds.value_or(rounds) == rounds;
      if (!asPlanned) {
        // Keep what was written; cost it with plain vector instructions
        // (docs/planning.md, "Hand-written plans").
        if (!ownLayout)
          memory = givenMemory.getLinearLayout();
        vectorBits = ownVector ? s.vectorBits : givenVector.value_or(bits);
        // Each side's widest vector up to the width: the planner's own
        // width may be one side's (or a matrix instruction's), a width of
        // the user's must suit both sides.
        auto cost = [&](const LinearLayout &layout,
                        AccessKind access) -> FailureOr<int64_t> {
          auto count = countAtWidestVector(memory, layout, bits, vectorBits,
                                           ownVector, access, target);
          if (!count)
            return op.emitError("the given memory_layout cannot be used: ")
                   << llvm::toString(count.takeError());
          return count->wavefronts;
        };
        FailureOr<int64_t> store = cost(src, AccessKind::Store);
        if (failed(store))
          return failure();
        FailureOr<int64_t> load = cost(dst, AccessKind::Load);
        if (failed(load))
          return failure();
        storeWf = *store;
        loadWf = *load;
        rounds = givenRounds.value_or(ownLayout ? rounds : 1);
        std::optional<int64_t> bytes = llvm::checkedMul(
            memory.getInDimSize(dims::kOffset), int64_t(bits / 8));
        if (!bytes)
          return op.emitError("the given memory_layout needs ")
                 << memory.getInDimSize(dims::kOffset) << " elements of "
                 << bits << " bits, more than 2^63 - 1 bytes";
        sharedBytes = *bytes / std::max<int64_t>(rounds, 1);
        storeInst = givenStore.empty() ? (ownLayout ? storeInst : "st.shared")
                                       : givenStore.str();
        loadInst = givenLoad.empty() ? (ownLayout ? loadInst : "ld.shared")
                                     : givenLoad.str();
        reason += "; the hand-written fields of the plan are kept";
      }
      // Loads for a broadcast store: each warp loads only what it stores
      // (docs/planning.md, "Loads for a broadcast store"). The warps that
      // repeat each other read the same addresses, and each load
      // instruction is now issued by one of them, so each repeated warp
      // bit halves the loads' wavefronts.
      std::optional<bool> givenOwners =
          given ? given.getOwnerLoads() : std::nullopt;
      uint64_t skipped = ownerLoadWarpBits(op);
      if (givenOwners.value_or(false) && !skipped)
        return op.emitError(
            "owner_loads = true needs the conversion's one use to be the "
            "value of an ll.store_tile right after it in its block (its other "
            "operands defined before the conversion, nothing with memory "
            "effects between) of a layout whose warps repeat each other");
      std::optional<bool> ownerLoads = givenOwners;
      // The owner loads enumerate the result's registers; a result larger
      // than the lowering takes gets none (the lowering rejects it).
      int resultRegisterBits = dst.hasInDim(dims::kRegister)
                                   ? dst.getInDimSizeLog2(dims::kRegister)
                                   : 0;
      if (skipped &&
          resultRegisterBits > int(llvm::Log2_64(kMaxRegistersPerThread))) {
        std::string registers = "2^" + std::to_string(resultRegisterBits) +
                                " registers per thread, more than the " +
                                std::to_string(kMaxRegistersPerThread) +
                                " the lowering takes";
        if (givenOwners.value_or(false))
          return op.emitError("owner_loads = true on a result of ")
                 << registers;
        reason += "; owner loads not planned: the result has " + registers;
        skipped = 0;
      }
      if (skipped && givenOwners.value_or(true)) {
        // The lowering's vectors: each side's widest where the width is
        // the planner's own, else capped by it (ConvertWithinBlock.cpp).
        int64_t maxElements = ownLayout && vectorBits == s.vectorBits
                                  ? 128 / bits
                                  : std::max(vectorBits / bits, 1);
        MatrixTile tile = s.loadTile;
        if (StringRef(loadInst).starts_with("ldmatrix") &&
            loadInst != sharedInstructionName(s.loadTile.kind, false)) {
          auto columns =
              getDistributedColumns(dst, outDimsOf(dst), kResultLayoutName);
          if (!columns)
            return op.emitError(llvm::toString(columns.takeError()));
          auto view = matrixView(*columns, bits, loadInst == "ldmatrix.trans",
                                 /*store=*/false, nullptr);
          if (view)
            tile = view->second;
        }
        FailureOr<OwnerLoads> owners =
            planOwnerLoads(op, skipped, dst, bits, memory, maxElements,
                           loadInst, tile, rounds);
        if (failed(owners))
          return failure();
        bool sharedOut = !owners->storeShares.empty();
        // A round's loads feed that round's stores: a store vector whose
        // registers fall in different rounds would store some before they
        // are loaded.
        if (owners->vectorAcrossRounds && givenOwners)
          return op.emitError("owner_loads = true needs each store vector "
                              "in one round, but a vector of the "
                              "ll.store_tile spans the conversion's ")
                 << rounds << " rounds";
        // By default where the store is not shared out: there every warp
        // but the storing ones is idle. Shared out, the fused branches
        // change ptxas's schedule of the whole kernel: by default where
        // the loads' wavefronts fall fourfold or more (every kernel
        // measured faster), not where they halve (as many slower as
        // faster, docs/planning.md); a hand-written `true` asks for it.
        // And where every warp loading would keep more registers live into
        // the shared-out store than a thread can hold: the whole result is
        // loaded before the store's branches, where fused each branch holds
        // its share alone.
        std::string warps = "warp bits 0x" + llvm::utohexstr(skipped);
        int64_t liveAtStore = sharedOut ? registersLiveIntoStore(op) : 0;
        bool byDefault =
            ownerLoadsByDefault(*owners, liveAtStore, target.registerBudget);
        int64_t fraction = int64_t(1) << owners->halvings();
        if (owners->vectorAcrossRounds) {
          reason += "; owner loads not applied: a vector of the "
                    "ll.store_tile after it spans the conversion's " +
                    std::to_string(rounds) + " rounds";
        } else if (givenOwners || byDefault) {
          ownerLoads = true;
          int64_t everyWarp = loadWf;
          // Plain loads go under the store's condition on the lanes too:
          // the lanes that hold copies load nothing (a matrix load needs
          // the whole warp). Counted as the store counts them.
          uint64_t idleLanes = dst.getFreeVariableMask(dims::kLane);
          std::string lanesNote;
          if (idleLanes && !StringRef(loadInst).starts_with("ldmatrix")) {
            auto count = countAtWidestVector(
                memory, dst, bits, asPlanned ? s.load.vectorBits : vectorBits,
                /*narrower=*/true, AccessKind::OwnerLoad, target);
            if (count)
              loadWf = count->wavefronts;
            else
              llvm::consumeError(count.takeError());
            lanesNote = ", and of those warps the lanes repeating over lane "
                        "bits 0x" +
                        llvm::utohexstr(idleLanes) + " load nothing";
          }
          loadWf >>= owners->halvings();
          reason += "; owner loads: the result's one use is the ll.store_tile "
                    "after it, which the warps repeating over " +
                    warps +
                    (sharedOut ? " share out" + describeShares(*owners)
                               : std::string(" leave to one of them")) +
                    ", so each warp loads only what it stores" + lanesNote +
                    ": " + std::to_string(loadWf) + " load wavefronts (" +
                    std::to_string(everyWarp) + " with every warp loading)";
          if (sharedOut && !givenOwners) {
            if (liveAtStore > target.registerBudget)
              reason += "; fused with the store's shares because every warp "
                        "loading would keep about " +
                        std::to_string(liveAtStore) +
                        " registers per thread live into the store, more "
                        "than the " +
                        std::to_string(target.registerBudget) +
                        " a thread can hold without spilling";
            else
              reason += "; fused with the store's shares because the loads' "
                        "wavefronts then fall to 1/" +
                        std::to_string(fraction);
          }
        } else {
          reason += "; owner loads not applied: the ll.store_tile after it "
                    "shares its instructions out over the warps repeating "
                    "over " +
                    warps + describeShares(*owners) +
                    ", and the loads' wavefronts would only fall to 1/" +
                    std::to_string(fraction) +
                    " (owner_loads = true asks for it; about " +
                    std::to_string(liveAtStore) +
                    " registers per thread live into the store, within the " +
                    std::to_string(target.registerBudget) + ")";
        }
      } else if (skipped) {
        reason += "; owner_loads = false: every warp loads";
      }
      planned = record(LinearAttr::get(ctx, memory), vectorBits, rounds,
                       std::nullopt, std::nullopt, sharedBytes, storeInst,
                       loadInst, storeWf, loadWf, ownerLoads);
    }
    if (!planned)
      return failure();
    setPlan(op, planned);
    count(planned);

    std::optional<UnswizzledCost> unswizzled;
    if (kind == PlanKind::SharedMemory) {
      if (auto cost = countUnswizzledWavefronts(src, dst, bits, target))
        unswizzled = *cost;
      else
        llvm::consumeError(cost.takeError()); // no row-major buffer: no figure
    }
    std::string explanation;
    if (explain) {
      explanation = plan->explain();
      if (givenMemory && planned.getMemoryLayout() == givenMemory &&
          plan->swizzle &&
          givenMemory.getLinearLayout() != plan->swizzle->memoryLayout)
        explanation = "The hand-written memory layout " +
                      givenMemory.getLinearLayout().basesToString() +
                      " replaces the planner's own, explained below.\n" +
                      explanation;
    }
    emitPlanRemark(op, planned, reason, unswizzled,
                   explain ? &explanation : nullptr);
    return success();
  }

  /// Adds a recorded plan to the pass statistics.
  void count(PlanAttr plan) {
    switch (plan.getKind()) {
    case PlanKind::Noop:
      ++numNoop;
      break;
    case PlanKind::Registers:
      ++numRegisters;
      break;
    case PlanKind::Shuffle:
      ++numShuffle;
      break;
    case PlanKind::SharedMemory:
      ++numSharedMemory;
      break;
    }
    numShuffles += uint64_t(plan.getShuffles().value_or(0));
    numSelects += uint64_t(plan.getSelects().value_or(0));
    numStoreWavefronts += uint64_t(plan.getStoreWavefronts().value_or(0));
    numLoadWavefronts += uint64_t(plan.getLoadWavefronts().value_or(0));
    numSharedBytes += uint64_t(plan.getSharedBytes().value_or(0));
  }
};
} // namespace
