"""Action ids: a stable whole number for every move of a game.

Learning agents choose among a fixed set of actions numbered from 0.  An
:class:`ActionSpace` numbers the moves of one game: every move its
:class:`~patience_rules.Layout` can ever make (:attr:`Layout.moves
<patience_rules.Layout.moves>`), in this documented order, which later
releases keep:

- ``0``: the draw (cards from the stock onto the waste);
- ``1``: the redeal (the waste turned over as the new stock, or the shift);
- then the moves home: for each source in layout order (tableau columns
  0, 1, …, reserve cells 0, 1, …, the waste, playable foundations), the
  targets in order (foundations 0, 1, …, then the middle);
- then the moves onto columns: for each source in the same order, each
  run length from 1 (more than 1 only from a column whose runs move), each
  target column;
- then the moves into cells: for each source (columns, then the waste),
  each cell.

A move never goes back to its own pile, between two playable foundations,
or from one cell to another, and those pairs have no id.  Royal Cotillion
(4 columns, 16 cells, the waste; 8 foundations) has ``2 + 21 * 8 = 170``
actions; Captive Queens (the waste; 8 foundations and the middle) has
``2 + 1 * 9 = 11``.

Every move the engine can list has an id, and every id names a move, legal
or not in a given state: :meth:`ActionSpace.mask` and
:meth:`ActionSpace.legal_actions` say which are legal.

>>> import patience_rules as pr
>>> space = pr.ActionSpace(pr.get_game("royal-cotillion"))
>>> space.size
170
>>> state = pr.get_game("royal-cotillion").deal(7)
>>> space.legal_actions(state)
(0, 29, 43, 56, 86, 107)
>>> space.move_of(43)
Move.to_foundation(Place(PileKind.CELL, 1), 1)
>>> space.id_of(pr.Move.draw()), space.label(43)
(0, 'Lords cell 2 to foundation 2 (diamonds A 3 5 7 9 J K 2 4 6 8 10 Q)')
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, SupportsIndex

from .cards import _as_index
from .errors import IllegalMoveError, InvalidArgumentError, InvalidRulesError, _shown
from .moves import Move, move_to_text
from .rules import GameRules, State

__all__ = ["DRAW_ACTION", "REDEAL_ACTION", "ActionSpace"]

#: The id of the draw in every game.
DRAW_ACTION: Final = 0
#: The id of the redeal in every game.
REDEAL_ACTION: Final = 1


class ActionSpace:
    """The actions of one game: move ids, id moves and legal-action masks.

    :param rules: the game whose moves are numbered.

    :raises InvalidRulesError: for ``rules`` that are no :class:`~patience_rules.GameRules`.

    The numbering depends only on the rules' layout (the piles, and which
    moves between them the parts allow, the longest run that moves
    included), so two games with equal layouts share it; variants such as
    FreeCell's ``supermoves=False`` or Klondike's ``foundation_back=True``
    number their moves otherwise.  See the module documentation for the
    order.

    >>> import patience_rules as pr
    >>> space = pr.ActionSpace(pr.get_game("captive-queens"))
    >>> space.size, [space.label(a) for a in range(space.size)][-2:]
    (11, ['the waste to foundation 8 (spades 5 4 3 2 A K)', 'the waste to the Queens'])
    >>> state = pr.get_game("captive-queens").deal(1)
    >>> space.mask(state)
    (True, False, False, False, False, False, False, False, False, False, False)
    """

    __slots__ = ("_ids", "_labels", "_moves", "_rules")

    def __init__(self, rules: GameRules) -> None:
        if not isinstance(rules, GameRules):
            raise InvalidRulesError(f"an action space is made from GameRules, got {_shown(rules)}")
        self._rules = rules
        moves = rules.layout.moves
        self._moves: tuple[Move, ...] = moves
        self._ids: dict[Move, int] = {move: i for i, move in enumerate(moves)}
        self._labels: tuple[str, ...] = tuple(_label(rules, move) for move in moves)

    def __repr__(self) -> str:
        return f"<ActionSpace {self.rules.name}: {self.size} actions>"

    def __reduce__(self) -> tuple[object, tuple[GameRules]]:
        # (pickled as its rules, and numbered again where loaded: its tables
        # are made from them, and may be far larger)
        return (self.__class__, (self._rules,))

    @property
    def rules(self) -> GameRules:
        """The game whose moves are numbered."""
        return self._rules

    def __len__(self) -> int:
        return len(self._moves)

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    @property
    def size(self) -> int:
        """How many distinct actions the game has (ids are ``0`` to ``size - 1``)."""
        return len(self._moves)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every action's move, in id order: ``moves[i]`` is the move of action ``i``."""
        return self._moves

    def id_of(self, move: Move) -> int:
        """The action id of ``move``.

        :raises IllegalMoveError: if ``move`` is no move of this game's layout
            (say a move from a cell in a game without cells).
        """
        try:
            return self._ids[move]
        except (KeyError, TypeError):
            what = _move_words(move)
            raise IllegalMoveError(
                f"{what} is not a move of {self.rules.title}: expected a move its layout can "
                "make (see Layout.moves)"
            ) from None

    def move_of(self, action: SupportsIndex) -> Move:
        """The move of action id ``action`` (legal or not in a given state).

        An action id is a whole number: an int, or an integer NumPy scalar
        (as a policy or ``action_space.sample()`` gives it), never a bool.

        :raises IllegalMoveError: if ``action`` is not a whole number from 0
            to :attr:`size` - 1.
        """
        return self._moves[self._check(action)]

    def legal_move(self, state: State, action: SupportsIndex) -> Move:
        """The move of action ``action`` in ``state``, checked to be legal there.

        :raises IllegalMoveError: if the id is out of range or its move is not
            legal in ``state``; the message says why.
        :raises InvalidArgumentError: if ``state`` is not a :class:`~patience_rules.State`.
        :raises InvalidRulesError: if it is a state of another game.
        """
        move = self.move_of(action)
        self._check_state(state)
        if not state.is_legal(move):
            try:
                state.apply(move)
            except IllegalMoveError as error:
                raise IllegalMoveError(f"action {action}: {error}") from None
        return move

    def label(self, action: SupportsIndex) -> str:
        """The move of action ``action`` in words, such as ``'Ladies column 2 to foundation 6 (…)'``.

        :raises IllegalMoveError: as :meth:`move_of`, for an id out of range.
        """
        return self._labels[self._check(action)]

    def legal_actions(self, state: State) -> tuple[int, ...]:
        """The ids of the legal moves of ``state``, in increasing order.

        :raises InvalidArgumentError: if ``state`` is not a :class:`~patience_rules.State`.
        :raises InvalidRulesError: if it is a state of another game.
        """
        self._check_state(state)
        ids = self._ids
        return tuple(sorted(ids[move] for move in state.legal_moves()))

    def mask(self, state: State) -> tuple[bool, ...]:
        """For every action id, whether its move is legal in ``state``.

        :raises InvalidArgumentError: if ``state`` is not a :class:`~patience_rules.State`.
        :raises InvalidRulesError: if it is a state of another game.
        """
        mask = [False] * len(self._moves)
        for action in self.legal_actions(state):
            mask[action] = True
        return tuple(mask)

    def _check(self, action: object) -> int:
        """``action`` as an int, checked to be an action id (else IllegalMoveError)."""
        index = _as_index(action)
        if index is None or not 0 <= index < len(self._moves):
            raise IllegalMoveError(
                f"{_shown(action)} is not an action of {self.rules.title}: expected a whole "
                f"number from 0 to {len(self._moves) - 1}"
            )
        return index

    def _check_state(self, state: State) -> None:
        if not isinstance(state, State):
            raise InvalidArgumentError(
                f"expected a State of {self.rules!r} (this action space numbers its moves), "
                f"got {_shown(state)}"
            )
        if state.rules != self.rules:
            raise InvalidRulesError(
                f"this action space numbers the moves of {self.rules!r}, "
                f"got a state of {state.rules!r}"
            )


def _move_words(move: object) -> str:
    """A move in its text form for a message, or the value quoted briefly."""
    return move_to_text(move) if isinstance(move, Move) else _shown(move)


def _label(rules: GameRules, move: Move) -> str:
    if move == Move.draw():
        return "draw"
    if move == Move.redeal():
        return rules.stock.redeal.word
    count = f"{move.count} cards of " if move.count > 1 else ""
    layout = rules.layout
    return f"{count}{layout.name(move.source)} to {layout.name(move.target)}"
