"""The solver: won answers replay, lost answers agree with brute force."""

from __future__ import annotations

import inspect
import random
import time
from collections import Counter
from fractions import Fraction
from functools import reduce
from typing import SupportsFloat

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import patience_rules as pr
from composed import FORCED_BUILDS, SHIFTING_PILES, feeding_home, waiting_for_shifts
from foreign_numbers import Float32, Int64
from patience_rules import Move, State, _allocation
from patience_rules.piles import PileKind, Place
from patience_rules.solver import Outcome, _shortened, solve, solve_deal

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


def late(deal: int, stock_left: int, rules: pr.GameRules = RC) -> State:
    """A late position of a deal: plays first, until the stock is nearly out."""
    state = rules.deal(deal)
    while state.stock_size > stock_left and state.legal_moves():
        state = state.apply(state.legal_moves()[0])
    return state


def agrees_with_brute_force(state: State) -> None:
    """The solver, with no budget, decides ``state`` as brute force does (a win replays)."""
    expected = winnable(state, {})
    solution = solve(state, max_nodes=None)
    assert solution.decided
    assert solution.is_won == expected
    if expected:
        assert solution.replay().is_won


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
    agrees_with_brute_force(late(deal, stock_left))


def test_a_known_lost_position_is_lost() -> None:
    # Deal 25 played plays-first is lost eight cards before the stock runs
    # out (brute force, searching some six thousand states, says so too).
    state = late(25, 8)
    assert not state.is_over
    assert not winnable(state, {})
    solution = solve(state, max_nodes=None)
    assert solution.outcome is Outcome.LOST
    assert solution.moves == ()


def detours(start: State, moves: tuple[Move, ...]) -> list[tuple[int, int]]:
    """The detours of a line: the pairs (i, j) where move j is the next move out of
    the pile that move i went to, with as many cards, and the line without move i,
    with move j made straight from move i's pile (or dropped, where it goes back
    there), reaches the same position after j."""
    states = [start]
    for move in moves:
        states.append(states[-1].apply(move))
    found = []
    for i, first in enumerate(moves):
        if first.is_draw or first.is_redeal:
            continue
        later = [
            j
            for j in range(i + 1, len(moves))
            if (moves[j].source, moves[j].count) == (first.target, first.count)
        ]
        if not later:
            continue
        j = later[0]
        target = moves[j].target
        if target == first.source:
            instead: tuple[Move, ...] = ()
        else:
            try:
                instead = (Move(first.source, target, first.count),)
            except pr.InvalidRulesError:  # (piles that no move joins)
                continue
        state = states[i]
        for move in (*moves[i + 1 : j], *instead):
            if not state.is_legal(move):
                break
            state = state.apply(move)
        else:
            if state == states[j + 1]:
                found.append((i, j))
    return found


@pytest.mark.parametrize(("game", "deal"), [("klondike", 2), ("klondike", 3), ("freecell", 7)])
def test_a_win_found_move_by_move_makes_no_detour(game: str, deal: int) -> None:
    # The playouts that find these wins move cards to and fro (Klondike's deal 2
    # in 212 moves): the answer drops each move that a later one undoes, and
    # makes a move that a later one carries on one move straight there.
    start = pr.get_game(game).deal(deal)
    solution = solve(start)
    assert solution.outcome is Outcome.WON
    assert solution.replay().is_won
    assert detours(start, solution.moves) == []
    if (game, deal) == ("klondike", 2):
        assert len(solution.moves) == 134


def test_a_pair_put_into_a_win_is_dropped_again() -> None:
    start = pr.get_game("klondike").deal(2)
    solution = solve(start)
    won = solution.moves
    # Into the line, wherever a move and the move putting its cards back are
    # legal, put the pair, one place at a time: the shortening takes it out
    # again (now and then with another pair of the line instead: a line as long).
    state, tried, same = start, 0, 0
    for k, move in enumerate(won[:60]):
        for there in state.legal_moves():
            if there.is_draw or there.target.kind is PileKind.FOUNDATION:
                continue
            back = Move(there.target, there.source, there.count)
            after = state.apply(there)
            if after.is_legal(back) and after.apply(back) == state:
                padded = (*won[:k], there, back, *won[k:])
                assert detours(start, padded) != []
                shortened = _shortened(start, padded)
                assert len(shortened) == len(won)
                assert detours(start, shortened) == []
                assert attrs.evolve(solution, moves=shortened).replay().is_won
                tried += 1
                same += shortened == won
                break
        state = state.apply(move)
    assert tried > 50
    assert same > tried * 0.9


def test_a_move_made_in_two_through_a_cell_is_made_straight_again() -> None:
    start = pr.get_game("freecell").deal(7)
    solution = solve(start)
    won = solution.moves
    # Each move of one card from a column, one at a time, made in two through
    # a free cell (when that is legal and ends where the move did).
    state, tried, same = start, 0, 0
    for k, move in enumerate(won):
        cells = [i for i, card in enumerate(state.cells) if card is None]
        if move.source.kind is PileKind.COLUMN and move.count == 1 and cells:
            cell = Place(PileKind.CELL, cells[0])
            there, on = Move(move.source, cell), Move(cell, move.target)
            after = state.apply(there)
            if after.is_legal(on) and after.apply(on) == state.apply(move):
                padded = (*won[:k], there, on, *won[k + 1 :])
                assert detours(start, padded) != []
                shortened = _shortened(start, padded)
                assert len(shortened) <= len(won)
                assert detours(start, shortened) == []
                assert attrs.evolve(solution, moves=shortened).replay().is_won
                tried += 1
                same += shortened == won
        state = state.apply(move)
    assert tried > 70
    assert same > tried * 0.9


def test_the_dropping_stops_at_the_time_budget_with_a_winning_line() -> None:
    start = pr.get_game("klondike").deal(2)
    won = solve(start).moves
    # (the first place in the line where a card can go to a column and back)
    state, k = start, 0
    while not (
        there := [
            (one, back)
            for one in state.legal_moves()
            if one.target.kind is PileKind.COLUMN
            and state.apply(one).is_legal(back := Move(one.target, one.source, one.count))
            and state.apply(one).apply(back) == state
        ]
    ):
        state, k = state.apply(won[k]), k + 1
    padded = (*won[:k], *there[0], *won[k:])
    assert _shortened(start, padded) == won
    # Past its deadline it drops nothing more: the line as it stands still wins.
    assert _shortened(start, padded, deadline=time.perf_counter() - 1) == padded
    assert _shortened(start, padded, deadline=time.perf_counter() + 60) == won


def test_a_game_that_builds_is_lost_where_every_position_it_reaches_is_searched() -> None:
    # Klondike drawing three, deal 2: nine positions, none won (as the command
    # line's help says, a game that builds is proved lost only so).
    solution = solve(pr.get_game("klondike", draw=3).deal(2))
    assert (solution.outcome, solution.nodes) == (Outcome.LOST, 9)


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
    assert solution.nodes == 500  # (the node past the budget is not counted)
    assert solve(RC.deal(5), max_nodes=0).nodes == 0
    assert solve(RC.deal(5), max_nodes=None, max_seconds=0).outcome is Outcome.UNKNOWN


def test_the_same_budget_gives_the_same_answer() -> None:
    one = solve(RC.deal(2), max_nodes=30_000, seed=4)
    other = solve(RC.deal(2), max_nodes=30_000, seed=4)
    assert (one.outcome, one.moves, one.nodes) == (other.outcome, other.moves, other.nodes)
    # The time each took is no part of the answer.
    assert one == other and hash(one) == hash(other)
    assert attrs.evolve(one, seconds=one.seconds + 1) == one


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
    # (deal 1 is won, in about 150 nodes)
    solution = solve_deal("royal-cotillion-stock-refill", 1, max_nodes=50_000)
    assert solution.outcome is Outcome.WON
    assert solution.replay().is_won


# Late positions of the variant (searched move by move, with both cuts):
# won and lost ones, whose brute force takes from five to ten thousand states.
@pytest.mark.parametrize(
    ("deal", "stock_left"),
    [
        *((1, 12), (2, 12), (3, 8), (5, 8), (6, 4), (8, 8), (11, 12), (12, 4), (13, 8)),
        # (won positions that a sure-card test too eager, "some foundation
        # open" for "every copy's foundation open", calls lost)
        *((93, 4), (121, 4), (319, 8), (361, 4)),
    ],
)
def test_late_positions_of_the_stock_refill_variant_agree_with_brute_force(
    deal: int, stock_left: int
) -> None:
    agrees_with_brute_force(late(deal, stock_left, pr.get_game("royal-cotillion-stock-refill")))


def bakers_dozen_like() -> pr.GameRules:
    """A composed game whose columns are never refilled but take builds (Baker's Dozen's parts)."""
    return pr.GameRules(
        name="builds-on-never-refilled-columns",
        title="Builds on never-refilled columns",
        decks=1,
        foundations=[
            pr.Foundation(suit, pr.FoundationSequence(pr.Rank.ACE, wrap=False)) for suit in pr.Suit
        ],
        tableau=pr.Tableau(
            columns=13,
            depth=4,
            refill=pr.Refill.NEVER,
            build=pr.Build(suits=pr.Suits.ANY, direction=pr.Direction.DOWN),
        ),
    )


def endgame(rules: pr.GameRules, columns: list[str], heights: list[int]) -> State:
    """A position of ``rules`` with these columns (cards by text, bottom first) and no other card out."""
    piles = [[pr.Card.from_str(card) for card in column.split()] for column in columns]
    piles += [[]] * (rules.layout.columns - len(piles))
    cells = [None] * rules.layout.cells
    return rules.make_state(columns=piles, cells=cells, foundation_heights=heights)


@pytest.mark.parametrize(
    ("rules", "columns"),
    [
        # The Queen goes to a cell (or an empty column), the King home, the Queen home.
        (pr.get_game("freecell"), ["QC KC"]),
        # The Queen is built on the King, then the Jack, Queen and King go home.
        (bakers_dozen_like(), ["JC QC", "KC"]),
    ],
    ids=["freecell", "builds"],
)
def test_a_card_that_moves_elsewhere_first_is_not_cut(
    rules: pr.GameRules, columns: list[str]
) -> None:
    # The cuts follow cards that leave their piles only to go home: where a
    # card can move between piles, the game is searched without them.
    clubs = 13 - sum(len(column.split()) for column in columns)
    state = endgame(rules, columns, [clubs, 13, 13, 13])
    assert not _allocation.feeds_home(rules)
    assert not _allocation.applies(rules)
    assert winnable(state, {})
    solution = solve(state, max_nodes=None)
    assert solution.outcome is Outcome.WON
    assert solution.replay().is_won


def test_the_cuts_follow_cards_that_go_home_only() -> None:
    feeding = {
        "captive-queens",
        "easy-start",
        "easy-start-parlett",
        "odd-and-even",
        "royal-cotillion",
        "royal-cotillion-stock-refill",
    }
    # FreeCell, Klondike and Crescent build; Sultan parks in its divan;
    # Windmill's foundations take any suit, and its corners are played from.
    for name in pr.game_names():
        assert _allocation.feeds_home(pr.get_game(name)) == (name in feeding), name


@pytest.mark.parametrize("game", ["windmill", "sultan", "royal-cotillion-stock-refill"])
def test_positions_late_on_a_winning_line_are_won(game: str) -> None:
    rules = pr.get_game(game)
    solution = solve(rules.deal(3), max_nodes=100_000)
    assert solution.is_won
    states = [solution.start]
    for move in solution.moves:
        states.append(states[-1].apply(move))
    for back in (10, 20, 40):
        solution = solve(states[-1 - back], max_nodes=None)
        assert solution.outcome is Outcome.WON
        assert solution.replay().is_won


def test_solve_deal_is_solve_of_the_deal_with_the_same_defaults() -> None:
    # (seconds are not compared: Solution leaves them out of equality)
    for arguments in ({}, {"max_nodes": 300, "seed": 5}, {"max_nodes": None}):
        assert solve_deal("royal-cotillion", 2, **arguments) == solve(RC.deal(2), **arguments)
    ours, theirs = inspect.signature(solve_deal).parameters, inspect.signature(solve).parameters
    for name in ("max_nodes", "max_seconds", "seed"):
        assert ours[name].default == theirs[name].default, name


def test_a_solution_takes_the_time_the_call_took() -> None:
    began = time.perf_counter()
    solution = solve(RC.deal(1), max_nodes=20_000)
    took = time.perf_counter() - began
    assert 0 <= solution.seconds <= took


def test_integers_of_other_libraries_are_budgets_and_seeds() -> None:
    given = solve(RC.deal(2), max_nodes=Int64(3_000), seed=Int64(4))
    assert given == solve(RC.deal(2), max_nodes=3_000, seed=4)


@pytest.mark.parametrize("seconds", [Float32(0.0), Fraction(0), 0, 0.0])
def test_any_real_number_is_a_time_budget(seconds: SupportsFloat) -> None:
    # (as wilson_interval takes any real confidence: NumPy's float32 was
    # refused, "a finite number", where an int or a float was taken)
    assert solve(RC.deal(5), max_nodes=None, max_seconds=seconds).outcome is Outcome.UNKNOWN


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"max_nodes": -1}, "max_nodes is a whole number of at least 0, or None"),
        ({"max_nodes": "x"}, "max_nodes is a whole number"),
        ({"max_nodes": 1.5}, "max_nodes is a whole number"),
        ({"max_nodes": True}, "max_nodes is a whole number"),
        ({"max_seconds": -1.0}, "max_seconds is a finite number of at least 0"),
        ({"max_seconds": float("nan")}, "got nan"),
        ({"max_seconds": float("inf")}, "got inf"),
        ({"max_seconds": "1"}, "max_seconds is a finite number"),
        ({"max_seconds": True}, "max_seconds is a finite number"),
        ({"max_seconds": Float32(-1.0)}, "max_seconds is a finite number of at least 0"),
        ({"max_seconds": 10**400}, "max_seconds is a finite number"),
        ({"seed": -1}, "the seed is a whole number"),
        ({"seed": None}, "the seed is a whole number"),
        pytest.param({"max_nodes": -(10**5000)}, "a negative integer of 5001 digits", id="huge"),
    ],
)
def test_bad_budgets_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(pr.PatienceRulesError, match=message) as caught:
        solve(RC.deal(1), **arguments)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200


def test_only_a_state_is_solved() -> None:
    with pytest.raises(pr.PatienceRulesError, match="solve\\(\\) searches a State"):
        solve(RC)  # type: ignore[arg-type]
    with pytest.raises(pr.UnknownGameError):
        solve_deal("spider", 1)


def endless_compulsory_game() -> pr.GameRules:
    """Royal Cotillion's layout, compulsory moves and a million redeals (the most a stock has)."""
    return pr.GameRules(
        name="endless",
        title="Endless",
        decks=2,
        foundations=RC.foundations,
        tableau=RC.tableau,
        reserve=RC.reserve,
        stock=pr.Stock(redeals=10**6),
        compulsion=pr.Compulsion.FORCED,
    )


def test_a_compulsory_game_keeps_to_the_budget() -> None:
    # Deal 63 of this game is lost, and would go round its stock a million
    # times: the node budget stops the one line of play.
    start = endless_compulsory_game().deal(63)
    solution = solve(start, max_nodes=100, max_seconds=0.5)
    assert solution.outcome is Outcome.UNKNOWN
    assert solution.nodes == 100


def test_a_compulsory_line_that_goes_round_for_ever_is_lost() -> None:
    # When the piles come back as they were before an earlier redeal, the
    # passes repeat: no card will go home again, and the deal is lost.
    start = endless_compulsory_game().deal(63)
    solution = solve(start, max_nodes=None)
    assert solution.outcome is Outcome.LOST
    state = start
    redeals = 0
    while state.legal_moves() and redeals < 3:
        move = state.legal_moves()[0]
        redeals += move.is_redeal
        state = state.apply(move)
    assert redeals == 3  # it goes round and round
    assert not state.is_won
    assert solution.nodes < 1000


def test_a_compulsory_line_that_comes_back_without_a_redeal_is_lost() -> None:
    # Every move forced, and columns that build: a card can go from column
    # to column and back, and the line then goes round for ever.
    game = FORCED_BUILDS
    looping = 0
    for deal in range(10):
        start = game.deal(deal)
        end = start.play_forced()  # (it stops where the line comes back)
        solution = solve(start, max_nodes=20_000)
        assert solution.decided
        assert (solution.outcome is Outcome.WON) == end.is_won
        if not end.is_over:
            looping += 1
            assert solution.outcome is Outcome.LOST
            assert solution.nodes < 1_000
    assert looping > 0


def test_a_won_compulsory_line_is_its_moves() -> None:
    start = endless_compulsory_game().deal(1)
    solution = solve(start, max_nodes=None)
    assert solution.outcome is Outcome.WON
    assert solution.nodes == len(solution.moves)
    assert solution.replay().is_won


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
    """The places holding a card that every foundation still to take it wants now:
    column fronts, and the cells and the waste top too once the stock is out."""
    heights = state.foundation_heights
    foundations = state.rules.foundations
    plays: dict[pr.Place, int] = {}
    for move in state.legal_moves():
        if not move.is_draw:
            plays[move.source] = plays.get(move.source, 0) + 1
    sure = set()
    for place, count in plays.items():
        if state.stock_size and place.kind is not pr.PileKind.COLUMN:
            continue  # while the stock lasts, the timing of such a play matters
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
    # front (or, once the stock is out, in a cell or on the waste top), the
    # line plays a sure card next: the search tries nothing else there.
    solution = solve(RC.deal(1), max_nodes=20_000)
    assert solution.is_won
    state, met = solution.start, 0
    for move in solution.moves:
        sure = sure_sources(state)
        if sure:
            met += 1
            assert move.source in sure
        state = state.apply(move)
    assert met > 20


# -- the search of Royal Cotillion's shape -----------------------------------


def test_the_search_of_royal_cotillions_shape_applies_to_it_alone() -> None:
    assert _allocation.applies(RC)
    for other in ("royal-cotillion-stock-refill", "odd-and-even", "captive-queens", "easy-start"):
        assert not _allocation.applies(pr.get_game(other))
    # Without its redeal, Odd and Even still refills its cells from the stock.
    assert not _allocation.applies(pr.odd_and_even(redeals=0))


def test_royal_cotillion_drawing_three_is_searched_move_by_move() -> None:
    # The search of Royal Cotillion's shape draws one card at a time: a stock
    # drawn three at a time makes another game, searched through the engine.
    rules = attrs.evolve(RC, name="rc-draw-3", stock=pr.Stock(redeals=0, draw=3))
    assert _allocation.feeds_home(rules)
    assert not _allocation.applies(rules)
    solution = solve(rules.deal(1), max_nodes=20_000)
    assert solution.outcome is Outcome.WON
    assert solution.replay().is_won


def test_a_foundation_that_takes_a_card_twice_is_searched_without_cuts() -> None:
    # Each foundation takes its suit from Ace to King twice over (two decks):
    # the cuts' exchange argument needs a foundation that takes a card once.
    twice = pr.FoundationSequence(start=pr.Rank.ACE, length=26)
    rules = pr.GameRules(
        name="twice",
        title="Twice",
        decks=2,
        foundations=[pr.Foundation(suit, twice) for suit in pr.Suit],
        reserve=pr.Reserve(cells=64, refill=pr.Refill.FROM_WASTE, width=8),
        stock=pr.Stock(redeals=0),
    )
    assert not _allocation.feeds_home(rules)
    assert not _allocation.applies(rules)
    state = rules.deal(1)
    line = state
    while not line.is_over:
        line = line.apply(line.legal_moves()[0])
    assert line.is_won  # (the engine's first move, every time, wins this deal)
    solution = solve(state, max_nodes=50_000)
    assert solution.outcome is Outcome.WON
    assert solution.replay().is_won


def test_a_card_wanted_at_once_may_have_to_wait_for_shifts() -> None:
    # 10C can go home at once, but each shift turns the second pile round,
    # and without 10C it comes round in three shifts instead of four: the
    # win makes four shifts before it plays 10C, and playing it first loses.
    assert not _allocation.feeds_home(SHIFTING_PILES)
    state = waiting_for_shifts()
    assert winnable(state, {})
    assert not winnable(state.apply(pr.move_from_text("T2-F1", state)), {})
    solution = solve(state, max_nodes=None)
    assert solution.outcome is Outcome.WON
    assert solution.replay().is_won


def test_a_playout_that_goes_round_for_ever_gives_the_search_its_turn() -> None:
    # Cards built down in any suit go back and forth between the columns, so
    # a random playout from this lost position may never end: it ends with
    # its slice of the budget, and the search proves the position lost.
    cards = pr.cards_from_text
    rules = pr.GameRules(
        name="builds-and-cells",
        title="Builds and cells",
        decks=1,
        foundations=[pr.Foundation(suit, pr.FoundationSequence(pr.Rank.ACE)) for suit in pr.Suit],
        tableau=pr.Tableau(4, 3, build=pr.Build(suits=pr.Suits.ANY)),
        reserve=pr.Reserve(2, pr.Refill.FROM_WASTE),
        stock=pr.Stock(redeals=0),
    )
    state = rules.make_state(
        stock=cards("5D 3C 6C 6D 8D KS 5S 8C 10H 6H"),
        waste=cards("5H 7D 5C 4H JC QS 7S JS KC 2D 7H AH QD KD 3D 9H QH 4C 4S 10D 3S 2H 6S 7C"),
        columns=[cards("10C 9S JH"), cards("QC 4D 10S 9D 8H"), cards("KH"), cards("2S 8S 9C")],
        cells=cards("3H JD"),
        foundation_heights=(2, 1, 0, 1),
    )
    assert not winnable(state, {})
    assert solve(state, max_nodes=1_000_000).outcome is Outcome.LOST
    assert solve(state, max_nodes=None).outcome is Outcome.LOST


def test_a_lost_deal_is_proved_lost_from_its_start() -> None:
    # Deal 63 cannot be won even by the relaxed game: lost at once.
    solution = solve(RC.deal(63), max_nodes=100_000)
    assert solution.outcome is Outcome.LOST
    assert solution.nodes == 0


def one_deck_game() -> pr.GameRules:
    """A small game of Royal Cotillion's shape: one deck, 24 cells, two short columns."""
    return pr.GameRules(
        name="one-deck",
        title="One deck",
        decks=1,
        foundations=tuple(
            pr.Foundation(suit, pr.FoundationSequence(start=pr.Rank.ACE, step=1, length=13))
            for suit in pr.Suit
        ),
        tableau=pr.Tableau(columns=2, depth=2, refill=pr.Refill.NEVER),
        reserve=pr.Reserve(cells=24, refill=pr.Refill.FROM_WASTE),
        stock=pr.Stock(redeals=0),
    )


def cards(text: str) -> tuple[pr.Card, ...]:
    return tuple(pr.Card.from_str(word) for word in text.split())


def spades_waiting() -> State:
    """A Royal Cotillion position whose win draws before playing 2S from a cell."""
    return RC.make_state(
        stock=cards("4S 8S 6S"),
        waste=cards("JH JD 10C QS 10S"),
        columns=((), (), (), ()),
        cells=cards("2S QC KH 2H 4H 6H 8H 10H QH KD 2D 4D 6D 8D 10D QD"),
        foundation_heights=(11, 5, 5, 7, 13, 13, 13, 13),
    )


def test_a_royal_cotillion_cell_play_may_wait_for_a_draw() -> None:
    # 2S in cell 1 is wanted now.  Played at once, it pulls 10S into the cell
    # and the three draws then bury 6S under 8S.  The win draws 6S first, so
    # that playing 2S pulls 6S into the cell, leaving 10S on the waste.
    state = spades_waiting()
    assert winnable(state, {})
    line = [pr.Move.draw(), pr.Move.to_foundation(pr.Place(pr.PileKind.CELL, 0), 3)]
    after = state
    for move in line:
        after = after.apply(move)
    assert winnable(after, {})
    solution = solve(state, max_nodes=None)
    assert solution.outcome is Outcome.WON
    assert solution.replay().is_won


def waiting_cell_play() -> State:
    """A one-deck position whose only win delays the play of 5S from a cell."""
    return one_deck_game().make_state(
        columns=(cards("8H 5H"), cards("6S 6D")),
        cells=cards("10S 7S 7D 4H JD 10C KS JS 6C 9S 4C 9C 10D KC QH QC 8C KH 10H 7C JC 6H 4S 5S"),
        waste=cards("3C 8S KD 7H 9D QD"),
        stock=cards("3H 2H 5C 9H JH 4D QS 5D 2C 8D 3S"),
        foundation_heights=(1, 3, 1, 2),
    )


def test_a_cell_play_may_wait_for_a_later_refill() -> None:
    # 5S in the last cell is wanted now, but the only win draws 8D and 2C
    # first, so that playing 5S then refills its cell with 2C rather than
    # with QD: the timing of a play from a cell chooses which waste card the
    # cell saves, so such a play is not forced while the stock lasts.
    state = waiting_cell_play()
    assert _allocation.applies(state.rules)
    assert winnable(state, {})
    solution = solve(state, max_nodes=None)
    assert solution.outcome is Outcome.WON
    assert solution.replay().is_won


def test_playouts_of_the_full_tree_find_a_win_the_narrower_tree_lacks() -> None:
    # The same position: the narrower tree, which plays 5S at once, holds
    # no win, and its search's end tells nothing; the playouts that follow
    # the full tree now and then draw first, and find the win.
    state = waiting_cell_play()
    search = _allocation.Search(state, _allocation.Budget(None, None), 0)
    for _ in search.search(search.narrow, eager=True):
        pass
    assert search.found is None
    line = _allocation.Search(state, _allocation.Budget(None, None), 0).playouts(50_000)
    assert line is not None
    end = state
    for move in line:
        end = end.apply(move)
    assert end.is_won


def test_playouts_keep_their_best_line_for_a_restart() -> None:
    # The best playout of each tree is kept, and replaying it from the start
    # leaves as many cards out as it recorded; later playouts start from its
    # beginnings.
    search = _allocation.Search(RC.deal(11), _allocation.Budget(None, None), 0)
    assert search.playouts(20_000) is None
    assert set(search.best) == {True, False}
    for eager, (left, line) in search.best.items():
        position = _allocation._Position(_allocation._Tables(RC.deal(11)))
        for branch in line:
            assert branch in position.branches(eager)[1]
            position.do(branch)
        assert position.left == left > 0
        assert not position.branches(eager)[1]  # the playout ran to its end


def test_playouts_draw_first_where_the_next_card_is_nearer_home() -> None:
    # The spades foundation from the ace holds A 3 5 7 9 J K and takes 2S 4S
    # 6S 8S 10S QS next.  2S waits in a cell, 10S (four cards away) tops the
    # waste and 6S (two away) is drawn next: drawing first lets the play of
    # 2S pull 6S into the cell, so a playout draws first with probability
    # _DELAY, however keen it is to play.  Once 6S tops the waste and 8S
    # (three away) is next, it plays with its own keenness again.
    search = _allocation.Search(spades_waiting(), _allocation.Budget(None, None), 5)
    position = search.scratch
    _, branches = position.branches()
    assert [branch[0] for branch in branches] == [_allocation.PLAY, _allocation.DRAW]
    assert position.distance(position.stock[-1]) == 2
    assert position.distance(position.waste[-1]) == 4
    tries = 4000

    def draws() -> float:
        picks = [search.choose(position, branches, 0.99, 0.98) for _ in range(tries)]
        return picks.count(branches[-1]) / tries

    assert abs(draws() - _allocation._DELAY) < 0.04  # about 5 standard deviations
    position.do(branches[-1])
    _, branches = position.branches()
    assert [branch[0] for branch in branches] == [_allocation.PLAY, _allocation.DRAW]
    assert position.distance(position.waste[-1]) == 2 < position.distance(position.stock[-1])
    assert draws() < 0.04  # 1 - 0.98, give or take


def random_late_position(rng: random.Random, stock_left: int) -> State:
    """A deal played at random (preferring plays to the draw) until the stock is low."""
    state = RC.deal(rng.randrange(1, 2000))
    keen = rng.choice((0.6, 0.8, 0.95))
    while state.stock_size > stock_left and state.legal_moves():
        moves = state.legal_moves()
        if len(moves) > 1 and moves[-1].is_draw and rng.random() < keen:
            state = state.apply(moves[rng.randrange(len(moves) - 1)])
        else:
            state = state.apply(moves[rng.randrange(len(moves))])
    return state


class TooBig(Exception):
    pass


def small_winnable(state: State, seen: dict[State, bool], limit: int) -> bool:
    """:func:`winnable`, giving up (TooBig) past ``limit`` states."""
    if state.is_won:
        return True
    known = seen.get(state)
    if known is None:
        if len(seen) > limit:
            raise TooBig
        seen[state] = False
        known = any(small_winnable(state.apply(m), seen, limit) for m in state.legal_moves())
        seen[state] = known
    return known


@pytest.mark.slow
def test_random_late_positions_agree_with_brute_force() -> None:
    # Random games stopped with 3 to 13 cards left in the stock: every state
    # their brute force meets is won or lost by the rules, a mix of both;
    # the search must agree on each state it is asked about.
    rng = random.Random(20261129)
    answers = {True: 0, False: 0}
    positions = 0
    while positions < 40:
        start = random_late_position(rng, rng.randrange(3, 14))
        seen: dict[State, bool] = {}
        try:
            small_winnable(start, seen, 20_000)
        except (TooBig, RecursionError):
            continue
        positions += 1
        states = list(seen.items())
        rng.shuffle(states)
        for state, expected in states[:8]:
            solution = solve(state, max_nodes=None)
            assert solution.is_won == expected, str(state)
            answers[expected] += 1
            if expected:
                assert solution.replay().is_won
    assert min(answers.values()) > 40  # both answers were tested, many times


def test_a_reserved_copy_is_never_played_where_it_was_refused() -> None:
    position = _allocation._Position(_allocation._Tables(RC.deal(1)))
    forced, branches = position.branches()
    while forced or branches[-1][0] != _allocation.RESERVE:
        position.do(branches[0])
        forced, branches = position.branches()
    copy = branches[-1][1]
    refused = {branch[4] for branch in branches[:-1]}
    key = position.key()
    done = position.do(branches[-1])
    assert position.key() != key  # the table tells the reserved copy apart
    position.undo(done)
    assert position.key() == key
    position.do(branches[-1])
    plays_of_the_copy = 0
    while True:
        _, following = position.branches()
        if not following:
            break
        for branch in following:
            if branch[0] == _allocation.PLAY and branch[1] == copy:
                plays_of_the_copy += 1
                assert branch[4] not in refused
        position.do(following[0])
    assert plays_of_the_copy <= 1


def test_both_copies_in_the_cells_force_the_play_once_the_stock_is_out() -> None:
    # Once the stock is out, wherever a foundation wants a card whose two
    # copies lie in the cells or on the waste top, the search plays it
    # without a decision.
    rng = random.Random(7)
    met = 0
    for deal in range(1, 60):
        position = _allocation._Position(_allocation._Tables(RC.deal(deal)))
        while True:
            forced, branches = position.branches()
            if not branches:
                break
            exposed = [c for c in position.cells if c >= 0] + position.waste[-1:]
            for c in exposed:
                twin = position.t.twin[c]
                wanted = any(
                    position.heights[f] == p and position.allow[c] >> f & 1
                    for f, p, _ in position.t.homes[c]
                )
                same = position.allow[c] == position.allow[twin]
                if not position.stock and twin in exposed and wanted and same:
                    met += 1
                    assert forced
            position.do(branches[rng.randrange(len(branches))])
    assert met > 5


def _piles(position: _allocation._Position) -> tuple[object, ...]:
    """The search position's piles, as card indices (``int(card)``) and heights."""
    value = position.t.value
    return (
        [[value[c] for c in column] for column in position.columns],
        [value[c] if c >= 0 else None for c in position.cells],
        [value[c] for c in position.waste],
        [value[c] for c in position.stock],
        list(position.heights),
    )


def _engine_piles(state: State) -> tuple[object, ...]:
    return (
        [list(map(int, column)) for column in state.columns],
        [None if card is None else int(card) for card in state.cells],
        list(map(int, state.waste)),
        list(map(int, state.stock)),
        list(state.foundation_heights),
    )


def _assert_consistent(position: _allocation._Position) -> None:
    """The fields that the search keeps beside the piles say what the piles say."""
    t = position.t
    in_piles = {
        *(c for column in position.columns for c in column),
        *(c for c in position.cells if c >= 0),
        *position.waste,
        *position.stock,
    }
    assert position.home == [c not in in_piles for c in range(len(t.value))]
    assert position.left == len(in_piles)
    assert position.empty_cells == position.cells.count(-1)
    assert position.reserved == {c for c, a in enumerate(position.allow) if a != t.full[c]}
    assert position.code == [
        (v << t.shift) | a for v, a in zip(t.value, position.allow, strict=True)
    ]
    wanted = [0] * (len(t.value) + 1)
    for wants, h in zip(t.wants, position.heights, strict=True):
        for c in t.copies[wants[h]]:
            wanted[c] += 1
    assert position.wanted == wanted


def _assert_key_tells_where_stock_copies_may_go(
    position: _allocation._Position, rng: random.Random
) -> None:
    # The transposition key holds each copy's card and the foundations it
    # may still go to, those of the copies in the stock too: positions that
    # differ there have different futures, which the search must not merge.
    choices = [c for c in position.stock if position.allow[c] & (position.allow[c] - 1)]
    if not choices:
        return
    c = rng.choice(choices)
    before, allow = position.key(), position.allow[c]
    position._allow(c, allow & -allow)  # (its first foundation alone)
    assert position.key() != before
    position._allow(c, allow)
    assert position.key() == before


def _everything(position: _allocation._Position) -> tuple[object, ...]:
    """Every field that do and undo change, copied."""
    return (
        _piles(position),
        list(position.allow),
        list(position.code),
        list(position.home),
        position.left,
        set(position.reserved),
        position.empty_cells,
        list(position.wanted),
        list(position.line),
    )


@given(
    rules=st.just(RC) | feeding_home(),
    deal=st.integers(0, 10**6),
    rng=st.randoms(use_true_random=False),
)
@settings(max_examples=40)
def test_the_search_does_and_undoes_moves_as_the_engine_plays_them(
    rules: pr.GameRules, deal: int, rng: random.Random
) -> None:
    # The search's own position, moved by its branches (plays, draws and
    # reservations), holds the engine's piles after the moves it records, and
    # undoing each branch gives back every field it had.
    start = rules.deal(deal)
    position = _allocation._Position(_allocation._Tables(start))
    undone = [_everything(position)]
    done: list[tuple[int, ...]] = []
    for _ in range(60):
        _, branches = position.branches(eager=rng.random() < 0.5)
        if not branches:
            break
        done.append(position.do(rng.choice(branches)))
        assert _piles(position) == _engine_piles(reduce(State.apply, position.moves(), start))
        _assert_consistent(position)
        _assert_key_tells_where_stock_copies_may_go(position, rng)
        undone.append(_everything(position))
        if rng.random() < 0.3:  # now and then, back one and on again
            position.undo(done.pop())
            undone.pop()
            assert _everything(position) == undone[-1]
    while done:
        position.undo(done.pop())
        undone.pop()
        assert _everything(position) == undone[-1]


@given(
    rules=st.just(RC) | feeding_home(),
    deal=st.integers(0, 10**6),
)
@settings(max_examples=30)
def test_the_relaxed_game_is_won_wherever_the_game_is(rules: pr.GameRules, deal: int) -> None:
    # The relaxed game only drops rules, so every position on a winning line
    # (found by the solver, checked by replaying it) wins it too: the search
    # may prune a position only where the relaxed game is lost.
    assert _allocation.applies(rules)
    solution = solve(rules.deal(deal), max_nodes=5_000)
    if not solution.is_won:
        return  # (no line to follow: lost, or not found in the budget)
    assert solution.replay().is_won
    state = solution.start
    for move in (None, *solution.moves):
        if move is not None:
            state = state.apply(move)
        assert _allocation._Position(_allocation._Tables(state)).may_win(), move


@pytest.mark.slow
def test_the_search_of_royal_cotillions_shape_agrees_with_brute_force_in_its_shape() -> None:
    # The search argued for Royal Cotillion's shape (with its cuts) serves any
    # game of that shape: foundations split, stepped and laid out otherwise,
    # one deck or two, other columns and cells.
    answers: Counter[bool] = Counter()

    @settings(max_examples=300, derandomize=True, database=None)
    @given(
        rules=feeding_home(),
        deal=st.integers(0, 10**6),
        stock_left=st.integers(0, 8),
    )
    def agree(rules: pr.GameRules, deal: int, stock_left: int) -> None:
        assert _allocation.applies(rules)
        state = late(deal, stock_left, rules)
        agrees_with_brute_force(state)
        answers[solve(state, max_nodes=None).is_won] += 1

    agree()
    assert answers[True] and answers[False]  # (about 3% of the positions drawn are won)
