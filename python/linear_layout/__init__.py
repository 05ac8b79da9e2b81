"""Linear layouts over F2: the Python face of the linear-layout project.

``import linear_layout as ll``. The algebra (:class:`LinearLayout`) and the
layout families are implemented in C++ (``linear_layout._core``); this package
re-exports them under the names of DESIGN.md.
"""

from linear_layout._core import LinearLayout

__all__ = ["LinearLayout"]
