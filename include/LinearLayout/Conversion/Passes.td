//===- Passes.td - Lowerings of the `ll` dialect -----------*- tablegen -*-===//
//
// Conversions of the `ll` dialect to target dialects. The patterns are shared
// between targets (lib/Conversion/LLToGPUCommon); each pass only supplies
// its target's hooks (lib/Conversion/LLTo<Target>).
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_CONVERSION_PASSES_TD
#define LINEARLAYOUT_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertLLToNVVM : Pass<"convert-ll-to-nvvm"> {
  let summary = "Lower ll ops inside GPU kernels to the LLVM and NVVM dialects";
  let description = [{
    Lowers `ll.load_tile`, `ll.store_tile`, `ll.convert_layout`,
    `ll.alloc_shared`, `ll.store_shared`, `ll.load_shared`, and elementwise
    arith ops and splat constants on `ll` tensors, to LLVM dialect ops plus
    `nvvm.read.ptx.sreg.tid.x`, `nvvm.shfl.sync` and `nvvm.barrier0`
    (docs/lowering.md).

    A tensor becomes its thread's registers: an `!llvm.struct` with one
    member per value of the layout's `register` dimension, register k at
    position k. Tile accesses use the widest aligned vector the layout
    allows; conversions follow the planner (lib/Analysis): nothing, SSA
    renames (with selects where the source register depends on the lane),
    warp shuffles, or a round trip through shared memory placed by the
    optimal swizzle, with the XOR part of every address computed once per
    thread. Stores of broadcast layouts are predicated so that each element
    is written once. On sm_87 and later, a contiguous tile's load from a
    global pointer whose warps read whole 32-byte sectors of partly read
    128-byte lines asks L2 for whole lines (`ld.global.L2::128B`, inline
    PTX; docs/lowering.md "Global loads").
    Shared scratch is one `addrspace(3)` global per symbol table
    (`__ll_scratch`), sized for the largest conversion.

    A conversion that carries an `ll.plan` (written by
    `ll-plan-conversions`, which `ll-to-ptx` runs first, or by hand) is
    lowered as the plan says: its `kind`, and for shared memory its
    `memory_layout`, `vector_bits` (a width other than the planner's own
    caps every access; the planner's own leaves each side its widest
    vector), `store_instruction` / `load_instruction` (`st.shared`,
    `stmatrix[.trans]`, `ld.shared`, `ldmatrix[.trans]`) and `rounds`. A
    plan it cannot carry out is a located error ("cannot carry out the
    ll.plan: ..."): a kind that cannot do the conversion, a memory layout
    that is not a bijection onto the tile, a vector wider than the layouts
    allow in it, a matrix instruction the target lacks or the layout does
    not fit, rounds whose offset bits are thread directions, more shared
    memory than the target has, or a kind the planner would not choose
    that the lowering cannot emit as such. Where the planner's own plan
    cannot be emitted as planned, the lowering departs from it and says
    why in an optimization remark of category `ll-lowering`
    (`--remarks-filter=ll-lowering`; docs/lowering.md, "Plans").
    `--mlir-pass-statistics` counts the conversions lowered by kind and the
    barriers they emit.

    Assumptions the caller guarantees (as Triton's divisibility hints):
    the tile pointer is aligned to the vector width (16 bytes suffice) and
    `row_stride` is a multiple of the vector width in elements.

    Other ops are left alone; run `convert-gpu-to-nvvm` afterwards, or use
    the `ll-to-ptx` pipeline.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "NVIDIA GPU architecture (sm_<N> or sm_<N>a, GPUTarget.h): "
           "lanes, shared-memory limits, bank model, matrix instructions">,
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"32",
           "Bit width of the integer offsets computed per thread (32 or 64)">,
    Option<"minRoundBytes", "min-round-bytes", "int64_t",
           /*default=*/"::mlir::ll::kDefaultMinRoundBytes",
           "Inside loops, run a conversion that the plan splits into rounds "
           "in rounds of at least this many scratch bytes (fewer barriers, "
           "more shared memory); 0 keeps the plan's rounds, also those of "
           "a conversion that runs once, which otherwise move at least the "
           "target's bytes a thread (8 on NVIDIA)">,
    Option<"lineBarriers", "line-barriers", "bool", /*default=*/"true",
           "Put barriers between the line groups of global tile loads and "
           "stores where docs/lowering.md's rules say so (bar.warp.sync, or "
           "bar.sync where a store's warps share sectors, the store's "
           "groups then in phases of few lines, else each warp's in phases "
           "of few sectors: \"Barriers between line groups\", \"Store "
           "phases\", \"Warp phases\"); false: never">,
  ];
  let statistics = [
    Statistic<"numNoop", "noop", "Conversions lowered as no-ops">,
    Statistic<"numRegisters", "registers",
              "Conversions lowered as register moves">,
    Statistic<"numShuffle", "shuffle", "Conversions lowered as warp shuffles">,
    Statistic<"numSharedMemory", "shared-memory",
              "Conversions lowered through shared memory">,
    Statistic<"numBarriers", "barriers",
              "Barriers the conversions emit (in the code)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def LLFinalizeNVVM : Pass<"ll-finalize-nvvm", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower the rest of a gpu.module to LLVM and NVVM, kernels in "
                "parallel";
  let description = [{
    What `convert-ll-to-nvvm` leaves of a kernel (scf loops and ifs,
    elementwise arith, `gpu.func`, `gpu.return`, and any other op with an
    upstream LLVM lowering) lowered with upstream's patterns, as
    `convert-scf-to-cf`, `convert-gpu-to-nvvm` and
    `reconcile-unrealized-casts` would, in one pass:

    1. per function, in parallel: scf to cf; dead ops and unreachable
       blocks erased; gpu's rewrite patterns on `gpu.shuffle`,
       `gpu.global_id` and `gpu.all_reduce`; then, when the signature is
       LLVM-compatible and the function has no attributions, the body's
       arith, cf, index and ub ops and gpu's index, barrier and shuffle
       ops, except those whose lowering declares a module symbol
       (`arith.remf`/`maxnumf`/`minnumf` as libdevice calls, `cf.assert`);
    2. over the module: the function ops (`gpu.func` to `llvm.func` with
       `nvvm.kernel`) and any body step 1 left;
    3. the unrealized casts between the two, reconciled.

    Upstream's `convert-gpu-to-nvvm` first rewrites the whole module
    greedily and converts it serially; on a module of many large kernels
    this pass is several times faster (bench/results/lowering-cost.md).
    It is the tail of the `ll-to-ptx` pipeline. Math ops become libdevice
    calls, as upstream. Two differences: an `llvm.loop_annotation` on an
    `scf.for` (an unroll request) becomes the latch `llvm.br`'s own
    `loop_annotation`, which the translation to LLVM IR reads (upstream's
    tail leaves it as a discardable attribute that the translation
    ignores); and after scf to cf, 8- and 16-bit registers cross branches
    in 32-bit words (`ll-pack-narrow-block-arguments`).
  }];
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"32",
           "Bit width of the index type (32 or 64)">,
    Option<"vectorizeMaxOps", "vectorize-max-ops", "uint64_t",
           /*default=*/"32768",
           "A function with more ops than this is marked noimplicitfloat, "
           "which keeps LLVM's SLP and load-store vectorizers off it: their "
           "time grows quadratically with one function's size "
           "(bench/results/compile-scaling.md); 0: no limit">,
    Option<"optimizeMaxOps", "optimize-max-ops", "uint64_t",
           /*default=*/"131072",
           "A function with more ops than this is marked optnone (and "
           "noinline): LLVM's other optimizations also grow faster than one "
           "function's size; ptxas still optimizes it "
           "(bench/results/compile-scaling.md); 0: no limit">,
  ];
  // What gpu's rewrite patterns (all-reduce: arith, memref workgroup
  // buffers, cf) and scf-to-cf create before the conversion.
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def ConvertLLToROCDL : Pass<"convert-ll-to-rocdl"> {
  let summary = "Lower ll ops inside GPU kernels to the LLVM and ROCDL dialects";
  let description = [{
    The AMD twin of `convert-ll-to-nvvm`: the same target-independent
    patterns (lib/Conversion/LLToGPUCommon) with AMD hooks
    (docs/lowering-rocdl.md). Lowers `ll.load_tile`, `ll.store_tile`,
    `ll.convert_layout`, `ll.alloc_shared`, `ll.store_shared`,
    `ll.load_shared`, and elementwise arith ops and splat constants on `ll`
    tensors, to LLVM dialect ops plus `rocdl.workitem.id.x`,
    `rocdl.s.barrier` (between workgroup-scope release/acquire fences, as
    HIP's `__syncthreads()`), and cross-lane moves.

    A wave is `wave-size` lanes (64 on gfx9; 32 by default on gfx10 and
    later, 64 on request), and the layouts' `lane` dimension must fit it.
    Conversions follow the planner for the chip's bank model (`gfx942`: 32
    banks of 4 bytes; `gfx950`: 64 banks): nothing, SSA renames, cross-lane
    moves, or a round trip through LDS (address space 3) placed by the
    optimal swizzle, with vectorised `ds_write`/`ds_read` up to 128 bits.
    Cross-lane moves whose source lane is a fixed pattern use DPP
    (`quad_perm`, `row_mirror`, `row_half_mirror`) or `ds_swizzle`
    (bit-mask mode); any other affine source lane uses `ds_bpermute`.

    Scratch is one `addrspace(3)` global per symbol table (`__ll_scratch`).
    Other ops are left alone; run `convert-gpu-to-rocdl` afterwards, or use
    the `ll-to-rocdl` pipeline.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"gfx942\"",
           "AMD GPU architecture (gfx9<XX>, gfx1<0-2><XX>, GPUTarget.h): "
           "wave size, LDS size, bank model">,
    Option<"waveSize", "wave-size", "unsigned", /*default=*/"0",
           "Lanes per wave: 64, 32 (gfx10+), or 0 for the chip's default">,
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"32",
           "Bit width of the integer offsets computed per thread (32 or 64)">,
    Option<"minRoundBytes", "min-round-bytes", "int64_t",
           /*default=*/"0",
           "Inside loops, run a conversion that the plan splits into rounds "
           "in rounds of at least this many scratch bytes (fewer barriers, "
           "more shared memory); 0 keeps the plan's rounds, also those of "
           "a conversion that runs once, which otherwise move at least the "
           "target's bytes a thread (8 on NVIDIA)">,
  ];
  let statistics = [
    Statistic<"numNoop", "noop", "Conversions lowered as no-ops">,
    Statistic<"numRegisters", "registers",
              "Conversions lowered as register moves">,
    Statistic<"numShuffle", "shuffle", "Conversions lowered as warp shuffles">,
    Statistic<"numSharedMemory", "shared-memory",
              "Conversions lowered through shared memory">,
    Statistic<"numBarriers", "barriers",
              "Barriers the conversions emit (in the code)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::ROCDL::ROCDLDialect"];
}

def LLPackNarrowBlockArguments : Pass<"ll-pack-narrow-block-arguments"> {
  let summary = "Carry 8- and 16-bit registers across branches in 32-bit "
                "words";
  let description = [{
    After `convert-scf-to-cf`: every block argument (a loop's carried
    tensor) whose type is an LLVM struct of one 8- or 16-bit type, as many
    members as fill whole words, becomes a struct of `vector<4xi8>` or
    `vector<2xf16>`-style words. Each branch to the block packs the
    registers into words, the block unpacks them, and LLVM folds both where
    the registers already sit in those words. Which registers share a word:
    those that a vector the function builds from the argument (a store's,
    a packed op's) takes at aligned positions, first in program order, so
    that a word is a slice of that vector; the others in register order.
    Each packed argument is an optimization remark of category
    `ll-lowering` (`--remarks-filter=ll-lowering`). Then every vector of
    bytes whose aligned groups of four are whole words in order (such as
    the words the block unpacks) is built from those words as 32-bit
    values rather than byte by byte: LLVM does not fold a vector made of
    more than one word, and NVPTX would take every byte out of its word
    and put it back.

    One 16-bit phi per register costs ptxas a 32-bit register each; a word
    holds two. `ll-finalize-nvvm` (the tail of `ll-to-ptx`) runs this on
    every function; `ll-to-rocdl` runs it after `convert-scf-to-cf`
    (docs/lowering.md, "Loop-carried registers in words").

    With `permute-halves` (NVIDIA: what `ll-finalize-nvvm` does), every
    vector of 16-bit elements that pairs halves of two words differently
    from the words, where a word may have been unpacked before a barrier,
    is built from the words, each pair one `nvvm.prmt` (docs/lowering.md,
    "Halves permuted as words").
  }];
  let options = [
    Option<"permuteHalves", "permute-halves", "bool", /*default=*/"false",
           "Build 16-bit pairs of halves of two words with nvvm.prmt of the "
           "words (NVIDIA)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def LLPreloadKernelArguments
    : Pass<"ll-preload-kernel-arguments", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Ask the AMDGPU backend to preload kernel arguments into "
                "SGPRs";
  let description = [{
    After `convert-gpu-to-rocdl`: every pointer, integer and floating-point
    argument of every `rocdl.kernel` function gets `llvm.inreg`. On chips
    with kernel-argument preloading (gfx90a, gfx940-gfx942, gfx950) the
    AMDGPU backend then has the dispatch place those arguments in user
    SGPRs. The kernel starts without the scalar load of its argument
    segment, and without the wait on it before its first address. LLVM
    puts a compatibility preamble before the kernel's entry: it loads the
    arguments, padded to 256 bytes, for firmware that does not preload,
    and firmware that does preload skips it. Other chips ignore the
    attribute, and their assembly does not change. Triton 3.6's AMD backend
    marks its kernels' arguments the same way. It is part of the
    `ll-to-rocdl` pipeline (docs/lowering-rocdl.md, "Kernel arguments in
    SGPRs").
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def LLExtractGPUModule : Pass<"ll-extract-gpu-module", "::mlir::ModuleOp"> {
  let summary = "Make the body of a gpu.module the whole module";
  let description = [{
    Replaces the top-level module's contents by the contents of its
    gpu.module (the one named `module`, or the only one), dropping host
    code, and sets `llvm.target_triple` from a `#rocdl.target`. After the
    `ll-to-rocdl` pipeline, the result is a plain LLVM-dialect module that
    `mlir-translate --mlir-to-llvmir` turns into LLVM IR for an `llc` with
    the AMDGPU target:

    ```sh
    ll-opt --pass-pipeline='builtin.module(ll-to-rocdl{chip=gfx942},ll-extract-gpu-module)' k.mlir |
      mlir-translate --mlir-to-llvmir | llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942
    ```
  }];
  let options = [
    Option<"moduleName", "module", "std::string", /*default=*/"\"\"",
           "Name of the gpu.module to keep (empty: the only one)">,
  ];
}

#endif // LINEARLAYOUT_CONVERSION_PASSES_TD
