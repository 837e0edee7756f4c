"""The solver: won answers replay, lost answers agree with brute force."""

from __future__ import annotations

import pytest

import patience_rules as pr
from patience_rules import State
from patience_rules.solver import Outcome, solve, solve_command, solve_deal

RC = pr.get_game("royal-cotillion")


def winnable(state: State, seen: dict[State, bool]) -> bool:
    """Brute force: every line of play, states remembered exactly, nothing pruned."""
    if state.is_won:
        return True
    known = seen.get(state)
    if known is None:
        seen[state] = False
        known = any(winnable(state.apply(move), seen) for move in state.legal_moves())
        seen[state] = known
    return known


def late(deal: int, stock_left: int) -> State:
    """A late position of a deal: plays first, until the stock is nearly out."""
    state = RC.deal(deal)
    while state.stock_size > stock_left and state.legal_moves():
        state = state.apply(state.legal_moves()[0])
    return state


def test_a_won_answer_replays_to_a_win() -> None:
    solution = solve(RC.deal(1), max_nodes=20_000)
    assert solution.outcome is Outcome.WON
    assert solution.is_won
    assert solution.decided
    end = RC.deal(1)
    for move in solution.moves:
        end = end.apply(move)
    assert end.is_won
    assert solution.replay() == end
    assert len(solution.moves) == 96 + 68  # every play and every draw


# Late positions whose brute force takes from fifty to twenty thousand states.
@pytest.mark.parametrize(
    ("deal", "stock_left"),
    [(1, 30), (3, 20), (12, 12), (8, 8), (13, 8), (16, 6), (19, 10), (23, 6), (25, 8)],
)
def test_late_positions_agree_with_brute_force(deal: int, stock_left: int) -> None:
    state = late(deal, stock_left)
    expected = winnable(state, {})
    solution = solve(state, max_nodes=None)
    assert solution.decided
    assert solution.is_won == expected
    if expected:
        assert solution.replay().is_won


def test_a_known_lost_position_is_lost() -> None:
    # Deal 25 played plays-first is lost eight cards before the stock runs
    # out (brute force, searching some six thousand states, says so too).
    state = late(25, 8)
    assert not state.is_over
    assert not winnable(state, {})
    solution = solve(state, max_nodes=None)
    assert solution.outcome is Outcome.LOST
    assert solution.moves == ()


def test_a_game_over_is_lost_or_won_at_once() -> None:
    end = late(5, 0)
    while end.legal_moves():
        end = end.apply(end.legal_moves()[0])
    assert solve(end).outcome is Outcome.LOST
    assert solve(end).nodes == 0


def test_the_budget_gives_unknown() -> None:
    solution = solve(RC.deal(5), max_nodes=500)
    assert solution.outcome is Outcome.UNKNOWN
    assert not solution.decided
    assert solution.moves == ()
    assert solution.nodes > 500
    assert solve(RC.deal(5), max_nodes=None, max_seconds=0).outcome is Outcome.UNKNOWN


def test_the_same_budget_gives_the_same_answer() -> None:
    one = solve(RC.deal(2), max_nodes=30_000, seed=4)
    other = solve(RC.deal(2), max_nodes=30_000, seed=4)
    assert (one.outcome, one.moves, one.nodes) == (other.outcome, other.moves, other.nodes)


@pytest.mark.parametrize("game", ["captive-queens", "easy-start", "easy-start-parlett"])
def test_a_compulsory_game_is_decided_by_its_one_line(game: str) -> None:
    for deal in range(8):
        start = pr.get_game(game).deal(deal)
        solution = solve(start)
        assert solution.decided
        assert solution.is_won == start.play_forced().is_won
        if solution.is_won:
            assert solution.replay().is_won


def test_the_stock_refill_variant_is_solved_too() -> None:
    solution = solve_deal("royal-cotillion-stock-refill", 1, max_nodes=50_000)
    assert solution.decided
    if solution.is_won:
        assert solution.replay().is_won


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ValueError, match="max_nodes"):
        solve(RC.deal(1), max_nodes=-1)
    with pytest.raises(ValueError, match="max_seconds"):
        solve(RC.deal(1), max_seconds=-1.0)


def test_solve_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert solve_command(["royal-cotillion", "--deal", "1", "--max-nodes", "20000"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("won (")
    assert len(out) == 1 + 164
    assert out[1].split()[0] == "1."  # then the move in notation and its card
    assert solve_command(["royal-cotillion", "--deal", "5", "--max-nodes", "300"]) == 3
    assert capsys.readouterr().out.startswith("unknown (")
    assert solve_command(["captive-queens", "--deal", "2", "--quiet"]) == 1
    assert capsys.readouterr().out.startswith("lost (")
    assert solve_command(["klondike", "--deal", "1"]) == 2
    assert "unknown game 'klondike'" in capsys.readouterr().err
