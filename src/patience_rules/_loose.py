"""A loose reader of moves, for people typing at a prompt.

:func:`loose_move_from_text` reads what :func:`~patience_rules.move_from_text`
reads (``T4-F4``, ``draw``, ``redeal``), and, more loosely, any words that
pick out one legal move of a state:

- a **card** (``3S``, ``10h``, ``TS``, ``Q♥``): the card the move moves,
  as :meth:`State.card_of <patience_rules.State.card_of>` tells it.  For a
  move of a run of cards, that is the card at the head of the run;
- one or two **places**, in the notation's letters and numbers (``T3`` a
  tableau column, ``R12`` a reserve cell, ``F5`` a foundation, ``W`` the
  waste, ``S`` the stock, ``M`` the middle; any case).  One place is the
  move's source or its target; of two, the first is the source and the
  second the target.

Words are separated by spaces, commas, ``-`` or ``->``.  The legal moves
that fit every word are looked for among the moves that carry a card (the
draw and the redeal are asked for by name); exactly one must fit.  Letters
mean what they mean in the notation, and nothing else: ``R`` is a reserve
cell, never "redeal".

It is opt-in: the notation's own readers stay strict.

>>> import patience_rules as pr
>>> from patience_rules._loose import loose_move_from_text
>>> state = pr.get_game("royal-cotillion").deal(7)
>>> [str(loose_move_from_text(text, state)) for text in ("3S", "t4", "r3 -> f7", "draw")]
['T4-F4', 'T4-F4', 'R3-F7', 'draw']
>>> loose_move_from_text("3D", state)
Traceback (most recent call last):
...
patience_rules.errors.NotationError: '3D' fits more than one legal move (R2-F2, R10-F2): say which, such as '3D R2'
"""

from __future__ import annotations

import functools
import re
from typing import Final

from .actions import ActionSpace
from .cards import Card
from .errors import NotationError, _shown
from .notation import move_from_text, move_to_text, place_from_text, place_to_text
from .piles import PileKind, Place
from .rules import GameRules
from .state import Move, State

__all__ = ["loose_move_from_text"]

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


@functools.lru_cache(maxsize=64)
def _place_kinds(rules: GameRules) -> tuple[PileKind, ...]:
    """The kinds of pile that the moves of ``rules`` use, in the order of PileKind."""
    used = {place.kind for move in ActionSpace(rules).moves for place in (move.source, move.target)}
    return tuple(kind for kind in _KIND_WORDS if kind in used)


def _expected(state: State) -> str:
    """What a move may be written as, with this state's own examples."""
    kinds = ", ".join(_KIND_WORDS[kind] for kind in _place_kinds(state.rules))
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


def loose_move_from_text(text: str, state: State) -> Move:
    """The legal move of ``state`` that ``text`` names (see the module notes).

    :raises NotationError: if the text is malformed, names no legal move, or
        fits more than one; the message says which moves fit, or what was
        expected.

    >>> import patience_rules as pr
    >>> state = pr.get_game("royal-cotillion").deal(7)
    >>> loose_move_from_text("3D R10", state)
    Move.to_foundation(Place(PileKind.CELL, 9), 1)
    >>> loose_move_from_text("KH", state)
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: no legal move fits 'KH': KH cannot move now
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is written as text such as 'T4-F4', got {_shown(text)}")
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
    if written is not None:
        if written in moves:
            return written
        others = [move for move in moves if move.source == written.source]
        if written.is_draw or written.is_redeal or not others:
            hint = _legal(moves)
        else:
            hint = f"the legal moves from {place_to_text(written.source)} are {_listed(others)}"
        raise NotationError(f"{_shown(stripped)} is not a legal move here: {hint}")
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
    plays = [move for move in moves if not move.is_draw and not move.is_redeal]
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
                f"no legal move goes from {place_to_text(places[0])} "
                f"to {place_to_text(places[1])}"
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
