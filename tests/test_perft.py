"""Perft-style regressions: how many positions play reaches from deals 1-3.

For each game and deal, after exactly k moves from the deal: the number of
move sequences (paths) and the number of distinct states they reach.  The
pinned figures were computed by the engine and, independently, by a
brute-force search over the list-based model in ``pile_model``; the two
agreed for every game, deal and depth before they were pinned, and
``test_the_model_agrees`` keeps checking that.

In the games of compulsory moves there is one path, so the figure pinned
for them is the whole game: how many moves it lasts, how many cards end
home and whether it is won.
"""

from __future__ import annotations

import pytest

import patience_rules as pr
from pile_model import PileModel, reachable
from profiles import THOROUGH

#: (paths, distinct states) after 1, 2, ... moves.
PERFT: dict[tuple[str, int], list[tuple[int, int]]] = {
    ("odd-and-even", 1): [(1, 1), (1, 1), (1, 1), (1, 1), (1, 1), (1, 1)],
    ("odd-and-even", 2): [(3, 3), (7, 7), (13, 11), (26, 22), (52, 36), (94, 52)],
    ("odd-and-even", 3): [(3, 3), (10, 10), (28, 20), (73, 37), (182, 72), (468, 140)],
    ("royal-cotillion", 1): [(5, 5), (24, 14), (110, 39), (478, 83), (1963, 193), (7624, 412)],
    ("royal-cotillion", 2): [(4, 4), (14, 9), (48, 20), (151, 36), (416, 61), (1004, 100)],
    ("royal-cotillion", 3): [(6, 6), (31, 17), (144, 43), (623, 88), (2599, 192), (10884, 391)],
    ("royal-cotillion-stock-refill", 1): [
        (5, 5),
        (24, 24),
        (110, 89),
        (478, 285),
        (2087, 925),
        (9522, 2888),
    ],
    ("royal-cotillion-stock-refill", 2): [
        (4, 4),
        (14, 12),
        (48, 29),
        (151, 61),
        (416, 112),
        (1004, 205),
    ],
    ("royal-cotillion-stock-refill", 3): [
        (6, 6),
        (31, 26),
        (144, 83),
        (642, 226),
        (2853, 592),
        (12853, 1461),
    ],
    ("sultan", 1): [(1, 1), (1, 1), (1, 1), (1, 1), (1, 1), (1, 1)],
    ("sultan", 2): [(1, 1), (3, 3), (5, 5), (13, 9), (13, 9), (15, 11)],
    ("sultan", 3): [(3, 3), (5, 3), (11, 5), (21, 9), (51, 15), (125, 31)],
    ("windmill", 1): [(5, 5), (9, 9), (13, 13), (17, 17), (21, 21), (41, 41)],
    ("windmill", 2): [(2, 2), (4, 4), (7, 6), (12, 11), (33, 30), (116, 82)],
    ("windmill", 3): [(1, 1), (1, 1), (1, 1), (1, 1), (1, 1), (1, 1)],
    ("klondike", 1): [(2, 2), (5, 4), (13, 7), (33, 11), (90, 16), (241, 24)],
    ("klondike", 2): [(1, 1), (1, 1), (1, 1), (1, 1), (3, 3), (8, 8)],
    ("klondike", 3): [(3, 3), (8, 5), (19, 6), (39, 6), (71, 6), (119, 7)],
    # Games of many moves: four levels (the model takes seconds for each).
    ("crescent", 1): [(20, 20), (344, 207), (5369, 1577), (78107, 10314)],
    ("crescent", 2): [(12, 12), (130, 86), (1329, 566), (13459, 3896)],
    ("crescent", 3): [(14, 14), (179, 112), (2118, 768), (23674, 5124)],
    ("freecell", 1): [(32, 32), (792, 456), (14004, 3608), (155940, 16272)],
    ("freecell", 2): [(33, 33), (844, 477), (15604, 3780), (187952, 17148)],
    ("freecell", 3): [(34, 34), (917, 522), (18714, 4601), (276451, 24886)],
}

#: How deep the model searches in the default run, where four levels take it long.
MODEL_DEPTH = {"crescent": 3, "freecell": 2}

#: (moves until over, cards home at the end, won) for the compulsory games.
WHOLE_GAMES: dict[tuple[str, int], tuple[int, int, bool]] = {
    ("captive-queens", 1): (151, 52, True),
    ("captive-queens", 2): (154, 49, False),
    ("captive-queens", 3): (146, 52, True),
    ("easy-start", 1): (117, 52, True),
    ("easy-start", 2): (112, 52, True),
    ("easy-start", 3): (116, 52, True),
    ("easy-start-parlett", 1): (117, 52, True),
    ("easy-start-parlett", 2): (112, 52, True),
    ("easy-start-parlett", 3): (116, 52, True),
}


def perft(state: pr.State, depth: int) -> list[tuple[int, int]]:
    """(paths, distinct states) after exactly 1..depth moves, by the engine."""
    level = {state: 1}
    counts = []
    for _ in range(depth):
        following: dict[pr.State, int] = {}
        for position, paths in level.items():
            for move in position.legal_moves():
                after = position.apply(move)
                following[after] = following.get(after, 0) + paths
        level = following
        counts.append((sum(level.values()), len(level)))
    return counts


def test_every_registered_game_is_pinned() -> None:
    """A newly registered game must add its figures here."""
    pinned = {name for name, _ in PERFT} | {name for name, _ in WHOLE_GAMES}
    assert pinned == set(pr.game_names())


@pytest.mark.parametrize(("name", "deal"), sorted(PERFT))
def test_perft(name: str, deal: int) -> None:
    """Paths and distinct states after 1 to 6 moves (4 for games of many moves), as pinned."""
    expected = PERFT[name, deal]
    assert perft(pr.get_game(name).deal(deal), len(expected)) == expected


@pytest.mark.parametrize(("name", "deal"), sorted(WHOLE_GAMES))
def test_whole_compulsory_games(name: str, deal: int) -> None:
    """A compulsory game has one path: its length and outcome are pinned."""
    state = pr.get_game(name).deal(deal)
    moves = 0
    while state.legal_moves():
        (move,) = state.legal_moves()
        state = state.apply(move)
        moves += 1
    assert (moves, state.cards_home, state.is_won) == WHOLE_GAMES[name, deal]
    assert perft(pr.get_game(name).deal(deal), 6) == [(1, 1)] * 6


@pytest.mark.parametrize(("name", "deal"), sorted(PERFT))
def test_the_model_agrees(name: str, deal: int) -> None:
    """The list-based model's brute-force search gives the same figures.

    Four levels deep (fewer for the games of many moves) by default; every
    pinned level with the thorough profile (``nox -s thorough``): FreeCell's
    four take the model some 25 seconds a deal.
    """
    game = pr.get_game(name)
    pinned = PERFT[name, deal]
    depth = len(pinned) if THOROUGH else min(4, MODEL_DEPTH.get(name, 4))
    assert reachable(game, game.deck_order(deal), depth) == pinned[:depth]


@pytest.mark.parametrize(("name", "deal"), sorted(WHOLE_GAMES))
def test_the_model_plays_the_same_whole_games(name: str, deal: int) -> None:
    """The model, playing the same compulsory game, ends the same way."""
    game = pr.get_game(name)
    model = PileModel(game, game.deck_order(deal))
    moves = 0
    while model.legal_moves():
        model.apply(model.legal_moves()[0])
        moves += 1
    assert (moves, model.cards_home, model.is_won) == WHOLE_GAMES[name, deal]
