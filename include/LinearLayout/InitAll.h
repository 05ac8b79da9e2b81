//===- InitAll.h - Register every linear-layout dialect and pass -*- C++
//-*-===//
//
// One entry point for tools and for downstream compilers embedding the
// project: call both from main() next to the upstream registrations.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_INITALL_H
#define LINEARLAYOUT_INITALL_H

namespace mlir {
class DialectRegistry;
namespace ll {

/// Adds the `ll` dialect (and its external models) to `registry`.
void registerAllDialects(DialectRegistry &registry);
/// Registers every linear-layout pass and pipeline with the global registry.
void registerAllPasses();

} // namespace ll
} // namespace mlir

#endif // LINEARLAYOUT_INITALL_H
