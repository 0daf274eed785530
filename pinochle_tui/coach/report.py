"""The review in words, for ``pinochle review``: a header, a summary per player,
then every reviewed decision hand by hand, with a remark on each costly one.

Names come from the game file: every line is made ``inert`` by the caller.
"""

from __future__ import annotations

from pinochle_tui.coach.models import DecisionReview, GameReview, SeatSummary
from pinochle_tui.plaintext import plural
from pinochle_tui.record.models import PlayerInfo, seat_of


def player_label(info: PlayerInfo, seat: str) -> str:
    """``Ann (South)``, ``Computer (North, normal)``."""
    return f"{info.name} ({seat})" if info.level is None else f"{info.name} ({seat}, {info.level})"


def analysis_line(review: GameReview) -> str:
    """How the decisions were judged, in one sentence."""
    return (
        "Each decision is judged from the player's own view as it was: "
        f"{review.samples} sampled deals of the hidden cards per first-phase decision "
        "played out to the end of the hand by the hard level's quick policy (cost with the "
        "95% interval of that sampling), the playoff exactly; costs are points of the "
        "difference between the two players' hands, before rounding, and only costs above "
        "the noise count as points lost."
    )


def undo_line(review: GameReview) -> str:
    if not review.undo_allowed:
        return "Undo: not allowed in this game."
    if not review.undos:
        return "Undo: allowed, never used."
    uses = ", ".join(
        f"{review.players[seat_of(u.seat)].name} in hand {u.hand} "
        f"({plural(u.taken_back, 'action')} from action {u.number})"
        for u in review.undos
    )
    return f"Undo: allowed, used {plural(len(review.undos), 'time')}: {uses}."


def where(decision: DecisionReview) -> str:
    """``hand 2, trick 5 (action 47)``."""
    return f"hand {decision.hand}, trick {decision.trick} (action {decision.number})"


def cost_text(decision: DecisionReview) -> str:
    """``24`` exactly, or ``24 (95%: 18 to 30)`` when sampled: the bracket is
    the 95% interval of the sampling, and says so wherever it is shown."""
    if decision.method == "sampled" and decision.cost:
        return f"{decision.cost:.0f} (95%: {decision.low:.0f} to {decision.high:.0f})"
    return f"{decision.cost:.0f}"


def summary_lines(review: GameReview, summary: SeatSummary, hands: int) -> list[str]:
    name = review.players[seat_of(summary.seat)].name
    per_hand = f", {summary.points_lost / hands:.0f} a hand" if hands else ""
    exact = f" ({summary.exact_lost:.0f} of them exactly, in the playoff)"
    lines = [
        f"{name}: {plural(summary.decisions, 'decision')}, "
        f"{summary.points_lost:.0f} points lost{exact if summary.exact_lost else ''}{per_hand}."
    ]
    for number in summary.costliest:
        decision = review.decision(number)
        assert decision is not None
        lines.append(
            f"  {decision.mark or '-':2} {where(decision)}: {decision.taken_text}, "
            f"best {decision.best_text}, cost {cost_text(decision)}"
        )
    return lines


def review_lines(review: GameReview) -> list[str]:
    """The whole review, line by line."""
    south, north = review.players
    lines = [
        f"Review of {review.file}: {player_label(south, 'South')} "
        f"against {player_label(north, 'North')}.",
        analysis_line(review),
        f"{plural(len(review.decisions), 'decision')} weighed in {review.seconds:.0f} s.",
        undo_line(review),
        "",
    ]
    hands_played = sum(
        1 for hand in review.per_hand if any(s.decisions for s in hand.seats)
    ) or len(review.per_hand)
    for summary in review.totals:
        lines += summary_lines(review, summary, hands_played)
    for hand in review.per_hand:
        lines += ["", _hand_heading(review, hand.hand)]
        for decision in (d for d in review.decisions if d.hand == hand.hand):
            lines.append(_decision_line(review, decision))
            if decision.mark:
                lines.append(f"        {decision.remark}")
        lines += [f"  Note: {note.text}" for note in review.notes if note.hand == hand.hand]
    return lines


def _hand_heading(review: GameReview, hand: int) -> str:
    found = next(h for h in review.per_hand if h.hand == hand)
    parts = []
    for s in found.seats:
        costliest = f" (costliest: {', '.join(map(str, s.costliest))})" if s.costliest else ""
        parts.append(
            f"{review.players[seat_of(s.seat)].name} lost {s.points_lost:.0f} points "
            f"in {plural(s.decisions, 'decision')}{costliest}"
        )
    return f"Hand {hand}: " + "; ".join(parts) + "."


def _decision_line(review: GameReview, decision: DecisionReview) -> str:
    who = review.players[seat_of(decision.seat)].name if len(review.reviewed) > 1 else ""
    doing = decision.phase + (" (playoff)" if decision.playoff else "")
    best = "best" if decision.best == decision.taken else f"best {decision.best_text}"
    return (
        f"  {decision.mark:2} {decision.number:4}. trick {decision.trick:2} {doing:16} "
        f"{who + ' ' if who else ''}{decision.taken_text}; {best}; cost {cost_text(decision)}"
    )
