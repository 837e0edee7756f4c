"""Cards, ranks, suits and decks."""

from __future__ import annotations

import copy
import pickle

import pytest

from patience_rules import Card, NotationError, Rank, Suit, standard_deck


def test_cards_are_interned_values() -> None:
    for rank in Rank:
        for suit in Suit:
            card = Card(rank, suit)
            assert card is Card(rank, suit)
            assert (card.rank, card.suit) == (rank, suit)
            assert Card.from_index(card.index) is card
            assert pickle.loads(pickle.dumps(card)) is card
            assert copy.deepcopy(card) is card


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


@pytest.mark.parametrize("text", ["", "Q", "H", "11H", "QX", "Q H", "QHH", "0S", "♥Q"])
def test_malformed_card_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match="malformed card"):
        Card.from_str(text)


def test_card_constructor_checks_types() -> None:
    with pytest.raises(TypeError, match="takes a Rank and a Suit"):
        Card(12, Suit.HEARTS)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="from 0 to 51"):
        Card.from_index(52)


def test_two_decks_hold_each_card_twice_as_equal_values() -> None:
    deck = standard_deck(2)
    assert len(deck) == 104
    assert all(deck.count(card) == 2 for card in standard_deck())
    with pytest.raises(ValueError, match="positive integer"):
        standard_deck(0)


def test_cards_sort_by_suit_then_rank() -> None:
    assert sorted([Card.from_str("2S"), Card.from_str("KC"), Card.from_str("AC")]) == [
        Card.from_str("AC"),
        Card.from_str("KC"),
        Card.from_str("2S"),
    ]
