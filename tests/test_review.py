"""``pinochle review``: every decision of a saved game weighed from the player's
own view, exact in the playoff, with the cost of each choice."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pinochle_tui.ai.solver import minimax_playoff
from pinochle_tui.cli import main
from pinochle_tui.coach import review as review_module
from pinochle_tui.coach.models import GameReview
from pinochle_tui.coach.report import review_lines
from pinochle_tui.coach.review import cache_path, review_file, review_game
from pinochle_tui.engine import Play, Rules, Seat, Table
from pinochle_tui.engine.tricks import reply_wins
from pinochle_tui.record.session import GameSession
from tests.coach_helpers import Thrown, throwaway_game
from tests.helpers import S
from tests.record_helpers import PLAYERS, step

#: Few samples: the tests check what is exact and how it is reported, not the estimates.
SAMPLES = "2"
#: The seats as a review names them.
SEATS = ("south", "north")


@pytest.fixture(scope="module")
def thrown(tmp_path_factory: pytest.TempPathFactory) -> Thrown:
    return throwaway_game(tmp_path_factory.mktemp("thrown"))


def reviewed(path: Path, capsys: pytest.CaptureFixture[str], *more: str) -> GameReview:
    assert main(["review", str(path), "--json", "--samples", SAMPLES, "--jobs", "1", *more]) == 0
    return GameReview.model_validate_json(capsys.readouterr().out)


def points_after(thrown: Thrown, reply: Play) -> int:
    """South's points from the trick in play on, after ``reply``, by the reference
    minimax (no pruning, no tables) with best play on both sides after it."""
    state = thrown.before
    assert state.lead is not None
    points = state.rules.card_points
    won = points[(state.lead >> 1) & 7] + points[reply.card.rank]
    hands = [state.hands[0], state.hands[1]]
    hands[S] &= ~reply.card.bit
    winner = S if reply_wins(state.lead, reply.card.id, state.trump) else S.other
    rest = minimax_playoff((hands[0], hands[1]), winner, state.trump, points, False)
    return rest.points[S] + (won if winner is S else 0)


def test_a_sure_playoff_trick_thrown_away_costs_exactly_what_it_lost(
    thrown: Thrown, capsys: pytest.CaptureFixture[str]
) -> None:
    assert thrown.session.path is not None
    review = reviewed(thrown.session.path, capsys)
    decision = review.decision(thrown.number)
    assert decision is not None
    # With four cards left, South's A♣ takes North's Q♣ lead: 41 of the points
    # left are South's. With the J♣ North takes that trick, and South ends with 27.
    assert points_after(thrown, thrown.best) == 41 and points_after(thrown, thrown.played) == 27
    assert (decision.taken, decision.best) == ("play JC#1", "play AC#1")
    assert (decision.cost, decision.low, decision.high) == (28.0, 28.0, 28.0)
    assert (decision.mine, decision.theirs) == (14.0, 14.0)
    assert (decision.method, decision.samples, decision.mark) == ("exact", 1, "?")
    assert decision.remark == (
        "Better the A♣ (wins the trick with the A♣) than the J♣: "
        "it cost exactly 28 points (14 fewer for Ann, 14 more for Computer)."
    )
    # Every other playoff card of South was the solver's: none cost anything.
    others = [d for d in review.decisions if d.playoff and d.number != thrown.number]
    assert others and all(d.cost == 0 and d.best == d.taken for d in others)
    assert review.reviewed == ["south"] and {d.seat for d in review.decisions} == {"south"}
    assert sum(d.cost for d in review.decisions if d.playoff) == 28.0
    sure = [d for d in review.decisions if d.low > 0]  # the costs above the noise
    assert review.totals[0].points_lost == round(sum(d.cost for d in sure), 1)
    assert review.totals[0].exact_lost == 28.0


def test_the_text_review_lists_every_decision_and_the_costly_ones_remarks(
    thrown: Thrown, capsys: pytest.CaptureFixture[str]
) -> None:
    assert thrown.session.path is not None
    review = reviewed(thrown.session.path, capsys)
    assert main(["review", str(thrown.session.path), "--samples", SAMPLES]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        f"Review of {thrown.session.path.name}: Ann (South) against Computer (North, random)."
    )
    assert lines[3] == "Undo: not allowed in this game."
    numbered = [line for line in lines if ". trick " in line]
    assert len(numbered) == len(review.decisions)
    line = next(line for line in numbered if f" {thrown.number}. trick" in line)
    assert "follow (playoff)" in line and "play J♣; best play A♣; cost 28" in line
    assert line.lstrip().startswith("?")
    remarks = [line.strip() for line in lines if line.startswith("        Better")]
    assert len(remarks) == sum(1 for d in review.decisions if d.mark)
    # A sampled cost's bracket says what it is: the sampling's 95% interval.
    sampled = [d for d in review.decisions if d.method == "sampled" and d.cost]
    assert sampled
    for decision in sampled:
        bracket = f"(95%: {decision.low:.0f} to {decision.high:.0f})"
        row = next(line for line in numbered if f" {decision.number}. trick" in line)
        assert row.endswith(f"; cost {decision.cost:.0f} {bracket}")


def test_a_review_of_both_players_names_the_player_its_remarks_speak_of(
    thrown: Thrown, capsys: pytest.CaptureFixture[str]
) -> None:
    """Alone, Ann is spoken to ("keeps your pinochle"); with both reviewed,
    "your" would mean either player, so each remark names its player."""
    assert thrown.session.path is not None
    alone = [d.remark for d in reviewed(thrown.session.path, capsys).decisions if d.remark]
    assert any(" your " in remark for remark in alone)
    assert not any("Ann's" in remark for remark in alone)
    both = reviewed(thrown.session.path, capsys, "--both").decisions
    remarks = {seat: [d.remark for d in both if d.seat == seat and d.remark] for seat in SEATS}
    assert not any(" your " in r or " you " in r for seat in SEATS for r in remarks[seat])
    assert any("keeps Ann's pinochle" in remark for remark in remarks["south"])
    assert any("keeps Computer's marriage" in remark for remark in remarks["north"])


def test_review_says_when_undo_was_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = GameSession.new(
        Rules(game="single-deal"), PLAYERS, seed=3, save_dir=tmp_path, undo=True
    )
    table = Table(session)
    table.advance()
    for _ in range(2):
        decision = table.decision()
        assert decision is not None
        table.act(next(a for a in decision.legal if isinstance(a, Play)))
    table.take_back(Seat.SOUTH if session.log.hands[0].actions[0].seat == "south" else Seat.NORTH)
    assert session.path is not None
    review = reviewed(session.path, capsys)
    assert review.undo_allowed and len(review.undos) == 1
    assert main(["review", str(session.path), "--samples", SAMPLES]) == 0
    undo = session.log.undos[0]
    who = "Ann" if undo.seat == "south" else "Computer"
    expected = (
        f"Undo: allowed, used 1 time: {who} in hand 1 "
        f"({undo.taken_back} actions from action {undo.at_action})."
    )
    assert expected in capsys.readouterr().out.splitlines()


def test_an_undo_after_the_first_hand_is_named_by_its_number_in_the_game() -> None:
    """The review names actions as the replay does, over the whole game: an undo
    in hand 2 is "from action 61" after 56 actions in hand 1, not "from action 5"."""
    session = GameSession.new(Rules(), PLAYERS, seed=5, undo=True)
    rng = random.Random(5)
    while session.state.hand_no < 2 or len(session.log.hands[-1].actions) < 6:
        step(session, rng)
    session.take_back(2, S)
    first_hand = len(session.log.hands[0].actions)
    review = review_game(session.log, seats=[])
    assert [(u.hand, u.at_action, u.number) for u in review.undos] == [(2, 5, first_hand + 5)]
    assert (
        f"Undo: allowed, used 1 time: Ann in hand 2 (2 actions from action {first_hand + 5})."
        in review_lines(review)
    )


def test_a_review_is_kept_beside_the_game_until_the_game_changes(
    thrown: Thrown, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert thrown.session.path is not None
    game = tmp_path / thrown.session.path.name
    game.write_bytes(thrown.session.path.read_bytes())
    first = review_file(game, samples=2)
    assert cache_path(game).is_file() and cache_path(game).name.startswith(".")

    def no_analysis(*args: object) -> None:
        raise AssertionError("the kept review was not used")

    monkeypatch.setattr(review_module, "judge", no_analysis)
    assert review_file(game, samples=2) == first
    with pytest.raises(AssertionError, match="not used"):
        review_file(game, samples=3)  # other samples: reviewed again
    document = json.loads(game.read_text())
    document["seed"] = 7  # the same game, another file: reviewed again
    game.write_text(json.dumps(document))
    with pytest.raises(AssertionError, match="not used"):
        review_file(game, samples=2)


def test_two_processes_give_the_same_review_as_one(thrown: Thrown, tmp_path: Path) -> None:
    assert thrown.session.path is not None
    one = review_file(thrown.session.path, samples=2, jobs=1, use_cache=False)
    two = review_file(thrown.session.path, samples=2, jobs=2, use_cache=False)
    assert one.decisions == two.decisions and one.totals == two.totals


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["review", "nothing"], "no saved game 'nothing'"),
        (["review", "x", "--samples", "0"], "argument --samples: must be at least 1"),
        (["review", "x", "--jobs", "lots"], "argument --jobs: not a whole number: 'lots'"),
    ],
)
def test_a_bad_review_argument_or_file_is_one_line_and_exit_2(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--save-dir", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and message in captured.err


def test_a_broken_game_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "pinochle-log", "version": 2, "players": "\x1b[2J"}')
    assert main(["review", str(broken)]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("pinochle: broken.json: ") and "\x1b" not in captured.err
