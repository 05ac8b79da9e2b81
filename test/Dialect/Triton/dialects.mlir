// RUN: ll-opt --show-dialects | FileCheck %s

// CHECK: Available Dialects:
// CHECK-SAME: amdg,
// CHECK-SAME: tt
// CHECK-SAME: ttg
// CHECK-SAME: ttng
