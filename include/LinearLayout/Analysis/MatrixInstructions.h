//===- MatrixInstructions.h - ldmatrix/stmatrix as access views -*- C++ -*-===//
//
// NVIDIA's ldmatrix / stmatrix (.x4, b16) move four 8x8 matrices of 16-bit
// elements between shared memory and a warp: lanes 8i..8i+7 give the
// addresses of the 8 rows (16 contiguous bytes each) of matrix i, and the
// fragment lands in registers as (PTX ISA, "warp-level matrix load"):
//
//   non-trans: thread t, register i = row t/4, columns 2(t%4), 2(t%4)+1
//   .trans:    thread t, register i = column t/4, rows 2(t%4), 2(t%4)+1
//
// In linear-layout terms (paper §5.3, the tile is divided out on the left),
// with p the register bit packing two 16-bit elements into one 32-bit
// register and m0, m1 the register bits choosing the matrix:
//
//   non-trans: contiguous = {reg p, lane0, lane1}, rows = {lane2, lane3, lane4}
//   .trans:    contiguous = {lane2, lane3, lane4}, rows = {reg p, lane0, lane1}
//
// 32-bit data uses the non-trans form with each element one register:
// contiguous = {lane0, lane1}, rows = {lane2, lane3, lane4}. 8-bit data uses
// it with four elements in one register (bytes in order, the register bits
// p and q of the second and third byte): contiguous = {reg p, reg q, lane0,
// lane1}, rows = {lane2, lane3, lane4}; the instruction only moves 32-bit
// words, so the bytes ride along (there is no 8-bit transpose before sm_100).
//
// For the bank model such an instruction is exactly a 128-bit vector access
// by a *virtual* distributed layout whose vector is the contiguous bits, whose
// lanes 0..2 are the rows and lanes 3, 4 the matrix bits (one matrix per
// quarter-warp phase), and whose other registers enumerate the instructions.
// `matrixView` builds that view, so the swizzle search and the wavefront
// count treat ldmatrix/stmatrix like any other access.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_MATRIXINSTRUCTIONS_H
#define LINEARLAYOUT_ANALYSIS_MATRIXINSTRUCTIONS_H

#include "LinearLayout/Analysis/DistributedColumns.h"

#include <optional>

namespace mlir::ll {

enum class SharedInstruction { Vector, Matrix, MatrixTrans };

struct MatrixTile {
  SharedInstruction kind = SharedInstruction::Vector;
  /// Register bits used by the tile: the packed pair (16-bit: the second
  /// half of a word; 8-bit: its second byte; else -1), the third byte
  /// (8-bit only, else -1) and the two matrix-selecting bits.
  int pairRegister = -1;
  int quadRegister = -1;
  int matrixRegisters[2] = {-1, -1};
};

/// Name of the instruction for a store or a load, e.g. "ldmatrix.trans".
std::string sharedInstructionName(SharedInstruction kind, bool store);

/// The virtual 128-bit access layout of `layout` used through `tile`, or
/// std::nullopt when the layout does not fit the instruction (fewer than 5
/// lanes, fewer register bits than the word's packed elements and the two
/// matrix bits, dependent contiguous columns; on a store also
/// dependent rows or matrices and predicated lanes). `contiguousIn`, if given,
/// must contain the contiguous bits (the other side's vector space); the pair
/// bit is chosen to satisfy it.
std::optional<std::pair<DistributedColumns, MatrixTile>>
matrixView(const DistributedColumns &layout, int elementBits, bool trans,
           bool store, const F2Subspace *contiguousIn);

} // namespace mlir::ll

#endif // LINEARLAYOUT_ANALYSIS_MATRIXINSTRUCTIONS_H
