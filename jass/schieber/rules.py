"""Schieber's rules: :class:`Rules` (every option, its default and its source), its enums and
presets, and the limits that keep every game savable.
"""

from __future__ import annotations

from typing import Final

import attrs

from jass._base import LATER_OPTION, NamedEnum, instance_of, int_in
from jass.errors import InvalidRulesError
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

    #: Seed 001: the team that has just won a trick may announce "bedankt, genug"; if its
    #: points reach the target it wins at once, otherwise it loses at once. Without an
    #: announcement, the points are counted at the end of the round, the team that took
    #: the last trick first.
    CLAIM = "claim"
    #: The engine ends the game as soon as a team reaches the target (Swisslos).
    AUTO = "auto"


class ClaimBy(NamedEnum):
    """Who may announce "bedankt, genug" in ``EndMode.CLAIM``."""

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
    #: The seat dealt the Rosen 7 (♠7): it is Vorhand, the seat before it deals the first round
    #: (pagat.com, Schieber: the holder of the seven of roses begins).
    ROSEN_7 = "rosen_7"


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
      end of the round (``ROUND_END``: seed 001's words "in de volgende ronde", German source
      "nach der Runde"), or never (``OFF``);
    - ``claim_by``: who may say "bedankt, genug" in claim mode: the team that has just won a
      trick (``TRICK_WINNER``, seed 001) or either team at any time (``ANY_TEAM``, the
      Jassreglement);
    - ``counting_order``: when both teams reach the target during trick 1, Stöck, Weis, then
      the trick (``STOECK_WEIS_STICH``, seed 001 "Paar-Weis-Slag") or Stöck, the trick, then
      Weis (``STOECK_STICH_WEIS``);
    - ``first_vorhand``: the first round's Vorhand from the seed (``SEED``) or the seat dealt
      the Rosen 7 (``ROSEN_7``, pagat.com);
    - ``weis.undenufe_sequences``: equal sequences in Undenufe by their top card in natural
      order (``NATURAL``, Q-K-A beats 6-7-8) or in Undenufe's order (``REVERSED``, Parlett).

    >>> Rules().multiplier(Trump.UNDENUFE), Rules.swisslos().multiplier(Trump.UNDENUFE)
    (4, 3)
    >>> Rules(target_score=None)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: set exactly one of target_score (a game to a target) and rounds (a fixed number of rounds)
    >>> Rules(weis=None, stoeck=StoeckMode.OFF).weis is None
    True
    """

    #: The score that ends the game. The highest allowed is one a game surely reaches within
    #: the round limit.
    #: Source: seed 001 (3000, the value used with the seed's multipliers); Swisslos plays to
    #: 2500 with multipliers or 1000 without (presets ``swisslos`` and ``flat``).
    target_score: int | None = attrs.field(default=3000, validator=int_in(1, MAX_TARGET_SCORE, optional=True))
    #: Play a fixed number of rounds instead of a target (then ``target_score=None``).
    #: Source: Swisslos' tournament mode, 12 rounds (preset ``tournament``).
    rounds: int | None = attrs.field(default=None, validator=int_in(1, MAX_ROUNDS, optional=True))
    #: How a game to a target ends: ``CLAIM`` ("bedankt, genug") or ``AUTO``.
    #: Source: seed 001 ("bedankt, genug"); Swisslos ends the game when a team reaches the target.
    end_mode: EndMode = attrs.field(default=EndMode.CLAIM, validator=instance_of(EndMode))
    #: Multiplier per mode: Eicheln, Rosen, Schilten, Schellen, Obenabe, Undenufe.
    #: Source: seed 001 (1, 1, 2, 2, 3, 4); Swisslos' game to 2500 counts both no-trump modes x3.
    multipliers: tuple[int, ...] = attrs.field(default=SEED_MULTIPLIERS, validator=_multipliers_valid)
    #: After a push, the partner may push back to Vorhand, who must then choose.
    #: Source: seed 001 has the partner choose (off); pushing back is a table's own rule.
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
    weis: WeisRules | None = attrs.field(factory=WeisRules, validator=instance_of(WeisRules, optional=True))
    #: The card-play options (Bauer exception, undertrumping forbidden unless only trumps).
    play: PlayRules = attrs.field(factory=PlayRules, validator=instance_of(PlayRules))
    #: When Stöck are credited: ``IMMEDIATE`` (the second card played), ``ROUND_END``, ``OFF``.
    #: Source: the official rule counts them at the second card; seed 001 "in de volgende
    #: ronde" (``ROUND_END``); ``OFF`` is a game without Stöck.
    stoeck: StoeckMode = attrs.field(default=StoeckMode.IMMEDIATE, validator=instance_of(StoeckMode),
                                     metadata=LATER_OPTION)
    #: Who may say "bedankt, genug": ``TRICK_WINNER`` or ``ANY_TEAM``.
    #: Source: seed 001 ("het team dat net de slag maakt"); the Jassreglement ("Jede Partei
    #: kann sich jederzeit bedanken").
    claim_by: ClaimBy = attrs.field(default=ClaimBy.TRICK_WINNER, validator=instance_of(ClaimBy),
                                    metadata=LATER_OPTION)
    #: The count when both teams reach the target in trick 1: ``STOECK_WEIS_STICH`` or
    #: ``STOECK_STICH_WEIS``.
    #: Source: seed 001 ("Paar-Weis-Slag") and Swisslos ("Stöck, Wys, Stich"); allmedias.ch
    #: counts the trick before the Weis.
    counting_order: CountingOrder = attrs.field(default=CountingOrder.STOECK_WEIS_STICH,
                                                validator=instance_of(CountingOrder), metadata=LATER_OPTION)
    #: The first round's Vorhand: ``SEED`` (after the first dealer) or ``ROSEN_7``.
    #: Source: pagat.com, Schieber (the holder of the seven of roses begins); the seeds do not
    #: say who begins (``SEED``, an engine setting).
    first_vorhand: FirstVorhand = attrs.field(default=FirstVorhand.SEED, validator=instance_of(FirstVorhand),
                                              metadata=LATER_OPTION)

    def __attrs_post_init__(self) -> None:
        if (self.target_score is None) == (self.rounds is None):
            raise InvalidRulesError(
                "set exactly one of target_score (a game to a target) and rounds "
                "(a fixed number of rounds)"
            )
        if self.first_vorhand is FirstVorhand.ROSEN_7 and self.first_dealer is not None:
            raise InvalidRulesError(
                f"first_dealer={self.first_dealer} and first_vorhand=rosen_7: the holder of the Rosen 7 "
                "fixes the first dealer; set one of them"
            )

    def multiplier(self, trump: Trump) -> int:
        """The multiplier of mode ``trump``."""
        return self.multipliers[trump]

    @classmethod
    def seed(cls) -> Rules:
        """The seed's rules (the defaults): to 3000, x1/x1/x2/x2/x3/x4, "bedankt, genug"."""
        return cls()

    @classmethod
    def swisslos(cls) -> Rules:
        """Swisslos' game to 2500: x1 Eicheln/Rosen, x2 Schilten/Schellen, x3 Obenabe and
        Undenufe; the game ends as soon as a team reaches the target."""
        return cls(target_score=2500, multipliers=SWISSLOS_MULTIPLIERS, end_mode=EndMode.AUTO)

    @classmethod
    def flat(cls) -> Rules:
        """Swisslos' game to 1000 with every mode counted once, ending automatically."""
        return cls(target_score=1000, multipliers=FLAT_MULTIPLIERS, end_mode=EndMode.AUTO)

    @classmethod
    def tournament(cls, rounds: int = 12) -> Rules:
        """Swisslos' tournament mode: a fixed number of rounds (12), every mode counted once."""
        return cls(target_score=None, rounds=rounds, multipliers=FLAT_MULTIPLIERS)


# Enum members as module constants: ``EndMode.CLAIM`` is a class-attribute lookup through the
# enum's metaclass, several times slower than a global, and the hot paths ask on every card.
CLAIM: Final = EndMode.CLAIM
TRICK_WINNER: Final = ClaimBy.TRICK_WINNER
ANY_TEAM: Final = ClaimBy.ANY_TEAM
ROSEN_7: Final = FirstVorhand.ROSEN_7
IMMEDIATE: Final = StoeckMode.IMMEDIATE
