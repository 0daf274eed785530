"""The playoff (R16): follow suit; on a trump lead beat it if able; if void, trump
if able; with the option, beat every lead when able. Replies are counted in a
real playoff position and refusals explain themselves."""

from __future__ import annotations

import pytest

from pinochle_tui.engine import Card, Draw, GameState, Phase, Play, PlayoffHead, Rules, Suit
from pinochle_tui.engine.cards import mask_of
from pinochle_tui.engine.tricks import playoff_replies
from tests.helpers import N, S, faces, held, melder, play, refused, south_wins

SOUTH = "KS QS JS 9S KH QH KD QD 10C 10C KC QC"
NORTH = "KS QS JS 9S 9D 9D KC QC JC JC 9C 9C"


def reference(hand: list[Card], lead: Card, trump: Suit, always: bool) -> set[Card]:
    """R16.2 written out on cards, independently of the engine's bitmasks."""
    same = [c for c in hand if c.suit == lead.suit]
    if same:
        if lead.suit == trump or always:
            higher = [c for c in same if c.rank.beats(lead.rank)]
            return set(higher or same)
        return set(same)
    trumps = [c for c in hand if c.suit == trump]
    return set(trumps if lead.suit != trump and trumps else hand)


@pytest.mark.parametrize(
    ("hand", "lead", "trump_only", "always"),
    [
        ("AH 10H 9H KS 9C", "KH", "AH 10H 9H", "AH 10H"),
        ("AH#2 10H KS", "AH", "AH#2 10H", "AH#2 10H"),  # an identical card is not higher
        ("KS 9S AH", "QS", "KS", "KS"),
        ("JS 9S AH", "QS", "JS 9S", "JS 9S"),
        ("QS#2 JS AH", "QS", "QS#2 JS", "QS#2 JS"),
        ("KS 9S AC", "10H", "KS 9S", "KS 9S"),  # void: trump
        ("AC AD", "10H", "AC AD", "AC AD"),  # void, no trump: anything
        ("AC AD", "QS", "AC AD", "AC AD"),  # void in trumps on a trump lead
    ],
)
def test_reply_sets(hand: str, lead: str, trump_only: str, always: str) -> None:
    cards = [Card.parse(c) for c in faces(hand)]
    led = Card.parse(lead)
    for head, expected in ((False, trump_only), (True, always)):
        want = {Card.parse(c) for c in faces(expected)}
        got = playoff_replies(mask_of(cards), led.id, Suit.SPADES, head)
        assert got == mask_of(want)
        assert reference(cards, led, Suit.SPADES, head) == want


def playoff(rules: Rules | None = None) -> GameState:
    """Spades trump; South won all twelve tricks of the first phase and leads."""
    state = melder("", "KS", rules=rules)
    south_wins(state, 12)
    state.apply(Draw(S))
    assert state.playoff and state.phase is Phase.LEAD and state.to_act is S
    assert sorted(c.code for c in state.hand(S)) == sorted(faces(SOUTH))
    assert sorted(c.code for c in state.hand(N)) == sorted(faces(NORTH))
    return state


def replies(state: GameState) -> list[str]:
    return sorted(a.card.code for a in state.legal_actions(N) if isinstance(a, Play))


ALWAYS = Rules(playoff_head=PlayoffHead.ALWAYS)


@pytest.mark.parametrize(
    ("lead", "default", "always"),
    [
        ("KH", "9S JS KS QS", "9S JS KS QS"),  # void in hearts: any trump
        ("10C", "9C 9C JC JC KC QC", "9C 9C JC JC KC QC"),  # nothing beats 10♣
        ("QC", "9C 9C JC JC KC QC", "KC"),
        ("QS", "KS", "KS"),  # trump lead: beat it
        ("KS", "9S JS KS QS", "9S JS KS QS"),  # cannot beat K♠: any trump
        ("KD", "9D 9D", "9D 9D"),
    ],
)
def test_reply_counts_in_a_real_playoff(lead: str, default: str, always: str) -> None:
    for rules, expected in ((None, default), (ALWAYS, always)):
        state = playoff(rules)
        assert len(state.legal_actions(S)) == 12 + 1  # any lead, or declare out
        play(state, lead)
        assert replies(state) == sorted(faces(expected))


def test_leader_may_lead_anything() -> None:
    state = playoff()
    plays = {a.card.code for a in state.legal_actions(S) if isinstance(a, Play)}
    assert plays == set(faces(SOUTH))


@pytest.mark.parametrize(
    ("rules", "lead", "reply", "message"),
    [
        (None, "KH", "9D", "You have no ♥, so you must trump: you hold ♠"),
        (None, "10C", "KS", "You must follow suit: you hold ♣"),
        (None, "QS", "9S", "You must beat the lead: you hold a trump higher than Q♠"),
        (None, "QS", "QS", "You must beat the lead: you hold a trump higher than Q♠"),
        (None, "QS", "9D", "You must follow suit: you hold ♠"),
        (ALWAYS, "QC", "JC", "You must beat the lead: you hold a ♣ higher than Q♣"),
        (ALWAYS, "KD", "KS", "You must follow suit: you hold ♦"),
    ],
)
def test_refused_replies(rules: Rules | None, lead: str, reply: str, message: str) -> None:
    state = playoff(rules)
    play(state, lead)
    refused(state, Play(N, held(state, N, reply)), message)


def test_playoff_trick_goes_to_the_winner_who_leads_next() -> None:
    state = playoff()
    play(state, "10C")
    play(state, "KC")
    assert state.tricks[-1].winner == S and state.to_act is S and state.phase is Phase.LEAD
    play(state, "KH")
    play(state, "9S")  # trumps the heart
    assert state.tricks[-1].winner == N and state.to_act is N
