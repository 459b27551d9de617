"""Coiffeur: the partnership game of the slate, where every team plays every mode once.

Swisslos, "Coiffeur Jass-Regeln": "Beim Coiffeur geht es darum, sämtliche Trumpfarten einmal
zuspielen und dabei möglichst viele Punkte zu erzielen. Es werden jeweils nur die Punkte des
ansagenden Teams geschrieben. Das Team, welches nach Beendigung aller Runden am meisten Punkte
aufweist, gewinnt." (*The aim is to play every kind of trump once and take as many points as
possible. Only the declaring team's points are written. The team with the most points after
all rounds wins.*)

Seats 0 and 2 play against seats 1 and 3, as in Schieber. Each team has a column on the
**slate** (:class:`Slate`): one row per mode to play, each with its factor. Each round
Vorhand (the seat after the dealer) chooses an open row of its team's column and a mode it
allows (:class:`ChooseRow`), or pushes (:class:`Push`) to the **next player**, not to the
partner (Swisslos; ``push_to=PushTo.PARTNER`` pushes to the partner, jassen.ch); when all
have pushed the first must choose. The chooser leads the first trick. The round is played and
counted as in Schieber (:mod:`jass.teams`: card points, the last trick's 5, the match bonus),
everything times the row's factor, and only the declaring team's points are written, in that
row. No Weis by default (Swisslos: "Der Coiffeur wird ohne Weisen gespielt"), and no Stöck (a
library choice: Swisslos says nothing of them); the options ``weis`` and ``stoeck`` add them. Once both teams have played
every row, the team with more points wins (equal: a draw).

A row of :data:`MISERE_MODES` (the slate ``"with_misere"``, the preset ``misere``) is a
**Misère**: played as Obenabe, Undenufe or a Slalom, and the declaring team is written the
points the *other* team takes (quoi-faire.ch: «Nur alle Punkte welche die Gegner machen,
zählen für Sie»), so it wants as few as possible. The rows of :data:`APP_ROWS` (the slate
``"with_app_modes"``, the preset ``app_modes``), Alles Trumpf and Elefant, are modes a card led
decides (:class:`~jass.trump.LeadMode`).

>>> from jass import coiffeur, Trump
>>> state = coiffeur.new_game(coiffeur.Rules(first_dealer=3), seed=5)
>>> coiffeur.to_act(state)                        # Vorhand chooses first
0
>>> state = coiffeur.apply(state, coiffeur.Push())
>>> coiffeur.to_act(state)                        # the next player, not the partner
1
>>> state = coiffeur.apply(state, coiffeur.ChooseRow(4, Trump.OBENABE))   # the row x5
>>> coiffeur.to_act(state), state.play.leader     # the chooser leads
(1, 1)

The module ends by registering the variant (:data:`VARIANT`) in :mod:`jass.variant`.

The package's files, one concern each (the same in every variant): ``slate`` (:class:`Slate`,
:class:`Row`, the presets of the slate), ``rules`` (:class:`Rules`), ``moves``, ``state``
(:class:`Setting`, :class:`State`, :class:`Observation`, the scores), ``score`` (the one
scoring function), ``game`` (:func:`new_game`, :func:`legal_moves`, :func:`apply`,
:func:`observe`...), then what the layers above read: ``notation``, ``loading``, ``text``,
``ai``, ``encoding``, ``checks``. This file registers the variant (:data:`VARIANT`) in
:mod:`jass.variant`.
"""

from typing import Final

from jass.coiffeur.ai import *  # noqa: F403
from jass.coiffeur.ai import AI
from jass.coiffeur.checks import CHECKS
from jass.coiffeur.dealing import *  # noqa: F403
from jass.coiffeur.encoding import ENCODING
from jass.coiffeur.game import *  # noqa: F403
from jass.coiffeur.loading import *  # noqa: F403
from jass.coiffeur.loading import LOADING
from jass.coiffeur.moves import *  # noqa: F403
from jass.coiffeur.notation import *  # noqa: F403
from jass.coiffeur.notation import NOTATION, RECORDS
from jass.coiffeur.rules import *  # noqa: F403
from jass.coiffeur.score import *  # noqa: F403
from jass.coiffeur.slate import *  # noqa: F403
from jass.coiffeur.state import *  # noqa: F403
from jass.coiffeur.text import TEXT
from jass.coiffeur.view import *  # noqa: F403
from jass.play import PlayCard
from jass.teams import SEATS, StoeckMode, team_of
from jass.variant import Variant, register

__all__ = [
    "SEATS",
    "Phase",
    "Row",
    "Slate",
    "Rules",
    "PushTo",
    "StoeckMode",
    "ChooseRow",
    "Push",
    "DeclareWeis",
    "PlayCard",
    "Deal",
    "Move",
    "TeamScore",
    "RoundScore",
    "Setting",
    "State",
    "Observation",
    "team_of",
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
    "JOKER_MODES",
    "MISERE_MODES",
    "APP_ROWS",
    "SLATES",
    "standings",
    "format_move",
    "parse_move",
    "check_loaded",
    "check_observation",
    "VARIANT",
]

#: Coiffeur, described for the registry (:mod:`jass.variant`).
VARIANT: Final = register(
    Variant(
        name="coiffeur",
        title="Coiffeur",
        aliases=("coiffeur-schieber", "quoi faire"),
        seats=SEATS,
        teams=((0, 2), (1, 3)),
        rules_type=Rules,
        state_type=State,
        move_types=(ChooseRow, Push, DeclareWeis, PlayCard, Deal),
        observation_type=Observation,
        presets={"jassreglement": Rules.jassreglement, "swisslos_10": Rules.swisslos_10, "with_weis": Rules.with_weis,
                 "misere": Rules.misere, "app_modes": Rules.app_modes},
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
