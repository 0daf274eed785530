"""The computer players: legal play at every level, melding, the dix, declaring out,
and exact play in the playoff."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from pinochle_tui.ai import player_names
from pinochle_tui.ai.cheater import CheaterPlayer
from pinochle_tui.ai.heuristic import NormalPlayer, declare_if_sure
from pinochle_tui.engine import (
    Action,
    Card,
    DeclareOut,
    ExchangeDix,
    GameState,
    Meld,
    MeldKind,
    Phase,
    Play,
    Player,
    Rules,
    Seat,
    SeatView,
    Table,
    UnsavedGame,
    pack,
    shuffled_deck,
)
from tests.helpers import playoff_margin, quick_player


def crafted_deck(south: list[str], north: list[str], turn_up: str, rules: Rules) -> list[Card]:
    """A deck that deals these hands (North dealing, packets of 4) and turn-up;
    the rest of the pack, in id order, makes the stock."""
    chosen = [Card.parse(c) for c in [*south, *north, turn_up]]
    left = Counter(c.face for c in chosen)
    rest: list[Card] = []
    for card in pack(rules):
        if left[card.face]:
            left[card.face] -= 1
        else:
            rest.append(card)
    deck: list[Card] = []
    for i in range(0, 12, 4):
        deck += chosen[i : i + 4] + chosen[12 + i : 16 + i]
    return [*deck, chosen[24], *rest]


def play_game(levels: tuple[str, str], rules: Rules, seed: int) -> GameState:
    """A whole game between two levels through the table driver, which refuses
    any action not among the legal ones."""
    players = [quick_player(level, seed=seed + i) for i, level in enumerate(levels)]
    rng = random.Random(seed)
    game = UnsavedGame.new(rules, lambda _: shuffled_deck(rules, rng), dealer=Seat(seed % 2))
    for player in players:
        if isinstance(player, CheaterPlayer):  # the one player shown the game
            player.watch(lambda: game.state)
    Table(game).play(players)
    return game.state


@pytest.mark.parametrize("level", player_names())
def test_every_level_plays_only_legal_actions(level: str) -> None:
    for seed in (1, 2):
        state = play_game((level, "normal"), Rules(game="single-deal"), seed)
        assert state.winner is not None or state.scores[0] == state.scores[1]
        assert sum(state.scores) > 0


OPTIONS = Rules(
    game="single-deal",
    pack=64,
    deal_packet=3,
    trick_count="counters",
    dix_per_trick=2,
    dix_scores_when_played=True,
    last_draw="winner-chooses",
    playoff_head="always",
)


@pytest.mark.parametrize("level", player_names())
def test_every_level_plays_legally_under_the_rule_options(level: str) -> None:
    state = play_game((level, "easy"), OPTIONS, seed=5)
    assert state.is_over and state.hand_no == 1


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_match_with_declaring_out_ends_legally(level: str) -> None:
    state = play_game((level, level), Rules(target=400), seed=3)
    # South declares as soon as its count reaches the target.
    assert state.result == "South declared out and reached 400"
    assert state.winner is Seat.SOUTH and state.scores[Seat.SOUTH] >= 400


def _winner_view(south: list[str], turn_up: str, lead: str) -> GameState:
    """South leads ``lead``, North answers with the 9 of that suit, and South,
    having won the trick, is to meld."""
    rules = Rules()
    north = ["9C", "JC", "9D", "JD", "9S", "JS", "JH", "9H", "10C", "10D", "10S", "10H"]
    state = GameState.new(rules, dealer=Seat.NORTH)
    state.deal(crafted_deck(south, north, turn_up, rules))
    for seat, code in ((Seat.SOUTH, lead), (Seat.NORTH, f"9{lead[-1]}")):
        card = next(c for c in state.hand(seat) if c.code == code)
        state.apply(Play(seat, card))
    assert state.phase is Phase.MELD and state.to_act is Seat.SOUTH
    return state


def _normal_choice(state: GameState) -> object:
    return NormalPlayer().choose(state.view(Seat.SOUTH), list(state.legal_actions(Seat.SOUTH)))


ACES_HAND = ["AC", "AS", "AH", "AD", "KH", "QH", "QS", "KC", "QC", "KS", "JS", "10C"]


def test_normal_melds_the_highest_meld() -> None:
    # Clubs trump: 100 aces, a royal marriage (40), marriages in hearts and spades (20).
    state = _winner_view(ACES_HAND, turn_up="AC", lead="JS")
    action = _normal_choice(state)
    assert isinstance(action, Meld) and action.kind is MeldKind.ACES


def test_normal_melds_the_flush_before_the_royal_marriage() -> None:
    south = ["AC", "AS", "10S", "KS", "QS", "JS", "KH", "QH", "AH", "10H", "QC", "KC"]
    state = _winner_view(south, turn_up="AS", lead="QC")
    kinds = {a.kind for a in state.legal_actions(Seat.SOUTH) if isinstance(a, Meld)}
    assert kinds == {MeldKind.FLUSH, MeldKind.ROYAL_MARRIAGE, MeldKind.MARRIAGE}
    action = _normal_choice(state)
    assert isinstance(action, Meld) and action.kind is MeldKind.FLUSH


def test_normal_exchanges_the_dix_first_and_then_melds_the_flush() -> None:
    # Diamonds trump (turn-up A♦): the dix 9♦ buys the A♦ that completes the flush.
    south = ["AC", "9D", "10D", "KD", "QD", "JD", "KS", "QS", "KH", "JH", "10S", "JS"]
    state = _winner_view(south, turn_up="AD", lead="KS")
    first = _normal_choice(state)
    assert first == ExchangeDix(Seat.SOUTH, Card.parse("9D"))
    assert isinstance(first, ExchangeDix)
    state.apply(first)
    second = _normal_choice(state)
    assert isinstance(second, Meld) and second.kind is MeldKind.FLUSH
    assert state.scores[Seat.SOUTH] == 10


def test_declares_out_only_when_the_count_reaches_the_target() -> None:
    state = _winner_view(ACES_HAND, turn_up="AC", lead="AS")  # A♠ and 9♠: 11 points won
    legal = list(state.legal_actions(Seat.SOUTH))
    assert state.view(Seat.SOUTH).won_points[Seat.SOUTH] == 11
    assert declare_if_sure(state.view(Seat.SOUTH), legal) is None

    def scored(south: int) -> GameState:
        return GameState.from_position(state.position().replace("scores=0,0", f"scores={south},0"))

    at_target = scored(990)  # 990 + rounded(11) = 1000
    assert declare_if_sure(at_target.view(Seat.SOUTH), legal) == DeclareOut(Seat.SOUTH)
    assert _normal_choice(at_target) == DeclareOut(Seat.SOUTH)
    assert declare_if_sure(scored(989).view(Seat.SOUTH), legal) is None


class PlayoffChecker:
    """Wraps a player: each playoff card it chooses must be optimal for the
    score as it counts, the rounded trick counts (``playoff_margin``)."""

    def __init__(self, inner: Player, game: UnsavedGame) -> None:
        self.inner, self.game = inner, game
        self.name = inner.name
        self.checked = self.full = 0

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        action = self.inner.choose(view, legal)
        state = self.game.state
        if state.playoff and len(legal) > 1:
            assert isinstance(action, Play)
            best = max(playoff_margin(state, a.card.id) for a in legal if isinstance(a, Play))
            assert playoff_margin(state, action.card.id) == best
            self.checked += 1
            self.full += len(state.hand(state.to_act)) == 12
        return action


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_playoff_play_is_optimal_trick_after_trick(level: str) -> None:
    """The same player solves every playoff decision, from the full 12 cards
    down, keeping its solver between tricks: each card it picks is optimal
    even after the opponent (easy, partly random) has played badly."""
    checked = full = 0
    for seed in (11, 12, 13):
        rules = Rules(game="single-deal")
        deck = shuffled_deck(rules, random.Random(seed))
        game = UnsavedGame.new(rules, lambda _: deck)  # noqa: B023 (played out at once)
        south = PlayoffChecker(quick_player(level, seed=1), game)
        Table(game).play((south, quick_player("easy", seed)))
        checked, full = checked + south.checked, full + south.full
    assert checked >= 20
    assert full >= 1
