//===- BankConflictModel.cpp - Shared-memory wavefronts (Lemma 9.4) -------===//

#include "LinearLayout/Analysis/BankConflictModel.h"
#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Core/Error.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir::ll;

llvm::Error mlir::ll::checkElementBits(int elementBits) {
  if (elementBits != 8 && elementBits != 16 && elementBits != 32 &&
      elementBits != 64)
    return makeError("element_bits must be 8, 16, 32 or 64, not " +
                     std::to_string(elementBits));
  return llvm::Error::success();
}

bool mlir::ll::pairsQuarterPhases(const F2Subspace &vector,
                                  llvm::ArrayRef<uint64_t> lanes) {
  F2Subspace quad = vector;
  for (uint64_t lane : lanes.take_front(2))
    quad.add(lane);
  return quad.dim() - vector.dim() <= 1;
}

llvm::Expected<F2Vectors>
mlir::ll::getMemoryColumns(const LinearLayout &memory,
                           llvm::ArrayRef<LayoutDim> outDims) {
  for (const LayoutDim &in : memory.getInDims())
    if (in.name != dims::kOffset &&
        !(in.name == dims::kBlock && in.log2Size == 0))
      return makeError(
          "memory_layout: input dimension '" + in.name +
          "' is not 'offset' (a memory layout maps offset -> tensor)");
  // Reuse the distributed view for the output remapping: call the offsets
  // "register" there.
  llvm::SmallVector<InDimBases, 1> bases;
  std::optional<unsigned> offsetIndex = memory.getInDimIndex(dims::kOffset);
  InDimBases regs{dims::kRegister.str(), {}};
  if (offsetIndex)
    for (int b = 0; b < memory.getInDims()[*offsetIndex].log2Size; ++b)
      regs.bases.push_back(memory.getBasis(*offsetIndex, b));
  bases.push_back(regs);
  auto asRegs = LinearLayout::get(bases, memory.getOutDims());
  if (!asRegs)
    return asRegs.takeError();
  auto view = getDistributedColumns(*asRegs, outDims, "memory_layout");
  if (!view)
    return view.takeError();
  if (view->free(HwDim::Register))
    return makeError(
        "memory_layout is not injective: two offsets hold the same "
        "element");
  return view->columns[0];
}

llvm::Expected<WavefrontCount> mlir::ll::countWavefronts(
    llvm::ArrayRef<uint64_t> memory, const DistributedColumns &access,
    int elementBits, int vectorBits, AccessKind kind, const GPUTarget &target) {
  if (auto err = checkElementBits(elementBits))
    return std::move(err);
  if (vectorBits < elementBits || vectorBits > 128 ||
      !llvm::isPowerOf2_32(unsigned(vectorBits)))
    return makeError(
        "vector_bits must be a power of two between element_bits (" +
        std::to_string(elementBits) + ") and 128, not " +
        std::to_string(vectorBits));
  int v = llvm::Log2_32(unsigned(vectorBits / elementBits));
  if (v > int(memory.size()))
    return makeError("vector_bits: a vector of " + std::to_string(1 << v) +
                     " elements is larger than the memory layout");
  F2Subspace memorySpace(memory);
  F2Subspace regs(access.get(HwDim::Register));
  for (int i = 0; i < v; ++i)
    if (!regs.contains(memory[i]))
      return makeError(
          "vector_bits: offset bit " + std::to_string(i) +
          " of the memory layout is not a register direction of the "
          "distributed layout, so " +
          std::to_string(vectorBits) +
          "-bit vectors are not contiguous in shared memory");
  for (int d = 0; d < 3; ++d)
    for (uint64_t c : access.columns[d])
      if (!memorySpace.contains(c))
        return makeError("memory_layout does not hold element " +
                         access.vectorToString(c) + " that the " +
                         std::string(hwDimName(HwDim(d))) +
                         " dimension of the distributed layout reaches");
  if (!target.fitsLanes(access.bits(HwDim::Lane)))
    return makeError(lanesExceedMessage("the distributed layout",
                                        access.bits(HwDim::Lane), target));

  auto offsetOf = [&](uint64_t t) { return *memorySpace.coordinates(t); };
  int elemBytesLog2 = llvm::Log2_32(unsigned(elementBits / 8));
  int vecBytesLog2 = llvm::Log2_32(unsigned(vectorBits / 8));
  int warpBits = llvm::Log2_32(unsigned(target.lanesPerWarp));
  int phaseBits = std::max(0, warpBits + vecBytesLog2 -
                                  int(llvm::Log2_32(target.wavefrontBytes())));
  int bankBits = llvm::Log2_32(unsigned(target.sharedBanks));

  WavefrontCount result;
  result.vectorBits = vectorBits;
  bool store = kind == AccessKind::Store;
  // The lanes with a free bit issue nothing (a store, an owner load).
  uint64_t idleLanes = kind == AccessKind::Load ? 0 : access.free(HwDim::Lane);
  int regRank = regs.dim();
  result.instructionsPerWarp = int64_t(1) << (regRank - v);
  int warpCount = access.bits(HwDim::Warp);
  if (store)
    warpCount -= llvm::popcount(access.free(HwDim::Warp));
  result.activeWarps = int64_t(1) << warpCount;
  // Phases: top `phaseBits` lane bits of the hardware warp. Those the layout
  // has are active unless predicated off (free, on a store).
  int laneBits = access.bits(HwDim::Lane);
  int activePhaseBits = 0;
  // The word address a lane column moves the access by. The thread touches
  // the whole aligned vector whatever its first element is, so the bytes
  // inside the vector are cleared.
  auto wordOfLane = [&](int bit) {
    uint64_t byteAddr = offsetOf(access.get(HwDim::Lane)[bit]) << elemBytesLog2;
    if (vecBytesLog2 < 2)
      return byteAddr >> 2;
    return (byteAddr >> vecBytesLog2) << (vecBytesLog2 - 2);
  };
  // The words of one vector, and K_w: the word addresses one phase touches,
  // linear part.
  F2Subspace vectorWords;
  for (int b = 2; b < vecBytesLog2; ++b)
    vectorWords.add(uint64_t(1) << (b - 2));
  F2Subspace wordSpace = vectorWords;
  int firstPhaseBit = warpBits - phaseBits;
  bool firstPhaseBitActive = false;
  for (int bit = 0; bit < laneBits; ++bit) {
    bool active = !(idleLanes >> bit & 1);
    if (!active)
      continue;
    if (bit >= firstPhaseBit) {
      ++activePhaseBits;
      firstPhaseBitActive |= bit == firstPhaseBit;
      continue;
    }
    wordSpace.add(wordOfLane(bit));
  }
  // dim(K ∩ Row) = dim K - dim(projection of K onto the bank bits).
  uint64_t bankMask = (uint64_t(1) << bankBits) - 1;
  auto conflictDimOf = [&](const F2Subspace &words) {
    F2Subspace bankProjection;
    for (uint64_t w : words.generators())
      bankProjection.add(w & bankMask);
    return words.dim() - bankProjection.dim();
  };
  result.conflictDim = conflictDimOf(wordSpace);
  // Paired quarter phases (docs/planning.md §3): a half-warp is one phase,
  // its words K_w + w_q.
  if (!store && target.pairsLoadPhases && phaseBits == 2 &&
      firstPhaseBitActive) {
    // Lanes 0 and 1 as far as they issue: an idle one reads nothing.
    llvm::SmallVector<uint64_t, 2> laneWords;
    for (int bit = 0; bit < std::min(2, laneBits); ++bit)
      laneWords.push_back(idleLanes >> bit & 1 ? 0 : wordOfLane(bit));
    if (pairsQuarterPhases(vectorWords, laneWords)) {
      F2Subspace halfSpace = wordSpace;
      halfSpace.add(wordOfLane(firstPhaseBit));
      result.conflictDim = conflictDimOf(halfSpace);
      --activePhaseBits;
      result.pairedPhases = true;
    }
  }
  result.activePhases = int64_t(1) << activePhaseBits;
  result.instructions = result.activeWarps * result.instructionsPerWarp;
  result.wavefronts = result.instructions * result.activePhases
                      << result.conflictDim;
  return result;
}

llvm::Expected<WavefrontCount> mlir::ll::countWavefronts(
    const LinearLayout &memory, const LinearLayout &distributed,
    int elementBits, int vectorBits, AccessKind kind, const GPUTarget &target) {
  auto access =
      getDistributedColumns(distributed, outDimsOf(distributed), "distributed");
  if (!access)
    return access.takeError();
  auto columns = getMemoryColumns(memory, access->outDims);
  if (!columns)
    return columns.takeError();
  return countWavefronts(*columns, *access, elementBits, vectorBits, kind,
                         target);
}
