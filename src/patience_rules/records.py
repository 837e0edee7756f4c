"""Game records: a game, its deal and its moves, written down and replayed.

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
Other tags (``[Player "Ada"]``) are kept as they are.  Move numbers are
optional when reading, but must count the moves when given.

A record is checked when it is made: its moves are replayed through the
engine, and a record with an illegal move is refused with the move number
and the reason.

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

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import attrs

from .cards import Card
from .errors import IllegalMoveError, InvalidDealError, NotationError, PatienceRulesError
from .notation import (
    FORMAT_VERSION,
    _rules_from_dict,
    cards_from_text,
    cards_to_text,
    game_from_text,
    game_to_text,
    move_from_text,
)
from .rules import GameRules
from .state import Move, State

__all__ = ["GameRecord"]

_TAG_NAME_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_TAG_LINE_RE: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]')
_NUMBER_RE: Final = re.compile(r"([0-9]{1,9})\.(.*)")
_DEAL_RE: Final = re.compile(r"[0-9]{1,20}")
_RESERVED: Final = ("Game", "Deal", "Deck", "Result")
_RESULTS: Final = ("won", "lost", "unfinished")
_LINE_WIDTH: Final = 79


def _to_deal(value: int | Iterable[Card]) -> int | tuple[Card, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, Iterable) and not isinstance(value, str | bytes):
        return tuple(value)
    raise InvalidDealError(
        f"a record's deal is a deal number or a deck order (a sequence of cards), got {value!r}"
    )


def _to_moves(value: Iterable[Move]) -> tuple[Move, ...]:
    return tuple(value)


def _to_tags(
    value: Mapping[str, str] | Iterable[tuple[str, str]],
) -> tuple[tuple[str, str], ...]:
    return tuple(value.items() if isinstance(value, Mapping) else value)


def _check_tags(tags: tuple[tuple[str, str], ...]) -> None:
    seen: set[str] = set()
    for item in tags:
        if not (isinstance(item, tuple) and len(item) == 2):
            raise NotationError(f"tags: expected (name, value) pairs, got {item!r}")
        name, value = item
        if not isinstance(name, str) or not _TAG_NAME_RE.fullmatch(name):
            raise NotationError(
                f"tags: a tag name is a letter then letters, digits or '_', got {name!r}"
            )
        if name in _RESERVED:
            raise NotationError(
                f"tags: {name} is written from the record itself, not given as a tag"
            )
        if name in seen:
            raise NotationError(f"tags: {name} is given twice")
        seen.add(name)
        if not isinstance(value, str) or "\n" in value or "\r" in value:
            raise NotationError(f"tags: {name}'s value is one line of text, got {value!r}")


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


@attrs.frozen
class GameRecord:
    """A game, its deal and the moves played, replayed and checked when made.

    :param rules: the game (registered, so that it can be named in text).
    :param deal: a deal number, or a deck order (first card dealt first).
    :param moves: the moves played, in order.
    :param tags: other information as (name, value) pairs or a mapping, such
        as ``{"Player": "Ada"}``; kept in the order given.

    :raises IllegalMoveError: if a move is not legal when it is played; the
        message gives the move number (from 1), the move and the reason.
    :raises InvalidDealError: for a deal number or deck order the game
        cannot deal.

    >>> import patience_rules as pr
    >>> GameRecord(pr.get_game("captive-queens"), 1, [Move.redeal()])
    Traceback (most recent call last):
    ...
    patience_rules.errors.IllegalMoveError: move 1 (redeal): illegal move redeal in Captive Queens: a redeal needs an empty stock, and the stock still has cards
    """

    rules: GameRules
    deal: int | tuple[Card, ...] = attrs.field(converter=_to_deal)
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_to_moves)
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_to_tags)
    _start: State = attrs.field(init=False, eq=False, repr=False)
    _final: State = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, GameRules):
            raise InvalidDealError(f"a record's rules are a GameRules value, got {self.rules!r}")
        _check_tags(self.tags)
        start = (
            self.rules.deal(self.deal)
            if isinstance(self.deal, int)
            else self.rules.deal_from(self.deal)
        )
        state = start
        for number, move in enumerate(self.moves, 1):
            try:
                state = state.apply(move)
            except IllegalMoveError as error:
                raise IllegalMoveError(f"move {number} ({move}): {error}") from None
        object.__setattr__(self, "_start", start)
        object.__setattr__(self, "_final", state)

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
    def result(self) -> str:
        """``'won'``, ``'lost'`` (over but not won) or ``'unfinished'``, after the last move."""
        final = self._final
        if final.is_won:
            return "won"
        return "lost" if final.is_over else "unfinished"

    # -- text ---------------------------------------------------------------

    def to_text(self) -> str:
        """The record in its text form (see the module documentation).

        :raises NotationError: if the rules are not a registered game.
        """
        lines = [f"[Game {_quote(game_to_text(self.rules))}]"]
        if isinstance(self.deal, int):
            lines.append(f"[Deal {_quote(str(self.deal))}]")
        else:
            lines.append(f"[Deck {_quote(cards_to_text(self.deal, ' '))}]")
        lines.append(f"[Result {_quote(self.result)}]")
        lines.extend(f"[{name} {_quote(value)}]" for name, value in self.tags)
        if self.moves:
            lines.append("")
            line = ""
            for number, move in enumerate(self.moves, 1):
                word = f"{number}. {move}"
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
    def from_text(cls, text: str) -> GameRecord:
        """Read a record written by :meth:`to_text`, replaying its moves to check them.

        :raises NotationError: for malformed text, an unknown game, a deal the
            game cannot deal, an illegal move (with its number and the
            reason), or a ``Result`` that the moves do not reach.

        >>> GameRecord.from_text('[Game "easy-start"]\\n[Deal "1"]\\n\\n1. draw 2. W-F9')
        Traceback (most recent call last):
        ...
        patience_rules.errors.NotationError: move 2: move 'W-F9': place 'F9': Captive Queens (Easy start) has foundations F1 to F8
        """
        if not isinstance(text, str):
            raise NotationError(f"a record is text, got {type(text).__name__}")
        tags: dict[str, str] = {}
        lines = text.splitlines()
        body_start = len(lines)
        for i, raw in enumerate(lines):
            line = raw.strip()
            if not line:
                continue
            if not line.startswith("["):
                body_start = i
                break
            match = _TAG_LINE_RE.fullmatch(line)
            if match is None:
                raise NotationError(
                    f"line {i + 1}: malformed tag {line!r}: expected [Name \"value\"]"
                )
            name, value = match[1], _unquote(match[2])
            if name in tags:
                raise NotationError(f"line {i + 1}: the tag {name} is given twice")
            tags[name] = value
        if "Game" not in tags:
            raise NotationError('a record starts with the game: expected a [Game "..."] tag')
        try:
            rules = game_from_text(tags.pop("Game"))
        except NotationError as error:
            raise NotationError(f"Game: {error}") from None
        deal = _deal_from_tags(tags)
        result = tags.pop("Result", None)
        if result is not None and result not in _RESULTS:
            raise NotationError(f"Result: expected won, lost or unfinished, got {result!r}")
        moves = _moves_from_text(" ".join(lines[body_start:]), rules)
        record = _checked(rules, deal, moves, tuple(tags.items()))
        if result is not None and result != record.result:
            raise NotationError(
                f"Result: the record says {result}, but its moves leave the game {record.result}"
            )
        return record

    # -- dicts --------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """The record as a dict of JSON types, with a format version.

        >>> import patience_rules as pr
        >>> GameRecord(pr.get_game("easy-start-parlett"), 3, [Move.draw()]).to_dict()
        {'version': 1, 'game': 'easy-start', 'options': {'redeals': 3}, 'deal': 3, 'moves': ['draw'], 'tags': {}, 'result': 'unfinished'}
        """
        game_to_text(self.rules)  # only registered games can be named
        data: dict[str, object] = {
            "version": FORMAT_VERSION,
            "game": self.rules.name,
            "options": dict(self.rules.options),
        }
        if isinstance(self.deal, int):
            data["deal"] = self.deal
        else:
            data["deck"] = [str(card) for card in self.deal]
        data["moves"] = [str(move) for move in self.moves]
        data["tags"] = dict(self.tags)
        data["result"] = self.result
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> GameRecord:
        """Read a record written by :meth:`to_dict`, checked as :meth:`from_text` checks."""
        if not isinstance(data, Mapping):
            raise NotationError(f"a record's dict form is a mapping, got {type(data).__name__}")
        version = data.get("version")
        if version != FORMAT_VERSION or isinstance(version, bool):
            raise NotationError(
                f"version: expected format version {FORMAT_VERSION}, got {version!r}"
            )
        keys = {"version", "game", "options", "deal", "deck", "moves", "tags", "result"}
        unknown = sorted(str(key) for key in data if key not in keys)
        if unknown:
            raise NotationError(
                f"a record's dict form has unknown keys {', '.join(unknown)}: expected "
                f"{', '.join(sorted(keys))}"
            )
        if "game" not in data:
            raise NotationError("a record's dict form lacks the key game")
        rules = _rules_from_dict(data)
        deal: int | tuple[Card, ...]
        if ("deal" in data) == ("deck" in data):
            raise NotationError("a record has either a deal number (deal) or a deck order (deck)")
        if "deal" in data:
            number = data["deal"]
            if not isinstance(number, int) or isinstance(number, bool):
                raise NotationError(f"deal: expected a deal number, got {number!r}")
            deal = number
        else:
            deck = data["deck"]
            if not isinstance(deck, list) or not all(isinstance(card, str) for card in deck):
                raise NotationError("deck: expected a list of cards such as ['QH', '10S']")
            deal = cards_from_text(" ".join(deck)) if deck else ()
            if len(deal) != len(deck):
                raise NotationError("deck: expected one card in each item of the list")
        raw_moves = data.get("moves", [])
        if not isinstance(raw_moves, list) or not all(isinstance(m, str) for m in raw_moves):
            raise NotationError("moves: expected a list of moves in text such as ['T3-F5']")
        moves = []
        for number, move in enumerate(raw_moves, 1):
            try:
                moves.append(move_from_text(move, rules))
            except NotationError as error:
                raise NotationError(f"move {number}: {error}") from None
        raw_tags = data.get("tags", {})
        if not isinstance(raw_tags, Mapping):
            raise NotationError("tags: expected a mapping of tag names to text")
        record = _checked(rules, deal, moves, tuple(raw_tags.items()))
        result = data.get("result")
        if result is not None and result != record.result:
            raise NotationError(
                f"result: the record says {result!r}, but its moves leave the game "
                f"{record.result}"
            )
        return record


def _checked(
    rules: GameRules,
    deal: int | tuple[Card, ...],
    moves: Sequence[Move],
    tags: tuple[tuple[str, str], ...],
) -> GameRecord:
    """A record from read parts; the engine's errors become notation errors."""
    try:
        return GameRecord(rules, deal, moves, tags)
    except InvalidDealError as error:
        raise NotationError(f"{'Deal' if isinstance(deal, int) else 'Deck'}: {error}") from None
    except PatienceRulesError as error:
        if isinstance(error, NotationError):
            raise
        raise NotationError(str(error)) from None


def _deal_from_tags(tags: dict[str, str]) -> int | tuple[Card, ...]:
    if ("Deal" in tags) == ("Deck" in tags):
        raise NotationError(
            'a record gives either a deal number, [Deal "7"], or a deck order, '
            '[Deck "7D 9C ..."]'
        )
    if "Deal" in tags:
        text = tags.pop("Deal").strip()
        if not _DEAL_RE.fullmatch(text):
            raise NotationError(f"Deal: expected a deal number, got {text!r}")
        return int(text)
    try:
        return cards_from_text(tags.pop("Deck"))
    except NotationError as error:
        raise NotationError(f"Deck: {error}") from None


def _moves_from_text(text: str, rules: GameRules) -> list[Move]:
    moves: list[Move] = []
    for token in text.split():
        match = _NUMBER_RE.fullmatch(token)
        if match is not None:
            if int(match[1]) != len(moves) + 1:
                raise NotationError(
                    f"move {len(moves) + 1}: the record numbers it {match[1]}"
                )
            token = match[2]
            if not token:
                continue
        try:
            moves.append(move_from_text(token, rules))
        except NotationError as error:
            raise NotationError(f"move {len(moves) + 1}: {error}") from None
    return moves

