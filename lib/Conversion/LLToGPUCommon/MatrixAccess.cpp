//===- MatrixAccess.cpp - Registers through ldmatrix/stmatrix -------------===//
//
// The warp-wide matrix loads and stores of a shared-memory conversion
// (GPUTargetHooks::createMatrixLoad/Store): each instruction moves four
// 32-bit fragment words, one per 8x8 matrix. See MatrixAccess in
// AddressMap.h for how the registers map to the words.
//
//===----------------------------------------------------------------------===//

#include "Emitter.h"

#include "LinearLayout/Core/DimNames.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/ADT/DenseSet.h"

namespace mlir::ll::lowering {

/// The fragment word of `values` at the registers `regs` (one 32-bit
/// element, or two 16-bit halves, low half first) as i32.
static Value packWord(Emitter &em, Type elementType, ArrayRef<Value> values,
                      ArrayRef<int64_t> regs) {
  Type i32 = em.b.getI32Type();
  if (regs.size() == 1) {
    Value v = values[regs[0]];
    return v.getType() == i32 ? v
                              : LLVM::BitcastOp::create(em.b, em.loc, i32, v);
  }
  auto pairType = VectorType::get({2}, elementType);
  Value vec = em.poison(pairType);
  for (int h = 0; h < 2; ++h)
    vec = LLVM::InsertElementOp::create(em.b, em.loc, vec, values[regs[h]],
                                        em.constant(i32, h));
  return LLVM::BitcastOp::create(em.b, em.loc, i32, vec);
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
  Value vec = LLVM::BitcastOp::create(em.b, em.loc,
                                      VectorType::get({2}, elementType), word);
  for (int h = 0; h < 2; ++h)
    out[regs[h]] =
        LLVM::ExtractElementOp::create(em.b, em.loc, vec, em.constant(i32, h));
}

void storeMatrix(Emitter &em, const GPUTargetHooks &hooks,
                 const MatrixAccess &access, Value base, Type elementType,
                 const ThreadLayout &tl, ArrayRef<Value> values, Value lane,
                 Value warp, uint64_t offsetMask,
                 llvm::function_ref<bool(int64_t)> keep) {
  OpBuilder::InsertionGuard guard(em.b);
  uint64_t freeWarps = 0;
  for (const auto &[dim, mask] : tl.layout.getFreeVariableMasks())
    if (dim == dims::kWarp)
      freeWarps = mask;
  if (freeWarps) {
    Value owner = LLVM::ICmpOp::create(
        em.b, em.loc, LLVM::ICmpPredicate::eq,
        LLVM::AndOp::create(em.b, em.loc, warp, em.index(int64_t(freeWarps))),
        em.index(0));
    auto ifOp = scf::IfOp::create(em.b, em.loc, owner, /*withElse=*/false);
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
      words.push_back(
          packWord(em, elementType, values, access.wordRegisters(k, w)));
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
