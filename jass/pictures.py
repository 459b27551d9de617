"""Card pictures as SVG: a card, a hand, a trick, and the table as one seat sees it, in either
deck: French-suited cards (each Swiss suit drawn with the symbol its pairing gives,
:class:`~jass.faces.Pairing`) or Swiss-suited cards (Schellen, Schilten, Rosen, Eicheln; the
Banner, Under, Ober, König and Ass drawn simply but recognisably).

Cards, card sets and tricks show themselves as pictures in Jupyter through ``_repr_svg_``
(French cards, seed 001's pairing). Every card is one ``<g class="card">`` element whose
``data-card`` attribute is the card's code and ``data-deck`` its deck; on a Swiss card every
suit symbol is one ``<g class="pip">`` (a 6 has six, an Ass two, the Banner one on its flag,
the Under, Ober and König one in each half of their double-headed picture), so the pictures
are easy to style and to test.

>>> svg = hand_svg(CardSet.parse("HA H10 CJ"))
>>> svg.count('class="card"'), svg.startswith("<svg")
(3, True)
>>> card_svg(Card.H10, deck="swiss").count('class="pip"')
1

The Swiss drawings follow the descriptions of the pack (Wikipedia, "Swiss-suited playing
cards"; pagat.com, "Schweizer Jass"; IPCS, "Swiss German pattern"): the yellow rose with an
orange centre, the yellow shield, the hawk bell, the acorn; the Ass with two large symbols (it
was once the Two), the Banner a flag; the Ober holds his symbol high, the Under low. They are
simplified: the pip layout of 6 to 9 and the colours of the bell and the acorn are the
library's own choice.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, Final
from xml.sax.saxutils import escape, quoteattr

from jass.cards import Card, CardSet, Rank, Suit  # noqa: F401  (CardSet: the doctest)
from jass.faces import FACES, Deck, Faces, Pairing

__all__ = ["CARD_WIDTH", "CARD_HEIGHT", "card_svg", "card_group", "hand_svg", "trick_svg", "table_svg", "faces_of"]

#: Size of one card in SVG user units (about the 57 x 89 mm of a Swiss pack).
CARD_WIDTH = 60
CARD_HEIGHT = 90
_GAP = 8
_RED = "#c0392b"
_BLACK = "#1b1b1b"
_INK = "#2b2118"
_PAPER = "#fffdf6"


def faces_of(deck: Deck | str = Deck.FRENCH, pairing: Pairing | str = Pairing.SEED) -> Faces:
    """The :class:`~jass.faces.Faces` of ``deck`` and ``pairing`` (members or their names)."""
    if deck is Deck.FRENCH and pairing is Pairing.SEED:
        return FACES
    return Faces(deck, pairing)


# --- French cards --------------------------------------------------------------------------------


def _french(card: Card, faces: Faces) -> str:
    symbol = faces.symbol(card.suit)
    colour = _RED if symbol in "♥♦" else _BLACK
    rank = card.rank.code
    return (
        f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="6" fill="white" stroke="#555"/>'
        f'<text x="6" y="18" font-size="15" font-family="sans-serif" fill="{colour}">{escape(rank)}</text>'
        f'<text x="6" y="36" font-size="15" fill="{colour}">{symbol}</text>'
        f'<text x="{CARD_WIDTH / 2:g}" y="{CARD_HEIGHT / 2 + 12:g}" font-size="34" text-anchor="middle" '
        f'fill="{colour}">{symbol}</text>'
        f'<text x="{CARD_WIDTH - 6}" y="{CARD_HEIGHT - 8}" font-size="15" font-family="sans-serif" '
        f'text-anchor="end" fill="{colour}">{escape(rank)}</text>'
    )


# --- Swiss suit symbols, each in a box from -10 to 10 --------------------------------------------

_GOLD, _YELLOW, _ORANGE, _RED_SWISS, _GREEN, _BROWN, _OCHRE = (
    "#e8b923", "#f2c200", "#e8731a", "#c8102e", "#3e7b27", "#7a4b1e", "#d9a441")

_LINE: Final = f'stroke="{_INK}" stroke-width="0.9"'


def _schellen() -> str:
    """A hawk bell: a round gold body with a red band, a slit with a hole at each end, a loop."""
    return (
        f'<circle cx="0" cy="-7.8" r="1.9" fill="none" {_LINE}/>'
        f'<circle cx="0" cy="1" r="7.6" fill="{_GOLD}" {_LINE}/>'
        f'<path d="M-7.3,-1.2 H7.3" stroke="{_RED_SWISS}" stroke-width="2.4"/>'
        f'<path d="M-3.6,4.2 H3.6" stroke="{_INK}" stroke-width="1.1"/>'
        f'<circle cx="-3.8" cy="4.2" r="1.1" fill="{_INK}"/><circle cx="3.8" cy="4.2" r="1.1" fill="{_INK}"/>'
    )


def _rosen() -> str:
    """A rose: six yellow petals with a red rim round an orange centre, green sepals between."""
    sepals = "".join(
        f'<path d="M0,0 L{8.6 * math.cos(a):.2f},{8.6 * math.sin(a):.2f}" stroke="{_GREEN}" stroke-width="2.2"/>'
        for a in (math.radians(30 + 60 * k) for k in range(6)))
    petals = "".join(
        f'<circle cx="{5 * math.cos(a):.2f}" cy="{5 * math.sin(a):.2f}" r="3.7" fill="{_YELLOW}" '
        f'stroke="{_RED_SWISS}" stroke-width="0.9"/>'
        for a in (math.radians(60 * k - 90) for k in range(6)))
    return sepals + petals + f'<circle cx="0" cy="0" r="3" fill="{_ORANGE}" {_LINE}/>'


def _schilten() -> str:
    """A heater shield: yellow, with a red band across, outlined."""
    outline = "M-7.5,-8.5 H7.5 V-1 C7.5,5 3.5,8 0,9.8 C-3.5,8 -7.5,5 -7.5,-1 Z"
    return (
        f'<path d="{outline}" fill="{_YELLOW}"/>'
        f'<path d="M-7.5,-3.2 H7.5 V1 H-7.5 Z" fill="{_RED_SWISS}"/>'
        f'<path d="{outline}" fill="none" {_LINE}/>'
    )


def _eicheln() -> str:
    """An acorn, upright: an ochre nut in a brown, hatched cup on a green stem."""
    hatch = "".join(f'<path d="M{x - 2:g},1.2 L{x + 1:g},6.6" stroke="{_INK}" stroke-width="0.5"/>'
                    for x in (-3, 0, 3))
    return (
        f'<path d="M0,7 V10" stroke="{_GREEN}" stroke-width="1.8"/>'
        f'<ellipse cx="0" cy="-2.6" rx="5" ry="6.8" fill="{_OCHRE}" {_LINE}/>'
        f'<path d="M0,-9.4 V-10.6" {_LINE}/>'
        f'<path d="M-6,0.6 Q0,-2 6,0.6 L4.6,6.2 Q0,8.2 -4.6,6.2 Z" fill="{_BROWN}" {_LINE}/>' + hatch
    )


_SYMBOL: Final = {Suit.EICHELN: _eicheln, Suit.ROSEN: _rosen, Suit.SCHILTEN: _schilten, Suit.SCHELLEN: _schellen}


def _pip(suit: Suit, x: float, y: float, scale: float, turned: bool = False) -> str:
    """One suit symbol at ``x``, ``y``; ``turned`` upside down (the lower half of a card)."""
    turn = " rotate(180)" if turned else ""
    return (f'<g class="pip" data-suit="{suit.swiss_name.lower()}" '
            f'transform="translate({x:g},{y:g}){turn} scale({scale:g})">{_SYMBOL[suit]()}</g>')


# --- Swiss cards ---------------------------------------------------------------------------------

#: Where the symbols of 6 to 9 sit: two columns, and the 7 and 9 one more in the centre.
_LEFT, _RIGHT, _MIDDLE = 17.0, 43.0, CARD_WIDTH / 2
_PIPS: Final = {
    Rank.SIX: [(x, y) for y in (22, 45, 68) for x in (_LEFT, _RIGHT)],
    Rank.SEVEN: [(x, y) for y in (22, 45, 68) for x in (_LEFT, _RIGHT)] + [(_MIDDLE, 45)],
    Rank.EIGHT: [(x, y) for y in (18, 36, 54, 72) for x in (_LEFT, _RIGHT)],
    Rank.NINE: [(x, y) for y in (18, 36, 54, 72) for x in (_LEFT, _RIGHT)] + [(_MIDDLE, 45)],
}
_NUMERAL_SCALE = 0.62
#: The index in the corners: 6 to 10 (the Banner), U, O, K, A.
_INDEX: Final = ("6", "7", "8", "9", "10", "U", "O", "K", "A")
_COURT_WORD: Final = {Rank.JACK: "UNDER", Rank.QUEEN: "OBER", Rank.KING: "KÖNIG"}
_ROBE: Final = {Rank.JACK: _GREEN, Rank.QUEEN: "#1f5fa8", Rank.KING: _RED_SWISS}


def _swiss_frame(card: Card) -> str:
    index = _INDEX[card.rank]
    text = f'font-family="sans-serif" font-size="8" font-weight="bold" fill="{_INK}"'
    return (
        f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="4" fill="{_PAPER}" stroke="#555"/>'
        f'<rect x="3" y="3" width="{CARD_WIDTH - 6}" height="{CARD_HEIGHT - 6}" rx="2" fill="none" '
        'stroke="#b8a27a" stroke-width="0.8"/>'
        f'<text class="index" x="5" y="11" {text}>{index}</text>'
        f'<text class="index" x="5" y="11" {text} transform="rotate(180 {CARD_WIDTH / 2:g} {CARD_HEIGHT / 2:g})">'
        f'{index}</text>'
    )


def _numeral(card: Card) -> str:
    suit = card.suit
    body = []
    if suit in (Suit.ROSEN, Suit.EICHELN):  # a stem joins each column, as German-style packs draw them
        spots = _PIPS[card.rank]
        for x in (_LEFT, _RIGHT):
            ys = [y for px, y in spots if px == x]
            body.append(f'<path d="M{x:g},{min(ys):g} V{max(ys):g}" stroke="{_GREEN}" stroke-width="1.2"/>')
    for x, y in _PIPS[card.rank]:
        body.append(_pip(suit, x, y, _NUMERAL_SCALE, turned=y > CARD_HEIGHT / 2))
    return "".join(body)


def _banner(card: Card) -> str:
    """The 10: a red swallow-tailed flag on a pole, the suit's symbol on it."""
    return (
        f'<path d="M17,15 V80" stroke="{_BROWN}" stroke-width="2.2" stroke-linecap="round"/>'
        f'<circle cx="17" cy="15" r="2" fill="{_GOLD}" {_LINE}/>'
        f'<path d="M18,22 H52 L44,45 L52,68 H18 Z" fill="{_RED_SWISS}" {_LINE}/>'
        f'<circle cx="32" cy="45" r="11" fill="{_PAPER}" {_LINE}/>'
        + _pip(card.suit, 32, 45, 0.95)
    )


def _ass(card: Card) -> str:
    """The Ass: two large symbols (it was once the Two); the Schilten side by side."""
    if card.suit is Suit.SCHILTEN:
        return _pip(card.suit, 18.5, 45, 1.05) + _pip(card.suit, 41.5, 45, 1.05)
    return _pip(card.suit, 30, 25, 1.25) + _pip(card.suit, 30, 65, 1.25, turned=True)


def _hat(card: Card) -> str:
    if card.rank is Rank.KING:  # a crown of three points
        return f'<path d="M24.5,13 V7.5 L27.2,10.5 L30,6 L32.8,10.5 L35.5,7.5 V13 Z" fill="{_GOLD}" {_LINE}/>'
    if card.rank is Rank.JACK and card.suit is Suit.SCHELLEN:  # the jester's three-pointed cap
        bells = "".join(f'<circle cx="{x:g}" cy="{y:g}" r="1.1" fill="{_GOLD}" {_LINE}/>'
                        for x, y in ((21.5, 9), (30, 4.5), (38.5, 9)))
        return (f'<path d="M24,13.5 L21.5,9 L27,11 L30,4.5 L33,11 L38.5,9 L36,13.5 Z" fill="{_RED_SWISS}" '
                f'{_LINE}/>' + bells)
    colour = "#5b2a2a" if card.rank is Rank.QUEEN else _BROWN
    return (f'<path d="M23.5,13 Q30,5.5 36.5,13 Z" fill="{colour}" {_LINE}/>'
            f'<path d="M22,13 H38" stroke="{_INK}" stroke-width="1.2"/>')


def _half_figure(card: Card) -> str:
    """The top half of a court card: a half-figure with its hat or crown; the König holds his
    symbol beside his head, the Ober high, the Under low (steve-p.org; newtraditiongames)."""
    robe = _ROBE[card.rank]
    symbol_at = {Rank.KING: (45.5, 14.0), Rank.QUEEN: (45.5, 10.5), Rank.JACK: (46.0, 33.0)}[card.rank]
    hand_at = {Rank.KING: (42.0, 22.0), Rank.QUEEN: (43.5, 16.5), Rank.JACK: (44.0, 30.0)}[card.rank]
    beard = (f'<path d="M26.5,20 Q30,25.5 33.5,20" fill="#8a5a2b" {_LINE}/>' if card.rank is Rank.KING else "")
    return (
        f'<path d="M21,41 L23,25 Q30,21.5 37,25 L39,41 Z" fill="{robe}" {_LINE}/>'
        f'<path d="M27,24.5 L30,31 L33,24.5" fill="none" stroke="{_GOLD}" stroke-width="1.2"/>'
        f'<path d="M36,27 L{hand_at[0]:g},{hand_at[1]:g}" stroke="{robe}" stroke-width="3" stroke-linecap="round"/>'
        f'<circle cx="30" cy="17" r="5.4" fill="#f1c9a5" {_LINE}/>'
        f'<circle cx="28" cy="16.3" r="0.7" fill="{_INK}"/><circle cx="32" cy="16.3" r="0.7" fill="{_INK}"/>'
        f'<path d="M28.4,19.4 Q30,20.4 31.6,19.4" fill="none" stroke="{_INK}" stroke-width="0.6"/>'
        + beard + _hat(card) + _pip(card.suit, symbol_at[0], symbol_at[1], 0.5)
    )


def _court(card: Card) -> str:
    """Under, Ober, König: a double-headed half-figure, and the rank's word across the middle."""
    half = _half_figure(card)
    word = _COURT_WORD[card.rank]
    return (
        f'<g class="figure" data-rank="{word.lower()}">{half}</g>'
        f'<g class="figure" data-rank="{word.lower()}" transform="rotate(180 {CARD_WIDTH / 2:g} '
        f'{CARD_HEIGHT / 2:g})">{half}</g>'
        f'<rect x="8" y="41" width="{CARD_WIDTH - 16}" height="8" fill="{_PAPER}" {_LINE}/>'
        f'<text class="word" x="{CARD_WIDTH / 2:g}" y="47.4" font-family="sans-serif" font-size="6" '
        f'font-weight="bold" text-anchor="middle" fill="{_INK}">{word}</text>'
    )


def _swiss(card: Card) -> str:
    rank = card.rank
    if rank <= Rank.NINE:
        face = _numeral(card)
    elif rank is Rank.TEN:
        face = _banner(card)
    elif rank is Rank.ACE:
        face = _ass(card)
    else:
        face = _court(card)
    return _swiss_frame(card) + face


# --- cards, hands, tricks, the table ---------------------------------------------------------------


def card_group(card: Card, x: float, y: float, faces: Faces = FACES) -> str:
    """The ``<g class="card">`` element of ``card`` at ``x``, ``y``, drawn with ``faces``."""
    body = _swiss(card) if faces.deck is Deck.SWISS else _french(card, faces)
    return (f'<g class="card" data-card={quoteattr(card.code)} data-deck="{faces.deck.value}" '
            f'transform="translate({x:g},{y:g})">{body}</g>')


def _svg(width: float, height: float, body: str, title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img"><title>{escape(title)}</title>{body}</svg>'
    )


def card_svg(card: Card, deck: Deck | str = Deck.FRENCH, pairing: Pairing | str = Pairing.SEED) -> str:
    """One card as an SVG document, of ``deck`` (``"french"`` or ``"swiss"``); a French card
    shows its suit with the symbol ``pairing`` gives it.

    >>> "♠" in card_svg(Card.H10, pairing="swisslos"), "UNDER" in card_svg(Card.DJ, deck="swiss")
    (True, True)
    """
    faces = faces_of(deck, pairing)
    return _svg(CARD_WIDTH, CARD_HEIGHT, card_group(card, 0, 0, faces), faces.card(card))


def _row(cards: Sequence[Card], title: str, overlap: bool, faces: Faces) -> str:
    step = CARD_WIDTH * 0.55 if overlap else CARD_WIDTH + _GAP
    body = "".join(card_group(card, i * step, 0, faces) for i, card in enumerate(cards))
    width = (len(cards) - 1) * step + CARD_WIDTH if cards else CARD_WIDTH
    return _svg(width, CARD_HEIGHT, body, title)


def hand_svg(cards: Iterable[Card], deck: Deck | str = Deck.FRENCH, pairing: Pairing | str = Pairing.SEED) -> str:
    """A hand of cards, fanned in index order (Eicheln, Rosen, Schilten, Schellen; 6 to A)."""
    faces = faces_of(deck, pairing)
    ordered = sorted(cards)
    return _row(ordered, faces.hand(ordered) if ordered else "no cards", True, faces)


def trick_svg(cards: Sequence[Card], deck: Deck | str = Deck.FRENCH, pairing: Pairing | str = Pairing.SEED) -> str:
    """The cards of a trick side by side, in play order."""
    faces = faces_of(deck, pairing)
    return _row(list(cards), faces.cards(cards) if cards else "empty trick", False, faces)


def table_svg(view: Any, deck: Deck | str = Deck.FRENCH, pairing: Pairing | str = Pairing.SEED) -> str:
    """What one seat sees: its hand below, the trick in progress above.

    ``view`` is a variant's observation (``variant.observe(state, seat)``): any
    object with ``hand`` and ``trick`` attributes.
    """
    faces = faces_of(deck, pairing)
    hand = sorted(view.hand)
    trick = list(getattr(view, "trick", ()))
    step = CARD_WIDTH * 0.55
    hand_width = (len(hand) - 1) * step + CARD_WIDTH if hand else CARD_WIDTH
    trick_width = len(trick) * (CARD_WIDTH + _GAP)
    width = max(hand_width, trick_width, CARD_WIDTH)
    top = 24
    caption = _caption(view, faces)
    body = [f'<text x="0" y="16" font-size="14" font-family="sans-serif">{escape(caption)}</text>']
    left = (width - trick_width) / 2
    body += [card_group(card, left + i * (CARD_WIDTH + _GAP), top, faces) for i, card in enumerate(trick)]
    bottom = top + CARD_HEIGHT + 2 * _GAP
    body += [card_group(card, i * step, bottom, faces) for i, card in enumerate(hand)]
    return _svg(width, bottom + CARD_HEIGHT, "".join(body), caption)


def _caption(view: Any, faces: Faces) -> str:
    parts = [f"seat {getattr(view, 'seat', '?')}"]
    trump = getattr(view, "trump", None)
    if trump is not None:
        parts.append(f"trump {faces.mode(trump)}")
    return ", ".join(parts)
