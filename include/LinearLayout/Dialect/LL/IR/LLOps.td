//===- LLOps.td - Operations of the `ll` dialect -----------*- tablegen -*-===//

#ifndef LINEARLAYOUT_DIALECT_LL_IR_LLOPS_TD
#define LINEARLAYOUT_DIALECT_LL_IR_LLOPS_TD

include "LinearLayout/Dialect/LL/IR/LLDialect.td"
include "LinearLayout/Dialect/LL/IR/LLAttrs.td"
include "LinearLayout/Dialect/LL/IR/LLTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def LL_DistributedTensor : Type<
    CPred<"::mlir::ll::isDistributedTensorType($_self)">,
    "ranked tensor with an #ll.linear encoding over register/lane/warp/block",
    "::mlir::RankedTensorType">;

def LL_GlobalPointer : Type<
    CPred<"::llvm::isa<::mlir::LLVM::LLVMPointerType>($_self)">,
    "LLVM pointer", "::mlir::LLVM::LLVMPointerType">;

def LL_SharedBuffer : Type<
    CPred<"::llvm::isa<::mlir::ll::SharedBufferType>($_self)">,
    "shared-memory buffer", "::mlir::ll::SharedBufferType">;

//===----------------------------------------------------------------------===//
// Layout conversion
//===----------------------------------------------------------------------===//

def LL_ConvertLayoutOp : LL_Op<"convert_layout",
    [Pure, SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "Redistribute a tensor from one linear layout to another";
  let description = [{
    Returns the same logical tensor as `source`, held by the threads as the
    result's `#ll.linear` encoding says. The values never change; only who
    holds them. With A the source layout and B the result layout the data
    movement is the conversion B⁻¹A (`invertAndCompose`); a later pass
    decides whether it is a no-op, a permutation of registers, warp
    shuffles, or a round trip through shared memory.

    ```mlir
    %1 = ll.convert_layout %0 : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #mma>
    ```

    Folds to its operand when both layouts are equal; a chain A→B→C
    canonicalises to A→C (and to nothing when A = C). Elements of 8, 16, 32
    or 64 bits are planned and lowered; `i1` (a mask) as bytes
    (docs/lowering.md, "Masks").
  }];
  let arguments = (ins LL_DistributedTensor:$source);
  let results = (outs LL_DistributedTensor:$result);
  let assemblyFormat = [{
    $source attr-dict `:` type($source) `->` type($result)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Global memory tile I/O
//===----------------------------------------------------------------------===//

def LL_LoadTileOp : LL_Op<"load_tile"> {
  let summary = "Load a tile from global memory into a distributed tensor";
  let description = [{
    Reads the tile whose element `(i0, i1, ..., in)` lies at element offset

        i0 * row_stride + ((i1 * shape[2] + i2) * shape[3] + ...) + in

    from `ptr` (rows are `dim0`; the other dimensions are contiguous and
    row-major). Without `row_stride` the tile is contiguous: row_stride is
    the product of `shape[1:]`. Rank-1 tiles are always contiguous. Every
    thread gets the elements its layout gives it (see docs/dialect.md for
    which registers those are); elements held by several threads are read
    by each of them.

    ```mlir
    %t = ll.load_tile %ptr row_stride(%ld : i32) : !llvm.ptr<1> -> tensor<64x64xf16, #blocked>
    ```
  }];
  let arguments = (ins Arg<LL_GlobalPointer, "address of element (0, ..., 0)",
                           [MemRead]>:$ptr,
                       Optional<AnySignlessIntegerOrIndex>:$rowStride);
  let results = (outs LL_DistributedTensor:$result);
  let assemblyFormat = [{
    $ptr (`row_stride` `(` $rowStride^ `:` type($rowStride) `)`)?
    attr-dict `:` qualified(type($ptr)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def LL_StoreTileOp : LL_Op<"store_tile"> {
  let summary = "Store a distributed tensor as a tile in global memory";
  let description = [{
    Writes `value` to the tile addressed as in `ll.load_tile`. Elements held
    by several threads (broadcast) are written with the same value; the
    lowering may let only one of them write.

    ```mlir
    ll.store_tile %t, %ptr row_stride(%ld : i32) : tensor<64x64xf16, #blocked>, !llvm.ptr<1>
    ```
  }];
  let arguments = (ins LL_DistributedTensor:$value,
                       Arg<LL_GlobalPointer, "address of element (0, ..., 0)",
                           [MemWrite]>:$ptr,
                       Optional<AnySignlessIntegerOrIndex>:$rowStride);
  let assemblyFormat = [{
    $value `,` $ptr (`row_stride` `(` $rowStride^ `:` type($rowStride) `)`)?
    attr-dict `:` type($value) `,` qualified(type($ptr))
  }];
  let hasVerifier = 1;
}

def LL_TileIndexOp : LL_Op<"tile_index", [Pure]> {
  let summary = "Each element's row-major index within its tile";
  let description = [{
    A distributed tensor whose element `(i0, i1, ..., in)` holds

        ((i0 * shape[1] + i1) * shape[2] + ...) + in

    truncated to the element type (an integer type of 8 to 64 bits): the
    offset `ll.load_tile` reads that element from in a contiguous tile.
    Every thread computes the elements its layout gives it, from its lane
    and warp ids, with no memory access: values that are already in
    registers, such as a matmul's accumulator before its epilogue.

    ```mlir
    %i = ll.tile_index : tensor<64x64xi32, #acc>
    ```
  }];
  let results = (outs LL_DistributedTensor:$result);
  let assemblyFormat = [{ attr-dict `:` type($result) }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

def LL_AllocSharedOp : LL_Op<"alloc_shared"> {
  let summary = "Allocate a tile buffer in shared memory";
  let description = [{
    Reserves `getSizeInBytes()` bytes of shared memory for the buffer type's
    tile, placed by its memory layout. The buffer lives until the end of the
    kernel; its contents are undefined until stored to.

    ```mlir
    %buf = ll.alloc_shared : !ll.shared<64x64xf16, #swizzled>
    ```
  }];
  let results = (outs Res<LL_SharedBuffer, "the buffer", [MemAlloc]>:$buffer);
  let assemblyFormat = "attr-dict `:` qualified(type($buffer))";
}

def LL_StoreSharedOp : LL_Op<"store_shared"> {
  let summary = "Store a distributed tensor into a shared-memory buffer";
  let description = [{
    Every thread writes the elements it holds to their addresses under the
    buffer's memory layout: element x of the tile goes to offset M⁻¹(x).
    Make the writes visible to other threads with `gpu.barrier` before they
    load.

    ```mlir
    ll.store_shared %t, %buf : tensor<64x64xf16, #blocked>, !ll.shared<64x64xf16, #swizzled>
    ```
  }];
  let arguments = (ins LL_DistributedTensor:$value,
                       Arg<LL_SharedBuffer, "destination", [MemWrite]>:$buffer);
  let assemblyFormat = [{
    $value `,` $buffer attr-dict `:` type($value) `,` qualified(type($buffer))
  }];
  let hasVerifier = 1;
}

def LL_LoadSharedOp : LL_Op<"load_shared"> {
  let summary = "Load a distributed tensor from a shared-memory buffer";
  let description = [{
    Every thread reads the elements its layout gives it from their addresses
    under the buffer's memory layout.

    ```mlir
    %t = ll.load_shared %buf : !ll.shared<64x64xf16, #swizzled> -> tensor<64x64xf16, #mma>
    ```
  }];
  let arguments = (ins Arg<LL_SharedBuffer, "source", [MemRead]>:$buffer);
  let results = (outs LL_DistributedTensor:$result);
  let assemblyFormat = [{
    $buffer attr-dict `:` qualified(type($buffer)) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Gather
//===----------------------------------------------------------------------===//

def LL_GatherOp : LL_Op<"gather", [Pure]> {
  let summary = "Gather elements of a tensor along one axis by an index tensor";
  let description = [{
    `tl.gather`'s semantics: for every coordinate x of `indices`,

        result[x] = source[x with its coordinate along `axis` replaced by indices[x]]

    `indices` and `result` have the same shape and `#ll.linear` layout;
    `source` may have another layout and, along `axis` only, another size.
    The indices are signless integers of any width; a source of `i1` (a
    mask) is gathered as bytes. An index outside
    `[0, source size along axis)` reads the element at the index modulo that
    size (its low bits): Triton leaves it undefined, this op defines it.

    ```mlir
    %r = ll.gather %src[%idx] axis = 1 : tensor<32x64xf32, #A>, tensor<32x16xi32, #I> -> tensor<32x16xf32, #I>
    ```

    The lowering fetches each element by warp shuffles when the gathered
    axis lives within a warp (every element a thread needs is held in its
    own warp), else through shared memory; the choice is the planner's
    (`-ll-plan-conversions`, docs/gather.md) and an `ll.plan` of kind
    `shuffle` or `shared_memory` on the op fixes it. A complete
    `shared_memory` plan with `rounds = R` stores and loads in R rounds
    over the top log2(R) offset bits of its memory layout, each of which
    only registers may set (no lane, warp or index bit), in a scratch of
    `shared_bytes` = the source over R; `-ll-fold-gather-conversions`
    writes such plans (docs/gather.md, "Rounds").
  }];
  let arguments = (ins LL_DistributedTensor:$source,
                       LL_DistributedTensor:$indices,
                       I32Attr:$axis);
  let results = (outs LL_DistributedTensor:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` `axis` `=` $axis attr-dict `:` type($source) `,`
    type($indices) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // LINEARLAYOUT_DIALECT_LL_IR_LLOPS_TD
