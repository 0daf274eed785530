"""The game log in words: one line per event, never naming a card the reader cannot see.

``viewer`` is the seat reading the log, or None when both players read it
(hotseat), in which case only public cards are named.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pinochle_tui.engine import Card, Event, Seat, visible_card
from pinochle_tui.engine.events import (
    CardDrawn,
    CardPlayed,
    ClaimCounted,
    DixExchanged,
    DixPlayed,
    DixShown,
    DixTurned,
    GameOver,
    HandDealt,
    HandScored,
    LastCardRevealed,
    MeldScored,
    OutDeclared,
    PlayoffStarted,
    TargetRaised,
    TrickWon,
)
from pinochle_tui.tui.cardfaces import face, faces

#: The name that reads as the second person: "You play", not "You plays".
YOU = "You"


def does(name: str, verb: str) -> str:
    """The name with its verb agreeing: ``Computer plays`` but ``You play``.

    >>> does("Ann", "wins"), does(YOU, "wins")
    ('Ann wins', 'You win')
    """
    return f"{name} {verb[:-1] if name == YOU else verb}"


@dataclass(frozen=True, slots=True)
class Narrator:
    """Turns events into sentences for one reader."""

    names: tuple[str, str]
    viewer: Seat | None
    ascii_only: bool = False

    def lines(self, events: Sequence[Event]) -> list[str]:
        """One sentence per event worth telling; the last card of the stock is
        told once, as revealed, not also as drawn."""
        revealed = {e.card for e in events if isinstance(e, LastCardRevealed)}
        told = [e for e in events if not (isinstance(e, CardDrawn) and e.card in revealed)]
        return [line for line in map(self.line, told) if line]

    def line(self, event: Event) -> str:
        card = self._face
        match event:
            case HandDealt(hand_no=no, dealer=dealer, trump=trump, turn_up=turn_up):
                suit = trump.letter if self.ascii_only else trump.symbol
                deals = self._does(dealer, "deals")
                return f"Hand {no}: {deals}. Trump is {suit} (turn-up {card(turn_up)})."
            case DixTurned(seat=seat, points=points):
                return f"The turn-up is the dix: {self._does(seat, 'scores')} {points}."
            case CardPlayed(seat=seat, card=played, from_table=from_table, led=led):
                verb = "leads" if led else "plays"
                where = " from the table" if from_table else ""
                return f"{self._does(seat, verb)} {card(played)}{where}."
            case DixPlayed(seat=seat, points=points):
                return f"{self._does(seat, 'plays')} the dix (+{points})."
            case TrickWon(winner=seat, points=points, last=last):
                bonus = " and +10 for the last trick" if last else ""
                return f"{self._does(seat, 'takes')} the trick ({points} in cards{bonus})."
            case DixShown(seat=seat, card=dix, points=points):
                return f"{self._does(seat, 'shows')} the dix {card(dix)} (+{points})."
            case DixExchanged(seat=seat, dix=dix, turn_up=turn_up, points=points):
                return (
                    f"{self._does(seat, 'exchanges')} the dix {card(dix)} "
                    f"for the turn-up {card(turn_up)} (+{points})."
                )
            case MeldScored(seat=seat, kind=kind, cards=cards, points=points):
                shown = faces(cards, self.ascii_only)
                return f"{self._does(seat, 'melds')} {kind} {shown} (+{points})."
            case CardDrawn():
                return self._drawn(event)
            case LastCardRevealed(seat=seat, card=last):
                taker = self._does(seat, "takes")
                return f"{taker} the last card of the stock, {card(last)}, shown to both."
            case PlayoffStarted(leader=leader):
                return (
                    "The stock is gone: the playoff begins. Melds go back into the hands; "
                    f"{self._does(leader, 'leads')}."
                )
            case OutDeclared(seat=seat):
                return f"{self._does(seat, 'declares')} out!"
            case ClaimCounted(seat=seat, count=count, target=target, won=won):
                verdict = "enough to win" if won else "short of it"
                return f"{self._does(seat, 'counts')} {count} against {target}: {verdict}."
            case HandScored(totals=totals):
                return (
                    f"Hand over. Totals: {self.names[0]} {totals[0]}, {self.names[1]} {totals[1]}."
                )
            case TargetRaised(new=new):
                return f"Both players are over the target: it rises to {new}."
            case GameOver(outcome=outcome):
                winner = outcome.winner
                who = "Nobody wins" if winner is None else self._does(winner, "wins")
                return f"Game over: {who} ({outcome.reason(self.names)})."
        return ""

    def _does(self, seat: Seat, verb: str) -> str:
        return does(self.names[seat], verb)

    def _face(self, card: Card) -> str:
        return face(card, self.ascii_only)

    def _drawn(self, event: CardDrawn) -> str:
        if event.turn_up:
            return f"{self._does(event.seat, 'takes')} the turn-up {self._face(event.card)}."
        shown = visible_card(event, self.viewer) if self.viewer is not None else None
        if shown is None:
            return f"{self._does(event.seat, 'draws')} a card."
        return f"{self._does(event.seat, 'draws')} {self._face(shown)}."
