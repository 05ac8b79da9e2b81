// Ops of tt/ttg/ttng/amdg this project does not define pass through in generic
// form; in custom form they are a located error naming the op.
// RUN: ll-opt %s --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: tt.func @generic
// CHECK: "tt.some_future_op"(%{{.*}}) {tag = 1 : i32} : (i32) -> ()
// CHECK: "ttg.some_future_op"() : () -> ()
// CHECK: "ttng.some_future_op"() : () -> i1
// CHECK: "amdg.some_future_op"() : () -> ()
tt.func @generic(%x: i32) {
  "tt.some_future_op"(%x) {tag = 1 : i32} : (i32) -> ()
  "ttg.some_future_op"() : () -> ()
  %b = "ttng.some_future_op"() : () -> i1
  "amdg.some_future_op"() : () -> ()
  tt.return
}

// -----

tt.func @custom_tt(%x: i32) {
  // expected-error @+1 {{custom op 'tt.some_future_op' has no custom syntax here; it is accepted in generic form ("tt.some_future_op"(...) : ...)}}
  tt.some_future_op %x : i32
  tt.return
}

// -----

tt.func @custom_ttng() {
  // expected-error @+1 {{custom op 'ttng.some_future_op' has no custom syntax here}}
  ttng.some_future_op
  tt.return
}

// -----

// An op defined here whose Triton syntax is generic (no custom form).
tt.func @custom_mask(%p: i1) {
  // expected-error @+1 {{custom op 'ttg.mask' has no custom syntax here; it is accepted in generic form}}
  ttg.mask %p {
  }
  tt.return
}

// -----

tt.func @custom_ttg() {
  // expected-error @+1 {{custom op 'ttg.some_future_op' has no custom syntax here}}
  ttg.some_future_op
  tt.return
}

// -----

tt.func @custom_amdg() {
  // expected-error @+1 {{custom op 'amdg.some_future_op' has no custom syntax here}}
  amdg.some_future_op
  tt.return
}
