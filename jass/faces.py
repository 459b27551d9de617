"""How cards look to a player: the deck (French symbols or Swiss-suited cards) and the suit
pairing that decides which French symbol each Swiss suit is drawn and written with.

The engine names suits the Swiss way (Eicheln, Rosen, Schilten, Schellen), and notation (the
codes of records, ``H10``) is the machine format, fixed. What a *player* reads is different:
at a French-pack table a Swiss suit is a French suit, and the sources pair them differently
(:class:`Pairing`); at a Swiss-pack table the cards have names (*Rosen Ass*, *Schilten
Banner*). A :class:`Faces` holds both choices and writes cards, suits, modes and Weis for one
player; :mod:`jass.pictures` draws them; the command line reads typed cards through it.

>>> Faces().card(Card.H10), Faces(pairing=Pairing.SWISSLOS).card(Card.H10)
('♥10', '♠10')
>>> Faces(Deck.SWISS).card(Card.H10), Faces(Deck.SWISS).hand(CardSet.parse("HA H10 CJ"))
('Schilten Banner', 'Eicheln Under · Schilten Banner Ass')

A pairing is not only a display: Swisslos doubles «Schilten/Schaufel oder Schellen/Kreuz», so
at a French-pack table with Swisslos' pairing the doubled suits are ♠ and ♣, with seed 001's
♥ and ♦. The presets that follow a source use that source's pairing (``Rules.pairing``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from jass._base import NamedEnum
from jass.cards import Card, CardSet, Rank, Suit
from jass.errors import InvalidNotationError
from jass.trump import PerTrickMode, RoundMode, Trump
from jass.weis import Weis, WeisKind

__all__ = [
    "Deck",
    "Pairing",
    "Faces",
    "FACES",
    "FRENCH_SYMBOLS",
    "FRENCH_NAMES",
    "SWISS_RANK_NAMES",
]

#: The four French suit symbols, in the order clubs, spades, hearts, diamonds.
FRENCH_SYMBOLS: Final = ("♣", "♠", "♥", "♦")
#: The English names of the French suits, by symbol.
FRENCH_NAMES: Final = {"♣": "clubs", "♠": "spades", "♥": "hearts", "♦": "diamonds"}
#: The ranks as a Swiss-suited pack names them: 6 to 9, Banner (the 10), Under, Ober, König, Ass.
SWISS_RANK_NAMES: Final = ("6", "7", "8", "9", "Banner", "Under", "Ober", "König", "Ass")
#: What a player may type for a French suit, by symbol: the symbol (filled or hollow), the
#: letter, and the French-pack names in English, German (Swiss: Ecken, Schaufel, Kreuz),
#: French and Dutch.
_FRENCH_WORDS: Final = {
    "♣": "c ♣ ♧ clubs club kreuz chrüz trèfle trefle klaveren",
    "♠": "s ♠ ♤ spades spade schaufel schuufle pik pique schoppen",
    "♥": "h ♥ ♡ hearts heart herz härz cœur coeur harten",
    "♦": "d ♦ ♢ diamonds diamond ecken ecke egge karo carreau carreaux ruiten",
}
_FRENCH_TOKENS: Final = {word: symbol for symbol, words in _FRENCH_WORDS.items() for word in words.split()}
#: The Swiss and German-pack suit names a player may type (never paired: they name the suit).
_SWISS_TOKENS: Final = {
    **{word: Suit.EICHELN for word in "eicheln eichel eichle".split()},
    **{word: Suit.ROSEN for word in "rosen rose grün grüen gruen grun blatt laub".split()},
    **{word: Suit.SCHILTEN for word in "schilten schilte schilt".split()},
    **{word: Suit.SCHELLEN for word in "schellen schelle bellen".split()},
}


class Deck(NamedEnum):
    """The pack a player sees."""

    #: French-suited cards (♣♠♥♦): each Swiss suit is drawn with the symbol its
    #: :class:`Pairing` gives, the ranks 6-10, J, Q, K, A.
    FRENCH = "french"
    #: Swiss-suited cards: Schellen, Schilten, Rosen, Eicheln; 6-9, Banner, Under, Ober, König,
    #: Ass (Wikipedia, "Swiss-suited playing cards").
    SWISS = "swiss"


class Pairing(NamedEnum):
    """Which French suit each Swiss suit is, at a French-pack table. The sources pair them
    differently; a rule stated by suit (a multiplier, a slate's factor, the first Vorhand's
    card) names a different French suit under each pairing."""

    #: Seed 001's table: Eicheln ♣, Rosen ♠, Schilten ♥, Schellen ♦ (also jassen.ch, Parlett:
    #: "acorns flowers shields bells / clubs spades hearts diamonds"). The codes of notation
    #: (``C``, ``S``, ``H``, ``D``) follow it.
    SEED = "seed"
    #: Swisslos: Eicheln ♦, Rosen ♥, Schilten ♠, Schellen ♣ («Rose/Herz oder Eichel/Ecken [...]
    #: Schilten/Schaufel oder Schellen/Kreuz»).
    SWISSLOS = "swisslos"
    #: jassverzeichnis.ch's Coiffeur slate: Eicheln ♠, Rosen ♣, Schilten ♦, Schellen ♥
    #: («Eichle oder Schaufel [...] Rosen oder Kreuz [...] Schilten oder Ecken [...] Schellen
    #: oder Herz»).
    JASSVERZEICHNIS = "jassverzeichnis"
    #: Romandie: French packs only, and the rules name French suits («le 7 de carreau»,
    #: «pique double»); the library's Swiss suits are paired as seed 001 pairs them, and the
    #: suits are written with their French-pack names.
    ROMANDIE = "romandie"

    @property
    def symbols(self) -> tuple[str, str, str, str]:
        """The French symbol of Eicheln, Rosen, Schilten and Schellen."""
        return _SYMBOLS[self]

    def symbol(self, suit: Suit) -> str:
        """The French symbol ``suit`` is drawn with.

        >>> Pairing.SWISSLOS.symbol(Suit.SCHILTEN), Pairing.JASSVERZEICHNIS.symbol(Suit.SCHILTEN)
        ('♠', '♦')
        """
        return _SYMBOLS[self][suit]

    def suit(self, symbol: str) -> Suit:
        """The Swiss suit drawn with the French ``symbol`` (♣♠♥♦, or a hollow one ♧♤♡♢).

        >>> Pairing.ROMANDIE.suit("♦"), Pairing.SWISSLOS.suit("♦")
        (Suit.SCHELLEN, Suit.EICHELN)
        """
        filled = _FILLED.get(symbol, symbol)
        if filled not in FRENCH_NAMES:
            raise InvalidNotationError(f"{symbol!r} is not a French suit symbol: expected one of ♣♠♥♦")
        return Suit(_SYMBOLS[self].index(filled))

    def suit_name(self, suit: Suit) -> str:
        """How a player at this pairing's table names ``suit``: its Swiss name, or in
        Romandie the French-pack name (``"diamonds"``)."""
        if self is Pairing.ROMANDIE:
            return FRENCH_NAMES[self.symbol(suit)]
        return suit.swiss_name


_SYMBOLS: Final = {
    Pairing.SEED: ("♣", "♠", "♥", "♦"),
    Pairing.SWISSLOS: ("♦", "♥", "♠", "♣"),
    Pairing.JASSVERZEICHNIS: ("♠", "♣", "♦", "♥"),
    Pairing.ROMANDIE: ("♣", "♠", "♥", "♦"),
}
_FILLED: Final = {"♧": "♣", "♤": "♠", "♡": "♥", "♢": "♦"}
_SEPARATORS: Final = re.compile(r"[ \t\n\r,;]+")
_RANK_WORDS: Final = {
    **{code.casefold(): Rank(i) for i, code in enumerate(("6", "7", "8", "9", "10", "J", "Q", "K", "A"))},
    **{name.casefold(): Rank(i) for i, name in enumerate(SWISS_RANK_NAMES)},
    "t": Rank.TEN, "b": Rank.JACK, "u": Rank.JACK, "o": Rank.QUEEN, "unter": Rank.JACK, "bauer": Rank.JACK,
    "puur": Rank.JACK, "buur": Rank.JACK, "jack": Rank.JACK, "valet": Rank.JACK, "boer": Rank.JACK,
    "queen": Rank.QUEEN, "dame": Rank.QUEEN, "vrouw": Rank.QUEEN, "koenig": Rank.KING, "konig": Rank.KING,
    "king": Rank.KING, "roi": Rank.KING, "heer": Rank.KING, "as": Rank.ACE, "ace": Rank.ACE, "aas": Rank.ACE,
    "daus": Rank.ACE, "zehn": Rank.TEN, "ten": Rank.TEN, "nell": Rank.NINE, "näll": Rank.NINE,
}
_COMPACT: Final = re.compile(r"^(?:([cshd♣♧♠♤♥♡♦♢])(10|[6-9tjuqokab])|(10|[6-9tjuqokab])([cshd♣♧♠♤♥♡♦♢]))$")


def _deck(value: Deck | str) -> Deck:
    try:
        return Deck(value)
    except ValueError:
        raise InvalidNotationError(f"deck={value!r:.40}: expected one of {', '.join(d.value for d in Deck)}") from None


def _pairing(value: Pairing | str) -> Pairing:
    try:
        return Pairing(value)
    except ValueError:
        raise InvalidNotationError(
            f"pairing={value!r:.40}: expected one of {', '.join(p.value for p in Pairing)}") from None


@attrs.frozen
class Faces:
    """The cards as one player sees them: the ``deck`` and, for a French deck, the ``pairing``.

    >>> faces = Faces(pairing=Pairing.JASSVERZEICHNIS)
    >>> faces.suit_name(Suit.EICHELN), faces.mode(Trump.SCHELLEN), faces.cards([Card.CA, Card.D6])
    ('Eicheln ♠', 'Schellen ♥', '♠A ♥6')
    >>> faces.read("play ♠A"), Faces(Deck.SWISS).read("rosen ass")
    ('play CA', 'SA')
    """

    #: The pack: French symbols or Swiss-suited cards (a :class:`Deck` or its name).
    deck: Deck = attrs.field(default=Deck.FRENCH, converter=_deck)
    #: Which French symbol each Swiss suit has (a :class:`Pairing` or its name).
    pairing: Pairing = attrs.field(default=Pairing.SEED, converter=_pairing)

    def symbol(self, suit: Suit) -> str:
        """The French symbol of ``suit`` under this pairing (also for a Swiss deck, where a
        picture's caption may want it)."""
        return self.pairing.symbol(suit)

    def card(self, card: Card) -> str:
        """One card: ``♥10`` (French) or ``Schilten Banner`` (Swiss)."""
        if self.deck is Deck.SWISS:
            return f"{card.suit.swiss_name} {SWISS_RANK_NAMES[card.rank]}"
        return self.pairing.symbol(card.suit) + card.rank.code

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards in the order given (a trick): ``♣6 ♣A``, or ``Eicheln 6, Eicheln Ass``;
        ``-`` for none."""
        words = [self.card(card) for card in cards]
        if not words:
            return "-"
        return ", ".join(words) if self.deck is Deck.SWISS else " ".join(words)

    def hand(self, cards: Iterable[Card], marked: CardSet | None = None) -> str:
        """A hand in suit order, each card of ``marked`` with a ``*``: ``♣6* ♣A``, or by suit,
        ``Eicheln 6* Ass · Rosen Ober``; ``-`` for none."""
        ordered = sorted(cards)
        if not ordered:
            return "-"

        def mark(card: Card) -> str:
            return "*" if marked is not None and card in marked else ""

        if self.deck is Deck.FRENCH:
            return " ".join(self.card(card) + mark(card) for card in ordered)
        groups: dict[Suit, list[str]] = {}
        for card in ordered:
            groups.setdefault(card.suit, []).append(SWISS_RANK_NAMES[card.rank] + mark(card))
        return " · ".join(f"{suit.swiss_name} {' '.join(ranks)}" for suit, ranks in groups.items())

    def suit_name(self, suit: Suit) -> str:
        """A suit: ``Schilten ♥`` (French deck), ``Schilten`` (Swiss), ``hearts ♥`` (Romandie)."""
        if self.deck is Deck.SWISS:
            return suit.swiss_name
        return f"{self.pairing.suit_name(suit)} {self.pairing.symbol(suit)}"

    def mode(self, mode: RoundMode) -> str:
        """A round's mode: a trump suit as :meth:`suit_name`, else its name and arrow
        (``Obenabe ⬇``, ``Slalom Undenufe ⬆``)."""
        suit = mode.suit
        if suit is not None:
            return self.suit_name(suit)
        return f"{mode} {mode.symbol}"

    def rank(self, rank: Rank) -> str:
        """A rank: ``Q`` (French) or ``Ober`` (Swiss)."""
        return SWISS_RANK_NAMES[rank] if self.deck is Deck.SWISS else rank.code

    def sequence(self, cards: Sequence[Card]) -> str:
        """A run of cards of one suit by its ends: ``♠Q-♠A``, or ``Rosen Ober-Ass``."""
        first, last = cards[0], cards[-1]
        if self.deck is Deck.SWISS:
            return f"{first.suit.swiss_name} {SWISS_RANK_NAMES[first.rank]}-{SWISS_RANK_NAMES[last.rank]}"
        return f"{self.card(first)}-{self.card(last)}"

    def weis(self, weis: Weis) -> str:
        """A Weis and its points: ``sequence ♠Q-♠A: 20``, ``four Q: 100``; or with Swiss
        cards ``sequence Rosen Ober-Ass: 20``, ``four Ober: 100``.

        >>> Faces().weis(Weis.from_cards("SQ SK SA")), Faces(Deck.SWISS).weis(Weis.from_cards("CQ SQ HQ DQ"))
        ('sequence ♠Q-♠A: 20', 'four Ober: 100')
        """
        if weis.kind is WeisKind.SEQUENCE:
            return f"sequence {self.sequence(list(weis.cards))}: {weis.points}"
        return f"four {self.rank(weis.top)}: {weis.points}"

    def parse_card(self, text: str) -> Card:
        """The card a player typed: a French symbol or letter as this pairing pairs it
        (``♠10``, ``s10``, ``10 pique``), or a Swiss or German name (``Rosen Ass``). Raises
        :class:`~jass.errors.InvalidNotationError`.

        >>> Faces(pairing=Pairing.SWISSLOS).parse_card("s10"), Faces().parse_card("Schellen Under")
        (Card.H10, Card.DJ)
        """
        card = self._card(text.strip().casefold())
        if card is None:
            raise InvalidNotationError(
                f"{text!r:.40} is not a card: type a suit ({self._suits_help()}) and a rank "
                f"(6 to 10, {'Under, Ober, König, Ass' if self.deck is Deck.SWISS else 'J, Q, K, A'})")
        return card

    def _suits_help(self) -> str:
        if self.deck is Deck.SWISS:
            return "Eicheln, Rosen, Schilten or Schellen"
        return ", ".join(f"{symbol} or {FRENCH_NAMES[symbol][0]}" for symbol in FRENCH_SYMBOLS)

    def parse_suit(self, word: str) -> Suit | None:
        """The suit a player's ``word`` names: a French symbol, letter or name as this pairing
        pairs it, or a Swiss or German name; ``None`` if it names none.

        >>> Faces(pairing=Pairing.JASSVERZEICHNIS).parse_suit("Schaufel"), Faces().parse_suit("rosen")
        (Suit.EICHELN, Suit.ROSEN)
        """
        key = word.strip().casefold()
        symbol = _FRENCH_TOKENS.get(key)
        if symbol is not None:
            return self.pairing.suit(symbol)
        return _SWISS_TOKENS.get(key)

    def _card(self, key: str) -> Card | None:
        compact = _COMPACT.match(key.replace(" ", ""))
        if compact:
            suit = self.parse_suit(compact.group(1) or compact.group(4))
            rank = _RANK_WORDS.get(compact.group(2) or compact.group(3))
        else:
            words = [w for w in re.split(r"[ \t\-_/]+", key) if w and w not in ("of", "de", "du")]
            if len(words) != 2:
                return None
            first, second = words
            suit, rank = self.parse_suit(first), _RANK_WORDS.get(second)
            if suit is None or rank is None:
                suit, rank = self.parse_suit(second), _RANK_WORDS.get(first)
        if suit is None or rank is None:
            return None
        return Card.of(suit, rank)

    def read(self, text: str) -> str:
        """A player's typed text with each card in it written as notation: ``"exchange ♠6 s7
        Rosen Ass"`` becomes ``"exchange C6 C7 SA"`` under jassverzeichnis' pairing, and a
        French suit standing alone (a symbol or a name: ``♠``, ``pique``) becomes the Swiss suit
        it is paired with (``Eicheln``). Other words stay as they are; a card may be two words."""
        words = [w for w in _SEPARATORS.split(text.strip()) if w]
        out: list[str] = []
        i = 0
        while i < len(words):
            pair = self._card(f"{words[i]} {words[i + 1]}".casefold()) if i + 1 < len(words) else None
            if pair is not None and not _is_card_alone(words[i]):
                out.append(pair.code)
                i += 2
                continue
            single = self._card(words[i].casefold())
            if single is not None:
                out.append(single.code)
            elif len(words[i]) > 1 and words[i].casefold() in _FRENCH_TOKENS or words[i] in _FILLED or \
                    words[i] in FRENCH_NAMES:
                out.append(self.pairing.suit(_FRENCH_TOKENS[words[i].casefold()]).swiss_name)
            else:
                out.append(words[i])
            i += 1
        return " ".join(out)

    def help(self) -> str:
        """How to type a card, in one line."""
        if self.deck is Deck.SWISS:
            return "a card by its name: Rosen Ass, Schilten 10 (or Banner), Eicheln Under, Schellen König"
        symbols = ", ".join(f"{FRENCH_NAMES[s][0]} = {s} {self.pairing.suit_name(self.pairing.suit(s))}"
                            for s in FRENCH_SYMBOLS)
        return f"a card by its suit and rank: ♠10, s10 or 10s ({symbols}); ranks 6 to 10, J, Q, K, A"


def _is_card_alone(word: str) -> bool:
    """Whether ``word`` is a whole card by itself (``s10``), so it does not start a two-word one."""
    return _COMPACT.match(word.casefold()) is not None


#: The faces of the defaults: French symbols paired as seed 001 pairs them.
FACES: Final = Faces()

