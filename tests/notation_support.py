"""Games played at random, for the notation, record and picture tests."""

from __future__ import annotations

import random
import types
import typing
from collections import Counter
from collections.abc import Mapping, Sequence

import attrs
import typing_extensions
from hypothesis import strategies as st

import patience_rules as pr
from patience_rules import Card, GameRules, Move, State

#: Every registered game, by name.
GAME_NAMES: tuple[str, ...] = pr.game_names()


@attrs.frozen
class Played:
    """A game played from a deal: the moves made and every state passed through."""

    rules: GameRules
    deal: int | tuple[Card, ...]
    moves: tuple[Move, ...]
    states: tuple[State, ...]

    @property
    def final(self) -> State:
        return self.states[-1]


def play(rules: GameRules, deal: int | Sequence[Card], seed: int, steps: int) -> Played:
    """Up to ``steps`` random legal moves from ``deal``, chosen by a seeded generator."""
    deal = deal if isinstance(deal, int) else tuple(deal)
    state = rules.deal(deal) if isinstance(deal, int) else rules.deal_from(deal)
    rng = random.Random(seed)
    moves: list[Move] = []
    states = [state]
    for _ in range(steps):
        legal = state.legal_moves()
        if not legal:
            break
        move = legal[rng.randrange(len(legal))]
        state = state.apply(move)
        moves.append(move)
        states.append(state)
    return Played(rules, deal, tuple(moves), tuple(states))


@st.composite
def played_games(draw: st.DrawFn, max_steps: int = 250) -> Played:
    """A registered game played at random from a deal number or a deck order."""
    rules = pr.get_game(draw(st.sampled_from(GAME_NAMES)))
    number = draw(st.integers(0, rules.max_deal_number))
    deal: int | tuple[Card, ...] = rules.deck_order(number) if draw(st.booleans()) else number
    return play(rules, deal, draw(st.integers(0, 2**32)), draw(st.integers(0, max_steps)))


def states_reached(max_steps: int = 250) -> st.SearchStrategy[State]:
    """States reached by random legal play in every registered game."""
    return played_games(max_steps).map(lambda game: game.final)


def assert_valid(state: State) -> None:
    """``state`` holds exactly its game's cards and rebuilds from its piles."""
    rules = state.rules
    piles = [
        *state.stock,
        *state.waste,
        *(card for column in state.columns for card in column),
        *(cell for cell in state.cells if cell is not None),
        *(card for foundation in state.foundations for card in foundation),
        *state.middle,
    ]
    assert Counter(piles) == Counter(rules.deck())
    rebuilt = rules.make_state(**state.parts())
    assert rebuilt == state


def conforms(value: object, hint: object) -> bool:
    """Whether ``value`` has the type ``hint`` (the types of the dict forms' TypedDicts).

    It knows the types that JSON data has: ``int``, ``str``, ``bool``,
    ``None``, ``object``, lists, dicts, TypedDicts, unions and literals.
    """
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is object:
        return True
    if typing_extensions.is_typeddict(hint):
        hints = typing_extensions.get_type_hints(hint)
        required: frozenset[str] = typing.cast(typing.Any, hint).__required_keys__
        return (
            type(value) is dict
            and required <= value.keys() <= hints.keys()
            and all(conforms(item, hints[key]) for key, item in value.items())
        )
    if hint is type(None):
        return value is None
    if hint in (int, str, bool):
        # A bool is no int here: the dict forms write no bools where numbers go.
        return type(value) is hint
    if origin is typing.Literal:
        return any(type(value) is type(arg) and value == arg for arg in args)
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, arg) for arg in args)
    if origin is list:
        return type(value) is list and all(conforms(item, args[0]) for item in value)
    if origin is dict:
        return type(value) is dict and all(
            conforms(key, args[0]) and conforms(item, args[1]) for key, item in value.items()
        )
    raise AssertionError(f"conforms() does not know {hint!r}")


def assert_typed_dict(data: Mapping[str, object], typed: typing.Any) -> None:
    """``data`` has every required key of TypedDict ``typed``, no other keys, and their types."""
    assert typing_extensions.is_typeddict(typed)
    hints = typing_extensions.get_type_hints(typed)
    required: frozenset[str] = typed.__required_keys__
    assert required <= data.keys() <= hints.keys(), (sorted(data), sorted(required))
    for key, value in data.items():
        assert conforms(value, hints[key]), f"{key}: {value!r} is not {hints[key]}"
