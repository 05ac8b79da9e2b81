"""The pictures of docs/pictures.md are what the library draws now
(regenerate with ``python -m linear_layout.pictures.gallery docs/images``)."""

from __future__ import annotations

import os

import pytest
from linear_layout.pictures import gallery

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IMAGES = os.path.join(ROOT, "docs", "images")
PICTURES = gallery.pictures()


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_committed_picture_is_current(name):
    path = os.path.join(IMAGES, name)
    assert os.path.exists(path), f"docs/images/{name} is missing"
    with open(path, encoding="utf-8") as f:
        assert f.read() == PICTURES[name], (
            f"docs/images/{name} is stale: python -m linear_layout.pictures.gallery docs/images"
        )


def test_every_picture_is_shown_in_the_docs():
    with open(os.path.join(ROOT, "docs", "pictures.md"), encoding="utf-8") as f:
        page = f.read()
    assert sorted(os.listdir(IMAGES)) == sorted(PICTURES)
    for name in PICTURES:
        assert f"(images/{name})" in page
