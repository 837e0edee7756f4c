"""The library's exceptions.

Every exception that :mod:`patience_rules` raises on bad input is a subclass of
:class:`PatienceRulesError`, so one ``except`` clause catches them all.  Each
also derives from the built-in exception a Python programmer would expect
(:class:`ValueError` or :class:`LookupError`).

The class names what the refused value was given as: a part of the rules,
or rules that do not fit (a pile kind, an observer's option, a state of
another game given to an action space or an observer),
:class:`InvalidRulesError`; a deal, a deck order or a record's game,
:class:`InvalidDealError`; a move or an action id, :class:`IllegalMoveError`;
a text or dict form, or a value to write as one, :class:`NotationError`; a
game's name, a place the layout lacks or a field an observation lacks, the
``Unknown...Error`` of its kind; and :class:`InvalidArgumentError` where none
of these names it (a search budget, a seed, a player).  A value of the wrong
type gets one of these classes too, not :class:`TypeError`, though not
always the same one from one function to the next (a value that is no state
is an :class:`InvalidArgumentError` to an action space and an
:class:`InvalidRulesError` to an observer).  Python's own :class:`TypeError`
is left only to a call that does not fit a signature (an unknown keyword,
too many arguments) and to a :class:`~patience_rules.Card`'s operators, as a
number's.  The methods of an :class:`~patience_rules.Engine` that take a
state are the exception: the fast path under a state's own methods, they
trust their arguments, and raise whatever Python raises (an
:class:`AttributeError`, say) for a value that is no state.  So do the
choosers the players make (called by the library with a state and its
legal moves), and the constructors of the values the library builds as
its answers (a :class:`~patience_rules.solver.Solution`, an
:class:`~patience_rules.Observation`, an observer's
:class:`~patience_rules.VectorField`, a registry's
:class:`~patience_rules.GameEntry`), which keep what they are given:
an observation is checked where it is read
(:meth:`~patience_rules.Observer.encode`).  The adapters leave to
Hypothesis, Gymnasium and OpenSpiel what those libraries check themselves,
with their own errors (see :doc:`/security`).  To catch any refused input,
catch :class:`PatienceRulesError`:

>>> import patience_rules as pr
>>> try:
...     pr.get_game("spider")
... except pr.PatienceRulesError as error:
...     print(type(error).__name__)
UnknownGameError
"""

from __future__ import annotations

import enum
import operator
from typing import Final

__all__ = [
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidDealError",
    "InvalidRulesError",
    "NotationError",
    "PatienceRulesError",
    "UnknownFieldError",
    "UnknownGameError",
    "UnknownPlaceError",
]


class PatienceRulesError(Exception):
    """Base class of every error raised by :mod:`patience_rules`.

    >>> issubclass(IllegalMoveError, PatienceRulesError)
    True
    """


class IllegalMoveError(PatienceRulesError, ValueError):
    """A move that the rules do not allow in the given state.

    The message names the move and says why it is illegal.  The state the
    move was applied to is unchanged (states are immutable).

    >>> import patience_rules as pr
    >>> pr.get_game("captive-queens").deal(1).apply(pr.Move.redeal())
    Traceback (most recent call last):
    ...
    patience_rules.errors.IllegalMoveError: illegal move redeal in Captive Queens: a redeal needs an empty stock, and the stock still has cards
    """


class InvalidArgumentError(PatienceRulesError, ValueError):
    """An argument that a function does not take, where no error above names it better.

    A search budget or a seed out of range, a player without a
    ``chooser(deal)`` method, counts of :class:`~patience_rules.stats.DealStats`
    that do not add up, a confidence level outside 0 to 1, say.

    >>> from patience_rules.solver import solve
    >>> import patience_rules as pr
    >>> solve(pr.get_game("royal-cotillion").deal(1), max_nodes=-1)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidArgumentError: max_nodes is a whole number of at least 0, or None for no limit, got -1
    """


class InvalidDealError(PatienceRulesError, ValueError):
    """A deal that cannot be made: a malformed deck order or deal number.

    The message names the cards that are missing or extra, or what was
    expected instead.

    >>> import patience_rules as pr
    >>> pr.get_game("royal-cotillion").deal(-1)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidDealError: a deal number is a whole number from 0 to 18446744073709551615, got -1
    """


class InvalidRulesError(PatienceRulesError, ValueError):
    """A composition of parts that does not make a playable game.

    >>> import patience_rules as pr
    >>> pr.FoundationSequence(start=pr.Rank.ACE, length=0)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: a sequence's length is a whole number from 1 to 208, got 0
    """


class NotationError(PatienceRulesError, ValueError):
    """A malformed text or dict form of a card, move, state or game record.

    >>> import patience_rules as pr
    >>> pr.Card.from_str("ZZ")
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: malformed card 'ZZ': expected a rank (A or 1, 2-10 or T, J, Q, K) followed by a suit (C, D, H, S or ♣ ♦ ♥ ♠)
    """


class UnknownGameError(PatienceRulesError, LookupError):
    """A game name that is not in the registry.

    The message lists the names that are known.  It is also a
    :class:`LookupError`.

    >>> import patience_rules as pr
    >>> try:
    ...     pr.get_game("no-such-game")
    ... except LookupError as error:
    ...     print(str(error).split(":")[0])
    unknown game 'no-such-game'
    """

    def __str__(self) -> str:  # (the message alone, whatever else the error holds)
        return str(self.args[0]) if self.args else ""


class UnknownPlaceError(PatienceRulesError, LookupError):
    """A place that the game's layout does not have (a tenth column of a game of four, say).

    It is also a :class:`LookupError`.

    >>> import patience_rules as pr
    >>> pr.get_game("captive-queens").deal(1).top_card(pr.Place(pr.PileKind.COLUMN, 0))
    Traceback (most recent call last):
    ...
    patience_rules.errors.UnknownPlaceError: T1 is not a place of Captive Queens: expected one of S, W, F1, F2, F3, F4, F5, F6, F7, F8, M
    """

    def __str__(self) -> str:  # (the message alone, whatever else the error holds)
        return str(self.args[0]) if self.args else ""


class UnknownFieldError(PatienceRulesError, LookupError):
    """A name that is not a field of an observation vector (see :meth:`Observer.field
    <patience_rules.Observer.field>`).

    It is also a :class:`LookupError`; the message lists the fields.

    >>> import patience_rules as pr
    >>> pr.Observer(pr.get_game("captive-queens")).field("tableau")
    Traceback (most recent call last):
    ...
    patience_rules.errors.UnknownFieldError: no field 'tableau': expected one of stock_size, redeals_left, waste, columns, cells, foundations, tops, middle
    """

    def __str__(self) -> str:  # (the message alone, whatever else the error holds)
        return str(self.args[0]) if self.args else ""


#: The longest text of a bad value that a message quotes.
_QUOTE_LIMIT = 60


#: The methods of int that a subclass must not answer for itself to pass for an
#: int: one whose comparisons lie would pass every range check (an IntEnum's
#: are int's own).
_INT_METHODS: Final = ("__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__", "__index__")
_INT_LIKE: dict[type, bool] = {int: True}


def _int_like(kind: type) -> bool:
    """Whether a subclass ``kind`` of int compares and converts by int's own methods."""
    like = _INT_LIKE.get(kind)
    if like is None:
        like = all(getattr(kind, name) is getattr(int, name) for name in _INT_METHODS)
        if len(_INT_LIKE) < 64:
            _INT_LIKE[kind] = like
    return like


def _shown(value: object, limit: int = _QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, never longer than about ``limit`` characters.

    Messages quote the bad value, but a value can be huge: an integer beyond
    Python's 4300-digit limit cannot even be formatted, and a 10 MB token
    should not be echoed.  Long integers are described by their size, long
    texts and other values are cut with their length said.

    >>> _shown("QH"), _shown(10**5000)
    ("'QH'", 'an integer of 5001 digits')
    >>> _shown("x" * 1000, limit=5)
    "'xxxxx'… (1000 characters)"
    >>> _shown(-(10**80))
    'a negative integer of 81 digits'

    A member of an enum is shown by its name, as it is written in code:

    >>> from patience_rules import Rank
    >>> _shown(Rank.QUEEN)
    'Rank.QUEEN'
    """
    if isinstance(value, enum.Enum):
        members, name = type(value).__members__, value.name
        # (a member by its own name; a combination of flags, or a name too long, as its repr)
        if name is not None and members.get(name) is value:
            shown = f"{type(value).__name__}.{name}"
            if len(shown) <= limit:
                return shown
    if isinstance(value, int) and not isinstance(value, bool):
        number = operator.index(value)  # (exactly an int: a subclass's methods are not asked)
        if abs(number).bit_length() > 3 * limit:
            digits = _digits(abs(number))
            if digits > limit:
                sign = "a negative " if number < 0 else "an "
                return f"{sign}integer of {digits} digits"
        cls = value.__class__
        if not _int_like(cls) and cls.__repr__ is int.__repr__:
            return f"{cls.__name__}({number})"  # (its comparisons are its own)
        return repr(value)
    if isinstance(value, str | bytes | bytearray) and len(value) > limit:
        kind = "characters" if isinstance(value, str) else "bytes"
        return f"{value[:limit]!r}… ({len(value)} {kind})"
    try:
        text = repr(value)
    except Exception:  # a repr that fails (a huge int inside a container, say)
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


def _counted(number: int, things: str) -> str:
    """``number`` and ``things``, a plural ending in s, singular for one.

    >>> _counted(1, "cards"), _counted(2, "cards"), _counted(0, "moves")
    ('1 card', '2 cards', '0 moves')
    """
    return f"1 {things[:-1]}" if number == 1 else f"{number} {things}"


def _key_shown(key: object, limit: int = _QUOTE_LIMIT) -> str:
    """A name (a dict key, an option) as it is when it is short printable text, else ``_shown``.

    >>> _key_shown("redeals"), _key_shown(3), _key_shown("x" * 100, limit=5)
    ('redeals', '3', "'xxxxx'… (100 characters)")
    """
    if isinstance(key, str) and len(key) <= limit and key.isprintable():
        return key
    return _shown(key, limit)


def _needs_extra(module: str, extra: str, error: ModuleNotFoundError) -> ModuleNotFoundError:
    """The error of an optional module whose dependency is missing: it names the extra.

    >>> str(_needs_extra("patience_rules.strategies", "hypothesis",
    ...                  ModuleNotFoundError("No module named 'hypothesis'", name="hypothesis")))
    'patience_rules.strategies needs hypothesis, which the extra installs: pip install "patience-rules[hypothesis]"'
    """
    return ModuleNotFoundError(
        f"{module} needs {error.name or 'a package it imports'}, which the extra installs: "
        f'pip install "patience-rules[{extra}]"',
        name=error.name,
    )


def _digits(number: int) -> int:
    """How many decimal digits a non-negative integer has, without formatting it."""
    estimate = max(1, int(number.bit_length() * 0.30102999566398120))
    # The estimate is off by at most one.
    return estimate + 1 if number >= 10**estimate else estimate
