"""GPU targets as the C++ side parses them (docs/planning.md, "The target").

``ll.gpu_target("gfx1100")`` returns the :class:`GPUTarget` that the planner,
``ll-optimize-register-order`` and the lowerings use for that name: lanes per
warp, shared-memory banks and limits, matrix instructions. Python never parses
a target name itself; an unknown name is a ValueError listing the accepted
forms (``sm_<N>``, ``sm_<N>a``, ``gfx9<XX>``, ``gfx1<0-2><XX>``).
"""

from __future__ import annotations

from dataclasses import dataclass

from linear_layout import _core

__all__ = ["GPUTarget", "gpu_target"]


@dataclass(frozen=True)
class GPUTarget:
    """One GPU as every layer sees it (include/LinearLayout/Analysis/GPUTarget.h)."""

    name: str
    vendor: str  # "nvidia" or "amd"
    arch: int  # NVIDIA compute capability (90); AMD GFX major version (9..12)
    arch_specific: bool  # sm_<N>a
    lanes_per_warp: int
    shared_banks: int
    bank_bytes: int
    max_shared_bytes: int
    max_static_shared_bytes: int
    has_ldmatrix: bool
    has_stmatrix: bool
    has_line_loads: bool
    pairs_load_phases: bool  # quarter-warp load phases pair (docs/planning.md §3)

    @property
    def is_nvidia(self) -> bool:
        return self.vendor == "nvidia"

    @property
    def is_amd(self) -> bool:
        return self.vendor == "amd"


def gpu_target(name: str, wave_size: int = 0) -> GPUTarget:
    """The target called `name`; `wave_size` 32 or 64 picks the wave size of
    AMD gfx10 and later (0: the chip's own). ValueError for an unknown name
    or a wave size the chip cannot run, TypeError for non-str / non-int."""
    if not isinstance(name, str):
        raise TypeError(f"target must be a str, not {type(name).__name__}")
    if isinstance(wave_size, bool) or not isinstance(wave_size, int):
        raise TypeError(f"wave_size must be an int, not {type(wave_size).__name__}")
    return GPUTarget(**_core._gpu_target(name, wave_size))
