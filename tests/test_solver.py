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


# Late positions whose every state the brute force meets is solved again on
# its own: each answer must agree with the brute force, so no pruning may cut
# a winnable state anywhere in these games (deal 12 with twelve cards left
# once met states that an unsound relaxation called lost).
@pytest.mark.parametrize(
    ("deal", "stock_left"), [(12, 12), (16, 6), (30, 10), (31, 10), (23, 6), (1, 30)]
)
def test_every_state_of_a_late_game_agrees_with_brute_force(deal: int, stock_left: int) -> None:
    seen: dict[State, bool] = {}
    winnable(late(deal, stock_left), seen)
    states = list(seen.items())
    step = max(1, len(states) // 150)
    for state, expected in states[::step]:
        solution = solve(state, max_nodes=None)
        assert solution.is_won == expected, state
        if expected:
            assert solution.replay().is_won


def sure_sources(state: State) -> set[pr.Place]:
    """The places holding a card that every foundation still to take it wants now."""
    heights = state.foundation_heights
    foundations = state.rules.foundations
    plays: dict[pr.Place, int] = {}
    for move in state.legal_moves():
        if not move.is_draw:
            plays[move.source] = plays.get(move.source, 0) + 1
    sure = set()
    for place, count in plays.items():
        card = state.top_card(place)
        assert card is not None
        still_to_take = sum(
            1
            for f, foundation in enumerate(foundations)
            if foundation.suit == card.suit
            and heights[f] <= foundation.sequence.ranks.index(card.rank)
        )
        if count == still_to_take:
            sure.add(place)
    return sure


def test_a_sure_card_is_played_alone() -> None:
    # Along a found winning line, whenever a sure card stands at a column
    # front, in a cell or on the waste top, the line plays a sure card next:
    # the search tries nothing else there.
    solution = solve(RC.deal(1), max_nodes=20_000)
    assert solution.is_won
    state, met = solution.start, 0
    for move in solution.moves:
        sure = sure_sources(state)
        if sure:
            met += 1
            assert move.source in sure
        state = state.apply(move)
    assert met > 50
