"""The text picture of a state, as a person would lay the cards out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card

if TYPE_CHECKING:
    from .state import State

_EMPTY = "--"


def _cell(card: Card | None) -> str:
    return f"{card!s:>4}" if card is not None else f"{_EMPTY:>4}"


def render_state(state: State) -> str:
    """A multi-line picture of ``state``: foundations, middle, tableau, cells, stock, waste."""
    rules = state.rules
    lines = [rules.title]
    foundations = state.foundations
    groups: list[list[str]] = []
    previous = None
    for foundation, cards in zip(rules.foundations, foundations, strict=True):
        if foundation.sequence != previous:
            groups.append([])
            previous = foundation.sequence
        groups[-1].append(_cell(cards[-1] if cards else None))
    lines.append("Foundations:" + " |".join("".join(group) for group in groups))
    if rules.middle is not None:
        shown = "".join(_cell(card) for card in state.middle) or "  (empty)"
        lines.append(f"{rules.middle.name}:{shown}")
    if rules.tableau is not None:
        columns = state.columns
        lines.append(f"{rules.tableau.name} (front card last):")
        for i, column in enumerate(columns):
            shown = " ".join(str(card) for card in column) if column else "(empty)"
            lines.append(f"  {i + 1:>2}: {shown}")
    if rules.reserve is not None:
        lines.append(f"{rules.reserve.name}:")
        cells = state.cells
        width = rules.reserve.width
        for start in range(0, len(cells), width):
            lines.append(" " + "".join(_cell(card) for card in cells[start : start + width]))
    waste = state.waste
    top = str(waste[-1]) if waste else "(empty)"
    redeals = (
        f"   Redeals left: {state.redeals_left}" if rules.stock.redeals else ""
    )
    lines.append(
        f"Stock: {state.stock_size} cards   Waste: {top}"
        + (f" ({len(waste)} card{'s' if len(waste) != 1 else ''})" if waste else "")
        + redeals
    )
    if state.is_over:
        lines.append("Game over: won" if state.is_won else "Game over: lost")
    return "\n".join(lines)
