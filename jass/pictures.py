"""Card pictures as SVG: a card, a hand, a trick, and the table as one seat sees it.

Cards, card sets and tricks show themselves as pictures in Jupyter through
``_repr_svg_``. Every card is one ``<g class="card">`` element whose
``data-card`` attribute is the card's code, so the pictures are easy to style
and to test.

>>> svg = hand_svg(CardSet.parse("HA H10 CJ"))
>>> svg.count('class="card"'), svg.startswith("<svg")
(3, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from jass.cards import Card, CardSet  # noqa: F401  (CardSet: the doctest)

__all__ = ["CARD_WIDTH", "CARD_HEIGHT", "card_svg", "hand_svg", "trick_svg", "table_svg"]

#: Size of one card in SVG user units.
CARD_WIDTH = 60
CARD_HEIGHT = 90
_GAP = 8
_RED = "#c0392b"
_BLACK = "#1b1b1b"


def _card_group(card: Card, x: float, y: float) -> str:
    colour = _RED if card.suit in (2, 3) else _BLACK
    rank = card.rank.code
    symbol = card.suit.symbol
    return (
        f'<g class="card" data-card={quoteattr(card.code)} transform="translate({x:g},{y:g})">'
        f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="6" fill="white" stroke="#555"/>'
        f'<text x="6" y="18" font-size="15" font-family="sans-serif" fill="{colour}">{escape(rank)}</text>'
        f'<text x="6" y="36" font-size="15" fill="{colour}">{symbol}</text>'
        f'<text x="{CARD_WIDTH / 2:g}" y="{CARD_HEIGHT / 2 + 12:g}" font-size="34" text-anchor="middle" '
        f'fill="{colour}">{symbol}</text>'
        f'<text x="{CARD_WIDTH - 6}" y="{CARD_HEIGHT - 8}" font-size="15" font-family="sans-serif" '
        f'text-anchor="end" fill="{colour}">{escape(rank)}</text>'
        "</g>"
    )


def _svg(width: float, height: float, body: str, title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img"><title>{escape(title)}</title>{body}</svg>'
    )


def card_svg(card: Card) -> str:
    """One card as an SVG document."""
    return _svg(CARD_WIDTH, CARD_HEIGHT, _card_group(card, 0, 0), card.code)


def _row(cards: Sequence[Card], title: str, overlap: bool) -> str:
    step = CARD_WIDTH * 0.55 if overlap else CARD_WIDTH + _GAP
    body = "".join(_card_group(card, i * step, 0) for i, card in enumerate(cards))
    width = (len(cards) - 1) * step + CARD_WIDTH if cards else CARD_WIDTH
    return _svg(width, CARD_HEIGHT, body, title)


def hand_svg(cards: Iterable[Card]) -> str:
    """A hand of cards, fanned in index order (suits C, S, H, D; 6 to A)."""
    ordered = sorted(cards)
    return _row(ordered, " ".join(c.code for c in ordered) or "no cards", overlap=True)


def trick_svg(cards: Sequence[Card]) -> str:
    """The cards of a trick side by side, in play order."""
    return _row(list(cards), " ".join(c.code for c in cards) or "empty trick", overlap=False)


def table_svg(view: Any) -> str:
    """What one seat sees: its hand below, the trick in progress above.

    ``view`` is a variant's observation (``variant.observe(state, seat)``): any
    object with ``hand`` and ``trick`` attributes.
    """
    hand = sorted(view.hand)
    trick = list(getattr(view, "trick", ()))
    step = CARD_WIDTH * 0.55
    hand_width = (len(hand) - 1) * step + CARD_WIDTH if hand else CARD_WIDTH
    trick_width = len(trick) * (CARD_WIDTH + _GAP)
    width = max(hand_width, trick_width, CARD_WIDTH)
    top = 24
    body = [f'<text x="0" y="16" font-size="14" font-family="sans-serif">{escape(_caption(view))}</text>']
    left = (width - trick_width) / 2
    body += [_card_group(card, left + i * (CARD_WIDTH + _GAP), top) for i, card in enumerate(trick)]
    bottom = top + CARD_HEIGHT + 2 * _GAP
    body += [_card_group(card, i * step, bottom) for i, card in enumerate(hand)]
    return _svg(width, bottom + CARD_HEIGHT, "".join(body), _caption(view))


def _caption(view: Any) -> str:
    parts = [f"seat {getattr(view, 'seat', '?')}"]
    trump = getattr(view, "trump", None)
    if trump is not None:
        parts.append(f"trump {trump} {trump.symbol}")
    return ", ".join(parts)

