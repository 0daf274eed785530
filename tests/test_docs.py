"""The programmer's guides work as written: the example bot of docs/engine.md,
copied and run as it stands, plays a whole match to its end, and the
random-agent loop of docs/env.md plays a deal."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def marked_block(path: Path) -> str:
    """The Python block that follows the ``tests/test_docs.py runs this block`` mark."""
    text = path.read_text(encoding="utf-8")
    found = re.search(
        r"<!-- tests/test_docs.py runs this block -->\n```python\n(.*?)```", text, re.S
    )
    assert found is not None, f"no marked example in {path.name}"
    return found.group(1)


def test_the_guide_bot_plays_a_whole_match() -> None:
    code = marked_block(DOCS / "engine.md")
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    line = result.stdout.strip()
    assert re.fullmatch(
        r"(South|North) (declared out and reached|reached) \d+ \(\d+, \d+\) after \d+ hands", line
    ), line
    hands = int(line.split()[-2])
    assert hands >= 2  # a match to 1000 takes several hands


def test_the_guide_opening_loop_runs() -> None:
    text = (DOCS / "engine.md").read_text(encoding="utf-8")
    first = re.search(r"```python\n(.*?)```", text, re.S)
    assert first is not None
    result = subprocess.run(
        [sys.executable, "-c", first.group(1)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert result.stdout.startswith("Termination.")


def test_the_env_guide_random_loop_plays_a_deal() -> None:
    code = marked_block(DOCS / "env.md")
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    rewards = re.findall(r"^player_([01]) gets (-?\d+(?:\.\d+)?)$", result.stdout, re.M)
    assert sorted(seat for seat, _ in rewards) == ["0", "1"]
    assert sum(float(value) for _, value in rewards) == 0  # the point difference, both ways
    assert "game over:" in result.stdout
