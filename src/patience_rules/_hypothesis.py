"""Hypothesis's entry point: strategies for the library's public value types.

Hypothesis runs :func:`_hypothesis_setup_hook` when it is imported, through
the ``hypothesis`` entry point that the package declares, so that
``st.from_type(pr.State)``, ``st.builds(...)`` of a class with a ``GameRules``
field, and ``@given(state=...)`` with type annotations work once Hypothesis
is installed, without ``import patience_rules`` ever importing Hypothesis.

Each type gets a strategy that draws valid values only: rules of registered
games (:func:`~patience_rules.strategies.games`), states reached by legal
play (:func:`~patience_rules.strategies.states`), moves and places of a
game's layout, records of legal games, and the parts of registered games.
"""

from __future__ import annotations

from hypothesis import strategies as st

from .actions import ActionSpace
from .cards import Card, Rank, Suit, standard_deck
from .games import game_names, get_game
from .piles import Foundation, Middle, PileKind, Place, Reserve, Stock, Tableau
from .policies import Compulsion, Refill
from .records import GameRecord
from .rules import GameRules
from .sequences import FoundationSequence
from .state import Move, State
from .strategies import _draw_play, _draw_start, _printed_as_text, _strategy, games, states

__all__: list[str] = []


def _layout_moves(rules: GameRules) -> st.SearchStrategy[Move]:
    return st.sampled_from(ActionSpace(rules).moves)


def _layout_places(rules: GameRules) -> st.SearchStrategy[Place]:
    places = {Place(PileKind.STOCK), Place(PileKind.WASTE)}
    for move in ActionSpace(rules).moves:
        places.update((move.source, move.target))
    return st.sampled_from(sorted(places))


@_strategy("records")
def _records(draw: st.DrawFn, rules: GameRules) -> GameRecord:
    start = _draw_start(draw, rules, None, "records()")
    _, made = _draw_play(draw, start.state, 50)
    record = GameRecord(rules, start.number if start.number is not None else start.order, made)
    return _printed_as_text(draw, record, GameRecord.to_text, GameRecord.from_text)


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


def _hypothesis_setup_hook() -> None:
    """Register a strategy for each public value type (Hypothesis calls this once).

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
    st.register_type_strategy(Move, lambda _: games().flatmap(_layout_moves))
    st.register_type_strategy(Place, lambda _: games().flatmap(_layout_places))
    st.register_type_strategy(GameRecord, lambda _: games().flatmap(_records))
    for kind in (FoundationSequence, Foundation, Tableau, Reserve, Middle, Stock):
        st.register_type_strategy(kind, _part_of)
