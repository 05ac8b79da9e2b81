//===- ParallelPTX.cpp - PTX of a gpu.module's kernels in parallel --------===//
//
// LLVM's optimization pipeline and NVPTX code generation take most of
// ll-to-ptx's time on a module of many kernels (bench/lowering_cost.py), and
// gpu-module-to-binary runs them on one thread. This pass splits a large
// gpu.module of kernels into contiguous parts, runs the NVVM target's own
// serializer (the same translation, LLVM pipeline and code generation) on
// each part on the context's thread pool, and joins the parts' PTX into the
// text that the whole module gives:
//
//  * the header and the module-level declarations (globals such as
//    `__ll_scratch`) are written once, by the first part, where NVPTX writes
//    them (inside the first kernel's text, after its `.globl` line); every
//    other part must have written the very same ones, or the module is
//    compiled whole;
//  * NVPTX numbers the labels (`$L__BB<f>_<b>`) and local depots
//    (`__local_depot<f>`) of the f-th function of the module: a part's are
//    shifted by the number of functions before it.
//
// A part sees only its kernels, so what LLVM decides for the module as a
// whole must not depend on the others: the module holds kernels (external
// definitions, no calls between them) and globals only, every part holds a
// user of each global that any kernel uses (LLVM marks a global that no
// function uses) and two of an internal one (NVPTX moves a shared global of
// one user into that function), and after optimization every part has the
// same globals and declarations. Anything else (a part that fails or reports
// a diagnostic, debug info, PTX this pass does not know) leaves the module to
// gpu-module-to-binary, which then compiles it whole as before.
//
//===----------------------------------------------------------------------===//

#include "ParallelPTX.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"
#include "mlir/Target/LLVM/NVVM/Utils.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>

#define DEBUG_TYPE "ll-parallel-ptx"

using namespace mlir;

namespace {
/// What the optimized LLVM module of a part says about the whole module.
struct PartResult {
  std::string ptx;
  /// The functions NVPTX numbers (definitions).
  unsigned definitions = 0;
  /// The globals and declarations, printed, with the number of functions
  /// (0, 1 or more) that use each internal one.
  std::string moduleLevel;
  int64_t isaMs = 0;
  bool ok = false;
};

/// The number of functions that use `value` (through constant expressions
/// too), counting no further than 2.
unsigned countUserFunctions(const llvm::Value &value) {
  llvm::SmallPtrSet<const llvm::Function *, 2> functions;
  llvm::SmallVector<const llvm::User *> worklist(value.users());
  llvm::SmallPtrSet<const llvm::User *, 8> seen;
  while (!worklist.empty() && functions.size() < 2) {
    const llvm::User *user = worklist.pop_back_val();
    if (!seen.insert(user).second)
      continue;
    if (auto *inst = llvm::dyn_cast<llvm::Instruction>(user))
      functions.insert(inst->getFunction());
    else
      worklist.append(user->user_begin(), user->user_end());
  }
  return functions.size();
}

void describeModuleLevel(llvm::Module &module, PartResult &result) {
  llvm::raw_string_ostream os(result.moduleLevel);
  for (llvm::GlobalVariable &global : module.globals()) {
    std::string printed;
    llvm::raw_string_ostream(printed) << global;
    // GlobalOpt marks a declaration local_unnamed_addr where no function of
    // the module compares its address: a part's mark says nothing about the
    // code of the others, and the PTX of a declaration does not show it.
    if (global.isDeclaration())
      if (size_t at = printed.find(" local_unnamed_addr");
          at != std::string::npos)
        printed.erase(at, strlen(" local_unnamed_addr"));
    os << printed;
    // NVPTX moves an internal shared global of one user into that function.
    if (global.hasLocalLinkage())
      os << " ; users " << countUserFunctions(global);
    os << "\n";
  }
  for (llvm::Function &func : module) {
    if (!func.isDeclaration()) {
      ++result.definitions;
      continue;
    }
    if (!func.isIntrinsic())
      os << "declare " << func.getName() << "\n";
  }
}

/// PTX that this pass cannot join: debug info, and names numbered across
/// the module other than labels and depots.
bool hasUnknownNumbering(StringRef ptx) {
  for (StringRef marker : {"\t.file", "\t.loc", ".section", "$L__tmp",
                           "$L__func", "prototype_", "$L_brx", "$L__unnamed"})
    if (ptx.contains(marker))
      return true;
  return false;
}

bool isPTXIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '%';
}

/// `ptx` with the function number of every `$L__BB<f>_` and
/// `__local_depot<f>` raised by `offset`.
std::string renumber(StringRef ptx, unsigned offset) {
  if (offset == 0)
    return ptx.str();
  std::string out;
  out.reserve(ptx.size() + ptx.size() / 64);
  size_t i = 0;
  while (i < ptx.size()) {
    size_t next = ptx.size();
    StringRef prefix;
    for (StringRef candidate : {"$L__BB", "__local_depot"}) {
      size_t at = ptx.find(candidate, i);
      while (at != StringRef::npos && at > 0 &&
             isPTXIdentifierChar(ptx[at - 1]))
        at = ptx.find(candidate, at + 1);
      if (at != StringRef::npos && at < next) {
        next = at;
        prefix = candidate;
      }
    }
    if (prefix.empty()) {
      out.append(ptx.substr(i).begin(), ptx.substr(i).end());
      break;
    }
    size_t digits = next + prefix.size();
    size_t end = digits;
    while (end < ptx.size() && llvm::isDigit(ptx[end]))
      ++end;
    out.append(ptx.begin() + i, ptx.begin() + digits);
    unsigned number = 0;
    if (end == digits ||
        ptx.substr(digits, end - digits).getAsInteger(10, number))
      out.append(ptx.begin() + digits, ptx.begin() + end);
    else
      out += std::to_string(number + offset);
    i = end;
  }
  return out;
}

struct ParallelPTXPass : public PassWrapper<ParallelPTXPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ParallelPTXPass)

  explicit ParallelPTXPass(int64_t minOps) : minOps(minOps) {}
  StringRef getArgument() const override { return "ll-parallel-ptx"; }
  StringRef getDescription() const override {
    return "Compile the kernels of large gpu.modules to PTX in parallel";
  }

  void runOnOperation() override {
    if (!getContext().isMultithreadingEnabled() ||
        getContext().getNumThreads() < 2)
      return;
    for (Region &region : getOperation()->getRegions())
      for (Block &block : region.getBlocks())
        for (auto module :
             llvm::make_early_inc_range(block.getOps<gpu::GPUModuleOp>()))
          if (failed(compileInParts(module)))
            return signalPassFailure();
  }

  /// The kernels of `module` in order, or nothing when the module holds
  /// anything else than kernels and globals.
  static std::optional<SmallVector<LLVM::LLVMFuncOp>>
  kernelsOf(gpu::GPUModuleOp module) {
    SmallVector<LLVM::LLVMFuncOp> kernels;
    for (Operation &op : module.getBody()->getOperations()) {
      auto symbol = dyn_cast<SymbolOpInterface>(op);
      if (!symbol || symbol.getName().contains('$') ||
          symbol.getName().starts_with("__local_depot"))
        return std::nullopt;
      if (isa<LLVM::GlobalOp>(op))
        continue;
      auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
      if (!func || func.isExternal() ||
          func.getLinkage() != LLVM::Linkage::External ||
          !func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
        return std::nullopt;
      kernels.push_back(func);
    }
    return kernels;
  }

  /// Contiguous parts of `kernels` of about equal size, each of which
  /// holds a user of every global that any kernel uses (LLVM marks a global
  /// no function of a module uses otherwise), two of an internal one; empty
  /// when there are none.
  static SmallVector<SmallVector<LLVM::LLVMFuncOp>>
  partition(gpu::GPUModuleOp module, ArrayRef<LLVM::LLVMFuncOp> kernels,
            ArrayRef<uint64_t> sizes, unsigned wanted) {
    llvm::StringMap<unsigned> needed;
    for (auto global : module.getOps<LLVM::GlobalOp>())
      needed[global.getSymName()] =
          global.getLinkage() == LLVM::Linkage::Internal ||
                  global.getLinkage() == LLVM::Linkage::Private
              ? 2
              : 1;
    SmallVector<llvm::StringSet<>> uses(kernels.size());
    for (auto [kernel, used] : llvm::zip(kernels, uses))
      LLVM::LLVMFuncOp(kernel).walk([&](LLVM::AddressOfOp addr) {
        if (needed.contains(addr.getGlobalName()))
          used.insert(addr.getGlobalName());
      });
    llvm::StringSet<> usedAnywhere;
    for (const llvm::StringSet<> &used : uses)
      for (const auto &name : used)
        usedAnywhere.insert(name.getKey());

    uint64_t total = 0;
    for (uint64_t size : sizes)
      total += size;
    for (unsigned count = wanted; count >= 2; --count) {
      SmallVector<SmallVector<LLVM::LLVMFuncOp>> parts(1);
      SmallVector<llvm::StringMap<unsigned>> users(1);
      uint64_t seen = 0;
      for (auto [i, kernel] : llvm::enumerate(kernels)) {
        // A new part starts where the sizes so far pass the next share.
        if (!parts.back().empty() && parts.size() < count &&
            seen * count >= total * parts.size()) {
          parts.emplace_back();
          users.emplace_back();
        }
        parts.back().push_back(kernel);
        for (const auto &name : uses[i])
          ++users.back()[name.getKey()];
        seen += sizes[i];
      }
      bool valid = parts.size() >= 2;
      for (const llvm::StringMap<unsigned> &partUsers : users)
        for (const auto &name : usedAnywhere)
          valid &=
              partUsers.lookup(name.getKey()) >= needed.lookup(name.getKey());
      if (valid)
        return parts;
    }
    return {};
  }

  LogicalResult compileInParts(gpu::GPUModuleOp module) {
    ArrayAttr targets = module.getTargetsAttr();
    if (!targets || targets.size() != 1)
      return success();
    auto target = dyn_cast<NVVM::NVVMTargetAttr>(targets[0]);
    auto targetInterface = dyn_cast<gpu::TargetAttrInterface>(targets[0]);
    if (!target || !targetInterface)
      return success();
    std::optional<SmallVector<LLVM::LLVMFuncOp>> kernels = kernelsOf(module);
    if (!kernels || kernels->size() < 4)
      return success();
    // The kernels' sizes (op counts), counted in parallel: the parts are
    // cut where the sizes so far pass each part's share.
    MLIRContext *ctx = &getContext();
    SmallVector<uint64_t> sizes(kernels->size(), 0);
    parallelFor(ctx, 0, kernels->size(), [&](size_t i) {
      (*kernels)[i].walk([&](Operation *) { ++sizes[i]; });
    });
    uint64_t total = 0;
    for (uint64_t size : sizes)
      total += size;
    if (total < uint64_t(std::max<int64_t>(minOps, 0)))
      return success();
    // Four parts per thread even out kernels of unequal cost (on the
    // 77-kernel module, 2.4 s against 2.55 s with two per thread, 2 threads).
    unsigned wanted =
        std::min<unsigned>(kernels->size() / 2, 4 * ctx->getNumThreads());
    SmallVector<SmallVector<LLVM::LLVMFuncOp>> parts =
        partition(module, *kernels, sizes, wanted);
    if (parts.empty()) {
      LLVM_DEBUG(llvm::dbgs() << "ll-parallel-ptx: @" << module.getName()
                              << ": no parts with users of each global\n");
      return success();
    }

    // What gpu-module-to-binary gives the serializer: the pass's defaults
    // and the symbol table of the op it runs on, built now (before the
    // parts exist), where upstream builds it on demand.
    std::optional<SymbolTable> table;
    if (Operation *tableOp = SymbolTable::getNearestSymbolTable(getOperation()))
      table.emplace(tableOp);
    auto getTable = [&]() -> SymbolTable * {
      return table ? &*table : nullptr;
    };
    gpu::TargetOptions options({}, {}, {}, {}, gpu::CompilationTarget::Assembly,
                               getTable);
    // The parts: the module's attributes and globals, and their kernels
    // (moved, and moved back if the module is compiled whole).
    Block *body = module.getBody();
    SmallVector<Operation *> order =
        llvm::map_to_vector(*body, [](Operation &op) { return &op; });
    OpBuilder builder(module);
    SmallVector<gpu::GPUModuleOp> partModules;
    Operation *parent = module->getParentOp();
    for (auto [index, part] : llvm::enumerate(parts)) {
      auto partModule = cast<gpu::GPUModuleOp>(module->cloneWithoutRegions());
      std::string name;
      unsigned suffix = index;
      do {
        name = (module.getName() + "_ll_part" + Twine(suffix++)).str();
      } while (SymbolTable::lookupSymbolIn(parent, name));
      partModule.setName(name);
      builder.insert(partModule);
      Block *partBody = &partModule.getBodyRegion().emplaceBlock();
      llvm::SmallPtrSet<Operation *, 16> inPart;
      for (LLVM::LLVMFuncOp kernel : part)
        inPart.insert(kernel);
      for (Operation *op : order) {
        if (isa<LLVM::GlobalOp>(op))
          partBody->push_back(op->clone());
        else if (inPart.contains(op))
          op->moveBefore(partBody, partBody->end());
      }
      partModules.push_back(partModule);
    }

    SmallVector<PartResult> results(parts.size());
    std::atomic<bool> diagnosed = false;
    {
      // A part that reports anything sends the module to the whole
      // compilation, which reports it as before.
      ScopedDiagnosticHandler quiet(ctx, [&](Diagnostic &) {
        diagnosed = true;
        return success();
      });
      // The serializer adds the embedded libdevice to the context's
      // resources the first time: do it here, not from several threads at
      // once (a toolkit path it rejects is reported, and sends the module to
      // the whole compilation too).
      {
        NVVM::SerializeGPUModuleBase warmUp(*module, target, options);
      }
      (void)failableParallelForEach(
          ctx, llvm::seq<size_t>(0, parts.size()), [&](size_t index) {
            PartResult &result = results[index];
            auto optimized = [&](llvm::Module &llvmModule) {
              describeModuleLevel(llvmModule, result);
            };
            gpu::TargetOptions partOptions({}, {}, {}, {},
                                           gpu::CompilationTarget::Assembly,
                                           getTable, {}, {}, optimized);
            gpu::GPUModuleOp partModule = partModules[index];
            std::optional<SmallVector<char, 0>> ptx =
                targetInterface.serializeToObject(partModule, partOptions);
            if (!ptx)
              return success();
            result.ptx.assign(ptx->begin(), ptx->end());
            if (auto ms = partModule->getAttrOfType<IntegerAttr>(
                    "LLVMIRToISATimeInMs"))
              result.isaMs = ms.getInt();
            result.ok = true;
            return success();
          });
    }
    std::optional<std::string> ptx;
    if (!diagnosed)
      ptx = join(parts, results);

    if (!ptx) {
      LLVM_DEBUG(llvm::dbgs()
                 << "ll-parallel-ptx: @" << module.getName()
                 << " compiled whole" << (diagnosed ? " (a part reported)" : "")
                 << "\n");
      for (Operation *op : order)
        op->moveBefore(body, body->end());
    }
    for (gpu::GPUModuleOp partModule : partModules)
      partModule->erase();
    if (!ptx)
      return success();
    LLVM_DEBUG(llvm::dbgs() << "ll-parallel-ptx: @" << module.getName()
                            << " compiled in " << parts.size() << " parts\n");

    // The gpu.binary that gpu-module-to-binary creates, with the object the
    // target creates (LLVMIRToISATimeInMs: the parts' total).
    int64_t isaMs = 0;
    for (const PartResult &result : results)
      isaMs += result.isaMs;
    module->setAttr("LLVMIRToISATimeInMs",
                    IntegerAttr::get(IntegerType::get(ctx, 64), isaMs));
    SmallVector<char, 0> bytes(ptx->begin(), ptx->end());
    Attribute object = targetInterface.createObject(module, bytes, options);
    if (!object)
      return module.emitError("An error happened while creating the object.");
    auto handler =
        dyn_cast_or_null<gpu::OffloadingLLVMTranslationAttrInterface>(
            module.getOffloadingHandlerAttr());
    builder.setInsertionPointAfter(module);
    gpu::BinaryOp::create(builder, module.getLoc(), module.getName(), handler,
                          builder.getArrayAttr({object}));
    module->erase();
    return success();
  }

  /// The PTX of the whole module from its parts' PTX, or nothing where the
  /// parts do not make it.
  static std::optional<std::string>
  join(ArrayRef<SmallVector<LLVM::LLVMFuncOp>> parts,
       ArrayRef<PartResult> results) {
    std::string joined;
    StringRef firstHead, firstDeclarations;
    unsigned functions = 0;
    for (auto [part, result] : llvm::zip(parts, results)) {
      if (!result.ok || result.definitions != part.size() ||
          result.moduleLevel != results.front().moduleLevel) {
        LLVM_DEBUG(llvm::dbgs()
                   << "ll-parallel-ptx: a part failed, or its globals, "
                      "declarations or functions differ:\n"
                   << result.moduleLevel << "first part:\n"
                   << results.front().moduleLevel);
        return std::nullopt;
      }
      StringRef ptx = result.ptx;
      if (hasUnknownNumbering(ptx) || !ptx.ends_with("}\n"))
        return std::nullopt;
      // NVPTX writes the module-level declarations after the first
      // function's `.globl` line.
      StringRef name = LLVM::LLVMFuncOp(part.front()).getSymName();
      std::string globl = ("\t// .globl\t" + name + "\n").str();
      std::string entry = ("\n.visible .entry " + name + "(").str();
      size_t globlAt = ptx.find(globl);
      if (globlAt == StringRef::npos)
        return std::nullopt;
      size_t entryAt = ptx.find(entry, globlAt + globl.size() - 1);
      if (entryAt == StringRef::npos)
        return std::nullopt;
      StringRef head = ptx.take_front(globlAt);
      StringRef declarations = ptx.slice(globlAt + globl.size(), entryAt + 1);
      if (joined.empty()) {
        firstHead = head;
        firstDeclarations = declarations;
        joined = ptx.str();
      } else {
        if (head != firstHead || declarations != firstDeclarations) {
          LLVM_DEBUG(llvm::dbgs() << "ll-parallel-ptx: the parts' PTX "
                                     "declarations differ\n");
          return std::nullopt;
        }
        joined += globl;
        joined += renumber(ptx.drop_front(entryAt + 1), functions);
      }
      functions += result.definitions;
    }
    return joined;
  }

  int64_t minOps;
};
} // namespace

std::unique_ptr<Pass> mlir::ll::createParallelPTXPass(int64_t minOps) {
  return std::make_unique<ParallelPTXPass>(minOps);
}
