"""Foundation sequences: the order in which a foundation takes its ranks.

A sequence is given by its start rank, a step (``+1`` builds up, ``-1``
builds down, ``+2`` skips a rank), its length and whether it wraps around
from King to Ace.

>>> from patience_rules import FoundationSequence, Rank
>>> odd_first = FoundationSequence(start=Rank.ACE, step=2, length=13)
>>> " ".join(rank.symbol for rank in odd_first.ranks)
'A 3 5 7 9 J K 2 4 6 8 10 Q'
>>> five_down = FoundationSequence(start=Rank.FIVE, step=-1, length=6)
>>> " ".join(rank.symbol for rank in five_down.ranks)
'5 4 3 2 A K'
"""

from __future__ import annotations

import attrs

from .cards import Rank
from .errors import InvalidRulesError

__all__ = ["FoundationSequence"]


def _check_sequence(instance: FoundationSequence) -> tuple[Rank, ...]:
    start, step, length, wrap = instance.start, instance.step, instance.length, instance.wrap
    if not isinstance(start, Rank):
        raise InvalidRulesError(f"a sequence starts at a Rank, got {start!r}")
    if not isinstance(step, int) or isinstance(step, bool) or step % 13 == 0:
        raise InvalidRulesError(
            f"a sequence's step is a non-zero whole number of ranks (not a multiple of 13), "
            f"got {step!r}"
        )
    if not isinstance(length, int) or isinstance(length, bool) or not 1 <= length <= 13:
        raise InvalidRulesError(f"a sequence's length is from 1 to 13 cards, got {length!r}")
    ranks: list[Rank] = []
    for position in range(length):
        value = start - 1 + step * position
        if not wrap and not 0 <= value < 13:
            raise InvalidRulesError(
                f"the sequence from {start.symbol} by {step:+d} runs past "
                f"{'the King' if value >= 13 else 'the Ace'} after {position} cards but "
                f"its length is {length}; pass wrap=True to continue around"
            )
        ranks.append(Rank(value % 13 + 1))
    if len(set(ranks)) != len(ranks):
        raise InvalidRulesError(
            f"the sequence from {start.symbol} by {step:+d} repeats a rank within "
            f"{length} cards: {' '.join(rank.symbol for rank in ranks)}"
        )
    return tuple(ranks)


@attrs.frozen(repr=False)
class FoundationSequence:
    """The ranks a foundation takes, in order, from its base card up.

    :param start: the rank of the base card.
    :param step: ranks to move on by for each card: ``1`` up, ``-1`` down,
        ``2`` every other rank.
    :param length: how many cards the foundation holds when complete.
    :param wrap: whether the sequence continues from King to Ace (or from
        Ace to King when building down).  Without it a sequence that would
        run off the end is refused.

    >>> FoundationSequence(start=Rank.SIX, step=1, length=6).ranks[-1]
    <Rank.JACK: 11>
    >>> FoundationSequence(start=Rank.SIX, step=1, length=9, wrap=False)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: the sequence from 6 by +1 runs past the King after 8 cards but its length is 9; pass wrap=True to continue around
    """

    start: Rank
    step: int = 1
    length: int = 13
    wrap: bool = True
    ranks: tuple[Rank, ...] = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "ranks", _check_sequence(self))

    def __repr__(self) -> str:
        return (
            f"FoundationSequence(start=Rank.{self.start.name}, step={self.step}, "
            f"length={self.length}, wrap={self.wrap})"
        )

    def __str__(self) -> str:
        return " ".join(rank.symbol for rank in self.ranks)
