"""The documented validity checks of a position, written out again from their words.

:mod:`patience_rules._validity` lists what makes a position *valid* (the
list is repeated in the docs' "Security" page).  This module states each
numbered rule again, from the game's parts alone (never from its
:class:`~patience_rules.Layout`, nor from the library's own check), so that
tests can hold :meth:`GameRules.make_state
<patience_rules.GameRules.make_state>` to the documented rules: a position
it accepts breaks none of them, and one that breaks none is accepted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any, TypedDict

from patience_rules import (
    Build,
    Card,
    Compulsion,
    Direction,
    GameRules,
    Rank,
    Redeal,
    Refill,
    State,
    Suit,
    Suits,
)


class Parts(TypedDict):
    """A position as make_state's keyword arguments, foundations by their cards, as lists."""

    stock: list[Card]
    waste: list[Card]
    columns: list[list[Card]]
    cells: list[Card | None]
    foundations: list[list[Card]]
    middle: list[Card]
    redeals_used: int
    face_down: list[int]


def parts_of(piles: State | Mapping[str, Any]) -> Parts:
    """A state's piles (or :meth:`State.parts`' mapping) as lists that can be changed."""
    parts = piles.parts() if isinstance(piles, State) else piles
    return {
        "stock": list(parts["stock"]),
        "waste": list(parts["waste"]),
        "columns": [list(column) for column in parts["columns"]],
        "cells": list(parts["cells"]),
        "foundations": [list(cards) for cards in parts["foundations"]],
        "middle": list(parts["middle"]),
        "redeals_used": parts["redeals_used"],
        "face_down": list(parts["face_down"]),
    }


def deck(rules: GameRules) -> Counter[Card]:
    """The game's cards: every card once per deck."""
    return Counter({Card(rank, suit): rules.decks for rank in Rank for suit in Suit})


def stock_at_deal(rules: GameRules) -> int:
    """How many cards the deal leaves for the stock."""
    laid_out = sum(foundation.laid_out for foundation in rules.foundations)
    if rules.middle is not None and rules.middle.laid_out:
        laid_out += 4 * rules.decks * len(rules.middle.ranks)
    tableau = sum(rules.tableau.depths) if rules.tableau is not None else 0
    reserve = rules.reserve
    cells = 0 if reserve is None else reserve.cells if reserve.dealt is True else int(reserve.dealt)
    return 52 * rules.decks - laid_out - tableau - cells


def builds_on(build: Build, card: Card, below: Card) -> bool:
    """Whether ``card`` may lie on ``below`` by ``build``, from the rule's words."""
    steps = {Direction.DOWN: (-1,), Direction.UP: (1,), Direction.EITHER: (-1, 1)}[build.direction]
    rank_fits = False
    for step in steps:
        rank = below.rank + step
        if 1 <= rank <= 13:
            rank_fits |= card.rank == rank
        elif build.wrap:
            rank_fits |= card.rank == (rank - 1) % 13 + 1
    if build.suits is Suits.SAME:
        suit_fits = card.suit == below.suit
    elif build.suits is Suits.ALTERNATE:
        suit_fits = card.suit.is_red != below.suit.is_red
    else:
        suit_fits = True
    return rank_fits and suit_fits


def is_run(build: Build, cards: Sequence[Card]) -> bool:
    """Whether each card lies on the one below by ``build``."""
    return all(builds_on(build, upper, lower) for lower, upper in pairwise(cards))


def broken_rules(rules: GameRules, parts: Parts) -> list[str]:
    """The documented rules that the position breaks (``[]`` for a valid position).

    Rule 1 is only the number of piles here: the parts are cards where
    cards go (the types are the readers' business).
    """
    broken: list[str] = []
    stock, waste, middle = parts["stock"], parts["waste"], parts["middle"]
    columns, cells, foundations = parts["columns"], parts["cells"], parts["foundations"]
    redeals, face_down = parts["redeals_used"], parts["face_down"]
    tableau, reserve = rules.tableau, rules.reserve

    # 1. the piles fit the layout
    if (
        len(columns) != (tableau.columns if tableau is not None else 0)
        or len(cells) != (reserve.cells if reserve is not None else 0)
        or len(foundations) != len(rules.foundations)
        or len(face_down) != len(columns)
    ):
        return ["1 piles"]

    # 2. exactly the game's cards
    every: Counter[Card] = Counter([*stock, *waste, *middle])
    for pile in (*columns, *foundations):
        every.update(pile)
    every.update(card for card in cells if card is not None)
    if every != deck(rules):
        broken.append("2 cards")

    # 3. foundations and the middle
    for foundation, pile in zip(rules.foundations, foundations, strict=True):
        ranks = foundation.sequence.ranks
        if len(pile) > len(ranks) or any(
            card.rank != rank or (foundation.suit is not None and card.suit != foundation.suit)
            for card, rank in zip(pile, ranks, strict=False)
        ):
            broken.append("3 foundation sequence")
        if foundation.laid_out and not pile:
            broken.append("3 laid-out base")
    if rules.middle is None:
        if middle:
            broken.append("3 no middle")
    else:
        if any(card.rank not in rules.middle.ranks for card in middle):
            broken.append("3 middle ranks")
        if rules.middle.laid_out and len(middle) != 4 * rules.decks * len(rules.middle.ranks):
            broken.append("3 laid-out middle")

    # 4. the stock and the waste
    if len(stock) + len(waste) > stock_at_deal(rules):
        broken.append("4 stock and waste")

    # 5. automatic refills
    for refill, empty in (
        (tableau.refill if tableau is not None else None, any(not c for c in columns)),
        (reserve.refill if reserve is not None else None, any(c is None for c in cells)),
    ):
        if empty and (
            (refill is Refill.FROM_WASTE and waste)
            or (refill is Refill.FROM_WASTE_THEN_STOCK and (waste or stock))
        ):
            broken.append("5 refill")

    # 6. columns onto which nothing is built: their deal, or one card a refill or move gives;
    # columns built on, face up: what is left of the deal, then cards built on it
    if tableau is not None and tableau.build is None:
        refilled = tableau.refill is not Refill.NEVER
        for column, depth in zip(columns, tableau.depths, strict=True):
            if len(column) > (max(depth, 1) if refilled else depth):
                broken.append("6 column size")
    elif (
        tableau is not None
        and tableau.build is not None
        and not tableau.face_down
        and (
            rules.stock.redeal is not Redeal.SHIFT
            or (rules.stock.redeals is not None and redeals == 0)
        )
    ):
        for column, depth in zip(columns, tableau.depths, strict=True):
            start = len(column) - 1 if column else 0
            while start > 0 and builds_on(tableau.build, column[start], column[start - 1]):
                start -= 1
            if start >= max(depth, 1):
                broken.append("6 built column")

    # 7. columns dealt face down
    if tableau is not None and tableau.face_down:
        for column, depth, down in zip(columns, tableau.depths, face_down, strict=True):
            if not 0 <= down <= min(max(depth - 1, 0), len(column)):
                broken.append("7 face-down count")
            elif column and down == len(column):
                broken.append("7 face-down top card")
            elif tableau.build is not None and not is_run(tableau.build, column[down:]):
                broken.append("7 face-up run")
    elif any(face_down):
        broken.append("7 face down in a face-up game")

    # 8. the redeal counter
    limit = rules.stock.redeals if rules.stock.redeals is not None else 0
    if not 0 <= redeals <= limit:
        broken.append("8 redeals")

    # 9. compulsory play
    # (only where the stock turns one card at a time: cards turned together
    # can cover a wanted card)
    if (
        rules.compulsion is Compulsion.FORCED
        and rules.stock.draw == 1
        and not any(f.playable for f in rules.foundations)
    ):
        wanted: set[Card] = set()
        if rules.middle is not None and not rules.middle.laid_out:
            wanted |= {Card(rank, suit) for rank in rules.middle.ranks for suit in Suit}
        for foundation, pile in zip(rules.foundations, foundations, strict=True):
            if not pile:
                base = foundation.sequence.ranks[0]
                suits = [foundation.suit] if foundation.suit is not None else list(Suit)
                wanted |= {Card(base, suit) for suit in suits}
        if any(card in wanted for card in waste[:-1]):
            broken.append("9 covered in the waste")
        if redeals and any(card in wanted for card in stock):
            broken.append("9 in the stock after a redeal")
    return broken
