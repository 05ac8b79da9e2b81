//===- FoldConversions.cpp - Fold chains of ll.convert_layout -------------===//

#include "LinearLayout/Dialect/LL/IR/LLDialect.h"
#include "LinearLayout/Dialect/LL/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::ll {
#define GEN_PASS_DEF_LLFOLDCONVERSIONS
#include "LinearLayout/Dialect/LL/Transforms/Passes.h.inc"
} // namespace mlir::ll

using namespace mlir;
using namespace mlir::ll;

namespace {
struct LLFoldConversionsPass
    : public mlir::ll::impl::LLFoldConversionsBase<LLFoldConversionsPass> {
  using LLFoldConversionsBase::LLFoldConversionsBase;

  void runOnOperation() override {
    if (maxRewrites < -1) {
      getOperation()->emitError("ll-fold-conversions: max-rewrites must be "
                                "-1 (no limit) or a count, got ")
          << static_cast<int64_t>(maxRewrites);
      return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, &getContext());
    FrozenRewritePatternSet frozen(std::move(patterns));

    // Only conversions go on the worklist, so folding and dead-code removal
    // never touch other ops.
    SmallVector<Operation *> conversions;
    getOperation()->walk(
        [&](ConvertLayoutOp op) { conversions.push_back(op); });
    GreedyRewriteConfig config;
    config.setMaxNumRewrites(maxRewrites);
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    // Stopping early at max-rewrites is what the option asks for, not an
    // error.
    (void)applyOpPatternsGreedily(conversions, frozen, config);
  }
};
} // namespace
