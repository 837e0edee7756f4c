"""The library's exceptions.

Every exception that :mod:`patience_rules` raises on bad input is a subclass of
:class:`PatienceRulesError`, so one ``except`` clause catches them all.  Each
also derives from the built-in exception a Python programmer would expect
(:class:`ValueError` or :class:`LookupError`).

>>> import patience_rules as pr
>>> try:
...     pr.get_game("klondike")
... except pr.PatienceRulesError as error:
...     print(type(error).__name__)
UnknownGameError
"""

from __future__ import annotations

__all__ = [
    "IllegalMoveError",
    "InvalidDealError",
    "InvalidRulesError",
    "NotationError",
    "PatienceRulesError",
    "UnknownGameError",
]


class PatienceRulesError(Exception):
    """Base class of every error raised by :mod:`patience_rules`."""


class IllegalMoveError(PatienceRulesError, ValueError):
    """A move that the rules do not allow in the given state.

    The message names the move and says why it is illegal.  The state the
    move was applied to is unchanged (states are immutable).
    """


class InvalidDealError(PatienceRulesError, ValueError):
    """A deal that cannot be made: a malformed deck order or deal number.

    The message names the cards that are missing or extra, or what was
    expected instead.
    """


class InvalidRulesError(PatienceRulesError, ValueError):
    """A composition of parts that does not make a playable game."""


class NotationError(PatienceRulesError, ValueError):
    """A malformed text or dict form of a card, move, state or game record."""


class UnknownGameError(PatienceRulesError, LookupError):
    """A game name that is not in the registry.

    The message lists the names that are known.
    """

    def __str__(self) -> str:  # LookupError would quote the message
        return str(self.args[0]) if self.args else ""
