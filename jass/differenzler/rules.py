"""Differenzler's rules: :class:`Rules` (every option, its default and its source), its enums and
presets, and the card play it configures (undertrumping only when void).
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from jass._base import LATER_OPTION, NamedEnum, NotSupported, instance_of, int_in
from jass.errors import InvalidRulesError
from jass.tricks import PlayRules, Undertrump
from jass.variant.state import MAX_ROUNDS

__all__ = ["SEATS", "SEAT_COUNTS", "MAX_PREDICTION", "PredictionMode", "ZeroBonus", "Rules", "DIFFERENZLER_PLAY",
           "seating"]


#: Number of players of the seed's game (and the most a table has).
SEATS: Final = 4
#: The numbers of players a source deals for: four with nine cards each, three with twelve
#: (the Jassreglement, quoted by tagblatt.ch). No source deals Differenzler for five.
SEAT_COUNTS: Final = (3, 4)
#: The highest prediction: every point of a round (152 in cards + 5 for the last trick).
MAX_PREDICTION: Final = 157
CARDS_EACH: Final = 9
#: The cards of the pack: every card is dealt, whatever the number of players.
DECK_SIZE: Final = 36
#: The range of a seat's penalty total (an exact bonus can make it negative).
MAX_PENALTY: Final = 10**9


class PredictionMode(NamedEnum):
    """Who sees a prediction before the round ends (seed 001: "openbaar of in het geheim")."""

    #: Only the player who made it, until the round is over (Swisslos' "verdeckte Ansage").
    SECRET = "secret"
    #: Everyone, as soon as it is made (jasswelt.ch: the scorer writes it on the board).
    OPEN = "open"


class ZeroBonus(NamedEnum):
    """Does an exact prediction of 0 earn :attr:`Rules.exact_bonus`? (Sources differ.)"""

    #: Only if the player took a trick (necessarily one of 0 points): jasswelt.ch, "Um bei
    #: einer Nullansage diese 10 Bonuspunkte gutgeschrieben zu bekommen, ist ein Stich mit
    #: Null Punkten erforderlich".
    WITH_TRICK = "with_trick"
    #: Never (gambiter.com's Differenzler rules: "there is no bonus for predicting and
    #: making zero").
    NEVER = "never"
    #: Always, like any other exact prediction.
    ALWAYS = "always"


#: The card play of Differenzler: Bauer exception, undertrumping only when void in the led suit
#: (Swisslos "Differenzler", jassverzeichnis.ch, pagat; :doc:`/rules/differenzler`).
DIFFERENZLER_PLAY: Final = PlayRules(bauer_exception=True, undertrump=Undertrump.ALLOWED_IF_VOID)


def _seat_count(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    """Accept 3 or 4 players: the counts a source deals for."""
    if type(value) is not int or value not in SEAT_COUNTS:
        error = InvalidRulesError(
            f"seats={value!r:.40}: expected 3 or 4 (no source gives Differenzler's deal for other counts)"
        )
        error.field, error.index, error.expected, error.got = "seats", None, "3 or 4", None  # type: ignore[attr-defined]
        raise error


@attrs.frozen
class Rules:
    """Every Differenzler option (:doc:`/rules/differenzler`); the defaults are the seed's.

    >>> Rules()
    Rules(rounds=4, prediction_mode=PredictionMode.SECRET, exact_bonus=0,
          zero_prediction_bonus=ZeroBonus.WITH_TRICK, first_dealer=None,
          play=PlayRules(bauer_exception=True, undertrump=Undertrump.ALLOWED_IF_VOID), seats=4,
          dealer_credit=False)
    >>> Rules(rounds=0)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: rounds=0: expected an int 1..10000
    >>> Rules(seats=5)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: seats=5: expected 3 or 4 (no source gives Differenzler's deal for other counts)
    """

    #: Where the sources leave a reading open and the library takes one (no option needed).
    DISAGREEMENTS: ClassVar[tuple[str, ...]] = (
        "**Tie-break rounds**: seed 001 says only «bij gelijkspel wordt een ronde meer gespeeld»; "
        "the library has all four players play the extra round, which extends the game: afterwards "
        "the single lowest total wins, so a player who was not in the tie can still overtake.",
    )
    #: The Differenzler rules of the sources that the library cannot play yet.
    NOT_SUPPORTED: ClassVar[tuple[NotSupported, ...]] = (
        NotSupported(
            "Trump drawn at random instead of shown by the dealer's last card",
            'Swisslos, "Differenzler Jass-Regeln" (its online game): «Die Trumpffarbe wird jeweils vom Computer '
            "per Zufall ermittelt»; the library turns the dealer's last card (seed 001, jasswelt.ch).",
            "random_trump",
        ),
        NotSupported(
            "Differenzler for five players",
            "No source gives its deal. The nearest games take one card out and deal seven each "
            '(jasswiki\'s Bieter for five: «Nachdem der Eichel-Siebener [...] entfernt wurde, teilt der '
            'Spielgeber jedem Spieler zuerst vier, dann drei Karten aus»), or the dealer sits out (Parlett\'s '
            'Handjass: "If five play, each in turn deals and sits that hand out"); neither is said of '
            "Differenzler.",
            "five_players",
        ),
        NotSupported(
            "Stöck in Differenzler for three",
            "jasswiki (\"Jassbuch\"): «Als zusätzliche Variante können die Stöckpunkte mit einbezogen werden. "
            "Die 20 Stöckpunkte können dazugezählt beziehungsweise abgezogen werden.» It does not say "
            "to what they are added or from what taken, nor when; no other source has them.",
            "stoeck",
        ),
    )

    #: Rounds in a game; a tie for the lowest total adds rounds until broken, or until the
    #: round limit :data:`~jass.variant.MAX_ROUNDS` ends the game drawn.
    #: Source: seed 001 (four, "een ronde meer" on a tie); jasswelt.ch and jassverzeichnis.ch
    #: play twelve.
    #: Disagreement: **Length**: four rounds (seed 001: «in vier ronden»; the default); twelve
    #: (jasswelt.ch, jassverzeichnis.ch; preset ``jasswelt``).
    rounds: int = attrs.field(default=4, validator=int_in(1, MAX_ROUNDS))
    #: Who sees a prediction: ``SECRET`` (hidden until the round is over) or ``OPEN``.
    #: Source: seed 001 allows both ("openbaar of in het geheim"); Swisslos plays secret
    #: ("verdeckte Ansage"), jasswelt.ch open.
    #: Disagreement: **Open or secret predictions**: seed 001 allows both («openbaar of in het
    #: geheim»); secret (Swisslos: «Die Ansage geschieht verdeckt»; the default); open, on the
    #: board (jasswelt.ch: «Der Schreiber notiert für alle sichtbar auf der Tafel die geschätzten
    #: Punkte»): ``OPEN``.
    prediction_mode: PredictionMode = attrs.field(
        default=PredictionMode.SECRET, validator=instance_of(PredictionMode)
    )
    #: Points subtracted from the round's penalty of an exact prediction. The round's penalty
    #: is then ``-exact_bonus``, so a total can fall below zero.
    #: Source: seed 001 has none (0); jasswelt.ch and gambiter.com give 10.
    #: Disagreement: **Exact bonus**: none (seed 001; the default); 10 points off (jasswelt.ch:
    #: «Wer seine vorausgesagte Punktzahl genau erreicht hat, erhält 10 Bonuspunkte»;
    #: gambiter.com): ``exact_bonus=10``. The totals are not clamped and may fall below zero.
    exact_bonus: int = attrs.field(default=0, validator=int_in(0, 1_000))
    #: Whether an exact prediction of 0 earns the bonus (only matters with an ``exact_bonus``).
    #: Source: jasswelt.ch (only with a trick taken); gambiter.com never.
    #: Disagreement: **An exact prediction of 0**: the bonus only to a player who took a trick
    #: (jasswelt.ch: «ist ein Stich mit Null Punkten erforderlich»; the default); never
    #: (gambiter.com: "there is no bonus for predicting and making zero"): ``NEVER``; like any
    #: other prediction: ``ALWAYS``.
    zero_prediction_bonus: ZeroBonus = attrs.field(
        default=ZeroBonus.WITH_TRICK, validator=instance_of(ZeroBonus)
    )
    #: The first round's dealer; ``None`` draws it from the game's seed.
    #: Source: none, an engine setting: the seeds do not say who deals first.
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, SEATS - 1, optional=True))
    #: The card-play options (Bauer exception on; undertrumping allowed only to a player void
    #: in the led suit: who holds it follows or over-trumps).
    play: PlayRules = attrs.field(default=DIFFERENZLER_PLAY, validator=instance_of(PlayRules))
    #: The number of players: 4, nine cards each; or 3, twelve cards each (12 tricks of three
    #: cards; the round's points are still 157).
    #: Source: the Jassreglement as tagblatt.ch quotes it («Er wird mit vier Spielern (auch drei
    #: sind möglich, mit 12 Karten) gespielt») and jasswiki («Jeder Spieler erhält 12 Karten (3 x
    #: 4 Karten).»). No source says how three find trump: the library turns the dealer's last
    #: card, as the Jassreglement does for four.
    #: Disagreement: **Five players**: no source gives a deal; not supported.
    seats: int = attrs.field(default=SEATS, validator=_seat_count, metadata=LATER_OPTION)
    #: The dealer, who predicts last, is credited one point per five points by which all the
    #: predictions together miss 157 (over or under; the rest below five counts nothing), taken
    #: off the dealer's penalty of the round.
    #: Source: jasswiki ("Jassbuch"), Differenzler for three («Als letzter Ansager erhält er pro
    #: 5 Punkte unter oder über 157 Schätzpunkten 1 Punkt gutgeschrieben. Diese Gutschriftpunkte
    #: verrechnet er nach jedem Spiel mit seinen Differenzpunkten.»). No other source has it, and
    #: none says how a rest below five counts: the library counts only full fives.
    dealer_credit: bool = attrs.field(default=False, validator=instance_of(bool), metadata=LATER_OPTION)

    def __attrs_post_init__(self) -> None:
        if self.first_dealer is not None and self.first_dealer >= self.seats:
            raise InvalidRulesError(
                f"first_dealer={self.first_dealer}: expected a seat 0..{self.seats - 1} of the {self.seats} players"
            )

    @property
    def cards_each(self) -> int:
        """The cards each player is dealt: the whole pack shared out (9 for four, 12 for three)."""
        return DECK_SIZE // self.seats

    @property
    def tricks(self) -> int:
        """The tricks of a round: as many as each player holds cards."""
        return DECK_SIZE // self.seats

    @classmethod
    def seed(cls) -> Rules:
        """The seed's rules (the defaults): four rounds, secret predictions, no exact bonus."""
        return cls()

    @classmethod
    def open(cls) -> Rules:
        """As the seed, with open predictions."""
        return cls(prediction_mode=PredictionMode.OPEN)

    @classmethod
    def jasswelt(cls) -> Rules:
        """jasswelt.ch's "offene Ansage": 12 rounds, open predictions, 10 points off for an
        exact prediction (a prediction of 0 only with a trick taken)."""
        return cls(rounds=12, prediction_mode=PredictionMode.OPEN, exact_bonus=10)

    @classmethod
    def three(cls) -> Rules:
        """Differenzler for three players as the Jassreglement allows it (tagblatt.ch: «auch drei
        sind möglich, mit 12 Karten»): twelve cards each, otherwise the seed's rules."""
        return cls(seats=3)

    @classmethod
    def jasswiki_three(cls) -> Rules:
        """jasswiki's Differenzler for three: twelve cards each, 10 points off an exact prediction
        (one of 0 only with a trick taken), and the dealer's credit for predictions that miss 157."""
        return cls(seats=3, exact_bonus=10, dealer_credit=True)


def seating(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The players under ``rules``, each for themselves: one team of one seat per player.

    >>> seating(Rules.three())
    ((0,), (1,), (2,))
    """
    return tuple((seat,) for seat in range(rules.seats))
