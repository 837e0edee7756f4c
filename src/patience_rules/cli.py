"""The command line: ``patience-rules`` or ``python -m patience_rules``.

Commands:

- ``games``: the registered games and variants, one line each;
- ``show GAME [--deal N]``: the dealt layout;
- ``play GAME [--deal N] [--auto none|forced|safe]``: play in the terminal;
- ``stats GAME --deals N [--start K] [--jobs J | --scheduler ADDRESS]
  [--player P] [--seed S] [--json]``: the win rate over many deals, with a
  95% confidence interval, on a process pool or a Dask cluster;
- ``replay FILE [--json]``: replay a game record and show the final state;
- ``solve GAME [--deal N] [--max-nodes K] [--max-seconds S] [--seed S]
  [--quiet | --json]``: search a deal for a win (see
  :mod:`patience_rules.solver`).

``patience-rules --version`` prints the version; ``--help`` after the
program or a command lists the options.

**Exit status**, the same for every command:

====  ==================================================================
0     success; for ``play`` and ``solve``, the game was won
1     the game was not won: ``solve`` proved the deal lost, or ``play``
      ended in a lost game
2     bad input: a malformed command line, an unknown game, a number out
      of range, a file that cannot be read, a record with an illegal
      move, a Dask scheduler that cannot be reached
3     undecided: ``solve`` ran out of its budget, or ``play`` stopped
      (``quit``, or the end of the input) before the game was over
129   stopped by SIGHUP (the terminal closed: a lost connection), as by SIGTERM
130   interrupted (Ctrl-C)
143   stopped by SIGTERM (as a process manager stops a command); ``stats``
      stops its worker processes first, once they finish the chunks of
      250 deals already handed to them (seconds in most games, a minute or
      more in Klondike), or at once where the signal reaches the workers
      too (sent to the process group, as ``timeout`` and ``kill %1``
      send it); ``play`` writes its record first
====  ==================================================================

An error is one line on standard error, never a traceback.  When the
reader of the output goes away (``patience-rules solve ... | head``), the
command stops writing, quietly, and ends with its usual status.

**Cards** are written as the library writes them (``QH``, ``10S``).  On a
terminal they show suit symbols (``Q♥``, ``10♠``) when its encoding has
them, with hearts and diamonds in red (spades and clubs keep the
terminal's own text colour, which stays readable on a dark background);
``--color never``, the ``NO_COLOR`` environment variable or ``TERM=dumb``
turns colour off, ``--suits letters`` keeps the letters.  Output to a file
or a pipe keeps the plain letters and no colour, unless asked for.

**Auto-play** in ``play``: ``--auto forced`` plays every move that is the
only legal one (the default in a game whose moves are compulsory, such as
Captive Queens); ``--auto safe`` also plays the *safe* moves.  A move is
safe when all of these hold:

1. in this game the player chooses every move (none is compulsory), each
   foundation takes the cards of one suit (so it wants one card next: not
   Windmill's), and no redeal is a shift (which turns every pile round, so
   that taking a card off one changes which cards later shifts bring to
   its top);
2. it plays one card from a tableau column, a reserve cell or the waste to
   a foundation that gives no card back (not Klondike's with
   ``foundation_back``);
3. no other legal move plays to that foundation, and no other legal move
   plays that card home;
4. every other copy of the card (in a two-deck game) is already home for
   good (on a foundation that gives no card back, or in the middle);
5. no card that could be built on it is still to come: every copy of each
   card that the game's building rule lets onto it is home for good (on a
   foundation that gives no card back, or in the middle);
6. nothing is refilled because of it, now or later: it leaves a card on
   its pile, or a pile that is never refilled at once, and not the waste;
   or else the stock and the waste are both empty before it (but for the
   card itself, from the waste), so that no refill can follow.

A foundation takes its suit's cards in a fixed order, so a safe move never
turns a game that can be won into one that cannot: every winning line must
play that copy to that foundation (nothing else can fill it); until then
nothing can be built on the card, so it stays the top card of whichever
pile holds it, and the line's other moves never depend on it (a run it
tops moves one card shorter); nothing is refilled sooner or otherwise.  So
the line without the card's moves wins after the safe move.  Safe moves
are few early in a two-deck game; they are the obvious plays of the end
game (in Klondike and FreeCell, a card goes home once the cards of the
other colour one rank lower are home).

>>> from patience_rules.cli import main
>>> main(["show", "captive-queens", "--deal", "1"])
Captive Queens
Foundations:  --  --  --  -- |  --  --  --  --
Queens:  (empty)
Stock: 52 cards   Waste: (empty)   Redeals left: 2
0
>>> main(["show", "spider"])
2
"""

from __future__ import annotations

import argparse
import codecs
import collections
import concurrent.futures
import contextlib
import enum
import functools
import json
import math
import os
import re
import signal
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, BinaryIO, Final, NoReturn, TextIO

from . import __version__
from .cards import Card, Suit
from .deals import MAX_DEAL_NUMBER
from .errors import NotationError, PatienceRulesError, _counted, _shown
from .games import game_entries, game_names, get_game
from .notation import (
    _default_as_text,
    game_from_text,
    game_to_text,
    move_from_loose_text,
    move_to_text,
    place_to_text,
)
from .piles import PileKind
from .players import get_player, player_names
from .policies import Compulsion
from .records import GameRecord, _game_text_or_none
from .rules import GameRules, _options_written
from .solver import Outcome, Solution, solve
from .state import Move, State
from .stats import (
    MAX_JOBS,
    MAX_MOVES,
    DealStats,
    _usable_cpus,
    _workers,
    play_deals,
)

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

__all__ = ["ExitStatus", "main", "move_text", "parse_move_text"]

_PROG = "patience-rules"


class ExitStatus(enum.IntEnum):
    """The exit statuses of every command (see the module notes).

    >>> from patience_rules.cli import ExitStatus, main
    >>> main(["solve", "captive-queens", "--deal", "0", "--quiet"]) == ExitStatus.NOT_WON
    lost (161 nodes)
    True
    """

    #: Success; for ``play`` and ``solve``, the game was won.
    SUCCESS = 0
    #: The game was not won: ``solve`` proved the deal lost, ``play`` ended in a lost game.
    NOT_WON = 1
    #: Bad input: the command could not be run as given.
    BAD_INPUT = 2
    #: Undecided: ``solve`` ran out of budget, ``play`` stopped before the end of the game.
    UNDECIDED = 3
    #: Stopped by SIGHUP (128 + 1: the terminal closed), as by SIGTERM.
    HUNG_UP = 129
    #: Interrupted by Ctrl-C.
    INTERRUPTED = 130
    #: Stopped by SIGTERM (128 + 15, as a shell reports it).
    TERMINATED = 143


class _Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: unwind (a pool's workers stopped, a record written) and
    end with 128 and the signal's number."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


#: The signals that stop a command as SIGTERM does (SIGHUP where there is one).
_STOPPING: Final = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


#: SIGTERM while a process pool runs: noted here, and raised at the next safe
#: point (see :func:`_stopping_when_asked`), never inside the pool's own code,
#: where an exception could leave one of its locks held.
_TERM: dict[str, int] = {"deferred": False, "asked": 0}


def _raise_terminated(signum: int, frame: object) -> None:
    # (once: a second SIGTERM, as supervisors send, must not cut the cleanup short)
    for each in _STOPPING:
        signal.signal(each, _signalled_again)
    if _TERM["deferred"]:
        _TERM["asked"] = signum
        return
    raise _Terminated(signum)


def _signalled_again(signum: int, frame: object) -> None:
    """SIGTERM or SIGHUP once more, while the first is handled: nothing more to do.

    A handler, not ``SIG_IGN``: an ignored signal stays ignored in every
    process started from then on, and a pool starts its fork server and a
    worker again as it unwinds (the first SIGTERM, sent to the process group,
    ended them), which then ignored the SIGTERM that the pool stops its
    workers with, and the pool waited for them for ever.
    """


@contextlib.contextmanager
def _sigterm_deferred() -> Iterator[None]:
    """While a pool runs, SIGTERM is only noted; it is raised at the end (or between chunks)."""
    _TERM.update(deferred=True, asked=0)
    try:
        yield
    except Exception:
        # (SIGTERM sent to the process group, as `timeout`, `kill %1` and
        # supervisors send it, ends the workers too: the pool breaks, and
        # its error is SIGTERM's doing, not the user's.)
        if _TERM["asked"]:
            raise _Terminated(_TERM["asked"]) from None
        raise
    finally:
        _TERM["deferred"] = False
    if _TERM["asked"]:
        raise _Terminated(_TERM["asked"])


def _stopping_when_asked(
    progress: Callable[[int, int], None] | None,
) -> Callable[[int, int], None]:
    """``progress``, called between chunks, which first raises a SIGTERM noted meanwhile."""

    def report(done: int, total: int) -> None:
        if _TERM["asked"]:
            raise _Terminated(_TERM["asked"])
        if progress is not None:
            progress(done, total)

    return report


@contextlib.contextmanager
def _sigterm_unwinds() -> Iterator[None]:
    """While a command runs, SIGTERM and SIGHUP raise :class:`_Terminated` in it (main
    thread only)."""
    try:
        previous = [(each, signal.signal(each, _raise_terminated)) for each in _STOPPING]
    except ValueError:  # (not the main thread: the signals stay as they were)
        yield
        return
    try:
        yield
    finally:
        for each, handler in previous:
            signal.signal(each, handler)


class _UsageError(Exception):
    """A command that cannot be run as given: the message says why."""


class _Exit(Exception):
    """argparse is done (``--help``, ``--version``): end with this status."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, and which never exits the program.

    Options are never abbreviated: ``stats --deal 5`` would otherwise be
    read as ``--deals 5``.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see '{self.prog} --help')")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            self._print_message(message, sys.stderr)
        raise _Exit(status)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # (argparse's own passes over every OSError: --help to a full disk said nothing)
        stream = file or sys.stderr
        if not message or stream is None:  # (no stream: started with '>&-')
            return
        try:
            _write_encodable(stream, message)
        except OSError as error:
            _silence(stream)  # (what is buffered cannot be written: drop it)
            if stream is sys.stdout and not isinstance(error, BrokenPipeError):
                raise _OutputError(f"cannot write to standard output: {_why(error)}") from None


class _OldNameNoted(argparse.Action):
    """Store the value; an option given by its old name (``--policy``) says its new one."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        new = self.option_strings[0]
        if option_string is not None and option_string != new:
            _note(f"{_PROG}: note: {option_string} is an old name of {new}")
        setattr(namespace, self.dest, values)


# -- argument types -----------------------------------------------------------

_DIGITS = re.compile(r"\s*\+?([0-9]{1,30})\s*")


def _whole_number(low: int, what: str, high: int = MAX_DEAL_NUMBER) -> Callable[[str], int]:
    def parse(text: str) -> int:
        match = _DIGITS.fullmatch(text)
        value = int(match[1]) if match is not None else None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"expected {what}, a whole number from {low} to {high}, got {_shown(text)}"
            )
        return value

    parse.__name__ = what
    return parse


_deal_number = _whole_number(0, "a deal number")
_count = _whole_number(1, "a number of deals")
_jobs = _whole_number(1, "a number of jobs", MAX_JOBS)
_seed = _whole_number(0, "a seed")
_moves = _whole_number(1, "a number of moves", 10**9)
_nodes = _whole_number(0, "a number of nodes", 10**15)


_DECIMAL = re.compile(r"\s*\+?([0-9]{1,20}(?:\.[0-9]{0,20})?|\.[0-9]{1,20})\s*")


def _seconds(text: str) -> float:
    # Plain decimals only, as the whole-number options: float() would also
    # take '1_0', '1e3', 'infinity' and full-width digits.
    match = _DECIMAL.fullmatch(text)
    value = float(match[1]) if match is not None else math.nan
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(
            "expected a number of seconds, at least 0, in plain decimals of at most 20 digits "
            f"before and after the point (such as 2.5), got {_shown(text)}"
        )
    return value


_seconds.__name__ = "a number of seconds"


# -- output -------------------------------------------------------------------


def _silence(stream: object) -> None:
    """``stream`` (standard output or error) cannot be written: send what is left to nowhere.

    Its reader went away, or its disk is full: what it still buffers would
    fail again as the interpreter flushes it on exit (which would make the
    exit status 120).
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
        pass


_CARD_TOKEN = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQK])([CDHS])(?!\w)")
_RED, _DEFAULT_COLOUR = "\x1b[31m", "\x1b[39m"
_GLYPHS = {suit.symbol: suit.glyph for suit in Suit}


def _paint_cards(text: str, *, symbols: bool, colour: bool) -> str:
    """``text`` with each card (``QH``, ``10S``) shown with its suit's symbol and colour.

    A card is a rank and a suit letter standing as a word of its own, as the
    library writes it; the move ``T4-F4`` or the word ``AS`` inside ``PASS``
    is left alone.  Red suits are coloured red; black suits keep the
    terminal's own colour.

    >>> _paint_cards("Foundations:  AS 10H | T4-F4  3D", symbols=True, colour=False)
    'Foundations:  A♠ 10♥ | T4-F4  3♦'
    >>> _paint_cards("QD QC", symbols=False, colour=True)
    '\\x1b[31mQD\\x1b[39m QC'
    """
    if not symbols and not colour:
        return text

    def paint(match: re.Match[str]) -> str:
        rank, suit = match[1], match[2]
        card = rank + (_GLYPHS[suit] if symbols else suit)
        return f"{_RED}{card}{_DEFAULT_COLOUR}" if colour and suit in "DH" else card

    return _CARD_TOKEN.sub(paint, text)


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):
        return False


def _can_show(stream: object, text: str) -> bool:
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str):
        return False
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _encodable(stream: object, text: str) -> str:
    """``text`` as ``stream`` can write it: what its encoding lacks escaped (``\\u2026``)."""
    encoding = getattr(stream, "encoding", None)
    try:
        if isinstance(encoding, str):
            return text.encode(encoding, "backslashreplace").decode(encoding)
    except (LookupError, UnicodeError):
        pass
    return text.encode("ascii", "backslashreplace").decode("ascii")


def _write_encodable(stream: SupportsWrite[str], text: str) -> None:
    """Write ``text`` on ``stream``, what its encoding lacks escaped (the help's suit
    symbols, say, on an ASCII stream)."""
    try:
        stream.write(text)
    except UnicodeEncodeError:
        stream.write(_encodable(stream, text))


def _card_style(stream: object, colour: str, suits: str) -> tuple[bool, bool]:
    """Whether to show suit symbols and colour on ``stream``: (symbols, colour).

    ``colour`` and ``suits`` are the choices of ``--color`` (auto, always,
    never) and ``--suits`` (auto, symbols, letters).  "auto" means: on a
    terminal, symbols if its encoding has them, and colour unless the
    ``NO_COLOR`` environment variable is set (not empty) or ``TERM`` is
    ``dumb``; elsewhere, neither.
    """
    terminal = _is_terminal(stream)
    symbols = (suits == "symbols" or (suits == "auto" and terminal)) and _can_show(
        stream, "".join(_GLYPHS.values())
    )
    painted = colour == "always" or (
        colour == "auto"
        and terminal
        and not os.environ.get("NO_COLOR")
        and os.environ.get("TERM") != "dumb"
    )
    return symbols, painted


class _OutputError(Exception):
    """Standard output cannot be written (a full disk, say): the command's one-line error."""


class _Output:
    """Standard output for a command: cards painted as asked, a closed pipe ignored.

    Where standard output is closed (``>&-``) or its reader has gone (a
    closed pipe), what is left is not written, and the command ends as it
    would have; where writing fails otherwise, :class:`_OutputError`.
    """

    def __init__(self, colour: str = "never", suits: str = "letters") -> None:
        self.symbols, self.colour = _card_style(sys.stdout, colour, suits)
        self.closed = sys.stdout is None
        #: Whether the reader went away (not closed from the start): a command
        #: that reads what to do, for its reader, stops asking.
        self.gone = False

    def __call__(self, text: str = "", *, typed: bool = False) -> None:
        """Write ``text`` and a newline.

        ``typed``: ``text`` says what to type (the play prompt's help and its
        answers to what is no move), so its cards keep their letters, which a
        keyboard has (``3S``, not ``3♠``).
        """
        if not self.closed:
            painted = (
                text if typed else _paint_cards(text, symbols=self.symbols, colour=self.colour)
            )
            self._guarded(sys.stdout.write, painted + "\n")

    def flush(self) -> None:
        """Flush standard output (where a closed pipe shows up)."""
        if not self.closed and sys.stdout is not None:
            self._guarded(sys.stdout.flush)

    def _guarded(self, write: Callable[..., object], *text: str) -> None:
        """``write(*text)``: a closed pipe closes the output, another failure ends the command."""
        try:
            try:
                write(*text)
            except UnicodeEncodeError:  # (nothing written: a text stream encodes first)
                write(*(_encodable(sys.stdout, piece) for piece in text))
        except BrokenPipeError:
            self.close()
        except OSError as error:
            self.close()  # (what is buffered cannot be written: drop it)
            raise _OutputError(f"cannot write to standard output: {_why(error)}") from None

    def close(self) -> None:
        """The reader went away: write nothing more."""
        self.closed = self.gone = True
        _silence(sys.stdout)


# -- the text form of moves ---------------------------------------------------


def move_text(move: Move) -> str:
    """The text form of ``move`` that ``play`` shows: the library's notation.

    >>> from patience_rules import Move, PileKind, Place
    >>> from patience_rules.cli import move_text
    >>> move_text(Move.to_foundation(Place(PileKind.CELL, 2), 5)), move_text(Move.draw())
    ('R3-F6', 'draw')
    """
    return move_to_text(move)


def parse_move_text(text: str, state: State) -> Move:
    """The legal move of ``state`` that ``text`` names, as ``play`` reads it.

    ``text`` is a move in the library's notation (``R3-F6``, ``draw``; see
    :func:`~patience_rules.move_from_text`), or, more loosely, anything that
    picks out one legal move: a card (``QH``), a card and a place
    (``QH F6``, ``3D R2``), a place (``T2``) or two (``R3 F6``).  Places are
    written as in the notation (``T`` a tableau column, ``R`` a reserve
    cell, ``F`` a foundation, ``W`` the waste, ``S`` the stock, ``M`` the
    middle); case, and ``-``, ``->`` or commas between words, do not matter.
    A card stands for the move that moves it (for a run of cards, the card
    at its head).  It is the notation's loose reader,
    :func:`~patience_rules.notation.move_from_loose_text`.  Move numbers are
    the prompt's, not this function's.

    :raises NotationError: if the text is malformed, or names no legal move,
        or fits more than one; the message says what was expected.

    >>> import patience_rules as pr
    >>> from patience_rules.cli import parse_move_text
    >>> state = pr.get_game("royal-cotillion").deal(7)
    >>> parse_move_text("3s", state)
    Move.to_foundation(Place(PileKind.COLUMN, 3), 3)
    >>> parse_move_text("R3 -> F7", state)
    Move.to_foundation(Place(PileKind.CELL, 2), 6)
    >>> parse_move_text("KH", state)
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: no legal move fits 'KH': KH cannot move now
    """
    return move_from_loose_text(text, state)


# -- play ---------------------------------------------------------------------

_AUTO_CHOICES = ("none", "forced", "safe")


#: Where a card goes home.
_HOME_KINDS: Final = (PileKind.FOUNDATION, PileKind.MIDDLE)


@functools.lru_cache(maxsize=64)
def _may_have_safe_moves(rules: GameRules) -> bool:
    """Condition 1 of a safe move (see the module notes): the player chooses every
    move, each foundation takes one suit, and no redeal is a shift."""
    return (
        rules.compulsion is Compulsion.NONE
        and not rules.layout.shifts
        and all(foundation.suit is not None for foundation in rules.foundations)
    )


@functools.lru_cache(maxsize=64)
def _copies(rules: GameRules) -> collections.Counter[Card]:
    """How many copies of each card the game has."""
    return collections.Counter(rules.deck())


@functools.lru_cache(maxsize=64)
def _built_on(rules: GameRules) -> tuple[tuple[Card, ...], ...]:
    """For every card (by index), the cards that the game's building rule lets
    onto it (none where nothing is built)."""
    above: list[list[Card]] = [[] for _ in range(52)]
    build = rules.layout.build
    if build is not None:
        for index, belows in enumerate(build.onto):  # (the cards each card goes on)
            for below in belows:
                above[below].append(Card.from_index(index))
    return tuple(tuple(cards) for cards in above)


def _home_for_good(state: State, card: Card) -> int:
    """How many copies of ``card`` are home for good: in the middle, or on a
    foundation that gives no card back."""
    foundations = state.rules.foundations
    return state.middle.count(card) + sum(
        cards.count(card)
        for cards, foundation in zip(state.foundations, foundations, strict=True)
        if not foundation.playable
    )


def _is_safe(state: State, move: Move, moves: tuple[Move, ...]) -> bool:
    """Whether ``move`` is safe in ``state`` (see the module notes for the definition)."""
    if move.is_draw or move.is_redeal or move.target.kind is not PileKind.FOUNDATION:
        return False
    source = move.source.kind
    if source not in (PileKind.COLUMN, PileKind.CELL, PileKind.WASTE):
        return False
    rules = state.rules
    card = state.card_of(move)
    if card is None or not _may_have_safe_moves(rules):
        return False
    if rules.foundations[move.target.index].playable:
        return False
    for other in moves:
        if other == move or other.is_draw or other.is_redeal:
            continue
        if other.target == move.target:
            return False
        if other.target.kind in _HOME_KINDS and state.card_of(other) == card:
            return False
    copies = _copies(rules)
    if copies[card] - _home_for_good(state, card) != 1:
        return False
    for above in _built_on(rules)[card]:
        if _home_for_good(state, above) != copies[above]:
            return False
    after = state.apply(move)
    # (The stock and the waste empty before the move: nothing but the card
    # itself left them, so no refill took their last card.)
    took = state.stock_size + state.waste_size - after.stock_size - after.waste_size
    if not after.stock_size and not after.waste_size and took == (source is PileKind.WASTE):
        return True
    if source is PileKind.WASTE:
        return False
    layout = rules.layout
    refill = layout.column_refill if source is PileKind.COLUMN else layout.cell_refill
    if after.top_card(move.source) is None and refill.is_automatic:
        return False
    return after.stock_size == state.stock_size and after.waste_size == state.waste_size


def _automatic(state: State, auto: str) -> Move | None:
    """The move that auto-play ``auto`` makes in ``state``, if any."""
    if auto == "none" or state.is_won:  # (a won game is over: no card goes back)
        return None
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if auto == "safe":
        for move in moves:
            if _is_safe(state, move, moves):
                return move
    return None


def _move_words(state: State, move: Move) -> str:
    """A move for a list of moves made: its text and the card it plays."""
    if move.is_draw or move.is_redeal:
        return move_text(move)
    return f"{move_text(move)} {state.card_of(move)}"


#: The most moves auto-play makes before it hands over (a game of one's own
#: with a huge redeal limit could otherwise go round its stock for ever).
_MOST_AUTOMATIC = 10_000


def _auto_play(state: State, auto: str, out: _Output, played: list[Move] | None = None) -> State:
    """Play the automatic moves from ``state``; say which; return the state reached.

    The moves made are added to ``played``, if given.
    """
    if played is None:
        played = []
    made: list[str] = []
    move = _automatic(state, auto)
    while move is not None and len(made) < _MOST_AUTOMATIC:
        made.append(_move_words(state, move))
        played.append(move)
        state = state.apply(move)
        move = _automatic(state, auto)
    if made:
        most = 12
        shown = ", ".join(made[:most]) + (
            f" and {len(made) - most} more" if len(made) > most else ""
        )
        plural = "move" if len(made) == 1 else "moves"
        out(f"Played for you ({auto}): {shown} ({len(made)} {plural}).")
        if move is not None:
            out(f"Auto-play stops after {_MOST_AUTOMATIC} moves in a row: over to you.")
    return state


def _play_help(state: State) -> str:
    """How to enter a move, with examples from the legal moves of ``state``."""
    moves = state.legal_moves()
    plays = [move for move in moves if not move.is_draw and not move.is_redeal]
    count = f"1 to {len(moves)}" if len(moves) > 1 else "1"
    words = [f"Type a move's number ({count})" if moves else "Type"]
    if plays:
        first = plays[0]
        words.append(f"or the move in the notation, such as {move_text(first)}")
        words.append(f"or the card it moves, such as {state.card_of(first)}")
        by_card: dict[Card | None, list[Move]] = {}
        for move in plays:
            by_card.setdefault(state.card_of(move), []).append(move)
        several = next((group for group in by_card.values() if len(group) > 1), None)
        if several is not None:
            one = several[0]
            place = one.source if len({move.source for move in several}) > 1 else one.target
            words[-1] += (
                f", with a place where it has several moves, such as "
                f"{state.card_of(one)} {place_to_text(place)}"
            )
    if any(move.is_draw for move in moves):
        words.append("or 'draw'")
    if any(move.is_redeal for move in moves):
        words.append("or 'redeal'")
    return (
        ", ".join(words)
        + ". Enter alone plays the only legal move; 'undo' takes back your last move; "
        "'help' shows this; 'quit' stops."
    )


def _describe_move(state: State, move: Move) -> str:
    if move.is_draw:
        return "draw"
    if move.is_redeal:
        return f"redeal ({state.rules.layout.redeal.describe()})"
    card = state.card_of(move)
    where = f"{card!s:>3}  {move_text(move)}"
    target = move.target
    if target.kind in (PileKind.FOUNDATION, PileKind.COLUMN):
        below = state.top_card(target)
        if below is not None:
            return f"{where}  (onto {below})"
        return f"{where}  (starts it)" if target.kind is PileKind.FOUNDATION else where
    return where


#: The longest line that ``play`` reads from input that is no terminal (no move,
#: number or command is nearly as long; a longer line ends the game).
_MOST_LINE_CHARACTERS: Final = 10_000


def _read(prompt: str) -> str | None:
    """A line typed at ``prompt``, or ``None`` at the end of the input (or none at all).

    A terminal's line is read by :func:`input` (with its line editing);
    other input (a pipe, a file) is read a line of at most
    ``_MOST_LINE_CHARACTERS`` at a time, so that endless input without a
    line break (``< /dev/zero``) is refused rather than read into memory.
    (:func:`_lenient_input` keeps a line of bytes that are no text whole.)
    """
    stdin = sys.stdin
    if stdin is None or getattr(stdin, "closed", False):
        return None
    if sys.stdout is not None and _is_terminal(stdin):
        try:
            return input(prompt)
        except EOFError:
            return None
    if sys.stdout is not None:  # (none: '>&-', and no prompt)
        sys.stdout.write(prompt)
        sys.stdout.flush()
    try:
        line = stdin.readline(_MOST_LINE_CHARACTERS + 1)
    except UnicodeError:  # (a text stream's own decoding: the caller refuses the line)
        raise
    except (OSError, ValueError) as error:  # (standard input not open for reading, say)
        why = getattr(error, "strerror", None) or str(error)
        raise _UsageError(f"cannot read the moves from standard input: {why}") from None
    if len(line) > _MOST_LINE_CHARACTERS and line[-1] != "\n":
        raise _UsageError(
            f"a line of input longer than {_MOST_LINE_CHARACTERS:,} characters: expected a "
            "move, its number or a command, a line each"
        )
    return line.rstrip("\r\n") if line else None


def _choose(text: str, state: State, moves: tuple[Move, ...]) -> Move:
    """The move the player typed: a number, nothing (the only move) or text."""
    if not text:
        if len(moves) == 1:
            return moves[0]
        raise NotationError(
            f"there are {len(moves)} moves to choose from: type a number from 1 to {len(moves)}"
        )
    if text.isascii() and text.isdigit():
        number = int(text) if len(text) <= 6 else 0
        if not 1 <= number <= len(moves):
            expected = (
                f"a move number from 1 to {len(moves)}"
                if len(moves) > 1
                else "1, the number of the only legal move"
            )
            raise NotationError(f"expected {expected}, got {_shown(text)}")
        return moves[number - 1]
    return parse_move_text(text, state)


def _play(
    rules: GameRules,
    deal: int,
    auto: str,
    out: _Output,
    read: Callable[[str], str | None] = _read,
    record: str | None = None,
    strict: bool = False,
) -> int:
    """Play deal ``deal`` of ``rules`` in the terminal; return the exit status.

    With ``record``, the game record of the deal and the moves played is
    written to the file at that path when the game ends, however it ends.
    ``strict``: the first line that is no legal move ends the game (a
    :class:`_UsageError` naming the line), rather than being answered.
    """
    played: list[Move] = []
    try:
        with _lenient_input():
            return _play_moves(rules, deal, auto, out, read, played, strict)
    finally:
        if record is not None:
            _write_record(record, GameRecord(rules, deal, played).to_text())


@contextlib.contextmanager
def _lenient_input() -> Iterator[None]:
    """While a game is played, standard input that decodes strictly keeps bytes that are
    no text as lone surrogates, as the C locale reads them (the line that holds them is
    refused): a strict decoder fails on the whole chunk it reads, and the lines after
    the bad one would be lost with it.  Its own handler is put back after the game.
    """
    stdin = sys.stdin
    errors = getattr(stdin, "errors", None)
    changed = False
    if errors == "strict":
        # (refused once the stream holds text it has decoded: then it stays strict)
        with contextlib.suppress(AttributeError, OSError, ValueError):
            stdin.reconfigure(errors="surrogateescape")  # type: ignore[union-attr]
            changed = True
    try:
        yield
    finally:
        if changed:
            with contextlib.suppress(AttributeError, OSError, ValueError):
                stdin.reconfigure(errors=errors)  # type: ignore[union-attr]


#: What opening a path raises when it cannot be used (ValueError: a NUL in it).
_UNUSABLE_PATH: Final = (OSError, ValueError)


def _why(error: Exception) -> str:
    """Why a file could not be used: the system's words (an OSError's), else the error's."""
    return getattr(error, "strerror", None) or str(error)


def _check_record_path(path: str) -> None:
    """Refuse, before play, a ``--record`` path that :func:`_write_record` could not write.

    It must name a regular file that can be written, or a new file in a
    directory that can be written to.  (A pipe or a device is refused: the
    record is written whole and then put in place, and opening a pipe would
    wait for a reader before the game is even shown.)
    """
    if "\0" in path:  # (os.stat's words for it differ between Pythons; open's do not)
        raise _unwritable(path, "embedded null byte")
    if not os.path.basename(path):  # ('' is no file, and 'new/' names a directory)
        raise _unwritable(
            path, "expected the name of a file" + (", not of a directory" if path else "")
        )
    try:
        try:
            kind = os.stat(path).st_mode
        except FileNotFoundError:
            pass
        else:
            if not stat.S_ISREG(kind):
                what = "a directory" if stat.S_ISDIR(kind) else "a pipe, a socket or a device"
                raise _unwritable(
                    path,
                    f"it is {what}; a record is written to a regular file, new or replaced whole",
                )
            with open(path, "a", encoding="utf-8"):  # (appends nothing: may it be written?)
                pass
        with tempfile.TemporaryFile(dir=os.path.dirname(os.path.realpath(path))):
            pass  # (the directory takes the new record before it is put in place)
    except _UNUSABLE_PATH as error:
        raise _unwritable(path, _why(error)) from None


def _unwritable(path: str, why: str) -> _UsageError:
    """The error for a game record that cannot be written to ``path``, saying ``why``."""
    return _UsageError(f"cannot write the game record to {_shown(path, 200)}: {why}")


def _write_record(path: str, text: str) -> None:
    """Write a game record's ``text`` to ``path`` whole, or say in one line why it cannot be.

    The record is written to a new file beside the target and then put in
    its place, so that a write that fails (a full disk) leaves the file that
    was there as it was, not cut short.  A file replaced keeps its
    permissions (a symbolic link is followed: the file it names is replaced).
    """
    target = os.path.realpath(path)
    try:
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        handle, temporary = tempfile.mkstemp(
            dir=os.path.dirname(target), prefix=".record-", suffix=".tmp"
        )
        try:
            with open(handle, "w", encoding="utf-8", newline="\n") as file:
                file.write(text)
            os.chmod(temporary, mode)
            os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    except _UNUSABLE_PATH as error:
        raise _unwritable(path, _why(error)) from None


def _play_moves(
    rules: GameRules,
    deal: int,
    auto: str,
    out: _Output,
    read: Callable[[str], str | None],
    played: list[Move],
    strict: bool = False,
) -> int:
    """:func:`_play`'s game, each move made added to ``played`` (and taken off by undo)."""
    total = len(rules.deck())
    lines = 0  # (read: a refusal under ``strict`` names its line)
    history: list[tuple[State, int]] = []
    state = rules.deal(deal)
    out(f"{_titled(rules)}, deal {deal}.")
    state = _auto_play(state, auto, out, played)
    show = True
    helped = False  # (how to enter a move is said before the first question, if one comes)
    while True:
        moves = state.legal_moves()
        if not moves or state.is_won:  # (won: over, though a card might go back)
            out()
            out(_picture(state))
            verdict = "Won" if state.is_won else "Lost"
            out(f"{verdict}: {state.cards_home} of {total} cards home.")
            return ExitStatus.SUCCESS if state.is_won else ExitStatus.NOT_WON
        if show:
            out()
            out(_picture(state))
            out("Moves:")
            for number, move in enumerate(moves, 1):
                out(f"  {number:>2}. {_describe_move(state, move)}")
        if not helped:
            out(_play_help(state), typed=True)
            helped = True
        show = True
        out.flush()
        if out.gone:  # (no one sees the game: as at the end of the input)
            return ExitStatus.UNDECIDED
        try:
            answer = read("move> ")
            lines += 1
            if answer is not None:  # (bytes that are no text, read with 'surrogateescape')
                answer.encode("utf-8")
        except UnicodeError:
            if strict:
                raise _UsageError(
                    f"line {lines} of the input is not text in this terminal's encoding: "
                    "expected a legal move (--strict)"
                ) from None
            out("Not a move: the line is not text in this terminal's encoding.")
            show = False
            continue
        if answer is None or answer.strip().lower() in ("quit", "q", "exit"):
            out(f"Quit: {state.cards_home} of {total} cards home.")
            return ExitStatus.UNDECIDED
        text = answer.strip()
        if text.lower() in ("undo", "u"):
            if history:
                state, made = history.pop()
                del played[made:]
                out("Undone.")
            else:
                out("Nothing to undo.")
                show = False
            continue
        if text.lower() in ("help", "h", "?"):
            out(_play_help(state), typed=True)
            show = False
            continue
        try:
            move = _choose(text, state, moves)
        except NotationError as error:
            if strict:
                raise _UsageError(
                    f"line {lines} of the input is not a legal move (--strict): {error}"
                ) from None
            out(f"Not a move: {error}. Type 'help' for how to enter a move.", typed=True)
            show = False
            continue
        history.append((state, len(played)))
        played.append(move)
        state = _auto_play(state.apply(move), auto, out, played)


# -- stats --------------------------------------------------------------------


def _progress_bar(stream: TextIO | None) -> Callable[[int, int], None] | None:
    """A progress callback drawing a bar on ``stream``, or ``None`` if it is no
    terminal (``sys.stderr`` is ``None`` where there is no standard error)."""
    if stream is None or not _is_terminal(stream):
        return None

    def draw(done: int, total: int) -> None:
        width = 30
        filled = width * done // total if total else width
        bar = "#" * filled + "-" * (width - filled)
        end = "\n" if done >= total else ""
        stream.write(f"\r[{bar}] {done}/{total} deals{end}")
        stream.flush()

    return draw


def _stats_report(
    rules: GameRules,
    args: argparse.Namespace,
    stats: DealStats,
    jobs: int | None,
    seconds: float,
) -> dict[str, object]:
    data: dict[str, object] = {
        "game": game_to_text(rules),
        "title": rules.title,
        "player": args.player,
        "start": args.start,
        "deals": args.deals,
        "cards": len(rules.deck()),
        "max_moves": args.max_moves,
    }
    if args.player == "random":
        data["seed"] = args.seed
    data.update(stats.to_dict())
    data["jobs"] = jobs
    if args.scheduler is not None:
        data["scheduler"] = args.scheduler
    data["seconds"] = round(seconds, 3)
    return data


@functools.lru_cache(maxsize=1)
def _distributed_client() -> Callable[..., object]:
    """Dask's ``distributed.Client``, or a usage error if it is not installed."""
    try:
        from distributed import Client  # the optional 'dask' extra
    except ImportError:
        raise _UsageError(
            '--scheduler needs Dask\'s distributed package: pip install "patience-rules[dask]"'
        ) from None
    client: Callable[..., object] = Client
    return client


@contextlib.contextmanager
def _on_cluster(address: str) -> Iterator[concurrent.futures.Executor]:
    """A Dask executor of the scheduler at ``address``, connected while in use."""
    connect = _distributed_client()
    try:
        client = connect(address)
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise _UsageError(
            f"cannot reach the Dask scheduler at {_shown(address)}: {_shown(reason, 200)}"
        ) from None
    try:
        executor: concurrent.futures.Executor = client.get_executor()  # type: ignore[attr-defined]
        yield executor
    finally:
        client.close()  # type: ignore[attr-defined]


def _tracker_outlives_hangup() -> None:
    """Start multiprocessing's resource tracker, which a pool's locks report to,
    with SIGHUP blocked in it.

    The tracker ignores SIGINT and SIGTERM but not SIGHUP: SIGHUP sent to the
    process group (the terminal closed) ended it, and the pool's cleanup then
    warned that it had died and printed its tracebacks.  A signal blocked in
    the thread that starts a process stays blocked in that process; here it
    is blocked for those milliseconds only, and one that arrives meanwhile is
    taken as soon as it is unblocked.
    """
    if not hasattr(signal, "SIGHUP") or not hasattr(signal, "pthread_sigmask"):
        return  # (Windows: no SIGHUP, and no resource tracker)
    from multiprocessing import resource_tracker

    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})
    try:
        resource_tracker.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _run_stats(args: argparse.Namespace, out: _Output) -> int:
    rules = game_from_text(args.game)
    player = get_player(args.player, seed=args.seed)
    began = time.perf_counter()
    play = functools.partial(
        play_deals,
        rules,
        args.deals,
        start=_deal_of(rules, args, "start"),
        player=player,
        progress=_stopping_when_asked(_progress_bar(sys.stderr)),
        max_moves=args.max_moves,
    )
    jobs: int | None
    if args.scheduler is not None:
        jobs = None
        with _on_cluster(args.scheduler) as executor, _sigterm_deferred():
            stats = play(executor=executor)
        where = f"on the Dask cluster at {args.scheduler}"
    else:
        jobs = args.jobs if args.jobs is not None else _usable_cpus()
        # (the JSON's jobs are those asked; the time line says what ran them)
        workers = _workers(jobs, args.deals)
        if workers:
            _tracker_outlives_hangup()
        with _sigterm_deferred():
            stats = play(jobs=jobs)
        where = (
            f"with {workers} worker process{'es' if workers > 1 else ''}"
            if workers
            else "in this process"
        )
    seconds = time.perf_counter() - began
    if args.json:
        out(json.dumps(_stats_report(rules, args, stats, jobs, seconds)))
        return ExitStatus.SUCCESS
    low, high = stats.confidence_interval()
    seed = f" (seed {args.seed})" if args.player == "random" else ""
    last = args.start + args.deals - 1
    out(f"{_titled(rules)}: deals {args.start} to {last}, player {args.player}{seed}")
    out(
        f"Won {stats.wins} of {stats.games}: {stats.win_rate:.2%} "
        f"(95% confidence interval {low:.2%} to {high:.2%})"
    )
    out(
        f"Mean cards home: {stats.mean_cards_home:.1f} of {len(rules.deck())}; "
        f"mean moves: {stats.mean_moves:.1f}"
    )
    if stats.stopped > stats.at_limit:
        out(f"Given up by the player: {stats.stopped - stats.at_limit} of {stats.games}")
    if stats.at_limit:
        out(
            f"Stopped at the limit of {_counted(args.max_moves, 'moves')}, "
            f"outcome unknown: {stats.at_limit} of {stats.games}"
        )
        out("(A game stopped at the limit may be won past it: --max-moves gives it more moves.)")
    _note(f"Played in {seconds:.1f} s {where}")
    return ExitStatus.SUCCESS


# -- replay -------------------------------------------------------------------


class _Utf8:
    """A binary file read as UTF-8 text a piece at a time (a text stream for GameRecord.read)."""

    def __init__(self, binary: BinaryIO, where: str) -> None:
        self._binary = binary
        self._where = where
        self._decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self._read = 0  # bytes read so far

    def read(self, size: int = -1) -> str:
        try:
            data = self._binary.read(size)
        except OSError as error:
            raise _UsageError(f"cannot read the game record {self._where}: {_why(error)}") from None
        pending = len(self._decoder.getstate()[0])
        try:
            text = self._decoder.decode(data, final=not data)
        except UnicodeDecodeError as error:
            at = self._read - pending + error.start
            byte = (error.object[error.start : error.start + 1] or b"\x00")[0]
            raise _UsageError(
                f"cannot read the game record {self._where}: it is not UTF-8 text "
                f"(byte 0x{byte:02x} at position {at})"
            ) from None
        self._read += len(data)
        return text


def _read_record(path: str) -> GameRecord:
    """The game record at ``path`` (``-``: standard input), read and replayed a piece at a time.

    However long the file (``/dev/zero``, say), reading stops at the first
    thing that is wrong, having read little.
    """
    where = "from standard input" if path == "-" else _shown(path, 200)
    handle: contextlib.AbstractContextManager[object]
    if path == "-":
        stdin = sys.stdin
        if stdin is None or getattr(stdin, "closed", False):
            raise _UsageError("cannot read the game record from standard input: it is closed")
        buffer = getattr(stdin, "buffer", None)
        source = _Utf8(buffer, where) if buffer is not None else stdin
        handle = contextlib.nullcontext()  # (standard input stays open)
    else:
        try:
            binary = open(path, "rb")  # noqa: SIM115 (closed below, after the reading)
        except _UNUSABLE_PATH as error:
            raise _UsageError(f"cannot read the game record {where}: {_why(error)}") from None
        source, handle = _Utf8(binary, where), binary
    with handle:
        try:
            return GameRecord.read(source)
        except NotationError as error:  # (the record's own fault: say where it came from)
            raise NotationError(f"game record {where}: {error}") from None


def _run_replay(args: argparse.Namespace, out: _Output) -> int:
    record = _read_record(args.file)
    final = record.replay()
    total = len(record.rules.deck())
    if args.json:
        out(json.dumps(_replay_report(record, final)))
        return ExitStatus.SUCCESS
    out(_picture(final))
    out(
        f"{_counted(len(record.moves), 'moves')} replayed; {final.cards_home} of {total} cards home; "
        f"result: {record.result}"
    )
    return ExitStatus.SUCCESS


def _replay_report(record: GameRecord, final: State) -> dict[str, object]:
    """``replay --json``'s object: the game, the deal, and where the moves end."""
    rules = record.rules
    return {
        "game": _game_text_or_none(rules),
        "title": rules.title,
        "deal": record.deal if isinstance(record.deal, int) else [str(c) for c in record.deal],
        "moves": len(record.moves),
        "cards_home": final.cards_home,
        "cards": len(rules.deck()),
        "result": record.result,
    }


# -- solve --------------------------------------------------------------------


def _solution_lines(solution: Solution) -> Iterator[str]:
    """The outcome, and for a win the moves with the card each one plays (the same
    for the same search: the time it took goes to standard error)."""
    nodes = f"{solution.nodes:,} node{'' if solution.nodes == 1 else 's'}"
    yield f"{solution.outcome.value} ({nodes})"
    if solution.is_won:
        state = solution.start
        for number, move in enumerate(solution.moves, 1):
            card = state.card_of(move)
            yield f"{number:4}. {move_text(move)}" + (f"  {card}" if card is not None else "")
            state = state.apply(move)


_SOLVE_STATUS = {
    Outcome.WON: ExitStatus.SUCCESS,
    Outcome.LOST: ExitStatus.NOT_WON,
    Outcome.UNKNOWN: ExitStatus.UNDECIDED,
}


def _run_solve(args: argparse.Namespace, out: _Output) -> int:
    rules = game_from_text(args.game)
    solution = solve(
        rules.deal(_deal_of(rules, args)),
        max_nodes=args.max_nodes,
        max_seconds=args.max_seconds,
        seed=args.seed,
    )
    if args.json:
        out(json.dumps(_solve_report(rules, args, solution)))
        return _SOLVE_STATUS[solution.outcome]
    _note(f"Searched in {solution.seconds:.2f} s")
    for line in _solution_lines(solution):
        out(line)
        if args.quiet:
            break
    return _SOLVE_STATUS[solution.outcome]


def _solve_report(
    rules: GameRules, args: argparse.Namespace, solution: Solution
) -> dict[str, object]:
    """``solve --json``'s object: the search asked for, its answer and the moves."""
    return {
        "game": game_to_text(rules),
        "title": rules.title,
        "deal": args.deal,
        "max_nodes": args.max_nodes,
        "max_seconds": args.max_seconds,
        "seed": args.seed,
        "outcome": solution.outcome.value,
        "nodes": solution.nodes,
        "moves": [move_text(move) for move in solution.moves],
        "seconds": round(solution.seconds, 3),
    }


# -- the commands -------------------------------------------------------------


def _run_games(args: argparse.Namespace, out: _Output) -> int:
    for entry in game_entries():
        aliases = f" (also: {', '.join(entry.aliases)})" if entry.aliases else ""
        # (a default the notation cannot write, None or an enum: the name alone)
        takes = _options_written(entry._defaults() or {}, _default_as_text)
        options = f" Options: {takes}." if takes else ""
        out(f"{entry.name:30} {entry.summary}{aliases}{options}")
    return ExitStatus.SUCCESS


def _run_show(args: argparse.Namespace, out: _Output) -> int:
    rules = game_from_text(args.game)
    out(_picture(rules.deal(_deal_of(rules, args))))
    return ExitStatus.SUCCESS


def _deal_of(rules: GameRules, args: argparse.Namespace, option: str = "deal") -> int:
    """The ``--deal`` number (or ``--start``'s), refused as the argument's fault where
    it is past the game's last deal (FreeCell's deal numbers stop at 2**31 - 1)."""
    number: int = getattr(args, option)
    if number > rules.max_deal_number:
        raise _UsageError(
            f"argument --{option}: expected a deal number of {rules.title}, a whole number "
            f"from 0 to {rules.max_deal_number}, got {number} (see '{_PROG} {args.command} --help')"
        )
    return number


def _titled(rules: GameRules) -> str:
    """The game's title, with its text form where the title alone does not say
    which game it is: a variant's options (``Klondike (klondike[draw=3])``), or
    a variant registered under a name of its own (``Royal Cotillion
    (royal-cotillion-stock-refill)``)."""
    text = _game_text_or_none(rules)
    if text is None:  # (a game the registry does not make: its title says it)
        return rules.title
    # (of the registered games that share a title, the one of the shortest name is the
    # game itself, the others its variants)
    sharing = [name for name in game_names() if get_game(name).title == rules.title]
    variant = text != rules.name or (len(sharing) > 1 and min(sharing, key=len) != rules.name)
    return f"{rules.title} ({text})" if variant else rules.title


def _picture(state: State) -> str:
    """The state's picture, headed as :func:`_titled` heads it."""
    picture = str(state)
    title = _titled(state.rules)
    first, newline, rest = picture.partition("\n")
    return title + newline + rest if first == state.rules.title else picture


def _run_play(args: argparse.Namespace, out: _Output) -> int:
    rules = game_from_text(args.game)
    deal = _deal_of(rules, args)
    auto = args.auto
    if auto is None:
        auto = "forced" if rules.compulsion is Compulsion.FORCED else "none"
    if args.record is None:
        return _play(rules, deal, auto, out, strict=args.strict)
    if args.record == "-":
        raise _UsageError("--record writes to a file, not '-': standard output shows the game")
    _check_record_path(args.record)  # (before play: a path that cannot be written costs no game)
    return _play(rules, deal, auto, out, record=args.record, strict=args.strict)


def _with_game(parser: argparse.ArgumentParser, *, deal: bool = True) -> None:
    parser.add_argument(
        "game",
        help="a game name, as listed by 'games', with options in brackets where they are "
        "not the defaults (klondike[draw=3])",
    )
    if deal:
        parser.add_argument(
            "--deal", type=_deal_number, default=1, help="the deal number (default 1)"
        )


def _with_cards(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--color",
        "--colour",
        dest="color",
        choices=("auto", "always", "never"),
        default="auto",
        help="red hearts and diamonds: on a terminal unless NO_COLOR is set or TERM is dumb "
        "(auto, the default), always, or never",
    )
    parser.add_argument(
        "--suits",
        choices=("auto", "symbols", "letters"),
        default="auto",
        help="suits as symbols (♠ ♥ ♦ ♣) on a terminal that can show them (auto, the "
        "default), as symbols wherever they can be shown, or as letters (S H D C)",
    )


def _build_parser() -> _Parser:
    parser = _Parser(
        prog=_PROG,
        description="Deal, show, play, count and solve patience games by the letter of "
        "their rules.",
        epilog="Exit status: 0 success (the game won), 1 the game not won, 2 bad input, "
        "3 undecided, 129 stopped by SIGHUP, 130 interrupted, 143 stopped by SIGTERM.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    games = commands.add_parser(
        "games",
        help="list the registered games and variants",
        description="List the registered games: each name, a summary, and the options it "
        "takes with their defaults.",
        epilog="Other commands take a game with options in brackets: "
        "patience-rules show 'klondike[draw=3,redeals=2]' (quoted for the shell).",
    )
    games.set_defaults(run=_run_games, cards=False)

    show = commands.add_parser(
        "show",
        help="show the dealt layout of a game",
        description="Show the layout of a deal as it is dealt, before any move (deal 1 "
        "unless --deal says which).",
    )
    _with_game(show)
    _with_cards(show)
    show.set_defaults(run=_run_show, cards=True)

    play = commands.add_parser(
        "play",
        help="play a deal in the terminal",
        description="Play a deal in the terminal: the legal moves are listed, numbered; "
        "type a number, a move in the notation (T4-F4, draw) or the card to move.",
    )
    _with_game(play)
    play.add_argument(
        "--auto",
        choices=_AUTO_CHOICES,
        default=None,
        help="moves played for you: none; forced (a move that is the only legal one; the "
        "default in games whose moves are compulsory, none in the others); or safe (forced "
        "moves, and plays home that cannot lose a game that could be won: see the "
        "command-line guide)",
    )
    play.add_argument(
        "--strict",
        action="store_true",
        help="end the game at the first line of input that is no legal move (exit status 2, "
        "the record written), rather than answer it and ask again: for moves piped in by a "
        "script, so that a bad line is not followed by lines meant for another position",
    )
    play.add_argument(
        "--record",
        metavar="FILE",
        default=None,
        help="write the game record (the deal and every move played) to FILE when the game "
        "ends, is quit or is interrupted; 'replay FILE' replays it",
    )
    _with_cards(play)
    play.set_defaults(run=_run_play, cards=True)

    stats = commands.add_parser(
        "stats",
        help="play many deals with a player and print the win rate",
        description="Play deals START to START+DEALS-1 and print the win rate with a 95% "
        "(Wilson) confidence interval, on a process pool or a Dask cluster.",
    )
    _with_game(stats, deal=False)
    stats.add_argument("--deals", type=_count, required=True, help="how many deals to play")
    stats.add_argument(
        "--start", type=_deal_number, default=0, help="the first deal number (default 0)"
    )
    where = stats.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs",
        type=_jobs,
        default=None,
        help="worker processes (default: one per CPU it may run on)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="the address of a Dask scheduler (such as tcp://10.0.0.5:8786) whose cluster "
        "plays the deals; needs the dask extra",
    )
    stats.add_argument(
        "--player",
        "--policy",
        dest="player",
        action=_OldNameNoted,
        choices=player_names(),
        default=player_names()[0],
        help="who chooses the moves where the rules give a choice: greedy (cards home "
        "before a draw, the tableau's first, then the cells', then the waste's), random "
        "(seeded by --seed and the deal number) or first (the engine's first legal move); "
        "default: %(default)s, which is tuned to Royal Cotillion and its family: in games "
        "that build on their tableau (Klondike, FreeCell) random wins more often",
    )
    stats.add_argument(
        "--seed", type=_seed, default=0, help="the seed of the random player (default 0)"
    )
    stats.add_argument(
        "--max-moves",
        type=_moves,
        default=MAX_MOVES,
        help="stop a game after this many moves, not won (default %(default)s): some games "
        "can go on for ever",
    )
    stats.add_argument("--json", action="store_true", help="print the result as JSON")
    stats.set_defaults(run=_run_stats, cards=False)

    replay = commands.add_parser(
        "replay",
        help="replay a game record and show the final state",
        description="Replay a game record (the library's PGN-like text form; '-' reads "
        "standard input) through the engine, checking every move, and show the final state.",
    )
    replay.add_argument("file", metavar="FILE", help="the game record, or - for standard input")
    replay.add_argument(
        "--json",
        action="store_true",
        help="print where the moves end as JSON (game, deal, moves, cards_home, cards, "
        "result), without the picture",
    )
    _with_cards(replay)
    replay.set_defaults(run=_run_replay, cards=True)

    solve_ = commands.add_parser(
        "solve",
        help="search a deal for a win: won (with the moves), lost or unknown",
        description="Search a deal for a win: won (with the moves, each with its card), "
        "lost (no line of play wins), or unknown (the budget ran out first).  Royal "
        "Cotillion has a search of its own; Klondike and FreeCell are searched move by "
        "move, which wins many deals but proves a deal lost only by searching every position "
        "it reaches (seldom within the budget): the rest end unknown (Freecell Solver's "
        "fc-solve solves FreeCell).",
    )
    _with_game(solve_)
    solve_.add_argument(
        "--max-nodes",
        type=_nodes,
        default=200_000,
        help="the node budget (default 200000)",
    )
    solve_.add_argument(
        "--max-seconds", type=_seconds, default=None, help="a time budget, in seconds"
    )
    solve_.add_argument(
        "--seed", type=_seed, default=0, help="the seed of the playouts (default 0)"
    )
    quiet_or_json = solve_.add_mutually_exclusive_group()
    quiet_or_json.add_argument("--quiet", action="store_true", help="print the outcome only")
    quiet_or_json.add_argument(
        "--json",
        action="store_true",
        help="print the answer as JSON (outcome, nodes, and the moves in the notation "
        "that play reads), the time it took with it",
    )
    _with_cards(solve_)
    solve_.set_defaults(run=_run_solve, cards=True)
    return parser


def _note(message: str) -> None:
    """Write a line on standard error, if there is one."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        _write_encodable(stream, message + "\n")
        stream.flush()
    except OSError:  # a pipe nobody reads, or a full disk: nothing can say so
        _silence(stream)
    except ValueError:  # closed
        pass


_BREAKS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_LONG_WORD = re.compile(r"\S{81,}")
_COUNTED = re.compile(r" \([0-9,]+ characters\)")
#: The longest error line written: a message is cut after this many characters.
_MOST_CHARACTERS = 1000


def _one_line(message: str) -> str:
    r"""``message`` as one brief line: line breaks and control characters escaped, long
    words (such as a huge argument that argparse quotes) cut.

    >>> _one_line("unrecognized arguments: a\nb " + "Q" * 100)
    'unrecognized arguments: a\\nb QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ… (100 characters)'
    """
    text = _BREAKS.sub(lambda match: match[0].encode("unicode_escape").decode("ascii"), message)
    text = _LONG_WORD.sub(_cut_word, text)
    if len(text) > _MOST_CHARACTERS:
        text = f"{text[:_MOST_CHARACTERS]}… ({len(text)} characters)"
    return text


def _cut_word(match: re.Match[str]) -> str:
    """A long word cut to its start and its length, unless it is cut already (by
    ``_shown``, whose count of characters follows it)."""
    word = match[0]
    if word.endswith("…") and _COUNTED.match(match.string, match.end()):
        return word
    return f"{word[:60]}… ({len(word)} characters)"


def _error(message: str) -> None:
    _note(f"{_PROG}: error: {_one_line(message)}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    The statuses are those of :class:`ExitStatus`: 0 success (the game
    won), 1 the game not won, 2 bad input, 3 undecided, 129 stopped by
    SIGHUP, 130 interrupted, 143 stopped by SIGTERM.
    Errors are one line on standard error; ``--help`` and ``--version``
    return 0.

    >>> from patience_rules.cli import main
    >>> main(["stats", "easy-start", "--deals", "-5"])
    2
    >>> main(["solve", "captive-queens", "--deal", "2", "--quiet"])  # doctest: +ELLIPSIS
    lost (... nodes)
    1
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    out = _Output()
    try:
        args, extra = _build_parser().parse_known_args(arguments)
        if extra:
            # (argparse would point to the program's help, which lists no command's options)
            raise _UsageError(
                f"unrecognized arguments: {' '.join(extra)} (see '{_PROG} {args.command} --help')"
            )
        if args.cards:
            out = _Output(args.color, args.suits)
        run: Callable[[argparse.Namespace, _Output], int] = args.run
        with _sigterm_unwinds():
            status = run(args, out)
    except _Terminated as stop:
        _note(f"{_PROG}: stopped by {signal.Signals(stop.signum).name}")
        status = ExitStatus(128 + stop.signum)
    except _Exit as done:
        status = done.status
    except (_UsageError, PatienceRulesError, _OutputError) as error:
        _error(str(error))
        status = ExitStatus.BAD_INPUT
    except KeyboardInterrupt:
        _note(f"\n{_PROG}: interrupted" if _is_terminal(sys.stderr) else f"{_PROG}: interrupted")
        status = ExitStatus.INTERRUPTED
    except BrokenPipeError:
        out.close()
        status = ExitStatus.SUCCESS
    try:  # (what argparse or the command left buffered: --help into a closed pipe)
        out.flush()
    except _OutputError as error:
        _error(str(error))
        status = ExitStatus.BAD_INPUT
    return int(status)
