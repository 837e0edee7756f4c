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

The search shares one node budget between methods which take turns:

1. **Depth-first search** with a transposition table and the cuts argued
   below.  Exhausting it proves that no line of play wins; it may also find
   a win.
2. In Royal Cotillion's shape, a **depth-first search of a narrower tree**,
   which also takes the forced plays and decisions below from the cells
   and the waste top while the stock lasts.  It finds the wins of many
   deals far sooner; its end without a win proves nothing (a winning line
   may have to make such a play later), and the first search goes on.
3. **Playouts**: random games, each with its own keenness to play a card
   home (from a generator seeded by ``seed``, so a given budget always
   gives the same answer).  In Royal Cotillion's shape one in four follows
   the narrower tree and the others the first search's own, where they
   now and then draw before making a play from the cells or the waste top,
   and mostly do so where the next card of the stock is nearer home than
   the waste top (so that the cell the play empties takes that card, out
   of reach of the next draw).  Half the playouts start with a random part
   of the beginning of their tree's best playout so far (the one that took
   most cards home).  A playout that wins is a proof of a win; a playout
   never tells a deal lost.  Where cards can go back and forth between
   piles, a playout may never end by itself: one ends after a slice of
   moves (the methods take turns in slices of 4,096 nodes).

Every winning line any method finds is replayed by the engine before it is
returned.  A node is one move made (or one decision taken) by any method.

Royal Cotillion's shape
-----------------------

Games with no compulsory moves, no middle, no redeal, a stock drawn one
card at a time, tableau columns that are never refilled and reserve cells
refilled from the waste only, whose cards go home only, each to foundations
locked to its suit that take it once (Royal Cotillion as the rules give it),
are searched by the method below.  Every
copy of a card is followed on its own (two decks hold two copies of each
card), and each copy carries the set of foundations it may still go to:
at first, every foundation of its suit that takes its rank.

The **exchange argument** behind the forced plays and the decisions: take
a line of play that wins from a state, and a copy at a column's front that
the line plays to a foundation *f* which wants it now.  *f* waits for that
copy until the line plays it (a foundation takes each card once, and wants
this one next), and nothing else leaves the column before it.  Play that
copy first, then the line's moves in turn: every one stays legal (the play
only uncovers a card the line does not need yet, a column is never
refilled), and once the line plays the copy the two games are in the same
state.  The same holds for a copy in a cell or on the waste top once the
stock is out: every card that leaves the cells or the waste top then
uncovers the next waste card, whichever card it is, so the cards in sight
and the waste below them are the same whichever plays come first.  While
the stock lasts it does *not* hold there: a play from a cell refills the
cell with the waste top of that moment, so playing it after a draw saves
the drawn card rather than the card below it, and a winning line may need
that (the tests hold a position of a one-deck game of this shape that no
line making such plays at once can win).  While the stock lasts they stay
plain moves of the search, tried before the draw.

So, in a state, the search looks at the copies in sight in turn (column
fronts; and cells and the waste top once the stock is out):

- **Forced plays.**  A copy whose every open home (a foundation it may go to
  that has not passed its card) wants it now is played there; with two such
  homes, both plays are searched and nothing else.  Every winning line plays
  it to one of them, so that play first wins too.  Likewise, once the stock
  is out, when both copies of a card are in cells or on the waste top
  (playing one or the other gives the same state), and when a reserved
  copy's foundation wants it.
- **Decisions.**  Otherwise, for the first such copy that a foundation *f*
  wants now, two branches: play it to *f*, or *reserve* it: it will never
  go to *f*, only to its other open homes (and the other copy of the card,
  when the copy has one home left, may no longer go there).  Every winning
  line either plays the copy to *f*, and then playing it first wins too, or
  never does.
- **Other moves.**  Otherwise every play from the cells and the waste top,
  then the draw: every winning line's next move is one of them.

And it cuts:

- **Transposition table.**  A state is searched once.  The key holds the
  cards of each pile with, for each copy, the foundations it may still go
  to; cells and columns count as multisets.  The rules treat cells alike
  and columns alike (a refill fills the lowest-numbered empty pile, but the
  cards that can be played afterwards are the same whichever pile that is),
  so states with equal keys have the same futures up to renumbering.  No
  line meets a state twice (every move draws a card or plays one home), so
  a key met before was searched to the end, or cut, without a win.
- **Relaxation cut.**  A state with a choice of branches is dropped when
  even a relaxed game, which allows everything the real one allows from it
  and more, cannot be won.
  The relaxed game plays the real layout greedily: the stock is drawn in
  order, and only when nothing else moves; a column uncovers its next card
  when its front card leaves; every card in the cells, on the waste top or
  drawn from the stock stays in sight until it leaves; a foundation takes
  its next card as soon as a copy allowed to go there has been in sight;
  and a copy in sight leaves as soon as a foundation it may go to, which
  had not passed its card at the start, has reached it.  Each card that
  leaves the cells and the waste top uncovers the next waste card, as it
  does in the real game, and each draw made when the cells and the waste
  hold more cards than there are cells (so that the real draw buries the
  waste top; seventeen or more in Royal Cotillion) puts a *token* on the
  waste, which one such leaving card must uncover before the cards below
  it.  It is won when every foundation is complete.  Against any line of
  the real game, at each draw the relaxed game has had in sight every copy
  the real one has, has foundations at least as high, and has had at least
  as many cards leave, holding no more cards: a real copy goes home only when such a foundation reaches it,
  every copy the real game puts in sight the relaxed one has in sight no
  later (stock cards when drawn; column cards when the card above leaves;
  waste cards after as many leaving cards as there are cards and tokens
  above them, where the real game needs at least as many: each token stands
  for a card the real draw buried, which the real game must bring back to
  the cells or the waste top, as one leaving card does for a token, and then
  see leave), and a token is laid only when the real draw buries a card.
  So if the relaxed game is lost, so is the real one.

Other games
-----------

Every other game is searched move by move through the engine.  Where a card
leaves its pile only to go home, to a foundation locked to a suit (no builds,
no moves into cells, no plays from a foundation, no foundation of any suit,
none that takes a card twice, no shifts: Royal Cotillion with the stock
refill; Odd and Even without its redeal, ``redeals=0``), the search makes
two cuts, below.  Where a card can
move elsewhere first (FreeCell, Klondike, Sultan, Windmill, Crescent, and
games composed with such parts), a foundation takes a card twice (a sequence
of more than thirteen cards locked to a suit), or a shift turns the piles
round (taking a card off a pile changes which cards later shifts bring to
its top), neither argument holds (a line may build on a card that a cut would send home, or
uncover a column's card by moving its front card aside), so the search makes
no cut: ``lost`` there means that every state reachable from the start was
searched.  The transposition table still holds: a line that meets a state
twice has a shorter line with the same end.

A winning line found there, most often by a random playout, may move cards
to and fro: before it is returned, its detours go.  A move that the next
move out of the pile it went to, with as many cards, puts back where they
came from is dropped with that move; one that the next such move carries
on elsewhere is made with it as one move straight there, in the second
one's turn.  Each is done only where the moves between, played without the
first (and then the straight move), are legal and reach the position that
followed the second one, and the passes go on until nothing changes.  It
spends no nodes, and stops where the time budget ends (with the line as it
stands); it replays only the moves between each pair, and a pair that
failed is tried again only once something between changed (a few
hundredths of a second for a line of some hundreds of moves, one or two
seconds for one of several thousand).  What is left is not the shortest
win, only a line without such detours.

The two cuts:

- **Sure cards.**  A card is *sure* when every foundation that has yet to
  take a copy of it wants it now.  Its plays home then stand for all the
  moves of the state, by the exchange argument above, when it is at the
  front of a column never refilled or in a cell never refilled, and, in a
  game without a redeal once the stock is out, in a cell or on the waste
  top.
- **Relaxation cut**, for games without a redeal and without the middle, whose
  columns are never refilled: the relaxed game above with the whole stock in
  sight at once and no tokens.
  (Counting the copies that have left, and letting a copy leave only while
  fewer copies have left than foundations have reached the card, is *not*
  sound: a copy leaving the cells first would spend the turn of a copy in a
  column that had to leave to uncover what the other foundation needs.)

The answer ``lost`` therefore means lost by the rules; ``won`` carries its
proof (the replayed moves); only ``unknown`` says nothing.
"""

from __future__ import annotations

import enum
import itertools
import math
import random
import time
from collections.abc import Hashable, Iterator, Sequence
from typing import SupportsFloat, SupportsIndex

import attrs

from . import _allocation, _checks
from ._allocation import KEENS, SLICE, Budget, OutOfBudget
from .cards import _as_index
from .errors import InvalidArgumentError, PatienceRulesError, _shown
from .games import get_game
from .moves import MoveKind
from .piles import PileKind, Place
from .policies import Compulsion, Refill
from .rules import GameRules
from .state import Move, State

__all__ = ["Outcome", "Solution", "solve", "solve_deal"]


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
    :param moves: the winning moves from :attr:`start` (empty unless won;
        where the search went move by move, without detours: see the module
        notes).
    :param nodes: how many states the search reached (at most the
        ``max_nodes`` it was given).
    :param seconds: how long it took (not compared: two solutions of the same
        search are equal however long each took).
    :param start: the state searched from.

    >>> import patience_rules as pr
    >>> solution = solve(pr.get_game("easy-start").deal(1))
    >>> solution.outcome.value, solution.is_won, solution.decided
    ('won', True, True)
    """

    outcome: Outcome
    moves: tuple[Move, ...]
    nodes: int
    seconds: float = attrs.field(eq=False)
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


class _Search:
    """The search of other games: the budget, and the precomputed card facts."""

    def __init__(self, start: State, budget: Budget, seed: int) -> None:
        self.start = start
        self.rules: GameRules = start.rules
        self.budget = budget
        self.rng = random.Random(seed)
        self.found: tuple[Move, ...] | None = None
        rules = self.rules
        #: the cards each foundation takes, and the homes of each card
        self.wants, self.homes = _allocation.foundation_tables(rules)
        tableau, reserve = rules.tableau, rules.reserve
        feeds = _allocation.feeds_home(rules)
        plain = feeds and rules.compulsion is Compulsion.NONE and rules.middle is None
        #: the piles from which a sure card's plays may stand for every move:
        #: columns never refilled and cells never refilled at any time; once
        #: the stock is out (with no redeal), the cells and the waste top too
        self.sure_sources: frozenset[PileKind] = frozenset(
            kind
            for kind, sure in (
                (PileKind.COLUMN, tableau is not None and tableau.refill is Refill.NEVER),
                (PileKind.CELL, reserve is not None and reserve.refill is Refill.NEVER),
            )
            if plain and sure
        )
        self.sure_when_out: frozenset[PileKind] = (
            self.sure_sources | {PileKind.CELL, PileKind.WASTE}
            if plain and rules.stock.redeals == 0
            else self.sure_sources
        )
        #: whether the relaxed game's cut applies (see the module notes)
        self.relax = (
            feeds
            and rules.stock.redeals == 0
            and rules.middle is None
            and (tableau is None or tableau.refill is Refill.NEVER)
        )

    # -- move choice --------------------------------------------------------

    def moves(self, state: State) -> tuple[Move, ...]:
        """The moves to search, in order: the plays of a sure card alone, else every move.

        A card is *sure* when every foundation that has yet to take a copy
        of it wants it now (see the module notes): its plays home then
        stand for all the moves of the state.
        """
        moves = state.legal_moves()
        sure_sources = self.sure_when_out if not state.stock_size else self.sure_sources
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
                homes = self.homes.get(int(card)) if card is not None else None
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
        # (card indices: the tables hold numbers, and a card never equals a number)
        seen: set[int] = set(map(int, state.stock))
        columns = [list(map(int, column)) for column in state.columns if column]
        seen.update(column[-1] for column in columns)
        open_cards: list[int] = [int(card) for card in state.cells if card is not None]
        waste: list[int] = list(map(int, state.waste))
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
        spent_before = self.budget.nodes
        rng = self.rng
        while self.budget.nodes - spent_before < budget:
            keen = rng.choice(KEENS)
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
                self.budget.spend()
                if len(line) >= budget:  # (where moves go back and forth, a playout
                    break  # may never end: it ends with its slice, for the search's turn)
            if state.is_won:
                return tuple(line)
        return None

    # -- phase 2: depth-first search ----------------------------------------

    def run(self) -> tuple[Move, ...] | None:
        """A winning line, or ``None`` when none exists; raises ``OutOfBudget``."""
        # Slices of playouts and of the depth-first search take turns.
        for _ in self.search():
            line = self.playouts(SLICE)
            if line is not None:
                return line
        return self.found

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
        slice_left = SLICE
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
            self.budget.spend()
            slice_left -= 1
            if not slice_left:
                slice_left = SLICE
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


def _follow(start: State, budget: Budget) -> tuple[Move, ...] | None:
    """The one line of play of a game whose moves are compulsory: its moves if it
    wins, ``None`` if it does not; raises ``OutOfBudget``.

    Each move made is a node.  The line is lost when the piles before a redeal
    are what they were before an earlier one: the passes then repeat, and no
    card goes home before the redeals run out.  Where cards move between
    piles (builds, parks), a forced line can also come back to a position
    without a redeal: it then goes round for ever, and is lost.
    """
    state = start
    line: list[Move] = []
    before_redeals: set[tuple[object, ...]] = set()
    layout = start.rules.layout
    seen: set[State] | None = (
        set() if layout.targets(MoveKind.BUILD) or layout.targets(MoveKind.PARK) else None
    )
    while not state.is_won:
        moves = state.legal_moves()
        if not moves:
            return None
        if seen is not None:
            if state in seen:
                return None
            seen.add(state)
        move = moves[0]
        if move.is_redeal:
            parts = state.parts()
            piles = tuple(value for name, value in parts.items() if name != "redeals_used")
            if piles in before_redeals:
                return None
            before_redeals.add(piles)
        budget.spend()
        state = state.apply(move)
        line.append(move)
    return tuple(line)


def _shortened(
    start: State, line: tuple[Move, ...], deadline: float | None = None
) -> tuple[Move, ...]:
    """A winning ``line`` without its detours.

    Take a move of the line, and the next move out of the pile it went to
    with as many cards (most often the same cards moving on).  Where that
    one puts them back where they came from, both are dropped; where it takes
    them elsewhere, the two become one move straight there, in the second
    one's turn.  Either is done only where the moves between, played without
    the first, and then the straight move, are legal and reach the very
    position that followed the second move: the rest of the line is
    unchanged from there, so it stays legal and still wins.  Each try
    replays only the moves between; passes go on until none changes the
    line.  Past ``deadline`` (a :func:`time.perf_counter` time), the line as
    it stands is returned.
    """
    moves = list(line)
    states = [start]
    for move in moves:
        states.append(states[-1].apply(move))
    # Each move's piles as numbers, so that the next move out of a pile with
    # as many cards is found by list.index.
    places: dict[Place, int] = {}

    def number(place: Place) -> int:
        return places.setdefault(place, len(places))

    outs = [(number(move.source), move.count) for move in moves]
    ins = [number(move.target) for move in moves]
    # A try's answer depends only on the state before its first move and on its
    # moves: each move has a number, new wherever a change puts or replays it,
    # so a try that failed is not made again until something in it changed.
    ids = list(range(len(moves)))
    fresh = itertools.count(len(moves))
    failed: set[tuple[int, int, int, int]] = set()
    changed = True
    while changed:
        changed = False
        i = 0
        while i < len(moves):
            first = moves[i]
            if first.is_draw or first.is_redeal:  # (the stock's moves go nowhere else)
                i += 1
                continue
            try:  # (the next move out of the pile it went to, with as many cards)
                j = outs.index((ins[i], first.count), i + 1)
            except ValueError:
                i += 1
                continue
            tried = (ids[i], ids[j], j - i, max(ids[i : j + 1]))
            if tried in failed:
                i += 1
                continue
            if deadline is not None and time.perf_counter() > deadline:
                return tuple(moves)
            second = moves[j]
            state, between = states[i], []
            try:
                straight = (
                    []
                    if second.target == first.source
                    else [attrs.evolve(first, target=second.target)]
                )
                for move in (*moves[i + 1 : j], *straight):
                    state = state.apply(move)
                    between.append(state)
            except PatienceRulesError:  # (an illegal move, or piles that no move joins)
                failed.add(tried)
                i += 1
                continue
            if state != states[j + 1]:
                failed.add(tried)
                i += 1
                continue
            moves[i : j + 1] = [*moves[i + 1 : j], *straight]
            ids[i : j + 1] = [next(fresh) for _ in between]
            outs[i : j + 1] = [*outs[i + 1 : j], *(outs[i] for _ in straight)]
            ins[i : j + 1] = [*ins[i + 1 : j], *(ins[j] for _ in straight)]
            states[i + 1 : j + 2] = between
            changed = True  # (and the move now at i is tried in turn)
    return tuple(moves)


def _check_budget(
    max_nodes: object, max_seconds: object, seed: object
) -> tuple[int | None, float | None, int]:
    """The node budget and the seed as ints (NumPy's integers too), the time budget as a
    float (any real number); a budget or a seed that is not one is refused with the
    library's error."""
    nodes = None if max_nodes is None else _as_index(max_nodes)
    if max_nodes is not None and (nodes is None or nodes < 0):
        raise InvalidArgumentError(
            f"max_nodes is a whole number of at least 0, or None for no limit, "
            f"got {_shown(max_nodes)}"
        )
    seconds = None if max_seconds is None else _checks.as_float(max_seconds)
    if seconds is not None and not (math.isfinite(seconds) and seconds >= 0):
        raise InvalidArgumentError(
            f"max_seconds is a finite number of at least 0, or None for no limit, "
            f"got {_shown(max_seconds)}"
        )
    number = _as_index(seed)
    if number is None or number < 0:
        raise InvalidArgumentError(f"the seed is a whole number of at least 0, got {_shown(seed)}")
    return nodes, seconds, number


def solve(
    state: State,
    *,
    max_nodes: SupportsIndex | None = 200_000,
    max_seconds: SupportsFloat | None = None,
    seed: SupportsIndex = 0,
) -> Solution:
    """Search ``state`` for a win within a budget; see the module notes.

    Every method of the search, in every game, stops when either budget
    runs out.

    :param max_nodes: stop with :attr:`Outcome.UNKNOWN` after this many
        nodes (``None``: no node limit).
    :param max_seconds: stop with :attr:`Outcome.UNKNOWN` after this long
        (``None``: no time limit).  The clock is read every 256 nodes, so a
        search may run up to 256 nodes past it (``max_seconds=0`` still
        decides a position that takes fewer).  A node budget gives the same
        answer on every machine; a time budget does not.
    :param seed: the seed of the playouts' random choices.
    :raises InvalidArgumentError: for a state that is not one, a negative or
        non-numeric budget, a time budget that is not finite, or a negative
        seed.

    >>> import patience_rules as pr
    >>> solve(pr.get_game("captive-queens").deal(2)).outcome
    <Outcome.LOST: 'lost'>
    >>> solve(pr.get_game("captive-queens").deal(2), max_seconds=float("nan"))
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidArgumentError: max_seconds is a finite number of at least 0, or None for no limit, got nan
    """
    if not isinstance(state, State):
        raise InvalidArgumentError(f"solve() searches a State, got {_shown(state)}")
    max_nodes, seconds, seed = _check_budget(max_nodes, max_seconds, seed)
    began = time.perf_counter()
    budget = Budget(max_nodes, seconds)

    def answer(outcome: Outcome, moves: tuple[Move, ...] = ()) -> Solution:
        solution = Solution(outcome, moves, budget.nodes, time.perf_counter() - began, state)
        if outcome is Outcome.WON and not solution.replay().is_won:  # pragma: no cover
            raise AssertionError("the solver's winning line does not win when replayed")
        return solution

    try:
        if state.rules.compulsion is Compulsion.FORCED:
            found = _follow(state, budget)
        elif _allocation.applies(state.rules):
            found = _allocation.Search(state, budget, seed).run()
        else:
            found = _Search(state, budget, seed).run()
            if found is not None:
                found = _shortened(state, found, budget.deadline)
    except OutOfBudget:
        return answer(Outcome.UNKNOWN)
    if found is None:
        return answer(Outcome.LOST)
    return answer(Outcome.WON, found)


def solve_deal(
    game: str | GameRules,
    number: SupportsIndex,
    *,
    max_nodes: SupportsIndex | None = 200_000,
    max_seconds: SupportsFloat | None = None,
    seed: SupportsIndex = 0,
) -> Solution:
    """:func:`solve` the deal ``number`` of ``game`` (a name or rules).

    :raises UnknownGameError: for a name that is not registered.
    :raises InvalidDealError: for a deal number out of range.
    :raises InvalidArgumentError: for a game that is neither a name nor
        rules, or a budget that :func:`solve` refuses.

    >>> solve_deal("royal-cotillion", 3).is_won
    True
    """
    rules = get_game(game) if isinstance(game, str) else game
    if not isinstance(rules, GameRules):
        raise InvalidArgumentError(f"expected a game name or GameRules, got {_shown(game)}")
    return solve(rules.deal(number), max_nodes=max_nodes, max_seconds=max_seconds, seed=seed)
