"""Advice a player can read: the hint for a seat's decision, and the words the
review of a game uses for each choice.

``hint`` asks the analysis (``analysis.evaluate``: the hard level's way of
thinking, sampled deals played out in the first phase, the exact solver in
the playoff) for the best option from the seat's view alone, and gives it with
one line saying why: what the play does ("wins the trick with the 10♥ and
keeps your marriage") and how sure the computer is ("about 12 points better
than the K♠ over 32 sampled deals", "in the playoff this is exactly best: you
take 4 of the last 6 tricks"). The review calls the same analysis with the
same samples, so a hint followed never shows up as a costly choice there.

>>> from pinochle_tui.engine import GameState, Rules, Seat, pack
>>> state = GameState.new(Rules(), dealer=Seat.NORTH)
>>> _ = state.deal(pack(Rules()))
>>> advice = hint(state.view(Seat.SOUTH), state.legal_actions(Seat.SOUTH), samples=4)
>>> advice.action in state.legal_actions(Seat.SOUTH), "sampled deals" in advice.reason
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pinochle_tui.ai.analysis import SAMPLES, Evaluation, PlayoffLines, distinct_options, evaluate
from pinochle_tui.ai.appraisal import legal_keys
from pinochle_tui.ai.heuristic import declare_if_sure
from pinochle_tui.ai.knowledge import Knowledge, history_of, patterns_of
from pinochle_tui.engine.actions import Action, DeclareOut, Draw, ExchangeDix, Meld, Play, ShowDix
from pinochle_tui.engine.cards import Card
from pinochle_tui.engine.melds import MeldKind
from pinochle_tui.engine.scoring import rounded
from pinochle_tui.engine.tricks import reply_wins
from pinochle_tui.engine.view import SeatView


@dataclass(frozen=True, slots=True)
class Advice:
    """The action advised, one line saying why, and the analysis behind it (None
    when there was nothing to weigh: a sure declaration, a single choice)."""

    action: Action
    reason: str
    evaluation: Evaluation | None = None


def hint(
    view: SeatView, legal: Sequence[Action], samples: int = SAMPLES, ascii_only: bool = False
) -> Advice:
    """The best action for ``view``'s seat among ``legal``, judged from the view alone.

    Raises ValueError when the seat has nothing to do.
    """
    declare = declare_if_sure(view, legal)
    if declare is not None:
        count = view.scores[view.seat] + rounded(view.won_points[view.seat])
        reason = f"your count is {count}, at the target of {view.target}: declaring out wins now"
        return Advice(declare, reason)
    options = distinct_options(view, legal)
    if not options:
        raise ValueError("this seat has nothing to decide now")
    words = Words(view, ascii_only)
    if len(options) == 1:
        return Advice(options[0], f"{words.does(options[0])}: it is your only choice")
    evaluation = evaluate(view, legal, samples)
    best = evaluation.ranking[0]
    reason = f"{words.does(evaluation.options[best])}; {words.how_sure(evaluation, best)}"
    return Advice(evaluation.options[best], reason, evaluation)


class Words:
    """How the choices of one seat's decision read in the advice and the review.

    The seat is spoken to ("keeps your marriage"), or, given its ``player``'s
    name, spoken of ("keeps Ann's marriage"): a review of both players'
    decisions would leave "your" ambiguous. (``how_sure`` is the hint's
    alone, and the hint always speaks to the player.)
    """

    def __init__(self, view: SeatView, ascii_only: bool = False, player: str | None = None) -> None:
        self.view = view
        self.ascii_only = ascii_only
        self.player = player
        self.your = "your" if player is None else f"{player}'s"

    def card(self, card: Card) -> str:
        return card.code if self.ascii_only else str(card)

    def name(self, action: Action) -> str:
        """The option in a few words: ``the K♠``, ``the pinochle``, ``drawing``."""
        view = self.view
        if isinstance(action, Play):
            where = f" on {self.your} table" if action.card in view.tables[view.seat] else ""
            return f"the {self.card(action.card)}{where}"
        if isinstance(action, Meld):
            return f"the {action.kind}"
        if isinstance(action, ShowDix):
            return "showing the dix"
        if isinstance(action, ExchangeDix):
            return "exchanging the dix"
        if isinstance(action, Draw) and view.stock_size == 1 and view.turn_up is not None:
            return f"taking the {'turn-up' if action.take_turn_up else 'face-down card'}"
        if isinstance(action, DeclareOut):
            return "declaring out"
        return "drawing"

    def does(self, action: Action) -> str:
        """What the option does, in a player's words."""
        view = self.view
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, Meld):
            return f"melds the {action.kind} for {action.points}{self._bigger_kept(action)}"
        if isinstance(action, ShowDix):
            return f"shows the dix {self.card(action.card)} for 10"
        if isinstance(action, ExchangeDix):
            assert view.turn_up is not None
            points = "" if action.card in view.dix_counted else " (+10)"
            return f"exchanges the dix for the turn-up {self.card(view.turn_up)}{points}"
        if isinstance(action, Draw):
            if view.stock_size == 1 and view.turn_up is not None:
                if action.take_turn_up:
                    return f"takes the turn-up {self.card(view.turn_up)} at the last draw"
                return "takes the face-down card at the last draw"
            best = self._best_meld(0)
            if best is not None and not view.melded:
                return f"draws without melding, keeping {self.your} {best} for later"
            return f"ends {self.your} turn and draws"
        return str(action)

    def _play(self, action: Play) -> str:
        view = self.view
        card = action.card
        shown = self.card(card)
        if view.lead is not None:
            assert view.trump is not None
            wins = reply_wins(view.lead.id, card.id, int(view.trump))
            if wins:
                text = f"wins the trick with the {shown}"
            elif view.rules.card_points[card.rank]:
                text = f"lets the trick go with the {shown}"
            else:
                text = f"lets the trick go cheaply with the {shown}"
        elif not view.playoff and not Knowledge.from_view(view).beatable(card.id):
            wins = True
            text = f"leads the {shown}, which cannot be beaten"
        else:
            wins = False
            text = f"leads the {shown}"
        if view.playoff:
            return text
        return text + self._melds_kept(card, wins)

    def _melds_kept(self, card: Card, wins: bool) -> str:
        """What the card played does to the melds in the seat's hand."""
        before = self._best_meld(0)
        if before is None:
            return ""
        after = self._best_meld(card.bit)
        if after is None or after.points < before.points:
            return f", though it breaks {self.your} {before}"
        if wins and self.view.stock_size > 0:  # a trick won while the stock lasts
            if self.player is None:
                return f", so you can meld your {after}"
            return f", so {self.player} can meld the {after}"
        return f" and keeps {self.your} {after}"

    def _bigger_kept(self, meld: Meld) -> str:
        """A bigger meld ``meld`` leaves to make at a later trick won: why the
        smaller may come first (a marriage before the royal marriage banks the
        plain K Q, cards to throw, while the trump K Q are kept anyway)."""
        later = self._best_meld(sum(card.bit for card in meld.cards))
        if later is None or later.points <= meld.points:
            return ""
        return f", keeping {self.your} {later} for later"

    def _best_meld(self, without: int) -> MeldKind | None:
        """The best meld the seat's cards (less ``without``) could make now."""
        view = self.view
        if view.trump is None or view.playoff:
            return None
        know = Knowledge.from_view(view)
        keys = legal_keys(
            patterns_of(view), know.hand & ~without, know.table & ~without, history_of(view)
        )
        return max((kind for kind, _ in keys), key=lambda kind: kind.points, default=None)

    def how_sure(self, evaluation: Evaluation, index: int) -> str:
        """How the option compares with the next best one, and on what grounds."""
        ranking = evaluation.ranking
        others = [i for i in ranking if i != index]
        if evaluation.method == "exact":
            option = evaluation.options[index]
            assert isinstance(option, Play)
            taken = PlayoffLines(self.view).tricks(option)
            mine, total = taken[self.view.seat], sum(taken)
            tied = [i for i in others if evaluation.value(i) == evaluation.value(index)]
            also = f" ({self.name(evaluation.options[tied[0]])} is as good)" if tied else ""
            if total == 1:
                share = "you take the last trick" if mine else "the last trick is not yours"
            else:
                share = f"you take {mine} of the last {total} tricks"
            return f"in the playoff this is exactly best: {share}{also}"
        grounds = (
            f"over {evaluation.samples} sampled deals of the hidden cards"
            if evaluation.method == "sampled"
            else "playing the hand out"
        )
        if not others:
            return grounds
        runner = others[0]
        margin = evaluation.value(index) - evaluation.value(runner)
        rival = self.name(evaluation.options[runner])
        if margin < 1:
            return f"about as good as {rival} {grounds}"
        return f"about {margin:.0f} points better than {rival} {grounds}"
