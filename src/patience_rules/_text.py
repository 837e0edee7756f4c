"""The text picture of a state, as a person would lay the cards out.

``str(state)`` draws it; the command line prints it.  Everything is laid out
from the game's :class:`~patience_rules.Layout`: the foundations (grouped by
their sequence), the middle, the tableau columns (face-down cards as
``##``), the cells, then the stock and the waste.
"""

from __future__ import annotations

from .cards import Card
from .rules import State, _outcome, _register_view

_EMPTY = "--"
_HIDDEN = "##"


def _cell(card: Card | None) -> str:
    return f"{card!s:>4}" if card is not None else f"{_EMPTY:>4}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def render_state(state: State) -> str:
    """A multi-line picture of ``state``: foundations, middle, tableau, cells, stock, waste."""
    rules = state.rules
    layout = rules.layout
    lines = [rules.title]
    groups: list[list[str]] = []
    previous = None
    for foundation, cards in zip(layout.foundation_parts, state.foundations, strict=True):
        kind = (foundation.sequence, foundation.suit is None, foundation.name)
        if kind != previous:
            groups.append([])
            previous = kind
        groups[-1].append(_cell(cards[-1] if cards else None))
    lines.append("Foundations:" + " |".join("".join(group) for group in groups))
    if layout.middle_part is not None:
        shown = "".join(_cell(card) for card in state.middle) or "  (empty)"
        lines.append(f"{layout.middle_part.name}:{shown}")
    if layout.tableau is not None:
        lines.append(f"{layout.tableau.name} (top card last):")
        for i, (column, down) in enumerate(zip(state.columns, state.face_down, strict=True)):
            words = [_HIDDEN] * down + [str(card) for card in column[down:]]
            lines.append(f"  {i + 1:>2}: {' '.join(words) if words else '(empty)'}")
    if layout.reserve is not None:
        lines.append(f"{layout.reserve.name}:")
        cells = state.cells
        width = layout.reserve.width
        for start in range(0, len(cells), width):
            lines.append(" " + "".join(_cell(card) for card in cells[start : start + width]))
    parts = []
    if layout.has_stock:
        waste = state.waste
        top = str(waste[-1]) if waste else "(empty)"
        parts.append(f"Stock: {_plural(state.stock_size, 'card')}")
        parts.append(f"Waste: {top}" + (f" ({_plural(len(waste), 'card')})" if waste else ""))
    if layout.has_redeal:
        left = state.redeals_left
        parts.append(
            f"{layout.redeal.word.title()}s left: {'any number' if left is None else left}"
        )
    if parts:
        lines.append("   ".join(parts))
    outcome = _outcome(state)
    if outcome != "unfinished":
        lines.append(f"Game over: {outcome}")
    return "\n".join(lines)


_register_view("text", render_state)
