"""Action ids: pinned numbering, round trips, masks and errors."""

from __future__ import annotations

import pickle

import pytest

import patience_rules as pr
from composed import UP, toy_game
from patience_rules import PileKind, Place
from random_play import random_game

COLUMN, CELL, WASTE, FOUNDATION = (
    PileKind.COLUMN,
    PileKind.CELL,
    PileKind.WASTE,
    PileKind.FOUNDATION,
)


def play(kind: PileKind, index: int, foundation: int) -> pr.Move:
    return pr.Move.to_foundation(Place(kind, index), foundation)


# The ids are part of the public contract: these numbers must never change.
# Royal Cotillion: sources are 4 columns, 16 cells, the waste; 8 targets.
ROYAL_COTILLION_IDS = [
    (pr.Move.draw(), 0),
    (pr.Move.redeal(), 1),
    (play(COLUMN, 0, 0), 2),
    (play(COLUMN, 0, 7), 9),
    (play(COLUMN, 1, 0), 10),
    (play(COLUMN, 3, 7), 33),
    (play(CELL, 0, 0), 34),
    (play(CELL, 1, 1), 43),
    (play(CELL, 15, 7), 161),
    (play(WASTE, 0, 0), 162),
    (play(WASTE, 0, 7), 169),
]
# Captive Queens: the waste is the only source; 8 foundations, then the middle.
CAPTIVE_QUEENS_IDS = [
    (pr.Move.draw(), 0),
    (pr.Move.redeal(), 1),
    (play(WASTE, 0, 0), 2),
    (play(WASTE, 0, 4), 6),
    (play(WASTE, 0, 7), 9),
    (pr.Move.to_middle(Place(WASTE)), 10),
]
SIZES = {
    "royal-cotillion": 170,
    "royal-cotillion-stock-refill": 170,
    "captive-queens": 11,
    "easy-start": 11,
    "easy-start-parlett": 11,
    "odd-and-even": 82,  # 2 + (9 cells + the waste) x 8 foundations
    # 2 + (8 divan cells + the waste) x 9 foundations + the waste into each of 8 cells
    "sultan": 91,
    # 2 + (8 sails + the waste) x 5 foundations + each of 4 corners to the centre
    "windmill": 51,
    # 2 + 16 piles x 8 foundations + 16 piles onto each of the 15 others
    "crescent": 370,
    # 2 + (7 columns + the waste) x 4 foundations + runs of 1-13 from each column onto
    # the 6 others + the waste onto each of 7 columns
    "klondike": 587,
    # 2 + (8 columns + 4 cells) x 4 foundations + runs of 1-13 from each column onto the
    # 7 others + each cell onto 8 columns + each column into 4 cells
    "freecell": 842,
}


def test_every_registered_game_has_a_pinned_size() -> None:
    assert set(SIZES) == set(pr.game_names())
    for name, size in SIZES.items():
        space = pr.ActionSpace(pr.get_game(name))
        assert space.size == len(space) == len(space.moves) == size


@pytest.mark.parametrize(("move", "action"), ROYAL_COTILLION_IDS)
@pytest.mark.parametrize("name", ["royal-cotillion", "royal-cotillion-stock-refill"])
def test_royal_cotillion_ids_are_pinned(name: str, move: pr.Move, action: int) -> None:
    space = pr.ActionSpace(pr.get_game(name))
    assert space.id_of(move) == action
    assert space.move_of(action) == move


@pytest.mark.parametrize(("move", "action"), CAPTIVE_QUEENS_IDS)
@pytest.mark.parametrize("name", ["captive-queens", "easy-start", "easy-start-parlett"])
def test_captive_queens_ids_are_pinned(name: str, move: pr.Move, action: int) -> None:
    space = pr.ActionSpace(pr.get_game(name))
    assert space.id_of(move) == action
    assert space.move_of(action) == move


def test_the_draw_and_the_redeal_have_the_same_id_in_every_game() -> None:
    for name in pr.game_names():
        space = pr.ActionSpace(pr.get_game(name))
        assert space.move_of(pr.DRAW_ACTION) == pr.Move.draw()
        assert space.move_of(pr.REDEAL_ACTION) == pr.Move.redeal()


@pytest.mark.parametrize("name", sorted(SIZES))
def test_ids_and_moves_round_trip_and_labels_are_distinct(name: str) -> None:
    space = pr.ActionSpace(pr.get_game(name))
    assert len(set(space.moves)) == space.size
    for action in range(space.size):
        assert space.id_of(space.move_of(action)) == action
    assert list(space) == list(space.moves)
    labels = [space.label(action) for action in range(space.size)]
    assert len(set(labels)) == space.size
    redeal = "shift" if space.rules.stock.redeal is pr.Redeal.SHIFT else "redeal"
    assert labels[:2] == ["draw", redeal]


def test_labels_name_the_piles_in_the_games_words() -> None:
    space = pr.ActionSpace(pr.get_game("royal-cotillion"))
    assert space.label(2) == "Ladies column 1 to foundation 1 (clubs A 3 5 7 9 J K 2 4 6 8 10 Q)"
    assert space.label(161) == "Lords cell 16 to foundation 8 (spades 2 4 6 8 10 Q A 3 5 7 9 J K)"
    assert space.label(162).startswith("the waste to foundation 1 ")
    queens = pr.ActionSpace(pr.get_game("captive-queens"))
    assert queens.label(10) == "the waste to the Queens"


@pytest.mark.parametrize(
    ("name", "deal"),
    [
        ("royal-cotillion", 7),
        ("royal-cotillion-stock-refill", 2),
        ("captive-queens", 1),
        ("easy-start", 3),
        ("easy-start-parlett", 4),
    ],
)
def test_masks_and_legal_actions_agree_with_the_engine(name: str, deal: int) -> None:
    rules = pr.get_game(name)
    space = pr.ActionSpace(rules)
    for seed in range(3):
        for state in random_game(rules, deal, seed):
            legal = space.legal_actions(state)
            mask = space.mask(state)
            assert list(legal) == sorted(legal)
            assert len(mask) == space.size
            assert [a for a in range(space.size) if mask[a]] == list(legal)
            assert {space.move_of(a) for a in legal} == set(state.legal_moves())
            for action in legal:
                assert space.legal_move(state, action) == space.move_of(action)


def test_royal_cotillion_deal_7_starting_actions() -> None:
    # Checked by hand against print(state): the front of Ladies column 4 is 3S
    # (spades Ace foundation, id 2 + 3 * 8 + 3); Lords cells 2, 3, 7 and 10 hold
    # 3D, 4H, 4C and 3D (ids 2 + 8 * (4 + cell) + foundation); and the draw.
    state = pr.get_game("royal-cotillion").deal(7)
    space = pr.ActionSpace(state.rules)
    assert space.legal_actions(state) == (0, 29, 43, 56, 86, 107)
    assert space.move_of(29) == play(COLUMN, 3, 3)
    assert state.card_of(space.move_of(29)) == pr.Card.from_str("3S")


def test_an_illegal_action_is_refused_with_the_reason() -> None:
    state = pr.get_game("royal-cotillion").deal(7)
    space = pr.ActionSpace(state.rules)
    with pytest.raises(pr.IllegalMoveError, match=r"action 1: .*redeal"):
        space.legal_move(state, 1)
    with pytest.raises(pr.IllegalMoveError, match=r"action 2: .*does not take"):
        space.legal_move(state, 2)


@pytest.mark.parametrize("bad", [-1, 170, 10**20, True, 2.0, "3", None])
def test_an_id_out_of_range_is_refused(bad: object) -> None:
    space = pr.ActionSpace(pr.get_game("royal-cotillion"))
    with pytest.raises(pr.IllegalMoveError, match="from 0 to 169"):
        space.move_of(bad)  # type: ignore[arg-type]
    with pytest.raises(pr.IllegalMoveError, match="from 0 to 169"):
        space.label(bad)  # type: ignore[arg-type]


def test_a_move_outside_the_layout_has_no_id() -> None:
    space = pr.ActionSpace(pr.get_game("captive-queens"))
    for move in (play(CELL, 0, 0), play(COLUMN, 0, 0), play(WASTE, 0, 8), "draw"):
        with pytest.raises(pr.IllegalMoveError, match="not a move of Captive Queens"):
            space.id_of(move)  # type: ignore[arg-type]
    # A move is named in its text form, even between the last places there are.
    farthest = pr.Move(pr.Place(COLUMN, 999), pr.Place(FOUNDATION, 999), 1000)
    with pytest.raises(pr.IllegalMoveError, match=r"^T1000-F1000:1000 is not a move of"):
        space.id_of(farthest)
    with pytest.raises(pr.IllegalMoveError, match=r"^'draw' is not a move of"):
        space.id_of("draw")  # type: ignore[arg-type]


def test_a_state_of_another_game_is_refused() -> None:
    space = pr.ActionSpace(pr.get_game("captive-queens"))
    other = pr.get_game("easy-start").deal(1)
    with pytest.raises(pr.InvalidRulesError, match="easy-start"):
        space.mask(other)
    with pytest.raises(pr.InvalidArgumentError, match=r"expected a State of .* got 'state'"):
        space.legal_actions("state")  # type: ignore[arg-type]
    with pytest.raises(pr.InvalidRulesError, match="GameRules"):
        pr.ActionSpace("captive-queens")  # type: ignore[arg-type]


def test_spaces_observers_and_engines_pickle_as_what_they_are_made_from() -> None:
    # (their tables are made again where loaded: a space of a wide composed
    # game pickled its whole move table, megabytes where its rules take a few
    # kilobytes; and protocols 0 and 1 refused their slots)
    wide = toy_game(
        tableau=pr.Tableau(
            columns=24, depth=2, build=pr.Build(suits=pr.Suits.ANY), runs=pr.Runs.ANY
        ),
        decks=2,
        foundations=[pr.Foundation(suit, UP) for suit in pr.Suit for _ in range(2)],
    )
    for rules in (pr.get_game("klondike"), wide):
        rules_size = len(pickle.dumps(rules))
        made = (
            pr.ActionSpace(rules),
            pr.Observer(rules),
            pr.Observer(rules, hide_covered=False),
            pr.Engine.of(rules),
        )
        for thing in made:
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                blob = pickle.dumps(thing, protocol)
                loaded = pickle.loads(blob)
                assert loaded.__class__ is thing.__class__ and loaded.rules == rules
                assert len(blob) < rules_size + 200
        space = pickle.loads(pickle.dumps(made[0]))
        assert space.moves == made[0].moves and space.size == len(rules.layout.moves)
        assert pickle.loads(pickle.dumps(pr.Engine.of(rules))) is pr.Engine.of(
            pickle.loads(pickle.dumps(rules))
        )
    hiding = pr.Observer(pr.get_game("captive-queens"), hide_covered=True)
    assert pickle.loads(pickle.dumps(hiding, 0)).hide_covered is True


class _MySpace(pr.ActionSpace):
    """A space with a method of the caller's own."""

    def first(self) -> pr.Move:
        return self.moves[0]


class _MyObserver(pr.Observer):
    """An observer with a method of the caller's own."""

    def width(self) -> int:
        return self.size


def test_subclasses_of_spaces_and_observers_keep_their_class_through_pickle() -> None:
    rules = pr.get_game("captive-queens")
    for made in (_MySpace(rules), _MyObserver(rules, hide_covered=True)):
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            loaded = pickle.loads(pickle.dumps(made, protocol))
            assert loaded.__class__ is made.__class__ and loaded.rules == rules
    assert pickle.loads(pickle.dumps(_MySpace(rules))).first() == pr.Move.draw()
    assert pickle.loads(pickle.dumps(_MyObserver(rules, hide_covered=True))).hide_covered
