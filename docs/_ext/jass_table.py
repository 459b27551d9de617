"""Pictures of the table for the rules pages, drawn at build time with the library's cards.

Every card in these pictures is :func:`jass.pictures.card_svg`, and every order or point
value comes from :class:`jass.Trump`, so a picture cannot drift from the code: the
documentation build draws it afresh each time. The directives below write each picture into
``docs/_generated/`` (ignored by git) and put it in the page as a figure whose caption is
the directive's content:

``.. jass-cards:: HK HQ``
    a row of cards; ``:points: <mode>`` writes each card's points under it, ``:labels:``
    (``;``-separated) any other words, ``:mark:`` frames some cards, ``:cross:`` strikes
    some out (a card that may not be played).

Every picture takes ``:deck: swiss`` (Swiss-suited cards; French by default) and
``:pairing:`` (the French symbols of a source's pairing, :class:`jass.faces.Pairing`; seed
001's by default).
``.. jass-order:: <mode>``
    a mode's order, strongest first, with each card's points (``:suit:``, ``:trump-jack-points:``).
``.. jass-seating:: <names>``
    the seats round the table and the direction of play (``:dealer:``, ``:hands:``, ``:teams:``).
``.. jass-deal:: <hands>``
    the deal, three cards at a time (``:dealer:``, ``:face-up:``, ``:extras:``, ``:turned:``).
``.. jass-slate::``
    the slate: a Schieber Jasstafel (``:teams:``, ``:scores:``) or a slate of columns
    (``:columns:`` and one line per row of the content before a blank line).

>>> svg = order_svg(Trump.SCHILTEN, Suit.SCHILTEN)
>>> card_codes(svg), labels(svg)[:3]
(['HJ', 'H9', 'HA', 'HK', 'HQ', 'H10', 'H8', 'H7', 'H6'], ['20', '14', '11'])
"""

from __future__ import annotations

import hashlib
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import jass.faces
import jass.pictures
import jass.trump
from jass import Card, CardSet, Suit, Trump
from jass.errors import JassError
from jass.faces import FACES, Deck, Faces, Pairing
from jass.pictures import CARD_HEIGHT, CARD_WIDTH, card_group

_NS = "{http://www.w3.org/2000/svg}"
_INK = "#1b1b1b"
_CHALK = "#f2efe6"
_BOARD = "#23352b"
_FELT = "#2f6b45"
_TEAM_COLOURS = ("#1f5fa8", "#b03a2e")
_GAP = 8


# --- SVG pieces ---------------------------------------------------------------------------


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _document(width: float, height: float, title: str, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img"><title>{_esc(title)}</title>{body}</svg>'
    )


#: The faces the pictures being drawn use (set by each directive from ``:deck:`` and ``:pairing:``).
_FACES: list[Faces] = [FACES]


def _card(card: Card, x: float, y: float, scale: float = 1.0) -> str:
    """The library's own picture of ``card`` (:func:`jass.pictures.card_group`), placed at ``x``, ``y``."""
    return f'<g transform="translate({x:g},{y:g}) scale({scale:g})">{card_group(card, 0, 0, _FACES[-1])}</g>'


def _back(x: float, y: float, scale: float = 1.0) -> str:
    """A card lying face down (the library draws faces only)."""
    return (
        f'<g class="card-back" transform="translate({x:g},{y:g}) scale({scale:g})">'
        f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="6" fill="#3c6e9c" stroke="#555"/>'
        f'<rect x="6" y="6" width="{CARD_WIDTH - 12}" height="{CARD_HEIGHT - 12}" rx="4" fill="none" '
        'stroke="#ffffff" stroke-opacity="0.6" stroke-width="2"/></g>'
    )


def _text(x: float, y: float, text: str, *, size: float = 14, anchor: str = "middle", fill: str = _INK,
          weight: str = "normal", kind: str = "label") -> str:
    return (
        f'<text class="{kind}" x="{x:g}" y="{y:g}" font-family="sans-serif" font-size="{size:g}" '
        f'font-weight="{weight}" text-anchor="{anchor}" fill="{fill}">{_esc(text)}</text>'
    )


def _frame(x: float, y: float, width: float, height: float, colour: str) -> str:
    return (
        f'<rect x="{x - 3:g}" y="{y - 3:g}" width="{width + 6:g}" height="{height + 6:g}" rx="8" '
        f'fill="none" stroke="{colour}" stroke-width="3"/>'
    )


def card_codes(svg: str) -> list[str]:
    """The codes of the face-up cards in ``svg``, in document order (for tests)."""
    root = ET.fromstring(svg)  # also checks that the picture is well-formed XML
    return [g.attrib["data-card"] for g in root.iter(f"{_NS}g") if g.attrib.get("class") == "card"]


def labels(svg: str) -> list[str]:
    """The words written under cards in ``svg`` (for tests)."""
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter(f"{_NS}text") if t.attrib.get("class") == "label"]


# --- rows of cards and orders -----------------------------------------------------------------


def _cross(x: float, y: float, width: float, height: float) -> str:
    """A red cross over a card that may not be played."""
    return (
        f'<g class="cross" stroke="#c0392b" stroke-width="5" stroke-linecap="round" opacity="0.85">'
        f'<path d="M{x + 6:g},{y + 10:g} L{x + width - 6:g},{y + height - 10:g}"/>'
        f'<path d="M{x + width - 6:g},{y + 10:g} L{x + 6:g},{y + height - 10:g}"/></g>'
    )


def cards_svg(
    cards: Sequence[Card], under: Sequence[str] = (), marked: Sequence[Card] = (), title: str = "",
    crossed: Sequence[Card] = (),
) -> str:
    """A row of cards with a word under each (``under``), a frame round the ``marked`` ones and
    a cross over the ``crossed`` ones.

    >>> svg = cards_svg([Card.HK, Card.HQ], under=["König", "Ober"], marked=[Card.HQ], crossed=[Card.HK])
    >>> card_codes(svg), labels(svg), svg.count("<rect x="), svg.count('class="cross"')
    (['HK', 'HQ'], ['König', 'Ober'], 1, 1)
    """
    # Room for the widest word under a card (about 8.6 units a character at 15 bold).
    widest = max((len(word) for word in under), default=0) * 8.6 + 10
    step = max(CARD_WIDTH + _GAP + (14 if under else 0), widest)
    margin = (step - CARD_WIDTH) / 2
    top = 4
    height = top + CARD_HEIGHT + (26 if under else 4)
    width = max(len(cards), 1) * step
    body = []
    for i, card in enumerate(cards):
        x = margin + i * step
        if card in marked:
            body.append(_frame(x, top, CARD_WIDTH, CARD_HEIGHT, "#d68910"))
        body.append(_card(card, x, top))
        if card in crossed:
            body.append(_cross(x, top, CARD_WIDTH, CARD_HEIGHT))
        if under:
            body.append(_text(x + CARD_WIDTH / 2, top + CARD_HEIGHT + 20, under[i], size=15, weight="bold"))
    return _document(width, height, title or _FACES[-1].cards(cards), "".join(body))


def order_cards(mode: Trump, suit: Suit) -> list[Card]:
    """The cards of ``suit`` in ``mode``, strongest first (:meth:`jass.Trump.rank_order`)."""
    return [Card.of(suit, rank) for rank in mode.rank_order(suit)]


def order_svg(mode: Trump, suit: Suit, trump_jack_points: int = jass.trump.DEFAULT_TRUMP_JACK_POINTS) -> str:
    """The cards of ``suit`` in mode ``mode``, strongest first, each with its points below."""
    cards = order_cards(mode, suit)
    points = [str(mode.card_points(card, trump_jack_points=trump_jack_points)) for card in cards]
    what = f"{_FACES[-1].mode(mode)} trump" if mode.is_suit else str(mode)
    title = f"{what}, {suit.swiss_name}: " + ", ".join(f"{_FACES[-1].card(c)} {p}" for c, p in zip(cards, points))
    return cards_svg(cards, under=points, title=title)


# --- the table: seats and the direction of play ---------------------------------------------

# Where the seats sit, in playing order: seat s + 1 sits to the right of seat s, so play goes
# counter-clockwise round the table (seed 001: "tegen de klok in").
_FOUR = ("bottom", "right", "top", "left")
_TWO = ("bottom", "top")
_HAND_SCALE = 0.55


def _fan(cards: Sequence[Card], x: float, y: float) -> tuple[str, float]:
    """A fanned hand at ``x``, ``y``; its markup and width."""
    w = CARD_WIDTH * _HAND_SCALE
    step = w * 0.5
    body = "".join(_card(card, x + i * step, y, _HAND_SCALE) for i, card in enumerate(cards))
    return body, (len(cards) - 1) * step + w if cards else 0.0


def seating_svg(
    names: Sequence[str], dealer: int, hands: Sequence[Sequence[Card]] = (), teams: bool = True
) -> str:
    """The seats round the table (2 or 4), who deals, who is Vorhand, and the arrows of play.

    >>> svg = seating_svg(["Anna", "Beat", "Claudia", "Dario"], dealer=3)
    >>> [t for t in labels(svg) if "Vorhand" in t or "deals" in t]
    ['Anna, seat 0: Vorhand', 'Dario, seat 3: deals']
    """
    seats = len(names)
    if seats not in (2, 4):
        raise ValueError(f"a table of {seats} seats: expected 2 or 4")
    places = _FOUR if seats == 4 else _TWO
    width, height = 800.0, 440.0
    left, top, right, bottom = 250.0, 100.0, 550.0, 320.0
    cx, cy = (left + right) / 2, (top + bottom) / 2
    body = [
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#f4f1e8"/></marker></defs>',
        f'<rect x="{left:g}" y="{top:g}" width="{right - left:g}" height="{bottom - top:g}" rx="28" '
        f'fill="{_FELT}" stroke="#1d4029" stroke-width="3"/>',
    ]
    # One arrow from each seat to the next, counter-clockwise (SVG sweep flag 0).
    rx, ry = 105.0, 72.0
    angles = {"bottom": 90.0, "right": 0.0, "top": -90.0, "left": -180.0}
    for seat in range(seats):
        start = angles[places[seat]] - 14
        end = angles[places[(seat + 1) % seats]] + 14
        if end > start:  # from "left" back to "bottom"
            end -= 360
        x1, y1 = cx + rx * math.cos(math.radians(start)), cy + ry * math.sin(math.radians(start))
        x2, y2 = cx + rx * math.cos(math.radians(end)), cy + ry * math.sin(math.radians(end))
        large = 1 if start - end > 180 else 0
        body.append(
            f'<path d="M{x1:.1f},{y1:.1f} A{rx:g},{ry:g} 0 {large} 0 {x2:.1f},{y2:.1f}" fill="none" '
            'stroke="#f4f1e8" stroke-width="3" marker-end="url(#arrow)"/>'
        )
    words = ("play goes", "counter-clockwise") if seats == 4 else ("the players", "take turns")
    body.append(_text(cx, cy - 4, words[0], size=13, fill="#f4f1e8", kind="note"))
    body.append(_text(cx, cy + 13, words[1], size=13, fill="#f4f1e8", kind="note"))
    vorhand = (dealer + 1) % seats
    for seat, name in enumerate(names):
        role = ": deals" if seat == dealer else ": Vorhand" if seat == vorhand else ""
        if seats == 2 and seat != dealer:
            role = ": leads first"
        label = f"{name}, seat {seat}{role}"
        colour = _TEAM_COLOURS[seat % 2] if teams and seats == 4 else _INK
        cards = sorted(hands[seat]) if hands else []  # in index order, as hand_svg fans a hand
        place = places[seat]
        fan_width = (len(cards) - 1) * CARD_WIDTH * _HAND_SCALE * 0.5 + CARD_WIDTH * _HAND_SCALE if cards else 0
        card_h = CARD_HEIGHT * _HAND_SCALE
        if place == "bottom":
            body.append(_text(cx, bottom + 26, label, weight="bold", fill=colour))
            fan, _ = _fan(cards, cx - fan_width / 2, bottom + 38)
        elif place == "top":
            body.append(_text(cx, top - 14, label, weight="bold", fill=colour))
            fan, _ = _fan(cards, cx - fan_width / 2, top - 26 - card_h)
        elif place == "left":
            body.append(_text(left / 2, cy - card_h / 2 - 12, label, weight="bold", fill=colour))
            fan, _ = _fan(cards, left / 2 - fan_width / 2, cy - card_h / 2)
        else:
            body.append(_text(right + (width - right) / 2, cy - card_h / 2 - 12, label, weight="bold", fill=colour))
            fan, _ = _fan(cards, right + (width - right) / 2 - fan_width / 2, cy - card_h / 2)
        body.append(fan)
    if teams and seats == 4:
        body.append(_text(12, height - 14, "team 0: seats 0 and 2", anchor="start", fill=_TEAM_COLOURS[0], kind="note"))
        body.append(_text(width - 12, height - 14, "team 1: seats 1 and 3", anchor="end", fill=_TEAM_COLOURS[1],
                          kind="note"))
    title = f"{seats} seats, " + ("play counter-clockwise" if seats == 4 else "turns alternate") + f", seat {dealer} deals"
    return _document(width, height, title, "".join(body))


# --- the deal: three cards at a time ----------------------------------------------------------

_DEAL_SCALE = 0.6


def deal_svg(
    names: Sequence[str], hands: Sequence[Sequence[Card]], dealer: int, *, face_up: Card | None = None,
    extras: Sequence[Sequence[Card]] = (), turned: Card | None = None,
) -> str:
    """The deal, three cards at a time, from the seat after the dealer round to the dealer.

    Each hand is dealt in three packets of three (its cards in the order given); with
    ``face_up`` that card (the dealer's last) lies face up; two players also get three
    face-down ``extras`` each, and the talon's top card, ``turned``, is turned.

    >>> hands = [CardSet.parse(h) for h in ("C6 C7 C8 C9 C10 CJ CQ CK CA", "S6 S7 S8 S9 S10 SJ SQ SK SA")]
    >>> svg = deal_svg(["Ueli", "Vreni"], [list(h) for h in hands], dealer=1, extras=[[], []], turned=Card.HA)
    >>> card_codes(svg)[:3], card_codes(svg)[-1], svg.count('class="card-back"')
    (['C6', 'C7', 'C8'], 'HA', 17)
    """
    seats = len(names)
    order = [(dealer + 1 + i) % seats for i in range(seats)]
    w, h = CARD_WIDTH * _DEAL_SCALE, CARD_HEIGHT * _DEAL_SCALE
    packet = 3 * w + 2 * 4
    column = packet + 28
    label_width = 86.0
    rows = 3 + (1 if extras else 0)
    header = 34.0
    row_height = h + 18
    width = label_width + seats * column
    height = header + rows * row_height + (h + 44 if turned is not None else 8)
    body = []
    for i, seat in enumerate(order):
        x = label_width + i * column
        role = " (deals)" if seat == dealer else ""
        body.append(_text(x + packet / 2, 20, f"{names[seat]}{role}", weight="bold", kind="note"))
        cards = list(hands[seat])
        for p in range(3):
            y = header + p * row_height
            for k, card in enumerate(cards[3 * p: 3 * p + 3]):
                cx = x + k * (w + 4)
                if face_up is not None and card == face_up:
                    body.append(_frame(cx, y, w, h, "#d68910"))
                body.append(_card(card, cx, y, _DEAL_SCALE))
        if extras:
            y = header + 3 * row_height
            body.extend(_back(x + k * (w + 4), y, _DEAL_SCALE) for k in range(3))
    for p, nth in enumerate(("first", "second", "third")):
        body.append(_text(8, header + p * row_height + h / 2 + 5, f"{nth} 3", anchor="start", kind="note"))
    if extras:
        body.append(_text(8, header + 3 * row_height + h / 2 + 5, "3 extras", anchor="start", kind="note"))
    if turned is not None:
        y = header + rows * row_height + 14
        body.append(_text(8, y + h / 2 + 5, "talon", anchor="start", kind="note"))
        x = label_width
        for k in range(11):
            body.append(_back(x + k * 6, y, _DEAL_SCALE))
        body.append(_card(turned, x + 11 * 6 + w + 12, y, _DEAL_SCALE))
        body.append(_text(x + 11 * 6 + 2 * w + 20, y + h / 2 + 5, "turned: trump", anchor="start", kind="note"))
    title = f"the deal, 3 cards at a time, from seat {order[0]} round to the dealer, seat {dealer}"
    return _document(width, height, title, "".join(body))


# --- the slate -------------------------------------------------------------------------------


def strokes(points: int) -> tuple[int, int, int, int]:
    """How a score stands on a Jasstafel: hundreds, fifties, twenties and the rest (jassonkel.ch,
    "Schreiben auf Tafel"), each line as full as it goes.

    >>> strokes(164), strokes(330), strokes(257)
    ((1, 1, 0, 14), (3, 0, 1, 10), (2, 1, 0, 7))
    """
    if points < 0:
        raise ValueError(f"a slate holds no negative score: {points}")
    hundreds, rest = divmod(points, 100)
    fifties, rest = divmod(rest, 50)
    twenties, rest = divmod(rest, 20)
    return hundreds, fifties, twenties, rest


def _chalk_line(x1: float, y1: float, x2: float, y2: float) -> str:
    return (
        f'<line class="stroke" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{_CHALK}" '
        'stroke-width="3" stroke-linecap="round"/>'
    )


def _rule(x1: float, y1: float, x2: float, y2: float) -> str:
    """A line that rules the slate (not a score)."""
    return _chalk_line(x1, y1, x2, y2).replace('class="stroke"', 'class="rule"')


def _tally(count: int, x: float, y: float, length: float) -> tuple[str, float]:
    """``count`` upright strokes, every fifth drawn across the four before it; markup, end x."""
    body = []
    for i in range(count):
        group, k = divmod(i, 5)
        gx = x + group * 78
        if k < 4:
            body.append(_chalk_line(gx + k * 14, y, gx + k * 14, y + length))
        else:
            body.append(_chalk_line(gx - 6, y + length - 4, gx + 48, y + 4))
    return "".join(body), x + (count // 5) * 78 + (count % 5) * 14


def slate_svg(teams: Sequence[str], scores: Sequence[int]) -> str:
    """A Schieber Jasstafel: one half per team; hundreds on the top line, fifties (the second
    across the first) in the middle, twenties at the bottom, the rest as a number.

    >>> svg = slate_svg(["Anna, Claudia", "Beat, Dario"], [164, 330])
    >>> svg.count('class="stroke"'), [t for t in labels(svg) if t.isdigit()]
    (6, ['14', '10'])
    """
    width, half = 560.0, 150.0
    height = 2 * half + 20
    body = [
        f'<rect x="4" y="4" width="{width - 8:g}" height="{height - 8:g}" rx="10" fill="{_BOARD}" '
        'stroke="#8b5a2b" stroke-width="8"/>',
        _rule(20, 10 + half, width - 20, 10 + half),
    ]
    for t, (team, points) in enumerate(zip(teams, scores)):
        top = 10 + t * half
        hundreds, fifties, twenties, rest = strokes(points)
        body.append(_text(width - 24, top + 26, team, size=13, anchor="end", fill="#c9c4b5", kind="note"))
        for row, value in enumerate(("100", "50", "20")):
            body.append(_text(26, top + 38 + row * 40, value, size=11, anchor="start", fill="#8f8a7e", kind="note"))
        marks, _ = _tally(hundreds, 70, top + 20, 26)
        body.append(marks)
        for i in range(fifties):  # a fifty is a slanted stroke; a second one crosses it
            x = 70 + (i // 2) * 40
            if i % 2 == 0:
                body.append(_chalk_line(x, top + 86, x + 24, top + 62))
            else:
                body.append(_chalk_line(x, top + 62, x + 24, top + 86))
        marks, _ = _tally(twenties, 70, top + 100, 26)
        body.append(marks)
        body.append(_text(width - 40, top + 112, str(rest), size=24, fill=_CHALK, kind="label"))
    title = "Jasstafel: " + ", ".join(f"{team} {points}" for team, points in zip(teams, scores))
    return _document(width, height, title, "".join(body))


def columns_svg(headers: Sequence[str], rows: Sequence[Sequence[str]], total_rows: int = 0) -> str:
    """A slate ruled in columns, one per player (Differenzler, la pomme); the last
    ``total_rows`` rows sit below a line.

    >>> svg = columns_svg(["A", "B"], [["60: 9", "43: 0"], ["9", "0"]], total_rows=1)
    >>> labels(svg)
    ['60: 9', '43: 0', '9', '0']
    """
    column = 150.0
    row_height = 30.0
    width = 30 + column * len(headers)
    height = 60 + row_height * len(rows) + (10 if total_rows else 0) + 16
    body = [
        f'<rect x="4" y="4" width="{width - 8:g}" height="{height - 8:g}" rx="10" fill="{_BOARD}" '
        'stroke="#8b5a2b" stroke-width="8"/>',
        _rule(20, 48, width - 20, 48),
    ]
    for i in range(1, len(headers)):
        body.append(_rule(15 + i * column, 18, 15 + i * column, height - 18))
    for i, name in enumerate(headers):
        body.append(_text(15 + i * column + column / 2, 38, name, size=17, fill=_CHALK, kind="note"))
    y = 48 + row_height - 6
    for r, row in enumerate(rows):
        if total_rows and r == len(rows) - total_rows:
            body.append(_rule(20, y - row_height + 12, width - 20, y - row_height + 12))
            y += 10
        for i, cell in enumerate(row):
            body.append(_text(15 + i * column + column / 2, y, cell, size=17, fill=_CHALK))
        y += row_height
    return _document(width, height, "slate: " + ", ".join(headers), "".join(body))


# --- the directives ----------------------------------------------------------------------------


def _cards(text: str) -> list[Card]:
    return [Card.parse(token) for token in text.split()]


def _hands(text: str) -> list[list[Card]]:
    return [_cards(part) for part in text.split("/")]


def _mode(text: str) -> Trump:
    return Trump.parse(text)


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",")]


def _options(**more: Any) -> dict[str, Any]:
    """A directive's options: ``:alt:`` (the picture's text for readers who cannot see it),
    ``:deck:`` and ``:pairing:``, and ``more``."""
    return {"alt": directives.unchanged, "deck": directives.unchanged, "pairing": directives.unchanged, **more}


class _Picture(SphinxDirective):
    """A picture drawn at build time, written to ``_generated/`` and shown as a figure."""

    has_content = True
    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = _options()

    def picture(self) -> str:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        try:
            _FACES.append(Faces(Deck(self.options.get("deck", "french")), Pairing(self.options.get("pairing", "seed"))))
            try:
                svg = self.picture()
            finally:
                _FACES.pop()
        except (JassError, ValueError, IndexError, KeyError) as error:
            raise self.error(f"{self.name}: {error}") from None
        digest = hashlib.sha1(svg.encode()).hexdigest()[:12]
        name = f"{self.name}-{digest}.svg"
        folder = Path(self.env.srcdir) / "_generated"
        folder.mkdir(exist_ok=True)
        path = folder / name
        if not path.exists():
            path.write_text(svg, encoding="utf-8")
        # A page with a picture is read again when the drawing code changes.
        for module in (jass.pictures, jass.trump, jass.faces):
            self.env.note_dependency(str(module.__file__))
        self.env.note_dependency(__file__)
        alt = self.options.get("alt") or re.sub(r"<[^>]+>", "", svg.split("<title>", 1)[1].split("</title>", 1)[0])
        figure = nodes.figure(classes=["jass-picture"])
        figure += nodes.image(uri=f"/_generated/{name}", alt=alt)
        if self.content:
            holder = nodes.Element()
            self.state.nested_parse(self.content, self.content_offset, holder)
            first = holder[0]
            if isinstance(first, nodes.paragraph):
                figure += nodes.caption(first.rawsource, "", *first.children)
                rest = holder.children[1:]
            else:
                rest = holder.children
            if rest:
                figure += nodes.legend("", *rest)
        return [figure]


class CardsDirective(_Picture):
    """``.. jass-cards:: HK HQ``: a row of cards."""

    option_spec: ClassVar[dict[str, Any]] = _options(
        points=directives.unchanged, labels=directives.unchanged, mark=directives.unchanged,
        cross=directives.unchanged, **{"trump-jack-points": directives.nonnegative_int},
    )

    def picture(self) -> str:
        cards = _cards(self.arguments[0])
        under: list[str] = []
        if "points" in self.options:
            mode = _mode(self.options["points"])
            jack = self.options.get("trump-jack-points", jass.trump.DEFAULT_TRUMP_JACK_POINTS)
            under = [str(mode.card_points(card, trump_jack_points=jack)) for card in cards]
        elif "labels" in self.options:
            under = [word.strip() for word in self.options["labels"].split(";")]
            if len(under) != len(cards):
                raise ValueError(f"{len(under)} labels for {len(cards)} cards")
        marked = _cards(self.options.get("mark", ""))
        return cards_svg(cards, under=under, marked=marked, crossed=_cards(self.options.get("cross", "")))


class OrderDirective(_Picture):
    """``.. jass-order:: schilten``: a mode's order with the points."""

    option_spec: ClassVar[dict[str, Any]] = _options(
        suit=directives.unchanged, **{"trump-jack-points": directives.nonnegative_int}
    )

    def picture(self) -> str:
        mode = _mode(self.arguments[0])
        suit = mode.suit
        if "suit" in self.options:
            suit = Card.parse(self.options["suit"] + "6").suit
        if suit is None:
            raise ValueError(f"{mode} has no trump suit: name the :suit: to draw")
        jack = self.options.get("trump-jack-points", jass.trump.DEFAULT_TRUMP_JACK_POINTS)
        return order_svg(mode, suit, jack)


class SeatingDirective(_Picture):
    """``.. jass-seating:: Anna, Beat, Claudia, Dario``: the table."""

    option_spec: ClassVar[dict[str, Any]] = _options(
        dealer=directives.nonnegative_int, hands=directives.unchanged, **{"no-teams": directives.flag}
    )

    def picture(self) -> str:
        names = _names(self.arguments[0])
        hands = _hands(self.options["hands"]) if "hands" in self.options else []
        return seating_svg(names, self.options.get("dealer", len(names) - 1), hands, "no-teams" not in self.options)


class DealDirective(_Picture):
    """``.. jass-deal:: Anna, Beat, Claudia, Dario``: the deal, three at a time."""

    option_spec: ClassVar[dict[str, Any]] = _options(
        dealer=directives.nonnegative_int, hands=directives.unchanged, extras=directives.flag,
        turned=directives.unchanged, **{"face-up": directives.unchanged},
    )

    def picture(self) -> str:
        names = _names(self.arguments[0])
        hands = _hands(self.options["hands"])
        if len(hands) != len(names) or any(len(hand) != 9 for hand in hands):
            raise ValueError("give nine cards for every seat, separated by /")
        face_up = Card.parse(self.options["face-up"]) if "face-up" in self.options else None
        turned = Card.parse(self.options["turned"]) if "turned" in self.options else None
        extras: list[list[Card]] = [[] for _ in names] if "extras" in self.options else []
        return deal_svg(names, hands, self.options.get("dealer", len(names) - 1), face_up=face_up,
                        extras=extras, turned=turned)


class SlateDirective(_Picture):
    """``.. jass-slate::``: a Jasstafel (``:teams:``/``:scores:``) or a slate of columns."""

    required_arguments = 0
    option_spec: ClassVar[dict[str, Any]] = _options(
        teams=directives.unchanged, scores=directives.unchanged, columns=directives.unchanged,
        totals=directives.nonnegative_int,
    )

    rows: list[list[str]] = []

    def run(self) -> list[nodes.Node]:
        # The content's first block is the slate's rows (for :columns:), the rest the caption.
        if "columns" in self.options:
            lines = list(self.content)
            split = lines.index("") if "" in lines else len(lines)
            self.rows = [[cell.strip() for cell in line.split("|")] for line in lines[:split]]
            self.content = self.content[split + 1:]
            self.content_offset += split + 1
        return super().run()

    def picture(self) -> str:
        if "columns" in self.options:
            headers = _names(self.options["columns"])
            if any(len(row) != len(headers) for row in self.rows):
                raise ValueError(f"every row needs {len(headers)} cells separated by |")
            return columns_svg(headers, self.rows, self.options.get("totals", 0))
        teams = [name.strip() for name in self.options["teams"].split("/")]
        scores = [int(points) for points in self.options["scores"].split()]
        return slate_svg(teams, scores)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the picture directives."""
    app.add_directive("jass-cards", CardsDirective)
    app.add_directive("jass-order", OrderDirective)
    app.add_directive("jass-seating", SeatingDirective)
    app.add_directive("jass-deal", DealDirective)
    app.add_directive("jass-slate", SlateDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
