// RUN: not ll-opt %s --ll-optimize-register-order=target=sm_x 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not ll-opt %s --ll-optimize-register-order=wave-size=48 2>&1 | FileCheck %s --check-prefix=WAVE

// TARGET: error: ll-optimize-register-order:
// WAVE: error: ll-optimize-register-order: wave-size must be 64, 32 or 0 (the chip's default), got 48
module {
}
