"""The command line: rule flags generated from the ``Rules`` model, players from
the registry, and every bad argument one line on stderr with exit status 2."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from pinochle_tui.cli import UsageError, main, parse_args
from pinochle_tui.engine import GameMode, Rules, TrickCount


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["match", "--a", "nosuchbot"], "unknown player 'nosuchbot': one of random, easy"),
        (["match", "--target", "5"], "--target: Input should be greater than or equal to 10"),
        (["match", "--target", "1000000"], "--target: Input should be less than or equal to"),
        (["match", "--pack", "52"], "argument --pack: invalid choice: 52"),
        (["match", "--deals", "0"], "argument --deals: must be at least 1"),
        (["match", "--jobs", "two"], "argument --jobs: not a whole number: 'two'"),
        (["play", "--speed", "inf"], "argument --speed: must be from 0 (instant) to 10"),
        (["play", "--speed", "nan"], "argument --speed: must be from 0 (instant) to 10"),
        (["play", "--speed", "fast"], "argument --speed: not a number: 'fast'"),
        (["play", "--level", "random"], "--level random is not offered as an opponent"),
        (["play", "--trick-count", "all"], "argument --trick-count: invalid choice: 'all'"),
        (["hotseat", "--names", "Ann"], "argument --names: expected 2 arguments"),
        (["verify"], "the following arguments are required: file"),
        (["--frobnicate"], "unrecognized arguments: --frobnicate"),
        (["play", "--name", "x" * 101], "a name has at most 40 characters, not 101"),
        (["play", "--name", "Ann\x1b]0;pwned\x07"], "a name must be printable: 'Ann\\x1b]0;pwned"),
        (["play", "--name", "Ann\udcff"], "a name must be printable: 'Ann\\udcff'"),
        (["hotseat", "--names", "Ann", "  "], "a name cannot be empty"),
        (["hotseat", "--names", "Ann", "Ann"], "different names, not 'Ann' twice"),
        (["play", "--name", "Computer"], "--name: 'Computer' is the computer's name"),
        (["--name", " COMPUTER "], "--name: 'COMPUTER' is the computer's name; choose another"),
        (["play", "--theme", "\x1b[2J"], "invalid choice: '\\x1b[2J'"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("pinochle: ")
    assert message in captured.err and "\x1b" not in captured.err


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (
            ["漢字" * 10 + "x", "Bob"],
            "a name has at most 40 characters, not 41 (漢 and other wide letters count as two)",
        ),
        (["Ann", "Ann"], "the two players need different names, not 'Ann' twice"),
        (
            [" Ann", "ANN  "],
            "the two players need different names: 'Ann' and 'ANN' read the same",
        ),
        (
            ["Ａｎｎ", "Ann"],
            "the two players need different names: 'Ａｎｎ' and 'Ann' read the same",
        ),
    ],
)
def test_hotseat_names_are_checked_before_the_app_starts(names: list[str], message: str) -> None:
    """Checked before the app starts (``main`` would start it if they passed):
    the name's width is counted in terminal cells, and two names that read the
    same (case, full-width letters and spaces aside) cannot tell the players apart."""
    with pytest.raises(UsageError) as refused:
        parse_args(["hotseat", "--names", *names])
    assert str(refused.value) == message


def test_every_rule_has_a_flag_with_its_default_in_the_help() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pinochle_tui.cli", "match", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    for name, field in Rules.model_fields.items():
        flag = "--" + name.replace("_", "-")
        assert flag in result.stdout, flag
        assert str(field.description)[:20] in " ".join(result.stdout.split())
    assert "(default: 1000)" in result.stdout and "--no-double-pinochle" in result.stdout


@pytest.mark.parametrize(
    ("command", "latest"),
    [
        ("resume", "or 'latest' (the default): the unfinished game saved last"),
        ("replay", "or 'latest': the game saved last, finished or not"),
        ("review", "or 'latest': the game saved last, finished or not"),
        ("export", "or 'latest': the game saved last, finished or not"),
        ("verify", "or 'latest': the game saved last, finished or not"),
    ],
)
def test_the_help_says_which_game_latest_is(
    command: str, latest: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``resume latest`` goes on with the newest unfinished game; the other commands
    open the newest game of all: each help says which."""
    with pytest.raises(SystemExit) as ended:
        main([command, "--help"])
    assert ended.value.code == 0
    said = " ".join(capsys.readouterr().out.split())
    assert f"file a saved game (a path, or a file name in the save directory), {latest}" in said


def test_rule_flags_reach_the_rules() -> None:
    args = parse_args(
        [
            "match",
            "--pack",
            "64",
            "--trick-count",
            "counters",
            "--no-double-pinochle",
            "--game",
            "single-deal",
            "--target",
            "1500",
            "--dix-per-trick",
            "2",
        ]
    )
    rules: Rules = args.rules
    assert rules.pack == 64 and rules.trick_count is TrickCount.COUNTERS
    assert not rules.double_pinochle and rules.game is GameMode.SINGLE_DEAL
    assert rules.target == 1500 and rules.dix_per_trick == 2
    assert parse_args(["match"]).rules == Rules()


def test_a_closed_pipe_ends_quietly() -> None:
    result = subprocess.run(
        f"{sys.executable} -m pinochle_tui.cli schema | head -1",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.stdout.strip() == "{"
    assert "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr


def test_every_flag_in_the_rules_options_table_works_as_written() -> None:
    """rules.md's table of options is what players copy: each flag with each value
    it lists must start a game with that rule, and every rule must be in the table."""
    table = Path(__file__).resolve().parent.parent / "rules.md"
    rows = re.findall(r"^\| `(--[a-z0-9-]+)` \| ([^|]+) \|", table.read_text("utf-8"), re.M)
    covered: set[str] = set()
    for flag, values in rows:
        name = flag.removeprefix("--").removeprefix("no-").replace("-", "_")
        if values.strip() == "flag":
            listed = [""]
        elif values.startswith("a number"):
            listed = ["1250"]
        else:
            listed = re.findall(r"`([^`]+)`", values)
        for value in listed:
            rule = getattr(parse_args(["play", flag] + ([value] if value else [])).rules, name)
            default = getattr(Rules(), name)
            assert rule != default or str(getattr(default, "value", default)) == value, flag
        covered.add(name)
    assert covered == set(Rules.model_fields)
