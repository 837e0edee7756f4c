"""The solver's search for games of Royal Cotillion's shape: plays, draws, and which copy goes where.

:mod:`patience_rules.solver` says what this search does and argues that
each of its cuts is sound; this module is its implementation.  It works on
its own mutable copy of a position, in which every card of the layout is a
*copy* with a number, so that a decision about one of the two copies of a
card can follow that copy wherever it moves.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Iterator

from .moves import MoveKind
from .piles import PileKind, Place
from .policies import Compulsion, Refill
from .rules import GameRules
from .state import Move, State

__all__ = [
    "KEENS",
    "SLICE",
    "Budget",
    "OutOfBudget",
    "Search",
    "applies",
    "feeds_home",
    "foundation_tables",
]

#: Where an exposed copy lies.
COLUMN, CELL, WASTE = 0, 1, 2
_KINDS = (PileKind.COLUMN, PileKind.CELL, PileKind.WASTE)

#: What a branch does: play a copy home, reserve a copy, or draw.
PLAY, RESERVE, DRAW = 0, 1, 2

#: A branch: (what, copy, place kind or mask, place index, foundation).
Branch = tuple[int, int, int, int, int]

#: Nodes per turn of a depth-first search; the playouts take this many
#: times _RATIO in theirs (a playout node costs a fraction of a search node).
SLICE = 4096
_RATIO = 48
#: The depth-first search of the search's own tree takes one turn in this many.
_SEARCH_EVERY = 3
#: How keen a playout is to play a card home rather than to reserve it (or,
#: in the move-by-move search of other games, rather than to draw) ...
KEENS = (0.5, 0.7, 0.85, 0.95, 0.99)
#: ... and, in the search's own tree, to play from the cells or the waste
#: top rather than to draw first ...
_TIMING_KEENS = (0.75, 0.85, 0.9, 0.95, 0.98)
#: ... except where the next card of the stock is nearer home than the waste
#: top: then a playout draws first with this probability, so that a cell
#: emptied by the play takes the nearer card, where no draw buries it.
_DELAY = 0.7
#: One playout in this many follows the narrower tree, the others the search's own.
_NARROW_EVERY = 4


def feeds_home(rules: GameRules) -> bool:
    """Whether a card leaves its pile only to go home, to a foundation locked to a suit.

    No builds, no moves into cells, no plays from a foundation, no shifts,
    and every foundation takes one suit, each card of it at most once: the
    shape every cut of the solver is argued for (a card that can move
    elsewhere, go home to a foundation of any suit, or go to one foundation
    twice, is not followed by their arguments, nor a pile that a shift turns
    round, where taking a card off changes what later shifts bring up; see
    :mod:`patience_rules.solver`).
    """
    layout = rules.layout
    return (
        not layout.targets(MoveKind.BUILD)
        and not layout.targets(MoveKind.PARK)
        and not layout.shifts
        and all(
            part.suit is not None
            and not part.playable
            and len(set(part.sequence.ranks)) == len(part.sequence.ranks)
            for part in rules.foundations
        )
    )


def applies(rules: GameRules) -> bool:
    """Whether ``rules`` have the shape this search is argued for.

    Cards leave their piles only to go home, to foundations locked to a suit
    (:func:`feeds_home`); no compulsory moves, no middle, no redeal, a stock
    drawn one card at a time, tableau columns never refilled, reserve cells
    refilled from the waste only.
    """
    tableau, reserve = rules.tableau, rules.reserve
    return (
        feeds_home(rules)
        and rules.compulsion is Compulsion.NONE
        and rules.middle is None
        and rules.stock.redeals == 0
        and rules.stock.draw == 1
        and (tableau is None or tableau.refill is Refill.NEVER)
        and (reserve is None or reserve.refill is Refill.FROM_WASTE)
    )


def foundation_tables(
    rules: GameRules,
) -> tuple[list[tuple[int, ...]], dict[int, list[tuple[int, int]]]]:
    """For each foundation, the card indexes it takes in order, then -1; and for
    each card index, the (foundation, position) pairs that take it."""
    wants = [
        (*(int(f.suit or 0) * 13 + rank - 1 for rank in f.sequence.ranks), -1)
        for f in rules.foundations
    ]
    homes: dict[int, list[tuple[int, int]]] = {}
    for f, wanted in enumerate(wants):
        for position, card in enumerate(wanted[:-1]):
            homes.setdefault(card, []).append((f, position))
    return wants, homes


class OutOfBudget(Exception):
    """The node or time budget of a search ran out."""


class Budget:
    """A node budget and a deadline, shared by every method of one search."""

    def __init__(self, max_nodes: int | None, max_seconds: float | None) -> None:
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        self.nodes = 0

    def spend(self, nodes: int = 1) -> None:
        """Count ``nodes`` more; raise :class:`OutOfBudget` once over the budget.

        Nodes past the budget are not counted: :attr:`nodes` never exceeds
        ``max_nodes``.
        """
        self.nodes += nodes
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            self.nodes = self.max_nodes
            raise OutOfBudget
        if (
            self.deadline is not None
            and (nodes > 1 or self.nodes & 255 == 0)
            and time.perf_counter() > self.deadline
        ):
            raise OutOfBudget


class _Tables:
    """What the rules and the starting position fix: copies, their homes, the layout."""

    def __init__(self, start: State) -> None:
        self.wants, homes = foundation_tables(start.rules)
        self.complete = [len(wanted) - 1 for wanted in self.wants]
        value: list[int] = []

        def copy(card: int) -> int:
            value.append(int(card))
            return len(value) - 1

        self.columns = [[copy(card) for card in column] for column in start.columns]
        self.cells = [-1 if card is None else copy(card) for card in start.cells]
        self.waste = [copy(card) for card in start.waste]
        self.stock = [copy(card) for card in start.stock]  # the last is drawn next
        self.heights = list(start.foundation_heights)
        self.value = value
        #: for each copy: its homes as (foundation, position, 1 << position)
        self.homes: list[tuple[tuple[int, int, int], ...]] = [
            tuple((f, p, 1 << p) for f, p in homes.get(v, ())) for v in value
        ]
        #: for each copy: the foundations it may go to, as a bit mask
        self.full = [sum(1 << f for f, _, _ in entries) for entries in self.homes]
        self.shift = len(self.wants)
        #: for each copy: the other copy of its card in the layout, or -1
        self.twin = [-1] * len(value)
        first: dict[int, int] = {}
        for c, v in enumerate(value):
            if v in first:
                self.twin[c], self.twin[first[v]] = first[v], c
            else:
                first[v] = c
        self.stock_index = {c: i for i, c in enumerate(self.stock)}
        #: for each card: its copies in the layout; the index -1, a complete
        #: foundation's next card, falls on the last entry, which no card uses
        cards = max(max(value, default=0), *(max(w) for w in self.wants)) + 2
        self.copies: list[tuple[int, ...]] = [()] * cards
        for c, v in enumerate(value):
            self.copies[v] += (c,)
        #: the cells and the waste top: how many cards are in sight at most
        self.capacity = len(self.cells) + 1


class _Position:
    """A mutable position of copies, with the moves done and undone in place."""

    def __init__(self, tables: _Tables) -> None:
        self.t = tables
        self.reset()

    def reset(self) -> None:
        """Back to the starting position, with nothing reserved."""
        t = self.t
        self.heights = list(t.heights)
        self.columns = [list(column) for column in t.columns]
        self.cells = list(t.cells)
        self.waste = list(t.waste)
        self.stock = list(t.stock)
        self.allow = list(t.full)
        self.code = [(v << t.shift) | a for v, a in zip(t.value, self.allow, strict=True)]
        self.home = [False] * len(t.value)
        self.left = len(t.value)
        self.reserved: set[int] = set()
        self.empty_cells = self.cells.count(-1)
        #: for each copy: how many foundations want its card now (the last
        #: entry, for the index -1 of an empty cell, stays 0)
        self.wanted = [0] * (len(t.value) + 1)
        for wanted, h in zip(t.wants, self.heights, strict=True):
            for c in t.copies[wanted[h]]:
                self.wanted[c] += 1
        #: the moves played: (kind, index, foundation), kind -1 for a draw
        self.line: list[tuple[int, int, int]] = []

    # -- the transposition key ---------------------------------------------

    def key(self) -> Hashable:
        """Equal for positions with the same futures: cells and columns as multisets,
        each copy as its card and the foundations it may still go to."""
        code = self.code.__getitem__
        stock_reserved: tuple[tuple[int, int], ...] = ()
        if self.reserved:
            n = len(self.stock)
            index = self.t.stock_index
            stock_reserved = tuple(
                sorted((index[c], self.allow[c]) for c in self.reserved if index.get(c, n) < n)
            )
        cells = self.cells
        return (
            len(self.stock),
            tuple(self.heights),
            tuple(sorted(tuple(map(code, column)) for column in self.columns)),
            tuple(sorted(code(c) for c in cells if c >= 0))
            if self.empty_cells
            else tuple(sorted(map(code, cells))),
            tuple(map(code, self.waste)),
            stock_reserved,
        )

    # -- the moves to search -----------------------------------------------

    def branches(self, eager: bool = False) -> tuple[bool, list[Branch]]:
        """The branches to search here, and whether they are forced.

        Forced: the plays of the first copy whose every open home wants it
        now (or, with the stock out, whose twin is in sight as it is).  Else
        a decision on the first copy some home wants now: play it there, or
        reserve it for its other homes.  A copy counts here when it is at a
        column front, or anywhere in sight once the stock is out.  Else,
        while the stock lasts, every play from the cells and the waste top,
        then the draw.  Else nothing.

        ``eager`` treats the cells and the waste top like column fronts even
        while the stock lasts: a narrower tree, which the second depth-first
        search and one playout in four follow (a win found there is checked
        like any other; no loss is inferred from it).
        """
        heights, allow, homes = self.heights, self.allow, self.t.homes
        wanted_now = self.wanted
        decision: Branch | None = None
        decision_plays: list[Branch] = []
        timed: list[Branch] = []  # plays whose timing matters: cells and waste, stock left
        columns, cells, waste, stock = self.columns, self.cells, self.waste, self.stock
        exposed = [
            (c, COLUMN, i)
            for i, column in enumerate(columns)
            if column and wanted_now[c := column[-1]]
        ]
        for i, c in enumerate(cells):
            if wanted_now[c]:
                exposed.append((c, CELL, i))
        if waste and wanted_now[c := waste[-1]]:
            exposed.append((c, WASTE, 0))
        for c, kind, index in exposed:
            a = allow[c]
            plays: list[Branch] = []
            open_homes = 0
            for f, p, _ in homes[c]:
                if a >> f & 1:
                    h = heights[f]
                    if h == p:
                        plays.append((PLAY, c, kind, index, f))
                    if h <= p:
                        open_homes |= 1 << f
            if not plays:
                continue
            if kind != COLUMN and stock and not eager:
                timed.extend(plays)
                continue
            wanted = 0
            for play in plays:
                wanted |= 1 << play[4]
            if wanted == open_homes:
                return True, plays
            if kind != COLUMN:
                t = self.t.twin[c]
                if t >= 0 and allow[t] == a and (t in cells or (bool(waste) and waste[-1] == t)):
                    return True, plays
            if decision is None:
                decision = (RESERVE, c, open_homes & ~wanted, 0, 0)
                decision_plays = plays
        if decision is not None:
            _, c, rest, _, _ = decision
            t = self.t.twin[c]
            if t >= 0 and not self.home[t] and rest & (rest - 1) == 0 and not allow[t] & ~rest:
                return True, decision_plays  # reserved, the twin could go nowhere
            return False, [*decision_plays, decision]
        if stock:
            timed.append((DRAW, 0, 0, 0, 0))
        return False, timed

    # -- doing and undoing -------------------------------------------------

    def _allow(self, c: int, mask: int) -> None:
        self.allow[c] = mask
        self.code[c] = (self.t.value[c] << self.t.shift) | mask
        if mask == self.t.full[c]:
            self.reserved.discard(c)
        else:
            self.reserved.add(c)

    def _want(self, f: int, h: int, step: int) -> None:
        """Foundation ``f`` moves between heights ``h`` and ``h + 1``: up when
        ``step`` is 1, down when it is -1."""
        wanted, copies, counts = self.t.wants[f], self.t.copies, self.wanted
        for c in copies[wanted[h]]:
            counts[c] -= step
        for c in copies[wanted[h + 1]]:
            counts[c] += step

    def do(self, branch: Branch) -> tuple[int, ...]:
        """Do ``branch``; return what :meth:`undo` needs."""
        what, c, kind, index, f = branch
        if what == PLAY:
            h = self.heights[f]
            self._want(f, h, 1)
            self.heights[f] = h + 1
            self.home[c] = True
            self.left -= 1
            refill = -1
            if kind == COLUMN:
                self.columns[index].pop()
            elif kind == CELL:
                if self.waste:
                    refill = self.waste.pop()
                    self.cells[index] = refill
                else:
                    self.cells[index] = -1
                    self.empty_cells += 1
            else:
                self.waste.pop()
            self.line.append((kind, index, f))
            return (PLAY, c, kind, index, f, refill)
        if what == RESERVE:
            rest = kind
            t = self.t.twin[c]
            undo = (RESERVE, c, self.allow[c], t, self.allow[t] if t >= 0 else 0)
            self._allow(c, rest)
            if t >= 0 and not self.home[t] and rest & (rest - 1) == 0:
                self._allow(t, self.allow[t] & ~rest)
            return undo
        card = self.stock.pop()
        self.line.append((-1, 0, 0))
        if self.empty_cells:
            j = self.cells.index(-1)
            self.cells[j] = card
            self.empty_cells -= 1
            return (DRAW, j)
        self.waste.append(card)
        return (DRAW, -1)

    def undo(self, done: tuple[int, ...]) -> None:
        """Undo what :meth:`do` did."""
        what = done[0]
        if what == PLAY:
            _, c, kind, index, f, refill = done
            self.line.pop()
            h = self.heights[f] - 1
            self._want(f, h, -1)
            self.heights[f] = h
            self.home[c] = False
            self.left += 1
            if kind == COLUMN:
                self.columns[index].append(c)
            elif kind == CELL:
                if refill >= 0:
                    self.waste.append(refill)
                else:
                    self.empty_cells -= 1
                self.cells[index] = c
            else:
                self.waste.append(c)
        elif what == RESERVE:
            _, c, old, t, old_twin = done
            self._allow(c, old)
            if t >= 0:
                self._allow(t, old_twin)
        else:
            self.line.pop()
            j = done[1]
            if j >= 0:
                card = self.cells[j]
                self.cells[j] = -1
                self.empty_cells += 1
            else:
                card = self.waste.pop()
            self.stock.append(card)

    def distance(self, c: int) -> int:
        """How many cards the nearest home of copy ``c`` still takes before it
        (more than any foundation takes when no home is open)."""
        heights, allow = self.heights, self.allow[c]
        return min(
            (p - heights[f] for f, p, _ in self.t.homes[c] if allow >> f & 1 and p >= heights[f]),
            default=len(self.t.value),
        )

    def moves(self) -> tuple[Move, ...]:
        """The moves played, as the engine's moves."""
        return tuple(
            Move.draw() if kind < 0 else Move.to_foundation(Place(_KINDS[kind], index), f)
            for kind, index, f in self.line
        )

    # -- the relaxed game --------------------------------------------------

    def may_win(self) -> bool:
        """Whether the relaxed game (see :mod:`patience_rules.solver`) is won."""
        t = self.t
        allow, homes, reserved = self.allow, t.homes, self.reserved
        start = self.heights
        heights = list(start)
        avail = [0] * len(heights)
        #: waiting[f * 16 + p]: the copies in sight that leave when foundation f reaches p
        #: (a foundation takes at most 13 cards here: each of its suit once, see applies)
        waiting: list[list[int] | None] = [None] * (16 * len(heights))
        #: where[c]: the column of a copy in sight, -1 for the cells and the waste top,
        #: -2 for a copy not in sight
        where = [-2] * len(allow)
        columns = [list(column) for column in self.columns]
        leaving: list[int] = []
        advancing: list[int] = []

        def enter(c: int, place: int) -> None:
            where[c] = place
            gone = False
            check = c in reserved
            for f, p, bit in homes[c]:
                if p >= start[f] and (not check or allow[c] >> f & 1):
                    h = heights[f]
                    if p > h:
                        avail[f] |= bit
                        w = waiting[f * 16 + p]
                        if w is None:
                            waiting[f * 16 + p] = [c]
                        else:
                            w.append(c)
                    else:
                        gone = True
                        if p == h:
                            avail[f] |= bit
                            advancing.append(f)
            if gone:
                leaving.append(c)

        held = len(self.waste)
        for i, column in enumerate(columns):
            if column:
                enter(column[-1], i)
        for c in self.cells:
            if c >= 0:
                enter(c, -1)
                held += 1
        waste = list(self.waste)  # a -1 is a token
        if waste:
            enter(waste.pop(), -1)
        capacity = t.capacity
        stock = self.stock
        drawn = len(stock)
        while True:
            while leaving or advancing:
                while leaving:
                    c = leaving.pop()
                    place = where[c]
                    if place == -2:
                        continue
                    where[c] = -2
                    if place < 0:
                        held -= 1
                        if waste:
                            u = waste.pop()
                            if u >= 0:
                                enter(u, -1)
                    else:
                        column = columns[place]
                        column.pop()
                        if column:
                            enter(column[-1], place)
                while advancing:
                    f = advancing.pop()
                    h = old = heights[f]
                    bits = avail[f]
                    while bits >> h & 1:
                        h += 1
                    if h != old:
                        heights[f] = h
                        for i in range(f * 16 + old + 1, f * 16 + h + 1):
                            w = waiting[i]
                            if w is not None:
                                leaving.extend(w)
                                waiting[i] = None
            if not drawn:
                break
            drawn -= 1
            if held >= capacity:
                waste.append(-1)
            held += 1
            enter(stock[drawn], -1)
        return heights == t.complete


class Search:
    """The searches of one starting position: depth-first through the full
    tree (one turn in _SEARCH_EVERY) and through the narrower one, and
    playouts, taking turns until one of them settles it."""

    def __init__(self, start: State, budget: Budget, seed: int) -> None:
        tables = _Tables(start)
        self.budget = budget
        self.position = _Position(tables)
        self.narrow = _Position(tables)
        self.scratch = _Position(tables)
        self.playouts_played = 0
        #: for each tree (narrower or not): the cards left and the branches of
        #: the playout that took most cards home
        self.best: dict[bool, tuple[int, list[Branch]]] = {}
        self.rng = random.Random(seed)
        self.found: tuple[Move, ...] | None = None

    def run(self) -> tuple[Move, ...] | None:
        """A winning line, or ``None`` when none exists; raises :class:`OutOfBudget`."""
        search = self.search(self.position)
        narrow: Iterator[None] | None = self.search(self.narrow, eager=True)
        turn = 0
        while True:
            if turn % _SEARCH_EVERY == 0 and next(search, True):
                return self.found  # the search is over: a win, or none
            turn += 1
            if narrow is not None and next(narrow, True):
                if self.found is not None:
                    return self.found
                narrow = None  # the narrower tree holds no win; the search goes on
            line = self.playouts(SLICE * _RATIO)
            if line is not None:
                return line

    def expand(self, position: _Position, seen: set[Hashable], eager: bool) -> list[Branch] | None:
        """The branches of ``position``, or ``None`` when it is cut."""
        key = position.key()
        if key in seen:
            return None
        seen.add(key)
        _, branches = position.branches(eager)
        if not branches:
            return None
        # The relaxed game is played where there is a choice: after a forced
        # play or before the only move, a draw, it seldom cuts what the next
        # choice would not.
        if len(branches) > 1 and not position.may_win():
            return None
        return branches

    def search(self, position: _Position, eager: bool = False) -> Iterator[None]:
        """Depth-first search of ``position``, pausing every slice of nodes.

        Sets :attr:`found` to a winning line when it finds one.  ``eager``
        searches the narrower tree of :meth:`_Position.branches`: its end
        without a win proves nothing.
        """
        if not position.left:
            self.found = ()
            return
        seen: set[Hashable] = set()
        branches = self.expand(position, seen, eager)
        if not branches:
            return
        # One entry per open state on the path: its branches, the next one to
        # try, and the undo record of the branch being searched below it.
        pending: list[list[Branch]] = [branches]
        tried: list[int] = [0]
        below: list[tuple[int, ...] | None] = [None]
        spend = self.budget.spend
        slice_left = SLICE
        while pending:
            done = below[-1]
            if done is not None:
                position.undo(done)
                below[-1] = None
            i = tried[-1]
            if i == len(pending[-1]):
                pending.pop()
                tried.pop()
                below.pop()
                continue
            tried[-1] = i + 1
            spend()
            slice_left -= 1
            if not slice_left:
                slice_left = SLICE
                yield
            below[-1] = position.do(pending[-1][i])
            if not position.left:
                self.found = position.moves()
                return
            following = self.expand(position, seen, eager)
            if following:
                pending.append(following)
                tried.append(0)
                below.append(None)

    def choose(
        self, position: _Position, branches: list[Branch], keen: float, timing: float
    ) -> Branch:
        """A playout's pick among two or more ``branches`` of ``position``.

        Among plays, any.  Between plays and a reservation, a play with
        probability ``keen``.  Between plays from the cells or the waste top
        and the draw, a play with probability ``timing``, but the draw with
        probability _DELAY where the next card of the stock is nearer home
        than the waste top.
        """
        random = self.rng.random
        n = len(branches)
        last = branches[-1]
        if last[0] == PLAY:
            return branches[int(random() * n)]
        if last[0] == DRAW:
            waste = position.waste
            if waste and position.distance(position.stock[-1]) < position.distance(waste[-1]):
                draw = random() < _DELAY
            else:
                draw = random() >= timing
        else:
            draw = random() >= keen
        return last if draw else branches[int(random() * (n - 1))]

    def playouts(self, nodes: int) -> tuple[Move, ...] | None:
        """Random lines, one in _NARROW_EVERY through the narrower tree and
        the others through the search's own; a winning one if found.

        Half the playouts start with a random part of the beginning of the
        best playout of their tree so far (the one that took most cards
        home), and go on at random from there.
        """
        rng, position, best, choose = self.rng, self.scratch, self.best, self.choose
        random = rng.random
        spent = 0
        while spent < nodes:
            self.playouts_played += 1
            eager = self.playouts_played % _NARROW_EVERY == 1
            keen = rng.choice(KEENS)
            timing = 1.0 if eager else rng.choice(_TIMING_KEENS)
            position.reset()
            line: list[Branch] = []
            record = best.get(eager)
            if record is not None and random() < 0.5:
                line = record[1][: rng.randrange(len(record[1]))]
                for branch in line:
                    position.do(branch)
            while position.left:
                _, branches = position.branches(eager)
                n = len(branches)
                if n < 2:
                    if not n:
                        break
                    branch = branches[0]
                else:
                    branch = choose(position, branches, keen, timing)
                position.do(branch)
                line.append(branch)
            if record is None or position.left <= record[0]:
                best[eager] = (position.left, line)
            spent += len(line)
            self.budget.spend(len(line))
            if not position.left:
                return position.moves()
        return None
