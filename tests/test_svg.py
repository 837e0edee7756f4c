"""SVG pictures of states."""

from __future__ import annotations

import itertools
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings

import patience_rules as pr
from composed import toy_game
from notation_support import GAME_NAMES, play, states_reached
from patience_rules import Card, State
from patience_rules.svg import state_to_svg

SVG = "{http://www.w3.org/2000/svg}"


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == cls]


def _expected_cards(state: State) -> list[str]:
    """The face-up cards a picture shows: foundation tops, the middle, the
    columns' face-up cards, the cells and the waste top."""
    shown = [cards[-1] for cards in state.foundations if cards]
    shown += state.middle
    shown += [
        card
        for column, down in zip(state.columns, state.face_down, strict=True)
        for card in column[down:]
    ]
    shown += [cell for cell in state.cells if cell is not None]
    shown += state.waste[-1:]
    return sorted(str(card) for card in shown)


def _boxes(root: ET.Element) -> list[tuple[float, float, float, float, str | None]]:
    """Each card, back, slot and stock drawn: its box, and the column it lies in (if one)."""
    boxes = []
    for group in root.iter(f"{SVG}g"):
        if group.get("class") in ("card", "back", "slot", "stock"):
            moved = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", group.get("transform", ""))
            rect = group.find(f"{SVG}rect")
            assert moved is not None and rect is not None
            column = re.search(r"\bT\d+\b", group.findtext(f"{SVG}title") or "")
            x, y = map(float, moved.groups())
            width, height = float(rect.get("width", 0)), float(rect.get("height", 0))
            boxes.append((x, y, width, height, column.group() if column else None))
    return boxes


def _check_layout(root: ET.Element) -> None:
    """Everything drawn lies on the picture, and nothing covers another pile's cards
    (a column's cards overlap, each showing its corner)."""
    right, bottom = float(root.get("width", 0)), float(root.get("height", 0))
    boxes = _boxes(root)
    for x, y, width, height, _ in boxes:
        assert 0 <= x <= right - width and 0 <= y <= bottom - height
    for i, (x, y, width, height, column) in enumerate(boxes):
        for x2, y2, width2, height2, column2 in boxes[i + 1 :]:
            apart = x + width <= x2 or x2 + width2 <= x or y + height <= y2 or y2 + height2 <= y
            assert apart or (column is not None and column == column2)
    # A column fans down: each card (or back) a step below the one it covers.
    for column in {box[4] for box in boxes} - {None}:
        fan = [(x, y) for x, y, _, _, name in boxes if name == column]
        assert len({x for x, _ in fan}) == 1
        steps = {round(y2 - y1, 6) for (_, y1), (_, y2) in itertools.pairwise(fan)}
        assert len(steps) <= 1 and all(step > 0 for step in steps)


def _check_picture(state: State, root: ET.Element) -> None:
    _check_layout(root)
    cards = _groups(root, "card")
    assert sorted(g.get("data-card", "") for g in cards) == _expected_cards(state)
    assert len(_groups(root, "stock")) == (1 if state.stock else 0)
    assert len(_groups(root, "back")) == sum(state.face_down)
    rules = state.rules
    layout = rules.layout
    empty = sum(1 for cards in state.foundations if not cards)
    if rules.middle is not None:
        empty += layout.middle_size - len(state.middle)
    empty += sum(1 for column in state.columns if not column)
    empty += sum(1 for cell in state.cells if cell is None)
    if layout.has_stock:
        empty += (0 if state.stock else 1) + (0 if state.waste else 1)
    assert len(_groups(root, "slot")) == empty
    # Its title and description, first, for screen readers and tools.
    title, desc = root[0], root[1]
    assert (title.tag, title.text) == (f"{SVG}title", rules.title)
    assert desc.tag == f"{SVG}desc" and desc.text is not None
    assert desc.text.startswith(f"{state.cards_home}/{len(layout.deck)} cards home")
    texts = "".join(root.itertext())
    assert rules.title in texts
    if layout.has_stock:
        assert f"{state.stock_size} left" in texts
    for part in (rules.tableau, rules.reserve, rules.middle):
        if part is not None:
            assert part.name in texts


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_sample_picture_of_each_game_is_well_formed_svg(name: str, tmp_path: Path) -> None:
    state = play(pr.get_game(name), 11, seed=4, steps=30).final
    path = tmp_path / f"{name}.svg"
    path.write_text(state_to_svg(state), encoding="utf-8")
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg"
    _check_picture(state, root)


@given(state=states_reached())
@settings(max_examples=40)
def test_every_reached_state_has_a_picture_of_its_cards(state: State) -> None:
    _check_picture(state, ET.fromstring(state_to_svg(state)))


def test_notebooks_show_the_picture() -> None:
    state = pr.get_game("royal-cotillion").deal(2)
    assert state._repr_svg_() == state_to_svg(state)


def test_a_game_composed_by_hand_gets_a_picture_of_every_part() -> None:
    # A one-deck game with every part: Aces build up to the Jack, Queens and
    # Kings go to the middle; three columns of two cards and two cells.
    rules = pr.GameRules(
        name="every-part",
        title="Every part <&>",
        decks=1,
        foundations=[
            pr.Foundation(suit, pr.FoundationSequence(pr.Rank.ACE, 1, 11, wrap=False))
            for suit in pr.Suit
        ],
        tableau=pr.Tableau(columns=3, depth=2, name="Columns"),
        reserve=pr.Reserve(cells=2, refill=pr.Refill.FROM_WASTE, name="Cells"),
        middle=pr.Middle(ranks=(pr.Rank.QUEEN, pr.Rank.KING), name="Court"),
        stock=pr.Stock(redeals=1),
    )
    state = play(rules, 5, seed=2, steps=25).final
    root = ET.fromstring(state_to_svg(state))
    _check_picture(state, root)
    assert "Every part <&>" in "".join(root.itertext())


def test_a_game_of_foundations_and_a_stock_alone_gets_a_picture_of_both() -> None:
    rules = toy_game(name="bare", title="Bare", tableau=None, reserve=None, stock=pr.Stock())
    state = rules.deal(1).apply(pr.Move.draw())
    _check_picture(state, ET.fromstring(state_to_svg(state)))
    # The stock and the waste count their cards, one card as one.
    for draws, stock, waste in (
        (0, "stock, 51 cards", "1 card"),
        (50, "stock, 1 card", "51 cards"),
    ):
        for _ in range(draws):
            state = state.apply(pr.Move.draw())
        texts = [text.strip() for text in ET.fromstring(state_to_svg(state)).itertext()]
        assert stock in texts and waste in texts


def _pile(state: pr.State, place: str) -> tuple[Card | None, ...]:
    """The cards of the pile named ``place`` in the notation, bottom to top."""
    where = pr.place_from_text(place, state.rules)
    if where.kind is pr.PileKind.COLUMN:
        return state.columns[where.index]
    if where.kind is pr.PileKind.CELL:
        return (state.cells[where.index],)
    if where.kind is pr.PileKind.FOUNDATION:
        return state.foundations[where.index]
    if where.kind is pr.PileKind.MIDDLE:
        return state.middle
    return state.waste if where.kind is pr.PileKind.WASTE else state.stock


@pytest.mark.parametrize(
    ("name", "moves"),
    [("royal-cotillion", 30), ("klondike", 40), ("windmill", 20), ("captive-queens", 0)],
)
def test_every_card_back_and_slot_names_its_pile_and_place_in_it(name: str, moves: int) -> None:
    state = pr.get_game(name).deal(3)
    rng = random.Random(name)
    for _ in range(moves):
        if not state.legal_moves():
            break
        state = state.apply(rng.choice(state.legal_moves()))
    if name == "captive-queens":
        state = state.play_forced()
    root = ET.fromstring(state_to_svg(state))
    groups = [
        g for g in root.iter(SVG + "g") if g.get("class") in ("card", "back", "slot", "stock")
    ]
    seen: set[tuple[str, str]] = set()
    for group in groups:
        place, index = group.get("data-place"), group.get("data-index")
        assert place is not None
        pile = _pile(state, place)
        if group.get("class") == "card":
            assert index is not None and str(pile[int(index)]) == group.get("data-card")
            assert (place, index) not in seen  # the two copies of a card are told apart
            seen.add((place, index))
        elif group.get("class") == "back":
            assert index is not None and int(index) < state.face_down[int(place[1:]) - 1]
        elif group.get("class") == "stock":
            assert place == "S" and index is None and pile
        else:
            assert index is None and not any(card is not None for card in pile)
    assert seen
