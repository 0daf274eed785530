"""The game state machine: a whole match (or single deal), hand after hand.

``legal_actions()`` lists what may be done now, ``apply()`` does one action
and returns the events it caused, ``view(seat)`` gives what a seat may know.
An illegal action raises ``IllegalActionError`` with a reason a player can
read and leaves the state exactly as it was. ``apply_legal()`` is the trusted
fast path for an action taken from ``legal_actions()``: the same rules without
the check, for search and for a game driver that only offers legal actions.

Cards are held as int bitmasks (see ``cards``) so that a copy is cheap and
the AI can search thousands of positions.

>>> from pinochle_tui.engine.deck import pack
>>> state = GameState.new(Rules(), dealer=Seat.NORTH)
>>> events = state.deal(pack(Rules()))
>>> state.phase, state.to_act, len(state.legal_actions(Seat.SOUTH))
(<Phase.LEAD: 'lead'>, <Seat.SOUTH: 0>, 13)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields
from functools import cache
from typing import Any, NoReturn

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
from pinochle_tui.engine.cards import (
    BIT,
    CARDS,
    ByteTable,
    Card,
    Suit,
    byte_table,
    cards_of,
    ids_of,
    mask_of,
)
from pinochle_tui.engine.deck import deck_ids, pack, places
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
    MeldCards,
    MeldHistory,
    MeldKind,
    MeldPattern,
    describe_pattern,
    identify,
    legal_ways,
    meld_patterns,
)
from pinochle_tui.engine.outcome import Outcome, Termination
from pinochle_tui.engine.rules import DeclareOut as DeclareOutRule
from pinochle_tui.engine.rules import GameMode, LastDraw, PlayoffHead, Rules
from pinochle_tui.engine.scoring import end_of_hand, rounded
from pinochle_tui.engine.seats import Seat
from pinochle_tui.engine.tricks import playoff_replies, trick_points
from pinochle_tui.engine.view import Phase, SeatView

# Speed tricks used throughout this module, each measured on the benchmark
# (``benchmarks/engine.py``; see also ``GameState._undo`` and ``LegalActions``):
# - Enum members are read from module globals: ``Phase.LEAD`` goes through the
#   enum class's attribute lookup, several times slower than a global, and
#   ``seat.other`` is a property call where ``_OTHER[seat]`` is a tuple index.
# - The actions and events that are built again and again are made once here.
#   They are frozen, so a shared instance is as good as a fresh one (``==``
#   compares their fields), and building a frozen dataclass is slow.
# - Masks become lists of actions through ``select`` and its byte tables.
# - The rule options are read from ``_Settings``, not from the pydantic model.
# - The trick winner's options are worked out once per position (``_options``).
# - What runs at every card is written out where it runs, not called: a play
#   in ``apply_legal``, ``select`` in ``legal_actions``, ``reply_wins`` in
#   ``_finish_trick``: a call costs about what a trick's bookkeeping does.
# - Trick and meld records are built as drafts (``_draft_of``), not by ``__init__``.
_SEATS = (Seat.SOUTH, Seat.NORTH)
_OTHER = (Seat.NORTH, Seat.SOUTH)
_SUITS = tuple(Suit)
_DEAL, _LEAD, _FOLLOW, _MELD, _OVER = (
    Phase.DEAL,
    Phase.LEAD,
    Phase.FOLLOW,
    Phase.MELD,
    Phase.GAME_OVER,
)
_IN_HAND = (_LEAD, _FOLLOW, _MELD)
_SUIT_MASKS = tuple(s.mask for s in Suit)

#: ``select(mask, _PLAYS[seat])``: the plays of the cards in ``mask``.
_PLAYS: tuple[ByteTable[Action], ...] = tuple(
    byte_table(tuple(Play(seat, card) for card in CARDS).__getitem__) for seat in _SEATS
)
_DECLARES = tuple(DeclareOut(seat) for seat in _SEATS)
#: ``_SHOWS[seat][card_id]`` and ``_EXCHANGES[seat][card_id]``: the dix actions.
_SHOWS = tuple(tuple(ShowDix(seat, card) for card in CARDS) for seat in _SEATS)
_EXCHANGES = tuple(tuple(ExchangeDix(seat, card) for card in CARDS) for seat in _SEATS)
#: ``_DRAWS[seat]``: the plain draw, then taking the turn-up at the last draw.
_DRAWS = tuple((Draw(seat), Draw(seat, take_turn_up=True)) for seat in _SEATS)
#: ``_CARD_PLAYED[seat][from_table][led][card_id]``.
_CARD_PLAYED = tuple(
    tuple(
        tuple(
            tuple(CardPlayed(seat, card, bool(table), bool(led)) for card in CARDS)
            for led in (0, 1)
        )
        for table in (0, 1)
    )
    for seat in _SEATS
)
#: ``_CARD_DRAWN[seat][turn_up][card_id]``.
_CARD_DRAWN = tuple(
    tuple(tuple(CardDrawn(seat, card, bool(turn_up)) for card in CARDS) for turn_up in (0, 1))
    for seat in _SEATS
)


def _draft_of(record: type) -> type:
    """A class for a ``record`` being filled in: the same slots, not frozen.

    A frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``, a slow generic call, and a trick is finished after
    every second card. The engine fills a draft with plain attribute stores and
    then makes it the record by assigning its ``__class__``, which Python allows
    between classes of the same slots: five times as fast as the constructor,
    with the same fields, equality and hash.
    """
    slots = tuple(f.name for f in fields(record))
    return type(f"_{record.__name__}Draft", (), {"__slots__": slots})


_TrickDraft = _draft_of(TrickWon)
_MeldDraft = _draft_of(MeldScored)


#: ``_MELDS[seat][way]``: the action of melding ``way``, made on first use and
#: kept, as a ``Meld`` sorts its cards as it is built. The ways are made once
#: with their patterns (``meld_patterns``), so these stay few.
_MELDS: tuple[dict[MeldCards, Meld], ...] = ({}, {})


def _new_meld(seat: Seat, way: MeldCards) -> Meld:
    """The action of melding ``way``, made the first time and kept in ``_MELDS``."""
    action = _MELDS[seat][way] = Meld(seat, way.kind, tuple(CARDS[i] for i in way.ids))
    return action


class _Settings:
    """A game's ``Rules`` with the options the hot paths read: plain attributes
    instead of pydantic properties and enum comparisons."""

    __slots__ = (
        "card_points",
        "dix_masks",
        "dix_per_trick",
        "dix_rank",
        "dix_scores_when_played",
        "head_always",
        "match",
        "pack",
        "patterns",
        "places",
        "rules",
        "tricks",
        "winner_chooses",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.card_points = rules.card_points
        self.dix_per_trick: int = rules.dix_per_trick
        self.dix_rank = int(rules.dix_rank)
        #: Both copies of the dix, by trump suit.
        self.dix_masks = tuple(3 << ((suit * 8 + self.dix_rank) << 1) for suit in Suit)
        self.dix_scores_when_played = rules.dix_scores_when_played
        self.head_always = rules.playoff_head is PlayoffHead.ALWAYS
        self.match = rules.game is GameMode.MATCH
        self.pack = mask_of(pack(rules))  # every card of the pack
        self.tricks = 2 * rules.hand_size  # tricks in a hand
        #: The deal: the deck positions of each hand (the turn-up comes next).
        self.places = places(rules)
        #: The melds possible, by trump suit.
        self.patterns = tuple(meld_patterns(suit, rules.double_pinochle) for suit in Suit)
        self.winner_chooses = rules.last_draw is LastDraw.WINNER_CHOOSES


@cache
def _shared_settings(rules: Rules) -> _Settings:
    return _Settings(rules)


def _settings(rules: Rules) -> _Settings:
    """The settings of ``rules``, worked out once for all equal rules, holding
    this very ``rules`` object."""
    shared = _shared_settings(rules)
    if shared.rules is rules:
        return shared
    own = object.__new__(_Settings)
    for name in _Settings.__slots__:
        setattr(own, name, getattr(shared, name))
    own.rules = rules
    return own


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


def _read_only(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError("LegalActions is read-only: list(legal) is a copy to change")


class LegalActions(list[Action]):
    """The actions legal now, in a fixed order: a read-only sequence whose
    membership test is a set lookup (like python-chess's ``legal_moves``).

    A ``list`` underneath, with every method that would change it refused:
    ``len``, indexing and iteration then run in C, which a random playout
    (``random.choice(state.legal_actions())``) pays for at every action.
    A slice is a plain list.
    """

    __slots__ = ("_set",)  # the set of the actions, built at the first ``in``

    append = extend = insert = remove = pop = clear = sort = reverse = _read_only
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only

    def __contains__(self, action: object) -> bool:
        try:
            return action in self._set
        except AttributeError:
            self._set: frozenset[Action] = frozenset(self)
            return action in self._set

    def __reduce__(self) -> tuple[type[LegalActions], tuple[list[Action]]]:
        # copy and pickle would rebuild a list subclass with append and extend.
        return LegalActions, (list(self),)

    def __repr__(self) -> str:
        return f"<LegalActions ({len(self)}): {', '.join(map(str, self))}>"


class GameState:
    """A game of two-handed pinochle under the given rules.

    The public state layout
    -----------------------
    Every field below is public: read them freely; change them only through
    actions (``deal``, ``apply``, ``apply_legal``, ``push``/``pop``), which keep
    them consistent with each other and with the engine's private caches.

    A card is an id from 0 to 63: ``(suit * 8 + rank) * 2 + copy - 1``, with
    suits spades 0, hearts 1, diamonds 2, clubs 3 (``Suit``), ranks ace 0, ten
    1, king 2, queen 3, jack 4, nine 5, and eight 6 and seven 7 only in the
    64-card pack (``Rank``), and copy 1 or 2 (the pack has two of each card).
    So a suit is 16 consecutive bits and, within a suit, a lower id beats a
    higher one. ``CARDS[id]`` is the ``Card``. A set of cards is an int
    bitmask with bit ``id`` set for each card in it. Lists "by seat" are
    indexed by ``Seat`` (South 0, North 1).

    The game:

    - ``rules``: the ``Rules`` (fixed for the game); ``target``: the score to
      reach now (a match raises it when both players pass it).
    - ``phase``: the ``Phase``, the decision the game waits for; ``to_act``:
      the ``Seat`` to decide (in ``MELD``, the trick winner); ``dealer``: the
      dealer of this hand; ``hand_no``: hands dealt so far (0 before the first).
    - ``scores``: each seat's total so far, by seat (melds and dix count at
      once; tricks when the hand is scored); ``meld_points``: what each seat
      melded this hand (dix included), by seat.
    - ``outcome``: how the game ended (``Outcome``), None while it goes on.

    The hand:

    - ``trump``: the trump suit as an int; ``patterns``: the melds possible
      with this trump (``meld_patterns``).
    - ``hands``: each seat's concealed cards, a mask by seat; ``tables``: the
      melded cards lying face up in front of each seat (still theirs to play),
      a mask by seat; ``public``: the cards of each concealed hand that both
      players know (a dix shown, a card drawn face up), a mask by seat;
      ``won``: the cards each seat has taken in tricks, a mask by seat.
    - ``stock``: the face-down stock as a list of card ids, the top card last;
      ``turn_up``: the face-up trump card under it (None once drawn);
      ``revealed``: the last face-down card, shown at the last draw (else None).
    - ``lead``: the card led to the trick in progress (None between tricks);
      ``leader``: the seat that led it (or leads next).
    - ``tricks``: the finished tricks of the hand, oldest first (``TrickWon``);
      ``melds``: the melds laid down this hand, oldest first (``MeldScored``);
      ``history``: the best value each table card has scored in each meld
      class (``MeldHistory``, for the reuse rule).
    - ``dix_counted``: the mask of the dixes (turned, shown or exchanged) that
      have scored; ``dix_left``: dix actions the trick winner may still take
      this turn; ``melded``: whether it has melded this turn.
    - ``playoff``: whether the stock is gone and the last 12 (or 16) tricks
      are being played; ``claims``: the seats that have declared out this hand
      and wait to be counted (the ``alt1``/``alt2`` options), oldest first.
    """

    #: The positions saved by ``push``, the last on top: an attribute only from
    #: the first push on. CPython 3.11 keeps up to 29 attributes of an object in
    #: place, looked up by a fixed index, and a state has 29 (``rules`` lives
    #: in ``_settings``); a 30th would make every attribute access in the
    #: engine a dict lookup, about 4% of the benchmark.
    _undo: list[GameState] | None = None

    def __init__(self, rules: Rules, dealer: Seat) -> None:
        self.rules = rules
        self.phase = _DEAL
        self.dealer = _OTHER[dealer]  # ``deal`` alternates it to the first dealer
        self.to_act = dealer
        self.hand_no = 0
        self.target = rules.target
        self.scores = [0, 0]
        #: How the game ended; None while it goes on.
        self.outcome: Outcome | None = None
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
        #: The trick winner's options in this position, once worked out (None:
        #: not yet). Every action clears it; ``_end_turn_if_done`` and
        #: ``legal_actions`` fill it. The list is shared, never changed in place.
        self._options: list[Action] | None = None

    @property
    def rules(self) -> Rules:
        """The rule options of the game."""
        return self._settings.rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        self._settings = _settings(rules)

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
        hidden = sum(c.bit for c in opponent_hidden)  # a card given twice fails the checks
        face_down = [c.id for c in stock]
        below = sum(1 << c for c in face_down)
        if (
            hidden & below
            or hidden | below != mask_of(view.unseen)
            or len(face_down) != below.bit_count()
            or len(face_down) != view.stock_size
            or hidden.bit_count() + len(view.opponent_known) != view.opponent_hand_size
        ):
            raise PositionError(
                "the opponent's hidden cards and the stock must be exactly the cards "
                "the view has not seen, in the numbers it shows"
            )
        seat, other = view.seat, _OTHER[view.seat]
        state = cls(rules or view.rules, view.dealer)
        state.phase, state.to_act, state.dealer = view.phase, view.to_act, view.dealer
        state.hand_no, state.target = view.hand_no, view.target
        state.scores = list(view.scores)
        state.meld_points = list(view.meld_points)
        state.trump = int(view.trump)
        state.patterns = meld_patterns(view.trump, state.rules.double_pinochle)
        known = mask_of(view.opponent_known)
        state.hands[seat] = mask_of(view.hand)
        state.hands[other] = known | hidden
        state.tables = [mask_of(table) for table in view.tables]
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
        state.dix_counted = mask_of(view.dix_counted)
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
        new.__dict__.pop("_undo", None)
        return new

    def push(self, action: Action) -> list[Event]:
        """Apply ``action`` and remember the position before it for ``pop``."""
        snapshot = self.copy()
        events = self.apply(action)
        if self._undo is None:
            self._undo = []
        self._undo.append(snapshot)
        return events

    def pop(self) -> None:
        """Undo the last ``push``."""
        undo = self._undo
        if not undo:
            raise IndexError("nothing to undo")
        self.__dict__ = undo.pop().__dict__
        self._undo = undo

    # -- reading the state --------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

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
        return _SUITS[self.trump] if self.phase in _IN_HAND else None

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
        return card_id >> 4 == self.trump and (card_id >> 1) & 7 == self._settings.dix_rank

    # -- the deal -----------------------------------------------------------

    def deal(self, deck: Sequence[Card | str]) -> list[Event]:
        """Deal the next hand from a known deck order (the top card first).

        The dealer alternates from hand to hand.
        """
        if self.phase is not _DEAL:
            raise IllegalActionError(
                "The game is over." if self.is_over else "This hand is still being played."
            )
        dealer = _OTHER[self.dealer]
        settings = self._settings
        ids = deck_ids(deck, settings.rules)
        self.dealer = dealer
        if self.hand_no:  # the first hand finds the state as ``__init__`` cleared it
            self._clear_hand()
        self.hand_no += 1
        self.to_act = self.leader = _OTHER[dealer]
        bit, card_at = BIT.__getitem__, ids.__getitem__
        for seat, positions in zip((_OTHER[dealer], dealer), settings.places, strict=True):
            self.hands[seat] = sum(map(bit, map(card_at, positions)))  # distinct bits
        turn = settings.tricks  # the turn-up follows both hands: 2 x the hand size
        self.stock = ids[:turn:-1]  # the stock's top card last
        turn_up = CARDS[ids[turn]]
        self.turn_up = turn_up.id
        self.trump = turn_up.suit
        self.patterns = settings.patterns[turn_up.suit]
        self.phase = _LEAD
        events: list[Event] = [HandDealt(self.hand_no, dealer, turn_up.suit, turn_up)]
        if self._is_dix(turn_up.id):
            self.dix_counted |= turn_up.bit
            self._score_dix(DixTurned, dealer, turn_up, events)
        return events

    def _score_dix(
        self,
        event: type[DixTurned] | type[DixShown] | type[DixPlayed],
        seat: Seat,
        card: Card,
        events: list[Event],
    ) -> None:
        self.scores[seat] += 10
        self.meld_points[seat] += 10
        events.append(event(seat, card, 10))

    # -- legal actions --------------------------------------------------------

    def legal_actions(self, seat: Seat | None = None) -> LegalActions:
        """Every legal action now; with ``seat``, only that seat's.

        Declaring out is open to both seats, so both may have actions.
        """
        phase, to_act = self.phase, self.to_act
        actions: list[Action]
        if (seat is not None and seat != to_act) or phase is _DEAL or phase is _OVER:
            actions = []
        elif phase is _MELD:
            actions = self._winner_actions()
        else:
            if phase is _LEAD or not self.playoff:  # any card held
                cards = self.hands[to_act] | self.tables[to_act]
            else:
                assert self.lead is not None
                cards = playoff_replies(
                    self.hands[to_act], self.lead, self.trump, self._settings.head_always
                )
            # ``select(cards, _PLAYS[to_act])``, inline: it runs before every card.
            t0, t1, t2, t3, t4, t5, t6, t7 = _PLAYS[to_act]
            b0, b1, b2, b3, b4, b5, b6, b7 = cards.to_bytes(8, "little")
            actions = [*t0[b0], *t1[b1], *t2[b2], *t3[b3], *t4[b4], *t5[b5], *t6[b6], *t7[b7]]
        if self._settings.match and phase is not _DEAL and phase is not _OVER:
            claimants = _SEATS if seat is None else (seat,)
            actions = actions + [_DECLARES[s] for s in claimants if s not in self.claims]
        return LegalActions(actions)

    def _winner_actions(self) -> list[Action]:
        """The trick winner's options, worked out once per position."""
        if self._options is None:
            self._options = self._winner_options(self.to_act)
        return self._options

    def _winner_options(self, seat: Seat) -> list[Action]:
        """Dix actions, melds, then the draw (or both draws at the last one)."""
        options: list[Action] = []
        hand = self.hands[seat]
        dixes = hand & self._settings.dix_masks[self.trump] if self.dix_left else 0
        if dixes:  # rare: test before anything else
            exchange = self.turn_up is not None and not self._is_dix(self.turn_up)
            for dix in ids_of(dixes):
                if not self.dix_counted >> dix & 1:
                    options.append(_SHOWS[seat][dix])
                if exchange:
                    options.append(_EXCHANGES[seat][dix])
        if not self.melded:
            kept = _MELDS[seat]
            for way in legal_ways(self.patterns, hand, self.tables[seat], self.history):
                options.append(kept.get(way) or _new_meld(seat, way))
        if len(self.stock) == 1 and self._settings.winner_chooses:
            options += _DRAWS[seat]
        else:
            options.append(_DRAWS[seat][0])
        return options

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
            raise IllegalActionError(f"You cannot {exact} now.", f"{{seat}} cannot {exact} now.")
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
        if self.phase is _OVER:
            raise IllegalActionError("The game is over.")
        if self.phase is _DEAL:
            raise IllegalActionError("The next hand has not been dealt yet.")
        if isinstance(action, DeclareOut):
            self._check_declare(action.seat)
            return
        if action.seat != self.to_act:
            waiting = self._waiting_for()
            raise IllegalActionError(
                f"It is not your turn: {waiting}.", f"It is not {{seat}}'s turn: {waiting}."
            )
        if isinstance(action, Play):
            self._check_play(action)
        elif self.phase is not _MELD:
            raise IllegalActionError(
                f"You can only {action} right after winning a trick, while the stock lasts.",
                f"{{seat}} can only {action} right after winning a trick, while the stock lasts.",
            )
        elif isinstance(action, Meld):
            self._check_meld(action)
        elif isinstance(action, ShowDix | ExchangeDix):
            self._check_dix(action)
        elif isinstance(action, Draw):
            choosing = len(self.stock) == 1 and self._settings.winner_chooses
            if action.take_turn_up and not choosing:
                raise IllegalActionError(
                    "You may only choose the turn-up at the last draw, "
                    "with the winner-chooses option.",
                    "{seat} may only choose the turn-up at the last draw, "
                    "with the winner-chooses option.",
                )
        else:
            raise IllegalActionError(f"{action!r} is not an action.")

    def _waiting_for(self) -> str:
        doing = {_LEAD: "lead", _FOLLOW: "play", _MELD: "meld or draw"}[self.phase]
        return f"{self.to_act} is to {doing}"

    def _check_declare(self, seat: Seat) -> None:
        if not self._settings.match:
            raise IllegalActionError(
                "You cannot declare out in a single-deal game: it has no target, "
                "and the deal's points decide it.",
                "No one can declare out in a single-deal game: it has no target, "
                "and the deal's points decide it.",
            )
        if seat in self.claims:
            raise IllegalActionError(
                "You have already declared out this hand.",
                "{seat} has already declared out this hand.",
            )

    def _check_play(self, action: Play) -> None:
        if self.phase is _MELD:
            raise IllegalActionError(
                "Finish your turn first: meld, or draw from the stock.",
                "{seat} has a turn to finish first: meld, or draw from the stock.",
            )
        seat, card = action.seat, action.card
        if not (self.hands[seat] | self.tables[seat]) >> card.id & 1:
            if (self.hands[seat] | self.tables[seat]) & card.twin.bit:
                # Both copies are the same card to a player: play the one held.
                raise IllegalActionError(
                    f"You hold the other copy of {card}: play {card.twin.tag}.",
                    f"{{seat}} holds the other copy of {card}, {card.twin.tag}.",
                )
            raise IllegalActionError(f"You do not hold {card}.", f"{{seat}} does not hold {card}.")
        if not (self.phase is _FOLLOW and self.playoff):
            return
        assert self.lead is not None
        hand, lead, trump = self.hands[seat], self.lead, self.trump
        if playoff_replies(hand, lead, trump, self._settings.head_always) >> card.id & 1:
            return
        lead_card = CARDS[lead]
        same = hand & _SUIT_MASKS[lead >> 4]
        if same and card.suit != lead_card.suit:
            raise IllegalActionError(
                f"You must follow suit: you hold {lead_card.suit.symbol}.",
                f"{{seat}} must follow suit, holding {lead_card.suit.symbol}.",
            )
        if same:
            kind = "trump" if lead >> 4 == trump else lead_card.suit.symbol
            raise IllegalActionError(
                f"You must beat the lead: you hold a {kind} higher than {lead_card}.",
                f"{{seat}} must beat the lead, holding a {kind} higher than {lead_card}.",
            )
        raise IllegalActionError(
            f"You have no {lead_card.suit.symbol}, so you must trump: "
            f"you hold {_SUITS[trump].symbol}.",
            f"{{seat}} has no {lead_card.suit.symbol}, so must trump, "
            f"holding {_SUITS[trump].symbol}.",
        )

    def _check_meld(self, action: Meld) -> None:
        if self.melded:
            raise IllegalActionError(
                "You have already melded this turn: win another trick to meld again.",
                "{seat} has already melded this turn: only another trick won lets it meld again.",
            )
        seat, kind, cards = action.seat, action.kind, list(action.cards)
        if kind is MeldKind.DOUBLE_PINOCHLE and not self.rules.double_pinochle:
            raise IllegalActionError(
                "Double pinochle is not a meld under these rules: two pinochles score 40 each."
            )
        found = identify(self.patterns, cards)
        if found is not kind:
            wanted = describe_pattern(kind, _SUITS[self.trump])
            if found is None:
                raise IllegalActionError(f"Those cards are not a {kind}: {wanted}.")
            raise IllegalActionError(f"Those cards are a {found}, not a {kind}.")
        hand, table = self.hands[seat], self.tables[seat]
        for card in cards:
            if not (hand | table) >> card.id & 1:
                raise IllegalActionError(
                    f"You do not hold {card.tag} in your hand or on your table.",
                    f"{{seat}} does not hold {card.tag}, in hand or on the table.",
                )
        table_ids = [c.id for c in cards if table >> c.id & 1]
        if len(table_ids) == len(cards):
            raise IllegalActionError(
                "A meld needs at least one card from your hand, "
                "not only cards already on the table.",
                "A meld needs at least one card from the hand, "
                "not only cards already on the table.",
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
            dix = f"{self.rules.dix_rank.code}{_SUITS[self.trump].symbol}"
            raise IllegalActionError(f"{card} is not the dix: the dix is {dix}.")
        if not self.hands[action.seat] >> card.id & 1:
            raise IllegalActionError(
                f"You do not hold {card.tag} in your hand.",
                f"{{seat}} does not hold {card.tag} in hand.",
            )
        if not self.dix_left:
            raise IllegalActionError(
                "You have already counted a dix for this trick.",
                "{seat} has already counted a dix for this trick.",
            )
        if isinstance(action, ShowDix):
            if self.dix_counted >> card.id & 1:
                raise IllegalActionError(f"{card} has already been counted.")
        elif self.turn_up is None or self._is_dix(self.turn_up):
            raise IllegalActionError(
                "The turn-up is itself a dix: show your dix instead.",
                "The turn-up is itself a dix: {seat} may show a dix, not exchange it.",
            )

    # -- applying an action ---------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Do ``action`` and return the events it caused.

        An illegal action raises ``IllegalActionError`` and changes nothing.
        """
        self.check(action)
        return self.apply_legal(action)

    def apply_legal(self, action: Action) -> list[Event]:
        """Do ``action``, taken from ``legal_actions()`` of this very position,
        and return the events it caused: ``apply`` without the check.

        The trusted fast path, for search and for a game driver that only
        offers legal actions. Undefined on an action not from
        ``legal_actions()``: it may raise anything or leave a corrupt state.
        """
        self._options = None  # whatever the action, the winner's options change
        if isinstance(action, Play):  # most actions are plays: done here, without a call
            seat, card_id = action.seat, action.card.id
            # Tests before changes: a mask op whose result is 0 allocates no int.
            bit = BIT[card_id]
            from_table = 1 if self.tables[seat] & bit else 0
            if from_table:
                self.tables[seat] ^= bit
            else:
                self.hands[seat] ^= bit
            if self.public[seat] & bit:
                self.public[seat] ^= bit
            lead = self.lead
            events: list[Event] = [_CARD_PLAYED[seat][from_table][lead is None][card_id]]
            if self._settings.dix_scores_when_played and self._is_dix(card_id):
                self._score_dix(DixPlayed, seat, CARDS[card_id], events)
            if lead is None:
                self.lead, self.leader = card_id, seat
                self.phase, self.to_act = _FOLLOW, _OTHER[seat]
            else:
                self._finish_trick(lead, card_id, events)
            return events
        events = []
        if isinstance(action, Draw):
            self._draw(action.take_turn_up, events)
        elif isinstance(action, DeclareOut):
            self._declare(action.seat, events)
        else:
            if isinstance(action, Meld):
                self._meld(action, events)
            else:
                self._dix(action, events)
            self._end_turn_if_done(events)
        return events

    def _finish_trick(self, lead: int, reply: int, events: list[Event]) -> None:
        # Inline here, as this runs after every second card: ``reply_wins``, and
        # building the ``TrickWon`` (see ``_draft_of``).
        leader = self.leader
        if reply >> 4 == lead >> 4:
            winner = _OTHER[leader] if reply >> 1 < lead >> 1 else leader
        else:
            winner = _OTHER[leader] if reply >> 4 == self.trump else leader
        self.lead = None
        self.won[winner] |= BIT[lead] | BIT[reply]
        settings = self._settings
        points = settings.card_points
        trick_no = len(self.tricks) + 1
        last = trick_no == settings.tricks
        draft: Any = _TrickDraft()
        draft.leader, draft.winner, draft.trick_no, draft.last = leader, winner, trick_no, last
        draft.lead, draft.reply = CARDS[lead], CARDS[reply]
        draft.points = points[(lead >> 1) & 7] + points[(reply >> 1) & 7]
        draft.__class__ = TrickWon
        done: TrickWon = draft
        self.tricks.append(done)
        events.append(done)
        self.to_act = self.leader = winner
        if self.claims and self._claim_counts(winner, leader):
            self._count_claim(winner, events)
        elif last:
            self._score_hand(events)
        elif self.playoff:
            self.phase = _LEAD
        else:
            self.phase = _MELD
            self.dix_left = settings.dix_per_trick
            self.melded = False
            self._end_turn_if_done(events)

    def _end_turn_if_done(self, events: list[Event]) -> None:
        """The winner's turn ends by itself when drawing is all that is left.

        Otherwise its options stay cached for ``legal_actions``: finding the
        melds is most of what a turn costs, and this look-ahead after every
        trick has to find them anyway.
        """
        options = self._winner_options(self.to_act)
        if len(options) == 1:  # the plain draw alone
            self._draw(False, events)
        else:
            self._options = options

    def _meld(self, action: Meld, events: list[Event]) -> None:
        seat, kind = action.seat, action.kind
        mask = mask_of(action.cards)
        self.public[seat] &= ~mask
        self.hands[seat] &= ~mask
        self.tables[seat] |= mask
        self.history.record(kind, [c.id for c in action.cards])
        draft: Any = _MeldDraft()  # see ``_draft_of``
        draft.seat, draft.kind, draft.cards, draft.points = seat, kind, action.cards, kind.points
        draft.__class__ = MeldScored
        scored: MeldScored = draft
        self.melds.append(scored)
        self.melded = True
        self.scores[seat] += kind.points
        self.meld_points[seat] += kind.points
        events.append(scored)

    def _dix(self, action: ShowDix | ExchangeDix, events: list[Event]) -> None:
        seat, card = action.seat, action.card
        self.dix_left -= 1
        counted = bool(self.dix_counted >> card.id & 1)
        self.dix_counted |= card.bit
        if isinstance(action, ShowDix):
            self.public[seat] |= card.bit
            self._score_dix(DixShown, seat, card, events)
            return
        assert self.turn_up is not None
        gained = self.turn_up
        self.hands[seat] = (self.hands[seat] & ~card.bit) | (1 << gained)
        self.public[seat] = (self.public[seat] & ~card.bit) | (1 << gained)
        self.turn_up = card.id
        points = 0 if counted else 10
        self.scores[seat] += points
        self.meld_points[seat] += points
        events.append(DixExchanged(seat, card, CARDS[gained], points))

    def _draw(self, take_turn_up: bool, events: list[Event]) -> None:
        winner = self.to_act
        loser = _OTHER[winner]
        self.dix_left, self.melded = 0, False  # the winner's turn is over
        stock = self.stock
        if len(stock) > 1:
            first, second = stock.pop(), stock.pop()
            self.hands[winner] |= BIT[first]
            self.hands[loser] |= BIT[second]
            self.phase = _LEAD
            events += (_CARD_DRAWN[winner][0][first], _CARD_DRAWN[loser][0][second])
            return
        hidden = stock.pop()
        assert self.turn_up is not None
        turn_up, self.turn_up = self.turn_up, None
        self.revealed = hidden
        taker = loser if take_turn_up else winner
        self.hands[taker] |= 1 << hidden
        self.hands[_OTHER[taker]] |= 1 << turn_up
        self.public[taker] |= 1 << hidden
        self.public[_OTHER[taker]] |= 1 << turn_up
        events += (
            _CARD_DRAWN[winner][take_turn_up][turn_up if take_turn_up else hidden],
            LastCardRevealed(taker, CARDS[hidden]),
            _CARD_DRAWN[loser][not take_turn_up][hidden if take_turn_up else turn_up],
        )
        # The stock is gone: melded cards go back into the hands for the playoff.
        for seat in _SEATS:
            self.hands[seat] |= self.tables[seat]
            self.public[seat] |= self.tables[seat]
            self.tables[seat] = 0
        self.playoff = True
        self.phase = _LEAD
        events.append(PlayoffStarted(winner))

    # -- declaring out and the end of a hand --------------------------------

    def _declare(self, seat: Seat, events: list[Event]) -> None:
        events.append(OutDeclared(seat))
        if self.rules.declare_out is DeclareOutRule.STANDARD:
            self._count_claim(seat, events)
        else:
            self.claims.append(seat)

    def _claim_counts(self, winner: Seat, leader: Seat) -> bool:
        if winner not in self.claims:
            return False
        return self.rules.declare_out is DeclareOutRule.ALT1 or leader == winner

    def _count_claim(self, seat: Seat, events: list[Event]) -> None:
        count = self.scores[seat] + rounded(self._won_points()[seat])
        self.scores[seat] = count
        events.append(ClaimCounted(seat, count, self.target, count >= self.target))
        self._claim_settled(seat, events)

    def _claim_settled(self, claimant: Seat, events: list[Event]) -> None:
        """The game ends on ``claimant``'s count: at the target it wins, else it loses."""
        if self.scores[claimant] >= self.target:
            self._game_over(Termination.DECLARED_OUT_WON, claimant, events, claimant)
        else:
            self._game_over(Termination.DECLARED_OUT_LOST, _OTHER[claimant], events, claimant)

    def _won_points(self) -> tuple[int, int]:
        """Each seat's card points in tricks this hand, with the last trick's
        bonus once that trick is won (what the hand's count is made of)."""
        points = self._settings.card_points
        raw = [trick_points(self.won[0], points), trick_points(self.won[1], points)]
        if self.tricks and self.tricks[-1].last:
            raw[self.tricks[-1].winner] += self.rules.last_trick_bonus
        return raw[0], raw[1]

    def _score_hand(self, events: list[Event]) -> None:
        scores = self.scores
        raw = self._won_points()
        counts = (rounded(raw[0]), rounded(raw[1]))
        scores[0] += counts[0]
        scores[1] += counts[1]
        events.append(
            HandScored(
                (raw[0], raw[1]),
                counts,
                (self.meld_points[0], self.meld_points[1]),
                (scores[0], scores[1]),
            )
        )
        if self.claims:
            claimant = self.claims[0]
            count = self.scores[claimant]
            events.append(ClaimCounted(claimant, count, self.target, count >= self.target))
            self._claim_settled(claimant, events)
            return
        if not self._settings.match:
            south, north = self.scores
            if south == north:
                self._game_over(Termination.SINGLE_DEAL_DRAWN, None, events)
            else:
                best = Seat.SOUTH if south > north else Seat.NORTH
                self._game_over(Termination.SINGLE_DEAL_WON, best, events)
            return
        outcome = end_of_hand((self.scores[0], self.scores[1]), self.target, self.rules)
        old = self.target
        for new in outcome.raised:
            events.append(TargetRaised(old, new))
            old = new
        self.target = outcome.target
        if outcome.winner is not None:
            self._game_over(Termination.TARGET_REACHED, outcome.winner, events)
        else:
            self.phase = _DEAL

    def _game_over(
        self,
        termination: Termination,
        winner: Seat | None,
        events: list[Event],
        claimant: Seat | None = None,
    ) -> None:
        self.phase = _OVER
        scores = (self.scores[0], self.scores[1])
        self.outcome = Outcome(termination, winner, scores, self.target, claimant)
        events.append(GameOver(self.outcome))

    # -- what a seat may know ------------------------------------------------

    def view(self, seat: Seat) -> SeatView:
        """Exactly what ``seat`` may know: its own hand, both tables, everything played."""
        other = _OTHER[seat]
        tables = self.tables
        seen = self.hands[seat] | tables[0] | tables[1] | self.public[other]
        seen |= self.won[0] | self.won[1]
        for extra in (self.turn_up, self.lead):
            if extra is not None:
                seen |= 1 << extra
        dealt = self.hand_no > 0  # a hand is (or was) on the table
        everything = self._settings.pack if dealt else 0
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
            trump=_SUITS[self.trump] if dealt else None,
            turn_up=CARDS[self.turn_up] if self.turn_up is not None else None,
            stock_size=len(self.stock),
            revealed=CARDS[self.revealed] if self.revealed is not None else None,
            hand=tuple(cards_of(self.hands[seat])),
            tables=(tuple(cards_of(tables[0])), tuple(cards_of(tables[1]))),
            melds=tuple(self.melds),
            lead=CARDS[self.lead] if self.lead is not None else None,
            leader=self.leader,
            tricks=tuple(self.tricks),
            won_points=self._won_points(),
            trick_no=len(self.tricks),
            playoff=self.playoff,
            opponent_hand_size=self.hands[other].bit_count(),
            opponent_known=tuple(cards_of(self.public[other])),
            unseen=tuple(cards_of(everything & ~seen)),
            dix_counted=tuple(cards_of(self.dix_counted)),
            melded=self.melded,
            dix_left=self.dix_left,
            claims=tuple(self.claims),
            outcome=self.outcome,
        )
