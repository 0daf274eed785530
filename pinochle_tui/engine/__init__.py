"""The pure rules engine of two-handed pinochle (Hoyle rules), API 1.0.

Nothing here imports Textual, Rich, the AI or does I/O. A game is a
``GameState``: ``deal(deck)`` starts each hand, ``legal_actions(seat)`` lists
what a seat may do, ``apply(action)`` does one action (refusing an illegal one
with ``IllegalActionError`` and a reason a player can read, the state
unchanged) and returns the events it caused, ``view(seat)`` is all a seat may
know, and ``outcome`` says how the game ended. ``docs/engine.md`` is the guide
for programmers; ``docs/position.md`` specifies the position notation.

A complete bot loop: a single deal between two bots that see only their
seat's view and pick a legal action.

>>> import random
>>> rules = Rules(game="single-deal")
>>> state = GameState.new(rules, dealer=Seat.NORTH)
>>> _ = state.deal(shuffled_deck(rules, random.Random(7)))
>>> def bot(view: SeatView, legal: LegalActions) -> Action:
...     melds = [a for a in legal if isinstance(a, Meld)]
...     if melds:  # meld the biggest, else play or draw the first choice
...         return max(melds, key=lambda meld: meld.points)
...     return next(a for a in legal if not isinstance(a, DeclareOut))
>>> while not state.is_over:
...     seat = state.to_act
...     events = state.apply(bot(state.view(seat), state.legal_actions(seat)))
>>> state.outcome.termination in (Termination.SINGLE_DEAL_WON, Termination.SINGLE_DEAL_DRAWN)
True
>>> sum(state.outcome.scores) >= 250  # the tricks alone count 250 before rounding
True
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
    ActionParseError,
    AmbiguousActionError,
    CardParseError,
    DeckError,
    IllegalActionError,
    MeldParseError,
    PinochleError,
    PositionError,
)
from pinochle_tui.engine.events import (
    CardDrawn,
    CardPlayed,
    ClaimCounted,
    DixExchanged,
    DixPlayed,
    DixShown,
    DixTurned,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    LastCardRevealed,
    MeldScored,
    OutDeclared,
    PlayoffStarted,
    TargetRaised,
    TrickWon,
    visible_card,
)
from pinochle_tui.engine.melds import MeldClass, MeldKind
from pinochle_tui.engine.outcome import Outcome, Termination
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
from pinochle_tui.engine.table import Decision, Game, Player, Table, UndoableGame, UnsavedGame
from pinochle_tui.engine.view import Phase, SeatView

__all__ = [
    "CARDS",
    "Action",
    "ActionParseError",
    "AmbiguousActionError",
    "Card",
    "CardDrawn",
    "CardParseError",
    "CardPlayed",
    "ClaimCounted",
    "Deal",
    "Decision",
    "DeckError",
    "DeclareOut",
    "DeclareOutRule",
    "DixExchanged",
    "DixPlayed",
    "DixShown",
    "DixTurned",
    "Draw",
    "Escalation",
    "Event",
    "ExchangeDix",
    "Game",
    "GameMode",
    "GameOver",
    "GameState",
    "HandDealt",
    "HandScored",
    "IllegalActionError",
    "LastCardRevealed",
    "LastDraw",
    "LegalActions",
    "Meld",
    "MeldClass",
    "MeldKind",
    "MeldParseError",
    "MeldScored",
    "OutDeclared",
    "Outcome",
    "Phase",
    "PinochleError",
    "Play",
    "Player",
    "PlayoffHead",
    "PlayoffStarted",
    "PositionError",
    "Rank",
    "Rules",
    "Seat",
    "SeatView",
    "ShowDix",
    "Suit",
    "Table",
    "TargetRaised",
    "Termination",
    "TrickCount",
    "TrickWon",
    "UndoableGame",
    "UnsavedGame",
    "deal",
    "end_of_hand",
    "pack",
    "parse_action",
    "physical_deck",
    "rounded",
    "shuffled_deck",
    "visible_card",
]
