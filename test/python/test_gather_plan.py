"""The gather planner's choice (docs/gather.md, "Cost model" and
"Registers"): the live-register estimate counted here from the layouts'
sizes, independently of the planner, and the rule that sends a shuffle
gather above the register budget through shared memory."""

from __future__ import annotations

import linear_layout as ll
import pytest
from linear_layout.ttgir import layout_from_ttg

# Triton 3.6's own gather layout for tl.gather of a 64x64 tile along axis 0
# on 2 warps (bench/gather.py harvests it): each thread holds 2 rows x 32
# columns of the source and of the indices.
GATHER_64x64_W2 = (
    "#ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = "
    "[32, 1], warpsPerCTA = [1, 2], order = [0, 1]}>"
)
BUDGET = 224


def _plan(bits, kind=None, shape=(64, 64)):
    layout = layout_from_ttg(GATHER_64x64_W2, list(shape))
    return ll.plan_gather(layout, layout, 0, bits, kind=kind)


def _elements_per_thread(shape, threads=64):
    return shape[0] * shape[1] // threads


def _tile_64x64(bits):
    """Elements and 32-bit words per thread of the 64x64 tile in Triton's
    layout, and the layout."""
    n = _elements_per_thread((64, 64))
    return n, max(1, n * bits // 32), layout_from_ttg(GATHER_64x64_W2, [64, 64])


@pytest.mark.parametrize("bits", [8, 16, 32, 64])
def test_live_registers_counted_from_sizes(bits):
    shape = (64, 64)
    n = _elements_per_thread(shape)
    words = max(1, n * bits // 32)
    plan = _plan(bits)
    # Shared memory: indices (32-bit), one address per index register, the
    # results. Shuffles: the whole source, the results, one lane per index
    # register, and which of a thread's two rows the index names: the
    # indices, which a register select reads (32 and 64 bits: more than one
    # shuffle per element), or one slot per index register, that picks the
    # row out of the word of two or four narrow elements a shuffle brings.
    assert plan.shared_live_registers == n + n + words
    assert plan.shuffles_per_register == (1 if bits < 32 else 2 * (bits // 32))
    assert plan.shuffle_live_registers == words + words + n + n


@pytest.mark.parametrize("bits", [16, 32])
def test_results_consumed_one_by_one_leave_the_shuffle_estimate(bits):
    _, words, layout = _tile_64x64(bits)
    held = ll.plan_gather(layout, layout, 0, bits)
    handed_on = ll.plan_gather(
        layout, layout, 0, bits, results_consumed_one_by_one=True
    )
    assert handed_on.results_consumed_one_by_one
    assert handed_on.shuffle_live_registers == held.shuffle_live_registers - words
    # The shared-memory gather's loads are issued together: it keeps them.
    assert handed_on.shared_live_registers == held.shared_live_registers
    assert "elementwise user" in handed_on.explain()
    with pytest.raises(TypeError, match="results_consumed_one_by_one"):
        ll.plan_gather(layout, layout, 0, bits, results_consumed_one_by_one=1)


def test_above_the_budget_equal_estimates_take_shared_memory():
    # Triton's 64x64 fp32 layout on 2 warps in a loop (indices and an
    # accumulator of 64 registers live across, results to the add): 256
    # registers either way, above the budget; shared memory frees the
    # source at its store, the shuffles spilled (docs/gather.md).
    layout = layout_from_ttg(GATHER_64x64_W2, [64, 64])
    plan = ll.plan_gather(
        layout,
        layout,
        0,
        32,
        other_live_registers=64,
        results_consumed_one_by_one=True,
    )
    assert plan.shuffle_live_registers == plan.shared_live_registers == 256
    assert plan.kind == "shared_memory"


@pytest.mark.parametrize("bits", [8, 16, 32, 64])
def test_indices_that_die_in_the_gather_are_not_counted(bits):
    _, words, layout = _tile_64x64(bits)
    plan = ll.plan_gather(layout, layout, 0, bits, indices_live_after=False)
    assert not plan.indices_live_after
    # The gather consumes its index registers one by one: the results, and
    # for the shuffles the source.
    assert plan.shared_live_registers == words
    assert plan.shuffle_live_registers == words + words
    assert "the indices die in the gather" in plan.explain()
    # 64x64 fp32 on 2 warps: within the budget, the cost rule picks shuffles.
    if bits == 32:
        assert plan.kind == "shuffle"


def test_other_live_registers_add_to_both_estimates():
    layout = layout_from_ttg(GATHER_64x64_W2, [64, 64])
    alone = ll.plan_gather(layout, layout, 0, 32, indices_live_after=False)
    plan = ll.plan_gather(
        layout, layout, 0, 32, indices_live_after=False, other_live_registers=128
    )
    assert plan.other_live_registers == 128
    assert plan.shared_live_registers == alone.shared_live_registers + 128
    assert plan.shuffle_live_registers == alone.shuffle_live_registers + 128
    # 64 + 64 + 128 > 224: the shuffles would spill.
    assert alone.kind == "shuffle" and plan.kind == "shared_memory"
    assert "other tensors" in plan.reason
    with pytest.raises(ValueError, match="other_live_registers"):
        ll.plan_gather(layout, layout, 0, 32, other_live_registers=-1)
    with pytest.raises(TypeError, match="other_live_registers"):
        ll.plan_gather(layout, layout, 0, 32, other_live_registers=1.5)


# Liveness facts that move the shared-memory estimate alone (the shuffles'
# is the same either way): loop-invariant indices that only the gather uses
# (the compiler makes their shared-memory addresses once, before the loop,
# and the loads need nothing else of them; the shuffles' lanes are made once
# too, and their register select still reads the index bits): minus the
# indices; a source used after the gather (a loop carrying it), which shared
# memory then holds past its store as the shuffles do: plus the source.
LIVENESS_OPTIONS = [
    (
        "indices_live_only_across_loop",
        lambda n, words: -n,
        "their addresses, made once",
    ),
    ("source_live_after", lambda n, words: words, "the source stays live after it"),
]


@pytest.mark.parametrize("bits", [8, 16, 32, 64])
@pytest.mark.parametrize("option, change, says", LIVENESS_OPTIONS)
def test_liveness_options_move_the_shared_memory_estimate(bits, option, change, says):
    n, words, layout = _tile_64x64(bits)
    plain = ll.plan_gather(layout, layout, 0, bits)
    plan = ll.plan_gather(layout, layout, 0, bits, **{option: True})
    assert getattr(plan, option) and not getattr(plain, option)
    assert plan.shared_live_registers == plain.shared_live_registers + change(n, words)
    assert plan.shuffle_live_registers == plain.shuffle_live_registers
    assert says in plan.explain()
    with pytest.raises(TypeError, match=option):
        ll.plan_gather(layout, layout, 0, bits, **{option: 1})


def test_indices_that_die_have_no_addresses_to_keep():
    _, words, layout = _tile_64x64(32)
    plan = ll.plan_gather(
        layout,
        layout,
        0,
        32,
        indices_live_after=False,
        indices_live_only_across_loop=True,
    )
    assert not plan.indices_live_only_across_loop
    assert plan.shared_live_registers == words


def test_indices_live_after_must_be_a_bool():
    layout = layout_from_ttg(GATHER_64x64_W2, [64, 64])
    with pytest.raises(TypeError, match="indices_live_after"):
        ll.plan_gather(layout, layout, 0, 32, indices_live_after=1)


def test_shuffles_over_the_register_budget_go_through_shared_memory():
    plan = _plan(32)
    assert plan.warp_local
    assert plan.shuffle_live_registers > BUDGET
    # The issue-cycle costs alone would pick the shuffles.
    assert plan.shuffle_cost < plan.shared_cost
    assert plan.kind == "shared_memory"
    assert "registers per thread" in plan.reason
    assert "5. live registers per thread" in plan.explain()


def test_shuffles_within_the_budget_keep_the_cost_rule():
    plan = _plan(16)
    assert plan.shuffle_live_registers <= BUDGET
    assert plan.kind == "shuffle"


def test_a_requested_shuffle_gather_is_obeyed_above_the_budget():
    plan = _plan(32, kind="shuffle")
    assert plan.kind == "shuffle"
    assert plan.reason == "requested: shuffle"


def test_huge_tiles_do_not_overflow_the_estimate():
    plan = _plan(64, shape=(64, 1 << 20))
    assert plan.kind == "shared_memory"
    assert 0 < plan.shared_live_registers < plan.shuffle_live_registers


_TINY = {
    "register": [[0, 1]],
    "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
    "warp": [],
}


@pytest.mark.parametrize(
    "build",
    [
        lambda K, L: K.gather_loop(L, L, [8, 8], [8, 8], 1, None),
        lambda K, L: K.gather(L, L, [8, 8], [8, 8], 1, ["fp32"]),
        lambda K, L: K.conv(L, L, [8, 8], "fp32", name=5),
        lambda K, L: K.gather(L, L, [8, 8], [8, 8], 1, "fp32", name=None),
        lambda K, L: K.gather_loop(L, L, [8, 8], [8, 8], 1, "fp32", name=b"k"),
    ],
)
def test_kernel_builders_reject_non_string_names_and_dtypes(build):
    """A dtype or kernel name of the wrong type is a TypeError naming the
    argument, not an AttributeError from inside the builder."""
    from linear_layout import kernels

    layout = ll.LinearLayout(_TINY, {"dim0": 8, "dim1": 8})
    with pytest.raises(TypeError, match=r"^(dtype|name): expected a str"):
        build(kernels, layout)


def test_the_planner_stores_the_whole_source_in_one_round():
    """plan_gather picks its own memory layout, which has no round bits:
    rounds come with a memory layout laid out for them (the fold's,
    docs/gather.md "Rounds"), and shared_bytes is then one round's share."""
    plan = _plan(32, kind="shared_memory")
    assert plan.rounds == 1
    assert plan.shared_bytes == 64 * 64 * 4


def test_packed_slots_send_a_narrow_loop_over_the_budget_to_shared_memory():
    # A held-out gather (bench/results/h200_gather_heldout.json, h23):
    # 128x64 fp16 on 1 warp, Triton's layout (2 columns a thread), gathered
    # along its 64 columns by 128x32 indices inside a loop that carries the
    # source and accumulates the results. A shuffle brings the word of a
    # thread's two columns; the slot of each index register picks one, and
    # the loop makes the slots once, beside the lanes. Counted, the
    # shuffles keep more than shared memory (both above the budget), and
    # shared memory it is: measured on the H200, 1.402 ms there against
    # 1.811 ms through shuffles (docs/gather.md, "What the shuffles hold").
    blocked = (
        "#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], "
        "warpsPerCTA = [1, 1], order = [1, 0]}>"
    )
    src = layout_from_ttg(blocked, [128, 64])
    index = layout_from_ttg(blocked, [128, 32])
    # Index registers per thread, all distinct: 32 columns take 16 lanes,
    # and the other 16 hold the same indices.
    n = 2 * 128 * 32 // 32
    plan = ll.plan_gather(
        src,
        index,
        1,
        16,
        indices_live_only_across_loop=True,
        source_live_after=True,
        results_consumed_one_by_one=True,
        other_live_registers=n // 2,
    )
    assert plan.shuffles_per_register == 1
    source_words = 128 * 64 // 32 // 2
    # Shuffles: the source, the accumulator, a lane and a slot per index
    # register; shared memory: the results, the accumulator, an address per
    # index register and the source.
    assert plan.shuffle_live_registers == source_words + n // 2 + n + n
    assert plan.shared_live_registers == n // 2 + n // 2 + n + source_words
    assert plan.kind == "shared_memory"
