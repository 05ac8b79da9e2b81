"""Committed files hold no paths of one machine, and docs and results date
their figures instead of naming work periods.

A path like ``/home/<user>/...`` works on one machine only: a test that
reads it skips (or fails) everywhere else, and a doc that cites it points
nowhere. Repository files are named relative to the repository; system
paths that are the same on every Debian machine (``/usr/lib/llvm-22``) are
fine. Docs and benchmark results name a date and a commit, never a numbered
work period ("session 12"), which means nothing to a reader.
"""

from __future__ import annotations

import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
THIS = os.path.relpath(os.path.abspath(__file__), ROOT)

# The home or scratch directory of some machine.
MACHINE_PATH = re.compile(r"(?<![\w.~-])/(?:work|home|root|Users|mnt|scratch)/")
# A numbered work period.
WORK_PERIOD = re.compile(r"\b(?:session|stop)[ _-]?#?\d+\b", re.IGNORECASE)
SKIPPED_DIRS = {".git", "build", ".venv", "__pycache__", "node_modules"}


def _tracked_files() -> list[str]:
    """The committed files (git ls-files); without git (an unpacked source
    archive), every file outside build and hidden directories."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True
        ).stdout
        files = [f for f in out.decode().split("\0") if f]
        if files:
            return files
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for d, dirs, names in os.walk(ROOT):
        dirs[:] = [x for x in dirs if x not in SKIPPED_DIRS and not x.startswith(".")]
        files += [os.path.relpath(os.path.join(d, n), ROOT) for n in names]
    return files


def _text(rel: str) -> str | None:
    path = os.path.join(ROOT, rel)
    if not os.path.isfile(path):
        return None  # deleted in the work tree, not yet committed
    with open(path, "rb") as f:
        data = f.read()
    if b"\0" in data[:8192]:
        return None
    return data.decode("utf-8", errors="replace")


def _hits(pattern: re.Pattern, files) -> list[str]:
    hits = []
    for rel in files:
        text = _text(rel)
        if text is None:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if pattern.search(line):
                hits.append(f"{rel}:{n}: {line.strip()[:120]}")
    return hits


def test_no_machine_paths_in_committed_files():
    files = [f for f in _tracked_files() if f != THIS]
    assert files
    assert not _hits(MACHINE_PATH, files), (
        "absolute paths of one machine (name repository files relative to "
        "the repository):\n" + "\n".join(_hits(MACHINE_PATH, files))
    )


def test_docs_and_results_name_dates_not_work_periods():
    files = [
        f
        for f in _tracked_files()
        if f.startswith(("docs/", "bench/results/", "bench/README")) or f == "README.md"
    ]
    assert any(f.startswith("docs/") for f in files)
    assert not _hits(WORK_PERIOD, files), (
        "numbered work-period labels (write the date and the commit):\n"
        + "\n".join(_hits(WORK_PERIOD, files))
    )


def test_the_patterns_catch_what_they_are_for():
    assert MACHINE_PATH.search('CORPUS = "/' + 'work/shared/bench/corpus.json"')
    assert MACHINE_PATH.search("see /" + "home/someone/notes.md")
    assert not MACHINE_PATH.search("/usr/lib/llvm-22/bin/llc")
    assert not MACHINE_PATH.search("bench/results/h100.md, test/" + "work/x")
    assert WORK_PERIOD.search("What changed in " + "session 13")
    assert WORK_PERIOD.search("the " + "session-12 binary")
    assert not WORK_PERIOD.search("measured 2026-11-23, commit 3028745")


def test_docs_index_lists_every_page():
    docs = os.path.join(ROOT, "docs")
    with open(os.path.join(docs, "README.md"), encoding="utf-8") as f:
        index = f.read()
    pages = sorted(
        p for p in os.listdir(docs) if p.endswith(".md") and p != "README.md"
    )
    missing = [p for p in pages if f"]({p})" not in index]
    assert not missing, f"docs/README.md does not list {missing}"
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        assert "docs/README.md" in f.read()
