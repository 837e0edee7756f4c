"""Text and dict forms of games, cards, places, moves and states."""

from __future__ import annotations

import gc
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typing_extensions import assert_type

import patience_rules as pr
from composed import toy_game
from notation_support import (
    GAME_NAMES,
    Played,
    assert_typed_dict,
    assert_valid,
    played_games,
    states_reached,
)
from patience_rules import Card, Move, NotationError, PileKind, Place, Rank, State, Suit
from patience_rules.notation import (
    FORMAT_VERSION,
    StateDict,
    cards_from_text,
    cards_to_text,
    game_from_text,
    game_to_text,
    move_from_text,
    move_to_text,
    place_from_text,
    place_to_text,
    state_from_dict,
    state_from_text,
    state_to_dict,
    state_to_text,
)

ALL_CARDS = pr.standard_deck()
RANK_SPELLINGS = {Rank.ACE: ["A", "a", "1"], Rank.TEN: ["10", "T", "t"]}
SUIT_SPELLINGS = {
    Suit.CLUBS: ["C", "c", "♣", "♧"],
    Suit.DIAMONDS: ["D", "d", "♦", "♢"],
    Suit.HEARTS: ["H", "h", "♥", "♡"],
    Suit.SPADES: ["S", "s", "♠", "♤"],
}

# -- cards ----------------------------------------------------------------


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_reads_back_from_its_text(card: Card) -> None:
    text = str(card)
    assert Card.from_str(text) is card
    assert cards_from_text(text) == (card,)
    assert text[-1] in "CDHS"
    assert 2 <= len(text) <= 3


@given(
    card=st.sampled_from(ALL_CARDS),
    rank_index=st.integers(0, 2),
    suit_index=st.integers(0, 3),
)
def test_every_spelling_of_a_card_reads_as_that_card(
    card: Card, rank_index: int, suit_index: int
) -> None:
    ranks = RANK_SPELLINGS.get(card.rank, [card.rank.symbol, card.rank.symbol.lower()])
    rank = ranks[rank_index % len(ranks)]
    suit = SUIT_SPELLINGS[card.suit][suit_index]
    assert Card.from_str(rank + suit) is card
    assert cards_from_text(rank + suit + rank + suit) == (card, card)


@given(
    cards=st.lists(st.sampled_from(ALL_CARDS), max_size=120),
    separator=st.sampled_from(["", " ", "  ", "\t"]),
)
def test_runs_of_cards_read_back(cards: list[Card], separator: str) -> None:
    assert cards_from_text(cards_to_text(cards, separator)) == tuple(cards)


def _spelled(card: Card, rank_index: int, suit_index: int) -> str:
    ranks = RANK_SPELLINGS.get(card.rank, [card.rank.symbol, card.rank.symbol.lower()])
    return ranks[rank_index % len(ranks)] + SUIT_SPELLINGS[card.suit][suit_index]


@given(
    spelled=st.lists(
        st.tuples(
            st.sampled_from(ALL_CARDS),
            st.integers(0, 2),
            st.integers(0, 3),
            st.sampled_from(["", " ", "  ", "\t", "\n"]),
        ),
        max_size=60,
    ),
)
def test_runs_of_cards_in_any_spelling_read_back(
    spelled: list[tuple[Card, int, int, str]],
) -> None:
    # (The writers' own spelling is read by a quicker path: mixed with others
    # and alone, a run reads as its cards.)
    text = "".join(_spelled(card, r, s) + after for card, r, s, after in spelled)
    assert cards_from_text(text) == tuple(card for card, *_ in spelled)


def test_a_text_of_a_subclass_is_read_by_its_characters() -> None:
    class Sly(str):
        __slots__ = ()

        def __hash__(self) -> int:
            return hash("QH")

        def __eq__(self, other: object) -> bool:
            return True

    assert Card.from_str(Sly("KS")) is Card.from_str("KS")
    assert cards_from_text(Sly("KS10D")) == (Card.from_str("KS"), Card.from_str("10D"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("QH1", "'1' after card 1 has no suit"),
        ("QH 10 S", "after card 1 has no suit"),
        ("QX", r"^malformed cards 'QX': 'QX' has no suit: expected a rank \(A or 1, 2-10"),
        ("XH", "malformed card 'XH'"),
        ("11H", "malformed card '11H'"),
    ],
)
def test_malformed_runs_of_cards_are_refused(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        cards_from_text(text)


# -- games ------------------------------------------------------------------


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_registered_game_reads_back_from_its_text(name: str) -> None:
    rules = pr.get_game(name)
    text = game_to_text(rules)
    assert game_from_text(text) == rules
    assert " " not in text


def test_options_are_written_only_when_they_differ_from_the_registered_game() -> None:
    assert game_to_text(pr.get_game("captive-queens")) == "captive-queens"
    assert game_to_text(pr.get_game("royal-cotillion-stock-refill")) == (
        "royal-cotillion-stock-refill"
    )
    assert game_to_text(pr.get_game("easy-start-parlett")) == "easy-start[redeals=3]"
    assert game_to_text(pr.get_game("captive-queens", redeals=0)) == "captive-queens[redeals=0]"
    assert game_from_text("Quadrille") == pr.get_game("captive-queens")
    assert game_from_text("royal-cotillion[stock_refill=true]") == pr.get_game(
        "royal-cotillion-stock-refill"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("spider", "unknown game 'spider'"),
        ("easy-start[redeals=true]", "redeals is a whole number"),
        ("easy-start[redeals=3", "must end with"),
        ("klondike[draw=3]extra", r"nothing may follow the options' '\]', got 'extra'"),
        (
            "easy-start[redeals]",
            r"the option 'redeals' has no value: expected key=value, such as 'redeals=2' "
            r"\(an option left out takes its default\)$",
        ),
        ("klondike[draw=1, redeals ]", r"'redeals' has no value: expected key=value \(an "),
        ("spider[draw]", "unknown game 'spider'"),
        ("klondike[nosuch]", "^game 'klondike' does not take the option nosuch: it takes draw=1, "),
        ("easy-start[redeals 2]", "expected options as key=value"),
        ("easy-start[redeals=1,redeals=2]", "given twice"),
        ("easy-start[colour=1]", "does not take the option colour: it takes redeals=2 "),
        ("easy-start[redeals=x]", "malformed value 'x'"),
        ('easy-start[redeals="%FF"]', "malformed value"),
        (
            "klondike[redeals=None]",
            "option redeals: game text has no value for None: leave the option out",
        ),
        ("klondike[redeals=null]", "no value for None"),
        ("[redeals=1]", "expected a registered name"),
    ],
)
def test_malformed_games_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        game_from_text(text)


def test_an_option_a_game_does_not_take_lists_what_it_takes_as_the_notation_writes_it() -> None:
    with pytest.raises(NotationError) as caught:
        game_from_text("klondike[foo=1]")
    message = str(caught.value)
    assert message.endswith("it takes draw=1, redeals, foundation_back=false (defaults shown)")
    # What the message shows reads back: false (and False, as Python writes it).
    assert game_from_text("klondike[foundation_back=false]") == pr.get_game("klondike")
    assert game_from_text("klondike[foundation_back=False,draw=3]") == pr.get_game(
        "klondike", draw=3
    )
    with pytest.raises(NotationError, match="of at most 18 digits, got one of 19 digits"):
        game_from_text("klondike[draw=1000000000000000000]")


@pytest.mark.parametrize(
    "text",
    [
        "klondike[draw=3, redeals=2]",
        "klondike[ draw = 3 ,redeals=2 ]",
        " klondike[draw=3,redeals=2]",
    ],
)
def test_white_space_around_options_is_read(text: str) -> None:
    # As one types options in a shell's quotes; the writers write none.
    rules = game_from_text(text)
    assert rules == pr.get_game("klondike", draw=3, redeals=2)
    assert game_to_text(rules) == "klondike[draw=3,redeals=2]"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "klondike[ draw ]",
            "the option 'draw' has no value: expected key=value, such as 'draw=1'",
        ),
        ("klondike[dr aw=3]", "expected options as key=value separated by commas, got 'dr aw=3'"),
        ("klondike[draw=3 3]", "option draw: malformed value '3 3'"),
        ("klondike[draw=3, zz]", "game 'klondike' does not take the option zz: it takes draw=1"),
    ],
)
def test_an_option_is_refused_for_what_is_wrong_with_it(text: str, message: str) -> None:
    # (an option after a comma and a space was refused as one the game does not
    # take, its value in its name: "does not take the option redeals=2")
    with pytest.raises(NotationError, match=re.escape(message)):
        game_from_text(text)


@pytest.mark.usefixtures("isolated_registry")
def test_a_foundation_of_more_than_13_cards_is_written_whole() -> None:
    # Its top card comes twice in its sequence: the King of hearts on top says
    # 13 or 26 cards, so the text form writes each pile whole, as where a
    # foundation takes any suit.
    twice = pr.FoundationSequence(start=Rank.ACE, length=26)
    rules = pr.GameRules(
        name="twice-up",
        title="Twice up",
        decks=2,
        foundations=[pr.Foundation(suit, twice) for suit in pr.Suit],
        stock=pr.Stock(redeals=None),
    )
    pr.register_game("twice-up", lambda: rules, summary="Aces up twice.")
    state = pr.get_game("twice-up").deal(1)
    while max(state.foundation_heights) <= 13:
        state = state.apply(state.legal_moves()[0])
    text = state_to_text(state)
    piles = text.split()[1].split("/")
    assert [len(cards_from_text(pile)) for pile in piles] == list(state.foundation_heights)
    assert state_from_text(text) == state
    # (a foundation of 13 cards or fewer is still written by its top card)
    assert state_to_text(pr.get_game("royal-cotillion").deal(1)).split()[1] == (
        "AC/AD/AH/AS/2C/2D/2H/2S"
    )


def test_a_game_with_many_options_is_refused_briefly() -> None:
    # At most 64 options, counted before any is read; unknown ones named five at most.
    many = "easy-start[" + ",".join(f"k{i}=1" for i in range(20_000)) + "]"
    with pytest.raises(NotationError, match="at most 64 options, got 20000") as caught:
        game_from_text(many)
    assert len(str(caught.value)) < 300
    unknown = "easy-start[" + ",".join(f"k{i}=1" for i in range(30)) + "]"
    with pytest.raises(NotationError) as caught:
        game_from_text(unknown)
    assert "the options k0, k1, k2, k3, k4 and 25 more: it takes redeals=2" in str(caught.value)
    saved = pr.state_to_dict(pr.get_game("easy-start").deal(1))
    saved["options"] = {f"k{i}": 1 for i in range(20_000)}
    with pytest.raises(NotationError) as caught:
        pr.state_from_dict(saved)
    assert len(str(caught.value)) < 300


def test_text_option_values_are_read_percent_decoded() -> None:
    # easy-start refuses a text value, and its message shows the decoded text.
    with pytest.raises(NotationError, match=r"got 'a b,\]'"):
        game_from_text('easy-start[redeals="a%20b%2C%5D"]')
    with pytest.raises(NotationError, match=r"got '3'"):
        game_from_text('easy-start[redeals="3"]')
    with pytest.raises(NotationError, match=r"got ''"):  # (the empty text)
        game_from_text('easy-start[redeals=""]')
    # A double quote inside the quotes is percent-encoded, never written as it is.
    for value in ('""a"', '"a""', '"a"b"'):
        with pytest.raises(NotationError, match=r"malformed value .*percent-encoded text"):
            game_from_text(f"easy-start[redeals={value}]")


_REGISTER_AND_WRITE = """
import patience_rules as pr
from patience_rules.notation import game_from_text, game_to_text

def colours(*, colour="green"):
    rules = pr.get_game("captive-queens")
    return pr.GameRules(
        name="colours", title="Colours", decks=1, foundations=rules.foundations,
        middle=rules.middle, stock=rules.stock, compulsion=rules.compulsion,
        options=(("colour", colour),),
    )

pr.register_game("colours", colours, summary="a game with a text option")
rules = colours(colour='a "b", [c]')
text = game_to_text(rules)
assert game_from_text(text) == rules
assert game_to_text(colours()) == "colours"
print(text)
"""


def test_text_option_values_are_written_percent_encoded() -> None:
    # In a process of its own, so that the registry here stays as it is.
    src = Path(__file__).resolve().parent.parent / "src"
    result = subprocess.run(
        [sys.executable, "-c", _REGISTER_AND_WRITE],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(src)},
        check=True,
    )
    assert result.stdout.strip() == 'colours[colour="a%20%22b%22%2C%20%5Bc%5D"]'


def test_rules_the_registry_does_not_make_cannot_be_written() -> None:
    rules = pr.get_game("captive-queens")
    unregistered = pr.GameRules(
        name="captive-queens",
        title="Captive Queens",
        decks=1,
        foundations=rules.foundations,
        middle=rules.middle,
        stock=pr.Stock(redeals=1),
        compulsion=rules.compulsion,
        options=(),
    )
    with pytest.raises(NotationError, match="cannot be written down"):
        game_to_text(unregistered)
    with pytest.raises(NotationError, match="cannot be written down"):
        state_to_text(unregistered.deal(1))


def test_rules_built_by_hand_as_the_registry_builds_them_are_its_game() -> None:
    # The parts' defaults differ from FreeCell's spelling (wrap=True on a
    # sequence that never wraps, one depth per column): the same game.
    by_hand = pr.GameRules(
        name="freecell",
        title="FreeCell",
        decks=1,
        foundations=[
            pr.Foundation(suit, pr.FoundationSequence(start=pr.Rank.ACE)) for suit in pr.Suit
        ],
        tableau=pr.Tableau(
            columns=8,
            depth=(7, 7, 7, 7, 6, 6, 6, 6),
            refill=pr.Refill.BY_MOVE,
            build=pr.Build(),
            runs=pr.Runs.SUPERMOVE,
        ),
        reserve=pr.Reserve(cells=4, refill=pr.Refill.BY_MOVE, name="Free cells", dealt=False),
        shuffle=pr.Shuffle.MICROSOFT,
    )
    assert by_hand == pr.freecell() and hash(by_hand) == hash(pr.freecell())
    assert pr.is_registered(by_hand)
    assert state_to_text(by_hand.deal(1)) == state_to_text(pr.freecell().deal(1))


def test_rules_under_a_registered_name_say_where_they_differ_from_it() -> None:
    freecell = pr.freecell()
    assert freecell.tableau is not None and freecell.reserve is not None
    bakers = attrs.evolve(
        freecell, tableau=attrs.evolve(freecell.tableau, build=pr.Build(suits=pr.Suits.SAME))
    )
    with pytest.raises(NotationError) as caught:
        game_to_text(bakers)
    assert str(caught.value) == (
        "<GameRules 'freecell': FreeCell> cannot be written down: a game is written as its "
        "registry name and options, and the registry's 'freecell' with these options is "
        "other rules (they differ at tableau.build.suits: Suits.SAME here, Suits.ALTERNATE "
        "there); "
        "build the rules as get_game('freecell', ...) does, or give them a name of their "
        "own and register them with register_game"
    )
    deeper = attrs.evolve(freecell, reserve=attrs.evolve(freecell.reserve, cells=5))
    with pytest.raises(NotationError, match=r"differ at reserve\.cells: 5 here, 4 there\)"):
        game_to_text(deeper)
    # A difference of spelling alone (a sequence's wrap, a depth per column) is
    # never the one named: the parts compare equal there.
    klondike = pr.get_game("klondike")
    first = klondike.foundations[0]
    assert klondike.tableau is not None
    spelt = attrs.evolve(
        klondike,
        foundations=(
            attrs.evolve(first, sequence=attrs.evolve(first.sequence, wrap=True)),
            *klondike.foundations[1:],
        ),
        tableau=attrs.evolve(klondike.tableau, depth=klondike.tableau.depths),
    )
    assert spelt == klondike
    forced = attrs.evolve(spelt, compulsion=pr.Compulsion.FORCED)
    with pytest.raises(NotationError) as caught:
        game_to_text(forced)
    assert "differ at compulsion: Compulsion.FORCED here, Compulsion.NONE there" in str(
        caught.value
    )
    # Options the registry refuses under its own name: no advice to register it.
    with pytest.raises(NotationError) as caught:
        game_to_text(attrs.evolve(klondike, options=(("draw", 99),)))
    assert str(caught.value).endswith(
        "(game 'klondike': draw is 1 or 3, got 99); build the rules as get_game does, or "
        "give them a name of their own and register them with register_game"
    )


# -- places and moves ---------------------------------------------------------


def _every_place(rules: pr.GameRules) -> list[Place]:
    return list(rules.layout.places)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_place_and_every_move_shape_of_a_game_reads_back(name: str) -> None:
    rules = pr.get_game(name)
    places = _every_place(rules)
    texts = {place_to_text(place) for place in places}
    assert len(texts) == len(places)  # no two places share a text
    state = rules.deal(1)
    for place in places:
        assert place_from_text(place_to_text(place), rules) == place
        assert place_from_text(place_to_text(place), state) == place  # (as move_from_text)
        # The game is passed by the same keyword as to move_from_text, and both
        # readers and the loose reader are the package's own names too.
        assert pr.place_from_text(pr.place_to_text(place), game=state) == place
    layout = rules.layout
    for move in layout.moves:
        assert move_to_text(move) == str(move)
        if (move.is_draw and not layout.has_stock) or (move.is_redeal and not layout.has_redeal):
            # (ids 0 and 1 in every game: refused where the layout has no such move)
            with pytest.raises(NotationError, match=rf"{rules.title} has no (stock|redeal)"):
                move_from_text(str(move), rules)
        else:
            assert move_from_text(str(move), game=rules) == move


@given(game=played_games())
@settings(max_examples=60)
def test_every_legal_move_of_a_reached_state_reads_back(game: Played) -> None:
    for state in game.states[-3:]:
        for move in state.legal_moves():
            assert move_from_text(str(move), state.rules) == move
            assert move_from_text(str(move), state) == move
            assert state.apply(move_from_text(str(move), state)) == state.apply(move)


def test_the_text_of_royal_cotillions_moves_names_the_places_checked_by_hand() -> None:
    game = pr.get_game("royal-cotillion")
    state = game.deal_from(game.deck())
    # Bases AC AD AH AS 2C 2D 2H 2S come out of deck 1 first; then the Ladies
    # get 3C..KC 3D in rows of four and the Lords 4D..KD 3H..8H.
    assert [str(move) for move in state.legal_moves()] == [
        "T4-F2",  # 3D onto the Ace of diamonds
        "R1-F6",  # 4D onto the Deuce of diamonds
        "R11-F3",  # 3H onto the Ace of hearts
        "R12-F7",  # 4H onto the Deuce of hearts
        "draw",
    ]


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("royal-cotillion", "T5-F1", "has Ladies columns T1 to T4"),
        ("royal-cotillion", "R0-F1", "has Lords cells R1 to R16"),
        ("royal-cotillion", "W-F9", "has foundations F1 to F8"),
        ("royal-cotillion", "W-M", "Royal Cotillion has no middle"),
        # (the draw and the redeal as places: the same checks as their words)
        ("royal-cotillion", "W-S", "Royal Cotillion has no redeal"),
        ("royal-cotillion", "S-W:2", "never moves 2 cards from the stock to the waste"),
        ("royal-cotillion", "W-S:2", "never moves 2 cards from the waste to the stock"),
        ("captive-queens", "T1-F1", "Captive Queens has no tableau columns"),
        ("captive-queens", "F1-F2", "Captive Queens never moves a card from foundation 1"),
        ("captive-queens", "W-W", "never moves a card from the waste to the waste"),
        ("freecell", "T1-T2:9999", "FreeCell never moves 9999 cards from Tableau column 1"),
        ("freecell", "T1-T2:99999", "FreeCell never moves 99999 cards from Tableau column 1"),
        ("freecell", "T1-T2:9999999999", "malformed move .T1-T2:9999999999."),
        ("captive-queens", "W1-M", "expected W alone"),
        ("captive-queens", "X-M", "malformed place 'X'"),
        ("captive-queens", "W-M-F1", "malformed move"),
        ("captive-queens", "", "malformed move"),
    ],
)
def test_malformed_moves_are_refused_with_the_reason(name: str, text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        move_from_text(text, pr.get_game(name))


def test_move_words_and_their_place_forms_read_the_same() -> None:
    rules = pr.get_game("captive-queens")
    assert move_from_text(" DRAW ", rules) == move_from_text("s-w", rules) == Move.draw()
    assert move_from_text("Redeal", rules) == move_from_text("W-S", rules) == Move.redeal()
    assert move_from_text("w-m", rules) == Move.to_middle(Place(PileKind.WASTE))


# -- states -----------------------------------------------------------------


@given(state=states_reached())
@settings(max_examples=80)
def test_every_reached_state_reads_back_from_its_text(state: State) -> None:
    text = state_to_text(state)
    assert "\n" not in text
    again = state_from_text(text)
    assert again == state
    assert again.rules == state.rules
    assert state_to_text(again) == text


@given(state=states_reached())
@settings(max_examples=80)
def test_every_reached_state_reads_back_from_its_dict_through_json(state: State) -> None:
    data = state_to_dict(state)
    assert data["version"] == FORMAT_VERSION
    assert_typed_dict(data, StateDict)
    again = state_from_dict(json.loads(json.dumps(data)))
    assert again == state
    assert state_to_dict(again) == data


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_state_dict_has_the_keys_of_its_games_parts(name: str) -> None:
    state = pr.get_game(name).deal(1)
    data = state_to_dict(state)
    assert_typed_dict(data, StateDict)
    layout = state.rules.layout
    parts = {
        "middle": layout.has_middle,
        "columns": layout.columns > 0,
        "face_down": layout.face_down,
        "cells": layout.cells > 0,
        "stock": layout.has_stock,
        "waste": layout.has_stock,
        "rules": False,  # registered games are named, not written out
    }
    assert StateDict.__optional_keys__ == parts.keys()
    assert {key for key in parts if key in data} == {key for key, has in parts.items() if has}
    assert len(data["foundations"]) == layout.foundations
    assert len(data.get("columns", [])) == layout.columns
    assert len(data.get("cells", [])) == layout.cells
    # What a type checker knows of the dict form (checked by mypy on this file).
    assert_type(data["foundations"], list[list[str]])
    assert_type(data.get("cells"), list[str | None] | None)
    assert_type(data["redeals_used"], int)


def test_a_state_text_checked_by_hand() -> None:
    game = pr.get_game("easy-start")
    state = game.deal_from(game.deck())
    # The 6s, 5s and Queens are laid out; the other 40 cards are the stock
    # with AC on top, so written bottom to top it runs from KS down to AC.
    stock = "".join(
        f"{rank}{suit}"
        for suit in "SHDC"
        for rank in ["K", "J", "10", "9", "8", "7", "4", "3", "2", "A"]
    )
    assert state_to_text(state) == (f"easy-start 6C/6D/6H/6S/5C/5D/5H/5S QCQDQHQS {stock} - 0")
    for move in ["draw"] * 4 + ["W-F5"] * 4 + ["draw", "W-F1"]:
        state = state.apply(move_from_text(move, state))
    # 4C, 3C, 2C and AC went down on the 5C; then 7C on the 6C.
    assert state_to_text(state) == (
        f"easy-start 7C/6D/6H/6S/AC/5D/5H/5S QCQDQHQS {stock[: -len('7C4C3C2CAC')]} - 0"
    )


def test_a_middle_written_in_any_order_reads_as_the_same_state() -> None:
    state = pr.get_game("easy-start").deal(5)
    text = state_to_text(state)
    assert "QCQDQHQS" in text
    assert state_from_text(text.replace("QCQDQHQS", "QSQHQ♦QC")) == state


def _royal_fields() -> list[str]:
    return state_to_text(pr.get_game("royal-cotillion").deal(7)).split(" ")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda f: f[:-1], r"has 7 fields \(game, foundations, columns, cells, stock, waste"),
        (lambda f: [f[0], "AC/AD/AH/AS/2C/2D/2H", *f[2:]], "foundations: expected 8 foundations"),
        (lambda f: [f[0], "AD/AD/AH/AS/2C/2D/2H/2S", *f[2:]], r"F1 \(clubs A 3 5 7"),
        (
            lambda f: [f[0], "-/AD/AH/AS/2C/2D/2H/2S", *f[2:]],
            "laid out before play, so it holds at least its base card",
        ),
        (lambda f: [f[0], "XC/AD/AH/AS/2C/2D/2H/2S", *f[2:]], "foundations: F1: malformed"),
        (lambda f: [*f[:2], "/".join(f[2].split("/")[:3]), *f[3:]], "expected 4 columns"),
        (lambda f: [*f[:2], f[2].replace("9C", "9X"), *f[3:]], "columns: T1: malformed"),
        (
            lambda f: [*f[:3], f[3].replace("/", "", 1), *f[4:]],
            "expected 16 cells separated by .*, got 15",
        ),
        (lambda f: [*f[:3], f[3].replace("6D", "6DD", 1), *f[4:]], "cells: R1: malformed"),
        (
            lambda f: [*f[:-1], "1"],
            "redeals_used: expected 0 \\(the rules allow no redeal\\), got 1",
        ),
        (lambda f: [*f[:-1], "x"], "redeals_used: expected the number of redeals used"),
        (lambda f: [*f[:-3], f[-3][2:], *f[-2:]], "cards: .* exactly .*: missing QC$"),
        (lambda f: [*f[:-2], "KS", f[-1]], "cards: .* exactly .*: extra KS$"),
        (lambda f: [*f[:-2], "QC2", f[-1]], "waste: malformed cards 'QC2'"),
        (
            lambda f: [*f[:3], f[3].replace("6D", "-", 1), f[4], "6D", f[6]],
            "Lords cell 1 is empty while the waste has cards",
        ),
        (lambda f: ["royal-cotillion[stock_refill=1]", *f[1:]], "stock_refill is True or False"),
        (lambda f: ["captive-queens", *f[1:]], "a state of Captive Queens has 6 fields"),
    ],
)
def test_malformed_states_are_refused_naming_the_field(change: object, message: str) -> None:
    fields = change(_royal_fields())  # type: ignore[operator]
    with pytest.raises(NotationError, match=message):
        state_from_text(" ".join(fields))


def test_a_malformed_foundation_of_any_suit_is_named_by_its_place() -> None:
    # Windmill's foundations record their cards: each is read as a pile.
    fields = state_to_text(pr.get_game("windmill").deal(1)).split(" ")
    assert fields[1] == "AH/-/-/-/-"
    fields[1] = "AH/-/ZZ/-/-"
    with pytest.raises(NotationError, match=r"^foundations: F3: malformed cards 'ZZ'"):
        state_from_text(" ".join(fields))


def test_a_redeal_count_of_any_limit_reads_back() -> None:
    # Redeal limits go up to 10**18, and so do the counts the text writes.
    # (a registered game's options have at most 18 digits)
    rules = pr.get_game("easy-start", redeals=10**18 - 1)
    saved = pr.state_to_dict(rules.deal(1))
    for used in (10**9, 10**10, 10**18 - 1):
        saved["redeals_used"] = used
        state = pr.state_from_dict(saved)
        assert state_from_text(state_to_text(state)) == state
    with pytest.raises(NotationError, match="redeals_used: expected the number of redeals used"):
        state_from_text(state_to_text(state).rpartition(" ")[0] + " " + "1" * 20)


def test_a_foundation_top_outside_its_sequence_is_refused() -> None:
    state = pr.get_game("captive-queens").deal(1)
    fields = state_to_text(state).split(" ")
    fields[1] = "5C/-/-/-/-/-/-/-"
    with pytest.raises(NotationError, match=r"F1 \(clubs 6 7 8 9 10 J\) cannot have 5C"):
        state_from_text(" ".join(fields))


@pytest.mark.parametrize(
    ("column", "message"),
    [
        ("ZS|6D", "columns: T2: face down: malformed card 'ZS'"),
        ("9C9|6D", "columns: T2: face down: malformed cards '9C9'"),
        ("9C|6X", "columns: T2: malformed cards '6X'"),
        ("9C6D", "columns: T2: expected the face-down cards, '|', then the face-up cards"),
    ],
)
def test_a_bad_face_down_column_is_refused_naming_it(column: str, message: str) -> None:
    fields = state_to_text(pr.get_game("klondike").deal(1)).split(" ")
    columns = fields[2].split("/")
    assert columns[1] == "9C|6D"
    columns[1] = column
    fields[2] = "/".join(columns)
    with pytest.raises(NotationError, match=re.escape(message)):
        state_from_text(" ".join(fields))


def test_a_dict_form_with_rules_must_name_their_game_and_options() -> None:
    # The rules decide, but a game or options that contradict them are refused
    # (as a record's Game tag that is not its Rules' game is).
    data = pr.get_game("captive-queens").to_dict()
    data["name"], data["options"] = "queens-of-mine", {"label": "x"}
    rules = pr.GameRules.from_dict(data)
    saved = state_from_dict_ready(rules)
    record = pr.GameRecord(rules, 1).to_dict()
    assert pr.state_from_dict(saved).rules == rules
    assert pr.GameRecord.from_dict(record).rules == rules
    for key, value, message in [
        ("game", "klondike", "game: the rules are those of 'queens-of-mine', not of the game"),
        ("game", 12345, "game: expected a game name, got 12345"),
        ("options", {"label": "y"}, "options: the rules have the options {'label': 'x'}"),
        ("options", {}, "options: the rules have the options"),
        ("options", [], "options: expected a mapping"),
    ]:
        with pytest.raises(NotationError, match=re.escape(message)):
            pr.state_from_dict({**saved, key: value})
        with pytest.raises(NotationError, match=re.escape(message)):
            pr.GameRecord.from_dict({**record, key: value})
    # Options may be left out: the rules carry them.
    assert pr.state_from_dict({k: v for k, v in saved.items() if k != "options"}).rules == rules


def state_from_dict_ready(rules: pr.GameRules) -> dict[str, object]:
    data = json.loads(json.dumps(pr.state_to_dict(rules.deal(1))))
    assert isinstance(data, dict) and "rules" in data
    return data


def test_a_column_deeper_than_its_deal_is_refused() -> None:
    fields = _royal_fields()
    columns = fields[2].split("/")
    cells = fields[3].split("/")
    columns[0] += cells[0]
    cells[0] = "-"
    fields[2], fields[3] = "/".join(columns), "/".join(cells)
    fields[4] = fields[4][: -len(fields[5])] if fields[5] != "-" else fields[4]
    with pytest.raises(NotationError, match="Ladies column 1 holds 4 cards"):
        state_from_text(" ".join(fields))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=2), "expected format version 1"),
        (lambda d: d.pop("stock"), "lacks the key stock"),
        (lambda d: d.update(colour="red"), "the unknown key 'colour'"),
        (lambda d: d.update(options={"redeals": 1.5}), "options: expected names"),
        (lambda d: d.update(middle=[]), "Royal Cotillion has no middle"),
        (lambda d: d["foundations"][0].append("5C"), "holds a start of its sequence"),
        (lambda d: d["stock"].append(7), "stock, card 69: a card is written as text"),
        (lambda d: d.update(redeals_used="0"), "redeals_used: expected a whole number"),
        (lambda d: d.update(cells=d["cells"][1:]), "cells: expected 16 cells, got 15"),
    ],
)
def test_malformed_dicts_are_refused_naming_the_key(change: object, message: str) -> None:
    data = json.loads(json.dumps(state_to_dict(pr.get_game("royal-cotillion").deal(7))))
    change(data)  # type: ignore[operator]
    with pytest.raises(NotationError, match=message):
        state_from_dict(data)


@pytest.mark.parametrize("reader", [state_from_text, state_from_dict, game_from_text])
def test_readers_refuse_values_of_the_wrong_type(reader: object) -> None:
    for value in (None, 3, b"captive-queens", ["captive-queens"]):
        with pytest.raises(NotationError):
            reader(value)  # type: ignore[operator]


@given(state=states_reached(max_steps=60))
@settings(max_examples=30)
def test_states_read_from_text_are_valid_positions(state: State) -> None:
    assert_valid(state_from_text(state_to_text(state)))


@pytest.mark.parametrize(
    ("write", "value", "message"),
    [
        (state_to_text, None, "state_to_text writes a State, got None"),
        (pr.state_to_dict, "klondike", "state_to_dict writes a State, got 'klondike'"),
        (pr.state_to_svg, 3, "state_to_svg draws a State, got 3"),
        (pr.move_to_text, "T1-F1", "move_to_text writes a Move, got 'T1-F1'"),
        (place_to_text, "T1", "place_to_text writes a Place, got 'T1'"),
        (cards_to_text, None, "cards_to_text writes cards, got None"),
        # (a str is an iterable, but of characters: it would come out as it went in)
        (cards_to_text, "klondike", "cards_to_text writes cards, got 'klondike'"),
        (cards_to_text, [pr.Card.from_str("AC"), "x"], "got 'x' among them"),
    ],
)
def test_the_writers_refuse_what_they_cannot_write(
    write: Callable[[Any], str], value: object, message: str
) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        write(value)


def test_reading_a_move_keeps_nothing_of_a_game_once_it_is_dropped() -> None:
    # The tables the readers work out from a layout go with it: a cache of the
    # module's own kept every layout it met alive (64 of them, some 14 MB each
    # for a composed game of 64 columns).
    rules = toy_game(name="dropped-after-reading")
    state = rules.deal(1)
    move = state.legal_moves()[0]
    assert pr.move_from_text(str(move), state) == move
    with pytest.raises(NotationError, match="malformed place 'Q9'"):
        pr.move_from_text("Q9-F1", state)
    layout = id(rules.layout)
    del rules, state, move
    gc.collect()
    assert not any(type(held) is pr.Layout and id(held) == layout for held in gc.get_objects())
