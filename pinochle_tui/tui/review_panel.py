"""The replay viewer's review mode: what each reviewed decision cost, move by move.

The review itself is ``coach.review`` (the one kept beside the game if it is of
this very file, else a new one, worked out in worker processes and kept). This
panel shows, for the step on screen, the decision that made it: the action
taken, the best one, the cost and the remark; between decisions, each
reviewed player's summary. The events list marks each costly move with its
``?`` or ``??`` (``marks``). All of it is plain text.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from pinochle_tui.coach.models import GameReview
from pinochle_tui.coach.report import cost_text, summary_lines
from pinochle_tui.plaintext import inert
from pinochle_tui.record.models import seat_of


def marks(review: GameReview) -> dict[int, str]:
    """The mark of each costly decision, by its action number in the game."""
    return {d.number: d.mark for d in review.decisions if d.mark}


class ReviewPanel(Static):
    """The review of the step on screen, or how far the review has got."""

    DEFAULT_CSS = """
    ReviewPanel {
        height: auto;
        padding: 0 1;
        border: round $warning;
    }
    """

    def reviewing(self, done: int, total: int) -> None:
        self.display = True
        so_far = f" {done} of {total} decisions" if total else ""
        self.update(Text(f"Reviewing the game:{so_far}… (the computer weighs every decision)"))

    def failed(self, message: str) -> None:
        self.display = True
        self.update(Text(inert(f"The review failed: {message}")))

    def show(self, review: GameReview, number: int | None) -> None:
        """The decision at action ``number`` of the game, else the summaries."""
        self.display = True
        decision = None if number is None else review.decision(number)
        notes = [n.text for n in review.notes if n.number == number]
        if decision is None:
            lines = [
                line
                for summary in review.totals
                for line in summary_lines(review, summary, len(review.per_hand))
            ]
            lines.append("Costly moves are marked ? and ?? in the list of events.")
        else:
            name = review.players[seat_of(decision.seat)].name
            verdict = (
                "the best"
                if decision.best == decision.taken
                else f"best: {decision.best_text}; cost {cost_text(decision)}"
            )
            lines = [
                f"{decision.mark or ' '} Action {decision.number}, {name}: "
                f"{decision.taken_text}; {verdict}"
                + ("" if decision.method == "sampled" else f" ({decision.method})"),
            ]
            if decision.remark:
                lines.append(decision.remark)
        self.update(Text("\n".join(inert(line) for line in [*lines, *notes])))
