//===- AMDGOps.td - Triton 3.6's `amdg` ops, as read -------*- tablegen -*-===//
//
// The `amdg` (TritonAMDGPU) dialect as far as AMD TTGIR needs it: the buffer
// loads, stores and atomics Triton 3.6 prints for gfx9 targets, register
// slices, concatenation and in-thread transposes, with Triton's syntax. Like
// `tt`/`ttg`/`ttng`, the dialect carries any other op in generic form.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_TRITON_IR_AMDGOPS_TD
#define LINEARLAYOUT_DIALECT_TRITON_IR_AMDGOPS_TD

include "LinearLayout/Dialect/Triton/IR/TritonDialects.td"
include "LinearLayout/Dialect/Triton/IR/TTEnums.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def AMDG_Dialect : Dialect {
  let name = "amdg";
  let cppNamespace = "::mlir::ll::amdg";
  let summary = "Triton 3.6's `amdg` (TritonAMDGPU) dialect, as far as TTGIR "
                "import reads it";
  let usePropertiesForAttributes = 1;
  let dependentDialects = ["::mlir::ll::ttg::TTGDialect"];
  let extraClassDeclaration = [{
    void registerOps();
    std::optional<ParseOpHook>
    getParseOperationHook(::llvm::StringRef opName) const override;
  }];
}

class AMDG_Op<string mnemonic, list<Trait> traits = []>
    : Op<AMDG_Dialect, mnemonic, traits>;

// The pointer and offsets types of a buffer op, from its value's type.
class AMDG_PtrOf<string value>
    : TypesMatchWith<"`ptr` points to the element type of `" # value # "`",
                     value, "ptr", "::mlir::ll::amdg::getScalarPointer($_self)">;
class AMDG_OffsetsOf<string value>
    : TypesMatchWith<"`offsets` are the i32 tensor of `" # value # "`'s shape",
                     value, "offsets",
                     "::mlir::ll::amdg::getI32SameShape($_self)">;

def AMDG_BufferLoadOp : AMDG_Op<"buffer_load", [AttrSizedOperandSegments,
    AMDG_PtrOf<"result">, AMDG_OffsetsOf<"result">,
    OptionalTypesMatchWith<"`mask` is the i1 tensor of the result's shape",
        "result", "mask", "::mlir::ll::tt::getI1SameShape($_self)">,
    OptionalTypesMatchWith<"`other` is of the result's type", "result",
        "other", "$_self">]> {
  let summary = "load through a scalar base pointer and tensor offsets";
  let arguments = (ins
    AnyType:$ptr, AnyType:$offsets, Optional<I32>:$stride,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::ll::tt::CacheModifier::NONE">:$cache,
    Optional<AnyType>:$mask, Optional<AnyType>:$other);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $ptr `[` $offsets `]` (`,` $mask^)? (`,` $other^)?
    oilist(`cacheModifier` `=` $cache)
    (`stride` `=` $stride^)?
    attr-dict `:` type($result)
  }];
}

def AMDG_BufferStoreOp : AMDG_Op<"buffer_store", [AttrSizedOperandSegments,
    AMDG_PtrOf<"value">, AMDG_OffsetsOf<"value">,
    OptionalTypesMatchWith<"`mask` is the i1 tensor of the value's shape",
        "value", "mask", "::mlir::ll::tt::getI1SameShape($_self)">]> {
  let summary = "store through a scalar base pointer and tensor offsets";
  let arguments = (ins
    AnyRankedTensor:$value, AnyType:$ptr, AnyType:$offsets,
    Optional<I32>:$stride,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::ll::tt::CacheModifier::NONE">:$cache,
    Optional<AnyType>:$mask);
  let assemblyFormat = [{
    $value `,` $ptr `[` $offsets `]` (`,` $mask^)?
    oilist(`cacheModifier` `=` $cache)
    (`stride` `=` $stride^)?
    attr-dict `:` type($value)
  }];
}

def AMDG_BufferAtomicRMWOp : AMDG_Op<"buffer_atomic_rmw", [
    AttrSizedOperandSegments, AMDG_PtrOf<"result">, AMDG_OffsetsOf<"result">,
    TypesMatchWith<"`value` is of the result's type", "result", "value",
                   "$_self">,
    OptionalTypesMatchWith<"`mask` is the i1 tensor of the result's shape",
        "result", "mask", "::mlir::ll::tt::getI1SameShape($_self)">]> {
  let summary = "atomic read-modify-write through a buffer";
  let arguments = (ins
    TT_AtomicRMWAttr:$atomic_rmw_op, AnyType:$ptr, AnyType:$offsets,
    AnyRankedTensor:$value, Optional<I32>:$stride, TT_MemSemanticAttr:$sem,
    TT_MemSyncScopeAttr:$scope, Optional<AnyType>:$mask);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $value `,` $ptr `[` $offsets `]`
    (`,` $mask^)? (`stride` `=` $stride^)?
    attr-dict `:` type($result)
  }];
}

def AMDG_BufferAtomicCASOp : AMDG_Op<"buffer_atomic_cas", [
    AMDG_PtrOf<"result">, AMDG_OffsetsOf<"result">,
    TypesMatchWith<"`cmp` is of the result's type", "result", "cmp", "$_self">,
    TypesMatchWith<"`val` is of the result's type", "result", "val",
                   "$_self">]> {
  let summary = "atomic compare-and-swap through a buffer";
  let arguments = (ins
    AnyType:$ptr, AnyType:$offsets, AnyType:$cmp, AnyRankedTensor:$val,
    Optional<I32>:$stride, TT_MemSemanticAttr:$sem,
    TT_MemSyncScopeAttr:$scope);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $cmp `,` $val `,` $ptr `[` $offsets `]`
    (`stride` `=` $stride^)? attr-dict `:` type($result)
  }];
}

def AMDG_InThreadTransposeOp : AMDG_Op<"in_thread_transpose", [Pure]> {
  let summary = "transpose a tensor within each thread's registers";
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def AMDG_ExtractSliceOp : AMDG_Op<"extract_slice", [Pure]> {
  let summary = "a static slice of a tensor in registers";
  let arguments = (ins AnyRankedTensor:$source,
                       DenseI64ArrayAttr:$static_offsets);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source custom<SliceOffsets>($static_offsets) attr-dict `:`
    type($source) `to` type($result)
  }];
}

def AMDG_ConcatOp : AMDG_Op<"concat", [Pure]> {
  let summary = "concatenate tensors in registers";
  let arguments = (ins Variadic<AnyRankedTensor>:$sources);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat =
      "$sources attr-dict `:` type($sources) `->` type($result)";
}

def AMDG_CondBarrierOp : AMDG_Op<"cond_barrier"> {
  let summary = "barrier taken by the threads whose predicate is true";
  let arguments = (ins I1:$pred);
  let assemblyFormat = "$pred attr-dict";
}

#endif // LINEARLAYOUT_DIALECT_TRITON_IR_AMDGOPS_TD
