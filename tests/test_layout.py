"""The layout as a value: shared by every state of a game, so read-only."""

from __future__ import annotations

import copy
import pickle
from collections import Counter
from typing import Any

import attrs
import pytest

import patience_rules as pr
from composed import UP, toy_game


@pytest.mark.parametrize("name", pr.game_names())
def test_a_layout_cannot_be_changed(name: str) -> None:
    layout = pr.get_game(name).layout
    text = pr.state_to_text(pr.get_game(name).deal(1))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        layout.columns = 3  # type: ignore[misc]  # (a type checker refuses it too)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del layout.moves
    with pytest.raises(TypeError):
        layout.taken[pr.Card.from_str("AC")] = 5  # type: ignore[index]
    for attribute in type(layout).__slots__:
        if not attribute.startswith("_"):
            value = getattr(layout, attribute)
            assert not isinstance(value, list | dict | set | Counter), attribute
    assert pr.state_from_text(text) == pr.get_game(name).deal(1)  # nothing was changed


@pytest.mark.parametrize("name", pr.game_names())
def test_a_layout_pickles_and_copies_to_an_equal_one(name: str) -> None:
    layout = pr.get_game(name).layout
    for made in (pickle.loads(pickle.dumps(layout)), copy.copy(layout), copy.deepcopy(layout)):
        assert made == layout
        assert made.moves == layout.moves
        assert made.deck_indices == layout.deck_indices
        assert dict(made.spare) == dict(layout.spare)


@pytest.mark.parametrize("name", ["windmill", "royal-cotillion", "sultan"])
def test_the_read_only_counts_count_zero_for_a_card_not_there(name: str) -> None:
    # Every card is taken (by a foundation of its suit or the middle) or
    # spare, its copies split between the two: each lookup of a card that
    # one of them lacks reads 0.
    rules = pr.get_game(name)
    layout = rules.layout
    for card in pr.standard_deck():
        assert layout.taken[card] + layout.spare[card] == rules.decks
    assert len(layout.taken) + len(layout.spare) >= 52


def test_kinds_and_places_have_the_games_own_names() -> None:
    queens = pr.get_game("captive-queens").layout
    royal = pr.get_game("royal-cotillion").layout
    assert [queens.kind_name(kind) for kind in pr.PileKind] == [
        "stock",
        "waste",
        "tableau columns",
        "reserve cells",
        "foundations",
        "Queens",
    ]
    assert [royal.kind_name(kind) for kind in pr.PileKind] == [
        "stock",
        "waste",
        "Ladies columns",
        "Lords cells",
        "foundations",
        "middle",
    ]
    # A place the game lacks is named plainly (for the reader's "... is not in this
    # game"); a single pile is "the ..." and a second one is numbered.
    kinds = (pr.PileKind.COLUMN, pr.PileKind.STOCK, pr.PileKind.MIDDLE)
    names = [queens.name(pr.Place(kind, index)) for kind in kinds for index in (0, 1)]
    assert names == ["column 1", "column 2", "the stock", "stock 2", "the Queens", "middle 2"]


def test_the_layout_says_between_which_places_cards_move() -> None:
    freecell = pr.get_game("freecell").layout
    column, cell, other_cell = (
        pr.Place(pr.PileKind.COLUMN, 0),
        pr.Place(pr.PileKind.CELL, 0),
        pr.Place(pr.PileKind.CELL, 1),
    )
    assert freecell.reaches(column, cell) and freecell.reaches(cell, column)
    assert not freecell.reaches(cell, other_cell)  # (it would only renumber the cells)
    assert not freecell.reaches(column, column)
    windmill = pr.get_game("windmill").layout  # F1 the centre, F2 to F5 the corners
    centre, corner, other_corner = (pr.Place(pr.PileKind.FOUNDATION, f) for f in (0, 1, 2))
    assert windmill.reaches(corner, centre)
    assert not windmill.reaches(centre, corner) and not windmill.reaches(corner, other_corner)
    assert freecell.sources(pr.MoveKind.DRAW) == ()
    assert windmill.sources(pr.MoveKind.DRAW) == (pr.Place(pr.PileKind.STOCK),)


@pytest.mark.parametrize("left", [1, 2])
def test_a_deal_that_leaves_one_card_for_the_stock_has_a_stock_and_a_waste(left: int) -> None:
    # One deck, 52 - left cards dealt to three columns: the stock holds the rest.
    rules = toy_game(
        tableau=pr.Tableau(columns=3, depth=[17, 17, 17 - left + 1]), reserve=None, stock=pr.Stock()
    )
    layout = rules.layout
    assert layout.stock_size == left and layout.has_stock
    state = rules.deal(1)
    assert len(state.stock) == left and pr.Move.draw() in state.legal_moves()
    drawn = state.apply(pr.Move.draw())
    assert drawn.waste == state.stock[-1:]
    waste = pr.Place(pr.PileKind.WASTE)
    assert any(move.source == waste for move in layout.moves)


def test_a_shift_turns_even_a_single_column_round() -> None:
    # Crescent with its 96 cards in one column: the shift is its only move,
    # and brings the column's bottom card to the top.
    data = pr.get_game("crescent").to_dict()
    tableau = data["tableau"]
    assert tableau is not None
    tableau["columns"], tableau["depth"] = 1, 96
    rules = pr.GameRules.from_dict({**data, "name": "one-pile"})
    assert rules.layout.has_redeal and rules.layout.stock_size == 0
    state = rules.deal(1)
    assert state.legal_moves() == (pr.Move.redeal(),)
    shifted = state.apply(pr.Move.redeal())
    assert shifted.columns[0][-1] == state.columns[0][0] and shifted.redeals_used == 1


# -- what the layout refuses -----------------------------------------------------------

ROYAL = pr.get_game("royal-cotillion")
STOCK, WASTE, MIDDLE = (
    pr.Place(kind) for kind in (pr.PileKind.STOCK, pr.PileKind.WASTE, pr.PileKind.MIDDLE)
)
#: The keywords of Layout: the parts it is made of.
PARTS = ("decks", "foundations", "tableau", "reserve", "middle", "stock")


@pytest.mark.parametrize("method", ["count", "kind_name"])
@pytest.mark.parametrize("kind", ["column", None, 2, pr.MoveKind.HOME])
def test_a_pile_kind_is_asked_for_by_its_member_alone(method: str, kind: object) -> None:
    # (count once took a name for the stock, and answered 1)
    with pytest.raises(pr.InvalidArgumentError) as caught:
        getattr(ROYAL.layout, method)(kind)
    shown = "MoveKind.HOME" if kind is pr.MoveKind.HOME else repr(kind)  # (a member by name)
    assert str(caught.value) == f"expected a PileKind such as PileKind.STOCK, got {shown}"


@pytest.mark.parametrize("method", ["sources", "targets"])
@pytest.mark.parametrize("kind", ["home", None, pr.PileKind.COLUMN, ["home"]])
def test_a_move_kind_is_asked_for_by_its_member_alone(method: str, kind: object) -> None:
    with pytest.raises(pr.InvalidArgumentError) as caught:
        getattr(ROYAL.layout, method)(kind)
    shown = "PileKind.COLUMN" if kind is pr.PileKind.COLUMN else repr(kind)  # (a member by name)
    assert str(caught.value) == f"expected a MoveKind such as MoveKind.HOME, got {shown}"


@pytest.mark.parametrize("value", ["T1", None, (pr.PileKind.COLUMN, 0), [0]])
def test_only_a_place_is_named_or_reached(value: Any) -> None:
    layout = ROYAL.layout
    column = pr.Place(pr.PileKind.COLUMN, 0)
    refusal = f"expected a Place such as Place(PileKind.COLUMN, 0), got {value!r}"
    for ask in (
        lambda: layout.name(value),
        lambda: layout.reaches(value, column),
        lambda: layout.reaches(column, value),
        lambda: ROYAL.describe_place(value),  # (as the rules refuse it)
    ):
        with pytest.raises(pr.UnknownPlaceError) as caught:
            ask()
        assert str(caught.value) == refusal
    assert not layout.has(value)


def test_a_place_the_layout_lacks_is_named_but_never_reached() -> None:
    layout = ROYAL.layout
    column, foundation = pr.Place(pr.PileKind.COLUMN, 0), pr.Place(pr.PileKind.FOUNDATION, 0)
    far_column = pr.Place(pr.PileKind.COLUMN, 98)
    far_foundation = pr.Place(pr.PileKind.FOUNDATION, 98)
    # Named plainly, for the engine's "... is not in this game", where
    # describe_place refuses it.
    assert layout.name(far_column) == "Ladies column 99"
    with pytest.raises(pr.UnknownPlaceError, match=r"^T99 is not a place of Royal Cotillion"):
        ROYAL.describe_place(far_column)
    with pytest.raises(pr.UnknownPlaceError) as caught:
        layout.reaches(foundation, far_foundation)  # (an IndexError once)
    places = ", ".join(pr.notation.place_to_text(place) for place in layout.places)
    assert str(caught.value) == f"F99 is not a place of this layout: expected one of {places}"
    assert places.startswith("S, W, T1, T2, T3, T4, R1, R2")
    with pytest.raises(pr.UnknownPlaceError, match=r"^T99 is not a place of this layout"):
        layout.reaches(far_column, foundation)
    # FreeCell has no stock or waste (though its states read them, as empty).
    freecell = pr.get_game("freecell").layout
    with pytest.raises(pr.UnknownPlaceError, match=r"^S is not a place of this layout"):
        freecell.reaches(STOCK, column)
    with pytest.raises(pr.UnknownPlaceError, match=r"^W is not a place of this layout"):
        freecell.reaches(column, WASTE)


@pytest.mark.parametrize("name", pr.game_names())
def test_reaches_answers_as_the_moves_go(name: str) -> None:
    layout = pr.get_game(name).layout
    made = {(move.source, move.target) for move in layout.moves[2:]}
    if layout.has_stock:
        made.add((STOCK, WASTE))
    if layout.has_redeal and layout.redeal is pr.Redeal.TURN_OVER:
        made.add((WASTE, STOCK))
    for source in layout.places:
        for target in layout.places:
            assert layout.reaches(source, target) == ((source, target) in made), (source, target)


def test_nothing_leaves_the_stock_but_by_the_draw_nor_ever_the_middle() -> None:
    # (reaches once said yes to any two places but two cells or two playable foundations)
    royal, queens = ROYAL.layout, pr.get_game("captive-queens").layout
    column = pr.Place(pr.PileKind.COLUMN, 0)
    assert royal.reaches(STOCK, WASTE) and not royal.reaches(STOCK, column)
    assert not royal.reaches(WASTE, STOCK)  # (Royal Cotillion has no redeal)
    assert not royal.reaches(column, WASTE)
    assert queens.reaches(WASTE, STOCK) and queens.reaches(WASTE, MIDDLE)
    assert not queens.reaches(MIDDLE, WASTE) and not queens.reaches(STOCK, MIDDLE)


def test_has_says_false_for_anything_but_a_place_of_the_layout() -> None:
    layout = ROYAL.layout
    others: tuple[object, ...] = ([0], {}, "T1", None, (pr.PileKind.COLUMN, 0))
    for value in others:  # (a list, unhashable, once raised TypeError)
        assert not layout.has(value)
    assert layout.has(pr.Place(pr.PileKind.COLUMN, 3))
    assert not layout.has(pr.Place(pr.PileKind.COLUMN, 4))


def parts_of(rules: pr.GameRules, **changed: object) -> dict[str, Any]:
    """The keywords that make the layout of ``rules``, with ``changed`` ones."""
    return {**{part: getattr(rules, part) for part in PARTS}, **changed}


#: Parts of a layout that GameRules refuses, and the start of its message.
BAD_PARTS = [
    ("decks", 1000, "a game's number of decks is a whole number from 1 to 16, got 1000"),
    ("decks", True, "a game's number of decks is a whole number from 1 to 16, got True"),
    ("decks", None, "a game's number of decks is a whole number from 1 to 16, got None"),
    ("foundations", (), "a game has from 1 to 64 foundations, got 0"),
    ("foundations", None, "a game has one or more foundations, got None"),
    ("foundations", "F1", "a game has one or more foundations, got 'F1'"),
    ("foundations", [1], "foundations are Foundation values, got 1"),
    ("tableau", "x", "a game's tableau is a Tableau or None, got 'x'"),
    (
        "reserve",
        pr.Tableau(columns=2, depth=1),
        "a game's reserve is a Reserve or None, got Tableau",
    ),
    ("middle", 3, "a game's middle is a Middle or None, got 3"),
    (
        "stock",
        None,
        "a game's stock is a Stock, got None (leave it out: the cards the deal leaves are "
        "the stock, and a game whose deal places every card has none)",
    ),
]


@pytest.mark.parametrize(("part", "value", "message"), BAD_PARTS)
def test_a_layout_refuses_the_parts_its_game_refuses(
    part: str, value: object, message: str
) -> None:
    with pytest.raises(pr.InvalidRulesError) as caught:
        pr.Layout(**parts_of(ROYAL, **{part: value}))
    assert str(caught.value).startswith(message)
    # By the rules' own check: the same message, word for word.
    with pytest.raises(pr.InvalidRulesError) as by_rules:
        pr.GameRules(name="x", title="X", **parts_of(ROYAL, **{part: value}))
    assert str(by_rules.value) == str(caught.value)


def test_a_layout_reads_no_more_foundations_than_a_game_has() -> None:
    endless = iter(lambda: ROYAL.foundations[0], None)
    with pytest.raises(
        pr.InvalidRulesError, match=r"^a game has from 1 to 64 foundations, got more"
    ):
        pr.Layout(**parts_of(ROYAL, foundations=endless))


@pytest.mark.parametrize("name", pr.game_names())
def test_a_layout_made_from_its_games_parts_is_its_games(name: str) -> None:
    rules = pr.get_game(name)
    made = pr.Layout(**parts_of(rules, foundations=list(rules.foundations)))
    assert made == rules.layout and hash(made) == hash(rules.layout)
    assert made.moves == rules.layout.moves and made.places == rules.layout.places


class Crafted:
    """Pickles as a call of ``function`` with ``arguments``: as mangled bytes would."""

    def __init__(self, function: object, *arguments: object) -> None:
        self.function = function
        self.arguments = arguments

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (self.function, self.arguments)


def pickled_layout(*parts: object) -> object:
    """A layout pickled with ``parts`` (as ``Layout.__reduce__`` pickles its own), loaded."""
    made_from_parts, _ = ROYAL.layout.__reduce__()
    return pickle.loads(pickle.dumps(Crafted(made_from_parts, *parts)))


@pytest.mark.parametrize(("part", "value", "message"), BAD_PARTS)
def test_a_pickled_layout_of_parts_its_game_refuses_is_refused(
    part: str, value: object, message: str
) -> None:
    assert pickled_layout(*parts_of(ROYAL).values()) == ROYAL.layout
    with pytest.raises(pr.NotationError) as caught:
        pickled_layout(*parts_of(ROYAL, **{part: value}).values())
    assert str(caught.value).startswith(f"a pickled Layout is malformed: {message}")


@pytest.mark.parametrize("count", [0, 1, 5, 7])
def test_a_pickled_layout_of_another_number_of_parts_is_refused(count: int) -> None:
    given = (list(parts_of(ROYAL).values()) * 2)[:count]
    things = "value" if count == 1 else "values"
    message = (
        "a pickled Layout is malformed: expected the 6 parts decks, foundations, tableau, "
        f"reserve, middle, stock, got {count} {things}"
    )
    with pytest.raises(pr.NotationError) as caught:
        pickled_layout(*given)
    assert str(caught.value) == message


def test_a_shift_is_a_redeal_only_where_there_are_columns_and_shifts_left() -> None:
    # (a layout of parts no game takes: a shift and no tableau; and Crescent
    # with no shifts, which the solver and `play --auto safe` read as shifting
    # piles where `shifts` says so)
    aces = [pr.Foundation(suit, UP) for suit in pr.Suit]
    bare = pr.Layout(
        decks=1,
        foundations=aces,
        tableau=None,
        reserve=None,
        middle=None,
        stock=pr.Stock(redeal=pr.Redeal.SHIFT, redeals=2),
    )
    assert (bare.has_redeal, bare.shifts) == (False, False)
    loaded = pickle.loads(pickle.dumps(bare))
    assert (loaded.has_redeal, loaded.shifts) == (False, False)
    assert pr.get_game("crescent").layout.shifts
    assert not pr.get_game("crescent", shifts=0).layout.shifts
    assert not pr.get_game("crescent", shifts=0).layout.has_redeal


def test_foundations_of_fixed_cards_have_a_table_of_them_and_recording_ones_none() -> None:
    # `fixed_starts` is documented as empty where the cards are recorded.
    assert (
        pr.get_game("windmill").layout.records and pr.get_game("windmill").layout.fixed_starts == ()
    )
    klondike = pr.get_game("klondike").layout
    assert not klondike.records
    assert klondike.fixed_starts[0][:2] == (b"", bytes([pr.Card.from_str("AC")]))


def test_foundations_of_fixed_and_of_any_suit_together_record_their_cards() -> None:
    # One foundation of any suit among suited ones is enough for the states
    # to record every foundation's cards (its height would not tell them).
    suited = [pr.Foundation(suit, UP) for suit in (pr.Suit.CLUBS, pr.Suit.DIAMONDS)]
    game = toy_game(
        foundations=[*suited, pr.Foundation(None, UP), pr.Foundation(None, UP)],
        reserve=None,
        tableau=pr.Tableau(columns=2, depth=2, refill=pr.Refill.FROM_WASTE),
    )
    assert game.layout.records
    state = game.deal(1)
    home = [[pr.Card.from_str("AC")], [], [pr.Card.from_str(c) for c in ("AH", "2S")], []]
    rest = [card for card in game.deck() if card not in home[0] + home[2]]
    made = game.make_state(
        columns=[rest[:2], rest[2:4]], waste=rest[4:5], stock=rest[5:], foundations=home
    )
    assert made.foundations == tuple(tuple(cards) for cards in home)
    assert state.foundations == ((),) * 4


def test_an_empty_column_dealt_none_and_refilled_holds_one_card() -> None:
    # A column dealt no card but refilled from the waste holds one card once
    # refilled; such a state is valid and reads back from its dict form.
    game = toy_game(
        tableau=pr.Tableau(columns=2, depth=(0, 2), refill=pr.Refill.FROM_WASTE), reserve=None
    )
    assert game.layout.most_unbuilt == (1, 2)
    state = game.deal(1).apply(pr.Move.draw())
    assert len(state.columns[0]) == 1
    assert pr.state_from_dict(pr.state_to_dict(state), rules=game) == state
    never = toy_game(tableau=pr.Tableau(columns=2, depth=(0, 2)), reserve=None)
    assert never.layout.most_unbuilt == (0, 2)


def test_a_column_refilled_by_move_takes_cards_though_nothing_is_built() -> None:
    game = toy_game(tableau=pr.Tableau(columns=2, depth=1, refill=pr.Refill.BY_MOVE), reserve=None)
    card = pr.Card.from_str
    deck = [c for c in game.deck() if c not in (card("AC"), card("KS"), card("QH"))]
    state = game.make_state(
        columns=[[], [card("KS")]],
        waste=[card("QH")],
        stock=deck,
        foundations=[[card("AC")], [], [], []],
    )
    moves = state.legal_moves()
    waste = pr.Place(pr.PileKind.WASTE)
    first, second = pr.Place(pr.PileKind.COLUMN, 0), pr.Place(pr.PileKind.COLUMN, 1)
    assert pr.Move(waste, first, 1) in moves and pr.Move(second, first, 1) in moves


def test_a_foundation_laid_out_before_play_is_never_empty() -> None:
    layout = pr.get_game("easy-start").layout
    assert layout.least_heights == (1,) * 8
    assert pr.get_game("klondike").layout.least_heights == (0,) * 4
    # Easy start's first foundation emptied, its Six of clubs in the stock:
    # every card is there, but no play takes a laid-out base away.
    text = (
        "easy-start -/7D/6H/6S/5C/5D/5H/5S QCQDQHQS 7S9H2S3H10C8C2H4CAC3S3D9DKSAHAS7C4S8S"
        "10DJS10S10HKHKCAD2C4H7HJH2D3CKDJC9SJD8D8H4D9C6C - 0"
    )
    with pytest.raises(pr.NotationError, match=r"foundation 1 \(clubs 6 7 8 9 10 J\) is laid out"):
        pr.state_from_text(text)
