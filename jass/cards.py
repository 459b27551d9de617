"""Suits, ranks, the 36 cards, sets of cards, notation and dealing.

The engine names suits the Swiss way (Eicheln, Rosen, Schilten, Schellen). The
canonical short notation uses French-suit letters, because they are what most
players and most other software can read: **C**\\ lubs = Eicheln, **S**\\ pades =
Rosen, **H**\\ earts = Schilten, **D**\\ iamonds = Schellen (the mapping of seed
001, "Spelregels"), followed by the rank ``6``-``10``, ``J``, ``Q``, ``K`` or
``A``.

>>> Card.parse("H10")
Card.H10
>>> str(Card.CA)
'CA'
>>> Card.H10.suit, Card.H10.rank
(Suit.SCHILTEN, Rank.TEN)

**What notation is.** :meth:`Card.parse` also reads the rank first, the suit symbols
♣♠♥♦ (and ♧♤♡♢), and two-word names in Swiss German, German, French, English and Dutch
(``Rosen Under``, ``Schellen-Ass``, ``valet de pique``); case does not matter, and spaces,
tabs and line breaks separate. The characters of notation are ASCII, those symbols, the
arrows ⬇⬆ of Obenabe and Undenufe (:meth:`jass.trump.Trump.parse`) and the letters
ä è ö ü œ of the names, in either case: every parser of the library (cards, sets of cards,
trump modes, the moves of :mod:`jass.records`) refuses any other character with
:class:`~jass.errors.InvalidNotationError` (:func:`foreign_character`), so that no
look-alike is read as a card, a space or a digit: not the long s ``ſ`` (which folds to
``s``), the Kelvin sign ``K``, a no-break or other Unicode space, nor digits such as
``²`` or ``١``. A set of cards names each card once.

Each card has an index 0..35: ``suit * 9 + rank``. A :class:`CardSet` is a
frozen set of cards stored in one int, bit *i* for card *i*, so one suit is nine
adjacent bits.
"""

from __future__ import annotations

import enum
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, TypeGuard

from jass._kernel import ALL_BITS, CARD_BITS, MASK64, SUIT_MASKS, shuffled
from jass.errors import InvalidCardsError, InvalidNotationError

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CardSet",
    "FULL_DECK",
    "SUIT_MASKS",
    "shuffled_deck",
    "deal",
    "validate_deck",
    "hands_of",
    "is_card_order",
    "foreign_character",
    "not_notation",
    "NOTATION",
]


class Suit(enum.IntEnum):
    """The four suits, named as in the Swiss-German pack.

    Aliases give the French names (seed 001's mapping: Eicheln = clubs,
    Rosen = spades, Schilten = hearts, Schellen = diamonds) and the German
    pack's names (Eichel, Grün/Blatt, Herz, Schellen).

    >>> Suit.CLUBS is Suit.EICHELN
    True
    >>> Suit.HERZ.symbol
    '♥'
    """

    EICHELN = 0
    ROSEN = 1
    SCHILTEN = 2
    SCHELLEN = 3

    # French pack (seed 001's mapping).
    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3
    # German pack.
    EICHEL = 0
    GRUEN = 1
    HERZ = 2

    @property
    def letter(self) -> str:
        """The French-suit letter used in card codes: ``C``, ``S``, ``H`` or ``D``."""
        return "CSHD"[self]

    @property
    def symbol(self) -> str:
        """The French suit symbol: ``♣``, ``♠``, ``♥`` or ``♦``."""
        return "♣♠♥♦"[self]

    @property
    def swiss_name(self) -> str:
        """The Swiss-German name: Eicheln, Rosen, Schilten or Schellen."""
        return ("Eicheln", "Rosen", "Schilten", "Schellen")[self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


class Rank(enum.IntEnum):
    """The nine ranks, numbered in their natural order 6 < 7 < ... < K < A.

    The natural order is the order of sequences (Weis) in every mode and the
    order of tricks in a plain suit and in Obenabe. The Swiss names are aliases:
    ``UNDER`` (Jack, the Bauer when it is trump) and ``OBER`` (Queen).
    """

    SIX = 0
    SEVEN = 1
    EIGHT = 2
    NINE = 3
    TEN = 4
    JACK = 5
    QUEEN = 6
    KING = 7
    ACE = 8

    UNDER = 5
    OBER = 6

    @property
    def code(self) -> str:
        """The rank part of a card code: ``6`` to ``10``, ``J``, ``Q``, ``K`` or ``A``."""
        return _RANK_CODES[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_CODES: Final = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")


class Card(enum.Enum):
    """One of the 36 cards, named by its code (suit letter, then rank).

    ``Card.H6`` is the 6 of hearts (Schilten), ``Card.CJ`` the Jack (Under) of
    clubs (Eicheln). Cards order by their index ``suit * 9 + rank``.

    >>> Card.SA.index, Card.SA.suit, Card.SA.rank
    (17, Suit.ROSEN, Rank.ACE)
    >>> Card.of(Suit.SCHELLEN, Rank.UNDER)
    Card.DJ
    >>> sorted([Card.DA, Card.C6, Card.H9])
    [Card.C6, Card.H9, Card.DA]
    """

    C6 = 0
    C7 = 1
    C8 = 2
    C9 = 3
    C10 = 4
    CJ = 5
    CQ = 6
    CK = 7
    CA = 8
    S6 = 9
    S7 = 10
    S8 = 11
    S9 = 12
    S10 = 13
    SJ = 14
    SQ = 15
    SK = 16
    SA = 17
    H6 = 18
    H7 = 19
    H8 = 20
    H9 = 21
    H10 = 22
    HJ = 23
    HQ = 24
    HK = 25
    HA = 26
    D6 = 27
    D7 = 28
    D8 = 29
    D9 = 30
    D10 = 31
    DJ = 32
    DQ = 33
    DK = 34
    DA = 35

    @property
    def index(self) -> int:
        """The card's index 0..35, ``suit * 9 + rank``; its bit in a :class:`CardSet`."""
        return self._value_

    @property
    def bit(self) -> int:
        """The card's bit in a :attr:`CardSet.bits`: ``1 << index``."""
        return 1 << self._value_

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUIT_OF[self._value_]

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANK_OF[self._value_]

    @property
    def code(self) -> str:
        """The canonical code, e.g. ``'H6'``, ``'S10'``, ``'CJ'``, ``'DA'``."""
        return self.name

    @property
    def symbol(self) -> str:
        """The code with the suit symbol instead of the letter, e.g. ``'♥10'``."""
        return _SUIT_OF[self._value_].symbol + _RANK_OF[self._value_].code

    @classmethod
    def of(cls, suit: Suit, rank: Rank) -> Card:
        """The card of ``suit`` and ``rank``."""
        if (
            isinstance(suit, bool)
            or isinstance(rank, bool)
            or not isinstance(suit, int)
            or not isinstance(rank, int)
            or not 0 <= suit < 4
            or not 0 <= rank < 9
        ):
            raise InvalidCardsError(f"Card.of({suit!r}, {rank!r}): expected a Suit and a Rank")
        return _CARDS[suit * 9 + rank]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with index ``index`` (0..35).

        >>> Card.from_index(35)
        Card.DA
        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 36:
            raise InvalidCardsError(f"{index!r} is not a card index: expected an int 0..35")
        return _CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its code, a suit symbol, or its Swiss or German name.

        Case and surrounding spaces are ignored; the rank may come first. Only the characters
        of notation are read (:func:`foreign_character`): a look-alike such as the long s
        ``ſ``, another script's digit or a non-ASCII space is an error, not a card.

        >>> [Card.parse(t) for t in ("H6", "s10", "♥A", "A♥", "Rosen Under", "Schellen-Ass")]
        [Card.H6, Card.S10, Card.HA, Card.HA, Card.SJ, Card.DA]
        >>> Card.parse("ſ6")
        Traceback (most recent call last):
        jass.errors.InvalidNotationError: 'ſ6' is not a card: 'ſ' (U+017F) is not a character of notation (ASCII, the suit symbols ♣♠♥♦♧♤♡♢, ...)
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidNotationError(f"{text!r:.60} is not a card: expected a string such as 'H6'")
        card = _parse_card(text)
        if card is None:
            foreign = foreign_character(text)
            if foreign is not None:
                raise InvalidNotationError(f"{text!r:.60} is not a card: {not_notation(foreign)}")
            raise InvalidNotationError(
                f"{text!r:.60} is not a card: expected a suit (C, S, H, D, ♣, ♠, ♥, ♦ "
                "or a suit name) and a rank (6, 7, 8, 9, 10, J/U, Q/O, K, A), "
                "e.g. 'H6', 'S10', 'CJ', '♦A' or 'Rosen Ass'"
            )
        return card

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card.{self.name}"

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._value_ < other._value_
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._value_ <= other._value_
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._value_ > other._value_
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._value_ >= other._value_
        return NotImplemented

    def __hash__(self) -> int:
        return self._value_


def _card_repr_svg(card: Card) -> str:
    """The card as a picture (Jupyter)."""
    from jass.pictures import card_svg  # a late import: pictures imports this module

    return card_svg(card)


# Enum reserves _sunder_ names inside the class body, so Jupyter's hook is added here.
setattr(Card, "_repr_svg_", _card_repr_svg)

_CARDS: Final[tuple[Card, ...]] = tuple(sorted(Card, key=lambda c: c.value))
_SUIT_OF: Final[tuple[Suit, ...]] = tuple(Suit(i // 9) for i in range(36))
_RANK_OF: Final[tuple[Rank, ...]] = tuple(Rank(i % 9) for i in range(36))

_ALL_BITS: Final = ALL_BITS


# --- notation --------------------------------------------------------------

_SUIT_TOKENS: Final[dict[str, Suit]] = {}
for _suit, _words in (
    (Suit.EICHELN, "c ♣ ♧ eicheln eichel eichle clubs club trèfle trefle klaveren"),
    (Suit.ROSEN, "s ♠ ♤ rosen rose spades spade grün grüen gruen grun blatt laub pique schoppen"),
    (Suit.SCHILTEN, "h ♥ ♡ schilten schilte schilt hearts heart herz cœur coeur harten"),
    (Suit.SCHELLEN, "d ♦ ♢ schellen schelle diamonds diamond ecken carreau carreaux ruiten bellen"),
):
    for _word in _words.split():
        _SUIT_TOKENS[_word] = _suit

#: The words (lower case) that name each suit in notation: letters, symbols, and the Swiss,
#: German, French, English and Dutch names.
SUIT_WORDS: Final[Mapping[str, Suit]] = MappingProxyType(_SUIT_TOKENS)

_RANK_TOKENS: Final[dict[str, Rank]] = {}
for _rank, _words in (
    (Rank.SIX, "6 sechs six"),
    (Rank.SEVEN, "7 sieben seven"),
    (Rank.EIGHT, "8 acht eight"),
    (Rank.NINE, "9 neun nine nell näll"),
    (Rank.TEN, "10 t zehn ten banner"),
    (Rank.JACK, "j u under unter bauer puur buur jack valet boer"),
    (Rank.QUEEN, "q o ober queen dame vrouw"),
    (Rank.KING, "k könig koenig konig king roi heer"),
    (Rank.ACE, "a ass as daus ace aas"),
):
    for _word in _words.split():
        _RANK_TOKENS[_word] = _rank

_SYMBOLS: Final = "♣♧♠♤♥♡♦♢"
#: The symbols of the two modes without trump, Obenabe and Undenufe (:attr:`jass.trump.Trump.symbol`).
_ARROWS: Final = "⬇⬆"
#: The letters beyond ASCII that the suit and rank names use (Grün, trèfle, cœur, König, Näll),
#: in both cases.
_NAME_LETTERS: Final = "".join(sorted({
    letter for word in (*_SUIT_TOKENS, *_RANK_TOKENS) for letter in word if not letter.isascii() and letter.isalpha()
}))
#: Every character notation may hold: printable ASCII, tabs and line breaks, the suit symbols
#: and the letters of the names. Nothing else is ever read, so no case mapping, space or digit
#: of Unicode (the long s "ſ" that folds to "s", the Kelvin sign, a no-break space, "²" or
#: "١") can make a card, a number or a separator.
_FOREIGN: Final = re.compile(f"[^\\x20-\\x7e\\t\\n\\r{_SYMBOLS}{_ARROWS}{_NAME_LETTERS}{_NAME_LETTERS.upper()}]")
#: What notation is, in the words of an error message.
NOTATION: Final = (f"ASCII, the suit symbols ♣♠♥♦♧♤♡♢, the arrows {_ARROWS} of Obenabe and Undenufe and the letters "
                   f"{_NAME_LETTERS} of the suit and rank names")
_COMPACT: Final = re.compile(
    rf"^(?:([cshd{_SYMBOLS}])[ \t]*(10|[6-9tjuqokab])|(10|[6-9tjuqokab])[ \t]*([cshd{_SYMBOLS}]))$"
)
#: What separates the two words of a name (a card's text holds no other space: see _FOREIGN).
_SEPARATORS: Final = re.compile(r"[ \t\n\r\-_/]+")
#: What separates cards in a set or a deck.
_CARD_SEPARATORS: Final = re.compile(r"[ \t\n\r,;]+")


def foreign_character(text: str) -> str | None:
    """The first character of ``text`` that is not a character of notation, else ``None``.

    Notation (cards, sets of cards, trump modes, the moves of records) is printable ASCII
    (letters in either case, digits, spaces, punctuation), tabs and line breaks, the suit
    symbols ♣♠♥♦ (and ♧♤♡♢), the arrows ⬇⬆ of Obenabe and Undenufe, and the letters
    ä è ö ü œ of the suit and rank names (either case). Parsers refuse any other character
    before they read a word, so that nothing Unicode folds, spaces or counts as a digit is
    read as notation.

    >>> foreign_character("Grün Ass"), foreign_character("H6\\u00a0H7"), hex(ord(foreign_character("H\\u212a")))
    (None, '\\xa0', '0x212a')
    """
    found = _FOREIGN.search(text)
    return None if found is None else found.group()


def not_notation(character: str) -> str:
    """The reason a parser gives for a ``character`` that :func:`foreign_character` found."""
    return f"{character!r} (U+{ord(character):04X}) is not a character of notation ({NOTATION})"


def _parse_card(text: str) -> Card | None:
    if _FOREIGN.search(text) is not None:
        return None
    key = text.strip(" \t\n\r").casefold()
    match = _COMPACT.match(key)
    if match:
        suit_token = match.group(1) or match.group(4)
        rank_token = match.group(2) or match.group(3)
        if rank_token == "b":  # "B" for Bauer, as some score sheets write it
            rank_token = "j"
        return _CARDS[_SUIT_TOKENS[suit_token] * 9 + _RANK_TOKENS[rank_token]]
    words = [w for w in _SEPARATORS.split(key) if w and w not in ("of", "de", "du")]
    if len(words) != 2:
        return None
    first, second = words
    if first in _SUIT_TOKENS and second in _RANK_TOKENS:
        return _CARDS[_SUIT_TOKENS[first] * 9 + _RANK_TOKENS[second]]
    if first in _RANK_TOKENS and second in _SUIT_TOKENS:
        return _CARDS[_SUIT_TOKENS[second] * 9 + _RANK_TOKENS[first]]
    return None


# --- CardSet ---------------------------------------------------------------


def _bits_of(cards: Iterable[Card | str]) -> int:
    if isinstance(cards, CardSet):
        return cards._bits
    if isinstance(cards, str):
        return CardSet.parse(cards)._bits
    bits = 0
    try:
        iterator = iter(cards)
    except TypeError:
        raise InvalidCardsError(f"{cards!r} is not a collection of cards") from None
    for card in iterator:
        if isinstance(card, Card):
            bits |= 1 << card._value_
        elif isinstance(card, str):
            bits |= 1 << Card.parse(card)._value_
        else:
            raise InvalidCardsError(f"{card!r} is not a card (in {cards!r})")
    return bits


if TYPE_CHECKING:
    _SetBase = AbstractSet[Card]
else:
    # At run time CardSet is registered as an abc.Set below instead of inheriting from
    # it: an ABC base makes creating a CardSet, the hottest operation of all, slower.
    _SetBase = object


class CardSet(_SetBase):
    """A frozen set of cards stored in one int: bit *i* is card *i*.

    It behaves like ``frozenset[Card]``: the operators ``| & - ^`` and the
    methods ``union``, ``intersection``, ... return new sets; ``len``, ``in``,
    comparisons (subset/superset), hashing and equality work as for sets.
    Iteration is in index order: suits Eicheln, Rosen, Schilten, Schellen
    (C, S, H, D), and within a suit 6, 7, 8, 9, 10, J, Q, K, A.

    >>> hand = CardSet.parse("HA H6 CJ")
    >>> hand
    CardSet('CJ H6 HA')
    >>> Card.HA in hand, len(hand)
    (True, 3)
    >>> hand - CardSet([Card.H6])
    CardSet('CJ HA')
    >>> hand.bits == (1 << 5) | (1 << 18) | (1 << 26)
    True

    Hot code can stay with the raw int: :meth:`from_bits` and :attr:`bits`.
    """

    __slots__ = ("_bits",)
    _bits: int

    def __init__(self, cards: Iterable[Card | str] = ()) -> None:
        _set_bits(self, _bits_of(cards))

    @classmethod
    def from_bits(cls, bits: int) -> CardSet:
        """The set whose bit *i* is card *i*; ``bits`` must be in ``0 .. 2**36 - 1``."""
        if isinstance(bits, bool) or not isinstance(bits, int) or not 0 <= bits <= _ALL_BITS:
            raise InvalidCardsError(f"{bits!r} is not a card bit set: expected an int 0..2**36-1")
        return _from_bits(bits)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read cards separated by spaces or commas (each as :meth:`Card.parse` reads it).
        Cards written as two words (``Rosen Under``) are separated by commas. A card named
        twice is an error (:class:`~jass.errors.InvalidCardsError`): text that names a card
        twice is a mistake, not a set.

        >>> CardSet.parse("♥A, s10  cj")
        CardSet('CJ S10 HA')
        >>> CardSet.parse("Rosen Under, Schellen Ass")
        CardSet('SJ DA')
        >>> CardSet.parse("")
        CardSet()
        >>> CardSet.parse("H6 H7 h6")
        Traceback (most recent call last):
        jass.errors.InvalidCardsError: 'H6 H7 h6' names H6 twice: a set of cards names each card once
        """
        if not isinstance(text, str):
            raise InvalidNotationError(f"{text!r:.60} is not a set of cards: expected a string")
        foreign = foreign_character(text)
        if foreign is not None:
            raise InvalidNotationError(f"{text!r:.60} is not a set of cards: {not_notation(foreign)}")
        bits = 0
        for part in re.split(r"[,;]+", text):
            card = _parse_card(part) if part.strip() else None
            # A whole part that is one card, possibly of two words, or cards separated by spaces.
            for each in (card,) if card is not None else map(Card.parse, part.split()):
                if bits >> each._value_ & 1:
                    raise InvalidCardsError(f"{text!r:.60} names {each} twice: a set of cards names each card once")
                bits |= 1 << each._value_
        return _from_bits(bits)

    @property
    def bits(self) -> int:
        """The raw int: bit *i* set when card *i* is in the set."""
        return self._bits

    def suit(self, suit: Suit) -> CardSet:
        """The cards of one suit.

        >>> CardSet.parse("CJ H6 HA").suit(Suit.SCHILTEN)
        CardSet('H6 HA')
        """
        return _from_bits(self._bits & SUIT_MASKS[suit])

    # -- the Set protocol --------------------------------------------------

    def __contains__(self, card: object) -> bool:
        if isinstance(card, Card):
            return bool(self._bits >> card._value_ & 1)
        return False

    def __iter__(self) -> Iterator[Card]:
        bits = self._bits
        while bits:
            low = bits & -bits
            yield _CARDS[low.bit_length() - 1]
            bits ^= low

    def __len__(self) -> int:
        return self._bits.bit_count()

    def __bool__(self) -> bool:
        return self._bits != 0

    def __hash__(self) -> int:
        # A CardSet equals the frozenset of its cards, so it must hash like it: this is
        # frozenset's algorithm (collections.abc.Set._hash) with per-suit tables.
        bits = self._bits
        h = (
            _SUIT_HASH[0][bits & 0x1FF]
            ^ _SUIT_HASH[1][bits >> 9 & 0x1FF]
            ^ _SUIT_HASH[2][bits >> 18 & 0x1FF]
            ^ _SUIT_HASH[3][bits >> 27]
            ^ (1927868237 * (bits.bit_count() + 1)) & _HASH_MASK
        )
        h ^= (h >> 11) ^ (h >> 25)
        h = (h * 69069 + 907133923) & _HASH_MASK
        if h > sys.maxsize:
            h -= _HASH_MASK + 1
        return 590923713 if h == -1 else h

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self._bits == other._bits
        if isinstance(other, AbstractSet):  # like frozenset: equal to any set of the same cards
            return len(other) == self._bits.bit_count() and all(card in self for card in other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"CardSet is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"CardSet is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (CardSet.from_bits, (self._bits,))

    def __le__(self, other: AbstractSet[Any]) -> bool:
        bits = _other_bits(other)
        if bits is None:
            return NotImplemented
        return self._bits & ~bits == 0

    def __lt__(self, other: AbstractSet[Any]) -> bool:
        bits = _other_bits(other)
        if bits is None:
            return NotImplemented
        return self._bits & ~bits == 0 and self._bits != bits

    def __ge__(self, other: AbstractSet[Any]) -> bool:
        bits = _other_bits(other)
        if bits is None:
            return NotImplemented
        return bits & ~self._bits == 0

    def __gt__(self, other: AbstractSet[Any]) -> bool:
        bits = _other_bits(other)
        if bits is None:
            return NotImplemented
        return bits & ~self._bits == 0 and self._bits != bits

    def __or__(self, other: AbstractSet[Any]) -> CardSet:
        bits = _other_bits(other)
        if bits is None:
            return NotImplemented
        return _from_bits(self._bits | bits)

    def __and__(self, other: AbstractSet[Any]) -> CardSet:
        bits = _other_bits(other)
        if bits is None:
            return NotImplemented
        return _from_bits(self._bits & bits)

    def __sub__(self, other: AbstractSet[Any]) -> CardSet:
        bits = _other_bits(other)
        if bits is None:
            return NotImplemented
        return _from_bits(self._bits & ~bits)

    def __xor__(self, other: AbstractSet[Any]) -> CardSet:
        bits = _other_bits(other)
        if bits is None:
            return NotImplemented
        return _from_bits(self._bits ^ bits)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __rsub__(self, other: AbstractSet[Any]) -> CardSet:
        bits = _other_bits(other)
        if bits is None:
            return NotImplemented
        return _from_bits(bits & ~self._bits)

    def isdisjoint(self, other: Iterable[Any]) -> bool:
        """True when the two collections share no card."""
        return self._bits & _bits_of(other) == 0

    def issubset(self, other: Iterable[Card | str]) -> bool:
        """True when every card of this set is in ``other``."""
        return self._bits & ~_bits_of(other) == 0

    def issuperset(self, other: Iterable[Card | str]) -> bool:
        """True when every card of ``other`` is in this set."""
        return _bits_of(other) & ~self._bits == 0

    def union(self, *others: Iterable[Card | str]) -> CardSet:
        """A new set with the cards of this set and of all ``others``."""
        bits = self._bits
        for other in others:
            bits |= _bits_of(other)
        return _from_bits(bits)

    def intersection(self, *others: Iterable[Card | str]) -> CardSet:
        """A new set with the cards common to this set and all ``others``."""
        bits = self._bits
        for other in others:
            bits &= _bits_of(other)
        return _from_bits(bits)

    def difference(self, *others: Iterable[Card | str]) -> CardSet:
        """A new set with the cards of this set that are in none of ``others``."""
        bits = self._bits
        for other in others:
            bits &= ~_bits_of(other)
        return _from_bits(bits)

    def symmetric_difference(self, other: Iterable[Card | str]) -> CardSet:
        """A new set with the cards in exactly one of the two."""
        return _from_bits(self._bits ^ _bits_of(other))

    def copy(self) -> CardSet:
        """The set itself: it is immutable, like ``frozenset.copy``."""
        return self

    def __str__(self) -> str:
        return " ".join(card.name for card in self)

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})" if self._bits else "CardSet()"

    def _repr_svg_(self) -> str:
        """The cards as a fanned hand (Jupyter)."""
        from jass.pictures import hand_svg  # a late import: pictures imports this module

        return hand_svg(self)


_HASH_MASK: Final = 2 * sys.maxsize + 1


def _suit_hash(suit: int, mask: int) -> int:
    """XOR of frozenset's per-element hash terms for the cards ``mask`` of ``suit``."""
    h = 0
    for rank in range(9):
        if mask >> rank & 1:
            x = suit * 9 + rank  # hash(card) is its index
            h ^= ((x ^ (x << 16) ^ 89869747) * 3644798167) & _HASH_MASK
    return h


_SUIT_HASH: Final = tuple(tuple(_suit_hash(suit, mask) for mask in range(512)) for suit in range(4))

AbstractSet.register(CardSet)

_set_bits = CardSet._bits.__set__  # type: ignore[attr-defined]
_new = object.__new__


def card_set_of(bits: int) -> CardSet:
    """The :class:`CardSet` of the card bit set ``bits``, unchecked: the package's own fast
    path (users call :meth:`CardSet.from_bits`, which checks)."""
    cards = _new(CardSet)
    _set_bits(cards, bits)
    return cards


_from_bits: Final = card_set_of


def _other_bits(other: object) -> int | None:
    if isinstance(other, CardSet):
        return other._bits
    if isinstance(other, AbstractSet):
        bits = 0
        for card in other:
            if not isinstance(card, Card):
                raise InvalidCardsError(f"{card!r} is not a card (in {other!r})")
            bits |= 1 << card._value_
        return bits
    return None


#: All 36 cards.
FULL_DECK: Final[CardSet] = _from_bits(_ALL_BITS)


# --- dealing ----------------------------------------------------------------


def shuffled_deck(seed: int) -> tuple[Card, ...]:
    """The 36 cards in an order fixed by ``seed``, the same on every platform and version.

    The shuffle is Fisher-Yates driven by SplitMix64 with rejection sampling, all
    written here, so it never depends on :mod:`random`'s implementation. Seeds
    are taken modulo 2**64.

    >>> shuffled_deck(7) == shuffled_deck(7)
    True
    >>> sorted(shuffled_deck(7)) == list(FULL_DECK)
    True
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidCardsError(f"seed {seed!r} is not an int")
    return tuple(shuffled(_CARDS, seed & MASK64))


def validate_deck(order: Iterable[Card | str]) -> tuple[Card, ...]:
    """Check that ``order`` holds each of the 36 cards exactly once; return it as cards.

    >>> validate_deck(["C6"] * 36)
    Traceback (most recent call last):
    jass.errors.InvalidCardsError: a deck must hold each of the 36 cards once: got 36 cards, 35 missing (C7 C8 ...), C6 repeated
    """
    if isinstance(order, str):
        foreign = foreign_character(order)
        if foreign is not None:
            raise InvalidNotationError(f"{order!r:.60} is not an order of cards: {not_notation(foreign)}")
        order = _CARD_SEPARATORS.split(order.strip(" \t\n\r"))
    if not isinstance(order, Iterable):
        raise InvalidCardsError(f"{order!r:.80} is not a sequence of cards")
    items = tuple(order)
    for item in items:
        if not isinstance(item, (Card, str)):
            raise InvalidCardsError(f"a deck is a sequence of 36 cards: {item!r:.60} is not a card")
    # A string that names no card is bad notation: Card.parse says so.
    cards = tuple(Card.parse(c) for c in items)  # type: ignore[arg-type]
    seen = 0
    repeated = 0
    for card in cards:
        bit = 1 << card._value_
        if seen & bit:
            repeated |= bit
        seen |= bit
    if len(cards) != 36 or seen != _ALL_BITS:
        missing = _from_bits(_ALL_BITS & ~seen)
        shown = " ".join(c.name for c in list(missing)[:2]) + (" ..." if len(missing) > 2 else "")
        detail = f"got {len(cards)} cards"
        if missing:
            detail += f", {len(missing)} missing ({shown})"
        if repeated:
            detail += f", {_from_bits(repeated)} repeated"
        raise InvalidCardsError(f"a deck must hold each of the 36 cards once: {detail}")
    return cards


def deal(
    source: int | Sequence[Card | str], *, hands: int = 4, cards_each: int = 9
) -> tuple[CardSet, ...]:
    """Deal ``hands`` hands of ``cards_each`` cards from a seed or an explicit card order.

    From an order, hand *k* gets the cards at positions ``k * cards_each`` to
    ``(k + 1) * cards_each - 1``; from an int, the order is :func:`shuffled_deck`.

    >>> deal(list(FULL_DECK))[0]
    CardSet('C6 C7 C8 C9 C10 CJ CQ CK CA')
    >>> sum(len(hand) for hand in deal(2024)) == 36
    True
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise InvalidCardsError(f"hands={hands!r}: expected a positive int")
    if isinstance(cards_each, bool) or not isinstance(cards_each, int) or cards_each < 1:
        raise InvalidCardsError(f"cards_each={cards_each!r}: expected a positive int")
    if hands * cards_each > 36:
        raise InvalidCardsError(
            f"cannot deal {hands} hands of {cards_each} cards: only 36 cards in the deck"
        )
    if isinstance(source, int) and not isinstance(source, bool):
        order = shuffled(CARD_BITS, source & MASK64)  # the shuffled cards' bits, as a seed deals
    else:
        order = [1 << card._value_ for card in validate_deck(source)]  # type: ignore[arg-type]
    # The cards of a hand are different, so the sum of their bits is the hand's bit set.
    return tuple([_from_bits(sum(order[k * cards_each : (k + 1) * cards_each])) for k in range(hands)])


def is_card_order(value: object) -> TypeGuard[str | Sequence[Card | str]]:
    """Whether ``value`` reads as one order of cards (a string, or a sequence of cards and
    one-card strings) rather than as a list of hands; the dealing functions that accept
    either ask this.

    >>> is_card_order("C6 C7"), is_card_order(["C6", Card.C7]), is_card_order(["C6 C7", "H6"])
    (True, True, False)
    """
    if isinstance(value, str):
        return True
    if not isinstance(value, Sequence):
        return False
    return all(type(item) is Card or (isinstance(item, str) and _parse_card(item) is not None) for item in value)


def hands_of(value: object, count: int, size: int, what: str = "hands") -> tuple[CardSet, ...]:
    """``count`` hands of ``size`` cards with no card twice, from card sets, strings of cards
    or collections of cards; :class:`~jass.errors.InvalidCardsError` otherwise, naming
    ``what`` was given and what was expected.

    >>> hands_of(["C6 C7", "H6 H7"], 2, 2)
    (CardSet('C6 C7'), CardSet('H6 H7'))
    >>> hands_of([CardSet.parse("C6")] * 3, 4, 9, "deal")
    Traceback (most recent call last):
    jass.errors.InvalidCardsError: deal=[CardSet('C6'), CardSet('C6'), CardSet('C6')]: expected 4 hands of 9 cards
    """
    expected = f"{count} hands of {size} cards"
    if isinstance(value, (str, CardSet)) or not isinstance(value, Sequence) or len(value) != count:
        got = str(len(value)) if isinstance(value, Sequence) and not isinstance(value, str) else None
        raise _hand_error(f"{what}={value!r:.200}: expected {expected}", what, None, expected, got)
    hands = []
    union = 0
    for index, hand in enumerate(value):
        if type(hand) is CardSet:
            cards = hand
        elif isinstance(hand, str):
            cards = CardSet.parse(hand)
        elif isinstance(hand, Iterable):
            cards = CardSet(hand)
        else:
            raise _hand_error(f"{what}: {hand!r:.60} is not a hand (expected {expected})", what, index, None, None)
        if len(cards) != size:
            raise _hand_error(f"{what}[{index}]: expected {size} cards, got {len(cards)} ({expected})", what,
                              index, f"{size} cards", str(len(cards)))
        if union & cards._bits:
            reason = f"{card_set_of(union & cards._bits)} dealt twice"
            raise _hand_error(f"{what}[{index}]: {reason}", what, index, None, None, reason)
        union |= cards._bits
        hands.append(cards)
    return tuple(hands)


def _hand_error(
    message: str, what: str, index: int | None, expected: str | None, got: str | None, reason: str | None = None
) -> InvalidCardsError:
    """The error of :func:`hands_of`, with the field, the hand and what was expected, for the
    JSON path of a loader."""
    error = InvalidCardsError(message)
    error.field, error.index, error.expected, error.got = what, index, expected, got  # type: ignore[attr-defined]
    if reason is not None:
        error.reason = reason  # type: ignore[attr-defined]
    return error
