"""The card keys across a hand: kept while cards leave, given back with a move
taken back, and numbered afresh at a new deal."""

from __future__ import annotations

from pinochle_tui.engine import Card, Suit
from pinochle_tui.tui.handkeys import PICK_KEYS, HandKeys


def cards(text: str) -> list[Card]:
    return [Card.parse(face) for face in text.split()]


def test_every_move_taken_back_gives_back_the_keys_before_it() -> None:
    """The playoff: cards only leave, so the keys have gaps; taking the moves back
    one by one brings back each set of keys as it was, gaps and all."""
    keys = HandKeys()
    hand = cards("AC 10C KC QC JC 9C AS 10S KS QS JS 9S")
    seen = [keys.update(hand, Suit.CLUBS)]
    assert list(seen[0].values()) == list(PICK_KEYS[:12])
    for played in range(1, 4):
        seen.append(keys.update(hand[2 * played :], Suit.CLUBS))
    for played in (2, 1, 0):
        assert keys.update(hand[2 * played :], Suit.CLUBS) == seen[played]


def test_a_new_deal_is_numbered_afresh_even_with_cards_held_before() -> None:
    keys = HandKeys()
    old = cards("9S AH KC")
    keys.update(old, Suit.CLUBS)
    keys.update(old[:2], Suit.CLUBS)  # KC played: 9S and AH keep 3 and 2
    keys.update([], Suit.CLUBS)  # the hand played out
    assert keys.update(old[:2], Suit.SPADES) == {old[0]: "1", old[1]: "2"}
