// RUN: ll-opt %s --verify-diagnostics --ll-plan-conversions="target=tpu"
// RUN: ll-opt %s --verify-diagnostics --ll-plan-conversions="target=sm_"

// An unknown target is reported once, on the module the pass runs on.
// expected-error-re @below {{ll-plan-conversions: target '{{(tpu|sm_)}}' is not known: expected 'sm_<N>' or 'sm_<N>a' (NVIDIA), 'gfx9<XX>' or 'gfx1<0-2><XX>' (AMD, e.g. gfx942, gfx950, gfx1100)}}
module {
}
