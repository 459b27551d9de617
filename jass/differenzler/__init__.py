"""Differenzler: four players, each for themselves, predict the points they will take.

Seed 001, "Spelregels voor Differenzler":

    *Vier spelers spelen zonder partners, ieder voor zich, in vier ronden. Aan het
    begin van elke ronden krijgt iedereen negen kaarten. De laatste kaart van de
    deler wordt opgelegd en bepaald de troefkleur. Dan moet u een schatting geven
    van hoeveel punten u in deze ronden slaat. Deze schatting kan openbaar of in
    het geheim gemaakt worden - afhankelijk van welke modus van het spel gekozen
    is. Na de ronde worden de werkelijk gemaakte punten geteld en het verschil met
    de schatting wordt als minpunten genoteerd. Wie na vier rondes de minste
    minpunten heeft wint het spel (bij gelijkspel wordt een ronde meer gespeeld).*

(Four players play without partners, each for themselves, in four rounds. Each
round everyone gets nine cards. The dealer's last card is laid face up and fixes
trump. Then you estimate how many points you will take this round, openly or in
secret, depending on the mode chosen. After the round the points taken are
counted and the difference from the estimate is written as penalty points.
Whoever has the fewest penalty points after four rounds wins; on a tie one more
round is played.)

A round goes: :class:`Deal` (automatic for the first round), one :class:`Predict`
per seat from Vorhand (the seat after the dealer) round to the dealer, then nine
tricks of :class:`~jass.play.PlayCard` led by Vorhand, with the card-play rules
of :mod:`jass.tricks` (undertrumping only when void in the led suit). No Weis, no Stöck, no match
bonus: the round's 157 points (152 in cards, 5 for the last trick) are shared
out as taken.

Three can play too (:meth:`Rules.three`, the Jassreglement's "auch drei sind möglich, mit 12
Karten"): twelve cards each, twelve tricks of three cards, still 157 points a round.

>>> from jass import differenzler as dz
>>> state = dz.new_game(seed=11, rules=dz.Rules(first_dealer=3))
>>> state.phase, dz.to_act(state)          # Vorhand predicts first
(Phase.PREDICT, 0)
>>> state.face_up in state.play.hands[3]    # the face-up card stays with the dealer
True
>>> state.trump == state.face_up.suit
True
>>> state = dz.apply(state, dz.Predict(40))
>>> dz.observe(state, 1).predictions      # secret: seat 1 does not see seat 0's 40
(None, None, None, None)
>>> dz.observe(state, 0).predictions
(40, None, None, None)

The package's files, one concern each (the same in every variant): ``rules`` (:class:`Rules`,
its enums and presets), ``moves``, ``state`` (:class:`Setting`, :class:`State`,
:class:`Observation`, :class:`RoundScore`), ``dealing`` (the deal and the face-up card),
``score`` (the one scoring function: the penalties), ``game`` (:func:`new_game`,
:func:`legal_moves`, :func:`apply`, :func:`observe`...), then what the layers above read:
``notation``, ``loading``, ``text``, ``ai``, ``encoding``, ``checks``. This file registers the
variant (:data:`VARIANT`) in :mod:`jass.variant`.
"""

from typing import Final

from jass.differenzler.ai import *  # noqa: F403
from jass.differenzler.ai import AI
from jass.differenzler.checks import CHECKS
from jass.differenzler.dealing import *  # noqa: F403
from jass.differenzler.encoding import ENCODING
from jass.differenzler.game import *  # noqa: F403
from jass.differenzler.loading import *  # noqa: F403
from jass.differenzler.loading import LOADING
from jass.differenzler.moves import *  # noqa: F403
from jass.differenzler.notation import *  # noqa: F403
from jass.differenzler.notation import NOTATION, RECORDS
from jass.differenzler.rules import *  # noqa: F403
from jass.differenzler.score import *  # noqa: F403
from jass.differenzler.state import *  # noqa: F403
from jass.differenzler.text import TEXT
from jass.differenzler.view import *  # noqa: F403
from jass.play import PlayCard
from jass.variant import Variant, register

__all__ = [
    "SEATS",
    "SEAT_COUNTS",
    "MAX_PREDICTION",
    "Phase",
    "PredictionMode",
    "ZeroBonus",
    "Rules",
    "Predict",
    "PlayCard",
    "Deal",
    "Move",
    "RoundScore",
    "Setting",
    "State",
    "Observation",
    "new_game",
    "legal_moves",
    "apply",
    "apply_trusted",
    "to_act",
    "is_over",
    "winner",
    "score_round",
    "observe",
    "card_zones",
    "predicted_points",
    "hand_sampler",
    "sample_hands",
    "determinize",
    "round_values",
    "standings",
    "format_move",
    "parse_move",
    "check_loaded",
    "check_observation",
    "DIFFERENZLER_PLAY",
    "seating",
    "dealer_credit",
    "VARIANT",
]

#: Differenzler, described for the registry (:mod:`jass.variant`).
VARIANT: Final = register(
    Variant(
        name="differenzler",
        title="Differenzler",
        seats=SEATS,
        teams=((0,), (1,), (2,), (3,)),
        rules_type=Rules,
        state_type=State,
        move_types=(Predict, PlayCard, Deal),
        observation_type=Observation,
        presets={"seed": Rules.seed, "open": Rules.open, "jasswelt": Rules.jasswelt, "three": Rules.three,
                 "jasswiki_three": Rules.jasswiki_three},
        new_game=new_game,
        legal_moves=legal_moves,
        apply=apply,
        apply_trusted=apply_trusted,
        to_act=to_act,
        is_over=is_over,
        winner=winner,
        score_round=score_round,
        observe=observe,
        card_zones=card_zones,
        standings=standings,
        lower_is_better=True,
        standing_name="penalty points",
        notation=NOTATION,
        records=RECORDS,
        loading=LOADING,
        text=TEXT,
        ai=AI,
        encoding=ENCODING,
        checks=CHECKS,
        module=__name__,
        seating=seating,
    )
)
