"""Games played at random, for the notation, record and picture tests."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs
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


def play(
    rules: GameRules, deal: int | Sequence[Card], seed: int, steps: int
) -> Played:
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
    deal: int | tuple[Card, ...] = (
        rules.deck_order(number) if draw(st.booleans()) else number
    )
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
