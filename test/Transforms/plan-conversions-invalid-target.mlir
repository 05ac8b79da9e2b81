// RUN: ll-opt %s --verify-diagnostics --ll-plan-conversions="target=tpu"
// RUN: ll-opt %s --verify-diagnostics --ll-plan-conversions="target=sm_"

// An unknown target is reported once, on the module the pass runs on.
// expected-error-re @below {{ll-plan-conversions: target '{{(tpu|sm_)}}' is not known: expected 'sm_<N>' (NVIDIA) or 'gfx<N>' (AMD)}}
module {
}
