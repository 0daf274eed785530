"""A plugin package adds a player through the entry-point group: the example in
examples/plugin, installed the way an installer lays out a wheel (its package
and a ``.dist-info`` with the entry points of its pyproject.toml) in a
directory on PYTHONPATH, plays a match. Offline and quick: nothing is built."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = ROOT / "examples" / "plugin"


def install(site: Path) -> str:
    """Lay the example plugin out in ``site`` as an installed distribution; return
    the player name its pyproject declares."""
    project = tomllib.loads((PLUGIN / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    points = project["entry-points"]["pinochle_tui.players"]
    for package in (PLUGIN / "src").iterdir():
        shutil.copytree(package, site / package.name)
    name = project["name"].replace("-", "_")
    info = site / f"{name}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n"
    )
    (info / "entry_points.txt").write_text(
        "[pinochle_tui.players]\n" + "".join(f"{k} = {v}\n" for k, v in points.items())
    )
    (info / "RECORD").write_text("")
    (players,) = points
    return str(players)


def test_an_installed_plugin_player_plays_a_match(tmp_path: Path) -> None:
    name = install(tmp_path)
    assert name == "lowball"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pinochle_tui.cli",
            "match",
            "--a",
            name,
            "--b",
            "easy",
            "--deals",
            "2",
            "--no-progress",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout.splitlines()[-1])
    assert figures["a"] == "lowball" and figures["deals"] == 2
    assert sum(figures["hands_won"].values()) == 4
    listed = subprocess.run(
        [sys.executable, "-m", "pinochle_tui.cli", "play", "--help"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    assert "lowball" in listed.stdout  # offered as an opponent in the app too


def test_without_the_plugin_the_name_is_unknown() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pinochle_tui.cli", "match", "--a", "lowball", "--deals", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "unknown player 'lowball'" in done.stderr
