"""Molotow's rules: :class:`Rules` (every option, its default and its source), its presets, and
the card play it configures (undertrumping only when void).
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import NamedEnum, NotSupported, instance_of, int_in
from jass.cards import Card, CardSet
from jass.errors import InvalidRulesError
from jass.tricks import PlayRules, Undertrump
from jass.variant.state import MAX_ROUNDS

__all__ = ["SEATS", "SEAT_COUNTS", "MOST_SEATS", "TableWeis", "FiveOut", "Rules", "MOLOTOW_PLAY", "seating"]


#: The number of players under the default rules (jassverzeichnis.ch deals for four).
SEATS: Final = 4
#: The numbers of players the sources deal Molotow for (jassverzeichnis.ch: «mit 3 bis 6
#: Personen»): twelve cards each to three, nine to four, seven to five (one card taken out), six
#: to six.
SEAT_COUNTS: Final = (3, 4, 5, 6)
#: The most players (six).
MOST_SEATS: Final = 6
#: Every card of the pack is dealt.
DECK_SIZE: Final = 36
TITLE: Final = "Molotow"
#: The range of a game total (a round adds at most a few thousand, and a game has at most
#: :data:`~jass.variant.MAX_ROUNDS` rounds).
MAX_TOTAL: Final = 10**8


class TableWeis(NamedEnum):
    """Which combinations lying in one trick count as a table Weis (a «Tischweis», a "molotow")
    for the player who takes the trick."""

    #: Every Weis the trick's cards form: three or more in sequence, and four of a kind
    #: (jassverzeichnis.ch: «Wenn die für einen Stich gespielten Karten einen Weis ergeben»).
    ALL = "all"
    #: Sequences only: three in a row 20 (a small molotow), four 50 (a large one)
    #: (funcardgames.net: "A molotov is three or four cards of the same suit in sequence").
    SEQUENCES = "sequences"


class FiveOut(NamedEnum):
    """The card taken out of the pack when five play (35 cards, seven each)."""

    #: The Schellen 6 (funcardgames.net: "With five players, remove the 6 of bells/diamonds").
    SCHELLEN_6 = "schellen_6"
    #: The Eicheln 7 (jasswiki.ch: «Bei fünf Spielern wird der Eichel-Siebener beziehungsweise
    #: Schaufel-Siebener aus dem Spiel entfernt»).
    EICHELN_7 = "eicheln_7"

    @property
    def card(self) -> Card:
        """The card itself.

        >>> FiveOut.SCHELLEN_6.card, FiveOut.EICHELN_7.card
        (Card.D6, Card.C7)
        """
        return Card.D6 if self is FiveOut.SCHELLEN_6 else Card.C7


#: Molotow's card play: the Bauer exception, undertrumping only to a player void in the led suit
#: (jasswelt.ch: «Untertrumpfen ist gestattet, sofern der betreffende Spieler von der gespielten
#: Farbe keine Karte besitzt»).
MOLOTOW_PLAY: Final = PlayRules(bauer_exception=True, undertrump=Undertrump.ALLOWED_IF_VOID)


def _seat_count(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    """Accept 3 to 6 players."""
    if type(value) is not int or value not in SEAT_COUNTS:
        error = InvalidRulesError(f"seats={value!r:.40}: expected 3 to 6 players")
        error.field, error.index, error.expected, error.got = "seats", None, "3 to 6", None  # type: ignore[attr-defined]
        raise error


@attrs.frozen(cache_hash=True)
class Rules:
    """Every Molotow option (:doc:`/rules/molotow`); the defaults are jassverzeichnis.ch's
    «Molotow-Jass» (the game of fewest points), with jasswelt.ch's card play.

    >>> Rules().rounds, Rules().table_weis, Rules().seats
    (8, TableWeis.ALL, 4)
    >>> Rules(seats=7)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: seats=7: expected 3 to 6 players
    """

    #: Where the sources leave a reading open and the library takes one (no option needed).
    DISAGREEMENTS: ClassVar[tuple[str, ...]] = (
        "**The card that fixes trump, in its own trick**: funcardgames.net: \"the first card played that can't "
        "follow suit becomes the trump for the round– immediately\"; jassverzeichnis.ch's worked example could "
        "not be read. The library makes the card a trump at once: it wins its trick unless a later player "
        "over-trumps it.",
        "**The tricks taken before trump is fixed**: funcardgames.net: \"It applies retroactively\"; no German "
        "Molotow source says how they count, but jassverzeichnis.ch says it of its Plus-Minus-Jass, whose trump "
        "is fixed the same way: «Gezählt wird am Schluss wie bei einem Trumpf [...] Wer bereits vor dem "
        "Ausspielen der ersten Fehlfarbe den Neuer oder den Bauer der Fehlfarbe hat, hat ein Karte mit 14 oder "
        "20 Punkte». The library counts every trick of the round with the trump values of the suit fixed at "
        "last; if no card ever fails to follow, with Obenabe's (the 8 worth 8), as the English rules copied on "
        "safetytotoking.blogspot.com say.",
        "**When hand Weis are shown**: jassverzeichnis.ch: «Weispunkte aus den Handkarten werden als Minuspunkte "
        "notiert» and says no more. The library writes every Weis of each player's hand as dealt (a card may be "
        "in a sequence and a four of a kind at once) when the round is counted: a minus point is always in its "
        "holder's favour, so nobody would leave one out, and nothing is shown before.",
        "**A tie for the fewest points**: no source says; the game ends drawn (no winner).",
        "**Long table Weis with five and six players**: a trick of five or six cards may hold five or six in "
        "sequence, or a sequence beside four of a kind; no source says what they count. The library counts "
        "every Weis the cards form at the general values (five in sequence 100, six 150).",
    )
    #: The Molotow rules of the sources that the library cannot play yet.
    NOT_SUPPORTED: ClassVar[tuple[NotSupported, ...]] = (
        NotSupported(
            "Molotow B: strokes to the highest and the lowest scorer",
            "jasswelt.ch, «Molotow Jassregel»: «Pro Spiel werden 2 Striche und 2 Nuller geschrieben. Der Spieler "
            "mit der höchsten und derjenige mit der niedrigsten Punktzahl erhalten je einen Strich, die beiden "
            "anderen je einen Nuller»; «Stöck- und Weispunkte zählen nicht». Its tie rules are cut off in the "
            "text we could read, and it does not say when a game ends: another game under the same name.",
            "strokes",
        ),
        NotSupported(
            "Stöck lying in one trick",
            "jasswiki.ch only: «Auch die Stöckpunkte bei einem Tisch-Weis werden als Pluspunkte notiert»; the "
            "library counts only Weis as table Weis (jassverzeichnis.ch: «einen Weis»).",
            "table_stoeck",
        ),
        NotSupported(
            "The last round counting double",
            "jasswiki.ch only: «Die letzte Runde zählt doppelt»; no rank-2 source says so.",
            "last_round_double",
        ),
        NotSupported(
            "A mode (Obenabe, Undenufe) fixed by the first discard's rank",
            "Flavio-art's Jass app only: «Der erste Spieler der nicht Farbe angeben kann, bestimmt den "
            "Spielmodus: • 6 → Undenufe • Ass → Obenabe • Andere → Trumpf (Farbe der Karte)»; no published "
            "rules have it.",
            "mode_by_rank",
        ),
    )

    #: The number of players: 4, nine cards each; 3, twelve each; 5, seven each (one card taken
    #: out: ``five_out``); 6, six each.
    #: Source: jassverzeichnis.ch («Der Molotow-Jass kann mit 3 bis 6 Personen gespielt werden»;
    #: «Bei vier Spieler erhält jeder Spieler neun Karten»); funcardgames.net ("With three players
    #: 4x3 each. With four players 3x3 each. With five players, remove the 6 of bells/diamonds
    #: and then deal 4+3 each. With six players, 3x2 each").
    seats: int = attrs.field(default=SEATS, validator=_seat_count)
    #: The rounds of a game; after the last, the fewest points win.
    #: Source: jassverzeichnis.ch («Beim Molotow Jass gewinnt derjenige Spieler, der nach 8 Runden am
    #: wenigsten Punkte erzielt hat»); jasswiki.ch: «Nach 8 Spielen ist die Partie zu Ende».
    rounds: int = attrs.field(default=8, validator=int_in(1, MAX_ROUNDS))
    #: Which combinations in one trick count as a table Weis for its taker.
    #: Source: jassverzeichnis.ch («Wenn die für einen Stich gespielten Karten einen Weis ergeben
    #: (bspw. ein Dreiblatt oder Vierblatt) spricht man von einem «Tischweis»»).
    #: Disagreement: **Which table Weis count**: every Weis, four of a kind too (jassverzeichnis.ch:
    #: «einen Weis»; the default); sequences only (funcardgames.net: "A molotov is three or four
    #: cards of the same suit in sequence"): ``SEQUENCES``.
    table_weis: TableWeis = attrs.field(default=TableWeis.ALL, validator=instance_of(TableWeis))
    #: The Weis of each player's own hand count minus for him.
    #: Source: jassverzeichnis.ch («Weispunkte aus den Handkarten werden als Minuspunkte notiert»).
    #: Disagreement: **Hand Weis**: minus points (jassverzeichnis.ch, jasswiki.ch; the default);
    #: none (jasswelt.ch: «Stöck- und Weispunkte zählen nicht»): ``hand_weis=False``.
    hand_weis: bool = attrs.field(default=True, validator=instance_of(bool))
    #: The trump King and Ober count 20 minus for the player who plays both, if he still held
    #: both once trump was fixed.
    #: Source: jassverzeichnis.ch («Stöckpunkte sind jedoch nur möglich, wenn der Spieler nach
    #: Bestimmen des Trumps noch in Besitz beider Stöck-Karten ist»).
    #: Disagreement: **Stöck**: minus 20 (jassverzeichnis.ch; the default); none (jasswelt.ch:
    #: «Stöck- und Weispunkte zählen nicht»): ``stoeck=False``.
    stoeck: bool = attrs.field(default=True, validator=instance_of(bool))
    #: The card-play options once trump is fixed (Bauer exception on; undertrumping allowed only
    #: to a player void in the led suit).
    #: Source: jasswelt.ch («Untertrumpfen ist gestattet, sofern der betreffende Spieler von der
    #: gespielten Farbe keine Karte besitzt»); no source names the Bauer exception.
    #: Disagreement: **Undertrumping**: only when void in the led suit (jasswelt.ch, en.wikipedia;
    #: the default); always (jasswiki.ch: «Untertrumpfen ist erlaubt»):
    #: ``PlayRules(undertrump=Undertrump.ALLOWED)``.
    play: PlayRules = attrs.field(default=MOLOTOW_PLAY, validator=instance_of(PlayRules))
    #: The card taken out of the pack with five players (35 cards, seven each): the Schellen 6,
    #: or the Eicheln 7. Either is worth nothing in every mode, so a round still counts 157.
    #: Source: funcardgames.net ("With five players, remove the 6 of bells/diamonds").
    #: Disagreement: **The card out with five players**: the Schellen 6 (funcardgames.net; the
    #: default); the Eicheln 7 (jasswiki.ch: «Bei fünf Spielern wird der Eichel-Siebener
    #: beziehungsweise Schaufel-Siebener aus dem Spiel entfernt»): ``five_out=FiveOut.EICHELN_7``.
    five_out: FiveOut = attrs.field(default=FiveOut.SCHELLEN_6, validator=instance_of(FiveOut))
    #: The first round's dealer; ``None`` draws it from the game's seed.
    #: Source: none, an engine setting: the sources do not say who deals first.
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, MOST_SEATS - 1, optional=True))

    def __attrs_post_init__(self) -> None:
        if self.first_dealer is not None and self.first_dealer >= self.seats:
            raise InvalidRulesError(
                f"first_dealer={self.first_dealer}: expected a seat 0..{self.seats - 1} of the {self.seats} players"
            )

    @property
    def cards_each(self) -> int:
        """The cards each player is dealt: 12 for three, 9 for four, 7 for five, 6 for six."""
        return DECK_SIZE // self.seats

    @property
    def out_of_play(self) -> CardSet:
        """The cards taken out of the pack: :attr:`five_out` with five players, else none."""
        return CardSet([self.five_out.card]) if self.seats == 5 else CardSet()

    @classmethod
    def jassverzeichnis(cls) -> Rules:
        """jassverzeichnis.ch's «Molotow-Jass» for four: the defaults."""
        return cls()

    @classmethod
    def funcardgames(cls) -> Rules:
        """funcardgames.net's "Molotov Jass": only sequences are a molotow (three 20, four 50)."""
        return cls(table_weis=TableWeis.SEQUENCES)

    @classmethod
    def three(cls) -> Rules:
        """Molotow for three players (funcardgames.net: "With three players 4x3 each"): twelve cards each."""
        return cls(seats=3)

    @classmethod
    def five(cls) -> Rules:
        """Molotow for five players: the Schellen 6 out, seven cards each (funcardgames.net)."""
        return cls(seats=5)

    @classmethod
    def six(cls) -> Rules:
        """Molotow for six players: six cards each (funcardgames.net: "With six players, 3x2 each")."""
        return cls(seats=6)


def seating(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The players under ``rules``, each for themselves: one team of one seat per player.

    >>> seating(Rules.three())
    ((0,), (1,), (2,))
    """
    return tuple((seat,) for seat in range(rules.seats))
