"""Shared helpers for the engine tests: stacked decks and terse play.

``stacked_state`` builds the deck order that deals exactly the given hands,
turn-up and stock top, so a test starts from a position written in cards.
The engine numbers copies by their first appearance in the deck; the helpers
below find the copy a seat really holds, so tests can mostly write plain faces.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import pytest

from pinochle_tui.ai.budget import Budget
from pinochle_tui.ai.registry import make_player
from pinochle_tui.ai.solver import solve_playoff
from pinochle_tui.engine import (
    Action,
    Card,
    DeclareOut,
    Draw,
    Event,
    ExchangeDix,
    GameState,
    IllegalActionError,
    Meld,
    MeldKind,
    Phase,
    Play,
    Player,
    PlayoffHead,
    Rules,
    Seat,
    ShowDix,
    pack,
)
from pinochle_tui.engine.deck import packets
from pinochle_tui.engine.scoring import rounded
from pinochle_tui.engine.tricks import reply_wins, trick_points

S, N = Seat.SOUTH, Seat.NORTH


def faces(text: str | Iterable[str]) -> list[str]:
    """Split ``"AS 10S KS"`` into faces; a list passes through."""
    return text.split() if isinstance(text, str) else list(text)


def stacked_deck(
    rules: Rules,
    dealer: Seat,
    hands: tuple[str | Sequence[str], str | Sequence[str]],
    turn_up: str,
    stock: str | Sequence[str] = (),
) -> list[str]:
    """The deck order (top first) that deals ``hands`` (South, North), ``turn_up``
    and a stock whose top cards are ``stock``; the rest of the stock follows in
    pack order, and a ``?`` in ``stock`` takes the next of those leftover cards."""
    wanted = [faces(hands[0]), faces(hands[1])]
    for seat in (S, N):
        assert len(wanted[seat]) == rules.hand_size, f"{seat} needs {rules.hand_size} cards"
    queues = [list(wanted[0]), list(wanted[1])]
    order: list[str] = []
    for to_dealer, count in packets(rules):
        seat = dealer if to_dealer else dealer.other
        order += queues[seat][:count]
        del queues[seat][:count]
    order.append(turn_up)
    order += faces(stock)
    left = Counter(c.code for c in pack(rules))
    left.subtract(Card.parse(f).code for f in order if f != "?")
    assert all(n >= 0 for n in left.values()), f"more than two of {-left}"
    rest = [
        code for code in sorted(left, key=lambda c: Card.parse(c).id) for _ in range(left[code])
    ]
    return [rest.pop(0) if f == "?" else f for f in order] + rest


def stacked_state(
    south: str | Sequence[str],
    north: str | Sequence[str],
    turn_up: str,
    stock: str | Sequence[str] = (),
    *,
    dealer: Seat = N,
    rules: Rules | None = None,
) -> GameState:
    """A state right after a stacked deal; North deals by default, so South leads."""
    rules = rules or Rules()
    state = GameState.new(rules, dealer=dealer)
    state.deal(stacked_deck(rules, dealer, (south, north), turn_up, stock))
    return state


def phase(state: GameState) -> Phase:
    """The phase, read afresh: after an ``assert state.phase is X`` mypy would
    otherwise keep assuming X although actions have changed it since."""
    return state.phase


def held(state: GameState, seat: Seat, text: str) -> Card:
    """The physical card ``seat`` holds for ``text``.

    ``QS#2`` names a copy; ``t:QS`` / ``h:QS`` ask for the copy on the table / in
    the hand; a plain ``QS`` takes a hand copy first, then a table copy.
    """
    where, _, face = text.rpartition(":")
    card = Card.parse(face)
    hand, table = state.hands[seat], state.tables[seat]
    places = {"t": [table], "h": [hand], "": [hand, table]}[where]
    copies = [card] if "#" in face else [card.face, card.face.twin]
    for mask in places:
        for copy in copies:
            if mask >> copy.id & 1:
                return copy
    raise AssertionError(f"{seat} does not hold {text}")


def play(state: GameState, text: str) -> list[Event]:
    """The player to act plays the card ``text``."""
    seat = state.to_act
    return state.apply(Play(seat, held(state, seat, text)))


def trick(state: GameState, lead: str, reply: str) -> list[Event]:
    """Play one whole trick: the leader's ``lead`` and the follower's ``reply``."""
    return play(state, lead) + play(state, reply)


def meld_action(state: GameState, kind: MeldKind, cards: str) -> Meld:
    """The trick winner's meld of ``cards`` (see ``held`` for how cards are named)."""
    seat = state.to_act
    return Meld(seat, kind, tuple(held(state, seat, c) for c in faces(cards)))


def meld(state: GameState, kind: MeldKind, cards: str) -> list[Event]:
    """The trick winner melds ``cards`` as ``kind``."""
    return state.apply(meld_action(state, kind, cards))


def snapshot(state: GameState) -> tuple[object, ...]:
    """Everything observable about a state, to prove an action changed nothing."""
    return (
        state.view(S),
        state.view(N),
        tuple(state.stock),
        state.turn_up,
        state.history.copy()._best,
        state.dix_left,
        state.melded,
        tuple(state.won),
        tuple(state.scores),
        state.phase,
        state.to_act,
    )


def random_action(state: GameState, rng: random.Random, declare: float = 0.0) -> Action:
    """A random legal action; DeclareOut only with probability ``declare``."""
    actions = list(state.legal_actions())
    outs = [a for a in actions if isinstance(a, DeclareOut)]
    rest = [a for a in actions if not isinstance(a, DeclareOut)]
    if outs and rng.random() < declare:
        return rng.choice(outs)
    return rng.choice(rest)


def win_trick(state: GameState, lead: str) -> list[Event]:
    """The player to act leads ``lead`` and the other replies with a losing card.

    The reply is the first legal card (hand before table) that does not win.
    """
    events = play(state, lead)
    follower = state.to_act
    plays = [a for a in state.legal_actions(follower) if isinstance(a, Play)]
    plays.sort(key=lambda a: (bool(state.tables[follower] >> a.card.id & 1), a.card.id))
    assert state.lead is not None
    for action in plays:
        if not reply_wins(state.lead, action.card.id, state.trump):
            return events + state.apply(action)
    raise AssertionError(f"{follower} cannot lose to {lead}")


def first_action(state: GameState) -> Action:
    """A fixed policy for scripted play: draw in the winner's turn (the face-down
    card), else the lowest legal card."""
    if state.phase is Phase.MELD:
        return Draw(state.to_act)
    return next(a for a in state.legal_actions(state.to_act) if isinstance(a, Play))


def advance(state: GameState, tricks: int) -> None:
    """Play with ``first_action`` until ``tricks`` tricks of the hand are finished
    (a pending winner's turn is left open)."""
    while len(state.tricks) < tricks or state.lead is not None:
        state.apply(first_action(state))


def melder(cards: str, turn_up: str, stock: str = "", rules: Rules | None = None) -> GameState:
    """South holds ``cards`` plus filler (plain 10s, then plain aces) and leads;
    North holds the lowest plain cards left, so it loses every trick it is asked to."""
    rules = rules or Rules()
    size = rules.hand_size
    plain = [s for s in "SHDC" if s != Card.parse(turn_up).suit.letter]
    left = Counter({c.code: 2 for c in pack(rules)})
    left.subtract(Card.parse(f).code for f in [*faces(cards), turn_up, *faces(stock)] if f != "?")

    def pick(wanted: int, ranks: str) -> list[str]:
        out: list[str] = []
        for code in (f"{r}{s}" for r in ranks.split() for s in plain):
            while left[code] > 0 and len(out) < wanted:
                left[code] -= 1
                out.append(code)
        return out

    south = faces(cards) + pick(size - len(faces(cards)), "10 A K")
    north = pick(size, "7 8 9 J Q K A")
    return stacked_state(south, north, turn_up, stock, rules=rules)


def filler(state: GameState) -> str:
    """A plain 10 (else a plain ace) from South's hand: a card no meld here needs."""
    for rank in ("10", "A"):
        for card in state.hand(S):
            if card.rank.code == rank and card.suit != state.trump:
                return card.tag
    raise AssertionError("South has no filler left")


def won(state: GameState, lead: str | None = None, *, to_meld: bool | None = True) -> None:
    """South leads ``lead`` (a filler card by default) and wins the trick.

    ``to_meld=True``: South's turn must still be open. ``False``: South draws (its
    turn may also have ended by itself). ``None``: leave it as it is.
    """
    assert state.to_act is S and state.phase is Phase.LEAD
    win_trick(state, lead or filler(state))
    if to_meld:
        assert phase(state) is Phase.MELD and state.to_act is S
    elif to_meld is False and phase(state) is Phase.MELD:
        state.apply(Draw(S))


def refused(state: GameState, action: Action, message: str) -> None:
    """``action`` is not offered, and applying it raises ``message`` and changes nothing."""
    before = snapshot(state)
    assert action not in state.legal_actions()
    with pytest.raises(IllegalActionError, match=message):
        state.apply(action)
    assert snapshot(state) == before


def strong_lead(state: GameState, keep: str = "") -> str:
    """The leader's highest hand card (trumps first among equals) whose face is not
    in ``keep``: a lead the follower rarely beats."""
    kept = set(faces(keep))
    hand = [c for c in state.hand(state.to_act) if c.code not in kept]
    best = min(hand, key=lambda c: (c.rank, c.suit != state.trump, c.id))
    return best.tag


def south_wins(state: GameState, tricks: int, keep: str = "") -> None:
    """South leads strong cards and wins the next ``tricks`` tricks, drawing after
    each; the winner's turn of the last one is left open if it has a choice."""
    for n in range(tricks):
        won(state, strong_lead(state, keep), to_meld=False if n < tricks - 1 else None)


def greedy_action(state: GameState) -> Action:
    """A fixed policy that scores: the biggest meld or dix action first, then
    ``first_action``; never declares out."""
    if state.phase is Phase.MELD:
        scoring = [
            a
            for a in state.legal_actions(state.to_act)
            if isinstance(a, Meld | ShowDix | ExchangeDix)
        ]
        if scoring:
            return max(scoring, key=lambda a: a.points if isinstance(a, Meld) else 10)
    return first_action(state)


def finish_hand(
    state: GameState, policy: Callable[[GameState], Action] = greedy_action
) -> list[Event]:
    """Play ``policy`` until the hand (or the game) is over; return the events."""
    events: list[Event] = []
    while state.phase not in (Phase.DEAL, Phase.GAME_OVER):
        events += state.apply(policy(state))
    return events


#: Samples of the hidden cards the sampling players draw in tests: what they
#: check (legal play, the seat view only, determinism) does not depend on the number.
TEST_BUDGET = Budget(samples=6)


def quick_player(level: str, seed: int | None = None) -> Player:
    """The registered player ``level``, on a small budget."""
    return make_player(level, seed, budget=TEST_BUDGET)


def playoff_value(state: GameState, card: int) -> int:
    """Points the seat to act takes from the rest of the playoff after playing
    ``card``, best play by both sides after it (the exact solver)."""
    seat, rules = state.to_act, state.rules
    hands = [state.hands[0], state.hands[1]]
    hands[seat] &= ~(1 << card)
    points, bonus = rules.card_points, rules.last_trick_bonus
    head = rules.playoff_head is PlayoffHead.ALWAYS

    def solve(to_act: int, lead: int | None) -> int:
        found = solve_playoff((hands[0], hands[1]), to_act, state.trump, points, head, lead, bonus)
        return found.points[seat]

    if state.lead is None:
        return solve(seat.other, card)
    won = points[(state.lead >> 1) & 7] + points[(card >> 1) & 7]
    winner = seat if reply_wins(state.lead, card, state.trump) else seat.other
    if not hands[0]:
        return won + bonus if winner == seat else 0
    return solve(winner, None) + (won if winner == seat else 0)


def playoff_margin(state: GameState, card: int) -> int:
    """The score as it counts after ``card`` and best play by both sides: the
    seat to act's rounded trick count at the end of the hand less the other's."""
    seat, points = state.to_act, state.rules.card_points
    in_play = state.hands[0] | state.hands[1] | (0 if state.lead is None else 1 << state.lead)
    total = trick_points(in_play, points) + state.rules.last_trick_bonus
    mine = playoff_value(state, card)
    won = [trick_points(state.won[s], points) for s in Seat]
    return rounded(won[seat] + mine) - rounded(won[seat.other] + total - mine)
