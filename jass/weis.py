"""Weis (declared card combinations) and Stöck.

A Weis is either a **sequence** of 3 to 9 cards of one suit in natural order
(6 7 8 9 10 J Q K A in every mode, no wrap-around) or **four of a kind**. Values
(seed 001 "Weis"; see :doc:`/rules/general`):

- sequences of 3, 4, 5, 6, 7, 8, 9 cards: 20, 50, 100, 150, 200, 250, 300;
- four 10s, Queens, Kings or Aces: 100; four 9s: 150; four Jacks: 200;
- four 6s, 7s or 8s: 100 only with ``low_quartets`` (the seed lists none).

A run of N cards counts once, as a sequence of N. A card may belong to a
sequence and to four of a kind at once (Kreuzweis) unless ``cross_weis`` is
off.

>>> [str(w) for w in detect_weis(CardSet.parse("H6 H7 H8 H9 CJ SJ HJ DJ DA"))]
['four J (CJ SJ HJ DJ): 200', 'sequence H6-H9: 50']

Stöck is the trump King and Queen in one hand: 20 points.

>>> has_stoeck(CardSet.parse("HK HQ C6"), Trump.SCHILTEN)
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import ClassVar, Final

import attrs

from jass._base import LATER_OPTION, NamedEnum, NotSupported, instance_of
from jass.cards import Card, CardSet, Rank, Suit, card_set_of
from jass.errors import InvalidCardsError, InvalidRulesError
from jass.trump import Trump

__all__ = [
    "WeisKind",
    "WeisTiebreak",
    "UndenufeOrder",
    "WeisRules",
    "Weis",
    "detect_weis",
    "may_hold_weis",
    "weis_strength",
    "best_weis",
    "has_stoeck",
    "stoeck_cards",
    "STOECK_POINTS",
    "MAX_WEIS_POINTS",
]

#: Points of Stöck (trump King and Queen in one hand).
STOECK_POINTS: Final = 20
#: The most points one Weis may be given (:attr:`WeisRules.sequence_points`).
MAX_WEIS_POINTS: Final = 10_000


class WeisKind(NamedEnum):
    """The two kinds of Weis."""

    SEQUENCE = "sequence"
    FOUR_OF_A_KIND = "four_of_a_kind"


class WeisTiebreak(NamedEnum):
    """Which Weis wins between two of equal points before the top card is compared."""

    #: Four of a kind beats a sequence of the same points (seed 001: "4 dezelfde zijn
    #: altijd meer als een volgorde").
    QUARTET_FIRST = "quartet_first"
    #: The Weis with more cards wins (a sequence of 5 beats four 10s), as some house rules say.
    MORE_CARDS_FIRST = "more_cards_first"


class UndenufeOrder(NamedEnum):
    """How two Weis of equal points compare by their cards when Undenufe is played."""

    #: The higher cards in natural order win in every mode: Q-K-A beats 6-7-8, four Aces beat
    #: four Kings (the default; seed 001 compares "de hoogste kaart" without naming a mode).
    NATURAL = "natural"
    #: In Undenufe, the order of play: the sequence reaching the lower cards wins, 6-7-8 beats
    #: Q-K-A, and four of a kind compare the same way, four Kings beat four Aces, four 6s beat
    #: both (Parlett, *The Penguin Book of Card Games*: "As to quartets, Kings beat Aces, Queens
    #: beat Kings, and so on"; anzeigervonsaanen.ch, "Die Weisregeln", 2020).
    REVERSED = "reversed"


def _sequence_points_valid(instance: object, attribute: object, value: object) -> None:
    """7 positive ints: the points of sequences of 3, 4, ..., 9 cards."""
    if (
        not isinstance(value, tuple)
        or len(value) != 7
        or not all(isinstance(v, int) and not isinstance(v, bool) and 0 < v <= MAX_WEIS_POINTS for v in value)
    ):
        raise InvalidRulesError(
            f"sequence_points={value!r:.80}: expected a tuple of 7 ints 1..{MAX_WEIS_POINTS}, "
            "the points of sequences of 3, 4, ..., 9 cards"
        )


@attrs.frozen(cache_hash=True)  # a cache key of Schieber's legal_moves
class WeisRules:
    """The Weis options (:doc:`/rules/general`); the defaults are the seed's and the official rule's.

    >>> WeisRules().sequence_points
    (20, 50, 100, 150, 200, 250, 300)
    """

    #: The Weis rules of the sources that the library cannot play yet.
    NOT_SUPPORTED: ClassVar[tuple[NotSupported, ...]] = (
        NotSupported(
            "Only the highest Weis said with the first card; the last player declares until the trick is "
            "turned",
            'jasswelt.ch, "Weisregeln": «Im ersten Durchgang wird nur der höchste Weis angesagt» and «Der letzte '
            "Spieler darf weisen, bis der Stich gekehrt ist»; the library has every seat declare its Weis "
            "before its own first card, all at once.",
            "highest_weis_first",
        ),
        NotSupported(
            "A nine-card run split into a hundred and a fifty under the simple values",
            'jassonkel.ch, "Weis": «Hat man von einer Karte sämtliche neun Farben, so können Hundert vom As '
            "und Fünfzig vom Neun gewiesen werden»; the library counts a run once, as one sequence.",
            "nine_card_split",
        ),
        NotSupported(
            "A Weis tie nobody can break: both teams score",
            'bepopcorn.ch: "If it is impossible to break the tie, both teams score the points they have '
            'earned"; the library gives the tie to the seat nearest Vorhand (seed 001).',
            "weis_tie_both_score",
        ),
    )

    #: Points of a sequence of 3, 4, 5, 6, 7, 8 and 9 cards.
    #: Source: seed 001 up to five cards (20, 50, 100); the official rule for six to nine.
    #: Disagreement: **Sequences of six to nine cards**: seed 001 stops at five; the official
    #: values 150 to 300 are the default (jassverzeichnis.ch: "Sprich ein Sechsblatt gibt 150
    #: Punkte"); the simple values count them 100 (jassonkel.ch: «Beim einfachen Weis zählt ein
    #: Sechs-, Sieben-, Acht- oder Neunblatt nur Hundert»): ``(20, 50, 100, 100, 100, 100, 100)``.
    sequence_points: tuple[int, ...] = attrs.field(
        default=(20, 50, 100, 150, 200, 250, 300), validator=_sequence_points_valid
    )
    #: Four 6s, 7s or 8s count 100 (off: they are no Weis, as in the seed).
    #: Source: seed 001 lists none (off); the official rule counts 100 (jasswelt.ch
    #: "Weisregeln", jassverzeichnis.ch).
    #: Disagreement: **Four 6s, 7s or 8s**: seed 001 lists none (the default); the modern
    #: official rule counts 100 (jasswelt.ch: «4 gleiche Bilder zählen 100 Weispunkte»;
    #: jassverzeichnis.ch: «Auch vier Siebner oder vier Achter gelten 100 Punkte»): ``True``.
    low_quartets: bool = attrs.field(default=False, validator=instance_of(bool))
    #: A card may be in a sequence and in four of a kind at once (Kreuzweis).
    #: Source: the official rule since 1996 (jasswelt.ch "Weisregeln": "Der Kreuzweis ist seit
    #: 1996 für alle Jassarten gültig"); the seeds do not say.
    #: Disagreement: **A card in two Weis (Kreuzweis)**: allowed, the default (jasswelt.ch: «Der
    #: Kreuzweis ist seit 1996 für alle Jassarten gültig»); forbidden by bepopcorn.ch («il est
    #: exclu d'utiliser une carte pour deux annonces différentes», the Stöck cards excepted) and
    #: adpoker.fr («Une même carte ne peut servir à deux annonces»): ``False``. The Stöck are no
    #: Weis here and always count, which is the exception those sources make.
    cross_weis: bool = attrs.field(default=True, validator=instance_of(bool))
    #: The tie-break between Weis of equal points.
    #: Source: seed 001 ("4 dezelfde zijn altijd meer als een volgorde"); some tables rank the
    #: longer Weis first.
    #: Disagreement: **Four of a kind against five in a row** (both 100): four of a kind first
    #: (seed 001: «4 dezelfde zijn altijd meer als een volgorde»; the default); the Weis with more
    #: cards first (jassonkel.ch: «Ein Fünfblatt ist immer besser als ein Vierblatthunderter»;
    #: bepopcorn.ch: "the announcement with the most cards takes precedence"): ``MORE_CARDS_FIRST``.
    equal_weis_tiebreak: WeisTiebreak = attrs.field(
        default=WeisTiebreak.QUARTET_FIRST, validator=instance_of(WeisTiebreak)
    )
    #: How Weis of equal points compare by their cards in Undenufe: ``NATURAL`` (Q-K-A beats
    #: 6-7-8, four Aces beat four Kings) or ``REVERSED`` (Undenufe's order, 6 highest, for
    #: sequences and four of a kind alike).
    #: Source: seed 001 compares "de hoogste kaart" without naming a mode (``NATURAL``);
    #: Parlett, *The Penguin Book of Card Games*, reverses sequences and quartets in Undenufe, and
    #: so does anzeigervonsaanen.ch ("Die Weisregeln", 2020: with Undenufe four 6s beat four Aces).
    #: Disagreement: **Equal Weis in Undenufe**: compared in natural order, the default (seed 001
    #: compares «de hoogste kaart» and names no mode); in Undenufe's order, sequences and four of
    #: a kind alike (Parlett: "As to quartets, Kings beat Aces, Queens beat Kings, and so on";
    #: anzeigervonsaanen.ch, 2020: «beim «Undenufe» haben nicht die Asse den höchsten Punkte- und
    #: Stechwert, sondern die Sechser»): ``REVERSED``.
    undenufe_order: UndenufeOrder = attrs.field(
        default=UndenufeOrder.NATURAL, validator=instance_of(UndenufeOrder), metadata=LATER_OPTION
    )

    def quartet_points(self, rank: Rank) -> int:
        """Points of four cards of ``rank``; 0 when four of that rank is no Weis."""
        if rank == Rank.JACK:
            return 200
        if rank == Rank.NINE:
            return 150
        if rank >= Rank.TEN:
            return 100
        return 100 if self.low_quartets else 0


_DEFAULT_RULES: Final = WeisRules()


def _check_rules(rules: object) -> None:
    if not isinstance(rules, WeisRules):
        raise InvalidRulesError(f"rules={rules!r}: expected a WeisRules")


@attrs.frozen(order=False)
class Weis:
    """One declared combination: its kind, its cards and its points.

    Build one from cards with :meth:`from_cards`, or find all of a hand's with
    :func:`detect_weis`.
    """

    kind: WeisKind
    cards: CardSet
    points: int

    @classmethod
    def from_cards(cls, cards: Iterable[Card | str], rules: WeisRules = _DEFAULT_RULES) -> Weis:
        """The Weis formed by exactly ``cards``; :class:`~jass.errors.InvalidCardsError` if they form none.

        >>> Weis.from_cards("SQ SK SA")
        Weis(kind=WeisKind.SEQUENCE, cards=CardSet('SQ SK SA'), points=20)
        >>> Weis.from_cards("SQ SK")
        Traceback (most recent call last):
        jass.errors.InvalidCardsError: 'SQ SK' is no Weis: ...
        """
        _check_rules(rules)
        card_set = cards if isinstance(cards, CardSet) else CardSet(cards)
        indices = [card.index for card in card_set]
        if len(indices) == 4 and len({i % 9 for i in indices}) == 1:
            points = rules.quartet_points(Rank(indices[0] % 9))
            if points:
                return cls(WeisKind.FOUR_OF_A_KIND, card_set, points)
        elif (
            3 <= len(indices) <= 9
            and len({i // 9 for i in indices}) == 1
            and indices[-1] - indices[0] == len(indices) - 1
        ):
            return cls(WeisKind.SEQUENCE, card_set, rules.sequence_points[len(indices) - 3])
        raise InvalidCardsError(
            f"{str(card_set)!r} is no Weis: expected 3 to 9 cards in sequence in one suit, "
            "or four 10s, 9s, Jacks, Queens, Kings or Aces"
            + (" (or 6s, 7s, 8s)" if rules.low_quartets else "")
        )

    @property
    def top(self) -> Rank:
        """The highest rank in natural order: the rank of a four of a kind, the top of a sequence."""
        # Both kinds hold their top rank in their highest card (a four of a kind: every card).
        return Rank((self.cards.bits.bit_length() - 1) % 9)

    @property
    def suit(self) -> Suit | None:
        """The suit of a sequence; ``None`` for four of a kind."""
        if self.kind is WeisKind.SEQUENCE:
            return Suit((self.cards.bits.bit_length() - 1) // 9)
        return None

    def __str__(self) -> str:
        cards = list(self.cards)
        if self.kind is WeisKind.SEQUENCE:
            return f"sequence {cards[0]}-{cards[-1]}: {self.points}"
        return f"four {self.top.code} ({self.cards}): {self.points}"

    def __repr__(self) -> str:
        return f"Weis(kind=WeisKind.{self.kind.name}, cards={self.cards!r}, points={self.points})"


# Each rank with the bits of its four cards.
_RANK_BITS: Final = tuple((rank, sum(1 << (suit * 9 + rank) for suit in range(4))) for rank in Rank)
# The cards that can start a run of 3 in their suit (ranks 6 to 10).
_RUN_STARTS: Final = sum(0x7F << (suit * 9) for suit in range(4))


def _suit_runs(mask: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs of 3+ set bits in a 9-bit suit mask: (first rank, length)."""
    runs = []
    rank = 0
    while rank < 9:
        if mask >> rank & 1:
            start = rank
            while rank < 9 and mask >> rank & 1:
                rank += 1
            if rank - start >= 3:
                runs.append((start, rank - start))
        else:
            rank += 1
    return tuple(runs)


# _SUIT_RUNS[mask]: the runs of one suit's 9-bit mask, so that a hand's runs are four lookups.
_SUIT_RUNS: Final = tuple(_suit_runs(mask) for mask in range(512))


def _runs(bits: int) -> list[tuple[int, int]]:
    """Maximal runs of 3+ consecutive cards in one suit: (first index, length)."""
    if not bits & (bits >> 1) & (bits >> 2) & _RUN_STARTS:
        return []  # no three in a row: most hands
    return [
        (suit * 9 + start, length)
        for suit in range(4)
        for start, length in _SUIT_RUNS[bits >> (suit * 9) & 0x1FF]
    ]


def _sequence(first: int, length: int, rules: WeisRules) -> Weis:
    bits = ((1 << length) - 1) << first
    return Weis(WeisKind.SEQUENCE, card_set_of(bits), rules.sequence_points[length - 3])


def may_hold_weis(bits: int) -> bool:
    """False when the cards ``bits`` (a bit set) surely hold no Weis: no rank in all four
    suits and no three cards in a row. Most hands; a quick test before :func:`detect_weis`.

    >>> may_hold_weis(CardSet.parse("C6 C7 H9").bits), may_hold_weis(CardSet.parse("C6 C7 C8").bits)
    (False, True)
    """
    return bool(bits & bits >> 9 & bits >> 18 & bits >> 27 & 0x1FF or bits & bits >> 1 & bits >> 2 & _RUN_STARTS)


def detect_weis(hand: CardSet | Iterable[Card], rules: WeisRules = _DEFAULT_RULES) -> tuple[Weis, ...]:
    """Every Weis in ``hand``, most points first (then in card order).

    Without ``cross_weis`` no card is used twice: the four-of-a-kind choice that
    gives the most points in all is kept, and sequences are formed from the
    remaining cards. Between choices of equal points the one whose best single Weis is
    stronger (as :func:`weis_strength` compares, ``equal_weis_tiebreak`` included) is kept:
    four Queens beat the sequence D10-DA that shares the DQ, both 100.

    >>> hand = CardSet.parse("C9 C10 CJ SJ HJ DJ")
    >>> [w.points for w in detect_weis(hand)]
    [200, 20]
    >>> [w.points for w in detect_weis(hand, WeisRules(cross_weis=False))]
    [200]
    >>> [str(w) for w in detect_weis(CardSet.parse("CQ SQ HQ D10 DJ DQ DK DA"), WeisRules(cross_weis=False))]
    ['four Q (CQ SQ HQ DQ): 100']
    """
    _check_rules(rules)
    bits = hand.bits if isinstance(hand, CardSet) else CardSet(hand).bits
    if not may_hold_weis(bits):
        return ()  # most hands
    if not bits & bits >> 9 & bits >> 18 & bits >> 27 & 0x1FF:  # no rank held in all four suits
        table = _sequence_table(rules.sequence_points)
        sequences = table[0][bits & 0x1FF] + table[1][bits >> 9 & 0x1FF] + table[2][bits >> 18 & 0x1FF] + \
            table[3][bits >> 27 & 0x1FF]
        return tuple(sorted(sequences, key=_weis_order)) if len(sequences) > 1 else sequences
    quartets = []
    for rank, rank_bits in _RANK_BITS:
        if bits & rank_bits == rank_bits:
            points = rules.quartet_points(rank)
            if points:
                quartets.append(Weis(WeisKind.FOUR_OF_A_KIND, card_set_of(rank_bits), points))

    def with_sequences(chosen: Sequence[Weis]) -> list[Weis]:
        free = bits
        if not rules.cross_weis:
            for weis in chosen:
                free &= ~weis.cards.bits
        return list(chosen) + [_sequence(first, n, rules) for first, n in _runs(free)]

    if rules.cross_weis or not quartets:
        found = with_sequences(quartets)
    else:
        options = []
        for mask in range(1 << len(quartets)):
            chosen = [q for i, q in enumerate(quartets) if mask >> i & 1]
            options.append(with_sequences(chosen))
        tiebreak = rules.equal_weis_tiebreak
        found = max(
            options,
            key=lambda ws: (
                sum(w.points for w in ws),
                max((_strength(w, None, tiebreak) for w in ws), default=()),
                len(ws),
            ),
        )
    return tuple(sorted(found, key=_weis_order))


@functools.lru_cache(maxsize=16)
def _sequence_table(points: tuple[int, ...]) -> tuple[tuple[tuple[Weis, ...], ...], ...]:
    """``[suit][mask]``: the sequence Weis of the cards ``mask`` of one suit (shared objects:
    a Weis is immutable), for these sequence points."""
    rules = WeisRules(sequence_points=points)
    return tuple(
        tuple(
            tuple(_sequence(suit * 9 + start, length, rules) for start, length in _SUIT_RUNS[mask])
            for mask in range(512)
        )
        for suit in range(4)
    )


def _weis_order(weis: Weis) -> tuple[int, int]:
    """Most points first, then in card order."""
    return (-weis.points, weis.cards.bits)


def weis_strength(
    weis: Weis,
    trump: Trump,
    tiebreak: WeisTiebreak = WeisTiebreak.QUARTET_FIRST,
    undenufe: UndenufeOrder = UndenufeOrder.NATURAL,
) -> tuple[int, int, int, int]:
    """A key that orders Weis by the tie-break chain, seats aside.

    Points; then four of a kind before a sequence (or more cards first); then
    the higher top card (in Undenufe with ``undenufe=REVERSED``, Undenufe's order: a
    sequence's lower bottom card, four of a lower rank); then a sequence in the trump suit.

    >>> a, b = Weis.from_cards("H6 H7 H8"), Weis.from_cards("C6 C7 C8")
    >>> weis_strength(a, Trump.EICHELN) < weis_strength(b, Trump.EICHELN)
    True
    >>> low, high = Weis.from_cards("S6 S7 S8"), Weis.from_cards("CQ CK CA")
    >>> weis_strength(low, Trump.UNDENUFE) < weis_strength(high, Trump.UNDENUFE)
    True
    >>> weis_strength(low, Trump.UNDENUFE, undenufe=UndenufeOrder.REVERSED) > weis_strength(
    ...     high, Trump.UNDENUFE, undenufe=UndenufeOrder.REVERSED)
    True
    >>> kings, aces = Weis.from_cards("CK SK HK DK"), Weis.from_cards("CA SA HA DA")
    >>> weis_strength(kings, Trump.UNDENUFE, undenufe=UndenufeOrder.REVERSED) > weis_strength(
    ...     aces, Trump.UNDENUFE, undenufe=UndenufeOrder.REVERSED)
    True
    """
    if not isinstance(weis, Weis):
        raise InvalidCardsError(f"{weis!r} is not a Weis")
    if not isinstance(trump, Trump):
        trump = Trump.parse(trump)
    if not isinstance(tiebreak, WeisTiebreak):
        raise InvalidRulesError(f"tiebreak={tiebreak!r}: expected a WeisTiebreak")
    if not isinstance(undenufe, UndenufeOrder):
        raise InvalidRulesError(f"undenufe={undenufe!r}: expected an UndenufeOrder")
    return _strength(weis, trump.suit, tiebreak, _reversed(trump, undenufe))


def _reversed(trump: Trump, undenufe: UndenufeOrder) -> bool:
    """Whether Weis compare in Undenufe's order of the cards: Undenufe with ``REVERSED``."""
    return trump is Trump.UNDENUFE and undenufe is UndenufeOrder.REVERSED


def _strength(
    weis: Weis, trump_suit: Suit | None, tiebreak: WeisTiebreak, reverse: bool = False
) -> tuple[int, int, int, int]:
    """:func:`weis_strength` of checked arguments; ``reverse``: see :func:`_reversed`."""
    bits = weis.cards.bits
    high = bits.bit_length() - 1  # the top card (see Weis.top)
    quartet = weis.kind is WeisKind.FOUR_OF_A_KIND
    if tiebreak is WeisTiebreak.QUARTET_FIRST:
        kind = 1 if quartet else 0
    else:
        kind = bits.bit_count()
    in_trump = 1 if not quartet and trump_suit is not None and high // 9 == trump_suit else 0
    if reverse:
        # In Undenufe's order the 6 is highest: a sequence's strongest card is its bottom one,
        # and four of a kind rank by their rank turned round (four Kings beat four Aces).
        return (weis.points, kind, 8 - ((bits & -bits).bit_length() - 1) % 9, in_trump)
    return (weis.points, kind, high % 9, in_trump)


def best_weis(
    declared: Sequence[Iterable[Weis]],
    trump: Trump,
    vorhand: int,
    tiebreak: WeisTiebreak = WeisTiebreak.QUARTET_FIRST,
    undenufe: UndenufeOrder = UndenufeOrder.NATURAL,
) -> int | None:
    """The seat holding the single best Weis, or ``None`` when nobody declared one.

    ``declared[seat]`` is that seat's Weis; ``tiebreak`` and ``undenufe`` are the
    options of :func:`weis_strength`. Equal Weis go to the seat nearest
    Vorhand in playing order (Vorhand itself first). In Schieber the team of
    that seat scores all Weis of both partners.

    >>> seq = Weis.from_cards("H6 H7 H8")
    >>> best_weis([[], [seq], [], [Weis.from_cards("C6 C7 C8")]], Trump.ROSEN, vorhand=2)
    3
    """
    if type(declared) is not tuple and type(declared) is not list:
        if isinstance(declared, (str, CardSet)) or not isinstance(declared, Sequence):
            raise InvalidCardsError(f"declared={declared!r}: expected a sequence of each seat's Weis")
    seats = len(declared)
    if isinstance(vorhand, bool) or not isinstance(vorhand, int) or not 0 <= vorhand < max(seats, 1):
        raise InvalidCardsError(f"vorhand={vorhand!r}: expected a seat 0..{seats - 1}")
    if not isinstance(trump, Trump):
        trump = Trump.parse(trump)
    if not isinstance(tiebreak, WeisTiebreak):
        raise InvalidRulesError(f"tiebreak={tiebreak!r}: expected a WeisTiebreak")
    if not isinstance(undenufe, UndenufeOrder):
        raise InvalidRulesError(f"undenufe={undenufe!r}: expected an UndenufeOrder")
    trump_suit = trump.suit
    reverse = _reversed(trump, undenufe)
    best_seat = None
    best_key: tuple[int, ...] = ()
    for seat, weis_list in enumerate(declared):
        for weis in weis_list:
            if not isinstance(weis, Weis):
                raise InvalidCardsError(f"{weis!r} is not a Weis")
            key = _strength(weis, trump_suit, tiebreak, reverse) + (-((seat - vorhand) % seats),)
            if best_seat is None or key > best_key:
                best_seat, best_key = seat, key
    return best_seat


def stoeck_cards(trump: Trump) -> CardSet:
    """The trump King and Queen; empty in Obenabe and Undenufe (no Stöck there)."""
    if not isinstance(trump, Trump):
        trump = Trump.parse(trump)
    suit = trump.suit
    if suit is None:
        return CardSet()
    return CardSet([Card.of(suit, Rank.QUEEN), Card.of(suit, Rank.KING)])


def has_stoeck(hand: CardSet | Iterable[Card], trump: Trump) -> bool:
    """True when ``hand`` holds both the trump King and the trump Queen."""
    stoeck = stoeck_cards(trump)
    cards = hand if isinstance(hand, CardSet) else CardSet(hand)
    return bool(stoeck) and stoeck <= cards
