"""The line that tells the player what to do now, the playoff's obligations,
and which trick the hand is at."""

from __future__ import annotations

from rich.cells import cell_len

from pinochle_tui.engine import Phase, PlayoffHead, SeatView
from pinochle_tui.names import fit
from pinochle_tui.tui.cardfaces import face
from pinochle_tui.tui.narrate import YOU


def obligations(view: SeatView) -> str:
    """The playoff rules for a reply, as the rules option in force states them."""
    if view.rules.playoff_head is PlayoffHead.ALWAYS:
        return "must follow suit and beat the lead if able; must trump if void"
    return "must follow suit; must beat a trump lead; must trump if void"


def prompt(view: SeatView, names: tuple[str, str], ascii_only: bool) -> str:
    """What the reader of ``view`` is waiting for, in one or two sentences."""
    if view.phase is Phase.GAME_OVER:
        return "The game is over."
    if view.phase is Phase.DEAL:
        return "The hand is over."
    if not view.my_turn:
        if view.phase is Phase.MELD:
            return f"{names[view.to_act]} won trick {view.trick_no} and melds or draws…"
        return f"{names[view.to_act]} to play…"
    if view.phase is Phase.MELD:
        if view.stock_size == 1:
            return "Last trick before the playoff: meld now, then draw the last cards (d)."
        return "You won the trick: meld (its key, or the arrows and Enter) or draw (d)."
    if view.phase is Phase.LEAD:
        if view.playoff:
            return f"Playoff, your lead: any card. The reply {obligations(view)}."
        return "Your lead: any card, from your hand or your table."
    assert view.lead is not None
    led = f"{names[view.leader]} led {face(view.lead, ascii_only)}."
    if view.playoff:
        return f"{led} Playoff: you {obligations(view)}."
    return f"{led} Reply with any card (no need to follow suit yet)."


def trick_status(view: SeatView, names: tuple[str, str], width: int) -> str:
    """Which trick the hand is at: in the winner's turn the trick just won and
    by whom, else the trick in play or the next to be led ("" between hands).
    One line of at most ``width`` cells (a long name cut), so the score board
    that shows it keeps its height trick after trick.

    The prompt says what the winner does now; this line only says who won.
    """
    if view.phase is Phase.MELD:
        winner = names[view.to_act]
        lead, won = f"Trick {view.trick_no}: ", " won"
        room = width - cell_len(lead) - cell_len(won)
        return f"{lead}{'you' if winner == YOU else fit(winner, room)}{won}"
    if view.phase in (Phase.LEAD, Phase.FOLLOW):
        return f"Trick {view.trick_no + 1}"
    return ""
