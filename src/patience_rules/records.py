r"""Game records: a game, its deal and its moves, written down and replayed.

A record's text form is in the spirit of chess's PGN: tag lines, a blank
line, and the moves in their text form (see :mod:`patience_rules.notation`),
numbered::

    [Game "royal-cotillion"]
    [Deal "7"]
    [Result "unfinished"]

    1. T4-F4 2. R2-F2 3. R3-F7

``Game`` names the game (with its options, as
:func:`~patience_rules.notation.game_to_text` writes it).  The deal is
either ``Deal``, a deal number, or ``Deck``, the deck order (first card
dealt first).  ``Result`` (``won``, ``lost`` or ``unfinished``) is written
from the replay and, when a record gives it, checked against the replay.
``Rules`` carries the rules in JSON (their dict form, see
:meth:`GameRules.to_dict <patience_rules.GameRules.to_dict>`) for a game
that the registry does not make; its game must be the one ``Game`` names.
Other tags (``[Player "Ada"]``) are kept as they are.  Move numbers are
optional when reading, but must count the moves when given.  There are no
comments among the moves (PGN's ``{...}`` and ``;`` are refused as
malformed moves): a note goes in a tag of its own.

A record is checked when it is made: its moves are replayed through the
engine, and a record with an illegal move is refused with the move number
and the reason.

**Tag values** are any text of whole characters: every character but a
lone surrogate (half of a character that UTF-16 writes in two, which no
UTF-8 file, JSON reader of another language or database can hold).
Between the quotes, ``\\`` stands for a backslash, ``\"`` for a quote and
``\uXXXX`` (four hexadecimal digits) for a character that would break the
line or that no text file should hold: the control characters (U+0000 to
U+001F, U+007F to U+009F, among them the line breaks ``\n``, ``\r``,
``\x0b``, ``\x0c``, ``\x1c`` to ``\x1e`` and ``\x85``), and the line and
paragraph separators U+2028 and U+2029.  Every other character is written
as it is, and a record reads back exactly the tags it was made with.  A
character past U+FFFF escaped in two halves, as JSON writes it
(``\ud83c\udca1``), is read as the one character.  Any other backslash
sequence is refused when reading.  A tag line is at most
:data:`MAX_TAG_LINE` characters long, as written, and a record holds at
most :data:`MAX_TAGS` tags besides those it writes itself.

**Reading replays as it reads.**  :meth:`GameRecord.from_text` and
:meth:`GameRecord.read` (a text file, read a piece at a time) check each
move as soon as it is read, and stop at the first bad one with its number:
however long the text, reading takes memory for the moves of one legal
game, never for the whole text of the moves.  A word of the moves longer
than :data:`MAX_MOVE_LENGTH` characters is refused unread, and so is white
space of more than :data:`MAX_TAG_LINE` (1,048,576) characters in a row (an
endless stream of blank lines).
:class:`GameRecord` does the same with moves from any iterable (a
generator, say): it plays each move as it takes it, and takes none after
the first it refuses, so an endless iterable of draws is refused at its
first illegal draw.

**A record holds at most a million moves** (:data:`MAX_RECORD_MOVES`),
however it is made or read.  Some games can go on for ever by legal moves
(Klondike's unlimited redeals, a card moved back and forth in FreeCell):
an endless text or iterable of such moves is refused at the move past
that number, having taken the time and memory of a million moves (a few
seconds and some megabytes), rather than read without end.

>>> import patience_rules as pr
>>> from patience_rules.records import GameRecord
>>> game = pr.get_game("royal-cotillion")
>>> state, moves = game.deal(7), []
>>> for _ in range(3):
...     move = state.legal_moves()[0]
...     moves.append(move)
...     state = state.apply(move)
>>> record = GameRecord(game, 7, moves)
>>> print(record.to_text(), end="")
[Game "royal-cotillion"]
[Deal "7"]
[Result "unfinished"]
<BLANKLINE>
1. T4-F4 2. R2-F2 3. R3-F7
>>> again = GameRecord.from_text(record.to_text())
>>> again == record, again.replay() == state
(True, True)
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Final, Protocol, SupportsIndex, TypeAlias, cast, get_args

import attrs

from . import _checks
from ._dict_forms import RecordDict, _GameResult
from .cards import Card, _as_index, _is_whole
from .deals import MAX_DEAL_NUMBER
from .errors import (
    IllegalMoveError,
    InvalidDealError,
    NotationError,
    PatienceRulesError,
    _counted,
    _shown,
)
from .notation import (
    FORMAT_VERSION,
    _card_list,
    _described,
    _expected_game,
    _game_of_text,
    _rules_from_dict,
    cards_from_text,
    cards_to_text,
    game_to_text,
    move_from_text,
)
from .rules import GameRules, _outcome, is_registered
from .state import Move, State

__all__ = [
    "MAX_MOVE_LENGTH",
    "MAX_RECORD_MOVES",
    "MAX_TAGS",
    "MAX_TAG_LINE",
    "GameRecord",
    "GameResult",
    "RecordDict",
    "TextStream",
]

#: How a game stands after its last move (:attr:`GameRecord.result`): won,
#: lost (over but not won), or unfinished (a legal move remains).
GameResult: TypeAlias = _GameResult

#: The longest tag line, in characters as written, that records write and read.
MAX_TAG_LINE: Final = 1 << 20
#: The longest word in the moves of a record's text (a move with its number).
MAX_MOVE_LENGTH: Final = 100
#: The most moves a record holds, however it is made or read.
MAX_RECORD_MOVES: Final = 1_000_000
#: The most tags a record holds besides those it writes itself (``Game``,
#: ``Rules``, ``Deal``, ``Deck`` and ``Result``), however it is made or read.
MAX_TAGS: Final = 1000

#: The most white space a record reads in a row (blank lines, say): an endless
#: stream of it is refused rather than read for ever.
_MOST_SPACE: Final = MAX_TAG_LINE

_TAG_NAME_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_TAG_LINE_RE: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]')
_ESCAPE_RE: Final = re.compile(
    # (two escaped halves of a character past U+FFFF, as JSON writes it; one
    # escape; an escaped backslash or quote; or a backslash alone, malformed)
    r"\\(?:u([dD][89abAB][0-9A-Fa-f]{2})\\u([dD][c-fC-F][0-9A-Fa-f]{2})"
    r"|u([0-9A-Fa-f]{4})|([\\\"]))?"
)
# What _quote escapes: a backslash and a quote, control characters (among
# them every line break of str.splitlines), line and paragraph separators.
_ESCAPED_RE: Final = re.compile('[\\\\"\x00-\x1f\x7f-\x9f\u2028\u2029]')
_NUMBER_RE: Final = re.compile(r"([0-9]{1,9})\.(.*)")
_DEAL_RE: Final = re.compile(r"[0-9]{1,20}")
_SPACE_RE: Final = re.compile(r"\s*")
_WORD_RE: Final = re.compile(r"\S*")
_RESERVED: Final = ("Game", "Rules", "Deal", "Deck", "Result")
_TOO_MANY_TAGS: Final = (
    f"a record holds at most {MAX_TAGS} tags besides {', '.join(_RESERVED[:-1])} and "
    f"{_RESERVED[-1]}"
)
_RESULTS: Final[tuple[GameResult, ...]] = get_args(GameResult)
_LINE_WIDTH: Final = 79
_CHUNK: Final = 1 << 16


class TextStream(Protocol):
    """What :meth:`GameRecord.read` reads from: a text file, or anything with ``read(size)``."""

    def read(self, size: int = -1, /) -> str:
        """At most ``size`` more characters of the text; ``""`` at its end."""


def _rules_json(rules: GameRules) -> str:
    """The rules' dict form as compact JSON, on one line."""
    return json.dumps(rules.to_dict(), sort_keys=True, separators=(",", ":"))


def _game_text_or_none(rules: GameRules) -> str | None:
    """The game's text form, or None for rules that it cannot name (written whole)."""
    if not is_registered(rules):
        return None
    try:
        return game_to_text(rules)
    except NotationError:  # (an option name that game text cannot hold)
        return None


def _rules_of_json(text: str, expected: GameRules | None) -> GameRules:
    """The rules written by :func:`_rules_json`, checked (or, given the ``expected``
    game, compared with its own: see :func:`~patience_rules.notation._described`)."""
    data = _checks.read_json(text, "Rules")
    if not isinstance(data, Mapping):
        raise NotationError(f"Rules: expected a JSON object, got {_shown(data)}")
    return _described(data, "Rules", expected)


def _check_deal_number(value: int) -> int:
    if not 0 <= value <= MAX_DEAL_NUMBER:
        raise InvalidDealError(
            f"a deal number is a whole number from 0 to {MAX_DEAL_NUMBER}, got {_shown(value)}"
        )
    return value


def _to_deal(value: SupportsIndex | Iterable[Card]) -> int | tuple[Card, ...]:
    number = _as_index(value)  # (an int or NumPy's, not a bool and not a card)
    if number is not None:
        return _check_deal_number(number)
    if _checks.iterable_not_text(value):
        # No game has more cards than this: a longer deck order is refused by
        # the game, without reading an endless iterable to its end.
        return tuple(itertools.islice(cast("Iterable[Card]", value), _checks.MAX_CARDS + 1))
    raise InvalidDealError(
        "a record's deal is a deal number or a deck order (a sequence of cards), "
        f"got {_shown(value)}"
    )


def _to_moves(value: Iterable[Move]) -> Iterable[Move]:
    """``value`` if it can be moves: any iterable but text and bytes (read later, as replayed)."""
    given: object = value  # checked as any value, whatever the annotation says
    if not _checks.iterable_not_text(given):
        raise IllegalMoveError(
            f"a record's moves are a sequence of Move values, got {_shown(value)}"
        )
    return value


def _too_many(number: int) -> str:
    """Why move ``number`` is refused, when it is past :data:`MAX_RECORD_MOVES`."""
    return f"move {number}: a record holds at most {MAX_RECORD_MOVES} moves"


def _replayed(start: State, value: Iterable[Move]) -> tuple[tuple[Move, ...], State]:
    """The moves of ``value`` and the state after them, each move played as soon as it is read.

    Reading stops at the first move that is not legal (or, in an iterable
    other than a tuple or list, not a Move), and at the first past
    :data:`MAX_RECORD_MOVES`: an endless iterable is read no further.
    """
    whole = value.__class__ is tuple or value.__class__ is list
    if whole and isinstance(value, tuple | list) and len(value) > MAX_RECORD_MOVES:
        raise IllegalMoveError(_too_many(MAX_RECORD_MOVES + 1))
    played: list[Move] = []
    state = start
    for number, move in enumerate(value, 1):
        if number > MAX_RECORD_MOVES:
            raise IllegalMoveError(_too_many(number))
        # A move of a tuple or list is checked by apply; one of any other
        # iterable (a range of numbers, say) is refused here at its first.
        if not whole and move.__class__ is not Move:
            raise IllegalMoveError(
                f"move {number} ({_move_text(move)}): expected a Move, got {_shown(move)}"
            )
        try:
            state = state.apply(move)
        except IllegalMoveError as error:
            raise IllegalMoveError(f"move {number} ({_move_text(move)}): {error}") from None
        played.append(move)
    return tuple(played), state


def _to_tags(
    value: Mapping[str, str] | Iterable[tuple[str, str]],
) -> tuple[tuple[str, str], ...]:
    if isinstance(value, Mapping):
        return tuple(value.items())
    given: object = value  # checked as any value, whatever the annotation says
    if not _checks.iterable_not_text(given):
        raise NotationError(
            f"tags: expected a mapping of names to text, or (name, value) pairs, "
            f"got {_shown(value)}"
        )
    if given.__class__ is tuple or given.__class__ is list:
        return tuple(value)  # (checked after)
    # Any other iterable is checked a pair at a time, so that a wrong one (or
    # a name given twice, as by an endless repeat) is refused at once.
    return _check_tags(value)


def _check_tags(tags: Iterable[object]) -> tuple[tuple[str, str], ...]:
    """The tags, each a (name, value) pair of a tag name and its text, names unrepeated."""
    checked: list[tuple[str, str]] = []
    seen: set[str] = set()
    for item in tags:
        if len(checked) == MAX_TAGS:
            raise NotationError(f"tags: {_TOO_MANY_TAGS}")
        if not (isinstance(item, tuple) and len(item) == 2):
            raise NotationError(f"tags: expected (name, value) pairs, got {_shown(item)}")
        name, value = item
        if not isinstance(name, str) or not _TAG_NAME_RE.fullmatch(name):
            raise NotationError(
                f"tags: a tag name is a letter then letters, digits or '_', got {_shown(name)}"
            )
        if name in _RESERVED:
            raise NotationError(
                f"tags: {name} is written from the record itself, not given as a tag"
            )
        if name in seen:
            raise NotationError(f"tags: {_tag_name(name)} is given twice")
        seen.add(name)
        if not isinstance(value, str):
            raise NotationError(f"tags: {_tag_name(name)}'s value is text, got {_shown(value)}")
        lone = _checks.LONE_SURROGATE.search(value)
        if lone is not None:
            raise NotationError(
                f"tags: {_tag_name(name)}'s value holds a lone surrogate, U+{ord(lone[0]):04X} "
                f"at character {lone.start() + 1}, which no UTF-8 text can hold: expected text of whole "
                "characters"
            )
        if len(value) + len(name) + 4 > MAX_TAG_LINE or len(_tag_line(name, value)) > MAX_TAG_LINE:
            raise NotationError(
                f"tags: {_tag_name(name)}'s value is too long: a tag line is at most {MAX_TAG_LINE} "
                f"characters as written, got {len(_tag_line(name, value))}"
            )
        checked.append((name, value))
    return tuple(checked)


def _tag_name(name: str) -> str:
    """A tag name for a message: as it is, or quoted briefly when it is long."""
    return name if len(name) <= 60 else _shown(name)


def _escape(match: re.Match[str]) -> str:
    char = match[0]
    return "\\" + char if char in '\\"' else f"\\u{ord(char):04x}"


def _quote(value: str) -> str:
    return '"' + _ESCAPED_RE.sub(_escape, value) + '"'


def _tag_line(name: str, value: str) -> str:
    return f"[{name} {_quote(value)}]"


def _unquote(value: str, where: str) -> str:
    def unescape(match: re.Match[str]) -> str:
        if match[1] is not None:
            high, low = int(match[1], 16), int(match[2], 16)
            return chr(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        if match[3] is not None:
            return chr(int(match[3], 16))
        if match[4] is not None:
            return match[4]
        sequence = value[match.start() : match.start() + 2]
        raise NotationError(
            f'{where}: malformed escape {sequence!r}: expected \\\\, \\" or \\u and four '
            "hexadecimal digits"
        )

    return _ESCAPE_RE.sub(unescape, value) if "\\" in value else value


#: The most moves, and characters of tags, that a record's repr writes out whole.
_REPR_MOVES: Final = 20
_REPR_TAGS: Final = 1000


@attrs.frozen(init=False)
class GameRecord:
    """A game, its deal and the moves played, replayed and checked when made.

    :param rules: the game (a registered game is named in the text and dict
        forms by its name and options; any other is written out whole).
    :param deal: a deal number, or a deck order (first card dealt first).
    :param moves: the moves played, in order: any iterable of :class:`Move`
        values, at most :data:`MAX_RECORD_MOVES` of them.  Each move is
        played as it is taken from the iterable, and none is taken after
        the first that is refused.
    :param tags: other information as (name, value) pairs or a mapping, such
        as ``{"Player": "Ada"}``; kept in the order given.  A value is any
        text (see the module for how it is written).

    :raises IllegalMoveError: if a move is not legal when it is played; the
        message gives the move number (from 1), the move and the reason.
        Also for moves that are not an iterable of moves (text is not), and
        for more than :data:`MAX_RECORD_MOVES` moves.
    :raises InvalidDealError: for a deal number or deck order the game
        cannot deal, or rules that are no :class:`~patience_rules.GameRules`.
    :raises NotationError: for bad tags.

    >>> import patience_rules as pr
    >>> GameRecord(pr.get_game("captive-queens"), 1, [Move.redeal()])
    Traceback (most recent call last):
    ...
    patience_rules.errors.IllegalMoveError: move 1 (redeal): illegal move redeal in Captive Queens: a redeal needs an empty stock, and the stock still has cards
    >>> GameRecord(pr.get_game("captive-queens"), 10**5000)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidDealError: a deal number is a whole number from 0 to 18446744073709551615, got an integer of 5001 digits
    """

    rules: GameRules
    deal: int | tuple[Card, ...]
    moves: tuple[Move, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()
    _start: State = attrs.field(init=False, eq=False, repr=False)
    _final: State = attrs.field(init=False, eq=False, repr=False)

    def __init__(
        self,
        rules: GameRules,
        deal: SupportsIndex | Iterable[Card],
        moves: Iterable[Move] = (),
        tags: Mapping[str, str] | Iterable[tuple[str, str]] = (),
    ) -> None:
        dealt = _to_deal(deal)
        given = _to_moves(moves)
        pairs = _to_tags(tags)
        if not isinstance(rules, GameRules):
            raise InvalidDealError(f"a record's rules are a GameRules value, got {_shown(rules)}")
        _check_tags(pairs)
        start = rules.deal(dealt) if isinstance(dealt, int) else rules.deal_from(dealt)
        played, final = _replayed(start, given)
        self._fill(rules, dealt, played, pairs, start, final)

    def _fill(
        self,
        rules: GameRules,
        deal: int | tuple[Card, ...],
        moves: tuple[Move, ...],
        tags: tuple[tuple[str, str], ...],
        start: State,
        final: State,
    ) -> None:
        """Set the record's fields, all checked, and its states replayed."""
        self.__attrs_init__(rules, deal, moves, tags)
        object.__setattr__(self, "_start", start)
        object.__setattr__(self, "_final", final)

    @classmethod
    def _of_replay(cls, replay: _Replay, tags: tuple[tuple[str, str], ...]) -> GameRecord:
        """The record of the moves a reader played (checked, with the deal, as the
        constructor checks them, and not played again); its ``tags`` are checked
        here, as the constructor checks them."""
        pairs = _to_tags(tags)
        _check_tags(pairs)
        record = object.__new__(cls)
        record._fill(
            replay.rules, replay.deal, tuple(replay.moves), pairs, replay.start, replay.state
        )
        return record

    def __reduce__(self) -> tuple[type[GameRecord], tuple[object, ...]]:
        """Pickled as its game, deal, moves and tags: loading one replays and checks
        it, as every reader of records does (its states are made again, not loaded)."""
        return (self.__class__, (self.rules, self.deal, self.moves, self.tags))

    def __repr__(self) -> str:
        """The call that makes the record (one that ``eval`` makes again where
        the game is registered; a composed game's rules show as
        ``<GameRules ...>``); for a record of more than 20 moves or long tags,
        whose call would run to megabytes, a summary.

        >>> import patience_rules as pr
        >>> game = pr.get_game("klondike")
        >>> GameRecord(game, 3, [Move.draw()], {"Player": "Ada"})
        GameRecord(rules=get_game('klondike'), deal=3, moves=(Move.draw(),), tags=(('Player', 'Ada'),))
        >>> GameRecord(game, 3, [Move.draw()] * 24)
        <GameRecord klondike, deal 3: 24 moves, 0 tags>
        """
        moves, tags, deal = self.moves, self.tags, self.deal
        if len(moves) <= _REPR_MOVES and sum(len(n) + len(v) for n, v in tags) <= _REPR_TAGS:
            return (
                f"{self.__class__.__name__}(rules={self.rules!r}, deal={deal!r}, "
                f"moves={moves!r}, tags={tags!r})"
            )
        dealt = f"deal {deal}" if isinstance(deal, int) else "a deck order"
        return (
            f"<{self.__class__.__name__} {self.rules.name}, {dealt}: "
            f"{_counted(len(moves), 'moves')}, {_counted(len(tags), 'tags')}>"
        )

    def __copy__(self) -> GameRecord:
        return self  # (immutable: a copy is the record itself, as for a state)

    def __deepcopy__(self, memo: object) -> GameRecord:
        return self

    # -- replaying ----------------------------------------------------------

    @property
    def start(self) -> State:
        """The state the game starts from: the deal."""
        return self._start

    def replay(self) -> State:
        """The state after the last move (the deal itself when there are no moves).

        >>> import patience_rules as pr
        >>> record = GameRecord(pr.get_game("captive-queens"), 1, [Move.draw()] * 2)
        >>> record.replay().stock_size
        50
        """
        return self._final

    def states(self) -> tuple[State, ...]:
        """Every state of the game in turn, from the deal to the last move's result.

        >>> import patience_rules as pr
        >>> [s.stock_size for s in GameRecord(pr.get_game("easy-start"), 1, [Move.draw()]).states()]
        [40, 39]
        """
        states = [self._start]
        for move in self.moves:
            states.append(states[-1].apply(move))
        return tuple(states)

    @property
    def result(self) -> GameResult:
        """``'won'``, ``'lost'`` (over but not won) or ``'unfinished'``, after the last move."""
        return _outcome(self._final)

    # -- text ---------------------------------------------------------------

    def to_text(self) -> str:
        """The record in its text form (see the module documentation).

        Tag values are escaped where they must be, so that the text reads
        back as the same record:

        >>> import patience_rules as pr
        >>> record = GameRecord(pr.get_game("easy-start"), 1, tags={"Note": 'a "b"\\u2028c'})
        >>> print(record.to_text(), end="")
        [Game "easy-start"]
        [Deal "1"]
        [Result "unfinished"]
        [Note "a \\"b\\"\\u2028c"]
        >>> GameRecord.from_text(record.to_text()).tags
        (('Note', 'a "b"\\u2028c'),)

        A game that the registry does not make is written out in full, as
        its dict form in JSON (:meth:`GameRules.to_dict
        <patience_rules.GameRules.to_dict>`), in a ``Rules`` tag after the
        ``Game`` tag (its name): the record alone replays it.
        """
        game = _game_text_or_none(self.rules)
        if game is not None:
            lines = [f"[Game {_quote(game)}]"]
        else:
            lines = [
                f"[Game {_quote(self.rules.name)}]",
                f"[Rules {_quote(_rules_json(self.rules))}]",
            ]
        if isinstance(self.deal, int):
            lines.append(f"[Deal {_quote(str(self.deal))}]")
        else:
            lines.append(f"[Deck {_quote(cards_to_text(self.deal, ' '))}]")
        lines.append(f"[Result {_quote(self.result)}]")
        lines.extend(_tag_line(name, value) for name, value in self.tags)
        if self.moves:
            lines.append("")
            line = ""
            for number, move in enumerate(self.moves, 1):
                word = f"{number}. {_move_text(move)}"
                if line and len(line) + 1 + len(word) > _LINE_WIDTH:
                    lines.append(line)
                    line = word
                else:
                    line = f"{line} {word}" if line else word
            lines.append(line)
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        return self.to_text()

    @classmethod
    def from_text(cls, text: str, *, rules: GameRules | None = None) -> GameRecord:
        """Read a record written by :meth:`to_text`, replaying its moves as it reads them.

        Lines end with ``\\n``, ``\\r\\n`` or ``\\r``; moves are separated by
        any white space; a byte order mark at the start is skipped.

        :raises NotationError: for malformed text, an unknown game, a deal the
            game cannot deal, an illegal move (with its number and the
            reason: reading stops there), more than :data:`MAX_RECORD_MOVES`
            moves (reading stops at the move past that number), or a
            ``Result`` that the moves do not reach; given ``rules``, for a
            record of another game.
        :raises InvalidArgumentError: for ``rules`` that are neither a
            :class:`~patience_rules.GameRules` nor None (a mistake of the
            calling code, not of the text).

        Given ``rules``, the record must be of that game, as
        :func:`~patience_rules.state_from_dict` reads a state of it: its
        ``Game`` tag must make equal rules, and a ``Rules`` tag must hold
        their own description, compared and never read.

        >>> GameRecord.from_text('[Game "easy-start"]\\n[Deal "1"]\\n\\n1. draw 2. W-F9')
        Traceback (most recent call last):
        ...
        patience_rules.errors.NotationError: move 2: move 'W-F9': place 'F9': Captive Queens (Easy start) has foundations F1 to F8
        """
        expected = _expected_game(rules)
        if not isinstance(text, str):
            raise NotationError(f"a record is text, got {type(text).__name__}")
        return _read(_chunks_of_text(_checks.plain(text)), expected)

    @classmethod
    def read(cls, stream: TextStream, *, rules: GameRules | None = None) -> GameRecord:
        """Read a record from a text file (or any ``stream`` with ``read(size)``), a piece at a time.

        The text is read as :meth:`from_text` reads it, but never held whole:
        each move is checked as soon as it is read, and reading stops at the
        first bad one.

        :raises NotationError: as :meth:`from_text`, and for a stream that
            gives bytes or text that is not valid in its encoding, or cannot be read
            (a closed file).  ``rules`` is read as :meth:`from_text` reads it
            (:class:`~patience_rules.InvalidArgumentError` for what is no rules).

        >>> import io
        >>> header = '[Game "royal-cotillion"]\\n[Deal "1"]\\n\\n'
        >>> len(GameRecord.read(io.StringIO(header + "draw draw")).moves)
        2
        >>> GameRecord.read(io.StringIO(header + "draw " * 10**6))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        patience_rules.errors.NotationError: move 69 (draw): illegal move ...
        """
        expected = _expected_game(rules)
        if not callable(getattr(stream, "read", None)):
            raise NotationError(
                f"a record is read from a text stream such as an open file, got {_shown(stream)}"
            )
        return _read(_chunks_of_stream(stream), expected)

    # -- dicts --------------------------------------------------------------

    def to_dict(self) -> RecordDict:
        """The record as a dict of JSON types, with a format version (see :class:`RecordDict`).

        >>> import patience_rules as pr
        >>> GameRecord(pr.get_game("easy-start-parlett"), 3, [Move.draw()]).to_dict()
        {'version': 1, 'game': 'easy-start', 'options': {'redeals': 3}, 'deal': 3, 'moves': ['draw'], 'tags': {}, 'result': 'unfinished'}
        """
        version, game, options = FORMAT_VERSION, self.rules.name, dict(self.rules.options)
        moves, tags = [_move_text(move) for move in self.moves], dict(self.tags)
        data: RecordDict
        if isinstance(self.deal, int):  # the deal before the moves, for people reading it
            data = {
                "version": version,
                "game": game,
                "options": options,
                "deal": self.deal,
                "moves": moves,
                "tags": tags,
                "result": self.result,
            }
        else:
            data = {
                "version": version,
                "game": game,
                "options": options,
                "deck": [str(card) for card in self.deal],
                "moves": moves,
                "tags": tags,
                "result": self.result,
            }
        if not is_registered(self.rules):
            data["rules"] = self.rules.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, object], *, rules: GameRules | None = None) -> GameRecord:
        """Read a record written by :meth:`to_dict`, checked as :meth:`from_text` checks.

        The moves are replayed as they are read, and reading stops at the
        first bad one.  Given ``rules``, the record must be of that game, as
        :func:`~patience_rules.state_from_dict` reads a state of it.

        :raises NotationError: as :meth:`from_text`, for a malformed dict.
        :raises InvalidArgumentError: for ``rules`` that are neither a
            :class:`~patience_rules.GameRules` nor None.
        """
        expected = _expected_game(rules)
        if not isinstance(data, Mapping):
            raise NotationError(f"a record's dict form is a mapping, got {type(data).__name__}")
        version = data.get("version")
        if not _is_whole(version) or version != FORMAT_VERSION:
            raise NotationError(
                f"version: expected format version {FORMAT_VERSION}, got {_shown(version)}"
            )
        _checks.keys(
            data,
            "a record's dict form",
            ("version", "game"),
            ("options", "rules", "deal", "deck", "moves", "tags", "result"),
        )
        rules = _rules_from_dict(data, expected)
        deal: int | tuple[Card, ...]
        if ("deal" in data) == ("deck" in data):
            raise NotationError("a record has either a deal number (deal) or a deck order (deck)")
        if "deal" in data:
            number = data["deal"]
            if not _is_whole(number):
                raise NotationError(
                    f"deal: expected a deal number, got {_checks.shown_whole(number)}"
                )
            try:
                deal = _check_deal_number(number)
            except InvalidDealError as error:
                raise NotationError(f"deal: {error}") from None
        else:
            deck = _texts(
                data["deck"],
                _checks.MAX_CARDS,
                f"no game has more than {_checks.MAX_CARDS} cards",
                ("deck", "card", "QH"),
            )
            deal = tuple(_card_list(deck, "deck"))
        raw_moves = _texts(
            data.get("moves", []),
            MAX_RECORD_MOVES,
            f"a record holds at most {MAX_RECORD_MOVES} moves",
            ("moves", "move", "T3-F5"),
        )
        raw_tags = data.get("tags", {})
        if not isinstance(raw_tags, Mapping):
            raise NotationError(
                f"tags: expected a mapping of tag names to text, got {_shown(raw_tags)}"
            )
        result = data.get("result")
        if result is not None and not (
            isinstance(result, str) and result in ("won", "lost", "unfinished")
        ):
            raise NotationError(
                f"result: expected 'won', 'lost' or 'unfinished' (or none), got {_shown(result)}"
            )
        replay = _Replay(rules, deal, "deal" if isinstance(deal, int) else "deck")
        for text in raw_moves:
            replay.play(text)
        record = replay.record(tuple(raw_tags.items()))
        if result is not None and result != record.result:
            raise NotationError(
                f"result: the record says {_shown(result)}, but its moves leave the game "
                f"{record.result}"
            )
        return record


def _texts(value: object, most: int, too_many: str, names: tuple[str, str, str]) -> list[str]:
    """A list of texts from a record's dict form (a tuple too, as state_from_dict reads
    its piles; copied, to be read once): at most ``most`` items, else ``too_many``
    (with the count).  ``names`` are the key, an item's name and an example of one;
    a bad item is named by its place, from 1."""
    where, item, example = names
    if not isinstance(value, list | tuple):
        raise NotationError(
            f"{where}: expected a list of {item}s in text such as [{example!r}], "
            f"got {_shown(value)}"
        )
    if len(value) > most:
        raise NotationError(f"{where}: {too_many}, got {len(value)}")
    items = list(value)
    for number, text in enumerate(items, 1):
        if not isinstance(text, str):
            raise NotationError(
                f"{where}, {item} {number}: expected a {item} in text such as {example!r}, "
                f"got {_shown(text)}"
            )
    return items


def _move_text(move: object) -> str:
    """A move in the notation, for a message; anything else (or a move of places no
    layout has) as a short repr."""
    if isinstance(move, Move) and move.source.index < 1000 and move.target.index < 1000:
        return str(move)
    return _shown(move)


class _Replay:
    """A game replayed move by move as its record is read; errors are notation errors."""

    def __init__(self, rules: GameRules, deal: int | tuple[Card, ...], where: str) -> None:
        """Deal ``deal`` of ``rules``; ``where`` names its field in a message (``Deal``, ``deck``)."""
        self.rules = rules
        self.deal = deal
        try:
            self.start = rules.deal(deal) if isinstance(deal, int) else rules.deal_from(deal)
        except PatienceRulesError as error:
            raise NotationError(f"{where}: {error}") from None
        self.state = self.start
        self.moves: list[Move] = []

    def play(self, text: str) -> None:
        """Read the next move from ``text`` and play it."""
        number = len(self.moves) + 1
        if number > MAX_RECORD_MOVES:
            raise NotationError(_too_many(number))
        try:
            move = move_from_text(text, self.rules)
        except NotationError as error:
            raise NotationError(f"move {number}: {error}") from None
        try:
            self.state = self.state.apply(move)
        except IllegalMoveError as error:
            raise NotationError(f"move {number} ({_move_text(move)}): {error}") from None
        self.moves.append(move)

    def record(self, tags: tuple[tuple[str, str], ...]) -> GameRecord:
        """The record of the moves played, with ``tags`` (the moves are not played again)."""
        try:
            return GameRecord._of_replay(self, tags)
        except NotationError:
            raise
        except PatienceRulesError as error:
            raise NotationError(str(error)) from None


# -- reading text -------------------------------------------------------------


def _chunks_of_text(text: str) -> Iterator[str]:
    for start in range(0, len(text), _CHUNK):
        yield text[start : start + _CHUNK]


def _chunks_of_stream(stream: TextStream) -> Iterator[str]:
    """The text of ``stream`` in pieces of :data:`_CHUNK` characters (the last shorter).

    A stream may give fewer characters than asked (``read(size)`` gives at most
    ``size``): its pieces are joined up to a whole chunk, so that the reader,
    which joins a line's or a word's unread start to each chunk it takes, does
    so once a chunk and not once a character (a stream giving one character at
    a time made a long line quadratic).
    """
    while True:
        pieces: list[str] = []
        size = 0
        while size < _CHUNK:
            piece = _piece_of_stream(stream, _CHUNK - size)
            if not piece:
                break
            pieces.append(piece)
            size += len(piece)
        if not pieces:
            return
        yield "".join(pieces)


def _piece_of_stream(stream: TextStream, size: int) -> str:
    """``stream.read(size)``, checked: text (``""`` at the end), or the library's error."""
    try:
        piece = stream.read(size)
    except UnicodeDecodeError as error:
        raise NotationError(
            f"a record is text, but the file holds bytes that are not {error.encoding}: "
            f"{error.reason}"
        ) from None
    except ValueError as error:  # a closed file, say
        raise NotationError(f"a record's stream cannot be read: {_shown(str(error))}") from None
    except OSError as error:  # a file opened for writing only, a device's I/O error
        why = error.strerror or str(error)
        raise NotationError(f"a record's stream cannot be read: {_shown(why)}") from None
    if not isinstance(piece, str):
        raise NotationError(
            f"a record is read from a text stream, got {type(piece).__name__} from "
            "read(): open the file in text mode, with encoding='utf-8'"
        )
    return _checks.plain(piece)


def _newlines(chunks: Iterable[str]) -> Iterator[str]:
    """The chunks with every line end (``\\r\\n``, ``\\r``) made ``\\n``, and no byte order mark.

    A text that starts with a byte order mark (U+FEFF, as some Windows
    editors save UTF-8) is read without it.
    """
    carry = ""
    first = True
    for chunk in chunks:
        text = carry + chunk
        carry = ""
        if first and text:
            first = False
            text = text.removeprefix("\ufeff")
        if text.endswith("\r"):  # perhaps the first half of \r\n
            text, carry = text[:-1], "\r"
        yield text.replace("\r\n", "\n").replace("\r", "\n")
    if carry:
        yield "\n"


class _Reader:
    """Text given in pieces, read as lines (the tags), then as words (the moves).

    It holds one piece and the unread end of the one before, never more than
    a piece plus the longest line or word it reads.
    """

    def __init__(self, chunks: Iterable[str]) -> None:
        self._chunks = _newlines(chunks)
        self._text = ""
        self._at = 0
        #: The number of the line being read, from 1.
        self.line = 1

    def _more(self) -> bool:
        for chunk in self._chunks:
            if chunk:
                self._text = self._text[self._at :] + chunk
                self._at = 0
                return True
        return False

    def next_character(self) -> str | None:
        """Skip white space; the character after it, not read yet (``None`` at the end).

        White space runs at most :data:`_MOST_SPACE` characters in a row: an
        endless stream of blank lines is refused, not read without end.
        """
        skipped = 0
        while True:
            text, at = self._text, self._at
            end = _SPACE_RE.match(text, at).end()  # type: ignore[union-attr]
            self.line += text.count("\n", at, end)
            self._at = end
            skipped += end - at  # (the run so far, the part of this piece included)
            if skipped > _MOST_SPACE:
                raise NotationError(
                    f"line {self.line}: more than {_MOST_SPACE:,} characters of white space "
                    "in a row: expected a tag or a move"
                )
            if end < len(text):
                return text[end]
            if not self._more():
                return None

    def next_line(self) -> str:
        """The rest of the current line (at most :data:`MAX_TAG_LINE` characters)."""
        while True:
            end = self._text.find("\n", self._at)
            if end >= 0:
                break
            if len(self._text) - self._at > MAX_TAG_LINE:  # (no line end yet: too long already)
                raise NotationError(
                    f"line {self.line}: a tag line is at most {MAX_TAG_LINE} characters long"
                )
            if not self._more():
                break
        if end < 0:
            end = len(self._text)
        line = self._text[self._at : end]
        if len(line) > MAX_TAG_LINE:
            raise NotationError(
                f"line {self.line}: a tag line is at most {MAX_TAG_LINE} characters long"
            )
        self._at = end
        return line

    def words(self, number: Iterator[int]) -> Iterator[str]:
        """The words that follow, each at most :data:`MAX_MOVE_LENGTH` characters."""
        while self.next_character() is not None:
            while True:
                end = _WORD_RE.match(self._text, self._at).end()  # type: ignore[union-attr]
                length = end - self._at
                if length > MAX_MOVE_LENGTH:
                    start = self._text[self._at : self._at + 20]
                    raise NotationError(
                        f"move {next(number)}: {start!r}… is no move: a move is at most "
                        f"{MAX_MOVE_LENGTH} characters long"
                    )
                if end < len(self._text) or not self._more():
                    break
            word = self._text[self._at : end]
            self._at = end
            yield word


def _read(chunks: Iterable[str], expected: GameRules | None) -> GameRecord:
    reader = _Reader(chunks)
    tags: dict[str, str] = {}
    while reader.next_character() == "[":
        number = reader.line
        line = reader.next_line().strip()
        match = _TAG_LINE_RE.fullmatch(line)
        if match is None:
            raise NotationError(
                f'line {number}: malformed tag {_shown(line)}: expected [Name "value"]'
            )
        name = match[1]
        value = _unquote(match[2], f"line {number}")
        if name in tags:
            raise NotationError(f"line {number}: the tag {_tag_name(name)} is given twice")
        tags[name] = value
        if len(tags) > MAX_TAGS and len(tags.keys() - _RESERVED) > MAX_TAGS:
            raise NotationError(f"line {number}: {_TOO_MANY_TAGS}")
    if "Game" not in tags:
        if not tags and reader.next_character() == "{":
            raise NotationError(
                'expected a record\'s text form, which starts with its tags ([Game "..."] '
                "first), got '{': a record's dict form, such as JSON holds, reads with "
                "GameRecord.from_dict"
            )
        raise NotationError('a record names its game: expected a [Game "..."] tag')
    game = tags.pop("Game")
    if "Rules" in tags:
        rules = _rules_of_json(tags.pop("Rules"), expected)
        if rules.name != game:
            raise NotationError(
                f"Rules: the rules are those of {_shown(rules.name)}, not of the game "
                f"{_shown(game)} the record names"
            )
    else:
        rules = _game_of_text(
            game, "Game", expected, "their records carry it in a Rules tag, which this one lacks"
        )
    deal = _deal_from_tags(tags)
    result = tags.pop("Result", None)
    if result is not None and result not in _RESULTS:
        raise NotationError(f"Result: expected won, lost or unfinished, got {_shown(result)}")
    replay = _Replay(rules, deal, "Deal" if isinstance(deal, int) else "Deck")
    for word in reader.words(itertools.count(len(replay.moves) + 1)):
        match = _NUMBER_RE.fullmatch(word)
        if match is not None:
            if int(match[1]) != len(replay.moves) + 1:
                raise NotationError(
                    f"move {len(replay.moves) + 1}: the record numbers it {match[1]}"
                )
            word = match[2]
            if not word:
                continue
        replay.play(word)
    record = replay.record(tuple(tags.items()))
    if result is not None and result != record.result:
        raise NotationError(
            f"Result: the record says {result}, but its moves leave the game {record.result}"
        )
    return record


def _deal_from_tags(tags: dict[str, str]) -> int | tuple[Card, ...]:
    if ("Deal" in tags) == ("Deck" in tags):
        raise NotationError(
            'a record gives either a deal number, [Deal "7"], or a deck order, [Deck "7D 9C ..."]'
        )
    if "Deal" in tags:
        text = tags.pop("Deal").strip()
        if not _DEAL_RE.fullmatch(text):
            raise NotationError(
                f"Deal: a deal number is a whole number from 0 to {MAX_DEAL_NUMBER}, "
                f"got {_shown(text)}"
            )
        return int(text)
    try:
        return cards_from_text(tags.pop("Deck"))
    except NotationError as error:
        raise NotationError(f"Deck: {error}") from None
