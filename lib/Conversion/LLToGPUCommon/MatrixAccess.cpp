//===- MatrixAccess.cpp - Registers through ldmatrix/stmatrix -------------===//
//
// Whether an address map has the shape of a warp-wide matrix instruction
// (matrixAccess), and the matrix loads and stores of a shared-memory
// conversion (GPUTargetHooks::createMatrixLoad/Store): each instruction
// moves four 32-bit fragment words, one per 8x8 matrix. See MatrixAccess in
// AddressMap.h for how the registers map to the words.
//
//===----------------------------------------------------------------------===//

#include "Emitter.h"

#include "LinearLayout/Core/DimNames.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/ADT/DenseSet.h"

namespace mlir::ll::lowering {

/// The matrix access of `tile` through `map`, or std::nullopt when the
/// address map does not have the instruction's shape: the fragment's
/// contiguous bits must step the offset by 1, 2, 4 (in that order) and
/// every row address must be 16-byte aligned. (The planner's memory layout
/// is built so that they do; this check keeps the emitted code correct for
/// any layout the planner returns.)
std::optional<MatrixAccess> matrixAccess(const AddressMap &map,
                                         const MatrixTile &tile, int bits) {
  if (tile.kind == SharedInstruction::Vector || map.lane.size() != 5)
    return std::nullopt;
  if (bits != 16 && ((bits != 32 && bits != 8) ||
                     tile.kind == SharedInstruction::MatrixTrans))
    return std::nullopt;
  int numRegs = int(map.reg.size());
  auto validReg = [&](int r) { return r >= 0 && r < numRegs; };
  if (!validReg(tile.matrixRegisters[0]) ||
      !validReg(tile.matrixRegisters[1]) ||
      (bits != 32) != validReg(tile.pairRegister) ||
      (bits == 8) != validReg(tile.quadRegister))
    return std::nullopt;
  MatrixAccess access;
  access.trans = tile.kind == SharedInstruction::MatrixTrans;
  access.pair = bits != 32 ? tile.pairRegister : -1;
  access.quad = bits == 8 ? tile.quadRegister : -1;
  access.matrix[0] = tile.matrixRegisters[0];
  access.matrix[1] = tile.matrixRegisters[1];
  SmallVector<uint64_t> contiguous, rowLanes;
  if (bits == 32) {
    contiguous = {map.lane[0], map.lane[1]};
    rowLanes = {map.lane[2], map.lane[3], map.lane[4]};
  } else if (bits == 8) {
    contiguous = {map.reg[access.pair], map.reg[access.quad], map.lane[0],
                  map.lane[1]};
    rowLanes = {map.lane[2], map.lane[3], map.lane[4]};
  } else if (!access.trans) {
    contiguous = {map.reg[access.pair], map.lane[0], map.lane[1]};
    rowLanes = {map.lane[2], map.lane[3], map.lane[4]};
  } else {
    contiguous = {map.lane[2], map.lane[3], map.lane[4]};
    rowLanes = {map.reg[access.pair], map.lane[0], map.lane[1]};
  }
  for (size_t i = 0; i < contiguous.size(); ++i)
    if (contiguous[i] != (uint64_t(1) << i))
      return std::nullopt;
  rowLanes.push_back(map.reg[access.matrix[0]]);
  rowLanes.push_back(map.reg[access.matrix[1]]);
  uint64_t rowMask = (uint64_t(1) << contiguous.size()) - 1;
  access.rows.lane = rowLanes;
  access.rows.warp = map.warp;
  access.rows.reg = map.reg;
  for (int b : {access.pair, access.quad, access.matrix[0], access.matrix[1]})
    if (b >= 0)
      access.rows.reg[b] = 0;
  for (ArrayRef<uint64_t> cols :
       {ArrayRef<uint64_t>(access.rows.lane), ArrayRef<uint64_t>(map.warp),
        ArrayRef<uint64_t>(access.rows.reg)})
    for (uint64_t c : cols)
      if (c & rowMask)
        return std::nullopt;
  return access;
}

/// The fragment word of `values` at the registers `regs` (one 32-bit
/// element, two 16-bit halves or four bytes, lowest first) as i32.
static Value packWord(Emitter &em, Type elementType, ArrayRef<Value> values,
                      ArrayRef<int64_t> regs) {
  Type i32 = em.b.getI32Type();
  if (regs.size() == 1) {
    Value v = values[regs[0]];
    return v.getType() == i32 ? v
                              : LLVM::BitcastOp::create(em.b, em.loc, i32, v);
  }
  SmallVector<Value, 4> parts;
  for (int64_t r : regs)
    parts.push_back(values[r]);
  return LLVM::BitcastOp::create(em.b, em.loc, i32, em.vector(parts));
}

/// The registers `regs` of the fragment word `word` (inverse of packWord).
static void unpackWord(Emitter &em, Type elementType, Value word,
                       ArrayRef<int64_t> regs, MutableArrayRef<Value> out) {
  Type i32 = em.b.getI32Type();
  if (regs.size() == 1) {
    out[regs[0]] =
        elementType == i32
            ? word
            : Value(LLVM::BitcastOp::create(em.b, em.loc, elementType, word));
    return;
  }
  SmallVector<Value> parts =
      em.elementsOf(word, elementType, int64_t(regs.size()));
  for (auto [reg, part] : llvm::zip(regs, parts))
    out[reg] = part;
}

/// i1: the calling thread's warp is the owner of its copies (its free warp
/// bits are 0).
static Value isOwnerWarp(Emitter &em, Value warp, uint64_t freeWarps) {
  return LLVM::ICmpOp::create(
      em.b, em.loc, LLVM::ICmpPredicate::eq,
      LLVM::AndOp::create(em.b, em.loc, warp, em.index(int64_t(freeWarps))),
      em.index(0));
}

SmallVector<Value>
packWordsInOwnerBranch(Emitter &em, Type elementType, ArrayRef<Value> values,
                       ArrayRef<SmallVector<int64_t, 4>> wordRegisters,
                       Value warp, uint64_t freeWarps) {
  Type i32 = em.b.getI32Type();
  SmallVector<Type> types(wordRegisters.size(), i32);
  auto ifOp =
      scf::IfOp::create(em.b, em.loc, types, isOwnerWarp(em, warp, freeWarps),
                        /*withElse=*/true);
  OpBuilder::InsertionGuard guard(em.b);
  em.b.setInsertionPointToStart(ifOp.thenBlock());
  SmallVector<Value> packed;
  for (ArrayRef<int64_t> regs : wordRegisters)
    packed.push_back(packWord(em, elementType, values, regs));
  scf::YieldOp::create(em.b, em.loc, packed);
  em.b.setInsertionPointToStart(ifOp.elseBlock());
  scf::YieldOp::create(
      em.b, em.loc, SmallVector<Value>(wordRegisters.size(), em.poison(i32)));
  return SmallVector<Value>(ifOp.getResults().begin(), ifOp.getResults().end());
}

MatrixWords prepackMatrixWords(Emitter &em, const MatrixAccess &access,
                               Type elementType, const ThreadLayout &tl,
                               ArrayRef<Value> values, Value warp) {
  SmallVector<std::pair<int64_t, int>> order;
  SmallVector<SmallVector<int64_t, 4>> wordRegisters;
  for (int64_t k = 0; k < tl.numRegisters(); ++k) {
    if (!access.isBase(k))
      continue;
    for (int w = 0; w < 4; ++w) {
      order.emplace_back(k, w);
      wordRegisters.push_back(access.wordRegisters(k, w));
    }
  }
  SmallVector<Value> packed = packWordsInOwnerBranch(
      em, elementType, values, wordRegisters, warp, tl.freeThreadBits().warps);
  MatrixWords words;
  for (auto [kw, word] : llvm::zip(order, packed))
    words[kw] = word;
  return words;
}

void storeMatrix(Emitter &em, const GPUTargetHooks &hooks,
                 const MatrixAccess &access, Value base, Type elementType,
                 const ThreadLayout &tl, ArrayRef<Value> values, Value lane,
                 Value warp, uint64_t offsetMask,
                 llvm::function_ref<bool(int64_t)> keep,
                 const MatrixWords *prepacked) {
  OpBuilder::InsertionGuard guard(em.b);
  uint64_t freeWarps = tl.freeThreadBits().warps;
  if (freeWarps) {
    Value owner = isOwnerWarp(em, warp, freeWarps);
    auto ifOp = scf::IfOp::create(em.b, em.loc, owner, /*withElse=*/false);
    if (em.storesInRounds)
      em.roundBranches.insert(ifOp);
    em.b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  }
  Value thread = em.threadPart(access.rows, lane, warp);
  llvm::DenseSet<uint64_t> stored;
  llvm::DenseMap<uint64_t, Value> bases;
  for (int64_t k = 0; k < tl.numRegisters(); ++k) {
    if (!access.isBase(k) || !keep(k))
      continue;
    uint64_t c = access.rows.registerValue(uint64_t(k)) & offsetMask;
    if (!stored.insert(c).second)
      continue;
    Value ptr = em.address(base, elementType, access.rows, thread, c, bases);
    SmallVector<Value, 4> words;
    for (int w = 0; w < 4; ++w)
      words.push_back(prepacked ? prepacked->lookup({k, w})
                                : packWord(em, elementType, values,
                                           access.wordRegisters(k, w)));
    hooks.createMatrixStore(em.b, em.loc, ptr, words, access.trans);
  }
}

void loadMatrix(Emitter &em, const GPUTargetHooks &hooks,
                const MatrixAccess &access, Value base, Type elementType,
                MutableArrayRef<Value> out, Value lane, Value warp,
                uint64_t offsetMask, llvm::function_ref<bool(int64_t)> keep) {
  Value thread = em.threadPart(access.rows, lane, warp);
  llvm::DenseMap<uint64_t, Value> loaded;
  llvm::DenseMap<uint64_t, Value> bases;
  for (int64_t k = 0; k < int64_t(out.size()); ++k) {
    if (!access.isBase(k) || !keep(k))
      continue;
    uint64_t c = access.rows.registerValue(uint64_t(k)) & offsetMask;
    auto found = loaded.find(c);
    if (found == loaded.end()) {
      Value ptr = em.address(base, elementType, access.rows, thread, c, bases);
      found = loaded
                  .try_emplace(c, hooks.createMatrixLoad(em.b, em.loc, ptr,
                                                         access.trans))
                  .first;
    }
    for (int w = 0; w < 4; ++w) {
      Value word = LLVM::ExtractValueOp::create(em.b, em.loc, found->second,
                                                ArrayRef<int64_t>{w});
      unpackWord(em, elementType, word, access.wordRegisters(k, w), out);
    }
  }
}

} // namespace mlir::ll::lowering
