"""Observations: only what a player sees, and the documented vector layout."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

import patience_rules as pr
from patience_rules import HIDDEN_CARD, NO_CARD, Card
from random_play import random_game


def cards(text: str) -> list[Card]:
    return [Card.from_str(word) for word in text.split()]


#: The fields of every vector, in order (the module's table).
FIELD_NAMES = [
    "stock_size",
    "redeals_left",
    "waste",
    "columns",
    "cells",
    "foundations",
    "tops",
    "middle",
]


def with_stock_shuffled(state: pr.State, seed: int) -> pr.State:
    stock = list(state.stock)
    random.Random(seed).shuffle(stock)
    parts = state.parts()
    parts["stock"] = tuple(stock)
    return state.rules.make_state(**parts)


def hides_covered(rules: pr.GameRules) -> bool:
    """Whether ``rules`` take ``hide_covered=True``: one card leaves a column at a time."""
    return rules.layout.max_run == 1


@pytest.mark.parametrize("name", pr.game_names())
def test_hide_covered_is_refused_where_runs_move(name: str) -> None:
    rules = pr.get_game(name)
    runs_move = name in ("freecell", "klondike")
    assert hides_covered(rules) is not runs_move
    if not runs_move:
        assert pr.Observer(rules, hide_covered=True).observe(rules.deal(1)) is not None
        return
    message = (
        f"hide_covered hides the cards under each column's front card, but in {rules.title} "
        f"{rules.tableau.runs.describe()}, so which runs may move .* would tell what lies "  # type: ignore[union-attr]
        r"under it: hide_covered is for games whose columns give only their front card \(runs=Runs.NONE\)"
    )
    with pytest.raises(pr.InvalidRulesError, match=message):
        pr.Observer(rules, hide_covered=True)


def test_where_runs_move_the_legal_moves_tell_the_covered_cards() -> None:
    # Why hide_covered is refused there: FreeCell's deal 12 moves the run
    # 9D 8C off column 1; put another covered card under the 8C and the
    # front cards (all hide_covered would show) are the same, but the run
    # may no longer move.
    rules = pr.get_game("freecell")
    state = rules.deal(12)
    runs = [str(move) for move in state.legal_moves() if move.count > 1]
    assert runs == ["T1-T5:2", "T1-T8:2"]
    columns = [list(column) for column in state.columns]
    columns[0][-2], columns[1][0] = columns[1][0], columns[0][-2]
    parts = state.parts()
    parts["columns"] = tuple(map(tuple, columns))
    other = rules.make_state(**parts)
    assert [column[-1] for column in other.columns] == [column[-1] for column in state.columns]
    assert [len(column) for column in other.columns] == [len(column) for column in state.columns]
    assert not any(move.count > 1 for move in other.legal_moves())


@pytest.mark.parametrize("name", pr.game_names())
def test_the_stock_order_is_never_seen(name: str) -> None:
    rules = pr.get_game(name)
    for hide in (False, True)[: 2 if hides_covered(rules) else 1]:
        observer = pr.Observer(rules, hide_covered=hide)
        for state in random_game(rules, 5, seed=1)[::7]:
            other = with_stock_shuffled(state, seed=len(state.stock))
            assert observer.observe(other) == observer.observe(state)
            assert observer.vector(other) == observer.vector(state)


def test_the_stock_order_reaches_no_number() -> None:
    # Two deals that differ only in the stock's order: every vector is equal.
    rules = pr.get_game("royal-cotillion")
    state = rules.deal(11)
    other = with_stock_shuffled(state, seed=3)
    assert other.stock != state.stock
    assert pr.Observer(rules).vector(other) == pr.Observer(rules).vector(state)


def test_hide_covered_hides_only_the_cards_under_the_front_card() -> None:
    rules = pr.get_game("royal-cotillion")
    state = rules.deal(7)
    # Swap the back cards of columns 1 and 2: a different position, the same fronts.
    columns = [list(column) for column in state.columns]
    columns[0][0], columns[1][0] = columns[1][0], columns[0][0]
    other = rules.make_state(
        stock=state.stock,
        columns=columns,
        cells=state.cells,
        foundation_heights=state.foundation_heights,
    )
    assert other != state
    hidden, open_ = pr.Observer(rules, hide_covered=True), pr.Observer(rules)
    assert hidden.observe(other) == hidden.observe(state)
    assert hidden.vector(other) == hidden.vector(state)
    assert open_.observe(other) != open_.observe(state)
    seen = hidden.observe(state)
    assert seen.columns == tuple((None, None, column[-1]) for column in state.columns)
    assert open_.observe(state).columns == state.columns


def test_a_card_is_seen_once_the_cards_in_front_of_it_are_played() -> None:
    rules = pr.get_game("royal-cotillion")
    start = rules.deal(7)  # Ladies column 4 is KS 8S 3S, 3S in front
    move = pr.Move.to_foundation(pr.Place(pr.PileKind.COLUMN, 3), 3)  # 3S to its Ace pile
    after = start.apply(move)
    hidden = pr.Observer(rules, hide_covered=True)
    assert hidden.observe(start).columns[3] == (None, None, Card.from_str("3S"))
    assert hidden.observe(after).columns[3] == (None, Card.from_str("8S"))
    vector = hidden.vector(after)
    columns = hidden.field("columns")
    assert vector[columns.offset + 9 : columns.offset + 12] == (
        pr.card_code(Card.from_str("8S")),
        HIDDEN_CARD,
        NO_CARD,
    )


def test_a_captive_queens_vector_checked_by_hand() -> None:
    rules = pr.get_game("captive-queens")
    # Foundations 0-3 are the 6s (clubs, diamonds, hearts, spades), 4-7 the 5s.
    # Hearts 6 7 8 is up (height 3), clubs 5 4 (height 2); QH is in the middle;
    # the waste holds 2D then 9C (9C on top); the stock holds the other 44 cards.
    home = cards("6H 7H 8H 5C 4C QH")
    waste = cards("2D 9C")
    stock = [card for card in rules.deck() if card not in home and card not in waste]
    state = rules.make_state(
        stock=stock,
        waste=waste,
        foundation_heights=[0, 0, 3, 0, 2, 0, 0, 0],
        middle=cards("QH"),
    )
    observer = pr.Observer(rules)
    vector = observer.vector(state)
    # 9C is card 8 (code 9), 2D card 13 + 1 (code 15), QH card 26 + 11 (code 38).
    expected = (44, 2, 9, 15, *[0] * 50, 0, 0, 3, 0, 2, 0, 0, 0, 38, 0, 0, 0)
    assert vector == expected
    assert observer.size == 66
    seen = observer.observe(state)
    assert seen == pr.Observation(
        game="captive-queens",
        stock_size=44,
        redeals_left=2,
        waste=tuple(waste),
        columns=(),
        cells=(),
        foundation_heights=(0, 0, 3, 0, 2, 0, 0, 0),
        middle=(Card.from_str("QH"),),
    )


@pytest.mark.parametrize(
    ("name", "hide"),
    [
        (name, hide)
        for name in pr.game_names()
        for hide in (False, True)
        if not hide or hides_covered(pr.get_game(name))
    ],
)
def test_vectors_follow_the_layout_along_whole_games(name: str, hide: bool) -> None:
    rules = pr.get_game(name)
    observer = pr.Observer(rules, hide_covered=hide)
    assert [f.name for f in observer.fields] == FIELD_NAMES
    assert observer.fields[0].offset == 0
    for before, after in zip(observer.fields, observer.fields[1:], strict=False):
        assert after.offset == before.stop
    assert observer.fields[-1].stop == observer.size == len(observer.high)
    for state in random_game(rules, 9, seed=2):
        vector = observer.vector(state)
        assert len(vector) == observer.size
        assert all(0 <= value <= high for value, high in zip(vector, observer.high, strict=True))

        def part(name: str) -> tuple[int, ...]:
            field = observer.field(name)
            return vector[field.offset : field.stop]  # noqa: B023

        assert part("stock_size") == (state.stock_size,)
        left = state.redeals_left
        assert part("redeals_left") == (1 if left is None else left,)
        waste = [pr.card_code(card) for card in reversed(state.waste)]
        assert list(part("waste")) == waste + [NO_CARD] * (len(part("waste")) - len(waste))
        assert part("cells") == tuple(pr.card_code(card) for card in state.cells)
        assert part("foundations") == state.foundation_heights
        middle = [pr.card_code(card) for card in state.middle]
        assert list(part("middle")) == middle + [NO_CARD] * (len(part("middle")) - len(middle))
        if rules.layout.records:
            tops = [cards[-1] if cards else None for cards in state.foundations]
            assert part("tops") == tuple(pr.card_code(card) for card in tops)
        depth = len(part("columns")) // max(rules.layout.columns, 1)
        for i, (column, down) in enumerate(zip(state.columns, state.face_down, strict=True)):
            slots = part("columns")[i * depth : (i + 1) * depth]
            if column:
                assert slots[0] == pr.card_code(column[-1])
            assert slots.count(NO_CARD) == depth - len(column)
            assert slots.count(HIDDEN_CARD) == (max(len(column) - 1, 0) if hide else down)


def test_layout_sizes() -> None:
    # 2 + waste (the stock at the deal) + columns x depth + cells + foundations + middle
    assert pr.Observer(pr.get_game("royal-cotillion")).size == 2 + 68 + 12 + 16 + 8 + 0
    assert pr.Observer(pr.get_game("captive-queens")).size == 2 + 52 + 0 + 0 + 8 + 4
    assert pr.Observer(pr.get_game("easy-start")).size == 2 + 40 + 0 + 0 + 8 + 4
    hidden = pr.Observer(pr.get_game("royal-cotillion"), hide_covered=True)
    assert hidden.field("columns").high == HIDDEN_CARD
    assert pr.Observer(pr.get_game("royal-cotillion")).field("columns").high == 52


#: Each registered game's vector, field by field as "length/high" (the module's
#: table), pinned: an agent trained on one release reads the next one's.
FIELDS = {
    "captive-queens": "1/52 1/2 52/52 0/52 0/52 8/6 0/52 4/52",
    "crescent": "1/0 1/3 0/52 1664/52 0/52 8/13 0/52 0/52",
    "easy-start": "1/40 1/2 40/52 0/52 0/52 8/6 0/52 4/52",
    "easy-start-parlett": "1/40 1/3 40/52 0/52 0/52 8/6 0/52 4/52",
    "freecell": "1/0 1/0 0/52 152/52 4/52 4/13 0/52 0/52",
    "klondike": "1/24 1/1 24/52 133/53 0/52 4/13 0/52 0/52",
    "odd-and-even": "1/87 1/1 87/52 0/52 9/52 8/13 0/52 0/52",
    "royal-cotillion": "1/68 1/0 68/52 12/52 16/52 8/13 0/52 0/52",
    "royal-cotillion-stock-refill": "1/68 1/0 68/52 12/52 16/52 8/13 0/52 0/52",
    "sultan": "1/87 1/2 87/52 0/52 8/52 9/13 0/52 0/52",
    "windmill": "1/95 1/0 95/52 0/52 8/52 5/52 5/52 0/52",
}


def fields_of(observer: pr.Observer) -> str:
    assert [field.name for field in observer.fields] == FIELD_NAMES
    return " ".join(f"{field.length}/{field.high}" for field in observer.fields)


@pytest.mark.parametrize("name", pr.game_names())
def test_each_games_vector_keeps_its_fields(name: str) -> None:
    # Columns: Royal Cotillion's 4 of 3 cards (nothing is built on them),
    # Klondike's 7 and FreeCell's 8 of their deepest deal and a run of 12
    # (19), Crescent's 16 of the whole deck (its runs go either way and wrap).
    assert fields_of(pr.Observer(pr.get_game(name))) == FIELDS[name]
    if not hides_covered(pr.get_game(name)):
        return
    hidden = FIELDS[name].split()
    hidden[3] = hidden[3].split("/")[0] + f"/{HIDDEN_CARD}"
    assert fields_of(pr.Observer(pr.get_game(name), hide_covered=True)) == " ".join(hidden)


@pytest.mark.parametrize(
    ("build", "shift", "capacity"),
    [
        (pr.Build(suits=pr.Suits.SAME, direction=pr.Direction.UP), False, 6 + 12),
        (pr.Build(suits=pr.Suits.SAME, direction=pr.Direction.UP), True, 104),
        (pr.Build(suits=pr.Suits.SAME, direction=pr.Direction.DOWN, wrap=True), False, 104),
        (pr.Build(suits=pr.Suits.SAME, direction=pr.Direction.EITHER), False, 104),
    ],
)
def test_a_columns_capacity_follows_its_build_and_the_shift(
    build: pr.Build, shift: bool, capacity: int
) -> None:
    # Crescent's six-card piles built one way hold their six and a run of
    # twelve, unless shifts turn up a card under which a run may lie; built
    # round the corner or either way, runs have any length: the whole deck.
    crescent = pr.crescent()
    assert crescent.tableau is not None
    tableau = attrs.evolve(crescent.tableau, build=build)
    stock = crescent.stock if shift else pr.Stock(redeals=0)
    rules = attrs.evolve(crescent, tableau=tableau, stock=stock)
    columns = pr.Observer(rules).field("columns")
    assert (columns.length, columns.high) == (16 * capacity, 52)
    for depth in (0, 1):  # (one card, and a run of twelve on it)
        shallow = attrs.evolve(rules, tableau=attrs.evolve(tableau, depth=depth))
        expected = 1 + 12 if capacity == 6 + 12 else capacity
        assert pr.Observer(shallow).field("columns").length == 16 * expected


@pytest.mark.parametrize("refill", pr.Refill)
@pytest.mark.parametrize("depth", [0, 1, 3])
def test_a_column_on_which_nothing_builds_holds_its_deal_or_the_one_card_refilled(
    refill: pr.Refill, depth: int
) -> None:
    # Royal Cotillion's four Ladies' columns dealt 0, 1 or 3 cards: an
    # emptied column takes one card, from the waste or the stock by the
    # rules, or by the player's move (Refill.BY_MOVE); with Refill.NEVER,
    # none.  The vector of every position of random games stays in bounds.
    royal = pr.get_game("royal-cotillion")
    assert royal.tableau is not None
    rules = attrs.evolve(royal, tableau=attrs.evolve(royal.tableau, depth=depth, refill=refill))
    observer = pr.Observer(rules)
    capacity = depth if refill is pr.Refill.NEVER else max(depth, 1)
    assert observer.field("columns").length == 4 * capacity
    for deal in range(1, 4):
        for state in random_game(rules, deal, seed=deal):
            assert all(map(int.__le__, observer.vector(state), observer.high))


def test_observations_are_frozen_hashable_and_pickle() -> None:
    state = pr.get_game("royal-cotillion").deal(3)
    seen = pr.Observer(state.rules, hide_covered=True).observe(state)
    assert pickle.loads(pickle.dumps(seen)) == seen
    assert hash(seen) == hash(pr.Observer(state.rules, hide_covered=True).observe(state))
    with pytest.raises(AttributeError):
        seen.stock_size = 0  # type: ignore[misc]


def test_bad_input_is_refused() -> None:
    rules = pr.get_game("captive-queens")
    observer = pr.Observer(rules)
    with pytest.raises(pr.InvalidRulesError, match="easy-start"):
        observer.observe(pr.get_game("easy-start").deal(1))
    easy = pr.get_game("easy-start")
    with pytest.raises(pr.InvalidRulesError, match="captive-queens"):
        observer.encode(pr.Observer(easy).observe(easy.deal(1)))
    with pytest.raises(pr.InvalidRulesError, match="GameRules"):
        pr.Observer("captive-queens")  # type: ignore[arg-type]
    with pytest.raises(pr.InvalidRulesError, match="True or False"):
        pr.Observer(rules, hide_covered=1)  # type: ignore[arg-type]
    with pytest.raises(pr.UnknownFieldError, match="expected one of stock_size, redeals_left"):
        observer.field("stock")
    assert issubclass(pr.UnknownFieldError, LookupError)
    seen = observer.observe(rules.deal(1))
    with pytest.raises(pr.InvalidRulesError, match="layout"):
        observer.encode(attrs.evolve(seen, cells=(None,)))
    with pytest.raises(pr.InvalidRulesError, match="within its bounds"):
        observer.encode(attrs.evolve(seen, redeals_left=7))


@pytest.mark.parametrize("tops", [("garbage", object()), (None,), (pr.Card.from_str("AC"),)])
def test_tops_are_refused_where_the_foundations_keep_none(tops: tuple[object, ...]) -> None:
    # (only a game whose foundations take any suit, Windmill's, keeps its
    # tops; elsewhere an observation's tops were never read, whatever they held)
    rules = pr.get_game("royal-cotillion")
    observer = pr.Observer(rules)
    seen = observer.observe(rules.deal(1))
    assert seen.tops == ()
    with pytest.raises(
        pr.InvalidRulesError, match=r"within its bounds: tops is empty in this game, got \("
    ):
        observer.encode(attrs.evolve(seen, tops=tops))  # type: ignore[arg-type]
    windmill = pr.get_game("windmill")
    observer = pr.Observer(windmill)
    kept = observer.observe(windmill.deal(1))
    field = observer.field("tops")
    assert observer.encode(kept)[field.offset : field.stop] == tuple(map(pr.card_code, kept.tops))


def test_an_observation_written_out_counts_the_redeals_left() -> None:
    sultan = pr.get_game("sultan")  # two redeals
    parts = sultan.deal(1).parts()
    firsts = []
    for used in (0, 1, 2):
        parts["redeals_used"] = used
        seen = pr.Observer(sultan).observe(sultan.make_state(**parts))
        firsts.append(str(seen).splitlines()[0])
    assert firsts == [
        f"sultan: stock 87 cards, {left} left" for left in ("2 redeals", "1 redeal", "0 redeals")
    ]
    klondike = pr.get_game("klondike")  # no limit
    seen = pr.Observer(klondike).observe(klondike.deal(1))
    assert str(seen).splitlines()[0] == "klondike: stock 24 cards, any number of redeals"


def test_a_field_too_long_is_refused_though_another_is_as_much_too_short() -> None:
    # (only the vector's whole length was checked: Windmill's waste one card
    # past its stock, its tops one short, encoded)
    windmill = pr.get_game("windmill")
    observer = pr.Observer(windmill)
    seen = observer.observe(windmill.deal(1))
    waste = tuple(windmill.deck_order(1)[: windmill.layout.stock_size + 1])
    shifted = attrs.evolve(seen, waste=waste, tops=seen.tops[:-1])
    with pytest.raises(
        pr.InvalidRulesError, match="within its bounds: waste does not fit its 95 numbers"
    ):
        observer.encode(shifted)
