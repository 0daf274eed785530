"""Property tests over random whole games with random rule options.

Each example is one game (a single deal, or a match to a random target) played
with random legal actions, declaring out now and then. Together the tests play
well over a thousand games per run.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle_tui.engine import (
    CARDS,
    Action,
    Card,
    DeclareOut,
    Draw,
    Event,
    ExchangeDix,
    GameState,
    Meld,
    MeldKind,
    Phase,
    PinochleError,
    Play,
    Rules,
    Seat,
    ShowDix,
    Table,
    UnsavedGame,
    pack,
)
from pinochle_tui.engine.cards import cards_of
from pinochle_tui.engine.events import (
    CardDrawn,
    CardPlayed,
    DixExchanged,
    DixShown,
    HandDealt,
    HandScored,
    LastCardRevealed,
    MeldScored,
)
from pinochle_tui.engine.melds import identify
from tests.helpers import random_action, snapshot
from tests.test_playoff import reference

RULES = st.builds(
    Rules,
    pack=st.sampled_from([48, 64]),
    deal_packet=st.sampled_from([3, 4]),
    trick_count=st.sampled_from(["classic", "simplified", "counters"]),
    double_pinochle=st.booleans(),
    dix_per_trick=st.sampled_from([1, 2]),
    dix_scores_when_played=st.booleans(),
    last_draw=st.sampled_from(["winner-takes-stock", "winner-chooses"]),
    playoff_head=st.sampled_from(["trump-lead", "always"]),
    game=st.sampled_from(["single-deal", "single-deal", "match"]),
    target=st.sampled_from([250, 500, 1000]),
    escalation=st.sampled_from(["continue", "reevaluate"]),
    declare_out=st.sampled_from(["standard", "alt1", "alt2"]),
)
SEEDS = st.integers(0, 2**32 - 1)


def runs(games: int) -> settings:
    """Hypothesis settings for ``games`` random games (no deadline: a game is long)."""
    return settings(max_examples=games, deadline=None, suppress_health_check=[HealthCheck.too_slow])


S, N = Seat.SOUTH, Seat.NORTH


def play_game(
    rules: Rules, seed: int, step: Callable[[GameState, random.Random], None] | None = None
) -> tuple[GameState, list[Event], list[Action | list[Card]]]:
    """One random game through the table driver (every action a decision):
    returns the final state, every event, and the script (decks and actions)
    that reproduces it. ``step(state, rng)`` runs before each action and deal."""
    rng = random.Random(seed)
    script: list[Action | list[Card]] = []

    def decks(hand_no: int) -> list[Card]:
        if step is not None:
            step(game.state, rng)
        deck = pack(rules)
        rng.shuffle(deck)
        script.append(deck)
        return deck

    game = UnsavedGame.new(rules, decks, dealer=rng.choice([S, N]))
    table = Table(game, auto_forced=False)
    events = table.advance()
    while table.decision() is not None:
        if step is not None:
            step(game.state, rng)
        action = random_action(game.state, rng, declare=0.004)
        script.append(action)
        events += table.act(action)
    return game.state, events, script


# -- invariants ------------------------------------------------------------


def places(state: GameState) -> list[int]:
    """The masks of every place a card can be; each card must be in exactly one."""
    single = [1 << i for i in (state.turn_up, state.lead) if i is not None]
    return [*state.hands, *state.tables, *state.won, *(1 << i for i in state.stock), *single]


def check_conservation(state: GameState) -> None:
    if state.hand_no == 0:
        return
    seen = 0
    for mask in places(state):
        assert not seen & mask, "a card is in two places"
        seen |= mask
    assert seen == sum(c.bit for c in pack(state.rules)), "a card is missing"


def check_legal_actions(state: GameState, rng: random.Random) -> None:
    actions = list(state.legal_actions())
    if state.phase in (Phase.DEAL, Phase.GAME_OVER):
        assert actions == []
        return
    assert any(a.seat == state.to_act and not isinstance(a, DeclareOut) for a in actions)
    assert len(set(actions)) == len(actions)
    for action in actions:
        assert state.is_legal(action)
    for action in rng.sample(actions, min(2, len(actions))):
        state.copy().apply(action)  # every offered action applies
    # An unoffered action is refused and changes nothing.
    bogus = random_unoffered(state, rng, actions)
    before = snapshot(state)
    try:
        state.apply(bogus)
    except PinochleError:
        pass
    else:
        raise AssertionError(f"{bogus} was applied but not offered")
    assert snapshot(state) == before


def random_unoffered(state: GameState, rng: random.Random, offered: list[Action]) -> Action:
    cards = pack(state.rules)
    while True:
        seat = rng.choice([S, N])
        kind = rng.randrange(6)
        action: Action
        if kind == 0:
            action = Play(seat, rng.choice(cards))
        elif kind == 1:
            meld_kind = rng.choice(list(MeldKind))
            action = Meld(seat, meld_kind, tuple(rng.sample(cards, rng.choice([2, 4, 5]))))
        elif kind == 2:
            action = ShowDix(seat, rng.choice(cards))
        elif kind == 3:
            action = ExchangeDix(seat, rng.choice(cards))
        elif kind == 4:
            action = Draw(seat, take_turn_up=rng.random() < 0.5)
        else:
            action = DeclareOut(seat)
        if action not in offered:
            return action


def check_playoff_reply(state: GameState) -> None:
    if not (state.playoff and state.phase is Phase.FOLLOW):
        return
    assert state.lead is not None
    seat = state.to_act
    offered = {a.card for a in state.legal_actions(seat) if isinstance(a, Play)}
    always = state.rules.playoff_head.value == "always"
    trump = state.trump_suit
    assert trump is not None
    assert offered == reference(state.hand(seat), CARDS[state.lead], trump, always)


def step_checks(state: GameState, rng: random.Random) -> None:
    check_conservation(state)
    check_legal_actions(state, rng)
    check_playoff_reply(state)
    if state.phase is Phase.LEAD:
        held = [(state.hands[s] | state.tables[s]).bit_count() for s in (S, N)]
        assert held[0] == held[1]
    if state.phase is Phase.MELD:
        # The winner's turn never waits on a lone draw: that ends it by itself.
        own = [a for a in state.legal_actions(state.to_act) if not isinstance(a, DeclareOut)]
        assert own != [Draw(state.to_act)]


@runs(300)
@given(RULES, SEEDS)
def test_invariants_at_every_step(rules: Rules, seed: int) -> None:
    state, events, _ = play_game(rules, seed, step_checks)
    for event in events:
        if isinstance(event, HandScored):
            assert sum(event.trick_points) == 250
            assert sum(event.rounded) in (240, 250)
    assert state.is_over
    if rules.game.value == "single-deal":
        assert sum(isinstance(e, HandDealt) for e in events) == 1


@runs(300)
@given(RULES, SEEDS)
def test_same_deck_and_actions_give_the_same_game(rules: Rules, seed: int) -> None:
    state, events, script = play_game(rules, seed)
    again = GameState.new(rules, dealer=state.dealer if state.hand_no % 2 else state.dealer.other)
    replayed: list[Event] = []
    for item in script:
        replayed += again.deal(item) if isinstance(item, list) else again.apply(item)
    assert replayed == events
    assert snapshot(again) == snapshot(state) and again.winner == state.winner


# -- what a seat may know --------------------------------------------------


class Knowledge:
    """Every card each seat has been shown, rebuilt from the events alone."""

    def __init__(self) -> None:
        self.known: list[set[Card]] = [set(), set()]

    def see(self, state: GameState, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, HandDealt):
                self.known = [set(state.hand(S)), set(state.hand(N))]
                for known in self.known:
                    known.add(event.turn_up)
            public: list[Card] = []
            if isinstance(event, CardPlayed | LastCardRevealed | DixShown):
                public = [event.card]
            elif isinstance(event, DixExchanged):
                public = [event.dix, event.turn_up]
            elif isinstance(event, MeldScored):
                public = list(event.cards)
            elif isinstance(event, CardDrawn):
                if event.turn_up:
                    public = [event.card]
                else:
                    self.known[event.seat].add(event.card)
            for known in self.known:
                known.update(public)

    def check(self, state: GameState) -> None:
        for seat in (S, N):
            view = state.view(seat)
            named = view.visible_cards() | set(view.dix_counted)
            named |= {c for m in view.melds for c in m.cards}
            assert named <= self.known[seat], named - self.known[seat]
            assert not set(view.unseen) & set(view.hand)
            if state.hand_no:
                everything = set(pack(state.rules))
                assert set(view.unseen) == everything - view.visible_cards() - set(view.dix_counted)


@runs(250)
@given(RULES, SEEDS)
def test_a_view_names_only_cards_its_seat_knows(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    state = GameState.new(rules, dealer=rng.choice([S, N]))
    knowledge = Knowledge()
    while not state.is_over:
        if state.phase is Phase.DEAL:
            deck = pack(rules)
            rng.shuffle(deck)
            events = state.deal(deck)
        else:
            events = state.apply(random_action(state, rng, declare=0.004))
        knowledge.see(state, events)
        knowledge.check(state)


# -- undo ------------------------------------------------------------------


@runs(150)
@given(RULES, SEEDS, st.integers(1, 6))
def test_push_and_pop_restore_the_exact_state(rules: Rules, seed: int, depth: int) -> None:
    rng = random.Random(seed)
    state = GameState.new(rules, dealer=S)
    steps = 0
    while not state.is_over:
        if state.phase is Phase.DEAL:
            deck = pack(rules)
            rng.shuffle(deck)
            state.deal(deck)
            continue
        if steps % 7 == 0:
            trail = [snapshot(state)]
            for _ in range(depth):
                if state.phase not in (Phase.LEAD, Phase.FOLLOW, Phase.MELD):
                    break
                state.push(random_action(state, rng, declare=0.05))
                trail.append(snapshot(state))
            trail.pop()
            while trail:
                state.pop()
                assert snapshot(state) == trail.pop()
        state.apply(random_action(state, rng))
        steps += 1


# -- meld enumeration ------------------------------------------------------


def brute_force_melds(state: GameState) -> set[Meld]:
    seat = state.to_act
    owned = cards_of(state.hands[seat] | state.tables[seat])
    found: set[Meld] = set()
    for size in (2, 4, 5):
        for cards in combinations(owned, size):
            kind = identify(state.patterns, list(cards))
            if kind is not None and state.is_legal(Meld(seat, kind, cards)):
                found.add(Meld(seat, kind, cards))
    return found


@runs(60)
@given(RULES, SEEDS)
def test_meld_enumeration_matches_brute_force(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    state = GameState.new(Rules(**{**rules.model_dump(), "game": "single-deal"}), dealer=S)
    state.deal(pack(rules) if seed % 2 else rng.sample(pack(rules), rules.pack))
    while not state.is_over:
        if state.phase is Phase.MELD and not state.melded:
            offered = [a for a in state.legal_actions() if isinstance(a, Meld)]
            assert len(offered) == len(set(offered))
            assert set(offered) == brute_force_melds(state)
        state.apply(random_action(state, rng))
