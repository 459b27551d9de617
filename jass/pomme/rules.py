"""La pomme's rules: :class:`Rules` (every option, its default and its source), its presets, and
the limits that keep every game savable.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import NotSupported, instance_of, int_in
from jass.tricks import PlayRules

__all__ = ["SEATS", "MAX_TARGET_POINTS", "MAX_POMME_THRESHOLD", "Rules"]


#: The number of players.
SEATS: Final = 2
TITLE: Final = "two-player Jass (la pomme)"
#: The range of a game score or a pomme count (a round changes each by one at most, and a game
#: has at most MAX_ROUNDS rounds).
MAX_SCORE: Final = 10**6
#: The highest ``target_points``: with the highest threshold a game to it takes some 1,100 rounds
#: of random play, well within the round limit :data:`~jass.variant.MAX_ROUNDS`.
MAX_TARGET_POINTS: Final = 100
#: The highest ``pomme_threshold``. A pomme marks a poor round: with a threshold above about a
#: fifth of a round's points, pommes come faster than won rounds, scores fall instead of rising,
#: and a game never ends (at 159, more than a player can take, every round is a pomme for both).
#: At 30 a random player still gains 0.09 points a round with every option (with
#: ``trump_jack_points=0``, the fewest points; tests/test_robust.py measures it); at 39, 0.16 lost.
MAX_POMME_THRESHOLD: Final = 30


@attrs.frozen(cache_hash=True)
class Rules:
    """The options of two-player Jass; the defaults are seed 000's rules (:doc:`/rules/pomme`).

    >>> Rules().trump_jack_points, Rules().target_points
    (21, 7)
    >>> Rules(target_points=0)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: target_points=0: expected an int 1..100
    >>> Rules(pomme_threshold=159)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: pomme_threshold=159: expected an int 0..30
    """

    #: Where the sources disagree and the library keeps one score (the sum is the same).
    DISAGREEMENTS: ClassVar[tuple[str, ...]] = (
        "**The score sheet**: one score, a pomme «moins 1 point» (seed 000, the library); a tick "
        "(putze) and an O on the sheet (fr.wikipedia: «une putze (une coche sur la feuille de score)», "
        "«une pomme (un O sur la feuille de score)»), the O's bought back by ticks at the end "
        "(kirschmann.ch: «Une pomme est égale à une putze en moins»). The game score is the same.",
    )
    #: The rules of la pomme in the sources that the library cannot play yet.
    NOT_SUPPORTED: ClassVar[tuple[NotSupported, ...]] = (
        NotSupported(
            "Weis and Stöck in la pomme",
            "seed 000 says nothing of them; fr.wikipedia: «Une annonce ne doit pas forcement être validée par un "
            "pli»; kirschmann.ch: «annonces valables cumulées»; a French rule sheet (doczz.fr, «Règle du jeu de "
            "Pomme»): «Les annonces acceptées rapportent des points à leurs auteurs à l'issue de la main en "
            "cours»; the library plays without them.",
            "weis",
        ),
        NotSupported(
            "La pomme (putze) for three or four players",
            "fr.wikipedia: «pouvant se jouer à deux, trois ou quatre joueurs»; kirschmann.ch, «La putze ou "
            "pomme»: «A chaque donne, il y a deux putzes en jeu»; the library plays the two-player game of "
            "seed 000.",
            "players",
        ),
    )

    #: Points of the trump Jack.
    #: Source: seed 000 ("Valet d'atout : 21 points"); 20 is the general Jass value.
    #: Disagreement: **The trump Jack**: 21 (seed 000: «Valet d’atout : 21 points»; the
    #: default), though the seed calls the card values «identiques à celles du jass», where the
    #: trump Jack is 20; fr.wikipedia: «les valeurs des cartes sont celle du jass»: ``20``.
    trump_jack_points: int = attrs.field(default=21, validator=int_in(0, 1000))
    #: The first player to reach this game score wins.
    #: Source: seed 000 ("Le premier joueur à totaliser 7 points gagne la partie").
    target_points: int = attrs.field(default=7, validator=int_in(1, MAX_TARGET_POINTS))
    #: The first player to collect 3 pommes loses.
    #: Source: seed 000's variant ("Une variante peut également désigner comme perdant le
    #: premier joueur à totaliser 3 pommes").
    three_pommes_lose: bool = attrs.field(default=False, validator=instance_of(bool))
    #: A round total under this is a pomme. The highest allowed keeps pommes from outnumbering
    #: won rounds, so that a game ends.
    #: Source: seed 000 ("moins de 21 points").
    pomme_threshold: int = attrs.field(default=21, validator=int_in(0, MAX_POMME_THRESHOLD))
    #: When both players are under the threshold, nobody scores the +1 or a pomme. Off: each
    #: scores a pomme and the higher total still scores +1.
    #: Source: fr.wikipedia "Pomme (jeu de cartes)"; off as seed 000 reads.
    #: Disagreement: **Both players under 21**: each scores a pomme and the higher total still
    #: scores +1 (seed 000 read as written; the default); nothing is scored (fr.wikipedia: «Dans ce
    #: cas-là, aucune putze et aucune pomme n'est marquée»): ``True``.
    both_pommes_cancel: bool = attrs.field(default=False, validator=instance_of(bool))
    #: A player whose only trump is the Jack need not play it to a trump lead (the Bauer
    #: exception of the general rules).
    #: Source: the general rule (seed 001: "met uitzondering van troef-boer"); seed 000 is
    #: silent, so the general rule stands.
    bauer_exception: bool = attrs.field(default=True, validator=instance_of(bool))
    #: The first dealer, 0 or 1; ``None``: drawn from the game's seed.
    #: Source: none, an engine setting: the seeds do not say who deals first.
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, 1, optional=True))

    @classmethod
    def seed(cls) -> Rules:
        """Seed 000's rules: the defaults."""
        return cls()

    @classmethod
    def three_pommes(cls) -> Rules:
        """Seed 000's variant: the first player to collect 3 pommes loses."""
        return cls(three_pommes_lose=True)

    @classmethod
    def wikipedia(cls) -> Rules:
        """fr.wikipedia's reading: when both players are under 21, nothing is scored."""
        return cls(both_pommes_cancel=True)

    @property
    def play_rules(self) -> PlayRules:
        """The card-play options (undertrumping cannot arise with two players)."""
        return _PLAY_RULES[self.bauer_exception]


_PLAY_RULES: Final = {True: PlayRules(bauer_exception=True), False: PlayRules(bauer_exception=False)}
