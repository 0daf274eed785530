"""Counting a hand (R2, R18): the rounding of every split, the three trick counts,
and the hand score through a real, seeded hand."""

from __future__ import annotations

import random

import pytest

from pinochle_tui.engine import GameState, Phase, Rules, pack, rounded, shuffled_deck
from pinochle_tui.engine.events import HandScored
from tests.helpers import N, finish_hand, first_action


def by_the_book(points: int) -> int:
    """R18.2 spelled out: 7, 8 or 9 in the units rounds up, anything else down."""
    units = points % 10
    return points - units + (10 if units in (7, 8, 9) else 0)


@pytest.mark.parametrize(
    ("points", "count"),
    [
        (87, 90),
        (86, 80),
        (126, 120),
        (125, 120),
        (124, 120),
        (127, 130),
        (7, 10),
        (6, 0),
        (250, 250),
        (0, 0),
        (47, 50),
        (46, 40),
    ],
)
def test_rounding_examples(points: int, count: int) -> None:
    assert rounded(points) == count


def test_every_split_totals_250_or_240() -> None:
    for south in range(251):
        north = 250 - south
        assert rounded(south) == by_the_book(south)
        total = rounded(south) + rounded(north)
        assert total == (240 if south % 10 in (4, 5, 6) else 250), south
    assert rounded(126) + rounded(124) == 240 and rounded(125) * 2 == 240


@pytest.mark.parametrize("count", ["classic", "simplified", "counters"])
@pytest.mark.parametrize("size", [48, 64])
def test_every_count_totals_240_plus_the_last_trick(count: str, size: int) -> None:
    rules = Rules(trick_count=count, pack=size)
    points = rules.card_points
    assert sum(points[c.rank] for c in pack(rules)) + rules.last_trick_bonus == 250


@pytest.mark.parametrize(
    ("count", "raw", "counted"),
    [
        ("classic", (200, 50), (200, 50)),
        ("simplified", (195, 55), (190, 50)),  # 10 points are lost
        ("counters", (180, 70), (180, 70)),
    ],
)
def test_hand_score_of_a_seeded_hand(
    count: str, raw: tuple[int, int], counted: tuple[int, int]
) -> None:
    rules = Rules(trick_count=count, game="single-deal")
    state = GameState.new(rules, dealer=N)
    state.deal(shuffled_deck(rules, random.Random(5)))
    events = finish_hand(state, first_action)
    scored = [e for e in events if isinstance(e, HandScored)]
    assert scored == [HandScored(raw, counted, (0, 0), counted)]
    assert sum(raw) == 250
    assert state.tricks[-1].winner == 0  # South took the last trick and its 10
    # The hand over, both seats see the points in tricks the hand was counted on.
    assert state.view(N).won_points == state.view(N.other).won_points == raw


def test_hand_score_adds_melds_and_rounded_tricks() -> None:
    state = GameState.new(Rules(), dealer=N)
    state.deal(shuffled_deck(Rules(), random.Random(0)))
    events = finish_hand(state)
    assert [e for e in events if isinstance(e, HandScored)] == [
        HandScored((167, 83), (170, 80), (220, 200), (390, 280))
    ]
    assert state.scores == [390, 280] and state.phase is Phase.DEAL
