"""Two-player Jass, "la pomme" (seed 000; the rules: :doc:`/rules/pomme`).

A round, as seed 000 tells it:

1. **The deal.** Each player gets 9 cards and 3 extra cards that stay face down;
   the dealer turns the top card of the talon (the 12 cards left): "La couleur de
   cette carte indique la couleur « atout » pour ce jeu."
2. **The exchange.** "Chaque joueur peut échanger 3 de ses cartes avec les 3 cartes
   supplémentaires [...] restées face cachée. S'il les échange, il est obligé d'en
   échanger 3 ou de garder son jeu initial." The non-dealer decides first
   (:class:`KeepHand` or :class:`Exchange` of exactly 3 cards). "Les 6 cartes non
   utilisées par les 2 joueurs sont remises sous le talon": they are out of play.
3. **The trump 6.** "Si un des joueurs détient le 6 d'atout il peut, s'il le veut,
   l'échanger contre la carte présentant l'atout": :class:`SwapTrumpSix` or
   :class:`DeclineSwap`.
4. **Play.** "La partie commence par le joueur en face du donneur"; follow suit or
   trump at any time, else any card (the rules of :mod:`jass.tricks`); the trump
   Jack is worth 21, the trump 9 14, the last trick 5.
5. **The result.** "Le joueur totalisant le plus de points marque 1 point. Si l'un
   des joueurs obtient moins de 21 points, il marque une pomme soit « moins 1
   point »." "Le premier joueur à totaliser 7 points gagne la partie."

>>> from jass import pomme
>>> state = pomme.new_game(pomme.Rules(first_dealer=1), seed=7)
>>> state.phase, pomme.to_act(state)          # the non-dealer decides first
(Phase.EXCHANGE, 0)
>>> len(pomme.legal_moves(state))             # keep, or give away any 3 of 9 cards
85
>>> state = pomme.apply(state, pomme.KeepHand())
>>> pomme.to_act(state), len(state.out_of_play)
(1, 3)

Seats are 0 and 1. The game's moves are small records: :class:`KeepHand`,
:class:`Exchange`, :class:`SwapTrumpSix`, :class:`DeclineSwap`,
:class:`~jass.play.PlayCard` and :class:`Deal` (the next dealer starts the next round).

The package's files, one concern each (the same in every variant): ``rules`` (:class:`Rules`
and its presets), ``moves``, ``state`` (:class:`Setting`, :class:`State`, :class:`Observation`,
:class:`RoundScore`), ``score`` (the one scoring function: the points, the +1 and the pommes),
``dealing`` (nine cards, three extras and the talon each), ``exchange`` (the exchange of three
cards and the trump-6 swap), ``game`` (:func:`new_game`, :func:`legal_moves`, :func:`apply`,
:func:`observe`...), then what the layers above read: ``notation``, ``loading``, ``text``,
``ai``, ``encoding``, ``checks``. This file registers the variant (:data:`VARIANT`) in
:mod:`jass.variant`.
"""

from typing import Final

from jass.play import PlayCard
from jass.pomme.ai import *  # noqa: F403
from jass.pomme.ai import AI
from jass.pomme.checks import CHECKS
from jass.pomme.dealing import *  # noqa: F403
from jass.pomme.encoding import ENCODING
from jass.pomme.game import *  # noqa: F403
from jass.pomme.loading import *  # noqa: F403
from jass.pomme.loading import LOADING
from jass.pomme.moves import *  # noqa: F403
from jass.pomme.notation import *  # noqa: F403
from jass.pomme.notation import NOTATION, RECORDS
from jass.pomme.rules import *  # noqa: F403
from jass.pomme.rules import TITLE
from jass.pomme.score import *  # noqa: F403
from jass.pomme.state import *  # noqa: F403
from jass.pomme.text import TEXT
from jass.pomme.view import *  # noqa: F403
from jass.variant import Variant, register

__all__ = [
    "SEATS",
    "MAX_TARGET_POINTS",
    "MAX_POMME_THRESHOLD",
    "Phase",
    "Rules",
    "KeepHand",
    "Exchange",
    "SwapTrumpSix",
    "DeclineSwap",
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
    "HiddenCards",
    "hand_sampler",
    "sample_hidden",
    "determinize",
    "round_values",
    "standings",
    "format_move",
    "parse_move",
    "check_loaded",
    "check_observation",
    "VARIANT",
]

#: Two-player Jass (la pomme), described for the registry (:mod:`jass.variant`).
VARIANT: Final = register(
    Variant(
        name="pomme",
        title=TITLE,
        aliases=("la pomme", "two-player", "zweier"),
        seats=SEATS,
        teams=((0,), (1,)),
        rules_type=Rules,
        state_type=State,
        move_types=(KeepHand, Exchange, SwapTrumpSix, DeclineSwap, PlayCard, Deal),
        observation_type=Observation,
        presets={"seed": Rules.seed, "three_pommes": Rules.three_pommes, "wikipedia": Rules.wikipedia},
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
