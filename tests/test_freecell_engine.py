"""The engine's FreeCell against Freecell Solver and a brute-force reading of the rules.

Freecell Solver (``fc-solve``, a real solver that no one here wrote; see
``tests/fc_solve.py``) solves Microsoft deals; each solution is replayed move
by move through ``legal_moves``/``apply`` of ``freecell()``: every move it
makes must be listed as legal, and the game must end won.  At each position
along the way the engine's single-card moves (those written without ``:n``)
must be exactly those of ``tests/freecell_model.py``, which reads the rules
into plain lists and shares no code with the engine; so must its supermoves.

The default run replays deals 1-20; deals 21-200 are marked slow (the
``tests`` session runs them on one Python).  Random play covers what the
solutions do not reach: other numbers of free cells, supermoves off.

fc-solve is a declared test tool (CI installs Debian's freecell-solver-bin):
when it is missing, these tests fail with the command that installs it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import patience_rules as pr
from fc_solve import deal_columns, solve
from freecell_model import FreeCellModel
from patience_rules import State, move_from_text
from patience_rules.deals import microsoft_deck_order

GAME = pr.get_game("freecell")


def model_of(state: State) -> FreeCellModel:
    """The model's reading of an engine state."""
    supermoves = dict(state.rules.options).get("supermoves", True)
    return FreeCellModel(state.columns, state.cells, state.foundations, supermoves=bool(supermoves))


def single(moves: set[str]) -> set[str]:
    """The moves of one card: those written without a count."""
    return {move for move in moves if ":" not in move}


def replay(number: int) -> Counter[str]:
    """Replay fc-solve's solution of deal ``number``, checking every position."""
    order = microsoft_deck_order(number)
    state = GAME.deal(number)
    assert [list(column) for column in state.columns] == deal_columns(order)
    seen: Counter[str] = Counter()
    for text in solve(order):
        listed = {str(move) for move in state.legal_moves()}
        expected = model_of(state).legal_moves()
        assert single(listed) == single(expected), (
            f"deal {number}, before {text}:\n{model_of(state)}\n"
            f"engine only: {single(listed) - expected}\nmodel only: {single(expected) - listed}"
        )
        assert listed == expected, f"deal {number}, supermoves differ before {text}"
        move = move_from_text(text, state)
        assert text in listed, f"deal {number}: fc-solve's {text} is not listed as legal"
        state = state.apply(move)
        seen["supermove" if move.count > 1 else move.target.kind.value] += 1
    assert state.is_won and state.is_over, f"deal {number} ends with {state.cards_home} home"
    return seen


def test_freecell_solver_s_solutions_of_deals_1_to_20_replay_and_win() -> None:
    seen: Counter[str] = Counter()
    for number in range(1, 21):
        seen += replay(number)
    # The solutions exercise every kind of move, supermoves included.
    assert seen["supermove"] and seen["cell"] and seen["column"] and seen["foundation"]


@pytest.mark.slow
def test_freecell_solver_s_solutions_of_deals_21_to_200_replay_and_win() -> None:
    seen: Counter[str] = Counter()
    for number in range(21, 201):
        seen += replay(number)
    assert seen["supermove"] > 1000


# -- random play, for what the solutions do not reach -------------------------------


@pytest.mark.parametrize(
    "options",
    [{}, {"supermoves": False}, {"cells": 1}, {"cells": 2, "supermoves": False}, {"cells": 6}],
    ids=["default", "single-card", "1 cell", "2 cells single-card", "6 cells"],
)
def test_the_engine_agrees_with_the_model_along_random_play(
    options: dict[str, int | bool], transitions: Counter[str]
) -> None:
    rules = pr.get_game("freecell", **options)
    rng = random.Random(16)
    everything = rules.layout.moves
    runs = 0
    played = 0
    deal = 0
    while played < 600:
        deal += 1
        state = rules.deal(deal)
        model = model_of(state)
        assert len(model.cells) == len(state.cells)
        for step in range(150):
            listed = [str(move) for move in state.legal_moves()]
            expected = model.legal_moves()
            assert len(set(listed)) == len(listed)
            assert set(listed) == expected, f"deal {deal}, move {step}:\n{model}"
            if step % 25 == 0:
                assert [str(m) for m in everything if state.is_legal(m)] == sorted(
                    expected, key=[str(m) for m in everything].index
                )
            if not listed:
                break
            # Keen on the foundations, to reach late positions with empty columns,
            # and on supermoves, which random play seldom meets.
            home = [text for text in listed if "-F" in text]
            supermoves = [text for text in listed if ":" in text]
            chance = rng.random()
            if supermoves and chance < 0.5:
                text = rng.choice(supermoves)
            else:
                text = rng.choice(home if home and chance < 0.75 else listed)
            state = state.apply(move_from_text(text, state))
            model.apply(text)
            assert model.snapshot() == model_of(state).snapshot(), f"after {text}"
            runs += ":" in text
            played += 1
    transitions[f"freecell {options or 'default'} (engine against the model)"] += played
    assert bool(runs) == dict(rules.options).get("supermoves", True)
