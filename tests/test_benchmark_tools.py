"""The strength benchmark's pair names, the deal-by-deal comparison of two runs,
the play-outs' playoff against the exact one, and how often two players agree."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from pinochle_tui.ai.budget import Budget
from pinochle_tui.ai.cheater import CheaterPlayer, SeerPlayer
from pinochle_tui.ai.knowledge import Knowledge
from pinochle_tui.ai.sampling import ExpertPlayer, HardPlayer, Search
from pinochle_tui.engine import CARDS, GameState, PinochleError, Play, Rules, Seat, shuffled_deck
from tests.test_ai_sampling import marriage_chance

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


strength = load("strength")
paired = load("paired")
playouts = load("playouts")
agreement = load("agreement")
decisions = load("decisions")
leadfit = load("leadfit")


@pytest.mark.parametrize(
    ("pair", "players"),
    [
        ("hard-normal", ("hard", "normal")),
        ("hard/-melds-normal", ("hard/-melds", "normal")),
        ("normal-hard/-leads", ("normal", "hard/-leads")),
        ("hard/none-hard/-dix", ("hard/none", "hard/-dix")),
    ],
)
def test_a_pair_splits_at_the_dash_that_is_not_a_signal_left_out(
    pair: str, players: tuple[str, str]
) -> None:
    assert strength.split_pair(pair) == players


@pytest.mark.parametrize("pair", ["hard", "hard-", "-normal"])
def test_a_pair_without_two_players_is_refused(pair: str) -> None:
    with pytest.raises(SystemExit, match="two players"):
        strength.split_pair(pair)


@pytest.mark.parametrize(
    ("name", "code"),
    [("normal", "AH"), ("normal@keeping", "9S"), ("normal@normal", "AH")],
)
def test_a_variant_weighs_its_own_plays_with_the_weights_it_names(name: str, code: str) -> None:
    # Normal's weights lead the trump ace for the marriage's chance; hard's
    # own (``keeping``) keep it (tests/test_ai_sampling.py).
    state = marriage_chance()
    player = strength.variant(name, 1, None, 1.0)
    action = player.choose(state.view(Seat.SOUTH), list(state.legal_actions(Seat.SOUTH)))
    assert isinstance(action, Play) and action.card.code == code


@pytest.mark.parametrize(("name", "code"), [("hard@normal", "AH"), ("hard/-melds@keeping", "9S")])
def test_a_hard_variant_plays_its_own_seat_out_with_the_weights_it_names(
    name: str, code: str
) -> None:
    player = strength.variant(name, 1, None, 1.0)
    assert isinstance(player, HardPlayer)
    assert CARDS[player.policy(Seat.SOUTH)(marriage_chance(), Seat.SOUTH)].code == code


@pytest.mark.parametrize(
    ("name", "kind", "code"),
    [
        ("hard", HardPlayer, "AH"),
        ("hard^keeping", HardPlayer, "9S"),
        ("expert^keeping", ExpertPlayer, "9S"),
    ],
)
def test_a_searching_variant_models_its_opponent_with_the_weights_it_names(
    name: str, kind: type[HardPlayer], code: str
) -> None:
    # Seated North, the player's play-outs play South, its opponent, by its
    # model: normal's weights lead the trump ace, hard's (``keeping``) keep it.
    player = strength.variant(name, 1, None, 1.0)
    assert type(player) is kind
    assert CARDS[player.policy(Seat.NORTH)(marriage_chance(), Seat.SOUTH)].code == code


def test_a_searching_variant_weighs_the_weighing_at_the_prior_it_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The search gets each candidate's bias: the prior weight times its weighing.
    state = marriage_chance()
    view, legal = state.view(Seat.SOUTH), list(state.legal_actions(Seat.SOUTH))
    biases: dict[str, dict[Play, float]] = {}
    for name in ("expert", "expert~1", "hard~0"):
        player = strength.variant(name, 1, None, 1.0)
        assert isinstance(player, HardPlayer)

        def search(_view: Any, bias: dict[Play, float], *_: Any, name: str = name) -> Any:
            biases[name] = bias
            return {play: 0.0 for play in bias}

        monkeypatch.setattr(player, "search", search)
        player.choose(view, legal)
    own = biases["expert"]
    assert ExpertPlayer.PRIOR == 0.5 and any(own.values()), own
    assert biases["expert~1"] == {play: 2 * bias for play, bias in own.items()}
    assert not any(biases["hard~0"].values())


@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("expert~much", "a number of 0 or more, not 'much'"),
        ("expert~nan", "a number of 0 or more, not 'nan'"),
        ("foo", "unknown player 'foo': one of random, easy, .*, or seer$"),
        ("normal~0.5", "only hard and expert take ~ and %, not 'normal'"),
        ("expert%2", "a number from 0 to 1, not '2'"),
        ("hard%x", "a number from 0 to 1, not 'x'"),
    ],
)
def test_a_bad_player_or_prior_weight_is_refused_before_a_deal_is_played(
    name: str, error: str
) -> None:
    with pytest.raises(SystemExit, match=error):
        strength.main(["--pairs", f"{name}-hard", "--deals", "1"])


def test_the_seer_is_shown_the_opponents_hand_but_not_the_stocks_order() -> None:
    seer = strength.variant("seer", 1, None, 1.0)
    assert isinstance(seer, SeerPlayer) and seer.CANDIDATES == HardPlayer.CANDIDATES
    rules = Rules(game="single-deal")
    state = GameState.new(rules, dealer=Seat.NORTH)
    state.deal(shuffled_deck(rules, random.Random(5)))
    view, legal = state.view(state.to_act), list(state.legal_actions(state.to_act))
    with pytest.raises(PinochleError, match="the seer plays only in matches"):
        seer.choose(view, legal)
    seer.watch(lambda: state)
    opp = state.to_act.other
    rng = random.Random(3)
    worlds = [seer.world(rng, seer.evidence(view, Knowledge.from_view(view))) for _ in range(4)]
    assert all(w.opp_hidden == state.hands[opp] & ~state.public[opp] for w in worlds)
    assert all(sorted(w.stock) == sorted(state.stock) for w in worlds)
    assert len({w.stock for w in worlds}) > 1, "the stock's order is guessed, not read"
    assert seer.choose(view, legal) in legal


def test_the_match_runner_shows_the_seer_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    strength.main(["--pairs", "seer-random", "--deals", "1", "--jobs", "1", "--budget", "4"])
    out = capsys.readouterr().out
    figures = json.loads(out.splitlines()[-1])["matches"]["seer-random"]
    assert figures["deals"] == 1 and figures["mean_diff"] > 0
    assert figures["seconds"] > 0 and "seer-random: " in out and " s of wall clock on 1 jobs" in out


def test_the_cheater_may_model_its_opponent_with_other_weights() -> None:
    player = strength.variant("cheater^keeping", 1, None, 1.0)
    assert isinstance(player, CheaterPlayer)
    assert CARDS[player.policy(Seat.NORTH)(marriage_chance(), Seat.SOUTH)].code == "9S"


def test_unknown_weights_are_refused_by_name() -> None:
    with pytest.raises(SystemExit, match="normal, keeping, not 'greedy'"):
        strength.variant("normal@greedy", 1, None, 1.0)
    with pytest.raises(SystemExit, match="not 'greedy'"):
        strength.main(["--pairs", "hard-normal@greedy", "--deals", "1"])
    with pytest.raises(SystemExit, match="not 'greedy'"):
        strength.main(["--pairs", "hard^greedy-normal", "--deals", "1"])


def last_json(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(capsys.readouterr().out.splitlines()[-1])
    return found


def test_a_run_resumed_plays_only_the_deals_its_file_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole, split = tmp_path / "whole.jsonl", tmp_path / "split.jsonl"
    common = ["--pairs", "easy-random", "--seed", "3", "--jobs", "1"]
    strength.main([*common, "--deals", "5", "--per-deal", str(whole)])
    strength.main([*common, "--deals", "2", "--per-deal", str(split)])
    capsys.readouterr()
    strength.main([*common, "--deals", "5", "--per-deal", str(split), "--resume"])
    figures = last_json(capsys)["matches"]
    assert figures["easy-random"]["deals"] == 3  # the three the file lacked
    assert figures["easy-random resumed"]["deals"] == 5
    # The deals played in two sittings are the deals played in one.
    assert paired.read_run(str(split))[1].deals == paired.read_run(str(whole))[1].deals
    assert len(split.read_text(encoding="utf-8").splitlines()) == 5
    strength.main([*common, "--deals", "5", "--per-deal", str(split), "--resume"])
    assert list(last_json(capsys)["matches"]) == ["easy-random resumed"]  # nothing left to play


def test_a_resume_needs_a_file_of_the_same_seed(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="--per-deal"):
        strength.main(["--pairs", "easy-random", "--deals", "1", "--resume"])
    run = write_run(tmp_path / "run.jsonl", "easy-random", [1.0, 2.0], seed=4)
    args = ["--pairs", "easy-random", "--deals", "3", "--per-deal", str(run), "--resume"]
    with pytest.raises(SystemExit, match="of seed 4"):
        strength.main([*args, "--seed", "5", "--jobs", "1"])


def test_a_resume_needs_a_file_played_on_the_same_budgets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run.jsonl"
    common = ["--pairs", "easy-random", "--seed", "2", "--jobs", "1", "--per-deal", str(run)]
    strength.main([*common, "--deals", "2", "--budget", "8", "4"])
    assert paired.read_runs(run)["easy-random"].budget == "8/4"
    with pytest.raises(SystemExit, match="on budgets 8/4, not of seed 2 on own/own"):
        strength.main([*common, "--deals", "3", "--resume"])
    capsys.readouterr()
    strength.main([*common, "--deals", "3", "--resume", "--budget", "8", "4"])
    assert last_json(capsys)["matches"]["easy-random resumed"]["deals"] == 3
    # A line written before the lines recorded budgets was played on the levels' own.
    old = write_run(tmp_path / "old.jsonl", "easy-random", [1.0, 2.0], seed=2)
    assert paired.read_runs(old)["easy-random"].budget == paired.OWN
    with pytest.raises(SystemExit, match="on budgets own/own, not of seed 2 on 8/8"):
        strength.main([*common[:-1], str(old), "--deals", "3", "--resume", "--budget", "8"])
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(old.read_text(encoding="utf-8") + run.read_text(encoding="utf-8"))
    with pytest.raises(paired.RunError, match="two seeds or budgets"):
        paired.read_runs(mixed)


def test_the_decision_timer_reports_the_worlds_of_the_searches_that_spent_their_budget() -> None:
    searches = [Search(w, spent=True) for w in (40, 10, 30, 20, 50)] + [Search(16, spent=False)]
    assert decisions.reach(searches) == {"searches": 5, "median": 30, "p10": 10, "p90": 50}
    assert decisions.reach([Search(16, spent=False)])["median"] is None
    kept = decisions.Kept()
    hard, normal = kept("hard", 1, Budget(samples=4), 1.0), kept("normal", 2, None, 1.0)
    assert kept.players == [hard, normal] and isinstance(hard, HardPlayer)
    hard.searches.append(Search(4, spent=True))
    assert kept.searches() == [Search(4, spent=True)]  # normal does not search


def test_one_run_alone_is_described_over_all_its_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = write_run(tmp_path / "run.jsonl", "hard-normal", [10.0, 30.0, -20.0, 0.0])
    assert paired.main([str(run)]) == 0
    figures = last_json(capsys)
    assert figures["deals"] == 4 and figures["mean_diff"] == 5.0
    assert figures["deals_won"]["share"] == 0.625  # two won, one lost, one tied (a half)
    low, high = figures["ci95"]
    assert low < 5.0 < high


def test_runs_on_other_seeds_are_pooled_into_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = write_run(tmp_path / "one.jsonl", "expert-hard", [10.0, 30.0, -20.0], seed=1)
    two = write_run(tmp_path / "two.jsonl", "expert-hard", [40.0, 0.0], seed=2)
    assert paired.main([str(one), "--pool", str(two)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("expert-hard: 5 deals of seeds 1, 2, A - B +12.0 a deal")
    figures = json.loads(out.splitlines()[-1])
    assert figures["seeds"] == [1, 2] and figures["deals"] == 5
    assert figures["mean_diff"] == 12.0
    assert figures["deals_won"]["share"] == 0.7  # three won, one lost, one tied


@pytest.mark.parametrize(
    ("other", "reason"),
    [
        (("expert-hard", 1), "two runs of seed 1"),
        (("hard-normal", 2), "'hard-normal' on own/own is not 'expert-hard'"),
    ],
)
def test_a_pool_takes_one_pair_on_distinct_seeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], other: tuple[str, int], reason: str
) -> None:
    one = write_run(tmp_path / "one.jsonl", "expert-hard", [10.0, 30.0], seed=1)
    two = write_run(tmp_path / "two.jsonl", other[0], [40.0, 0.0], seed=other[1])
    assert paired.main([str(one), "--pool", str(two)]) == 2
    assert reason in capsys.readouterr().err


def test_runs_of_a_renamed_player_are_pooled_under_the_name_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = write_run(tmp_path / "one.jsonl", "expert-hard", [10.0, 30.0], seed=6)
    two = write_run(tmp_path / "two.jsonl", "expert~0.5-hard", [-20.0, 40.0], seed=3)
    assert paired.main([str(one), "--pool", str(two)]) == 2
    assert "'expert~0.5-hard' on own/own is not 'expert-hard'" in capsys.readouterr().err
    assert paired.main([str(one), "--pool", str(two), "--as", "expert-hard"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("expert-hard: 4 deals of seeds 6, 3, A - B +15.0 a deal")
    assert paired.main([str(one), "--as", "expert-hard"]) == 2
    assert "--as names the pair of runs pooled with --pool" in capsys.readouterr().err


def write_run(path: Path, pair: str, margins: list[float], seed: int = 1) -> Path:
    rows = (
        json.dumps({"pair": pair, "seed": seed, "deal": n, "margin": m})
        for n, m in enumerate(margins)
    )
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_paired_difference_is_taken_deal_by_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The second run is the first less 10, give or take 1: the pairing sees a
    # sure 10 where the runs' own spreads (about 40 each) would hide it.
    base = [0.0, 80.0, -40.0, 40.0, 120.0, -80.0]
    variant = [m + 10 + (1 if n % 2 else -1) for n, m in enumerate(base)]
    first = write_run(tmp_path / "variant.jsonl", "hard-normal", variant)
    second = write_run(tmp_path / "base.jsonl", "hard-normal", base[:5])  # one deal fewer
    assert paired.main([str(first), str(second)]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    gaps = [9.0, 11.0, 9.0, 11.0, 9.0]
    assert summary["deals"] == 5
    assert summary["mean_diff"] == pytest.approx(sum(gaps) / 5, abs=0.01)
    low, high = summary["ci95"]
    assert 8.0 < low < summary["mean_diff"] < high < 12.0
    assert summary["correlation"] > 0.99


def test_a_file_of_several_pairs_names_the_pair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run.jsonl"
    write_run(run, "hard-normal", [30.0, 50.0, 10.0])
    with run.open("a", encoding="utf-8") as file:
        for n, m in enumerate([20.0, 20.0, 20.0]):
            file.write(json.dumps({"pair": "hard/none-normal", "seed": 1, "deal": n, "margin": m}))
            file.write("\n")
    assert paired.main([str(run), str(run)]) == 2
    assert "name one, FILE:PAIR" in capsys.readouterr().err
    assert paired.main([f"{run}:hard-normal", f"{run}:hard/none-normal"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert (summary["first"], summary["second"], summary["mean_diff"]) == (
        "hard-normal",
        "hard/none-normal",
        10.0,
    )


@pytest.mark.parametrize(
    "content",
    [
        "not json\n",
        '{"pair": "a-b", "seed": 1}\n',
        '{"pair": 3, "seed": 1, "deal": 0, "margin": 1}\n',
    ],
)
def test_a_bad_file_gets_one_line_and_a_nonzero_exit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(content, encoding="utf-8")
    good = write_run(tmp_path / "good.jsonl", "hard-normal", [1.0, 2.0])
    assert paired.main([str(bad), str(good)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "line 1 is not a per-deal record" in captured.err


@pytest.mark.skipif(not hasattr(signal, "SIGPIPE"), reason="no pipe signal on this system")
def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    # ``paired.py A B | head -1`` at its worst: the reader is gone before the
    # first line is written.
    one = write_run(tmp_path / "one.jsonl", "hard-normal", [1.0, 2.0, 3.0])
    two = write_run(tmp_path / "two.jsonl", "hard-normal", [2.0, 2.0, 5.0])
    read, write = os.pipe()
    os.close(read)
    command = [sys.executable, str(BENCHMARKS / "paired.py"), str(one), str(two)]
    try:
        run = subprocess.run(command, stdout=write, stderr=subprocess.PIPE, check=False)
    finally:
        os.close(write)
    assert run.stderr == b"", run.stderr.decode()
    assert run.returncode == -signal.SIGPIPE


def test_runs_on_different_deals_are_not_compared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = write_run(tmp_path / "one.jsonl", "hard-normal", [1.0, 2.0, 3.0], seed=1)
    two = write_run(tmp_path / "two.jsonl", "hard-normal", [1.0, 2.0, 3.0], seed=2)
    assert paired.main([str(one), str(two)]) == 2
    assert "different seeds" in capsys.readouterr().err


def test_play_outs_solved_from_the_whole_playoff_miss_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # From all 12 cards the play-out is the exact playoff: no error at all;
    # from 2 cards, the habit plays ten tricks and misses somewhere.
    playouts.main(["--deals", "6", "--exact-from", "12", "2"])
    figures = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert figures["exact_from_12"]["mean_abs_error"] == 0
    assert figures["exact_from_2"]["mean_abs_error"] > 0


def test_a_player_picks_its_own_play_every_time_and_random_does_not() -> None:
    budget = Budget(samples=2)
    same = agreement.agreement("hard", "hard", 1, 3, (budget, budget))
    assert same["plays"] >= 20, same  # both seats' first phase: 12 plays a seat, most with a choice
    assert same["alike"] == same["plays"] and same["share"] == 1.0
    other = agreement.agreement("random", "hard", 1, 3, (budget, budget))
    assert other["plays"] == same["plays"], "B plays the same games whoever is asked beside it"
    assert other["alike"] < other["plays"] / 2, other
    assert other["differ_per_deal"] == other["plays"] - other["alike"]


def test_a_player_reseeded_or_on_another_budget_differs_by_the_luck_of_its_samples(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Two samples a decision: hard with other samples than its own picks
    # another card at some plays of a deal, not at all.
    reseeded = agreement.main(
        ["--a", "hard", "--b", "hard", "--deals", "1", "--seed", "3", "--budget", "2", "--reseed"]
    )
    assert 0 < reseeded["alike"] < reseeded["plays"], reseeded
    # A's budget first, then B's: on 8 samples A is asked beside B on 2.
    wider = agreement.main(
        ["--a", "hard", "--b", "hard", "--deals", "1", "--seed", "3", "--budget", "8", "2"]
    )
    assert wider["plays"] == reseeded["plays"] and wider["alike"] < wider["plays"], wider
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["b"] == "hard"


def test_the_judge_finds_randoms_cards_worse_than_hards_and_needs_a_search() -> None:
    # Where a random player's card differs from hard's, hard's own search on
    # more samples (none dropped) values the random card below hard's.
    budget = Budget(samples=2)
    judged = agreement.agreement("random", "hard", 1, 3, (budget, budget), judge=Budget(samples=24))
    assert judged["judged"] == judged["plays"] - judged["alike"] > 5, judged
    assert judged["gain_high"] < 0 and judged["gap"] >= -judged["gain"] > 0, judged
    assert judged["gain_per_deal"] == pytest.approx(judged["gain"] * judged["judged"])
    with pytest.raises(SystemExit, match="a judge searches"):
        agreement.agreement("random", "normal", 1, 3, judge=budget)


def test_the_judges_interval_counts_a_game_as_one_draw() -> None:
    # Gains 1 and 3 in one game, -2 in a second, 4 in a third (a game without
    # a differing play counts for nothing): mean 1.5 a play; the games' sums
    # less 1.5 a play are 1, -3.5 and 2.5, so the half-width is
    # 1.96 * sqrt(19.5 * 3 / 2) / 4 = 2.650.
    figures = agreement._judged([[1.0, 3.0], [-2.0], [], [4.0]], deals=2)
    assert figures["judged"] == 4 and figures["games"] == 3
    assert figures["gain"] == 1.5 and figures["gain_per_deal"] == 3.0
    assert figures["gain_high"] - figures["gain"] == pytest.approx(2.650, abs=5e-4)
    assert figures["gain"] - figures["gain_low"] == pytest.approx(2.650, abs=5e-4)
    # One game alone gives no interval.
    assert agreement._judged([[1.0, 2.0]], deals=1)["gain_high"] == float("inf")
    assert agreement._judged([[], []], deals=1) == {}


def test_the_model_of_normal_reads_normals_leads_so_well_a_miss_is_near_ruled_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Against normal itself the model fits nearly every true lead and far
    # fewer drawn worlds: a miss is strong evidence, worth keeping at well
    # under hard's 0.25 (a random opponent's leads would make it near 1).
    figures = leadfit.main(["--opponent", "normal", "--positions", "30", "--seed", "1"])
    keep = figures["keep"]
    assert figures["true_fits"] >= 0.9 and keep is not None and keep < 0.2, figures
    random_leads = leadfit.main(["--opponent", "random", "--positions", "30", "--seed", "1"])
    assert random_leads["keep"] is not None and random_leads["keep"] > 0.5, random_leads
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["opponent"] == "random"


def test_a_model_by_other_weights_reads_normals_leads_less_well(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The same 30 leads of normal's: hard's weights (``--model keeping``)
    # would have led another card at some of those normal's own weights explain.
    own = leadfit.main(["--opponent", "normal", "--positions", "30", "--seed", "1"])
    other = leadfit.main(
        ["--opponent", "normal", "--model", "keeping", "--positions", "30", "--seed", "1"]
    )
    assert other["true_fits"] < own["true_fits"], (own, other)
    last = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert (last["model"], last["true_fits"]) == ("keeping", other["true_fits"])
