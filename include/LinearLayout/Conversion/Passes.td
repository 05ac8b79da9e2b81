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
    is written once.
    Shared scratch is one `addrspace(3)` global per symbol table
    (`__ll_scratch`), sized for the largest conversion.

    Assumptions the caller guarantees (as Triton's divisibility hints):
    the tile pointer is aligned to the vector width (16 bytes suffice) and
    `row_stride` is a multiple of the vector width in elements.

    Other ops are left alone; run `convert-gpu-to-nvvm` afterwards, or use
    the `ll-to-ptx` pipeline.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "NVIDIA GPU architecture (sm_<N>); selects the bank model">,
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"32",
           "Bit width of the integer offsets computed per thread (32 or 64)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

#endif // LINEARLAYOUT_CONVERSION_PASSES_TD
