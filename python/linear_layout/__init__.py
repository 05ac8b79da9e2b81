"""Linear layouts over F2: the Python face of the linear-layout project.

``import linear_layout as ll``. The algebra (:class:`LinearLayout`) and the
layout families are implemented in C++ (``linear_layout._core``); this package
re-exports them under the names of docs/design.md.
"""

from linear_layout._core import LinearLayout

__all__ = ["LinearLayout"]

# The `ll` MLIR dialect: `linear_layout.dialect` is imported on first use (it
# needs the `mlir` package); LinearLayout.from_mlir imports it when called.
from linear_layout import dialect_hooks as _dialect_hooks

_dialect_hooks.attach()


def __getattr__(name):
    if name == "dialect":
        import importlib

        return importlib.import_module("linear_layout.dialect")
    raise AttributeError(f"module 'linear_layout' has no attribute {name!r}")

# Conversion planning (docs/planning.md).
from linear_layout.planning import (
    optimal_swizzle,
    plan_conversion,
    select_free_layouts,
    wavefronts,
)

__all__ += ["optimal_swizzle", "plan_conversion", "select_free_layouts",
            "wavefronts"]

# Gather planning (docs/gather.md).
from linear_layout.gather import GatherPlan, plan_gather

__all__ += ["GatherPlan", "plan_gather"]

# Triton 3.6 / Gluon interop: layout.to_ttg(), layout.to_gluon(),
# plan.to_gluon() (docs/triton-interop.md).
from linear_layout import interop as _interop
from linear_layout.ttgir import TritonConversion, from_ttgir

_interop.attach()
__all__ += ["TritonConversion", "from_ttgir"]

# GPU targets, parsed by C++ (docs/planning.md, "The target").
from linear_layout.target import GPUTarget, gpu_target

__all__ += ["GPUTarget", "gpu_target"]

# Layout families (docs/families.md).
from linear_layout.families import *
from linear_layout.families import __all__ as _families_all

__all__ += _families_all  # noqa: PLE0605 - a list, extended by names

# Lowering to PTX and the benchmark kernels (docs/lowering.md).
from linear_layout import kernels
from linear_layout.compiler import compile

__all__ += ["compile", "kernels"]

# Pictures (docs/pictures.md): LinearLayout.to_svg, plan.to_svg, _repr_svg_.
from linear_layout import pictures

pictures.attach()
__all__ += ["pictures"]
