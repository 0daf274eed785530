"""The game state machine: a whole match (or single deal), hand after hand.

``legal_actions()`` lists what may be done now, ``apply()`` does one action
and returns the events it caused, ``view(seat)`` gives what a seat may know.
An illegal action raises ``IllegalActionError`` with a reason a player can
read and leaves the state exactly as it was.

Cards are held as int bitmasks (see ``cards``) so that a copy is cheap and
the AI can search thousands of positions.

>>> from pinochle_tui.engine.deck import pack
>>> state = GameState.new(Rules(), dealer=Seat.NORTH)
>>> events = state.deal(pack(Rules()))
>>> state.phase, state.to_act, len(state.legal_actions(Seat.SOUTH))
(<Phase.LEAD: 'lead'>, <Seat.SOUTH: 0>, 13)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import overload

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
from pinochle_tui.engine.cards import CARDS, Card, Suit, cards_of, ids_of
from pinochle_tui.engine.deck import deal, pack
from pinochle_tui.engine.errors import AmbiguousActionError, IllegalActionError, PositionError
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
)
from pinochle_tui.engine.melds import (
    MeldHistory,
    MeldKind,
    MeldPattern,
    any_legal_meld,
    describe_pattern,
    identify,
    legal_melds,
    meld_patterns,
)
from pinochle_tui.engine.outcome import Outcome, Termination
from pinochle_tui.engine.rules import DeclareOut as DeclareOutRule
from pinochle_tui.engine.rules import GameMode, LastDraw, PlayoffHead, Rules
from pinochle_tui.engine.scoring import end_of_hand, rounded
from pinochle_tui.engine.seats import Seat
from pinochle_tui.engine.tricks import playoff_replies, reply_wins, trick_points
from pinochle_tui.engine.view import Phase, SeatView

_PLAYS = tuple(tuple(Play(seat, card) for card in CARDS) for seat in Seat)
_DECLARES = tuple(DeclareOut(seat) for seat in Seat)
_SUIT_MASKS = tuple(s.mask for s in Suit)
_IN_HAND = (Phase.LEAD, Phase.FOLLOW, Phase.MELD)


def _cards_of(action: Action) -> tuple[Card, ...]:
    if isinstance(action, Meld):
        return action.cards
    if isinstance(action, Play | ShowDix | ExchangeDix):
        return (action.card,)
    return ()


def _faces_of(action: Action) -> tuple[object, ...]:
    """An action with its cards read as faces, whichever copies they are."""
    kind = action.kind if isinstance(action, Meld) else None
    return (kind, tuple(sorted(c.id & ~1 for c in _cards_of(action))))


class LegalActions(Sequence[Action]):
    """The actions legal now, in a fixed order: a read-only sequence whose
    membership test is a set lookup (like python-chess's ``legal_moves``)."""

    __slots__ = ("_actions", "_set")

    def __init__(self, actions: list[Action]) -> None:
        self._actions = actions
        self._set: frozenset[Action] | None = None

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        return self._actions[index]

    def __contains__(self, action: object) -> bool:
        if self._set is None:
            self._set = frozenset(self._actions)
        return action in self._set

    def __repr__(self) -> str:
        return f"<LegalActions ({len(self._actions)}): {', '.join(map(str, self._actions))}>"


class GameState:
    """A game of two-handed pinochle under the given rules."""

    def __init__(self, rules: Rules, dealer: Seat) -> None:
        self.rules = rules
        self.phase = Phase.DEAL
        self.dealer = dealer.other  # ``deal`` alternates it to the first dealer
        self.to_act = dealer
        self.hand_no = 0
        self.target = rules.target
        self.scores = [0, 0]
        #: How the game ended; None while it goes on.
        self.outcome: Outcome | None = None
        self._undo: list[GameState] = []
        self._clear_hand()

    def _clear_hand(self) -> None:
        self.trump = 0
        self.patterns: tuple[MeldPattern, ...] = ()
        self.meld_points = [0, 0]
        self.hands = [0, 0]
        self.tables = [0, 0]
        self.public = [0, 0]  # cards in a concealed hand that both players know about
        self.won = [0, 0]
        self.stock: list[int] = []  # face-down cards, the top one last
        self.turn_up: int | None = None
        self.revealed: int | None = None
        self.lead: int | None = None
        self.leader = self.to_act
        self.tricks: list[TrickWon] = []
        self.history = MeldHistory()
        self.melds: list[MeldScored] = []
        self.dix_counted = 0
        self.dix_left = 0
        self.melded = False
        self.playoff = False
        self.claims: list[Seat] = []

    @classmethod
    def new(cls, rules: Rules | None = None, dealer: Seat = Seat.SOUTH) -> GameState:
        """A game waiting for its first deal, with ``dealer`` to deal it."""
        return cls(rules or Rules(), dealer)

    @classmethod
    def from_view(
        cls,
        view: SeatView,
        opponent_hidden: Iterable[Card],
        stock: Sequence[Card],
        rules: Rules | None = None,
    ) -> GameState:
        """The hand in progress that ``view`` shows, with the cards it leaves
        open filled in: the opponent's cards the view does not name, and the
        face-down stock (its top card last).

        Meant for searching a hand from one seat's side, as the computer does
        with guesses at the hidden cards. What the opponent knows of this
        seat's hand is not in the view and is left empty. ``rules`` replaces
        the view's, for example to play the hand out as a single deal.
        Raises ``PositionError`` unless the cards given are exactly the ones the
        view has not seen, in the right numbers.
        """
        if view.phase not in _IN_HAND or view.trump is None:
            raise PositionError(f"a hand in progress is needed, not the {view.phase.value} phase")
        hidden = sum(c.bit for c in opponent_hidden)
        face_down = [c.id for c in stock]
        below = sum(1 << c for c in face_down)
        if (
            hidden & below
            or hidden | below != sum(c.bit for c in view.unseen)
            or len(face_down) != below.bit_count()
            or len(face_down) != view.stock_size
            or hidden.bit_count() + len(view.opponent_known) != view.opponent_hand_size
        ):
            raise PositionError(
                "the opponent's hidden cards and the stock must be exactly the cards "
                "the view has not seen, in the numbers it shows"
            )
        seat, other = view.seat, view.seat.other
        state = cls(rules or view.rules, view.dealer)
        state.phase, state.to_act, state.dealer = view.phase, view.to_act, view.dealer
        state.hand_no, state.target = view.hand_no, view.target
        state.scores = list(view.scores)
        state.meld_points = list(view.meld_points)
        state.trump = int(view.trump)
        state.patterns = meld_patterns(view.trump, state.rules.double_pinochle)
        known = sum(c.bit for c in view.opponent_known)
        state.hands[seat] = sum(c.bit for c in view.hand)
        state.hands[other] = known | hidden
        state.tables = [sum(c.bit for c in table) for table in view.tables]
        state.public[other] = known
        state.stock = face_down
        state.turn_up = view.turn_up.id if view.turn_up is not None else None
        state.revealed = view.revealed.id if view.revealed is not None else None
        state.lead = view.lead.id if view.lead is not None else None
        state.leader = view.leader
        state.tricks = list(view.tricks)
        for t in view.tricks:
            state.won[t.winner] |= t.lead.bit | t.reply.bit
        state.melds = list(view.melds)
        for record in view.melds:
            state.history.record(record.kind, [c.id for c in record.cards])
        state.dix_counted = sum(c.bit for c in view.dix_counted)
        state.dix_left, state.melded = view.dix_left, view.melded
        state.playoff = view.playoff
        state.claims = list(view.claims)
        return state

    @classmethod
    def from_position(cls, text: str, rules: Rules | None = None) -> GameState:
        """The game at a position in notation (``docs/position.md``), under
        ``rules`` (Hoyle's by default). Raises ``PositionError`` with the reason
        for a position no game could reach."""
        from pinochle_tui.engine import position

        return position.read(text, rules)

    def position(self) -> str:
        """This position in notation, one line: ``from_position`` reads it back."""
        from pinochle_tui.engine import position

        return position.write(self)

    # -- copying ------------------------------------------------------------

    def copy(self) -> GameState:
        """An independent copy (the undo stack is not copied)."""
        new = object.__new__(GameState)
        new.__dict__ = self.__dict__.copy()
        new.scores = self.scores.copy()
        new.meld_points = self.meld_points.copy()
        new.hands = self.hands.copy()
        new.tables = self.tables.copy()
        new.public = self.public.copy()
        new.won = self.won.copy()
        new.stock = self.stock.copy()
        new.tricks = self.tricks.copy()
        new.history = self.history.copy()
        new.melds = self.melds.copy()
        new.claims = self.claims.copy()
        new._undo = []
        return new

    def push(self, action: Action) -> list[Event]:
        """Apply ``action`` and remember the position before it for ``pop``."""
        snapshot = self.copy()
        events = self.apply(action)
        self._undo.append(snapshot)
        return events

    def pop(self) -> None:
        """Undo the last ``push``."""
        if not self._undo:
            raise IndexError("nothing to undo")
        undo = self._undo
        self.__dict__ = undo.pop().__dict__
        self._undo = undo

    # -- reading the state --------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def winner(self) -> Seat | None:
        """The winner once the game is over (None also for a drawn single deal)."""
        return None if self.outcome is None else self.outcome.winner

    @property
    def result(self) -> str:
        """Why the game ended, in words (empty while it goes on)."""
        return "" if self.outcome is None else self.outcome.reason()

    @property
    def trump_suit(self) -> Suit | None:
        return Suit(self.trump) if self.phase in _IN_HAND else None

    @property
    def stock_size(self) -> int:
        """Face-down cards left in the stock (the turn-up not included)."""
        return len(self.stock)

    @property
    def hand_size(self) -> int:
        return self.rules.hand_size

    def hand(self, seat: Seat) -> list[Card]:
        """The concealed cards of ``seat`` (not its table)."""
        return cards_of(self.hands[seat])

    def table(self, seat: Seat) -> list[Card]:
        return cards_of(self.tables[seat])

    def _is_dix(self, card_id: int) -> bool:
        return card_id >> 4 == self.trump and (card_id >> 1) & 7 == self.rules.dix_rank

    # -- the deal -----------------------------------------------------------

    def deal(self, deck: Sequence[Card | str]) -> list[Event]:
        """Deal the next hand from a known deck order (the top card first).

        The dealer alternates from hand to hand.
        """
        if self.phase is not Phase.DEAL:
            raise IllegalActionError(
                "The game is over." if self.is_over else "This hand is still being played."
            )
        dealt = deal(deck, self.dealer.other, self.rules)
        self.dealer = self.dealer.other
        self.hand_no += 1
        self.to_act = self.dealer.other
        self._clear_hand()
        self.hands = [sum(c.bit for c in h) for h in dealt.hands]
        self.stock = [c.id for c in reversed(dealt.stock)]
        self.turn_up = dealt.turn_up.id
        self.trump = dealt.turn_up.suit
        self.patterns = meld_patterns(dealt.turn_up.suit, self.rules.double_pinochle)
        self.phase = Phase.LEAD
        events: list[Event] = [
            HandDealt(self.hand_no, self.dealer, dealt.turn_up.suit, dealt.turn_up)
        ]
        if self._is_dix(dealt.turn_up.id):
            self.dix_counted |= dealt.turn_up.bit
            events.append(self._score_dix(DixTurned, self.dealer, dealt.turn_up))
        return events

    def _score_dix(
        self, event: type[DixTurned] | type[DixShown] | type[DixPlayed], seat: Seat, card: Card
    ) -> Event:
        self.scores[seat] += 10
        self.meld_points[seat] += 10
        return event(seat, card, 10)

    # -- legal actions --------------------------------------------------------

    def legal_actions(self, seat: Seat | None = None) -> LegalActions:
        """Every legal action now; with ``seat``, only that seat's.

        Declaring out is open to both seats, so both may have actions.
        """
        actions: list[Action] = []
        if self.phase in _IN_HAND:
            if seat is None or seat == self.to_act:
                actions = self._turn_actions()
            for claimant in Seat if seat is None else (seat,):
                if self._can_declare(claimant):
                    actions.append(_DECLARES[claimant])
        return LegalActions(actions)

    def _turn_actions(self) -> list[Action]:
        seat = self.to_act
        if self.phase is Phase.MELD:
            return self._winner_options(seat)
        plays = _PLAYS[seat]
        if self.phase is Phase.FOLLOW and self.playoff:
            assert self.lead is not None
            mask = playoff_replies(
                self.hands[seat],
                self.lead,
                self.trump,
                self.rules.playoff_head is PlayoffHead.ALWAYS,
            )
        else:
            mask = self.hands[seat] | self.tables[seat]
        return [plays[i] for i in ids_of(mask)]

    def _winner_options(self, seat: Seat) -> list[Action]:
        options: list[Action] = []
        if self.dix_left:
            exchange = self.turn_up is not None and not self._is_dix(self.turn_up)
            for dix in ids_of(self.hands[seat] & self._dix_mask()):
                if not self.dix_counted >> dix & 1:
                    options.append(ShowDix(seat, CARDS[dix]))
                if exchange:
                    options.append(ExchangeDix(seat, CARDS[dix]))
        if not self.melded:
            for kind, ids in legal_melds(
                self.patterns, self.hands[seat], self.tables[seat], self.history
            ):
                options.append(Meld(seat, kind, tuple(CARDS[i] for i in ids)))
        if len(self.stock) == 1 and self.rules.last_draw is LastDraw.WINNER_CHOOSES:
            options += [Draw(seat), Draw(seat, take_turn_up=True)]
        else:
            options.append(Draw(seat))
        return options

    def _dix_mask(self) -> int:
        face = (self.trump * 8 + self.rules.dix_rank) << 1
        return 3 << face

    def _can_declare(self, seat: Seat) -> bool:
        return (
            self.rules.game is GameMode.MATCH and self.phase in _IN_HAND and seat not in self.claims
        )

    def is_legal(self, action: Action) -> bool:
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def parse_action(self, text: str, seat: Seat | None = None) -> Action:
        """The legal action ``text`` names for ``seat`` (default: the seat to act),
        reading cards as a player means them: ``play QS`` is whichever Q♠ the
        player holds. A copy number (``QS#2``) names one physical card exactly.

        Raises ``ActionParseError`` for text that is no action,
        ``AmbiguousActionError`` when the text fits physically different
        actions (one Q♠ in the hand and one on the table), and
        ``IllegalActionError`` with the reason when no such action is legal.

        >>> from pinochle_tui.engine.deck import pack
        >>> state = GameState.new(Rules(), dealer=Seat.NORTH)
        >>> _ = state.deal(pack(Rules()))
        >>> state.parse_action("play 10s").text
        'play 10S#1'
        """
        seat = self.to_act if seat is None else seat
        exact = parse_action(text, seat)
        legal = self.legal_actions(seat)
        if "#" in text or isinstance(exact, Draw | DeclareOut):
            self.check(exact)
            return exact
        wanted = _faces_of(exact)
        fits = [a for a in legal if type(a) is type(exact) and _faces_of(a) == wanted]
        if not fits:
            self.check(exact)  # raises with the reason
            raise IllegalActionError(f"You cannot {exact} now.")
        kinds = {self._place_of(a) for a in fits}
        if len(kinds) > 1:
            options = " or ".join(repr(a.text) for a in fits)
            raise AmbiguousActionError(
                f"{text!r} could mean {options}: add the copy number to choose."
            )
        return fits[0]

    def _place_of(self, action: Action) -> tuple[tuple[int, bool, bool], ...]:
        """What tells apart actions on the same faces: each card's place (hand or
        table) and, for a dix, whether it has already been counted."""
        seat = action.seat
        return tuple(
            sorted(
                (c.id & ~1, bool(self.tables[seat] & c.bit), bool(self.dix_counted & c.bit))
                for c in _cards_of(action)
            )
        )

    # -- checking an action ---------------------------------------------------

    def check(self, action: Action) -> None:
        """Raise ``IllegalActionError`` with the reason if ``action`` is not legal now."""
        if self.phase is Phase.GAME_OVER:
            raise IllegalActionError("The game is over.")
        if self.phase is Phase.DEAL:
            raise IllegalActionError("The next hand has not been dealt yet.")
        if isinstance(action, DeclareOut):
            self._check_declare(action.seat)
            return
        if action.seat != self.to_act:
            raise IllegalActionError(f"It is not your turn: {self._waiting_for()}.")
        if isinstance(action, Play):
            self._check_play(action)
        elif self.phase is not Phase.MELD:
            raise IllegalActionError(
                f"You can only {action} right after winning a trick, while the stock lasts."
            )
        elif isinstance(action, Meld):
            self._check_meld(action)
        elif isinstance(action, ShowDix | ExchangeDix):
            self._check_dix(action)
        elif isinstance(action, Draw):
            choosing = len(self.stock) == 1 and self.rules.last_draw is LastDraw.WINNER_CHOOSES
            if action.take_turn_up and not choosing:
                raise IllegalActionError(
                    "You may only choose the turn-up at the last draw, "
                    "with the winner-chooses option."
                )
        else:
            raise IllegalActionError(f"{action!r} is not an action.")

    def _waiting_for(self) -> str:
        doing = {Phase.LEAD: "lead", Phase.FOLLOW: "play", Phase.MELD: "meld or draw"}[self.phase]
        return f"{self.to_act} is to {doing}"

    def _check_declare(self, seat: Seat) -> None:
        if self.rules.game is not GameMode.MATCH:
            raise IllegalActionError("You cannot declare out in a single-deal game.")
        if seat in self.claims:
            raise IllegalActionError("You have already declared out this hand.")

    def _check_play(self, action: Play) -> None:
        if self.phase is Phase.MELD:
            raise IllegalActionError("Finish your turn first: meld, or draw from the stock.")
        seat, card = action.seat, action.card
        if not (self.hands[seat] | self.tables[seat]) >> card.id & 1:
            if (self.hands[seat] | self.tables[seat]) & card.twin.bit:
                # Both copies are the same card to a player: play the one held.
                raise IllegalActionError(
                    f"You hold the other copy of {card}: play {card.twin.tag}."
                )
            raise IllegalActionError(f"You do not hold {card}.")
        if not (self.phase is Phase.FOLLOW and self.playoff):
            return
        assert self.lead is not None
        hand, lead, trump = self.hands[seat], self.lead, self.trump
        head = self.rules.playoff_head is PlayoffHead.ALWAYS
        if playoff_replies(hand, lead, trump, head) >> card.id & 1:
            return
        lead_card = CARDS[lead]
        same = hand & _SUIT_MASKS[lead >> 4]
        if same and card.suit != lead_card.suit:
            raise IllegalActionError(f"You must follow suit: you hold {lead_card.suit.symbol}.")
        if same:
            kind = "trump" if lead >> 4 == trump else lead_card.suit.symbol
            raise IllegalActionError(
                f"You must beat the lead: you hold a {kind} higher than {lead_card}."
            )
        raise IllegalActionError(
            f"You have no {lead_card.suit.symbol}, so you must trump: "
            f"you hold {Suit(trump).symbol}."
        )

    def _check_meld(self, action: Meld) -> None:
        if self.melded:
            raise IllegalActionError(
                "You have already melded this turn: win another trick to meld again."
            )
        seat, kind, cards = action.seat, action.kind, list(action.cards)
        if kind is MeldKind.DOUBLE_PINOCHLE and not self.rules.double_pinochle:
            raise IllegalActionError(
                "Double pinochle is not a meld under these rules: two pinochles score 40 each."
            )
        found = identify(self.patterns, cards)
        if found is not kind:
            wanted = describe_pattern(kind, Suit(self.trump))
            if found is None:
                raise IllegalActionError(f"Those cards are not a {kind}: {wanted}.")
            raise IllegalActionError(f"Those cards are a {found}, not a {kind}.")
        hand, table = self.hands[seat], self.tables[seat]
        for card in cards:
            if not (hand | table) >> card.id & 1:
                raise IllegalActionError(
                    f"You do not hold {card.tag} in your hand or on your table."
                )
        table_ids = [c.id for c in cards if table >> c.id & 1]
        if len(table_ids) == len(cards):
            raise IllegalActionError(
                "A meld needs at least one card from your hand, "
                "not only cards already on the table."
            )
        blocked = self.history.blocking(kind, table_ids)
        if blocked is not None:
            best = self.history.best(blocked, kind.meld_class)
            raise IllegalActionError(
                f"{CARDS[blocked]} already scored {best} in a class-{kind.meld_class.name} meld: "
                "it can be melded again only in another class "
                "or in a higher meld of the same class."
            )

    def _check_dix(self, action: ShowDix | ExchangeDix) -> None:
        card = action.card
        if not self._is_dix(card.id):
            dix = f"{self.rules.dix_rank.code}{Suit(self.trump).symbol}"
            raise IllegalActionError(f"{card} is not the dix: the dix is {dix}.")
        if not self.hands[action.seat] >> card.id & 1:
            raise IllegalActionError(f"You do not hold {card.tag} in your hand.")
        if not self.dix_left:
            raise IllegalActionError("You have already counted a dix for this trick.")
        if isinstance(action, ShowDix):
            if self.dix_counted >> card.id & 1:
                raise IllegalActionError(f"{card} has already been counted.")
        elif self.turn_up is None or self._is_dix(self.turn_up):
            raise IllegalActionError("The turn-up is itself a dix: show your dix instead.")

    # -- applying an action ---------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Do ``action`` and return the events it caused.

        An illegal action raises ``IllegalActionError`` and changes nothing.
        """
        self.check(action)
        if isinstance(action, Play):
            return self._play(action.seat, action.card.id)
        if isinstance(action, DeclareOut):
            return self._declare(action.seat)
        if isinstance(action, Draw):
            return self._draw(action.take_turn_up)
        events = self._meld(action) if isinstance(action, Meld) else self._dix(action)
        return events + self._end_turn_if_done()

    def _play(self, seat: Seat, card_id: int) -> list[Event]:
        from_table = bool(self.tables[seat] >> card_id & 1)
        self.hands[seat] &= ~(1 << card_id)
        self.tables[seat] &= ~(1 << card_id)
        self.public[seat] &= ~(1 << card_id)
        led = self.lead is None
        events: list[Event] = [CardPlayed(seat, CARDS[card_id], from_table, led)]
        if self.rules.dix_scores_when_played and self._is_dix(card_id):
            events.append(self._score_dix(DixPlayed, seat, CARDS[card_id]))
        if led:
            self.lead, self.leader = card_id, seat
            self.phase, self.to_act = Phase.FOLLOW, seat.other
            return events
        return events + self._finish_trick(card_id)

    def _finish_trick(self, reply: int) -> list[Event]:
        lead, leader = self.lead, self.leader
        assert lead is not None
        winner = leader.other if reply_wins(lead, reply, self.trump) else leader
        self.lead = None
        self.won[winner] |= (1 << lead) | (1 << reply)
        trick_no = len(self.tricks) + 1
        last = trick_no == 2 * self.hand_size
        card_points = self.rules.card_points
        points = card_points[(lead >> 1) & 7] + card_points[(reply >> 1) & 7]
        done = TrickWon(leader, CARDS[lead], CARDS[reply], winner, trick_no, points, last)
        self.tricks.append(done)
        events: list[Event] = [done]
        self.to_act = self.leader = winner
        if self._claim_counts(winner, leader):
            return events + self._count_claim(winner, last)
        if last:
            return events + self._score_hand()
        if self.playoff:
            self.phase = Phase.LEAD
            return events
        self.phase = Phase.MELD
        self.dix_left = self.rules.dix_per_trick
        self.melded = False
        return events + self._end_turn_if_done()

    def _end_turn_if_done(self) -> list[Event]:
        """The winner's turn ends by itself when drawing is all that is left."""
        if self.phase is Phase.MELD and not self._has_choice(self.to_act):
            return self._draw(False)
        return []

    def _has_choice(self, seat: Seat) -> bool:
        """True if the trick winner may do more than draw (``_winner_options`` minus
        the list-building, which matters after every trick)."""
        if self.dix_left:
            dixes = self.hands[seat] & self._dix_mask()
            if dixes & ~self.dix_counted:
                return True  # a dix to show
            if dixes and self.turn_up is not None and not self._is_dix(self.turn_up):
                return True  # a dix to exchange
        if len(self.stock) == 1 and self.rules.last_draw is LastDraw.WINNER_CHOOSES:
            return True
        return not self.melded and any_legal_meld(
            self.patterns, self.hands[seat], self.tables[seat], self.history
        )

    def _meld(self, action: Meld) -> list[Event]:
        seat = action.seat
        ids = [c.id for c in action.cards]
        mask = sum(1 << i for i in ids)
        self.public[seat] &= ~mask
        self.hands[seat] &= ~mask
        self.tables[seat] |= mask
        self.history.record(action.kind, ids)
        scored = MeldScored(seat, action.kind, action.cards, action.kind.points)
        self.melds.append(scored)
        self.melded = True
        self.scores[seat] += action.kind.points
        self.meld_points[seat] += action.kind.points
        return [scored]

    def _dix(self, action: ShowDix | ExchangeDix) -> list[Event]:
        seat, card = action.seat, action.card
        self.dix_left -= 1
        counted = bool(self.dix_counted >> card.id & 1)
        self.dix_counted |= card.bit
        if isinstance(action, ShowDix):
            self.public[seat] |= card.bit
            return [self._score_dix(DixShown, seat, card)]
        assert self.turn_up is not None
        gained = self.turn_up
        self.hands[seat] = (self.hands[seat] & ~card.bit) | (1 << gained)
        self.public[seat] = (self.public[seat] & ~card.bit) | (1 << gained)
        self.turn_up = card.id
        points = 0 if counted else 10
        self.scores[seat] += points
        self.meld_points[seat] += points
        return [DixExchanged(seat, card, CARDS[gained], points)]

    def _draw(self, take_turn_up: bool) -> list[Event]:
        winner = self.to_act
        loser = winner.other
        self.dix_left, self.melded = 0, False  # the winner's turn is over
        if len(self.stock) > 1:
            first, second = self.stock.pop(), self.stock.pop()
            self.hands[winner] |= 1 << first
            self.hands[loser] |= 1 << second
            self.phase = Phase.LEAD
            return [CardDrawn(winner, CARDS[first], False), CardDrawn(loser, CARDS[second], False)]
        hidden = self.stock.pop()
        assert self.turn_up is not None
        turn_up, self.turn_up = self.turn_up, None
        self.revealed = hidden
        taker = loser if take_turn_up else winner
        self.hands[taker] |= 1 << hidden
        self.hands[taker.other] |= 1 << turn_up
        self.public[taker] |= 1 << hidden
        self.public[taker.other] |= 1 << turn_up
        events: list[Event] = [
            CardDrawn(winner, CARDS[turn_up if take_turn_up else hidden], take_turn_up),
            LastCardRevealed(taker, CARDS[hidden]),
            CardDrawn(loser, CARDS[hidden if take_turn_up else turn_up], not take_turn_up),
        ]
        # The stock is gone: melded cards go back into the hands for the playoff.
        for seat in Seat:
            self.hands[seat] |= self.tables[seat]
            self.public[seat] |= self.tables[seat]
            self.tables[seat] = 0
        self.playoff = True
        self.phase = Phase.LEAD
        return [*events, PlayoffStarted(winner)]

    # -- declaring out and the end of a hand --------------------------------

    def _declare(self, seat: Seat) -> list[Event]:
        events: list[Event] = [OutDeclared(seat)]
        if self.rules.declare_out is DeclareOutRule.STANDARD:
            return events + self._count_claim(seat, last=False)
        self.claims.append(seat)
        return events

    def _claim_counts(self, winner: Seat, leader: Seat) -> bool:
        if winner not in self.claims:
            return False
        return self.rules.declare_out is DeclareOutRule.ALT1 or leader == winner

    def _count_claim(self, seat: Seat, last: bool) -> list[Event]:
        raw = trick_points(self.won[seat], self.rules.card_points)
        count = self.scores[seat] + rounded(raw + (self.rules.last_trick_bonus if last else 0))
        self.scores[seat] = count
        events: list[Event] = [ClaimCounted(seat, count, self.target, count >= self.target)]
        return events + self._claim_settled(seat)

    def _claim_settled(self, claimant: Seat) -> list[Event]:
        """The game ends on ``claimant``'s count: at the target it wins, else it loses."""
        if self.scores[claimant] >= self.target:
            return self._game_over(Termination.DECLARED_OUT_WON, claimant, claimant)
        return self._game_over(Termination.DECLARED_OUT_LOST, claimant.other, claimant)

    def _score_hand(self) -> list[Event]:
        last_winner = self.tricks[-1].winner
        raw = [trick_points(self.won[s], self.rules.card_points) for s in Seat]
        raw[last_winner] += self.rules.last_trick_bonus
        counts = [rounded(r) for r in raw]
        for seat in Seat:
            self.scores[seat] += counts[seat]
        events: list[Event] = [
            HandScored(
                (raw[0], raw[1]),
                (counts[0], counts[1]),
                (self.meld_points[0], self.meld_points[1]),
                (self.scores[0], self.scores[1]),
            )
        ]
        if self.claims:
            claimant = self.claims[0]
            count = self.scores[claimant]
            events.append(ClaimCounted(claimant, count, self.target, count >= self.target))
            return events + self._claim_settled(claimant)
        if self.rules.game is GameMode.SINGLE_DEAL:
            south, north = self.scores
            if south == north:
                return events + self._game_over(Termination.SINGLE_DEAL_DRAWN, None)
            best = Seat.SOUTH if south > north else Seat.NORTH
            return events + self._game_over(Termination.SINGLE_DEAL_WON, best)
        outcome = end_of_hand((self.scores[0], self.scores[1]), self.target, self.rules)
        old = self.target
        for new in outcome.raised:
            events.append(TargetRaised(old, new))
            old = new
        self.target = outcome.target
        if outcome.winner is not None:
            return events + self._game_over(Termination.TARGET_REACHED, outcome.winner)
        self.phase = Phase.DEAL
        return events

    def _game_over(
        self, termination: Termination, winner: Seat | None, claimant: Seat | None = None
    ) -> list[Event]:
        self.phase = Phase.GAME_OVER
        scores = (self.scores[0], self.scores[1])
        self.outcome = Outcome(termination, winner, scores, self.target, claimant)
        return [GameOver(self.outcome)]

    # -- what a seat may know ------------------------------------------------

    def view(self, seat: Seat) -> SeatView:
        """Exactly what ``seat`` may know: its own hand, both tables, everything played."""
        other = seat.other
        seen = self.hands[seat] | self.tables[0] | self.tables[1] | self.public[other]
        seen |= self.won[0] | self.won[1]
        for extra in (self.turn_up, self.lead):
            if extra is not None:
                seen |= 1 << extra
        dealt = self.hand_no > 0  # a hand is (or was) on the table
        everything = sum(c.bit for c in pack(self.rules)) if dealt else 0
        return SeatView(
            seat=seat,
            rules=self.rules,
            phase=self.phase,
            to_act=self.to_act,
            dealer=self.dealer,
            hand_no=self.hand_no,
            target=self.target,
            scores=(self.scores[0], self.scores[1]),
            meld_points=(self.meld_points[0], self.meld_points[1]),
            trump=Suit(self.trump) if dealt else None,
            turn_up=CARDS[self.turn_up] if self.turn_up is not None else None,
            stock_size=len(self.stock),
            revealed=CARDS[self.revealed] if self.revealed is not None else None,
            hand=tuple(cards_of(self.hands[seat])),
            tables=(tuple(cards_of(self.tables[0])), tuple(cards_of(self.tables[1]))),
            melds=tuple(self.melds),
            lead=CARDS[self.lead] if self.lead is not None else None,
            leader=self.leader,
            tricks=tuple(self.tricks),
            won_points=(
                trick_points(self.won[0], self.rules.card_points),
                trick_points(self.won[1], self.rules.card_points),
            ),
            trick_no=len(self.tricks),
            playoff=self.playoff,
            opponent_hand_size=(self.hands[other]).bit_count(),
            opponent_known=tuple(cards_of(self.public[other])),
            unseen=tuple(cards_of(everything & ~seen)),
            dix_counted=tuple(cards_of(self.dix_counted)),
            melded=self.melded,
            dix_left=self.dix_left,
            claims=tuple(self.claims),
            outcome=self.outcome,
        )
