// RUN: ll-opt %s --ll-plan-conversions=explain=true --verify-diagnostics

// `explain=true`: every conversion's remark is a diagnostic, whatever the
// remark options, with the planner's walk-through (ConversionPlan::explain(),
// Python's plan.explain()) attached as a note (without it, the standard remark
// options choose what is shown and how: plan-conversions-remarks.mlir,
// plan-conversions-statistics.mlir).

#a0 = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b0 = #ll.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], warp = [], block = []}>
#a1 = #ll.linear<{register = [[0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []}>
#b1 = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#a2 = #ll.linear<{register = [[0, 1], [0, 2], [1, 0]], lane = [[0, 4], [0, 8], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>
#b2 = #ll.linear<{register = [[1, 0], [0, 1], [0, 2]], lane = [[0, 4], [0, 8], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>
#a3 = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b3 = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>

func.func @seed_transpose_16x32_f32(%x: tensor<16x32xf32, #a0>) -> tensor<16x32xf32, #b0> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=seed_transpose_16x32_f32 | Reason=}}
  // expected-note @below {{Conversion plan: shared_memory (the conversion needs at least 'shuffle'), 32-bit elements, target sm_90}}
  %y = ll.convert_layout %x : tensor<16x32xf32, #a0> -> tensor<16x32xf32, #b0>
  return %y : tensor<16x32xf32, #b0>
}

func.func @intrawarp_4x8_to_8x4_32x32_fp32_w1(%x: tensor<32x32xf32, #a1>) -> tensor<32x32xf32, #b1> {
  // expected-remark @below {{[Analysis] shuffle | Category:ll-plan-conversions | Function=intrawarp_4x8_to_8x4_32x32_fp32_w1 | Reason=}}
  // expected-note @below {{32 round(s) x 1 shuffle(s) = 32 shuffles and 64 selects per thread}}
  %y = ll.convert_layout %x : tensor<32x32xf32, #a1> -> tensor<32x32xf32, #b1>
  return %y : tensor<32x32xf32, #b1>
}

func.func @register_permutation_64x16_fp32_w4(%x: tensor<64x16xf32, #a2>) -> tensor<64x16xf32, #b2> {
  // expected-remark @below {{[Analysis] registers | Category:ll-plan-conversions | Function=register_permutation_64x16_fp32_w4 | Reason=}}
  // expected-note @below {{Register moves (B's register <- A's register, every thread): r0 <- r0, r1 <- r4, r2 <- r1, r3 <- r5, r4 <- r2, r5 <- r6, r6 <- r3, r7 <- r7}}
  %y = ll.convert_layout %x : tensor<64x16xf32, #a2> -> tensor<64x16xf32, #b2>
  return %y : tensor<64x16xf32, #b2>
}

func.func @noop_16x32_f32(%x: tensor<16x32xf32, #a3>) -> tensor<16x32xf32, #b3> {
  // expected-remark @below {{[Analysis] noop | Category:ll-plan-conversions | Function=noop_16x32_f32 | Reason=}}
  // expected-note @below {{Conversion plan: noop (the conversion needs at least 'noop')}}
  %y = ll.convert_layout %x : tensor<16x32xf32, #a3> -> tensor<16x32xf32, #b3>
  return %y : tensor<16x32xf32, #b3>
}


// A 128-bit load whose lanes 0 read one vector with lanes 1 (lane 0 of B is
// zero): the quarter-warp phases pair into half-warps (docs/planning.md §3),
// the swizzle counts lane 3 among B's conflicting lanes, and each half-warp
// takes one wavefront.
#a4 = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 0]], warp = [[0, 0]], block = []}>
#b4 = #ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 0], [0, 8], [0, 16], [0, 32], [0, 4]], warp = [[0, 0]], block = []}>
func.func @paired_quarter_phases(%x: tensor<1x64xf32, #a4>) -> tensor<1x64xf32, #b4> {
  // expected-remark @below {{[Analysis] shared_memory | Category:ll-plan-conversions | Function=paired_quarter_phases | Reason=}}
  // expected-note-re @below {{The load's quarter-warp phases pair into half-warps: each group of four lanes of B reads at most two vectors (docs/planning.md §3){{.*}}B_thr (loading lanes) = {[0, 8], [0, 16], [0, 32]}{{.*}}Load:  4 wavefronts = 2 warp(s) x 1 instruction(s) x 2 phase(s) x 2^0}}
  %y = ll.convert_layout %x {ll.plan = #ll.plan<kind = shared_memory>} : tensor<1x64xf32, #a4> -> tensor<1x64xf32, #b4>
  return %y : tensor<1x64xf32, #b4>
}

// Loads for a broadcast store (docs/planning.md, "Loads for a broadcast
// store"): the remark says whether the rule applied, and why not.
#a5 = #ll.linear<{register = [[4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[0, 16], [2, 0]], block = []}>
#b5 = #ll.linear<{register = [[1, 0], [8, 0], [0, 16]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 0]], block = []}>
#a6 = #ll.linear<{register = [[0, 8], [0, 16]], lane = [[0, 1], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [[0, 2], [0, 4]], block = []}>
#b6 = #ll.linear<{register = [[1, 0], [2, 0], [4, 0], [0, 4], [0, 8], [0, 16]], lane = [[8, 0], [0, 0], [0, 0], [0, 0], [0, 1]], warp = [[0, 0], [0, 2]], block = []}>
func.func @owner_loads_applied(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xbf16, #a5>
  // expected-remark-re @below {{Reason="C moves data between warps: only shared memory reaches another warp; owner loads: the result's one use is the ll.store_tile after it, which the warps repeating over warp bits 0x2 leave to one of them, so each warp loads only what it stores: 8 load wavefronts (16 with every warp loading)"{{.*}}}}
  // expected-note @below {{Conversion plan: shared_memory}}
  %y = ll.convert_layout %x : tensor<16x32xbf16, #a5> -> tensor<16x32xbf16, #b5>
  ll.store_tile %y, %q : tensor<16x32xbf16, #b5>, !llvm.ptr<1>
  return
}

func.func @owner_loads_not_applied(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x32xf16, #a6>
  // expected-remark-re @below {{owner loads not applied: the ll.store_tile after it shares its instructions out over the warps repeating over warp bits 0x1 (warp bit 0 with register bit 2), and the loads' wavefronts would only fall to 1/2 (owner_loads = true asks for it; about 32 registers per thread live into the store, within the 224)"{{.*}}}}
  // expected-note @below {{Conversion plan: shared_memory}}
  %y = ll.convert_layout %x : tensor<16x32xf16, #a6> -> tensor<16x32xf16, #b6>
  ll.store_tile %y, %q : tensor<16x32xf16, #b6>, !llvm.ptr<1>
  return
}

// Repeated over warp bits 1 and 2 on 8 warps. The store's 16 stores a thread
// split once (each share keeps 8), warp bit 2 with register bit 1, and the
// 128-bit scratch loads span every register bit that moves the tile, so
// that pair halves no warp's loads; only the idle warp bit 1 would
// (held-out-6 conversion #004). The remark names each pair and marks the
// one a load spans.
#a11 = #ll.linear<{register = [[1, 0], [2, 0], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[4, 0], [8, 0], [0, 0], [0, 1], [0, 2]], warp = [[0, 0], [0, 0], [0, 0]], block = []}>
#b11 = #ll.linear<{register = [[1, 0], [2, 0], [0, 0], [0, 16], [0, 32]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 0], [0, 0]], block = []}>
func.func @owner_loads_pair_inside_a_load(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x64xi8, #a11>
  // expected-remark-re @below {{owner loads not applied: the ll.store_tile after it shares its instructions out over the warps repeating over warp bits 0x6 (warp bit 2 with register bit 1, inside a load instruction), and the loads' wavefronts would only fall to 1/2{{.*}}}}
  // expected-note @below {{Conversion plan: shared_memory}}
  %y = ll.convert_layout %x : tensor<16x64xi8, #a11> -> tensor<16x64xi8, #b11>
  ll.store_tile %y, %q : tensor<16x64xi8, #b11>, !llvm.ptr<1>
  return
}

// Left to warps 0 and 2, and within them to lanes 0-3 (lane bits 2-4 are
// zero): each 128-bit load of four lanes is one wavefront (held-out-4
// conversion #047).
#a9 = #ll.linear<{register = [[4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [[0, 8], [0, 0]], block = []}>
#b9 = #ll.linear<{register = [[0, 1], [0, 2], [2, 0], [4, 0], [8, 0]], lane = [[0, 4], [0, 8], [0, 0], [0, 0], [0, 0]], warp = [[0, 0], [1, 0]], block = []}>
func.func @owner_loads_idle_lanes(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<16x16xf32, #a9>
  // expected-remark-re @below {{so each warp loads only what it stores, and of those warps the lanes repeating over lane bits 0x1C load nothing: 16 load wavefronts (128 with every warp loading)"{{.*}}}}
  // expected-note @below {{Conversion plan: shared_memory}}
  %y = ll.convert_layout %x : tensor<16x16xf32, #a9> -> tensor<16x16xf32, #b9>
  ll.store_tile %y, %q : tensor<16x16xf32, #b9>, !llvm.ptr<1>
  return
}

// Repeated over three warp bits: the store idles one and shares out over
// the other two, each paired with a register bit that no 128-bit load
// spans, so the loads' wavefronts fall to an eighth and the loads are fused
// with the store's shares (held-out-3 conversion #030, docs/planning.md
// "Shares the loads can follow"; with one pair inside a load vector, they
// fell to a quarter).
#a8 = #ll.linear<{register = [[0, 1], [0, 16], [0, 32], [32, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [8, 0], [16, 0]], block = []}>
#b8 = #ll.linear<{register = [[0, 1], [0, 2], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [1, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}>
func.func @owner_loads_fused_an_eighth(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<64x64xf32, #a8>
  // expected-remark-re @below {{owner loads: the result's one use is the ll.store_tile after it, which the warps repeating over warp bits 0x7 share out (warp bit 2 with register bit 5, warp bit 1 with register bit 4), so each warp loads only what it stores: 128 load wavefronts (1024 with every warp loading); fused with the store's shares because the loads' wavefronts then fall to 1/8"{{.*}}}}
  // expected-note @below {{Conversion plan: shared_memory}}
  %y = ll.convert_layout %x : tensor<64x64xf32, #a8> -> tensor<64x64xf32, #b8>
  ll.store_tile %y, %q : tensor<64x64xf32, #b8>, !llvm.ptr<1>
  return
}

// Shared out over two repeated warp bits (8 warps, 128x128 int8 into rows of
// 128 bytes). The store's outermost register bits (rows 32 and 64 apart)
// both lie inside the 128-bit loads (rows 16, 32, 64 apart and two
// columns): paired with them, every warp would load all 512 wavefronts. The
// store pairs rows 4 and 8 apart instead, which no load spans, so each warp
// loads a quarter (held-out-10 conversion #043).
#a10 = #ll.linear<{register = [[1, 0], [16, 0], [32, 0], [64, 0], [0, 32], [0, 64]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[8, 0], [0, 8], [0, 16]], block = []}>
#b10 = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[0, 8], [0, 16], [0, 32], [0, 64], [1, 0]], warp = [[0, 0], [0, 0], [2, 0]], block = []}>
func.func @owner_loads_shares_the_loads_follow(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<128x128xi8, #a10>
  // expected-remark-re @below {{owner loads: the result's one use is the ll.store_tile after it, which the warps repeating over warp bits 0x3 share out (warp bit 1 with register bit 4, warp bit 0 with register bit 3), so each warp loads only what it stores: 128 load wavefronts (512 with every warp loading); fused with the store's shares because the loads' wavefronts then fall to 1/4"{{.*}}}}
  // expected-note @below {{Conversion plan: shared_memory}}
  %y = ll.convert_layout %x : tensor<128x128xi8, #a10> -> tensor<128x128xi8, #b10>
  ll.store_tile %y, %q : tensor<128x128xi8, #b10>, !llvm.ptr<1>
  return
}

// Shared out, but every warp loading would keep the whole result live into
// the store's branches: 1,024 fp16 registers per thread (each element held by
// four threads), far above the register budget. The loads are fused with the
// store's shares (held-out conversion #009, docs/planning.md).
#a7 = #ll.linear<{register = [[0, 4], [0, 8], [0, 16], [0, 32], [16, 0], [32, 0], [64, 0], [128, 0]], lane = [[0, 1], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [[0, 2]], block = []}>
#b7 = #ll.linear<{register = [[0, 1], [0, 2], [0, 4], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], lane = [[0, 8], [0, 16], [0, 32], [0, 0], [1, 0]], warp = [[0, 0]], block = []}>
func.func @owner_loads_fused_above_register_budget(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) {
  %x = ll.load_tile %p : !llvm.ptr<1> -> tensor<256x64xf16, #a7>
  // expected-remark-re @below {{owner loads: the result's one use is the ll.store_tile after it, which the warps repeating over warp bits 0x1 share out (warp bit 0 with register bit 9), so each warp loads only what it stores: 512 load wavefronts (1024 with every warp loading); fused with the store's shares because every warp loading would keep about 512 registers per thread live into the store, more than the 224 a thread can hold without spilling"{{.*}}}}
  // expected-note @below {{Conversion plan: shared_memory}}
  %y = ll.convert_layout %x : tensor<256x64xf16, #a7> -> tensor<256x64xf16, #b7>
  ll.store_tile %y, %q : tensor<256x64xf16, #b7>, !llvm.ptr<1>
  return
}
