//===- ll-opt.cpp - The linear-layout optimizer driver --------------------===//
//
// mlir-opt with the `ll` dialect and its passes registered next to the
// upstream dialects, passes and LLVM IR translations a GPU pipeline needs.
//
// A bytecode input is read once more before MlirOptMain, with the builtin
// tensor types built by getChecked: the builtin bytecode reader builds them
// with `get`, which asserts (after printing the error) when an encoding such
// as a `#ll.linear` with a misspelt dimension does not verify. The check
// turns that into the error alone (docs/hardening.md).
//
//===----------------------------------------------------------------------===//

#include "LinearLayout/Conversion/TritonImport.h"
#include "LinearLayout/Dialect/Triton/IR/TritonDialects.h"
#include "LinearLayout/InitAll.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <unistd.h>

using namespace mlir;

/// The builtin dialect's bytecode codes of the ranked tensor types
/// (mlir/IR/BuiltinDialectBytecode.td).
enum BuiltinTypeCode : uint64_t {
  kRankedTensorType = 13,
  kRankedTensorTypeWithEncoding = 14,
};

/// A bytecode type reader for the builtin ranked tensor types that verifies
/// them (getChecked) instead of asserting; every other type is left to its
/// dialect (success with a null `entry`).
static LogicalResult readCheckedTensorType(DialectBytecodeReader &reader,
                                           StringRef dialect, Type &entry) {
  if (dialect != "builtin")
    return success();
  uint64_t code;
  if (failed(reader.readVarInt(code)))
    return failure();
  if (code != kRankedTensorType && code != kRankedTensorTypeWithEncoding)
    return success();
  Attribute encoding;
  SmallVector<int64_t> shape;
  Type elementType;
  if ((code == kRankedTensorTypeWithEncoding &&
       failed(reader.readAttribute(encoding))) ||
      failed(reader.readSignedVarInts(shape)) ||
      failed(reader.readType(elementType)))
    return failure();
  entry = RankedTensorType::getChecked([&] { return reader.emitError(); },
                                       shape, elementType, encoding);
  return success(entry != nullptr);
}

/// Reads a bytecode input with the checked tensor reader (diagnostics
/// printed).
static LogicalResult readCheckedBytecode(const llvm::MemoryBuffer &input,
                                         DialectRegistry &registry) {
  MLIRContext context(registry);
  context.allowUnregisteredDialects();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(input.getBuffer(),
                                       input.getBufferIdentifier(),
                                       /*RequiresNullTerminator=*/false),
      SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  ParserConfig config(&context, /*verifyAfterParse=*/false);
  config.getBytecodeReaderConfig().attachTypeCallback(readCheckedTensorType);
  Block block;
  // A corrupted count in the bytecode makes upstream's reader ask for a
  // vector of 2^60 entries, which is a fatal error ("SmallVector unable to
  // grow") inside LLVM: while reading, a fatal or out-of-memory error is
  // reported as malformed input and the tool exits with status 1.
  static std::string inputName;
  inputName = input.getBufferIdentifier().str();
  auto malformed = [](void *, const char *reason, bool) {
    llvm::errs() << inputName << ": error: malformed bytecode (" << reason
                 << ")\n";
    llvm::errs().flush();
    std::_Exit(1);
  };
  llvm::ScopedFatalErrorHandler fatal(malformed);
  llvm::install_bad_alloc_error_handler(malformed);
  LogicalResult result = parseSourceFile(sourceMgr, &block, config);
  llvm::remove_bad_alloc_error_handler();
  return result;
}

static llvm::cl::opt<unsigned> bytecodeReadSecondsOption(
    "bytecode-read-seconds",
    llvm::cl::desc("CPU seconds that reading a bytecode input may take "
                   "before it is reported malformed (0: 10 plus 10 per MiB "
                   "of input)"),
    llvm::cl::init(0));

/// The CPU seconds the bytecode check may take on `input`: upstream's
/// reader never returns on some corrupted files (a type entry that refers
/// back into itself), and a well-formed file is read in well under a second
/// per MiB.
static rlim_t bytecodeReadSeconds(const llvm::MemoryBuffer &input) {
  if (bytecodeReadSecondsOption)
    return bytecodeReadSecondsOption;
  return 10 + 10 * rlim_t(input.getBufferSize() >> 20);
}

/// Reads a bytecode input once in a child process (success for any other
/// input): upstream's bytecode reader asserts or aborts on some corrupted
/// files (a FusedLoc entry that is not one, a count of 2^60), and loops on
/// others, which must neither crash nor hang the tool. The child's
/// diagnostics are passed on; a child that dies, or runs out of its CPU
/// time (bytecodeReadSeconds), makes the input "malformed bytecode". It
/// dies with the tool, so that a tool killed from outside leaves no reader
/// running.
static LogicalResult checkBytecodeInput(const llvm::MemoryBuffer &input,
                                        DialectRegistry &registry) {
  if (!isBytecode(input))
    return success();
  int pipeFds[2];
  if (pipe(pipeFds) != 0)
    return readCheckedBytecode(input, registry);
  llvm::errs().flush();
  pid_t child = fork();
  if (child < 0) {
    close(pipeFds[0]);
    close(pipeFds[1]);
    return readCheckedBytecode(input, registry);
  }
  if (child == 0) {
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    rlim_t seconds = bytecodeReadSeconds(input);
    struct rlimit cpu = {seconds, seconds + 1};
    setrlimit(RLIMIT_CPU, &cpu);
    close(pipeFds[0]);
    dup2(pipeFds[1], STDERR_FILENO);
    LogicalResult result = readCheckedBytecode(input, registry);
    llvm::errs().flush();
    std::_Exit(failed(result) ? 1 : 0);
  }
  close(pipeFds[1]);
  std::string diagnostics;
  char buffer[4096];
  ssize_t n;
  while ((n = read(pipeFds[0], buffer, sizeof(buffer))) != 0) {
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      break;
    diagnostics.append(buffer, size_t(n));
  }
  close(pipeFds[0]);
  int status = 0;
  struct rusage usage = {};
  while (wait4(child, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) <= 1) {
    llvm::errs() << diagnostics;
    return success(WEXITSTATUS(status) == 0);
  }
  // Killed at its CPU limit (SIGXCPU, then SIGKILL at the hard limit), not
  // by anything else that kills a process.
  rlim_t cpuSeconds = rlim_t(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec);
  if (WIFSIGNALED(status) &&
      (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL) &&
      cpuSeconds >= bytecodeReadSeconds(input)) {
    llvm::errs() << input.getBufferIdentifier()
                 << ": error: malformed bytecode: the bytecode reader did not "
                    "finish within "
                 << bytecodeReadSeconds(input) << " s of CPU time\n";
    return failure();
  }
  llvm::errs() << input.getBufferIdentifier()
               << ": error: malformed bytecode: the bytecode reader failed "
                  "on it\n";
  return failure();
}

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::ll::registerAllPasses();
  mlir::ll::registerTritonImportPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::ll::registerAllDialects(registry);
  // Triton 3.6 TTGIR is an input: `ll-opt kernel.ttgir` parses it.
  mlir::ll::registerTritonDialects(registry);
  // gpu-module-to-binary (the ll-to-ptx pipeline) translates to LLVM IR.
  mlir::registerAllGPUToLLVMIRTranslations(registry);

  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "linear-layout optimizer driver\n", registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  // What MlirOptMain(argc, argv, ...) does, with the bytecode check between
  // reading the input (stdin included) and processing it.
  llvm::InitLLVM init(argc, argv);
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  if (failed(checkBytecodeInput(*input, registry)))
    return 1;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  if (failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return 1;
  output->keep();
  return 0;
}
