"""The review of a saved game: every decision of the reviewed players, the action
taken against the best one the AI's analysis finds, and the points the choice
cost.

Each decision is judged from the view of the seat that made it, as it was
then (``ai.analysis``): in the first phase over sampled deals of the cards
that seat could not see (a 95% interval gives the uncertainty of the cost),
exactly in the playoff. A position with one choice (two copies of the same
card are one) is no decision; declaring out is not weighed in points but
noted, and so is a chance to declare out and win that was let go.

Reviews are cached beside the game (``.NAME.json.review``), keyed by the game
file's SHA-256, so reviewing again, the statistics and the replay viewer reuse
them while the game is unchanged.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from pydantic import ValidationError

from pinochle_tui.ai.advice import Words
from pinochle_tui.ai.analysis import SAMPLES, Cost, Judgement, distinct_options, judge
from pinochle_tui.coach.models import (
    DecisionReview,
    GameReview,
    HandSummary,
    Mark,
    Note,
    ReviewedUndo,
    SeatSummary,
)
from pinochle_tui.engine import (
    Action,
    ClaimCounted,
    DeclareOut,
    GameState,
    Phase,
    Seat,
    SeatView,
    parse_action,
    rounded,
)
from pinochle_tui.record.errors import RecordError
from pinochle_tui.record.files import read_file, replace_file
from pinochle_tui.record.models import GameLog, seat_name
from pinochle_tui.record.replay import timeline
from pinochle_tui.record.store import MAX_BYTES, open_game
from pinochle_tui.workers import real_stderr, spawn_executor

#: A choice costing at least this many points, surely (its interval above 0), is marked "?".
MISTAKE = 10.0
#: ... and at least this many, "??".
BLUNDER = 40.0
#: How many of a player's costliest decisions a summary names.
COSTLIEST = 3

#: Told how far the review has got: decisions weighed, out of how many.
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision to weigh: the seat's view and options then, and what it did."""

    hand: int
    number: int
    in_hand: int
    view: SeatView
    legal: tuple[Action, ...]
    taken: Action


def reviewed_seats(log: GameLog) -> list[Seat]:
    """The human seats; both seats when neither is human."""
    humans = [seat for seat, info in zip(Seat, log.players, strict=True) if info.kind == "human"]
    return humans or list(Seat)


def review_game(
    log: GameLog,
    *,
    file: str = "",
    sha256: str = "",
    samples: int = SAMPLES,
    jobs: int = 1,
    seats: Sequence[Seat] | None = None,
    progress: Progress | None = None,
) -> GameReview:
    """Review every decision ``seats`` (by default ``reviewed_seats``) made in
    ``log``, weighing them in ``jobs`` processes."""
    started = time.perf_counter()
    chosen = list(seats) if seats is not None else reviewed_seats(log)
    decisions, notes = _walk(log, chosen)
    judgements = _weigh(decisions, samples, jobs, progress)
    names = (log.players[0].name, log.players[1].name)
    both = len(chosen) > 1
    reviews = [_judge(d, j, names, both) for d, j in zip(decisions, judgements, strict=True)]
    return GameReview(
        file=file,
        sha256=sha256,
        samples=samples,
        seconds=round(time.perf_counter() - started, 1),
        players=log.players,
        reviewed=[seat_name(seat) for seat in chosen],
        hands=len(log.hands),
        undo_allowed=log.undo_allowed,
        undos=tuple(
            ReviewedUndo(**undo.model_dump(), number=log.action_number(undo.hand, undo.at_action))
            for undo in log.undos
        ),
        decisions=reviews,
        notes=notes,
        per_hand=[
            HandSummary(
                hand=hand,
                seats=[_summary(seat, [r for r in reviews if r.hand == hand]) for seat in chosen],
            )
            for hand in range(1, len(log.hands) + 1)
        ],
        totals=[_summary(seat, reviews) for seat in chosen],
    )


def _walk(log: GameLog, seats: list[Seat]) -> tuple[list[Decision], list[Note]]:
    """The decisions of ``seats`` to weigh, and the notes on declaring out."""
    frames = timeline(log)
    decisions: list[Decision] = []
    notes: list[Note] = []
    offered: set[tuple[int, Seat]] = set()  # (hand, seat): a sure declaration noted
    in_hand = 0
    for before, frame in pairwise(frames):
        step = frame.step
        assert step is not None
        if step.seat is None:
            in_hand = 0
            continue
        in_hand += 1
        for event in step.events:
            if isinstance(event, ClaimCounted) and event.seat in seats:
                notes.append(_claim_note(step.hand_no, step.number, event, log))
        seat = step.seat
        if seat not in seats:
            continue
        state = before.state
        view = state.view(seat)
        legal = state.legal_actions(seat)
        taken = parse_action(step.text, seat)
        if not isinstance(taken, DeclareOut) and (step.hand_no, seat) not in offered:
            sure = _sure_count(state, seat)
            if sure is not None and DeclareOut(seat) in legal:
                offered.add((step.hand_no, seat))
                notes.append(
                    Note(
                        hand=step.hand_no,
                        number=step.number,
                        seat=seat_name(seat),
                        text=(
                            f"{log.players[seat].name} could have declared out here and won: "
                            f"a count of {sure} against {view.target}."
                        ),
                    )
                )
        if isinstance(taken, DeclareOut) or state.to_act != seat:
            continue
        if len(distinct_options(view, legal)) > 1:
            decisions.append(
                Decision(step.hand_no, step.number, in_hand, view, tuple(legal), taken)
            )
    return decisions, notes


def _sure_count(state: GameState, seat: Seat) -> int | None:
    """The count of ``seat`` if declaring out now would win, else None."""
    view = state.view(seat)
    count = view.scores[seat] + rounded(view.won_points[seat])
    return count if count >= view.target else None


def _claim_note(hand: int, number: int, event: ClaimCounted, log: GameLog) -> Note:
    name = log.players[event.seat].name
    verdict = "and won the game" if event.won else f"short of {event.target}: the game was lost"
    return Note(
        hand=hand,
        number=number,
        seat=seat_name(event.seat),
        text=f"{name} declared out with a count of {event.count}, {verdict}.",
    )


def _judge_one(decision: Decision, samples: int) -> Judgement:
    return judge(decision.view, decision.legal, decision.taken, samples)


def _weigh(
    decisions: list[Decision], samples: int, jobs: int, progress: Progress | None
) -> list[Judgement]:
    """Every decision judged, in order, in ``jobs`` processes (here if 1)."""
    total = len(decisions)
    found: list[Judgement] = []

    def tell(results: Iterable[Judgement]) -> list[Judgement]:
        for judgement in results:
            found.append(judgement)
            if progress is not None:
                progress(len(found), total)
        return found

    if jobs <= 1 or total < 2:
        return tell(_judge_one(d, samples) for d in decisions)
    with spawn_executor(min(jobs, total)) as pool:
        with real_stderr():  # ``map`` submits every task, starting the workers
            results = pool.map(_judge_one, decisions, [samples] * total, chunksize=2)
        return tell(results)


def _mark(cost: Cost) -> Mark:
    if cost.low <= 0:
        return ""
    if cost.points >= BLUNDER:
        return "??"
    return "?" if cost.points >= MISTAKE else ""


def _tenth(value: float) -> float:
    return round(value, 1) + 0.0  # never -0.0


def _judge(
    decision: Decision, judgement: Judgement, names: tuple[str, str], both: bool
) -> DecisionReview:
    """The review of one decision; its remark names the player where ``both``
    players are reviewed ("Ann's marriage"), else speaks to the one ("your")."""
    view, taken = decision.view, decision.taken
    cost, best = judgement.cost, judgement.best
    words = Words(view, player=names[view.seat] if both else None)
    remark = ""
    if cost.points >= 1 and cost.low > 0:
        remark = (
            f"Better {words.name(best)} ({words.does(best)}) than {words.name(taken)}: "
            f"{_cost_words(judgement, names, view.seat)}"
        )
    phase = view.phase
    return DecisionReview(
        hand=decision.hand,
        number=decision.number,
        in_hand=decision.in_hand,
        trick=view.trick_no + (0 if phase is Phase.MELD else 1),
        seat=seat_name(view.seat),
        phase="meld" if phase is Phase.MELD else "lead" if phase is Phase.LEAD else "follow",
        playoff=view.playoff,
        taken=taken.text,
        taken_text=str(taken),
        best=best.text,
        best_text=str(best),
        cost=_tenth(cost.points),
        low=_tenth(cost.low),
        high=_tenth(cost.high),
        mine=_tenth(cost.mine),
        theirs=_tenth(cost.theirs),
        method=judgement.method,
        samples=judgement.samples,
        options=judgement.options,
        mark=_mark(cost),
        remark=remark,
    )


def _cost_words(judgement: Judgement, names: tuple[str, str], seat: Seat) -> str:
    cost = judgement.cost
    split = f"{_part(cost.mine, 'fewer', 'more', names[seat])}, " + _part(
        cost.theirs, "more", "fewer", names[seat.other]
    )
    if judgement.method == "exact":
        return f"it cost exactly {cost.points:.0f} points ({split})."
    if judgement.method == "played out":
        return f"it cost about {cost.points:.0f} points, playing the hand out ({split})."
    return (
        f"it cost about {cost.points:.0f} points (95%: {cost.low:.0f} to {cost.high:.0f} "
        f"over {judgement.samples} sampled deals; {split})."
    )


def _part(points: float, word: str, opposite: str, name: str) -> str:
    """``7 fewer for Ann``; a part against the grain reads ``2 more for Ann``."""
    return f"{abs(points):.0f} {word if points >= 0 else opposite} for {name}"


def _summary(seat: Seat, reviews: list[DecisionReview]) -> SeatSummary:
    """A seat's decisions: the points surely lost (costs within the noise of the
    sampling are not counted), and the costliest of them."""
    mine = [r for r in reviews if r.seat == seat_name(seat)]
    costly = sorted((r for r in mine if r.low > 0), key=lambda r: (-r.cost, r.number))
    return SeatSummary(
        seat=seat_name(seat),
        decisions=len(mine),
        points_lost=_tenth(sum(r.cost for r in costly)),
        exact_lost=_tenth(sum(r.cost for r in costly if r.method == "exact")),
        costliest=[r.number for r in costly[:COSTLIEST]],
    )


# -- files ------------------------------------------------------------------------


def cache_path(game: Path) -> Path:
    """Where the review of the game file ``game`` is kept: ``.NAME.json.review``."""
    return game.with_name(f".{game.name}.review")


def digest_of(game: Path) -> str:
    """The SHA-256 of a game file (RecordError if it cannot be read)."""
    return hashlib.sha256(read_file(game, MAX_BYTES)).hexdigest()


def cached_review(game: Path, sha256: str) -> GameReview | None:
    """The review kept beside ``game`` if it is of this very file; else None
    (none kept, or unreadable, or of an older state of the game)."""
    try:
        found = GameReview.model_validate_json(read_file(cache_path(game), MAX_BYTES))
    except (RecordError, ValidationError, ValueError):
        return None
    return found if found.sha256 == sha256 else None


def keep_review(game: Path, review: GameReview) -> bool:
    """Keep ``review`` beside ``game``; False if it cannot be written (no matter)."""
    try:
        replace_file(cache_path(game), review.model_dump_json(indent=1).encode())
    except OSError:
        return False
    return True


def review_file(
    path: Path,
    *,
    samples: int = SAMPLES,
    jobs: int = 1,
    seats: Sequence[Seat] | None = None,
    use_cache: bool = True,
    progress: Progress | None = None,
) -> GameReview:
    """The review of the saved game ``path``: the cached one if it fits (the same
    file, samples and seats), else a new one, kept for next time. Raises
    RecordError (one line) for a file that cannot be read or breaks the rules."""
    sha256 = digest_of(path)
    game = open_game(path)
    chosen = list(seats) if seats is not None else reviewed_seats(game.log)
    if use_cache:
        found = cached_review(path, sha256)
        if (
            found is not None
            and found.samples == samples
            and found.reviewed == [seat_name(s) for s in chosen]
        ):
            return found
    review = review_game(
        game.log,
        file=path.name,
        sha256=sha256,
        samples=samples,
        jobs=jobs,
        seats=chosen,
        progress=progress,
    )
    keep_review(path, review)
    return review
