"""Hooks that tie :class:`LinearLayout` to the ``ll`` dialect without
importing ``mlir`` until they are used (``import linear_layout`` must work
without the MLIR Python bindings)."""

from linear_layout._core import LinearLayout


def _from_mlir(cls, source):
    """The layout of an ``#ll.linear`` attribute, its text (what
    :meth:`to_mlir` returns, or the encoding form), or a tensor type with an
    ``#ll.linear`` encoding. Needs the ``mlir`` Python package."""
    from linear_layout.dialect import layout_from_mlir

    layout = layout_from_mlir(source)
    return layout if cls is LinearLayout else cls(layout.bases, layout.out_dims)


def attach() -> None:
    if not hasattr(LinearLayout, "from_mlir"):
        LinearLayout.from_mlir = classmethod(_from_mlir)
