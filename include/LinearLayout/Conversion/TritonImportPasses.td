//===- TritonImportPasses.td - Reading Triton's TTGIR ------*- tablegen -*-===//

#ifndef LINEARLAYOUT_CONVERSION_TRITONIMPORTPASSES_TD
#define LINEARLAYOUT_CONVERSION_TRITONIMPORTPASSES_TD

include "mlir/Pass/PassBase.td"

def LLImportTTGIR : Pass<"ll-import-ttgir", "::mlir::ModuleOp"> {
  let summary = "Rewrite a Triton 3.6 TTGIR module's layouts into the ll "
                "dialect";
  let description = [{
    Reads a `.ttgir` module (Triton 3.6, as TRITON_CACHE_DIR holds it) and
    makes its layouts `ll` layouts, keeping every other op as it is:

    - every ranked tensor type whose encoding is a distributed `#ttg`
      encoding (blocked, slice, nvidia_mma, dot_op, amd_mfma, amd_wmma,
      linear) becomes the same tensor with an `#ll.linear` encoding whose
      bases are Triton 3.6's `to_linear_layout`, everywhere: operands,
      results, block arguments, function signatures and attributes;
    - `ttg.convert_layout` becomes `ll.convert_layout` (both sides have
      integer or float elements; a conversion of pointers keeps its op, with
      converted types);
    - a `ttg.local_alloc` whose only users are `ttg.local_load`,
      `ttg.local_store` and `ttg.local_dealloc`, with a shared encoding this
      project builds (swizzled_shared, nvmma_shared, shared_linear,
      padded_shared's linear part) and no view (its shape is its allocation
      shape), becomes `ll.alloc_shared` with the encoding's layout over
      `offset`; its initial value and stores become `ll.store_shared`
      between `gpu.barrier`s, its loads `ll.load_shared`, its dealloc goes.

    Multi-CTA layouts (`CGALayout`) get their `block` bases; a buffer
    spread over the cluster stays a ttg alloc. The module attributes
    `ttg.num-warps`, `ttg.threads-per-warp` (default 32) and `ttg.num-ctas`
    (default 1) are checked against every layout; `ttg.target` is kept. An
    encoding that cannot be built is an error at the first op or argument
    that has it (its closest located ancestor for a `loc(unknown)` op).
    docs/triton-import.md has the rules.
  }];
  let options = [
    Option<"importShared", "import-shared", "bool", /*default=*/"true",
           "Rewrite the local-only ttg.local_alloc buffers (and their "
           "loads, stores and deallocs) into ll shared buffers; false "
           "keeps every alloc a ttg op (only tensor layouts and "
           "conversions are imported)">,
  ];
  let dependentDialects = ["::mlir::ll::LLDialect",
                           "::mlir::gpu::GPUDialect"];
}

#endif // LINEARLAYOUT_CONVERSION_TRITONIMPORTPASSES_TD
