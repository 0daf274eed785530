"""``pinochle serve``: what it runs for each browser tab, and where it listens
by default (the browser itself is tests/test_browser.py)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from pinochle_tui.cli import parse_args
from pinochle_tui.serve import play_command


def test_each_tab_runs_play_with_the_servers_options(tmp_path: Path) -> None:
    args = parse_args(
        [
            "serve",
            "--level",
            "easy",
            "--pack",
            "64",
            "--no-double-pinochle",
            "--ascii",
            "--save-dir",
            str(tmp_path),
            "--speed",
            "0",
        ]
    )
    argv = shlex.split(play_command(args))
    assert argv[:4] == [sys.executable, "-m", "pinochle_tui.cli", "play"]
    rest = argv[4:]
    assert rest[rest.index("--level") + 1] == "easy"
    assert rest[rest.index("--save-dir") + 1] == str(tmp_path)
    assert rest[rest.index("--pack") + 1] == "64" and "--no-double-pinochle" in rest
    assert "--ascii" in rest and "--four-color" not in rest
    again = parse_args(rest)
    assert again.rules == args.rules and again.level == "easy" and again.ascii


def test_it_listens_on_this_machine_only_by_default() -> None:
    args = parse_args(["serve"])
    assert (args.host, args.port) == ("127.0.0.1", 8000)


def test_the_save_directory_is_the_terminals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    argv = shlex.split(play_command(parse_args(["serve"])))
    assert argv[argv.index("--save-dir") + 1] == str(tmp_path)
