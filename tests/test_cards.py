"""Cards, ranks, suits and decks."""

from __future__ import annotations

import copy
import operator
import pickle
import typing
from collections.abc import Callable
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience_rules as pr
from foreign_numbers import Int64, bool_
from patience_rules import (
    Card,
    InvalidRulesError,
    NotationError,
    PatienceRulesError,
    Rank,
    Suit,
    standard_deck,
)
from patience_rules.cards import MAX_DECKS


def test_cards_are_interned_values() -> None:
    for rank in Rank:
        for suit in Suit:
            card = Card(rank, suit)
            assert card is Card(rank, suit)
            assert (card.rank, card.suit) == (rank, suit)
            assert Card.from_index(card.index) is card
            assert pickle.loads(pickle.dumps(card)) is card
            assert copy.deepcopy(card) is card


def test_a_deal_of_cards_made_around_the_interning_holds_the_interned_cards() -> None:
    # int.__new__ makes a second object for a card, equal to none (a card
    # equals only itself); a deck order is read by index, so the deal is the
    # deal of the interned cards in every game.
    for name in pr.game_names():
        game = pr.get_game(name)
        order = [int.__new__(Card, card.index) for card in game.deck_order(1)]
        assert order[0] is not game.deck_order(1)[0]
        dealt = game.deal_from(order)
        assert dealt == game.deal(1) and dealt.legal_moves() == game.deal(1).legal_moves()


def test_every_card_has_a_distinct_index_from_0_to_51() -> None:
    indexes = sorted(Card(rank, suit).index for rank in Rank for suit in Suit)
    assert indexes == list(range(52))


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("QH", Rank.QUEEN, Suit.HEARTS),
        ("10S", Rank.TEN, Suit.SPADES),
        ("TS", Rank.TEN, Suit.SPADES),
        ("ac", Rank.ACE, Suit.CLUBS),
        ("7♦", Rank.SEVEN, Suit.DIAMONDS),
        ("K♠", Rank.KING, Suit.SPADES),
    ],
)
def test_card_text_parses(text: str, rank: Rank, suit: Suit) -> None:
    assert Card.from_str(text) is Card(rank, suit)


def test_card_text_round_trips() -> None:
    for card in standard_deck():
        assert Card.from_str(str(card)) is card
        assert Card.from_str(card.pretty) is card
        assert eval(repr(card), {"Card": Card}) is card


@pytest.mark.parametrize("text", ["", "Q", "H", "11H", "QX", "Q H", "QHH", "0S", "♥Q", "１S"])
def test_malformed_card_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match="malformed card"):
        Card.from_str(text)


@pytest.mark.parametrize(
    "text",
    [
        "Aſ",  # "ſ".upper() == "S"
        "ﬀS",  # "ﬀ".upper() == "FF"
        "Aｓ",  # a full-width s
        "１０S",  # full-width digits
        "ıS",  # dotless i: "ı".upper() == "I"
        "KＨ",
        "\u212aS",  # the Kelvin sign, whose lower case is "k"
    ],
)
def test_only_the_documented_letters_and_glyphs_are_read(text: str) -> None:
    with pytest.raises(NotationError, match="malformed card"):
        Card.from_str(text)


def test_every_documented_spelling_is_read() -> None:
    for card in standard_deck():
        rank, suit = card.rank.symbol, card.suit.symbol
        spellings = {rank + suit, rank.lower() + suit.lower(), rank + card.suit.glyph}
        if rank == "10":
            spellings |= {"T" + suit, "t" + suit.lower()}
        if rank == "A":
            spellings |= {"1" + suit}
        for text in spellings:
            assert Card.from_str(text) is card
    assert Card.from_str("Q♡") is Card.from_str("QH")
    assert Card.from_str(" a♤ ") is Card.from_str("AS")


@pytest.mark.parametrize(
    ("rank", "suit"),
    [
        (1, 2),
        (12, Suit.HEARTS),
        (Rank.QUEEN, 2),
        ("Q", "H"),
        (None, None),
        (Suit.HEARTS, Rank.QUEEN),
    ],
)
def test_the_card_constructor_takes_only_a_rank_and_a_suit(rank: object, suit: object) -> None:
    with pytest.raises(
        NotationError, match=r"takes a Rank and a Suit.*Card\(Rank.QUEEN, Suit.HEARTS\)"
    ):
        Card(rank, suit)  # type: ignore[arg-type]


HUGE = pytest.param(10**5000, id="10**5000")


@pytest.mark.parametrize("index", [52, -1, True, 2.0, "3", None, HUGE, -(2**70)])
def test_a_card_index_is_a_whole_number_from_0_to_51(index: object) -> None:
    with pytest.raises(NotationError, match="from 0 to 51, got") as raised:
        Card.from_index(index)  # type: ignore[arg-type]
    assert isinstance(raised.value, ValueError)
    assert len(str(raised.value)) < 120


def test_a_card_index_may_be_a_card_or_a_rank() -> None:
    queen = Card.from_str("QH")
    assert Card.from_index(queen) is queen
    assert Card.from_index(Rank.KING) is Card.from_str("AD")


def test_two_decks_hold_each_card_twice_as_equal_values() -> None:
    deck = standard_deck(2)
    assert len(deck) == 104
    assert all(deck.count(card) == 2 for card in standard_deck())
    assert len(standard_deck(MAX_DECKS)) == 52 * MAX_DECKS
    # A number of decks is read as a number (by __index__), as a deal number is.
    assert standard_deck(Int64(2)) == deck


@pytest.mark.parametrize(
    "decks", [0, -1, MAX_DECKS + 1, HUGE, 1.0, "2", None, True, bool_(), Int64(0)]
)
def test_a_bad_number_of_decks_is_a_rules_error(decks: object) -> None:
    with pytest.raises(InvalidRulesError, match="number of decks is a whole number") as raised:
        standard_deck(decks)  # type: ignore[arg-type]
    assert isinstance(raised.value, PatienceRulesError)
    assert len(str(raised.value)) < 120


def test_cards_sort_by_suit_then_rank() -> None:
    assert sorted([Card.from_str("2S"), Card.from_str("KC"), Card.from_str("AC")]) == [
        Card.from_str("AC"),
        Card.from_str("KC"),
        Card.from_str("2S"),
    ]


class Indexable:
    """A number of one's own: it has ``__index__``, as NumPy's integers do."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


@pytest.mark.parametrize("number", [0, 51, True, False, Rank.ACE, Suit.CLUBS, Indexable(0)])
def test_a_card_never_equals_a_number(number: object) -> None:
    # AC's index is 0, KS's 51; True is 1 (2C), Rank.ACE is 1, Suit.CLUBS is 0.
    for card in standard_deck():
        assert card != number and not card == number  # noqa: SIM201
        if type(number) in (int, Indexable):
            # Python asks the card first (int's subclass) or alone: the same answer.
            # A bool, an IntEnum or NumPy's integer before the card compares as a
            # number, which no card can change.
            assert number != card and not number == card  # noqa: SIM201
    ace = Card.from_str("AC")
    assert {0: "zero"}.get(ace) is None
    assert len({0, 1, ace, Card.from_str("2C")}) == 4
    assert 0 not in standard_deck() and ace in standard_deck()


def test_a_card_is_still_its_index_where_an_int_is_wanted() -> None:
    deck = standard_deck()
    assert [int(card) for card in deck] == list(range(52))
    assert bytes(deck) == bytes(range(52))
    assert [card.index for card in deck] == list(range(52))
    assert ["abcd"[Card.from_str(text)] for text in ("AC", "2C", "3C")] == ["a", "b", "c"]
    # Equal cards hash alike (as their index does): cards key dicts and sets.
    assert all(hash(card) == hash(card.index) for card in deck)
    assert {card: card.index for card in standard_deck(2)} == dict(
        zip(deck, range(52), strict=True)
    )


@pytest.mark.parametrize("number", [3, 0, True, Rank.KING, Indexable(3)])
def test_cards_are_ordered_among_cards_only(number: object) -> None:
    king = Card.from_str("KS")
    # (A type checker refuses these too: a card is compared with cards alone.)
    compares: list[Callable[[], object]] = [
        lambda: king < number,  # type: ignore[operator]
        lambda: king <= number,  # type: ignore[operator]
        lambda: king > number,  # type: ignore[operator]
        lambda: king >= number,  # type: ignore[operator]
    ]
    if type(number) in (int, Indexable):  # as for equality: Python asks the card
        compares += [lambda: number < king, lambda: number >= king]  # type: ignore[operator]
        with pytest.raises(TypeError, match="cards are ordered among cards only"):
            sorted([king, number])  # type: ignore[type-var]
    for compare in compares:
        with pytest.raises(TypeError, match=r"compare KS\.index with a number"):
            compare()
    with pytest.raises(TypeError):
        king < "QH"  # type: ignore[operator]  # noqa: B015
    assert king != "KS" and king != None  # noqa: E711


ADDITION: list[Callable[[int], object]] = [
    lambda card: card + 1,
    lambda card: 1 + card,
    lambda card: card - 1,
    lambda card: 51 - card,
    lambda card: card - card,
    lambda card: sum([card]),
]

#: What code that handles any int asks of one (Hypothesis's observability
#: asks abs() of every int it records; encoders shift and mask).
OTHER_OPERATORS: list[Callable[[int], object]] = [
    abs,
    lambda card: -card,
    lambda card: card % 13,
    lambda card: card // 13,
    lambda card: divmod(card, 13),
    lambda card: card * 2,
    lambda card: card**2,
    lambda card: card >> 1,
    lambda card: card << 1,
    lambda card: card & 0xFF,
    lambda card: card | 1,
    lambda card: ~card,
]


@pytest.mark.parametrize("operation", ADDITION)
def test_a_card_is_neither_added_to_nor_subtracted_from(operation: Callable[[int], object]) -> None:
    # `card + 1` was the next index, a plain number, which looked like a card's
    # successor and was not (KS + 1 is 52, no card; 2C + 1 is 3C, not 2D).
    card = Card.from_str("QH")
    message = r"^a card is no number: QH takes no addition or subtraction \(QH\.index is its number"
    with pytest.raises(TypeError, match=message):
        operation(card)
    assert operation(card.index) is not None  # (the same with its number is fine)
    # Its rank and suit, and the uses of its number, stay as they were.
    assert (card.rank, card.suit, int(card), bytes([card])) == (Rank.QUEEN, Suit.HEARTS, 37, b"%")


def test_a_type_checker_is_told_of_a_card_added_to_or_ordered_with_a_number() -> None:
    # Each line raises, and is reported to a type checker as deprecated: the
    # typing session's mypy (warn_unused_ignores) fails where one is not.
    card = Card.from_str("QH")
    refusals: list[Callable[[], object]] = [
        lambda: card + 1,  # type: ignore[deprecated]
        lambda: 1 + card,  # type: ignore[deprecated]
        lambda: card - 1,  # type: ignore[deprecated]
        lambda: 51 - card,  # type: ignore[deprecated]
        lambda: card < 1,  # type: ignore[deprecated]
        lambda: card <= 1,  # type: ignore[deprecated]
        lambda: card > 1,  # type: ignore[deprecated]
        lambda: card >= 1,  # type: ignore[deprecated]
    ]
    for refusal in refusals:
        with pytest.raises(TypeError, match="card"):
            refusal()
    # Among cards, and the other operators, nothing is reported.
    king = Card.from_str("KS")
    assert card < king and king >= card and sorted([king, card]) == [card, king]
    assert (card * 2, card // 13, abs(card)) == (74, 2, 37)


@pytest.mark.parametrize("operation", OTHER_OPERATORS)
def test_the_other_integer_operators_are_the_index_s(operation: Callable[[int], object]) -> None:
    for card in standard_deck():
        assert operation(card) == operation(card.index)


def test_a_card_leaves_equality_with_values_of_other_kinds_to_them() -> None:
    # Equal to no number and to no None, it answers NotImplemented to
    # anything else, whose own comparison then decides: mock.ANY equals all.
    king = Card.from_str("KS")
    assert king == mock.ANY
    assert mock.ANY == king  # noqa: SIM300 (the other way round on purpose)
    assert (king != mock.ANY) is False
    assert (king == None) is False and (king != None) is True  # noqa: E711
    assert king.__eq__(None) is False and king.__ne__(None) is True
    assert king.__eq__("KS") is NotImplemented and king.__ne__("KS") is NotImplemented


@given(text=st.text(max_size=6))
def test_any_text_is_a_card_or_a_notation_error(text: str) -> None:
    try:
        card = Card.from_str(text)
    except NotationError:
        return
    assert all(char.isascii() or char in "♣♦♥♠♧♢♡♤" for char in text.strip())
    assert Card.from_str(str(card)) is card


@given(value=st.integers() | st.floats() | st.text() | st.none() | st.booleans())
def test_any_value_is_a_card_index_or_a_notation_error(value: object) -> None:
    try:
        card = Card.from_index(value)  # type: ignore[arg-type]
    except NotationError as error:
        message = str(error)
    else:
        assert card.index == value
        return
    assert len(message) < 150


def test_a_numpy_bool_is_no_whole_number_whatever_the_numpy() -> None:
    # Plain True is refused as a deal number and an action id: NumPy's too,
    # though older NumPy lets operator.index read it as 1.
    old = bool_()
    game = pr.get_game("captive-queens")
    with pytest.raises(pr.InvalidDealError):
        game.deal(old)
    with pytest.raises(pr.IllegalMoveError):
        pr.ActionSpace(game).move_of(old)
    assert pr.ActionSpace(game).move_of(Int64(1)) == pr.Move.redeal()


def test_a_card_index_of_another_library_is_read_as_a_deal_number_is() -> None:
    # (It was refused, "a whole number from 0 to 51, got ...", where deal() took it.)
    assert pr.Card.from_index(Int64(3)) is pr.Card.from_str("4C")
    with pytest.raises(pr.NotationError, match=r"from 0 to 51, got 52$"):
        pr.Card.from_index(Int64(52))
    with pytest.raises(pr.NotationError, match="from 0 to 51, got "):
        pr.Card.from_index(bool_())


def test_a_part_that_keeps_a_number_says_so_of_an_integer_of_another_library() -> None:
    # A part keeps plain ints (they hash, compare and pickle as the part's own):
    # one of another type is refused, and the message says what it is.
    with pytest.raises(
        pr.InvalidRulesError,
        match=r"got Int64\(value=3\) \(an integer of another type: give int\(\.\.\.\)\)$",
    ):
        pr.Place(pr.PileKind.COLUMN, Int64(3))  # type: ignore[arg-type]
    with pytest.raises(pr.InvalidRulesError, match=r"an integer of another type"):
        pr.Stock(redeals=Int64(3))  # type: ignore[arg-type]
    assert pr.Stock(redeals=int(operator.index(Int64(3)))).redeals == 3


def test_the_annotations_of_a_card_resolve_at_run_time() -> None:
    # (documentation tools and runtime checkers read them)
    hints = typing.get_type_hints(pr.Card.__new__)
    assert set(hints) == {"rank", "suit", "return"}


def test_a_dict_form_says_so_of_an_integer_of_another_library() -> None:
    # The dict forms hold JSON's values, so their readers take plain ints only;
    # an integer of another library (read through pandas, say) is named as one
    # (it read "so it has 0 to 0, got 0", a count in range refused).
    klondike = pr.get_game("klondike")
    state = klondike.deal(3)
    other = r"got Int64\(value=0\) \(an integer of another type: give int\(\.\.\.\)\)"
    data: dict[str, object] = dict(pr.state_to_dict(state))
    data["face_down"] = [Int64(0)] * len(state.columns)
    with pytest.raises(pr.NotationError, match=f"T1 is dealt 0 cards face down, .*{other}$"):
        pr.state_from_dict(data)
    data = dict(pr.state_to_dict(state))
    data["redeals_used"] = Int64(0)
    with pytest.raises(pr.NotationError, match=f"redeals_used: expected a whole number, {other}$"):
        pr.state_from_dict(data)
    with pytest.raises(pr.InvalidDealError, match=f"redeals_used: .*{other}$"):
        klondike.make_state(
            stock=state.stock,
            waste=state.waste,
            columns=state.columns,
            foundation_heights=state.foundation_heights,
            face_down=state.face_down,
            redeals_used=Int64(0),  # type: ignore[arg-type]
        )
    freecell = pr.get_game("freecell")
    deal = freecell.deal(1)
    with pytest.raises(pr.InvalidDealError, match=f"each count is 0, {other} for T2$"):
        freecell.make_state(
            columns=deal.columns,
            cells=deal.cells,
            foundation_heights=deal.foundation_heights,
            face_down=(0, Int64(0)) + (0,) * 6,  # type: ignore[arg-type]
        )
    record: dict[str, object] = dict(pr.GameRecord(klondike, 3, state.legal_moves()[:1]).to_dict())
    record["deal"] = Int64(3)
    with pytest.raises(pr.NotationError, match=r"deal: expected a deal number, got Int64\(value=3"):
        pr.GameRecord.from_dict(record)
