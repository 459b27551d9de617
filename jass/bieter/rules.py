"""Bieter's rules: :class:`Rules` (every option, its default and its source), its presets, and
the limits that keep every game savable.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import NotSupported, instance_of, int_in, one_of
from jass.errors import InvalidRulesError
from jass.tricks import PlayRules

__all__ = ["SEATS", "MAX_BID", "MATCH_POINTS", "Rules"]


#: The number of players.
SEATS: Final = 3
TITLE: Final = "Bieter (Steiger) for three"
#: The highest bid: no source names one; 1,500 lies far above the Bauernpartei's 1,000, so it
#: limits nothing a table bids, and keeps the moves of a turn few enough to list.
MAX_BID: Final = 1500
#: What a match writes: «Ein Match zählt auch hier 157 Spielpunkte plus 100 Punkte extra» (jassonkel.ch).
MATCH_POINTS: Final = 257
#: The range of a written score (a game writes at most a match and two Stöck).
MAX_SCORE: Final = 10**7


@attrs.frozen(cache_hash=True)
class Rules:
    """The options of Bieter for three; the defaults are the Jassreglement's numbers as
    jassverzeichnis.ch quotes them, with jasswiki.ch's «Jassbuch» text for the procedure
    (:doc:`/rules/bieter`).

    >>> Rules().min_bid, Rules().bid_step, Rules().goal
    (600, 10, 1000)
    >>> Rules(bid_step=7)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: bid_step=7: expected one of 5, 10
    """

    #: Where the sources disagree and the library keeps one rule without an option.
    DISAGREEMENTS: ClassVar[tuple[str, ...]] = (
        "**What the King may name in the first game**: jasswiki.ch «Zum ersten Spiel bestimmt der König den "
        "Trumpf. Er kann wählen zwischen einer Trumpffarbe, einem Obenabe, einem Undenufe oder einem Hindersi» "
        "(the default); jassonkel.ch: «Er kann eine beliebige Farbe zum Trumpf erklären» (``suits_only=True``).",
    )
    #: The rules of Bieter in the sources that the library cannot play yet.
    NOT_SUPPORTED: ClassVar[tuple[NotSupported, ...]] = (
        NotSupported(
            "Weis («der kleine Weis»)",
            "jassonkel.ch: «Es gilt der kleine Weis»; jasswiki.ch: «Beim Hindersi (Misère) entscheidet bei gleich "
            "hohen Weisen die wertvollere Karte». No source says which Weis the «kleiner Weis» allows, nor whether "
            "the two Bauern pool theirs against the King's; the library plays without Weis (Stöck count).",
            "weis",
        ),
        NotSupported(
            "Bieter for four and five players",
            "jasswiki.ch: «für 3 Spieler (auch 4 oder 5 Spieler möglich)»; four: «jedem Spieler 4 Karten [...] 2 "
            "Karten verdeckt und 2 Karten offen auf den Tisch [...] Das Mindestgebot liegt bei 350 Punkten»; five: "
            "«Nachdem der Eichel-Siebener [...] entfernt wurde [...] Er nennt eine Karte [...] Wer diese Karte "
            "besitzt, ist sein Partner». Only jasswiki.ch (rank 4) gives them; the library plays three.",
            "players",
        ),
        NotSupported(
            "Showing the face-down table cards on request",
            "jasswiki.ch: «wobei er auf Wunsch die 3 verdeckten Karten der Bauernpartei zeigen muss». The library "
            "has no move for the request: the three face-down cards stay hidden from the Bauernpartei.",
            "show_table",
        ),
        NotSupported(
            "Conceding a game after its first card",
            "jassonkel.ch: «Wird der Match im vorliegenden Falle angenommen, bevor die erste Karte ausgespielt ist, "
            "zählt ein eventueller Weis der Gegner nicht, sondern nur die Stöcke» implies a later concession "
            "too; no source says what it writes. The King decides before the first card only.",
            "concede_later",
        ),
    )

    #: The lowest first bid, a multiple of 5.
    #: Source: jassverzeichnis.ch «mit einem Mindeststartgebot von 500 Punkten (Jassreglement: 600)»;
    #: jasswiki.ch «bietet er mindestens 600 Punkte an».
    #: Disagreement: **Minimum bid**: 600 (the Reglement, jasswiki.ch: the default); 500 (the Luzern
    #: house rules of jassverzeichnis.ch): ``min_bid=500``; 350 (jassonkel.ch's «einfacher Bieter»,
    #: «sofern er mindestens 350 Punkte ansagt»): ``min_bid=350``.
    min_bid: int = attrs.field(default=600, validator=int_in(5, MAX_BID))
    #: The least raise over the bid before. Bids are multiples of 5 (every number the sources name is).
    #: Source: jassverzeichnis.ch «mindestens 5 Punkte (Jassreglement: 10) höher»; jassonkel.ch
    #: «um jeweils mindestens zehn Punkte überbieten».
    #: Disagreement: **Bid step**: 10 (the Reglement, jassonkel.ch: the default); 5 (Luzern): ``bid_step=5``.
    bid_step: int = attrs.field(default=10, validator=one_of(5, 10))
    #: A «fort» said before any bid is final too (off: the player may bid later).
    #: Source: jassverzeichnis.ch «Wer aber nicht mitbietet, kann später nicht mehr erneut einsteigen».
    #: Disagreement: **A «fort» before any bid**: final (jassverzeichnis.ch: the default); not final
    #: (jassonkel.ch: «Wer beim Bieter «fort» gesagt hat, ehe ein erstes Angebot gefallen ist, darf
    #: später wieder mitsteigern»): ``early_pass_final=False``.
    early_pass_final: bool = attrs.field(default=True, validator=instance_of(bool))
    #: The first deal gives 10 cards each and lays 6 on the table (3 face down, 3 face up), which
    #: the King takes before he lays 6 away; off: 12 cards each and no table.
    #: Source: jassverzeichnis.ch «Jeder Spieler erhält 10 Karten. Drei Karten werden verdeckt und drei
    #: offen auf den Tisch gelegt»; jasswiki.ch the same.
    #: Disagreement: **The first deal**: 10 each and 6 on the table (the default); 12 each, no table
    #: (jassonkel.ch: «Der Spielgeber verteilt dreimal vier Karten»): ``table_cards=False``.
    table_cards: bool = attrs.field(default=True, validator=instance_of(bool))
    #: The card points of the six cards the King lays away count for him.
    #: Source: none: no source says whether they count. Off (the default): they count for nobody,
    #: as only taken tricks count in the general rules.
    discards_count: bool = attrs.field(default=False, validator=instance_of(bool))
    #: In the first game the King may name only a trump suit (no Obenabe, Undenufe or Hindersi).
    #: Source: jasswiki.ch «zwischen einer Trumpffarbe, einem Obenabe, einem Undenufe oder einem Hindersi»
    #: (off, the default); jassonkel.ch «Er kann eine beliebige Farbe zum Trumpf erklären» (on).
    suits_only: bool = attrs.field(default=False, validator=instance_of(bool))
    #: What the King writes for a Hindersi in which he took no trick. Source: none: jasswiki.ch
    #: settles only the lost Hindersi («sonst schreibt die Bauernpartei einen Matsch mit
    #: Matschprämie», 257); the default mirrors it (a match, 257) for the King; 0 makes a
    #: Hindersi worth nothing to him.
    hindersi_won: int = attrs.field(default=MATCH_POINTS, validator=int_in(0, MATCH_POINTS))
    #: What the Bauernpartei must write together to win. Source: jassverzeichnis.ch «müssen
    #: 1’000 Jasspunkte erreichen»; jasswiki.ch the same. A smaller goal makes a short game.
    goal: int = attrs.field(default=1000, validator=int_in(1, 5000))
    #: The card-play options: the Bauer exception, and undertrumping (by default forbidden
    #: unless the hand holds only trumps).
    #: Source: no Bieter source says whether a player may undertrump; the default is Schieber's,
    #: the library's general rule (:doc:`/rules/general`).
    play: PlayRules = attrs.field(factory=PlayRules, validator=instance_of(PlayRules))
    #: The first dealer, 0, 1 or 2; ``None``: drawn from the game's seed.
    #: Source: none, an engine setting: the sources do not say who deals first («der beliebige Spielgeber»).
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, SEATS - 1, optional=True))

    def __attrs_post_init__(self) -> None:
        if self.min_bid % 5:
            raise InvalidRulesError(f"min_bid={self.min_bid!r}: expected a multiple of 5 (every bid is one)")

    @classmethod
    def reglement(cls) -> Rules:
        """The Jassreglement's numbers (jassverzeichnis.ch's brackets) and jasswiki.ch's procedure: the defaults."""
        return cls()

    @classmethod
    def luzern(cls) -> Rules:
        """jassverzeichnis.ch's Luzern house rules: a first bid of 500, raises of 5."""
        return cls(min_bid=500, bid_step=5)

    @classmethod
    def jassonkel(cls) -> Rules:
        """jassonkel.ch's «einfacher Bieter»: 12 cards each and no table, a first bid of 350, an
        early «fort» not final, trump suits only."""
        return cls(min_bid=350, table_cards=False, early_pass_final=False, suits_only=True)
