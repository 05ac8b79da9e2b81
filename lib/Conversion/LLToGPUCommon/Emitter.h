//===- Emitter.h - IR emission helpers of the lowering (private) -*- C++
//-*-===//
//
// Internal to lib/Conversion/LLToGPUCommon. The Emitter creates the LLVM
// dialect ops of a rewrite (constants, thread parts of address maps,
// addresses, vector loads and stores, struct packing); loadRegisters and
// storeRegisters move a thread's registers to and from memory through an
// address map, the matrix functions by ldmatrix/stmatrix.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_LLTOGPUCOMMON_EMITTER_H
#define LIB_CONVERSION_LLTOGPUCOMMON_EMITTER_H

#include "AddressMap.h"

#include "LinearLayout/Conversion/LLToGPUCommon/LLToGPUCommon.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <memory>
#include <tuple>

namespace mlir::ll::lowering {

/// The value of a constant integer (an element position), or nothing.
std::optional<int64_t> constantIndex(Value value);

/// The vector `value` was extracted from and the element's constant
/// position, or nothing when `value` is not such an element.
std::optional<std::pair<Value, int64_t>> extractedElement(Value value);

/// Whether `elems` are consecutive elements, in order, of one vector, from
/// a multiple of their count: an aligned slice that Emitter::vector takes
/// as it is (no packing).
bool isAlignedSlice(ArrayRef<Value> elems);

/// One term of an address map's thread part: the bits `idMask` of the
/// thread id (lane and warp together: warp bits above the lane bits), or of
/// the lane or the warp alone, moved by `shift` bits (negative: right); or,
/// for a column of several bits (`column` != 0, a swizzle), the single id
/// bit of `idMask` times `column`.
struct ThreadTerm {
  enum Source { ThreadId, Lane, Warp } source;
  uint64_t idMask;
  int64_t shift;
  uint64_t column;
};

/// The terms of `map`'s thread part as runs of lane (warp) bits whose
/// single-bit columns are c, 2c, 4c, ... (where the target does not group
/// address terms: GPUTargetHooks::groupsAddressTerms).
SmallVector<ThreadTerm> threadTermsInRuns(const AddressMap &map);

/// The terms of `map`'s thread part: single-bit columns of the lane (of the
/// warp) grouped by the distance they move their bit. `laneIdBits` >= 0:
/// lane and warp are bits of one thread id, the warp's from bit
/// `laneIdBits` on, and a lane and a warp term that move their bits by the
/// same distance in it are one; -1: lane and warp apart.
SmallVector<ThreadTerm> threadTerms(const AddressMap &map, int laneIdBits);

/// The `laneIdBits` with which `hooks`' target computes address terms
/// (threadTerms, Emitter::addressShifts): the lane bits of the thread id
/// where it groups terms (GPUTargetHooks::groupsAddressTerms), else -1.
inline int addressTermLaneBits(const GPUTargetHooks &hooks) {
  return hooks.groupsAddressTerms()
             ? int(llvm::Log2_64(uint64_t(hooks.getLanesPerWarp())))
             : -1;
}

struct Emitter {
  OpBuilder &b;
  Location loc;
  IntegerType indexType;
  llvm::DenseMap<std::tuple<Block *, Type, int64_t>, Value> constants = {};
  llvm::DenseMap<std::tuple<const AddressMap *, Block *, Value, Value>, Value>
      threadParts = {};
  llvm::DenseMap<std::tuple<Block *, Value, int>, Value> laneBits = {};
  /// Branches that recur once per round of a conversion, in sequence, a
  /// barrier between two: the turns of thread rounds and the owner branch
  /// of a store in rounds without shares (of registers or of stmatrix).
  /// threadPart computes above them, so that the rounds use thread parts made
  /// once rather than each making them again (a 256x32 bf16 conversion on 8
  /// warps: 130 registers -> 128, docs/lowering.md "Thread parts above round
  /// branches"). Not above branches beside each other such as a store's shares:
  /// with the same thread parts on both sides LLVM sinks their accesses into
  /// one block behind a phi of every address.
  llvm::SmallPtrSet<Operation *, 8> roundBranches = {};
  /// storeRegisters or storeMatrix stores one of several rounds (a
  /// conversion through shared memory in rounds): its owner branch is a
  /// round branch.
  bool storesInRounds = false;
  /// The thread id and lane bits behind each (lane, warp) of laneAndWarp,
  /// on a target that groups address terms.
  llvm::DenseMap<std::pair<Value, Value>, std::pair<Value, int>> threadIds = {};
  llvm::DenseMap<std::pair<Block *, Type>, Value> poisons = {};
  /// Shared-memory addresses in bytes rather than elements: the thread part
  /// and the register constants of loadRegisters/storeRegisters without
  /// rows are scaled by 2^sharedByteShift and the pointers are i8 GEPs
  /// (GPUTargetHooks::sharedAddressesInBytes). 0: element GEPs.
  int sharedByteShift = 0;
  /// 64-bit pointers (global memory) plus a zero-extended byte offset
  /// (GPUTargetHooks::globalAddressesInBytes) rather than element offset.
  bool wideByteOffsets = false;
  /// The target whose byte permutes pack the 8-bit elements of a store
  /// (GPUTargetHooks::hasBytePermute); null: LLVM's byte inserts.
  const GPUTargetHooks *bytePacker = nullptr;
  /// The target whose warp barrier separates the groups of a line-ordered
  /// store that write the same 128-byte lines (GPUTargetHooks::
  /// fencesLineGroups, StoreOrder::Lines); null: no separation.
  const GPUTargetHooks *lineFence = nullptr;
  /// The scaled copies of address maps that sharedByteShift uses (stable
  /// addresses: threadParts is keyed by them).
  llvm::DenseMap<std::pair<const AddressMap *, int>,
                 std::unique_ptr<AddressMap>>
      scaledMaps = {};

  /// `map` with every column shifted left by `shift` (`map` itself for 0),
  /// once per map.
  const AddressMap &scaled(const AddressMap &map, int shift);

  /// The shifts that the addresses of the registers `k` < 2^registerBits
  /// with `keep(k)` through `map` cost with offsets in units of 2^-shift
  /// elements (bytes of 2^shift-byte elements): one per term of single-bit
  /// thread columns that moves (threadTerms with `laneIdBits`; -1: the
  /// runs of threadTermsInRuns), and with
  /// element offsets (shift 0) of wider elements one more per distinct
  /// XORed base (its scaling by the element size).
  static int64_t addressShifts(const AddressMap &map, int shift,
                               int elementBytesLog2, int registerBits,
                               int laneIdBits,
                               llvm::function_ref<bool(int64_t)> keep,
                               uint64_t offsetMask);

  /// The integer constant, created once per block where first needed (an
  /// unrolled conversion uses the same few constants hundreds of times; the
  /// IR volume is the lowering's cost, bench/results/lowering-cost.md).
  /// Within one rewrite the insertion point only moves forward in a block,
  /// so the first one dominates the later uses.
  Value constant(Type type, int64_t value);
  Value index(int64_t value) { return constant(indexType, value); }

  /// A poison value of `type`, once per block (the root of every vector a
  /// store packs), like `constant`.
  Value poison(Type type);

  /// i1: bit `bit` of `lane` is set. Once per block: a conversion's selects
  /// test the same few lane bits over and over.
  Value laneBitSet(Value lane, int bit);

  /// (lane, warp) of the calling thread in `indexType`.
  std::pair<Value, Value> laneAndWarp(const GPUTargetHooks &hooks);

  /// T = XOR over the set bits of lane and warp of their images.
  Value threadPart(const AddressMap &map, Value lane, Value warp);

  /// threadPart without the per-block cache.
  Value computeThreadPart(const AddressMap &map, Value lane, Value warp);

  /// T combined with K = `constant`: add when they share no bit, else XOR.
  Value combine(const AddressMap &map, Value threadValue, uint64_t constant);

  /// base + (T ^ K) as a pointer. The bits of K that T may also have are
  /// XORed into T (one pointer per distinct overlap, cached in `bases`); the
  /// rest of K is disjoint from T, so it is added as a constant offset that
  /// folds into the instruction's immediate. This keeps the number of live
  /// addresses at the number of distinct overlaps, not of registers.
  Value address(Value base, Type elementType, const AddressMap &map,
                Value threadValue, uint64_t constant,
                llvm::DenseMap<uint64_t, Value> &bases);

  /// `base` + `offset` elements of `elementType`, where `offset` is an
  /// address map's (non-negative) offset: for a 64-bit pointer, zero-
  /// extended to 64 bits, in bytes where `wideByteOffsets`.
  Value offsetPointer(Value base, Type elementType, Value offset);

  /// `base` + `offset` elements of `elementType`.
  Value gep(Value base, Type elementType, Value offset);

  /// The type a vector access of `count` elements moves: the elements
  /// themselves when they are words or double words (no bitcast), else
  /// packed into 32-bit words.
  Type memoryType(Type elementType, int64_t count, int bits);

  /// `lineLoads`: load through GPUTargetHooks::createLineLoad.
  SmallVector<Value> load(Value ptr, Type elementType, int64_t count, int bits,
                          const GPUTargetHooks *lineLoads = nullptr);

  /// The `count` elements of `elementType` that `word` holds (a vector of
  /// them, or an integer of their total width), lowest first.
  SmallVector<Value> elementsOf(Value word, Type elementType, int64_t count);

  /// `elems` (of one type) as a vector: the vector they were extracted from
  /// where they are its elements in order, its aligned slice where they are
  /// consecutive elements of a wider one, else an insertelement chain.
  Value vector(ArrayRef<Value> elems);

  /// The (at most two) words four 8-bit elements were extracted from: each
  /// a (vector, word index) pair, and the byte permute's nibbles that pick
  /// the elements from them (0-3 the first word, 4-7 the second).
  struct WordSources {
    SmallVector<std::pair<Value, int64_t>, 2> words;
    uint32_t nibbles = 0;
    /// The four bytes of one word, in order: that word as it is.
    bool isWhole() const { return words.size() == 1 && nibbles == 0x3210; }
  };
  std::optional<WordSources> wordSources(ArrayRef<Value> bytes);

  /// Four 8-bit elements as an i32 word: one byte permute of their
  /// `sources` (wordSources), or the source word itself where they are that
  /// word in order (then no byte packer is needed).
  Value packWord(ArrayRef<Value> bytes, const WordSources &sources);

  /// Stores `elems` as one vector (see memoryType).
  void store(Value ptr, Type elementType, ArrayRef<Value> elems, int bits);

  /// The n registers of a tensor value. Where a previous pattern packed
  /// them (an insertvalue chain), the packed values themselves: no
  /// extractvalue, and the chain dies (erased after the conversion).
  SmallVector<Value> unpack(Value structValue, int64_t n);

  /// `values` as the registers of a tensor of `structType`.
  Value pack(Type structType, ArrayRef<Value> values);

  /// The low and high 32-bit words of the 64-bit integer `value` (what a
  /// 32-bit warp shuffle moves), and the integer back from its words.
  std::pair<Value, Value> splitWords(Value value);
  Value joinWords(Value low, Value high);
};

/// The most elements of `bits` bits one access moves (16 bytes).
inline int64_t maxVectorElements(int bits) { return 128 / bits; }

/// The vectors an ll.load_tile of thread layout `tl` over a tile of
/// `shape` (`hasRows`: with a row stride) loads `bits`-bit elements in, as
/// its lowering finds them.
inline VectorShape tileLoadVector(const ThreadLayout &tl,
                                  ArrayRef<int64_t> shape, bool hasRows,
                                  int bits) {
  auto [col, row] = globalMaps(tl, shape, hasRows);
  return findVector(col, row ? &*row : nullptr, maxVectorElements(bits));
}

/// The order of a conversion's stores to shared memory on `hooks`' target.
inline StoreOrder sharedStoreOrder(const GPUTargetHooks &hooks) {
  return hooks.pairsSharedStores() ? StoreOrder::SharedBases
                                   : StoreOrder::Registers;
}

/// A tile's row stride (an integer or index operand) as an index-typed
/// value, or null for a contiguous tile (no stride, or rank 1).
Value rowStrideIndex(Emitter &em, Value stride, size_t rank);

/// A `keep` for loadRegisters/storeRegisters: every register.
inline bool allRegisters(int64_t) { return true; }

/// An `offsetMask` for loadRegisters/storeRegisters: every register offset
/// bit, no mask.
inline constexpr uint64_t kAllOffsetBits = ~uint64_t(0);

/// Loads the registers k of `tl` with `keep(k)` into values[k] from `base` +
/// offset(k), where offset(k) = row(k) * rowStride + col(k) (no rows:
/// col(k)), with the register part of col masked by `offsetMask`; the other
/// values stay. Duplicate registers (same address) are loaded once. With
/// `globalTarget` (a global tile), the loads go in line order (as
/// StoreOrder::Lines: docs/lowering.md "Global loads"), and a contiguous
/// tile whose warps read partial lines loads through its createLineLoad.
void loadRegisters(Emitter &em, Value base, Type elementType, int bits,
                   const ThreadLayout &tl, MutableArrayRef<Value> values,
                   const AddressMap &col, const AddressMap *row,
                   Value rowStride, Value lane, Value warp, int64_t maxVector,
                   llvm::function_ref<bool(int64_t)> keep, uint64_t offsetMask,
                   const GPUTargetHooks *globalTarget = nullptr,
                   bool fenceLines = false);

/// Stores every distinct register of `tl` to `base` + offset(k), as
/// loadRegisters addresses them; registers for which `keep(k)` is false are
/// skipped, and so are threads that hold only copies (broadcast), except
/// that warps holding the same registers split them (docs/lowering.md,
/// "Broadcast stores"), in the order `order` asks for. `wholeShares`: the
/// warps' shares of the whole store (scheduleStores with every register)
/// where `keep` picks a part of it, whose own shares could differ.
void storeRegisters(
    Emitter &em, Value base, Type elementType, int bits, const ThreadLayout &tl,
    ArrayRef<Value> values, const AddressMap &col, const AddressMap *row,
    Value rowStride, Value lane, Value warp, int64_t maxVector,
    llvm::function_ref<bool(int64_t)> keep, uint64_t offsetMask,
    StoreOrder order = StoreOrder::Registers,
    const SmallVector<std::pair<int, int>> *wholeShares = nullptr);

/// One i32 word per entry of `wordRegisters`, the registers of `values` it
/// holds (one 32-bit element, two 16-bit or four 8-bit ones, lowest first)
/// packed as a matrix store packs them, computed at the insertion point
/// inside one branch that only the owner warps (free warp bits clear)
/// take; the other warps get poison. A store in rounds by the owner warps
/// of a tile loaded for it takes its words from here: they live across
/// the rounds instead of the elements, and ptxas sinks the tile's loads
/// into the branch (docs/lowering.md, "Packed once, in the owner's
/// branch").
SmallVector<Value>
packWordsInOwnerBranch(Emitter &em, Type elementType, ArrayRef<Value> values,
                       ArrayRef<SmallVector<int64_t, 4>> wordRegisters,
                       Value warp, uint64_t freeWarps);

/// The 32-bit fragment words of a matrix store, by (instruction base k,
/// word 0-3).
using MatrixWords = llvm::DenseMap<std::pair<int64_t, int>, Value>;

/// Every fragment word a matrix store of `values` writes, packed by
/// packWordsInOwnerBranch.
MatrixWords prepackMatrixWords(Emitter &em, const MatrixAccess &access,
                               Type elementType, const ThreadLayout &tl,
                               ArrayRef<Value> values, Value warp);

/// stmatrix.x4 of every instruction base k with `keep(k)`; threads of
/// free (broadcast) warps skip the store, as in storeRegisters. The words
/// come from `prepacked` where given, else are packed before each store.
void storeMatrix(Emitter &em, const GPUTargetHooks &hooks,
                 const MatrixAccess &access, Value base, Type elementType,
                 const ThreadLayout &tl, ArrayRef<Value> values, Value lane,
                 Value warp, uint64_t offsetMask,
                 llvm::function_ref<bool(int64_t)> keep,
                 const MatrixWords *prepacked = nullptr);

/// ldmatrix.x4 of every instruction base k with `keep(k)` into `out`.
void loadMatrix(Emitter &em, const GPUTargetHooks &hooks,
                const MatrixAccess &access, Value base, Type elementType,
                MutableArrayRef<Value> out, Value lane, Value warp,
                uint64_t offsetMask, llvm::function_ref<bool(int64_t)> keep);

/// A value that depends on the lane only through the lane bits `bits`:
/// values[c] for the combination c of those bits (bit i of c = lane bit
/// bits[i]). Emitted as a tree of 2^|bits| - 1 selects.
struct LaneMux {
  SmallVector<int> bits;
  SmallVector<int64_t> values;
};

/// A mux on the lane bits of `head` whose leaves are its choices' indices.
LaneMux choiceMux(const LaneMux &head);

/// A tree of selects on the lane bits of `mux`, leaves from `leaf`.
Value selectByLane(Emitter &em, const LaneMux &mux, Value lane,
                   llvm::function_ref<Value(int64_t)> leaf);

/// Four 8-bit elements from at most two loaded words as one byte permute
/// of them (Emitter::packWord, the rule of Emitter::store), where the
/// emitter has a byte packer; otherwise `elems` as a vector
/// (Emitter::vector: byte inserts, which NVPTX builds a byte at a time).
Value packedVector(Emitter &em, ArrayRef<Value> elems);

/// The word made of the slots whose muxes are `slotMuxes` (slot j of the
/// word takes `element(slotMuxes[j]->values[c])` for the lane bits'
/// combination c), as one select tree on whole words when every slot
/// selects on the same lane bits: the choices packed into vectors (a
/// vector the elements were extracted from is taken whole) and selected
/// as integers of the word's width, which every backend selects in one
/// instruction (a select of <2 x f16> is legalized element by element:
/// two selects and a repacking per word on NVPTX). Nothing otherwise.
std::optional<Value>
selectWordsByLane(Emitter &em, ArrayRef<const LaneMux *> slotMuxes, Value lane,
                  llvm::function_ref<Value(int64_t)> element);

} // namespace mlir::ll::lowering

#endif // LIB_CONVERSION_LLTOGPUCOMMON_EMITTER_H
