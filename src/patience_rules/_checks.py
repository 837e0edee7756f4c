"""Argument checks shared by the parts, the reading of their dict forms, and their pickles.

Every check raises the library's own error with a message that says what
was wrong and what was expected, quoting the bad value briefly.
"""

from __future__ import annotations

import enum
import itertools
import json
import math
import numbers
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, ParamSpec, TypeVar

import attrs

from .cards import Card, Rank, Suit, _as_index, _is_whole
from .errors import InvalidRulesError, NotationError, PatienceRulesError, _shown

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")

#: The most standard decks a game may shuffle together.
MAX_DECKS = 16
#: The most cards a game has: every card of the most decks (and so the most a pile holds).
MAX_CARDS = 52 * MAX_DECKS


def pretty(value: object, printer: Any, cycle: bool) -> None:
    """``_repr_pretty_`` for the library's values: IPython and Hypothesis print the repr.

    (Hypothesis would otherwise print an attrs class field by field.)
    """
    printer.text(repr(value))


def named(value: object) -> str:
    """A field's value in a part's repr: members by name (``Refill.NEVER``), so that
    the repr is the call that makes the part; tuples of them too."""
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, tuple):
        return f"({', '.join(map(named, value))}{',' if len(value) == 1 else ''})"
    return repr(value)


# -- checks of arguments (InvalidRulesError) -----------------------------------


#: The class of error a check raises.
ErrorType = type[PatienceRulesError]


def whole(
    name: str,
    value: object,
    low: int,
    high: int | None = None,
    error: type[PatienceRulesError] = InvalidRulesError,
) -> int:
    """``value`` if it is an int (not a bool) from ``low`` to ``high``; else ``error``."""
    if not _is_whole(value) or value < low or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise error(f"{name} is a whole number {bounds}, got {shown_whole(value)}")
    return value


def whole_index(name: str, value: object, low: int, high: int | None, error: ErrorType) -> int:
    """:func:`whole`, but taking an integer of another library (NumPy's) as the int
    it stands for: ``value`` as an int from ``low`` (to ``high``); else ``error``.

    Its callers keep the int returned, never ``value``: an integer of another
    library has its own arithmetic (NumPy's wraps round at its fixed width).
    """
    if type(value) is int and low <= value and (high is None or value <= high):
        return value  # (an int in range, the most given: nothing more)
    number = _as_index(value)
    return whole(name, value if number is None else number, low, high, error)


def as_float(value: object) -> float:
    """``value`` as the float it is nearest, if it is a real number (NumPy's float32, a
    Fraction, an int, but not a bool or a card); else, or where it has no float, NaN.

    >>> import fractions
    >>> as_float(fractions.Fraction(1, 4)), as_float(3), as_float(True), as_float("1")
    (0.25, 3.0, nan, nan)
    >>> as_float(10**400)
    nan
    """
    if value.__class__ in (bool, Card) or not isinstance(value, numbers.Real):
        return math.nan
    try:
        return float(value)
    except (ArithmeticError, ValueError, TypeError):  # (too large; a number's own float fails)
        return math.nan


def shown_whole(value: object) -> str:
    """``value`` shown in a message that asks for a whole number: an integer of another
    type (NumPy's, say), which a part does not keep, is said to be one.

    >>> import decimal
    >>> shown_whole(-1), shown_whole(decimal.Decimal(3))
    ('-1', "Decimal('3')")
    """
    shown = _shown(value)
    if not _is_whole(value) and _as_index(value) is not None:
        return f"{shown} (an integer of another type: give int(...))"
    return shown


def iterable(value: object) -> bool:
    """Whether ``value`` can be iterated: asked of ``iter``, since a value may say it can
    and not (a NumPy array of no dimensions)."""
    try:
        iter(value)  # type: ignore[call-overload]
    except TypeError:
        return False
    return True


def iterable_not_text(value: object) -> bool:
    """Whether ``value`` can be iterated (:func:`iterable`) and is not text or bytes, whose
    items are characters: a sequence of values."""
    return not isinstance(value, str | bytes) and iterable(value)


def bounded(
    value: Iterable[T],
    most: int,
    what: str,
    error: type[PatienceRulesError] = InvalidRulesError,
) -> tuple[T, ...]:
    """The items of ``value``, at most ``most``: more are refused unread (an endless iterable too).

    ``what`` says what is counted, as in "a game has from 1 to 64 foundations".
    """
    try:
        each = iter(value)
    except TypeError:  # (said to be iterable, and not: a 0-d array)
        raise error(f"{what}, got {_shown(value)}, which cannot be iterated") from None
    items = tuple(itertools.islice(each, most + 1))
    if len(items) > most:
        raise error(f"{what}, got more than {most}")
    return items


def flag(name: str, value: object) -> bool:
    """``value`` if it is a bool; else an error."""
    if not isinstance(value, bool):
        raise InvalidRulesError(f"{name} is True or False, got {_shown(value)}")
    return value


def member(name: str, kind: type[E], value: object) -> E:
    """``value`` if it is a member of the enumeration ``kind``; else an error."""
    if not isinstance(value, kind):
        choices = ", ".join(f"{kind.__name__}.{item.name}" for item in kind)
        raise InvalidRulesError(f"{name} is one of {choices}, got {_shown(value)}")
    return value


#: What no name, title or description holds: control characters (a terminal
#: acts on them, XML cannot hold most), the controls of bidirectional text
#: (they reorder what is shown around them), lone surrogates (no UTF-8 text
#: can hold them) and the noncharacters U+FFFE and U+FFFF; line breaks
#: (``\n``, ``\r``, U+2028, U+2029) and tabs only in a text of several lines.
_NOT_SHOWN = "\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff"
#: A lone surrogate: half of a character UTF-16 writes in two, which no UTF-8
#: text can hold (no option's text, no record's tag holds one).
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_NOT_IN_A_LINE = re.compile(f"[\x00-\x1f\u2028\u2029{_NOT_SHOWN}]")
_NOT_IN_LINES = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f{_NOT_SHOWN}]")


def _unprintable(value: str, lines: bool) -> str | None:
    """Why ``value`` cannot be shown as a name or title (or, with ``lines``, a description)."""
    found = (_NOT_IN_LINES if lines else _NOT_IN_A_LINE).search(value)
    if found is None:
        return None
    controls = "control characters but line breaks and tabs" if lines else "control characters"
    return (
        f"it may not hold {controls}, bidirectional controls, lone surrogates, U+FFFE or "
        f"U+FFFF, got U+{ord(found[0]):04X} at character {found.start() + 1} of {_shown(value)}"
    )


def plain(value: str) -> str:
    """A text of a subclass of ``str`` as a plain ``str`` (its own ``__str__`` is not
    used when the text is shown); anything else as it is (for the check to refuse).

    (Typed ``str`` to ``str``: a converter's types are those of the field it fills.)

    >>> class Loud(str):
    ...     def __str__(self) -> str:
    ...         return "LOUD"
    >>> type(plain(Loud("quiet"))), plain(Loud("quiet")), plain(3)  # type: ignore[arg-type]
    (<class 'str'>, 'quiet', 3)
    """
    if isinstance(value, str) and value.__class__ is not str:
        return str.__str__(value)
    return value


def text(name: str, value: object, limit: int, lines: bool = False) -> str:
    """``value`` if it is a str of at most ``limit`` characters that can be shown; else an error.

    It is one line unless ``lines`` (see :data:`_NOT_IN_A_LINE`).
    """
    if not isinstance(value, str) or len(value) > limit:
        raise InvalidRulesError(
            f"{name} is a text of at most {limit} characters, got {_shown(value)}"
        )
    why = _unprintable(value, lines)
    if why is not None:
        raise InvalidRulesError(f"{name}: {why}")
    return value


# -- reading dict forms (NotationError) ----------------------------------------


def mapping(value: object, where: str) -> Mapping[str, object]:
    """``value`` if it is a mapping with text keys; else a NotationError.

    >>> mapping({"a": 1, 2: 2}, "part")
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: part: the key 2 is no text: expected a mapping of names to values
    """
    if not isinstance(value, Mapping):
        raise NotationError(f"{where}: expected a mapping of names to values, got {_shown(value)}")
    for key in value:
        if not isinstance(key, str):
            raise NotationError(
                f"{where}: the key {_shown(key)} is no text: expected a mapping of names to values"
            )
    return value


def keys(
    data: Mapping[Any, object], where: str, required: Sequence[str], optional: Collection[str] = ()
) -> None:
    """Refuse a mapping that lacks a required key or has an unknown one (of any type).

    >>> keys({"a": 1, 2: 2}, "part", ("a", "b"), ("c",))
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: part: lacks b and has the unknown key 2: expected the keys a, b, c
    """
    known = {*required, *optional}
    missing = [key for key in required if key not in data]
    unknown = sorted(_shown(key) for key in data if key not in known)
    if missing or unknown:
        parts = []
        if missing:
            parts.append(f"lacks {', '.join(missing)}")
        if unknown:
            more = f" (and {len(unknown) - 5} more)" if len(unknown) > 5 else ""
            keys = "the unknown key" if len(unknown) == 1 else "unknown keys"
            parts.append(f"has {keys} {', '.join(unknown[:5])}{more}")
        expected = ", ".join([*required, *optional])
        raise NotationError(f"{where}: {' and '.join(parts)}: expected the keys {expected}")


#: Reads one key's value of a dict form: ``reader(value, where)``, ``where`` naming the key.
Reader = Callable[[object, str], Any]


def read_given(
    data: Mapping[str, object], where: str, readers: Mapping[str, Reader]
) -> dict[str, Any]:
    """The optional keys that ``data`` gives, each read by its reader, by name.

    A key left out is left out of the result, so the constructor it is
    passed to gives that field its default: the defaults are written once,
    in the constructor, and a dict form may leave out any optional key.
    """
    return {key: read(data[key], f"{where}.{key}") for key, read in readers.items() if key in data}


_P = ParamSpec("_P")
_Made = TypeVar("_Made")


def made(where: str, make: Callable[_P, _Made], *args: _P.args, **kwargs: _P.kwargs) -> _Made:
    """``make(*args, **kwargs)``, a part read from its dict form: parts that
    each read rightly but do not fit together (the constructor's
    :class:`InvalidRulesError`) are refused as the :class:`NotationError` of
    ``where``, as every other fault of a dict form is."""
    try:
        return make(*args, **kwargs)
    except InvalidRulesError as error:
        raise NotationError(f"{where}: {error}") from None


def member_reader(kind: type[enum.Enum]) -> Reader:
    """A :data:`Reader` of a member of ``kind`` by its value (see :func:`read_member`)."""
    return lambda value, where: read_member(kind, value, where)


def whole_reader(low: int, high: int) -> Reader:
    """A :data:`Reader` of a whole number from ``low`` to ``high`` (see :func:`read_whole`)."""
    return lambda value, where: read_whole(value, where, low, high)


def or_null(reader: Reader) -> Reader:
    """``reader``, reading ``null`` as None (a field that may be None: none, no limit)."""
    return lambda value, where: None if value is None else reader(value, where)


def part_reader(reader: Callable[[Mapping[str, object], str], Any]) -> Reader:
    """A :data:`Reader` of a part's dict form (read by ``reader``), or of ``null`` for none."""
    return or_null(lambda value, where: reader(mapping(value, where), where))


def read_whole(value: object, where: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` from a dict form."""
    if not _is_whole(value) or not low <= value <= high:
        raise NotationError(
            f"{where}: expected a whole number from {low} to {high}, got {shown_whole(value)}"
        )
    return value


def read_flag(value: object, where: str) -> bool:
    """True or false from a dict form."""
    if not isinstance(value, bool):
        raise NotationError(f"{where}: expected true or false, got {_shown(value)}")
    return value


def read_text(value: object, where: str, limit: int, lines: bool = False) -> str:
    """A text from a dict form (one that :func:`text` takes)."""
    if not isinstance(value, str) or len(value) > limit:
        raise NotationError(
            f"{where}: expected a text of at most {limit} characters, got {_shown(value)}"
        )
    why = _unprintable(value, lines)
    if why is not None:
        raise NotationError(f"{where}: {why}")
    return value


class _RepeatedKey(ValueError):
    pass


def _unrepeated(pairs: list[tuple[str, object]]) -> dict[str, object]:
    data: dict[str, object] = {}
    for key, value in pairs:
        if key in data:
            raise _RepeatedKey(f"the key {_shown(key)} is given twice")
        data[key] = value
    return data


def read_json(text: str, where: str) -> object:
    """The value of a JSON text; a NotationError for malformed JSON or a key given twice.

    (Python's reader keeps the last of a repeated key, silently.)
    """
    try:
        return json.loads(text, object_pairs_hook=_unrepeated)
    except _RepeatedKey as error:
        raise NotationError(f"{where}: {error}") from None
    except (ValueError, RecursionError) as error:
        raise NotationError(f"{where}: malformed JSON ({error})") from None


def read_member(kind: type[E], value: object, where: str) -> E:
    """The member of ``kind`` whose value is ``value``."""
    for item in kind:
        if isinstance(value, str) and item.value == value:
            return item
    choices = ", ".join(repr(item.value) for item in kind)
    raise NotationError(f"{where}: expected one of {choices}, got {_shown(value)}")


_RANKS = {rank.symbol: rank for rank in Rank}
_SUITS = {suit.symbol: suit for suit in Suit}


def read_rank(value: object, where: str) -> Rank:
    """A rank from its symbol (``"A"``, ``"2"`` … ``"10"``, ``"J"``, ``"Q"``, ``"K"``)."""
    rank = _RANKS.get(value) if isinstance(value, str) else None
    if rank is None:
        raise NotationError(f"{where}: expected a rank (A, 2-10, J, Q or K), got {_shown(value)}")
    return rank


def read_suit(value: object, where: str) -> Suit | None:
    """A suit from its letter (``"C"``, ``"D"``, ``"H"``, ``"S"``), or ``None`` for ``null``."""
    if value is None:
        return None
    suit = _SUITS.get(value) if isinstance(value, str) else None
    if suit is None:
        raise NotationError(
            f"{where}: expected a suit (C, D, H or S) or null for any suit, got {_shown(value)}"
        )
    return suit


# -- pickles of the parts (NotationError) ----------------------------------------

#: The parts that pickle as a call of their constructor (see :func:`pickled_by_constructor`).
_PICKLED_PARTS: list[type] = []
#: For each class of part pickled or loaded so far, the fields its constructor takes:
#: each field's name and the keyword that passes it.
_CONSTRUCTOR_FIELDS: dict[type, tuple[tuple[str, str], ...]] = {}


def pickled_by_constructor(kind: type[T]) -> type[T]:
    """Make the attrs class ``kind`` pickle as a call of its constructor (a class decorator).

    A pickle of a part holds :func:`unpickled_part`, the part's class and the
    values of the fields its constructor takes, in order; loading calls the
    constructor with them, so every check runs as when the part is made, and
    fields the constructor works out (a sequence's ranks, a build's table) are
    worked out again.  attrs' own pickling, field by field, checks nothing: a
    part pickled that way (as earlier checkouts of the library pickled them) is refused.
    """
    _PICKLED_PARTS.append(kind)
    # (by setattr: mypy refuses an assignment to a method)
    setattr(kind, "__reduce__", _reduce_part)  # noqa: B010
    setattr(kind, "__setstate__", _refuse_state)  # noqa: B010
    return kind


def _constructor_fields(kind: type) -> tuple[tuple[str, str], ...]:
    """The fields the constructor of the attrs class ``kind`` takes: each field's name and keyword."""
    fields = _CONSTRUCTOR_FIELDS.get(kind)
    if fields is None:
        fields = tuple(
            (field.name, field.alias or field.name) for field in attrs.fields(kind) if field.init
        )
        _CONSTRUCTOR_FIELDS[kind] = fields
    return fields


def _reduce_part(part: object) -> tuple[object, tuple[type, tuple[object, ...]]]:
    """``__reduce__`` of a part: :func:`unpickled_part` with its class and constructor's values."""
    kind = type(part)
    return (
        unpickled_part,
        (kind, tuple(getattr(part, name) for name, _ in _constructor_fields(kind))),
    )


def unpickled_part(kind: object, values: object) -> object:
    """A pickled part made again: its constructor called with ``values``, checked as when it is made.

    ``kind`` is one of the parts (or a subclass of one) and ``values`` a tuple of
    the values of the fields its constructor takes, in order, as
    :func:`pickled_by_constructor` pickles them.

    :raises NotationError: for a class that is not a part, values of another
        shape, or values that the constructor refuses.
    """
    if not isinstance(kind, type) or not issubclass(kind, tuple(_PICKLED_PARTS)):
        names = ", ".join(part.__name__ for part in _PICKLED_PARTS)
        raise NotationError(f"a pickled part is one of {names}, got {_shown(kind)}")
    fields = _constructor_fields(kind)
    if not isinstance(values, tuple) or values.__class__ is not tuple or len(values) != len(fields):
        raise NotationError(
            f"a pickled {kind.__name__} is malformed: expected a tuple of the {len(fields)} "
            f"values of {', '.join(keyword for _, keyword in fields)}, got {_shown(values)}"
        )
    return made_from_pickle(
        kind.__name__,
        lambda: kind(
            **{keyword: value for (_, keyword), value in zip(fields, values, strict=True)}
        ),
    )


def made_from_pickle(name: str, make: Callable[[], T]) -> T:
    """``make()``, its refusal of the pickled values of a ``name`` as a NotationError."""
    try:
        return make()
    except PatienceRulesError as error:
        raise NotationError(f"a pickled {name} is malformed: {error}") from None
    except (ValueError, TypeError) as error:  # (a value no check foresaw)
        raise NotationError(f"a pickled {name} is malformed: {_shown(str(error))}") from None


def _refuse_state(part: object, state: object) -> None:
    """``__setstate__`` of a part: a part pickled field by field is refused (its fields are unchecked)."""
    raise NotationError(
        f"a {type(part).__name__} pickled field by field cannot be loaded, as its fields "
        "would go unchecked: parts pickle as a call of their constructor, which checks them"
    )
