"""GameRules: a game as a value composed of generic parts.

>>> import patience_rules as pr
>>> rules = pr.get_game("royal-cotillion")
>>> rules.decks, len(rules.foundations), rules.tableau.name, rules.reserve.name
(2, 8, 'Ladies', 'Lords')
>>> state = rules.deal(7)
>>> len(state.stock), len(state.columns), len(state.cells)
(68, 4, 16)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from .cards import Card, Suit, _difference, _format_cards, standard_deck
from .deals import shuffled_deck
from .engine import Engine
from .errors import InvalidDealError, InvalidRulesError
from .piles import Foundation, Middle, PileKind, Place, Reserve, Stock, Tableau
from .policies import Compulsion, Refill
from .state import State

__all__ = ["GameRules"]

OptionValue = int | str | bool


def _to_tuple(value: Iterable[Foundation]) -> tuple[Foundation, ...]:
    return tuple(value)


def _to_options(
    value: Iterable[tuple[str, OptionValue]],
) -> tuple[tuple[str, OptionValue], ...]:
    return tuple(value)


def _check_foundations(
    instance: GameRules, attribute: attrs.Attribute[tuple[Foundation, ...]], value: object
) -> None:
    if not isinstance(value, tuple) or not value:
        raise InvalidRulesError(f"a game has one or more foundations, got {value!r}")
    for item in value:
        if not isinstance(item, Foundation):
            raise InvalidRulesError(f"foundations are Foundation values, got {item!r}")


@attrs.frozen(cache_hash=True, repr=False)
class GameRules:
    """The rules of a game: a composition of generic parts.

    :param name: the game's registry name, such as ``"captive-queens"``.
    :param title: the game's name for people, such as ``"Captive Queens"``.
    :param decks: how many standard 52-card decks are shuffled together.
    :param foundations: the foundations, in the order the engine numbers them.
    :param tableau: the tableau columns, if any.
    :param reserve: the single-card cells, if any.
    :param middle: the middle pile, if any.
    :param stock: the stock and its redeal limit.
    :param compulsion: whether the player chooses moves.
    :param options: the keyword options the game was made with, for the
        registry (``get_game(name, **options)`` makes these rules again).

    The parts are checked when the rules are built: the foundations and the
    middle together must take exactly the game's cards, so that a won game
    has every card home, and the layout must fit in the deck.

    Deal plan: cards laid out before play (foundation bases and a laid-out
    middle) are taken out of the deck order first, the rest keeping their
    order; then the tableau is dealt in rows, then one card to each cell,
    and the rest is the stock, its next card the next of the deck order.

    >>> from patience_rules import Foundation, FoundationSequence, Rank, Stock, Suit
    >>> up = FoundationSequence(start=Rank.ACE, length=13, wrap=False)
    >>> rules = GameRules(
    ...     name="one-pass",
    ...     title="One Pass",
    ...     decks=1,
    ...     foundations=[Foundation(suit, up) for suit in Suit],
    ...     stock=Stock(redeals=0),
    ... )
    >>> state = rules.deal(1)
    >>> len(state.stock), state.legal_moves()
    (52, (Move.draw(),))
    """

    name: str
    title: str
    decks: int = attrs.field()
    foundations: tuple[Foundation, ...] = attrs.field(
        converter=_to_tuple, validator=_check_foundations
    )
    tableau: Tableau | None = None
    reserve: Reserve | None = None
    middle: Middle | None = None
    stock: Stock = attrs.field(factory=Stock)
    compulsion: Compulsion = Compulsion.NONE
    options: tuple[tuple[str, OptionValue], ...] = attrs.field(default=(), converter=_to_options)
    description: str = attrs.field(default="", eq=False)
    _engine: Engine = attrs.field(init=False, eq=False, repr=False, hash=False)

    @decks.validator
    def _check_decks(self, attribute: attrs.Attribute[int], value: object) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise InvalidRulesError(f"a game uses one or more decks, got {value!r}")

    def __attrs_post_init__(self) -> None:
        deck = Counter(self.deck())
        home: Counter[Card] = Counter()
        for foundation in self.foundations:
            home.update(Card(rank, foundation.suit) for rank in foundation.sequence.ranks)
        if self.middle is not None:
            home.update(
                Card(rank, suit) for rank in self.middle.ranks for suit in Suit
                for _ in range(self.decks)
            )
        difference = _difference(
            home.elements(), deck.elements(), "no place for", "places for cards the deck lacks:"
        )
        if difference is not None:
            raise InvalidRulesError(
                f"the foundations and the middle of {self.title!r} must take exactly the "
                f"cards of {self.decks} deck(s): {difference}"
            )
        laid_out = sum(1 for foundation in self.foundations if foundation.laid_out)
        if self.middle is not None and self.middle.laid_out:
            laid_out += len(self.middle.ranks) * 4 * self.decks
        dealt = laid_out
        dealt += self.tableau.columns * self.tableau.depth if self.tableau is not None else 0
        dealt += self.reserve.cells if self.reserve is not None else 0
        if dealt > sum(deck.values()):
            raise InvalidRulesError(
                f"the layout of {self.title!r} needs {dealt} cards but the deck has "
                f"{sum(deck.values())}"
            )
        object.__setattr__(self, "_engine", Engine(self))

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # A registered game pickles as its name and options; other rules as
        # their parts.  Either way the engine (and its caches) is rebuilt,
        # once per process for equal rules.
        if _is_registered(self):
            return (_registered_rules, (self.name, self.options))
        return (
            _rules_from_parts,
            (
                self.name,
                self.title,
                self.decks,
                self.foundations,
                self.tableau,
                self.reserve,
                self.middle,
                self.stock,
                self.compulsion,
                self.options,
                self.description,
            ),
        )

    def __repr__(self) -> str:
        options = "".join(f", {key}={value!r}" for key, value in self.options)
        return f"<GameRules {self.name}{options}>"

    def describe_place(self, place: Place) -> str:
        """A place in the game's own words, piles numbered from 1.

        >>> import patience_rules as pr
        >>> rules = pr.get_game("royal-cotillion")
        >>> rules.describe_place(pr.Place(pr.PileKind.CELL, 2))
        'Lords cell 3'
        >>> rules.describe_place(pr.Place(pr.PileKind.FOUNDATION, 4))
        'foundation 5 (clubs 2 4 6 8 10 Q A 3 5 7 9 J K)'
        >>> pr.get_game("captive-queens").describe_place(pr.Place(pr.PileKind.MIDDLE))
        'the Queens'
        """
        kind, index = place.kind, place.index
        if kind is PileKind.COLUMN and self.tableau is not None:
            return f"{self.tableau.name} column {index + 1}"
        if kind is PileKind.CELL and self.reserve is not None:
            return f"{self.reserve.name} cell {index + 1}"
        if kind is PileKind.FOUNDATION:
            if 0 <= index < len(self.foundations):
                return f"foundation {index + 1} ({self.foundations[index].describe()})"
            return f"foundation {index + 1}"
        if kind is PileKind.MIDDLE and self.middle is not None and index == 0:
            return f"the {self.middle.name}"
        return f"the {kind.value}" if index == 0 else f"{kind.value} {index + 1}"

    # -- cards and deals ----------------------------------------------------

    def deck(self) -> tuple[Card, ...]:
        """The game's cards in :attr:`Card.index` order, deck after deck."""
        return standard_deck(self.decks)

    def deck_order(self, number: int) -> tuple[Card, ...]:
        """The deck order of deal number ``number`` (see :mod:`patience_rules.deals`)."""
        return shuffled_deck(self.deck(), number)

    def deal(self, number: int) -> State:
        """The starting state of deal number ``number``.

        >>> import patience_rules as pr
        >>> pr.get_game("easy-start").deal(3).middle
        (Card.from_str('QC'), Card.from_str('QD'), Card.from_str('QH'), Card.from_str('QS'))
        """
        return self._engine.deal_from(self.deck_order(number))

    def deal_from(self, cards: Iterable[Card]) -> State:
        """The starting state for an explicit deck order, first card dealt first.

        :raises InvalidDealError: unless ``cards`` is exactly the game's cards;
            the message names what is missing or extra.

        >>> import patience_rules as pr
        >>> game = pr.get_game("captive-queens")
        >>> game.deal_from(game.deck()[1:])
        Traceback (most recent call last):
        ...
        patience_rules.errors.InvalidDealError: the deck order is not the cards of Captive Queens (52 cards: 1 standard deck): missing AC
        """
        return self._engine.deal_from(cards)

    def make_state(
        self,
        *,
        stock: Sequence[Card] = (),
        waste: Sequence[Card] = (),
        columns: Sequence[Sequence[Card]] = (),
        cells: Sequence[Card | None] = (),
        foundation_heights: Sequence[int] = (),
        middle: Sequence[Card] = (),
        redeals_used: int = 0,
    ) -> State:
        """A state built from its piles, each given bottom to top, checked in full.

        This is how a position written down elsewhere becomes a state.  The
        piles must fit the layout, every foundation height must be within its
        sequence, a foundation laid out before play must hold at least its
        base, the middle may hold only cards of its ranks (all of them, if it
        is laid out), the redeal counter must be within the limit, and the
        cards in all piles together must be exactly the game's cards.

        :raises InvalidDealError: naming the first thing that is wrong.

        >>> import patience_rules as pr
        >>> game = pr.get_game("captive-queens")
        >>> state = game.make_state(stock=game.deck(), foundation_heights=[0] * 8)
        >>> state.top_card(pr.Place(pr.PileKind.STOCK))
        Card.from_str('KS')
        >>> game.make_state(stock=game.deck()[1:], foundation_heights=[0] * 8)
        Traceback (most recent call last):
        ...
        patience_rules.errors.InvalidDealError: cards: the piles must hold exactly the cards of Captive Queens: missing AC
        """
        engine = self._engine
        n_columns = self.tableau.columns if self.tableau is not None else 0
        n_cells = self.reserve.cells if self.reserve is not None else 0
        if len(columns) != n_columns:
            raise InvalidDealError(f"columns: expected {n_columns} columns, got {len(columns)}")
        if len(cells) != n_cells:
            raise InvalidDealError(f"cells: expected {n_cells} cells, got {len(cells)}")
        if len(foundation_heights) != len(self.foundations):
            raise InvalidDealError(
                f"foundations: expected {len(self.foundations)} heights, "
                f"got {len(foundation_heights)}"
            )
        for f, (height, foundation) in enumerate(
            zip(foundation_heights, self.foundations, strict=True)
        ):
            low = 1 if foundation.laid_out else 0
            high = foundation.sequence.length
            if not isinstance(height, int) or isinstance(height, bool) or not low <= height <= high:
                raise InvalidDealError(
                    f"foundations: {self.describe_place(Place(PileKind.FOUNDATION, f))} holds from "
                    f"{low} to {high} cards, got {height!r}"
                )
        for name, pile in (("stock", stock), ("waste", waste), ("middle", middle)):
            for card in pile:
                if not isinstance(card, Card):
                    raise InvalidDealError(f"{name}: expected cards, got {card!r}")
        for i, column in enumerate(columns):
            for card in column:
                if not isinstance(card, Card):
                    raise InvalidDealError(f"columns: column {i + 1} holds {card!r}, not a card")
        for i, cell in enumerate(cells):
            if cell is not None and not isinstance(cell, Card):
                raise InvalidDealError(f"cells: cell {i + 1} holds {cell!r}, not a card or None")
        if self.middle is None:
            if middle:
                raise InvalidDealError("middle: this game has no middle")
        else:
            strays = [card for card in middle if card.rank not in self.middle.ranks]
            if strays:
                raise InvalidDealError(
                    f"middle: it takes only {', '.join(r.name.lower() for r in self.middle.ranks)}"
                    f", not {_format_cards(strays)}"
                )
            if self.middle.laid_out and len(middle) != 4 * self.decks * len(self.middle.ranks):
                raise InvalidDealError(
                    "middle: it is laid out before play, so it holds all "
                    f"{4 * self.decks * len(self.middle.ranks)} of its cards, got {len(middle)}"
                )
        self._check_refills(columns, cells, waste, stock)
        if (
            not isinstance(redeals_used, int)
            or isinstance(redeals_used, bool)
            or not 0 <= redeals_used <= self.stock.redeals
        ):
            raise InvalidDealError(
                f"redeals: expected a count from 0 to {self.stock.redeals}, got {redeals_used!r}"
            )
        on_foundations = [
            card
            for f, height in enumerate(foundation_heights)
            for card in engine.foundation_cards[f][:height]
        ]
        every = [
            *stock,
            *waste,
            *(card for column in columns for card in column),
            *(cell for cell in cells if cell is not None),
            *on_foundations,
            *middle,
        ]
        difference = _difference(every, engine.deck)
        if difference is not None:
            raise InvalidDealError(
                f"cards: the piles must hold exactly the cards of {self.title}: {difference}"
            )
        return engine.build_state(
            engine.pack_heights(foundation_heights),
            cells,
            waste,
            columns,
            stock,
            middle,
            redeals_used,
        )

    def _check_refills(
        self,
        columns: Sequence[Sequence[Card]],
        cells: Sequence[Card | None],
        waste: Sequence[Card],
        stock: Sequence[Card],
    ) -> None:
        for part, empty, what in (
            (self.tableau, [i for i, column in enumerate(columns) if not column], "column"),
            (self.reserve, [i for i, cell in enumerate(cells) if cell is None], "cell"),
        ):
            if part is None or not empty or part.refill is Refill.NEVER:
                continue
            source = "waste" if waste else None
            if source is None and stock and part.refill is Refill.FROM_WASTE_THEN_STOCK:
                source = "stock"
            if source is not None:
                raise InvalidDealError(
                    f"{what}s: {part.name} {what} {empty[0] + 1} is empty while the {source} "
                    f"has cards, but {part.refill.describe()}"
                )
        if self.tableau is not None:
            depth = self.tableau.depth
            for i, column in enumerate(columns):
                if len(column) > depth:
                    raise InvalidDealError(
                        f"columns: {self.tableau.name} column {i + 1} holds {len(column)} "
                        f"cards, more than the {depth} it is dealt"
                    )


_UNPICKLED: dict[tuple[object, ...], GameRules] = {}
_REGISTERED: dict[GameRules, bool] = {}


def _is_registered(rules: GameRules) -> bool:
    """Whether ``get_game(rules.name, **options)`` makes these very rules."""
    known = _REGISTERED.get(rules)
    if known is None:
        from .errors import UnknownGameError
        from .games import get_game

        try:
            known = get_game(rules.name, **dict(rules.options)) == rules
        except (UnknownGameError, TypeError, InvalidRulesError):
            known = False
        if len(_REGISTERED) < 64:
            _REGISTERED[rules] = known
    return known


def _registered_rules(name: str, options: tuple[tuple[str, OptionValue], ...]) -> GameRules:
    """The registered game ``name`` with ``options`` (for unpickling)."""
    key = (name, options)
    rules = _UNPICKLED.get(key)
    if rules is None:
        from .games import get_game

        rules = get_game(name, **dict(options))
        if len(_UNPICKLED) < 64:
            _UNPICKLED[key] = rules
    return rules


def _rules_from_parts(*parts: object) -> GameRules:
    """The rules with these parts, made once per process (for unpickling)."""
    rules = _UNPICKLED.get(parts)
    if rules is None:
        rules = GameRules(*parts)  # type: ignore[arg-type]
        if len(_UNPICKLED) < 64:
            _UNPICKLED[parts] = rules
    return rules
