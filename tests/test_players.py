"""Tests of the players: who chooses a move where the rules leave a choice."""

from __future__ import annotations

import math
import pickle
from typing import Any

import pytest
from typing_extensions import assert_type

import patience_rules as pr
from foreign_numbers import Int64, bool_
from patience_rules import stats
from patience_rules.deals import _SplitMix64
from patience_rules.players import (
    Chooser,
    FirstPlayer,
    GreedyPlayer,
    Player,
    RandomPlayer,
    get_player,
    player_names,
)
from patience_rules.stats import play_deal

ROYAL = pr.get_game("royal-cotillion")


def test_player_names_and_lookup() -> None:
    assert player_names() == ("greedy", "random", "first")
    # A random player's seed is 0 unless given, whichever way it is made.
    assert get_player("random") == RandomPlayer() == RandomPlayer(seed=0)
    assert RandomPlayer().seed == 0
    largest = RandomPlayer(seed=2**64 - 1)  # (the largest seed, as the largest deal number)
    assert get_player("random", seed=2**64 - 1) == largest
    for name in player_names():
        player = get_player(name, seed=5)
        assert isinstance(player, Player)
        assert player.name == name
    assert get_player("random", seed=5) == RandomPlayer(seed=5)
    with pytest.raises(pr.PatienceRulesError, match="unknown player 'best': expected one of"):
        get_player("best")
    # A seed may be an integer of another library (NumPy's): kept as its int.
    numpy_seed = RandomPlayer(seed=Int64(5))
    assert numpy_seed == get_player("random", seed=Int64(5)) == RandomPlayer(seed=5)
    assert type(numpy_seed.seed) is int
    for name in player_names():  # (a bad seed whichever the player)
        for seed in (-1, 2**64, "x", True, bool_(), 5.0, Int64(-1)):
            with pytest.raises(pr.PatienceRulesError, match="a player's seed is a whole number"):
                get_player(name, seed=seed)  # type: ignore[arg-type]


def test_a_player_named_in_the_code_is_typed_as_its_class() -> None:
    # (a type checker then knows a random player's seed)
    greedy, random, first = get_player("greedy"), get_player("random", seed=3), get_player("first")
    assert_type(greedy, GreedyPlayer)
    assert_type(random, RandomPlayer)
    assert_type(first, FirstPlayer)
    assert (type(greedy), type(random), type(first)) == (GreedyPlayer, RandomPlayer, FirstPlayer)
    assert random.seed == 3
    name: str = "random"
    assert_type(get_player(name), Player)


def test_a_chooser_is_any_function_of_a_state_and_its_moves() -> None:
    # A function of that shape is a chooser, a lambda too; one of another
    # shape is refused by a type checker (were it not, the typing session
    # would find these ignores unused).
    def last(state: pr.State, moves: tuple[pr.Move, ...]) -> pr.Move | None:
        return moves[-1] if state.stock else None

    def one_argument(state: pr.State) -> pr.Move | None:
        return None

    def text(state: pr.State, moves: tuple[pr.Move, ...]) -> str:
        return str(moves[0])

    choosers: list[Chooser] = [last, lambda state, moves: moves[0], GreedyPlayer().chooser(7)]
    wrong: list[Chooser] = [one_argument, text]  # type: ignore[list-item]
    state = ROYAL.deal(7)
    moves = state.legal_moves()
    assert [chooser(state, moves) for chooser in choosers] == [moves[-1], moves[0], moves[0]]
    with pytest.raises(TypeError):
        wrong[0](state, moves)
    assert wrong[1](state, moves) == "T4-F4"  # type: ignore[comparison-overlap]


def test_the_old_names_stay_importable_from_stats_with_a_warning() -> None:
    olds: list[tuple[str, Any]] = [
        ("GreedyPolicy", GreedyPlayer),
        ("RandomPolicy", RandomPlayer),
        ("FirstPolicy", FirstPlayer),
        ("Policy", Player),
        ("get_policy", get_player),
        ("policy_names", player_names),
    ]
    for old, new in olds:
        with pytest.warns(
            DeprecationWarning, match=rf"stats\.{old} is an old name of .*\.{new.__name__}"
        ):
            assert getattr(stats, old) is new
    with pytest.warns(DeprecationWarning, match="RandomPolicy is an old name"):
        from patience_rules.stats import RandomPolicy
    assert RandomPolicy(seed=2) == RandomPlayer(seed=2)
    # Type checkers see the old names as deprecated (were they not, these ignores
    # would be unused, an error of the typing session) and typed as the new ones.
    with pytest.warns(DeprecationWarning, match="GreedyPolicy is an old name"):
        greedy: GreedyPlayer = stats.GreedyPolicy()  # type: ignore[deprecated]
    with pytest.warns(DeprecationWarning, match="get_policy is an old name"):
        player: Player = stats.get_policy("random", seed=2)  # type: ignore[deprecated]
    assert (greedy, player) == (GreedyPlayer(), RandomPlayer(seed=2))
    # ... with get_player's overloads, and the protocol checkable as at run time.
    with pytest.warns(DeprecationWarning, match="get_policy is an old name"):
        random = stats.get_policy("random", seed=Int64(2))  # type: ignore[deprecated]
    assert_type(random, RandomPlayer)
    assert random == RandomPlayer(seed=2)
    with pytest.warns(DeprecationWarning, match="Policy is an old name"):
        policy = stats.Policy  # type: ignore[deprecated]
    assert isinstance(GreedyPlayer(), policy) and not isinstance("greedy", policy)
    typo = "Polic"  # (stats.Polic would be a type checker's error, as it should be)
    with pytest.raises(AttributeError, match="has no attribute 'Polic'"):
        getattr(stats, typo)
    rules = pr.get_game("captive-queens")
    with pytest.warns(DeprecationWarning, match="policy= is an old name of player=") as caught:
        result = stats.play_deal(rules, 3, policy=GreedyPlayer())
    assert caught[0].filename == __file__  # (the caller's line)
    assert result == stats.play_deal(rules, 3, player=GreedyPlayer())


#: Integers too long for Python to write out (its limit is 4300 digits).
HUGE = [pytest.param(10**5000, id="10**5000"), pytest.param(-(10**5000), id="-10**5000")]


@pytest.mark.parametrize("seed", [-1, 1.5, True, "3", 2**64, *HUGE])
def test_random_player_refuses_bad_seeds_briefly(seed: object) -> None:
    with pytest.raises(pr.PatienceRulesError, match="seed is a whole number from 0 to") as caught:
        RandomPlayer(seed=seed)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("deal", [-1, 2**64, "7", *HUGE])
def test_random_chooser_refuses_bad_deals_briefly(deal: object) -> None:
    with pytest.raises(pr.InvalidDealError) as caught:
        RandomPlayer().chooser(deal)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("player", [GreedyPlayer(), FirstPlayer(), RandomPlayer(seed=9)])
def test_players_pickle(player: Player) -> None:
    assert pickle.loads(pickle.dumps(player)) == player


def test_greedy_prefers_columns_then_cells_then_waste_then_draw() -> None:
    state = ROYAL.deal(7)
    moves = state.legal_moves()
    choose = GreedyPlayer().chooser(7)
    # Whatever order the moves come in, the column move wins.
    kinds = {move.source.kind for move in moves}
    assert pr.PileKind.COLUMN in kinds
    first = choose(state, moves[::-1])
    assert first is not None and first.source.kind is pr.PileKind.COLUMN
    no_column = tuple(m for m in moves if m.source.kind is not pr.PileKind.COLUMN)
    second = choose(state, no_column[::-1])
    assert second is not None and second.source.kind is pr.PileKind.CELL
    # Two waste plays and a draw, then the redeal and the draw.
    waste = pr.Place(pr.PileKind.WASTE)
    waste_moves = (pr.Move.draw(), pr.Move.to_foundation(waste, 3))
    assert choose(state, waste_moves) == pr.Move.to_foundation(waste, 3)
    assert choose(state, (pr.Move.redeal(), pr.Move.draw())) == pr.Move.draw()


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        (
            "royal-cotillion 3C/3D/AH/AS/2C/2D/4H/2S 8C7C9H/QS10S3S/4D4S5S/JCJS10D "
            "6D/KD/7S/8H/8S/10H/5C/6S/QD/5C/8C/QH/QC/KS/AC/3D 10C5HJDKC2D7S2S10CAH9S9CQCJH4H10D7H"
            "JCQS9S8DKC7D7C4D3S6DJSQDJHKS7D5D10SAS2H8S4S6H6S10HKDJDAD3H6H4C3H8D2C9CQH6C5H8H3C4C"
            "9H7H6C9DKH9DKH5S 5D 0",
            ("COLUMN", "CELL", "WASTE", "draw"),
        ),
        (
            "windmill AC2D3H4S5D6H7S8D9D10SJSQDKCAH2C3C4H5C6H7D8H9H10CJDQSKDAS2D3H4D5S/KDQC/"
            "KHQDJC10D9C8H7S6C/KSQSJH10C9S8C7C6D5D4S3S2CAS/KHQC 3D/7D/3C/AD/6D/QH/AC/6C "
            "8S5H4C7H3SJS5HAD9S2H4DKS2S7C4H5C10HQHAH2H6SKC8DJH7H5S8CJD9H9D10S "
            "3D10D10H4C9C2SJC8S6S 0",
            ("CELL", "WASTE", "FOUNDATION", "draw"),
        ),
    ],
)
def test_greedy_plays_home_from_columns_then_cells_then_the_waste_then_foundations(
    text: str, kinds: tuple[str, ...]
) -> None:
    # Positions where cards of three kinds of pile can go home (Windmill's
    # from its corner foundations to the centre): given the moves in any
    # order, the greedy player takes them by kind in its documented order,
    # then the draw.
    state = pr.state_from_text(text)
    choose = GreedyPlayer().chooser(1)
    moves = state.legal_moves()
    for order in (moves, moves[::-1], moves[1::2] + moves[::2]):
        taken = []
        left = order
        while left:
            move = choose(state, left)
            assert move is not None
            kind = "draw" if move.is_draw else move.source.kind.name
            taken.append(kind)
            left = tuple(m for m in left if ("draw" if m.is_draw else m.source.kind.name) != kind)
        assert tuple(taken) == kinds


def test_greedy_plays_home_before_any_other_kind_of_move() -> None:
    # A move that sends no card home (onto a column) comes after every play
    # home and before the draw; a move back to a position of the game, never.
    klondike = pr.get_game("klondike")
    state = klondike.deal(6)  # T1-F3, T7-F2, T5-T4 and the draw
    home, _, elsewhere, draw = state.legal_moves()
    assert (home.kind, elsewhere.kind, draw) == (
        pr.MoveKind.HOME,
        pr.MoveKind.BUILD,
        pr.Move.draw(),
    )
    choose = GreedyPlayer().chooser(6)
    assert choose(state, (elsewhere, draw, home)) == home
    assert choose(state, (draw, elsewhere)) == elsewhere

    # FreeCell: T6 holds 10S alone and T8 is empty; moving it there and back
    # would make the first position again.
    freecell = pr.state_from_text(
        "freecell 2C/2D/AH/AS 6H9H8S9SJH5S4S3D2S/2H3HQH9DQSJD/10C7HJS4D4C10H9C8D7C/"
        "JC3C6DQCKSKH/3S4H5H8H7S/10S/KD10D8C7D6C5D/- 5C/KC/6S/QD"
    )
    there = pr.move_from_text("T6-T8", freecell)
    choose = GreedyPlayer().chooser(11)
    assert choose(freecell, (there,)) == there
    after = freecell.apply(there)
    back = pr.move_from_text("T8-T6", after)
    assert after.is_legal(back) and after.apply(back) == freecell
    assert choose(after, (back,)) is None  # the only move brings the first position back


def test_random_chooser_is_uniform() -> None:
    state = ROYAL.deal(7)
    moves = state.legal_moves()  # six moves
    choose = RandomPlayer(seed=2).chooser(0)
    counts = dict.fromkeys(moves, 0)
    draws = 6000
    for _ in range(draws):
        counts[choose(state, moves)] += 1
    expected = draws / len(moves)
    spread = math.sqrt(draws * (1 / 6) * (5 / 6))  # about 29
    assert all(abs(count - expected) < 5 * spread for count in counts.values())


def test_random_player_draws_from_the_deal_shuffles_generator() -> None:
    # Documented: deal n's generator is SplitMix64 seeded with the first
    # output of SplitMix64(seed), plus n; a choice among k is below(k).
    state = ROYAL.deal(7)
    moves = state.legal_moves()
    generator = _SplitMix64(_SplitMix64(4).next() + 11)
    choose = RandomPlayer(seed=4).chooser(11)
    for _ in range(20):
        assert choose(state, moves) == moves[generator.below(len(moves))]


def test_random_player_is_seeded_by_seed_and_deal() -> None:
    a = [play_deal(ROYAL, deal, RandomPlayer(seed=1)) for deal in range(8)]
    again = [play_deal(ROYAL, deal, RandomPlayer(seed=1)) for deal in range(8)]
    other = [play_deal(ROYAL, deal, RandomPlayer(seed=2)) for deal in range(8)]
    assert a == again
    assert a != other
    # The choices of one deal do not depend on the deals played before it.
    assert play_deal(ROYAL, 5, RandomPlayer(seed=1)) == a[5]


def test_random_games_are_pinned() -> None:
    # The random player's games do not change between releases (its
    # generator is the deal shuffle's, which golden tests pin too).
    results = [play_deal(ROYAL, deal, RandomPlayer(seed=1)) for deal in range(4)]
    assert [(result.cards_home, result.moves) for result in results] == [
        (20, 80),
        (51, 111),
        (37, 97),
        (51, 111),
    ]
