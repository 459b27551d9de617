"""Handjass for three's rules: :class:`Rules` (every option, its default and its source), its
presets, and the limits that keep every game savable.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import NotSupported, instance_of, int_in, one_of
from jass.tricks import PlayRules

__all__ = ["SEATS", "HAND_SIZE", "MAX_TARGET_STROKES", "MAX_NULLER_THRESHOLD", "Rules"]


#: The number of players.
SEATS: Final = 3
#: The cards each player is dealt, and the cards of the Blinde.
HAND_SIZE: Final = 9
TITLE: Final = "Handjass for three"
#: The range of a game score or a Nuller count (a round changes each by two at most, and a game
#: has at most MAX_ROUNDS rounds).
MAX_SCORE: Final = 10**6
#: The highest ``target_strokes``: jassonkel.ch names 5, 7 or 9; 21 leaves room for longer games.
MAX_TARGET_STROKES: Final = 21
#: The highest ``nuller_threshold``: pagat's 26, the highest of the sources. A Nuller marks a poor
#: deal; with a threshold much above a fair share (three players share some 119 points a deal)
#: Nullers come faster than strokes, scores fall and a game never ends. At 26 with one stroke a
#: deal a random player still gains about 0.03 strokes a deal; at 30, 0.03 lost
#: (tests/test_handjass.py measures it).
MAX_NULLER_THRESHOLD: Final = 26


@attrs.frozen(cache_hash=True)
class Rules:
    """The options of Handjass for three; the defaults are jassonkel.ch's «Der Handjass» for
    three players, with jassverzeichnis.ch's «Handjass à trois» (:doc:`/rules/handjass`).

    >>> Rules().target_strokes, Rules().strokes_per_deal, Rules().nuller_threshold
    (7, 2, 21)
    >>> Rules(strokes_per_deal=3)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: strokes_per_deal=3: expected one of 1, 2
    """

    #: Where the sources disagree and the library keeps one rule without an option.
    DISAGREEMENTS: ClassVar[tuple[str, ...]] = (
        "**Who may play a deal**: in jassonkel.ch and jassverzeichnis.ch each player says in turn whether "
        "he plays, and a single player may play (jassonkel.ch: «Spielt nur ein einziger Spieler von Vieren, so "
        "bekommt der Glückliche zwei Striche»); jasswiki.ch (four players): «Mindestens zwei Spieler müssen "
        "erklären, dass sie mit ihren Handkarten «kommen» möchten». The library lets nobody sit out (see "
        "*Not supported*): all three play every deal.",
    )
    #: The rules of Handjass in the sources that the library cannot play yet.
    NOT_SUPPORTED: ClassVar[tuple[NotSupported, ...]] = (
        NotSupported(
            "Sitting out a deal",
            "jassverzeichnis.ch: «Avant de jouer les premières cartes de jass, il faut indiquer dans l'ordre si "
            "l'on joue ou non [...] Un joueur qui ne joue pas ne peut pas gagner un trait, mais il ne peut pas "
            "non plus encaisser un zéro»; jassonkel.ch: ««Vorhand» erklärt zuerst, ob er mitspielt». The "
            "library's card play deals every seat into every trick, so all three play every deal.",
            "sit_out",
        ),
        NotSupported(
            "Weis and Stöck in Handjass",
            "jassonkel.ch (four players): «Es gilt der kleine Weis»; jasswiki.ch: «die meisten Karten- und "
            "Weispunkte». No source says which Weis the «kleiner Weis» allows, nor whether only the best "
            "Weis counts (as in Schieber) or every player's own; the library plays without Weis and Stöck.",
            "weis",
        ),
        NotSupported(
            "Playing on after the winner leaves",
            "jassonkel.ch: «Wer die vereinbarte Strichzahl erreicht hat, hat gewonnen und scheidet aus. Dann der "
            "Zweite, und so fort»; pagat: «the loser is the last remaining player who fails to reach 7 "
            "strokes». The two who remain would play Handjass for two (a spare and a dead hand, Parlett); the "
            "library's game ends with the first player to the target.",
            "play_on",
        ),
        NotSupported(
            "«Eventuell» or «i lose» (deciding in a second round)",
            "jasswiki.ch only (four players): «Wer sich noch unsicher ist, kann zunächst «eventuell» oder «i "
            "lose» (ich höre) melden»; no source says how it goes with three.",
            "eventuell",
        ),
        NotSupported(
            "Handjass «mit Bessern» (three extra cards each)",
            "jasswiki.ch: «Von den verbleibenden neun Karten erhält jeder Spieler nochmals drei Karten zugeteilt» "
            "and «Beim «Bessern» müssen stets alle drei Karten getauscht werden»: another deal (la pomme's "
            "exchange, for three).",
            "bessern",
        ),
    )

    #: The first player to this many strokes (net of Nullers) wins.
    #: Source: jassverzeichnis.ch («Dès qu'un joueur a 7 traits, il a gagné la partie»), pagat
    #: («a net score of 7 strokes»); jassonkel.ch: «auf 5, 7 oder 9». No source says who wins
    #: when two reach it in one deal: the library gives it to more strokes, and plays on while equal.
    target_strokes: int = attrs.field(default=7, validator=int_in(1, MAX_TARGET_STROKES))
    #: The strokes a deal gives: 2 (the two best scorers one each; the only player at the
    #: threshold or above both), or 1 (the best scorer only).
    #: Source: jassonkel.ch («Die beiden Spieler, die pro Runde am meisten Punkte erzielt haben,
    #: erhalten je einen Strich»), jassverzeichnis.ch («Deux traits sont distribués au total par jeu»).
    #: No source says how ties go: the library gives a stroke to each player with fewer than
    #: ``strokes_per_deal`` players above him.
    #: Disagreement: **Strokes per deal**: two (jassonkel.ch, jassverzeichnis.ch: the default);
    #: one, to the best scorer (jasswiki.ch «mit Blindem»: «Pro Spiel kann nur der Spieler, der die
    #: meisten Punkte erzielt, einen Strich notieren»): ``strokes_per_deal=1``.
    strokes_per_deal: int = attrs.field(default=2, validator=one_of(1, 2))
    #: A player with fewer points than this in a deal gets a Nuller (a minus stroke), and no stroke.
    #: Source: jassonkel.ch («Wer keine 21 Punkte im Spiel schafft, fällt herunter und bekommt eine Null»).
    #: Disagreement: **The Nuller**: under 21 points (jassonkel.ch, jassverzeichnis.ch: the default);
    #: under 26 (pagat, and jasswiki.ch for «Schläger»: «anyone who takes fewer than 26 card points
    #: gets a Null»): ``nuller_threshold=26``.
    nuller_threshold: int = attrs.field(default=21, validator=int_in(0, MAX_NULLER_THRESHOLD))
    #: The holder of the trump 6 robs the turned card before the Blinde is offered (the robbed
    #: 6 then lies on the Blinde); off: after every player has decided on the Blinde.
    #: Source: jassonkel.ch («Nachdem alle Beteiligten erklärt haben, ob sie mitspielen oder nicht,
    #: darf die Trumpfkarte des Stockes mit dem Trumpf-Sechser ausgetauscht (geraubt) werden»).
    #: Disagreement: **When the trump 6 robs**: after the Blinde (jassonkel.ch, jasswiki.ch: the
    #: default); first (whiteknucklecards.com: «Whichever player holds the 6 of trumps may then
    #: exchange it for the upturned card. Then [...] each player has the right to throw in his/her
    #: hand»): ``rob_before_exchange=True``.
    rob_before_exchange: bool = attrs.field(default=False, validator=instance_of(bool))
    #: The card-play options: the Bauer exception, and undertrumping (by default forbidden
    #: unless the hand holds only trumps).
    #: Source: no Handjass source says whether a player may undertrump; the default is the
    #: library's general rule (seed 001, :doc:`/rules/general`).
    play: PlayRules = attrs.field(factory=PlayRules, validator=instance_of(PlayRules))
    #: The first dealer, 0, 1 or 2; ``None``: drawn from the game's seed.
    #: Source: none, an engine setting: the sources do not say who deals first.
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, SEATS - 1, optional=True))

    @classmethod
    def jassonkel(cls) -> Rules:
        """jassonkel.ch's «Der Handjass» for three (and jassverzeichnis.ch's): the defaults."""
        return cls()

    @classmethod
    def pagat(cls) -> Rules:
        """pagat's reading: a Nuller under 26 points."""
        return cls(nuller_threshold=26)

    @classmethod
    def mit_blindem(cls) -> Rules:
        """jasswiki.ch's «Handjass mit Blindem»: one stroke a deal, to the best scorer."""
        return cls(strokes_per_deal=1)

    @classmethod
    def whiteknucklecards(cls) -> Rules:
        """whiteknucklecards.com's order: the trump 6 robs before the Blinde is offered."""
        return cls(rob_before_exchange=True)
