"""The pack and the deal: deck checks, packets of 4 and 3, 48 and 64 cards."""

from __future__ import annotations

import random

import pytest

from pinochle_tui.engine import (
    Card,
    DeckError,
    GameState,
    Phase,
    Rules,
    Seat,
    deal,
    pack,
    physical_deck,
    shuffled_deck,
)
from pinochle_tui.engine.deck import packets
from tests.helpers import N, S, snapshot

R48, R64 = Rules(), Rules(pack=64)


def numbered(rules: Rules) -> list[str]:
    """A deck order whose cards are easy to follow: the pack in id order."""
    return [c.code for c in pack(rules)]


def test_pack_sizes() -> None:
    assert len(pack(R48)) == 48 and len(pack(R64)) == 64
    assert {c.rank.code for c in pack(R48)} == {"A", "10", "K", "Q", "J", "9"}
    assert sum(c.points for c in pack(R48)) == 240 == sum(c.points for c in pack(R64))


def test_shuffled_deck_is_a_permutation_and_seeded() -> None:
    one = shuffled_deck(R48, random.Random(7))
    assert sorted(c.id for c in one) == [c.id for c in pack(R48)]
    assert one == shuffled_deck(R48, random.Random(7))


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (["AS"] * 2 + ["10S"] * 45, "has 48 cards, not 47"),
        ([*numbered(R48), "AS"], "has 48 cards, not 49"),
        (["AS"] * 3 + numbered(R48)[3:], r"card 3: AS appears more than twice"),
        (["8S", *numbered(R48)[1:]], r"card 1 \(8S\) is not in the 48-card pack"),
        (["7C", *numbered(R48)[1:]], r"card 1 \(7C\) is not in the 48-card pack"),
        (numbered(R48) + numbered(R48)[:16], "has 48 cards, not 64"),
    ],
)
def test_malformed_decks(deck: list[str], message: str) -> None:
    with pytest.raises(DeckError, match=message):
        physical_deck(deck, R48)


def test_bad_card_text_in_deck_is_a_card_parse_error() -> None:
    from pinochle_tui.engine import CardParseError

    with pytest.raises(CardParseError, match="'XX' is not a card"):
        physical_deck(["XX", *numbered(R48)[1:]], R48)


def test_malformed_deck_leaves_the_state_unchanged() -> None:
    state = GameState.new(R48, dealer=N)
    before = snapshot(state)
    with pytest.raises(DeckError):
        state.deal(numbered(R48)[:-1])
    assert snapshot(state) == before and state.phase is Phase.DEAL and state.hand_no == 0


def test_copies_are_numbered_by_first_appearance() -> None:
    cards = physical_deck(numbered(R48), R48)
    assert [c.tag for c in cards[:4]] == ["AS#1", "AS#2", "10S#1", "10S#2"]
    assert len(set(cards)) == 48


def test_packets() -> None:
    assert packets(R48) == [(False, 4), (True, 4)] * 3
    assert packets(Rules(deal_packet=3)) == [(False, 3), (True, 3)] * 4
    assert packets(R64) == [(False, 4), (True, 4)] * 4
    assert packets(Rules(pack=64, deal_packet=3)) == [(False, 3), (True, 3)] * 5 + [
        (False, 1),
        (True, 1),
    ]


def positions(rules: Rules, dealer: Seat) -> tuple[list[int], list[int], int, list[int]]:
    """Deal a deck of distinct markers and report which deck positions went where."""
    deck = pack(rules)
    dealt = deal(deck, dealer, rules)
    where = {c.id: i for i, c in enumerate(physical_deck(deck, rules))}
    return (
        [where[c.id] for c in dealt.hands[dealer.other]],
        [where[c.id] for c in dealt.hands[dealer]],
        where[dealt.turn_up.id],
        [where[c.id] for c in dealt.stock],
    )


def test_deal_48_in_fours_non_dealer_first() -> None:
    non_dealer, dealer, turn_up, stock = positions(R48, Seat.SOUTH)
    assert non_dealer == [*range(0, 4), *range(8, 12), *range(16, 20)]
    assert dealer == [*range(4, 8), *range(12, 16), *range(20, 24)]
    assert turn_up == 24 and stock == list(range(25, 48))


def test_deal_48_in_threes() -> None:
    non_dealer, dealer, turn_up, stock = positions(Rules(deal_packet=3), Seat.NORTH)
    assert non_dealer == [0, 1, 2, 6, 7, 8, 12, 13, 14, 18, 19, 20]
    assert dealer == [3, 4, 5, 9, 10, 11, 15, 16, 17, 21, 22, 23]
    assert turn_up == 24 and len(stock) == 23


def test_deal_64_in_fours() -> None:
    non_dealer, dealer, turn_up, stock = positions(R64, Seat.SOUTH)
    assert non_dealer == [i for p in range(0, 32, 8) for i in range(p, p + 4)]
    assert dealer == [i for p in range(4, 32, 8) for i in range(p, p + 4)]
    assert turn_up == 32 and stock == list(range(33, 64))


def test_deal_64_in_threes_five_packets_then_one_card_each() -> None:
    non_dealer, dealer, turn_up, stock = positions(Rules(pack=64, deal_packet=3), Seat.SOUTH)
    assert non_dealer == [*(i for p in range(0, 30, 6) for i in range(p, p + 3)), 30]
    assert dealer == [*(i for p in range(3, 30, 6) for i in range(p, p + 3)), 31]
    assert len(non_dealer) == len(dealer) == 16
    assert turn_up == 32 and stock == list(range(33, 64))


def test_state_deal_stock_order_and_first_lead() -> None:
    deck = numbered(R48)
    state = GameState.new(R48, dealer=S)
    events = state.deal(deck)
    assert state.dealer is S and state.to_act is N and state.phase is Phase.LEAD
    assert state.turn_up == Card.parse(deck[24]).id  # the 25th card: AD#1
    assert str(Card.from_id(state.turn_up)) == "A♦" and state.trump_suit is not None
    assert state.stock_size == 23
    # Draws come off the top of the stock: card 26 first, then 27.
    assert [Card.from_id(i).tag for i in reversed(state.stock)][:3] == ["AD#2", "10D#1", "10D#2"]
    assert type(events[0]).__name__ == "HandDealt"


def test_dealing_twice_is_refused() -> None:
    state = GameState.new(R48)
    state.deal(numbered(R48))
    from pinochle_tui.engine import IllegalActionError

    with pytest.raises(IllegalActionError, match="still being played"):
        state.deal(numbered(R48))
