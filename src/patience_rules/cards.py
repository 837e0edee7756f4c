"""Ranks, suits, cards and decks.

A :class:`Card` is a value made of a :class:`Rank` and a :class:`Suit`.  In a
two-deck game the two copies of a card are the same value: they compare
equal and need no deck number.  A card is an :class:`int` (its index) for
speed, but never equals a number (see :class:`Card` for why, with the
measured figures).

>>> from patience_rules import Card, Rank, Suit
>>> card = Card(Rank.QUEEN, Suit.HEARTS)
>>> card
Card.from_str('QH')
>>> str(card), card.rank.name, card.suit.name
('QH', 'QUEEN', 'HEARTS')
>>> Card.from_str("10♠") == Card(Rank.TEN, Suit.SPADES)
True
"""

from __future__ import annotations

import enum
import operator
import re
from collections import Counter
from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import TYPE_CHECKING, Final, NoReturn, SupportsIndex, TypeGuard, final, overload

from typing_extensions import deprecated

from .errors import InvalidRulesError, NotationError, _int_like, _shown

__all__ = ["MAX_DECKS", "Card", "Rank", "Suit", "standard_deck"]


class Rank(enum.IntEnum):
    """The thirteen ranks, Ace (1) to King (13).

    >>> Rank.ACE.symbol, Rank.TEN.symbol, Rank.KING.symbol
    ('A', '10', 'K')
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The rank's short text form: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self]

    def __str__(self) -> str:
        return self.symbol


class Suit(enum.IntEnum):
    """The four suits, in bridge order: clubs, diamonds, hearts, spades.

    >>> [suit.symbol for suit in Suit]
    ['C', 'D', 'H', 'S']
    >>> Suit.HEARTS.glyph
    '♥'
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit's letter: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def glyph(self) -> str:
        """The suit's Unicode symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """Whether the suit is red (diamonds and hearts)."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __str__(self) -> str:
        return self.symbol


_RANK_SYMBOLS: Final = {
    rank: ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")[rank - 1]
    for rank in Rank
}
#: How a card is written, for messages.
_CARD_FORM: Final = "a rank (A or 1, 2-10 or T, J, Q, K) followed by a suit (C, D, H, S or ♣ ♦ ♥ ♠)"
# Only these texts are read, upper or lower case (ASCII only: "ſ".upper() is
# "S", so reading through str.upper() would take "Aſ" for the Ace of spades).
_RANK_BY_TEXT: Final = {
    **{rank.symbol: rank for rank in Rank},
    **{rank.symbol.lower(): rank for rank in Rank},
    "T": Rank.TEN,
    "t": Rank.TEN,
    "1": Rank.ACE,
}
_SUIT_BY_TEXT: Final = {
    **{suit.symbol: suit for suit in Suit},
    **{suit.symbol.lower(): suit for suit in Suit},
    **{suit.glyph: suit for suit in Suit},
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}


def _among_cards(compare: Callable[[int, int], bool]) -> Callable[[Card, object], bool]:
    """The card comparison ``compare`` (an int's, such as ``int.__lt__``), for cards
    alone: a number is refused (see :func:`_refuse_numbers`), anything else left to
    compare itself (NotImplemented)."""

    def compared(card: Card, other: object) -> bool:
        if type(other) is Card:
            return compare(card, other)
        _refuse_numbers(card, other)
        return NotImplemented  # type: ignore[no-any-return]  # (as a dunder's may)

    compared.__name__ = compare.__name__
    compared.__qualname__ = f"Card.{compare.__name__}"
    return compared


def _refuse_addition(card: Card, other: object) -> NoReturn:
    """Refuse to add to a card or subtract from it: ``card + 1`` is no next card."""
    raise TypeError(
        f"a card is no number: {card} takes no addition or subtraction ({card}.index is its number)"
    )


@final  # (each card is one shared value: Card(...) of a subclass gives the card itself)
class Card(int):
    """A playing card: a rank and a suit.

    Cards are interned: ``Card(rank, suit)`` always returns the same object
    for the same rank and suit.  For speed a card is also an :class:`int`,
    its :attr:`index` from 0 to 51 (suit-major: clubs A..K, then diamonds,
    hearts, spades): cards hash as integers do, key dicts and sets, pack into
    ``bytes(cards)`` and give ``int(card)``, all at C speed.

    But a card is no number.  It equals only a card, is ordered among cards
    only (by suit, then rank), is neither added to nor subtracted from, and
    is always true, the Ace of clubs (index 0) too; ask for :attr:`index` to
    compare a card with a number or to count with it.

    >>> ace, king = Card.from_str("AC"), Card.from_str("KS")
    >>> ace.index, king.index, ace == 0, ace.index == 0, bool(ace)
    (0, 51, False, True, True)
    >>> sorted([king, ace]), Card(Rank.ACE, Suit.CLUBS) is ace
    ([Card.from_str('AC'), Card.from_str('KS')], True)
    >>> sorted([king, 3])
    Traceback (most recent call last):
    ...
    TypeError: cards are ordered among cards only, not with 3: compare KS.index with a number
    >>> ace + 1
    Traceback (most recent call last):
    ...
    TypeError: a card is no number: AC takes no addition or subtraction (AC.index is its number)

    An :class:`int` subclass cannot stop every number type: a ``bool``, an
    :class:`~enum.IntEnum` (such as :class:`Rank`), a ``float``, a
    ``Fraction`` or a NumPy integer *before* a card (``Rank.ACE == card``,
    ``np.int64(1) + card``) still compares or adds as a number, since Python
    asks it first; only a plain :class:`int` before a card is refused.  And
    a type checker sees the :class:`int` too: it accepts ``card == 1`` and
    ``{1: "x"}.get(card)``, the first always false, the second finding
    nothing, as a card is no key of 1 (a dict of card indices is looked up by
    ``card.index``); ``card + 1``, ``1 + card``, ``card - 1`` and ``card <
    1``, which raise, it reports as deprecated, the one way an :class:`int`'s
    operators can be refused to a type checker: mypy with its ``deprecated``
    error code on, pyright with ``reportDeprecated`` (on in its strict mode)
    where the card is on the left of the operator.  Neither sees
    ``sum(cards)``, which raises too.  The integer operators other than ``+`` and
    ``-`` (``abs``, ``%``, ``//``, shifts) stay the index's, as code that
    handles any :class:`int` (a serializer, Hypothesis's observability) uses
    them.

    Why an int that equals only cards, measured by ``benchmarks/cards.py
    --long`` (CPython 3.11; rates per second, each the best of several
    runs).  Against a card that is no :class:`int` (a class with an index
    and ``__index__``), the int makes dict lookups 2.8 times as fast (56
    million a second against 20), hashing 2.7 times, ``bytes(cards)`` 5.5
    times, and whole games 1.3 times in Royal Cotillion (3,637 random games
    a second against 2,802) and 1.16 times in Captive Queens.  Against the
    same int with :class:`int`'s own equality, ordering and truth (a card
    that equals its index, as in the first versions), the methods written
    in Python cost nothing in lookups, hashing and ``bytes``, and 1% in
    whole games of Royal Cotillion, 3% in Captive Queens (which keeps its
    Queens in card order), the two played in turns in one process; only
    comparing two cards (15 million a second against 51) and sorting cards
    (14,000 sorts of 104 cards against 148,000) are slower, and the engine
    does neither where it counts.
    """

    __slots__ = ()

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        if type(rank) is not Rank or type(suit) is not Suit:
            raise NotationError(
                f"Card(rank, suit) takes a Rank and a Suit, got {_shown(rank)} and "
                f"{_shown(suit)}: expected such as Card(Rank.QUEEN, Suit.HEARTS); "
                "Card.from_index() and Card.from_str() read a card's number and text"
            )
        return _CARDS[suit * 13 + rank - 1]

    @classmethod
    def _make(cls, index: int) -> Card:
        return int.__new__(cls, index)

    @classmethod
    def from_index(cls, index: SupportsIndex) -> Card:
        """The card with the given :attr:`index` (0 to 51).

        :raises NotationError: for anything but a whole number from 0 to 51
            (a :class:`ValueError`, as before).  An integer of another library
            (NumPy's ``int64``, say) is read by its ``__index__``, as a deal
            number is.

        >>> Card.from_index(12)
        Card.from_str('KC')
        >>> Card.from_index(52)
        Traceback (most recent call last):
        ...
        patience_rules.errors.NotationError: a card index is a whole number from 0 to 51, got 52
        """
        if type(index) is int:
            number = index
        else:  # a bool, an int subclass, another library's or no int
            if index.__class__ is Card:
                return index  # (interned: its own index's card)
            whole = _as_index(index)
            if whole is None:
                raise NotationError(
                    f"a card index is a whole number from 0 to 51, got {_shown(index)}"
                )
            number = whole
        if not 0 <= number < 52:
            raise NotationError(
                f"a card index is a whole number from 0 to 51, got {_shown(number)}"
            )
        return _CARDS[number]

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse a card's short text form.

        The rank is ``A`` (or ``1``), ``2`` … ``10`` (or ``T``), ``J``, ``Q``, ``K``; the
        suit is a letter ``C D H S`` or a Unicode suit symbol (``♣ ♦ ♥ ♠`` or
        ``♧ ♢ ♡ ♤``).  Letters may be lower case; no other character is read
        as one of them.

        >>> Card.from_str("TS"), Card.from_str("qh"), Card.from_str("7♦")
        (Card.from_str('10S'), Card.from_str('QH'), Card.from_str('7D'))
        >>> Card.from_str("1X")
        Traceback (most recent call last):
        ...
        patience_rules.errors.NotationError: malformed card '1X': expected a rank (A or 1, 2-10 or T, J, Q, K) followed by a suit (C, D, H, S or ♣ ♦ ♥ ♠)
        """
        if text.__class__ is str:  # (the writers' spelling, quickly)
            card = _WRITTEN.get(text)
            if card is not None:
                return card
        elif not isinstance(text, str):
            raise NotationError(f"a card is written as text such as 'QH', got {_shown(text)}")
        stripped = str.strip(text)  # (str's own: a subclass's could return anything)
        rank = _RANK_BY_TEXT.get(stripped[:-1]) if len(stripped) >= 2 else None
        suit = _SUIT_BY_TEXT.get(stripped[-1:]) if stripped else None
        if rank is None or suit is None:
            raise NotationError(f"malformed card {_shown(text)}: expected {_CARD_FORM}")
        return _CARDS[suit * 13 + rank - 1]

    @property
    def index(self) -> int:
        """The card's position in a standard deck, 0 to 51."""
        return int(self)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANK_AT[self]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUIT_AT[self]

    @property
    def pretty(self) -> str:
        """The card with a Unicode suit symbol, such as ``Q♥``."""
        return self.rank.symbol + self.suit.glyph

    def __str__(self) -> str:
        return _STRS[self]

    def __repr__(self) -> str:
        return f"Card.from_str({_STRS[self]!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        """IPython and Hypothesis print a card as its repr, not as the int it also is."""
        printer.text(repr(self))  # type: ignore[attr-defined]

    # A card equals only a card and is ordered among cards only: it is an int
    # for speed, not to be mixed with numbers (see the class notes).

    def __eq__(self, other: object) -> bool:
        if type(other) is Card:
            return self is other  # interned: one object per card
        if other is None:  # a place without a card (None in cells): asked often
            return False
        return False if _is_number(other) else NotImplemented

    def __ne__(self, other: object) -> bool:
        if type(other) is Card:
            return self is not other
        if other is None:
            return True
        return True if _is_number(other) else NotImplemented

    if TYPE_CHECKING:

        def __hash__(self) -> int:
            return int.__hash__(self)

    else:
        __hash__ = int.__hash__  # int's own, in C: a card hashes as its index

    def __bool__(self) -> bool:
        return True  # a card, the Ace of clubs (index 0) too, is something

    # Ordered among cards alone, as their indices are; a number is refused (see
    # _refuse_numbers).  Type checkers are told so by marking the comparison
    # with an int deprecated.
    if TYPE_CHECKING:

        @overload
        def __lt__(self, other: Card, /) -> bool: ...
        @overload
        @deprecated("cards are ordered among cards only: compare card.index with a number")
        def __lt__(self, other: int, /) -> bool: ...
        def __lt__(self, other: object, /) -> bool: ...

        @overload
        def __le__(self, other: Card, /) -> bool: ...
        @overload
        @deprecated("cards are ordered among cards only: compare card.index with a number")
        def __le__(self, other: int, /) -> bool: ...
        def __le__(self, other: object, /) -> bool: ...

        @overload
        def __gt__(self, other: Card, /) -> bool: ...
        @overload
        @deprecated("cards are ordered among cards only: compare card.index with a number")
        def __gt__(self, other: int, /) -> bool: ...
        def __gt__(self, other: object, /) -> bool: ...

        @overload
        def __ge__(self, other: Card, /) -> bool: ...
        @overload
        @deprecated("cards are ordered among cards only: compare card.index with a number")
        def __ge__(self, other: int, /) -> bool: ...
        def __ge__(self, other: object, /) -> bool: ...

    else:
        __lt__ = _among_cards(int.__lt__)
        __le__ = _among_cards(int.__le__)
        __gt__ = _among_cards(int.__gt__)
        __ge__ = _among_cards(int.__ge__)

    # Nor is a card added to or subtracted from: ``card + 1`` was a number, the
    # index's, that looked like the next card.  The other integer operators
    # stay the index's: code that handles any int uses them (Hypothesis's
    # observability asks ``abs()`` of every int it records, encoders shift).
    # Type checkers are told so as they can be, by marking the operators
    # deprecated (an int's operators cannot be taken away from a subclass; the
    # messages are written out, as mypy reads only a literal text there).
    if TYPE_CHECKING:

        @deprecated("a card is no number: add to or subtract from card.index")
        def __add__(self, other: int, /) -> int: ...
        @deprecated("a card is no number: add to or subtract from card.index")
        def __radd__(self, other: int, /) -> int: ...
        @deprecated("a card is no number: add to or subtract from card.index")
        def __sub__(self, other: int, /) -> int: ...
        @deprecated("a card is no number: add to or subtract from card.index")
        def __rsub__(self, other: int, /) -> int: ...

    else:
        __add__ = __radd__ = __sub__ = __rsub__ = _refuse_addition

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _is_number(value: object) -> bool:
    """Whether ``value`` is an integer (an ``int``, a ``bool``, NumPy's) that no card equals."""
    return isinstance(value, int) or hasattr(type(value), "__index__")


def _refuse_numbers(card: Card, other: object) -> None:
    """Refuse to order a card among numbers."""
    if _is_number(other):
        raise TypeError(
            f"cards are ordered among cards only, not with {_shown(other)}: "
            f"compare {card}.index with a number"
        )


_RANKS: Final = tuple(Rank)
_SUITS: Final = tuple(Suit)
_CARDS: Final[tuple[Card, ...]] = tuple(Card._make(index) for index in range(52))
_RANK_AT: Final = tuple(_RANKS[i % 13] for i in range(52))
_SUIT_AT: Final = tuple(_SUITS[i // 13] for i in range(52))
#: A byte of a pickled or checked cell as its card, or None (255 for an empty cell).
_CELLS: Final[tuple[Card | None, ...]] = (*_CARDS, *(None,) * 204)


def _cells_at(indices: bytes) -> tuple[Card | None, ...]:
    """The cells of ``indices`` (as :data:`_CELLS` reads them), in order."""
    if len(indices) > 1:
        return itemgetter(*indices)(_CELLS)  # type: ignore[no-any-return]
    return (_CELLS[indices[0]],) if indices else ()


def _cell_bytes(cells: Iterable[Card | None]) -> bytes:
    """The bytes of ``cells`` (255 for an empty cell; the inverse of :func:`_cells_at`)."""
    return bytes([255 if card is None else card for card in cells])


_STRS: Final = tuple(_RANKS[i % 13].symbol + _SUITS[i // 13].symbol for i in range(52))
#: Each card by its text form as the library writes it (``QH``, ``10S``).
_WRITTEN: Final[dict[str, Card]] = {text: _CARDS[index] for index, text in enumerate(_STRS)}
#: A card's text form as the library writes it, as a regular expression
#: (the longest rank first: ``10``).
_WRITTEN_PATTERN: Final = "(?:{})(?:{})".format(
    "|".join(re.escape(rank.symbol) for rank in sorted(Rank, key=lambda rank: -len(rank.symbol))),
    "|".join(re.escape(suit.symbol) for suit in Suit),
)


def _cards_at(indices: bytes) -> tuple[Card, ...]:
    """The cards of ``indices`` (each from 0 to 51, as the caller checked), in order.

    >>> _cards_at(bytes([0, 51]))
    (Card.from_str('AC'), Card.from_str('KS'))
    """
    if len(indices) > 1:  # (one C call: a third of the time of mapping __getitem__)
        return itemgetter(*indices)(_CARDS)  # type: ignore[no-any-return]
    return (_CARDS[indices[0]],) if indices else ()


def _rank_word(rank: Rank) -> str:
    """A rank as a word in a message: ``King``, ``Six``."""
    return rank.name.title()


def _ranks_named(ranks: Iterable[Rank]) -> str:
    """Ranks as words in a message, plural: ``Queens``, ``Sixes, Kings``.

    >>> _ranks_named([Rank.SIX, Rank.KING])
    'Sixes, Kings'
    """
    return ", ".join(_rank_word(rank) + ("es" if rank is Rank.SIX else "s") for rank in ranks)


def _a_rank(rank: Rank) -> str:
    """A rank as a word in a message, with its article: ``a King``, ``an Ace``.

    >>> _a_rank(Rank.EIGHT), _a_rank(Rank.KING)
    ('an Eight', 'a King')
    """
    word = _rank_word(rank)
    return f"{'an' if word[0] in 'AE' else 'a'} {word}"


def _is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number: an int, but not a bool or a card.

    (A card is an int too, but it stands for a card, not a count.)

    >>> _is_whole(3), _is_whole(Rank.KING), _is_whole(True), _is_whole(Card.from_str("AC"))
    (True, True, False, False)
    """
    cls = value.__class__
    if cls is int:
        return True
    if not isinstance(value, int) or cls is bool or cls is Card:
        return False
    return _int_like(cls)  # (not one whose comparisons lie: it passes every range check)


def _as_index(value: object) -> int | None:
    """``value`` as an int if it is a whole number, else None.

    A whole number is an int, or an integer of another library (NumPy's
    ``int64``, say) through ``__index__``; never a bool or a card.

    >>> _as_index(3), _as_index(True), _as_index(Card.from_str("AC")), _as_index(3.0)
    (3, None, None, None)
    """
    cls = value.__class__
    if cls is int:
        return value  # type: ignore[return-value]
    counts = _COUNTS.get(cls)
    if counts is None:
        # (NumPy's bool has __index__ before NumPy 2.3)
        numpy_bool = cls.__module__ == "numpy" and cls.__name__ in _NUMPY_BOOLS
        counts = cls is not bool and cls is not Card and not numpy_bool
        if len(_COUNTS) < 64:
            _COUNTS[cls] = counts
    if not counts:
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


#: The names of NumPy's bool type (``numpy.bool_`` before NumPy 2, ``numpy.bool`` since).
_NUMPY_BOOLS: Final = ("bool", "bool_")
#: Whether a value of each class seen may be a whole number (not a bool or a card).
_COUNTS: dict[type, bool] = {}


#: The most standard decks that :func:`standard_deck` puts together.
MAX_DECKS: Final = 1000


def standard_deck(decks: SupportsIndex = 1) -> tuple[Card, ...]:
    """The cards of ``decks`` standard 52-card decks, in :attr:`Card.index` order.

    :raises InvalidRulesError: unless ``decks`` is a whole number (an
        integer NumPy scalar too) from 1 to :data:`MAX_DECKS`.  The number of
        decks is a rule of a game, and :class:`~patience_rules.GameRules`
        refuses a bad one with the same error class (a game takes at most 16
        decks).

    >>> deck = standard_deck(2)
    >>> len(deck), deck[0], deck[52]
    (104, Card.from_str('AC'), Card.from_str('AC'))
    >>> standard_deck(0)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: the number of decks is a whole number from 1 to 1000, got 0
    """
    count = _as_index(decks)  # (an integer NumPy scalar is a number of decks too)
    if count is None or not 1 <= count <= MAX_DECKS:
        raise InvalidRulesError(
            f"the number of decks is a whole number from 1 to {MAX_DECKS}, got {_shown(decks)}"
        )
    return _CARDS * count


def _format_cards(cards: Iterable[Card]) -> str:
    return " ".join(_STRS[card] for card in cards)


def _difference(
    have: Iterable[Card],
    want: Iterable[Card],
    missing: str = "missing",
    extra: str = "extra",
) -> str | None:
    """How the multiset ``have`` differs from ``want``, for an error message.

    ``None`` when they are the same cards; otherwise, such as
    ``'missing QH; extra KS'`` (with the given words).
    """
    counted, wanted = Counter(have), Counter(want)
    if counted == wanted:
        return None
    parts = []
    lacking = sorted((wanted - counted).elements())
    surplus = sorted((counted - wanted).elements())
    if lacking:
        parts.append(f"{missing} {_format_many(lacking)}")
    if surplus:
        parts.append(f"{extra} {_format_many(surplus)}")
    return "; ".join(parts)


def _format_many(cards: list[Card]) -> str:
    """Sorted ``cards`` for a message: each written out, or past a deck's worth each once with its count.

    >>> _format_many([Card.from_str("AC")] * 2)
    'AC AC'
    >>> _format_many([Card.from_str("AC")] * 40 + [Card.from_str("KS")] * 20)
    'ACx40 KSx20'
    >>> _format_many([Card.from_str("AC")] * 52 + [Card.from_str("KS")])
    'ACx52 KS'
    >>> _format_many([Card.from_str("AC")] * 52) == " ".join(["AC"] * 52)
    True
    """
    if len(cards) <= 52:
        return _format_cards(cards)
    return " ".join(
        f"{_STRS[card]}x{count}" if count > 1 else _STRS[card]
        for card, count in Counter(cards).items()
    )
