"""Foundation sequences: the order in which a foundation takes its ranks.

A sequence is given by its start rank, a step (``+1`` builds up, ``-1``
builds down, ``+2`` skips a rank), its length and whether it wraps around
from King to Ace.  A wrapping sequence may be longer than thirteen cards and
repeat its ranks, as Windmill's centre (Ace to King four times) does.

>>> from patience_rules import FoundationSequence, Rank
>>> odd_first = FoundationSequence(start=Rank.ACE, step=2, length=13)
>>> " ".join(rank.symbol for rank in odd_first.ranks)
'A 3 5 7 9 J K 2 4 6 8 10 Q'
>>> five_down = FoundationSequence(start=Rank.FIVE, step=-1, length=6)
>>> " ".join(rank.symbol for rank in five_down.ranks)
'5 4 3 2 A K'
>>> len(FoundationSequence(start=Rank.ACE, length=52).ranks)
52
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

import attrs

from . import _checks
from .cards import Rank, _is_whole
from .errors import InvalidRulesError, NotationError, _counted, _shown

__all__ = ["FoundationSequence", "SequenceDict"]


class SequenceDict(TypedDict):
    """A sequence's dict form, as :meth:`FoundationSequence.to_dict` writes it."""

    #: The rank it starts at, as a symbol (``"A"``, ``"10"``, ``"K"``).
    start: str
    #: Ranks from one card to the next.
    step: int
    #: How many cards it holds.
    length: int
    #: Whether it runs on from King to Ace (or back).
    wrap: bool


#: The longest sequence: every card of the most decks a game may have.
MAX_LENGTH = 13 * _checks.MAX_DECKS


def _check_sequence(instance: FoundationSequence) -> tuple[Rank, ...]:
    start, step, length, wrap = instance.start, instance.step, instance.length, instance.wrap
    if not isinstance(start, Rank):
        raise InvalidRulesError(f"a sequence starts at a Rank, got {_shown(start)}")
    if not _is_whole(step) or step % 13 == 0 or abs(step) > 12:
        raise InvalidRulesError(
            "a sequence's step is a whole number of ranks from -12 to 12, not 0, "
            f"got {_shown(step)}"
        )
    _checks.whole("a sequence's length", length, 1, MAX_LENGTH)
    _checks.flag("wrap", wrap)
    ranks: list[Rank] = []
    for position in range(length):
        value = start - 1 + step * position
        if not wrap and not 0 <= value < 13:
            raise InvalidRulesError(
                f"the sequence from {start.symbol} by {step:+d} runs past "
                f"{'the King' if value >= 13 else 'the Ace'} after {_counted(position, 'cards')} but "
                f"its length is {length}; pass wrap=True to continue around"
            )
        ranks.append(Rank(value % 13 + 1))
    return tuple(ranks)


@_checks.pickled_by_constructor
@attrs.frozen
class FoundationSequence:
    """The ranks a foundation takes, in order, from its base card up.

    :param start: the rank of the base card.
    :param step: ranks to move on by for each card: ``1`` up, ``-1`` down,
        ``2`` every other rank (from -12 to 12, not 0).
    :param length: how many cards the foundation holds when complete (from
        1 to 208); past thirteen the ranks repeat.
    :param wrap: whether the sequence continues from King to Ace (or from
        Ace to King when building down).  Without it a sequence that would
        run off the end is refused.  It decides only that: two sequences of
        the same start, step and length take the same ranks and are equal,
        whatever their ``wrap`` (``wrap=True``, the default, of a sequence
        that never passes the King is ``wrap=False``'s sequence).

    >>> FoundationSequence(start=Rank.SIX, step=1, length=6).ranks[-1]
    <Rank.JACK: 11>
    >>> FoundationSequence(start=Rank.SIX, step=1, length=9, wrap=False)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: the sequence from 6 by +1 runs past the King after 8 cards but its length is 9; pass wrap=True to continue around
    """

    start: Rank = attrs.field(repr=_checks.named)
    step: int = 1
    length: int = 13
    wrap: bool = attrs.field(default=True, eq=False)  # (the ranks say it all)
    ranks: tuple[Rank, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "ranks", _check_sequence(self))

    _repr_pretty_ = _checks.pretty

    def __str__(self) -> str:
        if self.length > 13:
            return " ".join(rank.symbol for rank in self.ranks[:13]) + f" … ({self.length} cards)"
        return " ".join(rank.symbol for rank in self.ranks)

    def to_dict(self) -> SequenceDict:
        """The sequence as a dict of JSON types.

        ``wrap`` is written as whether the sequence runs on past the King or
        the Ace, so that equal sequences write equal dicts:

        >>> FoundationSequence(start=Rank.FIVE, step=-1, length=6).to_dict()
        {'start': '5', 'step': -1, 'length': 6, 'wrap': True}
        >>> FoundationSequence(start=Rank.ACE, wrap=True).to_dict()
        {'start': 'A', 'step': 1, 'length': 13, 'wrap': False}
        """
        last = self.start - 1 + self.step * (self.length - 1)
        return {
            "start": self.start.symbol,
            "step": self.step,
            "length": self.length,
            "wrap": self.wrap and not 0 <= last < 13,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object], where: str = "sequence") -> FoundationSequence:
        """The sequence written by :meth:`to_dict`, checked.

        A key left out but ``start`` reads as the constructor's default.

        :raises NotationError: naming the key that is wrong.

        >>> FoundationSequence.from_dict({"start": "K", "step": -1})
        FoundationSequence(start=Rank.KING, step=-1, length=13, wrap=True)
        >>> FoundationSequence.from_dict({"start": "Z", "step": 1, "length": 6, "wrap": True})
        Traceback (most recent call last):
        ...
        patience_rules.errors.NotationError: sequence.start: expected a rank (A, 2-10, J, Q or K), got 'Z'
        """
        data = _checks.mapping(data, where)
        _checks.keys(data, where, ("start",), _SEQUENCE_READERS)
        given = _checks.read_given(data, where, _SEQUENCE_READERS)
        start = _checks.read_rank(data["start"], f"{where}.start")
        return _checks.made(where, cls, start, **given)


def _read_step(value: object, where: str) -> int:
    step: int = _checks.read_whole(value, where, -12, 12)
    if step == 0:
        raise NotationError(f"{where}: expected a step other than 0")
    return step


#: How :meth:`FoundationSequence.from_dict` reads each optional key (left out: the default).
_SEQUENCE_READERS: dict[str, _checks.Reader] = {
    "step": _read_step,
    "length": _checks.whole_reader(1, MAX_LENGTH),
    "wrap": _checks.read_flag,
}
