"""Declaring out: a confirmation that shows what the claim would count."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from pinochle_tui.engine import DeclareOutRule, SeatView, rounded
from pinochle_tui.tui.screens.confirm import ConfirmScreen


def claim_text(view: SeatView) -> str:
    """What declaring out now would count, against the target, in words."""
    seat = view.seat
    raw = view.won_points[seat]
    count = view.scores[seat] + rounded(raw)
    verdict = "You would WIN the game." if count >= view.target else "You would LOSE the game."
    lines = [
        f"Running total        {view.scores[seat]:>6}",
        f"Tricks so far {raw:>4} → {rounded(raw):>6}",
        f"Your count           {count:>6}",
        f"Target               {view.target:>6}",
        "",
    ]
    if view.rules.declare_out is DeclareOutRule.STANDARD:
        lines.append(f"Play stops now. {verdict}")
    else:
        which = "trick" if view.rules.declare_out is DeclareOutRule.ALT1 else "trick you lead"
        lines.append(
            f"You will be counted when you next win a {which}; "
            "below the target then, you lose the game."
        )
    return "\n".join(lines)


class DeclareOutScreen(ConfirmScreen):
    """Yes or no, with the count in front of the player."""

    QUESTION, YES, NO = "Declare out?", "Declare out", "Keep playing"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Declare out"),
        Binding("n,escape", "answer(False)", "Keep playing"),
    ]

    def __init__(self, view: SeatView) -> None:
        super().__init__(claim_text(view))
