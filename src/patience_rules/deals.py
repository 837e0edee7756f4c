"""Deal numbers: the library's own pinned shuffle.

A deal number is a whole number from 0 to 2**64 - 1.  It gives the same deck
order on every platform, Python version and release of this library: the
shuffle is written out here and pinned by golden tests, and it uses no other
library's random numbers.

The algorithm:

1. Start from the game's cards in :attr:`~patience_rules.Card.index` order,
   deck after deck (:func:`~patience_rules.standard_deck`).
2. Seed a SplitMix64 generator with the deal number.  Each output is:
   add ``0x9E3779B97F4A7C15`` to the state (mod 2**64); then, from the new
   state *z*, ``z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9``,
   ``z = (z ^ z >> 27) * 0x94D049BB133111EB`` (both mod 2**64) and the output
   is ``z ^ z >> 31``.
3. Shuffle by Fisher and Yates from the end: for *i* from n-1 down to 1,
   draw a whole number *j* uniformly from 0 to *i* and swap positions *i* and
   *j*.  *j* is an output *x* reduced mod (i + 1), drawing again while *x* is
   at or above 2**64 - (2**64 mod (i + 1)), the largest multiple of (i + 1)
   up to 2**64 (2**64 itself where (i + 1) is a power of two: no draw is
   then refused), so that every *j* is equally likely.

The result is the deck order, first card dealt first.

>>> from patience_rules import shuffled_deck, standard_deck
>>> order = shuffled_deck(standard_deck(), 1)
>>> " ".join(str(card) for card in order[:6])
'7D 9C 4D 8H 8D 5S'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, SupportsIndex, TypeVar

from .cards import Card, _as_index
from .errors import InvalidDealError, _shown

__all__ = [
    "MAX_DEAL_NUMBER",
    "MAX_MICROSOFT_DEAL",
    "check_deal_number",
    "microsoft_deck_order",
    "shuffled_deck",
]

_MASK = (1 << 64) - 1
_T = TypeVar("_T")

#: The largest deal number.
MAX_DEAL_NUMBER: Final = _MASK


def check_deal_number(number: object) -> int:
    """``number`` as an int if it is a valid deal number, else :class:`InvalidDealError`.

    A deal number is a whole number from 0 to :data:`MAX_DEAL_NUMBER`: an
    int, or an integer NumPy scalar (never a bool).

    >>> check_deal_number(7)
    7
    >>> check_deal_number(2**64)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidDealError: a deal number is a whole number from 0 to 18446744073709551615, got 18446744073709551616
    """
    index = _as_index(number)  # (an integer NumPy scalar is a deal number too)
    if index is None or not 0 <= index <= _MASK:
        raise InvalidDealError(
            f"a deal number is a whole number from 0 to {MAX_DEAL_NUMBER}, got {_shown(number)}"
        )
    return index


class _SplitMix64:
    """The SplitMix64 generator of step 2 above: its outputs depend on the seed alone.

    The deal shuffle and the seeded random player both draw from it.

    >>> generator = _SplitMix64(1)
    >>> generator.next() == 0x910A2DEC89025CC1, generator.below(6) in range(6)
    (True, True)
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next(self) -> int:
        """The next output, a whole number from 0 to 2**64 - 1."""
        self._state = z = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A whole number from 0 to ``bound - 1``, each equally likely (step 3 above)."""
        limit = (1 << 64) - (1 << 64) % bound
        state = self._state
        while True:  # next(), written out: the shuffle draws a hundred times a deal
            state = z = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                self._state = state
                return z % bound


def shuffled_deck(cards: Sequence[_T], number: SupportsIndex) -> tuple[_T, ...]:
    """``cards`` shuffled by deal number ``number`` (see the module documentation).

    Any sequence can be shuffled; the same number always gives the same order.

    :raises InvalidDealError: for a number that is not a deal number, or
        ``cards`` that are not a sequence, or one too long to hold in memory
        as a list (a ``range`` of 2**60 numbers, say).

    >>> shuffled_deck("ABCDE", 1) == shuffled_deck("ABCDE", 1)
    True
    >>> sorted(shuffled_deck(range(5), 42))
    [0, 1, 2, 3, 4]
    """
    below = _SplitMix64(check_deal_number(number)).below
    if not isinstance(cards, Sequence):
        raise InvalidDealError(f"a deck to shuffle is a sequence of cards, got {_shown(cards)}")
    try:
        order = list(cards)
    except (OverflowError, MemoryError):  # (a range of more items than memory holds)
        raise InvalidDealError(
            f"a deck to shuffle is a sequence of cards that fits in memory, got {_shown(cards)}"
        ) from None
    for i in range(len(order) - 1, 0, -1):
        j = below(i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


#: The largest Microsoft FreeCell deal number: the generator keeps 31 bits of state.
MAX_MICROSOFT_DEAL: Final = (1 << 31) - 1


def microsoft_deck_order(number: SupportsIndex) -> tuple[Card, ...]:
    """The 52 cards of Microsoft FreeCell deal ``number``, in the order they are dealt.

    This is the numbering that FreeCell players, programs and researchers
    share: Microsoft FreeCell's deals 1 to 32000 (1 to 1,000,000 in later
    versions) are these deals.  Dealing card *i* of the result to column
    *i* mod 8, in rows, gives Microsoft's layout.

    The algorithm: seed Microsoft C's generator with ``number``; each random
    number is made by ``state = (state * 214013 + 2531011) mod 2**31`` and is
    ``state >> 16`` (0 to 32767).  Start from the 52 cards in rank order, each
    rank in suit order: ``AC AD AH AS 2C 2D ... KS``.  While cards are left,
    take the card at index *rand* mod (cards left), swap it with the last
    card, remove it and deal it.

    A deal number is a whole number from 0 to 2**31 - 1 (2147483647).  The
    generator keeps only 31 bits of state, so a larger number would give the
    same deal as a smaller one; such numbers are refused rather than aliased.
    (Some programs give numbers from 2**31 up extended meanings of their own,
    with a changed generator; those are not this numbering.)  Microsoft's own
    programs start at deal 1; deal 0 is the generator's seed 0.

    >>> order = microsoft_deck_order(1)
    >>> " ".join(str(card) for card in order[:8])
    'JD 2D 9H JC 5D 7H 7C 5H'
    >>> len(set(order))
    52
    >>> microsoft_deck_order(2**31)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidDealError: a Microsoft FreeCell deal number is a whole number from 0 to 2147483647, got 2147483648
    """
    index = _as_index(number)
    if index is None or not 0 <= index <= MAX_MICROSOFT_DEAL:
        raise InvalidDealError(
            "a Microsoft FreeCell deal number is a whole number from 0 to "
            f"{MAX_MICROSOFT_DEAL}, got {_shown(number)}"
        )
    cards = [Card.from_index(suit * 13 + rank) for rank in range(13) for suit in range(4)]
    state = index
    dealt: list[Card] = []
    while cards:
        state = (state * 214013 + 2531011) & MAX_MICROSOFT_DEAL
        index = (state >> 16) % len(cards)
        cards[index], cards[-1] = cards[-1], cards[index]
        dealt.append(cards.pop())
    return tuple(dealt)
