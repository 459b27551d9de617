"""Trump modes: the four suits, Obenabe and Undenufe, with their rank orders and points.

The orders and points (:doc:`/rules/general`):

- a trump suit: J 9 A K Q 10 8 7 6 (strongest first); the Jack 20 points (21 in
  two-player Jass), the 9 14, A 11, K 4, Q 3, 10 10, others 0;
- the other suits: A K Q J 10 9 8 7 6; A 11, K 4, Q 3, J 2, 10 10, others 0;
- Obenabe (no trump): A K Q J 10 9 8 7 6 in every suit; as plain suits, and the 8 is 8;
- Undenufe (no trump): 6 7 8 9 10 J Q K A in every suit; the 6 is 11, K 4, Q 3, J 2,
  10 10, the 8 is 8, the Ace 0.

Every mode's 36 cards are worth 152 points (153 with a 21-point trump Jack);
the last trick adds 5.

A round may also change its mode from trick to trick (:class:`PerTrickMode`, Coiffeur's
Slalom and Guschti): each trick is then played, won and counted in the mode
:meth:`PerTrickMode.trick_mode` gives it. Or a card led may decide it
(:class:`LeadMode`, Alles Trumpf and Elefant). A round's mode is a :data:`RoundMode`: a
:class:`Trump` (one mode for every trick), a :class:`PerTrickMode` or a :class:`LeadMode`.

>>> Trump.OBENABE.card_points(Card.C8)
8
>>> Trump.SCHILTEN.card_points(Card.HJ), Trump.SCHILTEN.card_points(Card.HJ, trump_jack_points=21)
(20, 21)
>>> Trump.ROSEN.rank_order(Suit.ROSEN)[:3]
(Rank.JACK, Rank.NINE, Rank.ACE)
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Sequence
from typing import Final, Union

from jass import _kernel
from jass.cards import SUIT_WORDS, Card, CardSet, Rank, Suit, foreign_character, not_notation
from jass.errors import InvalidNotationError, InvalidRulesError

__all__ = [
    "Trump",
    "PerTrickMode",
    "LeadMode",
    "RoundMode",
    "ROUND_MODE_TYPES",
    "ALLES_TRUMPF_POINTS",
    "parse_mode",
    "trick_modes",
    "DEFAULT_TRUMP_JACK_POINTS",
    "LAST_TRICK_BONUS",
    "point_table",
]

#: The trump Jack's (Bauer's) points in the general game; two-player "la pomme" uses 21.
DEFAULT_TRUMP_JACK_POINTS: Final = 20
#: Points for taking the last trick of a round.
LAST_TRICK_BONUS: Final = 5


class Trump(enum.IntEnum):
    """A trump mode: one of the four suits, or one of the two no-trump modes.

    The suit modes have the value of their :class:`~jass.cards.Suit`, so ``Trump(suit)`` is
    that suit's mode. French aliases (``Trump.HEARTS``) name the same members.
    """

    EICHELN = 0
    ROSEN = 1
    SCHILTEN = 2
    SCHELLEN = 3
    OBENABE = 4
    UNDENUFE = 5

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` for Obenabe and Undenufe."""
        return _MODE_SUITS[self._value_]

    @property
    def is_suit(self) -> bool:
        """True for the four suit modes."""
        return self._value_ < 4

    @property
    def is_misere(self) -> bool:
        """False: a classic mode is played to take points (:attr:`PerTrickMode.is_misere`)."""
        return False

    @classmethod
    def parse(cls, text: Trump | str) -> Trump:
        """Read a trump mode from a suit (as :meth:`~jass.cards.Card.parse` knows suits) or a mode name.

        >>> Trump.parse("♥"), Trump.parse("obenabe"), Trump.parse("Undeufe")
        (Trump.SCHILTEN, Trump.OBENABE, Trump.UNDENUFE)
        """
        if isinstance(text, Trump):
            return text
        if not isinstance(text, str):
            raise InvalidNotationError(f"{text!r:.60} is not a trump mode: expected a string")
        foreign = foreign_character(text)
        if foreign is not None:
            raise InvalidNotationError(f"{text!r:.60} is not a trump mode: {not_notation(foreign)}")
        key = text.strip().casefold()  # notation's only spaces are ASCII
        if key in _MODE_WORDS:
            return _MODE_WORDS[key]
        if key in SUIT_WORDS:
            return Trump(SUIT_WORDS[key])
        if key.upper() in cls.__members__:
            return cls.__members__[key.upper()]
        raise InvalidNotationError(
            f"{text!r:.60} is not a trump mode: expected a suit (C, S, H, D, ♣, ♠, ♥, ♦, "
            "Eicheln, Rosen, Schilten, Schellen), 'obenabe' or 'undenufe'"
        )

    def trick_mode(self, number: int, lead: Suit | None = None) -> Trump:
        """The mode of trick ``number`` (0 for the first) of a round in this mode: itself, for
        every trick (as :meth:`PerTrickMode.trick_mode` and :meth:`LeadMode.trick_mode` give a
        trick's mode; no card led changes it, so ``lead`` is not read)."""
        return self

    def rank_order(self, suit: Suit) -> tuple[Rank, ...]:
        """The ranks of ``suit`` in this mode, strongest first."""
        if self._value_ == suit:
            return _TRUMP_ORDER
        if self is Trump.UNDENUFE:
            return _UP_ORDER
        return _DOWN_ORDER

    def card_points(self, card: Card, *, trump_jack_points: int = DEFAULT_TRUMP_JACK_POINTS) -> int:
        """The points ``card`` is worth in this mode."""
        return point_table(self, trump_jack_points)[card.index]

    def points(
        self, cards: Iterable[Card], *, trump_jack_points: int = DEFAULT_TRUMP_JACK_POINTS
    ) -> int:
        """The points of ``cards`` (a :class:`~jass.cards.CardSet` or any iterable of cards) in this mode.

        >>> Trump.SCHELLEN.points(CardSet.parse("DJ D9 CA"))
        45
        """
        table = point_table(self, trump_jack_points)
        if isinstance(cards, CardSet):
            bits = cards.bits
            per_suit = _suit_point_tables(self, trump_jack_points)
            return (
                per_suit[0][bits & 0x1FF]
                + per_suit[1][bits >> 9 & 0x1FF]
                + per_suit[2][bits >> 18 & 0x1FF]
                + per_suit[3][bits >> 27 & 0x1FF]
            )
        return sum(table[card.index] for card in cards)

    @property
    def symbol(self) -> str:
        """The suit symbol, or ``'⬇'``/``'⬆'`` (the top comes down / the bottom goes up)."""
        return "♣♠♥♦⬇⬆"[self._value_]

    def __repr__(self) -> str:
        return f"Trump.{self.name}"

    def __str__(self) -> str:
        return ("Eicheln", "Rosen", "Schilten", "Schellen", "Obenabe", "Undenufe")[self._value_]


class _NoTrumpSuit:
    """What a round whose tricks have modes of their own says of its trump suit: it has none
    (:class:`PerTrickMode`, :class:`LeadMode`; Stöck need one)."""

    __slots__ = ()

    @property
    def suit(self) -> None:
        """No trump suit for the round."""
        return None

    @property
    def is_suit(self) -> bool:
        """False: the round has no trump suit of its own."""
        return False


class PerTrickMode(_NoTrumpSuit, enum.IntEnum):
    """A round played trick by trick in Obenabe and Undenufe, each trick in its own: Slalom and
    Guschti (Coiffeur; Swisslos "Coiffeur"), and Misère. Each trick is played in one of the six
    classic modes: the legal cards, the trick's winner and its points follow that trick's mode
    (:meth:`trick_mode`).

    - Slalom: the tricks alternate, starting with the mode named: Slalom-Obenabe plays trick 1
      Obenabe, trick 2 Undenufe, trick 3 Obenabe, ... ("Beim Slalom wird abwechslungsweise
      ein Stich Obenabe und dann ein Stich Undenufe gespielt");
    - Guschti: five tricks of the mode named, then four of the other ("Beim Guschti-Obenabe
      werden zuerst fünf Stiche Obenabe und dann vier Stiche Undenufe [...] gejasst");
    - Misère: played as Obenabe, Undenufe or a Slalom (quoi-faire.ch: «Bei Misère ist immer
      “Obenabe“, «Undeufe» oder «Slalom» Trumpf»), every trick as in that mode; the declaring
      team wants as few points as possible. The card play is its base mode's (:attr:`base`);
      what is written for it is the variant's scoring (:attr:`is_misere`).

    The values follow :class:`Trump`'s (6..13), so that a mode's value names it among all
    fourteen.

    >>> [str(PerTrickMode.SLALOM_UNDENUFE.trick_mode(n))[0] for n in range(9)]
    ['U', 'O', 'U', 'O', 'U', 'O', 'U', 'O', 'U']
    >>> [str(PerTrickMode.GUSCHTI_OBENABE.trick_mode(n))[0] for n in range(9)]
    ['O', 'O', 'O', 'O', 'O', 'U', 'U', 'U', 'U']
    >>> [str(PerTrickMode.MISERE_UNDENUFE.trick_mode(n))[0] for n in range(9)]
    ['U', 'U', 'U', 'U', 'U', 'U', 'U', 'U', 'U']
    """

    SLALOM_OBENABE = 6
    SLALOM_UNDENUFE = 7
    GUSCHTI_OBENABE = 8
    GUSCHTI_UNDENUFE = 9
    MISERE_OBENABE = 10
    MISERE_UNDENUFE = 11
    MISERE_SLALOM_OBENABE = 12
    MISERE_SLALOM_UNDENUFE = 13

    @property
    def first(self) -> Trump:
        """The mode named: the mode of the first trick."""
        return Trump.OBENABE if self._value_ % 2 == 0 else Trump.UNDENUFE

    @property
    def second(self) -> Trump:
        """The other of Obenabe and Undenufe (a Misère of one mode plays only :attr:`first`)."""
        return Trump.UNDENUFE if self._value_ % 2 == 0 else Trump.OBENABE

    @property
    def is_slalom(self) -> bool:
        """True for Slalom (and a Misère played as Slalom), False for Guschti and a Misère of
        one mode."""
        return self._value_ < 8 or self._value_ >= 12

    @property
    def is_misere(self) -> bool:
        """True for the Misère modes: the declaring team wants as few points as possible."""
        return self._value_ >= 10

    @property
    def base(self) -> RoundMode:
        """The mode the round is played in: itself, or for a Misère the Obenabe, Undenufe or
        Slalom it is played as.

        >>> PerTrickMode.MISERE_OBENABE.base, PerTrickMode.MISERE_SLALOM_UNDENUFE.base
        (Trump.OBENABE, PerTrickMode.SLALOM_UNDENUFE)
        """
        value = self._value_
        if value < 10:
            return self
        if value < 12:
            return self.first
        return PerTrickMode(value - 6)

    def trick_mode(self, number: int, lead: Suit | None = None) -> Trump:
        """The mode of trick ``number`` (0 for the first): Slalom alternates from the mode named,
        Guschti plays the first five tricks in it and the rest in the other, a Misère plays
        every trick as its base mode (no card led changes it: ``lead`` is not read)."""
        value = self._value_
        if value < 8 or value >= 12:
            return self.first if number % 2 == 0 else self.second
        if value < 10:
            return self.first if number < _GUSCHTI_FIRST_TRICKS else self.second
        return self.first

    @classmethod
    def parse(cls, text: PerTrickMode | str) -> PerTrickMode:
        """Read a per-trick mode from its name, with spaces, hyphens or underscores.

        >>> PerTrickMode.parse("Slalom-Obenabe"), PerTrickMode.parse("guschti undenufe")
        (PerTrickMode.SLALOM_OBENABE, PerTrickMode.GUSCHTI_UNDENUFE)
        >>> PerTrickMode.parse("Misère Undenufe"), PerTrickMode.parse("misere-slalom-obenabe")
        (PerTrickMode.MISERE_UNDENUFE, PerTrickMode.MISERE_SLALOM_OBENABE)
        """
        if isinstance(text, PerTrickMode):
            return text
        key = _name_key(text, "a per-trick mode").replace("misère", "misere")
        first, _, second = key.partition("_")
        if first == "misere" and second.startswith("slalom_"):
            first, second = "misere_slalom", second[len("slalom_"):]
        found = _PER_TRICK_WORDS.get(first, {}).get(_MODE_WORDS.get(second, Trump.EICHELN))
        if found is None:
            raise InvalidNotationError(
                f"{text!r} is not a per-trick mode: expected Slalom, Guschti, Misère or Misère Slalom and "
                "Obenabe or Undenufe, e.g. 'slalom-obenabe'"
            )
        return found

    @property
    def symbol(self) -> str:
        """The two modes' arrows, the first mode's first (Guschti's doubled: five tricks of it);
        a Misère's its base mode's after a minus sign (as few points as possible)."""
        value = self._value_
        if value >= 10:
            return "−" + self.base.symbol
        arrows = ("⬇", "⬆") if self.first is Trump.OBENABE else ("⬆", "⬇")
        return "".join(arrows) if self.is_slalom else arrows[0] * 2 + arrows[1]

    def __repr__(self) -> str:
        return f"PerTrickMode.{self.name}"

    def __str__(self) -> str:
        if self._value_ >= 10:
            return f"Misère {self.base}"
        return f"{'Slalom' if self.is_slalom else 'Guschti'} {self.first}"


class LeadMode(_NoTrumpSuit, enum.IntEnum):
    """A round whose tricks take their mode from a card led: the modes of Flavio-art's Jass app
    (its Coiffeur rows; no other source describes them, :ref:`coiffeur-lead-modes`).

    - Alles Trumpf: every trick is played as if its led suit were trump: the led suit's cards
      rank Under, Nell, Ace, King, Ober, 10, 8, 7, 6, a card of another suit never wins, and a
      seat holding the led suit must follow it unless the suit's Under is its only card of it
      (the Bauer exception). Only the Unders (20), the Nells (14) and the Kings (4) count:
      4 x 38 = 152, and 5 for the last trick («Kein fester Trumpf – die angespielte Farbe
      entscheidet. Nur Buur (20 Pkt), Näll (14 Pkt) und König (4 Pkt) zählen.»).
    - Elefant: tricks 1 to 3 Obenabe, 4 to 6 Undenufe; the card led to trick 7 makes its suit
      trump for tricks 7 to 9, and from that card on every trick of the round counts as in a
      trump game of that suit (before it, the tricks taken count nothing): 157 a round
      («Stiche 1–3: Obenabe. Stiche 4–6: Undenufe. Ab Stich 7: erste gespielte Karte bestimmt
      die Trumpffarbe.»).

    The values follow :class:`PerTrickMode`'s, so that a mode's value names it among all sixteen.

    >>> [str(LeadMode.ELEFANT.trick_mode(n, Suit.ROSEN)) for n in (0, 3, 6)]
    ['Obenabe', 'Undenufe', 'Rosen']
    >>> LeadMode.ALLES_TRUMPF.trick_mode(4, Suit.SCHELLEN), LeadMode.ALLES_TRUMPF.decided_by(4)
    (Trump.SCHELLEN, 4)
    """

    ALLES_TRUMPF = 14
    ELEFANT = 15

    def decided_by(self, number: int) -> int | None:
        """The number of the trick whose led card decides the mode of trick ``number``, or
        ``None`` when that trick's mode is known before any card: Alles Trumpf's every trick
        by its own lead, Elefant's tricks 7 to 9 by the lead of trick 7.

        >>> LeadMode.ELEFANT.decided_by(5), LeadMode.ELEFANT.decided_by(8)
        (None, 6)
        """
        if self is LeadMode.ALLES_TRUMPF:
            return number
        return ELEFANT_TRUMP_TRICK if number >= ELEFANT_TRUMP_TRICK else None

    @property
    def is_misere(self) -> bool:
        """False: played to take points (:attr:`PerTrickMode.is_misere`)."""
        return False

    @property
    def counts_back(self) -> bool:
        """True when the deciding card makes every trick of the round count in the mode it
        decides, the tricks already taken too (Elefant)."""
        return self is LeadMode.ELEFANT

    def trick_mode(self, number: int, lead: Suit | None = None) -> Trump:
        """The mode trick ``number`` (0 for the first) is played in, ``lead`` being the suit of
        the card that decides it (:meth:`decided_by`; ``None`` while that card is not played).
        A trick waiting on its deciding card has no trump yet: any card may lead it, and it is
        given the stand-in Obenabe."""
        if self is LeadMode.ELEFANT and number < ELEFANT_TRUMP_TRICK:
            return Trump.OBENABE if number < ELEFANT_TRUMP_TRICK // 2 else Trump.UNDENUFE
        return Trump.OBENABE if lead is None else Trump(int(lead))

    def trick_points(
        self, number: int, lead: Suit | None = None, trump_jack_points: int = DEFAULT_TRUMP_JACK_POINTS
    ) -> tuple[int, ...]:
        """The points of each card (by :attr:`~jass.cards.Card.index`) in trick ``number``,
        ``lead`` as in :meth:`trick_mode`: Alles Trumpf's values in every trick; in Elefant the
        decided trump's values, nothing before the card that decides it.

        >>> sum(LeadMode.ALLES_TRUMPF.trick_points(0)), sum(LeadMode.ELEFANT.trick_points(2))
        (152, 0)
        >>> sum(LeadMode.ELEFANT.trick_points(2, Suit.EICHELN))
        152
        """
        if self is LeadMode.ALLES_TRUMPF:
            return ALLES_TRUMPF_POINTS
        if lead is None:
            return _NO_POINTS
        return point_table(Trump(int(lead)), trump_jack_points)

    @classmethod
    def parse(cls, text: LeadMode | str) -> LeadMode:
        """Read a mode decided by a card led from its name.

        >>> LeadMode.parse("Alles Trumpf"), LeadMode.parse("elefant")
        (LeadMode.ALLES_TRUMPF, LeadMode.ELEFANT)
        """
        if isinstance(text, LeadMode):
            return text
        key = _name_key(text, "a mode")
        found = {"alles_trumpf": cls.ALLES_TRUMPF, "allestrumpf": cls.ALLES_TRUMPF,
                 "elefant": cls.ELEFANT}.get(key)
        if found is None:
            raise InvalidNotationError(f"{text!r:.60} is not a mode decided by a card led: expected "
                                       "'alles trumpf' or 'elefant'")
        return found

    @property
    def symbol(self) -> str:
        """``'∀'`` for Alles Trumpf (every suit in turn), ``'⬇⬆✚'`` for Elefant (down, up, then a trump)."""
        return "∀" if self is LeadMode.ALLES_TRUMPF else "⬇⬆✚"

    def __repr__(self) -> str:
        return f"LeadMode.{self.name}"

    def __str__(self) -> str:
        return "Alles Trumpf" if self is LeadMode.ALLES_TRUMPF else "Elefant"


#: The number of Elefant's trick (0 for the first) whose led card makes trump: trick 7.
ELEFANT_TRUMP_TRICK: Final = 6


def _name_key(text: object, what: str) -> str:
    """A mode's name as the parsers look it up: lower case, words joined by ``_`` (spaces,
    hyphens and underscores alike); an :class:`~jass.errors.InvalidNotationError` saying it is
    not ``what`` for anything but a string."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"{text!r:.60} is not {what}: expected a string")
    return "_".join(text.strip().casefold().replace("-", " ").replace("_", " ").split())


#: Guschti plays this many tricks in the mode named ("Guschti 5/4").
_GUSCHTI_FIRST_TRICKS: Final = 5

#: A round's mode: one of the six classic modes for every trick, a per-trick mode, or a mode a
#: card led decides.
RoundMode = Union[Trump, PerTrickMode, LeadMode]
#: The classes of a round's mode, for ``isinstance``.
ROUND_MODE_TYPES: Final = (Trump, PerTrickMode, LeadMode)


def parse_mode(text: RoundMode | str) -> RoundMode:
    """Read any round mode: a :class:`Trump` as :meth:`Trump.parse` reads it, or a
    :class:`PerTrickMode` by its name.

    >>> parse_mode("obenabe"), parse_mode("slalom_undenufe"), parse_mode(Trump.ROSEN)
    (Trump.OBENABE, PerTrickMode.SLALOM_UNDENUFE, Trump.ROSEN)
    >>> parse_mode("Alles Trumpf"), parse_mode("elefant")
    (LeadMode.ALLES_TRUMPF, LeadMode.ELEFANT)
    """
    if isinstance(text, ROUND_MODE_TYPES):
        return text
    if isinstance(text, str) and text.strip().casefold().startswith(("slalom", "guschti", "misere", "misère")):
        return PerTrickMode.parse(text)
    if isinstance(text, str) and text.strip().casefold().startswith(("alles", "elefant")):
        return LeadMode.parse(text)
    try:
        return Trump.parse(text)
    except InvalidNotationError:
        raise InvalidNotationError(
            f"{text!r:.60} is not a trump mode: expected a suit (C, S, H, D, Eicheln, ...), 'obenabe', "
            "'undenufe', 'slalom'/'guschti'/'misere'/'misere slalom' with 'obenabe'/'undenufe', "
            "'alles trumpf' or 'elefant'"
        ) from None


def trick_modes(mode: RoundMode, leads: Sequence[int], count: int | None = None) -> list[Trump]:
    """The mode of the first ``count`` tricks (by default, those led so far) of a round in
    ``mode``, ``leads`` being the suit (0..3) of the first card of each trick led so far
    (:meth:`LeadMode.decided_by` says which lead decides a trick; one that waits on a card not
    yet played has the stand-in of :meth:`LeadMode.trick_mode`).

    >>> trick_modes(LeadMode.ALLES_TRUMPF, [Suit.ROSEN, Suit.EICHELN])
    [Trump.ROSEN, Trump.EICHELN]
    >>> trick_modes(LeadMode.ELEFANT, [0, 0, 0, 0, 0, 0, Suit.SCHELLEN], 9)[6:]
    [Trump.SCHELLEN, Trump.SCHELLEN, Trump.SCHELLEN]
    >>> trick_modes(PerTrickMode.SLALOM_UNDENUFE, [0, 0])
    [Trump.UNDENUFE, Trump.OBENABE]
    """
    count = len(leads) if count is None else count
    if type(mode) is not LeadMode:
        return [mode.trick_mode(number) for number in range(count)]
    modes = []
    for number in range(count):
        decider = mode.decided_by(number)
        lead = Suit(leads[decider]) if decider is not None and decider < len(leads) else None
        modes.append(mode.trick_mode(number, lead))
    return modes


_MODE_WORDS: Final[dict[str, Trump]] = {
    word: mode
    for mode, words in (
        (Trump.OBENABE, ("obenabe", "obe", "obeabe", "top-down", "topdown", "o", "⬇")),
        (Trump.UNDENUFE, ("undenufe", "unenufe", "undeufe", "une", "bottom-up", "bottomup", "⬆")),
    )
    for word in words
}

_PER_TRICK_WORDS: Final[dict[str, dict[Trump, PerTrickMode]]] = {
    "slalom": {Trump.OBENABE: PerTrickMode.SLALOM_OBENABE, Trump.UNDENUFE: PerTrickMode.SLALOM_UNDENUFE},
    "guschti": {Trump.OBENABE: PerTrickMode.GUSCHTI_OBENABE, Trump.UNDENUFE: PerTrickMode.GUSCHTI_UNDENUFE},
    "misere": {Trump.OBENABE: PerTrickMode.MISERE_OBENABE, Trump.UNDENUFE: PerTrickMode.MISERE_UNDENUFE},
    "misere_slalom": {Trump.OBENABE: PerTrickMode.MISERE_SLALOM_OBENABE,
                      Trump.UNDENUFE: PerTrickMode.MISERE_SLALOM_UNDENUFE},
}

_DOWN_ORDER: Final = (
    Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX
)
_UP_ORDER: Final = _DOWN_ORDER[::-1]
_TRUMP_ORDER: Final = tuple(Rank(rank) for rank in _kernel.TRUMP_ORDER)

#: The suit of each mode (``None`` for Obenabe and Undenufe), by mode value.
_MODE_SUITS: Final[tuple[Suit | None, ...]] = (Suit(0), Suit(1), Suit(2), Suit(3), None, None)


# typed=True: 20.0 or True must not slip past the validation through the cache entry of 20 or 1.
@functools.lru_cache(maxsize=None, typed=True)
def point_table(trump: Trump, trump_jack_points: int = DEFAULT_TRUMP_JACK_POINTS) -> tuple[int, ...]:
    """Points of each card, indexed by :attr:`~jass.cards.Card.index`, in mode ``trump``.

    >>> sum(point_table(Trump.UNDENUFE))
    152
    """
    if isinstance(trump_jack_points, bool) or not isinstance(trump_jack_points, int):
        raise InvalidRulesError(f"trump_jack_points={trump_jack_points!r}: expected an int")
    if not 0 <= trump_jack_points <= 1000:
        raise InvalidRulesError(f"trump_jack_points={trump_jack_points!r}: expected 0..1000")
    if type(trump) is not Trump:
        trump = Trump.parse(trump)  # a trick's mode: a per-trick mode has one per trick
    return _kernel.points_by_index(trump, trump_jack_points)


@functools.lru_cache(maxsize=None, typed=True)
def _suit_point_tables(trump: Trump, trump_jack_points: int) -> tuple[tuple[int, ...], ...]:
    """For each suit, the points of each of the 512 subsets of its nine cards."""
    table = point_table(trump, trump_jack_points)
    result = []
    for suit in range(4):
        row = table[suit * 9 : suit * 9 + 9]
        result.append(
            tuple(sum(row[r] for r in range(9) if mask >> r & 1) for mask in range(512))
        )
    return tuple(result)


#: Alles Trumpf's card points by card index (Flavio-art's app: «Alles Trumpf: nur Jass/Nell/König
#: zählen»): every Under 20, every Nell 14, every King 4, the rest 0.
ALLES_TRUMPF_POINTS: Final[tuple[int, ...]] = tuple(
    {Rank.JACK: 20, Rank.NINE: 14, Rank.KING: 4}.get(Rank(index % 9), 0) for index in range(36)
)
_NO_POINTS: Final[tuple[int, ...]] = (0,) * 36

#: ``TRICK_KEYS[trump][led_suit][card_index]``: the card's strength in a trick (the highest
#: wins): a trump 100 + its trump strength, a card of the led suit its rank in the mode, any
#: other card -1.
TRICK_KEYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = _kernel.TRICK_KEYS

#: ``TRUMP_STRENGTH[rank]``: 0 (the 6) .. 8 (the Jack) within the trump suit.
TRUMP_STRENGTH: Final[tuple[int, ...]] = _kernel.TRUMP_STRENGTH
