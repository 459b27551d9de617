"""Schieber's rules: :class:`Rules` (every option, its default and its source), its enums and
presets, and the limits that keep every game savable.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import LATER_OPTION, NamedEnum, NotSupported, instance_of, int_in
from jass.cards import Card, Rank
from jass.errors import InvalidRulesError
from jass.faces import Pairing
from jass.teams.rules import StoeckMode
from jass.tricks import PlayRules
from jass.trump import LAST_TRICK_BONUS, Trump
from jass.variant.state import MAX_ROUNDS
from jass.weis import MAX_WEIS_POINTS, STOECK_POINTS, WeisRules

__all__ = [
    "SEATS",
    "MAX_TARGET_SCORE",
    "SEED_MULTIPLIERS",
    "SWISSLOS_MULTIPLIERS",
    "FLAT_MULTIPLIERS",
    "EndMode",
    "ClaimBy",
    "CountingOrder",
    "FirstVorhand",
    "Rules",
]


#: Number of players.
SEATS: Final = 4
#: The points a round shares out: every card (152) and the last trick.
ROUND_POINTS: Final = 152 + LAST_TRICK_BONUS
#: The highest ``target_score``: the leading team has half of the round's points at least, so a
#: game to it ends within :data:`~jass.variant.MAX_ROUNDS` rounds (785,000), and can be saved.
MAX_TARGET_SCORE: Final = MAX_ROUNDS * ROUND_POINTS // 2
#: The highest match bonus and multiplier the rules take.
_MAX_MATCH_BONUS: Final = 10_000
_MAX_MULTIPLIER: Final = 100
#: The most a team can score in a round (every point, the match bonus, 16 Weis of the most points
#: in each of its two hands, the Stöck, times the multiplier), and so in a game of at most
#: MAX_ROUNDS rounds: the range of a written score that JSON loads.
_MAX_ROUND_SCORE: Final = (ROUND_POINTS + _MAX_MATCH_BONUS + 2 * 16 * MAX_WEIS_POINTS + STOECK_POINTS) * _MAX_MULTIPLIER
MAX_SCORE: Final = MAX_ROUNDS * _MAX_ROUND_SCORE


class EndMode(NamedEnum):
    """How a game played to a target ends."""

    #: Seed 001: the team that has just won a trick may go out ("Bedankt, genoeg"; at a Swiss
    #: table «Mer bedanked eus!»); if its points reach the target it wins at once, otherwise it
    #: loses at once. Without an announcement, the points are counted at the end of the round,
    #: the team that took the last trick first.
    CLAIM = "claim"
    #: The engine ends the game as soon as a team reaches the target (Swisslos).
    AUTO = "auto"


class ClaimBy(NamedEnum):
    """Who may go out («Mer bedanked eus!») in ``EndMode.CLAIM``."""

    #: The team that has just won a trick, before leading the next (seed 001: "het team dat
    #: net de slag maakt kan het einde van het spel aankondigen").
    TRICK_WINNER = "trick_winner"
    #: Either team at any time of the card play (the Jassreglement: "Jede Partei kann sich
    #: jederzeit bedanken, unabhängig davon, wer am Zug ist"). The engine asks one seat at a
    #: time, so it is the seat to act, for its team, before any card it plays.
    ANY_TEAM = "any_team"


class CountingOrder(NamedEnum):
    """The order in which points count when both teams reach the target during trick 1."""

    #: Stöck, then Weis, then the trick (seed 001 "Paar-Weis-Slag"; Swisslos "Stöck, Wys, Stich").
    STOECK_WEIS_STICH = "stoeck_weis_stich"
    #: Stöck, then the trick, then Weis.
    STOECK_STICH_WEIS = "stoeck_stich_weis"


class FirstVorhand(NamedEnum):
    """Who is Vorhand (chooses trump and leads) in the first round."""

    #: The seat after the first dealer, who comes from the game's seed (or ``first_dealer``).
    SEED = "seed"
    #: The seat dealt the Rosen 7 (♠7 in seed 001's pairing): it is Vorhand, the seat before it
    #: deals the first round (pagat.com, Schieber: «Der Spieler mit der Blumen Sieben ist Vorhand»).
    ROSEN_7 = "rosen_7"
    #: The seat dealt the 7 of diamonds (♦7): the Swiss suit the rules' ``pairing`` draws as ♦
    #: (Schellen in seed 001's and Romandie's pairing, Eicheln in Swisslos'). It is Vorhand, the
    #: seat before it deals the first round (jeuxdecartes.net, "Chibre": «Au premier tour, le
    #: joueur ayant le 7 de carreau fait atout»).
    DIAMONDS_7 = "diamonds_7"


#: Multipliers of the seed (Eicheln, Rosen, Schilten, Schellen, Obenabe, Undenufe).
SEED_MULTIPLIERS: Final = (1, 1, 2, 2, 3, 4)
#: Swisslos' multipliers for the game to 2500: both no-trump modes x3.
SWISSLOS_MULTIPLIERS: Final = (1, 1, 2, 2, 3, 3)
#: Every mode counts once.
FLAT_MULTIPLIERS: Final = (1, 1, 1, 1, 1, 1)


def _multipliers_valid(instance: object, attribute: object, value: object) -> None:
    """6 ints 1..100: Eicheln, Rosen, Schilten, Schellen, Obenabe, Undenufe."""
    if (
        not isinstance(value, tuple)
        or len(value) != 6
        or not all(isinstance(m, int) and not isinstance(m, bool) and 1 <= m <= _MAX_MULTIPLIER for m in value)
    ):
        raise InvalidRulesError(
            f"multipliers={value!r:.80}: expected 6 ints 1..{_MAX_MULTIPLIER} for Eicheln, Rosen, Schilten, "
            "Schellen, Obenabe, Undenufe"
        )


@attrs.frozen(cache_hash=True)  # a cache key of the Weis points
class Rules:
    """Every Schieber option (:doc:`/rules/schieber`); the defaults are the seed's (seed 001,
    "Spelregels voor Schieber"), or the official Swiss rule where the seed is silent.

    The options the official rules and the seed disagree on, each with its source:

    - ``weis=None``: a game without Weis, as clubs and tournaments play "ohne Weis" (the
      default: Weis on, the seed's "mag [...] aankondigen"); ``stoeck=StoeckMode.OFF`` a game
      without Stöck; both together a game of card points only;
    - ``stoeck``: Stöck credited when the second card is played (``IMMEDIATE``, the default:
      the official rule, and seed 001's "Paar-Weis-Slag" counts them during the round), at the
      end of the round (``ROUND_END``: seed 001's words "in de volgende ronde"), or never
      (``OFF``); ``stoeck_claim``: Stöck shown at any time to go out (jasswelt.ch);
    - ``claim_by``: who may go out in claim mode: the team that has just won a trick
      (``TRICK_WINNER``, seed 001) or either team at any time (``ANY_TEAM``, the
      Jassreglement);
    - ``counting_order``: when both teams reach the target during trick 1, Stöck, Weis, then
      the trick (``STOECK_WEIS_STICH``, seed 001 "Paar-Weis-Slag") or Stöck, the trick, then
      Weis (``STOECK_STICH_WEIS``);
    - ``first_vorhand``: the first round's Vorhand from the seed (``SEED``), the seat dealt
      the Rosen 7 (``ROSEN_7``, pagat.com) or the 7♦ (``DIAMONDS_7``, Romandie);
    - ``pairing``: which French suit each Swiss suit is (seed 001's, Swisslos', Romandie's);
    - ``weis.undenufe_order``: equal Weis in Undenufe by their cards in natural order
      (``NATURAL``, Q-K-A beats 6-7-8) or in Undenufe's order (``REVERSED``, Parlett).

    >>> Rules().multiplier(Trump.UNDENUFE), Rules.swisslos().multiplier(Trump.UNDENUFE)
    (4, 3)
    >>> Rules(target_score=None)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: set exactly one of target_score (a game to a target) and rounds (a fixed number of rounds)
    >>> Rules(weis=None, stoeck=StoeckMode.OFF).weis is None
    True
    """

    #: Where the sources disagree and no option plays the other side (it changes no game).
    DISAGREEMENTS: ClassVar[tuple[str, ...]] = (
        "**Showing the Weis**: the winning Weis are shown to everyone after the first trick (seed "
        "001: «De kaarten voor de hoogste Weis worden na de eerste slag open afgbeeld»; what the "
        "library's observations do); named unasked and shown only when the opponents ask "
        "(jeuxdecartes.net: «L’autre camp peut demander à voir les cartes qui forment les "
        "annonces»; de.wikipedia, \"Weis (Jassen)\": «bei Aufforderung auch gezeigt»). The game is "
        "the same: a table that only names them leaves the opponents to ask.",
    )

    #: The Schieber rules of the sources that the library cannot play yet.
    NOT_SUPPORTED: ClassVar[tuple[NotSupported, ...]] = (
        NotSupported(
            "Misère as a Schieber mode",
            'jasswiki: «Bei manchen Spielgruppen wird Misère auch als Schieber-Variante gespielt»; no source '
            "says what each team writes in it, how the multipliers count it or how a team goes out during it "
            "(the Misère of the sources is a Coiffeur row: :ref:`coiffeur-misere`).",
            "misere",
        ),
    )

    #: The score that ends the game. The highest allowed is one a game surely reaches within
    #: the round limit.
    #: Source: seed 001 names no number («het vastgestelde aantal punten»); 3000 is Parlett's
    #: target when Undenufe counts x4 ("Play up to 2500 points, or 3000 if Undenufe counts
    #: quadruple"), as the seed's multipliers do, and pagat.com's; Swisslos plays to 2500 with
    #: multipliers or 1000 without (presets ``swisslos`` and ``flat``).
    #: Disagreement: **The target**: 3000 (Parlett with Undenufe x4, pagat.com, spotlightongames:
    #: "Game to 3000 points"; the default); Swisslos plays to 2500 with multipliers and 1000
    #: without (presets ``swisslos``, ``flat``); Romandie to 1000, or 1500 "pique double"
    #: (jassvalais.ch: «1'000 points ou de 1'500 si l'atout pique est défini comme « pique
    #: double »»; presets ``romandie``, ``pique_double``).
    target_score: int | None = attrs.field(default=3000, validator=int_in(1, MAX_TARGET_SCORE, optional=True))
    #: Play a fixed number of rounds instead of a target (then ``target_score=None``).
    #: Source: Swisslos' tournament mode, 12 rounds (preset ``tournament``).
    rounds: int | None = attrs.field(default=None, validator=int_in(1, MAX_ROUNDS, optional=True))
    #: How a game to a target ends: ``CLAIM`` (a team goes out, «Mer bedanked eus!») or ``AUTO``.
    #: Source: seed 001 ("Bedankt, genoeg"); Swisslos' online game ends when a team reaches the
    #: target («automatisch beendet»).
    #: Disagreement: **Going out or counting**: a team goes out by announcing it, and wins or
    #: loses by it (seed 001; the default); Swisslos' online game ends by itself as soon as a
    #: team reaches the target (Swisslos: «automatisch beendet»): ``AUTO``.
    end_mode: EndMode = attrs.field(default=EndMode.CLAIM, validator=instance_of(EndMode))
    #: Multiplier per mode: Eicheln, Rosen, Schilten, Schellen, Obenabe, Undenufe.
    #: Source: seed 001 (1, 1, 2, 2, 3, 4); Swisslos' game to 2500 counts both no-trump modes x3.
    #: Disagreement: **Multipliers**: x1, x1, x2, x2, x3, x4 (seed 001, «Dure ronden»; the
    #: default); Undenufe x3 like Obenabe (Swisslos: «Wird Obenabe oder Undenufe gewählt, zählen
    #: alle erzielten Punkte dreifach»; preset ``swisslos``); every mode once (Swisslos' game to
    #: 1000, its tournaments, Romandie); a spades game double in Romandie's "pique double"
    #: (jassvalais.ch; preset ``pique_double``).
    multipliers: tuple[int, ...] = attrs.field(default=SEED_MULTIPLIERS, validator=_multipliers_valid)
    #: After a push, the partner may push back to Vorhand, who must then choose.
    #: Source: seed 001 has the partner choose (off); pushing back is a table's own rule.
    #: Disagreement: **Pushing back**: the partner must choose (seed 001, Swisslos: «Schiebt sie,
    #: so muss der Partner Trumpf bestimmen»; jeuxdecartes.net: «son partenaire doit
    #: obligatoirement choisir une couleur d’atout»; the default); the partner may push it back
    #: (spotlightongames: "In the latter case, the partner either chooses a contract or
    #: "shoves" it back to forehand"): ``True``.
    allow_push_back: bool = attrs.field(default=False, validator=instance_of(bool))
    #: Points for taking all nine tricks (before the multiplier); 0 turns it off.
    #: Source: seed 001 ("krijgen de tegenstanders nog 100 punten extra") and Swisslos.
    match_bonus: int = attrs.field(default=100, validator=int_in(0, _MAX_MATCH_BONUS))
    #: Every player's Weis is declared automatically (for simulation).
    #: Source: none, an engine setting: at the table declaring is optional (seed 001: "mag").
    auto_declare: bool = attrs.field(default=False, validator=instance_of(bool))
    #: The first round's dealer; ``None`` draws it from the game's seed.
    #: Source: none, an engine setting: the seeds do not say who deals first.
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, SEATS - 1, optional=True))
    #: The Weis options; ``None``: a game without Weis ("ohne Weis", clubs and tournaments).
    #: Source: seed 001 ("mag [...] aankondigen"); clubs and tournaments play without Weis.
    #: Disagreement: **Without Weis, without Stöck**: Weis and Stöck count (seed 001; the
    #: default); clubs and tournaments play without them (jassinfo.ch: «Gespielt wird der
    #: Schieber mit zugelosten Partnern ohne Stöck und Weis»; Jassclub Kilchberg): ``None``, and
    #: ``stoeck=StoeckMode.OFF``.
    weis: WeisRules | None = attrs.field(factory=WeisRules, validator=instance_of(WeisRules, optional=True))
    #: The card-play options (Bauer exception, undertrumping forbidden unless only trumps).
    play: PlayRules = attrs.field(factory=PlayRules, validator=instance_of(PlayRules))
    #: When Stöck are credited: ``IMMEDIATE`` (the second card played), ``ROUND_END``, ``OFF``.
    #: Source: the official rule counts them at the second card; seed 001 "in de volgende
    #: ronde" (``ROUND_END``); ``OFF`` is a game without Stöck.
    #: Disagreement: **When the Stöck count**: when the second of the two cards is played
    #: (jasswelt.ch, "Die Stöcke": «Gewiesen werden die Stöcke beim Ausspielen der zweiten
    #: Stöckkarte»; Parlett; the default); seed 001's words read literally, after the round
    #: («krijgt u in de volgende ronde 20 punten extra»): ``ROUND_END``.
    stoeck: StoeckMode = attrs.field(default=StoeckMode.IMMEDIATE, validator=instance_of(StoeckMode),
                                     metadata=LATER_OPTION)
    #: Who may go out («Mer bedanked eus!»): ``TRICK_WINNER`` or ``ANY_TEAM``.
    #: Source: seed 001 ("het team dat net de slag maakt"); the Jassreglement ("Jede Partei
    #: kann sich jederzeit bedanken").
    #: Disagreement: **Who may go out**: the team that has just won a trick (seed 001: «het
    #: team dat net de slag maakt kan het einde van het spel aankondigen»; the default); either
    #: team at any time, whoever is to play (the Jassreglement: «Jede Partei kann sich jederzeit
    #: bedanken, unabhängig davon, wer am Zug ist»): ``ANY_TEAM``.
    claim_by: ClaimBy = attrs.field(default=ClaimBy.TRICK_WINNER, validator=instance_of(ClaimBy),
                                    metadata=LATER_OPTION)
    #: The count when both teams reach the target in trick 1: ``STOECK_WEIS_STICH`` or
    #: ``STOECK_STICH_WEIS``.
    #: Source: seed 001 ("Paar-Weis-Slag") and Swisslos ("Stöck, Wys, Stich"); allmedias.ch
    #: counts the trick before the Weis.
    #: Disagreement: **Counting order in the first trick**: Stöck, Weis, Stich (seed 001
    #: «Paar-Weis-Slag»; Swisslos «Stöck, Wys, Stich»; the default); Stöck, Stich, Weis by
    #: agreement (allmedias.ch: «Alternativ kann auch "Stöck - Stich - Wis" abgemacht
    #: werden»): ``STOECK_STICH_WEIS``.
    counting_order: CountingOrder = attrs.field(default=CountingOrder.STOECK_WEIS_STICH,
                                                validator=instance_of(CountingOrder), metadata=LATER_OPTION)
    #: The first round's Vorhand: ``SEED`` (after the first dealer) or ``ROSEN_7``.
    #: Source: pagat.com, Schieber (the holder of the seven of roses begins); the seeds do not
    #: say who begins (``SEED``, an engine setting).
    #: Disagreement: **The first Vorhand**: the seeds are silent (the default: the first dealer
    #: from the game's seed); the holder of the Rosen 7 (pagat.com: «Der Spieler mit der Blumen
    #: Sieben ist Vorhand»): ``ROSEN_7``; in Romandie the holder of the 7♦ (jeuxdecartes.net: «Au
    #: premier tour, le joueur ayant le 7 de carreau fait atout»): ``DIAMONDS_7``.
    first_vorhand: FirstVorhand = attrs.field(default=FirstVorhand.SEED, validator=instance_of(FirstVorhand),
                                              metadata=LATER_OPTION)
    #: Which French symbol each Swiss suit is drawn and written with at a French-pack table:
    #: it decides which French suits the multipliers double and which card is the first
    #: Vorhand's 7 of diamonds; rules and scores are stated by Swiss suit.
    #: Source: the table of suits of seed 001 (``SEED``); Swisslos pairs «Schilten/Schaufel oder
    #: Schellen/Kreuz» (``SWISSLOS``, its presets); Romandie names French suits (``ROMANDIE``).
    #: Disagreement: **Which French suit a Swiss suit is**: seed 001 pairs Eicheln ♣, Rosen ♠,
    #: Schilten ♥, Schellen ♦ (also jassen.ch and Parlett; the default); Swisslos pairs Eicheln
    #: ♦, Rosen ♥, Schilten ♠, Schellen ♣ («Rose/Herz oder Eichel/Ecken [...] Schilten/Schaufel
    #: oder Schellen/Kreuz»): ``SWISSLOS``; jassverzeichnis.ch's Coiffeur slate a third way
    #: (``JASSVERZEICHNIS``). At a French-pack table the doubled suits follow the pairing.
    pairing: Pairing = attrs.field(default=Pairing.SEED, validator=instance_of(Pairing), metadata=LATER_OPTION)
    #: A player going out («Mer bedanked eus!») shows Stöck not yet counted, held by himself or
    #: his partner, and they count: at any time of the card play, before or after the first of
    #: the two cards is played. Needs ``end_mode=CLAIM``, a target and ``stoeck=IMMEDIATE``.
    #: Source: jasswelt.ch, "Die Stöcke" («Beim Ausmachen dürfen die Stöcke jederzeit
    #: vorgewiesen werden, sofern die 20 Punkte zum Fertig machen genügen»); Parlett ("anyone who
    #: holds the marriage but has not yet scored for it may now do so"); off by default, as
    #: seed 001 counts the Stöck only when played.
    #: Disagreement: **Stöck shown to go out**: counted only when the second card is played
    #: (seed 001; the default); shown at any time to go out (jasswelt.ch, "Die Stöcke": «Beim
    #: Ausmachen dürfen die Stöcke jederzeit vorgewiesen werden, sofern die 20 Punkte zum Fertig
    #: machen genügen»; Parlett: "anyone who holds the marriage but has not yet scored for it may
    #: now do so"): ``True``.
    stoeck_claim: bool = attrs.field(default=False, validator=instance_of(bool), metadata=LATER_OPTION)

    def __attrs_post_init__(self) -> None:
        if (self.target_score is None) == (self.rounds is None):
            raise InvalidRulesError(
                "set exactly one of target_score (a game to a target) and rounds "
                "(a fixed number of rounds)"
            )
        if self.first_vorhand is not FirstVorhand.SEED and self.first_dealer is not None:
            raise InvalidRulesError(
                f"first_dealer={self.first_dealer} and first_vorhand={self.first_vorhand.value}: the holder of "
                "the card fixes the first dealer; set one of them"
            )
        if self.stoeck_claim and (self.end_mode is not EndMode.CLAIM or self.target_score is None
                                  or self.stoeck is not StoeckMode.IMMEDIATE):
            raise InvalidRulesError(
                "stoeck_claim=True: Stöck are shown to go out, which needs end_mode=claim, a target_score "
                f"and stoeck=immediate (got end_mode={self.end_mode.value}, target_score={self.target_score}, "
                f"stoeck={self.stoeck.value})"
            )

    def first_vorhand_card(self) -> Card | None:
        """The card whose holder is the first Vorhand, or ``None`` when the seed decides.

        >>> Rules(first_vorhand=FirstVorhand.DIAMONDS_7).first_vorhand_card(), Rules.romandie().first_vorhand_card()
        (Card.D7, Card.D7)
        >>> Rules(first_vorhand=FirstVorhand.DIAMONDS_7, pairing=Pairing.SWISSLOS).first_vorhand_card()
        Card.C7
        """
        if self.first_vorhand is FirstVorhand.ROSEN_7:
            return Card.S7
        if self.first_vorhand is FirstVorhand.DIAMONDS_7:
            return Card.of(self.pairing.suit("♦"), Rank.SEVEN)
        return None

    def multiplier(self, trump: Trump) -> int:
        """The multiplier of mode ``trump``."""
        return self.multipliers[trump]

    @classmethod
    def seed(cls) -> Rules:
        """The seed's rules (the defaults): to 3000, x1/x1/x2/x2/x3/x4, going out by announcing."""
        return cls()

    @classmethod
    def swisslos(cls) -> Rules:
        """Swisslos' game to 2500: x1 Eicheln/Rosen, x2 Schilten/Schellen (♠ and ♣ in Swisslos'
        pairing), x3 Obenabe and Undenufe; the game ends as soon as a team reaches the target."""
        return cls(target_score=2500, multipliers=SWISSLOS_MULTIPLIERS, end_mode=EndMode.AUTO,
                   pairing=Pairing.SWISSLOS)

    @classmethod
    def flat(cls) -> Rules:
        """Swisslos' game to 1000 with every mode counted once, ending automatically."""
        return cls(target_score=1000, multipliers=FLAT_MULTIPLIERS, end_mode=EndMode.AUTO, pairing=Pairing.SWISSLOS)

    @classmethod
    def tournament(cls, rounds: int = 12) -> Rules:
        """Swisslos' tournament mode: a fixed number of rounds (12), every mode counted once."""
        return cls(target_score=None, rounds=rounds, multipliers=FLAT_MULTIPLIERS, pairing=Pairing.SWISSLOS)

    @classmethod
    def romandie(cls) -> Rules:
        """The chibre of Romandie: French suits, a game to 1000 with every mode counted once
        (jassvalais.ch), the holder of the 7♦ Vorhand in the first round (jeuxdecartes.net)."""
        return cls(target_score=1000, multipliers=FLAT_MULTIPLIERS, pairing=Pairing.ROMANDIE,
                   first_vorhand=FirstVorhand.DIAMONDS_7)

    @classmethod
    def pique_double(cls) -> Rules:
        """The chibre "pique double" (jassvalais.ch): as :meth:`romandie`, but a game to 1500
        in which a spades (♠) game counts double, every other mode once."""
        multipliers = tuple(2 if mode.suit is not None and Pairing.ROMANDIE.symbol(mode.suit) == "♠" else 1
                            for mode in Trump)
        return attrs.evolve(cls.romandie(), target_score=1500, multipliers=multipliers)


# Enum members as module constants: ``EndMode.CLAIM`` is a class-attribute lookup through the
# enum's metaclass, several times slower than a global, and the hot paths ask on every card.
CLAIM: Final = EndMode.CLAIM
TRICK_WINNER: Final = ClaimBy.TRICK_WINNER
ANY_TEAM: Final = ClaimBy.ANY_TEAM
ROSEN_7: Final = FirstVorhand.ROSEN_7
IMMEDIATE: Final = StoeckMode.IMMEDIATE
