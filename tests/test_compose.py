"""A game that no module registers, composed here from the parts alone, held to everything.

Crescent Mill: Crescent's tableau (sixteen piles of six that build up or down
in suit, King and Ace next to each other, and shifts for redeals) feeding
Windmill's foundations (a centre that builds up in any suit four times over,
and four corners started by any King that build down in any suit, their top
cards free to go to the centre).  Nothing in the library knows this game:
it is dealt, played, written down as data and read back, checked against the
independent model of the piles, and held to every invariant of the
registered games.
"""

from __future__ import annotations

import gc
import json
import pickle
import random
import re
import weakref
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import patience_rules as pr
from composed import toy_game
from notation_support import assert_typed_dict
from patience_rules import (
    Build,
    Direction,
    Foundation,
    FoundationSequence,
    GameRules,
    MoveKind,
    Rank,
    Redeal,
    Refill,
    Reserve,
    Runs,
    Stock,
    Suit,
    Suits,
    Tableau,
)
from pile_model import PileModel
from test_invariants import check_refused, check_state, check_transition, every_move


def crescent_mill() -> GameRules:
    """Crescent's tableau feeding Windmill's foundations."""
    centre = FoundationSequence(start=Rank.ACE, step=1, length=52, wrap=True)
    corner = FoundationSequence(start=Rank.KING, step=-1, length=13, wrap=False)
    return GameRules(
        name="crescent-mill",
        title="Crescent Mill",
        decks=2,
        foundations=(
            Foundation(None, centre, laid_out=True, name="centre"),
            *(Foundation(None, corner, playable=True, name="corner") for _ in range(4)),
        ),
        tableau=Tableau(
            columns=16,
            depth=6,
            name="Piles",
            build=Build(suits=Suits.SAME, direction=Direction.EITHER, wrap=True),
        ),
        stock=Stock(redeals=2, redeal=Redeal.SHIFT),
        description="Crescent's piles feed Windmill's centre and corners; two shifts.",
    )


GAME = crescent_mill()


def test_no_module_registers_it() -> None:
    assert GAME.name not in pr.game_names()
    assert not pr.is_registered(GAME)
    with pytest.raises(pr.NotationError, match="register the game"):
        pr.game_to_text(GAME)


def test_it_deals_by_its_parts() -> None:
    state = GAME.deal(1)
    layout = GAME.layout
    # One Ace laid out, sixteen piles of six, and the seven cards left are the stock.
    assert (layout.columns, layout.cells, layout.foundations, layout.stock_size) == (16, 0, 5, 7)
    assert [len(column) for column in state.columns] == [6] * 16
    assert state.foundations[0][0].rank is Rank.ACE and state.cards_home == 1
    assert state.stock_size == 7 and state.redeals_left == 2
    kinds = {move.kind for move in state.legal_moves()}
    assert {MoveKind.BUILD, MoveKind.DRAW, MoveKind.REDEAL} <= kinds


def test_random_play_keeps_every_invariant() -> None:
    rng = random.Random(7)
    played = kinds = 0
    seen_kinds: set[MoveKind] = set()
    for deal in range(6):
        state = GAME.deal(deal)
        for _ in range(60):
            moves, copy = check_state(state)
            if not moves:
                break
            for move in moves:
                check_transition(state, move, copy)
            unlisted = [move for move in every_move(state) if move not in moves]
            check_refused(state, rng.choice(unlisted))
            move = rng.choice(moves)
            seen_kinds.add(move.kind)
            state = state.apply(move)
            played += 1
        kinds = len(seen_kinds)
    assert played > 200
    assert kinds == 4  # home, build, draw and shift were all played


def play_like_the_model(
    rules: GameRules,
    deal: int,
    steps: int,
    choose: Callable[[pr.State, tuple[pr.Move, ...]], pr.Move],
) -> pr.State:
    """Play ``deal`` by the engine and by tests/pile_model.py side by side, at most
    ``steps`` moves chosen by ``choose``: the same piles and the same legal moves at
    every step.  Returns the last state."""
    state = rules.deal(deal)
    model = PileModel(rules, rules.deck_order(deal))
    for _ in range(steps):
        assert PileModel.snapshot_of(state) == model.snapshot()
        moves = state.legal_moves()
        assert list(moves) == model.legal_moves()
        if not moves:
            break
        move = choose(state, moves)
        state = state.apply(move)
        model.apply(move)
    return state


def test_it_plays_like_the_model() -> None:
    rng = random.Random(3)
    corner_to_centre = 0

    def lean_home(state: pr.State, moves: tuple[pr.Move, ...]) -> pr.Move:
        # Lean towards moves home, so that corners fill and empty.
        nonlocal corner_to_centre
        homes = [move for move in moves if move.kind is MoveKind.HOME]
        move = rng.choice(homes if homes and rng.random() < 0.7 else moves)
        corner_to_centre += move.source.kind is pr.PileKind.FOUNDATION
        return move

    for deal in range(5):
        play_like_the_model(GAME, deal, 150, lean_home)
    assert corner_to_centre > 0  # a corner's top card went to the centre


def test_it_turns_into_data_and_back() -> None:
    data = json.loads(json.dumps(GAME.to_dict()))
    assert GameRules.from_dict(data) == GAME
    assert pickle.loads(pickle.dumps(GAME)) == GAME
    state = GAME.deal(4)
    moves: list[pr.Move] = []
    for _ in range(25):
        legal = state.legal_moves()
        if not legal:
            break
        moves.append(legal[-1 if len(moves) % 3 == 0 else 0])
        state = state.apply(moves[-1])
    # A saved state and a game record replay from the description alone.
    assert_typed_dict(pr.state_to_dict(state), pr.StateDict)
    assert_typed_dict(pr.GameRecord(GAME, 4).to_dict(), pr.RecordDict)
    saved = json.loads(json.dumps(pr.state_to_dict(state)))
    assert saved["rules"]["name"] == "crescent-mill"
    assert pr.state_from_dict(saved) == state
    record = pr.GameRecord(GAME, 4, moves)
    assert pr.GameRecord.from_text(record.to_text()).states()[-1] == state
    assert pr.GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record
    assert pickle.loads(pickle.dumps(state)) == state


@pytest.mark.parametrize("name", [*pr.game_names(), None])
def test_the_rules_write_the_dict_form_their_type_describes(name: str | None) -> None:
    # Every key and value of RulesDict and of the parts' dict forms in it.
    rules = GAME if name is None else pr.get_game(name)
    assert_typed_dict(rules.to_dict(), pr.RulesDict)
    parts: list[tuple[Any, object]] = [
        (rules.stock, pr.StockDict),
        (rules.tableau, pr.TableauDict),
        (rules.reserve, pr.ReserveDict),
        (rules.middle, pr.MiddleDict),
        *((foundation, pr.FoundationDict) for foundation in rules.foundations),
        *((foundation.sequence, pr.SequenceDict) for foundation in rules.foundations),
    ]
    if rules.tableau is not None and rules.tableau.build is not None:
        parts.append((rules.tableau.build, pr.BuildDict))
    for part, form in parts:
        if part is not None:
            data = part.to_dict()
            assert_typed_dict(data, form)
            assert type(part).from_dict(json.loads(json.dumps(data))) == part


@pytest.mark.parametrize("name", [*pr.game_names(), None])
def test_each_part_reprs_as_the_call_that_makes_it(name: str | None) -> None:
    # (Captive Queens' middle takes one rank: a tuple of one, "(Rank.QUEEN,)")
    rules = GAME if name is None else pr.get_game(name)
    parts: list[object] = [rules.stock, rules.tableau, rules.reserve, rules.middle]
    parts += [*rules.foundations, *(foundation.sequence for foundation in rules.foundations)]
    if rules.tableau is not None:
        parts.append(rules.tableau.build)
    for part in parts:
        assert eval(repr(part), vars(pr)) == part, repr(part)


@pytest.mark.parametrize(
    ("change", "wrong"),
    [
        (lambda d: d.pop("sequence"), "lacks sequence"),
        (lambda d: d.update(zz=1), "has the unknown key 'zz'"),
        (
            lambda d: (d.pop("sequence"), d.pop("suit"), d.update(zz=1)),
            "lacks suit, sequence and has the unknown key 'zz'",
        ),
        (lambda d: d.update(dict.fromkeys("edcba", 0)), "has unknown keys 'a', 'b', 'c', 'd', 'e'"),
        (
            lambda d: d.update(dict.fromkeys("gfedcba", 0)),
            "has unknown keys 'a', 'b', 'c', 'd', 'e' (and 2 more)",
        ),
    ],
)
def test_a_dict_form_with_keys_missing_or_unknown_is_refused_naming_them(
    change: Callable[[dict[str, object]], object], wrong: str
) -> None:
    data: dict[str, object] = dict(pr.Foundation(pr.Suit.HEARTS, _ACE_UP).to_dict())
    change(data)
    with pytest.raises(
        pr.NotationError,
        match=(
            f"^foundation: {re.escape(wrong)}: "
            "expected the keys suit, sequence, laid_out, playable, name$"
        ),
    ):
        pr.Foundation.from_dict(data)


def parts_of(rules: pr.GameRules) -> list[Any]:
    """The parts of ``rules`` that it has: stock, tableau, reserve, middle, building
    rule, foundations and their sequences."""
    parts: list[Any] = [
        rules.stock,
        rules.tableau,
        rules.reserve,
        rules.middle,
        rules.tableau and rules.tableau.build,
        *rules.foundations,
        *(foundation.sequence for foundation in rules.foundations),
    ]
    return [part for part in parts if part]


@pytest.mark.parametrize("name", [*pr.game_names(), None])
def test_a_key_left_out_of_a_dict_form_gives_the_constructors_default(name: str | None) -> None:
    """Each optional key of the rules' and their parts' dict forms may be left out.

    The part read then has that field as the constructor gives it when the
    argument is left out, or, where the default does not fit the rest of the
    rules, the reader refuses them as the constructor does.
    """
    rules = GAME if name is None else pr.get_game(name)
    parts = [rules, *parts_of(rules)]
    left_out = 0
    for part in parts:
        data = json.loads(json.dumps(part.to_dict()))
        for key, field in attrs.fields_dict(type(part)).items():
            if key not in data or field.default is attrs.NOTHING:
                continue  # (required, or not written)
            default: Any = field.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                default = default.factory()
            trimmed = {k: v for k, v in data.items() if k != key}
            left_out += 1
            try:
                expected = attrs.evolve(part, **{key: default})
            except pr.InvalidRulesError as error:
                with pytest.raises(pr.NotationError, match=f"{re.escape(str(error))}$"):
                    type(part).from_dict(trimmed)
            else:
                assert type(part).from_dict(trimmed) == expected, key
    assert left_out >= 8


@pytest.mark.parametrize("name", [*pr.game_names(), None])
def test_each_dict_form_refuses_an_unknown_key_and_a_missing_one(name: str | None) -> None:
    """Every part's reader refuses a key it does not know and the lack of one it
    needs, naming them (a reader that let an unknown key by would read a
    misspelt option, ``"colour"`` for ``"suits"``, as the default)."""
    rules = GAME if name is None else pr.get_game(name)
    parts = [rules, *parts_of(rules)]
    required = 0
    for part in parts:
        data = json.loads(json.dumps(part.to_dict()))
        with pytest.raises(pr.NotationError, match="has the unknown key 'colour': expected"):
            type(part).from_dict({**data, "colour": "red"})
        for key, field in attrs.fields_dict(type(part)).items():
            if key in data and field.default is attrs.NOTHING:
                required += 1
                trimmed = {k: v for k, v in data.items() if k != key}
                with pytest.raises(pr.NotationError, match=f": lacks {key}: expected"):
                    type(part).from_dict(trimmed)
    assert required >= 4


@pytest.mark.parametrize("name", [*pr.game_names(), None])
def test_each_dict_form_refuses_values_of_the_wrong_kind_as_notation(name: str | None) -> None:
    """A dict form that is no mapping, a flag that is not true or false, a rank
    or a suit that is none: each refused as ``NotationError`` (never a bare
    ``TypeError``, nor read as "any suit" or "any rank")."""
    rules = GAME if name is None else pr.get_game(name)
    parts = parts_of(rules)
    wrong = {"suit": "X", "fill_rank": "Z", "start": "Z"}
    tried = 0
    for part in parts:
        for given in (5, ["suit"]):
            with pytest.raises(pr.NotationError, match="expected a mapping"):
                type(part).from_dict(given)
        data = json.loads(json.dumps(part.to_dict()))
        for key, value in data.items():
            bad = "yes" if isinstance(value, bool) else wrong.get(key)
            if bad is not None:
                tried += 1
                with pytest.raises(pr.NotationError, match=f"{key}: expected"):
                    type(part).from_dict({**data, key: bad})
    assert tried >= 4


@pytest.mark.parametrize("name", [*pr.game_names(), None])
def test_each_dict_form_refuses_parts_that_do_not_fit_together_as_notation(
    name: str | None,
) -> None:
    """Where the constructor refuses what each key read rightly (parts that do
    not fit together), every part's reader says so as ``NotationError``,
    naming the part, with the constructor's words."""
    rules = GAME if name is None else pr.get_game(name)

    def refuse(self: object, *args: object, **kwargs: object) -> None:
        raise pr.InvalidRulesError("these do not fit together")

    kinds = {type(part) for part in parts_of(rules)}
    for part in parts_of(rules):
        refusing: Any = type("Refusing", (type(part),), {"__init__": refuse})
        data = json.loads(json.dumps(part.to_dict()))
        with pytest.raises(pr.NotationError, match=r"^where: these do not fit together$"):
            refusing.from_dict(data, "where")
    assert len(kinds) >= 4


def _ace_up(wrap: bool) -> FoundationSequence:
    return FoundationSequence(start=Rank.ACE, length=13, wrap=wrap)


def test_equal_parts_write_equal_dict_forms() -> None:
    """Parts equal however given (a sequence's ``wrap`` that changes none of its
    ranks, a depth the same for every column) write the same dict form, so
    that equal positions write the same key (``state_to_dict`` with
    ``sort_keys=True``, as the concepts page tells)."""
    pairs: list[tuple[Any, Any]] = [
        (_ace_up(True), _ace_up(False)),
        (
            FoundationSequence(Rank.KING, -1, wrap=True),
            FoundationSequence(Rank.KING, -1, wrap=False),
        ),
        (Foundation(Suit.HEARTS, _ace_up(True)), Foundation(Suit.HEARTS, _ace_up(False))),
        (Tableau(columns=4, depth=3), Tableau(columns=4, depth=(3, 3, 3, 3))),
    ]
    for one, other in pairs:
        assert one == other and one.to_dict() == other.to_dict()
        assert type(one).from_dict(one.to_dict()) == one
    # (a sequence that runs on past the King or the Ace says so)
    wraps = {(Rank.FIVE, -1, 6): True, (Rank.QUEEN, 1, 3): True, (Rank.ACE, 2, 7): False}
    wraps |= {(Rank.ACE, 2, 8): True, (Rank.TWO, -1, 2): False, (Rank.ACE, 1, 26): True}
    for (start, step, length), wrap in wraps.items():
        assert FoundationSequence(start, step, length).to_dict()["wrap"] is wrap

    def mine(wrap: bool, depth: int | tuple[int, ...]) -> GameRules:
        foundations = [Foundation(suit, _ace_up(wrap)) for suit in Suit]
        return GameRules(
            name="mine", title="Mine", decks=1, foundations=foundations, tableau=Tableau(4, depth)
        )

    one, other = mine(True, 3), mine(False, (3, 3, 3, 3))
    assert one == other and one.to_dict() == other.to_dict()
    key = [json.dumps(pr.state_to_dict(rules.deal(7)), sort_keys=True) for rules in (one, other)]
    assert key[0] == key[1]


@pytest.mark.parametrize("name", [*pr.game_names(), None])
def test_each_flag_of_a_part_is_true_or_false(name: str | None) -> None:
    rules = GAME if name is None else pr.get_game(name)
    parts = parts_of(rules)
    flags = 0
    for part in parts:
        for key, value in attrs.asdict(part, recurse=False).items():
            field = attrs.fields_dict(type(part))[key]
            if isinstance(value, bool) and field.init:
                flags += 1
                # (a reserve's dealt may also be a number of cells: it says so)
                with pytest.raises(pr.InvalidRulesError, match=f"^{key} is True.*, got 'yes'$"):
                    attrs.evolve(part, **{key: "yes"})
    assert flags >= 3


_ACE_UP = pr.FoundationSequence(start=Rank.ACE)


@pytest.mark.parametrize(
    ("kind", "given", "key", "most", "past"),
    [
        (
            pr.Foundation,
            {"suit": pr.Suit.HEARTS, "sequence": _ACE_UP},
            "name",
            "x" * 40,
            "x" * 41,
        ),
        (pr.Tableau, {"columns": 1}, "depth", 104, 105),
        (pr.Tableau, {"columns": 2}, "depth", (0, 104), (104, 105)),
        (pr.Reserve, {"cells": 1}, "width", 64, 65),
        (pr.Middle, {}, "ranks", tuple(Rank), (*Rank, Rank.ACE)),
        (pr.Stock, {}, "draw", 52, 53),
    ],
)
def test_a_part_takes_a_value_up_to_its_limit_and_its_dict_form_reads_the_same(
    kind: Any, given: dict[str, object], key: str, most: object, past: object
) -> None:
    part = kind(**given, **{key: most})
    assert getattr(part, key) == most
    data = json.loads(json.dumps(part.to_dict()))
    assert kind.from_dict(data) == part
    with pytest.raises(pr.InvalidRulesError):
        kind(**given, **{key: past})
    data[key] = json.loads(json.dumps(past))
    with pytest.raises(pr.NotationError, match=key):
        kind.from_dict(data)


def test_a_place_is_numbered_up_to_999() -> None:
    assert pr.Place(pr.PileKind.CELL, 999).index == 999
    with pytest.raises(
        pr.InvalidRulesError, match=r"from 0 to 999 \(piles are numbered from 0\), got 1000$"
    ):
        pr.Place(pr.PileKind.CELL, 1000)


def test_a_mangled_description_is_refused_with_the_key() -> None:
    data = GAME.to_dict()
    tableau = data["tableau"]
    assert tableau is not None and tableau["build"] is not None
    tableau["build"]["suits"] = "same-ish"
    with pytest.raises(pr.NotationError, match=r"rules.tableau.build.suits: expected one of"):
        GameRules.from_dict(data)
    data = GAME.to_dict()
    data["decks"] = 1
    with pytest.raises(pr.NotationError, match="not a playable game"):
        GameRules.from_dict(data)
    for foundations in ([], "F1", [GAME.foundations[0].to_dict()] * 65):
        with pytest.raises(
            pr.NotationError, match=r"^rules\.foundations: expected a list of 1 to 64, got "
        ):
            GameRules.from_dict({**GAME.to_dict(), "foundations": foundations})
    for version in (2, 0, "1", True):
        with pytest.raises(
            pr.NotationError, match=rf"^rules\.format: expected format 1, got {version!r}$"
        ):
            GameRules.from_dict({**GAME.to_dict(), "format": version})


@pytest.mark.parametrize("unstarted", [None, 2])
def test_a_laid_out_base_of_any_suit_is_a_card_no_locked_foundation_needs(
    unstarted: int | None,
) -> None:
    # Sultan with its first King's foundation taking any suit: the foundations
    # locked to a suit need both Kings of diamonds, hearts and spades, so the
    # one of any suit must take a King of clubs, whichever King the deck order
    # shows first; also where a diamonds foundation is started in play rather
    # than laid out (its King is still needed, only not dealt to it).
    data = pr.get_game("sultan").to_dict()
    foundations = data["foundations"]
    assert foundations[0]["suit"] == "C"
    foundations[0]["suit"] = None
    if unstarted is not None:
        assert foundations[unstarted]["suit"] == "D"
        foundations[unstarted]["laid_out"] = False
    rules = GameRules.from_dict(data)
    for number in range(1, 41):
        order = rules.deck_order(number)
        state = rules.deal_from(order)
        bases = [pile[0] if pile else None for pile in state.foundations]
        assert bases[0] == pr.Card(Rank.KING, pr.Suit.CLUBS)
        for f, (base, foundation) in enumerate(zip(bases, rules.foundations, strict=True)):
            if f == unstarted:
                assert base is None
            elif f:
                assert base is not None and base.suit is foundation.suit
        rest = list(order)
        for base in bases:
            if base is not None:
                rest.remove(base)
        assert state.cells == tuple(rest[:8])  # the rest keep their order
        assert PileModel(rules, order).foundations == [list(pile) for pile in state.foundations]


def eight_off() -> GameRules:
    """Eight Off: FreeCell's relative with eight cells, four of them dealt."""
    return GameRules(
        name="eight-off",
        title="Eight Off",
        decks=1,
        foundations=tuple(
            Foundation(suit, FoundationSequence(Rank.ACE, 1, 13, wrap=False)) for suit in Suit
        ),
        tableau=Tableau(
            columns=8,
            depth=6,
            refill=Refill.BY_MOVE,
            build=Build(suits=Suits.SAME, direction=Direction.DOWN),
            runs=Runs.SUPERMOVE,
            fill_rank=Rank.KING,
        ),
        reserve=Reserve(cells=8, refill=Refill.BY_MOVE, width=8, dealt=4),
        stock=Stock(redeals=0),
        compulsion=pr.Compulsion.NONE,
    )


def known_games() -> dict[str, GameRules]:
    """Games every player knows that the library does not register, as the
    guide's table composes them (docs/guides/compose-your-own.rst, step 10)."""
    ace_up = FoundationSequence(start=Rank.ACE, length=13, wrap=False)
    in_suit = Build(suits=Suits.SAME)
    free_cells = Reserve(cells=4, refill=Refill.BY_MOVE, name="Free cells", dealt=False)

    def game(name: str, **parts: Any) -> GameRules:
        parts.setdefault("foundations", [Foundation(suit, ace_up) for suit in Suit])
        return GameRules(name=name, title=name.replace("-", " ").title(), **parts)

    def columns(count: int, depth: int | tuple[int, ...], build: Build, **more: Any) -> Tableau:
        return Tableau(columns=count, depth=depth, refill=Refill.BY_MOVE, build=build, **more)

    return {
        "beleaguered-castle": game(
            "beleaguered-castle",
            decks=1,
            foundations=[Foundation(suit, ace_up, laid_out=True) for suit in Suit],
            tableau=columns(8, 6, Build(suits=Suits.ANY)),
        ),
        "streets-and-alleys": game(
            "streets-and-alleys",
            decks=1,
            tableau=columns(8, (7, 7, 7, 7, 6, 6, 6, 6), Build(suits=Suits.ANY)),
        ),
        "fortress": game(
            "fortress",
            decks=1,
            tableau=columns(
                10,
                (6, 6, 5, 5, 5, 5, 5, 5, 5, 5),
                Build(suits=Suits.SAME, direction=Direction.EITHER),
            ),
        ),
        "eight-off": game(
            "eight-off",
            decks=1,
            tableau=columns(8, 6, in_suit, fill_rank=Rank.KING),
            reserve=Reserve(cells=8, refill=Refill.BY_MOVE, width=8, dealt=4),
        ),
        "seahaven-towers": game(
            "seahaven-towers",
            decks=1,
            tableau=columns(10, 5, in_suit, fill_rank=Rank.KING),
            reserve=Reserve(cells=4, refill=Refill.BY_MOVE, dealt=2),
        ),
        "bakers-game": game(
            "bakers-game",
            decks=1,
            tableau=columns(8, (7, 7, 7, 7, 6, 6, 6, 6), in_suit, runs=Runs.SUPERMOVE),
            reserve=free_cells,
        ),
        "forty-thieves": game(
            "forty-thieves",
            decks=2,
            foundations=[Foundation(suit, ace_up) for suit in Suit] * 2,
            tableau=columns(10, 4, in_suit),
            stock=Stock(redeals=0),
        ),
    }


KNOWN_GAMES = known_games()


@pytest.mark.parametrize("name", sorted(KNOWN_GAMES))
def test_the_guides_known_games_deal_and_play_like_the_model(name: str) -> None:
    rules = KNOWN_GAMES[name]
    layout = rules.layout
    assert layout.has_stock is (name == "forty-thieves")
    assert layout.stock_size == (64 if name == "forty-thieves" else 0)
    rng = random.Random(name)
    kinds: list[MoveKind] = []

    def choose(state: pr.State, moves: tuple[pr.Move, ...]) -> pr.Move:
        check_state(state)
        kinds.append(rng.choice(moves).kind)
        return next(move for move in moves if move.kind is kinds[-1])

    deal = 0
    while len(kinds) < 300 and deal < 150:  # (random play blocks many deals early)
        play_like_the_model(rules, deal, 200, choose)
        deal += 1
    assert len(kinds) >= 300
    assert {MoveKind.BUILD, MoveKind.HOME} <= set(kinds)
    assert rules == GameRules.from_dict(json.loads(json.dumps(rules.to_dict())))


def test_a_reserve_can_be_dealt_in_part() -> None:
    # Eight Off deals 48 cards to its columns and the last 4 to the first
    # four of its eight cells.
    rules = eight_off()
    assert rules.reserve is not None and rules.reserve.dealt_cells == 4
    for deal in range(3):
        order = rules.deck_order(deal)
        state = rules.deal(deal)
        assert [len(column) for column in state.columns] == [6] * 8
        assert state.cells == (*order[48:], None, None, None, None)
        assert state.stock == ()
        model = PileModel(rules, order)
        assert PileModel.snapshot_of(state) == model.snapshot()
    # The part reads back as the number it holds; all or none read as True or False.
    assert GameRules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    reserve = rules.to_dict()["reserve"]
    assert reserve is not None and reserve["dealt"] == 4
    by_move = Refill.BY_MOVE
    assert Reserve(cells=8, dealt=8) == Reserve(cells=8) != Reserve(cells=8, refill=by_move)
    assert Reserve(cells=8, refill=by_move, dealt=8) == Reserve(cells=8, refill=by_move)
    assert Reserve(cells=8, refill=by_move) != Reserve(cells=8, refill=by_move, dealt=1)
    assert Reserve(cells=8, refill=by_move, dealt=4) != Reserve(cells=8, refill=by_move, dealt=2)
    assert Reserve(cells=8, refill=by_move, dealt=0).dealt is False
    assert Reserve.from_dict({"cells": 8, "refill": "move", "dealt": 0}) == Reserve(
        cells=8, refill=by_move, dealt=False
    )
    assert Reserve.from_dict({"cells": 8, "dealt": 8}) == Reserve(cells=8)
    some = [Reserve(cells=8, refill=by_move, dealt=dealt) for dealt in (True, 1, 8)]
    assert len(set(some)) == 2


@pytest.mark.parametrize(("dealt", "empty"), [(False, "8 cells of 8 are"), (7, "1 cell of 8 is")])
def test_cells_dealt_empty_that_nothing_would_fill_are_refused(
    dealt: bool | int, empty: str
) -> None:
    with pytest.raises(pr.InvalidRulesError) as caught:
        Reserve(cells=8, dealt=dealt)
    assert str(caught.value).startswith(
        f"{empty} dealt empty, and refill=Refill.NEVER would never fill "
    )
    assert "give refill=Refill.BY_MOVE" in str(caught.value)
    # Read from a dict form, the key is named.
    with pytest.raises(pr.NotationError, match=r"^reserve: .* dealt empty"):
        Reserve.from_dict({"cells": 8, "dealt": dealt})
    # Any policy that fills a cell takes them.
    for refill in (Refill.BY_MOVE, Refill.FROM_WASTE, Refill.FROM_WASTE_THEN_STOCK):
        assert Reserve(cells=8, refill=refill, dealt=dealt).dealt_cells == (dealt or 0)


def test_one_depth_for_every_column_is_that_depth() -> None:
    # A tableau compares by what it deals, as a reserve's dealt cells do.
    same = Tableau(columns=8, depth=(6,) * 8)
    assert same == Tableau(columns=8, depth=6) and hash(same) == hash(Tableau(columns=8, depth=6))
    assert same.depths == Tableau(columns=8, depth=6).depths
    assert Tableau(columns=2, depth=(6, 5)) != Tableau(columns=2, depth=6)
    assert Tableau(columns=3, depth=(6, 6, 6)) != Tableau(columns=2, depth=(6, 6))
    assert Tableau(columns=2, depth=(6, 6)) != Tableau(columns=2, depth=(6, 6), face_down=True)
    # The form writes one count (equal tableaux write equal forms); a depth
    # that differs by column is written a count for each.
    assert same.to_dict()["depth"] == 6 and Tableau.from_dict(same.to_dict()) == same
    assert Tableau(columns=2, depth=(6, 5)).to_dict()["depth"] == [6, 5]


def test_an_unregistered_games_state_sums_up_only_the_piles_it_has() -> None:
    castle = GameRules(
        name="beleaguered-castle",
        title="Beleaguered Castle",
        decks=1,
        foundations=[
            Foundation(suit, FoundationSequence(start=Rank.ACE), laid_out=True) for suit in Suit
        ],
        tableau=Tableau(columns=8, depth=6, refill=Refill.BY_MOVE, build=Build(suits=Suits.ANY)),
    )
    assert repr(castle.deal(1)) == "<State beleaguered-castle: 4/52 cards home>"
    klondike = attrs.evolve(pr.klondike(), name="mine")
    assert repr(klondike.deal(1)) == "<State mine: 0/52 cards home, stock 24, redeals used 0>"
    crescent = attrs.evolve(pr.crescent(), name="mine")
    assert repr(crescent.deal(1)) == "<State mine: 8/104 cards home, shifts used 0>"


def test_a_partly_dealt_reserve_plays_like_the_model_and_keeps_every_invariant() -> None:
    rules = eight_off()
    rng = random.Random(11)
    played = 0

    def checked(state: pr.State, moves: tuple[pr.Move, ...]) -> pr.Move:
        nonlocal played
        _, copy = check_state(state)
        for move in moves:
            check_transition(state, move, copy)
        played += 1
        return rng.choice(moves)

    for deal in range(4):
        state = play_like_the_model(rules, deal, 80, checked)
        assert pickle.loads(pickle.dumps(state)) == state
    assert played > 150


@pytest.mark.parametrize(
    "title",
    [
        "a\x01b",
        "\x1b]0;owned\x07\x1b[2J",
        "a\x00b",
        "a\ufffeb",
        "a\ud800b",
        "one\ntwo",
        "a\u2028b",
        "abc\u202edef",  # (a bidirectional override: shown reversed)
    ],
)
def test_names_and_titles_that_cannot_be_shown_are_refused(title: str) -> None:
    # They would reach a terminal unescaped, or make the SVG ill-formed or unencodable.
    data = GAME.to_dict()
    data["title"] = title
    with pytest.raises(pr.NotationError, match=r"rules.title: it may not hold control characters"):
        GameRules.from_dict(data)
    with pytest.raises(pr.InvalidRulesError, match=r"^a game's title: it may not hold"):
        attrs.evolve(GAME, title=title)
    with pytest.raises(pr.InvalidRulesError, match=r"^a game's name: it may not hold"):
        attrs.evolve(GAME, name=title)
    with pytest.raises(pr.InvalidRulesError, match=r"^a part's name: it may not hold") as caught:
        Reserve(cells=4, name=title)
    # (the character is counted from 1, as people count)
    first = next(i for i, c in enumerate(title, 1) if not c.isprintable() or c == "\u202e")
    assert f" at character {first} of " in str(caught.value), caught.value
    data = GAME.to_dict()
    assert data["tableau"] is not None
    data["tableau"]["name"] = title
    with pytest.raises(pr.NotationError, match=r"rules.tableau.name: it may not hold"):
        GameRules.from_dict(data)


def test_a_description_may_have_lines_and_a_text_option_no_lone_surrogate() -> None:
    for description in ("Two lines:\n\tthe second indented.", "Windows lines:\r\nold Macs'\r"):
        described = attrs.evolve(GAME, description=description)
        assert GameRules.from_dict(json.loads(json.dumps(described.to_dict()))) == described
        assert pickle.loads(pickle.dumps(described)).description == description
    with pytest.raises(pr.InvalidRulesError, match="a description: it may not hold"):
        attrs.evolve(GAME, description="bell\x07")
    with pytest.raises(pr.InvalidRulesError, match="option label: a name and a text with no lone"):
        attrs.evolve(GAME, options=(("label", "a\ud800"),))
    with pytest.raises(pr.InvalidRulesError, match="a name and a text with no lone surrogates"):
        attrs.evolve(GAME, options=(("lab\udc00el", "a"),))
    labelled = attrs.evolve(GAME, options=(("label", "a\U0001f0a1 \u00e9"),))
    saved = json.loads(json.dumps(pr.state_to_dict(labelled.deal(1))))
    assert pr.state_from_dict(saved) == labelled.deal(1)


@pytest.mark.parametrize(("key", "most"), [("name", 100), ("title", 200), ("description", 4000)])
def test_the_rules_texts_take_up_to_their_limit(key: str, most: int) -> None:
    at_most: dict[str, Any] = {key: "x" * most}
    past: dict[str, Any] = {key: "x" * (most + 1)}
    longest = attrs.evolve(GAME, **at_most)
    assert GameRules.from_dict(json.loads(json.dumps(longest.to_dict()))) == longest
    assert getattr(GameRules.from_dict(longest.to_dict()), key) == "x" * most
    with pytest.raises(pr.InvalidRulesError, match=f"is a text of at most {most} characters"):
        attrs.evolve(GAME, **past)
    with pytest.raises(
        pr.NotationError, match=f"^rules.{key}: expected a text of at most {most} characters"
    ):
        GameRules.from_dict({**GAME.to_dict(), **past})


@pytest.mark.parametrize("count", [1, 64])
def test_rules_of_1_or_64_foundations_turn_into_data_and_back(count: int) -> None:
    # One foundation of any suit taking the deck rank by rank four times
    # over; sixteen decks' foundations of one suit each.
    if count == 1:
        sequence = pr.FoundationSequence(start=Rank.ACE, length=52)
        rules = GameRules(
            name="one", title="One", decks=1, foundations=[Foundation(None, sequence)]
        )
    else:
        every = [Foundation(suit, pr.FoundationSequence(start=Rank.ACE)) for suit in pr.Suit]
        rules = GameRules(name="many", title="Many", decks=16, foundations=every * 16)
    assert len(rules.foundations) == count
    assert GameRules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_a_name_of_a_str_subclass_is_kept_as_plain_text() -> None:
    # Its own __str__ would be what a picture or a message shows.
    class Loud(str):
        __slots__ = ()

        def __str__(self) -> str:
            return "\x1b[2J"

    rules = attrs.evolve(GAME, title=Loud("Crescent Mill"), name=Loud("crescent-mill"))
    part = Reserve(cells=4, name=Loud("Cells"))
    assert type(rules.title) is str and type(rules.name) is str and type(part.name) is str
    assert f"{rules.title}" == "Crescent Mill" and str(part.name) == "Cells"


def run_mover(cell_refill: Refill, fill_rank: Rank | None, cells: int = 2) -> GameRules:
    """Eight Off's foundations and building on four columns of one card, and two empty cells."""
    game = eight_off()
    assert game.tableau is not None
    return attrs.evolve(
        game,
        name="run-mover",
        title="Run mover",
        tableau=attrs.evolve(game.tableau, columns=4, depth=1, fill_rank=fill_rank),
        reserve=Reserve(cells=cells, refill=cell_refill, dealt=False),
    )


#: Hearts to the Six home, 9H 8H 7H on one column, 10H on another, two empty
#: columns, and the rest of the hearts in the stock.
RUN_PILES: dict[str, Any] = {
    "columns": [pr.cards_from_text("9H 8H 7H"), pr.cards_from_text("10H"), (), ()],
    "foundation_heights": [6 if suit is Suit.HEARTS else 13 for suit in Suit],
    "stock": pr.cards_from_text("KH QH JH"),
}


@pytest.mark.parametrize(
    ("cell_refill", "fill_rank", "moves_the_run"),
    [
        # Two empty columns that take any card: 1 x 2**2 cards may move.
        (Refill.FROM_WASTE, None, True),
        # Columns that take only a King, and cells that no move fills (the
        # empty waste refills them): one card.
        (Refill.FROM_WASTE, Rank.KING, False),
        # The two empty cells carry two cards: (1 + 2) x 2**0.
        (Refill.BY_MOVE, Rank.KING, True),
    ],
)
def test_a_supermove_counts_only_the_piles_that_could_carry_its_cards(
    cell_refill: Refill, fill_rank: Rank | None, moves_the_run: bool
) -> None:
    # The run 9H 8H 7H may go onto 10H as far as the empty cells and the
    # empty columns could carry it card by card.
    rules = run_mover(cell_refill, fill_rank)
    state = rules.make_state(**RUN_PILES, cells=[None, None])
    run = pr.Move.to_column(pr.Place(pr.PileKind.COLUMN, 0), 1, count=3)
    assert (run in state.legal_moves()) is moves_the_run
    model = PileModel.from_snapshot(rules, PileModel.snapshot_of(state))
    assert list(state.legal_moves()) == model.legal_moves()


def test_a_position_with_a_pile_missing_is_refused_by_its_count() -> None:
    rules = run_mover(Refill.BY_MOVE, None, cells=1)
    with pytest.raises(pr.InvalidDealError, match=r"^cells: expected 1 cell, got 0$"):
        rules.make_state(**RUN_PILES)
    with pytest.raises(pr.InvalidDealError, match=r"^cells: expected a sequence of 1 cell, got"):
        rules.make_state(**RUN_PILES, cells="-")  # type: ignore[arg-type]
    assert rules.make_state(**RUN_PILES, cells=[None]).cells == (None,)


@pytest.mark.parametrize("deal", [1, 2, 3])
def test_cells_the_deal_leaves_empty_are_refilled_at_once_from_the_stock(deal: int) -> None:
    # Royal Cotillion's Lords refilled from the waste, then the stock (its
    # stock_refill variant), with only four dealt: the deal's empty cells take
    # the stock's top cards at once, one each, in order, which are the cards a
    # full deal gives them.
    full = pr.get_game("royal-cotillion", stock_refill=True)
    lords = full.reserve
    assert lords is not None
    some = attrs.evolve(full, reserve=attrs.evolve(lords, dealt=4))
    order = full.deck_order(deal)
    refilled, dealt = some.deal_from(order), full.deal_from(order)
    assert refilled.cells == dealt.cells
    assert None not in refilled.cells
    assert refilled.stock == dealt.stock
    # From the waste alone, the deal's empty cells wait for the first draws.
    from_waste = attrs.evolve(lords, refill=Refill.FROM_WASTE, dealt=4)
    waiting = attrs.evolve(full, reserve=from_waste).deal_from(order)
    assert waiting.cells == (*dealt.cells[:4], *[None] * 12)


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: pr.Tableau(2, depth=b"\x01\x01"), pr.InvalidRulesError, "depth is a whole number"),
        (
            lambda: pr.Reserve(0),
            pr.InvalidRulesError,
            "cells is a whole number from 1 to 64, got 0",
        ),
        (lambda: pr.Reserve(4, width=0), pr.InvalidRulesError, "width is a whole number from 1"),
        (
            lambda: pr.Foundation(pr.Suit.CLUBS, "nope"),  # type: ignore[arg-type]
            pr.InvalidRulesError,
            "a foundation's sequence is a FoundationSequence, got 'nope'",
        ),
        (
            lambda: pr.Tableau(8, 1, runs=pr.Runs.SUPERMOVE),
            pr.InvalidRulesError,
            "needs a build rule",
        ),
        (lambda: pr.Middle([]), pr.InvalidRulesError, "takes one or more Ranks, got \\(\\)"),
        (lambda: pr.Middle(["Q"]), pr.InvalidRulesError, "takes one or more Ranks, got \\('Q',\\)"),  # type: ignore[list-item]
        (
            lambda: pr.Middle.from_dict({"ranks": "QK"}),
            pr.NotationError,
            "middle.ranks: expected a list of 1 to 13 ranks, got 'QK'",
        ),
        (
            lambda: pr.Stock.from_dict({"draw": 0}),
            pr.NotationError,
            "stock.draw: expected a whole number from 1 to 52, got 0",
        ),
        (
            lambda: pr.shuffled_deck(iter("ABC"), 1),  # type: ignore[arg-type]
            pr.InvalidDealError,
            "a deck to shuffle is a sequence of cards",
        ),
    ],
)
def test_a_part_of_no_meaning_is_refused(
    make: Callable[[], object], error: type[Exception], message: str
) -> None:
    # (each held by no test until a mutation audit deleted its check)
    with pytest.raises(error, match=message):
        make()


def test_a_tableau_s_depth_compares_the_same_however_it_is_given() -> None:
    assert pr.Tableau(1, depth=(3,)) == pr.Tableau(1, depth=3)
    assert hash(pr.Tableau(1, depth=(3,))) == hash(pr.Tableau(1, depth=3))
    assert pr.Tableau(2, depth=(3, 3)) == pr.Tableau(2, depth=3) != pr.Tableau(2, depth=(3, 2))


def test_a_composed_game_is_not_kept_alive_by_what_the_library_remembers() -> None:
    # Asking whether rules are registered (a repr, a state's or a record's dict
    # form do) remembers the answer only while the rules live: a composed game's
    # tables are large (some 14 MB for 64 columns), and a process that composes
    # many would otherwise keep hundreds of them.
    from patience_rules.records import GameRecord

    alive = []
    for number in range(12):
        game = toy_game(name=f"toy-{number}", title=f"Toy {number}")
        state = game.deal(1)
        repr(game)
        pr.state_to_dict(state)
        GameRecord(game, 1).to_text()
        assert not pr.is_registered(game)
        alive.append(weakref.ref(game))
    del game, state
    gc.collect()
    assert [ref for ref in alive if ref() is not None] == []
