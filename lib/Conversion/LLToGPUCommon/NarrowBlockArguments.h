//===- NarrowBlockArguments.h - 8/16-bit registers in words at phis -------===//
//
// Internal to lib/Conversion/LLToGPUCommon.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_LLTOGPUCOMMON_NARROWBLOCKARGUMENTS_H
#define LIB_CONVERSION_LLTOGPUCOMMON_NARROWBLOCKARGUMENTS_H

#include "LinearLayout/Conversion/LLToGPUCommon/FinalizeGPUModule.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::ll {

/// Carries the 8- and 16-bit registers of ll tensors across branches in
/// 32-bit words: every block argument (a loop's carried value, after
/// scf-to-cf) of LLVM struct type whose members are all one 8- or 16-bit
/// type becomes a struct of vector<4xi8>/vector<2xf16>-style words, the
/// registers 4j..4j+3 or 2j, 2j + 1 of each; its predecessors pack, the
/// block unpacks, and LLVM folds both where the registers already sit in
/// those words (docs/lowering.md, "Loop-carried registers in words").
/// Returns how many block arguments changed.
int64_t packNarrowBlockArguments(FunctionOpInterface function);

/// Builds every vector of bytes whose aligned groups of four are whole
/// words (elements 0..3 of a vector<4xi8>, such as the words a block
/// unpacks after packNarrowBlockArguments) from those words as 32-bit
/// values, instead of element by element: LLVM leaves a vector of several
/// words as element inserts, and NVPTX then takes every byte out of its
/// word and puts it back (docs/lowering.md, "Vectors of whole words").
/// Returns how many vectors changed.
int64_t assembleVectorsFromWords(FunctionOpInterface function);

/// Builds every vector of 16-bit elements that an insertelement chain makes
/// from halves of 32-bit words (elements of vectors of 16-bit elements),
/// with a pair of them not one word as it stands whose word may have been
/// unpacked before a barrier (defined in another block, or a barrier in
/// between), from the words: each pair one byte permute of its two words
/// (`permute`). NVPTX would unpack each word into 16-bit registers at its
/// first use, and ptxas keeps each half in a 32-bit register of its own:
/// held across a barrier, those halves spill (docs/lowering.md, "Halves
/// permuted as words"). Returns how many vectors changed.
int64_t permuteHalvesAsWords(FunctionOpInterface function,
                             PermuteBytes permute);

} // namespace mlir::ll

#endif // LIB_CONVERSION_LLTOGPUCOMMON_NARROWBLOCKARGUMENTS_H
