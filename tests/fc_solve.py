"""Freecell Solver (``fc-solve``) as an outside peer: boards in, solutions in our notation out.

Freecell Solver is a real FreeCell solver that no one here wrote (Debian's
``freecell-solver-bin`` gives the ``fc-solve`` program; CI installs it).  This
module

- writes a board in its format (:func:`board_text`, :func:`deal_board`),
- runs it on a board with a timeout (:func:`run_fc_solve`), and
- turns its output into moves of our notation (:func:`parse_solution`):
  ``T3-R1``, ``T3-F2``, ``R1-T5``, ``R1-F4``, ``T3-T5``, ``T3-T5:3``.

How it is run: ``fc-solve --freecells-num 4 -l slick-rock -mi 1000000 -sam -p -t -sel -``
with the board on standard input.

- ``-l slick-rock`` is one of its presets "that may produce shorter solutions"
  (``fc-solve --help-short-sol``): it searches with several soft threads and,
  when that fails, with atomic (single-card) moves only.  Over Microsoft deals
  1-200 it solves every deal in about a second in all (0.06 s at most), with
  solutions of 92 to 156 moves (114 on average).  The default configuration
  takes 20 s, gives 134 moves on average (up to 236) and leaves 3 deals
  unsolved within a million iterations; ``-l video-editing`` gives 93 moves on
  average but takes 50 s.
- Its sequence moves ("Move 3 cards from stack 0 to stack 5") follow FreeCell's
  default ``--sequence-move limited``, the number of empty free cells and
  columns: they replay as our supermoves (a run of n cards when
  n <= (1 + empty free cells) x 2 ** (empty columns), an empty target column
  not counted).  In deals 1-200 there are 1,432 of them, all within that
  limit, 999 at it, 113 of these into an empty column.  Single cards moved
  between columns are written ``Move 1 cards from stack 0 to stack 5``.
- ``-sam -p -t`` prints every state after every move, in a parseable layout
  (one column a line, bottom card first, 10 as ``T``); ``-sel`` says
  "Iterations count exceeded" instead of "I could not solve this game" when
  the limit ``-mi`` is reached, so a hard deal is not mistaken for a lost one.

The parser does not trust its reading of the moves alone: it keeps its own
copy of the layout, applies each move to it and compares the result with the
state that ``fc-solve`` prints after the move, column by column, cell by cell
and foundation by foundation.  That settles what the output leaves implicit:

- stacks and free cells are numbered from 0 (``T1``/``R1`` are our first);
- a move to "the foundations" goes to the foundation of the card's suit
  (``F1``..``F4``: clubs, diamonds, hearts, spades);
- ``fc-solve`` may move a card from one free cell to another or show the cells
  in another order: the cells are known by the cards in them, a card keeps its
  own free cell in our numbering, and a move between two free cells, which our
  notation does not have (it only renumbers the cells), is left out;
- a card that reaches a foundation without a move of its own (an automatic
  move) is played there by an explicit move, from a column top or a cell.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Sequence

from patience_rules import Card

#: The command and the options that choose how ``fc-solve`` searches (see above).
FC_SOLVE = "fc-solve"
SEARCH_OPTIONS = ("-l", "slick-rock")
#: Options that choose how it prints: every state after every move, parseably.
OUTPUT_OPTIONS = ("-sam", "-p", "-t", "-sel")

_SUITS = "CDHS"  # our foundation order, as Card.index counts suits
_FCS_FOUNDATIONS = "HCDS"  # the order of fc-solve's "Foundations:" line
_RANKS = ["0", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]


class FcSolveError(RuntimeError):
    """fc-solve is missing, failed, gave up, or printed what the parser cannot follow."""


def fcs_card(card: Card) -> str:
    """A card in fc-solve's form: ``QH``, ``TS``."""
    return str(card).replace("10", "T")


def board_text(
    columns: Sequence[Sequence[Card]],
    cells: Sequence[Card | None] = (),
    foundations: Sequence[int] = (0, 0, 0, 0),
) -> str:
    """A board in fc-solve's format.

    ``columns``: bottom card first.  ``cells``: free cells (``None`` empty).
    ``foundations``: how many cards each foundation holds, clubs, diamonds,
    hearts, spades.
    """
    lines = []
    if any(foundations):
        homes = " ".join(f"{_SUITS[s]}-{_RANKS[height]}" for s, height in enumerate(foundations))
        lines.append(f"Foundations: {homes}")
    if any(card is not None for card in cells):
        lines.append("Freecells: " + " ".join("-" if c is None else fcs_card(c) for c in cells))
    lines += [" ".join(fcs_card(card) for card in column) for column in columns]
    return "\n".join(lines) + "\n"


def deal_columns(order: Sequence[Card], columns: int = 8) -> list[list[Card]]:
    """FreeCell's layout: card i of ``order`` to column i mod 8, in rows."""
    return [list(order[c::columns]) for c in range(columns)]


def deal_board(order: Sequence[Card]) -> str:
    """The board of a deal given by its deck order."""
    return board_text(deal_columns(order))


def run_fc_solve(
    board: str,
    *,
    timeout: float = 60.0,
    max_iterations: int = 1_000_000,
    cells: int = 4,
    search_options: Sequence[str] = SEARCH_OPTIONS,
) -> str:
    """fc-solve's output for ``board``; :class:`FcSolveError` unless it found a solution."""
    program = shutil.which(FC_SOLVE)
    if program is None:
        raise FcSolveError(
            "fc-solve is not installed: apt-get install freecell-solver-bin (Debian)"
        )
    command = [
        program,
        "--freecells-num",
        str(cells),
        *search_options,
        "-mi",
        str(max_iterations),
        *OUTPUT_OPTIONS,
        "-",
    ]
    try:
        done = subprocess.run(
            command,
            input=board,
            capture_output=True,
            text=True,
            timeout=timeout,
            env={**os.environ, "FREECELL_SOLVER_QUIET": "1"},
            check=False,
        )
    except subprocess.TimeoutExpired as error:
        raise FcSolveError(f"fc-solve took more than {timeout} s") from error
    if done.returncode != 0 or "This game is solveable." not in done.stdout:
        last = (done.stdout.strip().splitlines() or [""])[-1]
        raise FcSolveError(
            f"fc-solve found no solution (exit {done.returncode}): {last} {done.stderr.strip()}"
        )
    return done.stdout


# -- reading the output -------------------------------------------------------------

#: One state: columns, free cells by fc-solve's position, foundation heights (ours).
_State = tuple[list[list[Card]], list[Card | None], list[int]]

_MOVE_PATTERNS = {
    "cards": re.compile(r"Move (\d+) cards from stack (\d+) to stack (\d+)"),
    "stack-cell": re.compile(r"Move a card from stack (\d+) to freecell (\d+)"),
    "stack-home": re.compile(r"Move a card from stack (\d+) to the foundations"),
    "cell-stack": re.compile(r"Move a card from freecell (\d+) to stack (\d+)"),
    "cell-home": re.compile(r"Move a card from freecell (\d+) to the foundations"),
    "cell-cell": re.compile(r"Move a card from freecell (\d+) to freecell (\d+)"),
}


def _read_move(line: str) -> tuple[str, list[int]]:
    """The kind of a move line and its numbers."""
    for kind, pattern in _MOVE_PATTERNS.items():
        found = pattern.fullmatch(line)
        if found:
            return kind, [int(group) for group in found.groups()]
    raise FcSolveError(f"a move the parser does not know: {line!r}")


def _read_state(lines: Sequence[str], cells: int) -> _State:
    """A state printed by ``-p -t``: the Foundations and Freecells lines, then columns."""
    homes = lines[0].split(":", 1)[1].split()
    heights = [0, 0, 0, 0]
    for home in homes:
        suit, rank = home.split("-")
        heights[_SUITS.index(suit)] = _RANKS.index(rank)
    if "".join(home[0] for home in homes) != _FCS_FOUNDATIONS:
        raise FcSolveError(f"unexpected foundations line {lines[0]!r}")
    slots = lines[1][len("Freecells:") :].ljust(4 * cells)
    free: list[Card | None] = []
    for i in range(cells):
        word = slots[4 * i : 4 * i + 4].strip()
        free.append(Card.from_str(word) if word else None)
    columns = [[Card.from_str(word) for word in line[1:].split()] for line in lines[2:]]
    return columns, free, heights


def _blocks(output: str, cells: int) -> list[tuple[str | None, _State]]:
    """(move line or None for the start, state after it), in order."""
    blocks: list[tuple[str | None, _State]] = []
    move: str | None = None
    lines = output.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("Move "):
            move = line.strip()
        elif line.startswith("Foundations:"):
            j = i + 2
            while j < len(lines) and lines[j].startswith(":"):
                j += 1
            blocks.append((move, _read_state(lines[i:j], cells)))
            move = None
            i = j
            continue
        i += 1
    return blocks


class _Tracker:
    """Our copy of the layout while reading: columns, our cells, and fc-solve's cells."""

    def __init__(self, start: _State, cells: Sequence[Card | None]) -> None:
        columns, fcs_cells, heights = start
        if sorted(c for c in cells if c is not None) != sorted(
            c for c in fcs_cells if c is not None
        ):
            raise FcSolveError("fc-solve's starting free cells are not the board's")
        self.columns = [list(column) for column in columns]
        self.cells: list[Card | None] = list(cells)
        self.fcs_cells: list[Card | None] = list(fcs_cells)
        self.heights = list(heights)
        self.moves: list[str] = []

    def _home(self, card: Card) -> str:
        suit = card.index // 13
        if self.heights[suit] != card.index % 13:
            raise FcSolveError(f"{card} does not go home now")
        self.heights[suit] += 1
        return f"F{suit + 1}"

    def _take_cell(self, fcs_index: int) -> tuple[int, Card]:
        card = self.fcs_cells[fcs_index]
        if card is None:
            raise FcSolveError(f"fc-solve's freecell {fcs_index} is empty")
        self.fcs_cells[fcs_index] = None
        ours = self.cells.index(card)
        self.cells[ours] = None
        return ours, card

    def _put_cell(self, fcs_index: int, card: Card) -> int:
        if self.fcs_cells[fcs_index] is not None:
            raise FcSolveError(f"fc-solve's freecell {fcs_index} is full")
        self.fcs_cells[fcs_index] = card
        # Our cell of the same number when it is empty, else our first empty cell.
        ours = fcs_index if self.cells[fcs_index] is None else self.cells.index(None)
        self.cells[ours] = card
        return ours

    def play(self, line: str) -> None:
        """Apply one move line of fc-solve's to our copy, noting the moves in our notation."""
        kind, numbers = _read_move(line)
        try:
            self._play(kind, numbers)
        except (IndexError, ValueError) as error:
            raise FcSolveError(f"{line!r} does not fit the layout: {error}") from error

    def _play(self, kind: str, numbers: list[int]) -> None:
        line = f"{kind} {numbers}"
        if kind == "cards":
            n, source, target = numbers
            column = self.columns[source]
            if not 1 <= n <= len(column):
                raise FcSolveError(f"{line!r}: stack {source} has {len(column)} cards")
            self.columns[target] += column[len(column) - n :]
            del column[len(column) - n :]
            count = f":{n}" if n > 1 else ""
            self.moves.append(f"T{source + 1}-T{target + 1}{count}")
        elif kind == "stack-cell":
            source, cell = numbers
            card = self.columns[source].pop()
            ours = self._put_cell(cell, card)
            self.moves.append(f"T{source + 1}-R{ours + 1}")
        elif kind == "stack-home":
            (source,) = numbers
            card = self.columns[source].pop()
            self.moves.append(f"T{source + 1}-{self._home(card)}")
        elif kind == "cell-stack":
            cell, target = numbers
            ours, card = self._take_cell(cell)
            self.columns[target].append(card)
            self.moves.append(f"R{ours + 1}-T{target + 1}")
        elif kind == "cell-home":
            (cell,) = numbers
            ours, card = self._take_cell(cell)
            self.moves.append(f"R{ours + 1}-{self._home(card)}")
        else:  # cell-cell: only fc-solve's numbering changes
            source, target = numbers
            moved = self.fcs_cells[source]
            if moved is None or self.fcs_cells[target] is not None:
                raise FcSolveError(f"{line!r}: not from a full cell to an empty one")
            self.fcs_cells[source], self.fcs_cells[target] = None, moved

    def catch_up(self, state: _State) -> None:
        """Play home the cards that fc-solve's state has home without a move, then check
        that our copy is that state, and take up fc-solve's numbering of its cells."""
        columns, fcs_cells, heights = state
        while self.heights != heights:
            for c, column in enumerate(self.columns):
                if column and self._wanted(column[-1], heights):
                    self.moves.append(f"T{c + 1}-{self._home(column.pop())}")
                    break
            else:
                for r, card in enumerate(self.cells):
                    if card is not None and self._wanted(card, heights):
                        self.cells[r] = None
                        self.fcs_cells[self.fcs_cells.index(card)] = None
                        self.moves.append(f"R{r + 1}-{self._home(card)}")
                        break
                else:
                    raise FcSolveError(
                        f"foundations {self.heights} cannot reach fc-solve's {heights}"
                    )
        if self.columns != columns:
            raise FcSolveError(f"columns differ from fc-solve's after {self.moves[-1:]}")
        if sorted(c for c in self.fcs_cells if c is not None) != sorted(
            c for c in fcs_cells if c is not None
        ):
            raise FcSolveError(f"free cells differ from fc-solve's after {self.moves[-1:]}")
        self.fcs_cells = list(fcs_cells)

    def _wanted(self, card: Card, heights: Sequence[int]) -> bool:
        suit, rank = card.index // 13, card.index % 13 + 1
        return self.heights[suit] == rank - 1 and heights[suit] >= rank


def parse_solution(
    output: str,
    *,
    columns: Sequence[Sequence[Card]] | None = None,
    cells: Sequence[Card | None] = (None, None, None, None),
) -> list[str]:
    """The moves of fc-solve's ``-sam -p -t`` output, in our notation, checked state by state.

    ``columns`` and ``cells``: the starting position as we number it (when
    ``columns`` is given, fc-solve's starting state must have these columns;
    its free cells must hold the same cards as ``cells``, in any order).
    """
    blocks = _blocks(output, len(cells))
    if not blocks or blocks[0][0] is not None:
        raise FcSolveError("no starting state in fc-solve's output")
    start = blocks[0][1]
    if columns is not None and [list(column) for column in columns] != start[0]:
        raise FcSolveError("fc-solve's starting columns are not the board's")
    tracker = _Tracker(start, cells)
    for line, state in blocks[1:]:
        if line is None:
            raise FcSolveError("a state without a move in fc-solve's output")
        tracker.play(line)
        tracker.catch_up(state)
    if tracker.heights != [13, 13, 13, 13]:
        raise FcSolveError(f"fc-solve's solution ends with foundations {tracker.heights}")
    return tracker.moves


def solve(order: Sequence[Card], *, timeout: float = 60.0) -> list[str]:
    """A solution of the FreeCell deal with deck order ``order`` (4 free cells), in our
    notation: ``T1-R1``, ``T4-T2:3``, ...; :class:`FcSolveError` if fc-solve finds none."""
    columns = deal_columns(order)
    output = run_fc_solve(board_text(columns), timeout=timeout)
    return parse_solution(output, columns=columns)
