"""Hypothesis strategies for property-based tests of code that uses patience games.

This module needs Hypothesis (``pip install "patience-rules[hypothesis]"``);
``import patience_rules`` alone never imports it.

The strategies follow Hypothesis's own conventions: they are plural nouns,
their options are keyword arguments, a bad argument raises
:class:`hypothesis.errors.InvalidArgument` when the strategy is first drawn
from (not when it is built), and their reprs say how they were made
(``states(royal_cotillion(), max_moves=20)``).

A state is drawn as a deal plus a list of moves, each chosen among the legal
moves of the position it is made in, so every state is reachable by legal
play.  The deal is deal 1 (the one ``patience-rules show GAME`` shows) with
some pairs of cards swapped in its deck order; a failing example shrinks
towards deal 1 with no card displaced and towards fewer moves, preferring
draws.  The moves that reached the failing state are noted with the failure
in the notation, with the command that shows the deal::

    royal-cotillion deal 1 (patience-rules show royal-cotillion --deal 1), then 4 moves: draw draw draw draw

and drawn values print as the calls that rebuild them
(``state_from_text('royal-cotillion ...')``), so a report stays short.  A
move drawn by :func:`legal_moves` or :func:`illegal_moves` prints as the
call that makes it, and its notation is noted (``legal move drawn: T1-F1``),
as ``patience-rules play`` reads it.

With Hypothesis installed, the package's ``hypothesis`` entry point also
registers a strategy for each public value type, so that
``st.from_type(pr.State)``, ``st.builds(...)`` of classes with such fields
and ``@given(state=...)`` work without importing this module.

>>> from hypothesis import given, settings
>>> import patience_rules as pr
>>> from patience_rules.strategies import states
>>> @settings(max_examples=10)
... @given(states(pr.royal_cotillion(), max_moves=20))
... def test_cards_home_never_exceed_the_deck(state: pr.State) -> None:
...     assert state.cards_home <= len(state.rules.deck())
>>> test_cards_home_never_exceed_the_deck()
>>> states(pr.royal_cotillion(), max_moves=20)
states(royal_cotillion(), max_moves=20)
"""

from __future__ import annotations

import functools
import inspect
import itertools
import operator
import shlex
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Concatenate, Final, ParamSpec, Protocol, SupportsIndex, TypeVar

from .errors import _needs_extra

try:
    from hypothesis import note
    from hypothesis import strategies as st
    from hypothesis.errors import InvalidArgument
except ModuleNotFoundError as _missing:
    raise _needs_extra(__name__, "hypothesis", _missing) from _missing

import patience_rules as _package

from . import _checks
from .building import Build, BuildDict
from .cards import Card, Rank, Suit, _as_index, standard_deck
from .deals import MAX_DEAL_NUMBER
from .errors import PatienceRulesError, _shown
from .games import GameEntry, game_entries, game_names, get_game
from .layout import Layout, _per_layout
from .notation import (
    StateDict,
    cards_from_text,
    cards_to_text,
    game_to_text,
    state_from_text,
    state_to_dict,
    state_to_text,
)
from .observation import Observation, Observer
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
from .policies import Compulsion, Refill
from .records import GameRecord, RecordDict
from .rules import GameRules, RulesDict, _pickled_rules, is_registered
from .sequences import FoundationSequence, SequenceDict
from .state import Move, State, StateParts

__all__ = [
    "deal_numbers",
    "deals",
    "deck_orders",
    "games",
    "illegal_moves",
    "legal_moves",
    "states",
]

_T = TypeVar("_T")
_A = TypeVar("_A")
_P = ParamSpec("_P")

#: The deal whose deck order drawn decks shrink towards: the deal that
#: ``patience-rules show GAME`` and ``play GAME`` show when no deal is given.
_BASE_DEAL = 1
#: The most names :func:`games` takes (an endless iterable is read no further).
_MOST_NAMES = 10_000

#: A drawn deck gets at most this many swaps for each of its cards.
_SWAPS_PER_CARD = 2

#: The choice that goes on to another swap is drawn from 0 to this, and 0
#: ends the list.  Hypothesis draws a 0 more often than one time in 64, and
#: some examples with no swap at all: of 400 Royal Cotillion decks, the
#: median moved 32 of its 104 cards, a quarter moved more than 51, a fifth
#: 8 or fewer, and 6% none (deal 1 itself, which shrinking aims at anyway).
_MORE_SWAPS = 63


# -- reprs and printing ------------------------------------------------------


class _Printer(Protocol):
    def text(self, obj: str) -> None: ...


class _Shown:
    """An argument of a strategy, shown in the strategy's repr by a short text.

    Hypothesis shows a strategy as the call that made it, each argument by
    its pretty form; a game would show as every field of its rules.
    """

    __slots__ = ("text", "value")

    def __init__(self, value: object, text: str) -> None:
        self.value = value
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def _repr_pretty_(self, printer: _Printer, cycle: bool) -> None:
        printer.text(self.text)


def _strategy(
    name: str,
) -> Callable[[Callable[Concatenate[st.DrawFn, _P], _T]], Callable[_P, st.SearchStrategy[_T]]]:
    """:func:`hypothesis.strategies.composite`, shown under the public name ``name``."""

    def decorate(
        body: Callable[Concatenate[st.DrawFn, _P], _T],
    ) -> Callable[_P, st.SearchStrategy[_T]]:
        body.__name__ = body.__qualname__ = name
        return st.composite(body)

    return decorate


def _registered_name(rules: GameRules) -> str | None:
    """The registry name that makes exactly these rules, if there is one."""
    return _cached_for(rules, _registered_name_among)(rules, game_entries())


def _cached_for(rules: GameRules, cached: functools._lru_cache_wrapper[_T]) -> Callable[..., _T]:
    """``cached`` (a function under ``functools.lru_cache``, whose first argument is
    ``rules``) for a registered game, and the function it wraps, not cached, for any
    other: a cache of the module's would keep every composed game drawn alive until it
    is pushed out (some 40 MB each for 64 columns), and a composed game seldom comes
    twice."""
    return cached if is_registered(rules) else cached.__wrapped__


# The registry's entries are part of each key below: a game registered (or
# replaced) after a first answer gets an answer of its own.
@functools.lru_cache(maxsize=128)
def _registered_name_among(rules: GameRules, entries: tuple[GameEntry, ...]) -> str | None:
    for entry in entries:
        try:
            made = entry.make()
        except (PatienceRulesError, TypeError):  # pragma: no cover - a broken entry
            continue
        if made == rules:
            return entry.name
    return None


def _game_expression(rules: GameRules) -> str:
    """The rules as the call that makes them: ``royal_cotillion()``, ``easy_start(redeals=3)``."""
    return _cached_for(rules, _game_expression_among)(rules, game_entries())


@functools.lru_cache(maxsize=128)
def _game_expression_among(rules: GameRules, entries: tuple[GameEntry, ...]) -> str:
    options = dict(rules.options)
    for entry in entries:
        factory = entry.factory
        name = getattr(factory, "__name__", "")
        if getattr(_package, name, None) is not factory:
            continue
        # Options at their default values are left out: captive_queens(), not
        # captive_queens(redeals=2).
        defaults = {
            key: parameter.default
            for key, parameter in inspect.signature(factory).parameters.items()
        }
        given = {
            key: value
            for key, value in options.items()
            if not (type(value) is type(defaults.get(key)) and value == defaults[key])
        }
        try:
            made = factory(**given)
        except (PatienceRulesError, TypeError):
            continue
        if made == rules:
            arguments = ", ".join(f"{key}={value!r}" for key, value in given.items())
            return f"{name}({arguments})"
    try:
        if get_game(rules.name, **options) == rules:
            return f"get_game({rules.name!r}{''.join(f', {k}={v!r}' for k, v in rules.options)})"
    except (PatienceRulesError, TypeError):
        pass
    return f"GameRules(name={rules.name!r}, ...)"


def _shown_game(game: object) -> _Shown:
    text = _game_expression(game) if isinstance(game, GameRules) else _shown(game)
    return _Shown(game, text)


def _shown_state(state: object) -> _Shown:
    if isinstance(state, State):
        try:
            return _Shown(state, f"state_from_text({state_to_text(state)!r})")
        except PatienceRulesError:  # (a game the registry does not make has no text form)
            pass
    return _Shown(state, _shown(state))


def _printed_as_text(
    draw: st.DrawFn, value: _T, write: Callable[[_T], str], read: Callable[[str], _T]
) -> _T:
    """``value``, drawn so that Hypothesis prints it as ``read(write(value))``.

    A falsifying example then shows ``state_from_text('royal-cotillion ...')``
    (one line that rebuilds the value) rather than the value's fields.  A
    value that has no text form (a state of a game the registry does not
    make), or whose text form does not give it back exactly, is returned as
    it is, and printed as Hypothesis prints it.
    """
    try:
        text = write(value)
        exact = read(text) == value
    except PatienceRulesError:
        return value
    return draw(st.just(text).map(read)) if exact else value


# -- checking arguments -------------------------------------------------------


def _check_game(game: object, where: str) -> GameRules:
    if not isinstance(game, GameRules):
        raise InvalidArgument(
            f"{where} takes the rules of a game (a GameRules value, such as "
            f"patience_rules.royal_cotillion()), got {_shown(game)}"
        )
    return game


def _check_state(state: object, where: str) -> State:
    if not isinstance(state, State):
        raise InvalidArgument(f"{where} takes a State, such as game.deal(1), got {_shown(state)}")
    return state


def _check_flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidArgument(f"{name} must be True or False, got {_shown(value)}")
    return value


def _check_count(value: object, name: str) -> int:
    number = _as_index(value)  # (NumPy's integers too, as the deal numbers)
    if number is None or number < 0:
        raise InvalidArgument(f"{name} is a whole number of at least 0, got {_shown(value)}")
    return number


def _check_numbers(value: object, where: str) -> st.SearchStrategy[int] | None:
    if value is not None and not isinstance(value, st.SearchStrategy):
        raise InvalidArgument(
            f"{where} takes a strategy of deal numbers, such as deal_numbers() or "
            f"just(7), or None; got {_shown(value)}"
        )
    return value


def _check_deal_number(value: object, name: str) -> int:
    number = _as_index(value)  # (NumPy's integers too)
    if number is None or not 0 <= number <= MAX_DEAL_NUMBER:
        raise InvalidArgument(
            f"{name} must be a deal number (a whole number from 0 to {MAX_DEAL_NUMBER}), "
            f"got {_shown(value)}"
        )
    return number


# -- games and deal numbers ---------------------------------------------------

#: ``get_game``, made once per name: drawn rules print as ``get_game('name')``.
_get_game = functools.lru_cache(maxsize=128)(get_game)


@_strategy("games")
def _games(draw: st.DrawFn, *, names: _Shown | None = None) -> GameRules:
    if names is None:
        chosen: tuple[object, ...] = game_names()
    else:
        value = names.value
        if isinstance(value, str | bytes | bytearray):
            spelled = value if isinstance(value, str) else value.decode("utf-8", "replace")
            raise InvalidArgument(
                f"games(names=...) takes a list of names, not one string: got {value!r}; "
                f"write names=[{spelled!r}]"
            )
        if not isinstance(value, tuple):
            raise InvalidArgument(
                f"games(names=...) takes a list of game names, got {_shown(value)}"
            )
        if not value:
            raise InvalidArgument("games(names=...) needs at least one game name, got none")
        if len(value) > _MOST_NAMES:
            raise InvalidArgument(
                f"games(names=...) takes at most {_MOST_NAMES} game names, got more"
            )
        chosen = value
    for name in chosen:
        try:
            _get_game(name)
        except (PatienceRulesError, TypeError):
            raise InvalidArgument(
                f"games(names=...) holds {_shown(name)}, which is not a registered game: "
                f"expected names from {', '.join(game_names())}"
            ) from None
    return draw(st.sampled_from(chosen).map(_get_game))


def games(*, names: Iterable[str] | None = None) -> st.SearchStrategy[GameRules]:
    """The rules of registered games: one for each registered name.

    A variant registered under a name of its own is drawn
    (``easy-start-parlett``); a variant by options (``klondike[draw=3]``)
    is not: draw those with ``sampled_from([get_game("klondike", draw=3),
    ...])``.

    :param names: draw only these registry names (or aliases); by default
        every registered name, so a newly registered game is drawn too.
    :raises InvalidArgument: (when first drawn from) if ``names`` is empty,
        is a single string, or holds a name that is not registered.

    A drawn game shrinks towards the first name, and prints as
    ``get_game('royal-cotillion')``.

    >>> from hypothesis import given, settings
    >>> import patience_rules as pr
    >>> @settings(max_examples=5)
    ... @given(games(names=["easy-start", "quadrille"]))
    ... def test_one_deck(game: pr.GameRules) -> None:
    ...     assert game.decks == 1
    >>> test_one_deck()
    >>> games(names=["easy-start", "quadrille"])
    games(names=['easy-start', 'quadrille'])
    """
    if names is None or isinstance(names, str | bytes | bytearray) or not _checks.iterable(names):
        shown = None if names is None else _Shown(names, _shown(names))
    else:
        listed = tuple(itertools.islice(names, _MOST_NAMES + 1))
        shown = _Shown(listed, _shown(list(listed), limit=200))
    return _games(names=shown)


@_strategy("deal_numbers")
def _deal_numbers(draw: st.DrawFn, *, min_value: int = 0, max_value: int = MAX_DEAL_NUMBER) -> int:
    low = _check_deal_number(min_value, "deal_numbers(min_value=...)")
    high = _check_deal_number(max_value, "deal_numbers(max_value=...)")
    if low > high:
        raise InvalidArgument(
            f"deal_numbers() needs min_value <= max_value, got min_value={low} and max_value={high}"
        )
    return draw(st.integers(low, high))


def deal_numbers(*, min_value: int = 0, max_value: int = MAX_DEAL_NUMBER) -> st.SearchStrategy[int]:
    """Deal numbers from ``min_value`` to ``max_value``, shrinking towards ``min_value``.

    A deal number gives the same deal everywhere (:meth:`GameRules.deal
    <patience_rules.GameRules.deal>`, ``patience-rules show GAME --deal N``).
    Pass this strategy as ``deal_numbers=`` to :func:`deals` or
    :func:`states` to draw games dealt by number (a game whose deal numbers
    stop sooner, FreeCell, deals a larger one modulo its count of deals).

    :raises InvalidArgument: (when first drawn from) unless both bounds are
        deal numbers (0 to :data:`~patience_rules.MAX_DEAL_NUMBER`) and
        ``min_value <= max_value``.

    >>> from hypothesis import given, settings
    >>> import patience_rules as pr
    >>> game = pr.captive_queens()
    >>> @settings(max_examples=5)
    ... @given(deal_numbers(max_value=999))
    ... def test_every_deal_number_deals(number: int) -> None:
    ...     assert game.deal(number).stock_size == 52
    >>> test_every_deal_number_deals()
    >>> deal_numbers(max_value=999)
    deal_numbers(max_value=999)
    """
    return _deal_numbers(min_value=min_value, max_value=max_value)


# -- deck orders and deals ----------------------------------------------------


@functools.lru_cache(maxsize=64)
def _kept_base_order(rules: GameRules) -> tuple[Card, ...]:
    return rules.deck_order(_BASE_DEAL)


@functools.lru_cache(maxsize=512)
def _kept_dealt(rules: GameRules, number: int) -> State:
    return rules.deal(number)


def _base_order(rules: GameRules) -> tuple[Card, ...]:
    """Deal 1's deck order of ``rules`` (kept for a registered game)."""
    return _cached_for(rules, _kept_base_order)(rules)


def _dealt(rules: GameRules, number: int) -> State:
    """Deal ``number`` of ``rules`` (kept for a registered game)."""
    return _cached_for(rules, _kept_dealt)(rules, number)


def _draw_order(draw: st.DrawFn, base: tuple[Card, ...]) -> tuple[Card, ...]:
    """``base``, deal 1's deck order, with pairs of cards swapped, as the choices direct.

    Each swap is a choice that goes on (any value but 0, which ends the
    list), then a choice that names two positions.  The shrinker deletes
    swaps, or lowers them to swap a card with itself, so a deck shrinks
    towards deal 1's order one displaced pair at a time.
    """
    order = list(base)
    size = len(order)
    more = st.integers(0, _MORE_SWAPS)
    pairs = st.integers(0, size * size - 1)
    for _ in range(_SWAPS_PER_CARD * size):
        if not draw(more):
            break
        i, j = divmod(draw(pairs), size)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def _spaced_cards(cards: Sequence[Card]) -> str:
    return cards_to_text(cards, " ")


@_strategy("deck_orders")
def _deck_orders(draw: st.DrawFn, game: _Shown) -> tuple[Card, ...]:
    rules = _check_game(game.value, "deck_orders()")
    order = _draw_order(draw, _base_order(rules))
    return _printed_as_text(draw, order, _spaced_cards, cards_from_text)


def deck_orders(game: GameRules) -> st.SearchStrategy[tuple[Card, ...]]:
    """Deck orders of ``game``: arrangements of its cards, first card dealt first.

    Any arrangement can be drawn.  An order is drawn as the deck order of
    deal 1 with pairs of cards swapped, and shrinks towards deal 1's order
    by deleting swaps (usually to as few cards displaced as the failure
    needs; now and then a cycle of three where one swap would do).  It
    prints as
    ``cards_from_text('3D 8S JC ...')``.

    :raises InvalidArgument: (when first drawn from) if ``game`` is not a
        :class:`~patience_rules.GameRules`.

    >>> from hypothesis import given, settings
    >>> import patience_rules as pr
    >>> game = pr.captive_queens()
    >>> @settings(max_examples=5)
    ... @given(deck_orders(game))
    ... def test_every_order_deals(order: tuple[pr.Card, ...]) -> None:
    ...     assert sorted(order) == sorted(game.deck())
    ...     assert game.deal_from(order).stock == order[::-1]
    >>> test_every_order_deals()
    """
    return _deck_orders(_shown_game(game))


class _Start:
    """How a drawn game began: a deal number, or deal 1's deck order with cards swapped."""

    __slots__ = ("number", "order", "state")

    def __init__(self, state: State, number: int | None, order: tuple[Card, ...]) -> None:
        self.state = state
        self.number = number
        self.order = order


def _draw_start(
    draw: st.DrawFn, rules: GameRules, numbers: st.SearchStrategy[int] | None, where: str
) -> _Start:
    if numbers is not None:
        number = _check_deal_number(draw(numbers), f"a number drawn from {where}")
        # (a number past the game's largest deals as itself modulo the count of deals)
        number %= rules.max_deal_number + 1
        return _Start(_dealt(rules, number), number, ())
    base = _base_order(rules)
    order = _draw_order(draw, base)
    if order == base:
        return _Start(_dealt(rules, _BASE_DEAL), _BASE_DEAL, ())
    return _Start(rules.deal_from(order), None, order)


def _draw_play(draw: st.DrawFn, start: State, max_moves: int) -> tuple[State, list[Move]]:
    """Up to ``max_moves`` legal moves from ``start``, as the choices direct.

    Each move is one choice that goes on (any value but 0) and one that
    picks a legal move, the draw first and then the rest in the engine's
    order.  A 0 is then confirmed by a second choice that must be 0 too
    before the game ends there: Hypothesis draws 0 far more often than one
    time in ``max_moves + 1`` (one in twenty to twenty-five from 0 to 50), which
    alone ended most games within a few moves; the shrinker lowers both to 0 where a shorter
    game keeps the failure.
    """
    state = start
    made: list[Move] = []
    more = st.integers(0, max(max_moves, 1))
    for _ in range(max_moves):
        moves = state.legal_moves()
        if not moves:
            break
        ordered = sorted(moves, key=_draws_first)
        go_on, index = draw(st.tuples(more, st.integers(0, len(ordered) - 1)))
        if not go_on and not draw(more):
            break
        move = ordered[index]
        made.append(move)
        state = state.apply(move)
    return state, made


def _draws_first(move: Move) -> bool:
    return not move.is_draw


def _describe_start(rules: GameRules, start: _Start) -> tuple[str, str | None]:
    """The deal in words (with the command that shows it), and a line with the deck order."""
    if start.number is not None:
        words = f"deal {start.number}"
        command = _show_command(rules, start.number)
        if command is not None:
            words += f" ({command})"
        return words, None
    base = _base_order(rules)
    moved = [p for p, (card, was) in enumerate(zip(start.order, base, strict=True)) if card != was]
    if len(moved) == 2 and start.order[moved[0]] == base[moved[1]]:
        first, second = moved
        words = (
            f"deal {_BASE_DEAL} with {base[first]} and {base[second]} swapped in its deck order "
            f"(cards {first + 1} and {second + 1})"
        )
    else:
        words = f"deal {_BASE_DEAL} with {len(moved)} cards of its deck order moved"
    return words, f"deck order: {cards_to_text(start.order, ' ')}"


def _note_game(rules: GameRules, start: _Start, made: Sequence[Move]) -> None:
    words, deck = _describe_start(rules, start)
    game = _registered_name(rules) or _game_named(rules)
    if made:
        count = f"{len(made)} move{'' if len(made) == 1 else 's'}"
        played = f"then {count}: {' '.join(str(move) for move in made)}"
    else:
        played = "no moves"
    note(f"{game} {words}, {played}")
    if deck is not None:
        note(deck)


def _show_command(rules: GameRules, number: int) -> str | None:
    """The command that shows deal ``number``, for a game of the library (the command knows no other).

    A game of the library is one that a pickle names by its name and
    options (``rules._pickled_rules``); any other travels whole.
    """
    if _pickled_rules(rules) is rules:
        return None
    return f"patience-rules show {shlex.quote(game_to_text(rules))} --deal {number}"


def _game_named(rules: GameRules) -> str:
    """The game's text form, or for a game the registry does not make, its title and name."""
    try:
        return game_to_text(rules)
    except PatienceRulesError:
        return f"{rules.title} (rules named {rules.name!r}, not registered)"


@_strategy("deals")
def _deals(
    draw: st.DrawFn, game: _Shown, *, deal_numbers: st.SearchStrategy[int] | None = None
) -> State:
    rules = _check_game(game.value, "deals()")
    numbers = _check_numbers(deal_numbers, "deals(deal_numbers=...)")
    start = _draw_start(draw, rules, numbers, "deals(deal_numbers=...)")
    _note_game(rules, start, ())
    return _printed_as_text(draw, start.state, state_to_text, state_from_text)


def deals(
    game: GameRules, *, deal_numbers: st.SearchStrategy[int] | None = None
) -> st.SearchStrategy[State]:
    """Starting states of ``game``.

    By default a deal is dealt from a deck order of :func:`deck_orders`,
    and shrinks towards deal 1.  With ``deal_numbers`` (a strategy of deal
    numbers, such as :func:`deal_numbers` or ``just(7)``) it is the deal of a
    drawn number; a number past the game's largest deal number
    (:attr:`GameRules.max_deal_number <patience_rules.GameRules.max_deal_number>`:
    FreeCell's, Microsoft's, stop at 2**31 - 1) deals that number modulo
    the count of the game's deals, so ``deal_numbers()`` serves every game,
    and the note names the deal dealt.  The deal is noted with the failure, and a drawn state
    prints as ``state_from_text('...')`` (a state of a game that the
    registry does not make has no text form, and prints as its repr).

    :raises InvalidArgument: (when first drawn from) if ``game`` is not a
        :class:`~patience_rules.GameRules`, if ``deal_numbers`` is not a
        strategy, or if it draws something that is not a deal number.

    >>> from hypothesis import given, settings
    >>> import patience_rules as pr
    >>> @settings(max_examples=5)
    ... @given(deals(pr.odd_and_even()))
    ... def test_the_layout(state: pr.State) -> None:
    ...     assert (len(state.cells), len(state.stock), state.cards_home) == (9, 87, 8)
    >>> test_the_layout()
    """
    return _deals(_shown_game(game), deal_numbers=deal_numbers)


@_strategy("states")
def _states(
    draw: st.DrawFn,
    game: _Shown,
    *,
    max_moves: SupportsIndex = 50,
    deal_numbers: st.SearchStrategy[int] | None = None,
) -> State:
    rules = _check_game(game.value, "states()")
    most = _check_count(max_moves, "states(max_moves=...)")
    numbers = _check_numbers(deal_numbers, "states(deal_numbers=...)")
    start = _draw_start(draw, rules, numbers, "states(deal_numbers=...)")
    state, made = _draw_play(draw, start.state, most)
    _note_game(rules, start, made)
    return _printed_as_text(draw, state, state_to_text, state_from_text)


def states(
    game: GameRules,
    *,
    max_moves: SupportsIndex = 50,
    deal_numbers: st.SearchStrategy[int] | None = None,
) -> st.SearchStrategy[State]:
    """States of ``game`` reached by legal play: a deal, then up to ``max_moves`` moves.

    The deal comes from :func:`deals` (with the same ``deal_numbers``);
    then moves are drawn one at a time, each among the legal moves of the
    position it is made in, until ``max_moves`` are made, the game is over,
    or a choice ends the game early (a choice ends from a twentieth to
    two fifths of the first hundred games early, by the game and the seed;
    about one in four of them has no move at all, and some states come
    more than once).  The deal and the moves are noted with a failure, in the
    notation, with the command that shows the deal; the state prints as
    ``state_from_text('...')`` (as :func:`deals` says).

    How it shrinks: towards fewer moves, towards draws (a draw means the
    same in every position: it turns the next card of the stock), then
    towards earlier moves in the engine's order, and towards deal 1 with no
    card displaced.  With ``deal_numbers``, towards smaller deal numbers
    instead (see the guide for when that finds shorter examples).

    Random play seldom reaches the end of a game, and a failure that needs
    hundreds of moves shrinks slowly: for properties of late positions,
    draw the states of a won game (see :ref:`late-positions`).  Fifty moves,
    the default, do not empty a stock of more cards than that (Royal
    Cotillion's 68, Sultan's 87, Windmill's 95): give ``max_moves`` a few
    hundred for positions after the stock, a redeal or a win.

    :param max_moves: the most moves to play from the deal, 0 or more.
    :param deal_numbers: a strategy of deal numbers to deal the game by
        (:func:`deal_numbers`, ``just(7)``), or ``None`` for deal 1's deck
        order with cards swapped.
    :raises InvalidArgument: (when first drawn from) if ``game`` is not a
        :class:`~patience_rules.GameRules`, if ``max_moves`` is not a whole
        number of at least 0, or as :func:`deals` does for ``deal_numbers``.

    >>> from hypothesis import given, settings
    >>> import patience_rules as pr
    >>> game = pr.easy_start()
    >>> @settings(max_examples=5)
    ... @given(states(game, max_moves=10))
    ... def test_laid_out_cards_stay_home(state: pr.State) -> None:
    ...     assert state.cards_home >= 12
    >>> test_laid_out_cards_stay_home()


    A bad argument is reported when the strategy is first drawn from:

    >>> from hypothesis.errors import InvalidArgument
    >>> bad = states(game, max_moves=-1)
    >>> bad
    states(easy_start(), max_moves=-1)
    >>> @given(bad)
    ... def test_nothing(state: pr.State) -> None:
    ...     pass
    >>> try:
    ...     test_nothing()
    ... except InvalidArgument as error:
    ...     print(error)
    states(max_moves=...) is a whole number of at least 0, got -1
    """
    return _states(_shown_game(game), max_moves=max_moves, deal_numbers=deal_numbers)


# -- moves ---------------------------------------------------------------------


@_strategy("legal_moves")
def _legal_moves(draw: st.DrawFn, state: _Shown) -> Move:
    checked = _check_state(state.value, "legal_moves()")
    moves = checked.legal_moves()
    if not moves:
        draw(st.nothing())  # a finished game: the example is rejected
    move: Move = draw(st.sampled_from(moves))
    note(f"legal move drawn: {move}")
    return move


def legal_moves(state: State) -> st.SearchStrategy[Move]:
    """The legal moves of ``state``, shrinking towards the first in the engine's order.

    A state that is over has no legal move: drawing from it rejects the
    example (as :func:`hypothesis.strategies.nothing` would), so draw from
    states that are not over.  The move prints as the call that makes it,
    and a failure notes it in the notation (``legal move drawn: T1-F1``).

    :raises InvalidArgument: (when first drawn from) if ``state`` is not a
        :class:`~patience_rules.State`.

    >>> from hypothesis import given, settings
    >>> import patience_rules as pr
    >>> state = pr.royal_cotillion().deal(7)
    >>> @settings(max_examples=5)
    ... @given(legal_moves(state))
    ... def test_a_move_changes_the_state(move: pr.Move) -> None:
    ...     assert state.apply(move) != state
    >>> test_a_move_changes_the_state()
    """
    return _legal_moves(_shown_state(state))


def _layout_moves(layout: Layout, outside_layout: bool) -> tuple[tuple[Move, ...], dict[Move, int]]:
    """Every move from a pile of the layout to a pile of the layout, runs of every length included,
    with each move's position in that order.

    The piles are the layout's places, with the stock and the waste;
    ``outside_layout`` adds, for each kind of pile, one past the last (a
    first one, for a kind the game lacks).  Read through :data:`_MOVES_OF`.
    """
    places = {*layout.places, Place(PileKind.STOCK), Place(PileKind.WASTE)}
    if outside_layout:
        for kind in PileKind:
            indices = [place.index for place in places if place.kind is kind]
            places.add(Place(kind, max(indices) + 1 if indices else 0))
    ordered = sorted(places)
    counts = range(1, layout.max_run + 1)  # (runs as long as the layout moves)
    moves = tuple(
        Move(source, target, count) for source in ordered for target in ordered for count in counts
    )
    return moves, {move: i for i, move in enumerate(moves)}


#: :func:`_layout_moves` of a layout without and with ``outside_layout``, worked
#: out once for each layout and kept with it (so it goes with a composed game).
_MOVES_OF: Final = {
    wide: _per_layout(functools.partial(_layout_moves, outside_layout=wide))
    for wide in (False, True)
}


@_strategy("illegal_moves")
def _illegal_moves(draw: st.DrawFn, state: _Shown, *, outside_layout: bool = False) -> Move:
    checked = _check_state(state.value, "illegal_moves()")
    wide = _check_flag(outside_layout, "illegal_moves(outside_layout=...)")
    moves, position = _MOVES_OF[wide](checked.rules.layout)
    # The refused moves are the layout's moves but the legal ones: the i-th
    # refused move is found by stepping over the legal moves' positions,
    # without listing the thousands of refused moves at every draw.  A
    # layout always has moves that no rule allows (waste to waste, say), so
    # there is always one.
    legal = sorted({position[move] for move in checked.legal_moves() if move in position})
    i = draw(st.integers(0, len(moves) - len(legal) - 1))
    for at in legal:
        if at > i:
            break
        i += 1
    note(f"illegal move drawn: {moves[i]}")
    return moves[i]


def illegal_moves(state: State, *, outside_layout: bool = False) -> st.SearchStrategy[Move]:
    """Well-formed moves that the rules refuse in ``state``.

    Every move from a pile of the layout to a pile of the layout that is
    not among ``state.legal_moves()`` (where runs move, runs of every length
    up to the longest the layout moves): plays that the foundations do not
    take, plays from empty piles, moves between cells or columns, moves off
    a foundation, a draw from an empty stock, a redeal that is not allowed,
    and, where every move is compulsory, any move but the one to make.
    :meth:`State.apply <patience_rules.State.apply>` refuses each with
    :class:`~patience_rules.IllegalMoveError`.  The piles of the layout are
    those the game's :class:`~patience_rules.ActionSpace` names, with the
    stock and the waste.  A failure notes the move in the notation
    (``illegal move drawn: W-W``).

    :param outside_layout: also draw moves naming piles the game does not
        have (one past the last column, cell and foundation; a middle,
        where the game has none).
    :raises InvalidArgument: (when first drawn from) if ``state`` is not a
        :class:`~patience_rules.State` or ``outside_layout`` is not a bool.

    >>> import pytest
    >>> from hypothesis import given, settings
    >>> import patience_rules as pr
    >>> state = pr.captive_queens().deal(1)
    >>> @settings(max_examples=5)
    ... @given(illegal_moves(state))
    ... def test_refused(move: pr.Move) -> None:
    ...     with pytest.raises(pr.IllegalMoveError):
    ...         state.apply(move)
    >>> test_refused()
    """
    return _illegal_moves(_shown_state(state), outside_layout=outside_layout)


# -- the strategies of the public types (registered through Hypothesis's entry point) --


def _moves_of_layout(rules: GameRules) -> st.SearchStrategy[Move]:
    return st.sampled_from(rules.layout.moves)


def _places_of_layout(rules: GameRules) -> st.SearchStrategy[Place]:
    return st.sampled_from(rules.layout.places)


@_strategy("records")
def _records(draw: st.DrawFn, rules: GameRules) -> GameRecord:
    start = _draw_start(draw, rules, None, "records()")
    _, made = _draw_play(draw, start.state, 50)
    record = GameRecord(rules, start.number if start.number is not None else start.order, made)
    return _printed_as_text(draw, record, GameRecord.to_text, _record_from_text)


def _called(name: str, function: Callable[[_A], _T]) -> Callable[[_A], _T]:
    """``function``, named ``name``: the call that rebuilds what it returns.

    Hypothesis prints a mapped value as the function's ``__name__`` called
    on its argument (``GameRecord.from_text('...')``).
    """

    def call(value: _A) -> _T:
        return function(value)

    call.__name__ = call.__qualname__ = name
    return call


_record_from_text = _called("GameRecord.from_text", GameRecord.from_text)
_record_dict = _called("GameRecord.to_dict", GameRecord.to_dict)
_rules_dict = _called("GameRules.to_dict", GameRules.to_dict)
_build_dict = _called("Build.to_dict", Build.to_dict)


def _observed(state: State) -> st.SearchStrategy[Observation]:
    # (flatmapped, so that the observation prints as its repr, a call)
    return st.just(Observer(state.rules).observe(state))


def _parts_of(state: State) -> st.SearchStrategy[StateParts]:
    # (flatmapped, so that the parts print as themselves)
    return st.just(state.parts())


def _parts_of_registered_games() -> dict[type, list[object]]:
    parts: dict[type, list[object]] = {}
    for name in game_names():
        rules = get_game(name)
        values: list[object] = [*rules.foundations, rules.stock]
        values += [foundation.sequence for foundation in rules.foundations]
        values += [part for part in (rules.tableau, rules.reserve, rules.middle) if part]
        for value in values:
            known = parts.setdefault(type(value), [])
            if value not in known:
                known.append(value)
    return parts


def _part_of(kind: type) -> st.SearchStrategy[object]:
    return st.sampled_from(_parts_of_registered_games()[kind])


def _part_form(kind: type, form: type) -> st.SearchStrategy[object]:
    # (the dicts themselves, which print as they are)
    parts: list[Any] = _parts_of_registered_games()[kind]
    return st.sampled_from([part.to_dict() for part in parts])


#: Each part's class and the type of its dict form.
_PART_FORMS: tuple[tuple[type, type], ...] = (
    (FoundationSequence, SequenceDict),
    (Foundation, FoundationDict),
    (Tableau, TableauDict),
    (Reserve, ReserveDict),
    (Middle, MiddleDict),
    (Stock, StockDict),
)


def _register_types() -> None:
    """Register a strategy for each public value type (see :mod:`patience_rules._hypothesis`).

    Registering twice is harmless: the later registration replaces the
    earlier one.
    """
    st.register_type_strategy(Card, st.sampled_from(standard_deck()))
    st.register_type_strategy(Rank, st.sampled_from(Rank))
    st.register_type_strategy(Suit, st.sampled_from(Suit))
    st.register_type_strategy(PileKind, st.sampled_from(PileKind))
    st.register_type_strategy(Compulsion, st.sampled_from(Compulsion))
    st.register_type_strategy(Refill, st.sampled_from(Refill))
    # The others are made when first asked for, so that a game registered
    # after Hypothesis is imported is drawn too, and importing Hypothesis
    # stays cheap.
    st.register_type_strategy(GameRules, lambda _: games())
    st.register_type_strategy(State, lambda _: games().flatmap(states))
    st.register_type_strategy(Move, lambda _: games().flatmap(_moves_of_layout))
    st.register_type_strategy(Place, lambda _: games().flatmap(_places_of_layout))
    st.register_type_strategy(GameRecord, lambda _: games().flatmap(_records))
    st.register_type_strategy(Layout, lambda _: games().map(operator.attrgetter("layout")))
    st.register_type_strategy(Observation, lambda _: games().flatmap(states).flatmap(_observed))
    st.register_type_strategy(StateDict, lambda _: games().flatmap(states).map(state_to_dict))
    st.register_type_strategy(StateParts, lambda _: games().flatmap(states).flatmap(_parts_of))
    st.register_type_strategy(GameEntry, lambda _: st.sampled_from(game_entries()))
    st.register_type_strategy(RecordDict, lambda _: games().flatmap(_records).map(_record_dict))
    st.register_type_strategy(RulesDict, lambda _: games().map(_rules_dict))
    # (every Build is valid: Hypothesis draws any from its fields; st.builds(Build)
    # would fill no field that has a default)
    st.register_type_strategy(BuildDict, lambda _: st.from_type(Build).map(_build_dict))
    for kind, form in _PART_FORMS:
        st.register_type_strategy(kind, _part_of)
        st.register_type_strategy(form, functools.partial(_part_form, kind))


_register_types()
