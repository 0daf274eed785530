"""The player's aids at the table: taking a move back (``u``) and the hint (``h``).

Which move ``u`` takes back and whether it may, the hint's words and where the
hinted card or option is on screen: pure decisions over the table driver, the
seating and the widgets, so the game screen only binds the keys.
"""

from __future__ import annotations

from pinochle_tui.ai.advice import Advice
from pinochle_tui.ai.analysis import option_key
from pinochle_tui.engine import Action, Meld, Play, Seat, SeatView, Table
from pinochle_tui.record.session import GameSession
from pinochle_tui.tui.cardfaces import face, faces
from pinochle_tui.tui.seating import Seating
from pinochle_tui.tui.widgets.hand import HandView
from pinochle_tui.tui.widgets.meld_panel import MeldPanel


def undo_target(session: GameSession, table: Table, seating: Seating) -> Seat | str:
    """Whose last decision ``u`` takes back now, or why nothing can be.

    Against the computer it is the human's, with the computer's replies after
    it. In hotseat it is the latest decision of either player (who then chooses
    again), once both agree.
    """
    if not session.undo_allowed:
        return "Taking moves back is off in this game (New game, to allow it)."
    if table.outcome is not None or table.deal_due:
        return "Moves are taken back only during a hand."
    counts = {seat: table.undo_count(seat) for seat in seating.humans}
    counts = {seat: count for seat, count in counts.items() if count}
    if not counts:
        return "There is no move to take back in this hand."
    return min(counts, key=lambda seat: counts[seat])


def action_words(action: Action, ascii_only: bool) -> str:
    """An action as the table shows it: ``play Q♠``, ``meld pinochle Q♠ J♦``."""
    if isinstance(action, Play):
        return f"play {face(action.card, ascii_only)}"
    if isinstance(action, Meld):
        return f"meld {action.kind} {faces(action.cards, ascii_only)}"
    text = str(action)
    return text if not ascii_only else action.text


def hint_text(advice: Advice, ascii_only: bool) -> str:
    """The hint in one line: what to do, and why."""
    words = action_words(advice.action, ascii_only)
    return f"{words[:1].upper()}{words[1:]}: {advice.reason}."


def highlight(view: SeatView, action: Action, hand: HandView, panel: MeldPanel) -> None:
    """Put the cursor on the hinted card, or the hinted option of the meld panel."""
    key = option_key(action, view)
    if isinstance(action, Play):
        for index, card in enumerate(hand.cards):
            if option_key(Play(view.seat, card), view) == key:
                hand.cursor = index
                hand.refresh()
                hand.focus()
                return
        return
    for index, option in enumerate(panel.actions):
        if option is not None and option_key(option, view) == key:
            panel.highlight(index)
            return
