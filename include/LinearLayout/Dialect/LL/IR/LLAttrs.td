//===- LLAttrs.td - Attributes of the `ll` dialect ---------*- tablegen -*-===//

#ifndef LINEARLAYOUT_DIALECT_LL_IR_LLATTRS_TD
#define LINEARLAYOUT_DIALECT_LL_IR_LLATTRS_TD

include "LinearLayout/Dialect/LL/IR/LLDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/TensorEncoding.td"

def LL_LinearAttr : AttrDef<LL_Dialect, "Linear",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let mnemonic = "linear";
  let summary = "A linear layout over F2 (tensor encoding or standalone)";
  let description = [{
    A linear map over F2 from named input dimensions to named output
    dimensions, given by its *bases*: for every input dimension, the image of
    each of its bits (bit 0 first), one integer per output dimension.

    Two spellings:

    ```mlir
    // Encoding form: the output dimensions are dim0, dim1, ... (one per basis
    // entry), each as large as the smallest power of two above every value
    // it takes. As a tensor encoding they must equal the tensor's shape.
    tensor<16x32xf16, #ll.linear<{register = [[0, 1], [0, 2]],
                                  lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]],
                                  warp = [[4, 0], [8, 0]], block = []}>>

    // Standalone form: output dimensions and sizes written out. Any names,
    // e.g. a shared-memory layout from `offset` to the tile.
    #ll.linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 1]]} -> {dim0 = 4, dim1 = 4}>
    ```

    The body of the encoding form is the body of Triton's `#ttg.linear`.
    The printer writes the encoding form whenever it says the same thing
    (output dimensions `dim0..dimN-1` with the inferred sizes) and the
    standalone form otherwise, so every layout has one canonical text.
    Dimension sizes are powers of two; names are identifiers; a layout has at
    most 64 input and 64 output bits.

    As a tensor encoding the layout must map onto the whole tensor
    (surjective): every element is held by at least one input. Inputs may
    share an element (a zero basis, or bases that add up to another one):
    such inputs hold copies (broadcast).
  }];
  let parameters = (ins "::mlir::ll::LinearLayout":$layout);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The layout itself, by reference into the uniqued storage (getLayout()
    /// returns a copy). Passes use it directly, never the text.
    const ::mlir::ll::LinearLayout &getLinearLayout() const;
    /// True when the layout is written in the encoding form (no explicit
    /// output dimensions): `dim0..dimN-1` with inferred sizes.
    bool isEncodingForm() const;
    /// True when the input dimensions are drawn from register, lane, warp,
    /// block, in this order: a layout of a distributed tensor.
    bool isDistributed() const;
    /// True when the input dimensions are `offset` optionally followed by
    /// `block`: a layout of a memory buffer.
    bool isMemory() const;
    /// Checks that the layout is a valid encoding of a tensor of `shape`.
    ::llvm::LogicalResult verifyForShape(
        ::llvm::ArrayRef<int64_t> shape,
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
  }];
}

//===----------------------------------------------------------------------===//
// #ll.plan
//===----------------------------------------------------------------------===//

// The mechanism of a conversion, named as the planner names it
// (conversionKindName in Analysis/ConversionClassification.h).
def LL_PlanKind : I32EnumAttr<"PlanKind", "how a layout conversion moves data", [
    I32EnumAttrCase<"Noop", 0, "noop">,
    I32EnumAttrCase<"Registers", 1, "registers">,
    I32EnumAttrCase<"Shuffle", 2, "shuffle">,
    I32EnumAttrCase<"SharedMemory", 3, "shared_memory">]> {
  let cppNamespace = "::mlir::ll";
  let genSpecializedAttr = 0;
}

def LL_PlanKindAttr : EnumAttr<LL_Dialect, LL_PlanKind, "plan_kind"> {
  let summary = "The mechanism of a layout conversion";
  let assemblyFormat = "`<` $value `>`";
}

// A count of the plan: absent, or an integer (any sign, so that the verifier
// rather than the parser reports a negative one, with the field's name).
class LL_PlanCount<string desc>
    : OptionalParameter<"std::optional<int64_t>", desc> {
  let parser = [{ [&]() -> ::mlir::FailureOr<std::optional<int64_t>> {
    int64_t value;
    if ($_parser.parseInteger(value))
      return ::mlir::failure();
    return std::optional<int64_t>(value);
  }() }];
  let printer = [{ $_printer << *$_self }];
}

// A yes/no field of the plan: absent, `true` or `false`.
class LL_PlanFlag<string desc>
    : OptionalParameter<"std::optional<bool>", desc> {
  let parser = [{ [&]() -> ::mlir::FailureOr<std::optional<bool>> {
    if (::mlir::succeeded($_parser.parseOptionalKeyword("true")))
      return std::optional<bool>(true);
    if (::mlir::succeeded($_parser.parseOptionalKeyword("false")))
      return std::optional<bool>(false);
    return $_parser.emitError($_parser.getCurrentLocation(),
                              "expected 'true' or 'false'");
  }() }];
  let printer = [{ $_printer << (*$_self ? "true" : "false") }];
}

// The memory layout of a plan: an `#ll.linear`, printed with its prefix (or
// as its alias) like any attribute.
def LL_PlanMemoryLayout
    : OptionalParameter<"::mlir::ll::LinearAttr", "the shared-memory layout"> {
  let parser = [{ ::mlir::ll::parsePlanMemoryLayout($_parser) }];
  let printer = [{ $_printer.printAttribute($_self) }];
}

def LL_PlanAttr : AttrDef<LL_Dialect, "Plan"> {
  let mnemonic = "plan";
  let summary = "How one ll.convert_layout moves its data";
  let description = [{
    The plan of one `ll.convert_layout`, carried as its discardable
    attribute `ll.plan`. `-ll-plan-conversions` writes a complete plan; a
    user may write a partial one by hand (a *request*) to fix the
    mechanism, and for shared memory the memory layout and vector width:

    ```mlir
    // Planned: every figure the planner computed.
    %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shuffle,
        vector_bits = 32, rounds = 4, shuffles = 4, selects = 0>} : ...
    %z = ll.convert_layout %y {ll.plan = #ll.plan<kind = shared_memory,
        memory_layout = #ll.linear<{offset = [[0, 1], [1, 0]]}>,
        vector_bits = 32, rounds = 1, shared_bytes = 16,
        store_instruction = "st.shared", load_instruction = "ld.shared",
        store_wavefronts = 1, load_wavefronts = 1>} : ...
    // Requests: the planner keeps the kind (and the memory layout).
    %w = ll.convert_layout %z {ll.plan = #ll.plan<kind = shared_memory>} : ...
    %v = ll.convert_layout %w {ll.plan = #ll.plan<kind = shared_memory,
        memory_layout = #swizzled, vector_bits = 64>} : ...
    ```

    The fields are written `name = value` in any order and printed in the
    order below; absent ones are not printed.

    - `kind` (required): `noop`, `registers`, `shuffle` or `shared_memory`.
      `noop` and `registers` plans have no other field.
    - `shuffle` plans: `vector_bits` (bits moved per shuffle), `rounds`,
      `shuffles` and `selects` (per thread): all four or none.
    - `shared_memory` plans: `memory_layout` (an `#ll.linear` from `offset`,
      optionally with `block`, to the tile), `vector_bits` (bits per access),
      and the planned figures `rounds`, `shared_bytes`, `store_instruction`,
      `load_instruction`, `store_wavefronts` and `load_wavefronts` (Lemma
      9.4, the whole tile). A plan with any planned figure has them all,
      with its memory layout and vector width; `vector_bits` needs
      `memory_layout`.
    - `owner_loads` (`shared_memory` only): `true` when the result's one
      use is an `ll.store_tile` that only the warps with the result's free
      (broadcast) warp bits clear issue, so only those warps load the
      result from shared memory (the others' registers are left
      undefined); `load_wavefronts` counts those warps' loads. The planner
      sets it where it holds (docs/planning.md, "Loads for a broadcast
      store"); `false` asks every warp to load.

    Counts are not negative; `vector_bits`, `rounds` and `shared_bytes` are
    positive, and `vector_bits` is a power of two. Whether the plan can do
    the conversion it is attached to is checked by `-ll-plan-conversions`.
  }];
  let parameters = (ins
    EnumParameter<LL_PlanKind>:$kind,
    LL_PlanMemoryLayout:$memory_layout,
    LL_PlanCount<"bits per shuffle or shared-memory access">:$vector_bits,
    LL_PlanCount<"rounds the conversion is split into">:$rounds,
    LL_PlanCount<"warp shuffles per thread">:$shuffles,
    LL_PlanCount<"selects per thread">:$selects,
    LL_PlanCount<"bytes of shared memory used">:$shared_bytes,
    StringRefParameter<"the store instruction", [{""}]>:$store_instruction,
    StringRefParameter<"the load instruction", [{""}]>:$load_instruction,
    LL_PlanCount<"wavefronts of the store, the whole tile">:$store_wavefronts,
    LL_PlanCount<"wavefronts of the load, the whole tile">:$load_wavefronts,
    LL_PlanFlag<"only the warps that store the result load it">:$owner_loads
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "::mlir::ll::PlanKind":$kind), [{
      return $_get($_ctxt, kind, ::mlir::ll::LinearAttr(), std::nullopt,
                   std::nullopt, std::nullopt, std::nullopt, std::nullopt,
                   "", "", std::nullopt, std::nullopt, std::nullopt);
    }]>
  ];
}

#endif // LINEARLAYOUT_DIALECT_LL_IR_LLATTRS_TD
