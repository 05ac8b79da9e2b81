"""Hooks that tie :class:`LinearLayout` to the ``ll`` dialect without
importing ``mlir`` until they are used (``import linear_layout`` must work
without the MLIR Python bindings)."""

from linear_layout._core import LinearLayout


def _from_mlir(cls, source, shape=None):
    """The layout of an ``#ll.linear`` attribute, its text (what
    :meth:`to_mlir` returns, or the encoding form), or a tensor type with an
    ``#ll.linear`` encoding; or of any ``#ttg`` encoding Triton 3.6 prints
    (``#ttg.blocked<...>``, ``#ttg.nvidia_mma<...>``, shared encodings, ...)
    for a tensor of ``shape`` (required there: Triton's encodings have no
    shape of their own). Needs the ``mlir`` Python package."""
    if (
        isinstance(source, str)
        and source.lstrip().startswith("#ttg.")
        and (shape is not None or not source.lstrip().startswith("#ttg.linear<"))
    ):
        from linear_layout.ttgir import layout_from_ttg

        if shape is None:
            raise ValueError(
                "shape: a #ttg encoding needs the tensor's shape (from_mlir(text, shape=[...]))"
            )
        layout = layout_from_ttg(source, shape)
        return layout if cls is LinearLayout else cls(layout.bases, layout.out_dims)
    if shape is not None:
        raise ValueError(
            "shape: only #ttg encodings take a shape (an #ll.linear one has its own)"
        )
    from linear_layout.dialect import layout_from_mlir

    layout = layout_from_mlir(source)
    return layout if cls is LinearLayout else cls(layout.bases, layout.out_dims)


def attach() -> None:
    if not hasattr(LinearLayout, "from_mlir"):
        LinearLayout.from_mlir = classmethod(_from_mlir)
