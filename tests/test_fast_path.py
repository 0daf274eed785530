"""The trusted fast path ``apply_legal`` against the checked ``apply``, and the
copies and the undo stack around them, over random games with random rule options.

Every step of every game applies the same random legal action both ways, to
the state and to a copy of it, and compares the events, every public field,
both seat views and the legal actions that follow. Together the tests take
tens of thousands of random actions per run.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from dataclasses import fields

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle_tui.engine import (
    CARDS,
    Card,
    DeclareOut,
    Draw,
    GameState,
    LegalActions,
    MeldKind,
    MeldScored,
    Phase,
    Rules,
    Seat,
    TrickWon,
    pack,
)
from pinochle_tui.engine.cards import cards_of
from tests.helpers import random_action
from tests.test_properties import RULES, SEEDS, runs

S, N = Seat.SOUTH, Seat.NORTH

#: The public state layout (see the ``GameState`` docstring).
PUBLIC = (
    "rules",
    "phase",
    "to_act",
    "dealer",
    "hand_no",
    "target",
    "scores",
    "meld_points",
    "outcome",
    "trump",
    "patterns",
    "hands",
    "tables",
    "public",
    "won",
    "stock",
    "turn_up",
    "revealed",
    "lead",
    "leader",
    "tricks",
    "melds",
    "dix_counted",
    "dix_left",
    "melded",
    "playoff",
    "claims",
)


def everything(state: GameState) -> tuple[object, ...]:
    """Every public field (the meld history by its contents), both seat views and
    every legal action: all there is to see of a state."""
    fields_ = tuple(_frozen(getattr(state, name)) for name in PUBLIC)
    return (
        *fields_,
        tuple(state.history.copy()._best),
        state.view(S),
        state.view(N),
        tuple(state.legal_actions()),
        tuple(state.legal_actions(S)),
        tuple(state.legal_actions(N)),
    )


def _frozen(value: object) -> object:
    """Lists as tuples, so that a later change to the list cannot hide a difference."""
    return tuple(value) if isinstance(value, list) else value


def new_game(rules: Rules, rng: random.Random) -> GameState:
    state = GameState.new(rules, dealer=rng.choice([S, N]))
    deal(state, rng)
    return state


def deal(state: GameState, rng: random.Random) -> None:
    deck = pack(state.rules)
    rng.shuffle(deck)
    state.deal(deck)


@runs(150)
@given(RULES, SEEDS)
def test_the_fast_path_does_what_apply_does(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(rules, rng)
    while not state.is_over:
        if state.phase is Phase.DEAL:
            deal(state, rng)
            continue
        action = random_action(state, rng, declare=0.01)
        checked = state.copy()
        assert state.apply_legal(action) == checked.apply(action)
        assert everything(state) == everything(checked)


@runs(100)
@given(RULES, SEEDS)
def test_a_copy_is_independent_and_complete(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(rules, rng)
    while not state.is_over:
        if state.phase is Phase.DEAL:
            deal(state, rng)
            continue
        before = everything(state)
        copy = state.copy()
        assert vars(copy).keys() == vars(state).keys()
        assert everything(copy) == before
        while copy.phase in (Phase.LEAD, Phase.FOLLOW, Phase.MELD):
            copy.apply_legal(random_action(copy, rng, declare=0.01))
        assert everything(state) == before
        state.apply_legal(random_action(state, rng, declare=0.01))


@runs(100)
@given(RULES, SEEDS, st.integers(1, 8))
def test_push_and_pop_around_the_fast_path_restore_everything(
    rules: Rules, seed: int, depth: int
) -> None:
    rng = random.Random(seed)
    state = new_game(rules, rng)
    while not state.is_over:
        if state.phase is Phase.DEAL:
            deal(state, rng)
            continue
        trail = [everything(state)]
        for _ in range(depth):
            if state.phase not in (Phase.LEAD, Phase.FOLLOW, Phase.MELD):
                break
            state.push(random_action(state, rng, declare=0.02))
            if state.phase is Phase.MELD:  # a fast step between pushes: pop goes back past it
                state.apply_legal(random_action(state, rng))
            trail.append(everything(state))
        trail.pop()
        while trail:
            state.pop()
            assert everything(state) == trail.pop()
        state.apply_legal(random_action(state, rng))


@runs(60)
@given(RULES, SEEDS)
def test_a_state_rebuilt_from_a_view_offers_the_same_winners_turn(rules: Rules, seed: int) -> None:
    """The trick winner's options are cached; a state built from a view works them out afresh."""
    rng = random.Random(seed)
    state = new_game(Rules(**{**rules.model_dump(), "game": "single-deal"}), rng)
    while not state.is_over:
        if state.phase is Phase.MELD:
            seat = state.to_act
            hidden = cards_of(state.hands[seat.other] & ~state.public[seat.other])
            rebuilt = GameState.from_view(state.view(seat), hidden, [CARDS[c] for c in state.stock])
            assert list(rebuilt.legal_actions(seat)) == list(state.legal_actions(seat))
        state.apply_legal(random_action(state, rng))


def test_legal_actions_are_a_read_only_list() -> None:
    state = GameState.new(Rules(), dealer=N)
    state.deal(pack(Rules()))
    legal = state.legal_actions(S)
    plays = list(legal)
    assert legal == plays and legal[:2] == plays[:2] and type(legal[:2]) is list
    assert plays[3] in legal and DeclareOut(S) in legal and DeclareOut(N) not in legal
    changes: list[Callable[[], object]] = [
        lambda: legal.append(Draw(S)),
        lambda: legal.pop(),
        lambda: legal.sort(),
        lambda: legal.__setitem__(0, Draw(S)),
        lambda: legal.__delitem__(0),
        lambda: legal.__iadd__([Draw(S)]),
    ]
    for change in changes:
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert legal == plays
    for copied in (copy.copy(legal), copy.deepcopy(legal), pickle.loads(pickle.dumps(legal))):
        assert type(copied) is LegalActions and copied == legal


def test_the_engine_s_trick_and_meld_records_are_the_constructors() -> None:
    """The engine builds ``TrickWon`` and ``MeldScored`` as drafts of the same
    slots, not through their ``__init__``: each record must be the one the
    constructor makes, field for field."""
    state = GameState.new(Rules(), dealer=N)  # the pack in order: South holds A♠ A♠ 10♠ 10♠...
    state.deal(pack(Rules()))
    state.apply(state.parse_action("play 10S"))
    events = state.apply(state.parse_action("play KS", N))
    made = events[1]
    expected = TrickWon(S, Card.parse("10S"), Card.parse("KS"), S, 1, 14, False)
    assert type(made) is TrickWon
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    assert [getattr(made, f.name) for f in fields(TrickWon)] == [
        getattr(expected, f.name) for f in fields(TrickWon)
    ]
    assert state.tricks == [expected]
    meld = state.apply(state.parse_action("meld marriage KH QH"))[0]
    marriage = MeldScored(S, MeldKind.MARRIAGE, (Card.parse("KH"), Card.parse("QH")), 20)
    assert type(meld) is MeldScored and meld == marriage and hash(meld) == hash(marriage)
    assert [getattr(meld, f.name) for f in fields(MeldScored)] == [
        getattr(marriage, f.name) for f in fields(MeldScored)
    ]
    assert state.melds == [marriage]
