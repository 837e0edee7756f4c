"""Deals: the pinned shuffle, golden deals, deck-order validation."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import patience_rules as pr
from patience_rules import Card, InvalidDealError, shuffled_deck, standard_deck

# The pinned shuffle: these deck orders must never change (deal numbers are shared
# between users, programs and releases).
GOLDEN_ORDERS = {
    (1, 1): "7D 9C 4D 8H 8D 5S JD 6D 9S JC 5D KD 3C 2D JH 5H 7H 4H 2C AD 6S KC KH 10H 10S JS "
    "10D 8S QC 4S 6C 7C AS 5C AH KS 6H QS QH QD 9D 3D 3S AC 4C 2H 8C 10C 3H 2S 9H 7S",
    (1, 2): "QH 3S 4C 5H 7H 2D KH 10D AC 6C 7S 3C QC 7D 6H JH 10C 9S JD 8C 4D 5S 2S 4H AD QD "
    "6S 8H 3H 9D 6D JS AS 5C JC AH KC 2H 7C 4S 9C 10H 5D 10S QS KS 8S KD 3D 2C 8D 9H",
    (1, 3): "AD 3D 7S QS 9S 2C 5S AH 3H JC KS QH 6C 6S 5C QC KH KD JD 4S AC 8H 4C 2H 8C 6H "
    "8D 8S 9C 3S 9D 6D 7D 7H 5D 9H JS 10D 4D KC AS 5H 10H 3C 2S 10S QD 7C 2D 4H JH 10C",
    (2, 1): "6H 7H JC 8C KS 7D 6S 8C 6C 9C 5C 10H KD JH AH QS 10S 4D 3C 4C JC 9S JS KC 5S 3S "
    "7S AC 8S 9C 8D 9D QD 3D 6C 7D AS AD AS 6D 6H KH 3H KC JS 10D 5S 5D 2D 3S 2C 8H 7C 4S "
    "8H 2H JH 2S 9H 2C 5C 9S 5H 7C 3C 6S 2S AH 10H 4S 9H QH 4C 4D QS QH 2H 9D 4H QC KS 10C "
    "7H 6D 5D 5H AD 10S 2D KH QD 3H 8S QC 3D 8D 10D KD JD 10C JD AC 4H 7S",
    (2, 2): "10D AH 6H JS 2D QS 5H 3D 7C AC AS 4S KH 2C KC 6D 4C 9C 6D 8D 8C KS 7C 4D 8S 9H "
    "7S KC KS 9S AS 4C JH 10S 7H QD 6S 9D QH 2S AC 10H 4D 10S 3C 2C 6C 8S 8C 4H AH QC 5D 3S "
    "2H QS 9D 5D 10H 2S AD 5S 3C 3H QH 2H 6S 3H 4H 8D JH 7D 6H 6C 7H 10C 8H QD 7S 5C JC JD "
    "5H AD 5S 9C 2D JC JD 3S 7D 4S 8H KD KD QC 9S 5C 3D JS 10D 10C KH 9H",
    (2, 3): "8C QS 4D JC 7C 10S 4S AD JS 9H AS 3S AC 5S 10D 4H 3C 7S 8H 8S 10H 5C 6S QD 2H 3D "
    "8C QH QC KS AC 3D 6D KD 5C 5D 2C 5S KH 9D KH 9D 6C 7H 9H AH 4C 3C 8H 5H 2S 6C QH 9C 2C "
    "8D 3H 4C 6H 3H AD JD KD 10H 6S 6H 4S 8S 2H AS 10S 5D 7D KS JH QD JS 6D 3S 4D 7C 7D KC "
    "2D 8D 9S QS JC 7H 10D 4H JH QC 9C 9S AH 10C 2S 7S 2D KC JD 5H 10C",
}

# Deals 1, 2 and 3 of every game: tableau columns (bottom to top) | the cards dealt to cells |
# top of stock (the next five cards, drawn in this order); '-' where a game has no such pile.
GOLDEN_LAYOUTS = {
    ("royal-cotillion", 1): "6H KS 6C/7H 7D 9C/JC 6S 5C/8C 8C 10H | KD JH QS 10S 4D 3C 4C JC "
    "9S JS KC 5S 3S 7S 8S 9C | 8D 9D QD 3D 6C",
    ("royal-cotillion", 2): "10D 5H KH/6H 3D KC/JS 7C 6D/QS 4S 4C | 9C 6D 8D 8C KS 7C 4D 8S "
    "9H 7S KC KS 9S AS 4C JH | 10S 7H QD 6S 9D",
    ("royal-cotillion", 3): "8C 7C 9H/QS 10S 3S/4D 4S 5S/JC JS 10D | 4H 3C 7S 8H 8S 10H 5C 6S "
    "QD 3D 8C QH QC KS AC 3D | 6D KD 5C 5D 5S",
    ("captive-queens", 1): "- | - | 7D 9C 4D 8H 8D",
    ("captive-queens", 2): "- | - | QH 3S 4C 5H 7H",
    ("captive-queens", 3): "- | - | AD 3D 7S QS 9S",
    ("easy-start", 1): "- | - | 7D 9C 4D 8H 8D",
    ("easy-start", 2): "- | - | 3S 4C 7H 2D KH",
    ("easy-start", 3): "- | - | AD 3D 7S 9S 2C",
    ("odd-and-even", 1): "- | 6H 7H JC 8C KS 7D 6S 8C 6C | 9C 5C 10H KD JH",
    ("odd-and-even", 2): "- | 10D 6H JS QS 5H 3D 7C 4S KH | KC 6D 4C 9C 6D",
    ("odd-and-even", 3): "- | 8C QS 4D JC 7C 10S 4S JS 9H | 3S 5S 10D 4H 3C",
    ("sultan", 1): ("- | 6H 7H JC 8C 7D 6S 8C 6C | 9C 5C 10H JH QS"),
    ("sultan", 2): ("- | 10D 6H JS 2D QS 5H 3D 7C | AC AS 4S 2C 6D"),
    ("sultan", 3): ("- | 8C QS 4D JC 7C 10S 4S AD | JS 9H AS 3S AC"),
    ("windmill", 1): ("- | 6H 7H JC 8C KS 7D 6S 8C | 6C 9C 5C 10H KD"),
    ("windmill", 2): ("- | 10D 6H JS 2D QS 5H 3D 7C | AC AS 4S KH 2C"),
    ("windmill", 3): ("- | 8C QS 4D JC 7C 10S 4S JS | 9H AS 3S AC 5S"),
    ("crescent", 1): (
        "6H 4C 6D JH 4C 2D/7H JC 6H 2S 4D KH/JC 9S 3H 9H QS QD/8C JS KC 2C QH 3H/7D 5S JS "
        "5C 2H 8S/6S 3S 10D 9S 9D QC/8C 7S 5S 5H 4H 3D/6C 8S 5D 7C QC 8D/9C 9C 2D 3C KS "
        "10D/5C 8D 3S 6S 10C KD/10H 9D 2C 2S 7H JD/JH QD 8H AH 6D 10C/QS 3D 7C 10H 5D "
        "JD/10S 6C 4S 4S 5H AC/4D 7D 8H 9H AD 4H/3C AS 2H QH 10S 7S | - | -"
    ),
    ("crescent", 2): (
        "10D 7C QH 2H 7D JC/6H 4D 2S QS 6H JD/JS 8S AC 9D 6C 3S/2D 9H 10H 5D 7H 7D/QS 7S "
        "4D 10H 10C 4S/5H KC 10S 2S 8H 8H/3D KS 3C 5S QD KD/7C 9S 2C 3C 7S QC/4S AS 6C 3H "
        "5C 9S/2C 4C 8S QH JC 5C/6D JH 8C 2H JD 3D/4C 10S 4H 6S 5H JS/9C 7H AH 3H AD "
        "10D/6D QD QC 4H 5S 10C/8D 6S 5D 8D 9C KH/8C 9D 3S JH 2D 9H | - | -"
    ),
    ("crescent", 3): (
        "8C 8S 5S 8D 5D 7H/QS 10H 9D 3H 7D 10D/4D 5C KH 4C KS 4H/JC 6S 9D 6H JH JH/7C QD "
        "6C 3H QD QC/10S 2H 7H AD JS 9C/4S 3D 9H JD 6D 9S/JS 8C 4C KD 3S AH/9H QH 3C 10H "
        "4D 10C/3S QC 8H 6S 7C 2S/5S AC 5H 6H 7D 7S/10D 3D 2S 4S 2D 2D/4H 6D 6C 8S 8D "
        "KC/3C 5C QH 2H 9S JD/7S 5D 9C AS QS 5H/8H 2C 2C 10S JC 10C | - | -"
    ),
    ("klondike", 1): (
        "7D/9C 6D/4D 9S 2D/8H JC JH 2C/8D 5D 5H AD KH/5S KD 7H 6S 10H JS/JD 3C 4H KC 10S "
        "10D 8S | - | QC 4S 6C 7C AS"
    ),
    ("klondike", 2): (
        "QH/3S 10D/4C AC 7D/5H 6C 6H JD/7H 7S JH 8C 2S/2D 3C 10C 4D 4H QD/KH QC 9S 5S AD "
        "6S 8H | - | 3H 9D 6D JS AS"
    ),
    ("klondike", 3): (
        "AD/3D AH/7S 3H 6S/QS JC 5C JD/9S KS QC 4S 4C/2C QH KH AC 2H 6H/5S 6C KD 8H 8C 8D "
        "8S | - | 9C 3S 9D 6D 7D"
    ),
    ("freecell", 1): (
        "JD KD 2S 4C 3S 6D 6S/2D KC KS 5C 10D 8S 9C/9H 9S 9D 10S 4S 8D 2H/JC 5S QD QH 10H "
        "QS 6H/5D AD JS 4H 8H 6C/7H QC AS AC 2C 3D/7C KH AH 4D JH 8C/5H 3H 3C 7S 7D 10C | "
        "- | -"
    ),
    ("freecell", 2): (
        "QD 4D 10D 7S AH 3H AS/QC JD JC 9D 9S AD 5S/KC JS 8C KS 10C 7H 10H/3C 6H 6C 7C 2S "
        "3D JH/4C QS 8S 6S 3S 5H/2C 6D 4S 4H 10S 8D/KD 2D 5D AC 9H KH/5C 9C QH 8H 2H 7D | "
        "- | -"
    ),
    ("freecell", 3): (
        "KC 7D 10C 4H 6C 9S 8C/2D JH QH AS 10D 2C 4S/QC 9D 10S JD 2S 3H 5S/7H JS 5D 8D 3C "
        "4C 5C/6S QS 6H AC 9H AH/8H 8S KS 6D KD 2H/10H 9C 7C 3D 7S JC/4D QD AD KH 3S 5H | "
        "- | -"
    ),
}
GOLDEN_LAYOUTS.update(
    {("royal-cotillion-stock-refill", n): GOLDEN_LAYOUTS["royal-cotillion", n] for n in (1, 2, 3)}
)
GOLDEN_LAYOUTS.update(
    {("easy-start-parlett", n): GOLDEN_LAYOUTS["easy-start", n] for n in (1, 2, 3)}
)


def words(cards: tuple[Card | None, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards)


@pytest.mark.parametrize(("decks", "number"), sorted(GOLDEN_ORDERS))
def test_the_shuffle_is_pinned(decks: int, number: int) -> None:
    assert words(list(shuffled_deck(standard_deck(decks), number))) == GOLDEN_ORDERS[decks, number]


@pytest.mark.parametrize(("name", "number"), sorted(GOLDEN_LAYOUTS))
def test_golden_deals(name: str, number: int) -> None:
    state = pr.get_game(name).deal(number)
    columns = "/".join(words(column) for column in state.columns)
    cells = [card for card in state.cells if card is not None]
    parts = (columns, words(cells), words(state.stock[::-1][:5]))
    layout = " | ".join(part or "-" for part in parts)
    assert layout == GOLDEN_LAYOUTS[name, number]


def test_every_registered_game_has_golden_deals() -> None:
    assert {name for name, _ in GOLDEN_LAYOUTS} >= set(pr.game_names())


def test_the_same_deal_number_gives_equal_states() -> None:
    for name in pr.game_names():
        game = pr.get_game(name)
        assert game.deal(12345) == game.deal(12345)
        assert game.deal(12345) != game.deal(12346)


def test_shuffles_are_permutations_and_differ_by_number() -> None:
    deck = standard_deck(2)
    orders = {shuffled_deck(deck, n) for n in range(50)}
    assert len(orders) == 50
    assert all(sorted(order) == sorted(deck) for order in orders)


def test_the_largest_deal_number_works_and_larger_is_refused() -> None:
    game = pr.get_game("captive-queens")
    assert game.deal(pr.MAX_DEAL_NUMBER).stock_size == 52
    with pytest.raises(
        InvalidDealError, match="from 0 to 18446744073709551615, got 18446744073709551616"
    ):
        game.deal(pr.MAX_DEAL_NUMBER + 1)


@pytest.mark.parametrize("number", [-1, 1.5, "7", True, None])
def test_malformed_deal_numbers_are_refused(number: object) -> None:
    with pytest.raises(InvalidDealError, match="a deal number is a whole number"):
        pr.get_game("royal-cotillion").deal(number)  # type: ignore[arg-type]


M64 = 1 << 64
GAMMA = 0x9E3779B97F4A7C15
MIXERS = ((30, 0xBF58476D1CE4E5B9), (27, 0x94D049BB133111EB))


def documented_outputs(number: int) -> Iterator[int]:
    """The generator of deal ``number`` as the module documentation writes it (step 2)."""
    state = number
    while True:
        state = z = (state + GAMMA) % M64
        for shift, multiplier in MIXERS:
            z = ((z ^ z >> shift) * multiplier) % M64
        yield z ^ z >> 31


def documented_shuffle(cards: list[int], number: int) -> list[int]:
    """The shuffle as the module documentation writes it (step 3)."""
    outputs = documented_outputs(number)
    order = list(cards)
    for i in range(len(order) - 1, 0, -1):
        x = next(outputs)
        while x >= M64 - M64 % (i + 1):
            x = next(outputs)
        j = x % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def unshift(z: int, shift: int) -> int:
    """The x with ``x ^ x >> shift == z``."""
    x = z
    for _ in range(64 // shift):
        x = z ^ x >> shift
    return x


def number_first_drawing(output: int) -> int:
    """The deal number whose generator gives ``output`` first (each step undone)."""
    z = unshift(output, 31)
    for shift, multiplier in reversed(MIXERS):
        z = unshift(z * pow(multiplier, -1, M64) % M64, shift)
    return (z - GAMMA) % M64


@pytest.mark.parametrize("first", [M64 - 1, M64 - 2, M64 - 4, 0, 2**63])
def test_the_shuffle_draws_again_at_the_top_of_the_range_as_documented(first: int) -> None:
    # A deal number worked back through the generator to give ``first`` as
    # its first output.  The first draw of three cards is for 0 to 2: refused
    # at 2**64 - 1 (2**64 leaves 1 mod 3) and taken below it; of 52 or 104
    # cards, refused at the top 16 outputs (2**64 leaves 16 mod 52 and 104);
    # of two or four, a power of two, never refused.
    number = number_first_drawing(first)
    assert next(documented_outputs(number)) == first
    for size in (2, 3, 4, 52, 104):
        cards = list(range(size))
        assert list(shuffled_deck(cards, number)) == documented_shuffle(cards, number)


@pytest.mark.parametrize(("decks", "number"), sorted(GOLDEN_ORDERS))
def test_the_documented_shuffle_gives_the_golden_orders(decks: int, number: int) -> None:
    deck = standard_deck(decks)
    order = documented_shuffle(list(range(len(deck))), number)
    assert words([deck[i] for i in order]) == GOLDEN_ORDERS[decks, number]


def test_the_shuffle_is_uniform_enough() -> None:
    # Where does the Ace of clubs land over 5200 one-deck shuffles?  Each of the 52
    # positions expects 100; a chi-squared statistic over 51 degrees of freedom stays
    # below 90 with probability above 0.999.
    counts = [0] * 52
    deck = standard_deck()
    for number in range(5200):
        counts[shuffled_deck(deck, number).index(deck[0])] += 1
    chi2 = sum((count - 100) ** 2 / 100 for count in counts)
    assert chi2 < 90


class TestDeckOrders:
    game = pr.get_game("royal-cotillion")

    def test_a_missing_card_is_named(self) -> None:
        order = list(self.game.deck())
        order.remove(Card.from_str("QH"))
        with pytest.raises(InvalidDealError, match=r"missing QH$"):
            self.game.deal_from(order)

    def test_extra_and_missing_cards_are_named(self) -> None:
        order = list(self.game.deck())
        order[order.index(Card.from_str("QH"))] = Card.from_str("KS")
        with pytest.raises(InvalidDealError, match=r"missing QH; extra KS$"):
            self.game.deal_from(order)

    def test_a_one_deck_order_is_not_a_two_deck_game(self) -> None:
        with pytest.raises(InvalidDealError, match="104 cards: 2 standard decks"):
            self.game.deal_from(standard_deck(1))

    def test_non_cards_are_refused(self) -> None:
        order: list[object] = list(self.game.deck())
        order[5] = "QH"
        with pytest.raises(InvalidDealError, match="only Card values, got 'QH' at position 6"):
            self.game.deal_from(order)  # type: ignore[arg-type]
        with pytest.raises(InvalidDealError, match="a sequence of cards"):
            self.game.deal_from(7)  # type: ignore[arg-type]
        # (a text is a sequence, of characters: refused as a text, not at its first letter)
        for text in ("AS 2S 3S", b"\x00\x01\x02"):
            with pytest.raises(InvalidDealError, match="a deck order is a sequence of cards, got "):
                self.game.deal_from(text)  # type: ignore[arg-type]

    def test_any_permutation_deals(self) -> None:
        order = list(reversed(self.game.deck()))
        state = self.game.deal_from(order)
        assert sorted(
            state.stock
            + tuple(c for col in state.columns for c in col)
            + tuple(c for c in state.cells if c is not None)
            + tuple(f[0] for f in state.foundations)
        ) == sorted(self.game.deck())
