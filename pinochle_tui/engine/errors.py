"""The engine's errors: each message is written for a player to read."""


class PinochleError(ValueError):
    """Base class of every error the engine raises on bad input."""


class CardParseError(PinochleError):
    """Text that is not a card."""


class DeckError(PinochleError):
    """A deck order that is not a full pack for the rules in force."""


class IllegalActionError(PinochleError):
    """An action the rules do not allow now; the state is left unchanged."""
