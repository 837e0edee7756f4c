"""Windmill, clause by clause of the rules, with golden deals."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

import pytest

import patience_rules as pr
from patience_rules import Card, IllegalMoveError, Move, PileKind, Place, Rank, State, Suit

from .helpers import cards, check_golden, deck_order

GAME = pr.get_game("windmill")
WASTE = Place(PileKind.WASTE)
DRAW, REDEAL = Move.draw(), Move.redeal()
CENTRE = 0
CORNERS = (1, 2, 3, 4)
#: Eight sails that nothing takes while the centre holds its Ace alone and the corners are empty.
DEAD = cards("5C 5D 5H 5S 6C 6D 6H 6S")
#: The centre's 52 cards in one suit per round (A to K of clubs, then diamonds, ...).
FULL_CENTRE = [Card(rank, suit) for suit in Suit for rank in Rank]


def cell(i: int) -> Place:
    return Place(PileKind.CELL, i)


def foundation(f: int) -> Place:
    return Place(PileKind.FOUNDATION, f)


def home(source: Place, f: int) -> Move:
    return Move.to_foundation(source, f)


def down(suit: Suit, length: int = 13) -> list[Card]:
    """A corner of one suit from its King down, ``length`` cards."""
    return [Card(Rank(13 - i), suit) for i in range(length)]


def position(
    foundations: Sequence[Sequence[Card]],
    sails: Sequence[Card | None],
    waste: Sequence[Card] = (),
    *,
    stock: bool = True,
) -> State:
    """A position; every card not placed otherwise is in the stock (or under the waste)."""
    rest = Counter(GAME.deck())
    for pile in foundations:
        rest.subtract(pile)
    rest.subtract(card for card in sails if card is not None)
    rest.subtract(waste)
    assert all(count >= 0 for count in rest.values()), "more copies than two decks hold"
    others = sorted(rest.elements())
    return GAME.make_state(
        stock=others if stock else [],
        waste=list(waste) if stock else [*others, *waste],
        cells=sails,
        foundations=foundations,
    )


def corners(*piles: Sequence[Card]) -> list[Sequence[Card]]:
    """The four corners: the piles given, then empty ones."""
    return [*piles, *[()] * (4 - len(piles))]


# -- the game and its parts ---------------------------------------------------------


def test_registered_and_round_trips_through_its_json_description() -> None:
    assert "windmill" in pr.game_names()
    assert pr.windmill() == GAME
    assert GAME.title == "Windmill"
    again = pr.GameRules.from_dict(json.loads(json.dumps(GAME.to_dict())))
    assert again == GAME
    assert again.deal(3) == GAME.deal(3)
    with pytest.raises(pr.InvalidRulesError, match="does not take the option redeals: it takes no"):
        pr.get_game("windmill", redeals=1)


def test_two_decks_no_redeal_no_tableau() -> None:
    assert GAME.decks == 2
    assert len(GAME.deck()) == 104
    assert GAME.stock == pr.Stock(redeals=0, draw=1)
    assert GAME.tableau is None and GAME.middle is None
    assert GAME.compulsion is pr.Compulsion.NONE


def test_the_centre_and_the_corners_take_any_suit() -> None:
    centre, *four = GAME.foundations
    assert centre.suit is None and centre.laid_out and not centre.playable
    assert centre.sequence == pr.FoundationSequence(start=Rank.ACE, step=1, length=52, wrap=True)
    assert len(four) == 4
    for corner in four:
        assert corner.suit is None and not corner.laid_out and corner.playable
        assert str(corner.sequence) == "K Q J 10 9 8 7 6 5 4 3 2 A"
    # 52 + 4 x 13 = 104: every card has a place.
    assert sum(len(f.sequence.ranks) for f in GAME.foundations) == 104


def test_the_sails_are_eight_cells_refilled_from_the_waste_then_the_stock() -> None:
    assert GAME.reserve == pr.Reserve(
        cells=8, refill=pr.Refill.FROM_WASTE_THEN_STOCK, width=4, name="Sails"
    )


# -- the deal --------------------------------------------------------------------------


def test_the_first_ace_of_the_deck_order_is_the_centre_then_the_sails() -> None:
    order = deck_order(GAME, cards("5C KD 3S AD AC 7H 9S QH 2D 4C"))
    state = GAME.deal_from(order)
    assert state.foundations == ((Card.from_str("AD"),), (), (), (), ())
    assert state.cells == tuple(cards("5C KD 3S AC 7H 9S QH 2D"))
    rest = list(order)
    rest.remove(Card.from_str("AD"))
    assert state.stock[::-1] == tuple(rest[8:])
    assert len(state.stock) == 95 and state.waste == ()


GOLDEN = {
    1: (
        """\
Windmill
Foundations:  AH |  --  --  --  --
Sails:
   6H  7H  JC  8C
   KS  7D  6S  8C
Stock: 95 cards   Waste: (empty)""",
        "6C 9C 5C 10H KD",
        "7S",
    ),
    2: (
        """\
Windmill
Foundations:  AH |  --  --  --  --
Sails:
  10D  6H  JS  2D
   QS  5H  3D  7C
Stock: 95 cards   Waste: (empty)""",
        "AC AS 4S KH 2C",
        "9H",
    ),
    3: (
        """\
Windmill
Foundations:  AD |  --  --  --  --
Sails:
   8C  QS  4D  JC
   7C 10S  4S  JS
Stock: 95 cards   Waste: (empty)""",
        "9H AS 3S AC 5S",
        "10C",
    ),
}


@pytest.mark.parametrize("deal", sorted(GOLDEN))
def test_golden_deals(deal: int) -> None:
    # Checked by hand against the deck orders of deals 1-3 (6H 7H JC 8C KS 7D
    # 6S 8C 6C 9C 5C 10H KD JH AH ..., 10D AH 6H JS 2D QS 5H 3D 7C AC ...,
    # 8C QS 4D JC 7C 10S 4S AD JS 9H AS ...): the first Ace leaves the order
    # for the centre, the next eight cards are the sails, and the stock keeps
    # the order of the rest.
    check_golden(GAME, deal, *GOLDEN[deal])


# -- the centre -------------------------------------------------------------------------


def test_the_centre_builds_up_regardless_of_suit() -> None:
    state = position([cards("AS"), *corners()], cards("2C 2D 2H 2S 5C 5D 5H 5S"))
    assert state.legal_moves() == (*(home(cell(i), CENTRE) for i in range(4)), DRAW)
    state = state.apply(home(cell(2), CENTRE))
    assert state.foundations[CENTRE] == tuple(cards("AS 2H"))
    assert not state.is_legal(home(cell(0), CENTRE))  # now a 3, of any suit


def test_the_centre_wraps_from_king_to_ace() -> None:
    centre = cards("AS 2H 3C 4D 5S 6H 7C 8D 9S 10H JC QD KS")
    state = position([centre, *corners()], [Card.from_str("AD"), *DEAD[1:]])
    assert home(cell(0), CENTRE) in state.legal_moves()
    after = state.apply(home(cell(0), CENTRE))
    assert after.foundations[CENTRE] == (*centre, Card.from_str("AD"))


def test_the_centre_ends_at_52_cards() -> None:
    # Three full corners and one down to the 2; the last Ace could follow the
    # centre's King, but the centre holds 52 cards and takes no more.
    last = down(Suit.SPADES, 12)
    state = position(
        [FULL_CENTRE, down(Suit.CLUBS), down(Suit.DIAMONDS), down(Suit.HEARTS), last],
        [Card.from_str("AS"), *[None] * 7],
        stock=False,
    )
    assert state.foundations[CENTRE][-1] == Card.from_str("KS")
    assert state.legal_moves() == (home(cell(0), 4),)
    with pytest.raises(
        IllegalMoveError, match=r"foundation 1 .* does not take AS .* it is complete"
    ):
        state.apply(home(cell(0), CENTRE))
    won = state.apply(home(cell(0), 4))
    assert won.is_won and won.is_over and won.cards_home == 104


def test_the_next_to_last_centre_card_is_a_king() -> None:
    centre = FULL_CENTRE[:-1]  # up to the Queen of spades: 51 cards
    state = position(
        [centre, down(Suit.CLUBS), down(Suit.DIAMONDS), down(Suit.HEARTS), down(Suit.SPADES, 12)],
        [Card.from_str("KS"), Card.from_str("AS"), *[None] * 6],
        stock=False,
    )
    assert state.legal_moves() == (home(cell(0), CENTRE), home(cell(1), 4))
    assert state.apply(home(cell(0), CENTRE)).foundations[CENTRE] == (*centre, Card.from_str("KS"))


# -- the corners -------------------------------------------------------------------------


def test_any_king_starts_any_empty_corner() -> None:
    state = position([cards("AS"), *corners()], cards("KD QC 5H 5S 6C 6D 6H 6S"), cards("KS"))
    assert state.legal_moves() == (
        *(home(cell(0), f) for f in CORNERS),  # the King of diamonds to any of the four
        *(home(WASTE, f) for f in CORNERS),  # the King of spades too
        DRAW,
    )
    for f in CORNERS:
        with pytest.raises(IllegalMoveError, match="takes any King next"):
            state.apply(home(cell(1), f))  # a Queen does not start a corner
    started = state.apply(home(cell(0), 3))
    assert started.foundations[3] == (Card.from_str("KD"),)
    assert home(cell(1), 3) in started.legal_moves()  # now the Queen goes on it


def test_a_corner_builds_down_regardless_of_suit_to_the_ace() -> None:
    state = position([cards("AS"), cards("KS"), *corners()[1:]], cards("QH QC JD 10C 5H 5S 6C 6D"))
    queens = [m for m in state.legal_moves() if m.target == foundation(1)]
    assert queens == [home(cell(0), 1), home(cell(1), 1)]  # either Queen, any suit
    state = state.apply(home(cell(0), 1)).apply(home(cell(2), 1))
    assert state.foundations[1] == tuple(cards("KS QH JD"))
    assert not state.is_legal(home(cell(1), 1))  # QC: the corner wants a 10 now
    full = position(
        [cards("AS"), down(Suit.SPADES), *corners()[1:]], cards("KH 5C 5D 5H 5S 6C 6D 6H")
    )
    assert len(full.foundations[1]) == 13
    assert [m.target for m in full.legal_moves() if m.source == cell(0)] == [
        foundation(2),
        foundation(3),
        foundation(4),  # a full corner takes nothing more
    ]


# -- moves between foundations ------------------------------------------------------------


def test_a_corner_top_goes_to_the_centre_when_it_fits() -> None:
    centre = cards("AS 2H 3C 4D 5S 6H 7C 8D 9S 10H JC")  # wants a Queen
    state = position([centre, cards("KS QH"), *corners()[1:]], DEAD)
    assert state.legal_moves() == (home(foundation(1), CENTRE), DRAW)
    assert str(state.legal_moves()[0]) == "F2-F1"
    after = state.apply(home(foundation(1), CENTRE))
    assert after.foundations[CENTRE] == (*centre, Card.from_str("QH"))
    assert after.foundations[1] == (Card.from_str("KS"),)
    # The corner's King is its top card now, and the centre wants a King.
    assert after.legal_moves() == (home(foundation(1), CENTRE), DRAW)
    emptied = after.apply(home(foundation(1), CENTRE))
    assert emptied.foundations[1] == ()
    assert len(emptied.foundations[CENTRE]) == 13


def test_a_corner_top_that_does_not_fit_stays() -> None:
    state = position([cards("AS 2H 3C"), cards("KS QH"), *corners()[1:]], DEAD)
    assert state.legal_moves() == (DRAW,)
    with pytest.raises(IllegalMoveError, match="does not take QH from foundation 2"):
        state.apply(home(foundation(1), CENTRE))


def test_never_from_the_centre_to_a_corner() -> None:
    # The centre's top Queen would fit the corner's King, and its base Ace a
    # corner down to the 2: neither leaves the centre.
    centre = cards("AS 2H 3C 4D 5S 6H 7C 8D 9S 10H JC QD")
    state = position([centre, cards("KS"), *corners()[1:]], DEAD)
    assert all(m.source != foundation(CENTRE) for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="never moves a card from foundation 1"):
        state.apply(home(foundation(CENTRE), 1))
    base = position([cards("AS"), down(Suit.HEARTS, 12), *corners()[1:]], DEAD)
    with pytest.raises(IllegalMoveError, match="never moves a card from foundation 1"):
        base.apply(home(foundation(CENTRE), 1))


def test_never_from_corner_to_corner() -> None:
    state = position([cards("AS 2H"), cards("KS QH"), cards("KD"), *corners()[2:]], DEAD)
    assert all(m.target != foundation(2) for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="never moves a card from foundation 2"):
        state.apply(home(foundation(1), 2))


# -- the sails ------------------------------------------------------------------------------


def test_every_sail_card_plays() -> None:
    state = position([cards("AS"), *corners()], cards("2C 2D 2H 2S KC KD KH KS"))
    sources = {m.source for m in state.legal_moves() if m.kind is pr.MoveKind.HOME}
    assert sources == {cell(i) for i in range(8)}


def test_an_empty_sail_takes_the_waste_top_at_once() -> None:
    state = position([cards("AS"), *corners()], [Card.from_str("2C"), *DEAD[1:]], cards("9D 7C"))
    after = state.apply(home(cell(0), CENTRE))
    assert after.cells == (Card.from_str("7C"), *DEAD[1:])
    assert after.waste == tuple(cards("9D"))
    assert after.stock == state.stock


def test_with_an_empty_waste_an_empty_sail_takes_the_stock_top() -> None:
    state = position([cards("AS"), *corners()], [*DEAD[:5], Card.from_str("2C"), *DEAD[6:]])
    after = state.apply(home(cell(5), CENTRE))
    assert after.cells[5] == state.stock[-1]
    assert after.stock == state.stock[:-1]
    assert after.waste == ()


def test_a_sail_is_never_left_empty_while_the_waste_or_stock_has_cards() -> None:
    with pytest.raises(pr.InvalidDealError, match="Sails cell 3 is empty while the stock"):
        position([cards("AS 2C"), *corners()], [*DEAD[:2], None, *DEAD[3:]])
    with pytest.raises(pr.InvalidDealError, match="Sails cell 1 is empty while the waste"):
        position([cards("AS 2C"), *corners()], [None, *DEAD[1:]], cards("9D"), stock=False)


def test_with_stock_and_waste_empty_a_sail_stays_empty() -> None:
    # Everything home but two sails' cards and no stock: a played sail stays empty.
    state = position(
        [
            FULL_CENTRE,
            down(Suit.CLUBS),
            down(Suit.DIAMONDS),
            down(Suit.HEARTS, 11),
            down(Suit.SPADES),
        ],
        [Card.from_str("2H"), Card.from_str("AH"), *[None] * 6],
        stock=False,
    )
    assert state.stock == () and state.waste == ()
    after = state.apply(home(cell(0), 3))
    assert after.cells == (None, Card.from_str("AH"), *[None] * 6)
    assert after.apply(home(cell(1), 3)).is_won


def test_no_other_moves_into_or_out_of_the_sails() -> None:
    state = position([cards("AS"), *corners()], DEAD, cards("9D"))
    for move in (
        Move(cell(0), cell(1)),
        Move(WASTE, cell(0)),
        Move(foundation(CENTRE), cell(0)),
    ):
        assert not state.is_legal(move)
        with pytest.raises(IllegalMoveError):
            state.apply(move)


# -- stock and waste ---------------------------------------------------------------------------


def test_one_card_at_a_time_and_no_redeal() -> None:
    state = GAME.deal(1)
    after = state.apply(DRAW)
    assert after.waste == (state.stock[-1],)
    assert after.stock == state.stock[:-1]
    while state.stock:
        state = state.apply(DRAW)
    assert len(state.waste) == 95
    assert REDEAL not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="this game has no redeal"):
        state.apply(REDEAL)
    with pytest.raises(IllegalMoveError, match="the stock is empty"):
        state.apply(DRAW)


def test_only_the_waste_top_plays() -> None:
    state = position([cards("AS"), *corners()], DEAD, cards("2C 9D"))
    assert state.legal_moves() == (DRAW,)  # 2C fits the centre, under 9D


# -- the end, and what a state records ------------------------------------------------------------


def test_lost_when_no_move_is_left_with_cards_out() -> None:
    # Every other card under the waste, whose top (9D) nothing takes.
    state = position([cards("AS"), *corners()], DEAD, cards("9D"), stock=False)
    assert state.legal_moves() == ()
    assert state.is_over and not state.is_won
    assert str(state).endswith("Game over: lost")


def test_a_state_records_which_cards_each_foundation_holds() -> None:
    one = position([cards("AS 2H"), cards("KS QD"), *corners()[1:]], DEAD)
    other = position([cards("AS 2C"), cards("KS QH"), *corners()[1:]], DEAD)
    assert one.foundation_heights == other.foundation_heights == (2, 2, 0, 0, 0)
    assert one != other
    assert one.foundations[:2] == (tuple(cards("AS 2H")), tuple(cards("KS QD")))
    assert other.foundations[:2] == (tuple(cards("AS 2C")), tuple(cards("KS QH")))
    assert one.rules.make_state(**one.parts()) == one
    with pytest.raises(pr.InvalidDealError, match="take cards of any suit, so give their cards"):
        GAME.make_state(stock=one.stock, cells=one.cells, foundation_heights=[2, 2, 0, 0, 0])
    # The text form writes every card of the foundations, and reads them back.
    assert pr.notation.state_from_text(pr.notation.state_to_text(one)) == one
    assert pr.notation.state_to_text(one).split()[1] == "AS2H/KSQD/-/-/-"


def test_the_command_line_shows_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    from patience_rules.cli import main

    assert main(["show", "windmill", "--deal", "2"]) == 0
    assert capsys.readouterr().out == GOLDEN[2][0] + "\n"
