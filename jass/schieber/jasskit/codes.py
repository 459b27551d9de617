"""jass-kit's codes: card ids and codes, trump codes and seats, and the suit mappings between
its French letters and the Swiss suits.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from jass.cards import Card, Suit
from jass.errors import SerialError, describe_value
from jass.trump import Trump

__all__ = [
    "FORMAT_VERSION",
    "CARD_CODES",
    "OBE_ABE",
    "UNE_UFE",
    "PUSH",
    "PUSH_ALT",
    "FRENCH",
    "JASSKIT_GERMAN",
    "SWISSLOS",
    "card_id",
    "card_from_id",
    "card_code",
    "card_from_code",
    "trump_code",
    "trump_from_code",
    "seat_to_jasskit",
    "seat_from_jasskit",
]


#: The version of jass-kit's game format that is read and written.
FORMAT_VERSION: Final = "V0.2"
#: jass-kit's card codes, indexed by its card ids.
CARD_CODES: Final[tuple[str, ...]] = tuple(
    suit + rank for suit in "DHSC" for rank in ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
)
#: jass-kit's trump code of Obenabe.
OBE_ABE: Final = 4
#: jass-kit's trump code of Undenufe.
UNE_UFE: Final = 5
#: jass-kit's push action (the Swisslos code).
PUSH: Final = 10
#: jass-kit's alternative push action (for one-hot encodings).
PUSH_ALT: Final = 6
#: Our suit for jass-kit's D, H, S and C, by French letter (the default).
FRENCH: Final = (Suit.SCHELLEN, Suit.SCHILTEN, Suit.ROSEN, Suit.EICHELN)
#: By jass-kit's German labels: D Schellen, H Rosen, S Schilten, C Eicheln.
JASSKIT_GERMAN: Final = (Suit.SCHELLEN, Suit.ROSEN, Suit.SCHILTEN, Suit.EICHELN)
#: By the Swisslos display mapping: D Eicheln, H Rosen, S Schilten, C Schellen.
SWISSLOS: Final = (Suit.EICHELN, Suit.ROSEN, Suit.SCHILTEN, Suit.SCHELLEN)
NEXT_SEAT: Final = (3, 0, 1, 2)
CODE_IDS: Final = {code: i for i, code in enumerate(CARD_CODES)}


def check_suits(suits: Sequence[Suit]) -> tuple[Suit, ...]:
    if (
        not isinstance(suits, (tuple, list))
        or len(suits) != 4
        or not all(isinstance(s, Suit) for s in suits)
        or len(set(suits)) != 4
    ):
        raise SerialError(f"suits={suits!r}: expected our four suits for jass-kit's D, H, S, C, e.g. FRENCH")
    return tuple(suits)


def card_id(card: Card, suits: Sequence[Suit] = FRENCH) -> int:
    """jass-kit's id 0..35 of ``card``."""
    if not isinstance(card, Card):
        raise SerialError(f"{card!r}: expected a Card")
    suit = check_suits(suits).index(card.suit)
    return 9 * suit + 8 - card.rank


def card_from_id(card: int, suits: Sequence[Suit] = FRENCH) -> Card:
    """The card with jass-kit's id ``card`` (0..35)."""
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 36:
        raise SerialError(f"{card!r} is not a jass-kit card id: expected an int 0..35")
    suit, offset = divmod(card, 9)
    return Card.from_index(9 * check_suits(suits)[suit] + 8 - offset)


def card_code(card: Card, suits: Sequence[Suit] = FRENCH) -> str:
    """jass-kit's code of ``card``, e.g. ``'D10'`` (the same as ours with :data:`FRENCH`)."""
    return CARD_CODES[card_id(card, suits)]


def card_from_code(code: str, suits: Sequence[Suit] = FRENCH) -> Card:
    """The card of jass-kit's code ``code`` (``'DA'`` .. ``'C6'``)."""
    if not isinstance(code, str) or code not in CODE_IDS:
        raise SerialError(f"{describe_value(code)} is not a jass-kit card code: expected 'DA' .. 'C6'")
    return card_from_id(CODE_IDS[code], suits)


def trump_code(trump: Trump, suits: Sequence[Suit] = FRENCH) -> int:
    """jass-kit's trump code: 0..3 for its suits D, H, S, C, 4 Obenabe, 5 Undenufe."""
    if not isinstance(trump, Trump):
        raise SerialError(f"{trump!r}: expected a Trump")
    if trump.suit is None:
        return OBE_ABE if trump is Trump.OBENABE else UNE_UFE
    return check_suits(suits).index(trump.suit)


def trump_from_code(code: int, suits: Sequence[Suit] = FRENCH) -> Trump:
    """Our trump mode for jass-kit's trump code 0..5 (the push codes 6 and 10 are no mode)."""
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code <= 5:
        raise SerialError(f"{describe_value(code)} is not a jass-kit trump: expected 0..5 "
                          f"(the push, {PUSH} or {PUSH_ALT}, chooses no trump)")
    if code == OBE_ABE:
        return Trump.OBENABE
    if code == UNE_UFE:
        return Trump.UNDENUFE
    return Trump(check_suits(suits)[code].value)


def seat_to_jasskit(seat: int) -> int:
    """jass-kit's player number of our seat ``seat``: ``(4 - seat) % 4``."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise SerialError(f"seat={seat!r}: expected a seat 0..3")
    return (4 - seat) % 4


def seat_from_jasskit(player: int) -> int:
    """Our seat of jass-kit's player number ``player`` (0 North, 1 East, 2 South, 3 West)."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < 4:
        raise SerialError(f"player={player!r}: expected a jass-kit player 0..3")
    return (4 - player) % 4
