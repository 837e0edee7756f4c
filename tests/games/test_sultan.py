"""Sultan, clause by clause of the rules, with golden deals and the six-cell option."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

import pytest

import patience_rules as pr
from patience_rules import Card, IllegalMoveError, Move, PileKind, Place, Rank, State, Suit

from .helpers import cards, check_golden

GAME = pr.get_game("sultan")
SIX = pr.get_game("sultan", cells=6)
WASTE = Place(PileKind.WASTE)
DRAW, REDEAL = Move.draw(), Move.redeal()
#: The suits of foundations 1-7, the Kings that build K A 2 ... Q.
KING_SUITS = [
    Suit.CLUBS,
    Suit.CLUBS,
    Suit.DIAMONDS,
    Suit.DIAMONDS,
    Suit.HEARTS,
    Suit.SPADES,
    Suit.SPADES,
]
ACE_OF_HEARTS, SULTAN = 7, 8
#: Every foundation holding its laid-out card only.
BASES = [1] * 9
#: The bases and two more hearts on the Ace of hearts: room for two empty divan cells.
EXTRA = [1] * 7 + [3, 1]
#: Eight divan cards that no foundation takes while the foundations hold their bases.
DEAD = cards("5D 5D 6D 6D 5S 5S 6S 6S")


def cell(i: int) -> Place:
    return Place(PileKind.CELL, i)


def home(source: Place, f: int) -> Move:
    return Move.to_foundation(source, f)


def on_foundations(heights: Sequence[int], rules: pr.GameRules = GAME) -> Counter[Card]:
    """The cards that foundations of these heights hold, read off the game's parts."""
    held: Counter[Card] = Counter()
    for foundation, height in zip(rules.foundations, heights, strict=True):
        assert foundation.suit is not None  # every foundation of Sultan is locked to a suit
        held.update(Card(rank, foundation.suit) for rank in foundation.sequence.ranks[:height])
    return held


def position(
    heights: Sequence[int],
    divan: Sequence[Card | None],
    waste: Sequence[Card] = (),
    *,
    stock: bool = True,
    redeals_used: int = 0,
    rules: pr.GameRules = GAME,
) -> State:
    """A position; every card not placed otherwise is in the stock (or under the waste)."""
    rest = Counter(rules.deck())
    rest.subtract(on_foundations(heights, rules))
    rest.subtract(card for card in divan if card is not None)
    rest.subtract(waste)
    assert all(count >= 0 for count in rest.values()), "more copies than two decks hold"
    others = sorted(rest.elements())
    return rules.make_state(
        stock=others if stock else [],
        waste=list(waste) if stock else [*others, *waste],
        cells=divan,
        foundation_heights=heights,
        redeals_used=redeals_used,
    )


def with_cells(**placed: str) -> list[Card | None]:
    """The dead divan with some cells changed: ``with_cells(c1="AC", c4="")`` (empty: '')."""
    divan: list[Card | None] = list(DEAD)
    for name, text in placed.items():
        divan[int(name[1:]) - 1] = Card.from_str(text) if text else None
    return divan


# -- the game and its parts ------------------------------------------------------


def test_registered_with_the_cells_option() -> None:
    assert "sultan" in pr.game_names()
    assert pr.sultan() == GAME
    assert GAME.title == "Sultan"
    assert SIX == pr.sultan(cells=6) != GAME
    assert pr.get_game("sultan", cells=8) == GAME
    # The option is recorded, and counted in the description, where it is not 8.
    assert (GAME.options, SIX.options) == ((), (("cells", 6),))
    assert "from the 8 divan cells and the waste top" in GAME.description
    assert "from the 6 divan cells and the waste top" in SIX.description
    for bad in (7, 0, 16, True, "8"):
        with pytest.raises(pr.InvalidRulesError, match="cells is 6 or 8"):
            pr.get_game("sultan", cells=bad)


@pytest.mark.parametrize("rules", [GAME, SIX], ids=["8-cells", "6-cells"])
def test_the_rules_round_trip_through_their_json_description(rules: pr.GameRules) -> None:
    again = pr.GameRules.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert again == rules
    assert again.deal(2) == rules.deal(2)


def test_two_decks_and_two_redeals_of_the_waste_turned_over() -> None:
    assert GAME.decks == 2
    assert len(GAME.deck()) == 104
    assert GAME.stock == pr.Stock(redeals=2, draw=1, redeal=pr.Redeal.TURN_OVER)
    assert GAME.tableau is None and GAME.middle is None
    assert GAME.compulsion is pr.Compulsion.NONE


def test_seven_kings_build_up_in_suit_around_from_king_to_queen() -> None:
    kings = GAME.foundations[:7]
    assert [f.suit for f in kings] == KING_SUITS
    for foundation in kings:
        assert str(foundation.sequence) == "K A 2 3 4 5 6 7 8 9 10 J Q"
        assert foundation.laid_out and not foundation.playable


def test_the_ace_of_hearts_builds_up_to_the_queen_and_the_sultan_is_a_king_alone() -> None:
    ace = GAME.foundations[ACE_OF_HEARTS]
    assert (ace.suit, str(ace.sequence), ace.laid_out) == (
        Suit.HEARTS,
        "A 2 3 4 5 6 7 8 9 10 J Q",
        True,
    )
    sultan = GAME.foundations[SULTAN]
    assert (sultan.suit, sultan.sequence.ranks, sultan.laid_out) == (
        Suit.HEARTS,
        (Rank.KING,),
        True,
    )
    assert sultan.name == "the Sultan"
    # 7 x 13 + 12 + the Sultan = 104: the foundations take every card.
    assert [len(f.sequence.ranks) for f in GAME.foundations] == [13] * 7 + [12, 1]
    assert sorted(on_foundations([13] * 7 + [12, 1]).elements()) == sorted(GAME.deck())


# -- the deal ----------------------------------------------------------------------


def test_the_kings_and_an_ace_of_hearts_are_laid_out_then_the_divan_then_the_stock() -> None:
    order = GAME.deck_order(5)
    state = GAME.deal_from(order)
    laid_out = [Card(Rank.KING, suit) for suit in KING_SUITS] + cards("AH KH")
    assert [pile for pile in state.foundations] == [(card,) for card in laid_out]
    # The laid-out cards leave the deck order wherever they are (every King and
    # the first Ace of hearts); the rest keep their order.
    rest = list(order)
    for card in laid_out:
        rest.remove(card)
    assert Card.from_str("AH") in rest  # the second Ace of hearts is dealt
    assert list(state.cells) == rest[:8]
    assert state.stock[::-1] == tuple(rest[8:])  # the next card of the order is on top
    assert len(state.stock) == 87
    assert state.waste == ()
    assert state.redeals_left == 2


GOLDEN = {
    1: (
        """\
Sultan
Foundations:  KC  KC  KD  KD  KH  KS  KS |  AH |  KH
Divan:
   6H  7H  JC  8C
   7D  6S  8C  6C
Stock: 87 cards   Waste: (empty)   Redeals left: 2""",
        "9C 5C 10H JH QS",
        "7S",
    ),
    2: (
        """\
Sultan
Foundations:  KC  KC  KD  KD  KH  KS  KS |  AH |  KH
Divan:
  10D  6H  JS  2D
   QS  5H  3D  7C
Stock: 87 cards   Waste: (empty)   Redeals left: 2""",
        "AC AS 4S 2C 6D",
        "9H",
    ),
    3: (
        """\
Sultan
Foundations:  KC  KC  KD  KD  KH  KS  KS |  AH |  KH
Divan:
   8C  QS  4D  JC
   7C 10S  4S  AD
Stock: 87 cards   Waste: (empty)   Redeals left: 2""",
        "JS 9H AS 3S AC",
        "10C",
    ),
}


@pytest.mark.parametrize("deal", sorted(GOLDEN))
def test_golden_deals(deal: int) -> None:
    # Checked by hand against the deck orders of deals 1-3 (6H 7H JC 8C KS 7D
    # 6S 8C 6C 9C 5C 10H KD JH AH QS ..., 10D AH 6H JS 2D QS 5H 3D 7C AC AS 4S
    # KH 2C ..., 8C QS 4D JC 7C 10S 4S AD JS 9H AS 3S AC ...): Kings and the
    # first Ace of hearts leave the order, the next eight cards fill the divan
    # row by row, and the stock keeps the order of the rest.
    check_golden(GAME, deal, *GOLDEN[deal])


def test_golden_deal_of_the_six_cell_option() -> None:
    state = SIX.deal(1)
    assert (
        str(state)
        == """\
Sultan
Foundations:  KC  KC  KD  KD  KH  KS  KS |  AH |  KH
Divan:
   6H  7H  JC  8C
   7D  6S
Stock: 89 cards   Waste: (empty)   Redeals left: 2"""
    )
    assert state.stock[::-1][:3] == tuple(cards("8C 6C 9C"))
    assert state.foundations == GAME.deal(1).foundations


# -- the foundations ------------------------------------------------------------------


def test_a_king_takes_the_ace_of_its_suit_then_the_two() -> None:
    state = position(BASES, with_cells(c1="AC", c2="2C", c3="2D"))
    assert [m for m in state.legal_moves() if m.source in (cell(0), cell(1), cell(2))] == [
        home(cell(0), 0),
        home(cell(0), 1),  # AC on either King of clubs
    ]
    state = state.apply(home(cell(0), 1))
    assert state.foundations[1] == tuple(cards("KC AC"))
    assert home(cell(1), 1) in state.legal_moves()  # now 2C
    assert not state.is_legal(home(cell(1), 0))  # the other King of clubs still wants an Ace
    assert state.apply(home(cell(1), 1)).foundations[1] == tuple(cards("KC AC 2C"))


def test_a_king_foundation_ends_at_the_queen() -> None:
    heights = [12, 13, 1, 1, 1, 1, 1, 1, 1]  # clubs: K A ... J and K A ... Q
    state = position(heights, with_cells(c1="QC"))
    assert [m for m in state.legal_moves() if m.source == cell(0)] == [home(cell(0), 0)]
    # The full one does not go round again: K A ... Q is the whole foundation.
    with pytest.raises(
        IllegalMoveError, match=r"foundation 2 .* does not take QC .* it is complete"
    ):
        state.apply(home(cell(0), 1))
    done = state.apply(home(cell(0), 0))
    assert done.foundations[0] == tuple(cards("KC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC"))


def test_the_ace_of_hearts_takes_two_to_queen_and_nothing_more() -> None:
    state = position(BASES, with_cells(c1="2H", c2="AH"))
    # 2H goes on the Ace of hearts; the second AH on the King of hearts (K A ...).
    assert state.legal_moves()[:2] == (home(cell(0), ACE_OF_HEARTS), home(cell(1), 4))
    heights = [1, 1, 1, 1, 13, 1, 1, 11, 1]  # hearts: K A ... Q, and A ... J
    state = position(heights, with_cells(c1="QH", c2="AC"))
    assert home(cell(0), ACE_OF_HEARTS) in state.legal_moves()
    full = state.apply(home(cell(0), ACE_OF_HEARTS))
    assert full.foundations[ACE_OF_HEARTS] == tuple(cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"))
    assert full.cards_home == sum(heights) + 1


def test_each_foundation_is_locked_to_its_suit() -> None:
    state = position(BASES, with_cells(c1="AD"))
    assert [m for m in state.legal_moves() if m.source == cell(0)] == [
        home(cell(0), 2),
        home(cell(0), 3),
    ]
    for f in (0, 1, 4, 5, 6):
        with pytest.raises(IllegalMoveError, match="does not take AD"):
            state.apply(home(cell(0), f))


def test_the_sultan_takes_nothing() -> None:
    # The cards that would follow a King up (the Ace), or any other card of hearts.
    state = position(BASES, with_cells(c1="AH", c2="QH", c3="2H"), waste=cards("9C 3H"))
    for source in (cell(0), cell(1), cell(2), WASTE):
        assert not state.is_legal(home(source, SULTAN))
        with pytest.raises(IllegalMoveError, match=r"the Sultan, hearts K\) does not take"):
            state.apply(home(source, SULTAN))
    with pytest.raises(pr.InvalidDealError, match="F9"):
        GAME.make_state(
            stock=sorted(
                (
                    Counter(GAME.deck())
                    - on_foundations(BASES)
                    - Counter(DEAD)
                    - Counter(cards("AH"))
                ).elements()
            ),
            cells=DEAD,
            foundations=[pile for pile in GAME.deal(1).foundations[:8]] + [cards("KH AH")],
        )


def test_the_sultan_holds_its_king_alone_through_a_whole_game() -> None:
    state = GAME.deal(2)
    played = 0
    while state.legal_moves() and played < 2000:
        moves = state.legal_moves()
        assert all(m.target != Place(PileKind.FOUNDATION, SULTAN) for m in moves)
        homes = [m for m in moves if m.kind is pr.MoveKind.HOME]
        state = state.apply(homes[0] if homes else moves[-1 if moves[-1] == REDEAL else 0])
        assert state.foundations[SULTAN] == (Card.from_str("KH"),)
        played += 1
    assert state.cards_home > 9  # the game went somewhere


# -- the divan -------------------------------------------------------------------------


def test_every_divan_card_plays_to_the_foundations() -> None:
    divan = cards("AC AC AD AD AH AS AS 2H")
    state = position(BASES, divan)
    moves = state.legal_moves()
    assert {m.source for m in moves if m.kind is pr.MoveKind.HOME} == {cell(i) for i in range(8)}
    assert moves == (
        home(cell(0), 0),
        home(cell(0), 1),
        home(cell(1), 0),
        home(cell(1), 1),
        home(cell(2), 2),
        home(cell(2), 3),
        home(cell(3), 2),
        home(cell(3), 3),
        home(cell(4), 4),
        home(cell(5), 5),
        home(cell(5), 6),
        home(cell(6), 5),
        home(cell(6), 6),
        home(cell(7), ACE_OF_HEARTS),
        DRAW,
    )


def test_an_emptied_divan_cell_is_not_refilled_by_itself() -> None:
    state = position(BASES, with_cells(c1="AC"), waste=cards("9D 7C"))
    after = state.apply(home(cell(0), 0))
    assert after.cells == (None, *DEAD[1:])
    assert after.waste == state.waste  # the waste top did not move in
    assert after.stock == state.stock  # nor did the stock
    drawn = after.apply(DRAW)
    assert drawn.cells[0] is None
    assert drawn.waste == (*state.waste, state.stock[-1])


def test_the_player_moves_the_waste_top_into_any_empty_cell_as_a_move() -> None:
    state = position(EXTRA, with_cells(c3="", c7=""), waste=cards("9D 7C"))
    moves = state.legal_moves()
    parks = [m for m in moves if m.kind is pr.MoveKind.PARK]
    assert parks == [Move.to_cell(WASTE, 2), Move.to_cell(WASTE, 6)]
    assert [str(m) for m in parks] == ["W-R3", "W-R7"]
    assert moves[-1] == DRAW
    after = state.apply(Move.to_cell(WASTE, 6))
    assert after.cells[6] == Card.from_str("7C")
    assert after.cells[2] is None  # one card, one cell: the other stays empty
    assert after.waste == tuple(cards("9D"))
    assert after.stock == state.stock
    assert pr.notation.move_from_text("W-R7", GAME) == Move.to_cell(WASTE, 6)


def test_the_waste_top_may_go_to_a_cell_even_when_it_could_go_home() -> None:
    state = position(EXTRA, with_cells(c5=""), waste=cards("9D AC"))
    assert state.legal_moves() == (home(WASTE, 0), home(WASTE, 1), Move.to_cell(WASTE, 4), DRAW)
    parked = state.apply(Move.to_cell(WASTE, 4))
    assert parked.cells[4] == Card.from_str("AC")
    assert parked.legal_moves()[:2] == (home(cell(4), 0), home(cell(4), 1))


def test_only_the_waste_fills_the_divan_and_only_an_empty_cell() -> None:
    state = position(EXTRA, with_cells(c1="AC", c2=""), waste=cards("9D"))
    for move in (
        Move(cell(0), cell(1)),  # cell to cell
        Move(Place(PileKind.STOCK), cell(1)),  # the stock never fills a cell
        Move(Place(PileKind.FOUNDATION, 0), cell(1)),  # nothing comes off a foundation
        Move.to_cell(WASTE, 2),  # a cell that holds a card
    ):
        assert not state.is_legal(move)
        with pytest.raises(IllegalMoveError):
            state.apply(move)
    no_waste = position(EXTRA, with_cells(c2=""))
    assert not [m for m in no_waste.legal_moves() if m.kind is pr.MoveKind.PARK]
    with pytest.raises(IllegalMoveError, match="the waste has no card to move"):
        no_waste.apply(Move.to_cell(WASTE, 1))


# -- stock, waste and redeals ---------------------------------------------------------------


def test_the_draw_turns_one_card_onto_the_waste() -> None:
    state = GAME.deal(1)
    after = state.apply(DRAW)
    assert after.waste == (state.stock[-1],) == tuple(cards("9C"))
    assert after.stock == state.stock[:-1]
    assert after.cells == state.cells
    assert after.apply(DRAW).waste == tuple(cards("9C 5C"))


def test_two_redeals_turn_the_waste_over_without_shuffling_and_no_third() -> None:
    state = GAME.deal(1)
    first_pass = state.stock[::-1]
    for used in range(3):
        while state.stock:
            state = state.apply(DRAW)
        assert state.waste == first_pass  # nothing played: every card went by
        assert state.redeals_used == used
        if used == 2:
            break
        assert REDEAL in state.legal_moves()
        state = state.apply(REDEAL)
        assert state.waste == ()
        assert state.stock[::-1] == first_pass  # the first card to the waste is turned first
    assert REDEAL not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="no redeal is left"):
        state.apply(REDEAL)


def test_a_redeal_waits_for_the_empty_stock() -> None:
    state = GAME.deal(1).apply(DRAW)
    with pytest.raises(IllegalMoveError, match="the stock still has cards"):
        state.apply(REDEAL)


# -- the end ----------------------------------------------------------------------------


def test_won_when_all_104_cards_are_home() -> None:
    heights = [13, 13, 13, 13, 13, 13, 12, 12, 1]  # the second King of spades waits for QS
    state = position(heights, [Card.from_str("QS"), *[None] * 7], stock=False)
    assert state.cards_home == 103
    assert not state.is_won and state.legal_moves() == (home(cell(0), 6),)
    won = state.apply(home(cell(0), 6))
    assert won.is_won and won.is_over
    assert won.cards_home == 104
    assert won.foundations[SULTAN] == (Card.from_str("KH"),)  # counted home from the start
    assert str(won).endswith("Game over: won")


def test_lost_when_no_move_is_left_with_cards_out() -> None:
    # Every other card under the waste, whose top (QS) nothing takes; no redeal left.
    state = position(BASES, DEAD, stock=False, redeals_used=2)
    assert state.waste[-1] == Card.from_str("QS")
    assert state.legal_moves() == ()
    assert state.is_over and not state.is_won
    assert str(state).endswith("Game over: lost")
    assert position(BASES, DEAD, stock=False, redeals_used=1).legal_moves() == (REDEAL,)


# -- the six-cell option ---------------------------------------------------------------------


def test_the_six_cell_divan_plays_by_the_same_rules() -> None:
    assert SIX.reserve is not None and SIX.reserve.cells == 6
    assert SIX.reserve.refill is pr.Refill.BY_MOVE
    assert SIX.foundations == GAME.foundations and SIX.stock == GAME.stock
    state = position(BASES, [Card.from_str("AS"), *DEAD[1:6]], waste=cards("7C"), rules=SIX)
    after = state.apply(home(cell(0), 5))
    assert after.cells[0] is None
    assert after.legal_moves() == (Move.to_cell(WASTE, 0), DRAW)
    assert len(SIX.deal(4).stock) == 89


def test_the_command_line_shows_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    from patience_rules.cli import main

    assert main(["show", "sultan", "--deal", "3"]) == 0
    assert capsys.readouterr().out == GOLDEN[3][0] + "\n"
