"""Schieber: the four-player partnership game (seed 001, "Spelregels voor Schieber").

Seats 0 and 2 play against seats 1 and 3 (team 0 and team 1). Each round the
dealer deals 9 cards each; Vorhand (the seat after the dealer) chooses trump or
pushes ("schieben") to the partner, who must then choose. Before their first
card a player may declare Weis; after the first trick the team with the best
Weis scores all of its Weis. Stöck (trump King and Queen in one hand) score 20.
Taking all nine tricks is a match (+100). Everything is multiplied by the trump
mode's multiplier. The game goes on until a team reaches the target; in the
seed's ``claim`` mode a team that has just won a trick ends it by announcing
«Mer bedanked eus!».

>>> from jass import schieber, Trump
>>> state = schieber.new_game(seed=3, rules=schieber.Rules(first_dealer=3))
>>> schieber.to_act(state)          # Vorhand, the seat after the dealer
0
>>> state = schieber.apply(state, schieber.Push())
>>> schieber.to_act(state)          # the partner must choose
2
>>> state = schieber.apply(state, schieber.ChooseTrump(Trump.OBENABE))
>>> state.phase, schieber.to_act(state)   # Vorhand leads, also after a push
(Phase.PLAY, 0)

The package's files, one concern each (the same in every variant): ``rules`` (:class:`Rules`,
its enums and presets), ``moves``, ``state`` (:class:`Setting`, :class:`State`,
:class:`Observation`, the scores), ``score`` (the one scoring function, :func:`totals`,
:func:`rollout`), ``target`` (how a game to a target ends: «Mer bedanked eus!», the counting
order), ``game`` (:func:`new_game`, :func:`legal_moves`, :func:`apply`, :func:`observe`...),
then what the layers above read: ``notation``, ``loading``, ``text``, ``ai``, ``encoding``,
``checks``. This file registers the variant (:data:`VARIANT`) in :mod:`jass.variant`.
"""

from typing import Final

from jass.play import PlayCard
from jass.schieber.ai import *  # noqa: F403
from jass.schieber.ai import AI
from jass.schieber.checks import CHECKS
from jass.schieber.dealing import *  # noqa: F403
from jass.schieber.encoding import ENCODING
from jass.schieber.game import *  # noqa: F403
from jass.schieber.loading import *  # noqa: F403
from jass.schieber.loading import LOADING
from jass.schieber.moves import *  # noqa: F403
from jass.schieber.notation import *  # noqa: F403
from jass.schieber.notation import NOTATION, RECORDS
from jass.schieber.rules import *  # noqa: F403
from jass.schieber.score import *  # noqa: F403
from jass.schieber.state import *  # noqa: F403
from jass.schieber.text import TEXT
from jass.schieber.view import *  # noqa: F403
from jass.teams import StoeckMode, team_of
from jass.variant import Variant, register

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
    "StoeckMode",
    "Phase",
    "GameEnd",
    "Rules",
    "ChooseTrump",
    "Push",
    "DeclareWeis",
    "PlayCard",
    "Announce",
    "Deal",
    "Move",
    "TeamScore",
    "RoundScore",
    "Setting",
    "State",
    "Observation",
    "VARIANT",
    "team_of",
    "totals",
    "standings",
    "rollout",
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
    "hand_sampler",
    "sample_hands",
    "determinize",
    "round_values",
    "format_move",
    "parse_move",
    "check_loaded",
    "check_observation",
]

#: Schieber, described for the registry (:mod:`jass.variant`).
VARIANT: Final = register(
    Variant(
        name="schieber",
        title="Schieber",
        aliases=("chibre", "schieb"),
        seats=SEATS,
        teams=((0, 2), (1, 3)),
        rules_type=Rules,
        state_type=State,
        move_types=(ChooseTrump, Push, DeclareWeis, PlayCard, Announce, Deal),
        observation_type=Observation,
        presets={"seed": Rules.seed, "swisslos": Rules.swisslos, "flat": Rules.flat, "tournament": Rules.tournament,
                 "romandie": Rules.romandie, "pique_double": Rules.pique_double},
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
        standing_name="team points",
        notation=NOTATION,
        records=RECORDS,
        loading=LOADING,
        text=TEXT,
        ai=AI,
        encoding=ENCODING,
        checks=CHECKS,
        module=__name__,
    )
)
