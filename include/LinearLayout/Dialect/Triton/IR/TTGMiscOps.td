//===- TTGMiscOps.td - Triton 3.6's other `ttg` ops --------*- tablegen -*-===//
//
// The `ttg` ops Triton 3.6 prints into TTGIR other than the layout-bearing
// ones (convert_layout and the local_* ops, TTGOps.td): memory descriptor
// views, asynchronous copies, warp specialization, and the small helpers of
// the pipeliner. Their syntax is Triton's; their semantics are not modelled.
// Memory descriptors and async tokens are TTGTypes.td's.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_TRITON_IR_TTGMISCOPS_TD
#define LINEARLAYOUT_DIALECT_TRITON_IR_TTGMISCOPS_TD

include "LinearLayout/Dialect/Triton/IR/TritonDialects.td"
include "LinearLayout/Dialect/Triton/IR/TTEnums.td"
include "LinearLayout/Dialect/Triton/IR/TTGTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

class TTG_MemDescViewOp<string mnemonic> : TTG_Op<mnemonic, [Pure]> {
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat =
      "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
}

def TTG_MemDescIndexOp : TTG_Op<"memdesc_index", [Pure]> {
  let summary = "the i-th slice of a memory descriptor along dimension 0";
  let arguments = (ins TTG_MemDescType:$src, I32:$index);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = "$src `[` $index `]` attr-dict `:` "
                       "qualified(type($src)) `->` qualified(type($result))";
}

def TTG_MemDescSubsliceOp : TTG_Op<"memdesc_subslice", [Pure]> {
  let summary = "a static subview of a memory descriptor";
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$offsets);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` custom<Offsets>($offsets) `]` attr-dict `:` qualified(type($src))
    `->` qualified(type($result))
  }];
}

def TTG_MemDescTransOp : TTG_MemDescViewOp<"memdesc_trans"> {
  let summary = "a transposed view of a memory descriptor";
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$order);
}

def TTG_MemDescReshapeOp : TTG_MemDescViewOp<"memdesc_reshape"> {
  let summary = "a reshaped view of a memory descriptor";
}

def TTG_MemDescReinterpretOp : TTG_MemDescViewOp<"memdesc_reinterpret"> {
  let summary = "a memory descriptor reinterpreted with another type";
}

def TTG_AsyncCopyGlobalToLocalOp : TTG_Op<"async_copy_global_to_local", [
    AttrSizedOperandSegments,
    OptionalTypesMatchWith<"`mask` is the i1 mask of `src`", "src", "mask",
                           "::mlir::ll::tt::getI1SameShape($_self)">,
    OptionalTypesMatchWith<"`other` is what `src` points to", "src", "other",
                           "::mlir::ll::tt::getPointeeType($_self)">]> {
  let summary = "asynchronous copy from global to shared memory";
  let arguments = (ins
    AnyType:$src, TTG_MemDescType:$result, Optional<AnyType>:$mask,
    Optional<AnyType>:$other,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::ll::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::ll::tt::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
    DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TTG_AsyncTokenType:$token);
  let assemblyFormat = [{
    $src `,` $result (`mask` $mask^)? (`other` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($src) `->` type($result)
  }];
}

def TTG_AsyncCommitGroupOp : TTG_Op<"async_commit_group"> {
  let summary = "close a group of asynchronous copies";
  let arguments = (ins Variadic<TTG_AsyncTokenType>:$inputTokens);
  let results = (outs TTG_AsyncTokenType:$asyncToken);
  let assemblyFormat = "(`tokens` $inputTokens^)? attr-dict";
}

def TTG_AsyncWaitOp : TTG_Op<"async_wait"> {
  let summary = "wait until at most `num` copy groups are outstanding";
  let arguments = (ins Variadic<TTG_AsyncTokenType>:$asyncToken, I32Attr:$num);
  let results = (outs TTG_AsyncTokenType:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
}

def TTG_LocalBarrierOp : TTG_Op<"local_barrier"> {
  let summary = "barrier of the CTA over shared memory";
  let assemblyFormat = "attr-dict";
}

def TTG_Fp4ToFpOp : TTG_Op<"fp4_to_fp", [Pure]> {
  let summary = "upcast packed e2m1 values";
  let arguments = (ins AnyType:$src, I32Attr:$axis);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TTG_GlobalScratchAllocOp : TTG_Op<"global_scratch_alloc"> {
  let summary = "a global-memory buffer private to the program";
  let arguments = (ins I32Attr:$nbytes, I32Attr:$alignment);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def TTG_PredicateStageOp : TTG_Op<"predicate_stage", [Pure,
    AllTypesMatch<["iv", "ub", "step"]>]> {
  let summary = "pipeliner stage predicate";
  let arguments = (ins AnySignlessIntegerOrIndex:$iv,
                       AnySignlessIntegerOrIndex:$ub,
                       AnySignlessIntegerOrIndex:$step, I32Attr:$maxStage,
                       I32Attr:$stage);
  let results = (outs I1:$result);
  let assemblyFormat = "$iv `,` $ub `,` $step `maxStage` $maxStage `stage` "
                       "$stage attr-dict `:` type($iv) `->` type($result)";
}

def TTG_MaskOp : TTG_Op<"mask", [SingleBlock]> {
  let summary = "region executed under a predicate (pipeliner)";
  let arguments = (ins I1:$pred);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region SizedRegion<1>:$region);
}

def TTG_MaskReturnOp : TTG_Op<"mask.return", [HasParent<"MaskOp">, Pure,
                                              Terminator, ReturnLike]> {
  let summary = "terminator of `ttg.mask`";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TTG_WarpSpecializeOp : TTG_Op<"warp_specialize",
                                  [RecursiveMemoryEffects]> {
  let summary = "run partitions on different warp groups at once";
  let description = [{
    ```mlir
    %0 = ttg.warp_specialize(%a, %b) attributes {...}
    default {
      ttg.warp_yield %x : i32
    }
    partition0(%arg0: i32, %arg1: i32) num_warps(4) {
      ttg.warp_return
    } : (i32, i32) -> i32
    ```
    The operands are those of the `ttg.warp_specialize.partitions` op the
    second region holds; it holds the partition regions, isolated from above.
  }];
  let arguments = (ins DenseI32ArrayAttr:$partitionNumWarps,
                       OptionalAttr<DenseI32ArrayAttr>:$warpGroupStartIds,
                       OptionalAttr<DenseI32ArrayAttr>:$requestedRegisters,
                       OptionalAttr<DenseI32ArrayAttr>:$actualRegisters);
  let results = (outs Variadic<AnyType>:$defaultPassthrough);
  let regions = (region MinSizedRegion<1>:$defaultRegion,
                        SizedRegion<1>:$partitionOpHolder);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TTG_WarpSpecializePartitionsOp
    : TTG_Op<"warp_specialize.partitions", [IsolatedFromAbove,
                                            RecursiveMemoryEffects, Terminator,
                                            HasParent<"WarpSpecializeOp">]> {
  let summary = "the isolated partition regions of `ttg.warp_specialize`";
  let arguments = (ins Variadic<AnyType>:$explicitCaptures);
  let regions = (region VariadicRegion<MinSizedRegion<1>>:$partitionRegions);
}

def TTG_WarpYieldOp : TTG_Op<"warp_yield", [Pure, Terminator, ReturnLike,
                                            HasParent<"WarpSpecializeOp">]> {
  let summary = "terminator of `ttg.warp_specialize`'s default region";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^)? attr-dict (`:` type($values)^)?";
}

def TTG_WarpReturnOp : TTG_Op<"warp_return", [Pure, Terminator, ReturnLike,
    HasParent<"WarpSpecializePartitionsOp">]> {
  let summary = "terminator of a `ttg.warp_specialize` partition";
  let assemblyFormat = "attr-dict";
}

#endif // LINEARLAYOUT_DIALECT_TRITON_IR_TTGMISCOPS_TD
