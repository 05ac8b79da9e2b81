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

def LLFoldGatherConversions : Pass<"ll-fold-gather-conversions"> {
  let summary = "Let an ll.gather read and write the layouts its conversions come from and go to";
  let description = [{
    A gather through shared memory stores its whole source and loads each
    element at an address made from its index, so it can read the source in
    any layout and produce its result in whatever layout the indices have.
    Where a gather's source and indices are each made by an
    `ll.convert_layout` used by the gather alone, and its one use is an
    `ll.convert_layout` back to the layout the indices were converted from
    (all in one block, none with a hand-written `ll.plan`), this pass
    compares the two ways in the gather cost model's issue cycles per warp
    (docs/gather.md): the three conversions as `ll-plan-conversions` would
    plan them (each through shared memory charged a barrier) plus the gather
    as planned, against one gather of the unconverted tensors through shared
    memory laid out for its loads (`gatherLoadMemoryLayout`: the lanes'
    columns across the banks). When the fold is cheaper, the four ops become
    that one gather, with its complete `ll.plan` (kind `shared_memory`, the
    memory layout and the planned figures), and a remark of category
    `ll-fold-gather-conversions` (`--remarks-filter`) gives both costs.
    Outside loops, on a target whose shared memory and L1 are one array
    (NVIDIA), a source of more than 128 bytes per thread goes in rounds
    (`rounds = R`: the top log2(R) bits of the memory layout, set by
    registers alone), so that the scratch leaves the loads around the
    gather their L1 (docs/gather.md, "Rounds").

    A gather in a loop whose source changes every iteration does not match
    (its source comes from the loop, not from a conversion): there the
    conversions run once and the gather every time.

    ```
    ll-opt --ll-fold-gather-conversions=target=sm_90 in.mlir
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "Target whose conversions and gathers are costed: sm_<N>[a], "
           "gfx9<XX>, gfx1<0-2><XX>">,
    Option<"waveSize", "wave-size", "unsigned", /*default=*/"0",
           "Lanes per warp: 64, 32 (gfx10+), or 0 for the target's own">,
  ];
}

def LLPlanConversions : Pass<"ll-plan-conversions"> {
  let summary = "Decide how each ll.convert_layout moves its data";
  let description = [{
    Classifies every `ll.convert_layout` (C = B⁻¹A: no-op, register moves,
    warp shuffles or shared memory) and records the decision as its `ll.plan`
    attribute, an `#ll.plan` (docs/dialect-reference.md, docs/planning.md):

    - `kind`: `noop`, `registers`, `shuffle` or `shared_memory`;
    - shuffles: `vector_bits`, `rounds`, `shuffles`, `selects` (per thread);
    - shared memory: `memory_layout` (an `#ll.linear` from `offset` to the
      tile: the optimal swizzle of the paper's §5.4), `vector_bits`,
      `rounds`, `shared_bytes`, `store_instruction`, `load_instruction`,
      and the predicted `store_wavefronts` / `load_wavefronts` (Lemma 9.4,
      the whole tile).

    ```mlir
    %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shuffle,
        vector_bits = 32, rounds = 32, shuffles = 32, selects = 0>} : ...
    ```

    A user overrides a decision by writing `ll.plan` by hand, and the
    lowering (`convert-ll-to-nvvm`/`-rocdl`) carries out what the plan
    names or rejects it with a located error: a given `kind` is kept (it
    must be able to do the conversion); for shared memory a given
    `memory_layout`, `vector_bits` (default the element width with a
    given layout), `store_instruction`, `load_instruction` and `rounds`
    are kept and the wavefronts and shared bytes costed for them (plain
    vector accesses); for shuffles the given figures must be the
    planner's. For example `ll.plan = #ll.plan<kind = shared_memory>`
    forces shared memory, `ll.plan = #ll.plan<kind = shared_memory,
    memory_layout = #m, vector_bits = 64>` fixes the memory layout, and
    the planner's own plan with `load_instruction = "ld.shared"` turns its
    ldmatrix off. The dictionary form of earlier versions
    (`ll.plan = {kind = "shared_memory"}`) is an error. `ll-to-ptx` and
    `ll-to-rocdl` run this pass before the lowering, so an IR dump shows
    the plan each conversion is lowered by (docs/lowering.md, "Plans").

    ```
    ll-opt --ll-plan-conversions=target=sm_90 in.mlir
    ```

    Every decision is an MLIR optimization remark (the remark framework of
    MLIR 22, category `ll-plan-conversions`, kind *analysis*) on the op's
    location, named after the kind, with the planner's one-line reason
    and, as its arguments, the figures of the plan: `vector_bits`,
    `rounds`, `shuffles` and `selects` for shuffles; `vector_bits`, the
    instructions, `store_wavefronts` / `load_wavefronts` (and
    `unswizzled_store_wavefronts` / `unswizzled_load_wavefronts`, the same
    conversion through a row-major buffer, for scale), `shared_bytes` and
    `rounds` for shared memory. They are off by default and shown with the
    standard remark options:

    ```
    ll-opt --ll-plan-conversions --remarks-filter=ll-plan-conversions in.mlir
    # in.mlir:5:8: remark: [Analysis] shared_memory | Category:ll-plan-conversions |
    #   Function=f | Reason="C moves data between warps: ...", load_instruction=ld.shared,
    #   load_wavefronts=16, ..., vector_bits=32
    ll-opt ... --remarks-filter=ll-plan-conversions --remark-format=yaml \
        --remarks-output-file=plans.yaml
    ```

    Under `--verify-diagnostics` they are `expected-remark`s. With
    `explain=true` every conversion gets the same remark as a diagnostic,
    whatever the remark options, with the planner's full walk-through
    (`ConversionPlan::explain()`, Python's `plan.explain()`) attached as a
    note.

    `--mlir-pass-statistics` counts the conversions of each kind and sums
    the planned shuffles, selects, wavefronts and shared bytes.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "Target whose shared memory is modelled: sm_<N>[a], gfx9<XX>, "
           "gfx1<0-2><XX>">,
    Option<"waveSize", "wave-size", "unsigned", /*default=*/"0",
           "Lanes per warp: 64, 32 (gfx10+), or 0 for the target's own">,
    Option<"allowRounds", "allow-rounds", "bool", /*default=*/"true",
           "Split shared-memory conversions into rounds over a smaller "
           "scratch buffer when that costs no wavefronts">,
    Option<"allowMatrix", "allow-matrix", "bool", /*default=*/"true",
           "Consider ldmatrix/stmatrix for 16- and 32-bit data">,
    Option<"allowOneSided", "allow-one-sided", "bool", /*default=*/"true",
           "Consider vectors that one side accesses wider than the other "
           "(docs/planning.md §5b); false with allow-matrix=false is the "
           "paper's construction alone">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit each conversion's remark as a diagnostic, with the planner's "
           "full explanation attached as a note">,
  ];
  let statistics = [
    Statistic<"numNoop", "noop", "Conversions planned as no-ops">,
    Statistic<"numRegisters", "registers",
              "Conversions planned as register moves">,
    Statistic<"numShuffle", "shuffle", "Conversions planned as warp shuffles">,
    Statistic<"numSharedMemory", "shared-memory",
              "Conversions planned through shared memory">,
    Statistic<"numShuffles", "shuffles",
              "Warp shuffles per thread, summed over the conversions">,
    Statistic<"numSelects", "selects",
              "Selects per thread of the shuffle plans, summed">,
    Statistic<"numStoreWavefronts", "store-wavefronts",
              "Predicted shared-memory store wavefronts, summed over tiles">,
    Statistic<"numLoadWavefronts", "load-wavefronts",
              "Predicted shared-memory load wavefronts, summed over tiles">,
    Statistic<"numSharedBytes", "shared-bytes",
              "Shared memory of the plans (bytes), summed">,
  ];
}

def LLOptimizeRegisterOrder : Pass<"ll-optimize-register-order"> {
  let summary = "Give values the per-lane register order that makes warp-shuffle conversions select-free";
  let description = [{
    A thread's registers are not observable: a layout that gives every lane
    the same elements in another, lane-dependent register order describes
    the same tensor. A warp-shuffle conversion sends and files its values in
    an order of its own; where that order depends on the lane, the lowering
    picks registers with selects, up to two per element moved. This pass
    gives each group of values whose register order nothing observes (values
    joined by elementwise ops and `scf.for` iteration arguments, produced by
    `ll.load_tile`, `ll.convert_layout` or splat constants, used by
    `ll.store_tile`, `ll.convert_layout` and elementwise ops) the register
    order that the adjacent conversions send or deliver in, when that lowers
    the planned cost of those conversions (shuffles + selects / 4, or
    shared-memory wavefronts per warp, times the trip counts of the loops
    around them). A tile load or store that the new order would narrow, or
    spread over more memory per warp (more 32-byte sectors; for a load more
    128-byte lines too, unless the order saved a shared-memory round trip),
    keeps its layout behind a bridging conversion, counted in the cost
    (docs/register-order.md). Each access of a reordered value gets a remark
    of category `ll-register-order` saying which (`--remarks-filter`).

    Values reaching any other op keep their layout, and so do the two sides
    of a conversion that carries a hand-written `ll.plan`. A conversion left
    between equal layouts is removed.

    ```
    ll-opt --ll-optimize-register-order=target=sm_90 in.mlir
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "Target whose conversions are planned: sm_<N>[a], gfx9<XX>, "
           "gfx1<0-2><XX>">,
    Option<"waveSize", "wave-size", "unsigned", /*default=*/"0",
           "Lanes per warp: 64, 32 (gfx10+), or 0 for the target's own">,
  ];
}

#endif // LINEARLAYOUT_DIALECT_LL_TRANSFORMS_PASSES_TD
