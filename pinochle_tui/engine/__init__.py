"""The pure rules engine of two-handed pinochle (Hoyle rules).

Nothing here imports Textual, Rich, the AI or does I/O. Start with
``GameState.new(rules)``, ``deal(deck)``, then ``legal_actions()`` and
``apply(action)`` until ``is_over``.
"""

from pinochle_tui.engine.actions import (
    Action,
    DeclareOut,
    Draw,
    ExchangeDix,
    Meld,
    Play,
    ShowDix,
    parse_action,
)
from pinochle_tui.engine.cards import CARDS, Card, Rank, Suit
from pinochle_tui.engine.deck import Deal, deal, pack, physical_deck, shuffled_deck
from pinochle_tui.engine.errors import (
    CardParseError,
    DeckError,
    IllegalActionError,
    PinochleError,
)
from pinochle_tui.engine.events import Event, visible_card
from pinochle_tui.engine.melds import MeldClass, MeldKind
from pinochle_tui.engine.rules import (
    DeclareOut as DeclareOutRule,
)
from pinochle_tui.engine.rules import (
    Escalation,
    GameMode,
    LastDraw,
    PlayoffHead,
    Rules,
    TrickCount,
)
from pinochle_tui.engine.scoring import end_of_hand, rounded
from pinochle_tui.engine.seats import Seat
from pinochle_tui.engine.state import GameState, LegalActions
from pinochle_tui.engine.view import MeldRecord, Phase, SeatView, TrickRecord

__all__ = [
    "CARDS",
    "Action",
    "Card",
    "CardParseError",
    "Deal",
    "DeckError",
    "DeclareOut",
    "DeclareOutRule",
    "Draw",
    "Escalation",
    "Event",
    "ExchangeDix",
    "GameMode",
    "GameState",
    "IllegalActionError",
    "LastDraw",
    "LegalActions",
    "Meld",
    "MeldClass",
    "MeldKind",
    "MeldRecord",
    "Phase",
    "PinochleError",
    "Play",
    "PlayoffHead",
    "Rank",
    "Rules",
    "Seat",
    "SeatView",
    "ShowDix",
    "Suit",
    "TrickCount",
    "TrickRecord",
    "deal",
    "end_of_hand",
    "pack",
    "parse_action",
    "physical_deck",
    "rounded",
    "shuffled_deck",
    "visible_card",
]
