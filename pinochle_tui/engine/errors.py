"""The engine's errors: each message is written for a player to read."""


class PinochleError(ValueError):
    """Base class of every error the engine raises on bad input."""


class CardParseError(PinochleError):
    """Text that is not a card."""


class MeldParseError(PinochleError):
    """Text that names no meld."""


class DeckError(PinochleError):
    """A deck order that is not a full pack for the rules in force."""


class IllegalActionError(PinochleError):
    """An action the rules do not allow now; the state is left unchanged.

    The message speaks to the player who tried it; ``told`` says the same of
    the seat, for a game record that holds the action (``pinochle verify``),
    ``{seat}`` standing for the seat's name. A reason that names no one is the
    same in both.

    >>> IllegalActionError("You do not hold K♠.", "{seat} does not hold K♠.").of("South")
    'South does not hold K♠.'
    """

    def __init__(self, message: str, told: str | None = None) -> None:
        super().__init__(message)
        self.told = message if told is None else told

    def of(self, seat: str) -> str:
        """The reason told of ``seat`` (the name of the seat that took the action)."""
        return self.told.replace("{seat}", seat)


class ActionParseError(PinochleError):
    """Text that is not an action (``parse_action``, ``GameState.parse_action``)."""


class AmbiguousActionError(ActionParseError):
    """Action text that fits physically different legal actions (a card held
    both in the hand and on the table, say): name the copy, ``QS#2``."""


class PositionError(PinochleError):
    """A position (in notation, or built from a seat view) that cannot arise."""
