//===- TTAsyncToken.td - `!ttg.async.token` as an operand --*- tablegen -*-===//
//
// The async token type as the `ttg`/`ttng` op definitions use it: matched by
// its textual form and built from it where the syntax leaves it out, so
// these ops do not depend on how the `ttg` types are defined.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_DIALECT_TRITON_IR_TTASYNCTOKEN_TD
#define LINEARLAYOUT_DIALECT_TRITON_IR_TTASYNCTOKEN_TD

include "mlir/IR/OpBase.td"

/// `!ttg.async.token`, the type the syntax of the async ops leaves out.
def TTG_AnyAsyncToken : Type<CPred<"::mlir::ll::ttg::isAsyncTokenType($_self)">,
                             "async token"> {
  let builderCall = "::mlir::ll::ttg::getAsyncTokenType($_builder.getContext())";
}

#endif // LINEARLAYOUT_DIALECT_TRITON_IR_TTASYNCTOKEN_TD
