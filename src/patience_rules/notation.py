"""Text and dict forms of games, cards, moves and states.

Every form here reads back exactly what it writes, and every reader checks
its input in full before it builds anything: bad text or data raises
:class:`~patience_rules.NotationError`, whose message names the part that
is wrong and says what was expected.  (A ``rules=`` argument that is no
rules, a mistake of the calling code rather than of the text, is an
:class:`~patience_rules.InvalidArgumentError` to the readers of states
and records.)

**Cards** are written ``QH``, ``10S`` (``TS`` and Unicode suits such as
``10♠`` are read too), by :class:`~patience_rules.Card` itself; a run of
cards is written without separators, bottom card first.

**Places** are a letter and, for piles that come in numbers, a number from
1: ``S`` the stock, ``W`` the waste, ``M`` the middle, ``T1`` … the tableau
columns, ``R1`` … the reserve cells, ``F1`` … the foundations (``F1`` is
foundation 0 of :meth:`Move.to_foundation <patience_rules.Move.to_foundation>`).

**Moves** are ``source-target`` (``T3-F5``, ``R12-F1``, ``W-M``), with
``:n`` after a run of ``n`` cards that leaves a column in one move
(``T1-T2:3``), or the words ``draw``, ``redeal`` and, where columns shift
rather than the stock turning over, ``shift``.  For people typing at a prompt,
:func:`move_from_loose_text` also reads a legal move by its card (``3S``) or
by a card and a place (``3D R2``); it is opt-in, and every other reader here
reads the notation alone (letters in either case, white space around a move
and around its ``-``, and numbers with leading zeros aside: ``t1 - r01``
reads as ``T1-R1``; the writers write one spelling).

**Games** are their registry name, with their variant options in brackets
when they differ from the registered defaults: ``easy-start[redeals=3]``.
White space around an option and its ``=`` is read
(``klondike[draw=3, redeals=2]``, as one types it in a shell's quotes);
the writers write none.

**States** are one line of space-separated fields, in the spirit of chess's
FEN (read with any white space between the fields, line ends too): the
game; the foundations' top cards, ``/`` between foundations and ``-`` for
an empty one (where some foundation takes any suit, each foundation's
whole pile, bottom card first, as a height alone does not say which cards
it holds, and likewise where a foundation holds more than 13 cards, as its
top card then does not say how many); then, when the game has them, the middle, the
tableau columns (``/`` between columns, each from its back card to its
front card; where a tableau is dealt face down, each column is its
face-down cards, ``|``, then its face-up cards: ``7S9D|QC``, ``|QC``) and
the reserve cells (``/`` between cells); then, when the game has a stock,
the stock (bottom to top: its last card is drawn next) and the waste
(bottom to top); last, when it has a stock or a redeal, the number of
redeals used.  A game with neither (FreeCell) ends with its cells.

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

import contextlib
import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final
from urllib.parse import quote, unquote

from . import _checks
from ._dict_forms import StateDict
from .cards import _CARD_FORM, _WRITTEN_PATTERN, Card, _is_whole
from .errors import (
    InvalidArgumentError,
    NotationError,
    PatienceRulesError,
    UnknownGameError,
    _shown,
)
from .layout import Layout, _per_layout
from .moves import LETTERS, SINGLE, Move, move_to_text, place_to_text
from .piles import PileKind, Place
from .rules import (
    _MOST_OPTIONS,
    _OPTION_DIGITS,
    GameRules,
    OptionValue,
    State,
    _entry,
    _first_difference,
    _register_view,
    _unknown_options,
    get_game,
    is_registered,
)

__all__ = [
    "FORMAT_VERSION",
    "StateDict",
    "cards_from_text",
    "cards_to_text",
    "game_from_text",
    "game_to_text",
    "move_from_loose_text",
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
#: A card as the library writes it, and a run of them as it writes runs
#: (nothing between cards, or one space after each).
_WRITTEN_CARD: Final = re.compile(_WRITTEN_PATTERN)
_WRITTEN_RUN: Final = re.compile(f"(?:{_WRITTEN_PATTERN} ?)*")

# -- games ------------------------------------------------------------------

_NAME_RE: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
_OPTION_NAME: Final = r"[A-Za-z_][A-Za-z0-9_]*"
_OPTION_NAME_RE: Final = re.compile(_OPTION_NAME)
# (white space around an option and its '=' is read: "klondike[draw=3, redeals=2]")
# (the value is stripped after the match: a pattern that left its white space out
# would try each split of a long run of it, in time that grows as its square)
_OPTION_RE: Final = re.compile(rf"\s*({_OPTION_NAME})\s*=(.*)")
_INT_RE: Final = re.compile(rf"-?[0-9]{{1,{_OPTION_DIGITS}}}")


def _option_to_text(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return '"' + quote(value, safe="") + '"'


def _option_from_text(key: str, text: str) -> OptionValue:
    name = key if len(key) <= 40 else _shown(key)
    if text.lower() == "true":  # (True and False too, as Python writes them)
        return True
    if text.lower() == "false":
        return False
    if _INT_RE.fullmatch(text):
        return int(text)
    if re.fullmatch(r"-?[0-9]+", text):
        raise NotationError(
            f"option {name}: a whole number of at most "
            f"{_OPTION_DIGITS} digits, got one of {len(text.lstrip('-'))} digits"
        )
    if len(text) >= 2 and text[0] == text[-1] == '"' and '"' not in text[1:-1]:
        try:
            return unquote(text[1:-1], errors="strict")
        except UnicodeDecodeError:
            pass
    if text.lower() in ("none", "null"):
        raise NotationError(
            f"option {name}: game text has no value for None: "
            "leave the option out to take its default"
        )
    raise NotationError(
        f"option {name}: malformed value {_shown(text)}: expected true, false, a whole number "
        'or a percent-encoded text in double quotes such as "a%20b"'
    )


def _default_as_text(value: object) -> str | None:
    """An option's default as the notation writes it; None where it cannot (None, an enum)."""
    return _option_to_text(value) if type(value) in (bool, int, str) else None  # type: ignore[arg-type]


def _no_value(text: str, name: str, key: str) -> str:
    """The refusal of game text whose option ``key`` is written without ``=value``
    (an unknown game, or an option the game does not take, is refused first,
    as :func:`_make_rules` refuses it)."""
    try:
        entry = _entry(name)
    except UnknownGameError as error:
        raise NotationError(str(error)) from error
    unknown = _unknown_options(entry, [key], _default_as_text)
    if unknown is not None:
        raise _game_refusal(entry.name, unknown)
    defaults = entry._defaults() or {}
    default = _default_as_text(defaults.get(key))
    example = f", such as '{key}={default}'" if default is not None else ""
    return (
        f"malformed game {_shown(text)}: the option {_shown(key)} has no value: expected "
        f"key=value{example} (an option left out takes its default)"
    )


def _make_rules(name: str, options: Sequence[tuple[str, OptionValue]]) -> GameRules:
    """The registered rules ``name`` with ``options``, or a NotationError saying why not."""
    try:
        return get_game(name, **dict(options))
    except UnknownGameError as error:
        raise NotationError(str(error)) from error
    except PatienceRulesError as error:
        # (options the game does not take: listed as the notation writes them)
        text = _unknown_options(_entry(name), [key for key, _ in options], _default_as_text)
        raise _game_refusal(name, str(error) if text is None else text) from error


def _game_refusal(name: str, text: str) -> NotationError:
    """The refusal ``text`` of a game's options, naming the game once."""
    return NotationError(text if text.startswith("game ") else f"game {name!r}: {text}")


#: The way to a text form for rules that the registry makes otherwise.
_OWN_NAME: Final = "give them a name of their own and register them with register_game"


def _unwritable(rules: GameRules, why: str, advice: str) -> NotationError:
    """The refusal to write ``rules`` as game text: ``why`` not, and what to do."""
    return NotationError(
        f"{rules!r} cannot be written down: a game is written as its registry name and "
        f"options, and {why}; {advice}"
    )


@functools.lru_cache(maxsize=128)
def _game_text(rules: GameRules) -> str:
    name = rules.name
    if not isinstance(name, str) or not _NAME_RE.fullmatch(name):
        raise NotationError(
            f"the game name {name!r} cannot be written: expected letters, digits, '-', '_' or '.'"
        )
    try:
        if _make_rules(name, ()) == rules:
            return name
        made = _make_rules(name, rules.options)
    except NotationError as error:
        advice = (
            "register the game with register_game first"
            if isinstance(error.__cause__, UnknownGameError)
            else f"build the rules as get_game does, or {_OWN_NAME}"
        )
        why = f"get_game({name!r}, ...) does not make these rules ({error})"
        raise _unwritable(rules, why, advice) from None
    if made != rules:
        where = _first_difference(rules, made) or "their parts"
        why = f"the registry's {name!r} with these options is other rules (they differ at {where})"
        raise _unwritable(
            rules, why, f"build the rules as get_game({name!r}, ...) does, or {_OWN_NAME}"
        )
    for key, _ in made.options:
        if not _OPTION_NAME_RE.fullmatch(key):
            why = (
                f"the option name {key!r} is no name that game text reads (letters, digits "
                "and '_', not starting with a digit)"
            )
            raise _unwritable(rules, why, "name the game's options so")
    # (in the registry's order: equal rules may hold their options in another)
    options = ",".join(f"{key}={_option_to_text(value)}" for key, value in made.options)
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
        raise NotationError(f"expected a GameRules value, got {_shown(rules)}")
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
        raise NotationError(
            f"a game is written as text such as 'captive-queens', got {_shown(text)}"
        )
    text = _checks.plain(text)  # (a subclass's methods could read it differently)
    name, bracket, rest = text.strip().partition("[")
    if not _NAME_RE.fullmatch(name):
        raise NotationError(
            f"malformed game {_shown(text)}: expected a registered name such as "
            "'captive-queens', "
            "optionally followed by options in brackets such as '[redeals=3]'"
        )
    options: list[tuple[str, OptionValue]] = []
    if bracket:
        if not rest.endswith("]"):
            _, closed, after = rest.partition("]")
            why = (
                f"nothing may follow the options' ']', got {_shown(after)}"
                if closed
                else "the options must end with ']'"
            )
            raise NotationError(f"malformed game {_shown(text)}: {why}")
        body = rest[:-1]
        items = body.split(",") if body else []
        if len(items) > _MOST_OPTIONS:
            raise NotationError(
                f"malformed game {_shown(text)}: a game takes at most {_MOST_OPTIONS} options, "
                f"got {len(items)}"
            )
        seen: set[str] = set()
        for item in items:
            match = _OPTION_RE.fullmatch(item)
            if match is None and "=" not in item and _OPTION_NAME_RE.fullmatch(item.strip()):
                raise NotationError(_no_value(text, name, item.strip()))
            if match is None:
                raise NotationError(
                    f"malformed game {_shown(text)}: expected options as key=value separated "
                    f"by commas, got {_shown(item)}"
                )
            key = match[1]
            if key in seen:
                raise NotationError(
                    f"malformed game {_shown(text)}: option {_shown(key)} is given twice"
                )
            seen.add(key)
            options.append((key, _option_from_text(key, match[2].strip())))
    return _make_rules(name, options)


# -- cards ------------------------------------------------------------------


def cards_to_text(cards: Iterable[Card], separator: str = "") -> str:
    """A run of cards in their short forms, joined by ``separator``.

    :func:`cards_from_text` reads it back where ``separator`` is empty or
    white space (the other readers write and read runs without one).

    >>> cards_to_text([Card.from_str("QH"), Card.from_str("10S")])
    'QH10S'
    >>> cards_from_text(cards_to_text([Card.from_str("QH"), Card.from_str("10S")], " "))
    (Card.from_str('QH'), Card.from_str('10S'))
    """
    if not _checks.iterable_not_text(cards):
        raise NotationError(f"cards_to_text writes cards, got {_shown(cards)}")
    if not isinstance(separator, str):
        raise NotationError(f"cards_to_text's separator is a text, got {_shown(separator)}")
    written = []
    for card in cards:
        if not isinstance(card, Card):
            raise NotationError(f"cards_to_text writes cards, got {_shown(card)} among them")
        written.append(str(card))
    return separator.join(written)


def cards_from_text(text: str) -> tuple[Card, ...]:
    """Read a run of cards, with or without spaces between them.

    Each card ends with its suit, so ``QH10S`` and ``QH 10S`` read the same.

    >>> cards_from_text("QH10S 7♦")
    (Card.from_str('QH'), Card.from_str('10S'), Card.from_str('7D'))
    >>> cards_from_text("QH10")
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: malformed cards 'QH10': '10' after card 1 has no suit: expected a rank (A or 1, 2-10 or T, J, Q, K) followed by a suit (C, D, H, S or ♣ ♦ ♥ ♠) for each card
    """
    if not isinstance(text, str):
        raise NotationError(f"cards are written as text such as 'QH10S', got {_shown(text)}")
    text = _checks.plain(text)
    if _WRITTEN_RUN.fullmatch(text):  # (the writers' spelling, quickly)
        return tuple(map(Card.from_str, _WRITTEN_CARD.findall(text)))
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
        rest = rest.split()[0]  # (the rank without its suit; what follows may read)
        after = f" after card {len(cards)}" if cards else ""
        raise NotationError(
            f"malformed cards {_shown(text)}: {_shown(rest)}{after} has no suit: expected "
            f"{_CARD_FORM} for each card"
        )
    return tuple(cards)


def _pile_to_text(cards: Iterable[Card]) -> str:
    return _cards_text(cards) or _EMPTY


def _cards_text(cards: Iterable[Card]) -> str:
    """Cards the library holds, written (no checks: :func:`cards_to_text` checks)."""
    return "".join(map(str, cards))


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

_KIND_BY_LETTER: Final = {letter: kind for kind, letter in LETTERS.items()}
_PLACE_RE: Final = re.compile(r"([A-Za-z])([0-9]{1,6})?")
_MOVE_RE: Final = re.compile(r"([^-:]+)-([^-:]+)(?::([0-9]{1,9}))?")


def place_from_text(text: str, game: GameRules | State) -> Place:
    """The place of ``game``'s layout (rules, or a state of them) written as ``text``.

    See :func:`place_to_text`; ``game`` is named as in :func:`move_from_text`.

    >>> import patience_rules as pr
    >>> place_from_text("R16", pr.get_game("royal-cotillion"))
    Place(PileKind.CELL, 15)
    >>> place_from_text("R17", pr.get_game("royal-cotillion"))
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: place 'R17': Royal Cotillion has Lords cells R1 to R16
    """
    rules = game.rules if isinstance(game, State) else game
    if not isinstance(rules, GameRules):
        raise NotationError(f"a place is read for a game (GameRules or State), got {_shown(game)}")
    if not isinstance(text, str):
        raise NotationError(f"a place is written as text such as 'T1', got {_shown(text)}")
    text = _checks.plain(text)
    match = _PLACE_RE.fullmatch(text.strip())
    kind = _KIND_BY_LETTER.get(match[1].upper()) if match is not None else None
    if match is None or kind is None:
        raise NotationError(
            f"malformed place {_shown(text)}: expected S (stock), W (waste), M (middle), or "
            "T (tableau column), R (reserve cell), F (foundation) and a number from 1"
        )
    layout = rules.layout
    count = layout.count(kind)
    if count == 0:
        raise NotationError(f"place {_shown(text)}: {rules.title} has no {layout.kind_name(kind)}")
    letter = match[1].upper()
    if kind in SINGLE:
        if match[2] is not None:
            raise NotationError(f"place {_shown(text)}: expected {letter} alone, without a number")
        return Place(kind)
    if match[2] is None or not 1 <= int(match[2]) <= count:
        raise NotationError(
            f"place {_shown(text)}: {rules.title} has {layout.kind_name(kind)} "
            f"{letter}1 to {letter}{count}"
        )
    return Place(kind, int(match[2]) - 1)


@_per_layout
def _move_set(layout: Layout) -> frozenset[Move]:
    return frozenset(layout.moves)


@_per_layout
def _written_moves(layout: Layout) -> dict[str, Move]:
    """Each move that ``layout`` makes by its text as the writers write it
    (``T3-F5``, ``draw``): every move of :attr:`Layout.moves`, but the draw
    where there is no stock and the redeal where there is none (see
    :func:`_stock_move`, which refuses them by name)."""
    return {
        str(move): move
        for move in layout.moves
        if not (
            (move.is_draw and not layout.has_stock) or (move.is_redeal and not layout.has_redeal)
        )
    }


def move_from_text(text: str, game: GameRules | State) -> Move:
    """The move written as ``text`` in ``game`` (rules, or a state of them).

    Reading checks that the move is one the game's layout can make;
    whether it is *legal* is a question for a state
    (:meth:`State.apply <patience_rules.State.apply>`).  ``S-W`` and ``W-S``
    are read as ``draw`` and ``redeal`` in a game with a stock and a waste,
    and ``shift`` as the redeal in a game whose redeal is a shift (Crescent,
    which has neither pile: its shift is ``redeal`` or ``shift``, never
    ``W-S``).

    >>> import patience_rules as pr
    >>> game = pr.get_game("royal-cotillion")
    >>> move_from_text("T3-F5", game), move_from_text("draw", game)
    (Move.to_foundation(Place(PileKind.COLUMN, 2), 4), Move.draw())
    >>> move_from_text("W-M", game)
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: move 'W-M': place 'M': Royal Cotillion has no middle
    >>> move_from_text("draw", pr.get_game("freecell"))
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: move 'draw': FreeCell has no stock to draw from
    """
    rules = game.rules if isinstance(game, State) else game
    if not isinstance(rules, GameRules):
        raise NotationError(f"a move is read for a game (GameRules or State), got {_shown(game)}")
    if not isinstance(text, str):
        raise NotationError(f"a move is written as text such as 'T3-F5', got {_shown(text)}")
    text = _checks.plain(text)
    written = _written_moves(rules.layout).get(text)
    if written is not None:  # (the writers' spelling, quickly)
        return written
    worded = _stock_word(text, rules)
    if worded is not None:
        return _stock_move(worded, text, rules)
    match = _MOVE_RE.fullmatch(text.strip())
    if match is None:
        raise NotationError(
            f"malformed move {_shown(text)}: expected 'draw', 'redeal' or source-target such "
            "as 'T3-F5', with ':n' after it for a run of n cards ('T3-T5:3')"
        )
    try:
        source, target = (place_from_text(part, rules) for part in match.group(1, 2))
    except NotationError as error:
        raise NotationError(f"move {_shown(text)}: {error}") from None
    count = int(match[3]) if match[3] is not None else 1
    if count == 0:
        raise NotationError(
            f"move {_shown(text)}: a run's length after ':' is the number of cards it moves, "
            "at least 1"
        )
    if source.kind is PileKind.STOCK and target.kind is PileKind.WASTE and count == 1:
        return _stock_move(Move.draw(), text, rules)
    if source.kind is PileKind.WASTE and target.kind is PileKind.STOCK and count == 1:
        return _stock_move(Move.redeal(), text, rules)
    try:
        move = Move(source, target, count) if count >= 1 else None
    except PatienceRulesError:  # (more cards than any move moves)
        move = None
    if move is None or move not in _move_set(rules.layout):
        raise NotationError(
            f"move {_shown(text)}: {rules.title} never moves "
            f"{f'{count} cards' if count != 1 else 'a card'} from "
            f"{rules.layout.name(source)} to {rules.layout.name(target)}"
        )
    return move


def _stock_word(text: str, rules: GameRules) -> Move | None:
    """The move that ``text`` names by a word: ``draw``, ``redeal`` (``shift`` where the redeal is one)."""
    word = text.strip().lower()
    if word == "draw":
        return Move.draw()
    if word in ("redeal", rules.stock.redeal.word):
        return Move.redeal()
    return None


def _stock_move(move: Move, text: str, rules: GameRules) -> Move:
    """``move`` (the draw or the redeal), if the game's layout makes it (else NotationError)."""
    layout = rules.layout
    if move.is_draw and not layout.has_stock:
        raise NotationError(f"move {_shown(text)}: {rules.title} has no stock to draw from")
    if move.is_redeal and not layout.has_redeal:
        raise NotationError(f"move {_shown(text)}: {rules.title} has no redeal")
    return move


# -- states -----------------------------------------------------------------


def _field_names(rules: GameRules) -> list[str]:
    layout = rules.layout
    names = ["game", "foundations"]
    if layout.has_middle:
        names.append("middle")
    if layout.columns:
        names.append("columns")
    if layout.cells:
        names.append("cells")
    if layout.has_stock:
        names += ["stock", "waste"]
    if layout.has_stock or layout.has_redeal:
        names.append("redeals")
    return names


def _column_to_text(cards: Sequence[Card], down: int, face_down: bool) -> str:
    if not cards:
        return _EMPTY
    if not face_down:
        return _cards_text(cards)
    return _cards_text(cards[:down]) + "|" + _cards_text(cards[down:])


def _check_state(state: object, writer: str) -> None:
    if not isinstance(state, State):
        raise NotationError(f"{writer} writes a State, got {_shown(state)}")


def state_to_text(state: State) -> str:
    """A state's one-line text form (see the module documentation).

    :raises NotationError: for a state of rules that the registry does not
        make (as :func:`game_to_text`: its dict form carries the rules), or
        a value that is no state.

    >>> import patience_rules as pr
    >>> state_to_text(pr.get_game("captive-queens").deal(1))[:60]
    'captive-queens -/-/-/-/-/-/-/- - 7S9H2S3H10C8C2H4CAC3S3D9DQD'
    """
    _check_state(state, "state_to_text")
    rules = state.rules
    layout = rules.layout
    if _whole_foundations(layout):
        foundations = "/".join(_pile_to_text(cards) for cards in state.foundations)
    else:
        foundations = "/".join(str(cards[-1]) if cards else _EMPTY for cards in state.foundations)
    fields = [game_to_text(rules), foundations]
    if layout.has_middle:
        fields.append(_pile_to_text(state.middle))
    if layout.columns:
        fields.append(
            "/".join(
                _column_to_text(column, down, layout.face_down)
                for column, down in zip(state.columns, state.face_down, strict=True)
            )
        )
    if layout.cells:
        fields.append("/".join(str(cell) if cell is not None else _EMPTY for cell in state.cells))
    if layout.has_stock:
        fields += [_pile_to_text(state.stock), _pile_to_text(state.waste)]
    if layout.has_stock or layout.has_redeal:
        fields.append(str(state.redeals_used))
    return " ".join(fields)


def _split(text: str, count: int, what: str, field: str) -> list[str]:
    parts = text.split("/")
    if len(parts) != count:
        raise NotationError(f"{field}: expected {count} {what} separated by '/', got {len(parts)}")
    return parts


def _whole_foundations(layout: Layout) -> bool:
    """Whether a state's text form writes each foundation's whole pile, not its top card:
    where a top card does not say the foundation's height, as some foundation takes
    any suit, or holds a card twice (a sequence of more than 13 cards)."""
    return layout.records or max(layout.foundation_sizes, default=0) > 13


def _height_of_top(rules: GameRules, f: int, top: Card | None) -> int:
    cards = rules.layout.home_cards[f]
    if top is None:
        return 0
    for height, wanted in enumerate(cards):
        if top in wanted:
            return height + 1
    foundation = rules.foundations[f]
    suit = f"a {foundation.suit.name.lower()[:-1]}" if foundation.suit is not None else "a card"
    raise NotationError(
        f"foundations: F{f + 1} ({foundation.describe()}) cannot have {top} on top: "
        f"expected {suit} of {foundation.sequence}"
    )


def _redeals_from_text(text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,19}", text):
        raise NotationError(
            "redeals_used: expected the number of redeals used, a whole number of at most "
            f"19 digits, got {_shown(text)}"
        )
    return int(text)


def _build(rules: GameRules, **parts: object) -> State:
    try:
        return rules.make_state(**parts)  # type: ignore[arg-type]
    except PatienceRulesError as error:
        raise NotationError(f"not a position of {rules.title}: {error}") from error


def _column_from_text(text: str, where: str, face_down: bool) -> tuple[tuple[Card, ...], int]:
    if text == _EMPTY or not face_down:
        return _pile_from_text(text, where), 0
    down, bar, up = text.partition("|")
    if not bar:
        raise NotationError(
            f"{where}: expected the face-down cards, '|', then the face-up cards, such as "
            f"'7S9D|QC', got {_shown(text)}"
        )
    try:
        hidden = cards_from_text(down) if down else ()
    except NotationError as error:
        raise NotationError(f"{where}: face down: {error}") from None
    shown = _pile_from_text(up, where)
    return (*hidden, *shown), len(hidden)


#: Why a game of no registry is not read from a state's text form.
_NO_TEXT_FORM: Final = "a state of them has no text form: read its dict form"


def _game_of_text(text: str, where: str, expected: GameRules | None, lacking: str) -> GameRules:
    """The rules of a game's text form in a reader's input (see :func:`_game_named`)."""

    def make() -> GameRules:
        try:
            return game_from_text(text)
        except NotationError as error:
            raise NotationError(f"{where}: {error}") from None

    return _game_named(text.partition("[")[0], make, text, _game_text, expected, where, lacking)


def state_from_text(text: str, *, rules: GameRules | None = None) -> State:
    """The state written as ``text`` by :func:`state_to_text`, checked in full.

    The game comes first, so the number and kinds of the other fields follow
    from its layout.  Every field is read and checked, and then the whole
    position, as :meth:`GameRules.make_state <patience_rules.GameRules.make_state>`
    checks it.

    >>> game_text = "captive-queens 6C/-/-/-/-/-/-/- - "
    >>> state_from_text(game_text + "- - 0")
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: not a position of Captive Queens: cards: the piles must hold exactly the cards of Captive Queens: missing AC 2C 3C 4C 5C 7C 8C 9C 10C JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS

    Given ``rules``, the text must be a state of that game (its game text
    must make equal rules), and the state is of those very rules: a reader
    that expects one game says so, and other games are refused before
    their piles are read.

    >>> import patience_rules as pr
    >>> text = state_to_text(pr.get_game("klondike").deal(1))
    >>> state_from_text(text, rules=pr.get_game("freecell"))
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: game: get_game('klondike') is named, but the rules given are get_game('freecell')

    :raises NotationError: for malformed text, an unknown game, a position
        its game does not allow, or, given ``rules``, a state of another game.
    :raises InvalidArgumentError: for ``rules`` that are neither a
        :class:`~patience_rules.GameRules` nor None.
    """
    expected = _expected_game(rules)
    if not isinstance(text, str):
        raise NotationError(f"a state is written as one line of text, got {_shown(text)}")
    text = _checks.plain(text)
    if len(text) > _MAX_TEXT:
        raise NotationError(
            f"a state's text form is at most {_MAX_TEXT} characters, got {len(text)}"
        )
    fields = text.split()
    if not fields:
        raise NotationError("empty state text: expected a game name and the piles")
    rules = _game_of_text(fields[0], "game", expected, _NO_TEXT_FORM)
    layout = rules.layout
    names = _field_names(rules)
    if len(fields) != len(names):
        raise NotationError(
            f"a state of {rules.title} has {len(names)} fields ({', '.join(names)}), "
            f"got {len(fields)}"
        )
    value = dict(zip(names, fields, strict=True))
    tops = _split(value["foundations"], layout.foundations, "foundations", "foundations")
    parts: dict[str, object] = {}
    if _whole_foundations(layout):
        parts["foundations"] = [
            _pile_from_text(top, f"foundations: F{f + 1}") for f, top in enumerate(tops)
        ]
    else:
        parts["foundation_heights"] = [
            _height_of_top(rules, f, _single_card(top, f"foundations: F{f + 1}"))
            for f, top in enumerate(tops)
        ]
    if layout.columns:
        pairs = [
            _column_from_text(part, f"columns: T{i + 1}", layout.face_down)
            for i, part in enumerate(_split(value["columns"], layout.columns, "columns", "columns"))
        ]
        parts["columns"] = [cards for cards, _ in pairs]
        if layout.face_down:
            parts["face_down"] = [down for _, down in pairs]
    if layout.cells:
        parts["cells"] = [
            _single_card(part, f"cells: R{i + 1}")
            for i, part in enumerate(_split(value["cells"], layout.cells, "cells", "cells"))
        ]
    if "stock" in value:
        parts["stock"] = _pile_from_text(value["stock"], "stock")
        parts["waste"] = _pile_from_text(value["waste"], "waste")
    if "middle" in value:
        parts["middle"] = _pile_from_text(value["middle"], "middle")
    if "redeals" in value:
        parts["redeals_used"] = _redeals_from_text(value["redeals"])
    return _build(rules, **parts)


#: The longest state text read: far more than any game's position needs.
_MAX_TEXT: Final = 100_000


def _single_card(text: str, where: str) -> Card | None:
    if text == _EMPTY:
        return None
    try:
        return Card.from_str(text)
    except NotationError as error:
        raise NotationError(f"{where}: {error}") from None


# -- dicts ------------------------------------------------------------------


def state_to_dict(state: State) -> StateDict:
    """A state as a dict of JSON types (strings, numbers, lists), with a format version.

    Cards are their short text forms; each foundation is the list of its
    cards from the base up; piles are lists from bottom to top.  Keys for
    parts the game lacks (middle, columns, cells, stock and waste) are left
    out; ``face_down`` is there for a tableau dealt face down (see
    :class:`StateDict` for every key).  A game that the registry does not
    make is written out in full under ``rules`` (see
    :meth:`GameRules.to_dict <patience_rules.GameRules.to_dict>`), so the
    dict alone makes the state again.

    >>> import json
    >>> import patience_rules as pr
    >>> data = state_to_dict(pr.get_game("easy-start").deal(2))
    >>> data["version"], data["game"], data["options"], data["middle"]
    (1, 'easy-start', {'redeals': 2}, ['QC', 'QD', 'QH', 'QS'])
    >>> state_from_dict(json.loads(json.dumps(data))) == pr.get_game("easy-start").deal(2)
    True
    """
    _check_state(state, "state_to_dict")
    rules = state.rules
    layout = rules.layout
    data: StateDict = {
        "version": FORMAT_VERSION,
        "game": rules.name,
        "options": dict(rules.options),
        "foundations": [[str(card) for card in cards] for cards in state.foundations],
        "redeals_used": state.redeals_used,
    }
    if not is_registered(rules):
        data["rules"] = rules.to_dict()
    if layout.has_middle:
        data["middle"] = [str(card) for card in state.middle]
    if layout.columns:
        data["columns"] = [[str(card) for card in column] for column in state.columns]
        if layout.face_down:
            data["face_down"] = list(state.face_down)
    if layout.cells:
        data["cells"] = [str(cell) if cell is not None else None for cell in state.cells]
    if layout.has_stock:
        data["stock"] = [str(card) for card in state.stock]
        data["waste"] = [str(card) for card in state.waste]
    return data


_REQUIRED_KEYS: Final = ("version", "game", "foundations", "redeals_used")
_OPTIONAL_KEYS: Final = (
    "options",
    "rules",
    "stock",
    "waste",
    "columns",
    "cells",
    "middle",
    "face_down",
)


def _list(value: object, where: str) -> list[object]:
    if not isinstance(value, list | tuple):
        raise NotationError(f"{where}: expected a list, got {type(value).__name__}")
    if len(value) > 1000:
        raise NotationError(f"{where}: expected at most 1000 items, got {len(value)}")
    return list(value)


def _card_list(value: object, where: str) -> list[Card]:
    """The cards of a pile's list; a bad one is named by its place in the pile, from 1."""
    items = _list(value, where)
    try:
        return list(map(Card.from_str, items))  # type: ignore[arg-type]
    except NotationError:  # (read again, to name the bad card's place)
        return [_card(item, f"{where}, card {i + 1}") for i, item in enumerate(items)]


def _card(item: object, where: str) -> Card:
    try:
        return Card.from_str(item)  # type: ignore[arg-type]
    except NotationError as error:
        raise NotationError(f"{where}: {error}") from None


def _rules_from_dict(data: Mapping[str, object], expected: GameRules | None) -> GameRules:
    """The rules of a state's or a record's dict form: ``rules`` if it is given, else
    the registered ``game`` with its ``options``; given both, they must agree.

    Given the rules the caller ``expected`` (see :func:`_expected_game`), the
    dict must be of that game, and its ``rules`` are compared, never read.
    """
    name = data["game"]
    if not isinstance(name, str):
        raise NotationError(f"game: expected a game name, got {_shown(name)}")
    raw = data.get("options", {})
    if not isinstance(raw, Mapping):
        raise NotationError(
            f"options: expected a mapping of option names to values, got {_shown(raw)}"
        )
    if "rules" in data:
        rules_data = data["rules"]
        if not isinstance(rules_data, Mapping):
            raise NotationError(f"rules: expected a mapping, got {_shown(rules_data)}")
        rules = _described(rules_data, "rules", expected)
        if rules.name != name:
            raise NotationError(
                f"game: the rules are those of {_shown(rules.name)}, not of the game "
                f"{_shown(name)} the dict names"
            )
        if "options" in data and _typed(raw.items()) != _typed(rules.options):
            raise NotationError(
                f"options: the rules have the options {_shown(dict(rules.options))}, not "
                f"{_shown(raw)}"
            )
        return rules
    options: list[tuple[str, OptionValue]] = []
    for key, item in raw.items():
        if not isinstance(key, str) or not isinstance(item, int | str):
            raise NotationError(
                f"options: expected names mapped to true, false, whole numbers or text, "
                f"got {_shown(key)}: {_shown(item)}"
            )
        options.append((key, item))
    plain = name.__class__ is str and all(key.__class__ is str for key, _ in options)
    return _game_named(
        name,
        lambda: _make_rules(name, options),
        (name, _typed(options)) if plain else None,  # (a subclass could compare equal)
        lambda rules: (rules.name, _typed(rules.options)),
        expected,
        "game",
        "their dict forms carry their whole description (rules), which this one lacks",
    )


def _typed(options: Iterable[tuple[object, object]]) -> dict[object, tuple[type, object]]:
    # (True and 1 differ as options)
    return {key: (value.__class__, value) for key, value in options}


# -- the game a reader expects -----------------------------------------------


def _expected_game(rules: object) -> GameRules | None:
    """The ``rules=`` of a reader of states or records: None, or the rules of a game."""
    if rules is None or isinstance(rules, GameRules):
        return rules
    raise InvalidArgumentError(
        f"rules: expected the rules of the game to read (GameRules) or None, got {_shown(rules)}"
    )


def _game_named(
    name: str,
    make: Callable[[], GameRules],
    written: object,
    as_written: Callable[[GameRules], object],
    expected: GameRules | None,
    where: str,
    lacking: str,
) -> GameRules:
    """The rules that a reader's input names (``name``, made by ``make``), where
    they are the ``expected`` game (the expected rules themselves: what the
    reader builds is of the caller's very rules).

    ``written`` is how the input names the game, in plain values; given the
    ``expected`` rules of the registry named as the writers name them
    (``as_written(expected)``), nothing is made.  ``lacking`` says what input
    naming a game of no registry lacks, for its refusal.
    """
    if expected is None:
        return make()
    registered = is_registered(expected)
    if registered:
        with contextlib.suppress(NotationError):  # (rules the writers cannot name)
            if written == as_written(expected):
                return expected
    unlike = (
        ""
        if registered or name.strip().lower() != expected.name.strip().lower()
        else f"; the rules given are no game of the registry, and {lacking}"
    )
    try:
        found = make()
    except NotationError as error:
        raise NotationError(f"{error}{unlike}") from None
    if found is expected or found == expected:
        return expected
    raise NotationError(
        f"{where}: {found!r} is named, but the rules given are {expected!r}{unlike}"
    )


def _described(
    description: Mapping[str, object], where: str, expected: GameRules | None
) -> GameRules:
    """Rules written out in full in a reader's input (a dict form's ``rules``, a
    record's ``Rules`` tag): read as :meth:`GameRules.from_dict` reads them, or,
    given the ``expected`` game, compared with its own description and never read.

    The description must be the expected rules' own as the writers write it,
    item by item: rules equal to the expected but written otherwise (another
    ``description``, keys left out at their defaults) are refused too, as it
    is not read.  Two spellings that earlier writers gave are taken (see
    :func:`_earlier_spelling`).

    (Reading rules costs about a millisecond, and a description sent by
    someone else may be any game at all.)
    """
    if expected is None:
        return GameRules.from_dict(description)
    differs = _differs_at(description, expected.to_dict())
    if differs is not None:
        named = description.get("name")
        of = f" (of {_shown(named)})" if isinstance(named, str) else ""
        raise NotationError(
            f"{where}: the description{of} is not that of the rules given, {expected!r}: it "
            f"differs at {where}{differs} from their GameRules.to_dict(), as the writers give it"
        )
    return expected


def _differs_at(given: object, own: object) -> str | None:
    """Where a description read from input first differs from ``own``, the
    rules' :meth:`~patience_rules.GameRules.to_dict`, as a path below it
    (``""`` for ``given`` itself, ``.tableau.columns``, ``.depth[2]``); None
    where it does not.

    Compared item by item as JSON values (a key is text, ``true`` is no
    ``1``), stopping at the first difference, so that a large input costs
    no more than the rules' own description.
    """
    if isinstance(own, dict):
        if not isinstance(given, Mapping):
            return ""
        for key, value in own.items():
            if key not in given:
                return f".{key} (missing)"
            differs = _differs_at(given[key], value)
            if differs is not None and not _earlier_spelling(key, given[key], own):
                return f".{key}{differs}"
        if len(given) != len(own):
            extra = next((key for key in given if key not in own), None)
            return f": the key {_shown(extra)} (unknown)"
        return None
    if isinstance(own, list):
        if not isinstance(given, list | tuple) or len(given) != len(own):
            return ""
        for i, (item, value) in enumerate(zip(given, own, strict=True)):
            differs = _differs_at(item, value)
            if differs is not None:
                return f"[{i}]{differs}"
        return None
    return None if _same_value(given, own) else ""


def _earlier_spelling(key: str, given: object, part: dict[str, object]) -> bool:
    """Whether ``given``, at ``key`` of a part whose own dict form is ``part``,
    is how the writers wrote that value before they wrote what compares:
    ``"wrap": true`` for a sequence that never runs on past the King or the
    Ace (whose own form says false), and a depth the same for every column
    as a count for each (whose own form is that count)."""
    own = part[key]
    if key == "wrap" and "length" in part:  # (a sequence's, not a building rule's)
        return own is False and given is True
    if key == "depth" and own.__class__ is int:
        return (
            isinstance(given, list | tuple)
            and len(given) == part["columns"]
            and all(_same_value(count, own) for count in given)
        )
    return False


def _same_value(given: object, own: object) -> bool:
    """Whether ``given`` is the JSON value ``own`` (a text, a whole number, a
    truth value or null): of its kind (``true`` is no ``1``, ``1.0`` no
    ``1``; a subclass of ``str`` or ``int`` is text or a number) and equal
    by that kind's own comparison."""
    if own is None or own.__class__ is bool:
        return given is own
    kind = own.__class__
    return (
        isinstance(given, kind) and not isinstance(given, bool) and kind.__eq__(given, own) is True
    )


def state_from_dict(data: Mapping[str, object], *, rules: GameRules | None = None) -> State:
    """The state written as ``data`` by :func:`state_to_dict`, checked as :func:`state_from_text` checks.

    >>> state_from_dict({"version": 2})
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: version: expected format version 1, got 2

    Given ``rules``, the dict must be a state of that game, and the state is
    of those very rules: its ``game`` and ``options`` must make equal rules,
    and a ``rules`` entry (the whole description that :func:`state_to_dict`
    writes for a game the registry does not make) must be their own
    :meth:`GameRules.to_dict <patience_rules.GameRules.to_dict>`, compared
    item by item as JSON values and never read.  A service that reads
    states sent by others names its game so: no description a client sends
    is read (reading rules takes a millisecond, the largest seconds), and a
    state that names the game as the writers do is read without making any
    rules.  A name or options spelled otherwise are resolved as
    :func:`~patience_rules.get_game` resolves them, which may make a
    registered game with those options (some milliseconds) before it is
    refused: a service that wants less checks ``game`` and ``options``
    first.  The states of a composed game are read without reading its
    rules again each time.

    >>> import patience_rules as pr
    >>> mine = pr.GameRules.from_dict(pr.sultan().to_dict() | {"name": "my-sultan"})
    >>> data = state_to_dict(mine.deal(1))
    >>> state_from_dict(data, rules=mine).rules is mine
    True
    >>> state_from_dict(data, rules=pr.sultan())
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: rules: the description (of 'my-sultan') is not that of the rules given, get_game('sultan'): it differs at rules.name from their GameRules.to_dict(), as the writers give it

    :raises NotationError: as :func:`state_from_text`, for a malformed dict.
    :raises InvalidArgumentError: for ``rules`` that are neither a
        :class:`~patience_rules.GameRules` nor None.
    """
    expected = _expected_game(rules)
    if not isinstance(data, Mapping):
        raise NotationError(f"a state's dict form is a mapping, got {type(data).__name__}")
    version = data.get("version")
    if not _is_whole(version) or version != FORMAT_VERSION:
        raise NotationError(
            f"version: expected format version {FORMAT_VERSION}, got {_shown(version)}"
        )
    _checks.keys(data, "a state's dict form", _REQUIRED_KEYS, _OPTIONAL_KEYS)
    rules = _rules_from_dict(data, expected)
    layout = rules.layout
    foundations = _list(data["foundations"], "foundations")
    parts: dict[str, object] = {
        "foundations": [
            _card_list(cards, f"foundations: F{f + 1}") for f, cards in enumerate(foundations)
        ],
    }
    parts_of_layout = (
        ("middle", layout.has_middle),
        ("columns", bool(layout.columns)),
        ("cells", bool(layout.cells)),
        ("stock", layout.has_stock),
        ("waste", layout.has_stock),
        ("face_down", layout.face_down),
    )
    lacking = [key for key, present in parts_of_layout if present and key not in data]
    if lacking:
        raise NotationError(
            f"a state's dict form of {rules.title} lacks the "
            f"{'key' if len(lacking) == 1 else 'keys'} {', '.join(lacking)}"
        )
    for key, present in parts_of_layout:
        if key in data and not present:
            raise NotationError(f"{key}: {rules.title} has no {key.replace('_', '-')} part")
    if "columns" in data:
        parts["columns"] = [
            _card_list(column, f"columns: T{i + 1}")
            for i, column in enumerate(_list(data["columns"], "columns"))
        ]
    if "face_down" in data:
        parts["face_down"] = _list(data["face_down"], "face_down")
    if "cells" in data:
        parts["cells"] = [
            None if cell is None else _card(cell, f"cells: R{i + 1}")
            for i, cell in enumerate(_list(data["cells"], "cells"))
        ]
    for key in ("stock", "waste", "middle"):
        if key in data:
            parts[key] = _card_list(data[key], key)
    redeals = data["redeals_used"]
    if not _is_whole(redeals):
        raise NotationError(
            f"redeals_used: expected a whole number, got {_checks.shown_whole(redeals)}"
        )
    parts["redeals_used"] = redeals
    return _build(rules, **parts)


# -- moves read loosely, for people at a prompt ---------------------------------

#: What a word may be: a place (a notation letter, and digits) ...
_PLACE_WORD: Final = re.compile(r"[TRFWSMtrfwsm][0-9]*")
#: ... whose number has at most this many digits.
_MOST_DIGITS: Final = 6
#: The separators between words.
_SEPARATORS: Final = re.compile(r"(?:->|[\s,\-])+")
#: The longest text tried as the notation first (longer text is no notation).
_LONGEST_NOTATION: Final = 64

_KIND_WORDS: Final = {
    PileKind.COLUMN: "T1 a tableau column",
    PileKind.CELL: "R1 a reserve cell",
    PileKind.FOUNDATION: "F1 a foundation",
    PileKind.WASTE: "W the waste",
    PileKind.STOCK: "S the stock",
    PileKind.MIDDLE: "M the middle",
}


@_per_layout
def _place_kinds(layout: Layout) -> tuple[PileKind, ...]:
    """The kinds of pile that the moves of ``layout`` use, in the order of PileKind.

    The stock and the waste only where the game deals a stock: every layout
    has the draw and the redeal among its moves, which are all that name them
    in a game without one (and are typed as words there).
    """
    used = {place.kind for move in layout.moves for place in (move.source, move.target)}
    if not layout.has_stock:
        used -= {PileKind.STOCK, PileKind.WASTE}
    return tuple(kind for kind in _KIND_WORDS if kind in used)


def _expected(state: State) -> str:
    """What a move may be written as, with this state's own examples."""
    kinds = ", ".join(_KIND_WORDS[kind] for kind in _place_kinds(state.rules.layout))
    plays = [move for move in state.legal_moves() if not move.is_draw and not move.is_redeal]
    if plays:
        example = f"such as {move_to_text(plays[0])} or {state.card_of(plays[0])}"
    else:
        example = "such as draw"
    return (
        f"expected a move {example}: a legal move in the notation, a card, "
        f"or a card and a place ({kinds})"
    )


def _listed(moves: list[Move], most: int = 12) -> str:
    """The text forms of some moves, the first ``most`` of them."""
    shown = ", ".join(move_to_text(move) for move in moves[:most])
    return shown + (f" and {len(moves) - most} more" if len(moves) > most else "")


def _legal(moves: tuple[Move, ...]) -> str:
    """The legal moves, in a phrase."""
    if not moves:
        return "no move is legal: the game is over"
    if len(moves) == 1:
        return f"the only legal move is {move_to_text(moves[0])}"
    return f"the legal moves are {_listed(list(moves))}"


def _read_place(word: str, state: State) -> Place:
    if len(word) > 1 + _MOST_DIGITS:
        raise NotationError(
            f"no place {_shown(word)} in {state.rules.title}: a place's number has at most "
            f"{_MOST_DIGITS} digits"
        )
    return place_from_text(word, state.rules)


def _read_card(word: str, text: str, state: State) -> Card:
    try:
        return Card.from_str(word)
    except NotationError:
        where = f" in {_shown(text)}" if word != text.strip() else ""
        raise NotationError(f"cannot read {_shown(word)}{where}: {_expected(state)}") from None


def _fits(move: Move, state: State, card: Card | None, places: list[Place]) -> bool:
    if card is not None and state.card_of(move) != card:
        return False
    if len(places) == 2:
        return move.source == places[0] and move.target == places[1]
    if places:
        return places[0] in (move.source, move.target)
    return True


def move_from_loose_text(text: str, state: State) -> Move:
    """The legal move of ``state`` that ``text`` names, read loosely, as a person types it.

    It reads what :func:`move_from_text` reads (``T4-F4``, ``draw``,
    ``redeal``), provided the move is legal in ``state``, and, more loosely,
    words that pick out exactly one legal move:

    - a **card** (``3S``, ``10h``, ``TS``, ``Q♥``): the card the move moves,
      as :meth:`State.card_of <patience_rules.State.card_of>` tells it (for
      a run of cards, the card at its head);
    - one or two **places**, in the notation's letters and numbers, any case
      (``T3``, ``r12``, ``F5``, ``W``, ``S``, ``M``): one place is the
      move's source or its target; of two, the first is the source and the
      second the target.

    Words are separated by spaces, commas, ``-`` or ``->``.  The draw and
    the redeal are asked for by name, or by their places as the notation
    writes them (``S W`` the draw, ``W S`` the redeal, in a game with a
    stock and a waste) or by the stock alone (``S``); a lone ``W`` is a move
    of the waste's card.  Letters mean what they mean in the notation and nothing else:
    ``R`` is a reserve cell, never "redeal".  The notation's own readers stay
    strict: this one is for a prompt (the command line's ``play`` reads
    moves with it).

    :raises NotationError: if the text is malformed, names no legal move, or
        fits more than one; the message says which moves fit, or what was
        expected, with examples from ``state`` (and, for a move written in
        the notation, why the rules refuse it).

    >>> import patience_rules as pr
    >>> state = pr.get_game("royal-cotillion").deal(7)
    >>> texts = ("3S", "t4", "r3 -> f7", "draw", "s w")
    >>> [str(move_from_loose_text(text, state)) for text in texts]
    ['T4-F4', 'T4-F4', 'R3-F7', 'draw', 'draw']
    >>> str(move_from_loose_text("3D R10", state))
    'R10-F2'
    >>> move_from_loose_text("3D", state)
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: '3D' fits more than one legal move (R2-F2, R10-F2): say which, such as '3D R2'
    >>> move_from_loose_text("KH", state)
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: no legal move fits 'KH': KH cannot move now
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is written as text such as 'T4-F4', got {_shown(text)}")
    text = _checks.plain(text)
    if not isinstance(state, State):
        raise NotationError(f"a move is read for a State, got {_shown(state)}")
    moves = state.legal_moves()
    stripped = text.strip()
    if not stripped:
        raise NotationError(f"an empty move: {_expected(state)}")
    written: Move | None = None
    notation_error: NotationError | None = None
    if len(stripped) <= _LONGEST_NOTATION:
        try:
            written = move_from_text(stripped, state)
        except NotationError as error:
            notation_error = error
            # The draw or the redeal of a game without one: refused below as apply refuses it.
            written = _stock_word(stripped, state.rules)
    if written is not None:
        if written in moves:
            return written
        others = [move for move in moves if move.source == written.source]
        if written.is_draw or written.is_redeal or not others:
            hint = _legal(moves)
        else:
            hint = f"the legal moves from {place_to_text(written.source)} are {_listed(others)}"
        engine = state.rules._engine
        why = engine._check(state, written)  # (as State.apply says it)
        if why is None:  # (refused only as not the compulsory move, which the refusal names)
            why, hint = engine.refusal(state, written), ""
        raise NotationError(
            f"{_shown(stripped)} is not a legal move here: {why}" + (f"; {hint}" if hint else "")
        )
    card: Card | None = None
    places: list[Place] = []
    for word in _SEPARATORS.split(stripped):
        if not word:
            continue
        if word.lower() in ("draw", "redeal"):
            raise NotationError(
                f"{_shown(stripped)}: '{word.lower()}' is a move of its own, written alone"
            )
        if _PLACE_WORD.fullmatch(word):
            if len(places) == 2:
                raise NotationError(
                    f"{_shown(stripped)} names more than two places: expected a source "
                    "and a target at most"
                )
            try:
                places.append(_read_place(word, state))
            except NotationError:
                if notation_error is not None and "-" in stripped:
                    raise notation_error from None  # it names the move as well
                raise
            continue
        try:
            read = _read_card(word, text, state)
        except NotationError:
            if notation_error is not None and "-" in stripped and " " not in stripped:
                raise notation_error from None  # such as 'T3-T5:x': the notation says best
            raise
        if card is not None:
            raise NotationError(
                f"{_shown(stripped)} names two cards, {card} and {read}: a move moves one"
            )
        card = read
    if card is None and not places:  # only separators, such as '-' or '->'
        raise NotationError(f"{_shown(stripped)} names no card and no place: {_expected(state)}")
    # The draw and the redeal are named by places as the notation names them
    # (S-W, W-S) or by the stock alone; a lone W stays the waste's own move.
    by_places = card is None and (len(places) == 2 or places[0].kind is PileKind.STOCK)
    plays = [move for move in moves if by_places or not (move.is_draw or move.is_redeal)]
    candidates = [move for move in plays if _fits(move, state, card, places)]
    if len(candidates) == 1:
        return candidates[0]
    asked = _shown(stripped)
    if not candidates:
        if card is not None:
            own = [move for move in plays if state.card_of(move) == card]
            hint = f"{card} can move by {_listed(own)}" if own else f"{card} cannot move now"
        elif len(places) == 2:
            hint = (
                f"no legal move goes from {place_to_text(places[0])} to {place_to_text(places[1])}"
            )
        else:
            hint = f"no legal move starts or ends at {place_to_text(places[0])}"
        raise NotationError(f"no legal move fits {asked}: {hint}")
    shown = _listed(candidates)
    first = candidates[0]
    if card is None:
        example = move_to_text(first)
    elif len({move.source for move in candidates}) > 1:
        example = f"{card} {place_to_text(first.source)}"
    else:
        example = f"{card} {place_to_text(first.target)}"
    raise NotationError(
        f"{asked} fits more than one legal move ({shown}): say which, such as '{example}'"
    )


_register_view("notation", state_to_text)
