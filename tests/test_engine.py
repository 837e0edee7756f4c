"""The generic engine, the rules value, the registry and the values it makes."""

from __future__ import annotations

import copy
import inspect
import pickle
import re
import sys
from collections import Counter
from collections.abc import Callable

import attrs
import pytest
from typing_extensions import assert_type

import patience_rules as pr
from composed import UP, toy_game
from foreign_numbers import Int64
from patience_rules import (
    Card,
    Compulsion,
    Foundation,
    FoundationSequence,
    GameEntry,
    IllegalMoveError,
    InvalidDealError,
    InvalidRulesError,
    Middle,
    Move,
    PileKind,
    Place,
    Rank,
    Reserve,
    Stock,
    Suit,
    Tableau,
    UnknownGameError,
)
from patience_rules.rules import _equal_without_recursion
from random_play import random_game


class TestComposition:
    def test_a_new_game_is_a_composition(self) -> None:
        game = toy_game()
        state = game.deal(3)
        assert len(state.columns) == 2 and all(len(c) == 2 for c in state.columns)
        assert len(state.cells) == 3
        assert state.stock_size == 52 - 4 - 3
        assert state.foundation_heights == (0, 0, 0, 0)

    def test_the_foundations_must_take_exactly_the_deck(self) -> None:
        short = FoundationSequence(start=Rank.ACE, step=1, length=12, wrap=False)
        with pytest.raises(InvalidRulesError, match="no place for KC KD KH KS"):
            toy_game(foundations=tuple(Foundation(suit, short) for suit in Suit))
        with pytest.raises(InvalidRulesError, match="places for cards the deck lacks"):
            toy_game(foundations=tuple(Foundation(suit, UP) for suit in (*Suit, Suit.CLUBS)))

    @pytest.mark.parametrize(
        ("foundations", "difference"),
        [
            ((None,) * 3, "no place for cards of rank A 2 3 4 5 6 7 8 9 10 J Q K"),
            (
                (None,) * 5,
                "places for more cards of rank A 2 3 4 5 6 7 8 9 10 J Q K than the deck has",
            ),
            (
                (Suit.CLUBS, Suit.CLUBS, None, None),
                "places for cards the deck lacks: AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC; "
                "no place for cards of rank A 2 3 4 5 6 7 8 9 10 J Q K",
            ),
            ((Suit.CLUBS, Suit.CLUBS, Suit.HEARTS, None), "places for cards the deck lacks: AC 2C"),
        ],
    )
    def test_foundations_of_any_suit_must_take_the_cards_the_others_leave(
        self, foundations: tuple[Suit | None, ...], difference: str
    ) -> None:
        # (Four of any suit take one deck: each rank four times.)
        pr.GameRules(name="x", title="X", decks=1, foundations=[Foundation(None, UP)] * 4)
        with pytest.raises(
            InvalidRulesError,
            match=rf"must take exactly the cards of 1 deck\(s\): {re.escape(difference)}",
        ):
            pr.GameRules(
                name="x",
                title="X",
                decks=1,
                foundations=[Foundation(suit, UP) for suit in foundations],
            )

    def test_a_game_has_up_to_64_foundations_and_its_layout_up_to_its_deck(self) -> None:
        most = [Foundation(suit, UP) for suit in Suit] * 16
        assert len(pr.GameRules(name="x", title="X", decks=16, foundations=most).foundations) == 64
        with pytest.raises(
            InvalidRulesError, match="a game has from 1 to 64 foundations, got more"
        ):
            pr.GameRules(name="x", title="X", decks=16, foundations=[*most, *most[:4]])
        # Columns and the cells dealt take the 52 cards but the stock's: 48
        # cards in columns and 4 in cells fit, 5 in cells do not.
        game = toy_game(tableau=Tableau(columns=4, depth=12), reserve=Reserve(cells=4))
        assert game.deal(1).stock_size == 0
        with pytest.raises(InvalidRulesError, match="needs 53 cards but the deck has 52"):
            toy_game(tableau=Tableau(columns=4, depth=12), reserve=Reserve(cells=5))

    def test_a_middle_counts_towards_the_deck(self) -> None:
        no_queens = FoundationSequence(start=Rank.KING, step=1, length=12)  # K A 2 .. J
        game = toy_game(
            foundations=tuple(Foundation(suit, no_queens) for suit in Suit),
            middle=Middle(ranks=(Rank.QUEEN,)),
        )
        assert game.middle is not None

    def test_the_layout_must_fit_the_deck(self) -> None:
        with pytest.raises(InvalidRulesError, match="needs 60 cards but the deck has 52"):
            toy_game(tableau=Tableau(columns=20, depth=3), reserve=None)

    @pytest.mark.parametrize(
        ("part", "message"),
        [
            (lambda: Tableau(columns=0, depth=3), "columns is a whole number from 1 to 64"),
            (lambda: Reserve(cells=-1), "cells is a whole number from 1 to 64"),
            (lambda: Stock(redeals=-1), "the redeal limit is a whole number from 0 to"),
            (lambda: Middle(ranks=()), "one or more Ranks"),
            (lambda: Foundation("H", UP), "a foundation's suit is a Suit"),  # type: ignore[arg-type]
            (lambda: toy_game(decks=0), "number of decks is a whole number from 1 to 16"),
            (lambda: toy_game(foundations=()), "from 1 to 64 foundations, got 0"),
            # (values that type checkers refuse too: were the arguments typed as any
            # object, these ignores would be unused, an error of the typing session)
            (lambda: Tableau(columns=2, depth="deep"), "depth is a whole number"),  # type: ignore[arg-type]
            (
                lambda: pr.GameRules(name="x", title="X", decks=1, foundations="junk"),  # type: ignore[arg-type]
                "a game has one or more foundations, got 'junk'",
            ),
            (
                lambda: pr.GameRules(name="x", title="X", decks=1, foundations=[UP]),  # type: ignore[list-item]
                "foundations are Foundation values",
            ),
            (
                lambda: pr.GameRules(
                    name="x",
                    title="X",
                    decks=1,
                    foundations=tuple(Foundation(suit, UP) for suit in Suit),
                    options=42,  # type: ignore[arg-type]
                ),
                "options are \\(name, value\\) pairs",
            ),
            *(
                (
                    lambda options=options: toy_game(options=options),
                    r"^options are \(name, value\) pairs of a text and a whole number, a text or "
                    r"True/False, such as \('redeals', 3\), got ",
                )
                for options in ([("a",)], [(1, 2)], ["ab"], [("a", 1, 2)])
            ),
            (
                lambda: toy_game(options=[("a", 1.5)]),
                r"^option a: expected a whole number, a text or True/False, got 1\.5$",
            ),
            (
                lambda: pr.get_game("klondike", draw=Int64(3)),  # type: ignore[arg-type]
                r"^option draw: expected a whole number, a text or True/False, got "
                r"Int64\(value=3\) \(an integer of another type: give int\(\.\.\.\)\)$",
            ),
        ],
    )
    def test_bad_parts_are_refused(self, part: object, message: str) -> None:
        with pytest.raises(InvalidRulesError, match=message):
            part()  # type: ignore[operator]

    def test_options_are_up_to_64_with_numbers_of_up_to_18_digits(self) -> None:
        most = 10**18 - 1
        options = {f"o{i}": i for i in range(63)} | {"big": most}
        assert dict(toy_game(options=options).options) == options
        assert dict(toy_game(options={"small": -most}).options) == {"small": -most}
        for refused, message in (
            ({**options, "one_more": 1}, "a game takes at most 64 options, got more than 64"),
            ({"big": most + 1}, f"option big: a whole number of at most 18 digits, got {10**18}"),
            (
                {"small": -most - 1},
                f"option small: a whole number of at most 18 digits, got {-(10**18)}",
            ),
        ):
            with pytest.raises(InvalidRulesError, match=f"^{message}$"):
                toy_game(options=refused)

    def test_a_laid_out_middle_counts_among_the_cards_the_layout_needs(self) -> None:
        # Captive Queens' middle takes the four Queens: laid out before play,
        # they and 48 cards dealt to a tableau are 52; 49 would need 53.
        queens = pr.get_game("captive-queens")
        assert queens.middle is not None
        laid_out = attrs.evolve(queens.middle, laid_out=True)
        fits = attrs.evolve(queens, middle=laid_out, tableau=pr.Tableau(columns=4, depth=12))
        assert (len(fits.deal(1).middle), fits.deal(1).stock_size) == (4, 0)
        deeper = pr.Tableau(columns=4, depth=(12, 12, 12, 13))
        with pytest.raises(InvalidRulesError, match="needs 53 cards but the deck has 52"):
            attrs.evolve(fits, tableau=deeper)
        assert attrs.evolve(queens, tableau=deeper).deal(1).stock_size == 3

    def test_registered_rules_repr_as_the_call_that_gets_them_and_others_briefly(self) -> None:
        for rules in (pr.get_game("klondike", draw=3), pr.get_game("easy-start-parlett")):
            assert eval(repr(rules), {"get_game": pr.get_game}) == rules
        assert repr(pr.get_game("easy-start-parlett")) == "get_game('easy-start', redeals=3)"
        assert repr(toy_game()) == "<GameRules 'toy': Toy>"

    def test_a_shift_needs_columns_dealt_face_up(self) -> None:
        crescent = pr.crescent()
        assert crescent.tableau is not None
        face_down = attrs.evolve(crescent.tableau, face_down=True)
        with pytest.raises(
            InvalidRulesError, match=r"^a shift needs face-up columns: face_down=False$"
        ):
            attrs.evolve(crescent, tableau=face_down)
        turned = attrs.evolve(crescent, tableau=face_down, stock=pr.Stock(redeals=0))
        assert turned.deal(1).face_down == (5,) * 16

    def test_rules_are_values(self) -> None:
        assert toy_game() == toy_game()
        assert hash(toy_game()) == hash(toy_game())
        assert toy_game() != toy_game(stock=Stock(redeals=2))
        assert pickle.loads(pickle.dumps(toy_game())) == toy_game()

    def test_refill_from_waste_applies_to_columns_too(self) -> None:
        game = toy_game(reserve=None)
        order = [Card.from_str(t) for t in ["KC", "AC", "QD", "JD", "9H", "8H"]]
        order += sorted(set(game.deck()) - set(order))
        state = game.deal_from(order)  # columns: KC QD / AC JD (front last)
        assert state.columns == (
            (Card.from_str("KC"), Card.from_str("QD")),
            (Card.from_str("AC"), Card.from_str("JD")),
        )
        state = state.apply(Move.draw()).apply(Move.draw())  # waste 9H 8H
        assert state.waste == (Card.from_str("9H"), Card.from_str("8H"))
        # The ace is behind JD; move nothing from there. Empty a column by a state.
        placed = [Card.from_str(t) for t in ["AC", "2C", "3D", "4D"]]
        state = game.make_state(
            columns=((placed[1],), (placed[2], placed[3])),
            waste=[c for c in game.deck() if c not in placed],
            foundation_heights=(1, 0, 0, 0),
        )
        after = state.apply(Move.to_foundation(Place(PileKind.COLUMN, 0), 0))
        assert after.columns[0] == (Card.from_str("KS"),)  # the waste top refilled it
        assert after.waste[-1] == Card.from_str("QS")


class TestMovesAndErrors:
    game = pr.get_game("royal-cotillion")

    def test_illegal_moves_name_the_move_and_the_reason(self) -> None:
        state = self.game.deal(7)
        with pytest.raises(
            IllegalMoveError,
            match=r"illegal move redeal in Royal Cotillion: this game has no redeal",
        ):
            state.apply(Move.redeal())
        with pytest.raises(IllegalMoveError, match="Lords cell 17 is not in this game"):
            state.apply(Move.to_foundation(Place(PileKind.CELL, 16), 0))
        with pytest.raises(IllegalMoveError, match="foundation 10 is not in this game"):
            state.apply(Move.to_foundation(Place(PileKind.CELL, 0), 9))
        with pytest.raises(IllegalMoveError, match="the waste has no card to play"):
            state.apply(Move.to_foundation(Place(PileKind.WASTE), 0))
        with pytest.raises(IllegalMoveError, match="the middle"):
            state.apply(Move.to_middle(Place(PileKind.CELL, 0)))
        with pytest.raises(IllegalMoveError) as caught:
            state.apply("draw")  # type: ignore[arg-type]
        assert str(caught.value) == (
            "expected a Move, got 'draw' (a move in the notation reads with "
            "patience_rules.move_from_text(text, state))"
        )
        with pytest.raises(IllegalMoveError, match=r"^expected a Move, got 3$"):
            state.apply(3)  # type: ignore[arg-type]

    def test_a_refused_move_changes_nothing(self) -> None:
        state = self.game.deal(7)
        before = pickle.dumps(state)
        snapshot = copy.deepcopy(state)
        with pytest.raises(IllegalMoveError):
            state.apply(Move.to_foundation(Place(PileKind.CELL, 0), 7))
        assert state == snapshot
        assert pickle.dumps(state) == before

    def test_every_error_is_a_patience_rules_error(self) -> None:
        for error in (
            IllegalMoveError,
            InvalidDealError,
            InvalidRulesError,
            pr.NotationError,
            UnknownGameError,
        ):
            assert issubclass(error, pr.PatienceRulesError)
        assert issubclass(IllegalMoveError, ValueError)
        assert issubclass(UnknownGameError, LookupError)

    def test_a_bad_argument_is_a_value_error(self) -> None:
        # (one except ValueError catches a bad budget, seed, player or count)
        from patience_rules import solver, stats

        state = self.game.deal(7)
        for call in (
            lambda: solver.solve(state, max_nodes=-1),
            lambda: solver.solve("T1-F1"),  # type: ignore[arg-type]
            lambda: solver.solve_deal("royal-cotillion", 1, seed=-1),
            lambda: stats.play_deal(self.game, 1, player="clever"),  # type: ignore[arg-type]
            lambda: stats.DealStats(games=1, wins=2),
            lambda: stats.wilson_interval(1, 2, confidence=2.0),
            lambda: pr.players.get_player("random", seed=-1),
            lambda: pr.players.get_player("clever"),
        ):
            with pytest.raises(pr.InvalidArgumentError) as caught:
                call()
            assert isinstance(caught.value, ValueError)

    def test_moves_are_values(self) -> None:
        move = Move.to_foundation(Place(PileKind.CELL, 2), 5)
        assert move == Move(Place(PileKind.CELL, 2), Place(PileKind.FOUNDATION, 5))
        assert hash(move) == hash(Move(Place(PileKind.CELL, 2), Place(PileKind.FOUNDATION, 5)))
        assert pickle.loads(pickle.dumps(move)) == move
        assert eval(repr(move), vars(pr)) == move
        for legal in self.game.deal(7).legal_moves():
            assert eval(repr(legal), vars(pr)) == legal

    def test_moves_sort_by_source_then_target_then_count(self) -> None:
        # (places by the order of PileKind, then by number)
        run = Move.to_column(Place(PileKind.COLUMN, 0), 2, count=2)
        single = Move.to_column(Place(PileKind.COLUMN, 0), 2)
        home = Move.to_foundation(Place(PileKind.COLUMN, 1), 0)
        park = Move.to_cell(Place(PileKind.COLUMN, 0), 0)
        assert sorted([home, run, park, single, Move.draw()]) == [
            Move.draw(),
            single,
            run,
            park,
            home,
        ]

    def test_a_move_takes_a_run_of_up_to_1000_cards(self) -> None:
        assert Move.to_column(Place(PileKind.COLUMN, 0), 1, count=1000).count == 1000
        with pytest.raises(InvalidRulesError, match=r"from 1 to 1000, got 1001$"):
            Move.to_column(Place(PileKind.COLUMN, 0), 1, count=1001)

    def test_a_moves_flags_agree_with_its_kind(self) -> None:
        places = [Place(kind, index) for kind in PileKind for index in (0, 1)]
        for source in places:
            for target in places:
                move = Move(source, target)
                assert move.is_draw == (move.kind is pr.MoveKind.DRAW), move
                assert move.is_redeal == (move.kind is pr.MoveKind.REDEAL), move

    def test_card_of_names_the_moving_card(self) -> None:
        state = self.game.deal(7)
        for move in state.legal_moves():
            card = state.card_of(move)
            if move.is_draw:
                assert card == state.stock[-1]
            else:
                assert card is not None
                f = move.target.index
                assert card.suit == self.game.foundations[f].suit


@pytest.mark.parametrize(("name", "deal"), [("klondike", 1), ("klondike", 2), ("freecell", 4)])
def test_card_of_a_run_is_the_card_at_its_head(name: str, deal: int) -> None:
    # The card that lands on the target's top card: a column's k-th card
    # from the top for a run of k.  A run longer than its column has none.
    runs = 0
    for state in random_game(pr.get_game(name), deal, seed=deal, max_moves=300):
        for move in state.legal_moves():
            if move.source.kind is PileKind.COLUMN:
                column = state.columns[move.source.index]
                assert state.card_of(move) == column[-move.count]
                runs += move.count > 1
                longer = Move(move.source, move.target, len(column) + 1)
                assert state.card_of(longer) is None
    assert runs >= 10  # (FreeCell's deal 4 has twelve supermoves to choose among)


@pytest.mark.parametrize("name", pr.game_names())
def test_the_top_card_of_each_place_is_the_last_of_its_pile(name: str) -> None:
    # The piles as the state's attributes give them, bottom first: the top
    # card is the stock's next draw, the waste's and a column's playable card,
    # a cell's card, a foundation's and the middle's last card home.
    rules = pr.get_game(name)
    for state in random_game(rules, 1, seed=1, max_moves=200)[::4]:
        piles: dict[PileKind, tuple[tuple[Card | None, ...], ...]] = {
            PileKind.STOCK: (state.stock,),
            PileKind.WASTE: (state.waste,),
            PileKind.COLUMN: state.columns,
            PileKind.CELL: tuple((card,) for card in state.cells),
            PileKind.FOUNDATION: state.foundations,
            PileKind.MIDDLE: (state.middle,),
        }
        for place in rules.layout.places:
            pile = piles[place.kind][place.index]
            assert state.top_card(place) == (pile[-1] if pile else None), place


def test_the_stock_and_the_waste_are_one_pile_each() -> None:
    state = pr.get_game("royal-cotillion").deal(7)
    for place in (Place(PileKind.WASTE, 3), Place(PileKind.STOCK, 1)):
        with pytest.raises(pr.UnknownPlaceError, match="is not a place of Royal Cotillion"):
            state.top_card(place)
        with pytest.raises(pr.UnknownPlaceError):
            state.rules.describe_place(place)
    with pytest.raises(pr.UnknownPlaceError, match="W4 is not a place"):
        state.card_of(Move.to_foundation(Place(PileKind.WASTE, 3), 0))
    # A game that deals no stock has them still, empty.
    freecell = pr.get_game("freecell").deal(1)
    assert freecell.top_card(Place(PileKind.STOCK)) is None
    assert freecell.card_of(Move.draw()) is None


class TestStates:
    def test_states_hash_and_compare_by_value_and_pickle(self) -> None:
        for name in pr.game_names():
            game = pr.get_game(name)
            a, b = game.deal(11), game.deal(11)
            assert a == b and hash(a) == hash(b) and a is not b
            moved_a = a.apply(a.legal_moves()[-1])
            moved_b = b.apply(b.legal_moves()[-1])
            assert moved_a == moved_b and hash(moved_a) == hash(moved_b)
            assert len({a, b, moved_a, moved_b}) == 2
            assert pickle.loads(pickle.dumps(moved_a)) == moved_a

    @pytest.mark.parametrize("name", pr.game_names())
    def test_states_that_differ_hash_apart(self, name: str) -> None:
        # A search keeps the states it has seen in a set: the states one
        # reaches from a deal must spread over the hashes (the columns' top
        # cards alone once gave 2,673 hashes to 5,361 Crescent states).
        start = pr.get_game(name).deal(3)
        seen, frontier = {start}, [start]
        while frontier and len(seen) < 3000:
            frontier = [
                after
                for state in frontier
                for after in map(state.apply, state.legal_moves())
                if after not in seen and not seen.add(after)  # type: ignore[func-returns-value]
            ]
        buckets = Counter(map(hash, seen))
        assert len(buckets) >= 0.9 * len(seen)
        assert max(buckets.values()) <= 8

    def test_equal_states_compare_equal_deep_in_a_callers_recursion(self) -> None:
        # Chains built apart compare one nesting level per card: Sultan's
        # 87-card waste, compared near the recursion limit (a solver's
        # search), raised RecursionError.
        rules = pr.get_game("sultan")
        a, b = rules.deal(1), rules.deal(1)
        while a.stock_size:
            a, b = a.apply(Move.draw()), b.apply(Move.draw())
        c = rules.deal(2)
        while c.stock_size:
            c = c.apply(Move.draw())
        limit = sys.getrecursionlimit()
        depth = len(inspect.stack(0))
        sys.setrecursionlimit(depth + 40)
        try:
            assert a == b and (a != b) is False and a != c and b != c
        finally:
            sys.setrecursionlimit(limit)

    @pytest.mark.parametrize("name", pr.game_names())
    def test_the_comparison_without_recursion_agrees_with_equality(self, name: str) -> None:
        # (the comparison a state falls back on when the nested one passes the limit)
        rules = pr.get_game(name)
        lines = [random_game(rules, 3, seed=seed, max_moves=60) for seed in (1, 2)]
        states = [state for line in lines for state in line[::5]]
        copies = [pickle.loads(pickle.dumps(state)) for state in states]  # chains built apart
        for state, copy_ in zip(states, copies, strict=True):
            assert _equal_without_recursion(state, copy_) and state == copy_
        for state in states:
            for other in states:
                assert _equal_without_recursion(state, other) == (state == other)

    def test_the_engine_of_rules_is_theirs_and_typed_as_the_engine(self) -> None:
        rules = pr.get_game("captive-queens")
        engine = pr.Engine.of(rules)
        assert_type(engine, pr.Engine)
        assert engine is rules._engine
        assert engine.heights(engine.pack_heights((1,) * 8)) == (1,) * 8
        with pytest.raises(pr.InvalidArgumentError, match="expected the rules of a game"):
            pr.Engine.of("captive-queens")  # type: ignore[arg-type]

    def test_the_engines_listing_is_typed_by_its_limit_and_takes_states_only(self) -> None:
        rules = pr.get_game("klondike")
        engine = pr.Engine.of(rules)
        state = rules.deal(5)
        every = engine.legal_moves(state)
        first = engine.legal_moves(state, 1)
        assert_type(every, tuple[pr.Move, ...])
        assert_type(first, list[pr.Move])
        assert first and first == list(every[: len(first)])
        # The engine trusts its arguments (the state's methods check them):
        # a type checker refuses anything but a state, with a limit or not.
        with pytest.raises(AttributeError):
            engine.legal_moves("T1-F1", 1)  # type: ignore[call-overload]

    def test_the_engine_shared_by_every_state_of_its_rules_cannot_be_changed(self) -> None:
        # (One engine serves every state of equal rules in the process: a
        # changed hash or rules would corrupt every set of states.)
        rules = pr.get_game("klondike")
        engine = pr.Engine.of(rules)
        state = rules.deal(5)
        assert (engine.rules, engine.layout) == (rules, rules.layout)
        for name in ("rules", "layout", "full_key", "rules_hash", "hash_columns", "pickled_as"):
            with pytest.raises(AttributeError):
                setattr(engine, name, 1)
        assert engine.rules is rules and state == rules.deal(5)
        assert hash(state) == hash(rules.deal(5)) and rules.deal(5).rules is rules

    def test_an_engine_pickled_as_its_slots_by_an_earlier_release_loads(self) -> None:
        # (earlier releases pickled an engine by its slots, the rules among
        # them as "rules": protocol 2's NEWOBJ of the class, then its state)
        rules = pr.get_game("klondike")

        def earlier(state: object) -> bytes:
            body = pickle.dumps(state, 2)[2:-1]  # (less PROTO 2 and STOP)
            return b"\x80\x02cpatience_rules.engine\nEngine\n)\x81" + body + b"b."

        engine = pickle.loads(earlier((None, {"rules": rules, "full_key": 5, "_draw": 3})))
        assert engine.__class__ is pr.Engine and engine.rules is rules
        assert engine.full_key == pr.Engine.of(rules).full_key
        assert engine.legal_moves(rules.deal(3)) == rules.deal(3).legal_moves()
        for state in ((None, {"full_key": 5}), (None, {"rules": "klondike"}), {"rules": rules}):
            with pytest.raises(pr.NotationError, match=r"^a pickled engine is its rules"):
                pickle.loads(earlier(state))

    def test_heights_pack_and_unpack_only_what_the_foundations_hold(self) -> None:
        # Klondike: four foundations of 13 cards, 4 bits each.
        engine = pr.Engine.of(pr.get_game("klondike"))
        for heights in [(0, 0, 0, 0), (13, 0, 2, 1), (13, 13, 13, 13)]:
            assert engine.heights(engine.pack_heights(heights)) == heights
        assert engine.pack_heights([13, 13, 13, 13]) == engine.full_key
        refused = {
            (1, 2): r"heights are one per foundation \(4\), got 2$",
            (1, 2, 3, 4, 5): r"heights are one per foundation \(4\), got more than 4$",
            (0, -1, 0, 0): "the height of foundation 2 is a whole number from 0 to 13, got -1$",
            (0, 0, 14, 0): "the height of foundation 3 is a whole number from 0 to 13, got 14$",
        }
        for wrong, message in refused.items():
            with pytest.raises(pr.InvalidArgumentError, match=message):
                engine.pack_heights(wrong)
        with pytest.raises(pr.InvalidArgumentError, match=r"from 0 to 56797, got -1$"):
            engine.heights(-1)
        with pytest.raises(
            pr.InvalidArgumentError,
            match=r"^key 14 would put 14 cards on foundation 1, which holds at most 13$",
        ):
            engine.heights(14)  # (its four bits hold 14: no foundation height)

    def test_a_state_is_not_made_by_its_class(self) -> None:
        with pytest.raises(pr.InvalidArgumentError, match="made by its rules"):
            pr.State()  # type: ignore[call-arg]  # (a type checker refuses it too)
        with pytest.raises(pr.InvalidArgumentError, match="make_state"):
            pr.State(stock=())  # type: ignore[call-arg]

    def test_states_of_different_games_differ(self) -> None:
        assert pr.get_game("easy-start").deal(1) != pr.get_game("easy-start-parlett").deal(1)

    def test_states_are_immutable(self) -> None:
        state = pr.get_game("royal-cotillion").deal(1)
        with pytest.raises(AttributeError):
            state.rules = pr.get_game("captive-queens")  # type: ignore[misc]

    def test_text_layouts(self) -> None:
        text = str(pr.get_game("royal-cotillion").deal(1))
        assert text.splitlines()[0] == "Royal Cotillion"
        assert "Ladies" in text and "Lords" in text and "Stock: 68 cards" in text
        text = str(pr.get_game("easy-start").deal(1))
        assert "Queens:  QC  QD  QH  QS" in text
        state = pr.get_game("captive-queens").deal(1)
        assert repr(state) == f"state_from_text({pr.state_to_text(state)!r})"
        assert eval(repr(state), {"state_from_text": pr.state_from_text}) == state

    def test_make_state_checks_everything(self) -> None:
        game = pr.get_game("captive-queens")
        start = game.deal(1)
        ok = game.make_state(stock=start.stock, foundation_heights=(0,) * 8)
        assert ok == start
        cases: list[tuple[dict[str, object], str]] = [
            ({"foundation_heights": (0,) * 7}, "expected 8 heights"),
            ({"foundation_heights": (7,) + (0,) * 7}, "holds from 0 to 6 cards, got 7"),
            ({"cells": (None,)}, "expected 0 cells"),
            ({"redeals_used": 3}, "from 0 to 2, got 3"),
            ({"middle": start.stock[:1]}, "takes only Queens"),
            ({"stock": start.stock[1:]}, "missing"),
            ({"stock": start.stock + start.stock[:1]}, "extra"),
        ]
        for change, message in cases:
            fields: dict[str, object] = {
                "stock": start.stock,
                "foundation_heights": (0,) * 8,
                **change,
            }
            with pytest.raises(InvalidDealError, match=message):
                game.make_state(**fields)  # type: ignore[arg-type]


class TestRegistry:
    def test_names_and_aliases(self) -> None:
        assert "royal-cotillion" in pr.game_names()
        assert pr.get_game("Quadrille ") == pr.get_game("captive-queens")
        entries = {entry.name: entry for entry in pr.game_entries()}
        assert entries["easy-start-parlett"].options == (("redeals", 3),)

    def test_unknown_names_list_the_known(self) -> None:
        with pytest.raises(UnknownGameError) as caught:
            pr.get_game("spider")
        message = str(caught.value)
        assert message.startswith("unknown game 'spider': expected one of ")
        for name in pr.game_names():
            assert name in message
        assert "game_from_text" not in message

    def test_a_game_text_given_as_a_name_points_to_the_reader_of_game_texts(self) -> None:
        with pytest.raises(
            UnknownGameError, match=r"options are keyword arguments .*game_from_text"
        ):
            pr.get_game("klondike[draw=3]")
        assert pr.game_from_text("klondike[draw=3]") is pr.get_game("klondike", draw=3)

    def test_rules_remember_how_to_make_them_again(self) -> None:
        for name in pr.game_names():
            rules = pr.get_game(name)
            assert pr.get_game(rules.name, **dict(rules.options)) == rules

    @pytest.mark.parametrize("value", [None, [], "klondike", pr.klondike().to_dict()])
    def test_is_registered_takes_rules_only(self, value: object) -> None:
        with pytest.raises(
            pr.InvalidArgumentError, match=r"^expected the rules of a game \(GameRules\), got "
        ):
            pr.is_registered(value)  # type: ignore[arg-type]

    def test_taken_names_are_refused(self) -> None:
        with pytest.raises(
            InvalidRulesError,
            match=r"^the game name 'royal-cotillion' is registered already: choose another name$",
        ):
            pr.register_game("royal-cotillion", pr.royal_cotillion, summary="again")
        # (an alias taken is named as the alias given)
        for taken in ("klondike", "quadrille"):
            with pytest.raises(
                InvalidRulesError,
                match=f"^the game alias '{taken}' is registered already: choose another alias$",
            ):
                pr.register_game("not-taken", pr.royal_cotillion, summary="x", aliases=(taken,))
        assert "not-taken" not in pr.game_names()

    @pytest.mark.parametrize(
        ("name", "hint"),
        [
            ("Forty-Thieves", ": register it as 'forty-thieves'"),
            (" forty-thieves", ": register it as 'forty-thieves'"),
            ("forty thieves", ""),
            ("-thieves", ""),
            ("thieves[2]", ""),
        ],
    )
    def test_names_that_get_game_cannot_read_are_refused(self, name: str, hint: str) -> None:
        before = pr.game_names()
        with pytest.raises(InvalidRulesError) as caught:
            pr.register_game(name, pr.royal_cotillion, summary="x")
        assert str(caught.value).startswith("a game's registered name is lower-case letters")
        assert str(caught.value).endswith(f"got {name!r}{hint}")
        with pytest.raises(InvalidRulesError) as caught:
            pr.register_game("thieves", pr.royal_cotillion, summary="x", aliases=(name,))
        assert str(caught.value).startswith("a game's registered alias is lower-case letters")
        assert str(caught.value).endswith(f"got {name!r}{hint}")
        assert pr.game_names() == before

    @pytest.mark.usefixtures("isolated_registry")
    def test_a_factory_must_make_rules_of_the_registered_name(self) -> None:
        from patience_rules import rules as rules_module

        before = pr.game_names()
        renamed = attrs.evolve(pr.royal_cotillion(), name="cotillion")
        with pytest.raises(InvalidRulesError) as caught:
            pr.register_game("my-cotillion", lambda: renamed, summary="x")
        assert str(caught.value).startswith(
            "game 'my-cotillion' cannot be registered: get_game('my-cotillion') would refuse "
            "it: the factory of 'my-cotillion' made rules named 'cotillion', which "
            "get_game('cotillion', ...) does not make"
        )
        # Named as a registered game that the registry makes otherwise.
        wide = attrs.evolve(pr.klondike(), title="Klondike wide", tableau=pr.freecell().tableau)
        with pytest.raises(InvalidRulesError, match="named 'klondike', which get_game"):
            pr.register_game("klondike-wide", lambda: wide, summary="x")
        assert pr.game_names() == before
        # Two entries whose rules carry each other's name (put in the registry
        # unchecked, as register_game now refuses each): neither is made.
        first = attrs.evolve(pr.royal_cotillion(), name="second")
        second = attrs.evolve(pr.royal_cotillion(), name="first")
        for name, rules in (("first", first), ("second", second)):
            with pytest.raises(InvalidRulesError, match="does not make"):
                pr.register_game(name, lambda rules=rules: rules, summary="x")
            rules_module._REGISTRY[name] = GameEntry(name, lambda rules=rules: rules, (), "x")
        for name in ("first", "second"):
            with pytest.raises(InvalidRulesError, match="does not make"):
                pr.get_game(name)
        # A variant of a registered game carries that game's name, as the
        # library's own variants do.
        pr.register_game(
            "my-stock-refill", pr.royal_cotillion, summary="x", options={"stock_refill": True}
        )
        variant = pr.get_game("my-stock-refill")
        assert variant == pr.get_game("royal-cotillion-stock-refill")
        assert rules_module.is_registered(variant)

    @pytest.mark.parametrize(
        ("name", "options", "message"),
        [
            (
                "klondike",
                {"drow": 3},
                "game 'klondike' does not take the option drow: it takes draw=1, redeals=None, "
                "foundation_back=False (defaults shown)",
            ),
            (
                "easy-start-parlett",  # (the entry's own options are its defaults)
                {"colour": 1, "redeals": 1},
                "game 'easy-start-parlett' does not take the option colour: it takes "
                "redeals=3 (defaults shown)",
            ),
            (
                "royal-cotillion",
                {"x": 1, "y": 2},
                "game 'royal-cotillion' does not take the options x, y: it takes "
                "stock_refill=False (defaults shown)",
            ),
            ("windmill", {"redeals": 1}, "does not take the option redeals: it takes no options"),
            (
                "royal-cotillion",
                dict.fromkeys("abcde", 1),
                "does not take the options a, b, c, d, e: it takes stock_refill=False "
                "(defaults shown)",
            ),
            (
                "royal-cotillion",
                dict.fromkeys("abcdefg", 1),
                "does not take the options a, b, c, d, e and 2 more: it takes stock_refill=False "
                "(defaults shown)",
            ),
        ],
    )
    def test_an_unknown_option_is_refused_with_those_the_game_takes(
        self, name: str, options: dict[str, object], message: str
    ) -> None:
        with pytest.raises(InvalidRulesError) as caught:
            pr.get_game(name, **options)  # type: ignore[arg-type]
        assert str(caught.value).endswith(message)

    def test_an_option_given_as_its_default_of_none_is_the_default(self) -> None:
        # What the messages show as a default (redeals=None) is taken as given.
        assert pr.get_game("klondike", redeals=None) is pr.get_game("klondike")
        assert pr.get_game("klondike", redeals=None, draw=3) is pr.get_game("klondike", draw=3)
        with pytest.raises(
            InvalidRulesError, match=r"^option draw: .* \(its default is 1\), got None$"
        ):
            pr.get_game("klondike", draw=None)
        with pytest.raises(
            InvalidRulesError, match="does not take the option redeals: it takes cells"
        ):
            pr.get_game("freecell", redeals=None)

    def test_options_given_as_none_where_that_is_the_default_leave_the_others_as_given(
        self,
    ) -> None:
        given = pr.get_game("klondike", draw=3, redeals=None, foundation_back=True)
        assert given.options == (("draw", 3), ("foundation_back", True))
        assert given == pr.get_game("klondike", foundation_back=True, draw=3)

    @pytest.mark.usefixtures("isolated_registry")
    def test_a_name_or_alias_has_up_to_100_characters(self) -> None:
        name, alias = "n" * 100, "a" * 100
        renamed = attrs.evolve(pr.windmill(), name=name)
        pr.register_game(name, lambda: renamed, summary="Long.", aliases=(alias,))
        assert pr.get_game(alias) == pr.get_game(name) == renamed
        too_long = "a game's {} is a text of at most 100 characters"
        with pytest.raises(InvalidRulesError, match=too_long.format("name")):
            pr.register_game("m" * 101, pr.windmill, summary="x")
        with pytest.raises(InvalidRulesError, match=too_long.format("alias")):
            pr.register_game("other", pr.windmill, summary="x", aliases=("b" * 101,))

    @pytest.mark.usefixtures("isolated_registry")
    def test_a_registration_refused_leaves_nothing_behind_for_the_next_under_its_name(
        self,
    ) -> None:
        wrong = attrs.evolve(pr.windmill(), name="not-mine")
        for factory in (lambda: wrong, lambda: attrs.evolve(wrong, title="Mine, again")):
            with pytest.raises(InvalidRulesError, match="made rules named 'not-mine'"):
                pr.register_game("mine", factory, summary="x", aliases=("my",))
        right = attrs.evolve(pr.windmill(), name="mine", title="Mine")
        pr.register_game("mine", lambda: right, summary="x", aliases=("my",))
        for name in ("mine", "my", " Mine "):
            assert pr.get_game(name) is pr.get_game("mine") == right

    @pytest.mark.usefixtures("isolated_registry")
    def test_a_factory_needing_options_names_them(self) -> None:
        def needs(*, suit: str, rank: str) -> pr.GameRules:
            return pr.windmill()

        with pytest.raises(
            InvalidRulesError,
            match=r"its factory needs the options suit, rank, which have no default: ",
        ):
            pr.register_game("needs", needs, summary="x")

    @pytest.mark.usefixtures("isolated_registry")
    def test_a_factory_that_fails_on_an_option_it_takes_is_named_with_its_error(self) -> None:
        def fussy(*, count: int = 1) -> pr.GameRules:
            title = "Fussy" * (count + 0)  # (a TypeError for a count given as text)
            return pr.GameRules.from_dict(
                {**pr.windmill().to_dict(), "name": "fussy", "title": title}
            )

        pr.register_game("fussy", fussy, summary="A game that counts.")
        assert pr.get_game("fussy", count=2).title == "FussyFussy"
        with pytest.raises(
            InvalidRulesError,
            match=r"^the factory of game 'fussy' failed \(given count='x'\): "
            r"TypeError\('can only concatenate str ",
        ):
            pr.get_game("fussy", count="x")

    @pytest.mark.usefixtures("isolated_registry")
    def test_a_summary_is_one_line_of_text_and_none_is_no_required_option(self) -> None:
        # (the games command prints summaries)
        for summary in ("\x1b[2J", None, "two\nlines", "x" * 401):
            with pytest.raises(InvalidRulesError, match="a game's summary"):
                pr.register_game("shown", pr.windmill, summary=summary)  # type: ignore[arg-type]
        assert "shown" not in pr.game_names()
        assert pr.register_game("shown", pr.windmill, summary="x" * 400).summary == "x" * 400

        def needs(*, suit: str) -> pr.GameRules:
            return pr.GameRules.from_dict({**pr.windmill().to_dict(), "name": "needs"})

        # A game whose factory needs an option is registered only with a value
        # for it (get_game makes every registered game by its name alone).
        with pytest.raises(
            InvalidRulesError,
            match=r"^game 'needs' cannot be registered: its factory needs the option suit, "
            r"which has no default: ",
        ):
            pr.register_game("needs", needs, summary="A game with an option it must be given.")
        assert "needs" not in pr.game_names()
        with pytest.raises(
            InvalidRulesError, match=r"^option suit: .* \(it has no default\), got None$"
        ):
            GameEntry("needs", needs, (), "A game with an option it must be given.").make(suit=None)
        entry = pr.register_game("needs", needs, summary="Spades.", options={"suit": "S"})
        assert entry.takes() == "suit='S'"
        assert pr.get_game("needs").name == "needs"

    @pytest.mark.usefixtures("isolated_registry")
    @pytest.mark.parametrize("aliases", ["ab", b"ab", 3])
    def test_aliases_given_as_text_are_refused(self, aliases: object) -> None:
        before = pr.game_names()
        with pytest.raises(
            InvalidRulesError,
            match=r"^a game's aliases are a tuple of names, such as \('quadrille',\), got ",
        ):
            pr.register_game("myk", pr.klondike, summary="s", aliases=aliases)  # type: ignore[arg-type]
        assert pr.game_names() == before
        for name in ("myk", "a", "b"):
            with pytest.raises(UnknownGameError):
                pr.get_game(name)

    @pytest.mark.usefixtures("isolated_registry")
    @pytest.mark.parametrize(
        ("aliases", "message"),
        [
            (("myk",), "the alias 'myk' is the game's own name: "),
            (("k1", "k2", "k1"), "the alias 'k1' is given twice: "),
            (
                tuple(f"k{i}" for i in range(65)),
                "a game has at most 64 aliases, got more than 64",
            ),
        ],
    )
    def test_aliases_are_other_names_each_given_once(
        self, aliases: tuple[str, ...], message: str
    ) -> None:
        before = pr.game_names()
        with pytest.raises(InvalidRulesError, match=f"^{re.escape(message)}"):
            pr.register_game("myk", pr.klondike, summary="s", aliases=aliases)
        assert pr.game_names() == before
        with pytest.raises(UnknownGameError):
            pr.get_game("k1")
        # An iterable other than a tuple is read once, alias by alias.
        pr.register_game("myk", pr.klondike, summary="s", aliases=iter(("k1", "k2")))  # type: ignore[arg-type]
        assert pr.get_game("k2") is pr.get_game("myk")
        assert {entry.name: entry for entry in pr.game_entries()}["myk"].aliases == ("k1", "k2")

    @pytest.mark.usefixtures("isolated_registry")
    def test_a_registration_whose_rules_get_game_cannot_make_is_refused_at_once(self) -> None:
        before = pr.game_names()
        with pytest.raises(InvalidRulesError) as caught:
            pr.register_game(
                "myk", pr.klondike, summary="s", options={"draw": 2}, aliases=("myk-2",)
            )
        assert str(caught.value) == (
            "game 'myk' cannot be registered: get_game('myk') would refuse it (its factory "
            "given draw=2): draw is 1 or 3, got 2"
        )
        with pytest.raises(
            InvalidRulesError, match=r"^game 'myk' cannot be registered: .* not take the option"
        ):
            pr.register_game("myk", pr.klondike, summary="s", options={"drow": 3})

        # (a TypeError of the factory's own, too: it was taken for options
        # refused, "does not take the options :")
        def failing(fault: Exception) -> Callable[[], pr.GameRules]:
            def broken() -> pr.GameRules:
                raise fault

            return broken

        for fault in (KeyError("a part the factory lacks"), TypeError("a fault of its own")):
            with pytest.raises(
                InvalidRulesError,
                match=r"^game 'myk' cannot be registered: get_game\('myk'\) would refuse it: the "
                rf"factory of game 'myk' failed: {re.escape(repr(fault))}$",
            ) as failed:
                pr.register_game("myk", failing(fault), summary="s")
            assert isinstance(failed.value.__cause__, type(fault))
        # Each refusal left the registry as it was: the name and alias are free.
        assert pr.game_names() == before
        for name in ("myk", "myk-2"):
            with pytest.raises(UnknownGameError):
                pr.get_game(name)
        entry = pr.register_game(
            "myk", pr.klondike, summary="s", options={"draw": 3}, aliases=("myk-2",)
        )
        assert entry.make() is pr.get_game("myk-2") is pr.get_game("myk")
        assert pr.get_game("myk").stock.draw == 3
        assert pr.game_names() == tuple(sorted((*before, "myk")))

    def test_compulsion_is_a_part(self) -> None:
        forced = pr.get_game("captive-queens")
        free = pr.GameRules(
            name="free-queens",
            title="Free Queens",
            decks=1,
            foundations=forced.foundations,
            middle=forced.middle,
            stock=forced.stock,
            compulsion=Compulsion.NONE,
        )
        order = [Card.from_str(t) for t in ["6C", "7C"]]
        order += sorted(set(free.deck()) - set(order))
        # Turn 7C then 6C: with compulsion the 6C must go home, and nothing else is legal;
        # without it the player may also draw.
        order[0], order[1] = order[1], order[0]
        for rules, expected in ((forced, 1), (free, 2)):
            state = rules.deal_from(order).apply(Move.draw()).apply(Move.draw())
            assert len(state.legal_moves()) == expected
