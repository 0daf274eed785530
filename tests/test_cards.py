"""Cards: parsing (case, symbols, copies), display forms, ids and masks."""

from __future__ import annotations

import pytest

from pinochle_tui.engine import CARDS, Card, CardParseError, Rank, Suit
from pinochle_tui.engine.cards import cards_of, ids_of, mask_of


@pytest.mark.parametrize(
    ("text", "rank", "suit", "copy"),
    [
        ("QS", Rank.QUEEN, Suit.SPADES, 1),
        ("qs", Rank.QUEEN, Suit.SPADES, 1),
        ("Q♠", Rank.QUEEN, Suit.SPADES, 1),
        ("q♤", Rank.QUEEN, Suit.SPADES, 1),
        ("10H", Rank.TEN, Suit.HEARTS, 1),
        ("10h#2", Rank.TEN, Suit.HEARTS, 2),
        ("T♥", Rank.TEN, Suit.HEARTS, 1),
        (" a♦ ", Rank.ACE, Suit.DIAMONDS, 1),
        ("JC#2", Rank.JACK, Suit.CLUBS, 2),
        ("9♧", Rank.NINE, Suit.CLUBS, 1),
        ("8D", Rank.EIGHT, Suit.DIAMONDS, 1),
        ("7s#1", Rank.SEVEN, Suit.SPADES, 1),
    ],
)
def test_parse(text: str, rank: Rank, suit: Suit, copy: int) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit, card.copy) == (rank, suit, copy)


@pytest.mark.parametrize("text", ["", "Q", "S", "QX", "11H", "1H", "QS#3", "QS#0", "QSS", "ZZ"])
def test_bad_text_is_rejected_with_a_clear_error(text: str) -> None:
    with pytest.raises(CardParseError, match="not a card: write rank then suit"):
        Card.parse(text)


def test_non_text_is_rejected() -> None:
    with pytest.raises(CardParseError, match="must be text"):
        Card.parse(12)  # type: ignore[arg-type]


def test_bad_copy_number() -> None:
    with pytest.raises(CardParseError, match="copy is 1 or 2"):
        Card(Rank.ACE, Suit.SPADES, 3)


def test_suit_and_rank_parse_errors_name_the_choices() -> None:
    with pytest.raises(CardParseError, match="use S, H, D, C"):
        Suit.parse("X")
    with pytest.raises(CardParseError, match="use A, 10, K"):
        Rank.parse("1")
    assert Suit.parse("spades") is Suit.SPADES
    assert Suit.parse("Heart") is Suit.HEARTS


def test_display_code_and_tag() -> None:
    card = Card.parse("10H#2")
    assert (str(card), card.code, card.tag) == ("10♥", "10H", "10H#2")
    assert repr(card) == "Card.parse('10H#2')"
    assert card.face == Card.parse("10H") and card.twin == Card.parse("10H#1")
    assert card != card.twin and card.face == card.twin.face


def test_points_and_rank_order() -> None:
    assert [Card.parse(f"{r}S").points for r in ["A", "10", "K", "Q", "J", "9", "8", "7"]] == [
        11,
        10,
        4,
        3,
        2,
        0,
        0,
        0,
    ]
    assert Rank.TEN.beats(Rank.KING) and Rank.ACE.beats(Rank.TEN)
    assert not Rank.KING.beats(Rank.KING) and not Rank.NINE.beats(Rank.JACK)


def test_ids_are_unique_and_masks_round_trip() -> None:
    assert [c.id for c in CARDS] == list(range(64))
    assert all(Card.parse(c.tag) is c for c in CARDS)
    some = [Card.parse(t) for t in ("AS", "AS#2", "9C", "JD#2")]
    mask = mask_of(some)
    assert mask.bit_count() == 4
    assert cards_of(mask) == sorted(some, key=lambda c: c.id)
    assert ids_of(mask) == sorted(c.id for c in some)
    assert Suit.HEARTS.mask & mask_of([Card.parse("10H")]) and not Suit.SPADES.mask & (1 << 16)


def test_suit_properties() -> None:
    assert [s.letter for s in Suit] == ["S", "H", "D", "C"]
    assert "".join(str(s) for s in Suit) == "♠♥♦♣"
    assert [s.is_red for s in Suit] == [False, True, True, False]
