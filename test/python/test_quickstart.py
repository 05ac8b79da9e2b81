"""The README's quick start and .ci/run must stay the same two commands."""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _quick_start_commands():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL).group(1)
    return [line for line in block.splitlines() if line.strip()]


def _ci_commands():
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as f:
        lines = [line.strip() for line in f]
    body = lines[lines.index("set -x") + 1:]
    return [line for line in body if line and not line.startswith("#")]


def test_ci_runs_exactly_the_quick_start():
    commands = _quick_start_commands()
    assert len(commands) == 2, commands
    assert _ci_commands() == commands
