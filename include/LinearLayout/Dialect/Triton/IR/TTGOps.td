//===- TTGOps.td - Triton 3.6's layout ops, as read --------*- tablegen -*-===//
//
// The `ttg` ops that move tensors between layouts and shared memory, with
// Triton 3.6's syntax; `--ll-import-ttgir` rewrites them into `ll` ops. The
// tensor operands take any encoding, so the same op reads a TTG encoding
// before the import and an `#ll.linear` after it.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_TRITON_IR_TTGOPS_TD
#define LINEARLAYOUT_DIALECT_TRITON_IR_TTGOPS_TD

include "LinearLayout/Dialect/Triton/IR/TTGTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

defvar TTG_MemDesc = TTG_MemDescType;
defvar TTG_AsyncToken = TTG_AsyncTokenType;

def TTG_ConvertLayoutOp : TTG_Op<"convert_layout", [Pure]> {
  let summary = "Triton's ttg.convert_layout";
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TTG_LocalAllocOp : TTG_Op<"local_alloc"> {
  let summary = "Triton's ttg.local_alloc";
  let arguments = (ins Optional<AnyRankedTensor>:$src);
  let results = (outs Res<TTG_MemDesc, "", [MemAlloc]>:$result);
  let assemblyFormat = [{
    ($src^)? attr-dict `:` functional-type(operands, results)
  }];
}

def TTG_LocalLoadOp : TTG_Op<"local_load"> {
  let summary = "Triton's ttg.local_load";
  let arguments = (ins Arg<TTG_MemDesc, "", [MemRead]>:$src,
                       Optional<TTG_AsyncToken>:$token);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $src (`token` $token^)? attr-dict `:` qualified(type($src)) `->`
    type($result)
  }];
}

def TTG_LocalStoreOp : TTG_Op<"local_store"> {
  let summary = "Triton's ttg.local_store";
  let arguments = (ins AnyRankedTensor:$src,
                       Arg<TTG_MemDesc, "", [MemWrite]>:$dst);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
}

def TTG_LocalDeallocOp : TTG_Op<"local_dealloc"> {
  let summary = "Triton's ttg.local_dealloc";
  let arguments = (ins Arg<TTG_MemDesc, "", [MemFree]>:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

#endif // LINEARLAYOUT_DIALECT_TRITON_IR_TTGOPS_TD
