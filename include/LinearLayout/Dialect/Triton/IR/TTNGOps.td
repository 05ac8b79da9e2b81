//===- TTNGOps.td - Triton 3.6's `ttng` attributes and ops -*- tablegen -*-===//
//
// The `ttng` (TritonNvidiaGPU) attributes and ops Triton 3.6 prints into
// TTGIR for sm_90 and sm_100: warp-group dots, mbarriers, TMA copies, tensor
// memory and the fifth-generation tensor-core ops, with Triton's syntax.
// Their semantics are not modelled; memory descriptors and async tokens are
// TTGTypes.td's.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_TRITON_IR_TTNGOPS_TD
#define LINEARLAYOUT_DIALECT_TRITON_IR_TTNGOPS_TD

include "LinearLayout/Dialect/Triton/IR/TritonDialects.td"
include "LinearLayout/Dialect/Triton/IR/TTEnums.td"
include "LinearLayout/Dialect/Triton/IR/TTGTypes.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

class TTNG_Attr<string name, string attrMnemonic>
    : AttrDef<TTNG_Dialect, name> {
  let mnemonic = attrMnemonic;
}

def TTNG_TensorMemorySpaceAttr : TTNG_Attr<"TensorMemorySpace",
                                           "tensor_memory"> {
  let summary = "the tensor memory space (a memory descriptor's space)";
}

def TTNG_TensorMemoryEncodingAttr
    : TTNG_Attr<"TensorMemoryEncoding", "tensor_memory_encoding"> {
  let summary = "layout of an accumulator in tensor memory";
  let parameters = (ins "unsigned":$blockM, "unsigned":$blockN,
                        "unsigned":$colStride,
                        DefaultValuedParameter<"unsigned", "1">:$CTASplitM,
                        DefaultValuedParameter<"unsigned", "1">:$CTASplitN,
                        DefaultValuedParameter<"bool", "false">:$twoCTAs);
  let assemblyFormat = "`<` struct(params) `>`";
}

def TTNG_TensorMemoryScalesEncodingAttr
    : TTNG_Attr<"TensorMemoryScalesEncoding",
                "tensor_memory_scales_encoding"> {
  let summary = "layout of block scales in tensor memory";
  let parameters = (ins DefaultValuedParameter<"unsigned", "1">:$CTASplitM,
                        DefaultValuedParameter<"unsigned", "1">:$CTASplitN);
  let assemblyFormat = "`<` struct(params) `>`";
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

def TTNG_FenceAsyncSharedOp : TTNG_Op<"fence_async_shared"> {
  let summary = "fence between the generic and the async proxy";
  let arguments = (ins BoolAttr:$bCluster);
  let assemblyFormat = "attr-dict";
}

def TTNG_ClusterArriveOp : TTNG_Op<"cluster_arrive"> {
  let summary = "arrive at the cluster barrier";
  let arguments = (ins DefaultValuedAttr<BoolAttr, "false">:$relaxed);
  let assemblyFormat = "attr-dict";
}

def TTNG_ClusterWaitOp : TTNG_Op<"cluster_wait"> {
  let summary = "wait at the cluster barrier";
  let assemblyFormat = "attr-dict";
}

def TTNG_WarpGroupDotOp : TTNG_Op<"warp_group_dot", [
    TypesMatchWith<"the result is of the accumulator's type", "d", "c",
                   "$_self">]> {
  let summary = "asynchronous warp-group matrix product (wgmma)";
  let arguments = (ins
    AnyType:$a, AnyType:$b, AnyType:$c, Optional<I1>:$useC,
    DefaultValuedAttr<TT_InputPrecisionAttr,
                      "::mlir::ll::tt::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc,
    DefaultValuedAttr<BoolAttr, "false">:$isAsync);
  let results = (outs AnyType:$d);
  let assemblyFormat = [{
    $a`,` $b`,` $c (`,` $useC^)? attr-dict
    `:` type($a) `*` qualified(type($b)) `->` type($d)
  }];
}

def TTNG_WarpGroupDotWaitOp : TTNG_Op<"warp_group_dot_wait", [
    AllTypesMatch<["inputs", "outputs"]>]> {
  let summary = "wait until at most `pendings` warp-group dots are pending";
  let arguments = (ins Variadic<AnyType>:$inputs, I32Attr:$pendings);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
}

def TTNG_InitBarrierOp : TTNG_Op<"init_barrier"> {
  let summary = "initialize an mbarrier";
  let arguments = (ins TTG_MemDescType:$alloc, I32Attr:$count);
  let assemblyFormat =
      "$alloc `,` $count attr-dict `:` qualified(type($alloc))";
}

def TTNG_InvalBarrierOp : TTNG_Op<"inval_barrier"> {
  let summary = "invalidate an mbarrier";
  let arguments = (ins TTG_MemDescType:$alloc);
  let assemblyFormat = "$alloc attr-dict `:` qualified(type($alloc))";
}

def TTNG_BarrierExpectOp : TTNG_Op<"barrier_expect"> {
  let summary = "expect `size` bytes on an mbarrier";
  let arguments = (ins TTG_MemDescType:$alloc, I32Attr:$size, I1:$pred);
  let assemblyFormat =
      "$alloc `,` $size attr-dict `,` $pred `:` qualified(type($alloc))";
}

def TTNG_WaitBarrierOp : TTNG_Op<"wait_barrier", [AttrSizedOperandSegments]> {
  let summary = "wait until an mbarrier's phase completes";
  let arguments = (ins TTG_MemDescType:$alloc, I32:$phase, Optional<I1>:$pred,
                       Variadic<TTG_MemDescType>:$deps);
  let assemblyFormat = [{
    $alloc `,` $phase (`,` $pred^)? (`deps` $deps^)?
    attr-dict `:` qualified(type($alloc)) (`,` type($deps)^)?
  }];
}

def TTNG_ArriveBarrierOp : TTNG_Op<"arrive_barrier"> {
  let summary = "arrive on an mbarrier";
  let arguments = (ins TTG_MemDescType:$alloc, I32Attr:$count,
                       Optional<I1>:$pred);
  let assemblyFormat = [{
    $alloc `,` $count (`,` $pred^)? attr-dict `:` qualified(type($alloc))
  }];
}

def TTNG_AsyncCopyMbarrierArriveOp : TTNG_Op<"async_copy_mbarrier_arrive"> {
  let summary = "arrive on an mbarrier once prior async copies complete";
  let arguments = (ins TTG_MemDescType:$barrier, UnitAttr:$noIncrement);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
}

def TTNG_AsyncTMACopyGlobalToLocalOp
    : TTNG_Op<"async_tma_copy_global_to_local"> {
  let summary = "TMA copy of a block from global to shared memory";
  let arguments = (ins
    AnyType:$desc, Variadic<I32>:$coord, TTG_MemDescType:$barrier,
    TTG_MemDescType:$result,
    I1:$pred,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::ll::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::ll::tt::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let assemblyFormat = [{
    $desc `[` $coord `]` $result `,` $barrier `,` $pred
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `,` qualified(type($barrier)) `->`
    qualified(type($result))
  }];
}

def TTNG_AsyncTMACopyLocalToGlobalOp
    : TTNG_Op<"async_tma_copy_local_to_global"> {
  let summary = "TMA copy of a block from shared to global memory";
  let arguments = (ins AnyType:$desc, Variadic<I32>:$coord,
                       TTG_MemDescType:$src);
  let assemblyFormat = [{
    $desc `[` $coord `]` $src
    attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
}

def TTNG_AsyncTMAReduceOp : TTNG_Op<"async_tma_reduce"> {
  let summary = "TMA reduction of a block into global memory";
  let arguments = (ins TT_DescriptorReduceKindAttr:$kind, AnyType:$desc,
                       Variadic<I32>:$coord, TTG_MemDescType:$src);
  let assemblyFormat = [{
    $kind `,` $desc `[` $coord `]` $src
    attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
}

def TTNG_AsyncTMAGatherOp : TTNG_Op<"async_tma_gather"> {
  let summary = "TMA gather of rows into shared memory";
  let arguments = (ins AnyType:$desc, AnyType:$x_offsets, I32:$y_offset,
                       TTG_MemDescType:$barrier, TTG_MemDescType:$result,
                       I1:$pred);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $result `,` $barrier `,` $pred
    attr-dict `:` type(operands)
  }];
}

def TTNG_AsyncTMAScatterOp : TTNG_Op<"async_tma_scatter"> {
  let summary = "TMA scatter of rows from shared memory";
  let arguments = (ins AnyType:$desc, AnyType:$x_offsets, I32:$y_offset,
                       TTG_MemDescType:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $src attr-dict `:` type(operands)
  }];
}

def TTNG_TMAStoreWaitOp : TTNG_Op<"async_tma_store_wait"> {
  let summary = "wait until TMA stores have read their sources";
  let arguments = (ins I32Attr:$pendings);
  let assemblyFormat = "attr-dict";
}

def TTNG_TCGen5MMAOp : TTNG_Op<"tc_gen5_mma", [AttrSizedOperandSegments]> {
  let summary = "fifth-generation tensor-core matrix product into tmem";
  let arguments = (ins
    TTG_MemDescType:$a, TTG_MemDescType:$b, TTG_MemDescType:$d,
    Optional<TTG_AsyncTokenType>:$acc_dep,
    I1:$useD, I1:$pred, Variadic<TTG_MemDescType>:$barriers,
    Variadic<I1>:$barrier_preds, UnitAttr:$is_async, UnitAttr:$two_ctas,
    UnitAttr:$multicast, UnitAttr:$is_unsigned);
  let results = (outs Optional<TTG_AsyncTokenType>:$token);
  let assemblyFormat = [{
    $a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $useD`,`
    $pred `` custom<BarriersAndPreds>($barriers, $barrier_preds)
    attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,`
    qualified(type($d)) (`,` qualified(type($barriers))^)?
  }];
}

def TTNG_TCGen5MMAScaledOp
    : TTNG_Op<"tc_gen5_mma_scaled", [AttrSizedOperandSegments]> {
  let summary = "fifth-generation tensor-core block-scaled matrix product";
  let arguments = (ins
    TTG_MemDescType:$a, TTG_MemDescType:$b, TTG_MemDescType:$d,
    Optional<TTG_AsyncTokenType>:$acc_dep,
    TTG_MemDescType:$a_scale, TTG_MemDescType:$b_scale,
    TT_ScaleDotElemTypeAttr:$a_type,
    TT_ScaleDotElemTypeAttr:$b_type, I1:$useD, I1:$pred,
    Variadic<TTG_MemDescType>:$barriers, Variadic<I1>:$barrier_preds,
    UnitAttr:$two_ctas, UnitAttr:$multicast, UnitAttr:$is_async);
  let results = (outs Optional<TTG_AsyncTokenType>:$token);
  let assemblyFormat = [{
    $a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $a_scale `,`
    $b_scale `,` $useD `,` $pred `lhs` `=` $a_type `rhs` `=` $b_type
    `` custom<BarriersAndPreds>($barriers, $barrier_preds)
    attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,`
    qualified(type($d)) `,` qualified(type($a_scale)) `,`
    qualified(type($b_scale)) (`,` qualified(type($barriers))^)?
  }];
}

def TTNG_TCGen5CommitOp : TTNG_Op<"tc_gen5_commit"> {
  let summary = "make an mbarrier track prior tcgen5 ops";
  let arguments = (ins TTG_MemDescType:$barrier, Optional<I1>:$pred);
  let assemblyFormat = [{
    $barrier (`,` $pred^)? attr-dict `:` qualified(type($barrier))
  }];
}

def TTNG_TMEMLoadOp : TTNG_Op<"tmem_load"> {
  let summary = "load a tensor from tensor memory";
  let arguments = (ins TTG_MemDescType:$src,
                       Optional<TTG_AsyncTokenType>:$dep);
  let results = (outs AnyRankedTensor:$result,
                      Optional<TTG_AsyncTokenType>:$token);
  let assemblyFormat = [{
    $src `` custom<Token>($dep, type($token))
    attr-dict `:` qualified(type($src)) `->` type($result)
  }];
}

def TTNG_TMEMStoreOp : TTNG_Op<"tmem_store"> {
  let summary = "store a tensor into tensor memory";
  let arguments = (ins TTG_MemDescType:$dst,
                       Optional<TTG_AsyncTokenType>:$dep, AnyRankedTensor:$src,
                       I1:$pred);
  let results = (outs Optional<TTG_AsyncTokenType>:$token);
  let assemblyFormat = [{
    $src `,` $dst `` custom<Token>($dep, type($token)) `,` $pred
    attr-dict `:` type($src) `->` qualified(type($dst))
  }];
}

def TTNG_TMEMAllocOp : TTNG_Op<"tmem_alloc"> {
  let summary = "allocate tensor memory";
  let arguments = (ins Optional<AnyType>:$src);
  let results = (outs TTG_MemDescType:$result,
                      Optional<TTG_AsyncTokenType>:$token);
  let assemblyFormat =
      "($src^)? attr-dict `:` functional-type(operands, results)";
}

def TTNG_TMEMSubSliceOp : TTNG_Op<"tmem_subslice", [Pure]> {
  let summary = "a column slice of a tensor memory allocation";
  let arguments = (ins TTG_MemDescType:$src, I32Attr:$N);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat =
      "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
}

def TTNG_TMEMCopyOp : TTNG_Op<"tmem_copy"> {
  let summary = "asynchronous copy from shared to tensor memory";
  let arguments = (ins TTG_MemDescType:$src, TTG_MemDescType:$dst);
  let assemblyFormat =
      "$src `,` $dst attr-dict `:` qualified(type(operands))";
}

def TTNG_ReinterpretTensorDescOp
    : TTNG_Op<"reinterpret_tensor_descriptor", [Pure]> {
  let summary = "reinterpret a pointer as a tensor descriptor";
  let arguments = (ins AnyType:$rawDesc);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $rawDesc attr-dict `:` qualified(type($rawDesc)) `to`
    qualified(type($result))
  }];
}

def TTNG_TensormapCreateOp : TTNG_Op<"tensormap_create",
                                     [AttrSizedOperandSegments]> {
  let summary = "create a TMA descriptor on the device";
  let arguments = (ins AnyType:$desc_ptr, AnyType:$global_address,
                       Variadic<I32>:$box_dim, Variadic<I32>:$global_dim,
                       Variadic<I64>:$global_stride,
                       Variadic<I32>:$element_stride, I32Attr:$elem_type,
                       I32Attr:$interleave_layout, I32Attr:$swizzle_mode,
                       I32Attr:$fill_mode);
  let assemblyFormat = [{
    $desc_ptr `,` $global_address `,` `[` $box_dim `]` `,`
    `[` $global_dim `]` `,` `[` $global_stride `]` `,`
    `[` $element_stride `]` attr-dict `:` functional-type(operands, results)
  }];
}

def TTNG_TensormapFenceproxyAcquireOp
    : TTNG_Op<"tensormap_fenceproxy_acquire"> {
  let summary = "acquire fence on a tensormap";
  let arguments = (ins AnyType:$desc_ptr);
  let assemblyFormat = "$desc_ptr attr-dict `:` qualified(type($desc_ptr))";
}

#endif // LINEARLAYOUT_DIALECT_TRITON_IR_TTNGOPS_TD
