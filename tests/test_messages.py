"""Messages for people number piles as the notation does; reprs stay evaluable.

Every message names a pile by the notation (``T1``, ``R1``, ``F1``, ``W``)
or by the layout's name (``Ladies column 1``), counting from 1, and a move
by its text form (``T2-F1``): never a 0-based index, nor a ``Move(...)`` or
``Place(...)`` repr.  Reprs, for programmers, are Python that rebuilds the
value.
"""

from __future__ import annotations

import enum
import json
import random
import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import patience_rules as pr
from composed import toy_game
from patience_rules import Card, Move, PileKind, Place
from patience_rules.notation import move_to_text, place_to_text, state_from_dict, state_to_dict

#: What a message for people must not hold: reprs, and piles numbered from 0.
NOT_FOR_PEOPLE = re.compile(
    r"Place\(|Move\(|Move\.|PileKind|\bindex\b|\b(column|cell|foundation) 0\b|\b[TRF]0\b"
)

#: Moves from or to places that no game here has (a 41st column or cell).
OUTSIDE = (
    Move(Place(PileKind.COLUMN, 40), Place(PileKind.FOUNDATION, 0)),
    Move(Place(PileKind.CELL, 40), Place(PileKind.COLUMN, 0)),
    Move(Place(PileKind.COLUMN, 0), Place(PileKind.COLUMN, 40), 2),
)


def assert_for_people(message: str) -> None:
    found = NOT_FOR_PEOPLE.search(message)
    assert found is None, f"{found[0]!r} in a message: {message}"


@pytest.mark.parametrize("name", pr.game_names())
def test_illegal_moves_are_named_in_the_notation(name: str) -> None:
    rules = pr.get_game(name)
    state = rules.deal(3)
    rng = random.Random(1)
    for _ in range(25):
        legal = state.legal_moves()
        for move in (*rules.layout.moves, *OUTSIDE):
            if move in legal:
                continue
            with pytest.raises(pr.IllegalMoveError) as caught:
                state.apply(move)
            message = str(caught.value)
            assert message.startswith(f"illegal move {move_to_text(move)} in {rules.title}: ")
            assert_for_people(message)
        if not legal:
            break
        state = state.apply(legal[rng.randrange(len(legal))])


def test_a_place_outside_the_layout_is_named_in_the_notation() -> None:
    # Asking a state about a place its game lacks names the place as the
    # notation writes it, with the places the game has.
    for name in pr.game_names():
        state = pr.get_game(name).deal(1)
        for place in (Place(PileKind.COLUMN, 40), Place(PileKind.CELL, 40)):
            with pytest.raises(pr.UnknownPlaceError) as caught:
                state.top_card(place)
            message = str(caught.value)
            assert message.startswith(f"{place_to_text(place)} is not a place of "), message
            assert_for_people(message)


def test_piles_of_parts_left_unnamed_read_as_tableau_and_reserve() -> None:
    rules = pr.GameRules(
        name="unnamed-piles",
        title="Unnamed piles",
        decks=1,
        foundations=[pr.Foundation(suit, pr.FoundationSequence(pr.Rank.ACE)) for suit in pr.Suit],
        tableau=pr.Tableau(columns=8, depth=6),
        reserve=pr.Reserve(cells=4, refill=pr.Refill.FROM_WASTE),
    )
    layout = rules.layout
    assert layout.name(Place(PileKind.COLUMN, 0)) == "Tableau column 1"
    assert layout.name(Place(PileKind.CELL, 3)) == "Reserve cell 4"
    assert layout.kind_name(PileKind.COLUMN) == "Tableau columns"
    assert layout.kind_name(PileKind.CELL) == "Reserve cells"
    assert pr.GameRules.from_dict(rules.to_dict()) == rules


def test_a_stray_in_a_deck_order_is_counted_from_1() -> None:
    rules = pr.get_game("captive-queens")
    order: list[object] = list(rules.deck())
    order[0] = "AC"
    with pytest.raises(pr.InvalidDealError) as caught:
        rules.deal_from(order)  # type: ignore[arg-type]
    message = str(caught.value)
    # The first card of the order is card 1, as moves and records count.
    assert re.search(r"\bposition 1\b", message), message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["columns"][2].append("QX"), "columns: T3, card 4: malformed card 'QX'"),
        (lambda d: d["columns"][0].insert(0, 7), "columns: T1, card 1: a card is written as text"),
        (lambda d: d["cells"].__setitem__(11, "ZZ"), "cells: R12: malformed card 'ZZ'"),
        (lambda d: d["foundations"][5].append("1X"), "foundations: F6, card 2: malformed card"),
        (lambda d: d["stock"].insert(2, "X"), "stock, card 3: malformed card 'X'"),
    ],
)
def test_a_bad_card_in_a_state_dict_is_placed_by_the_notation(change: object, message: str) -> None:
    data = json.loads(json.dumps(state_to_dict(pr.get_game("royal-cotillion").deal(7))))
    change(data)  # type: ignore[operator]
    with pytest.raises(pr.NotationError) as caught:
        state_from_dict(data)
    assert message in str(caught.value)
    assert_for_people(str(caught.value))


def test_a_record_names_a_move_that_is_no_move_briefly() -> None:
    with pytest.raises(pr.IllegalMoveError) as caught:
        pr.GameRecord(pr.get_game("captive-queens"), 1, ["draw"])  # type: ignore[list-item]
    assert str(caught.value).startswith("move 1 ('draw'): ")


# -- reprs: Python that rebuilds the value ----------------------------------------

NAMESPACE = {"Move": Move, "Place": Place, "PileKind": PileKind, "Card": Card}


@pytest.mark.parametrize("name", pr.game_names())
def test_every_move_repr_rebuilds_the_move(name: str) -> None:
    for move in pr.get_game(name).layout.moves:
        assert eval(repr(move), NAMESPACE) == move


def test_a_move_that_no_layout_lists_reprs_as_the_call_that_makes_it() -> None:
    # (runs of several cards onto a foundation, a cell or the middle, and
    # moves between any two kinds of place, which no game has)
    places = [Place(kind, index) for kind in PileKind for index in (0, 2)]
    for source in places:
        for target in places:
            for count in (1, 3):
                move = Move(source, target, count)
                assert eval(repr(move), NAMESPACE) == move, repr(move)


def test_a_place_repr_rebuilds_the_place() -> None:
    for kind in PileKind:
        for index in (0, 15) if kind in (PileKind.COLUMN, PileKind.CELL) else (0,):
            place = Place(kind, index)
            assert eval(repr(place), NAMESPACE) == place, repr(place)


def test_a_run_longer_than_its_column_is_refused_for_its_length() -> None:
    state = pr.get_game("freecell").deal(1)
    shortest = min(range(8), key=lambda i: len(state.columns[i]))
    held = len(state.columns[shortest])
    other = (shortest + 1) % 8
    too_long = Move(Place(PileKind.COLUMN, shortest), Place(PileKind.COLUMN, other), held + 3)
    with pytest.raises(pr.IllegalMoveError) as caught:
        state.apply(too_long)
    assert str(caught.value).endswith(f"holds {held} cards, fewer than {held + 3}")
    # Within the column's length, the cards must be a run.
    tableau = state.rules.tableau
    assert tableau is not None
    build = tableau.build
    column = state.columns[shortest]
    assert build is not None
    count = next(n for n in range(2, held + 1) if not build.accepts(column[-n + 1], column[-n]))
    not_a_run = Move(Place(PileKind.COLUMN, shortest), Place(PileKind.COLUMN, other), count)
    with pytest.raises(pr.IllegalMoveError, match=f"the top {count} cards of .* are not a run"):
        state.apply(not_a_run)


def test_an_empty_column_refilled_by_the_rules_says_so() -> None:
    # Columns refilled from the waste: with the waste empty, a column stays
    # empty until the next draw fills it, so a move into it is refused as
    # not the way it is filled (it does not stay empty).
    up = pr.FoundationSequence(start=pr.Rank.ACE, wrap=False)
    rules = pr.GameRules(
        name="castle-from-the-waste",
        title="Castle from the Waste",
        decks=1,
        foundations=[pr.Foundation(suit, up, laid_out=True) for suit in pr.Suit],
        tableau=pr.Tableau(
            columns=8,
            depth=1,
            refill=pr.Refill.FROM_WASTE,
            build=pr.Build(suits=pr.Suits.ANY),
        ),
        stock=pr.Stock(redeals=0),
    )
    # (The eighth column's card, 2C, went home.)
    rest = [
        card
        for card in rules.deck()
        if card.rank is not pr.Rank.ACE and card != Card.from_str("2C")
    ]
    state = rules.make_state(
        stock=rest[7:],
        waste=[],
        columns=[[card] for card in rest[:7]] + [[]],
        cells=[],
        foundation_heights=[2, 1, 1, 1],
    )
    into_the_empty = Move(Place(PileKind.COLUMN, 0), Place(PileKind.COLUMN, 7))
    with pytest.raises(pr.IllegalMoveError) as caught:
        state.apply(into_the_empty)
    assert str(caught.value).endswith(
        "Tableau column 8 is empty, and an empty pile is filled at once from the top of "
        "the waste, not by a move"
    )
    assert state.apply(Move.draw()).columns[7] == (rest[-1],)  # (the draw fills it)


def test_many_cards_without_a_place_are_counted_not_listed() -> None:
    # Captive Queens' foundations over eleven decks: ten of each card (but the
    # Queens) have no place; the message counts them rather than list 400 cards.
    data = pr.get_game("captive-queens").to_dict()
    data["decks"] = 11
    with pytest.raises(pr.NotationError) as caught:
        pr.GameRules.from_dict(data)
    message = str(caught.value)
    assert "no place for ACx10 2Cx10 3Cx10" in message and "QCx" not in message
    assert len(message) < 500
    # A few cards are still written out one by one.
    stock = pr.get_game("captive-queens").deck()
    with pytest.raises(pr.InvalidDealError, match=r"missing AC 2C$"):
        pr.get_game("captive-queens").make_state(stock=stock[2:], foundation_heights=[0] * 8)


@pytest.mark.parametrize("key", [3, None, ("stock",)])
def test_a_key_that_is_no_text_is_named(key: object) -> None:
    # The whole dict form was shown cut at 40 characters, where the key
    # (last, as in a JSON reader's output built up in order) never appeared.
    data: dict[Any, Any] = dict(pr.get_game("klondike").to_dict())
    stock: dict[Any, Any] = dict(data["stock"])
    data[key] = "x"
    with pytest.raises(pr.NotationError) as caught:
        pr.GameRules.from_dict(data)
    assert str(caught.value) == (
        f"rules: the key {key!r} is no text: expected a mapping of names to values"
    )
    del data[key]
    stock[key] = 1
    with pytest.raises(pr.NotationError, match=r"^rules\.stock: the key .* is no text"):
        pr.GameRules.from_dict({**data, "stock": stock})


@pytest.mark.parametrize(
    ("name", "source"),
    [("royal-cotillion", Place(PileKind.STOCK)), ("captive-queens", Place(PileKind.MIDDLE))],
)
def test_a_move_from_the_stock_or_the_middle_says_no_card_is_played_from_it(
    name: str, source: Place
) -> None:
    # The stock gives its cards by the draw, and the middle keeps what it takes.
    rules = pr.get_game(name)
    move = Move(source, Place(PileKind.FOUNDATION, 0))
    with pytest.raises(pr.IllegalMoveError) as caught:
        rules.deal(1).apply(move)
    pile = rules.layout.name(source)
    assert str(caught.value).endswith(
        f"{pile} is not a pile that cards are played from in this game"
    ), caught.value


@pytest.mark.parametrize(
    ("name", "move", "which"),
    [
        ("klondike[draw=3]", Move(Place(PileKind.STOCK), Place(PileKind.WASTE), 3), "draw"),
        ("klondike", Move(Place(PileKind.WASTE), Place(PileKind.STOCK), 2), "redeal"),
        ("captive-queens", Move(Place(PileKind.WASTE), Place(PileKind.STOCK), 13), "redeal"),
        ("crescent", Move(Place(PileKind.WASTE), Place(PileKind.STOCK), 2), "redeal"),
    ],
)
def test_a_move_of_the_draws_or_the_redeals_piles_names_the_one_that_is_made(
    name: str, move: Move, which: str
) -> None:
    # A draw of three cards is still the one move written draw: a move of its
    # piles with a count is refused for that, not for its source.
    state = pr.game_from_text(name).deal(1)
    assert (move.is_draw, move.is_redeal) == (which == "draw", which == "redeal")
    with pytest.raises(pr.IllegalMoveError) as caught:
        state.apply(move)
    route = "from the stock to the waste, " if which == "draw" else "from the waste to the stock, "
    if name == "crescent":  # (its redeal shifts the columns: it has no waste)
        route = ""
    message = str(caught.value)
    assert message.endswith(
        f"the {which} is the one move {route}written {which}, "
        "with no count: the rules say how many cards it moves"
    ), message
    assert_for_people(message)
    assert not state.is_legal(move)
    # (in a game without it, the move's piles are named as before)
    with pytest.raises(pr.IllegalMoveError, match=r"the stock is not in this game$"):
        pr.get_game("freecell").deal(1).apply(Move(Place(PileKind.STOCK), Place(PileKind.WASTE), 3))


@pytest.mark.parametrize(
    ("name", "move", "missing"),
    [
        ("royal-cotillion", Move(Place(PileKind.STOCK, 1), Place(PileKind.WASTE)), "stock 2"),
        ("klondike", Move(Place(PileKind.STOCK, 3), Place(PileKind.WASTE), 2), "stock 4"),
        ("captive-queens", Move(Place(PileKind.WASTE, 1), Place(PileKind.STOCK)), "waste 2"),
        ("klondike", Move(Place(PileKind.STOCK), Place(PileKind.WASTE, 1)), "waste 2"),
        ("crescent", Move(Place(PileKind.WASTE, 1), Place(PileKind.STOCK)), "waste 2"),
    ],
)
def test_a_draw_or_redeal_between_piles_the_game_lacks_names_the_missing_pile(
    name: str, move: Move, missing: str
) -> None:
    # (a pile the game does not have is the fault, whatever the move's shape)
    state = pr.game_from_text(name).deal(1)
    with pytest.raises(pr.IllegalMoveError) as caught:
        state.apply(move)
    assert str(caught.value).endswith(f": {missing} is not in this game"), caught.value
    assert not state.is_legal(move)


@pytest.mark.parametrize(
    ("name", "move", "refusal"),
    [
        (
            "captive-queens",
            Move(Place(PileKind.STOCK), Place(PileKind.COLUMN, 0), 2),
            "the stock is not a pile that cards are played from in this game",
        ),
        (
            "easy-start",
            Move(Place(PileKind.MIDDLE), Place(PileKind.CELL, 0)),
            "the Queens is not a pile that cards are played from in this game",
        ),
        (
            "freecell",
            Move(Place(PileKind.STOCK), Place(PileKind.WASTE), 3),
            "the stock is not in this game",
        ),
    ],
)
def test_a_move_from_a_pile_never_played_from_names_its_source(
    name: str, move: Move, refusal: str
) -> None:
    # (the source is the fault, whether or not the target is in the game)
    with pytest.raises(pr.IllegalMoveError) as caught:
        pr.game_from_text(name).deal(1).apply(move)
    assert str(caught.value).endswith(f": {refusal}"), caught.value


def test_one_card_or_one_move_is_counted_in_the_singular() -> None:
    sultan = pr.get_game("sultan")
    with pytest.raises(pr.InvalidDealError) as refused:
        sultan.make_state(foundation_heights=(1,) * 8 + (2,), stock=(), waste=(), cells=(None,) * 8)
    assert str(refused.value) == (
        "foundations: foundation 9 (the Sultan, hearts K) holds from 0 to 1 card, got 2"
    )
    klondike = pr.get_game("klondike", redeals=1)
    state = klondike.deal(1)
    data = state_to_dict(state)
    data["face_down"] = [0, 2, 2, 3, 4, 5, 6]
    with pytest.raises(pr.NotationError, match="T2 is dealt 1 card face down, so it has 0 to 1"):
        state_from_dict(data)
    while state.stock_size > 1:
        state = state.apply(Move.draw())
    observed = str(pr.Observer(klondike).observe(state))
    assert observed.splitlines()[0] == "klondike: stock 1 card, 1 redeal left"
    # Three columns of 16 and three cells leave the stock one card of 52.
    toy = toy_game(tableau=pr.Tableau(columns=3, depth=16, refill=pr.Refill.NEVER))
    data = state_to_dict(toy.deal(1))
    data["stock"].append(data["columns"][0].pop())
    with pytest.raises(pr.NotationError, match="at most the 1 card the deal leaves for the stock"):
        state_from_dict(data)


def _wrong_types() -> list[tuple[str, Callable[[], object], type[pr.PatienceRulesError]]]:
    from patience_rules.contrib import longest_game
    from patience_rules.solver import solve

    royal = pr.royal_cotillion()
    state = royal.deal(1)
    odd: Any = "royal-cotillion"  # (a value of the wrong type, as untyped code passes one)
    return [
        ("a pile kind", lambda: Place(odd, 0), pr.InvalidRulesError),
        (
            "an observer's option",
            lambda: pr.Observer(royal, hide_covered=odd),
            pr.InvalidRulesError,
        ),
        (
            "a state of another game",
            lambda: pr.ActionSpace(royal).mask(pr.freecell().deal(1)),
            pr.InvalidRulesError,
        ),
        ("a deal number", lambda: royal.deal(odd), pr.InvalidDealError),
        ("a deck order", lambda: royal.deal_from(odd), pr.InvalidDealError),
        ("a record's game", lambda: pr.GameRecord(odd, 7, []), pr.InvalidDealError),
        ("a move", lambda: state.apply(odd), pr.IllegalMoveError),
        ("an action id", lambda: pr.ActionSpace(royal).move_of(odd), pr.IllegalMoveError),
        ("a value to write", lambda: pr.state_to_text(odd), pr.NotationError),
        ("a game's name", lambda: pr.get_game(odd * 2), pr.UnknownGameError),
        ("a search's start", lambda: solve(odd), pr.InvalidArgumentError),
        ("a game's bound", lambda: longest_game(odd), pr.InvalidArgumentError),
        ("a card to build", lambda: pr.Build().accepts(odd, odd), pr.InvalidArgumentError),
        ("heights to pack", lambda: pr.Engine.of(royal).pack_heights(odd), pr.InvalidArgumentError),
        ("a key of heights", lambda: pr.Engine.of(royal).heights(odd), pr.InvalidArgumentError),
        ("the rules of an engine", lambda: pr.Engine(odd), pr.InvalidRulesError),
        # (two functions that name a value that is no state differently, as said)
        (
            "an action space's state",
            lambda: pr.ActionSpace(royal).mask(odd),
            pr.InvalidArgumentError,
        ),
        ("an observer's state", lambda: pr.Observer(royal).observe(odd), pr.InvalidRulesError),
    ]


@pytest.mark.parametrize(
    ("given_as", "call", "kind"), _wrong_types(), ids=[case[0] for case in _wrong_types()]
)
def test_a_refused_value_is_refused_by_what_it_was_given_as(
    given_as: str, call: Callable[[], object], kind: type[pr.PatienceRulesError]
) -> None:
    # As the errors module says: the class names what the value was given as
    # (most cases a value of the wrong type, some a wrong value),
    # never TypeError, so `except PatienceRulesError` catches every refusal.
    with pytest.raises(pr.PatienceRulesError) as caught:
        call()
    assert type(caught.value) is kind, given_as
    assert not isinstance(caught.value, TypeError)
    assert "royal-cotillion" in str(caught.value)  # (the message shows the value)


@pytest.mark.parametrize(
    ("rank", "words"),
    [(pr.Rank.EIGHT, "an Eight"), (pr.Rank.ACE, "an Ace"), (pr.Rank.QUEEN, "a Queen")],
)
def test_the_rank_an_empty_column_takes_is_named_with_its_article(
    rank: pr.Rank, words: str
) -> None:
    ace_up = pr.FoundationSequence(start=pr.Rank.ACE, length=13, wrap=False)
    rules = pr.GameRules(
        name="x",
        title="X",
        decks=1,
        foundations=[pr.Foundation(suit, ace_up) for suit in pr.Suit],
        tableau=pr.Tableau(
            columns=3, depth=(26, 26, 0), refill=pr.Refill.BY_MOVE, build=pr.Build(), fill_rank=rank
        ),
    )
    state = rules.deal(1)
    assert state.columns[0][-1] == pr.Card.from_str("9H") and state.columns[2] == ()
    with pytest.raises(pr.IllegalMoveError) as caught:
        state.apply(pr.Move.to_column(pr.Place(pr.PileKind.COLUMN, 0), 2))
    assert str(caught.value) == (
        f"illegal move T1-T3 in X: only {words} goes into an empty column, not 9H"
    )


def _refusals() -> list[tuple[str, Callable[[], object], str]]:
    from patience_rules.notation import cards_from_text, move_from_text
    from patience_rules.stats import DealStats, play_deal, wilson_interval

    class Chooses5:
        def chooser(self, deal: int) -> object:
            return 5

    freecell = pr.get_game("freecell")
    seen = pr.Observer(freecell).observe(freecell.deal(1))
    return [
        (
            "a player whose chooser makes no function",
            lambda: play_deal(freecell, 1, Chooses5()),  # type: ignore[arg-type]
            r"a player's chooser\(deal\) returns a function of a state and its legal moves, "
            r"got 5 from ",
        ),
        (
            "a success in no trials",
            lambda: wilson_interval(1, 0),
            "got 1 success in 0 trials$",
        ),
        (
            "one game won twice",
            lambda: DealStats(games=1, wins=2, cards_home=(1,)),
            "got 1 game, 2 wins and 0 stopped$",
        ),
        (
            "a run of no cards",
            lambda: move_from_text("T1-T2:0", freecell),
            "the number of cards it moves, at least 1$",
        ),
        (
            "a rank without its suit among cards",
            lambda: cards_from_text("QH 1 0S"),
            "^malformed cards 'QH 1 0S': '1' after card 1 has no suit",
        ),
        (
            "a record whose game comes after its deal",
            lambda: pr.GameRecord.from_text('[Deal "1"]\n\ndraw\n'),
            r'^a record names its game: expected a \[Game "\.\.\."\] tag$',
        ),
        (
            "an observation's heights out of bounds",
            lambda: pr.Observer(freecell).encode(
                attrs.evolve(seen, foundation_heights=(0, 0, 0, 99))
            ),
            r"within its bounds: foundation_heights does not fit its 4 numbers from 0 to 13, "
            r"got \(0, 0, 0, 99\)$",
        ),
        (
            "an observation's cell that is no card",
            lambda: pr.Observer(freecell).encode(
                attrs.evolve(seen, cells=("AC", None, None, None))  # type: ignore[arg-type]
            ),
            r"cells does not fit its 4 numbers from 0 to 52, got \('AC', None, None, None\)$",
        ),
    ]


@pytest.mark.parametrize(
    ("case", "call", "message"), _refusals(), ids=[case[0] for case in _refusals()]
)
def test_a_refusal_says_what_is_wrong_in_its_own_words(
    case: str, call: Callable[[], object], message: str
) -> None:
    # (from a review of every raise: each said something else, or less)
    with pytest.raises(pr.PatienceRulesError, match=message):
        call()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: pr.Tableau(columns=3, depth=1, runs=pr.Runs.ANY),
            "runs=Runs.ANY needs a build rule: a run is cards built on each other",
        ),
        (
            lambda: pr.Tableau(columns=3, depth=1, fill_rank=pr.Rank.KING),
            "fill_rank says which rank a move may put into an empty column, so it needs "
            "refill=Refill.BY_MOVE, got refill=Refill.NEVER",
        ),
        (
            lambda: pr.Middle(ranks=[pr.Rank.QUEEN, pr.Rank.KING, pr.Rank.QUEEN, pr.Rank.KING]),
            "the middle takes each rank once, got Q K more than once",
        ),
        (
            lambda: Card(pr.Rank.ACE, "x"),  # type: ignore[arg-type]
            "Card(rank, suit) takes a Rank and a Suit, got Rank.ACE and 'x': expected such as "
            "Card(Rank.QUEEN, Suit.HEARTS); Card.from_index() and Card.from_str() read a "
            "card's number and text",
        ),
    ],
)
def test_members_of_enums_are_shown_as_code_writes_them(
    make: Callable[[], object], message: str
) -> None:
    # (as Runs.ANY, never as its repr <Runs.ANY: 'any'>)
    with pytest.raises(pr.PatienceRulesError) as caught:
        make()
    assert str(caught.value) == message


class Wide(enum.IntFlag):
    NARROW = 1
    BROAD = 2


def test_a_value_is_shown_as_code_writes_it_within_its_limit() -> None:
    # A member by its own name; a combination of flags or a member of no name
    # as its repr, which says what it is; never beyond the limit of a quoted value.
    layout = pr.get_game("klondike").layout
    for value, shown in (
        (pr.Runs.ANY, "Runs.ANY"),
        (Wide.BROAD, "Wide.BROAD"),
        (Wide.NARROW | Wide.BROAD, repr(Wide.NARROW | Wide.BROAD)),
        (Wide(8), repr(Wide(8))),
        (re.I | re.M, "re.IGNORECASE|re.MULTILINE"),
    ):
        with pytest.raises(pr.InvalidArgumentError) as caught:
            layout.count(value)  # type: ignore[arg-type]
        assert str(caught.value) == f"expected a PileKind such as PileKind.STOCK, got {shown}"
    long = enum.Enum("Named", {"X" * 300: 1})  # type: ignore[misc]
    with pytest.raises(pr.InvalidArgumentError) as caught:
        layout.count(next(iter(long)))  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200, caught.value
