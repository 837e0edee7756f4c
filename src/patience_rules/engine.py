"""The generic engine: deals, legal moves and transitions for any composition.

The engine never asks which game it plays: it reads the game's
:class:`~patience_rules.Layout`.  When a :class:`~patience_rules.GameRules`
value is built it compiles the layout into an :class:`Engine`, precomputing
what the rules fix: the cards each foundation takes at each height, one
:class:`~patience_rules.Move` value per move the layout can make, and where
each foundation's height lives in a state's packed foundation key.

Each kind of move (:class:`~patience_rules.MoveKind`) is written once, in
three parts that everything uses: how it is *listed* (``legal_moves``), how
it is *checked* (``is_legal``, ``apply`` and the messages of
:class:`~patience_rules.IllegalMoveError`) and what it *does* (``apply`` and
``play_forced``).  So are the refill policies.  A move is done on a
*board*, a writable twin of :class:`~patience_rules.State` with the same
slots, which becomes a state when it is finished; ``play_forced`` plays on
one board from start to end.

Users reach the engine through :class:`GameRules` and :class:`State`; it is
documented here for those who compose their own games, who reach it by
:meth:`Engine.of`.

>>> import patience_rules as pr
>>> engine = pr.Engine.of(pr.get_game("royal-cotillion"))
>>> engine.layout.foundations, engine.heights(engine.full_key)
(8, (13, 13, 13, 13, 13, 13, 13, 13))
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from operator import lshift
from typing import Any, Final, SupportsIndex, cast, overload

from . import _checks
from . import rules as _rules
from ._validity import _CARD_TYPE, Position
from .building import Runs
from .cards import (
    _CARDS,
    Card,
    _a_rank,
    _cards_at,
    _cells_at,
    _difference,
    _rank_word,
    _ranks_named,
)
from .errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidDealError,
    InvalidRulesError,
    NotationError,
    _counted,
    _shown,
)
from .layout import Layout
from .moves import Move, MoveKind, move_to_text
from .piles import PileKind, Place
from .policies import Compulsion, Redeal, Refill
from .rules import (
    EMPTY,
    Chain,
    GameRules,
    State,
    _Board,
    _chain_bottom_up,
    _chain_from_bottom_up,
    _chain_of_indices,
    _RulesName,
)

__all__ = ["Engine"]

_FOUNDATION: Final = PileKind.FOUNDATION
_MIDDLE: Final = PileKind.MIDDLE
_STOCK: Final = PileKind.STOCK
_WASTE: Final = PileKind.WASTE
_CELL: Final = PileKind.CELL
_COLUMN: Final = PileKind.COLUMN
_DRAW: Final = Move.draw()
_DRAW_KINDS: Final = (_DRAW.source.kind, _DRAW.target.kind)
_REDEAL: Final = Move.redeal()
_REDEAL_KINDS: Final = (_REDEAL.source.kind, _REDEAL.target.kind)
_DRAW_ONLY: Final = (_DRAW,)
_REDEAL_ONLY: Final = (_REDEAL,)
_AUTOMATIC: Final = (Refill.FROM_WASTE, Refill.FROM_WASTE_THEN_STOCK)

#: The engine forgets its table of wanted cards when it grows past this many
#: foundation keys (a few hundred bytes each), so memory stays bounded.
_WANTED_CACHE_LIMIT: Final = 1 << 15
#: Stands for "no limit": in the redeal counter's comparisons, and as the
#: listing's default limit (which the listing tells by identity).
_NO_LIMIT: Final = 1 << 62

_new = object.__new__

#: For a wanted card: one item per source of home moves (columns, cells, the
#: waste, playable foundations), the moves of the card from that source to
#: the targets that want it, in the listing order; and last, those targets.
_Row = tuple[tuple[Move, ...] | tuple[int, ...], ...]


def _no_deck_order(value: object) -> InvalidDealError:
    """The error for a ``value`` given as a deck order that is no sequence of cards."""
    return InvalidDealError(f"a deck order is a sequence of cards, got {_shown(value)}")


class Engine:
    """The interpreter of one :class:`GameRules` value (built by the rules).

    A state keeps its foundation heights packed into one integer, its
    *key*: foundation *f* holds ``(key >> shift_f) & mask`` cards.  The
    engine keeps, per key, the cards the foundations want and the home moves
    they make from each source, so listing those moves is a lookup per pile.

    The methods that take a state are the fast path under a
    :class:`State`'s own, and trust what they are given: a state of these
    very rules (and, to :meth:`refusal`, a :class:`Move`).  They check no
    types, so given anything else they raise Python's own errors, or answer
    for the wrong game.  Where a state may come from anywhere, call the
    state's methods (``state.legal_moves()``, ``state.apply(move)``), which
    pass it to its own engine.
    """

    __slots__ = (
        "_alone",
        "_auto_cells",
        "_auto_columns",
        "_base_heights",
        "_build_rows",
        "_builds",
        "_cell_refill",
        "_column_refill",
        "_cycles",
        "_draw",
        "_fill_by_move",
        "_fill_rank",
        "_fixed",
        "_forced",
        "_free_columns",
        "_full_key",
        "_game",
        "_hash_columns",
        "_home_index",
        "_known",
        "_last",
        "_layout",
        "_listed",
        "_mask",
        "_max_run",
        "_middle_set",
        "_more_moves",
        "_n_cells",
        "_n_columns",
        "_n_foundations",
        "_onto",
        "_order",
        "_park_rows",
        "_parks",
        "_pickled_as",
        "_playable",
        "_redeal",
        "_redeal_limit",
        "_refills",
        "_rows",
        "_rules_hash",
        "_runs",
        "_shift_anytime",
        "_shifts",
        "_source_moves",
        "_spare",
        "_starters",
        "_takes",
        "_units",
        "_wanted",
        "_wants",
        "_waste_forced",
        "_waste_index",
        "_waste_only",
    )

    # The rules interpreted, and their layout (read as rules and layout).
    _game: GameRules
    _layout: Layout
    # The hash of the rules' identity (it agrees with ``==`` of the rules).
    _rules_hash: int
    # The packed key of every foundation full (read as full_key).
    _full_key: int
    # Whether a state's hash takes in its columns, whole (where cards move
    # onto or around in columns, the columns are most of what tells states apart).
    _hash_columns: bool
    # How a pickle names the rules, once they or a state are pickled.
    _pickled_as: _RulesName | GameRules | None

    def __init__(self, rules: GameRules) -> None:
        if not isinstance(rules, _rules.GameRules):
            raise InvalidRulesError(f"an engine interprets GameRules, got {_shown(rules)}")
        self._game = rules
        self._pickled_as = None
        layout = self._layout = rules.layout
        # (agrees with ==, which compares the options in any order)
        self._rules_hash = hash((rules.name, rules.decks, _rules._typed_options(rules.options)))
        n = self._n_foundations = layout.foundations
        self._n_columns = layout.columns
        self._n_cells = layout.cells
        #: for each foundation, the cards it takes at each height (() when full)
        self._wants: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
            (*cards, ()) for cards in layout.home_cards
        )
        #: for a foundation locked to a suit, its cards from the base up
        self._fixed = layout.fixed_cards
        # The packed foundation key: a fixed number of bits per foundation.
        bits = max(len(cards) for cards in layout.home_cards).bit_length()
        self._mask = (1 << bits) - 1
        self._shifts = tuple(bits * f for f in range(n))
        self._units = tuple(1 << shift for shift in self._shifts)
        self._full_key = sum(
            len(cards) << shift
            for cards, shift in zip(layout.home_cards, self._shifts, strict=True)
        )
        self._base_heights = tuple(
            1 if foundation.laid_out else 0 for foundation in layout.foundation_parts
        )
        self._middle_set = frozenset(layout.middle_cards)
        # Home moves: a target number per target (foundations by number, the
        # middle after them), listed with the middle first, then by number.
        sources = layout.sources(MoveKind.HOME)
        targets = layout.targets(MoveKind.HOME)
        self._order = {t: (-1 if target.kind is _MIDDLE else t) for t, target in enumerate(targets)}
        # The layout's own move values: listed moves are found by identity.
        known = {(move.source, move.target, move.count): move for move in layout.moves}
        self._source_moves: tuple[tuple[Move | None, ...], ...] = tuple(
            tuple(known.get((source, target, 1)) for target in targets) for source in sources
        )
        self._home_index = {source: i for i, source in enumerate(sources)}
        self._waste_index = self._home_index.get(Place(_WASTE), -1)
        self._playable = tuple(
            (place.index, self._home_index[place]) for place in sources if place.kind is _FOUNDATION
        )
        self._rows: dict[tuple[int, ...], _Row] = {}
        self._wanted: dict[int, dict[Card, _Row]] = {}
        #: The row of a card that foundation f alone wants.
        self._alone = tuple(self._row((f,)) for f in range(n))
        #: Where a foundation of any suit is laid out: the cards it may take
        #: as its base, those no locked foundation and no middle takes.
        self._spare: Counter[Card] | None = (
            layout._spare
            if any(layout.foundation_parts[f].suit is None for f in layout.laid_out_bases)
            else None
        )
        # Builds, parks, draws and redeals.
        build = layout.build
        self._onto = build.onto if build is not None else ()
        self._builds = bool(layout.targets(MoveKind.BUILD))
        self._runs = layout.runs
        if self._runs not in _RUNS_LISTED:  # (so that a new value is not taken for another)
            raise AssertionError(
                f"the engine lists no moves of runs for {self._runs!r}: a value added to Runs "
                "needs its limits in Engine._run_limits (see the composition guide)"
            )
        self._fill_by_move = layout.column_refill is Refill.BY_MOVE
        self._fill_rank = layout.fill_rank
        #: Whether any card may be moved into an empty column (one that carries
        #: a supermove's cards); the longest run the layout moves.
        self._free_columns = self._fill_by_move and self._fill_rank is None
        self._max_run = layout.max_run
        #: For every card, the cards that may be placed on it.
        self._takes: tuple[tuple[Card, ...], ...] = tuple(
            tuple(card for card in _CARDS if below in self._onto[card]) if self._onto else ()
            for below in _CARDS
        )
        #: The cards that may go into an empty column by a move.
        self._starters: frozenset[Card] = frozenset(
            card
            for card in _CARDS
            if self._fill_by_move and (self._fill_rank is None or card.rank == self._fill_rank)
        )
        build_moves = {
            (move.source, move.count, move.target.index): move
            for move in layout.moves
            if move.target.kind is _COLUMN
        }
        #: For each home source (by its index), for each run length, for each
        #: target column, the move (None where the layout has none).
        self._build_rows: tuple[tuple[tuple[Move | None, ...], ...], ...] = tuple(
            tuple(
                tuple(build_moves.get((source, count, j)) for j in range(layout.columns))
                for count in range(layout.max_run + 1)
            )
            for source in sources
        )
        self._parks = bool(layout.targets(MoveKind.PARK))
        park_moves = {
            (move.source, move.target.index): move
            for move in layout.moves
            if move.target.kind is _CELL
        }
        #: For each column, then the waste: the move into each cell (None: none).
        self._park_rows: tuple[tuple[Move | None, ...], ...] = tuple(
            tuple(park_moves.get((source, j)) for j in range(layout.cells))
            for source in (*(Place(_COLUMN, i) for i in range(layout.columns)), Place(_WASTE))
        )
        self._draw = layout.draw
        self._redeal = layout.redeal if layout.has_redeal else None
        self._redeal_limit = layout.redeals if layout.redeals is not None else _NO_LIMIT
        self._forced = rules.compulsion is Compulsion.FORCED
        # The last state of a compulsory game whose move was found, and its
        # moves: () or that one move (read and written whole, as _listed is).
        self._last: tuple[object, tuple[Move, ...]] = (None, ())
        # The last state whose moves were listed, and those moves: applying
        # one of them (the very object) to that state needs no check.  One
        # attribute, read and written whole, so that threads sharing the
        # engine never pair one state with another's moves.  Kept in games
        # with moves beyond the home moves (see _more_moves), where checking
        # a move again costs more than remembering the listing; a home move's
        # check is a lookup, cheaper than the memory.
        self._listed: tuple[object, tuple[Move, ...]] = (None, ())
        #: Every move of the layout: its kind and, for a home move, its source
        #: and target foundation (-1 for the middle).
        self._known: dict[Move, tuple[MoveKind, Place, int]] = {
            move: (
                move.kind,
                move.source,
                move.target.index if move.target.kind is _FOUNDATION else -1,
            )
            for move in layout.moves
        }
        #: Whether the waste is the only pile that cards leave (no columns,
        #: cells or playable foundations, nothing built, nothing parked).
        self._waste_only = sources == (Place(_WASTE),) and not (
            layout.targets(MoveKind.BUILD) or layout.targets(MoveKind.PARK)
        )
        #: A compulsory game where only the waste plays.
        self._waste_forced = self._waste_only and self._forced
        self._column_refill = layout.column_refill
        self._cell_refill = layout.cell_refill
        self._auto_columns = layout.column_refill in _AUTOMATIC
        self._auto_cells = layout.cell_refill in _AUTOMATIC
        self._refills = self._auto_columns or self._auto_cells
        #: Whether cards move onto columns or into cells, or home from foundations.
        self._more_moves = bool(self._builds or self._parks or self._playable)
        #: Whether the redeal is a shift, which the stock does not wait for.
        self._shift_anytime = self._redeal is Redeal.SHIFT
        #: Whether a position can come round again: cards move between piles,
        #: or the redeals have no limit.
        self._cycles = self._builds or self._parks or layout.redeals is None
        self._hash_columns = self._builds or layout.redeal is Redeal.SHIFT

    def __repr__(self) -> str:
        return f"<Engine of {self._game!r}>"

    def __reduce__(self) -> tuple[object, tuple[GameRules]]:
        # (pickled as its rules: loading gives their engine, built there once)
        return (Engine.of, (self._game,))

    def __setstate__(self, state: object) -> None:
        # An engine pickled by earlier releases, as its slots (its rules among
        # them, as "rules"): built again from the rules.
        slots = state[1] if isinstance(state, tuple) and len(state) == 2 else None
        rules = slots.get("rules") if isinstance(slots, dict) else None
        if not isinstance(rules, _rules.GameRules):
            raise NotationError(
                "a pickled engine is its rules (or, pickled by an earlier release, its "
                f"slots, the rules among them), got {_shown(state)}"
            )
        Engine.__init__(self, rules)

    @property
    def rules(self) -> GameRules:
        """The rules interpreted."""
        return self._game

    @property
    def layout(self) -> Layout:
        """The layout of the rules."""
        return self._layout

    @property
    def full_key(self) -> int:
        """The packed key of every foundation full."""
        return self._full_key

    @classmethod
    def of(cls, rules: GameRules) -> Engine:
        """The engine of ``rules``: each :class:`GameRules` value builds its own, once.

        >>> import patience_rules as pr
        >>> engine = pr.Engine.of(pr.get_game("royal-cotillion"))
        >>> engine.rules == pr.get_game("royal-cotillion")
        True

        :raises InvalidArgumentError: for anything but rules.
        """
        # (The rules see their engine through a protocol, as they are a lower
        # layer; the engine they build is always this class's.)
        return cast("Engine", _rules._game_rules(rules)._engine)

    # -- the packed foundation key -----------------------------------------

    def heights(self, key: SupportsIndex) -> tuple[int, ...]:
        """The foundation heights packed in ``key``.

        >>> import patience_rules as pr
        >>> engine = pr.Engine.of(pr.get_game("captive-queens"))
        >>> engine.heights(engine.pack_heights((1, 2, 3, 4, 5, 6, 0, 1)))
        (1, 2, 3, 4, 5, 6, 0, 1)

        :raises InvalidArgumentError: for anything but the key of heights
            that this game's foundations can hold.
        """
        number = _checks.whole_index("key", key, 0, self._full_key, InvalidArgumentError)
        heights = self._heights(number)
        for f, (height, most) in enumerate(
            zip(heights, self._layout.foundation_sizes, strict=True), 1
        ):
            if height > most:
                raise InvalidArgumentError(
                    f"key {number} would put {_counted(height, 'cards')} on foundation {f}, "
                    f"which holds at most {most}"
                )
        return heights

    def _heights(self, key: int) -> tuple[int, ...]:
        """:meth:`heights`, unchecked (of a state's own key)."""
        mask = self._mask
        return tuple([(key >> shift) & mask for shift in self._shifts])

    def pack_heights(self, heights: Iterable[SupportsIndex]) -> int:
        """The key of the given foundation heights (the inverse of :meth:`heights`).

        :raises InvalidArgumentError: unless ``heights`` gives one height per
            foundation, each a whole number from 0 to the cards it holds.
        """
        most = self._layout.foundation_sizes
        what = f"heights are one per foundation ({len(most)})"
        if not _checks.iterable_not_text(heights):
            raise InvalidArgumentError(f"{what}, got {_shown(heights)}")
        given = _checks.bounded(heights, len(most), what, InvalidArgumentError)
        if len(given) != len(most):
            raise InvalidArgumentError(f"{what}, got {len(given)}")
        return self._pack(
            [
                _checks.whole_index(f"the height of foundation {f}", h, 0, m, InvalidArgumentError)
                for f, (h, m) in enumerate(zip(given, most, strict=True), 1)
            ]
        )

    def _pack(self, heights: Sequence[int]) -> int:
        """:meth:`pack_heights`, unchecked (of checked heights)."""
        return sum(map(lshift, heights, self._shifts))

    def foundations(self, state: State) -> tuple[tuple[Card, ...], ...]:
        """The cards of each foundation of ``state``, from the base up."""
        more = state._more
        found = more[0] if more is not None else None
        if found is not None:
            return tuple(_chain_bottom_up(chain) for chain in found)
        return tuple(
            cards[:height]
            for cards, height in zip(self._fixed, self._heights(state._key), strict=True)
        )

    def _wanted_cards(self, key: int) -> dict[Card, _Row]:
        """For foundation key ``key``: each wanted card, and its home moves from each source."""
        wanted = self._wanted.get(key)
        if wanted is not None:
            return wanted
        mask = self._mask
        middle = self._n_foundations
        hits: dict[Card, list[int]] = {card: [middle] for card in self._middle_set}
        for f, (wants, shift) in enumerate(zip(self._wants, self._shifts, strict=True)):
            for card in wants[(key >> shift) & mask]:
                hits.setdefault(card, []).append(f)
        order = self._order.__getitem__
        wanted = {
            card: self._row(tuple(sorted(targets, key=order))) for card, targets in hits.items()
        }
        self._remember(key, wanted)
        return wanted

    def _row(self, targets: tuple[int, ...]) -> _Row:
        """The home moves of a card wanted by ``targets`` from each source."""
        row = self._rows.get(targets)
        if row is None:
            row = self._rows[targets] = (
                *(
                    tuple(move for t in targets if (move := moves[t]) is not None)
                    for moves in self._source_moves
                ),
                targets,
            )
        return row

    def _remember(self, key: int, wanted: dict[Card, _Row]) -> None:
        if len(self._wanted) >= _WANTED_CACHE_LIMIT:
            self._wanted.clear()
        self._wanted[key] = wanted

    def _rewant(
        self, wanted: dict[Card, _Row], f: int, old: int, new: int, key: int
    ) -> dict[Card, _Row]:
        """The shared table of wanted cards once foundation ``f`` went from ``old`` to ``new``.

        Tables are shared by every state with the same key, and cached.
        """
        known = self._wanted.get(key)
        if known is not None:
            return known
        after = wanted.copy()
        self._shift_wants(after, f, old, new)
        self._remember(key, after)
        return after

    def _shift_wants(self, wanted: dict[Card, _Row], f: int, old: int, new: int) -> None:
        """Update ``wanted`` in place: foundation ``f`` went from height ``old`` to ``new``."""
        wants = self._wants[f]
        for card in wants[old]:
            targets: tuple[int, ...] = wanted[card][-1]  # type: ignore[assignment]
            if len(targets) == 1:
                del wanted[card]
            else:
                wanted[card] = self._row(tuple(t for t in targets if t != f))
        for card in wants[new]:
            row = wanted.get(card)
            if row is None:
                wanted[card] = self._alone[f]
            else:
                merged = sorted((*row[-1], f), key=self._order.__getitem__)
                wanted[card] = self._row(tuple(merged))

    # -- dealing and building states -----------------------------------------

    def check_deck_order(self, cards: Iterable[Card]) -> list[Card]:
        """``cards`` as a new list of the interned cards, if it is exactly the game's cards; else an error."""
        layout = self._layout
        # A list or tuple as it is (read once more below); anything else, a
        # subclass too, copied once, since it could read differently each time.
        order: Sequence[Card]
        if cards.__class__ is list or cards.__class__ is tuple:
            order = cards
        elif isinstance(cards, str | bytes | AbstractSet | Mapping):  # (a set has no order)
            raise _no_deck_order(cards)
        else:
            try:
                # An iterator is read one card past the deck at most: an endless one stops.
                order = list(itertools.islice(cards, len(layout.deck) + 1))
            except TypeError:
                raise _no_deck_order(cards) from None
        if len(order) == len(layout.deck) and _CARD_TYPE.issuperset(map(type, order)):
            indices = bytes(order)
            if sorted(indices) == layout._deck_sorted:
                # (read by index: a card object made around the interning, by
                # int.__new__, is dealt as the one card it names)
                return list(_cards_at(indices))
        # (found by position: comparing a stray such as Decimal('sNaN') may raise)
        stray = next((i for i, item in enumerate(order) if not isinstance(item, Card)), None)
        if stray is not None:
            raise InvalidDealError(
                f"a deck order holds only Card values, got {_shown(order[stray])} at position "
                f"{stray + 1} (counting from 1)"
            )
        difference = _difference(order, layout.deck) or "the order differs"
        decks = self._game.decks
        raise InvalidDealError(
            f"the deck order is not the cards of {self._game.title} "
            f"({len(layout.deck)} cards: {_counted(decks, 'standard decks')}): "
            f"{difference}"
        )

    def deal_from(self, cards: Iterable[Card]) -> State:
        """Deal the cards in the given order (the first card is dealt first)."""
        layout = self._layout
        order = self.check_deck_order(cards)
        # Cards laid out before play are taken out of the deck order first:
        # each laid-out foundation takes the first card it takes as its base,
        # one of any suit only a card that no foundation locked to a suit and
        # no middle needs.
        heights = [0] * self._n_foundations
        found: list[Chain] = [EMPTY] * self._n_foundations
        key = 0
        if layout.laid_out_bases:
            spare = self._spare.copy() if self._spare is not None else None
            for f in layout.laid_out_bases:
                bases = self._wants[f][0]
                if spare is not None and layout.foundation_parts[f].suit is None:
                    base = next(card for card in order if card in bases and spare[card] > 0)
                    spare[base] -= 1
                else:
                    base = next(card for card in order if card in bases)
                order.remove(base)
                heights[f] = 1
                found[f] = (base, EMPTY)
            key = self._pack(heights)
        middle: list[Card] = []
        part = layout.middle_part
        if part is not None and part.laid_out:
            middle = [card for card in order if card in self._middle_set]
            order = [card for card in order if card not in self._middle_set]
        # The tableau in rows, the cells, and the rest is the stock.
        depths = layout.depths
        columns: list[list[Card]] = [[] for _ in depths]
        position = 0
        for row in range(max(depths, default=0)):
            for column, depth in zip(columns, depths, strict=True):
                if row < depth:
                    column.append(order[position])
                    position += 1
        cells: list[Card | None] = list(order[position : position + layout.dealt_cells])
        cells += [None] * (layout.cells - len(cells))
        position += layout.dealt_cells
        rest = order[position:]
        rest.reverse()  # the next card of the deck order is the top of the stock
        board = self._make(
            tuple(rest),
            EMPTY,
            tuple(map(_chain_from_bottom_up, columns)),
            tuple(cells),
            key,
            tuple(found) if layout.records else None,
            tuple(sorted(middle)),
            0,
            tuple(1 if column else 0 for column in columns) if layout.face_down else None,
        )
        if self._auto_columns or self._auto_cells:
            self._refill_all(board)
        return self._finish(board)

    def _build(self, position: Position) -> State:
        """A state from a checked position (make_state and the loading of pickles check it first)."""
        found = position.foundations
        board = self._make(
            _cards_at(position.stock),
            _chain_of_indices(position.waste),
            tuple(map(_chain_of_indices, position.columns)),
            _cells_at(position.cells),
            self._pack(position.heights),
            tuple(map(_chain_of_indices, found)) if found is not None else None,
            _cards_at(position.middle),
            position.redeals_used,
            position.face_up,
        )
        return self._finish(board)

    def _make(
        self,
        stock: tuple[Card, ...],
        waste: Chain,
        columns: tuple[Chain, ...],
        cells: tuple[Card | None, ...],
        key: int,
        found: tuple[Chain, ...] | None,
        middle: tuple[Card, ...],
        redeals: int,
        up: tuple[int, ...] | None,
    ) -> Any:
        """A board of these piles (the stock a tuple, the middle sorted, piles as chains)."""
        board: Any = _new(_Board)
        board._key = key
        board._cells = cells
        board._waste = waste
        board._columns = columns
        board._stock = stock
        board._nstock = len(stock)
        board._middle = middle
        board._redeals = redeals
        board._more = None if found is None and up is None else (found, up)
        board._wanted = self._wanted_cards(key)
        board._engine = self
        board._hash = None
        return board

    @staticmethod
    def _board(state: State) -> Any:
        """A writable copy of ``state``'s slots (the piles themselves are shared)."""
        board: Any = _new(_Board)
        board._key = state._key
        board._cells = state._cells
        board._waste = state._waste
        board._columns = state._columns
        board._stock = state._stock
        board._nstock = state._nstock
        board._middle = state._middle
        board._redeals = state._redeals
        board._more = state._more
        board._wanted = state._wanted
        board._engine = state._engine
        board._hash = None
        return board

    @staticmethod
    def _finish(board: Any) -> State:
        """The board, now a state: it is never written again."""
        board.__class__ = State
        return board  # type: ignore[no-any-return]

    # -- listing ----------------------------------------------------------------

    @overload
    def legal_moves(self, state: State) -> tuple[Move, ...]: ...

    @overload
    def legal_moves(self, state: State, limit: int) -> list[Move]: ...

    def legal_moves(self, state: Any, limit: int = _NO_LIMIT) -> Sequence[Move]:
        """Every legal move of ``state`` in the engine's fixed order.

        With a ``limit`` (the engine's own use, on states and boards): a list
        of the first ``limit`` moves or more, where the listing stops early.
        In a compulsory game the moves without a limit are the first alone.
        The listing is written once, here, for every use.
        """
        if self._forced and limit is _NO_LIMIT:
            last = self._last
            return last[1] if last[0] is state else self._forced_moves(state)
        moves: list[Move] = []
        wanted = state._wanted
        # Home moves: a lookup of each playable card in the wanted table.
        if wanted:
            get = wanted.get
            i = 0
            for column in state._columns:
                if column:
                    row = get(column[0])
                    if row is not None:
                        moves += row[i]
                i += 1
            cells = state._cells
            if not wanted.keys().isdisjoint(cells):
                for card in cells:
                    row = get(card)
                    if row is not None:
                        moves += row[i]
                    i += 1
            waste = state._waste
            if waste:
                row = get(waste[0])
                if row is not None:
                    moves += row[self._waste_index]
        if self._more_moves:  # home from foundations, and moves between piles
            if wanted and self._playable:
                self._list_home_from_foundations(state, wanted.get, moves)
            if len(moves) >= limit:
                return moves
            if self._builds:
                self._list_builds(state, moves)
                if len(moves) >= limit:
                    return moves
            if self._parks:
                self._list_parks(state, moves)
        # The draw and the redeal.
        if state._nstock:
            moves.append(_DRAW)
            if self._shift_anytime and self._redeal_ready(state):
                moves.append(_REDEAL)
        elif self._redeal is not None and self._redeal_ready(state):
            moves.append(_REDEAL)
        if limit is _NO_LIMIT:
            listed = tuple(moves)
            if self._more_moves:
                self._listed = (state, listed)
            return listed
        return moves

    def _forced_moves(self, state: State) -> tuple[Move, ...]:
        """The legal moves of a state of a compulsory game: its first alone (none: it is over).

        The engine remembers the last state it was asked about, so that
        listing a state's move and then applying it finds the move once.
        """
        last = self._last
        if last[0] is state:
            return last[1]
        moves: tuple[Move, ...]
        if self._waste_only:  # the waste top's first home move, else the stock's move
            waste = state._waste
            row = state._wanted.get(waste[0]) if waste else None
            if row is not None and row[self._waste_index]:
                moves = row[self._waste_index][:1]
            elif state._nstock:
                moves = _DRAW_ONLY
            elif self._redeal is not None and self._redeal_ready(state):
                moves = _REDEAL_ONLY
            else:
                moves = ()
        else:
            moves = tuple(self.legal_moves(state, 1)[:1])
        self._last = (state, moves)
        return moves

    def is_legal(self, state: State, move: object) -> bool:
        """Whether ``move`` is legal in ``state``, by checking that move alone.

        >>> import patience_rules as pr
        >>> from patience_rules import Move
        >>> engine = pr.Engine.of(pr.get_game("royal-cotillion"))
        >>> state = engine.deal_from(engine.layout.deck)
        >>> engine.is_legal(state, Move.draw()), engine.is_legal(state, Move.redeal())
        (True, False)
        """
        if move.__class__ is not Move:
            return False
        if self._forced:
            moves = self._forced_moves(state)
            return bool(moves) and moves[0] == move
        return self._check(state, move) is None

    def apply(self, state: State, move: Move) -> State:
        """The state after ``move``, which must be legal."""
        if move.__class__ is Move:
            if self._forced:
                last = self._last  # (the state whose move was just listed, and its move)
                moves = last[1] if last[0] is state else self._forced_moves(state)
                if moves and ((first := moves[0]) is move or first == move):
                    if first is _DRAW:
                        return self._drawn(state)
                    board = self._board(state)
                    self._do(board, first, False)
                    board.__class__ = State
                    return board  # type: ignore[no-any-return]
            elif move is _DRAW:
                if state._nstock:
                    return self._drawn(state)
            else:
                listed = self._listed
                if listed[0] is state:
                    for known in listed[1]:
                        if known is move:
                            board = self._board(state)
                            self._do(board, move, False)
                            board.__class__ = State
                            return board  # type: ignore[no-any-return]
                entry = self._known.get(move)
                if entry is not None:
                    kind = entry[0]
                    if kind is _HOME:
                        source, f = entry[1], entry[2]
                        if self._check_home(state, source, f) is None:
                            board = self._board(state)
                            self._do_home(board, source, f, False)
                            board.__class__ = State
                            return board  # type: ignore[no-any-return]
                    elif self._check(state, move) is None:
                        board = self._board(state)
                        self._do(board, move, False)
                        board.__class__ = State
                        return board  # type: ignore[no-any-return]
        raise IllegalMoveError(self.why_illegal(state, move))

    def why_illegal(self, state: State, move: object) -> str:
        """Why ``move`` is not legal in ``state``: a message for the error."""
        if move.__class__ is not Move:
            hint = (
                " (a move in the notation reads with patience_rules.move_from_text(text, state))"
                if isinstance(move, str)
                else ""
            )
            return f"expected a Move, got {_shown(move)}{hint}"
        assert isinstance(move, Move)
        return (
            f"illegal move {move_to_text(move)} in {self._game.title}: {self.refusal(state, move)}"
        )

    def refusal(self, state: State, move: Move) -> str:
        """Why the rules refuse ``move`` (not legal) in ``state``: :meth:`why_illegal` without its head."""
        reason = self._check(state, move)
        if reason is not None:
            return reason
        if self._forced:
            first = self.legal_moves(state, 1)
            if first:
                return f"every move is compulsory here and the move to make is {move_to_text(first[0])}"
            return "the game is over: no move is left"
        return "the rules do not allow it here"  # pragma: no cover - checked above

    def _check(self, state: Any, move: Move) -> str | None:
        """Why ``move`` is illegal in ``state`` taken alone, or None when it is legal."""
        entry = self._known.get(move)
        if entry is None:
            return self._unknown(move)
        kind = entry[0]
        if kind is _HOME:
            return self._check_home(state, entry[1], entry[2])
        if kind is _DRAWING:
            if state._nstock:
                return None
            return "the stock is empty" if self._layout.has_stock else "this game has no stock"
        if kind is _REDEALING:
            return self._check_redeal(state)
        if kind is _BUILD:
            return self._check_build(state, move)
        return self._check_park(state, move)

    def _unknown(self, move: Move) -> str:
        """Why a move that the layout never makes is not legal."""
        layout, source, target = self._layout, move.source, move.target
        kinds = (source.kind, target.kind)
        if (kinds == _DRAW_KINDS and layout.has_stock) or (
            kinds == _REDEAL_KINDS and layout.has_redeal
        ):
            # (a move of the draw's or the redeal's piles: another count, or a pile
            # the game lacks)
            for place in (source, target):
                if not layout.has(place) and place.index:
                    return f"{layout.name(place)} is not in this game"
            name = "draw" if kinds == _DRAW_KINDS else "redeal"
            # (its piles named where the game has them: Crescent's shift has no waste)
            route = (
                f"from {layout.name(source)} to {layout.name(target)}, "
                if layout.has(source) and layout.has(target)
                else ""
            )
            return (
                f"the {name} is the one move {route}written {name}, with no count: "
                "the rules say how many cards it moves"
            )
        if not layout.has(source):
            return f"{layout.name(source)} is not in this game"
        if source.kind is _STOCK or source.kind is _MIDDLE:
            return f"{layout.name(source)} is not a pile that cards are played from in this game"
        if not layout.has(target):
            return f"{layout.name(target)} is not in this game"
        cards = f"{move.count} cards" if move.count != 1 else "a card"
        return f"{self._game.title} never moves {cards} from {layout.name(source)} to {layout.name(target)}"

    def _do(self, board: Any, move: Move, private: bool) -> None:
        """Make ``move`` on ``board`` (it is legal there).

        ``private``: the board's table of wanted cards is its own, to update in
        place (in :meth:`play_forced`), rather than a shared one to replace.
        """
        entry = self._known[move]
        kind = entry[0]
        if kind is _HOME:
            self._do_home(board, entry[1], entry[2], private)
        elif kind is _DRAWING:
            self._do_draw(board)
        elif kind is _REDEALING:
            self._do_redeal(board)
        elif kind is _BUILD:
            self._do_build(board, move, private)
        else:
            self._do_park(board, move, private)

    # -- taking a card from a pile, and the refill policies -------------------

    def _card_at(self, state: Any, source: Place) -> Card | None:
        """The card a move would take from ``source``, a source of the layout (None: empty)."""
        kind = source.kind
        if kind is _CELL:
            return state._cells[source.index]  # type: ignore[no-any-return]
        if kind is _WASTE:
            waste = state._waste
            return waste[0] if waste else None
        if kind is _COLUMN:
            column = state._columns[source.index]
            return column[0] if column else None
        return self._foundation_top(state, source.index)

    def _foundation_top(self, state: Any, f: int) -> Card | None:
        """The top card of foundation ``f`` if it may leave (never a laid-out base)."""
        height = (state._key >> self._shifts[f]) & self._mask
        if height <= self._base_heights[f]:
            return None
        more = state._more
        found = more[0] if more is not None else None
        top: Card = found[f][0] if found is not None else self._fixed[f][height - 1]
        return top

    def _take(self, board: Any, source: Place, private: bool) -> Card:
        """Take the playable card of ``source`` off ``board``; refill the pile it empties."""
        kind, i = source.kind, source.index
        if kind is _WASTE:
            card, board._waste = board._waste
            return card  # type: ignore[no-any-return]
        if kind is _CELL:
            cells = board._cells
            card = cells[i]
            filler = self._fill(board, self._cell_refill) if self._auto_cells else None
            board._cells = (*cells[:i], filler, *cells[i + 1 :])
            return card  # type: ignore[no-any-return]
        if kind is _COLUMN:
            card, rest = board._columns[i]
            if rest and board._more is None:  # neither turned nor refilled: the plain case
                columns = board._columns
                board._columns = (*columns[:i], rest, *columns[i + 1 :])
                return card  # type: ignore[no-any-return]
            return self._take_run(board, i, 1)[0]
        return self._lower(board, i, private)

    def _take_run(self, board: Any, i: int, count: int) -> list[Card]:
        """Take the top ``count`` cards of column ``i``, bottom card first; turn and refill."""
        columns = board._columns
        rest = columns[i]
        cards = []
        for _ in range(count):
            card, rest = rest
            cards.append(card)
        cards.reverse()
        more = board._more
        up = more[1] if more is not None else None
        if up is not None:
            left = up[i] - count
            if left <= 0:
                left = 1 if rest else 0  # a face-down card that becomes the top turns over
            board._more = (more[0], (*up[:i], left, *up[i + 1 :]))
        if not rest and self._auto_columns:
            filler = self._fill(board, self._column_refill)
            if filler is not None:
                rest = (filler, EMPTY)
                if up is not None:
                    more = board._more
                    board._more = (more[0], (*more[1][:i], 1, *more[1][i + 1 :]))
        board._columns = (*columns[:i], rest, *columns[i + 1 :])
        return cards

    def _fill(self, board: Any, refill: Refill) -> Card | None:
        """The card an automatic refill takes: the waste top, else (where allowed) the stock top."""
        waste = board._waste
        if waste:
            card, board._waste = waste
            return card  # type: ignore[no-any-return]
        if refill is Refill.FROM_WASTE_THEN_STOCK and board._nstock:
            board._nstock = n = board._nstock - 1
            return board._stock[n]  # type: ignore[no-any-return]
        return None

    def _refill_all(self, board: Any) -> None:
        """Fill empty piles by the automatic refill policies: columns, then cells, lowest first."""
        if self._auto_columns and EMPTY in board._columns:
            columns = list(board._columns)
            more = board._more
            up = list(more[1]) if more is not None and more[1] is not None else None
            for j, column in enumerate(columns):
                if not column:
                    card = self._fill(board, self._column_refill)
                    if card is None:
                        break
                    columns[j] = (card, EMPTY)
                    if up is not None:
                        up[j] = 1
            board._columns = tuple(columns)
            if up is not None:
                board._more = (more[0], tuple(up))
        if self._auto_cells and None in board._cells:
            cells = list(board._cells)
            for j, cell in enumerate(cells):
                if cell is None:
                    cells[j] = card = self._fill(board, self._cell_refill)
                    if card is None:
                        break
            board._cells = tuple(cells)

    # -- home: to a foundation or the middle ----------------------------------

    def _list_home_from_foundations(self, state: Any, get: Any, moves: list[Move]) -> None:
        for f, i in self._playable:
            card = self._foundation_top(state, f)
            if card is not None:
                row = get(card)
                if row is not None:
                    moves += row[i]

    def _check_home(self, state: Any, source: Place, f: int) -> str | None:
        kind = source.kind
        card: Card | None
        if kind is _CELL:
            card = state._cells[source.index]
        elif kind is _WASTE:
            waste = state._waste
            card = waste[0] if waste else None
        else:
            card = self._card_at(state, source)
        if card is not None:
            if f >= 0:
                if card in self._wants[f][(state._key >> self._shifts[f]) & self._mask]:
                    return None
            elif card in self._middle_set:
                return None
        return self._why_not_home(state, source, f, card)

    def _why_not_home(self, state: Any, source: Place, f: int, card: Card | None) -> str:
        layout = self._layout
        if card is None:
            return f"{layout.name(source)} has no card to play"
        if f < 0:
            ranks = _ranks_named(layout.middle_part.ranks)  # type: ignore[union-attr]
            return f"the middle takes only {ranks}, not {card}"
        wants = self._wants[f][(state._key >> self._shifts[f]) & self._mask]
        target = _FOUNDATION_PLACES[f]
        expected = "it is complete" if not wants else f"it takes {_words(wants)} next"
        return f"{layout.name(target)} does not take {card} from {layout.name(source)}: {expected}"

    def _do_home(self, board: Any, source: Place, f: int, private: bool) -> None:
        if source.kind is _WASTE:  # (the most frequent source, taken here)
            card, board._waste = board._waste
        else:
            card = self._take(board, source, private)
        if f < 0:
            board._middle = tuple(sorted((*board._middle, card)))
            return
        # The card goes onto foundation f.
        was = board._key
        board._key = key = was + self._units[f]
        # The shared table of the new key, where it is made already (a private
        # table is updated in place).
        known = None if private else self._wanted.get(key)
        if known is not None:
            board._wanted = known
        else:
            old = (was >> self._shifts[f]) & self._mask
            if private:
                self._shift_wants(board._wanted, f, old, old + 1)
            else:
                board._wanted = self._rewant(board._wanted, f, old, old + 1, key)
        more = board._more
        if more is not None and more[0] is not None:
            found = more[0]
            board._more = ((*found[:f], (card, found[f]), *found[f + 1 :]), more[1])

    def _lower(self, board: Any, f: int, private: bool) -> Card:
        """Take the top card off foundation ``f`` (a playable foundation)."""
        card = self._foundation_top(board, f)
        assert card is not None
        key = board._key
        old = (key >> self._shifts[f]) & self._mask
        board._key = key = key - self._units[f]
        if private:
            self._shift_wants(board._wanted, f, old, old - 1)
        else:
            board._wanted = self._rewant(board._wanted, f, old, old - 1, key)
        more = board._more
        if more is not None and more[0] is not None:
            found = more[0]
            board._more = ((*found[:f], found[f][1], *found[f + 1 :]), more[1])
        return card

    # -- build: onto a tableau column -----------------------------------------

    def _run_limits(self, state: Any, empty_columns: int) -> tuple[int, int]:
        """The longest run that may move onto a column with cards, and onto an empty one."""
        runs = self._runs
        if runs is _RUNS_NONE:
            return 1, 1
        most = self._max_run  # (the longest run the layout has moves for)
        if runs is _RUNS_ANY:
            return most, most
        # Runs.SUPERMOVE, the one value left (an engine is made for those of
        # _RUNS_LISTED alone).  Only the piles a card may be moved into carry
        # a run card by card: the cells if cards park there, the empty
        # columns if any card may go into one.
        free = 1 + state._cells.count(None) if self._parks else 1
        empty = empty_columns if self._free_columns else 0
        return min(free << empty, most), min(free << max(empty - 1, 0), most)

    def _face_up(self, state: Any, i: int) -> int:
        more = state._more
        up = more[1] if more is not None else None
        return up[i] if up is not None else _NO_LIMIT

    def _may_start(self, card: Card) -> bool:
        """Whether ``card`` may go into an empty column (by a move)."""
        return card in self._starters

    def _list_builds(self, state: Any, moves: list[Move]) -> None:
        columns = state._columns
        # The column of each top card and the empty columns.  ``doubles``: two
        # columns show equal cards (a game of more decks than one), so that
        # the columns a card goes onto are found by a scan instead.
        tops = {column[0]: j for j, column in enumerate(columns) if column}
        empties = [j for j, column in enumerate(columns) if not column] if EMPTY in columns else []
        doubles = len(tops) + len(empties) < len(columns)
        longest, longest_empty = self._run_limits(state, len(empties))
        takes = self._takes
        build = self._onto
        # The cards that some column's top takes, and with the empty columns'
        # starters, every card that has a build: the rest are passed over
        # with one lookup.
        fit = {card for top in tops for card in takes[top]}
        starters = self._starters if empties else _NO_CARDS
        may = fit.union(starters) if empties else fit

        def add(rows: tuple[tuple[Move | None, ...], ...], card: Card, count: int) -> None:
            """Add the moves of ``card`` (heading ``count`` cards) onto columns."""
            start = count <= longest_empty and card in starters
            if card in fit:  # (count is at most longest)
                rests = build[card]
                if doubles:
                    found = [j for j, column in enumerate(columns) if column and column[0] in rests]
                else:
                    found = [tops[top] for top in rests if top in tops]
                if start:
                    found += empties
                if len(found) > 1:
                    found.sort()
            elif start:
                found = empties
            else:
                return
            row = rows[count]
            for j in found:
                move = row[j]
                if move is not None:  # None: the card's own column
                    moves.append(move)

        more = state._more
        up = more[1] if more is not None and self._runs is not _RUNS_NONE else None
        runs = self._runs is not _RUNS_NONE and bool(build)
        build_rows = self._build_rows
        for i, column in enumerate(columns):
            if not column:
                continue
            card, rest = column
            count = 1
            # No run longer than its face-up cards, or than the cells and
            # empty columns allow, moves.
            limit = (min(up[i], longest) if up is not None else longest) if runs else 1
            while True:
                if card in may:
                    add(build_rows[i], card, count)
                if count >= limit or not rest or rest[0] not in build[card]:
                    break
                card, rest = rest
                count += 1
        first = self._n_columns
        for i, card in enumerate(state._cells):
            if card is not None and card in may:
                add(build_rows[first + i], card, 1)
        waste = state._waste
        if waste and self._waste_index >= 0 and waste[0] in may:
            add(build_rows[self._waste_index], waste[0], 1)
        for f, i in self._playable:
            card = self._foundation_top(state, f)
            if card is not None and card in may:
                add(build_rows[i], card, 1)

    def _check_build(self, state: Any, move: Move) -> str | None:
        layout, source, target, count = self._layout, move.source, move.target, move.count
        j = target.index
        head = self._card_at(state, source)
        if head is None:
            return f"{layout.name(source)} has no card to move"
        if count > 1:
            if source.kind is not _COLUMN or self._runs is _RUNS_NONE:
                return "one card moves at a time here"
            i = source.index
            if count > self._face_up(state, i):
                return f"{layout.name(source)} has fewer than {count} face-up cards"
            column = rest = state._columns[i]
            held = 0
            while rest and held < count:
                rest = rest[1]
                held += 1
            if held < count:
                return f"{layout.name(source)} holds {_counted(held, 'cards')}, fewer than {count}"
            for _ in range(count - 1):
                card, column = column
                if column[0] not in self._onto[card]:
                    return (
                        f"the top {count} cards of {layout.name(source)} are not a run "
                        f"({layout.build.describe()})"  # type: ignore[union-attr]
                    )
            head = column[0]
        columns = state._columns
        empties = sum(1 for column in columns if not column)
        longest, longest_empty = self._run_limits(state, empties)
        top = columns[j]
        if top:
            if not self._onto or top[0] not in self._onto[head]:
                rule = layout.build.describe() if layout.build is not None else "nothing is built"
                return f"{head} does not go on {top[0]} ({rule})"
            if count > longest:
                return f"a run of {count} is longer than the {longest} the free cells and empty columns allow"
            return None
        if not self._may_start(head):
            if not self._fill_by_move:
                refill = self._column_refill
                if refill is Refill.NEVER:
                    return f"{layout.name(target)} is empty, and an empty column stays empty"
                return f"{layout.name(target)} is empty, and {refill.describe()}, not by a move"
            return f"only {_a_rank(self._fill_rank)} goes into an empty column, not {head}"  # type: ignore[arg-type]
        if count > longest_empty:
            return (
                f"a run of {count} is longer than the {longest_empty} the free cells and "
                "empty columns allow into an empty column"
            )
        return None

    def _do_build(self, board: Any, move: Move, private: bool) -> None:
        source, j, count = move.source, move.target.index, move.count
        if source.kind is _COLUMN and count > 1:
            cards = self._take_run(board, source.index, count)
        else:
            cards = [self._take(board, source, private)]
        columns = board._columns
        column = columns[j]
        for card in cards:
            column = (card, column)
        board._columns = (*columns[:j], column, *columns[j + 1 :])
        more = board._more
        if more is not None and more[1] is not None:
            up = more[1]
            board._more = (more[0], (*up[:j], up[j] + count, *up[j + 1 :]))

    # -- park: into an empty cell ----------------------------------------------

    def _list_parks(self, state: Any, moves: list[Move]) -> None:
        empty = [j for j, cell in enumerate(state._cells) if cell is None]
        if not empty:
            return
        rows = self._park_rows
        for i, column in enumerate(state._columns):
            if column:
                row = rows[i]
                moves += [move for j in empty if (move := row[j]) is not None]
        if state._waste and self._waste_index >= 0:
            row = rows[-1]
            moves += [move for j in empty if (move := row[j]) is not None]

    def _check_park(self, state: Any, move: Move) -> str | None:
        layout, source, target = self._layout, move.source, move.target
        if state._cells[target.index] is not None:
            return f"{layout.name(target)} holds a card already"
        if self._card_at(state, source) is None:
            return f"{layout.name(source)} has no card to move"
        return None

    def _do_park(self, board: Any, move: Move, private: bool) -> None:
        card = self._take(board, move.source, private)
        j = move.target.index
        cells = board._cells
        board._cells = (*cells[:j], card, *cells[j + 1 :])

    # -- the draw ------------------------------------------------------------------

    def _drawn(self, state: State) -> State:
        """The state after the draw, which is legal in ``state`` (its stock has cards).

        The most frequent move of the stock games, so it is made here in one
        piece: the slots copied as :meth:`_board` copies them, the draw made
        as :meth:`_do_draw` makes it.
        """
        board: Any = _new(_Board)
        board._key = state._key
        board._cells = state._cells
        board._columns = state._columns
        board._stock = stock = state._stock
        board._middle = state._middle
        board._redeals = state._redeals
        board._more = state._more
        board._wanted = wanted = state._wanted
        board._engine = self
        board._hash = None
        n = state._nstock - 1
        was = state._waste
        waste = (stock[n], was)
        if self._draw > 1:
            last = max(n + 1 - self._draw, 0)
            while n > last:
                n -= 1
                waste = (stock[n], waste)
        board._nstock = n
        board._waste = waste
        if not was and self._refills:
            self._refill_all(board)
        elif self._waste_forced:
            # The next compulsory move, found as _forced_moves finds it, where it
            # is the drawn card's play or another draw: the next listing is a lookup.
            row = wanted.get(waste[0])
            if row is not None and (homes := row[self._waste_index]):
                self._last = (board, homes[:1])
            elif n:
                self._last = (board, _DRAW_ONLY)
        board.__class__ = State
        return board  # type: ignore[no-any-return]

    def _do_draw(self, board: Any) -> None:
        stock, n, waste = board._stock, board._nstock, board._waste
        was_empty = not waste
        last = max(n - self._draw, 0)
        while n > last:
            n -= 1
            waste = (stock[n], waste)
        board._nstock = n
        board._waste = waste
        if was_empty and self._refills:
            self._refill_all(board)

    # -- the redeal ----------------------------------------------------------------

    def _redeal_ready(self, state: Any) -> bool:
        """Whether the redeal is legal (the game has one, and it is the stock's turn)."""
        if state._redeals >= self._redeal_limit:
            return False
        if self._redeal is Redeal.TURN_OVER:
            return not state._nstock and bool(state._waste)
        return any(column and column[1] for column in state._columns)

    def _check_redeal(self, state: Any) -> str | None:
        if self._redeal is None:
            return "this game has no redeal"
        if state._redeals >= self._redeal_limit:
            limit = self._redeal_limit
            return f"no redeal is left (the rules allow {limit}, {state._redeals} used)"
        if self._redeal is Redeal.TURN_OVER:
            if state._nstock:
                return "a redeal needs an empty stock, and the stock still has cards"
            if not state._waste:
                return "a redeal needs cards on the waste, and the waste is empty"
            return None
        if not self._redeal_ready(state):
            return "a shift needs a column of two or more cards"
        return None

    def _do_redeal(self, board: Any) -> None:
        if self._redeal is Redeal.TURN_OVER:
            # The card that went onto the waste first is drawn first.
            stock: list[Card] = []
            waste = board._waste
            while waste:
                card, waste = waste
                stock.append(card)
            board._stock = tuple(stock)
            board._nstock = len(stock)
            board._waste = EMPTY
        else:
            # The shift: the bottom card of every column of two or more goes to its top.
            shifted = []
            for column in board._columns:
                if column and column[1]:
                    cards = _chain_bottom_up(column)
                    column = (cards[0], _chain_from_bottom_up(cards[1:]))
                shifted.append(column)
            board._columns = tuple(shifted)
        if self._redeal_limit is not _NO_LIMIT:
            board._redeals += 1

    # -- forced moves, played on one board ------------------------------------------

    def play_forced(self, state: State) -> State:
        """The state after playing, while exactly one move is legal, that move.

        The same moves that :meth:`apply` would make one by one, listed and
        made by the same code on one writable board that keeps its own table
        of wanted cards; only the final state is built.  In a game whose
        moves are all compulsory this plays to the end of the game.  Play
        stops early where it would go on for ever: when a position comes
        round again (a stuck game with no limit on its redeals, or a card
        moved back and forth): the move that would bring a position back is
        not made.

        >>> import patience_rules as pr
        >>> engine = pr.Engine.of(pr.get_game("captive-queens"))
        >>> engine.play_forced(engine.deal_from(engine.layout.deck)).is_over
        True
        """
        board = self._board(state)
        board._wanted = dict(board._wanted)
        forced = self._forced
        limit = 1 if forced else 2
        listing, do = self.legal_moves, self._do
        refills = self._refills
        # Where cards move between piles, or redeals have no limit, a position
        # can come round again: there every position is remembered.
        seen = {self._where(board)} if self._cycles else None
        if seen is None and self._waste_forced and not refills:
            self._play_waste(board)
            return self._done(board)
        while True:
            moves = listing(board, limit)
            if not moves or (not forced and len(moves) > 1):
                break
            move = moves[0]
            if seen is not None:
                before = self._board(board)
                before._wanted = board._wanted.copy()
                do(board, move, True)
                where = self._where(board)
                if where in seen:  # the move would bring a position back: not made
                    board = before
                    break
                seen.add(where)
                continue
            if move is _DRAW:
                # A draw changes only the waste top (and refills, from an empty
                # waste): here, where nothing is built or parked (no position
                # comes round again), the draw stays the move to make while the
                # drawn card goes nowhere home.
                refilled = refills and not board._waste
                self._do_draw(board)
                if not refilled:
                    wanted = board._wanted
                    while board._nstock and board._waste[0] not in wanted:
                        self._do_draw(board)
            else:
                do(board, move, True)
        return self._done(board)

    def _done(self, board: Any) -> State:
        """The board after :meth:`play_forced`: its private wanted table shared, and a state."""
        # (one lookup: another thread may empty the cache between two)
        known = self._wanted.get(board._key)
        if known is None:
            self._remember(board._key, board._wanted)
        else:
            board._wanted = known
        return self._finish(board)

    def _play_waste(self, board: Any) -> None:
        """:meth:`play_forced` in a compulsory game where only the waste top plays.

        The moves are those :meth:`legal_moves` gives first, made in one
        loop on the board's piles held in locals: the waste top home to its
        first target while one takes it (as :meth:`_do_home` does, or to the
        middle); else a draw; else the redeal.  No position can come round
        again (the redeals are limited), and nothing refills.
        """
        wanted = board._wanted
        n = self._n_foundations
        draw = self._draw
        shifts, units, mask = self._shifts, self._units, self._mask
        shift_wants, wants, alone = self._shift_wants, self._wants, self._alone
        # Foundations whose cards are kept (a playable foundation) go through _do_home.
        plain = board._more is None or board._more[0] is None
        key, stock, nstock, waste = board._key, board._stock, board._nstock, board._waste
        while True:
            if waste:
                row = wanted.get(waste[0])
                if row is not None:
                    card, waste = waste
                    f = row[-1][0]  # the first target: a foundation, or the middle (n)
                    if f >= n:
                        board._middle = tuple(sorted((*board._middle, card)))
                    elif plain:
                        old = (key >> shifts[f]) & mask
                        key += units[f]
                        # _shift_wants, where the card played was wanted there alone and
                        # the foundation's next card is wanted nowhere else.
                        after = wants[f][old + 1]
                        if (
                            wanted[card] is alone[f]
                            and len(after) == 1
                            and after[0] not in wanted
                            and len(wants[f][old]) == 1
                        ):
                            del wanted[card]
                            wanted[after[0]] = alone[f]
                        else:
                            shift_wants(wanted, f, old, old + 1)
                    else:  # (as _do_home plays it, keeping the foundation's cards)
                        board._key, board._waste = key, (card, waste)
                        self._do_home(board, _WASTE_PLACE, f, True)
                        key, waste = board._key, board._waste
                    continue
            if nstock:
                if draw == 1:  # turn cards one at a time until one is wanted
                    nstock -= 1
                    card = stock[nstock]
                    waste = (card, waste)
                    while nstock and card not in wanted:
                        nstock -= 1
                        card = stock[nstock]
                        waste = (card, waste)
                    continue
                last = nstock - draw if nstock > draw else 0
                while nstock > last:
                    nstock -= 1
                    waste = (stock[nstock], waste)
                continue
            board._key, board._nstock, board._waste = key, nstock, waste
            if not self._redeal_ready(board):
                return
            self._do_redeal(board)
            stock, nstock, waste = board._stock, board._nstock, board._waste

    @staticmethod
    def _where(board: Any) -> tuple[object, ...]:
        """Where every card of ``board`` is, as a hashable value."""
        return (
            board._key,
            board._cells,
            board._waste,
            board._columns,
            board._stock[: board._nstock],
            board._middle,
            board._redeals,
            board._more,
        )


def _words(cards: Sequence[Card]) -> str:
    if len(cards) == 1:
        return str(cards[0])
    return f"any {_rank_word(cards[0].rank)}"


_HOME: Final = MoveKind.HOME
_BUILD: Final = MoveKind.BUILD
_DRAWING: Final = MoveKind.DRAW
_REDEALING: Final = MoveKind.REDEAL
_NO_CARDS: Final[frozenset[Card]] = frozenset()
_RUNS_NONE: Final = Runs.NONE
_RUNS_ANY: Final = Runs.ANY
#: The ways of moving runs that ``Engine._run_limits`` has limits for.
_RUNS_LISTED: Final = frozenset((Runs.NONE, Runs.ANY, Runs.SUPERMOVE))
_COLUMN_PLACES: Final = tuple(Place(_COLUMN, i) for i in range(64))
_CELL_PLACES: Final = tuple(Place(_CELL, i) for i in range(64))
_FOUNDATION_PLACES: Final = tuple(Place(_FOUNDATION, i) for i in range(64))
_WASTE_PLACE: Final = Place(_WASTE)

_rules._register_engine(Engine)
