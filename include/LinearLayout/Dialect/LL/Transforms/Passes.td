//===- Passes.td - Passes of the `ll` dialect --------------*- tablegen -*-===//
//
// Passes that work on `ll` IR without lowering it. Add new ones here; the
// registration in Passes.h picks them up (registerLLPasses()).
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_LL_TRANSFORMS_PASSES_TD
#define LINEARLAYOUT_DIALECT_LL_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def LLFoldConversions : Pass<"ll-fold-conversions"> {
  let summary = "Fold and compose chains of ll.convert_layout";
  let description = [{
    Applies the folder and canonicalisation patterns of `ll.convert_layout`
    and nothing else: a conversion between equal layouts disappears, a chain
    A→B→C becomes A→C, and conversions whose result is unused are erased.
    Unlike `canonicalize` it leaves every other op alone, so it can run right
    before conversion planning without reshaping the surrounding code.

    ```
    ll-opt --ll-fold-conversions in.mlir
    ```
  }];
  let options = [
    Option<"maxRewrites", "max-rewrites", "int64_t", /*default=*/"-1",
           "Stop after this many rewrites (-1: until nothing changes)">,
  ];
}

#endif // LINEARLAYOUT_DIALECT_LL_TRANSFORMS_PASSES_TD
