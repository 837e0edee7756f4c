"""Straightforward hand-written simulators: Royal Cotillion, Captive Queens, FreeCell, Klondike.

The yardstick for the engine's speed: each knows one game only, keeps a state
as plain tuples of ints (a card is its index, 0 to 51, as
:class:`patience_rules.Card` numbers it), and does the same work as an
immutable engine must: at each step it lists every legal move, in the
engine's order, and builds a new state for the move played.

Royal Cotillion state: ``(heights, cells, waste, columns, stock)``; every
pile bottom to top, ``-1`` for an empty cell.  A move is ``(source kind,
source index, foundation)`` with kinds 0 column, 1 cell, 2 waste, or ``DRAW``.

Captive Queens state: ``(heights, waste, stock, queens, redeals)``; a move is
``(2, 0, target)`` (target 8 is the middle), ``DRAW`` or ``REDEAL``.

FreeCell (with supermoves) and Klondike (draw 1, no limit on redeals) move
cards between many kinds of pile, so their moves are ``(source kind, source
index, target kind, target index, count)`` with kinds ``COLUMN``, ``CELL``,
``WASTE`` and ``FOUNDATION``, or ``KL_DRAW`` and ``KL_REDEAL``.  FreeCell
state: ``(heights, cells, columns)``; Klondike state: ``(heights, waste,
columns, face_down, stock)``, ``face_down`` counting the face-down cards at
the bottom of each column.
"""

from __future__ import annotations

from collections.abc import Sequence

Move = tuple[int, int, int]
RCState = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]
]
CQState = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]

DRAW: Move = (3, 0, 0)
REDEAL: Move = (4, 0, 0)

# -- Royal Cotillion --------------------------------------------------------

_ODD_FIRST = (1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10, 12)
_EVEN_FIRST = (2, 4, 6, 8, 10, 12, 1, 3, 5, 7, 9, 11, 13)
#: RC_WANTS[f][height]: the card foundation f takes next (-1 when complete);
#: foundations 0-3 are the Ace foundations of clubs, diamonds, hearts,
#: spades, 4-7 the Deuce foundations.
RC_WANTS = tuple(
    (*(suit * 13 + rank - 1 for rank in ranks), -1)
    for ranks in (_ODD_FIRST, _EVEN_FIRST)
    for suit in range(4)
)


def rc_deal(order: Sequence[int]) -> RCState:
    """The starting state for a deck order of 104 card indices."""
    cards = list(order)
    for f in range(8):
        cards.remove(RC_WANTS[f][0])
    columns = tuple(tuple(cards[i:12:4]) for i in range(4))
    cells = tuple(cards[12:28])
    stock = tuple(reversed(cards[28:]))
    return ((1,) * 8, cells, (), columns, stock)


def rc_moves(state: RCState) -> list[Move]:
    """Every legal move, in the engine's order."""
    heights, cells, waste, columns, stock = state
    moves: list[Move] = []
    for kind, cards in ((0, [column[-1] if column else -1 for column in columns]), (1, cells)):
        for i, card in enumerate(cards):
            if card >= 0:
                suit = card // 13
                if RC_WANTS[suit][heights[suit]] == card:
                    moves.append((kind, i, suit))
                if RC_WANTS[suit + 4][heights[suit + 4]] == card:
                    moves.append((kind, i, suit + 4))
    if waste:
        card = waste[-1]
        suit = card // 13
        if RC_WANTS[suit][heights[suit]] == card:
            moves.append((2, 0, suit))
        if RC_WANTS[suit + 4][heights[suit + 4]] == card:
            moves.append((2, 0, suit + 4))
    if stock:
        moves.append(DRAW)
    return moves


def rc_apply(state: RCState, move: Move) -> RCState:
    """The state after a legal move; an emptied cell takes the waste top at once."""
    heights, cells, waste, columns, stock = state
    kind, i, f = move
    if move == DRAW:
        waste = (*waste, stock[-1])
        stock = stock[:-1]
    else:
        if kind == 0:
            columns = (*columns[:i], columns[i][:-1], *columns[i + 1 :])
        elif kind == 1:
            cells = (*cells[:i], -1, *cells[i + 1 :])
        else:
            waste = waste[:-1]
        heights = (*heights[:f], heights[f] + 1, *heights[f + 1 :])
    while waste and -1 in cells:
        i = cells.index(-1)
        cells = (*cells[:i], waste[-1], *cells[i + 1 :])
        waste = waste[:-1]
    return (heights, cells, waste, columns, stock)


def rc_won(state: RCState) -> bool:
    """Whether all 104 cards are on the foundations."""
    return sum(state[0]) == 104


# -- Captive Queens ----------------------------------------------------------

#: CQ_WANTS[f][height]: foundations 0-3 the sixes (6 up to J), 4-7 the fives
#: (5 down to A, then K); -1 when complete.
CQ_WANTS = tuple(
    (*(suit * 13 + rank - 1 for rank in ranks), -1)
    for ranks in ((6, 7, 8, 9, 10, 11), (5, 4, 3, 2, 1, 13))
    for suit in range(4)
)
_MIDDLE = 8


def cq_deal(order: Sequence[int]) -> CQState:
    """The starting state for a deck order of 52 card indices."""
    return ((0,) * 8, (), tuple(reversed(order)), 0, 0)


def cq_moves(state: CQState) -> list[Move]:
    """The legal moves: every move is compulsory, so there is at most one."""
    heights, waste, stock, _, redeals = state
    if waste:
        card = waste[-1]
        if card % 13 == 11:
            return [(2, 0, _MIDDLE)]
        suit = card // 13
        if CQ_WANTS[suit][heights[suit]] == card:
            return [(2, 0, suit)]
        if CQ_WANTS[suit + 4][heights[suit + 4]] == card:
            return [(2, 0, suit + 4)]
    if stock:
        return [DRAW]
    if waste and redeals < 2:
        return [REDEAL]
    return []


def cq_apply(state: CQState, move: Move) -> CQState:
    """The state after the compulsory move."""
    heights, waste, stock, queens, redeals = state
    if move == DRAW:
        return (heights, (*waste, stock[-1]), stock[:-1], queens, redeals)
    if move == REDEAL:
        return (heights, (), tuple(reversed(waste)), queens, redeals + 1)
    f = move[2]
    if f == _MIDDLE:
        return (heights, waste[:-1], stock, queens + 1, redeals)
    heights = (*heights[:f], heights[f] + 1, *heights[f + 1 :])
    return (heights, waste[:-1], stock, queens, redeals)


def cq_won(state: CQState) -> bool:
    """Whether all 48 cards are on the foundations and the four Queens in the middle."""
    return sum(state[0]) == 48 and state[3] == 4


# -- FreeCell and Klondike: cards built down in alternate colours --------------

TableauMove = tuple[int, int, int, int, int]
FCState = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
KLState = tuple[
    tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]
]

COLUMN, CELL, WASTE, FOUNDATION = 0, 1, 2, 3
KL_DRAW: TableauMove = (4, 0, 4, 0, 1)
KL_REDEAL: TableauMove = (5, 0, 5, 0, 1)

#: Clubs and spades are black, diamonds and hearts red.
_RED = tuple(card // 13 in (1, 2) for card in range(52))
#: BELOW[card]: the two cards ``card`` may lie on in a column (one rank
#: higher, the other colour); none for a King.
BELOW = tuple(
    frozenset(
        other for other in range(52) if other % 13 == card % 13 + 1 and _RED[other] != _RED[card]
    )
    for card in range(52)
)
_KING = 12


def fc_deal(order: Sequence[int]) -> FCState:
    """The starting state for a deck order of 52 card indices: dealt in rows to eight columns."""
    return ((0,) * 4, (-1,) * 4, tuple(tuple(order[c::8]) for c in range(8)))


def fc_moves(state: FCState) -> list[TableauMove]:
    """Every legal move, supermoves included, in the engine's order."""
    heights, cells, columns = state
    moves: list[TableauMove] = []
    for i, column in enumerate(columns):
        if column:
            card = column[-1]
            if heights[card // 13] == card % 13:
                moves.append((COLUMN, i, FOUNDATION, card // 13, 1))
    for i, card in enumerate(cells):
        if card >= 0 and heights[card // 13] == card % 13:
            moves.append((CELL, i, FOUNDATION, card // 13, 1))
    # Runs of n cards move where n <= (1 + empty cells) x 2 ** (empty columns),
    # the target not counted when it is empty.
    tops = [column[-1] if column else -1 for column in columns]
    free = cells.count(-1)
    empty = tops.count(-1)
    longest = (1 + free) << empty
    longest_empty = (1 + free) << max(empty - 1, 0)
    for i, column in enumerate(columns):
        n = len(column)
        count = 1
        while count <= n and count <= longest:
            card = column[n - count]
            if count > 1 and card not in BELOW[column[n - count + 1]]:
                break
            below = BELOW[card]
            for j, top in enumerate(tops):
                if j != i and (top in below if top >= 0 else count <= longest_empty):
                    moves.append((COLUMN, i, COLUMN, j, count))
            count += 1
    for i, card in enumerate(cells):
        if card >= 0:
            below = BELOW[card]
            for j, top in enumerate(tops):
                if top < 0 or top in below:
                    moves.append((CELL, i, COLUMN, j, 1))
    if free:
        empty_cells = [j for j, card in enumerate(cells) if card < 0]
        for i, column in enumerate(columns):
            if column:
                moves += [(COLUMN, i, CELL, j, 1) for j in empty_cells]
    return moves


def fc_apply(state: FCState, move: TableauMove) -> FCState:
    """The state after a legal move."""
    heights, cells, columns = state
    source, i, target, j, count = move
    cards: tuple[int, ...]
    if source == COLUMN:
        column = columns[i]
        cards = column[-count:]
        columns = (*columns[:i], column[:-count], *columns[i + 1 :])
    else:
        cards = (cells[i],)
        cells = (*cells[:i], -1, *cells[i + 1 :])
    if target == FOUNDATION:
        heights = (*heights[:j], heights[j] + 1, *heights[j + 1 :])
    elif target == COLUMN:
        columns = (*columns[:j], columns[j] + cards, *columns[j + 1 :])
    else:
        cells = (*cells[:j], cards[0], *cells[j + 1 :])
    return (heights, cells, columns)


def fc_won(state: FCState) -> bool:
    """Whether all 52 cards are on the foundations."""
    return sum(state[0]) == 52


def kl_deal(order: Sequence[int]) -> KLState:
    """The starting state for a deck order of 52 card indices.

    Column k (1 to 7) gets k cards in rows, only the top one face up; the
    other 24 are the stock, the next card of the deck order on top.
    """
    columns: list[list[int]] = [[] for _ in range(7)]
    position = 0
    for row in range(7):
        for c in range(row, 7):
            columns[c].append(order[position])
            position += 1
    return (
        (0,) * 4,
        (),
        tuple(map(tuple, columns)),
        tuple(range(7)),
        tuple(reversed(order[position:])),
    )


def kl_moves(state: KLState) -> list[TableauMove]:
    """Every legal move of Klondike (draw 1, no limit on redeals), in the engine's order."""
    heights, waste, columns, face_down, stock = state
    moves: list[TableauMove] = []
    for i, column in enumerate(columns):
        if column:
            card = column[-1]
            if heights[card // 13] == card % 13:
                moves.append((COLUMN, i, FOUNDATION, card // 13, 1))
    if waste:
        card = waste[-1]
        if heights[card // 13] == card % 13:
            moves.append((WASTE, 0, FOUNDATION, card // 13, 1))
    tops = [column[-1] if column else -1 for column in columns]
    for i, column in enumerate(columns):
        n = len(column)
        # The face-up cards of a column are always a run: any of them may
        # move with the cards above it.
        for count in range(1, n - face_down[i] + 1):
            card = column[n - count]
            below = BELOW[card]
            king = card % 13 == _KING
            for j, top in enumerate(tops):
                if j != i and (top in below if top >= 0 else king):
                    moves.append((COLUMN, i, COLUMN, j, count))
    if waste:
        card = waste[-1]
        below = BELOW[card]
        king = card % 13 == _KING
        for j, top in enumerate(tops):
            if top in below if top >= 0 else king:
                moves.append((WASTE, 0, COLUMN, j, 1))
    if stock:
        moves.append(KL_DRAW)
    elif waste:
        moves.append(KL_REDEAL)
    return moves


def kl_apply(state: KLState, move: TableauMove) -> KLState:
    """The state after a legal move; a face-down card uncovered turns face up."""
    heights, waste, columns, face_down, stock = state
    if move == KL_DRAW:
        return (heights, (*waste, stock[-1]), columns, face_down, stock[:-1])
    if move == KL_REDEAL:
        return (heights, (), columns, face_down, tuple(reversed(waste)))
    source, i, target, j, count = move
    cards: tuple[int, ...]
    if source == COLUMN:
        column = columns[i]
        cards = column[-count:]
        rest = column[:-count]
        columns = (*columns[:i], rest, *columns[i + 1 :])
        if rest and face_down[i] == len(rest):
            face_down = (*face_down[:i], face_down[i] - 1, *face_down[i + 1 :])
    else:
        cards = waste[-1:]
        waste = waste[:-1]
    if target == FOUNDATION:
        heights = (*heights[:j], heights[j] + 1, *heights[j + 1 :])
    else:
        columns = (*columns[:j], columns[j] + cards, *columns[j + 1 :])
    return (heights, waste, columns, face_down, stock)


def kl_won(state: KLState) -> bool:
    """Whether all 52 cards are on the foundations."""
    return sum(state[0]) == 52
