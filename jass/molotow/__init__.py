"""Molotow (Molotov): each for themselves, the fewest points win (the rules:
:doc:`/rules/molotow`).

A round, as jassverzeichnis.ch («Molotow-Jass: Eine Anleitung») tells it:

1. **The deal.** «Bei vier Spieler erhält jeder Spieler neun Karten» (with three, twelve each:
   funcardgames.net). No card is turned; nobody chooses trump.
2. **No trump yet.** «Zu Beginn jeder Runde wird Obenabe gespielt. Die Farbe muss gehalten
   werden».
3. **Trump.** «Der Spieler, welcher als erster nicht farben kann, bestimmt mit dieser ersten
   «nicht gehalten» Karte die Trumpffarbe [...] Die nun bestimmte Trumpffarbe gilt für alle
   folgende Stiche» (:func:`play_card`).
4. **The count.** Points are bad: the card points (with the trump values), the last trick's 5,
   and a **table Weis** («Tischweis»: a Weis lying in one trick, a small molotow of three in
   sequence 20, a large one of four 50) for the trick's taker; each player's **hand Weis** and
   **Stöck** are taken off his points.
5. **The game.** «Beim Molotow Jass gewinnt derjenige Spieler, der nach 8 Runden am wenigsten
   Punkte erzielt hat».

>>> from jass import molotow
>>> state = molotow.new_game(molotow.Rules(first_dealer=3), seed=7)
>>> state.phase, molotow.to_act(state), state.trump
(Phase.PLAY, 0, None)

Seats are 0 to 3 (0 to 2 with three players); play goes to seat + 1. The moves are
:class:`~jass.play.PlayCard` and :class:`Deal` (the next dealer starts the next round).

The package's files, one concern each (the same in every variant): ``rules``, ``moves``,
``state``, ``trumping`` (the trump fixed by the first card that does not follow suit),
``score`` (the one scoring function: card points, table Weis, hand Weis, Stöck), ``dealing``,
``game``, ``view``, then what the layers above read: ``notation``, ``loading``, ``text``,
``ai``, ``encoding``, ``checks``. This file registers the variant (:data:`VARIANT`) in
:mod:`jass.variant`.
"""

from typing import Final

from jass.molotow.ai import *  # noqa: F403
from jass.molotow.ai import AI
from jass.molotow.checks import CHECKS
from jass.molotow.dealing import *  # noqa: F403
from jass.molotow.encoding import ENCODING
from jass.molotow.game import *  # noqa: F403
from jass.molotow.loading import *  # noqa: F403
from jass.molotow.loading import LOADING
from jass.molotow.moves import *  # noqa: F403
from jass.molotow.notation import *  # noqa: F403
from jass.molotow.notation import NOTATION, RECORDS
from jass.molotow.rules import *  # noqa: F403
from jass.molotow.rules import TITLE
from jass.molotow.score import *  # noqa: F403
from jass.molotow.state import *  # noqa: F403
from jass.molotow.text import TEXT
from jass.molotow.trumping import *  # noqa: F403
from jass.molotow.view import *  # noqa: F403
from jass.play import PlayCard
from jass.variant import Variant, register

__all__ = [
    "SEATS",
    "SEAT_COUNTS",
    "TableWeis",
    "FiveOut",
    "Rules",
    "MOLOTOW_PLAY",
    "PlayCard",
    "Deal",
    "Move",
    "Phase",
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
    "standings",
    "table_weis",
    "hand_weis",
    "play_card",
    "fixed_trump",
    "trump_of",
    "hand_sampler",
    "sample_hands",
    "determinize",
    "round_values",
    "format_move",
    "parse_move",
    "check_loaded",
    "check_observation",
    "seating",
    "VARIANT",
]

#: Molotow, described for the registry (:mod:`jass.variant`).
VARIANT: Final = register(
    Variant(
        name="molotow",
        title=TITLE,
        aliases=("molotov",),
        seats=SEATS,
        teams=((0,), (1,), (2,), (3,)),
        rules_type=Rules,
        state_type=State,
        move_types=(PlayCard, Deal),
        observation_type=Observation,
        presets={"jassverzeichnis": Rules.jassverzeichnis, "funcardgames": Rules.funcardgames,
                 "three": Rules.three, "five": Rules.five, "six": Rules.six},
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
        standing_name="points",
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
