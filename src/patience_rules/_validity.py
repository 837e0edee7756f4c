"""What makes a position valid: the one check that every reader of states uses.

:meth:`GameRules.make_state <patience_rules.GameRules.make_state>`, and so
the text and dict readers, and the loading of pickles build a state only
from a *valid* position: one that meets these necessary conditions of a
position that play reaches from some deal (they do not prove that play
reaches it: that would mean searching the game).
Rule 1 is read from the piles' form (cards from make_state, bytes of card
indices from a pickle: :func:`check` and :func:`check_indices`); both then
check every other rule with the same functions.  A position is valid when

1. its piles fit the layout: as many columns, cells and foundations as the
   game has, cards where cards go, a card or nothing in each cell;
2. together they hold exactly the game's cards;
3. every foundation holds a start of its sequence (in its suit, or in any
   suit where it takes any), and at least its base where that is laid out
   before play; the middle only cards of its ranks, and all of them where
   they are laid out;
4. the stock and the waste together hold no more cards than the deal leaves
   for the stock (cards never come back to them from elsewhere); a game
   whose deal leaves no stock has no stock and no waste;
5. no pile is empty that an automatic refill would have filled (an empty
   cell or column while its source, the waste or the stock, has a card);
6. a column onto which nothing is ever built holds no more cards than it is
   dealt (one, where a refill or a move fills it when it is empty); in a
   face-up tableau that cards build on, a column is what is left of its deal
   and then cards built each onto the one below, so the lowest card of its
   top run (by the build rule) lies within its first ``max(depth, 1)``
   cards, ``depth`` being the cards it is dealt (not once a shift has
   turned the columns round, nor where shifts are not counted);
7. in a tableau dealt face down, each column has at most the face-down cards
   it is dealt, a face-up top card, and face-up cards that are a run by the
   build rule (only moves onto the column add cards to it);
8. the redeal counter is within the limit (always 0 with no limit);
9. in a compulsory game whose stock turns one card at a time, a card that
   was wanted the moment it was turned (a card of the middle's ranks, or
   the base card of a foundation that is still empty) is not covered in the
   waste, and not in the stock after a redeal: the rules would have played
   it at once.  (Where the stock turns more cards at once, the cards turned
   with a wanted card can cover it, and it stays covered until they are
   played.)

These are necessary conditions, checked cheaply; they do not replay a game
to prove that a position is reachable.  They do hold for every position the
engine reaches (the test suite checks this for random play of every game).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence, Sized
from itertools import pairwise
from operator import le
from typing import Final, NamedTuple, cast

from ._checks import MAX_CARDS, bounded, shown_whole
from .building import Build
from .cards import (
    _CARDS,
    Card,
    _cards_at,
    _cell_bytes,
    _difference,
    _format_cards,
    _is_whole,
    _ranks_named,
)
from .errors import InvalidDealError, _counted, _shown
from .layout import Layout
from .piles import PileKind, Place
from .policies import Compulsion, Redeal, Refill


class Position(NamedTuple):
    """A checked position: every pile bottom to top, as bytes of card indices.

    (Bytes are the form both readers reach at C speed, and the engine builds
    its piles from them directly.)
    """

    stock: bytes
    waste: bytes
    columns: tuple[bytes, ...]
    #: A card index per cell, 255 for an empty cell.
    cells: bytes
    heights: tuple[int, ...]
    #: The foundations' cards where the layout records them, else None.
    foundations: tuple[bytes, ...] | None
    #: In card order.
    middle: bytes
    redeals_used: int
    #: Face-up cards per column where the tableau is dealt face down, else None.
    face_up: tuple[int, ...] | None


def _cards(value: object, where: str, letter: str = "", index: int = 0) -> tuple[Card, ...]:
    """``value`` as a tuple of cards; ``where`` (with ``letter`` and ``index + 1``) names it."""
    cards: tuple[Card, ...]
    if value.__class__ is tuple:
        cards = value  # (its items are checked below)
    elif value.__class__ is list:
        cards = tuple(value)
    elif isinstance(value, str | bytes) or not isinstance(value, Sequence):
        name = f"{where}: {letter}{index + 1}" if letter else where
        raise InvalidDealError(f"{name}: expected a sequence of cards, got {_shown(value)}")
    else:
        name = f"{where}: {letter}{index + 1}" if letter else where
        cards = cast(
            "tuple[Card, ...]",
            bounded(
                value,
                MAX_CARDS,
                f"{name}: expected at most {MAX_CARDS} cards",
                InvalidDealError,
            ),
        )
    if not _CARD_TYPE.issuperset(map(type, cards)):
        stray = next(card for card in cards if card.__class__ is not Card)
        name = f"{where}: {letter}{index + 1}" if letter else where
        raise InvalidDealError(f"{name}: expected cards, got {_shown(stray)}")
    return cards


_CARD_TYPE: frozenset[type] = frozenset((Card,))
_INT_TYPE: frozenset[type] = frozenset((int,))
_NONE = type(None)
_CELL_TYPES: frozenset[type] = frozenset((Card, _NONE))


def _sequence(value: object, where: str, length: int, what: str) -> tuple[object, ...]:
    items: tuple[object, ...]
    if value.__class__ is tuple:
        items = value
    elif value.__class__ is list:
        items = tuple(value)
    elif isinstance(value, Sequence) and not isinstance(value, str | bytes):
        # (read no further than one too many: a range may be endless in effect)
        items = bounded(
            value, length, f"{where}: expected at most {_counted(length, what)}", InvalidDealError
        )
    else:
        raise InvalidDealError(
            f"{where}: expected a sequence of {_counted(length, what)}, got {_shown(value)}"
        )
    _count(items, length, where, what)
    return items


def _count(items: Sized, length: int, where: str, what: str) -> None:
    if len(items) != length:
        raise InvalidDealError(f"{where}: expected {_counted(length, what)}, got {len(items)}")


def check(
    layout: Layout,
    title: str,
    compulsion: Compulsion,
    *,
    stock: object,
    waste: object,
    columns: object,
    cells: object,
    foundation_heights: object,
    foundations: object,
    middle: object,
    redeals_used: object,
    face_down: object,
) -> Position:
    """The position given by these piles, if it is valid; else :class:`InvalidDealError`."""
    stock_cards = _cards(stock, "stock")
    waste_cards = _cards(waste, "waste")
    middle_cards = _cards(middle, "middle")
    column_list = tuple(
        [
            _cards(column, "columns", "T", i)
            for i, column in enumerate(_sequence(columns, "columns", layout.columns, "columns"))
        ]
    )
    cell_list = _sequence(cells, "cells", layout.cells, "cells")
    cell_types = set(map(type, cell_list))
    if not cell_types <= _CELL_TYPES:
        for i, cell in enumerate(cell_list):
            if cell is not None and cell.__class__ is not Card:
                raise InvalidDealError(f"cells: R{i + 1} holds {_shown(cell)}, not a card or None")
    heights, held = _foundations(layout, foundation_heights, foundations)
    redeals = _redeals(layout, redeals_used)
    column_bytes = tuple(map(bytes, column_list))
    face_up = _face_up(layout, column_list, face_down)
    position = Position(
        bytes(stock_cards),
        bytes(waste_cards),
        column_bytes,
        _cell_bytes(cell_list),  # type: ignore[arg-type]
        heights,
        held,
        bytes(middle_cards),
        redeals,
        face_up,
    )
    cells_held = position.cells.replace(b"\xff", b"")
    cards = b"".join(
        [
            position.stock,
            position.waste,
            position.middle,
            *column_bytes,
            cells_held,
            *_homes(layout, heights, held),
        ]
    )
    return _position(layout, title, compulsion, position, cards, column_list)


def check_indices(
    layout: Layout,
    title: str,
    compulsion: Compulsion,
    piles: tuple[object, ...],
) -> Position:
    """:func:`check` of piles given as bytes of card indices (how a pickle holds them).

    ``piles`` is a pickle's: the stock, the waste, the columns, the cells,
    the foundations, the middle, the redeal counter and the face-down
    counts.  The caller has made sure that the columns are a tuple, and the
    foundations a tuple too: where the layout records the foundations'
    cards, of their piles, else of their heights.  Each pile must be exactly
    ``bytes`` of card indices from 0 to 51 (255 for an empty cell), else
    TypeError or ValueError.  The rules checked are :func:`check`'s, on the
    cards those indices name.
    """
    stock, waste, columns, cells, foundations, middle, redeals_used, face_down = cast(
        "tuple[bytes, bytes, tuple[bytes, ...], bytes, tuple[object, ...], bytes, object, object]",
        piles,
    )
    _count(columns, layout.columns, "columns", "columns")
    _count(_bytes(cells), layout.cells, "cells", "cells")
    if layout.records:
        _count(foundations, layout.foundations, "foundations", "foundations")
        indices(*foundations)
        held_piles = cast("tuple[bytes, ...]", foundations)
        heights, held = _foundations(layout, None, list(map(_cards_at, held_piles)))
    else:
        heights, held = _foundations(layout, foundations, None)
    # Every card, its index checked (and then compared as a multiset by _position).
    cards = indices(
        stock,
        waste,
        middle,
        *columns,
        cells.replace(b"\xff", b""),
        *_homes(layout, heights, held),
    )
    return _position(
        layout,
        title,
        compulsion,
        Position(
            stock,
            waste,
            columns,
            cells,
            heights,
            held,
            middle,
            _redeals(layout, redeals_used),
            None
            if face_down is None and not layout.face_down
            else _face_up(layout, tuple(map(_cards_at, columns)), face_down),
        ),
        cards,
    )


def _position(
    layout: Layout,
    title: str,
    compulsion: Compulsion,
    given: Position,
    cards: bytes,
    column_cards: tuple[tuple[Card, ...], ...] | None = None,
) -> Position:
    """The rules past the piles' forms (rules 2 to 6 and 9), checked; the position.

    ``given`` holds the piles read and checked for their form (the middle not
    yet in order), ``cards`` the indices of every card (the foundations'
    too, see :func:`_homes`), ``column_cards`` the columns' cards where the
    caller has them (else they are read from the bytes where a rule needs
    them).
    """
    stock, waste, columns, cells, heights = given[:5]
    middle = given.middle

    # 3. the middle
    part = layout.middle_part
    if part is None:
        if middle:
            raise InvalidDealError(f"middle: {title} has no middle")
    else:
        strays = [card for card in _cards_at(middle) if card.rank not in part.ranks]
        if strays:
            raise InvalidDealError(
                f"middle: it takes only {_ranks_named(part.ranks)}, not {_format_cards(strays)}"
            )
        if part.laid_out and len(middle) != layout.middle_size:
            raise InvalidDealError(
                f"middle: it is laid out before play, so it holds all {layout.middle_size} of "
                f"its cards, got {len(middle)}"
            )

    # 2. exactly the game's cards (their card indices sorted, compared with the deck's)
    if sorted(cards) != layout._deck_sorted:
        difference = _difference([_CARDS[index] for index in cards], layout.deck)
        raise InvalidDealError(
            f"cards: the piles must hold exactly the cards of {title}: "
            f"{difference or 'the cards differ'}"
        )

    # 5. refills
    if waste or stock:
        source = "waste" if waste else "stock"
        if b"" in columns:
            _refilled(layout, layout.column_refill, source, PileKind.COLUMN, columns.index(b""))
        if 255 in cells:
            _refilled(layout, layout.cell_refill, source, PileKind.CELL, cells.index(255))
    # 4. the stock and the waste
    if len(stock) + len(waste) > layout.stock_size:
        raise InvalidDealError(
            f"stock and waste: together they hold at most the "
            f"{_counted(layout.stock_size, 'cards')} the deal leaves for the stock, got "
            f"{len(stock)} and {len(waste)}"
        )

    # 6. column sizes
    if layout.build is None:
        if not all(map(le, map(len, columns), layout.most_unbuilt)):
            for i, (column, most) in enumerate(zip(columns, layout.most_unbuilt, strict=True)):
                if len(column) > most:
                    raise InvalidDealError(
                        f"columns: {layout.name(Place(PileKind.COLUMN, i))} holds "
                        f"{_counted(len(column), 'cards')}, more than the {most} it is dealt "
                        "(nothing is built on it)"
                    )
    elif not layout.face_down and (
        layout.redeal is not Redeal.SHIFT
        or (layout.redeals is not None and given.redeals_used == 0)
    ):  # (a shift turns the columns round; with no limit, shifts are not counted)
        if column_cards is None:
            column_cards = tuple(map(_cards_at, columns))
        for i, (pile, depth) in enumerate(zip(column_cards, layout.depths, strict=True)):
            under = len(pile) - _top_run(layout.build, pile)
            if under >= max(depth, 1):
                raise InvalidDealError(
                    f"columns: {layout.name(Place(PileKind.COLUMN, i))} holds "
                    f"{_counted(under, 'cards')} under its top run, but it is dealt {depth}: a "
                    "card comes onto a column that holds cards only built on its top card "
                    f"({layout.build.describe()})"
                )

    # 9. compulsory play
    if compulsion is Compulsion.FORCED and layout.turns_wanted_home:
        _check_compulsory(layout, heights, _cards_at(waste), _cards_at(stock), given.redeals_used)

    return given._replace(middle=bytes(sorted(middle))) if middle else given


def _homes(
    layout: Layout, heights: tuple[int, ...], held: tuple[bytes, ...] | None
) -> Iterable[bytes]:
    """The foundations' card indices (of checked heights or cards), one bytes each."""
    return held if held is not None else map(tuple.__getitem__, layout.fixed_starts, heights)


def indices(*piles: object) -> bytes:
    """The piles joined, each checked to be bytes of card indices (else TypeError or ValueError)."""
    if not _BYTES_TYPE.issuperset(map(type, piles)):
        _bytes(next(pile for pile in piles if pile.__class__ is not bytes))
    every = b"".join(piles)  # type: ignore[arg-type]
    if every.translate(None, _INDEX_BYTES):  # (what is left is no card index)
        raise ValueError(f"card index {max(every)} is not from 0 to 51")
    return every


#: Every card index as a byte.
_INDEX_BYTES: Final = bytes(range(52))

_BYTES_TYPE: Final[frozenset[type]] = frozenset((bytes,))


def _bytes(value: object) -> bytes:
    """``value``, if it is exactly bytes (else TypeError).

    Exactly bytes, as pickle makes them: a subclass could read differently
    each time it is read.
    """
    if value.__class__ is not bytes:
        raise TypeError(f"expected bytes, got {type(value).__name__}")
    return value


def _refilled(layout: Layout, refill: Refill, source: str, kind: PileKind, index: int) -> None:
    """Rule 5: refuse an empty pile that ``refill`` fills from ``source`` (which has cards)."""
    if refill.is_automatic and (source == "waste" or refill is Refill.FROM_WASTE_THEN_STOCK):
        raise InvalidDealError(
            f"{kind.value}s: {layout.name(Place(kind, index))} is empty while the {source} has "
            f"cards, but {refill.describe()}"
        )


def _foundations(
    layout: Layout, heights: object, foundations: object
) -> tuple[tuple[int, ...], tuple[bytes, ...] | None]:
    """The foundations' heights and, where the layout records them, cards; checked (rule 3).

    The cards are left out (None) where the layout does not record them: a
    foundation locked to a suit holds the start of its sequence that long.
    """
    held: tuple[bytes, ...] | None = None
    if foundations is None:
        if heights is None:
            raise InvalidDealError(
                "foundations: give each foundation's cards (foundations=...) or, where each "
                "is locked to a suit, its height (foundation_heights=...)"
            )
        found = _heights(layout, heights)
        if layout.records:
            raise InvalidDealError(
                "foundations: this game's foundations take cards of any suit, so give "
                "their cards (foundations=...), not only their heights"
            )
        if found is not heights:  # (heights that _heights returns as given hold the bases)
            _laid_out(layout, found)
    else:
        piles = [
            _foundation(layout, f, cards)
            for f, cards in enumerate(
                _sequence(foundations, "foundations", layout.foundations, "foundations")
            )
        ]
        found = tuple(map(len, piles))
        given = _heights(layout, heights) if heights is not None else found
        if given != found:
            f = next(f for f, (a, b) in enumerate(zip(given, found, strict=True)) if a != b)
            raise InvalidDealError(
                f"foundations: the heights given do not match the foundations' cards: "
                f"F{f + 1} holds {_counted(found[f], 'cards')}, its height given is {given[f]}"
            )
        if layout.records:
            held = tuple(map(bytes, piles))
        _laid_out(layout, found)
    return found, held


def _foundation(layout: Layout, f: int, cards: object) -> tuple[Card, ...]:
    """Foundation ``f``'s cards, checked to be a start of its sequence."""
    pile = _cards(cards, "foundations", "F", f)
    wanted = layout.home_cards[f]
    part = layout.foundation_parts[f]
    if len(pile) > len(wanted) or (
        pile != layout.fixed_cards[f][: len(pile)]
        if part.suit is not None
        else any(card not in wanted[i] for i, card in enumerate(pile))
    ):
        example = " ".join(str(cards[0]) for cards in wanted[:13])
        raise InvalidDealError(
            f"foundations: F{f + 1} ({part.describe()}) holds a start of its sequence "
            f"from the base, such as {example}, got {_format_cards(pile) or 'nothing'}"
        )
    return pile


def _heights(layout: Layout, heights: object) -> tuple[int, ...]:
    """The foundations' heights, checked: whole numbers from 0 to each one's size.

    Heights returned as given (the quick path) also hold the base of each
    foundation laid out before play; others are checked for that by
    :func:`_laid_out`.
    """
    if (  # (the common case, quickly: a tuple of plain ints in range)
        heights.__class__ is tuple
        and len(heights) == layout.foundations
        and _INT_TYPE.issuperset(map(type, heights))
        and all(map(le, layout.least_heights, heights))
        and all(map(le, heights, layout.foundation_sizes))
    ):
        return heights
    given = _sequence(heights, "foundations", layout.foundations, "heights")
    for f, height in enumerate(given):
        most = layout.foundation_sizes[f]
        if not _is_whole(height) or not 0 <= height <= most:
            raise InvalidDealError(
                f"foundations: {layout.name(_FOUNDATION_PLACES[f])} holds from 0 to "
                f"{_counted(most, 'cards')}, got {_shown(height)}"
            )
    return tuple([int(cast(int, height)) for height in given])  # (an IntEnum: its number)


def _laid_out(layout: Layout, heights: tuple[int, ...]) -> None:
    """Refuse an empty foundation that is laid out before play (rule 3)."""
    if not all(map(le, layout.least_heights, heights)):
        f = next(f for f in layout.laid_out_bases if not heights[f])
        raise InvalidDealError(
            f"foundations: {layout.name(_FOUNDATION_PLACES[f])} is laid out before play, "
            "so it holds at least its base card"
        )


def _redeals(layout: Layout, value: object) -> int:
    """The redeal counter, checked (rule 8)."""
    most = layout.redeals if layout.redeals is not None else 0
    if value.__class__ is int and 0 <= value <= most:
        return value
    if not _is_whole(value) or not 0 <= value <= most:
        if layout.redeals is None:
            expected = "0 (the rules allow any number of redeals, and do not count them)"
        elif not most:
            expected = "0 (the rules allow no redeal)"
        else:
            expected = f"a count from 0 to {most}"
        raise InvalidDealError(f"redeals_used: expected {expected}, got {shown_whole(value)}")
    return int(value)  # (an IntEnum: its number)


def _face_up(
    layout: Layout, columns: tuple[tuple[Card, ...], ...], face_down: object
) -> tuple[int, ...] | None:
    """Each column's face-up count where the tableau is dealt face down (rule 7)."""
    if face_down is None:
        if layout.face_down:
            raise InvalidDealError(
                "face_down: this game's columns are dealt face down: give how many cards at "
                "the bottom of each column are face down"
            )
        return None
    counts = _sequence(face_down, "face_down", layout.columns, "counts")
    if not layout.face_down:
        for i, count in enumerate(counts):
            if not _is_whole(count) or count != 0:
                raise InvalidDealError(
                    "face_down: every card of this game's columns is face up, so each count "
                    f"is 0, got {shown_whole(count)} for T{i + 1}"
                )
        return None
    build = layout.build
    up = []
    for i, (column, depth, count) in enumerate(zip(columns, layout.depths, counts, strict=True)):
        most = max(depth - 1, 0)
        if not _is_whole(count) or not 0 <= count <= most:
            raise InvalidDealError(
                f"face_down: T{i + 1} is dealt {_counted(most, 'cards')} face down, so it has "
                f"0 to {most}, got {shown_whole(count)}"
            )
        if not column and count:
            raise InvalidDealError(
                f"face_down: T{i + 1} is empty, so none of its cards is face down, got {count}"
            )
        if column and count >= len(column):
            raise InvalidDealError(
                f"face_down: T{i + 1}'s top card is face up (a face-down top card turns at "
                f"once), so it has fewer than {len(column)} face down, got {count}"
            )
        if build is not None and not _is_run(build, column[count:]):
            raise InvalidDealError(
                f"columns: T{i + 1}'s face-up cards {_format_cards(column[count:])} are not a "
                f"run ({build.describe()}), and only moves onto a column add cards to it"
            )
        up.append(len(column) - count)
    return tuple(up)


def _top_run(build: Build, cards: Sequence[Card]) -> int:
    """How many cards at the top of ``cards`` are a run by ``build`` (0 for none)."""
    if not cards:
        return 0
    onto = build.onto
    count = 1
    while count < len(cards) and cards[-count - 1] in onto[cards[-count]]:
        count += 1
    return count


def _is_run(build: Build, cards: Sequence[Card]) -> bool:
    onto = build.onto
    return all(below in onto[upper] for below, upper in pairwise(cards))


def _check_compulsory(
    layout: Layout,
    heights: tuple[int, ...],
    waste: tuple[Card, ...],
    stock: tuple[Card, ...],
    redeals: int,
) -> None:
    """Rule 9: no card that was wanted when turned lies covered (compulsory games)."""
    always: set[Card] = set(layout.middle_cards) if layout.middle_part is not None else set()
    if layout.middle_part is not None and layout.middle_part.laid_out:
        always.clear()
    for f, height in enumerate(heights):
        if height == 0:
            always.update(layout.home_cards[f][0])
    if not always:
        return
    covered = [card for card in waste[:-1] if card in always]
    if covered:
        raise InvalidDealError(
            f"waste: {covered[0]} lies under another card, but in this compulsory game it "
            "would have been played the moment it was turned"
        )
    if redeals:
        turned = [card for card in stock if card in always]
        if turned:
            raise InvalidDealError(
                f"stock: {turned[0]} is in the stock after a redeal, but in this compulsory "
                "game it would have been played when it was turned before"
            )


_FOUNDATION_PLACES = tuple(Place(PileKind.FOUNDATION, f) for f in range(64))
