"""A solver: is a deal won with perfect play, and how?

:func:`solve` searches the moves of a state for a win and answers with a
:class:`Solution`: **won** (with the winning moves, which the engine has
replayed from the start and checked), **lost** (the search was exhausted: no
sequence of legal moves wins) or **unknown** (the node or time budget ran
out first).  It is written for Royal Cotillion and works for any game the
engine plays: in a game whose moves are all compulsory there is one line of
play, and the answer is where it ends.

>>> import patience_rules as pr
>>> from patience_rules.solver import solve
>>> game = pr.get_game("royal-cotillion")
>>> solution = solve(game.deal(1), max_nodes=20_000)
>>> solution.outcome, len(solution.moves)
(<Outcome.WON: 'won'>, 164)
>>> end = solution.replay()
>>> end.is_won
True

The search shares one node budget (a node is one state reached by one
move) between two methods, which take turns in slices of 4,096 nodes:

1. **Depth-first search** of the moves, plays before the draw, with a
   transposition table and two prunings whose soundness is argued below.
   Exhausting it proves that no line of play wins; it may also find a win.
2. **Playouts**: random games, each preferring plays to the draw with its
   own probability (from a generator seeded by ``seed``, so a given budget
   always gives the same answer).  A playout that wins is a proof of a win,
   and finds the wins of hard deals far sooner than the search does.

Why the search may cut what it cuts:

- **Transposition table.**  A state is searched once: the table keys on
  :meth:`State.canonical_key`, which is equal for states that differ only in
  which cell holds which card (or which column holds which pile).  The rules
  treat cells alike and columns alike (a refill fills the lowest-numbered
  empty pile, but the cards that can be played afterwards are the same
  whichever pile that is), so such states have the same futures, move for
  move up to renumbering; if one of them is lost, so is the other.  No line
  of play meets a state twice (every move draws a card, plays one home or
  uses up a redeal), so a state met before has been searched to the end, or
  cut, without a win.
- **Sure cards.**  A card at the front of a tableau column, in a cell or
  on the waste top is *sure* when every foundation that has yet to take a
  copy of it wants it now (one foundation for the last copy not yet home;
  both, for two copies, when both want it).  Its plays home then stand for
  all the moves of the state, and no other move is searched.  Argument:
  take any winning line from the state.  It plays this very card home, to
  one of those foundations, at some step *k*; that foundation waits for the
  card until then (it takes each card once, and wants this one now), and
  the line moves nothing from the card's place before *k* (the card does
  not move).  Make that play first and then the line's moves in turn:
  every one stays legal and the foundations end the same.  From a column
  (never refilled) the play only uncovers a card the line does not need
  yet.  From a cell (refilled from the waste only, or never) or the waste
  top (no redeal), the play frees a cell or takes a card off the waste, and
  the line's moves keep the invariant that the new state's waste is the
  old one's without that card and without a top part of it, and that those
  top cards sit in the new state's cells: a card the line plays from the
  waste top is then on the waste top or in a cell, a draw lands on the waste
  or in a cell as it does in the line, and so on to the end, where every
  card is home.  This holds for games without a redeal and without the
  middle; it is checked against brute force in the tests.
- **Relaxation cut.**  A state is dropped when even a relaxed game, which
  allows everything the real one allows and more, cannot be won from it.
  The relaxed game (for games without a redeal) treats every card of the
  stock as available at once; keeps each tableau column as a stack whose
  next card is uncovered when its front card leaves, and the waste as a
  stack whose next card is uncovered each time a card of the cells or the
  waste top leaves; lets a foundation take its next card as soon as any
  copy of that card has been available; and lets any copy of a card leave
  a column, a cell or the waste as soon as a foundation that had not passed
  that card at the start has reached it.  A copy leaves the real game only
  by going home, when such a foundation has reached its card (had every
  foundation that has reached it passed it at the start, no copy could
  still go there), and every other move of the real game is matched by the
  relaxed one (which never covers a card with a draw, and never needs a
  card before the real game does), so the relaxed foundations are always
  at least as high.  Every rule of the relaxed game only grows with the
  foundations, so playing on never hurts in it, and it is decided by
  playing until nothing moves.  If its foundations cannot all be
  completed, neither can the real ones.  (Counting the copies that have
  left, and letting a copy leave only while fewer copies have left than
  foundations have reached the card, is *not* sound: a copy leaving the
  cells first would spend the turn of a copy in a column that had to leave
  to uncover what the other foundation needs.)

The answer ``lost`` therefore means lost by the rules; ``won`` carries its
proof (the replayed moves); only ``unknown`` says nothing.
"""

from __future__ import annotations

import argparse
import enum
import random
import sys
import time
from collections.abc import Callable, Hashable, Iterator, Sequence

import attrs

from .errors import PatienceRulesError
from .piles import PileKind
from .policies import Compulsion, Refill
from .rules import GameRules
from .state import Move, State

__all__ = ["Outcome", "Solution", "solve", "solve_command", "solve_deal"]


class Outcome(enum.Enum):
    """What a search found."""

    #: A winning line was found (and replayed by the engine).
    WON = "won"
    #: The search was exhausted: no line of play wins.
    LOST = "lost"
    #: The budget ran out before the search could tell.
    UNKNOWN = "unknown"


@attrs.frozen
class Solution:
    """The answer of :func:`solve`.

    :param outcome: won, lost or unknown.
    :param moves: the winning moves from :attr:`start` (empty unless won).
    :param nodes: how many states the search reached.
    :param seconds: how long it took.
    :param start: the state searched from.

    >>> import patience_rules as pr
    >>> solution = solve(pr.get_game("easy-start").deal(1))
    >>> solution.outcome.value, solution.is_won, solution.decided
    ('won', True, True)
    """

    outcome: Outcome
    moves: tuple[Move, ...]
    nodes: int
    seconds: float
    start: State = attrs.field(repr=False)

    @property
    def is_won(self) -> bool:
        """Whether a win was found."""
        return self.outcome is Outcome.WON

    @property
    def decided(self) -> bool:
        """Whether the search decided the deal (won or lost, not unknown)."""
        return self.outcome is not Outcome.UNKNOWN

    def replay(self) -> State:
        """The state after playing :attr:`moves` from :attr:`start` by the engine's checked ``apply``.

        >>> import patience_rules as pr
        >>> solve(pr.get_game("easy-start").deal(1)).replay().is_won
        True
        """
        state = self.start
        for move in self.moves:
            state = state.apply(move)
        return state


class _OutOfBudget(Exception):
    pass


#: Nodes per turn of the playouts and of the depth-first search.
_SLICE = 4096


class _Search:
    """One search: the budget, the counters, and the precomputed card facts."""

    def __init__(
        self, start: State, max_nodes: int | None, max_seconds: float | None, seed: int
    ) -> None:
        self.start = start
        self.rules: GameRules = start.rules
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        self.nodes = 0
        self.rng = random.Random(seed)
        self.found: tuple[Move, ...] | None = None
        rules = self.rules
        foundations = rules.foundations
        #: for each card index: the (foundation, position) pairs that take it
        self.homes: dict[int, list[tuple[int, int]]] = {}
        for f, foundation in enumerate(foundations):
            for position, rank in enumerate(foundation.sequence.ranks):
                card = (foundation.suit * 13) + rank - 1
                self.homes.setdefault(card, []).append((f, position))
        self.wants = [
            (*(foundation.suit * 13 + rank - 1 for rank in foundation.sequence.ranks), -1)
            for foundation in foundations
        ]
        tableau, reserve = rules.tableau, rules.reserve
        plain = rules.compulsion is Compulsion.NONE and rules.middle is None
        #: the piles from which a sure card's plays may stand for every move
        self.sure_sources: frozenset[PileKind] = frozenset(
            kind
            for kind, sure in (
                (PileKind.COLUMN, tableau is not None and tableau.refill is Refill.NEVER),
                (
                    PileKind.CELL,
                    reserve is not None
                    and reserve.refill in (Refill.NEVER, Refill.FROM_WASTE)
                    and rules.stock.redeals == 0,
                ),
                (PileKind.WASTE, rules.stock.redeals == 0),
            )
            if plain and sure
        )
        self.relax = rules.stock.redeals == 0 and rules.middle is None

    # -- budget -------------------------------------------------------------

    def spend(self, nodes: int = 1) -> None:
        self.nodes += nodes
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _OutOfBudget
        if (
            self.deadline is not None
            and self.nodes & 255 == 0
            and time.perf_counter() > self.deadline
        ):
            raise _OutOfBudget

    # -- move choice --------------------------------------------------------

    def moves(self, state: State) -> tuple[Move, ...]:
        """The moves to search, in order: the plays of a sure card alone, else every move.

        A card is *sure* when every foundation that has yet to take a copy
        of it wants it now (see the module notes): its plays home then
        stand for all the moves of the state.
        """
        moves = state.legal_moves()
        sure_sources = self.sure_sources
        if not sure_sources or len(moves) < 2:
            return moves
        heights = state.foundation_heights
        i, n = 0, len(moves)
        while i < n:
            move = moves[i]
            source = move.source
            j = i + 1
            while j < n and moves[j].source == source:
                j += 1
            if source.kind in sure_sources and move.target.kind is PileKind.FOUNDATION:
                card = state.card_of(move)
                homes = self.homes.get(card) if card is not None else None
                if homes is not None:
                    open_homes = sum(1 for f, p in homes if heights[f] <= p)
                    if open_homes == j - i:
                        return moves[i:j]
            i = j
        return moves

    # -- the relaxed game ---------------------------------------------------

    def may_win(self, state: State) -> bool:
        """Whether the relaxed game (see the module notes) can still be won."""
        if not self.relax:
            return True
        heights = list(state.foundation_heights)
        wants = self.wants
        # A copy may leave once a foundation that had not passed its card
        # at the start has reached it: the cards of ``free``.
        free = {wanted[height] for wanted, height in zip(wants, heights, strict=True)}
        seen: set[int] = set(state.stock)
        columns = [list(column) for column in state.columns if column]
        seen.update(column[-1] for column in columns)
        open_cards: list[int] = [card for card in state.cells if card is not None]
        waste: list[int] = list(state.waste)
        if waste:
            open_cards.append(waste.pop())
        seen.update(open_cards)
        moved = True
        while moved:
            moved = False
            for f, wanted in enumerate(wants):
                height = heights[f]
                if wanted[height] in seen:
                    while wanted[height] in seen:
                        height += 1
                        free.add(wanted[height])
                    heights[f] = height
                    moved = True
            leaving = [card for card in open_cards if card in free]
            if leaving:
                moved = True
                for card in leaving:
                    open_cards.remove(card)
                # Each card leaving the cells or the waste top uncovers a waste card.
                for _ in leaving:
                    if not waste:
                        break
                    uncovered = waste.pop()
                    seen.add(uncovered)
                    open_cards.append(uncovered)
            for column in columns:
                while column and column[-1] in free:
                    column.pop()
                    moved = True
                    if column:
                        seen.add(column[-1])
        return all(wanted[height] < 0 for wanted, height in zip(wants, heights, strict=True))

    # -- phase 1: playouts ---------------------------------------------------

    def playouts(self, budget: int) -> tuple[Move, ...] | None:
        """Random playouts, preferring plays to the draw; a winning line if one wins."""
        spent_before = self.nodes
        rng = self.rng
        while self.nodes - spent_before < budget:
            keen = rng.choice((0.5, 0.7, 0.85, 0.95, 0.99))
            state = self.start
            line: list[Move] = []
            while True:
                moves = self.moves(state)
                if not moves:
                    break
                if len(moves) > 1 and moves[-1].is_draw and rng.random() < keen:
                    move = moves[rng.randrange(len(moves) - 1)]
                else:
                    move = moves[rng.randrange(len(moves))]
                state = state.apply(move)
                line.append(move)
                self.spend()
            if state.is_won:
                return tuple(line)
        return None

    # -- phase 2: depth-first search ----------------------------------------

    def search(self) -> Iterator[None]:
        """Depth-first search, pausing every slice of nodes.

        When it ends, :attr:`found` holds the winning line, or is ``None``
        if the search was exhausted.
        """
        start = self.start
        if start.is_won:
            self.found = ()
            return
        seen: set[Hashable] = {start.canonical_key()}
        stack: list[tuple[State, Sequence[Move], int]] = [(start, self.moves(start), 0)]
        line: list[Move] = []
        may_win = self.may_win
        slice_left = _SLICE
        while stack:
            state, moves, i = stack[-1]
            if i == len(moves):
                stack.pop()
                if line:
                    line.pop()
                continue
            stack[-1] = (state, moves, i + 1)
            move = moves[i]
            child = state.apply(move)
            self.spend()
            slice_left -= 1
            if not slice_left:
                slice_left = _SLICE
                yield
            if child.is_won:
                line.append(move)
                self.found = tuple(line)
                return
            key = child.canonical_key()
            if key in seen:
                continue
            seen.add(key)
            following = self.moves(child)
            if not following or not may_win(child):
                continue
            line.append(move)
            stack.append((child, following, 0))


def solve(
    state: State,
    *,
    max_nodes: int | None = 200_000,
    max_seconds: float | None = None,
    seed: int = 0,
) -> Solution:
    """Search ``state`` for a win within a budget; see the module notes.

    :param max_nodes: stop with :attr:`Outcome.UNKNOWN` after this many
        states (``None``: no node limit).
    :param max_seconds: stop with :attr:`Outcome.UNKNOWN` after this long
        (``None``: no time limit).  A node budget gives the same answer on
        every machine; a time budget does not.
    :param seed: the seed of the playouts' random choices.
    :raises ValueError: for a negative budget.

    >>> import patience_rules as pr
    >>> solve(pr.get_game("captive-queens").deal(2)).outcome
    <Outcome.LOST: 'lost'>
    """
    if max_nodes is not None and (isinstance(max_nodes, bool) or max_nodes < 0):
        raise ValueError(f"max_nodes is a whole number of at least 0 or None, got {max_nodes!r}")
    if max_seconds is not None and max_seconds < 0:
        raise ValueError(f"max_seconds is a number of at least 0 or None, got {max_seconds!r}")
    began = time.perf_counter()
    search = _Search(state, max_nodes, max_seconds, seed)

    def answer(outcome: Outcome, moves: tuple[Move, ...] = ()) -> Solution:
        solution = Solution(outcome, moves, search.nodes, time.perf_counter() - began, state)
        if outcome is Outcome.WON and not solution.replay().is_won:  # pragma: no cover
            raise AssertionError("the solver's winning line does not win when replayed")
        return solution

    if state.rules.compulsion is Compulsion.FORCED:
        end = state.play_forced()
        if end.is_won:
            moves = []
            current = state
            while not current.is_won:
                move = current.legal_moves()[0]
                moves.append(move)
                current = current.apply(move)
            return answer(Outcome.WON, tuple(moves))
        return answer(Outcome.LOST)
    try:
        # Slices of playouts and of the depth-first search take turns.
        for _ in search.search():
            line = search.playouts(_SLICE)
            if line is not None:
                return answer(Outcome.WON, line)
    except _OutOfBudget:
        return answer(Outcome.UNKNOWN)
    if search.found is None:
        return answer(Outcome.LOST)
    return answer(Outcome.WON, search.found)


def solve_deal(
    game: str | GameRules,
    number: int,
    *,
    max_nodes: int | None = 200_000,
    max_seconds: float | None = None,
    seed: int = 0,
) -> Solution:
    """:func:`solve` the deal ``number`` of ``game`` (a name or rules).

    >>> solve_deal("royal-cotillion", 3).is_won
    True
    """
    from .games import get_game

    rules = get_game(game) if isinstance(game, str) else game
    return solve(rules.deal(number), max_nodes=max_nodes, max_seconds=max_seconds, seed=seed)


def _describe(solution: Solution, show: Callable[[str], None]) -> None:
    show(
        f"{solution.outcome.value} ({solution.nodes:,} nodes, {solution.seconds:.2f} s)"
    )
    if solution.is_won:
        state = solution.start
        for number, move in enumerate(solution.moves, 1):
            card = state.card_of(move)
            show(f"{number:4}. {move}" + (f"  {card}" if card is not None else ""))
            state = state.apply(move)


def solve_command(argv: Sequence[str] | None = None) -> int:
    """The ``solve`` command: ``solve GAME --deal N [--max-seconds S] [--max-nodes K]``.

    Prints the outcome and, for a win, the moves; the exit code is 0 for
    won, 1 for lost, 3 for unknown and 2 for bad input.

    >>> solve_command(["easy-start", "--deal", "1", "--quiet"])  # doctest: +ELLIPSIS
    won (... nodes, ... s)
    0
    """
    parser = argparse.ArgumentParser(
        prog="patience-rules solve",
        description="Search a deal for a win: won (with the moves), lost, or unknown.",
    )
    parser.add_argument("game", help="a game name, as listed by 'games'")
    parser.add_argument("--deal", type=int, required=True, help="the deal number")
    parser.add_argument("--max-seconds", type=float, default=None, help="a time budget")
    parser.add_argument(
        "--max-nodes", type=int, default=200_000, help="a node budget (default 200000)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the playouts' seed (default 0)")
    parser.add_argument("--quiet", action="store_true", help="print the outcome only")
    args = parser.parse_args(argv)
    try:
        solution = solve_deal(
            args.game,
            args.deal,
            max_nodes=args.max_nodes,
            max_seconds=args.max_seconds,
            seed=args.seed,
        )
    except (PatienceRulesError, ValueError) as error:
        print(f"patience-rules solve: error: {error}", file=sys.stderr)
        return 2
    lines: list[str] = []
    _describe(solution, lines.append)
    print("\n".join(lines[:1] if args.quiet else lines))
    return {Outcome.WON: 0, Outcome.LOST: 1, Outcome.UNKNOWN: 3}[solution.outcome]
