"""Pictures of one shared-memory access: which lane hits which bank in each
wavefront of an instruction.

The count is the project's bank model (:func:`linear_layout.planning.
wavefront_count`, docs/planning.md §3). The picture shows one instance of it:
the first instruction of warp 0, each lane's words found by evaluating the
layouts, grouped into phases and wavefronts by the model's rules. The
per-phase figure of the instance must equal the model's (Lemma 9.4 makes
every phase, instruction and warp cost the same); :func:`access_schedule`
raises if they ever disagree rather than draw something the planner does not
believe.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from linear_layout._core import LinearLayout
from linear_layout.pictures._svg import CONFLICT, EMPTY, Svg, bank_colour


@dataclass
class Wavefront:
    phase: int
    index: int  # within the phase
    slots: dict = field(default_factory=dict)  # bank -> (word, [lanes])

    def conflicts(self) -> int:
        """Bank slots of this wavefront that replay a conflicting bank."""
        return len(self.slots) if self.index > 0 else 0


@dataclass
class AccessSchedule:
    access: str
    element_bits: int
    vector_bits: int
    target: str
    banks: int
    count: object  # planning.WavefrontCount: the model's figures
    lane_words: dict  # lane -> [words] (active lanes of instruction 0, warp 0)
    wavefronts: list  # [Wavefront] of instruction 0 of warp 0

    @property
    def conflicts(self) -> int:
        """Replayed bank slots in one instruction (the red cells)."""
        return sum(w.conflicts() for w in self.wavefronts)

    @property
    def per_instruction(self) -> int:
        return len(self.wavefronts)


def access_schedule(
    memory: LinearLayout,
    distributed: LinearLayout,
    element_bits: int,
    vector_bits: int | None = None,
    target: str = "sm_90",
    access: str = "load",
) -> AccessSchedule:
    from linear_layout.planning import wavefront_count
    from linear_layout.target import gpu_target

    if access not in ("load", "store"):
        raise ValueError(f"access must be 'load' or 'store', not {access!r}")
    count = wavefront_count(
        memory, distributed, element_bits, vector_bits, target, access=access
    )
    vector_bits = count.vector_bits
    tgt = gpu_target(target)
    banks = tgt.shared_banks
    warp_bits = tgt.lanes_per_warp.bit_length() - 1
    vec_bytes = vector_bits // 8
    vec_elems = vector_bits // element_bits
    ebytes = element_bits // 8
    phase_bits = max(
        0,
        warp_bits
        + vec_bytes.bit_length()
        - 1
        - ((banks * tgt.bank_bytes).bit_length() - 1),
    )
    if count.paired_phases:
        phase_bits -= 1  # half-warp phases (docs/planning.md §3)
    ins = distributed.in_dims
    lanes = ins.get("lane", 1)
    free = distributed.free_variable_masks().get("lane", 0) if access == "store" else 0
    values = {"lane": np.arange(lanes)}
    for d in ("register", "warp", "block"):
        if d in ins:
            values[d] = np.zeros(lanes, dtype=np.int64)
    elements = distributed.apply(values)
    inverse = memory.invert() if memory.is_invertible() else memory.pseudoinvert()
    offsets = inverse.apply(
        {
            d: np.array(np.broadcast_to(elements[d], (lanes,)), dtype=np.int64)
            for d in memory.out_dims
        }
    )
    offsets = np.broadcast_to(offsets["offset"], (lanes,))
    lane_words = {}
    per_phase: dict = {}
    for lane in range(lanes):
        if lane & free:
            continue  # predicated off: another lane stores the same element
        start = (int(offsets[lane]) // vec_elems) * vec_elems * ebytes
        words = list(range(start // 4, (start + vec_bytes - 1) // 4 + 1))
        lane_words[lane] = words
        phase = lane >> (warp_bits - phase_bits) if phase_bits else 0
        bank_words = per_phase.setdefault(phase, {})
        for w in words:
            bank_words.setdefault(w % banks, {}).setdefault(w, []).append(lane)
    wavefronts = []
    expect = 1 << count.conflict_dim
    if len(per_phase) != count.phases:
        raise RuntimeError(
            f"access picture: {len(per_phase)} active phases, the bank "
            f"model counts {count.phases}"
        )
    for phase in sorted(per_phase):
        bank_words = per_phase[phase]
        depth = max(len(ws) for ws in bank_words.values())
        if depth != expect:
            raise RuntimeError(
                f"access picture: phase {phase} takes {depth} wavefronts, "
                f"the bank model says {expect}"
            )
        for k in range(depth):
            wf = Wavefront(phase, k)
            for bank, ws in bank_words.items():
                items = list(ws.items())
                if k < len(items):
                    wf.slots[bank] = (items[k][0], items[k][1])
            wavefronts.append(wf)
    return AccessSchedule(
        access, element_bits, vector_bits, target, banks, count, lane_words, wavefronts
    )


def _lanes_label(lanes: list) -> str:
    if len(lanes) == 1:
        return f"t{lanes[0]}"
    if len(lanes) == 2:
        return f"{lanes[0]},{lanes[1]}"
    return f"t{lanes[0]}+{len(lanes) - 1}"


BANK_W, ROW_H = 30, 20


def schedule_svg(s: AccessSchedule, *, title=None, max_rows=64) -> str:
    from linear_layout.pictures._layouts import _check_count, _check_title

    _check_count("max_rows", max_rows)
    _check_title(title)
    c = s.count
    svg = Svg()
    verb = "store to" if s.access == "store" else "load from"
    svg.text(
        4,
        14,
        title
        or f"{s.access}: {s.vector_bits}-bit accesses, "
        f"{s.element_bits}-bit elements, {s.banks} banks ({s.target})",
        cls="h",
    )
    svg.text(
        4,
        30,
        f"one instruction ({verb} shared memory, warp 0): {c.phases} phase(s) × "
        f"{1 << c.conflict_dim} wavefront(s) = {s.per_instruction}",
        cls="n",
    )
    svg.text(
        4,
        44,
        f"whole tile (bank model): {c.instructions_per_warp} instruction(s) × "
        f"{c.active_warps} warp(s) × {s.per_instruction} = {c.wavefronts} wavefronts; "
        f"{s.conflicts} replayed bank slot(s) per instruction (red)",
        cls="n",
        data={"wavefronts": c.wavefronts, "conflicts": s.conflicts},
    )
    x0, y = 96, 62
    for b in range(s.banks):
        svg.text(x0 + b * BANK_W + BANK_W / 2, y, f"b{b}", cls="ax", anchor="middle")
    y += 8
    phase = None
    for n, wf in enumerate(s.wavefronts):
        if n >= max_rows:
            svg.text(4, y + 10, f"… {len(s.wavefronts) - n} more wavefronts", cls="n")
            y += 20
            break
        if wf.phase != phase:
            if phase is not None:
                y += 6
            phase = wf.phase
        label = (
            f"p{wf.phase} wf{wf.index + 1}" if c.phases > 1 else f"wf {wf.index + 1}"
        )
        svg.text(x0 - 6, y + ROW_H / 2, label, cls="ax", anchor="end")
        for b in range(s.banks):
            xx = x0 + b * BANK_W
            slot = wf.slots.get(b)
            if slot is None:
                svg.rect(xx, y, BANK_W - 1, ROW_H - 1, EMPTY)
                continue
            word, lanes = slot
            fill = CONFLICT if wf.index > 0 else bank_colour(b, s.banks)
            svg.rect(
                xx,
                y,
                BANK_W - 1,
                ROW_H - 1,
                fill,
                data={
                    "bank": b,
                    "word": word,
                    "lanes": " ".join(map(str, lanes)),
                    "wf": n,
                },
                title=f"bank {b}, word {word}: lanes {lanes}",
            )
            svg.text(xx + BANK_W / 2, y + ROW_H / 2, _lanes_label(lanes), cls="s")
        y += ROW_H
    svg.text(
        4,
        y + 14,
        "cell: the lanes served by that bank in that wavefront; red: "
        "a bank asked for another word in the same phase (replayed)",
        cls="ax",
    )
    return svg.to_string()


def access_svg(
    memory: LinearLayout,
    distributed: LinearLayout,
    element_bits: int,
    vector_bits: int | None = None,
    target: str = "sm_90",
    access: str = "load",
    **options,
) -> str:
    """One panel (row) per wavefront of the first instruction: which lane hits
    which bank; replays red; the whole tile's count from the bank model."""
    return schedule_svg(
        access_schedule(memory, distributed, element_bits, vector_bits, target, access),
        **options,
    )
