//===- OptimizeRegisterOrder.cpp - Select-free shuffle conversions --------===//
//
// Groups the distributed tensor values of each function into webs: values
// that must share one layout because an elementwise op or an scf.for
// iteration argument joins them. A web whose values only meet tile loads and
// stores, conversions, elementwise ops, scf.for/yield and splat constants is
// free to take any layout that gives every lane the same elements: its
// register order is not observable. For every warp-shuffle conversion the
// pass proposes the plan's natural layouts (ShuffleRegisterOrder.h) for the
// webs on its two sides and keeps a proposal when the planned cost of the
// conversions touching those webs drops (docs/register-order.md).
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Analysis/ConversionCost.h"
#include "LinearLayout/Analysis/ConversionPlan.h"
#include "LinearLayout/Analysis/GPUTarget.h"
#include "LinearLayout/Analysis/ShuffleRegisterOrder.h"
#include "LinearLayout/Analysis/TileVector.h"
#include "LinearLayout/Core/DimNames.h"
#include "LinearLayout/Dialect/LL/IR/LLDialect.h"
#include "LinearLayout/Dialect/LL/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/Support/FormatVariadic.h"

#include <atomic>
#include <map>

namespace mlir::ll {
#define GEN_PASS_DEF_LLOPTIMIZEREGISTERORDER
#include "LinearLayout/Dialect/LL/Transforms/Passes.h.inc"
} // namespace mlir::ll

using namespace mlir;
using namespace mlir::ll;

/// Proposals are tried until none pays, at most this many sweeps.
static constexpr int kMaxSweeps = 4;

namespace {
/// A tile load (of a web value) or store (from one). When the web's new
/// layout would narrow its vectors or spread its warp instructions over
/// more memory (degrades), the access keeps the original layout and a
/// conversion next to it bridges the two.
struct TileAccess {
  Operation *op = nullptr;
  bool isLoad = false;
  int bits = 0;
  /// The access has a row stride (vectors stay in one row).
  bool hasRows = false;
  /// How often it runs per launch, as far as the loops tell.
  double weight = 1;
};

struct Web {
  SmallVector<Value> values;
  LinearLayout original;
  LinearLayout layout;
  /// Something observes the register order (or the web is inconsistent).
  bool pinned = false;
  /// The tile loads and stores of the web's values.
  SmallVector<TileAccess, 2> accesses;
  /// Its loads take the new layout even where it spreads them over more
  /// memory: the change that made it saved a shared-memory round trip.
  bool spreadLoads = false;
};

/// One conversion between two webs.
struct Edge {
  ConvertLayoutOp op;
  int src = -1, dst = -1;
  int bits = 0;
  /// How often it runs per launch, as far as the loops tell.
  double weight = 1;
};

class RegisterOrderOptimizer {
public:
  RegisterOrderOptimizer(const GPUTarget &target) : target(target) {}

  /// Returns true when a layout changed.
  bool run(FunctionOpInterface func);

private:
  void buildWebs(FunctionOpInterface func);
  void recordBoundaries(FunctionOpInterface func);
  int webOf(Value v) const {
    auto it = webIndex.find(v);
    return it == webIndex.end() ? -1 : it->second;
  }
  /// The planner's cost of a conversion, and whether it goes through
  /// shared memory.
  struct Priced {
    double cost;
    bool sharedMemory;
  };
  Priced price(const LinearLayout &src, const LinearLayout &dst, int bits);
  double conversionCost(const LinearLayout &src, const LinearLayout &dst,
                        int bits) {
    return price(src, dst, bits).cost;
  }
  /// How many conversions touching `touched` go through shared memory.
  int sharedMemoryConversions(ArrayRef<int> touched);
  double costAround(ArrayRef<int> webs);
  /// How a new layout would degrade a tile access, which then keeps the
  /// web's original layout behind a bridge.
  struct Degradation {
    enum Kind { NoWidth, Narrows, Spreads, XorsAddresses } kind;
    /// Spreads: the memory unit (sector or line); Narrows and Spreads:
    /// the vector elements or units per warp before and after.
    int64_t unitBytes = 0, before = 0, after = 0;
    /// For the remark.
    std::string describe(bool isLoad) const;
  };
  /// Whether and how `layout` degrades `access`; with `loadsMaySpread`,
  /// a load's footprint does not count.
  std::optional<Degradation> assess(const Web &web, const TileAccess &access,
                                    const LinearLayout &layout,
                                    bool loadsMaySpread) const;
  bool degrades(const Web &web, const TileAccess &access,
                const LinearLayout &layout) const {
    return assess(web, access, layout, web.spreadLoads).has_value();
  }
  double accessCost(const Web &web, const TileAccess &access);
  bool tryProposal(int srcWeb, std::optional<LinearLayout> srcLayout,
                   int dstWeb, std::optional<LinearLayout> dstLayout);
  void rewrite(StringRef function);

  const GPUTarget &target;
  std::vector<Web> webs;
  DenseMap<Value, int> webIndex;
  SmallVector<Edge> edges;
  /// Per web, the indices of the edges that touch it.
  std::vector<SmallVector<int, 4>> edgesOf;
  /// Memo of conversion prices (key: price).
  std::map<std::vector<uint64_t>, Priced> costs;
};
} // namespace

/// An op that applies one scalar function per element: its tensor operands
/// and results share one layout and the layout's register order is free.
static bool isElementwise(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumRegions() == 0;
}

static bool isSplatConstant(Operation *op) {
  auto constant = dyn_cast<arith::ConstantOp>(op);
  if (!constant)
    return false;
  auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
  return dense && dense.isSplat();
}

/// Product of the trip counts of the scf.for loops around `op` (a loop
/// with bounds not known here counts once).
static double tripWeight(Operation *op) {
  double weight = 1;
  for (auto loop = op->getParentOfType<scf::ForOp>(); loop;
       loop = loop->getParentOfType<scf::ForOp>()) {
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (lb && ub && step && *step > 0)
      weight *= double(std::max<int64_t>(0, (*ub - *lb + *step - 1) / *step));
  }
  return std::min(weight, 1e9);
}

/// Groups the function's distributed tensor values into webs: values that
/// must share one layout (through elementwise ops and loop-carried values),
/// pinned where something outside the web observes the layout.
void RegisterOrderOptimizer::buildWebs(FunctionOpInterface func) {
  // Union-find over the function's distributed tensor values.
  SmallVector<Value> all;
  DenseMap<Value, int> id;
  SmallVector<int> parent;
  DenseSet<Value> pinnedValues;
  auto add = [&](Value v) {
    if (!isDistributedTensorType(v.getType()))
      return false;
    if (id.try_emplace(v, int(all.size())).second) {
      all.push_back(v);
      parent.push_back(int(parent.size()));
    }
    return true;
  };
  auto find = [&](int i) {
    while (parent[i] != i)
      i = parent[i] = parent[parent[i]];
    return i;
  };
  auto unite = [&](Value a, Value b) { parent[find(id[a])] = find(id[b]); };
  auto join = [&](Value a, Value b) {
    bool da = add(a), db = add(b);
    if (da && db)
      unite(a, b);
    else if (da || db)
      // A distributed tensor joined to something else: keep it as it is.
      pinnedValues.insert(da ? a : b);
  };

  func.walk([&](Operation *op) {
    for (Value r : op->getResults())
      add(r);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (add(arg) && !isa<scf::ForOp>(op))
            pinnedValues.insert(arg); // function or other region arguments

    if (isElementwise(op) || isSplatConstant(op)) {
      // A tensor without an #ll.linear encoding would keep its type while
      // the others change: leave the op's values as they are.
      bool plain = llvm::any_of(op->getOperandTypes(), [](Type t) {
        return isa<TensorType>(t) && !isDistributedTensorType(t);
      });
      Value first;
      for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults()))
        if (add(v)) {
          if (first)
            unite(first, v);
          first = v;
          if (plain)
            pinnedValues.insert(v);
        }
      return;
    }
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
      for (auto [init, arg, result, yielded] :
           llvm::zip(forOp.getInitArgs(), forOp.getRegionIterArgs(),
                     forOp.getResults(), yield.getOperands())) {
        join(init, arg);
        join(arg, result);
        join(result, yielded);
      }
      return;
    }
    if (isa<scf::YieldOp>(op) && isa<scf::ForOp>(op->getParentOp()))
      return; // handled with the loop
    if (isa<ConvertLayoutOp, LoadTileOp, StoreTileOp>(op))
      return; // boundaries: recorded below
    // Any other op that touches a distributed tensor observes its layout.
    for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults()))
      if (add(v))
        pinnedValues.insert(v);
  });

  DenseMap<int, int> webOfRoot;
  for (auto [i, v] : llvm::enumerate(all)) {
    auto [it, fresh] = webOfRoot.try_emplace(find(int(i)), int(webs.size()));
    if (fresh) {
      webs.emplace_back();
      webs.back().original = webs.back().layout =
          getLinearEncoding(v.getType()).getLinearLayout();
    }
    Web &web = webs[it->second];
    web.values.push_back(v);
    webIndex[v] = it->second;
    web.pinned |= pinnedValues.contains(v);
    // Elementwise ops join only equal layouts in valid IR; leave any other
    // web alone.
    web.pinned |=
        getLinearEncoding(v.getType()).getLinearLayout() != web.original;
  }
}

/// Records each web's tile loads and stores and the conversions between webs
/// (the edges), with the loop trip counts that weigh them.
void RegisterOrderOptimizer::recordBoundaries(FunctionOpInterface func) {
  edgesOf.assign(webs.size(), {});
  func.walk([&](Operation *op) {
    auto bitsOf = [](Value v) {
      return getMovedElementBits(
          cast<RankedTensorType>(v.getType()).getElementType());
    };
    if (auto load = dyn_cast<LoadTileOp>(op)) {
      if (int w = webOf(load.getResult()); w >= 0)
        webs[w].accesses.push_back({op, true, bitsOf(load.getResult()),
                                    bool(load.getRowStride()), tripWeight(op)});
    } else if (auto store = dyn_cast<StoreTileOp>(op)) {
      if (int w = webOf(store.getValue()); w >= 0)
        webs[w].accesses.push_back({op, false, bitsOf(store.getValue()),
                                    bool(store.getRowStride()),
                                    tripWeight(op)});
    } else if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
      Edge edge{convert, webOf(convert.getSource()), webOf(convert.getResult()),
                bitsOf(convert.getSource()), tripWeight(op)};
      if (edge.src < 0 || edge.dst < 0)
        return;
      // A hand-written plan describes these exact layouts.
      if (getPlan(convert))
        webs[edge.src].pinned = webs[edge.dst].pinned = true;
      edgesOf[edge.src].push_back(int(edges.size()));
      if (edge.dst != edge.src)
        edgesOf[edge.dst].push_back(int(edges.size()));
      edges.push_back(edge);
    }
  });
}

RegisterOrderOptimizer::Priced
RegisterOrderOptimizer::price(const LinearLayout &src, const LinearLayout &dst,
                              int bits) {
  // Both layouts' dimension sizes and columns, and the element bits.
  std::vector<uint64_t> key;
  for (const LinearLayout *layout : {&src, &dst}) {
    for (const LayoutDim &dim : llvm::concat<const LayoutDim>(
             layout->getInDims(), layout->getOutDims()))
      key.push_back(uint64_t(dim.log2Size));
    key.push_back(~uint64_t(0));
    key.insert(key.end(), layout->getColumns().begin(),
               layout->getColumns().end());
    key.push_back(~uint64_t(0));
  }
  key.push_back(uint64_t(bits));
  if (auto it = costs.find(key); it != costs.end())
    return it->second;
  // The planner's choice and price (ConversionCost.h); a conversion it
  // cannot plan is never made cheaper by a proposal.
  Priced priced{std::numeric_limits<double>::infinity(), false};
  if (auto plan = planConversion(src, dst, bits, target))
    priced = {ConversionCost::of(*plan).perWarp,
              plan->kind == ConversionKind::SharedMemory};
  else
    llvm::consumeError(plan.takeError());
  costs[key] = priced;
  return priced;
}

/// The conversions (edge indices) that touch any of `touched`.
static SmallVector<int>
edgesAround(ArrayRef<int> touched,
            const std::vector<SmallVector<int, 4>> &edgesOf) {
  SmallVector<int> around;
  for (int w : touched)
    around.append(edgesOf[w].begin(), edgesOf[w].end());
  llvm::sort(around);
  around.erase(std::unique(around.begin(), around.end()), around.end());
  return around;
}

int RegisterOrderOptimizer::sharedMemoryConversions(ArrayRef<int> touched) {
  int count = 0;
  for (int i : edgesAround(touched, edgesOf)) {
    const Edge &e = edges[i];
    count += price(webs[e.src].layout, webs[e.dst].layout, e.bits).sharedMemory;
  }
  return count;
}

double RegisterOrderOptimizer::costAround(ArrayRef<int> touched) {
  SmallVector<int> unique(touched.begin(), touched.end());
  llvm::sort(unique);
  unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
  double total = 0;
  for (int i : edgesAround(unique, edgesOf)) {
    const Edge &e = edges[i];
    total += e.weight *
             conversionCost(webs[e.src].layout, webs[e.dst].layout, e.bits);
  }
  for (int w : unique)
    for (const TileAccess &access : webs[w].accesses)
      total += accessCost(webs[w], access);
  return total;
}

/// Whether some register of a tile access in `layout` has an offset that
/// shares a bit with the lane and warp offsets (row-major element offsets of
/// the whole tile): each such register needs its own XORed address.
static bool xorsRegisterAddresses(const LinearLayout &layout) {
  auto regIndex = layout.getInDimIndex(dims::kRegister);
  if (!regIndex)
    return false;
  llvm::ArrayRef<LayoutDim> outs = layout.getOutDims();
  auto offsetOf = [&](uint64_t flat) {
    llvm::SmallVector<int64_t> coords = layout.unflattenOut(flat);
    uint64_t offset = 0;
    for (size_t d = 0; d < outs.size(); ++d)
      offset = offset << outs[d].log2Size | uint64_t(coords[d]);
    return offset;
  };
  int regBegin = layout.getInDimBitOffset(*regIndex);
  int regEnd = regBegin + layout.getInDims()[*regIndex].log2Size;
  uint64_t regs = 0, threads = 0;
  for (auto [i, column] : llvm::enumerate(layout.getColumns()))
    (int(i) >= regBegin && int(i) < regEnd ? regs : threads) |=
        offsetOf(column);
  return (regs & threads) != 0;
}

/// Whether a store of `layout`, whose warp instructions touch `sectors`
/// 32-byte sectors with vectors of `vectorElements`, writes fewer bytes
/// than those sectors hold: each sector is then written in parts.
static bool writesPartialSectors(const LinearLayout &layout,
                                 const TileAccess &access, int64_t sectors,
                                 int64_t vectorElements) {
  int64_t elementBytes = access.bits / 8;
  int64_t vectors =
      tileFootprintPerWarp(layout, access.bits, access.hasRows, elementBytes);
  return sectors * kSectorBytes > vectors * vectorElements * elementBytes;
}

std::optional<RegisterOrderOptimizer::Degradation>
RegisterOrderOptimizer::assess(const Web &web, const TileAccess &access,
                               const LinearLayout &layout,
                               bool loadsMaySpread) const {
  if (access.bits == 0)
    return Degradation{Degradation::NoWidth};
  int64_t oldVector =
      tileVectorElements(web.original, access.bits, access.hasRows);
  int64_t newVector = tileVectorElements(layout, access.bits, access.hasRows);
  if (newVector < oldVector)
    return Degradation{Degradation::Narrows, 0, oldVector, newVector};
  // A warp instruction spread over more memory: more 32-byte sectors (a
  // store writes partial sectors, a load takes more L1 wavefronts) or more
  // 128-byte lines, for a load, and for a store whose instructions write
  // part of each sector (the rest from other instructions or warps).
  // Measured on 43 lane exchanges and 33 random conversions outside loops,
  // where the pass had made `conv` up to 2x slower (docs/register-order.md,
  // "Footprint").
  int64_t sectorsAfter = 0;
  for (int64_t unit : {kSectorBytes, kLineBytes}) {
    // A store's sectors are counted first; its lines use that count.
    if ((access.isLoad && loadsMaySpread) ||
        (!access.isLoad && unit == kLineBytes &&
         !writesPartialSectors(layout, access, sectorsAfter, newVector)))
      continue;
    int64_t before =
        tileFootprintPerWarp(web.original, access.bits, access.hasRows, unit);
    int64_t after =
        tileFootprintPerWarp(layout, access.bits, access.hasRows, unit);
    if (after > before)
      return Degradation{Degradation::Spreads, unit, before, after};
    if (unit == kSectorBytes)
      sectorsAfter = after;
  }
  // AMD: an access whose registers' global addresses the new layout XORs
  // into the thread part costs a 64-bit address per register (v_xor,
  // v_ashrrev, v_lshl_add_u64 before each global_load/store) where the
  // original takes immediate offsets: it keeps the original layout too
  // (docs/lowering-rocdl.md, "Register order").
  if (target.isAMD() && xorsRegisterAddresses(layout) &&
      !xorsRegisterAddresses(web.original))
    return Degradation{Degradation::XorsAddresses};
  return std::nullopt;
}

std::string RegisterOrderOptimizer::Degradation::describe(bool isLoad) const {
  switch (kind) {
  case NoWidth:
    return "its element type has no width";
  case Narrows:
    return llvm::formatv("the new order would narrow its vectors from {0} to "
                         "{1} elements",
                         before, after)
        .str();
  case Spreads:
    return llvm::formatv("the new order would spread each warp's {0} over "
                         "{1} {2}-byte {3} instead of {4}",
                         isLoad ? "load" : "store", after, unitBytes,
                         unitBytes == kSectorBytes ? "sectors" : "lines",
                         before)
        .str();
  case XorsAddresses:
    return "the new order would give each register its own XORed global "
           "address";
  }
  llvm_unreachable("unknown degradation");
}

double RegisterOrderOptimizer::accessCost(const Web &web,
                                          const TileAccess &access) {
  if (web.layout == web.original || !degrades(web, access, web.layout))
    return 0; // the access itself takes the new layout
  return access.weight *
         (access.isLoad
              ? conversionCost(web.original, web.layout, access.bits)
              : conversionCost(web.layout, web.original, access.bits));
}

bool RegisterOrderOptimizer::tryProposal(
    int srcWeb, std::optional<LinearLayout> srcLayout, int dstWeb,
    std::optional<LinearLayout> dstLayout) {
  std::vector<std::pair<int, LinearLayout>> changes;
  if (srcLayout && webs[srcWeb].layout != *srcLayout)
    changes.push_back({srcWeb, *srcLayout});
  if (dstLayout && webs[dstWeb].layout != *dstLayout)
    changes.push_back({dstWeb, *dstLayout});
  if (changes.empty())
    return false;
  // One web on both sides of the conversion: it can take only one layout.
  if (changes.size() == 2 && srcWeb == dstWeb)
    return false;
  for (auto &[w, layout] : changes)
    if (webs[w].pinned)
      return false;
  SmallVector<int> touched = {srcWeb, dstWeb};
  double before = costAround(touched);
  int roundTripsBefore = sharedMemoryConversions(touched);
  std::vector<std::pair<LinearLayout, bool>> saved;
  for (auto &[w, layout] : changes) {
    saved.push_back({webs[w].layout, webs[w].spreadLoads});
    webs[w].layout = layout;
    webs[w].spreadLoads = false;
  }
  if (costAround(touched) < before)
    return true;
  // A load spread over more memory costs less than a shared-memory round
  // trip (its barrier and its loads' latency) in the memory-bound code
  // around a conversion, though not less than selects: the 16x32 seed
  // transpose ran 0.98x Triton's time with its sheared load and shuffles,
  // 1.00x through shared memory (docs/register-order.md, "Footprint").
  if (sharedMemoryConversions(touched) < roundTripsBefore) {
    for (auto &[w, layout] : changes)
      webs[w].spreadLoads = true;
    if (costAround(touched) < before)
      return true;
  }
  for (auto [change, old] : llvm::zip(changes, saved))
    std::tie(webs[change.first].layout, webs[change.first].spreadLoads) = old;
  return false;
}

/// Reports, as every pass does (GPUTarget.h), the first conversion and then
/// the first tile access whose layout has more lanes than a warp.
static LogicalResult checkLanes(FunctionOpInterface func,
                                const GPUTarget &target) {
  auto check = [&](Operation *op, Value value,
                   StringRef what) -> LogicalResult {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || !isDistributedTensorType(type))
      return success();
    if (auto err = checkLanesFit(getLinearEncoding(type).getLinearLayout(),
                                 target, what))
      return op->emitError(llvm::toString(std::move(err)));
    return success();
  };
  WalkResult result = func.walk([&](ConvertLayoutOp op) {
    return failed(check(op, op.getSource(), kSourceLayoutName)) ||
                   failed(check(op, op.getResult(), kResultLayoutName))
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  result = func.walk([&](Operation *op) {
    Value tile;
    if (auto load = dyn_cast<LoadTileOp>(op))
      tile = load.getResult();
    else if (auto store = dyn_cast<StoreTileOp>(op))
      tile = store.getValue();
    return tile && failed(check(op, tile, kTileLayoutName))
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

bool RegisterOrderOptimizer::run(FunctionOpInterface func) {
  buildWebs(func);
  recordBoundaries(func);
  if (edges.empty())
    return false;
  ConversionPlanOptions shuffleOnly;
  shuffleOnly.forceKind = ConversionKind::Shuffle;
  for (int sweep = 0; sweep < kMaxSweeps; ++sweep) {
    bool improved = false;
    for (const Edge &e : edges) {
      if (e.bits == 0 || (webs[e.src].pinned && webs[e.dst].pinned))
        continue;
      const LinearLayout &a = webs[e.src].layout, &b = webs[e.dst].layout;
      auto plan = planConversion(a, b, e.bits, target, shuffleOnly);
      if (!plan) {
        llvm::consumeError(plan.takeError());
        continue;
      }
      auto natural = getNaturalShuffleLayouts(*plan->shuffle, a, b);
      if (!natural)
        continue;
      // Both sides select-free first; else either side alone.
      improved |= tryProposal(e.src, natural->src, e.dst, natural->dst) ||
                  tryProposal(e.src, std::nullopt, e.dst, natural->dst) ||
                  tryProposal(e.src, natural->src, e.dst, std::nullopt);
    }
    if (!improved)
      break;
  }
  bool changed =
      llvm::any_of(webs, [](const Web &w) { return w.layout != w.original; });
  if (changed)
    rewrite(func.getName());
  return changed;
}

/// What the pass did to a tile access of a web it reordered, as an
/// optimization remark of category ll-register-order
/// (`--remarks-filter=ll-register-order`).
static void remarkAccess(Operation *access, StringRef function,
                         StringRef reason) {
  auto opts = remark::RemarkOpts::name("tile-access")
                  .category("ll-register-order")
                  .function(function);
  remark::detail::InFlightRemark remark =
      remark::passed(access->getLoc(), opts);
  if (!remark)
    return;
  remark << remark::detail::Remark::Arg("Reason", reason.str());
}

void RegisterOrderOptimizer::rewrite(StringRef function) {
  for (Web &web : webs) {
    if (web.layout == web.original)
      continue;
    MLIRContext *context = web.values.front().getContext();
    LinearAttr encoding = LinearAttr::get(context, web.layout);
    LinearAttr originalEncoding = LinearAttr::get(context, web.original);
    auto withEncoding = [](Value v, LinearAttr e) {
      auto type = cast<RankedTensorType>(v.getType());
      return RankedTensorType::get(type.getShape(), type.getElementType(), e);
    };
    for (Value v : web.values) {
      RankedTensorType newType = withEncoding(v, encoding);
      v.setType(newType);
      if (auto constant = v.getDefiningOp<arith::ConstantOp>())
        constant.setValueAttr(
            cast<DenseElementsAttr>(constant.getValue()).reshape(newType));
    }
    // Accesses that the new layout would degrade keep the original layout;
    // a conversion next to them bridges.
    for (const TileAccess &access : web.accesses) {
      std::optional<Degradation> why =
          assess(web, access, web.layout, web.spreadLoads);
      if (!why) {
        bool spreads = access.isLoad && web.spreadLoads &&
                       assess(web, access, web.layout, false);
        remarkAccess(access.op, function,
                     spreads ? "takes the select-free register order of its "
                               "values, though it touches more memory per "
                               "warp: the order saved a shared-memory round "
                               "trip"
                             : "takes the select-free register order of its "
                               "values");
        continue;
      }
      remarkAccess(access.op, function,
                   "keeps its layout behind a conversion (a bridge): " +
                       why->describe(access.isLoad));
      OpBuilder b(access.op);
      if (auto load = dyn_cast<LoadTileOp>(access.op)) {
        Value loaded = load.getResult();
        RankedTensorType newType = cast<RankedTensorType>(loaded.getType());
        loaded.setType(withEncoding(loaded, originalEncoding));
        b.setInsertionPointAfter(load);
        auto bridge = b.create<ConvertLayoutOp>(load.getLoc(), newType, loaded);
        loaded.replaceAllUsesExcept(bridge.getResult(), bridge);
      } else {
        auto store = cast<StoreTileOp>(access.op);
        Value stored = store.getValue();
        auto bridge = b.create<ConvertLayoutOp>(
            store.getLoc(), withEncoding(stored, originalEncoding), stored);
        store.getValueMutable().assign(bridge.getResult());
      }
    }
  }
  // Conversions now between equal layouts move nothing.
  for (Edge &e : edges)
    if (e.op.getSource().getType() == e.op.getResult().getType()) {
      e.op.getResult().replaceAllUsesWith(e.op.getSource());
      e.op.erase();
    }
}

namespace {
struct LLOptimizeRegisterOrderPass
    : public mlir::ll::impl::LLOptimizeRegisterOrderBase<
          LLOptimizeRegisterOrderPass> {
  using LLOptimizeRegisterOrderBase::LLOptimizeRegisterOrderBase;

  void runOnOperation() override {
    auto model = GPUTarget::parse(target, waveSize);
    if (!model) {
      getOperation()->emitError("ll-optimize-register-order: ")
          << llvm::toString(model.takeError());
      return signalPassFailure();
    }
    // Webs never cross a function, so the outermost functions are
    // optimised in parallel (nested ones with their parent, inner first).
    SmallVector<Operation *> outermost;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!llvm::isa<FunctionOpInterface>(op))
        return WalkResult::advance();
      outermost.push_back(op);
      return WalkResult::skip();
    });
    std::atomic<bool> changed = false, failedLanes = false;
    parallelForEach(&getContext(), outermost, [&](Operation *root) {
      if (failed(checkLanes(cast<FunctionOpInterface>(root), *model))) {
        failedLanes = true;
        return;
      }
      root->walk([&](FunctionOpInterface func) {
        if (RegisterOrderOptimizer(*model).run(func))
          changed = true;
      });
    });
    if (failedLanes)
      return signalPassFailure();
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
