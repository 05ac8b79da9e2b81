/*===- TritonImport.h - C API of the TTGIR import -----------------*- C -*-===*\
|*                                                                            *|
|* What `ll.from_ttgir` and `LinearLayout.from_mlir("#ttg...")` need from     *|
|* the TTGIR import (include/LinearLayout/Conversion/TritonImport.h), for     *|
|* the Python package's ctypes layer. Results come back as JSON text through  *|
|* a string callback; errors as diagnostics text ("file:line:col: error:      *|
|* message", one per line) through the same callback, with `false` returned.  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef LINEARLAYOUT_DIALECT_LL_CAPI_TRITONIMPORT_H
#define LINEARLAYOUT_DIALECT_LL_CAPI_TRITONIMPORT_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Parses `text` (a Triton 3.6 TTGIR module; `sourceName` names it in
/// locations) in `context`, with the `tt`/`ttg`/`ttng` dialects TTGIR import
/// reads added to it, and gives every `ttg.convert_layout` in program order
/// as a JSON array of {location, shape, element_bits, src, dst,
/// src_encoding, dst_encoding}, src/dst being {"bases": {in-dim: [[...]]},
/// "out_dims": [[name, size], ...]}.
MLIR_CAPI_EXPORTED bool llTTGIRConversions(MlirContext context,
                                           MlirStringRef text,
                                           MlirStringRef sourceName,
                                           MlirStringCallback callback,
                                           void *userData);

/// The linear layout of one `#ttg` encoding (`encodingText`, aliases not
/// allowed) for a tensor or buffer of `shape` (`rank` sizes), as JSON
/// {bases, out_dims}. `numWarps`/`threadsPerWarp` are the module's
/// `ttg.num-warps`/`ttg.threads-per-warp`; 0 takes them from the layout.
MLIR_CAPI_EXPORTED bool
llTTGEncodingLayout(MlirContext context, MlirStringRef encodingText,
                    const int64_t *shape, intptr_t rank, int64_t numWarps,
                    int64_t threadsPerWarp, MlirStringCallback callback,
                    void *userData);

#ifdef __cplusplus
}
#endif

#endif // LINEARLAYOUT_DIALECT_LL_CAPI_TRITONIMPORT_H
