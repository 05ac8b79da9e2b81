//===- TTOps.td - Triton 3.6's `tt` ops, as read -----------*- tablegen -*-===//
//
// Every op Triton 3.6 prints into TTGIR under `tt.`, with Triton's textual
// syntax, so a kernel parses and prints back unchanged. Their semantics are
// Triton's and are not modelled: constraints are only as tight as the syntax
// needs (a result type the syntax leaves out is inferred as Triton infers it).
// `tt.reduce`, `tt.scan` and `tt.map_elementwise` have no custom syntax in
// Triton and print in generic form.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_TRITON_IR_TTOPS_TD
#define LINEARLAYOUT_DIALECT_TRITON_IR_TTOPS_TD

include "LinearLayout/Dialect/Triton/IR/TritonDialects.td"
include "LinearLayout/Dialect/Triton/IR/TTEnums.td"
include "LinearLayout/Dialect/Triton/IR/TTTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Type helpers (TTOps.cpp) for the result and operand types Triton's syntax
// leaves out.
class TT_PointeeOf<string ptr, string target>
    : TypesMatchWith<"`" # target # "` is what `" # ptr # "` points to", ptr,
                     target, "::mlir::ll::tt::getPointeeType($_self)">;
class TT_MaskOf<string ptr, string target>
    : TypesMatchWith<"`" # target # "` is the i1 mask of `" # ptr # "`", ptr,
                     target,
                     "::mlir::ll::tt::getI1SameShape("
                     "::mlir::ll::tt::getPointeeType($_self))">;

//===----------------------------------------------------------------------===//
// Casts and elementwise math
//===----------------------------------------------------------------------===//

class TT_CastOp<string mnemonic> : TT_Op<mnemonic, [Pure]> {
  let arguments = (ins AnyType:$src);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}
def TT_IntToPtrOp : TT_CastOp<"int_to_ptr"> {
  let summary = "int64 to pointer";
}
def TT_PtrToIntOp : TT_CastOp<"ptr_to_int"> {
  let summary = "pointer to int64";
}
def TT_BitcastOp : TT_CastOp<"bitcast"> {
  let summary = "reinterpret the bits as another type of the same width";
}

def TT_FpToFpOp : TT_Op<"fp_to_fp", [Pure]> {
  let summary = "floating-point conversion (fp8 types, rounding modes)";
  let arguments = (ins AnyType:$src,
                       OptionalAttr<TT_RoundingModeAttr>:$rounding);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict (`,` `rounding` `=` $rounding^)? `:` "
                       "type($src) `->` type($result)";
}

def TT_ClampFOp : TT_Op<"clampf", [Pure, SameOperandsAndResultType]> {
  let summary = "clamp a float between a minimum and a maximum";
  let arguments = (ins AnyType:$x, AnyType:$min, AnyType:$max,
                       TT_PropagateNanAttr:$propagateNan);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$x `,` $min `,` $max `,` `propagateNan` `=` "
                       "$propagateNan attr-dict `:` type($result)";
}

def TT_PreciseSqrtOp : TT_Op<"precise_sqrt", [Pure,
                                              SameOperandsAndResultType]> {
  let summary = "correctly rounded square root";
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

class TT_BinarySameTypeOp<string mnemonic, string opSummary>
    : TT_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let summary = opSummary;
  let arguments = (ins AnyType:$x, AnyType:$y);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}
def TT_PreciseDivFOp
    : TT_BinarySameTypeOp<"precise_divf", "correctly rounded division">;
def TT_MulhiUIOp
    : TT_BinarySameTypeOp<"mulhiui", "high half of an unsigned product">;

//===----------------------------------------------------------------------===//
// Pointers, loads and stores
//===----------------------------------------------------------------------===//

def TT_AddPtrOp : TT_Op<"addptr", [Pure,
    TypesMatchWith<"the result is of the pointer's type", "result", "ptr",
                   "$_self">]> {
  let summary = "offset a pointer (or a tensor of pointers)";
  let arguments = (ins AnyType:$ptr, AnyType:$offset);
  let results = (outs AnyType:$result);
  let assemblyFormat =
      "$ptr `,` $offset attr-dict `:` type($result) `,` type($offset)";
}

def TT_AdvanceOp : TT_Op<"advance", [Pure,
    TypesMatchWith<"the result is of the pointer's type", "result", "ptr",
                   "$_self">]> {
  let summary = "advance a block pointer by offsets";
  let arguments = (ins TT_PointerType:$ptr, Variadic<I32>:$offsets);
  let results = (outs TT_PointerType:$result);
  let assemblyFormat = "$ptr `,` `[` $offsets `]` attr-dict `:` type($result)";
}

def TT_LoadOp : TT_Op<"load", [AttrSizedOperandSegments,
    TT_PointeeOf<"ptr", "result">,
    OptionalTypesMatchWith<"`mask` is the i1 mask of `ptr`", "ptr", "mask",
        "::mlir::ll::tt::getI1SameShape("
        "::mlir::ll::tt::getPointeeType($_self))">,
    OptionalTypesMatchWith<"`other` is what `ptr` points to", "ptr", "other",
        "::mlir::ll::tt::getPointeeType($_self)">]> {
  let summary = "load through a tensor of pointers or a block pointer";
  let arguments = (ins
    AnyType:$ptr,
    Optional<AnyType>:$mask,
    Optional<AnyType>:$other,
    DefaultValuedAttr<DenseI32ArrayAttr, "::llvm::ArrayRef<int32_t>{}">:
        $boundaryCheck,
    OptionalAttr<TT_PaddingOptionAttr>:$padding,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::ll::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::ll::tt::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
}

def TT_StoreOp : TT_Op<"store", [
    TT_PointeeOf<"ptr", "value">,
    OptionalTypesMatchWith<"`mask` is the i1 mask of `ptr`", "ptr", "mask",
        "::mlir::ll::tt::getI1SameShape("
        "::mlir::ll::tt::getPointeeType($_self))">]> {
  let summary = "store through a tensor of pointers or a block pointer";
  let arguments = (ins
    AnyType:$ptr,
    AnyType:$value,
    Optional<AnyType>:$mask,
    DefaultValuedAttr<DenseI32ArrayAttr, "::llvm::ArrayRef<int32_t>{}">:
        $boundaryCheck,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::ll::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::ll::tt::EvictionPolicy::NORMAL">:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
}

def TT_AtomicRMWOp : TT_Op<"atomic_rmw"> {
  let summary = "atomic read-modify-write";
  let arguments = (ins TT_AtomicRMWAttr:$atomic_rmw_op, AnyType:$ptr,
                       AnyType:$val, Optional<AnyType>:$mask,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)?
    attr-dict `:` functional-type(operands, $result)
  }];
}

def TT_AtomicCASOp : TT_Op<"atomic_cas"> {
  let summary = "atomic compare-and-swap";
  let arguments = (ins AnyType:$ptr, AnyType:$cmp, AnyType:$val,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:`
    functional-type(operands, $result)
  }];
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

class TT_UnaryShapeOp<string mnemonic, string opSummary,
                      list<Trait> traits = [Pure]>
    : TT_Op<mnemonic, traits> {
  let summary = opSummary;
  let arguments = (ins AnyType:$src);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_SplatOp : TT_UnaryShapeOp<"splat", "broadcast a scalar to a tensor">;
def TT_BroadcastOp
    : TT_UnaryShapeOp<"broadcast", "broadcast a tensor's size-1 dimensions">;
def TT_HistogramOp : TT_UnaryShapeOp<"histogram", "histogram of a tensor">;

def TT_UnsplatOp : TT_Op<"unsplat", [Pure,
    TypesMatchWith<"the result is the tensor's element type", "src", "result",
                   "::mlir::getElementTypeOrSelf($_self)">]> {
  let summary = "the one element of a one-element tensor";
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src)";
}

def TT_ExpandDimsOp : TT_Op<"expand_dims", [Pure]> {
  let summary = "insert a size-1 dimension";
  let arguments = (ins AnyType:$src, I32Attr:$axis);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_ReshapeOp : TT_Op<"reshape", [Pure]> {
  let summary = "reinterpret a tensor in another shape";
  let arguments = (ins AnyType:$src, UnitAttr:$allow_reorder,
                       UnitAttr:$efficient_layout);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src (`allow_reorder` $allow_reorder^)? "
                       "(`efficient_layout` $efficient_layout^)? attr-dict "
                       "`:` type($src) `->` type($result)";
}

def TT_CatOp : TT_Op<"cat", [NoMemoryEffect,
    TypesMatchWith<"both operands have one type", "lhs", "rhs", "$_self">]> {
  let summary = "concatenate two tensors";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$result);
  let assemblyFormat =
      "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
}

def TT_JoinOp : TT_Op<"join", [NoMemoryEffect,
    TypesMatchWith<"both operands have one type", "lhs", "rhs", "$_self">]> {
  let summary = "join two tensors along a new minor dimension";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$result);
  let assemblyFormat =
      "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
}

def TT_SplitOp : TT_Op<"split", [NoMemoryEffect,
    TypesMatchWith<"both results have one type", "outLHS", "outRHS",
                   "$_self">]> {
  let summary = "split a tensor in two along its last (size-2) dimension";
  let arguments = (ins AnyType:$src);
  let results = (outs AnyType:$outLHS, AnyType:$outRHS);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($outLHS)";
}

def TT_TransOp : TT_Op<"trans", [Pure]> {
  let summary = "permute the dimensions of a tensor";
  let arguments = (ins AnyType:$src, DenseI32ArrayAttr:$order);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_GatherOp : TT_Op<"gather", [Pure]> {
  let summary = "gather along one axis of a tensor";
  let arguments = (ins AnyType:$src, AnyType:$indices, I32Attr:$axis,
                       UnitAttr:$efficient_layout);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` attr-dict `:` functional-type(operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// Programs, ranges, dots
//===----------------------------------------------------------------------===//

def TT_GetProgramIdOp : TT_Op<"get_program_id", [Pure]> {
  let summary = "the program's index along an axis of the grid";
  let arguments = (ins TT_ProgramDimAttr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def TT_GetNumProgramsOp : TT_Op<"get_num_programs", [Pure]> {
  let summary = "the grid's size along an axis";
  let arguments = (ins TT_ProgramDimAttr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def TT_MakeRangeOp : TT_Op<"make_range", [Pure]> {
  let summary = "the 1-D tensor start, start + 1, ..., end - 1";
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def TT_DotOp : TT_Op<"dot", [Pure,
    TypesMatchWith<"the result is of the accumulator's type", "d", "c",
                   "$_self">]> {
  let summary = "matrix product plus accumulator";
  let arguments = (ins
    AnyType:$a, AnyType:$b, AnyType:$c,
    DefaultValuedAttr<TT_InputPrecisionAttr,
                      "::mlir::ll::tt::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc);
  let results = (outs AnyType:$d);
  let assemblyFormat = [{
    $a`,` $b`,` $c (`,` `inputPrecision` `=` $inputPrecision^)? attr-dict `:`
    type($a) `*` type($b) `->` type($d)
  }];
}

def TT_DotScaledOp : TT_Op<"dot_scaled", [Pure, AttrSizedOperandSegments,
    TypesMatchWith<"the result is of the accumulator's type", "d", "c",
                   "$_self">]> {
  let summary = "matrix product of block-scaled operands plus accumulator";
  let arguments = (ins
    AnyType:$a, AnyType:$b, AnyType:$c,
    Optional<AnyType>:$a_scale, Optional<AnyType>:$b_scale,
    TT_ScaleDotElemTypeAttr:$a_elem_type,
    TT_ScaleDotElemTypeAttr:$b_elem_type,
    BoolAttr:$fastMath,
    DefaultValuedAttr<BoolAttr, "true">:$lhs_k_pack,
    DefaultValuedAttr<BoolAttr, "true">:$rhs_k_pack);
  let results = (outs AnyType:$d);
  let assemblyFormat = [{
    $a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c
    `lhs` `=` $a_elem_type `rhs` `=` $b_elem_type attr-dict
    `:` type($a) (`,` type($a_scale)^)? `*` type($b) (`,` type($b_scale)^)?
    `->` type($d)
  }];
}

//===----------------------------------------------------------------------===//
// Ops with a combining region (generic form in Triton's output)
//===----------------------------------------------------------------------===//

def TT_ReduceOp : TT_Op<"reduce", [Pure, SingleBlock]> {
  let summary = "reduction along an axis by a combining region";
  let arguments = (ins Variadic<AnyType>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
}

def TT_ReduceReturnOp : TT_Op<"reduce.return", [HasParent<"ReduceOp">, Pure,
                                                Terminator, ReturnLike]> {
  let summary = "terminator of `tt.reduce`'s region";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_ScanOp : TT_Op<"scan", [Pure, SingleBlock]> {
  let summary = "associative scan along an axis by a combining region";
  let arguments = (ins Variadic<AnyType>:$srcs, I32Attr:$axis,
                       BoolAttr:$reverse);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
}

def TT_ScanReturnOp : TT_Op<"scan.return", [HasParent<"ScanOp">, Pure,
                                            Terminator, ReturnLike]> {
  let summary = "terminator of `tt.scan`'s region";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_MapElementwiseOp : TT_Op<"map_elementwise", [SingleBlock]> {
  let summary = "apply a scalar region to packs of tensor elements";
  let arguments = (ins Variadic<AnyType>:$srcs, I32Attr:$pack);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region AnyRegion:$scalarOp);
}

def TT_MapElementwiseReturnOp
    : TT_Op<"map_elementwise.return", [HasParent<"MapElementwiseOp">, Pure,
                                       Terminator, ReturnLike]> {
  let summary = "terminator of `tt.map_elementwise`'s region";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

//===----------------------------------------------------------------------===//
// External code, debugging
//===----------------------------------------------------------------------===//

def TT_ExternElementwiseOp : TT_Op<"extern_elementwise"> {
  let summary = "call a function of an external library elementwise";
  let arguments = (ins Variadic<AnyType>:$srcs, StrAttr:$libname,
                       StrAttr:$libpath, StrAttr:$symbol, BoolAttr:$pure);
  let results = (outs AnyType:$result);
  let assemblyFormat =
      "operands attr-dict `:` functional-type(operands, $result)";
}

def TT_ElementwiseInlineAsmOp : TT_Op<"elementwise_inline_asm"> {
  let summary = "inline assembly applied to packs of tensor elements";
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints,
                       BoolAttr:$pure, I32Attr:$packed_element,
                       Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$result);
  let assemblyFormat = [{
    $asm_string attr-dict ($args^ `:` type($args))? `->` type($result)
  }];
}

def TT_PrintOp : TT_Op<"print"> {
  let summary = "device-side print";
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex,
                       Variadic<AnyType>:$args, DenseI32ArrayAttr:$isSigned);
  let assemblyFormat = "$prefix attr-dict (`:` $args^ `:` type($args))?";
}

def TT_AssertOp : TT_Op<"assert"> {
  let summary = "device-side assert";
  let arguments = (ins AnyType:$condition, StrAttr:$message);
  let assemblyFormat =
      "$condition `,` $message attr-dict `:` type($condition)";
}

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//

def TT_MakeTensorPtrOp : TT_Op<"make_tensor_ptr", [Pure,
    SameVariadicOperandSize,
    TypesMatchWith<"the base points to the block's element type", "result",
                   "base", "::mlir::ll::tt::getBlockPointerBase($_self)">]> {
  let summary = "block pointer into a strided tensor";
  let arguments = (ins TT_PointerType:$base, Variadic<I64>:$shape,
                       Variadic<I64>:$strides, Variadic<I32>:$offsets,
                       DenseI32ArrayAttr:$order);
  let results = (outs TT_PointerType:$result);
  let assemblyFormat = "$base `,` `[` $shape `]` `,` `[` $strides `]` `,` "
                       "`[` $offsets `]` attr-dict `:` type($result)";
}

def TT_MakeTensorDescOp : TT_Op<"make_tensor_descriptor",
                                [Pure, SameVariadicOperandSize]> {
  let summary = "tensor descriptor of a strided tensor in global memory";
  let arguments = (ins TT_PointerType:$base, Variadic<I32>:$shape,
                       Variadic<I64>:$strides,
                       DefaultValuedAttr<TT_PaddingOptionAttr,
                           "::mlir::ll::tt::PaddingOption::PAD_ZERO">:
                           $padding);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = "$base `,` `[` $shape `]` `,` `[` $strides `]` "
                       "attr-dict `:` type($base) `,` type($result)";
}

def TT_DescriptorLoadOp : TT_Op<"descriptor_load"> {
  let summary = "load a block through a tensor descriptor";
  let arguments = (ins
    AnyType:$desc, Variadic<I32>:$indices,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::ll::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::ll::tt::EvictionPolicy::NORMAL">:$evict);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]`
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `->` type($result)
  }];
}

def TT_DescriptorStoreOp : TT_Op<"descriptor_store"> {
  let summary = "store a block through a tensor descriptor";
  let arguments = (ins AnyType:$desc, AnyType:$src, Variadic<I32>:$indices);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $src
    attr-dict `:` qualified(type($desc)) `,` type($src)
  }];
}

def TT_DescriptorReduceOp : TT_Op<"descriptor_reduce"> {
  let summary = "reduce a block into global memory through a descriptor";
  let arguments = (ins TT_DescriptorReduceKindAttr:$kind, AnyType:$desc,
                       AnyType:$src, Variadic<I32>:$indices);
  let assemblyFormat = [{
    $kind `,` $desc `[` $indices `]` `,` $src
    attr-dict `:` qualified(type($desc)) `,` type($src)
  }];
}

def TT_DescriptorGatherOp : TT_Op<"descriptor_gather"> {
  let summary = "gather rows through a tensor descriptor";
  let arguments = (ins AnyType:$desc, AnyType:$x_offsets, I32:$y_offset);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]`
    attr-dict `:` functional-type(operands, results)
  }];
}

def TT_DescriptorScatterOp : TT_Op<"descriptor_scatter"> {
  let summary = "scatter rows through a tensor descriptor";
  let arguments = (ins AnyType:$desc, AnyType:$x_offsets, I32:$y_offset,
                       AnyType:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` `,` $src
    attr-dict `:` type(operands)
  }];
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

def TT_CallOp : TT_Op<"call", [CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "direct call of a `tt.func`";
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
  let extraClassDeclaration = [{
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return (*this)->getAttrOfType<::mlir::SymbolRefAttr>("callee");
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
    ::mlir::Operation::operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() {
      return getOperandsMutable();
    }
  }];
}

def TT_FuncOp : TT_Op<"func", [AutomaticAllocationScope, CallableOpInterface,
                               FunctionOpInterface, IsolatedFromAbove]> {
  let summary = "a Triton function (a kernel when public)";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    bool isDeclaration() { return isExternal(); }
  }];
}

def TT_ReturnOp : TT_Op<"return", [Pure, HasParent<"FuncOp">, ReturnLike,
                                   Terminator]> {
  let summary = "return from a `tt.func`";
  let arguments = (ins Variadic<AnyType>:$srcs);
  let assemblyFormat = "attr-dict ($srcs^ `:` type($srcs))?";
}

#endif // LINEARLAYOUT_DIALECT_TRITON_IR_TTOPS_TD
