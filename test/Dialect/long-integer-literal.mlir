// A basis value written with 10^6 digits is refused at once, before
// upstream's parser converts it (issue 21: a 20 MB literal hung).
// RUN: %python -c "print('func.func @f() attributes {l = #ll.linear<{register = [[' + '1' * 1000000 + ']]}>} { return }')" \
// RUN:   | not ll-opt 2>&1 | FileCheck %s

// CHECK: error: integer literal longer than 32 characters
