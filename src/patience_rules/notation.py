"""Text and dict forms of games, cards, moves and states.

Every form here reads back exactly what it writes, and every reader checks
its input in full before it builds anything: bad input raises
:class:`~patience_rules.NotationError`, whose message names the part that
is wrong and says what was expected.

**Cards** are written ``QH``, ``10S`` (``TS`` and Unicode suits such as
``10♠`` are read too), by :class:`~patience_rules.Card` itself; a run of
cards is written without separators, bottom card first.

**Places** are a letter and, for piles that come in numbers, a number from
1: ``S`` the stock, ``W`` the waste, ``M`` the middle, ``T1`` … the tableau
columns, ``R1`` … the reserve cells, ``F1`` … the foundations (``F1`` is
foundation 0 of :meth:`Move.to_foundation <patience_rules.Move.to_foundation>`).

**Moves** are ``source-target`` (``T3-F5``, ``R12-F1``, ``W-M``), or the
words ``draw`` and ``redeal``.

**Games** are their registry name, with their variant options in brackets
when they differ from the registered defaults: ``easy-start[redeals=3]``.

**States** are one line of space-separated fields, in the spirit of chess's
FEN: the game; the foundations' top cards, ``/`` between foundations and
``-`` for an empty one; then, when the game has them, the middle, the
tableau columns (``/`` between columns, each from its back card to its
front card) and the reserve cells (``/`` between cells); then the stock
(bottom to top: its last card is drawn next), the waste (bottom to top) and
the number of redeals used.

>>> import patience_rules as pr
>>> from patience_rules.notation import state_from_text, state_to_text
>>> state = pr.get_game("easy-start-parlett").deal(4)
>>> text = state_to_text(state)
>>> text[:54]
'easy-start[redeals=3] 6C/6D/6H/6S/5C/5D/5H/5S QCQDQHQS'
>>> state_from_text(text) == state
True
>>> str(state.legal_moves()[0])
'draw'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Final
from urllib.parse import quote, unquote

from .cards import Card
from .errors import NotationError, PatienceRulesError, UnknownGameError
from .games import get_game
from .piles import PileKind, Place
from .rules import GameRules, OptionValue
from .state import Move, State

__all__ = [
    "FORMAT_VERSION",
    "cards_from_text",
    "cards_to_text",
    "game_from_text",
    "game_to_text",
    "move_from_text",
    "move_to_text",
    "place_from_text",
    "place_to_text",
    "state_from_dict",
    "state_from_text",
    "state_to_dict",
    "state_to_text",
]

#: The version of the dict form written by :func:`state_to_dict`.
FORMAT_VERSION: Final = 1

_EMPTY: Final = "-"
_SUIT_CHARACTERS: Final = frozenset("CDHScdhs♣♦♥♠♧♢♡♤")

# -- games ------------------------------------------------------------------

_NAME_RE: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
_OPTION_RE: Final = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=(.*)")
_INT_RE: Final = re.compile(r"-?[0-9]{1,18}")


def _option_to_text(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return '"' + quote(value, safe="") + '"'


def _option_from_text(key: str, text: str) -> OptionValue:
    if text == "true":
        return True
    if text == "false":
        return False
    if _INT_RE.fullmatch(text):
        return int(text)
    if len(text) >= 2 and text[0] == text[-1] == '"' and '"' not in text[1:-1]:
        try:
            return unquote(text[1:-1], errors="strict")
        except UnicodeDecodeError:
            pass
    raise NotationError(
        f"option {key}: malformed value {text!r}: expected true, false, a whole number "
        'or a percent-encoded text in double quotes such as "a%20b"'
    )


@functools.lru_cache(maxsize=128)
def _registered(
    name: str, typed_options: tuple[tuple[str, str, OptionValue], ...]
) -> GameRules:
    return get_game(name, **{key: value for key, _, value in typed_options})


def _make_rules(name: str, options: Sequence[tuple[str, OptionValue]]) -> GameRules:
    """The registered rules ``name`` with ``options``, or a NotationError saying why not."""
    typed = tuple((key, type(value).__name__, value) for key, value in options)
    try:
        return _registered(name, typed)
    except UnknownGameError as error:
        raise NotationError(str(error)) from error
    except PatienceRulesError as error:
        raise NotationError(f"game {name!r}: {error}") from error
    except (TypeError, ValueError) as error:  # an option the game's factory does not take
        raise NotationError(
            f"game {name!r} does not take the options "
            f"{', '.join(key for key, _ in options)}: {error}"
        ) from error


@functools.lru_cache(maxsize=128)
def _game_text(rules: GameRules) -> str:
    name = rules.name
    if not isinstance(name, str) or not _NAME_RE.fullmatch(name):
        raise NotationError(
            f"the game name {name!r} cannot be written: expected letters, digits, '-', '_' "
            "or '.'"
        )
    try:
        if _make_rules(name, ()) == rules:
            return name
        if _make_rules(name, rules.options) != rules:
            raise NotationError("the registry makes different rules from that name and options")
    except NotationError as error:
        raise NotationError(
            f"{rules!r} cannot be written down: a game is written as its registry name and "
            f"options, and get_game({name!r}, ...) does not make these rules ({error}); "
            "register the game with register_game first"
        ) from None
    options = ",".join(f"{key}={_option_to_text(value)}" for key, value in rules.options)
    return f"{name}[{options}]"


def game_to_text(rules: GameRules) -> str:
    """A game's text form: its registry name, and its options when not the defaults.

    :raises NotationError: for rules that the registry does not make (an
        unregistered composition cannot be named).

    >>> import patience_rules as pr
    >>> game_to_text(pr.get_game("captive-queens")), game_to_text(pr.get_game("easy-start-parlett"))
    ('captive-queens', 'easy-start[redeals=3]')
    """
    if not isinstance(rules, GameRules):
        raise NotationError(f"expected a GameRules value, got {rules!r}")
    return _game_text(rules)


def game_from_text(text: str) -> GameRules:
    """The rules named by a game's text form, such as ``easy-start[redeals=3]``.

    The name is any registered name or alias; option values are ``true``,
    ``false``, whole numbers or percent-encoded text in double quotes.

    >>> game_from_text("quadrille[redeals=1]").stock.redeals
    1
    >>> game_from_text("easy-start[redeals=-1]")
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: game 'easy-start': redeals is a whole number of at least 0, got -1
    """
    if not isinstance(text, str):
        raise NotationError(f"a game is written as text such as 'captive-queens', got {text!r}")
    name, bracket, rest = text.strip().partition("[")
    if not _NAME_RE.fullmatch(name):
        raise NotationError(
            f"malformed game {text!r}: expected a registered name such as 'captive-queens', "
            "optionally followed by options in brackets such as '[redeals=3]'"
        )
    options: list[tuple[str, OptionValue]] = []
    if bracket:
        if not rest.endswith("]"):
            raise NotationError(f"malformed game {text!r}: the options must end with ']'")
        body = rest[:-1]
        for item in body.split(",") if body else ():
            match = _OPTION_RE.fullmatch(item)
            if match is None:
                raise NotationError(
                    f"malformed game {text!r}: expected options as key=value separated by "
                    f"commas, got {item!r}"
                )
            key = match[1]
            if any(key == seen for seen, _ in options):
                raise NotationError(f"malformed game {text!r}: option {key} is given twice")
            options.append((key, _option_from_text(key, match[2])))
    return _make_rules(name, options)


# -- cards ------------------------------------------------------------------


def cards_to_text(cards: Iterable[Card], separator: str = "") -> str:
    """A run of cards in their short forms, joined by ``separator``.

    >>> cards_to_text([Card.from_str("QH"), Card.from_str("10S")])
    'QH10S'
    """
    return separator.join(str(card) for card in cards)


def cards_from_text(text: str) -> tuple[Card, ...]:
    """Read a run of cards, with or without spaces between them.

    Each card ends with its suit, so ``QH10S`` and ``QH 10S`` read the same.

    >>> cards_from_text("QH10S 7♦")
    (Card.from_str('QH'), Card.from_str('10S'), Card.from_str('7D'))
    >>> cards_from_text("QH10")
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: malformed cards 'QH10': '10' after card 1 has no suit
    """
    if not isinstance(text, str):
        raise NotationError(f"cards are written as text such as 'QH10S', got {text!r}")
    cards: list[Card] = []
    start = 0
    for i, char in enumerate(text):
        if char.isspace():
            if text[start:i].strip():
                break  # a rank without a suit; reported below
            start = i + 1
        elif char in _SUIT_CHARACTERS:
            cards.append(Card.from_str(text[start : i + 1]))
            start = i + 1
    rest = text[start:].strip()
    if rest:
        raise NotationError(
            f"malformed cards {text!r}: {rest!r} after card {len(cards)} has no suit"
        )
    return tuple(cards)


def _pile_to_text(cards: Iterable[Card]) -> str:
    return "".join(str(card) for card in cards) or _EMPTY


def _pile_from_text(text: str, where: str) -> tuple[Card, ...]:
    if text == _EMPTY:
        return ()
    try:
        cards = cards_from_text(text)
    except NotationError as error:
        raise NotationError(f"{where}: {error}") from None
    if not cards:
        raise NotationError(f"{where}: expected cards such as 'QH10S' or '-' for none")
    return cards


# -- places and moves -------------------------------------------------------

_SINGLE: Final = {PileKind.STOCK: "S", PileKind.WASTE: "W", PileKind.MIDDLE: "M"}
_NUMBERED: Final = {PileKind.COLUMN: "T", PileKind.CELL: "R", PileKind.FOUNDATION: "F"}
_KIND_BY_LETTER: Final = {letter: kind for kind, letter in {**_SINGLE, **_NUMBERED}.items()}
_PLACE_RE: Final = re.compile(r"([A-Za-z])([0-9]{1,6})?")


def place_to_text(place: Place) -> str:
    """A place's text form: ``S``, ``W``, ``M``, or ``T``, ``R``, ``F`` and a number from 1.

    >>> from patience_rules import PileKind, Place
    >>> place_to_text(Place(PileKind.CELL, 11)), place_to_text(Place(PileKind.WASTE))
    ('R12', 'W')
    """
    letter = _SINGLE.get(place.kind)
    if letter is not None and place.index == 0:
        return letter
    return f"{letter or _NUMBERED[place.kind]}{place.index + 1}"


def _pile_count(rules: GameRules, kind: PileKind) -> int:
    if kind is PileKind.COLUMN:
        return rules.tableau.columns if rules.tableau is not None else 0
    if kind is PileKind.CELL:
        return rules.reserve.cells if rules.reserve is not None else 0
    if kind is PileKind.FOUNDATION:
        return len(rules.foundations)
    if kind is PileKind.MIDDLE:
        return 1 if rules.middle is not None else 0
    return 1


def _pile_name(rules: GameRules, kind: PileKind) -> str:
    if kind is PileKind.COLUMN:
        return f"{rules.tableau.name if rules.tableau is not None else 'tableau'} columns"
    if kind is PileKind.CELL:
        return f"{rules.reserve.name if rules.reserve is not None else 'reserve'} cells"
    if kind is PileKind.FOUNDATION:
        return "foundations"
    return str(kind.value)


def place_from_text(text: str, rules: GameRules) -> Place:
    """The place of ``rules``' layout written as ``text`` (see :func:`place_to_text`).

    >>> import patience_rules as pr
    >>> place_from_text("R16", pr.get_game("royal-cotillion"))
    Place(kind=<PileKind.CELL: 'cell'>, index=15)
    >>> place_from_text("R17", pr.get_game("royal-cotillion"))
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: place 'R17': Royal Cotillion has Lords cells R1 to R16
    """
    if not isinstance(text, str):
        raise NotationError(f"a place is written as text such as 'T1', got {text!r}")
    match = _PLACE_RE.fullmatch(text.strip())
    kind = _KIND_BY_LETTER.get(match[1].upper()) if match is not None else None
    if match is None or kind is None:
        raise NotationError(
            f"malformed place {text!r}: expected S (stock), W (waste), M (middle), or "
            "T (tableau column), R (reserve cell), F (foundation) and a number from 1"
        )
    count = _pile_count(rules, kind)
    if count == 0:
        raise NotationError(f"place {text!r}: {rules.title} has no {_pile_name(rules, kind)}")
    letter = match[1].upper()
    if kind in _SINGLE:
        if match[2] is not None:
            raise NotationError(f"place {text!r}: expected {letter} alone, without a number")
        return Place(kind)
    if match[2] is None or not 1 <= int(match[2]) <= count:
        raise NotationError(
            f"place {text!r}: {rules.title} has {_pile_name(rules, kind)} "
            f"{letter}1 to {letter}{count}"
        )
    return Place(kind, int(match[2]) - 1)


def move_to_text(move: Move) -> str:
    """A move's text form, the same as ``str(move)``.

    >>> from patience_rules import Move, PileKind, Place
    >>> move_to_text(Move.to_foundation(Place(PileKind.COLUMN, 2), 4)), str(Move.draw())
    ('T3-F5', 'draw')
    """
    if move.is_draw and move.target.kind is PileKind.WASTE and move.target.index == 0:
        return "draw"
    if move.is_redeal and move.source.kind is PileKind.WASTE and move.source.index == 0:
        return "redeal"
    return f"{place_to_text(move.source)}-{place_to_text(move.target)}"


_SOURCES: Final = (PileKind.COLUMN, PileKind.CELL, PileKind.WASTE)
_TARGETS: Final = (PileKind.FOUNDATION, PileKind.MIDDLE)


def move_from_text(text: str, game: GameRules | State) -> Move:
    """The move written as ``text`` in ``game`` (rules, or a state of them).

    Reading checks that the places are in the game's layout and that the
    move has a shape the engine knows; whether it is *legal* is a question
    for a state (:meth:`State.apply <patience_rules.State.apply>`).
    ``S-W`` and ``W-S`` are read as ``draw`` and ``redeal``.

    >>> import patience_rules as pr
    >>> game = pr.get_game("royal-cotillion")
    >>> move_from_text("T3-F5", game), move_from_text("draw", game)
    (Move.to_foundation(Place(PileKind.COLUMN, 2), 4), Move.draw())
    >>> move_from_text("W-M", game)
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: move 'W-M': place 'M': Royal Cotillion has no middle
    """
    rules = game.rules if isinstance(game, State) else game
    if not isinstance(rules, GameRules):
        raise NotationError(f"a move is read for a game (GameRules or State), got {game!r}")
    if not isinstance(text, str):
        raise NotationError(f"a move is written as text such as 'T3-F5', got {text!r}")
    word = text.strip().lower()
    if word == "draw":
        return Move.draw()
    if word == "redeal":
        return Move.redeal()
    parts = text.strip().split("-")
    if len(parts) != 2:
        raise NotationError(
            f"malformed move {text!r}: expected 'draw', 'redeal' or source-target such as "
            "'T3-F5' or 'W-M'"
        )
    try:
        source, target = (place_from_text(part, rules) for part in parts)
    except NotationError as error:
        raise NotationError(f"move {text!r}: {error}") from None
    if source.kind is PileKind.STOCK and target.kind is PileKind.WASTE:
        return Move.draw()
    if source.kind is PileKind.WASTE and target.kind is PileKind.STOCK:
        return Move.redeal()
    if source.kind not in _SOURCES or target.kind not in _TARGETS:
        raise NotationError(
            f"move {text!r}: cards move from a tableau column, a reserve cell or the waste "
            "to a foundation or the middle (or by 'draw' and 'redeal')"
        )
    return Move(source, target)


# -- states -----------------------------------------------------------------


def _field_names(rules: GameRules) -> list[str]:
    names = ["game", "foundations"]
    if rules.middle is not None:
        names.append("middle")
    if rules.tableau is not None:
        names.append("columns")
    if rules.reserve is not None:
        names.append("cells")
    return [*names, "stock", "waste", "redeals"]


def state_to_text(state: State) -> str:
    """A state's one-line text form (see the module documentation).

    >>> import patience_rules as pr
    >>> state_to_text(pr.get_game("captive-queens").deal(1))[:60]
    'captive-queens -/-/-/-/-/-/-/- - 7S9H2S3H10C8C2H4CAC3S3D9DQD'
    """
    rules = state.rules
    fields = [
        game_to_text(rules),
        "/".join(str(cards[-1]) if cards else _EMPTY for cards in state.foundations),
    ]
    if rules.middle is not None:
        fields.append(_pile_to_text(state.middle))
    if rules.tableau is not None:
        fields.append("/".join(_pile_to_text(column) for column in state.columns))
    if rules.reserve is not None:
        fields.append("/".join(str(cell) if cell is not None else _EMPTY for cell in state.cells))
    fields += [_pile_to_text(state.stock), _pile_to_text(state.waste), str(state.redeals_used)]
    return " ".join(fields)


def _split(text: str, count: int, what: str, field: str) -> list[str]:
    parts = text.split("/")
    if len(parts) != count:
        raise NotationError(
            f"{field}: expected {count} {what} separated by '/', got {len(parts)}"
        )
    return parts


def _height_of_top(rules: GameRules, f: int, top: Card | None) -> int:
    foundation = rules.foundations[f]
    if top is None:
        return 0
    if top.suit is foundation.suit and top.rank in foundation.sequence.ranks:
        return foundation.sequence.ranks.index(top.rank) + 1
    raise NotationError(
        f"foundations: F{f + 1} ({foundation.describe()}) cannot have {top} on top: "
        f"expected a {foundation.suit.name.lower()[:-1]} of {foundation.sequence}"
    )


def _height_of_cards(rules: GameRules, f: int, cards: Sequence[Card]) -> int:
    foundation = rules.foundations[f]
    expected = [Card(rank, foundation.suit) for rank in foundation.sequence.ranks]
    if list(cards) != expected[: len(cards)]:
        raise NotationError(
            f"foundations: F{f + 1} ({foundation.describe()}) holds its cards in sequence "
            f"from the base, expected a start of {' '.join(map(str, expected))}, got "
            f"{' '.join(map(str, cards)) or 'nothing'}"
        )
    return len(cards)


def _redeals_from_text(text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,9}", text):
        raise NotationError(f"redeals: expected the number of redeals used, got {text!r}")
    return int(text)


def _build(
    rules: GameRules,
    *,
    stock: Sequence[Card],
    waste: Sequence[Card],
    columns: Sequence[Sequence[Card]],
    cells: Sequence[Card | None],
    foundation_heights: Sequence[int],
    middle: Sequence[Card],
    redeals_used: int,
) -> State:
    try:
        return rules.make_state(
            stock=stock,
            waste=waste,
            columns=columns,
            cells=cells,
            foundation_heights=foundation_heights,
            middle=middle,
            redeals_used=redeals_used,
        )
    except PatienceRulesError as error:
        raise NotationError(f"not a position of {rules.title}: {error}") from error


def state_from_text(text: str) -> State:
    """The state written as ``text`` by :func:`state_to_text`, checked in full.

    The game comes first, so the number and kinds of the other fields follow
    from its layout.  Every field is read and checked, and then the whole
    position: pile sizes, foundations, the redeal counter, the refill rule,
    and that the cards are exactly the game's cards.

    >>> game_text = "captive-queens 6C/-/-/-/-/-/-/- - "
    >>> state_from_text(game_text + "- - 0")
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: not a position of Captive Queens: cards: the piles must hold exactly the cards of Captive Queens: missing AC 2C 3C 4C 5C 7C 8C 9C 10C JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS
    """
    if not isinstance(text, str):
        raise NotationError(f"a state is written as one line of text, got {text!r}")
    fields = text.split()
    if not fields:
        raise NotationError("empty state text: expected a game name and the piles")
    try:
        rules = game_from_text(fields[0])
    except NotationError as error:
        raise NotationError(f"game: {error}") from None
    names = _field_names(rules)
    if len(fields) != len(names):
        raise NotationError(
            f"a state of {rules.title} has {len(names)} fields ({', '.join(names)}), "
            f"got {len(fields)}"
        )
    value = dict(zip(names, fields, strict=True))
    tops = _split(value["foundations"], len(rules.foundations), "top cards", "foundations")
    heights = [
        _height_of_top(rules, f, _single_card(top, f"foundations: F{f + 1}"))
        for f, top in enumerate(tops)
    ]
    columns: list[tuple[Card, ...]] = []
    if rules.tableau is not None:
        parts = _split(value["columns"], rules.tableau.columns, "columns", "columns")
        columns = [
            _pile_from_text(part, f"columns: T{i + 1}") for i, part in enumerate(parts)
        ]
    cells: list[Card | None] = []
    if rules.reserve is not None:
        parts = _split(value["cells"], rules.reserve.cells, "cells", "cells")
        cells = [_single_card(part, f"cells: R{i + 1}") for i, part in enumerate(parts)]
    return _build(
        rules,
        stock=_pile_from_text(value["stock"], "stock"),
        waste=_pile_from_text(value["waste"], "waste"),
        columns=columns,
        cells=cells,
        foundation_heights=heights,
        middle=_pile_from_text(value["middle"], "middle") if "middle" in value else (),
        redeals_used=_redeals_from_text(value["redeals"]),
    )


def _single_card(text: str, where: str) -> Card | None:
    if text == _EMPTY:
        return None
    try:
        return Card.from_str(text)
    except NotationError as error:
        raise NotationError(f"{where}: {error}") from None


# -- dicts ------------------------------------------------------------------


def state_to_dict(state: State) -> dict[str, object]:
    """A state as a dict of JSON types (strings, numbers, lists), with a format version.

    Cards are their short text forms; each foundation is the list of its
    cards from the base up; piles are lists from bottom to top.  Keys for
    parts the game lacks (middle, columns, cells) are left out.

    >>> import json
    >>> import patience_rules as pr
    >>> data = state_to_dict(pr.get_game("easy-start").deal(2))
    >>> data["version"], data["game"], data["options"], data["middle"]
    (1, 'easy-start', {'redeals': 2}, ['QC', 'QD', 'QH', 'QS'])
    >>> state_from_dict(json.loads(json.dumps(data))) == pr.get_game("easy-start").deal(2)
    True
    """
    rules = state.rules
    game_to_text(rules)  # only registered games can be named
    data: dict[str, object] = {
        "version": FORMAT_VERSION,
        "game": rules.name,
        "options": dict(rules.options),
        "foundations": [[str(card) for card in cards] for cards in state.foundations],
    }
    if rules.middle is not None:
        data["middle"] = [str(card) for card in state.middle]
    if rules.tableau is not None:
        data["columns"] = [[str(card) for card in column] for column in state.columns]
    if rules.reserve is not None:
        data["cells"] = [str(cell) if cell is not None else None for cell in state.cells]
    data["stock"] = [str(card) for card in state.stock]
    data["waste"] = [str(card) for card in state.waste]
    data["redeals_used"] = state.redeals_used
    return data


_REQUIRED_KEYS: Final = ("version", "game", "foundations", "stock", "waste", "redeals_used")
_KEYS: Final = frozenset((*_REQUIRED_KEYS, "options", "middle", "columns", "cells"))


def _list(value: object, where: str) -> list[object]:
    if not isinstance(value, list | tuple):
        raise NotationError(f"{where}: expected a list, got {type(value).__name__}")
    return list(value)


def _card_list(value: object, where: str) -> list[Card]:
    cards = []
    for i, item in enumerate(_list(value, where)):
        try:
            cards.append(Card.from_str(item))  # type: ignore[arg-type]
        except NotationError as error:
            raise NotationError(f"{where}[{i}]: {error}") from None
    return cards


def _rules_from_dict(data: Mapping[str, object]) -> GameRules:
    name = data["game"]
    if not isinstance(name, str):
        raise NotationError(f"game: expected a game name, got {name!r}")
    raw = data.get("options", {})
    if not isinstance(raw, Mapping):
        raise NotationError(f"options: expected a mapping of option names to values, got {raw!r}")
    options: list[tuple[str, OptionValue]] = []
    for key, item in raw.items():
        if not isinstance(key, str) or not isinstance(item, int | str):
            raise NotationError(
                f"options: expected names mapped to true, false, whole numbers or text, "
                f"got {key!r}: {item!r}"
            )
        options.append((key, item))
    return _make_rules(name, options)


def state_from_dict(data: Mapping[str, object]) -> State:
    """The state written as ``data`` by :func:`state_to_dict`, checked as :func:`state_from_text` checks.

    >>> state_from_dict({"version": 2})
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: version: expected format version 1, got 2
    """
    if not isinstance(data, Mapping):
        raise NotationError(f"a state's dict form is a mapping, got {type(data).__name__}")
    if data.get("version") != FORMAT_VERSION or isinstance(data.get("version"), bool):
        raise NotationError(
            f"version: expected format version {FORMAT_VERSION}, got {data.get('version')!r}"
        )
    missing = [key for key in _REQUIRED_KEYS if key not in data]
    unknown = sorted(str(key) for key in data if key not in _KEYS)
    if missing or unknown:
        raise NotationError(
            "a state's dict form "
            + "; ".join(
                part
                for part in (
                    f"lacks the keys {', '.join(missing)}" if missing else "",
                    f"has unknown keys {', '.join(unknown)}" if unknown else "",
                )
                if part
            )
            + f": expected the keys {', '.join(sorted(_KEYS))}"
        )
    rules = _rules_from_dict(data)
    foundations = _list(data["foundations"], "foundations")
    if len(foundations) != len(rules.foundations):
        raise NotationError(
            f"foundations: expected {len(rules.foundations)} foundations, got {len(foundations)}"
        )
    heights = [
        _height_of_cards(rules, f, _card_list(cards, f"foundations[{f}]"))
        for f, cards in enumerate(foundations)
    ]
    for key, part in (("middle", rules.middle), ("columns", rules.tableau), ("cells", rules.reserve)):
        if part is None and key in data:
            raise NotationError(f"{key}: {rules.title} has no {key}")
    columns = [
        _card_list(column, f"columns[{i}]")
        for i, column in enumerate(_list(data.get("columns", []), "columns"))
    ]
    cells = [
        None if cell is None else _card_list([cell], f"cells[{i}]")[0]
        for i, cell in enumerate(_list(data.get("cells", []), "cells"))
    ]
    redeals = data["redeals_used"]
    if not isinstance(redeals, int) or isinstance(redeals, bool):
        raise NotationError(f"redeals_used: expected a whole number, got {redeals!r}")
    return _build(
        rules,
        stock=_card_list(data["stock"], "stock"),
        waste=_card_list(data["waste"], "waste"),
        columns=columns,
        cells=cells,
        foundation_heights=heights,
        middle=_card_list(data.get("middle", []), "middle"),
        redeals_used=redeals,
    )
