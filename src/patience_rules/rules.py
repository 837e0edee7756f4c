"""Games and their positions: :class:`GameRules` and :class:`State`, and the registry.

A game is a value composed of generic parts (:class:`GameRules`); a
position of a game is a value too (:class:`State`).  The two refer to each
other (rules deal states, a state knows its rules), so they share this
module; the engine that interprets the rules, and the text, picture and
notation views of a state, live in the modules above and register
themselves here when the package is imported.  Nothing here imports them.

>>> import patience_rules as pr
>>> rules = pr.get_game("royal-cotillion")
>>> rules.decks, len(rules.foundations), rules.tableau.name, rules.reserve.name
(2, 8, 'Ladies', 'Lords')
>>> state = rules.deal(7)
>>> len(state.stock), len(state.columns), len(state.cells)
(68, 4, 16)
"""

from __future__ import annotations

import difflib
import enum
import inspect
import json
import re
import threading
import weakref
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from keyword import iskeyword
from typing import (
    TYPE_CHECKING,
    Any,
    Final,
    Literal,
    Protocol,
    SupportsIndex,
    TypeAlias,
    TypedDict,
    TypeVar,
    cast,
)

import attrs

if TYPE_CHECKING:
    from typing_extensions import Never

from . import _checks, _validity
from .cards import (
    _CARDS,
    Card,
    Rank,
    _cards_at,
    _cell_bytes,
    _difference,
    _format_many,
    _is_whole,
)
from .deals import MAX_DEAL_NUMBER, MAX_MICROSOFT_DEAL, microsoft_deck_order, shuffled_deck
from .errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidRulesError,
    NotationError,
    PatienceRulesError,
    UnknownGameError,
    UnknownPlaceError,
    _counted,
    _key_shown,
    _shown,
)
from .layout import (
    Layout,
    _check_decks,
    _check_foundations,
    _check_middle,
    _check_reserve,
    _check_stock,
    _check_tableau,
    _place,
    _to_foundations,
)
from .moves import Move, place_to_text
from .piles import (
    Foundation,
    FoundationDict,
    Middle,
    MiddleDict,
    PileKind,
    Place,
    Reserve,
    ReserveDict,
    Stock,
    StockDict,
    Tableau,
    TableauDict,
)
from .policies import Compulsion, Redeal, Shuffle

__all__ = [
    "GameEntry",
    "GameRules",
    "OptionValue",
    "RulesDict",
    "State",
    "StateParts",
    "game_entries",
    "game_names",
    "get_game",
    "is_registered",
    "register_game",
]

#: The value of a game's option: a whole number, a text or True/False.
OptionValue: TypeAlias = int | str | bool
#: How a pickle names the rules of a registered game: its name, or its name and options.
_RulesName: TypeAlias = str | tuple[str, tuple[tuple[str, OptionValue], ...]]

#: The version of the dict form written by :meth:`GameRules.to_dict`.
RULES_FORMAT: Final = 1


class RulesDict(TypedDict):
    """The rules' dict form, as :meth:`GameRules.to_dict` writes it: JSON types only.

    Each part is its own dict form (:class:`~patience_rules.FoundationDict`
    and the others); enumerations are written by their values.
    :meth:`GameRules.from_dict` reads it back, and reads a dict that lacks
    the keys after ``foundations`` as their defaults.
    """

    #: The format version (1).
    format: int
    name: str
    title: str
    decks: int
    foundations: list[FoundationDict]
    tableau: TableauDict | None
    reserve: ReserveDict | None
    middle: MiddleDict | None
    stock: StockDict
    #: :class:`~patience_rules.Compulsion`, by its value.
    compulsion: str
    #: :class:`~patience_rules.Shuffle`, by its value.
    shuffle: str
    options: dict[str, OptionValue]
    description: str


#: A persistent linked list of cards, top card first: ``()`` or ``(card, rest)``.
#: Pushing and popping allocate at most one pair, and untouched tails are
#: shared between states.
Chain: TypeAlias = "tuple[()] | tuple[Card, Chain]"
EMPTY: Final[Chain] = ()


def _chain_from_bottom_up(cards: Iterable[Card]) -> Chain:
    """A chain whose top is the last of ``cards``."""
    chain: Chain = EMPTY
    for card in cards:
        chain = (card, chain)
    return chain


def _chain_of_indices(indices: bytes) -> Chain:
    """A chain of the cards of ``indices`` (bytes of card indices, bottom to top)."""
    if not indices:
        return EMPTY
    chain: Chain = _CHAINS_OF_ONE[indices[0]]
    for index in indices[1:]:
        chain = (_CARDS[index], chain)
    return chain


#: The chain of each card alone (shared: a chain is never changed).
_CHAINS_OF_ONE: Final[tuple[Chain, ...]] = tuple((card, EMPTY) for card in _CARDS)


def _chain_bottom_up(chain: Chain) -> tuple[Card, ...]:
    """The cards of a chain as a tuple from bottom to top."""
    return tuple(_bottom_up(chain))


def _bottom_up(chain: Chain) -> list[Card]:
    """The cards of a chain as a list from bottom to top."""
    cards: list[Card] = []
    append = cards.append
    while chain:
        card, chain = chain
        append(card)
    cards.reverse()
    return cards


def _chains_as_bytes(chains: Iterable[Chain]) -> list[bytes]:
    """The cards of each chain as bytes of card indices, bottom to top (one call for many).

    (:func:`_bottom_up`'s walk, written out: a call of it per chain made
    dumping a state some 0.4 µs slower.)
    """
    piles = []
    for chain in chains:
        cards: list[Card] = []
        while chain:
            card, chain = chain
            cards.append(card)
        cards.reverse()
        piles.append(bytes(cards))
    return piles


def _chain_length(chain: Chain) -> int:
    """How many cards a chain holds."""
    count = 0
    while chain:
        chain = chain[1]
        count += 1
    return count


# -- the hooks the modules above fill in -----------------------------------------


class _Engine(Protocol):
    """What a :class:`State` asks of the engine that interprets its rules."""

    _game: GameRules
    _layout: Layout
    _rules_hash: int
    _full_key: int
    _hash_columns: bool
    _pickled_as: _RulesName | GameRules | None
    _forced: bool  # every move is compulsory (Compulsion.FORCED)
    #: In a compulsory game, the last state whose move was found, and its move.
    _last: tuple[object, tuple[Move, ...]]

    def legal_moves(self, state: State) -> tuple[Move, ...]: ...
    def is_legal(self, state: State, move: object) -> bool: ...
    def why_illegal(self, state: State, move: object) -> str: ...
    def refusal(self, state: State, move: Move) -> str: ...
    def _check(self, state: State, move: Move) -> str | None: ...  # the move's own refusal
    def apply(self, state: State, move: Move) -> State: ...
    def play_forced(self, state: State) -> State: ...
    def _heights(self, key: int) -> tuple[int, ...]: ...  # (of a state's own key)
    def foundations(self, state: State) -> tuple[tuple[Card, ...], ...]: ...
    def deal_from(self, cards: Iterable[Card]) -> State: ...
    def _build(self, position: _validity.Position) -> State: ...


_ENGINE: list[Callable[[GameRules], _Engine]] = []
_VIEWS: dict[str, Callable[[State], str]] = {}


def _register_engine(factory: Callable[[GameRules], _Engine]) -> None:
    """Make ``factory`` the interpreter of every :class:`GameRules` (the engine module calls this)."""
    _ENGINE[:] = [factory]


def _register_view(name: str, view: Callable[[State], str]) -> None:
    """Register how a state shows as ``name``: ``"text"`` (``str``), ``"svg"``, ``"notation"`` (``repr``)."""
    _VIEWS[name] = view


# -- the rules ---------------------------------------------------------------------


# (A converter's parameter is the type checkers' type of the field's argument:
# the converters below are typed as the documentation says, and check the value
# given as any object, refusing it clearly if it is not what it says.)


def _to_options(
    options: Mapping[str, OptionValue] | Iterable[tuple[str, OptionValue]],
) -> tuple[tuple[str, OptionValue], ...]:
    value: object = options  # checked as any value, whatever the annotation says
    items = value.items() if isinstance(value, Mapping) else value
    if isinstance(items, str | bytes) or not isinstance(items, Iterable):
        raise InvalidRulesError(
            f"options are (name, value) pairs, such as (('redeals', 3),), got {_shown(value)}"
        )
    pairs = []
    names: set[str] = set()
    for item in _checks.bounded(
        items, _MOST_OPTIONS, f"a game takes at most {_MOST_OPTIONS} options", InvalidRulesError
    ):
        if not isinstance(item, tuple) or len(item) != 2 or not isinstance(item[0], str):
            raise InvalidRulesError(
                "options are (name, value) pairs of a text and a whole number, a text or "
                f"True/False, such as ('redeals', 3), got {_shown(item)}"
            )
        if not (isinstance(item[1], bool | str) or _is_whole(item[1])):
            raise InvalidRulesError(
                f"option {_key_shown(item[0])}: expected a whole number, a text or True/False, "
                f"got {_checks.shown_whole(item[1])}"
            )
        # (a subclass's value read once, as its plain text or int: an IntEnum is its number)
        name, value = str.__str__(item[0]), item[1]
        if value.__class__ not in _OPTION_TYPES:
            value = str.__str__(value) if isinstance(value, str) else int.__int__(value)
        if value.__class__ is int and not -_OPTION_LIMIT < value < _OPTION_LIMIT:
            # (as the notation writes and reads them, and JSON carries them)
            raise InvalidRulesError(
                f"option {_key_shown(name)}: a whole number of at most {_OPTION_DIGITS} "
                f"digits, got {_shown(value)}"
            )
        if name in names:
            raise InvalidRulesError(f"option {_key_shown(name)} is given twice")
        if _checks.LONE_SURROGATE.search(name) or (
            value.__class__ is str and _checks.LONE_SURROGATE.search(value)
        ):
            # (the text forms write options as UTF-8, which cannot hold one)
            raise InvalidRulesError(
                f"option {_key_shown(name)}: a name and a text with no lone surrogates, "
                f"got {_shown(value)}"
            )
        names.add(name)
        pairs.append((name, value))
    return tuple(pairs)


def _typed_options(options: tuple[tuple[str, OptionValue], ...]) -> tuple[object, ...]:
    """Options as rules compare them: in any order (a dict form's options are a JSON
    object, which a record's ``Rules`` tag writes with its keys sorted), and a number
    and True/False differ (``0 == False`` in Python)."""
    return tuple(
        (name, value.__class__, value) for name, value in sorted(options, key=_option_name)
    )


def _option_name(option: tuple[str, OptionValue]) -> str:
    return option[0]


#: The most options a game takes, and the types of their values.
_MOST_OPTIONS: Final = 64
#: The most unknown options a refusal names.
_MOST_NAMED: Final = 5
_OPTION_TYPES: Final[frozenset[type]] = frozenset((int, str, bool))
#: The most digits of a game option's number (the notation reads no more).
_OPTION_DIGITS: Final = 18
_OPTION_LIMIT: Final = 10**_OPTION_DIGITS


@attrs.frozen(cache_hash=True, repr=False)
class GameRules:
    """The rules of a game: a composition of generic parts.

    :param name: the game's registry name, such as ``"captive-queens"``.
    :param title: the game's name for people, such as ``"Captive Queens"``.
    :param decks: how many standard 52-card decks are shuffled together (1 to 16).
    :param foundations: the foundations, in the order the engine numbers them.
    :param tableau: the tableau columns, if any.
    :param reserve: the single-card cells, if any.
    :param middle: the middle pile, if any.
    :param stock: the stock, its draw, its redeal and their limit.
    :param compulsion: whether the player chooses moves.
    :param options: the keyword options the game was made with, for the
        registry (``get_game(name, **options)`` makes these rules again).
    :param description: the rules in words, for people.
    :param shuffle: which shuffle numbers the deals
        (:class:`~patience_rules.Shuffle`; the library's own by default).

    The parts are checked when the rules are built: the foundations and the
    middle together must take exactly the game's cards, so that a won game
    has every card home, and the layout must fit in the deck.  The parts
    are then compiled once into :attr:`layout`.

    Deal plan: cards laid out before play are taken out of the deck order
    first (each laid-out foundation takes the first card that it takes as
    its base, one of any suit only a card that no foundation locked to a
    suit and no middle needs; then a laid-out middle its cards), the rest
    keeping their order; then the tableau is dealt in rows, then one card to
    each cell the reserve deals (:attr:`Reserve.dealt <patience_rules.Reserve.dealt>`,
    from the first), and the rest is the stock, its next card the next of
    the deck order.

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

    name: str = attrs.field(
        converter=_checks.plain, validator=lambda i, a, v: _checks.text("a game's name", v, 100)
    )
    title: str = attrs.field(
        converter=_checks.plain, validator=lambda i, a, v: _checks.text("a game's title", v, 200)
    )
    # (the parts are checked by the layout's checks: Layout takes the same parts)
    decks: int = attrs.field(validator=_check_decks)
    foundations: tuple[Foundation, ...] = attrs.field(
        converter=_to_foundations, validator=_check_foundations
    )
    tableau: Tableau | None = attrs.field(default=None, validator=_check_tableau)
    reserve: Reserve | None = attrs.field(default=None, validator=_check_reserve)
    middle: Middle | None = attrs.field(default=None, validator=_check_middle)
    stock: Stock = attrs.field(factory=Stock, validator=_check_stock)
    compulsion: Compulsion = attrs.field(
        default=Compulsion.NONE,
        validator=lambda i, a, v: _checks.member("compulsion", Compulsion, v),
    )
    options: tuple[tuple[str, OptionValue], ...] = attrs.field(
        default=(), converter=_to_options, eq=_typed_options
    )
    description: str = attrs.field(
        default="",
        eq=False,
        converter=_checks.plain,
        validator=lambda i, a, v: _checks.text("a description", v, 4000, lines=True),
    )
    shuffle: Shuffle = attrs.field(
        default=Shuffle.LIBRARY,
        kw_only=True,
        validator=lambda i, a, v: _checks.member("shuffle", Shuffle, v),
    )
    #: The parts compiled into places (see :class:`~patience_rules.Layout`).
    layout: Layout = attrs.field(init=False, eq=False, repr=False, hash=False)
    _engine: _Engine = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        layout = Layout(
            decks=self.decks,
            foundations=self.foundations,
            tableau=self.tableau,
            reserve=self.reserve,
            middle=self.middle,
            stock=self.stock,
        )
        _check_home(self, layout)
        laid_out = sum(foundation.laid_out for foundation in self.foundations)
        if self.middle is not None and self.middle.laid_out:
            laid_out += layout.middle_size
        dealt = laid_out + sum(layout.depths) + layout.dealt_cells
        if dealt > len(layout.deck):
            raise InvalidRulesError(
                f"the layout of {self.title!r} needs {dealt} cards but the deck has "
                f"{len(layout.deck)}"
            )
        if self.shuffle is Shuffle.MICROSOFT and self.decks != 1:
            raise InvalidRulesError(
                f"Microsoft's deal numbering shuffles one 52-card deck, not {self.decks}"
            )
        if self.stock.redeal is Redeal.SHIFT and self.tableau is None:
            raise InvalidRulesError("a shift moves cards within tableau columns: add a Tableau")
        if (
            self.stock.redeal is Redeal.SHIFT
            and self.tableau is not None
            and self.tableau.face_down
        ):
            raise InvalidRulesError("a shift needs face-up columns: face_down=False")
        object.__setattr__(self, "layout", layout)
        if not _ENGINE:  # pragma: no cover - the package imports the engine first
            raise InvalidRulesError("import patience_rules to load the engine")
        object.__setattr__(self, "_engine", _ENGINE[0](self))

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # A registered game pickles as its name and options, any other as its
        # dict form; either way the engine (and its caches) is rebuilt, once
        # per process for equal rules.
        # A subclass's rules travel whole, with their class and the values of
        # the fields that it adds (its constructor is given GameRules' fields
        # by name, and its own: one that takes other arguments cannot be
        # pickled or copied, and is refused as NotationError).
        named = _pickled_rules(self)
        if named is not self:
            return (_unpickled_rules, (named,))
        text = json.dumps(self.to_dict())
        kind = self.__class__
        if kind is GameRules:
            return (_rules_from_json, (text,))
        own = {
            field.alias: getattr(self, field.name)
            for field in attrs.fields(kind)
            if field.init and field.name not in _RULES_FIELDS
        }
        return (_rules_of_kind, (kind, text, own))

    def __repr__(self) -> str:
        if is_registered(self):
            if all(key.isidentifier() and not iskeyword(key) for key, _ in self.options):
                options = "".join(f", {key}={value!r}" for key, value in self.options)
            else:  # (names that are no keyword arguments)
                options = f", **{dict(self.options)!r}"
            return f"get_game({self.name!r}{options})"
        return f"<GameRules {self.name!r}: {self.title}>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython and Hypothesis print the rules as their short repr."""
        printer.text(repr(self))

    def describe_place(self, place: Place) -> str:
        """A place in the game's own words, piles numbered from 1 (see :meth:`Layout.name`).

        >>> import patience_rules as pr
        >>> rules = pr.get_game("royal-cotillion")
        >>> rules.describe_place(pr.Place(pr.PileKind.CELL, 2))
        'Lords cell 3'
        >>> pr.get_game("captive-queens").describe_place(pr.Place(pr.PileKind.MIDDLE))
        'the Queens'

        :raises UnknownPlaceError: for anything but a place of the game's layout
            (its stock and waste always are).
        """
        _check_place(self, place)
        return self.layout.name(place)

    # -- rules as data ----------------------------------------------------------

    def to_dict(self) -> RulesDict:
        """The rules as a dict of JSON types, which :meth:`from_dict` reads back.

        Every part is written out, so the description alone makes the game
        again, whether or not it is registered.

        >>> import json
        >>> import patience_rules as pr
        >>> data = pr.get_game("captive-queens").to_dict()
        >>> data["format"], data["decks"], data["compulsion"], data["stock"]
        (1, 1, 'forced', {'redeals': 2, 'draw': 1, 'redeal': 'turn-over'})
        >>> GameRules.from_dict(json.loads(json.dumps(data))) == pr.get_game("captive-queens")
        True
        """
        return {
            "format": RULES_FORMAT,
            "name": self.name,
            "title": self.title,
            "decks": self.decks,
            "foundations": [foundation.to_dict() for foundation in self.foundations],
            "tableau": self.tableau.to_dict() if self.tableau is not None else None,
            "reserve": self.reserve.to_dict() if self.reserve is not None else None,
            "middle": self.middle.to_dict() if self.middle is not None else None,
            "stock": self.stock.to_dict(),
            "compulsion": self.compulsion.value,
            "shuffle": self.shuffle.value,
            "options": dict(self.options),
            "description": self.description,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> GameRules:
        """The rules written by :meth:`to_dict`, checked like every reader.

        :raises NotationError: naming the key that is wrong, or why the parts
            do not make a playable game.

        >>> GameRules.from_dict({"format": 1, "name": "x"})
        Traceback (most recent call last):
        ...
        patience_rules.errors.NotationError: rules: lacks title, decks, foundations: expected the keys format, name, title, decks, foundations, tableau, reserve, middle, stock, compulsion, shuffle, options, description
        """
        data = _checks.mapping(data, "rules")
        _checks.keys(
            data,
            "rules",
            ("format", "name", "title", "decks", "foundations"),
            (
                "tableau",
                "reserve",
                "middle",
                "stock",
                "compulsion",
                "shuffle",
                "options",
                "description",
            ),
        )
        if not _is_whole(data["format"]) or data["format"] != RULES_FORMAT:
            raise NotationError(
                f"rules.format: expected format {RULES_FORMAT}, got {_shown(data['format'])}"
            )
        raw = data["foundations"]
        if not isinstance(raw, list | tuple) or not 1 <= len(raw) <= 64:
            raise NotationError(f"rules.foundations: expected a list of 1 to 64, got {_shown(raw)}")
        options: list[tuple[str, OptionValue]] = []
        for key, value in _checks.mapping(data.get("options", {}), "rules.options").items():
            if not isinstance(value, int | str):
                raise NotationError(
                    f"rules.options.{_key_shown(key)}: expected a whole number, a text or true/false, "
                    f"got {_shown(value)}"
                )
            options.append((key, value))

        try:
            return cls(
                name=_checks.read_text(data["name"], "rules.name", 100),
                title=_checks.read_text(data["title"], "rules.title", 200),
                decks=_checks.read_whole(data["decks"], "rules.decks", 1, _checks.MAX_DECKS),
                foundations=[
                    Foundation.from_dict(
                        _checks.mapping(item, f"rules.foundations[{i}]"), f"rules.foundations[{i}]"
                    )
                    for i, item in enumerate(raw)
                ],
                options=options,
                **_checks.read_given(data, "rules", _RULES_READERS),
            )
        except InvalidRulesError as error:
            raise NotationError(f"rules: not a playable game: {error}") from None

    # -- cards and deals ----------------------------------------------------------

    def deck(self) -> tuple[Card, ...]:
        """The game's cards in :attr:`Card.index` order, deck after deck."""
        return self.layout.deck

    @property
    def max_deal_number(self) -> int:
        """The largest deal number of the game's :attr:`shuffle` (the smallest is 0).

        >>> import patience_rules as pr
        >>> pr.get_game("freecell").max_deal_number, pr.get_game("klondike").max_deal_number
        (2147483647, 18446744073709551615)
        """
        return MAX_MICROSOFT_DEAL if self.shuffle is Shuffle.MICROSOFT else MAX_DEAL_NUMBER

    def deck_order(self, number: SupportsIndex) -> tuple[Card, ...]:
        """The deck order of deal number ``number``, by the game's :attr:`shuffle`.

        :raises InvalidDealError: for a number that is not a deal number.
        """
        return _SHUFFLES[self.shuffle](self.layout.deck, number)

    def deal(self, number: SupportsIndex) -> State:
        """The starting state of deal number ``number``.

        :raises InvalidDealError: for a number that is not a deal number (as
            :meth:`deck_order`).

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
        foundation_heights: Sequence[int] | None = None,
        foundations: Sequence[Sequence[Card]] | None = None,
        middle: Sequence[Card] = (),
        redeals_used: int = 0,
        face_down: Sequence[int] | None = None,
    ) -> State:
        """A state built from its piles, each given bottom to top, checked in full.

        This is how a position written down elsewhere becomes a state.  The
        foundations are given by their cards (``foundations``, each from its
        base up) or, where each is locked to a suit, by their heights
        (``foundation_heights``).  ``face_down`` gives, for a tableau dealt
        face down, how many cards at the bottom of each column are face down.

        The position must be *valid*: it meets the necessary conditions of
        one that play could reach (no game is replayed to prove that play
        reaches it).  What that means is listed under
        :ref:`valid-position`: the piles fit the layout and hold exactly the
        game's cards; every foundation holds a start of its sequence; the
        middle only its ranks; the stock and the waste together no more
        cards than the deal leaves for the stock; no pile is empty that a
        refill would have filled; face-down cards and runs as the deal and
        the moves leave them; and in a compulsory game no card lies covered
        that would have been played when it was turned.

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
        position = _validity.check(
            self.layout,
            self.title,
            self.compulsion,
            stock=stock,
            waste=waste,
            columns=columns,
            cells=cells,
            foundation_heights=foundation_heights,
            foundations=foundations,
            middle=middle,
            redeals_used=redeals_used,
            face_down=face_down,
        )
        return self._engine._build(position)


def _read_stock(value: object, where: str) -> Stock:
    # (``null`` reads as the stock the rules have when none is given)
    return Stock() if value is None else Stock.from_dict(_checks.mapping(value, where), where)


#: How :meth:`GameRules.from_dict` reads each optional key but the options
#: (left out: the default).
_RULES_READERS: dict[str, _checks.Reader] = {
    "tableau": _checks.part_reader(Tableau.from_dict),
    "reserve": _checks.part_reader(Reserve.from_dict),
    "middle": _checks.part_reader(Middle.from_dict),
    "stock": _read_stock,
    "compulsion": _checks.member_reader(Compulsion),
    "description": lambda value, where: _checks.read_text(value, where, 4000, lines=True),
    "shuffle": _checks.member_reader(Shuffle),
}


def _ranks_counted(ranks: Counter[Rank]) -> str:
    """Ranks for a message, in order, each with its count past one.

    >>> _ranks_counted(Counter({Rank.KING: 1, Rank.ACE: 2}))
    'Ax2 K'
    """
    return " ".join(
        rank.symbol if count == 1 else f"{rank.symbol}x{count}"
        for rank, count in sorted(ranks.items())
    )


def _check_home(rules: GameRules, layout: Layout) -> None:
    """Refuse parts whose foundations and middle do not take exactly the game's cards."""
    deck: Counter[Card] = Counter(layout.deck)
    fixed, rest = layout._taken, layout._spare
    any_suit: Counter[Rank] = Counter(
        rank
        for foundation in rules.foundations
        if foundation.suit is None
        for rank in foundation.sequence.ranks
    )
    if not any_suit:
        difference = _difference(
            fixed.elements(), deck.elements(), "no place for", "places for cards the deck lacks:"
        )
    else:
        by_rank = Counter(card.rank for card in rest.elements())
        lacking = fixed - deck
        difference = None
        if lacking or by_rank != any_suit:
            parts = []
            if lacking:
                parts.append(
                    f"places for cards the deck lacks: {_format_many(sorted(lacking.elements()))}"
                )
            short = by_rank - any_suit
            over = any_suit - by_rank
            if short:
                parts.append(f"no place for cards of rank {_ranks_counted(short)}")
            if over:
                parts.append(
                    f"places for more cards of rank {_ranks_counted(over)} than the deck has"
                )
            difference = "; ".join(parts)
    if difference is not None:
        raise InvalidRulesError(
            f"the foundations and the middle of {rules.title!r} must take exactly the "
            f"cards of {rules.decks} deck(s): {difference}"
        )


_SHUFFLES: dict[Shuffle, Callable[[tuple[Card, ...], SupportsIndex], tuple[Card, ...]]] = {
    Shuffle.LIBRARY: shuffled_deck,
    Shuffle.MICROSOFT: lambda deck, number: microsoft_deck_order(number),
}


def _registered_rules(name: str, options: tuple[tuple[str, OptionValue], ...]) -> GameRules:
    """The registered game ``name`` with ``options`` (for rules pickled by earlier releases)."""
    return _unpickled_rules((name, options))


def _rules_from_json(text: object) -> GameRules:
    """The rules of a dict form in JSON (for unpickling).

    :raises NotationError: for a value that is not such a text, or a text that
        is not the dict form of rules.
    """
    # (Exactly a str, as pickle makes it: a subclass could compare equal to a
    # cached text that it is not.)
    if not isinstance(text, str) or text.__class__ is not str:
        raise NotationError(f"pickled rules are their dict form as a JSON text, got {_shown(text)}")
    rules = _FROM_JSON.get(text)
    if rules is None:
        data = _checks.read_json(text, "rules")
        # (from_dict refuses what is not a mapping, as it refuses any bad value)
        rules = GameRules.from_dict(cast("Mapping[str, object]", data))
        if len(_FROM_JSON) < 64:
            _FROM_JSON[text] = rules
    return rules


_FROM_JSON: dict[str, GameRules] = {}


def _rules_of_kind(kind: object, text: object, own: object) -> GameRules:
    """The rules of a subclass of :class:`GameRules` (for unpickling): its
    class, the dict form in JSON and the values of the fields it adds.

    :raises NotationError: for values that are not such, or rules that the
        class refuses.
    """
    if not (isinstance(kind, type) and issubclass(kind, GameRules)) or own.__class__ is not dict:
        raise NotationError(
            "pickled rules of a subclass are its class, their dict form as a JSON text and "
            f"a dict of the fields it adds, got {_shown(kind)} and {_shown(own)}"
        )
    plain = _rules_from_json(text)
    given = {name: getattr(plain, name) for name in _RULES_FIELDS}
    try:
        return kind(**given, **cast("dict[str, Any]", own))
    except (PatienceRulesError, ValueError, TypeError) as error:
        # (attrs' validators give their message first, then what they checked)
        why = error.args[0] if error.args and isinstance(error.args[0], str) else error
        raise NotationError(f"pickled rules that {kind.__name__} refuses: {why}") from None


#: The fields of :class:`GameRules` that its constructor takes.
_RULES_FIELDS: Final = tuple(field.name for field in attrs.fields(GameRules) if field.init)


#: The parts of rules pickled in the first format, in their order there.
_FIRST_FORMAT_PARTS: Final = (
    "name",
    "title",
    "decks",
    "foundations",
    "tableau",
    "reserve",
    "middle",
    "stock",
    "compulsion",
    "options",
    "description",
)


def _rules_from_parts(*parts: object) -> GameRules:
    """Rules pickled by their parts, as the first pickle format wrote them.

    The parts are ``_FIRST_FORMAT_PARTS``, in that order; they are checked
    as any rules are.
    """
    names = _FIRST_FORMAT_PARTS
    if len(parts) != len(names):
        raise NotationError(
            f"pickled rules of the first format have {len(names)} parts, got {len(parts)}"
        )
    try:
        return GameRules(**dict(zip(names, parts, strict=True)))  # type: ignore[arg-type]
    except PatienceRulesError as error:
        raise NotationError(f"pickled rules of the first format: {error}") from None
    except Exception as error:  # parts pickled before they gained their present fields
        raise NotationError(
            f"pickled rules of the first format: their parts are of an older form "
            f"({type(error).__name__}); write the rules with to_dict to keep them"
        ) from None


# -- the registry ------------------------------------------------------------------


@attrs.frozen
class GameEntry:
    """A registered game: a name, how to make its rules, and a one-line summary.

    Entries are the registry's, read by :func:`game_entries`; their fields
    are kept as the registry gives them, unchecked, and :meth:`make` makes
    the registered game of the entry's name, as :func:`get_game` does.

    >>> import patience_rules as pr
    >>> entry = {entry.name: entry for entry in pr.game_entries()}["easy-start-parlett"]
    >>> entry.options, entry.make().stock.redeals
    ((('redeals', 3),), 3)
    """

    name: str
    factory: Callable[..., GameRules]
    options: tuple[tuple[str, OptionValue], ...]
    summary: str
    aliases: tuple[str, ...] = ()

    def make(self, /, **options: OptionValue | None) -> GameRules:
        """The game's rules, with ``options`` over the entry's own (made once, then shared).

        An option given as None whose default is None (Klondike's
        ``redeals``, unlimited) is its default, as the factory would take it.

        :raises InvalidRulesError: for an option the game does not take, or
            a value it refuses.
        :raises UnknownGameError: for an entry whose name is no longer
            registered.
        """
        given = (
            self._none_as_default(options)
            if any(value is None for value in options.values())
            else cast("dict[str, OptionValue]", options)
        )
        merged = {**dict(self.options), **given}
        return _cached(self.name, tuple(sorted(merged.items())))

    def _none_as_default(self, options: Mapping[str, OptionValue | None]) -> dict[str, OptionValue]:
        """``options`` without those given as None whose default is None; others refused."""
        defaults = self._defaults()
        kept: dict[str, OptionValue] = {}
        for key, value in options.items():
            if value is not None:
                kept[key] = value
                continue
            if defaults is not None and key not in defaults:
                raise InvalidRulesError(_unknown_options(self, [key]) or f"no option {key!r}")
            if defaults is None or defaults[key] is not None:
                default = ""
                if defaults is not None:
                    empty = defaults[key] is inspect.Parameter.empty
                    default = (
                        " (it has no default)" if empty else f" (its default is {defaults[key]!r})"
                    )
                raise InvalidRulesError(
                    f"option {_key_shown(key)}: expected a whole number, a text or "
                    f"True/False{default}, got None"
                )
        return kept

    def takes(self) -> str | None:
        """The options the game takes, with their defaults (the entry's own over the factory's).

        ``None`` where the factory's signature does not say (it takes ``**options``).

        >>> import patience_rules as pr
        >>> entries = {entry.name: entry for entry in pr.game_entries()}
        >>> entries["klondike"].takes()
        'draw=1, redeals=None, foundation_back=False'
        >>> entries["easy-start-parlett"].takes(), entries["windmill"].takes()
        ('redeals=3', '')
        """
        defaults = self._defaults()
        return None if defaults is None else _options_written(defaults)

    def _defaults(self) -> dict[str, object] | None:
        """Each option the factory takes and its default (:meth:`takes`), or None."""
        try:
            parameters = inspect.signature(self.factory).parameters.values()
        except (TypeError, ValueError):  # (a callable without a signature to read)
            return None
        if any(p.kind is p.VAR_KEYWORD for p in parameters):
            return None
        takes: dict[str, object] = {
            p.name: p.default
            for p in parameters
            if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
        }
        takes.update((key, value) for key, value in self.options if key in takes)
        return takes


_T = TypeVar("_T")

_REGISTRY: dict[str, GameEntry] = {}
#: A registered name or alias (get_game reads a name stripped and lower-cased).
_REGISTRY_NAME: Final = re.compile(r"[a-z0-9][a-z0-9_.-]*")
_ALIASES: dict[str, str] = {}
_MADE: dict[tuple[object, ...], GameRules] = {}
#: Whether rules are registered, by the rules' id, kept while the rules live: a
#: composed game's answer is not to keep it, and its tables, alive (some 14 MB for
#: 64 columns).  (A ``WeakKeyDictionary`` would compare equal rules field by field
#: at each lookup, 20 times as slow.)
_REGISTERED: dict[int, tuple[weakref.ref[GameRules], bool]] = {}

#: The registry may be used from many threads at once.  A registration
#: holds this lock throughout (its game is made and checked before it is
#: published), and counts one more in ``_generation``; a reader never waits
#: for it (a dict lookup is atomic), and what it makes from the registry
#: goes into the caches above only through :func:`_remember`, which keeps
#: it only if the registry did not change since the reader first looked (an
#: answer of ``is_registered`` may change with a registration) and no other
#: thread is changing it now.  (The library never takes an entry out; the
#: tests do, to check that nothing is kept from an entry gone.)
_LOCK: Final = threading.RLock()
_generation = 0


def _remember(cache: dict[Any, Any], key: object, value: _T, generation: int) -> _T:
    """Keep ``value`` under ``key`` in ``cache`` (at most 256 kept), unless the
    registry changed since ``generation`` (read before the registry was): the value
    may be out of date.  The value kept is returned: one that another
    thread kept first, if it did (so threads that ask at once share one value).

    It never waits: while another thread registers a game (whose factory may
    itself wait for this thread), nothing is kept.
    """
    if not _LOCK.acquire(blocking=False):
        return value
    try:
        if _generation == generation:
            if len(cache) >= 256:
                cache.clear()
            return cast("_T", cache.setdefault(key, value))
    finally:
        _LOCK.release()
    return value


def _changed() -> None:
    """Count a change of the registry (its lock held), and forget which rules it makes."""
    global _generation
    _generation += 1
    _REGISTERED.clear()


def register_game(
    name: str,
    factory: Callable[..., GameRules],
    *,
    summary: str,
    options: Mapping[str, OptionValue] | None = None,
    aliases: tuple[str, ...] = (),
) -> GameEntry:
    """Add a game to the registry under ``name`` (and ``aliases``).

    ``factory(**options)`` must return the game's rules, named ``name`` (or,
    for a variant such as ``easy-start-parlett``, named as the registered
    game it varies); :func:`get_game` refuses rules of another name.  A name
    is written as :func:`get_game` and the text notation read it: lower-case
    letters, digits, ``-``, ``_`` and ``.``, starting with a letter or a
    digit.  ``aliases`` are other names for the game, written so too: a
    tuple of names (a str is refused, not read a character at a time), none
    of them the game's own name or given twice, at most 64.

    The registration is checked at once: the rules are made as
    ``get_game(name)`` makes them, by ``factory(**options)``, so that every
    registered game can be made by its name alone (as the command line and
    the adapters make them).  A game whose rules cannot be made so is
    refused: one whose factory refuses the options, or fails, or needs an
    option that has no default and is not given, or makes rules of another
    name.

    A malformed name or alias, one that is taken, or a game refused by
    that check raises :class:`~patience_rules.InvalidRulesError` (a
    :class:`ValueError`), and leaves the registry as it was.

    Games may be registered from several threads at once: a registration is
    whole before another begins (the factory runs under the registry's
    lock, so it must not wait for another thread that registers a game;
    it may wait for one that makes games with :func:`get_game`).

    >>> import patience_rules as pr
    >>> pr.register_game("captive-queens", pr.captive_queens, summary="again")
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: the game name 'captive-queens' is registered already: choose another name
    >>> pr.register_game("klondike-2", pr.klondike, summary="Draw two.", options={"draw": 2})
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: game 'klondike-2' cannot be registered: get_game('klondike-2') would refuse it (its factory given draw=2): draw is 1 or 3, got 2
    >>> "klondike-2" in pr.game_names()
    False
    """
    return _register(name, factory, summary=summary, options=options, aliases=aliases)


def _register(
    name: str,
    factory: Callable[..., GameRules],
    *,
    summary: str,
    options: Mapping[str, OptionValue] | None = None,
    aliases: Iterable[str] = (),
    made: bool = True,
) -> GameEntry:
    """Register a game as :func:`register_game` says; its rules are made at once if ``made``.

    The library registers its own games with ``made=False`` as the package
    is imported: making every one of them would slow the import (by some
    12 ms), and the library's tests make them all.
    """
    given: object = aliases  # checked as any value, whatever the annotation says
    if isinstance(given, str | bytes) or not isinstance(given, Iterable):
        raise InvalidRulesError(
            f"a game's aliases are a tuple of names, such as ('quadrille',), got {_shown(aliases)}"
        )
    others = _checks.bounded(given, _MOST_ALIASES, f"a game has at most {_MOST_ALIASES} aliases")
    # (Plain texts: a subclass's own hash or == could register a name no lookup finds.)
    name = _checks.plain(name)
    others = tuple(map(_checks.plain, others))
    for each, what in ((name, "name"), *((alias, "alias") for alias in others)):
        _checks.text(f"a game's {what}", each, 100)
        if not _REGISTRY_NAME.fullmatch(each):
            lowered = each.strip().lower()
            hint = f": register it as {lowered!r}" if _REGISTRY_NAME.fullmatch(lowered) else ""
            raise InvalidRulesError(
                f"a game's registered {what} is lower-case letters, digits, '-', '_' and '.', "
                "starting with a letter or a digit (as get_game and the text notation read "
                f"it), got {_shown(each)}{hint}"
            )
    seen = {name}
    for alias in others:
        if alias in seen:
            why = "is the game's own name" if alias == name else "is given twice"
            raise InvalidRulesError(
                f"the alias {alias!r} {why}: a game's aliases are other names than its own, "
                "each given once"
            )
        seen.add(alias)
    if not callable(factory):
        raise InvalidRulesError(
            f"a game's factory is a callable that makes its rules, got {_shown(factory)}"
        )
    summary = _checks.text("a game's summary", _checks.plain(summary), 400)
    entry = GameEntry(name, factory, _to_options(options or {}), summary, others)
    with _LOCK:
        taken = [n for n in (name, *others) if n in _REGISTRY or n in _ALIASES]
        if taken:
            what = "name" if taken[0] == name else "alias"
            raise InvalidRulesError(
                f"the game {what} {taken[0]!r} is registered already: choose another {what}"
            )
        # (Made before the entry is published: no other thread sees a game
        # that is then refused, nor runs its factory while it is checked.)
        rules = _make_registered(entry) if made else None
        _REGISTRY[name] = entry
        for alias in others:
            _ALIASES[alias] = name
        _changed()
        if rules is not None:
            _remember(_MADE, _made_key(entry, entry.options), rules, _generation)
    return entry


def _make_registered(entry: GameEntry) -> GameRules:
    """Make the rules of ``entry``, not yet registered, as ``get_game(entry.name)`` will.

    :raises InvalidRulesError: naming the game, if they cannot be made so.
    """
    refused = f"game {entry.name!r} cannot be registered"
    given = ", ".join(f"{key}={value!r}" for key, value in entry.options)
    with_options = f" (its factory given {given})" if given else ""
    needed = [key for key, default in (entry._defaults() or {}).items() if default is _NO_DEFAULT]
    if needed:
        names = ", ".join(_key_shown(key, 40) for key in needed[:_MOST_NAMED])
        several = len(needed) > 1
        raise InvalidRulesError(
            f"{refused}: its factory needs the option{'s' if several else ''} {names}, which "
            f"{'have' if several else 'has'} no default: give the factory a default, or the "
            "registration a value in options, so that get_game can make the game by its name"
        )
    try:
        return _made(entry, entry.options, _generation)
    except PatienceRulesError as error:
        # (the factory's own failure chained, as get_game chains it)
        raise InvalidRulesError(
            f"{refused}: get_game({entry.name!r}) would refuse it{with_options}: {error}"
        ) from error.__cause__


#: The most names and aliases an unknown game's message lists (beyond them,
#: it names the nearest).
_MOST_LISTED: Final = 40

#: The most aliases a game is registered under, and what a factory's
#: parameter without a default has as its default.
_MOST_ALIASES: Final = 64
_NO_DEFAULT: Final = inspect.Parameter.empty


def game_names() -> tuple[str, ...]:
    """The registered game names, sorted (aliases not included).

    >>> import patience_rules as pr
    >>> "royal-cotillion" in pr.game_names(), "quadrille" in pr.game_names()
    (True, False)
    """
    return tuple(sorted(_REGISTRY))


def game_entries() -> tuple[GameEntry, ...]:
    """The registry's entries, sorted by name.

    >>> import patience_rules as pr
    >>> [entry.name for entry in pr.game_entries()] == list(pr.game_names())
    True
    """
    entries = dict(_REGISTRY)  # (one reading: another thread may register meanwhile)
    return tuple(entries[name] for name in sorted(entries))


def _entry(name: object) -> GameEntry:
    key = _checks.plain(name).strip().lower() if isinstance(name, str) else None
    entry = _REGISTRY.get(_ALIASES.get(key, key)) if key is not None else None
    if entry is None:
        known = game_names()
        if len(known) + len(_ALIASES) <= _MOST_LISTED:
            aliases = f" (or an alias: {', '.join(sorted(_ALIASES))})" if _ALIASES else ""
            expected = f"expected one of {', '.join(known)}{aliases}"
        else:  # (a message of a few lines, however many games a program registers)
            near = (
                difflib.get_close_matches(key, [*known, *_ALIASES], n=3)
                if key is not None and len(key) <= 100
                else []
            )
            expected = (
                f"expected one of the {len(known)} registered games (game_names() lists them)"
                + (f"; the nearest: {', '.join(near)}" if near else "")
            )
        hint = ""
        if key is not None and "[" in key:
            # (the text form of a game with options, given as a name)
            hint = (
                "; options are keyword arguments (get_game('klondike', draw=3)), and "
                "notation.game_from_text reads a game's text form ('klondike[draw=3]')"
            )
        raise UnknownGameError(f"unknown game {_shown(name)}: {expected}{hint}")
    return entry


def get_game(name: str, /, **options: OptionValue | None) -> GameRules:
    """The rules of the game registered as ``name``, with variant ``options``.

    An option given as None where the game's default is None (Klondike's
    ``redeals=None``, no limit) is the default.

    The rules are made once for each name and options, then shared (rules
    are immutable values; two threads asking at once for rules not yet made
    may each make them, and then share the rules kept first; a thread asking
    while another registers a game gets equal rules, not kept).

    :raises UnknownGameError: for a name that is not registered; the message
        lists the known names (or, past 40 names, the nearest ones).
    :raises InvalidRulesError: for an option the game does not take, or a
        bad option value.

    >>> import patience_rules as pr
    >>> pr.get_game("captive-queens", redeals=3).stock.redeals
    3
    >>> pr.get_game("captive-queens") is pr.get_game("captive-queens")
    True
    >>> pr.get_game("no-such-game")
    Traceback (most recent call last):
    ...
    patience_rules.errors.UnknownGameError: unknown game 'no-such-game': expected one of captive-queens, crescent, easy-start, easy-start-parlett, freecell, klondike, odd-and-even, royal-cotillion, royal-cotillion-stock-refill, sultan, windmill (or an alias: quadrille)
    """
    if options:
        return _entry(name).make(**options)
    # (a name alone, the most asked: found in one lookup once it has been read)
    plain = name.__class__ is str  # (a subclass's own hash or == could stand for another name)
    rules = _BY_NAME.get(name) if plain else None
    if rules is None:
        generation = _generation
        rules = _entry(name).make()
        if plain and (name in _REGISTRY or name in _ALIASES):  # (as registered: a name
            # padded or in capitals is read each time, so the texts kept are the registry's)
            rules = _remember(_BY_NAME, name, rules, generation)
    return rules


#: The rules that each registered name or alias given alone gave (the registry never
#: changes an entry).
_BY_NAME: dict[str, GameRules] = {}


def _factory_failed(
    entry: GameEntry, pairs: Sequence[tuple[str, OptionValue]], error: BaseException
) -> str:
    """The refusal of a factory's own failure (``error``) given ``pairs``."""
    given = ", ".join(f"{key}={_shown(value)}" for key, value in pairs)
    return (
        f"the factory of game {entry.name!r} failed"
        f"{f' (given {given})' if given else ''}: {_shown(error, 200)}"
    )


def _unknown_options(
    entry: GameEntry, keys: Sequence[str], write: Callable[[object], str | None] = repr
) -> str | None:
    """The refusal of the ``keys`` that ``entry`` does not take, listing what it does; or None.

    ``write`` writes a default (Python's ``repr``; the notation's form in a
    game's text form, see :func:`_options_written`).
    """
    known = entry._defaults()
    unknown = [key for key in keys if key not in known] if known is not None else []
    if known is None or not unknown:
        return None
    names = ", ".join(_key_shown(key, 40) for key in unknown[:_MOST_NAMED])
    if len(unknown) > _MOST_NAMED:
        names += f" and {len(unknown) - _MOST_NAMED} more"
    takes = (
        f"it takes {_options_written(known, write)} (defaults shown)"
        if known
        else ("it takes no options")
    )
    return (
        f"game {entry.name!r} does not take the option{'s' if len(unknown) > 1 else ''} "
        f"{names}: {takes}"
    )


def _options_written(
    defaults: Mapping[str, object], write: Callable[[object], str | None] = repr
) -> str:
    """Options and their defaults as ``write`` writes a default (``draw=1, redeals=None``).

    Where ``write`` gives None (a default that a form cannot write), or the
    option has no default, the option's name stands alone.
    """
    written = []
    for name, default in defaults.items():
        text = None if default is inspect.Parameter.empty else write(default)
        written.append(name if text is None else f"{name}={text}")
    return ", ".join(written)


def _named_as_made(entry: GameEntry, rules: GameRules) -> bool:
    """Whether the registry makes ``rules`` (made by ``entry``) under their own name and options."""
    asking = (threading.get_ident(), entry.name)
    if asking in _ASKING:
        return False
    _ASKING.add(asking)  # (two entries whose rules name each other: neither is made)
    try:
        return is_registered(rules)
    finally:
        _ASKING.discard(asking)


#: The entries whose rules' name is being looked up (see _named_as_made), each
#: with the thread that looks it up: another thread's lookup is no loop.
_ASKING: set[tuple[int, str]] = set()


def _cached(name: str, options: tuple[tuple[str, OptionValue], ...]) -> GameRules:
    """The registered rules ``name`` with ``options``, made once."""
    generation = _generation  # (before the entry is read: it may be taken out after)
    return _made(_entry(name), options, generation)


def _made_key(entry: GameEntry, pairs: tuple[tuple[str, OptionValue], ...]) -> tuple[object, ...]:
    """The key of ``entry``'s rules with the options ``pairs`` (read) in ``_MADE``."""
    return (entry.name, tuple((k, type(v).__name__, v) for k, v in sorted(pairs)))


def _made(
    entry: GameEntry, options: tuple[tuple[str, OptionValue], ...], generation: int
) -> GameRules:
    """The rules of ``entry`` with ``options``, made once (kept while ``entry`` is registered)."""
    # (no options, the most asked, need no reading)
    pairs = () if options.__class__ is tuple and not options else _to_options(options)
    key = _made_key(entry, pairs)
    rules = _MADE.get(key)
    if rules is None:
        try:
            rules = entry.factory(**dict(pairs))
        except TypeError as error:  # (options it does not take, or a fault of its own)
            refused = _unknown_options(entry, [key for key, _ in pairs])
            if refused is not None:
                raise InvalidRulesError(refused) from None
            raise InvalidRulesError(_factory_failed(entry, pairs, error)) from error
        except PatienceRulesError:
            raise
        except Exception as error:  # (a factory's own failure, whatever it raises)
            raise InvalidRulesError(_factory_failed(entry, pairs, error)) from error
        if not isinstance(rules, GameRules):
            raise InvalidRulesError(
                f"the factory of {entry.name!r} made {_shown(rules)}, not a GameRules"
            )
        if rules.name != entry.name and not _named_as_made(entry, rules):
            raise InvalidRulesError(
                f"the factory of {entry.name!r} made rules named {_shown(rules.name)}, which "
                f"get_game({_shown(rules.name)}, ...) does not make: a registered game's rules "
                f"carry the name it is registered under (GameRules(name={entry.name!r}, ...)), "
                "or a variant's the name and options of the registered game it varies"
            )
        if _REGISTRY.get(entry.name) is entry:  # (else being registered, or no entry's own)
            rules = _remember(_MADE, key, rules, generation)
    return rules


def _game_rules(value: object) -> GameRules:
    """``value``, if it is the rules of a game (else InvalidArgumentError)."""
    if not isinstance(value, GameRules):
        raise InvalidArgumentError(f"expected the rules of a game (GameRules), got {_shown(value)}")
    return value


def is_registered(rules: GameRules) -> bool:
    """Whether ``get_game(rules.name, **dict(rules.options))`` makes these very rules.

    Rules that the registry makes are written by their name and options
    alone in a state's text and dict forms and a record's header (a pickle
    names only the library's own games so, as the process that loads it may
    not have registered yours).  Any other rules (built by hand, or under a
    name the registry makes differently) travel with their whole description
    (:meth:`GameRules.to_dict`),
    and a state of them has no text form (:func:`~patience_rules.state_to_text`
    refuses it; its dict form carries the rules).

    :raises InvalidArgumentError: for a value that is no
        :class:`GameRules` (a game's name among them: the question is
        asked of rules, not of a name; :func:`game_names` lists those).

    >>> import patience_rules as pr
    >>> pr.is_registered(pr.get_game("easy-start", redeals=3))
    True
    >>> mine = pr.GameRules.from_dict(pr.sultan().to_dict() | {"name": "my-sultan"})
    >>> pr.is_registered(mine)
    False
    """
    kept = _REGISTERED.get(id(_game_rules(rules)))
    if kept is not None and kept[0]() is rules:
        return kept[1]
    generation = _generation
    try:
        known = _cached(rules.name, rules.options) == rules
    except UnknownGameError:
        known = False  # (kept: a registration empties what is kept)
    except InvalidRulesError:
        # (options refused, or the factory failed: it may not fail next time,
        # so the answer, not registered now, is not kept)
        return False
    key, kept_in = id(rules), _REGISTERED

    def forget(_: object) -> None:  # (when the rules go, before another object has their id)
        kept_in.pop(key, None)

    _remember(kept_in, key, (weakref.ref(rules, forget), known), generation)
    return known


def _first_difference(mine: object, theirs: object, where: str = "") -> str | None:
    """Where two rules, or two parts, first differ as they compare; None if equal.

    Fields compare as the classes compare them (a sequence's ``wrap`` not at
    all, a tableau's ``depth`` by the cards each column is dealt), so a
    difference of spelling alone is never named.

    >>> from patience_rules import Rank, Refill, Stock, Tableau
    >>> _first_difference(Stock(redeals=1), Stock(redeals=2))
    'redeals: 1 here, 2 there'
    >>> _first_difference(Tableau(columns=2, depth=(6, 6)), Tableau(columns=2, depth=6,
    ...     refill=Refill.BY_MOVE, fill_rank=Rank.KING))
    'refill: Refill.NEVER here, Refill.BY_MOVE there'
    """
    if mine == theirs:
        return None
    kind = type(mine)
    if kind is type(theirs) and attrs.has(kind):
        for field in attrs.fields(kind):
            if not field.eq:
                continue
            one, other = getattr(mine, field.name), getattr(theirs, field.name)
            key = field.eq_key
            if (key(one) if key else one) != (key(other) if key else other):
                path = f"{where}.{field.name}" if where else field.name
                return _first_difference(one, other, path)
    if isinstance(mine, tuple) and isinstance(theirs, tuple):
        if len(mine) != len(theirs):
            items = "item" if len(mine) == 1 else "items"
            return f"{where}: {len(mine)} {items} here, {len(theirs)} there"
        for index, (one, other) in enumerate(zip(mine, theirs, strict=True)):
            found = _first_difference(one, other, f"{where}[{index}]")
            if found is not None:
                return found
    return f"{where}: {_written(mine)} here, {_written(theirs)} there"


def _written(value: object) -> str:
    """A value in a message about parts: an enum member by its name (``Refill.NEVER``)."""
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return _shown(value)


# -- states ------------------------------------------------------------------------


class StateParts(TypedDict):
    """A state's piles by name, each bottom to top (see :meth:`State.parts`)."""

    #: The stock; its last card is drawn next.
    stock: tuple[Card, ...]
    #: The waste; its last card is playable.
    waste: tuple[Card, ...]
    #: The tableau columns, each from its bottom card to its (playable) top card.
    columns: tuple[tuple[Card, ...], ...]
    #: The cells, ``None`` where one is empty.
    cells: tuple[Card | None, ...]
    #: The cards of each foundation, from its base up.
    foundations: tuple[tuple[Card, ...], ...]
    #: The cards in the middle, in card order.
    middle: tuple[Card, ...]
    #: How many redeals have been made.
    redeals_used: int
    #: How many cards at the bottom of each column are face down (all 0 in
    #: games dealt face up).
    face_down: tuple[int, ...]


_STOCK_PLACE = Place(PileKind.STOCK)


@attrs.frozen(init=False, eq=False, repr=False, weakref_slot=False, getstate_setstate=False)
class State:
    """A position of a game, with the rules it is played by.

    States are made by :meth:`GameRules.deal`, :meth:`GameRules.deal_from`
    and :meth:`State.apply`, or from their piles by
    :meth:`GameRules.make_state`.  A state is immutable: its piles are read
    through the properties below, and it hashes and compares by value (two
    states are equal when they have the same rules and every card in the
    same place), so states can be kept in sets and used as dictionary keys.

    Every pile is shown as a tuple from the bottom card to the top card: the
    last card of :attr:`waste` is the playable one, the last card of
    :attr:`stock` is the next to be drawn, the last card of a column is its
    top card, and a foundation starts with its base card.

    >>> import patience_rules as pr
    >>> game = pr.get_game("royal-cotillion")
    >>> game.deal(7) == game.deal(7), len({game.deal(7), game.deal(7), game.deal(8)})
    (True, 2)
    >>> game.deal(7).stock = ()  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    attrs.exceptions.FrozenInstanceError: can't set attribute
    """

    # The foundations are one int, the *key*: foundation f's height in the
    # bits the engine gives it.  The stock is the first ``_nstock`` cards of a
    # tuple shared by every state dealt from it (a draw only counts down);
    # the waste and the columns are chains, shared between states.  ``_more``
    # is None, or a pair: the chains of the foundations' cards (where the
    # layout records them, else None) and the face-up count of each column
    # (where the tableau is dealt face down, else None).  ``_wanted`` is the
    # engine's table of the cards the foundations want (shared by every state
    # with the same key); it is derived, not compared.  The engine builds
    # states through a twin class with the same slots (see ``_Board``).
    _key: int
    _cells: tuple[Card | None, ...]
    _waste: Chain
    _columns: tuple[Chain, ...]
    _stock: tuple[Card, ...]
    _nstock: int
    _middle: tuple[Card, ...]
    _redeals: int
    _more: tuple[tuple[Chain, ...] | None, tuple[int, ...] | None] | None
    _wanted: dict[Card, Any]
    _engine: _Engine
    _hash: int | None

    if TYPE_CHECKING:  # (so that a type checker refuses State() as it is refused)

        def __init__(self, _made_by_the_rules: Never, /) -> None: ...

    else:

        def __init__(self, *args: object, **kwargs: object) -> None:
            # (the engine builds states without calling this: see _Board)
            raise InvalidArgumentError(
                "a State is made by its rules (GameRules.deal, deal_from or make_state) or "
                "by State.apply, not by calling State()"
            )

    # -- value semantics ------------------------------------------------------

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            # The foundations, the cells, the stock's size and the waste's top
            # card, and the columns whole where cards move onto or around in
            # them (a shift, a build): equal states hash alike, and states
            # that differ elsewhere differ here too nearly always.  (The
            # columns' top cards alone gave 5,361 Crescent states 2,673
            # hashes, up to 258 states to one; tuples of chains hash in C,
            # as fast as the tops.)
            waste = self._waste
            engine = self._engine
            h = hash(
                (
                    self._key,
                    self._cells,
                    waste[0] if waste else None,
                    self._nstock,
                    self._redeals,
                    engine._rules_hash,
                    self._columns if engine._hash_columns else None,
                )
            )
            _SET_HASH(self, h)
        return h

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not State:
            return NotImplemented
        assert isinstance(other, State)
        if self is other:
            return True
        try:
            return (
                self._key == other._key
                and self._nstock == other._nstock
                and self._cells == other._cells
                and self._columns == other._columns
                and self._middle == other._middle
                and self._redeals == other._redeals
                and self._waste == other._waste
                and self._more == other._more
                and (
                    self._stock is other._stock
                    or self._stock[: self._nstock] == other._stock[: other._nstock]
                )
                and (self._engine is other._engine or self._engine._game == other._engine._game)
            )
        except RecursionError:
            # Chains built apart compare one nesting level per card in C: a
            # long waste, compared deep in a caller's recursion (a solver's
            # search), can pass the interpreter's limit.  Compared card by
            # card instead.
            return _equal_without_recursion(self, other)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __reduce__(self) -> tuple[object, tuple[object, int, tuple[object, ...]]]:
        # The rules named (see _pickled_rules), a format version, and the
        # piles as bytes of card indices; loading checks them as make_state does.
        engine = self._engine
        layout = engine._layout
        more = self._more
        foundations: object = (
            tuple(_chains_as_bytes(more[0]))
            if more is not None and more[0] is not None
            else engine._heights(self._key)
        )
        waste, *columns = _chains_as_bytes((self._waste, *self._columns))
        payload = (
            bytes(self._stock[: self._nstock]),
            waste,
            tuple(columns),
            _cell_bytes(self._cells),
            foundations,
            bytes(self._middle),
            self.face_down if layout.face_down else None,
            self._redeals,
        )
        named = engine._pickled_as
        return (
            _restore_state,
            (_pickled_rules(engine._game) if named is None else named, PICKLE_FORMAT, payload),
        )

    def __copy__(self) -> State:
        return self

    def __deepcopy__(self, memo: object) -> State:
        return self

    def canonical_key(self) -> Hashable:
        """A hashable value shared by the states of one game that differ only in pile order.

        The rules treat every reserve cell alike, and every tableau column
        alike: which cell holds a card, or which column holds a pile, never
        changes what can be played, and a refill fills *an* empty pile from
        the same source whichever is numbered lowest.  So two states whose
        cells hold the same cards in another order (and likewise columns)
        have the same futures, move for move up to renumbering.  This key
        is the state with cells and columns taken as multisets: a solver's
        transposition table keys on it to meet such states once.

        Where every move is compulsory (:attr:`Compulsion.FORCED
        <patience_rules.Compulsion.FORCED>`), the one legal move is the first
        in the engine's order, which goes by pile number: there the order
        of the piles does change the future, and the key keeps it (cells and
        columns in order).

        The key does not name the game: states of two games, or of two
        variants of one (Klondike drawing one card and three), may share a
        key.  Keep one table per game.

        >>> import patience_rules as pr
        >>> game = pr.get_game("royal-cotillion")
        >>> state = game.deal(7)
        >>> cells = state.cells
        >>> swapped = game.make_state(
        ...     stock=state.stock, columns=state.columns, cells=cells[1:] + cells[:1],
        ...     foundation_heights=state.foundation_heights)
        >>> swapped == state, swapped.canonical_key() == state.canonical_key()
        (False, True)
        """
        more = self._more
        up = more[1] if more is not None else None
        columns: tuple[object, ...] = (
            tuple(zip(self._columns, up, strict=True)) if up is not None else self._columns
        )
        forced = self._engine._forced  # (the first move goes by pile number: order counts)
        return (
            self._key,
            self._cells
            if forced
            else tuple(sorted([card for card in self._cells if card is not None])),
            columns if forced or len(columns) < 2 else tuple(sorted(columns)),  # type: ignore[type-var]
            self._waste,
            self._stock[: self._nstock],
            self._middle,
            self._redeals,
            more[0] if more is not None else None,
        )

    # -- the engine ---------------------------------------------------------

    @property
    def rules(self) -> GameRules:
        """The rules this state is played by.

        >>> import patience_rules as pr
        >>> pr.get_game("easy-start").deal(1).rules.name
        'easy-start'
        """
        return self._engine._game

    @property
    def layout(self) -> Layout:
        """The layout of this state's rules (see :class:`~patience_rules.Layout`)."""
        return self._engine._layout

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move in this state, in the engine's fixed order.

        Moves to a foundation or the middle come first (by source: columns,
        cells, the waste, foundations; then by target), then moves onto
        tableau columns, then moves into cells, then the draw, then the
        redeal.  In a game whose moves are compulsory there is at most one.

        >>> import patience_rules as pr
        >>> pr.get_game("royal-cotillion").deal(7).legal_moves()[-1]
        Move.draw()
        """
        engine = self._engine
        last = engine._last  # (the move of a compulsory game's state, found already)
        return last[1] if last[0] is self else engine.legal_moves(self)

    def is_legal(self, move: object) -> bool:
        """Whether ``move`` is legal in this state.

        A predicate never raises: anything that is not a :class:`Move` is
        not legal, text too (read text with
        :func:`~patience_rules.move_from_text` first; :meth:`apply` says why
        a move is refused).

        >>> import patience_rules as pr
        >>> state = pr.get_game("captive-queens").deal(1)
        >>> state.is_legal(Move.draw()), state.is_legal(Move.redeal()), state.is_legal("draw")
        (True, False, False)
        >>> state.is_legal(pr.move_from_text("draw", state.rules))
        True
        """
        return self._engine.is_legal(self, move)

    def apply(self, move: Move) -> State:
        """The state after ``move``.

        :raises IllegalMoveError: if the move is not legal here; the message
            says why.  This state is unchanged either way.

        >>> import patience_rules as pr
        >>> state = pr.get_game("captive-queens").deal(1)
        >>> state.apply(Move.redeal())
        Traceback (most recent call last):
        ...
        patience_rules.errors.IllegalMoveError: illegal move redeal in Captive Queens: a redeal needs an empty stock, and the stock still has cards
        """
        return self._engine.apply(self, move)

    def play_forced(self) -> State:
        """The state after every forced move: while exactly one move is legal, play it.

        In a game whose moves are all compulsory (Captive Queens) this plays
        the game to its end.  In a game of choices it plays only the moves
        that leave no choice (such as a draw when nothing else is legal) and
        stops at the first state with no move or with two or more, or where
        the only move would bring back a position seen on the way (play
        would go on for ever: a stuck Klondike turning its stock over and
        over); that move is not made.  The result is the state that :meth:`apply` would reach move
        by move, reached without building the states in between.

        >>> import patience_rules as pr
        >>> end = pr.get_game("easy-start").deal(1).play_forced()
        >>> end.is_over, end.is_won
        (True, True)
        """
        return self._engine.play_forced(self)

    @property
    def is_over(self) -> bool:
        """Whether no legal move remains.

        A game can also be past winning and never over: Klondike with no
        redeal limit can always draw or turn its waste over, FreeCell can move
        a card to and fro while a cell or a column is empty; a won Klondike
        with ``foundation_back`` can move a card back from a foundation (the
        statistics, the command line and the adapters end a game at its win:
        :attr:`is_won`).  :meth:`play_forced`
        stops where its only move would bring back a position it has seen;
        :meth:`canonical_key` tells positions apart for a search of your own.
        """
        return not self._engine.legal_moves(self)

    @property
    def is_won(self) -> bool:
        """Whether every card is home: on a foundation or in the middle."""
        engine = self._engine
        return self._key == engine._full_key and len(self._middle) == engine._layout.middle_size

    def card_of(self, move: Move) -> Card | None:
        """The card that ``move`` would move here (``None`` for a redeal or an empty pile).

        It reads the move's source (and, for a run, its count), legal or not:
        a move to the stock (:attr:`Move.is_redeal`) moves no card of its own.

        For a run of cards it is the card at the head of the run, the one
        that lands on the target's top card.  It reads the state as the
        engine holds it, hidden cards included: the draw's card is the
        stock's next, which a player does not see (an
        :class:`~patience_rules.Observer` gives what the player sees).

        >>> import patience_rules as pr
        >>> state = pr.get_game("captive-queens").deal(1)
        >>> state.card_of(Move.draw())
        Card.from_str('7D')

        :raises IllegalMoveError: for anything but a :class:`Move`.
        :raises UnknownPlaceError: for a move from a place the layout lacks.
        """
        if move.__class__ is not Move:
            raise IllegalMoveError(f"card_of takes a Move such as Move.draw(), got {_shown(move)}")
        if move.is_redeal:
            return None
        if move.count > 1 and move.source.kind is PileKind.COLUMN:
            self._check_place(move.source)
            column = self._columns[move.source.index]
            for _ in range(move.count - 1):
                if not column:
                    return None
                column = column[1]
            return column[0] if column else None
        return self.top_card(move.source)

    def top_card(self, place: Place) -> Card | None:
        """The playable card of the pile at ``place``, or ``None`` if it is empty.

        For a foundation this is its top card; for the stock, the next card
        to be drawn (which a player does not see); for the middle, the card
        last in card order.

        :raises UnknownPlaceError: if the layout has no pile at ``place``.
            ``Place(PileKind.STOCK)`` and ``Place(PileKind.WASTE)`` are read
            in every game, as empty (``None``) where the game deals no stock,
            though its layout and the notation do not list them there.

        >>> import patience_rules as pr
        >>> state = pr.get_game("royal-cotillion").deal(7)
        >>> state.top_card(Place(PileKind.FOUNDATION, 0))
        Card.from_str('AC')
        >>> state.top_card(Place(PileKind.WASTE, 3))
        Traceback (most recent call last):
        ...
        patience_rules.errors.UnknownPlaceError: W4 is not a place of Royal Cotillion: expected one of S, W, T1, ...
        """
        self._check_place(place)
        kind = place.kind
        if kind is PileKind.STOCK:
            return self._stock[self._nstock - 1] if self._nstock else None
        if kind is PileKind.WASTE:
            return self._waste[0] if self._waste else None
        if kind is PileKind.COLUMN:
            column = self._columns[place.index]
            return column[0] if column else None
        if kind is PileKind.CELL:
            return self._cells[place.index]
        if kind is PileKind.FOUNDATION:
            cards = self.foundations[place.index]
            return cards[-1] if cards else None
        return self._middle[-1] if self._middle else None

    def _check_place(self, place: object) -> None:
        _check_place(self._engine._game, place)

    # -- the piles ----------------------------------------------------------

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, bottom to top: the last card is drawn next."""
        return self._stock[: self._nstock]

    @property
    def waste(self) -> tuple[Card, ...]:
        """The waste, bottom to top: the last card is playable."""
        return _chain_bottom_up(self._waste)

    @property
    def columns(self) -> tuple[tuple[Card, ...], ...]:
        """The tableau columns, each from its bottom card to its (playable) top card."""
        return tuple(_chain_bottom_up(column) for column in self._columns)

    @property
    def face_down(self) -> tuple[int, ...]:
        """How many cards at the bottom of each column are face down (0 for every column
        of a game dealt face up).

        >>> import patience_rules as pr
        >>> pr.get_game("royal-cotillion").deal(7).face_down
        (0, 0, 0, 0)
        """
        more = self._more
        up = more[1] if more is not None else None
        if up is None:
            return (0,) * len(self._columns)
        return tuple(
            _chain_length(column) - count for column, count in zip(self._columns, up, strict=True)
        )

    @property
    def cells(self) -> tuple[Card | None, ...]:
        """The reserve cells, ``None`` where a cell is empty."""
        return self._cells

    @property
    def foundations(self) -> tuple[tuple[Card, ...], ...]:
        """The foundations, each from its base card to its top card."""
        return self._engine.foundations(self)

    @property
    def foundation_heights(self) -> tuple[int, ...]:
        """How many cards each foundation holds."""
        return self._engine._heights(self._key)

    @property
    def middle(self) -> tuple[Card, ...]:
        """The cards in the middle, in card order."""
        return self._middle

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds."""
        return self._nstock

    @property
    def waste_size(self) -> int:
        """How many cards the waste holds.

        >>> import patience_rules as pr
        >>> pr.get_game("captive-queens").deal(1).waste_size
        0
        """
        return _chain_length(self._waste)

    @property
    def redeals_used(self) -> int:
        """How many redeals have been made (always 0 where the rules allow any number)."""
        return self._redeals

    @property
    def redeals_left(self) -> int | None:
        """How many redeals the rules still allow (``None``: no limit)."""
        limit = self._engine._layout.redeals
        return None if limit is None else limit - self._redeals

    @property
    def cards_home(self) -> int:
        """How many cards are on the foundations and in the middle."""
        return sum(self.foundation_heights) + len(self._middle)

    def parts(self) -> StateParts:
        """The state's piles, as the keyword arguments of :meth:`GameRules.make_state`.

        Change some and make a new state from them; the new state is
        checked in full.

        >>> import patience_rules as pr
        >>> state = pr.get_game("royal-cotillion").deal(7)
        >>> state.rules.make_state(**state.parts()) == state
        True
        >>> parts = state.parts()
        >>> parts["stock"] = parts["stock"][::-1]
        >>> state.rules.make_state(**parts).stock[-1] == state.stock[0]
        True
        """
        return StateParts(
            stock=self.stock,
            waste=self.waste,
            columns=self.columns,
            cells=self.cells,
            foundations=self.foundations,
            middle=self.middle,
            redeals_used=self.redeals_used,
            face_down=self.face_down,
        )

    # -- text ---------------------------------------------------------------

    def __str__(self) -> str:
        """The state as a person would lay the cards out, in lines of text.

        The picture is for people, and may change between releases: to
        store or exchange a state, use :func:`~patience_rules.state_to_text`
        or :func:`~patience_rules.state_to_dict` (the guide "Writing games
        down" shows both, and the picture).
        """
        view = _VIEWS.get("text")
        return view(self) if view is not None else repr(self)

    def _repr_svg_(self) -> str:
        """An SVG picture of the state, which notebooks show (see :mod:`patience_rules.svg`)."""
        return _VIEWS["svg"](self)

    def __repr__(self) -> str:
        """The state in the one-line notation, as the call that reads it back.

        A state of a game that the registry does not make has no text form:
        its repr is ``<State name: ...>``, a summary (its cards home, and
        the cards in its stock and the redeals used, where it has them).

        >>> import patience_rules as pr
        >>> repr(pr.get_game("easy-start").deal(2))[:60]
        "state_from_text('easy-start 6C/6D/6H/6S/5C/5D/5H/5S QCQDQHQS"
        """
        view = _VIEWS.get("notation")
        if view is not None:
            try:
                return f"state_from_text({view(self)!r})"
            except NotationError:  # a game that the registry does not make
                pass
        layout = self.rules.layout
        stock = f", stock {self._nstock}" if layout.has_stock else ""
        redeals = f", {layout.redeal.word}s used {self._redeals}" if layout.has_redeal else ""
        return (
            f"<State {self.rules.name}: {self.cards_home}/{len(layout.deck)} "
            f"cards home{stock}{redeals}>"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython and Hypothesis print a state as its one-line repr."""
        printer.text(repr(self))


_SET_HASH: Final = State.__dict__["_hash"].__set__


class _Board:
    """A state being built: the same slots as :class:`State`, but writable.

    The engine fills a board's slots and then turns it into a state by
    setting its ``__class__``; a board is never seen outside the engine.
    """

    __slots__ = State.__slots__  # type: ignore[attr-defined]


#: The places every game has, empty where it deals no stock (one stock, one waste).
_EVERY_GAMES_PLACES: Final = frozenset((_STOCK_PLACE, Place(PileKind.WASTE)))


def _check_place(rules: GameRules, place: object) -> None:
    """Refuse what is not a place of the rules' layout (the stock and waste always are)."""
    place = _place(place)
    layout = rules.layout
    if not layout.has(place) and place not in _EVERY_GAMES_PLACES:
        raise UnknownPlaceError(
            f"{place_to_text(place)} is not a place of {rules.title}: expected one of "
            f"{', '.join(place_to_text(known) for known in layout.places)}"
        )


def _outcome(state: State) -> Literal["won", "lost", "unfinished"]:
    """How ``state`` stands: ``'won'`` (every card home, and so over, though a card
    might go back: Klondike's ``foundation_back``), ``'lost'`` (no legal move) or
    ``'unfinished'``: what a record's result, the pictures and the adapters say."""
    if state.is_won:
        return "won"
    return "lost" if state.is_over else "unfinished"


def _equal_without_recursion(state: State, other: State) -> bool:
    """``state == other`` with no chain compared by nesting (see :meth:`State.__eq__`).

    The pickled piles (:meth:`State.__reduce__`) hold every part of a state,
    each chain walked into bytes: equal rules and equal piles are equal states.
    """
    return (
        state._engine is other._engine or state._engine._game == other._engine._game
    ) and state.__reduce__()[1][2] == other.__reduce__()[1][2]


#: The version of the pickled form of a state.
PICKLE_FORMAT: Final = 2


def _restore_state(named: object, version: object, payload: object) -> State:
    """Rebuild a pickled state (see :meth:`State.__reduce__`), checked as make_state checks.

    ``named`` is the rules, or the name (and options) of a registered game
    (see :func:`_pickled_rules`), ``payload`` the piles in format ``version``.

    Loading a pickle from an untrusted source is never safe (Python's pickle
    can run any code); the text and dict forms of :mod:`patience_rules.notation`
    are the forms to exchange.  This check only keeps a state that the rules
    could not reach from being built from mangled bytes.
    """
    rules = named if named.__class__ is GameRules else _unpickled_rules(named)
    # (The version is never compared as it is: a Decimal('sNaN') would raise.)
    if _is_whole(version) and version == PICKLE_FORMAT:
        # (Exactly a tuple, as pickle makes it: a subclass could read differently.)
        if not isinstance(payload, tuple) or payload.__class__ is not tuple or len(payload) != 8:
            got = (
                f"a {type(payload).__name__} of {len(payload)} items"
                if payload.__class__ in (tuple, list)  # (exactly: a subclass's len could fail)
                else _shown(payload)
            )
            raise NotationError(
                f"a pickled state of {rules.title} in format {PICKLE_FORMAT} is malformed: "
                "expected a tuple of 8 piles and counts (stock, waste, columns, cells, "
                f"foundations, middle, face-down counts, redeals used), got {got}"
            )
    elif not (isinstance(version, bytes) and isinstance(payload, int)):
        # (The first format gives its piles as bytes and then the redeals used.)
        raise NotationError(
            f"a pickled state in an unknown format {_shown(version)}: expected format "
            f"{PICKLE_FORMAT} (pickles of states are made and read by the same release line)"
        )
    try:
        if isinstance(version, bytes):
            return _restore_format_1(rules, version, payload)
        # (the payload checked above: exactly a tuple of 8)
        piles = cast("tuple[object, ...]", payload)
        stock, waste, columns, cells, foundations, middle, face_down, redeals = piles
        position = _validity.check_indices(
            rules.layout,
            rules.title,
            rules.compulsion,
            (
                stock,
                waste,
                _tuple(columns),
                cells,
                _tuple(foundations),
                middle,
                redeals,
                face_down,
            ),
        )
        return rules._engine._build(position)
    except PatienceRulesError as error:
        raise NotationError(f"a pickled state of {rules.title}: {error}") from None
    except (ValueError, TypeError, IndexError) as error:
        raise NotationError(
            f"a pickled state of {rules.title} is malformed: {_shown(str(error))}"
        ) from None


#: The names the library registers itself (:mod:`patience_rules.games`, as
#: the package is imported), which every process that loads a pickle knows.
_LIBRARY_GAMES: set[str] = set()


def _pickled_rules(rules: GameRules) -> _RulesName | GameRules:
    """How a pickle names ``rules``: a game of the library by its name (and options), others whole.

    Rules of a game that the caller registered travel whole too: a process
    that loads them (a worker of a process pool, say) need not have
    registered it.  Worked out once for each rules (the library's names are
    registered before any rules are made, so the answer stays right).
    Rules that the registry makes, but with a description of their own,
    travel whole.
    """
    named = rules._engine._pickled_as
    if named is None:
        named = rules
        if (
            rules.name in _LIBRARY_GAMES
            and is_registered(rules)
            and _cached(rules.name, rules.options).description == rules.description
        ):
            named = (rules.name, rules.options) if rules.options else rules.name
        rules._engine._pickled_as = named
    return named


def _unpickled_rules(named: object) -> GameRules:
    """The rules a pickle names (see :func:`_pickled_rules`), made by this process's registry.

    A name reads as :func:`get_game` reads it (an alias, or a registered
    variant with options of its own, gives what ``get_game`` gives), with
    the pickle's options over the entry's own.
    """
    if isinstance(named, GameRules):
        return named
    name: object = named
    options: object = ()
    if named.__class__ is tuple and len(named) == 2:
        name, options = named
    if name.__class__ is not str or options.__class__ is not tuple:
        raise NotationError(
            "a pickle names its rules first (a game's name, or its name and "
            f"options), got {_shown(named)}"
        )
    try:
        if not options:
            return get_game(name)
        return get_game(name, **dict(_to_options(options)))
    except PatienceRulesError as error:
        raise NotationError(f"a pickle names rules that cannot be made: {error}") from None


def _restore_format_1(rules: GameRules, data: object, redeals_used: object) -> State:
    """A state pickled in the first format (format 1): heights, cells, piles as bytes.

    Bytes of another shape give a TypeError, ValueError or IndexError, which
    :func:`_restore_state` reports as a malformed pickle.
    """
    if not isinstance(data, bytes) or data.__class__ is not bytes:
        raise TypeError(f"expected the piles as bytes, got {type(data).__name__}")
    if not _is_whole(redeals_used):
        raise TypeError(f"expected a whole number of redeals, got {type(redeals_used).__name__}")
    layout = rules.layout
    at = layout.foundations
    heights = list(data[:at])
    cells = [None if i == 255 else Card.from_index(i) for i in data[at : at + layout.cells]]
    at += layout.cells
    piles: list[tuple[Card, ...]] = []
    for _ in range(layout.columns + 3):
        size = data[at]
        piles.append(_cards_of(data[at + 1 : at + 1 + size]))
        at += 1 + size
    if at != len(data):
        raise ValueError(f"{_counted(len(data) - at, 'bytes')} left over")
    *columns, waste, stock, middle = piles
    return rules.make_state(
        stock=stock,
        waste=waste,
        columns=columns,
        cells=cells,
        foundation_heights=heights,
        middle=middle,
        redeals_used=redeals_used,
    )


def _tuple(value: object) -> tuple[Any, ...]:
    # (Exactly a tuple, as pickle makes it: a subclass could read differently
    # each time it is read.)
    if value.__class__ is not tuple:
        raise TypeError(f"expected a tuple, got {type(value).__name__}")
    return value


def _cards_of(value: object) -> tuple[Card, ...]:
    return _cards_at(_validity.indices(value))
