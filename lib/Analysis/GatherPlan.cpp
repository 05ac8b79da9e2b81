//===- GatherPlan.cpp - How to gather along an axis -----------------------===//
//
// GatherPlan.h states the maps; docs/gather.md derives them and the cost
// model. Hardware bits are packed register | lane << R | warp << (R + L).
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Analysis/GatherPlan.h"

#include "LinearLayout/Analysis/ConversionPlan.h"
#include "LinearLayout/Analysis/DistributedColumns.h"
#include "LinearLayout/Analysis/OptimalSwizzle.h"
#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Core/Error.h"
#include "LinearLayout/Core/F2Subspace.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::ll;

const char *mlir::ll::gatherKindName(GatherKind kind) {
  return kind == GatherKind::Shuffle ? "shuffle" : "shared_memory";
}

uint64_t GatherShuffle::sourceRegister(uint64_t r) const {
  uint64_t h = 0;
  for (size_t i = 0; i < registerCols.size(); ++i)
    if ((r >> i) & 1)
      h ^= registerCols[i];
  return h & ((uint64_t(1) << sourceRegisterBits) - 1);
}

namespace {
/// The cost model's prices, in issue cycles of one warp (docs/gather.md,
/// "Cost model", measured on the H100): a shuffle and a shared-memory
/// wavefront occupy the same pipe for one cycle; an ALU instruction a
/// quarter of one (four schedulers); a barrier stalls the warp; a load
/// whose addresses come from data meets, on average, this many wavefronts.
constexpr double kShuffleCycles = 1.0;
constexpr double kWavefrontCycles = 1.0;
constexpr double kAluCycles = 0.25;
constexpr double kBarrierCycles = 8.0;
constexpr double kDataDependentLoadWavefronts = 2.0;

/// The diagonals (distinct shifts) of a linear map of an integer given by
/// its columns: the ALU work of evaluating it at run time.
int64_t diagonals(llvm::ArrayRef<uint64_t> cols) {
  llvm::SmallVector<int> shifts;
  for (auto [b, c] : llvm::enumerate(cols))
    for (uint64_t bits = c; bits; bits &= bits - 1) {
      int s = llvm::countr_zero(bits) - int(b);
      if (!llvm::is_contained(shifts, s))
        shifts.push_back(s);
    }
  return int64_t(shifts.size());
}
/// E: the index tensor's flat coordinates `x` other than the axis, in the
/// source's flat coordinates (the axis coordinate 0).
uint64_t embedIndexCoordinates(const LinearLayout &src,
                               const LinearLayout &index,
                               llvm::ArrayRef<LayoutDim> idxDims, int axis,
                               uint64_t x) {
  uint64_t y = 0;
  for (size_t d = 0; d < idxDims.size(); ++d) {
    if (int(d) == axis)
      continue;
    uint64_t bits = (uint64_t(1) << idxDims[d].log2Size) - 1;
    y |= ((x >> index.getOutDimBitOffset(unsigned(d))) & bits)
         << src.getOutDimBitOffset(unsigned(d));
  }
  return y;
}
/// The distributed columns of the source and of the index layout.
llvm::Expected<std::pair<DistributedColumns, DistributedColumns>>
gatherColumns(const LinearLayout &src, llvm::ArrayRef<LayoutDim> srcDims,
              const LinearLayout &index, llvm::ArrayRef<LayoutDim> idxDims) {
  auto a = getDistributedColumns(src, srcDims, "the source layout");
  if (!a)
    return a.takeError();
  auto idx = getDistributedColumns(index, idxDims, "the index layout");
  if (!idx)
    return idx.takeError();
  return std::pair{std::move(*a), std::move(*idx)};
}
/// Whether the top `roundBits` of the `offsetBits` offset bits of a
/// gather's memory layout can be rounds: no lane or warp of the source or
/// of the index layout, and no bit of the index value, sets one of them.
/// `memory`: the memory layout's columns (source coordinates) inserted with
/// their offset bits as tags, so that coordinates() inverts it.
llvm::Error checkRoundBits(const F2Subspace &memory, int offsetBits,
                           const DistributedColumns &a,
                           const DistributedColumns &idx,
                           const LinearLayout &src, const LinearLayout &index,
                           llvm::ArrayRef<LayoutDim> idxDims, int axis,
                           int roundBits) {
  int top = offsetBits - roundBits;
  auto check = [&](uint64_t coords, const llvm::Twine &what) -> llvm::Error {
    std::optional<uint64_t> offset = memory.coordinates(coords);
    if (!offset)
      return makeError("the memory layout does not hold every element");
    if (*offset >> top)
      return makeError("the top " + llvm::Twine(roundBits) +
                       " offset bit(s) of the memory layout cannot be "
                       "rounds: " +
                       what +
                       " sets one (a round must be set by registers "
                       "alone)");
    return llvm::Error::success();
  };
  for (HwDim dim : {HwDim::Lane, HwDim::Warp}) {
    for (auto [j, c] : llvm::enumerate(a.get(dim)))
      if (llvm::Error e =
              check(c, llvm::Twine("the source's ") + hwDimName(dim) + " bit " +
                           llvm::Twine(j)))
        return e;
    for (auto [j, c] : llvm::enumerate(idx.get(dim)))
      if (llvm::Error e =
              check(embedIndexCoordinates(src, index, idxDims, axis, c),
                    llvm::Twine("the index layout's ") + hwDimName(dim) +
                        " bit " + llvm::Twine(j)))
        return e;
  }
  int axisOffset = src.getOutDimBitOffset(unsigned(axis));
  int axisBits = outDimsOf(src)[size_t(axis)].log2Size;
  for (int b = 0; b < axisBits; ++b)
    if (llvm::Error e = check(uint64_t(1) << (axisOffset + b),
                              "index value bit " + llvm::Twine(b)))
      return e;
  return llvm::Error::success();
}
} // namespace

double mlir::ll::conversionCostInGatherCycles(const ConversionPlan &plan) {
  double cycles = ConversionCost::of(plan).perWarp * kWavefrontCycles;
  if (plan.kind == ConversionKind::SharedMemory)
    cycles += kBarrierCycles;
  return cycles;
}

int mlir::ll::gatherRoundBitsWanted(int64_t sourceBytes, int64_t threads,
                                    const GPUTarget &target) {
  int64_t limit = target.gatherScratchBytesPerThread;
  if (limit <= 0 || threads <= 0)
    return 0;
  int bits = 0;
  while (bits < 62 && (sourceBytes >> bits) > limit * threads)
    ++bits;
  return bits;
}

llvm::Expected<LinearLayout> mlir::ll::gatherLoadMemoryLayout(
    const LinearLayout &src, const LinearLayout &index, int axis,
    int elementBits, const GPUTarget &target, int roundBits) {
  if (llvm::Error e = checkElementBits(elementBits))
    return std::move(e);
  auto srcDims = outDimsOf(src), idxDims = outDimsOf(index);
  if (srcDims.size() != idxDims.size() || axis < 0 ||
      size_t(axis) >= srcDims.size())
    return makeError("the source and index layouts do not fit a gather "
                     "along axis " +
                     llvm::Twine(axis));
  auto distributed = gatherColumns(src, srcDims, index, idxDims);
  if (!distributed)
    return distributed.takeError();
  const DistributedColumns *a = &distributed->first,
                           *idx = &distributed->second;
  int total = a->totalOutBits();
  // Offset bits (of elements) below a 32-bit word, and the bank bits above
  // them: banks of 32 bits, a 64-bit element spans two.
  int subWord =
      elementBits < 32 ? llvm::countr_zero(32u / unsigned(elementBits)) : 0;
  int bankBits = llvm::countr_zero(unsigned(target.sharedBanks)) -
                 (elementBits == 64 ? 1 : 0);
  F2Vectors registers = a->nonFree(HwDim::Register);
  F2Vectors fixedByLanes;
  for (uint64_t c : idx->get(HwDim::Lane))
    fixedByLanes.push_back(embedIndexCoordinates(src, index, idxDims, axis, c));
  F2Vectors axisUnits, units;
  int axisOffset = src.getOutDimBitOffset(unsigned(axis));
  for (int b = 0; b < srcDims[size_t(axis)].log2Size; ++b)
    axisUnits.push_back(uint64_t(1) << (axisOffset + b));
  for (int b = 0; b < total; ++b)
    units.push_back(uint64_t(1) << b);

  F2Vectors columns;
  F2Subspace taken;
  // Up to `count` more columns from the candidates, in order.
  auto take = [&](int count,
                  std::initializer_list<llvm::ArrayRef<uint64_t>> groups) {
    for (llvm::ArrayRef<uint64_t> group : groups)
      for (uint64_t c : group)
        if (count > 0 && c && taken.add(c)) {
          columns.push_back(c);
          --count;
        }
  };
  take(std::min(subWord, total), {registers, units});
  // Round bits: single coordinates other than the axis that a source
  // register and an index register each set alone; the last register
  // directions first (the first ones make the store's vectors). Reserved
  // now, placed on top.
  if (roundBits < 0 || roundBits > total)
    return makeError("cannot split a " + llvm::Twine(total) +
                     "-bit offset into " + llvm::Twine(roundBits) +
                     " round bits");
  F2Vectors rounds;
  {
    llvm::SmallVector<uint64_t> indexRegisters;
    for (uint64_t c : idx->get(HwDim::Register))
      indexRegisters.push_back(
          embedIndexCoordinates(src, index, idxDims, axis, c));
    llvm::ArrayRef<uint64_t> sourceRegisters = a->get(HwDim::Register);
    for (uint64_t c : llvm::reverse(sourceRegisters)) {
      if (int(rounds.size()) == roundBits)
        break;
      bool unit = c && !(c & (c - 1));
      bool alongAxis = llvm::is_contained(axisUnits, c);
      if (unit && !alongAxis && llvm::is_contained(indexRegisters, c) &&
          taken.add(c))
        rounds.push_back(c);
    }
  }
  if (int(rounds.size()) != roundBits)
    return makeError("the gather has " + llvm::Twine(rounds.size()) +
                     " coordinate(s) that registers alone set on both sides, "
                     "not the " +
                     llvm::Twine(roundBits) + " round bits asked for");
  int below = total - roundBits;
  take(std::min(bankBits, below - int(columns.size())),
       {fixedByLanes, axisUnits, registers, units});
  take(below - int(columns.size()), {registers, units});
  // The highest round first, so that the first round bit is the top one.
  columns.append(rounds.rbegin(), rounds.rend());
  if (int(columns.size()) != total)
    return makeError("internal error: the gather's memory layout is "
                     "incomplete");
  llvm::SmallVector<LayoutDim, 1> offsetDim = {
      LayoutDim{dims::kOffset.str(), total}};
  return LinearLayout::getFromColumns(offsetDim, srcDims, columns);
}

llvm::Expected<GatherPlan> mlir::ll::planGather(const LinearLayout &src,
                                                const LinearLayout &index,
                                                int axis, int elementBits,
                                                const GPUTarget &target,
                                                const GatherPlanOptions &opts) {
  if (llvm::Error e = checkElementBits(elementBits))
    return std::move(e);
  auto srcDims = outDimsOf(src), idxDims = outDimsOf(index);
  if (srcDims.size() != idxDims.size())
    return makeError("the source has rank " + llvm::Twine(srcDims.size()) +
                     " but the index has rank " + llvm::Twine(idxDims.size()));
  if (axis < 0 || size_t(axis) >= srcDims.size())
    return makeError("axis " + llvm::Twine(axis) +
                     " is out of range for rank " +
                     llvm::Twine(srcDims.size()));
  for (size_t d = 0; d < srcDims.size(); ++d) {
    if (srcDims[d].name != idxDims[d].name)
      return makeError("the source and index layouts name their dimensions "
                       "differently ('" +
                       srcDims[d].name + "' and '" + idxDims[d].name + "')");
    if (int(d) != axis && srcDims[d].log2Size != idxDims[d].log2Size)
      return makeError("dimension " + llvm::Twine(d) + " has size " +
                       llvm::Twine(srcDims[d].size()) + " in the source but " +
                       llvm::Twine(idxDims[d].size()) +
                       " in the index (only the axis may differ)");
  }
  for (auto [layout, what] :
       {std::pair{&src, "the source layout"}, {&index, "the index layout"}})
    if (llvm::Error e = checkLanesFit(*layout, target, what))
      return std::move(e);
  auto distributed = gatherColumns(src, srcDims, index, idxDims);
  if (!distributed)
    return distributed.takeError();
  const DistributedColumns *a = &distributed->first,
                           *idx = &distributed->second;
  if (a->bits(HwDim::Block) || idx->bits(HwDim::Block))
    return makeError("a gather runs within one block; the layouts span " +
                     llvm::Twine(1 << std::max(a->bits(HwDim::Block),
                                               idx->bits(HwDim::Block))) +
                     " blocks");
  if (a->bits(HwDim::Lane) != idx->bits(HwDim::Lane) ||
      a->bits(HwDim::Warp) != idx->bits(HwDim::Warp))
    return makeError(
        "the source layout has " + llvm::Twine(1 << a->bits(HwDim::Lane)) +
        " lanes and " + llvm::Twine(1 << a->bits(HwDim::Warp)) +
        " warps, the index layout " + llvm::Twine(1 << idx->bits(HwDim::Lane)) +
        " and " + llvm::Twine(1 << idx->bits(HwDim::Warp)) +
        ": both must run on the same threads");

  GatherPlan plan;
  plan.axis = axis;
  plan.elementBits = elementBits;
  plan.sourceDims = srcDims;
  int R = a->bits(HwDim::Register), L = a->bits(HwDim::Lane),
      W = a->bits(HwDim::Warp);
  plan.warps = 1 << W;
  int Ri = idx->bits(HwDim::Register);
  plan.indexRegisters = int64_t(1) << Ri;
  plan.distinctIndexRegisters =
      int64_t(1) << (Ri - llvm::popcount(idx->free(HwDim::Register)));

  // S, a right inverse of A, and A's kernel (broadcast), in hardware bits.
  F2Vectors hwCols = concat(
      {a->get(HwDim::Register), a->get(HwDim::Lane), a->get(HwDim::Warp)});
  F2Subspace image;
  F2Vectors kernel;
  for (auto [t, c] : llvm::enumerate(hwCols)) {
    uint64_t dependency = 0;
    if (!image.insert(c, int(t), &dependency))
      kernel.push_back(dependency);
  }
  if (image.dim() != a->totalOutBits())
    return makeError("the source layout does not hold every element of its "
                     "tensor");
  auto rightInverse = [&](uint64_t coords) {
    return *image.coordinates(coords);
  };
  uint64_t warpShift = uint64_t(R + L);
  uint64_t lowMask = (uint64_t(1) << warpShift) - 1;
  F2Subspace kernelWarps;
  for (auto [i, k] : llvm::enumerate(kernel))
    kernelWarps.insert(k >> warpShift, int(i));

  int srcAxisOffset = src.getOutDimBitOffset(unsigned(axis));
  int srcAxisBits = srcDims[size_t(axis)].log2Size;
  auto embed = [&](uint64_t x) {
    return embedIndexCoordinates(src, index, idxDims, axis, x);
  };
  // The holder of a generator, moved by the kernel into warp `warp` if it
  // can be; nullopt if no thread of that warp holds it.
  auto holderIn = [&](uint64_t coords,
                      uint64_t warp) -> std::optional<uint64_t> {
    uint64_t h = rightInverse(coords);
    uint64_t delta = (h >> warpShift) ^ warp;
    if (!delta)
      return h & lowMask;
    std::optional<uint64_t> combo = kernelWarps.coordinates(delta);
    if (!combo)
      return std::nullopt;
    for (size_t i = 0; i < kernel.size(); ++i)
      if ((*combo >> i) & 1)
        h ^= kernel[i];
    return h & lowMask;
  };

  GatherShuffle shuffle;
  shuffle.sourceRegisterBits = R;
  shuffle.laneBits = L;
  plan.warpLocal = true;
  for (int b = 0; b < srcAxisBits && plan.warpLocal; ++b) {
    auto h = holderIn(uint64_t(1) << (srcAxisOffset + b), 0);
    if (!h) {
      plan.warpLocal = false;
      plan.notWarpLocal =
          "the source holds its gathered dimension " +
          srcDims[size_t(axis)].name + " across warps (element " +
          a->vectorToString(uint64_t(1) << (srcAxisOffset + b)) +
          " is in another warp than element 0)";
      break;
    }
    shuffle.valueCols.push_back(*h);
  }
  auto addIndexCols = [&](HwDim dim, llvm::SmallVectorImpl<uint64_t> &out) {
    for (auto [j, c] : llvm::enumerate(idx->get(dim))) {
      if (!plan.warpLocal)
        return;
      uint64_t warp = dim == HwDim::Warp ? uint64_t(1) << j : 0;
      auto h = holderIn(embed(c), warp);
      if (!h) {
        plan.warpLocal = false;
        plan.notWarpLocal = std::string("index ") + hwDimName(dim) + " bit " +
                            std::to_string(j) + " selects element " +
                            idx->vectorToString(c) +
                            ", whose row of the source lies in another warp";
        return;
      }
      out.push_back(*h);
    }
  };
  addIndexCols(HwDim::Register, shuffle.registerCols);
  addIndexCols(HwDim::Lane, shuffle.laneCols);
  addIndexCols(HwDim::Warp, shuffle.warpCols);

  uint64_t regMask = (uint64_t(1) << R) - 1;
  int64_t distinct = plan.distinctIndexRegisters;
  double valueAlu = 0;
  if (plan.warpLocal) {
    F2Vectors varying;
    for (auto *cols :
         {&shuffle.laneCols, &shuffle.warpCols, &shuffle.valueCols})
      for (uint64_t c : *cols)
        varying.push_back(c & regMask);
    shuffle.selectBasis = F2Subspace(varying).reducedBasis();
    for (uint64_t b : shuffle.selectBasis)
      shuffle.selectPivots.push_back(63 - llvm::countl_zero(b));
    int d = int(shuffle.selectBasis.size());
    shuffle.wordsPerElement = elementBits == 64 ? 2 : 1;
    int packable = elementBits < 32 ? llvm::countr_zero(32u / elementBits) : 0;
    shuffle.packedBits = std::min(d, packable);
    int64_t groups = int64_t(1) << (d - shuffle.packedBits);
    shuffle.shufflesPerRegister = groups * shuffle.wordsPerElement;
    shuffle.selectsPerRegister = (groups - 1) * shuffle.wordsPerElement;
    shuffle.shuffles = distinct * shuffle.shufflesPerRegister;
    shuffle.selects = distinct * shuffle.selectsPerRegister;
    // Per register: the lane (and register) from the value's bits, the
    // packed slot's shift, and the sender's packing of each group.
    F2Vectors laneOfValue;
    for (uint64_t c : shuffle.valueCols)
      laneOfValue.push_back(c >> R);
    valueAlu =
        double(2 * diagonals(laneOfValue) + 2 + (shuffle.packedBits ? 3 : 0) +
               2 * shuffle.selectsPerRegister);
    plan.shuffleCost = double(shuffle.shuffles) * kShuffleCycles +
                       double(distinct) * valueAlu * kAluCycles;
    plan.shuffle = std::move(shuffle);
  }

  // The shared-memory gather: the store-optimal layout (or the user's).
  GatherShared &shared = plan.shared;
  int totalBits = a->totalOutBits();
  if (opts.roundBits && !opts.memoryLayout)
    return makeError("rounds of a gather through shared memory are the top "
                     "bits of its memory layout: give one");
  if (opts.roundBits < 0 || opts.roundBits > totalBits)
    return makeError(llvm::Twine(opts.roundBits) +
                     " round bits do not fit the gather's " +
                     llvm::Twine(totalBits) + "-bit offset");
  shared.roundBits = opts.roundBits;
  if (opts.memoryLayout) {
    auto columns = getMemoryColumns(*opts.memoryLayout, srcDims);
    if (!columns)
      return columns.takeError();
    // The widest vector: leading memory columns that are register columns,
    // within a round.
    F2Subspace registers(a->nonFree(HwDim::Register));
    int vec = 0;
    while (vec < totalBits - shared.roundBits &&
           (elementBits << (vec + 1)) <= 128 &&
           registers.contains((*columns)[size_t(vec)]))
      ++vec;
    shared.memoryLayout = *opts.memoryLayout;
    // Capped by what the lowering's aligned vectors reach there.
    shared.vectorBits =
        loweredVectorBits(*columns, *a, elementBits, elementBits << vec);
    auto store = countWavefronts(*columns, *a, elementBits, shared.vectorBits,
                                 AccessKind::Store, target);
    if (!store)
      return store.takeError();
    shared.store = *store;
  } else {
    SwizzleOptions swizzleOptions;
    swizzleOptions.allowRounds = false;
    swizzleOptions.allowMatrix = false;
    swizzleOptions.allowOneSidedVectors = false;
    auto swizzle =
        computeOptimalSwizzle(*a, *a, elementBits, target, swizzleOptions);
    if (!swizzle)
      return swizzle.takeError();
    shared.memoryLayout = swizzle->memoryLayout;
    // The store as the lowering issues it: the swizzle's vector, capped by
    // the aligned vectors its memory layout gives the source.
    shared.vectorBits = loweredVectorBits(swizzle->memoryColumns, *a,
                                          elementBits, swizzle->vectorBits);
    shared.store = swizzle->store;
    if (shared.vectorBits != swizzle->store.vectorBits) {
      auto store =
          countWavefronts(swizzle->memoryColumns, *a, elementBits,
                          shared.vectorBits, AccessKind::Store, target);
      if (!store)
        return store.takeError();
      shared.store = *store;
    }
  }
  int64_t bytes = int64_t(elementBits / 8);
  shared.sharedBytes = (int64_t(1) << (totalBits - shared.roundBits)) * bytes;
  shared.loadInstructions = distinct;
  int64_t phases =
      std::max<int64_t>(1, (int64_t(1) << L) * bytes / target.wavefrontBytes());
  shared.loadWavefrontsConflictFree = distinct * phases * plan.warps;
  F2Vectors memoryOfValue;
  {
    auto columns = getMemoryColumns(shared.memoryLayout, srcDims);
    if (!columns)
      return columns.takeError();
    // offset(y) is the inverse of the memory layout; the value bits' images.
    F2Subspace memory;
    for (auto [t, c] : llvm::enumerate(*columns))
      memory.insert(c, int(t));
    if (shared.roundBits)
      if (llvm::Error e =
              checkRoundBits(memory, totalBits, *a, *idx, src, index, idxDims,
                             axis, shared.roundBits))
        return std::move(e);
    for (int b = 0; b < srcAxisBits; ++b)
      memoryOfValue.push_back(
          *memory.coordinates(uint64_t(1) << (srcAxisOffset + b)));
  }
  double storePerWarp =
      double(shared.store.wavefronts) / double(std::max(1, plan.warps));
  plan.sharedCost =
      storePerWarp * kWavefrontCycles +
      double(distinct * phases) * kDataDependentLoadWavefronts *
          kWavefrontCycles +
      kBarrierCycles * double(2 * (int64_t(1) << shared.roundBits) - 1) +
      double(distinct) * double(2 * diagonals(memoryOfValue) + 2) * kAluCycles;

  // Live registers at the gather's peak, per thread (32-bit words), with
  // the other tensors live across it (docs/gather.md, "Registers"). The
  // shared-memory gather holds the results (its loads are issued together)
  // and, where the indices stay live after it, the indices (taken as
  // 32-bit) and one address per distinct index register; otherwise it
  // consumes the indices one by one. The shuffles keep the whole source
  // until their last shuffle; the results unless each goes to an
  // elementwise user as it is made; and, where the indices stay live, one
  // lane per distinct index register, the indices themselves only where a
  // register select reads their bits (more than one shuffle per element):
  // one shuffle needs the lane alone, which the loop around a
  // loop-invariant gather makes once, and where it brings a packed word
  // of narrow elements, the slot to take from it, made once as well.
  plan.indicesLiveAfter = opts.indicesLiveAfter;
  plan.indicesLiveOnlyAcrossLoop =
      opts.indicesLiveAfter && opts.indicesLiveOnlyAcrossLoop;
  plan.sourceLiveAfter = opts.sourceLiveAfter;
  plan.resultsConsumedOneByOne = opts.resultsConsumedOneByOne;
  plan.otherLiveRegisters =
      std::clamp<int64_t>(opts.otherLiveRegisters, 0, int64_t(1) << 40);
  int64_t resultWords = elementWords(Ri, elementBits);
  int64_t indexWords = elementWords(Ri, 32);
  int64_t laneWords = elementWords(llvm::countr_zero(uint64_t(distinct)), 32);
  int64_t sourceWords = elementWords(R, elementBits);
  plan.sharedLiveRegisters =
      resultWords + plan.otherLiveRegisters +
      (opts.sourceLiveAfter ? sourceWords : 0) +
      (opts.indicesLiveAfter
           ? laneWords + (plan.indicesLiveOnlyAcrossLoop ? 0 : indexWords)
           : 0);
  if (plan.warpLocal) {
    plan.shuffleLiveRegisters =
        sourceWords + plan.otherLiveRegisters +
        (opts.resultsConsumedOneByOne ? 0 : resultWords);
    if (opts.indicesLiveAfter)
      plan.shuffleLiveRegisters +=
          laneWords + (plan.shuffle->shufflesPerRegister > 1 ? indexWords
                       : plan.shuffle->packedBits            ? laneWords
                                                             : 0);
  }

  // The choice.
  if (opts.forceKind == GatherKind::Shuffle && !plan.warpLocal)
    return makeError("a shuffle gather needs the gathered axis within a "
                     "warp, but " +
                     plan.notWarpLocal);
  if (opts.forceKind) {
    plan.kind = *opts.forceKind;
    plan.reason = std::string("requested: ") + gatherKindName(plan.kind);
  } else if (!plan.warpLocal) {
    plan.kind = GatherKind::SharedMemory;
    plan.reason = "not warp-local: " + plan.notWarpLocal;
  } else if (plan.shuffleLiveRegisters > target.registerBudget &&
             plan.sharedLiveRegisters <= plan.shuffleLiveRegisters) {
    plan.kind = GatherKind::SharedMemory;
    plan.reason =
        "warp-local, but the shuffles keep about " +
        std::to_string(plan.shuffleLiveRegisters) +
        " registers per thread live (the source" +
        (plan.resultsConsumedOneByOne ? "" : ", the results") +
        (!plan.indicesLiveAfter                  ? ""
         : plan.shuffle->shufflesPerRegister > 1 ? ", the indices and lanes"
                                                 : ", the lanes") +
        (plan.otherLiveRegisters ? ", other tensors" : "") +
        "), more than the " + std::to_string(target.registerBudget) +
        " a gather can have without spilling; shared memory needs "
        "about " +
        std::to_string(plan.sharedLiveRegisters);
  } else if (plan.shuffleCost <= plan.sharedCost) {
    plan.kind = GatherKind::Shuffle;
    plan.reason = "warp-local, and " +
                  std::to_string(plan.shuffle->shufflesPerRegister) +
                  " shuffle(s) per element cost no more than shared memory";
  } else {
    plan.kind = GatherKind::SharedMemory;
    plan.reason = "warp-local, but " +
                  std::to_string(plan.shuffle->shufflesPerRegister) +
                  " shuffles per element cost more than shared memory";
  }
  return plan;
}

std::string GatherPlan::explain() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "gather along axis " << axis << " (" << sourceDims[size_t(axis)].name
     << ", " << sourceDims[size_t(axis)].size() << " elements), " << elementBits
     << "-bit elements, " << warps << " warp(s)\n";
  os << "1. index registers per thread: " << indexRegisters << " ("
     << distinctIndexRegisters << " distinct)\n";
  if (warpLocal) {
    const GatherShuffle &s = *shuffle;
    os << "2. warp-local: every element a thread needs is held in its own "
          "warp (the paper's §5.5 condition)\n";
    os << "   the needed source register varies over a "
       << (1 << s.selectBasis.size()) << "-register coset per index register";
    if (s.packedBits)
      os << "; " << (1 << s.packedBits) << " of them packed per 32-bit word";
    os << "\n   per index register: " << s.shufflesPerRegister
       << " shuffle(s), " << s.selectsPerRegister << " select(s); per thread "
       << s.shuffles << " shuffles, " << s.selects << " selects\n";
  } else {
    os << "2. not warp-local: " << notWarpLocal << "\n";
  }
  os << "3. shared memory: store " << shared.sharedBytes << " bytes";
  if (shared.roundBits)
    os << " in each of " << (1 << shared.roundBits)
       << " rounds (a barrier between rounds)";
  os << " with " << shared.vectorBits << "-bit vectors ("
     << shared.store.wavefronts << " wavefronts), barrier, "
     << shared.loadInstructions << " load(s) per thread ("
     << shared.loadWavefrontsConflictFree
     << " wavefronts without conflicts; the rest depends on the indices)\n";
  os << "4. cost (issue cycles per warp): ";
  if (warpLocal)
    os << "shuffles " << llvm::format("%.1f", shuffleCost) << ", ";
  os << "shared memory " << llvm::format("%.1f", sharedCost) << "\n";
  os << "5. live registers per thread (estimated): ";
  if (warpLocal)
    os << "shuffles " << shuffleLiveRegisters << ", ";
  os << "shared memory " << sharedLiveRegisters
     << (!indicesLiveAfter ? " (the indices die in the gather"
         : indicesLiveOnlyAcrossLoop
             ? " (the indices stay live across a loop around the gather, "
               "which alone uses them: their addresses, made once"
             : " (the indices stay live after the gather");
  if (sourceLiveAfter)
    os << "; the source stays live after it";
  if (otherLiveRegisters)
    os << "; " << otherLiveRegisters << " of other tensors live across it";
  if (resultsConsumedOneByOne)
    os << "; each result goes to an elementwise user as it is made";
  os << ")\n";
  os << "=> " << gatherKindName(kind) << ": " << reason << "\n";
  return text;
}
