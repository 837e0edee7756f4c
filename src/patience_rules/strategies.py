"""Hypothesis strategies for property-based tests of code that uses patience games.

This module needs Hypothesis (``pip install patience-rules[hypothesis]``);
``import patience_rules`` alone never imports it.

The strategies follow Hypothesis's own style: plural nouns, keyword
arguments checked when the strategy is made (a bad one raises
:class:`hypothesis.errors.InvalidArgument`), and values that shrink well.
A state is drawn as a deal plus a list of move choices, so a failing
example shrinks towards a short game from the deck in card order, and the
moves that reached it are printed with the failure.

>>> from hypothesis import given, settings
>>> import patience_rules as pr
>>> from patience_rules.strategies import states
>>> @settings(max_examples=10)
... @given(states(pr.get_game("royal-cotillion"), max_moves=20))
... def test_cards_home_never_exceed_the_deck(state):
...     assert state.cards_home <= len(state.rules.deck())
>>> test_cards_home_never_exceed_the_deck()
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from .cards import Card
from .games import game_names, get_game
from .piles import PileKind, Place
from .rules import GameRules
from .state import Move, State

__all__ = [
    "deals",
    "deck_orders",
    "games",
    "illegal_moves",
    "legal_moves",
    "states",
]


def _check_game(game: object, where: str) -> GameRules:
    if not isinstance(game, GameRules):
        raise InvalidArgument(
            f"{where} takes the rules of a game (a GameRules value, such as "
            f"patience_rules.get_game('royal-cotillion')), got {game!r}"
        )
    return game


def _check_state(state: object, where: str) -> State:
    if not isinstance(state, State):
        raise InvalidArgument(f"{where} takes a State, such as game.deal(1), got {state!r}")
    return state


def _check_flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidArgument(f"{name} must be True or False, got {value!r}")
    return value


def games(*, names: Iterable[str] | None = None) -> st.SearchStrategy[GameRules]:
    """The rules of registered games, every variant included.

    :param names: draw only these registry names (or aliases); by default
        every registered name.  It shrinks towards the first name.
    :raises InvalidArgument: if ``names`` is empty or holds a name that is
        not registered.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5)
    ... @given(games(names=["easy-start", "quadrille"]))
    ... def test_one_deck(game):
    ...     assert game.decks == 1
    >>> test_one_deck()
    >>> games(names=["klondike"])
    Traceback (most recent call last):
    ...
    hypothesis.errors.InvalidArgument: games(names=...) holds 'klondike', which is not a registered game: expected names from captive-queens, easy-start, easy-start-parlett, odd-and-even, royal-cotillion, royal-cotillion-stock-refill
    """
    if names is None:
        chosen = list(game_names())
    else:
        if isinstance(names, str):
            raise InvalidArgument(
                f"games(names=...) takes a list of names, not one string: got {names!r}; "
                f"write names=[{names!r}]"
            )
        chosen = list(names)
        if not chosen:
            raise InvalidArgument("games(names=...) needs at least one game name, got none")
    rules = []
    for name in chosen:
        try:
            rules.append(get_game(name))
        except (LookupError, TypeError):
            raise InvalidArgument(
                f"games(names=...) holds {name!r}, which is not a registered game: "
                f"expected names from {', '.join(game_names())}"
            ) from None
    return st.sampled_from(rules)


def deck_orders(game: GameRules) -> st.SearchStrategy[tuple[Card, ...]]:
    """Deck orders of ``game``: every arrangement of its cards, first card dealt first.

    They shrink towards the deck in card order.

    >>> from hypothesis import given, settings
    >>> import patience_rules as pr
    >>> game = pr.get_game("captive-queens")
    >>> @settings(max_examples=5)
    ... @given(deck_orders(game))
    ... def test_every_order_deals(order):
    ...     assert sorted(order) == sorted(game.deck())
    ...     assert game.deal_from(order).stock == order[::-1]
    >>> test_every_order_deals()
    """
    rules = _check_game(game, "deck_orders()")
    return st.permutations(rules.deck()).map(tuple)


def deals(game: GameRules) -> st.SearchStrategy[State]:
    """Starting states of ``game``, dealt from the orders of :func:`deck_orders`.

    >>> from hypothesis import given, settings
    >>> import patience_rules as pr
    >>> @settings(max_examples=5)
    ... @given(deals(pr.get_game("odd-and-even")))
    ... def test_the_layout(state):
    ...     assert (len(state.cells), len(state.stock), state.cards_home) == (9, 87, 8)
    >>> test_the_layout()
    """
    rules = _check_game(game, "deals()")
    return deck_orders(rules).map(rules.deal_from)


def states(game: GameRules, *, max_moves: int = 50) -> st.SearchStrategy[State]:
    """States of ``game`` reached by legal play: a deal, then up to ``max_moves`` moves.

    The deal comes from :func:`deals`; then a number of moves is drawn and
    each move is drawn from the legal moves of the state it is made in
    (play stops early at the end of the game).  A failing example shrinks
    to fewer moves, earlier moves in the engine's order and a deck closer
    to card order; the moves played are shown with it (``note``).

    :param max_moves: the most moves to play from the deal, 0 or more.
    :raises InvalidArgument: if ``max_moves`` is not a whole number of at
        least 0.

    >>> from hypothesis import given, settings
    >>> import patience_rules as pr
    >>> game = pr.get_game("easy-start")
    >>> @settings(max_examples=5)
    ... @given(states(game, max_moves=10))
    ... def test_laid_out_cards_stay_home(state):
    ...     assert state.cards_home >= 12
    >>> test_laid_out_cards_stay_home()
    >>> states(game, max_moves=-1)
    Traceback (most recent call last):
    ...
    hypothesis.errors.InvalidArgument: states(max_moves=...) is a whole number of at least 0, got -1
    """
    rules = _check_game(game, "states()")
    if not isinstance(max_moves, int) or isinstance(max_moves, bool) or max_moves < 0:
        raise InvalidArgument(
            f"states(max_moves=...) is a whole number of at least 0, got {max_moves!r}"
        )

    @st.composite
    def played(draw: st.DrawFn) -> State:
        state = draw(deals(rules))
        count = draw(st.integers(min_value=0, max_value=max_moves))
        made: list[Move] = []
        for _ in range(count):
            moves = state.legal_moves()
            if not moves:
                break
            move = draw(st.sampled_from(moves))
            made.append(move)
            state = state.apply(move)
        note(
            f"{rules.name}: {len(made)} moves from the deal: {', '.join(map(repr, made)) or 'none'}"
        )
        return state

    return played()


def legal_moves(state: State) -> st.SearchStrategy[Move]:
    """The legal moves of ``state``, shrinking towards the first in the engine's order.

    A state that is over has no legal move: for it this is
    :func:`hypothesis.strategies.nothing`, so draw from states that are
    not over.

    >>> from hypothesis import given, settings
    >>> import patience_rules as pr
    >>> state = pr.get_game("royal-cotillion").deal(7)
    >>> @settings(max_examples=5)
    ... @given(legal_moves(state))
    ... def test_a_move_changes_the_state(move):
    ...     assert state.apply(move) != state
    >>> test_a_move_changes_the_state()
    """
    checked = _check_state(state, "legal_moves()")
    moves = checked.legal_moves()
    return st.sampled_from(moves) if moves else st.nothing()


@functools.lru_cache(maxsize=64)
def _well_formed_moves(rules: GameRules, outside_layout: bool) -> st.SearchStrategy[Move]:
    """Every move from a pile of the layout to a pile of the layout (and one past each).

    Made once per game.  An index into the moves, not ``sampled_from``:
    filtering ``sampled_from`` makes a new strategy that hashes every move.
    """
    extra = 1 if outside_layout else 0
    counts = {
        PileKind.STOCK: 1,
        PileKind.WASTE: 1,
        PileKind.COLUMN: rules.tableau.columns if rules.tableau is not None else 0,
        PileKind.CELL: rules.reserve.cells if rules.reserve is not None else 0,
        PileKind.FOUNDATION: len(rules.foundations),
        PileKind.MIDDLE: 1 if rules.middle is not None else 0,
    }
    places = [Place(kind, i) for kind, count in counts.items() for i in range(count + extra)]
    moves = [Move(source, target) for source in places for target in places]
    return st.integers(min_value=0, max_value=len(moves) - 1).map(moves.__getitem__)


def illegal_moves(state: State, *, outside_layout: bool = False) -> st.SearchStrategy[Move]:
    """Well-formed moves that the rules refuse in ``state``.

    Every move from a pile of the layout to a pile of the layout that is
    not among ``state.legal_moves()``: plays that the foundations do not
    take, plays from empty piles, moves between cells or columns, moves off
    a foundation, a draw from an empty stock, a redeal that is not allowed,
    and, where every move is compulsory, any move but the one to make.
    :meth:`State.apply` refuses each with
    :class:`~patience_rules.IllegalMoveError`.

    :param outside_layout: also draw moves naming piles the game does not
        have (one past the last column, cell and foundation; a middle,
        where the game has none).

    >>> import pytest
    >>> from hypothesis import given, settings
    >>> import patience_rules as pr
    >>> state = pr.get_game("captive-queens").deal(1)
    >>> @settings(max_examples=5)
    ... @given(illegal_moves(state))
    ... def test_refused(move):
    ...     with pytest.raises(pr.IllegalMoveError):
    ...         state.apply(move)
    >>> test_refused()
    """
    checked = _check_state(state, "illegal_moves()")
    wide = _check_flag(outside_layout, "illegal_moves(outside_layout=...)")
    legal = frozenset(checked.legal_moves())
    # A layout always has moves that no rule allows (waste to waste, say),
    # so the filter never rules out every candidate.
    return _well_formed_moves(checked.rules, wide).filter(lambda move: move not in legal)
