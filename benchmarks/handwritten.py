"""Straightforward hand-written simulators of Royal Cotillion and Captive Queens.

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
