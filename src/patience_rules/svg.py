"""An SVG picture of a state, laid out from the parts of its rules.

The picture has a row of foundations (grouped by their sequence, each with
its place name such as ``F1`` and how many cards it holds), then, side by
side, the middle, the tableau columns and the reserve cells of whichever
parts the game has (under the game's own names, such as Ladies and Lords),
then the stock and the waste with their card counts.  Each face-up card is
a small labelled rectangle: an SVG group of class ``card`` whose
``data-card`` attribute is the card's text form.  A face-down card is a
card back of class ``back``, empty piles are dashed outlines of class
``slot``, and the stock is a card back of class ``stock``.  For hit
testing, each of these groups names its pile by ``data-place``, as the
notation writes it (``T3``, ``R12``, ``F1``, ``W``, ``S``, ``M``), and
each card and card back its position in the pile by ``data-index``
(counted from 0 at the bottom, so a foundation's or the waste's top card
has its pile's length less one): the two copies of a card in a two-deck
game are told apart so.
The picture's ``title`` is the game's title and its ``desc`` the status
line (cards home, the redeals or shifts left where the game has them, and
the end of the game); each card and pile has a ``title`` too (``KS (Ladies
T1)``, ``F1: clubs A 2 3 4 5 6 7 8 9 10 J Q K, empty``), which screen
readers and browsers' tooltips show.

A :class:`~patience_rules.State` shows this picture in a notebook, through
its ``_repr_svg_`` method.

>>> import patience_rules as pr
>>> picture = state_to_svg(pr.get_game("royal-cotillion").deal(7))
>>> picture.startswith("<svg"), picture.count('class="card"')
(True, 36)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .cards import Card
from .errors import NotationError, _counted, _shown
from .moves import place_to_text
from .piles import PileKind, Place
from .rules import State, _outcome, _register_view

__all__ = ["state_to_svg"]

#: XML's special characters and what stands for them, in text and in a
#: double-quoted attribute.  (xml.sax.saxutils would do it, at the cost of a
#: sixth of the package's import time.)
_ESCAPES: Final = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


def _escape(text: str) -> str:
    """``text`` as XML text or a double-quoted attribute's value.

    >>> _escape('<a href="x">&</a>')
    '&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;'
    """
    return text.translate(_ESCAPES)


def _quoteattr(text: str) -> str:
    """``text`` as a double-quoted XML attribute value, quotes included."""
    return f'"{_escape(text)}"'


_W: Final = 46  # card width
_H: Final = 64  # card height
_GAP: Final = 10  # between cards side by side
_OVERLAP: Final = 22  # the visible part of a card under another in a column
_MARGIN: Final = 16
_LABEL: Final = 20  # room for a section heading
_PLACE_LABEL: Final = 16  # room for a place name under a pile
_SECTION_GAP: Final = 28

_STYLE: Final = (
    "<style>"
    ".card rect{fill:#fffef8;stroke:#333;stroke-width:1}"
    ".card text{font-size:15px;font-weight:bold}"
    ".red{fill:#c0102a}.black{fill:#111}"
    ".slot rect{fill:none;stroke:#7a8c7a;stroke-width:1;stroke-dasharray:4 3}"
    ".slot text{fill:#7a8c7a;font-size:12px}"
    ".stock rect,.back rect{fill:#2a4d8f;stroke:#123;stroke-width:1}"
    ".stock text{fill:#fff;font-size:14px;font-weight:bold}"
    ".heading{font-size:13px;font-weight:bold;fill:#eee}"
    ".label{font-size:11px;fill:#cfd8cf}"
    ".title{font-size:16px;font-weight:bold;fill:#fff}"
    "</style>"
)


class _Canvas:
    """Collects SVG elements; coordinates are absolute."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def text(self, x: float, y: float, text: str, cls: str, anchor: str = "start") -> None:
        self.parts.append(
            f'<text x="{x:g}" y="{y:g}" class="{cls}" text-anchor="{anchor}">{_escape(text)}</text>'
        )

    def card(self, x: float, y: float, card: Card, where: str, place: str, index: int) -> None:
        colour = "red" if card.suit.is_red else "black"
        self.parts.append(
            f'<g class="card" data-card="{card}" data-place="{place}" data-index="{index}" '
            f'transform="translate({x:g},{y:g})">'
            f"<title>{_escape(f'{card} ({where})')}</title>"
            f'<rect width="{_W}" height="{_H}" rx="4"/>'
            f'<text x="5" y="17" class="{colour}">{_escape(card.pretty)}</text>'
            "</g>"
        )

    def slot(self, x: float, y: float, hint: str, where: str, place: str) -> None:
        self.parts.append(
            f'<g class="slot" data-place="{place}" transform="translate({x:g},{y:g})">'
            f"<title>{_escape(f'{where}, empty')}</title>"
            f'<rect width="{_W}" height="{_H}" rx="4"/>'
            f'<text x="{_W / 2:g}" y="{_H / 2 + 4:g}" text-anchor="middle">'
            f"{_escape(hint)}</text></g>"
        )

    def back(self, x: float, y: float, where: str, place: str, index: int) -> None:
        self.parts.append(
            f'<g class="back" data-place="{place}" data-index="{index}" '
            f'transform="translate({x:g},{y:g})">'
            f"<title>{_escape(f'{where}, a face-down card')}</title>"
            f'<rect width="{_W}" height="{_H}" rx="4"/></g>'
        )

    def stock(self, x: float, y: float, count: int) -> None:
        self.parts.append(
            f'<g class="stock" data-place="S" transform="translate({x:g},{y:g})">'
            f"<title>stock, {_counted(count, 'cards')}</title>"
            f'<rect width="{_W}" height="{_H}" rx="4"/>'
            f'<text x="{_W / 2:g}" y="{_H / 2 + 5:g}" text-anchor="middle">{count}</text></g>'
        )


#: A block of the picture: its width, its height, and how to draw it at (x, y).
_Block = tuple[float, float, Callable[[_Canvas, float, float], None]]


def _foundations(state: State) -> _Block:
    rules = state.rules
    slots: list[tuple[float, int]] = []  # (x offset, foundation number)
    x = 0.0
    previous = None
    for f, foundation in enumerate(rules.foundations):
        kind = (foundation.sequence, foundation.suit is None, foundation.name)
        if previous is not None and kind != previous:
            x += _GAP * 2
        slots.append((x, f))
        previous = kind
        x += _W + _GAP
    piles = state.foundations

    def draw(canvas: _Canvas, left: float, top: float) -> None:
        canvas.text(left, top + 14, "Foundations", "heading")
        for dx, f in slots:
            foundation = rules.foundations[f]
            name = place_to_text(Place(PileKind.FOUNDATION, f))
            where = f"{name}: {foundation.describe()}"
            y = top + _LABEL
            if piles[f]:
                canvas.card(left + dx, y, piles[f][-1], where, name, len(piles[f]) - 1)
            else:
                suit = foundation.suit.glyph if foundation.suit is not None else ""
                base = foundation.base_rank.symbol + suit
                canvas.slot(left + dx, y, base, where, name)
            canvas.text(
                left + dx + _W / 2,
                y + _H + 13,
                f"{name} {len(piles[f])}/{foundation.sequence.length}",
                "label",
                "middle",
            )

    return x - _GAP, _LABEL + _H + _PLACE_LABEL, draw


def _middle(state: State) -> _Block | None:
    layout = state.layout
    middle = layout.middle_part
    if middle is None:
        return None
    size = layout.middle_size
    per_row = min(size, 4)
    rows = -(-size // per_row)
    cards = state.middle
    hint = "/".join(rank.symbol for rank in middle.ranks)

    def draw(canvas: _Canvas, left: float, top: float) -> None:
        canvas.text(left, top + 14, f"{middle.name} ({len(cards)}/{size})", "heading")
        for i in range(size):
            x = left + (i % per_row) * (_W + _GAP)
            y = top + _LABEL + (i // per_row) * (_H + _GAP)
            if i < len(cards):
                canvas.card(x, y, cards[i], middle.name, "M", i)
            else:
                canvas.slot(x, y, hint, middle.name, "M")

    width = per_row * (_W + _GAP) - _GAP
    return width, _LABEL + rows * (_H + _GAP) - _GAP, draw


def _tableau(state: State) -> _Block | None:
    layout = state.layout
    tableau = layout.tableau
    if tableau is None:
        return None
    columns = state.columns
    face_down = state.face_down
    deepest = max([1, *layout.depths, *(len(column) for column in columns)])

    def draw(canvas: _Canvas, left: float, top: float) -> None:
        canvas.text(left, top + 14, tableau.name, "heading")
        for i, column in enumerate(columns):
            x = left + i * (_W + _GAP)
            name = place_to_text(Place(PileKind.COLUMN, i))
            canvas.text(x + _W / 2, top + _LABEL + 11, name, "label", "middle")
            y = top + _LABEL + _PLACE_LABEL
            where = f"{tableau.name} {name}"
            if not column:
                canvas.slot(x, y, "", where, name)
            for depth, card in enumerate(column):
                if depth < face_down[i]:
                    canvas.back(x, y + depth * _OVERLAP, where, name, depth)
                else:
                    canvas.card(x, y + depth * _OVERLAP, card, where, name, depth)

    width = len(columns) * (_W + _GAP) - _GAP
    return width, _LABEL + _PLACE_LABEL + (deepest - 1) * _OVERLAP + _H, draw


def _reserve(state: State) -> _Block | None:
    reserve = state.layout.reserve
    if reserve is None:
        return None
    cells = state.cells
    per_row = min(reserve.width, len(cells))
    rows = -(-len(cells) // per_row)
    pitch = _H + _PLACE_LABEL + 4

    def draw(canvas: _Canvas, left: float, top: float) -> None:
        canvas.text(left, top + 14, reserve.name, "heading")
        for i, cell in enumerate(cells):
            x = left + (i % per_row) * (_W + _GAP)
            y = top + _LABEL + (i // per_row) * pitch
            name = place_to_text(Place(PileKind.CELL, i))
            where = f"{reserve.name} {name}"
            if cell is None:
                canvas.slot(x, y, "", where, name)
            else:
                canvas.card(x, y, cell, where, name, 0)
            canvas.text(x + _W / 2, y + _H + 12, name, "label", "middle")

    return per_row * (_W + _GAP) - _GAP, _LABEL + rows * pitch - 4, draw


def _stock_and_waste(state: State) -> _Block | None:
    if not state.layout.has_stock:
        return None
    waste = state.waste
    stock_size = state.stock_size

    def draw(canvas: _Canvas, left: float, top: float) -> None:
        canvas.text(left, top + 14, "Stock", "heading")
        canvas.text(left + _W + _GAP, top + 14, "Waste", "heading")
        y = top + _LABEL
        if stock_size:
            canvas.stock(left, y, stock_size)
        else:
            canvas.slot(left, y, "0", "stock", "S")
        x = left + _W + _GAP
        if waste:
            canvas.card(x, y, waste[-1], "waste", "W", len(waste) - 1)
        else:
            canvas.slot(x, y, "", "waste", "W")
        canvas.text(left + _W / 2, y + _H + 13, f"{stock_size} left", "label", "middle")
        count = _counted(len(waste), "cards")
        canvas.text(x + _W / 2, y + _H + 13, count, "label", "middle")

    return 2 * _W + _GAP, _LABEL + _H + _PLACE_LABEL, draw


def _status(state: State) -> str:
    rules = state.rules
    layout = rules.layout
    parts = [f"{state.cards_home}/{len(layout.deck)} cards home"]
    if layout.has_redeal:
        word = f"{layout.redeal.word}s"
        left = state.redeals_left
        parts.append(f"{word} left {'any number' if left is None else left}")
    outcome = _outcome(state)
    if outcome != "unfinished":
        parts.append(f"game over: {outcome}")
    return " · ".join(parts)


def state_to_svg(state: State) -> str:
    """An SVG picture of ``state`` (see the module documentation), as a string.

    The layout comes from the parts the rules have, so every game, registered
    or composed by hand, gets a picture.

    >>> import patience_rules as pr
    >>> picture = state_to_svg(pr.get_game("captive-queens").deal(1))
    >>> picture.count('class="card"'), picture.count('class="slot"'), picture.count('class="stock"')
    (0, 13, 1)
    """
    if not isinstance(state, State):
        raise NotationError(f"state_to_svg draws a State, got {_shown(state)}")
    canvas = _Canvas()
    title_height = 44
    rows: list[list[_Block]] = [
        [_foundations(state)],
        [block for block in (_middle(state), _tableau(state), _reserve(state)) if block],
        [block for block in (_stock_and_waste(state),) if block],
    ]
    width = 0.0
    y = float(_MARGIN + title_height)
    for row in rows:
        if not row:
            continue
        x = float(_MARGIN)
        for block_width, _, draw in row:
            draw(canvas, x, y)
            x += block_width + _SECTION_GAP * 1.5
        width = max(width, x - _SECTION_GAP * 1.5 + _MARGIN)
        y += max(height for _, height, _ in row) + _SECTION_GAP
    height = y - _SECTION_GAP + _MARGIN
    width = max(width, 320.0)
    status = _status(state)
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" font-family="sans-serif" role="img" '
        f"aria-label={_quoteattr(state.rules.title)}>",
        f"<title>{_escape(state.rules.title)}</title><desc>{_escape(status)}</desc>",
        _STYLE,
        f'<rect width="{width:g}" height="{height:g}" fill="#1f5b3a" rx="8"/>',
    ]
    canvas.text(_MARGIN, _MARGIN + 16, state.rules.title, "title")
    canvas.text(_MARGIN, _MARGIN + 34, status, "label")
    return "".join([*head, *canvas.parts, "</svg>"])


_register_view("svg", state_to_svg)
