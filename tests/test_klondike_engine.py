"""The engine's Klondike against a brute-force reading of the rules, along random play.

``tests/klondike_model.py`` reads Klondike's rules into plain lists and shares
no code with the engine.  Random games are played on both at once: at every
position the two must list the same legal moves (as notation strings), every
move of the layout must be legal to :meth:`State.is_legal` exactly when the
model lists it (checked every few positions: it is the engine's other path),
and after every move the piles must be the same.

The default run plays a few thousand transitions per variant.  The
``thorough`` nox session (``HYPOTHESIS_PROFILE=thorough``) plays 10**5 each
for draw 1 and draw 3 and 2 x 10**4 for the other variants; the terminal
summary prints the counts.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import patience_rules as pr
from klondike_model import KlondikeModel
from patience_rules import Move, PileKind, State
from profiles import THOROUGH

#: (label, options, transitions in the default run, in the thorough run)
VARIANTS = [
    ("draw 1", {}, 3_000, 100_000),
    ("draw 3", {"draw": 3}, 3_000, 100_000),
    ("draw 1, 2 redeals", {"redeals": 2}, 1_000, 20_000),
    (
        "draw 3, 1 redeal, foundation back",
        {"draw": 3, "redeals": 1, "foundation_back": True},
        1_000,
        20_000,
    ),
    ("draw 1, no redeal, foundation back", {"redeals": 0, "foundation_back": True}, 1_000, 20_000),
]
#: A deal is left for the next after this many moves (with no redeal limit,
#: random play may go round the stock for ever).
MOVES_PER_DEAL = 300
#: How keen the random player of a deal is to play a card home when it can: a
#: keen one reaches late positions (and sometimes wins), a lazy one builds more.
KEENNESS = (0.3, 0.8, 0.95)
#: Every this many positions, every move of the layout is checked with is_legal.
CHECK_EVERY = 20


def model_of(state: State) -> KlondikeModel:
    """The model's reading of an engine state: every pile, the counter, the options."""
    options = dict(state.rules.options)
    redeals = options.get("redeals")
    return KlondikeModel(
        state.columns,
        state.face_down,
        state.stock,
        state.waste,
        state.foundations,
        redeals_used=state.redeals_used,
        draw=int(options.get("draw", 1)),
        redeals=None if redeals is None else int(redeals),
        foundation_back=bool(options.get("foundation_back", False)),
    )


def piles(model: KlondikeModel) -> tuple[object, ...]:
    """The model's piles; its redeal counter only where the rules limit redeals (with no
    limit the engine counts nothing, as :attr:`State.redeals_used` documents)."""
    snapshot = model.snapshot()
    return snapshot if model.redeals is not None else snapshot[:-1]


def note(seen: Counter[str], state: State, move: Move, after: State) -> None:
    """Count what a move exercised, so that the walk shows it reached every rule."""
    text = str(move)
    seen[text.split("-")[0][0] if "-" in text else text] += 1
    if move.count > 1:
        seen["run"] += 1
    if move.target.kind is PileKind.COLUMN and not state.columns[move.target.index]:
        seen["king into an empty column"] += 1
    if sum(after.face_down) < sum(state.face_down):
        seen["card turned"] += 1
    if move.is_draw and state.stock_size < state.rules.stock.draw:
        seen["short draw"] += 1
    if after.is_won:
        seen["won"] += 1


def walk(rules: pr.GameRules, transitions: int, seed: int) -> Counter[str]:
    """Play ``transitions`` random moves on the engine and the model together."""
    rng = random.Random(seed)
    everything = rules.layout.moves
    seen: Counter[str] = Counter()
    deal = seed * 1000
    state = rules.deal(deal)
    model = model_of(state)
    assert piles(model) == piles(model_of(rules.deal_from(rules.deck_order(deal))))
    played = in_deal = 0
    keen = rng.choice(KEENNESS)
    while played < transitions:
        listed = state.legal_moves()
        expected = model.legal_moves()
        texts = [str(move) for move in listed]
        assert len(set(texts)) == len(texts), f"a move listed twice in\n{model}"
        assert set(texts) == expected, (
            f"deal {deal}, move {in_deal}:\n{model}\nengine only: {set(texts) - expected}\n"
            f"model only: {expected - set(texts)}"
        )
        if played % CHECK_EVERY == 0:
            wrong = [str(m) for m in everything if state.is_legal(m) != (str(m) in expected)]
            assert not wrong, f"is_legal disagrees on {wrong} in\n{model}"
            assert rules.make_state(**state.parts()) == state
        if not model.stock and model.waste and model.redeals_used == model.redeals:
            seen["redeal refused at the limit"] += 1
        if not listed or in_deal >= MOVES_PER_DEAL:
            seen["deals"] += 1
            deal += 1
            state = rules.deal(deal)
            model = model_of(state)
            in_deal = 0
            keen = rng.choice(KEENNESS)
            continue
        home = [move for move in listed if move.target.kind is PileKind.FOUNDATION]
        plays = [move for move in listed if not move.is_draw and not move.is_redeal]
        chance = rng.random()
        if home and chance < keen:
            move = rng.choice(home)
        else:
            move = rng.choice(plays if plays and chance < 0.6 else listed)
        after = state.apply(move)
        model.apply(str(move))
        assert piles(model) == piles(model_of(after)), f"after {move} from\n{state}"
        note(seen, state, move, after)
        state = after
        played += 1
        in_deal += 1
    return seen


@pytest.mark.parametrize(
    ("label", "options", "default", "thorough"),
    VARIANTS,
    ids=[label for label, *_ in VARIANTS],
)
def test_the_engine_agrees_with_the_model_along_random_play(
    label: str,
    options: dict[str, int | bool],
    default: int,
    thorough: int,
    transitions: Counter[str],
) -> None:
    rules = pr.get_game("klondike", **options)
    count = thorough if THOROUGH else default
    seen = walk(rules, count, seed=len(label))
    transitions[f"klondike {label} (engine against the model)"] += count
    # The walk reached every rule it checks.
    for event in ("T", "W", "draw", "run", "king into an empty column", "card turned"):
        assert seen[event], f"the walk never made a {event!r} move: {seen}"
    if rules.stock.redeals != 0:
        assert seen["redeal"]
    if rules.stock.redeals is not None:
        assert seen["redeal refused at the limit"]
    if rules.stock.draw == 3 and rules.stock.redeals != 0:
        assert seen["short draw"]  # 24 cards: a short draw follows a redeal
    if dict(rules.options).get("foundation_back"):
        assert seen["F"]
